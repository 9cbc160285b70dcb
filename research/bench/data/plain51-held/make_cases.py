"""Writes cases.json: plain51's held-out set (stop 48), written by hand before any product change of the stop.

Domain: a municipal library network's lending, reminder and e-book software (no bench's values). Each case is
one Claude Code session. Classes are the blind17/blind18 capture misses of stop 47 (note47), in new wordings and
in 8 languages (en, de, fr, es, it, pt, nl, pl):
- plain: a plain statement of one durable fact, nothing else in the turn;
- config: a pasted config snippet (yaml/env/toml/ini) whose value line carries a trailing comment, with or
  without a word around it;
- answer: a bare answer to the agent's question (the value, at most a few words);
- inside: a fact inside a longer request ("..., and while you're at it, note that X runs on Y, then fix ...");
- confirm: the value only in the agent's words ("The config says X, right?"), the user confirms ("yes, exactly").
Fact cases carry ``keep`` groups (every word of a group in one live memory) and ``ask: true``.
Look-alikes (``max_memories: 0``, ``ask: false``, ``drop`` words that must be in no live memory):
- no-request: requests (with config snippets to change, with "while you're at it" and another request);
- no-question: questions (also about a pasted config line);
- no-banter: thanks, banter, feelings;
- no-status: status updates and the moment "now" ("the build is running, 2 minutes left");
- no-confirm: a yes to the agent's proposal to do something (no fact), or a yes to its plan.
Run: python research/bench/data/plain51-held/make_cases.py
"""

import json
from pathlib import Path

OK = "Ok."
HI = {"de": "hallo", "fr": "salut", "es": "hola", "it": "ciao", "pt": "olá", "nl": "hoi", "pl": "cześć"}


def fact(cls, lang, text, keep, asked=None):
    turns = ([["assistant", asked]] if asked else []) + [["user", text], ["assistant", OK]]
    if asked:  # a transcript opens on the user's turn
        turns.insert(0, ["user", HI.get(lang, "hi")])
    return {"class": cls, "lang": lang, "sessions": [turns], "keep": keep, "ask": True}


def noise(cls, lang, text, drop, asked=None):
    turns = ([["assistant", asked]] if asked else []) + [["user", text], ["assistant", OK]]
    if asked:
        turns.insert(0, ["user", HI.get(lang, "hi")])
    return {"class": cls, "lang": lang, "sessions": [turns], "drop": drop, "max_memories": 0, "ask": False}


