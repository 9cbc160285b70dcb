"""Writes cases.json: aside50's held-out set (stop 47), written by hand before any product change of the stop.

Domain: a regional bus company's ticketing and scheduling software, no bench's. Each case is one Claude Code
session, in the languages the capture paths cover (en, de, fr, es, it, pt, nl, pl, sv, tr, ja), of one class
of note46's misses, in wordings the tuning half (``../aside50-tune``) does not use:
- now: a plain durable statement holding the language's "now" word ("läuft jetzt auf", "ahora pasa por",
  "artık ... kullanıyor"): kept, and the stop hook asks;
- no-now: the moment said with the same words ("jetzt läuft der Build, dauert noch 3 Minuten"): not kept, no ask;
- no-question: the user's question with the language's wh-word (with or without "?"): not kept, no ask;
- answer: a bare answer to the agent's wh-question in that language: kept, asked;
- no-aside: a request with a change-of-subject lead-in ("übrigens", "au fait", "por cierto", "tra l'altro",
  "trouwens", "aliás", "förresten") whose aside is another request, thanks or a moment: not kept, no ask;
- aside: a request whose aside states a fact: kept, asked;
- no-negation: a bare no / disagreement after the agent's check: not kept (nor the check), no ask;
- short: a short fact in Polish, Swedish or Turkish: kept, asked.
Fact cases carry ``keep`` groups (every word of a group in one live memory) and ``ask: true``; look-alikes
``max_memories: 0``, ``ask: false`` and ``drop`` (words that must not be in any live memory).
Run: python research/bench/data/aside50-held/make_cases.py
"""

import json
from pathlib import Path

OK = "Ok."


def fact(cls, lang, text, keep, asked=None):
    turns = ([["assistant", asked]] if asked else []) + [["user", text], ["assistant", OK]]
    if asked:  # a transcript opens on the user's turn
        turns.insert(0, ["user", "hoi" if lang == "nl" else "hi"])
    return {"class": cls, "lang": lang, "sessions": [turns], "keep": keep, "ask": True}


def noise(cls, lang, text, drop, asked=None, opener=None):
    turns = ([["user", opener], ["assistant", asked]] if asked else []) + [["user", text], ["assistant", OK]]
    return {"class": cls, "lang": lang, "sessions": [turns], "drop": drop, "max_memories": 0, "ask": False}