CASES = [
    # plain: one durable fact, said plainly
    fact("plain", "en", "The overdue reminders are sent by the dunning-svc on lib-app-07.", [["lib-app-07"]]),
    fact("plain", "en", "Our e-book loans go through OverDrive's Libby API, not Onleihe.", [["libby"]]),
    fact("plain", "en", "Patron cards use 14-digit barcodes starting with 2931.", [["2931"]]),
    fact("plain", "en", "Mirela Kovač owns the catalogue import job.", [["mirela"]]),
    fact("plain", "en", "the interlibrary loan queue lives in the ill_requests table", [["ill_requests"]]),
    fact("plain", "en", "Fines are capped at 12 euros per item.", [["12 euro"]]),
    fact("plain", "de", "Die Mahnläufe starten jeden Montag um 05:40.", [["05:40"]]),
    fact("plain", "de", "Der Katalog-Import liest die MARC-Dateien aus /srv/marc/eingang.", [["/srv/marc/eingang"]]),
    fact("plain", "de", "Für die Ausweisnummern ist Herr Brückner aus der Zentrale zuständig.", [["brückner"]]),
    fact("plain", "de", "Die Zweigstelle Nord hat eine eigene Datenbank, ausleihe-nord-db.", [["ausleihe-nord-db"]]),
    fact("plain", "de", "Unsere Selbstverbuchungsterminals sprechen SIP2 über Port 6001.", [["6001"]]),
    fact("plain", "fr", "Les rappels de retard partent par Brevo, pas par Mailgun.", [["brevo"]]),
    fact("plain", "fr", "La médiathèque du Centre utilise le préfixe de code-barres 3307.", [["3307"]]),
    fact("plain", "es", "Los avisos de reserva se envían desde el servidor avisos-bib-2.", [["avisos-bib-2"]]),
    fact("plain", "es", "El inventario anual se exporta en formato KBART.", [["kbart"]]),
    fact("plain", "it", "Il prestito interbibliotecario passa dal servizio ill-ponte.", [["ill-ponte"]]),
    fact("plain", "pt", "As multas são calculadas pelo módulo multas-core.", [["multas-core"]]),
    fact("plain", "nl", "De reserveringen worden elke nacht om 01:15 opgeschoond.", [["01:15"]]),
    fact("plain", "pl", "Powiadomienia o zwrotach wysyła usługa zwroty-mail na serwerze bib-pl-3.", [["bib-pl-3"]]),
    fact("plain", "pt", "O catálogo da rede usa o formato UNIMARC.", [["unimarc"]]),
    # config: a pasted snippet whose value line carries a trailing comment
    fact(
        "config",
        "en",
        "reminders:\n  smtp_host: relay-bib-3.intern   # the only relay the library firewall allows",
        [["relay-bib-3"]],
    ),
    fact("config", "en", "LOAN_PERIOD_DAYS=28  # children's books get the same, by council decision", [["28"]]),
    fact("config", "en", "[sip2]\nport = 6011  ; self-checkout kiosks in every branch use this", [["6011"]]),
    fact("config", "de", "mahnung:\n  stufe_2_nach_tagen: 21   # so steht es in der Benutzungsordnung", [["21"]]),
    fact("config", "de", "EBOOK_PROVIDER=divibib  # Vertrag läuft bis 2027", [["divibib"]]),
    fact(
        "config",
        "fr",
        "catalogue:\n  z3950_host: z.bnf-miroir.local   # miroir interne, ne pas changer",
        [["z.bnf-miroir.local"]],
    ),
    fact("config", "es", "RESERVA_MAX=5  # máximo de reservas por socio, lo decidió la dirección", [["5", "reserva"]]),
    fact(
        "config", "it", "backup:\n  destinazione: nas-biblio-2:/prestiti   # l'unico NAS con spazio", [["nas-biblio-2"]]
    ),
    fact("config", "nl", "boetes:\n  max_bedrag: 15.00   # gemeentelijk plafond, niet verhogen", [["15.00"]]),
    fact("config", "pl", "KOLEJKA_ZWROTOW=zwroty-q  # jedyna kolejka, której używa magazyn", [["zwroty-q"]]),
    fact("config", "pt", "FILA_AVISOS=avisos-q-prod  # fila única para todas as unidades", [["avisos-q-prod"]]),
    # answer: a bare answer to the agent's question
    fact("answer", "en", "koha-prod-2", [["koha-prod-2"]], "Which host runs the production Koha instance?"),
    fact("answer", "en", "Every Sunday at 23:00", [["23:00"]], "When does the catalogue reindex run?"),
    fact("answer", "de", "Sabine Ortlieb", [["ortlieb"]], "Wer betreut den Onleihe-Vertrag?"),
    fact("answer", "de", "über Port 2100", [["2100"]], "Über welchen Port läuft die Z39.50-Schnittstelle?"),
    fact("answer", "fr", "Sur Scaleway, région Paris", [["scaleway"]], "Où est hébergé le portail des lecteurs ?"),
    fact("answer", "es", "MariaDB 10.11", [["mariadb"]], "¿Qué base de datos usa el módulo de préstamos?"),
    fact("answer", "it", "ogni 30 minuti", [["30 minuti"]], "Ogni quanto si sincronizza il catalogo regionale?"),
    fact(
        "answer", "nl", "Keycloak, op sso.bib-west.nl", [["sso.bib-west.nl"]], "Welke login gebruiken de medewerkers?"
    ),
    fact("answer", "pl", "Na serwerze wypozycz-3", [["wypozycz-3"]], "Na którym serwerze działa moduł wypożyczeń?"),
    # inside: a fact inside a longer request
    fact(
        "inside",
        "en",
        "Can you add a CSV export to the loans report, and while you're at it, note that the "
        "report database is the read replica lib-ro-2, then rerun the tests?",
        [["lib-ro-2"]],
    ),
    fact(
        "inside",
        "en",
        "Please bump the Koha client to 23.11 and, for the record, the staging catalogue lives "
        "on cat-stage-4; after that fix the flaky barcode test.",
        [["cat-stage-4"]],
    ),
    fact(
        "inside",
        "en",
        "Rename the fines column, and keep in mind that holds expire after 9 days here, then update the migration.",
        [["9 days"]],
    ),
    fact(
        "inside",
        "de",
        "Kannst du den Export reparieren und nebenbei merken, dass die Mahngebühren in der Tabelle "
        "gebuehren_2025 stehen, danach die Tests laufen lassen?",
        [["gebuehren_2025"]],
    ),
    fact(
        "inside",
        "de",
        "Bitte das Logging aufräumen, und übrigens läuft der SIP2-Dienst auf sip-gw-2, dann den Branch pushen.",
        [["sip-gw-2"]],
    ),
    fact(
        "inside",
        "fr",
        "Corrige l'en-tête du rapport, et au passage retiens que les prêts numériques passent par "
        "Cantook, puis relance la CI.",
        [["cantook"]],
    ),
    fact(
        "inside",
        "es",
        "Arregla el filtro de fechas y, de paso, apunta que las reservas caducan a los 7 días; luego sube la rama.",
        [["7 días"]],
    ),
    fact(
        "inside",
        "it",
        "Sistema il test dei codici a barre e, già che ci sei, segnati che il catalogo regionale "
        "è su sbn-polo-7, poi fai il merge.",
        [["sbn-polo-7"]],
    ),
    fact(
        "inside",
        "nl",
        "Pas de sortering aan, en onthoud trouwens dat de boetes via Adyen lopen, daarna de tests draaien.",
        [["adyen"]],
    ),
    fact(
        "inside",
        "pt",
        "Atualiza a dependência do PDF e, já agora, anota que o servidor de avisos é o "
        "avisos-lx-1; depois faz o deploy.",
        [["avisos-lx-1"]],
    ),
    fact(
        "inside",
        "en",
        "Could you clean up the import script, oh and note that MARC files arrive via SFTP from "
        "ftp.bibnet.example every night, then open a PR?",
        [["ftp.bibnet.example"]],
    ),
    fact(
        "inside",
        "de",
        "Mach bitte die Paginierung fertig; und notier dir, dass die Leihfrist für DVDs 14 Tage "
        "beträgt, danach den Changelog ergänzen.",
        [["14 tage"]],
    ),
    # confirm: the value only in the agent's words, the user confirms
    fact(
        "confirm",
        "en",
        "yes, that's right",
        [["lib-mq-5"]],
        "The reminder worker reads its jobs from the RabbitMQ host lib-mq-5, is that right?",
    ),
    fact(
        "confirm",
        "en",
        "Correct.",
        [["oai-pmh"]],
        "So the catalogue harvest uses OAI-PMH from the regional union catalogue, right?",
    ),
    fact(
        "confirm",
        "de",
        "ja, stimmt",
        [["ausweis-svc"]],
        "Laut Konfiguration erzeugt der Dienst ausweis-svc die Ausweisnummern, richtig?",
    ),
    fact(
        "confirm", "de", "Genau so.", [["elasticsearch 8"]], "Die Katalogsuche läuft also auf Elasticsearch 8, korrekt?"
    ),
    fact(
        "confirm",
        "fr",
        "oui, c'est ça",
        [["pretnum-api"]],
        "Le portail appelle l'API pretnum-api pour les prêts numériques, c'est bien ça ?",
    ),
    fact("confirm", "es", "sí, exacto", [["socios_v3"]], "Los datos de socios están en la tabla socios_v3, ¿verdad?"),
    fact(
        "confirm",
        "it",
        "sì, esatto",
        [["turni-bib"]],
        "Il calendario del personale viene dal servizio turni-bib, giusto?",
    ),
    fact("confirm", "nl", "ja, klopt", [["lenerspas-db"]], "De pasgegevens staan dus in lenerspas-db, toch?"),
    fact(
        "confirm",
        "pt",
        "sim, isso mesmo",
        [["sintra-app-1"]],
        "O sistema da biblioteca de Sintra corre no servidor sintra-app-1, certo?",
    ),
    fact("confirm", "pl", "tak, zgadza się", [["katalog-pg"]], "Katalog trzyma dane w bazie katalog-pg, prawda?"),
    # no-request
    noise("no-request", "en", "Please rerun the loans report for March and send me the diff.", ["march"]),
    noise("no-request", "en", "Change this to 30:\nLOAN_PERIOD_DAYS=28  # old value", ["loan_period"]),
    noise("no-request", "en", "Fix the flaky barcode test, and while you're at it, also bump the linter.", ["linter"]),
    noise("no-request", "de", "Kannst du bitte die Mahnstufen-Tests anpassen?", ["mahnstufen"]),
    noise(
        "no-request",
        "de",
        "Bau mir eine Übersicht der offenen Fernleihen, und nebenbei die Logs aufräumen.",
        ["fernleihen"],
    ),
    noise("no-request", "fr", "Peux-tu renommer la colonne date_retour en due_date ?", ["due_date"]),
    noise("no-request", "es", "Cambia el color del botón de reservas a verde, por favor.", ["verde"]),
    noise("no-request", "it", "Aggiorna la documentazione del modulo prestiti.", ["documentazione"]),
    noise("no-request", "nl", "Zet de timeout van de SIP2-client op 20 seconden.", ["20 seconden"]),
    noise("no-request", "pt", "Apaga os ficheiros temporários da exportação.", ["temporários"]),
    noise("no-request", "pl", "Popraw proszę nagłówek raportu zwrotów.", ["nagłówek"]),
    # no-question
    noise("no-question", "en", "Which port does the SIP2 gateway listen on?", ["sip2"]),
    noise("no-question", "en", "why is this ignored?\nretries: 5   # should be enough", ["retries"]),
    noise("no-question", "de", "Wo werden eigentlich die Leihfristen konfiguriert?", ["leihfrist"]),
    noise("no-question", "fr", "Qui s'occupe du contrat avec Cantook ?", ["cantook"]),
    noise("no-question", "es", "¿Cuándo se ejecuta la limpieza de reservas?", ["limpieza"]),
    noise("no-question", "it", "Quale libreria usiamo per i PDF?", ["pdf"]),
    noise("no-question", "nl", "Hoe vaak draait de catalogus-sync eigenlijk?", ["catalogus-sync"]),
    noise("no-question", "pt", "Qual é a fila que o módulo de avisos usa?", ["fila"]),
    # no-banter
    noise("no-banter", "en", "haha, that bug was a classic. thanks!", ["bug"]),
    noise("no-banter", "en", "Great work, that's much cleaner now.", ["cleaner"]),
    noise("no-banter", "de", "Super, danke dir! Das hat mir den Tag gerettet.", ["tag gerettet"]),
    noise("no-banter", "fr", "Merci beaucoup, c'est parfait comme ça.", ["parfait"]),
    noise("no-banter", "es", "Genial, muchas gracias por la ayuda.", ["gracias"]),
    noise("no-banter", "it", "Perfetto, grazie mille!", ["grazie"]),
    noise("no-banter", "nl", "Top, bedankt! Fijn weekend straks.", ["weekend"]),
    noise("no-banter", "pl", "Dzięki, świetna robota!", ["robota"]),
    # no-status: status updates, the moment
    noise("no-status", "en", "The build is running, about two minutes left.", ["build"]),
    noise("no-status", "en", "I'm in a meeting until 3, back afterwards.", ["meeting"]),
    noise("no-status", "en", "Tests are green on my machine now.", ["green"]),
    noise("no-status", "de", "Ich schaue mir gerade die Logs vom Mahnlauf an.", ["mahnlauf"]),
    noise("no-status", "de", "Der Deploy läuft noch, dauert etwa fünf Minuten.", ["deploy"]),
    noise("no-status", "fr", "Je suis en train de relire la PR 318.", ["318"]),
    noise("no-status", "es", "Ahora mismo el servidor de pruebas está caído.", ["caído"]),
    noise("no-status", "it", "Sto ancora aspettando che finisca la pipeline.", ["pipeline"]),
    noise("no-status", "nl", "Ik ben nu de migratie aan het testen.", ["migratie"]),
    noise("no-status", "pt", "Estou a almoçar, volto daqui a meia hora.", ["almoçar"]),
    # no-confirm: a yes to the agent's proposal or plan
    noise(
        "no-confirm", "en", "yes, go ahead", ["cat-stage", "migration"], "Shall I run the migration on cat-stage-9 now?"
    ),
    noise(
        "no-confirm",
        "en",
        "Yes, that's right, do it.",
        ["barcode", "refactor"],
        "I'd refactor the barcode parser into its own module, is that right?",
    ),
    noise(
        "no-confirm",
        "de",
        "ja, mach das",
        ["tests", "branch"],
        "Soll ich die Tests auf dem Branch fix-mahnung laufen lassen?",
    ),
    noise("no-confirm", "fr", "oui, vas-y", ["pr", "renomm"], "Je renomme la colonne et j'ouvre une PR ?"),
    noise("no-confirm", "es", "sí, adelante", ["commit", "cambios"], "¿Hago commit de los cambios en la rama main?"),
    noise("no-confirm", "it", "sì, procedi pure", ["log", "ruot"], "Vuoi che ruoti i log del server prestiti-2?"),
    noise("no-confirm", "nl", "ja, prima", ["cache", "leeg"], "Zal ik de cache van de zoekindex leegmaken?"),
    noise("no-confirm", "pt", "sim, pode ser", ["reinici", "worker"], "Reinicio o worker de avisos-lx-9 agora?"),
]


def main() -> None:
    """Write ``cases.json`` beside this file, each case with an id of class, language and index."""
    out = []
    for n, case in enumerate(CASES):
        out.append({"id": f"{case['class']}-{case['lang']}-{n}", **case})
    path = Path(__file__).resolve().parent / "cases.json"
    path.write_text(json.dumps({"cases": out}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