CASES = [
    # now: durable statements with a "now" word
    fact("now", "de", "Die Fahrplan-API läuft jetzt auf fahrplan-api-3.intern, Port 8443.", [["fahrplan-api-3"]]),
    fact("now", "de", "Wir deployen die Kassen-App jetzt mit Argo CD statt mit Jenkins.", [["argo"]]),
    fact("now", "fr", "Les billets PDF sont maintenant générés par le service ticketgen-v2.", [["ticketgen-v2"]]),
    fact("now", "fr", "La base des abonnés tourne désormais sur Postgres 16.", [["postgres 16"]]),
    fact("now", "es", "El cobro de abonos ahora pasa por Redsys en vez de Stripe.", [["redsys"]]),
    fact("now", "es", "Ahora el despliegue de la app de conductores se hace con Argo CD.", [["argo"]]),
    fact("now", "pt", "A fila de validações agora fica no RabbitMQ do cluster bus-mq-2.", [["bus-mq-2"]]),
    fact("now", "pt", "O app dos motoristas agora usa os mapas da HERE.", [["here"]]),
    fact("now", "it", "Il backup dei turni ora gira alle 02:30 su nas-deposito-2.", [["nas-deposito-2"]]),
    fact("now", "it", "Adesso le notifiche push passano da Firebase, non più da OneSignal.", [["firebase"]]),
    fact("now", "nl", "De nachtelijke export schrijft nu naar de bucket ov-archief-2.", [["ov-archief-2"]]),
    fact("now", "nl", "Het chauffeursdashboard draait nu op Grafana 11.", [["grafana 11"]]),
    fact("now", "sv", "Biljettloggarna skickas nu till loki.trafik.se i stället för Graylog.", [["loki.trafik.se"]]),
    fact("now", "pl", "Eksport rozkładów leci teraz co 30 minut na serwer rozklad-exp-2.", [["rozklad-exp-2"]]),
    fact("now", "tr", "Bilet servisi artık bilet-db-4 veritabanını kullanıyor.", [["bilet-db-4"]]),
    fact("now", "en", "the fare tables are now versioned in the tariffs-2025 branch", [["tariffs-2025"]]),
    # no-now: the moment said with a "now" word
    noise("no-now", "de", "jetzt läuft der Build, dauert noch 3 Minuten", ["build"]),
    noise("no-now", "nl", "ik ben nu de tests aan het draaien, momentje", ["tests"]),
    noise("no-now", "it", "adesso sto guardando il log dell'errore 502", ["502"]),
    noise("no-now", "fr", "maintenant les tests passent, je relance la CI", ["ci"]),
    noise("no-now", "es", "ahora mismo estoy revisando el PR 42", ["pr 42"]),
    noise("no-now", "pt", "agora o pipeline está rodando de novo", ["pipeline"]),
    noise("no-now", "sv", "nu är bygget grönt igen", ["bygget"]),
    noise("no-now", "tr", "şimdi testleri tekrar çalıştırıyorum", ["test"]),
    # no-question: the user's question with a wh-word
    noise("no-question", "nl", "Welk cron-schema gebruikt de export-job eigenlijk?", ["cron"]),
    noise("no-question", "nl", "welke poort luistert de tarieven-api op", ["poort"]),
    noise("no-question", "de", "Welcher Dienst schreibt in die Tabelle fahrten_2024?", ["fahrten_2024"]),
    noise("no-question", "de", "wo liegt eigentlich die Config vom ticket-worker", ["ticket-worker"]),
    noise("no-question", "fr", "Quel service envoie les SMS de rappel ?", ["sms"]),
    noise("no-question", "fr", "où est stocké le fichier tarifs.yaml", ["tarifs.yaml"]),
    noise("no-question", "es", "¿Qué versión de Node usa el worker de pagos?", ["node"]),
    noise("no-question", "es", "dónde se guardan los logs del validador", ["validador"]),
    noise("no-question", "it", "Quale porta usa il servizio biglietti-api?", ["biglietti-api"]),
    noise("no-question", "it", "chi gestisce il bucket turni-archivio", ["turni-archivio"]),
    noise("no-question", "pt", "Qual é o host do Redis de produção?", ["redis"]),
    noise("no-question", "pt", "onde fica o arquivo rotas.json", ["rotas.json"]),
    noise("no-question", "pl", "Który serwer obsługuje kolejkę płatności?", ["kolejk"]),
    noise("no-question", "pl", "gdzie jest plik konfiguracyjny bilety.toml", ["bilety.toml"]),
    noise("no-question", "sv", "Vilken databas använder biljettjänsten?", ["databas"]),
    noise("no-question", "sv", "var ligger filen zoner.yaml", ["zoner.yaml"]),
    noise("no-question", "tr", "Hangi sunucu ödeme kuyruğunu işliyor?", ["kuyru"]),
    noise("no-question", "tr", "rapor servisi nerede çalışıyor", ["rapor"]),
    noise("no-question", "ja", "どのサーバーが決済キューを処理していますか？", ["キュー"]),
    noise("no-question", "en", "which bucket does the fare export write to", ["bucket"]),
    # answer: a bare answer to the agent's wh-question
    fact("answer", "nl", "Loki, op logs.ovbus.nl", [["logs.ovbus.nl"]], "Welk logplatform gebruiken jullie?"),
    fact("answer", "de", "fahrten-db-2", [["fahrten-db-2"]], "Welche Datenbank nutzt der Fahrplan-Import?"),
    fact("answer", "fr", "le bucket billets-arch-3", [["billets-arch-3"]], "Quel bucket reçoit les archives ?"),
    fact("answer", "sv", "port 7070", [["7070"]], "Vilken port lyssnar biljett-api på?"),
    fact("answer", "pl", "o 04:10", [["04:10"]], "O której godzinie startuje eksport rozkładów?"),
    fact("answer", "tr", "kuyruk-7 sunucusu", [["kuyruk-7"]], "Hangi sunucu ödeme kuyruğunu çalıştırıyor?"),
    fact("answer", "pt", "Sentry, em sentry.onibus.pt", [["sentry.onibus.pt"]], "Onde ficam os erros do app?"),
    fact("answer", "es", "Graylog 5", [["graylog"]], "¿Dónde se guardan los logs del validador?"),
    # no-aside: a request whose aside is no fact
    noise(
        "no-aside",
        "de",
        "kannst du bitte die Tests für den Tarifrechner reparieren und übrigens auch die Imports aufräumen?",
        ["imports"],
    ),
    noise(
        "no-aside",
        "de",
        "Schreib bitte eine Migration für die Spalte zone_id, übrigens gerne mit Rollback.",
        ["zone_id"],
    ),
    noise("no-aside", "fr", "peux-tu corriger le test des zones et au fait relancer la CI ?", ["zones"]),
    noise(
        "no-aside", "fr", "Ajoute des logs dans le worker, et d'ailleurs supprime les print qui traînent.", ["worker"]
    ),
    noise("no-aside", "fr", "tu peux regarder le timeout du worker ? au fait, merci pour la revue d'hier", ["timeout"]),
    noise("no-aside", "es", "¿puedes revisar el PR 88? y por cierto, gracias por lo de ayer", ["pr 88"]),
    noise(
        "no-aside", "es", "arregla el test de descuentos y, por cierto, actualiza también el changelog", ["changelog"]
    ),
    noise("no-aside", "it", "puoi sistemare i warning del linter? e comunque rilancia la pipeline dopo", ["linter"]),
    noise(
        "no-aside", "it", "aggiungi un test per le tariffe ridotte, e tra l'altro togli i print di debug", ["tariffe"]
    ),
    noise("no-aside", "nl", "kun je de migratie nakijken, en trouwens ook de changelog bijwerken?", ["changelog"]),
    noise("no-aside", "nl", "Wil je de README opschonen? Overigens hoeft dat niet vandaag.", ["readme"]),
    noise("no-aside", "pt", "pode atualizar as dependências? aliás, roda os testes de novo depois", ["dependências"]),
    noise("no-aside", "sv", "kan du fixa lintern, förresten kör testerna igen efteråt", ["lintern"]),
    # aside: a request whose aside states a fact
    fact(
        "aside",
        "de",
        "kannst du den Import-Test fixen? übrigens liegt die Staging-DB jetzt auf pg-stage-7",
        [["pg-stage-7"]],
    ),
    fact(
        "aside",
        "fr",
        "corrige le lint du module zones, et au fait le cache des horaires est sur redis-bus-2",
        [["redis-bus-2"]],
    ),
    fact(
        "aside",
        "es",
        "revisa el test de abonos y por cierto el SFTP de Renfe está en sftp.renfe-int.es",
        [["sftp.renfe-int.es"]],
    ),
    fact(
        "aside",
        "it",
        "sistema il test delle corse, e tra l'altro il server FTP dei depositi è ftp-dep-4",
        [["ftp-dep-4"]],
    ),
    # no-negation: a bare no after the agent's check
    noise(
        "no-negation",
        "nl",
        "Nee hoor, dat is niet zo.",
        ["export-7"],
        "Dus de export draait om 02:00 op export-7?",
        "hoe laat loopt de export?",
    ),
    noise(
        "no-negation",
        "nl",
        "Klopt niet helemaal.",
        ["zone-svc"],
        "De zones komen dus uit zone-svc?",
        "waar komen de zones vandaan?",
    ),
    noise(
        "no-negation",
        "de",
        "Nein, das stimmt nicht.",
        ["fahrten-db-9"],
        "Also nutzt der Import fahrten-db-9?",
        "was nutzt der Import?",
    ),
    noise(
        "no-negation",
        "de",
        "Nee, so ist das nicht.",
        ["07:30"],
        "Der Sync läuft also um 07:30?",
        "wann läuft der Sync?",
    ),
    noise(
        "no-negation",
        "fr",
        "Non, ce n'est pas ça.",
        ["billets-9"],
        "Donc les archives vont dans billets-9 ?",
        "où vont les archives ?",
    ),
    noise(
        "no-negation",
        "fr",
        "Pas du tout.",
        ["sms-gw-2"],
        "Les SMS partent donc par sms-gw-2 ?",
        "les SMS partent par où ?",
    ),
    noise(
        "no-negation",
        "es",
        "No, eso no es así.",
        ["pagos-3"],
        "¿Entonces el worker corre en pagos-3?",
        "¿dónde corre el worker?",
    ),
    noise(
        "no-negation",
        "es",
        "Para nada.",
        ["5672"],
        "¿El broker escucha en el 5672?",
        "¿en qué puerto escucha el broker?",
    ),
    noise(
        "no-negation",
        "it",
        "No, non è così.",
        ["turni-db-5"],
        "Quindi i turni stanno su turni-db-5?",
        "dove stanno i turni?",
    ),
    noise("no-negation", "it", "Non proprio.", ["03:00"], "Il backup parte alle 03:00?", "quando parte il backup?"),
    noise(
        "no-negation",
        "pt",
        "Não, não é bem isso.",
        ["rotas-7"],
        "Então as rotas vêm do rotas-7?",
        "de onde vêm as rotas?",
    ),
    noise("no-negation", "pl", "Nie, to nie tak.", ["kasa-2"], "Czyli kasa działa na kasa-2?", "gdzie działa kasa?"),
    noise(
        "no-negation", "sv", "Nej, det stämmer inte.", ["zon-3"], "Så zonerna ligger i zon-3?", "var ligger zonerna?"
    ),
    noise(
        "no-negation", "tr", "Hayır, öyle değil.", ["rapor-6"], "Yani raporlar rapor-6 üzerinde mi?", "raporlar nerede?"
    ),
    noise(
        "no-negation",
        "en",
        "nope, that's not right",
        ["fares-4"],
        "So the fare engine reads from fares-4?",
        "where does the fare engine read from?",
    ),
    noise(
        "no-negation",
        "ja",
        "いいえ、違います。",
        ["api-9"],
        "つまりAPIはapi-9で動いていますか？",
        "APIはどこで動いていますか？",
    ),
    # short: short facts in Polish, Swedish, Turkish
    fact("short", "pl", "Baza testowa stoi na pg-test-3.", [["pg-test-3"]]),
    fact("short", "pl", "Kolejka zwrotów to rabbit-zwroty.", [["rabbit-zwroty"]]),
    fact("short", "pl", "Raporty trafiają do s3://bilety-raporty.", [["s3://bilety-raporty"]]),
    fact("short", "pl", "Adam Zieliński prowadzi moduł taryf.", [["zieliński"]]),
    fact("short", "pl", "Port API to 8181.", [["8181"]]),
    fact("short", "sv", "Testdatabasen heter pg-test-4.", [["pg-test-4"]]),
    fact("short", "sv", "Rapporterna hamnar i s3://biljett-rapporter.", [["s3://biljett-rapporter"]]),
    fact("short", "sv", "Sara Lund äger zontjänsten.", [["sara lund"]]),
    fact("short", "sv", "Biljett-API:t lyssnar på port 8282.", [["8282"]]),
    fact("short", "tr", "Test veritabanı pg-test-5.", [["pg-test-5"]]),
    fact("short", "tr", "Raporlar s3://bilet-rapor kovasına gidiyor.", [["s3://bilet-rapor"]]),
    fact("short", "tr", "Ayşe Demir tarife modülünün sahibi.", [["ayşe demir"]]),
    fact("short", "tr", "Bilet API'si 8383 portunda.", [["8383"]]),
]

if __name__ == "__main__":
    for n, case in enumerate(CASES):
        case["id"] = f"{case['class']}-{case['lang']}-{n}"
    out = Path(__file__).with_name("cases.json")
    out.write_text(json.dumps({"cases": CASES}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(len(CASES), "cases ->", out)
