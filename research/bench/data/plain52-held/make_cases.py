"""Writes cases.json: plain52's held-out set (stop 49), written by hand before any product change of the stop.

Domain: a ski resort group's lift, snow and ticketing software (resorts in the Alps, Åre, Hakuba and Erciyes; no
bench's values). Each case is one Claude Code session. Classes are the blind19/blind20 capture misses of stop 48
(note48, month18-stop48), in new wordings and in languages other than those banks' own (en, es, fr, de, nl, ja, tr,
sv):
- aside: a fact said as an aside in the middle of a conversation, after a lead-in ("übrigens", "au fait", "por
  cierto", "trouwens", "ところで", "bu arada", "förresten", "btw") or as "if X breaks, call Y";
- inside: a fact stated inside a request ("fix the build, and by the way the staging DB moved to ...", "write a
  load test for X, it should stay under its N limit");
- fence: a config block in a code fence the user pasted on purpose to show a durable value (with a word around
  it, or with a question under it about that component);
- yamlcomment: a pasted YAML/ini line whose component is named only in its trailing comment;
- name: a bare answer that is a person's name to the agent's question about a standing role;
- confirm: the value only in the agent's words, the user confirms with a short yes in the language ("はい、そうです",
  "evet, doğru", "ja, det stämmer").
Fact cases carry ``keep`` groups (every word of a group in one live memory) and ``ask: true``.
Look-alikes (``max_memories: 0``, ``ask: false``, ``drop`` words that must be in no live memory):
- no-request: requests, also with a config block to change and with an aside that is another request;
- no-question: questions, also about a pasted config block;
- no-paste: pasted logs, stack traces and code in fences (with or without a word around them);
- no-oneoff: one-off instructions for this task or today ("for this run only ...", "heute nur ...");
- no-confirm: a yes to the agent's proposal or plan, to a statement of the moment, or to nothing;
- no-name: a person's name answering a question about this task only (who should review this PR).
Run: python research/bench/data/plain52-held/make_cases.py
"""

import json
from pathlib import Path

OK = "Ok."
HI = {"de": "hallo", "fr": "salut", "es": "hola", "nl": "hoi", "ja": "こんにちは", "tr": "merhaba", "sv": "hej"}
FENCE = "```"


def _turns(lang, text, asked, before):
    turns = [list(t) for t in before or []]
    if asked:
        if not turns:  # a transcript opens on the user's turn
            turns.append(["user", HI.get(lang, "hi")])
        turns.append(["assistant", asked])
    return [*turns, ["user", text], ["assistant", OK]]


def fact(cls, lang, text, keep, asked=None, before=None):
    return {"class": cls, "lang": lang, "sessions": [_turns(lang, text, asked, before)], "keep": keep, "ask": True}


def noise(cls, lang, text, drop, asked=None, before=None):
    turns = _turns(lang, text, asked, before)
    return {"class": cls, "lang": lang, "sessions": [turns], "drop": drop, "max_memories": 0, "ask": False}


def fenced(body, lang=""):
    return f"{FENCE}{lang}\n{body}\n{FENCE}"


# earlier turns of a conversation (a request and the agent's reply) before an aside
WORK = {
    "en": [["user", "can you tidy up the lift report module?"], ["assistant", "Done, I split it into two files."]],
    "de": [["user", "kannst du den Liftbericht aufräumen?"], ["assistant", "Erledigt, zwei Dateien jetzt."]],
    "fr": [["user", "tu peux nettoyer le module des forfaits ?"], ["assistant", "C'est fait, j'ai tout renommé."]],
    "es": [["user", "¿puedes ordenar el módulo de forfaits?"], ["assistant", "Hecho, lo dividí en dos archivos."]],
    "nl": [["user", "kun je de liftrapportage opschonen?"], ["assistant", "Klaar, ik heb het opgesplitst."]],
    "ja": [["user", "リフトのレポートを整理してくれる？"], ["assistant", "完了しました。2つのファイルに分けました。"]],
    "tr": [["user", "teleferik raporunu toparlar mısın?"], ["assistant", "Tamam, iki dosyaya ayırdım."]],
    "sv": [["user", "kan du städa upp liftrapporten?"], ["assistant", "Klart, jag delade upp den i två filer."]],
}

CASES = [
    # aside: a fact as an aside mid-conversation
    fact(
        "aside",
        "de",
        "übrigens, der Schneekanonen-Controller schreibt seine Logs in den Index snowgun-logs-7",
        [["snowgun-logs-7"]],
        before=WORK["de"],
    ),
    fact(
        "aside",
        "fr",
        "au fait, la borne de location envoie ses tickets à l'équipe Gerfaut Services",
        [["gerfaut"]],
        before=WORK["fr"],
    ),
    fact(
        "aside",
        "es",
        "por cierto, el sensor de aparcamiento sincroniza cada 9 minutos",
        [["9 minutos"]],
        before=WORK["es"],
    ),
    fact(
        "aside",
        "nl",
        "trouwens, de pistenverlichting draait op de server skiweb-ams-3",
        [["skiweb-ams-3"]],
        before=WORK["nl"],
    ),
    fact(
        "aside",
        "ja",
        "ところで、ゴンドラのテレメトリは hakuba-tel-2 サーバーで動いています",
        [["hakuba-tel-2"]],
        before=WORK["ja"],
    ),
    fact(
        "aside",
        "tr",
        "bu arada, kayak okulu rezervasyon sistemi erciyes-rez-5 sunucusunda çalışıyor",
        [["erciyes-rez-5"]],
        before=WORK["tr"],
    ),
    fact(
        "aside",
        "sv",
        "förresten, väderstationsbryggan skickar sina loggar till indexet vader-are-logs",
        [["vader-are-logs"]],
        before=WORK["sv"],
    ),
    fact(
        "aside",
        "en",
        "oh, unrelated, but the grooming fleet tracker keeps its data in the pistenbully_gps schema",
        [["pistenbully_gps"]],
        before=WORK["en"],
    ),
    fact(
        "aside",
        "de",
        "wenn der Drehkreuz-Scanner hängt, ruft Lukas Brandstätter an, er kennt den Code",
        [["brandstätter"]],
        before=WORK["de"],
    ),
    fact(
        "aside",
        "es",
        "si el kiosco de alquiler se cae, llamad a Irene Olabarria, ella conoce ese código",
        [["olabarria"]],
        before=WORK["es"],
    ),
    fact(
        "aside",
        "fr",
        "si le flux du bulletin d'avalanche plante, appelez Mathis Roussel, c'est lui qui l'a écrit",
        [["roussel"]],
        before=WORK["fr"],
    ),
    # inside: a fact stated inside a request
    fact(
        "inside",
        "en",
        "fix the flaky ticket test, and by the way the staging database moved to pg-stage-alp4",
        [["pg-stage-alp4"]],
    ),
    fact(
        "inside",
        "en",
        "write a soak test for the gondola telemetry feed, it must stay under its 350 msg/s limit, and report the p99",
        [["350 msg/s"]],
    ),
    fact(
        "inside",
        "de",
        "Bau bitte ein Retry in den Wetterstations-Client ein, der hat ein Timeout von 4500 ms, also bleib darunter.",
        [["4500 ms"]],
    ),
    fact(
        "inside",
        "fr",
        "Ajoute un test de charge pour la boutique des forfaits, elle ne doit pas dépasser sa limite de 220 req/s.",
        [["220 req/s"]],
    ),
    fact(
        "inside",
        "es",
        "Corrige el informe de pistas y, por cierto, la base de datos de pruebas ahora está en pg-test-sierra2.",
        [["pg-test-sierra2"]],
    ),
    fact(
        "inside",
        "nl",
        "Maak de export van de skipassen sneller, en trouwens, de acceptatie-database staat nu op pg-acc-alp7.",
        [["pg-acc-alp7"]],
    ),
    fact(
        "inside",
        "ja",
        "駐車場センサーのリトライを直してください。ちなみにステージングのDBは pg-stg-hakuba3 に移りました。",
        [["pg-stg-hakuba3"]],
    ),
    fact(
        "inside",
        "tr",
        "Bilet sorgusunu hızlandır, bu arada test veritabanı artık pg-test-erc6 sunucusunda.",
        [["pg-test-erc6"]],
    ),
    fact(
        "inside",
        "sv",
        "Lägg till en lasttest för liftkortsbutiken, den får inte gå över sin gräns på 180 req/s.",
        [["180 req/s"]],
    ),
    # fence: a config block in a code fence pasted on purpose
    fact(
        "fence",
        "en",
        "this is the snowmaking controller's schedule config:\n"
        + fenced('schedule:\n  night_start: "21:40"\n  min_wet_bulb: -2.5', "yaml"),
        [["21:40"]],
    ),
    fact(
        "fence",
        "en",
        fenced("[gondola]\nbroker = mqtt://tel-broker-9.alp:8883\nqos = 1", "ini")
        + "\nthat's the gondola telemetry config, why does it reconnect every minute?",
        [["tel-broker-9"]],
    ),
    fact(
        "fence",
        "de",
        "so ist der Drehkreuz-Scanner konfiguriert:\n"
        + fenced("scanner:\n  gateway: gw-drehkreuz-12.lan\n  poll_ms: 250", "yaml"),
        [["gw-drehkreuz-12"]],
    ),
    fact(
        "fence",
        "fr",
        "voici la config de la borne de location :\n" + fenced("LOCATION_QUEUE=loc-borne-q3\nLOCATION_RETRIES=4"),
        [["loc-borne-q3"]],
    ),
    fact(
        "fence",
        "es",
        fenced("meteo:\n  endpoint: https://meteo-sierra.example/api/v2\n  refresco: 6m", "yaml")
        + "\nesta es la config de la estación meteo, ¿por qué da 404?",
        [["meteo-sierra.example"]],
    ),
    fact(
        "fence",
        "nl",
        "hier is de config van de parkeersensoren:\n"
        + fenced("[sensors]\nhub = park-hub-ams-4\ninterval = 45s", "toml"),
        [["park-hub-ams-4"]],
    ),
    fact(
        "fence",
        "ja",
        "これがスキースクール予約のDB設定です:\n" + fenced("database:\n  host: skischool-db-hk2\n  port: 5433", "yaml"),
        [["skischool-db-hk2"]],
    ),
    fact(
        "fence",
        "tr",
        "kayak kiralama servisinin ayarı bu:\n"
        + fenced("kiralama:\n  kuyruk: kira-q-erc4\n  zaman_asimi: 30s", "yaml"),
        [["kira-q-erc4"]],
    ),
    fact(
        "fence",
        "sv",
        "så här ser pistbelysningens schema ut:\n" + fenced('belysning:\n  tand: "16:35"\n  slack: "21:15"', "yaml"),
        [["16:35"]],
    ),
    # yamlcomment: the component named only in the line's comment
    fact("yamlcomment", "en", "sentry:\n  project: SKI-GATES   # turnstile scanner errors only", [["ski-gates"]]),
    fact("yamlcomment", "en", "pagerduty:\n  service: PX7QZ2   # avalanche bulletin feed on-call", [["px7qz2"]]),
    fact("yamlcomment", "de", "jira:\n  projekt: SNOWK   # nur Tickets der Schneekanonen", [["snowk"]]),
    fact("yamlcomment", "fr", "jira:\n  projet: LOCB   # tickets de la borne de location", [["locb"]]),
    fact(
        "yamlcomment",
        "es",
        "grafana:\n  carpeta: aparcamiento-v2   # paneles de los sensores de parking",
        [["aparcamiento-v2"]],
    ),
    fact(
        "yamlcomment",
        "nl",
        "kafka:\n  topic: pisten.licht.v3   # alleen voor de pistenverlichting",
        [["pisten.licht.v3"]],
    ),
    fact(
        "yamlcomment",
        "ja",
        'slack:\n  channel: "#gondola-alerts-hk"   # ゴンドラのテレメトリ用',
        [["gondola-alerts-hk"]],
    ),
    fact("yamlcomment", "tr", "jira:\n  proje: KAYOK   # kayak okulu rezervasyon biletleri", [["kayok"]]),
    fact("yamlcomment", "sv", "[opsgenie]\nteam = vader-jour   ; väderstationsbryggans jour", [["vader-jour"]]),
    # name: a bare answer that is a person's name, to a question about a standing role
    fact("name", "en", "Marit Solberg", [["solberg"]], "Who owns the releases of the ski pass shop?"),
    fact("name", "en", "Tobias Haller", [["haller"]], "Who is the on-call engineer for the snowmaking controller?"),
    fact("name", "de", "Verena Gschwandtner", [["gschwandtner"]], "Wer ist für die Wetterstations-Bridge zuständig?"),
    fact("name", "fr", "Élodie Marchetti", [["marchetti"]], "Qui est responsable de la borne de location ?"),
    fact("name", "es", "Ander Etxeberria", [["etxeberria"]], "¿Quién es el responsable del sensor de aparcamiento?"),
    fact("name", "nl", "Joris van Dijkhuizen", [["dijkhuizen"]], "Wie beheert de pistenverlichting?"),
    fact("name", "ja", "佐々木 健太", [["佐々木"]], "ゴンドラのテレメトリの担当者は誰ですか？"),
    fact("name", "tr", "Elif Karataş", [["karataş"]], "Kayak okulu rezervasyon sisteminin sorumlusu kim?"),
    fact("name", "sv", "Linnea Östberg", [["östberg"]], "Vem är ansvarig för liftkortsbutiken?"),
    # confirm: the value only in the agent's words, the user confirms
    fact(
        "confirm",
        "ja",
        "はい、そうです",
        [["r7.14.2"]],
        "The device page says firmware r7.14.2 for the snowmaking controller — is that current?",
    ),
    fact(
        "confirm",
        "ja",
        "はい、合っています",
        [["gondel-q-88"]],
        "ゴンドラのテレメトリは gondel-q-88 キューから読んでいますね？",
    ),
    fact(
        "confirm",
        "tr",
        "evet, doğru",
        [["erc-app-11"]],
        "Kiralama servisi erc-app-11 sunucusunda çalışıyor, değil mi?",
    ),
    fact(
        "confirm",
        "sv",
        "ja, det stämmer",
        [["are-mq-3"]],
        "The weather station bridge publishes to the broker are-mq-3, is that still right?",
    ),
    fact(
        "confirm",
        "es",
        "sí, correcto",
        [["sierra-pos-2"]],
        "Según la configuración, la tienda de forfaits usa el TPV sierra-pos-2, ¿es así?",
    ),
    fact(
        "confirm",
        "fr",
        "oui, tout à fait",
        [["pg-avalanche-1"]],
        "Le flux du bulletin d'avalanche écrit dans la base pg-avalanche-1, c'est bien ça ?",
    ),
    fact(
        "confirm",
        "de",
        "ja, passt",
        [["06:10"]],
        "Laut Crontab startet der nächtliche Export der Drehkreuz-Daten um 06:10, stimmt das?",
    ),
    fact(
        "confirm",
        "nl",
        "ja, dat klopt",
        [["lichtplan-db"]],
        "De schema's van de pistenverlichting staan in lichtplan-db, toch?",
    ),
    fact(
        "confirm",
        "en",
        "yep, that's the one",
        [["nina.kovac@alpski.example"]],
        "I see nina.kovac@alpski.example listed as the rental kiosk's escalation contact, is that current?",
    ),
    # no-request
    noise("no-request", "en", "Please regenerate the lift pass PDFs for the Easter promo.", ["easter"]),
    noise(
        "no-request",
        "en",
        "change the port in here to 8443:\n" + fenced("[gondola]\nbroker = mqtt://tel-dev.local:1883", "ini"),
        ["tel-dev"],
    ),
    noise(
        "no-request",
        "de",
        "Kannst du die Drehkreuz-Tests reparieren, und übrigens auch den Linter aktualisieren?",
        ["linter"],
    ),
    noise("no-request", "fr", "Renomme la colonne date_forfait en pass_date, s'il te plaît.", ["pass_date"]),
    noise("no-request", "es", "Sube la rama de los informes cuando acabes.", ["rama"]),
    noise("no-request", "nl", "Voeg een paginering toe aan het overzicht van de skipassen.", ["paginering"]),
    noise("no-request", "ja", "駐車場センサーのテストを追加してください。", ["テスト"]),
    noise("no-request", "tr", "Lütfen rezervasyon ekranındaki butonun rengini maviye çevir.", ["mavi"]),
    noise("no-request", "sv", "Kan du skriva om README för väderstationsbryggan?", ["readme"]),
    # no-question
    noise("no-question", "en", "Which queue does the rental kiosk read from?", ["queue"]),
    noise(
        "no-question",
        "en",
        "is this right?\n" + fenced('schedule:\n  night_start: "22:00"   # guess', "yaml"),
        ["22:00"],
    ),
    noise("no-question", "de", "Wer hat eigentlich das Schneekanonen-Dashboard gebaut?", ["dashboard"]),
    noise("no-question", "fr", "Pourquoi la borne renvoie-t-elle une 503 le matin ?", ["503"]),
    noise("no-question", "es", "¿Cada cuánto se sincroniza la estación meteo?", ["sincroniza"]),
    noise("no-question", "nl", "Waar staat de config van de parkeersensoren eigenlijk?", ["parkeersensoren"]),
    noise("no-question", "ja", "ゴンドラのデータはどのサーバーに保存されていますか？", ["ゴンドラ"]),
    noise("no-question", "tr", "Kiralama servisi hangi kuyruğu kullanıyor?", ["kuyru"]),
    noise("no-question", "sv", "Vilken databas använder skidskolans bokning?", ["databas"]),
    # no-paste: logs, stack traces, code in fences
    noise(
        "no-paste",
        "en",
        "here's the log:\n"
        + fenced(
            "2026-01-14T06:02:11Z ERROR gate-scanner: timeout talking to gw-drehkreuz-3.lan after 5000ms\n"
            "2026-01-14T06:02:16Z WARN  gate-scanner: retrying (attempt 2/5)"
        ),
        ["gw-drehkreuz-3", "timeout"],
    ),
    noise(
        "no-paste",
        "en",
        fenced(
            'Traceback (most recent call last):\n  File "kiosk/rent.py", line 88, in checkout\n'
            "    total = price * days\nTypeError: unsupported operand type(s) for *: 'NoneType' and 'int'"
        )
        + "\nany idea?",
        ["typeerror", "rent.py"],
    ),
    noise(
        "no-paste",
        "en",
        fenced("def pass_price(age, days):\n    if age < 6:\n        return 0\n    return BASE[days] * 0.9", "python"),
        ["pass_price"],
    ),
    noise(
        "no-paste",
        "de",
        "das spuckt der Build aus:\n"
        + fenced("error[E0308]: mismatched types\n --> src/lift.rs:42:17\n   |\n42 |     let n: u32 = speed;"),
        ["e0308", "lift.rs"],
    ),
    noise(
        "no-paste",
        "fr",
        "voilà ce que j'obtiens :\n"
        + fenced('npm ERR! code ERESOLVE\nnpm ERR! Could not resolve dependency: peer react@"^17"'),
        ["eresolve"],
    ),
    noise(
        "no-paste",
        "es",
        fenced("SELECT pase_id, COUNT(*) FROM validaciones\nWHERE dia = '2026-02-01'\nGROUP BY pase_id;", "sql")
        + "\nesto tarda 40 segundos",
        ["validaciones", "40 segundos"],
    ),
    noise(
        "no-paste",
        "nl",
        "de output van de tests:\n"
        + fenced("FAILED tests/test_lights.py::test_schedule - AssertionError: 21 != 22\n1 failed, 57 passed"),
        ["test_lights", "assertionerror"],
    ),
    noise(
        "no-paste",
        "ja",
        "ログです:\n"
        + fenced("[WARN] parking-hub: sensor 17 offline (last seen 08:14)\n[WARN] parking-hub: sensor 22 offline"),
        ["sensor 17", "offline"],
    ),
    noise(
        "no-paste",
        "tr",
        fenced(
            "kubectl get pods -n kiralama\nNAME                  READY   STATUS             RESTARTS\nkira-api-7f9c-x2      0/1     CrashLoopBackOff   14"
        )
        + "\nbu neden böyle?",
        ["crashloop", "kira-api-7f9c"],
    ),
    noise(
        "no-paste",
        "sv",
        "så här ser diffen ut:\n" + fenced("-    timeout = 30\n+    timeout = 45\n     retries = 3", "diff"),
        ["timeout = 45", "retries"],
    ),
    # no-oneoff: instructions for this task or today only
    noise("no-oneoff", "en", "For this run only, point the tests at tel-broker-dev.", ["tel-broker-dev"]),
    noise("no-oneoff", "en", "just this once, skip the migration check when you deploy", ["migration"]),
    noise("no-oneoff", "de", "Heute bitte nur die Tests unter tests/lifte laufen lassen.", ["tests/lifte"]),
    noise("no-oneoff", "fr", "Pour cette fois, utilise le port 9100 pour le serveur local.", ["9100"]),
    noise("no-oneoff", "es", "De momento, desactiva la caché mientras depuras esto.", ["caché"]),
    noise("no-oneoff", "nl", "Gebruik voor deze test even de map /tmp/skipas-proef.", ["/tmp/skipas-proef"]),
    noise("no-oneoff", "ja", "今回だけ、ステージングではなくローカルで試してください。", ["ローカル"]),
    noise("no-oneoff", "tr", "Şimdilik logları sadece konsola yazdır.", ["konsol"]),
    noise("no-oneoff", "sv", "Kör bara de snabba testerna den här gången.", ["snabba"]),
    # no-confirm: a yes to a proposal, to the moment, or to nothing
    noise("no-confirm", "ja", "はい、お願いします", ["再起動", "gate-3"], "gate-3 のスキャナーを再起動しましょうか？"),
    noise("no-confirm", "tr", "evet, yap", ["commit", "rezervasyon"], "Rezervasyon değişikliklerini commit edeyim mi?"),
    noise(
        "no-confirm",
        "sv",
        "ja, kör på",
        ["cache", "rensa"],
        "Ska jag rensa cachen för väderdata och köra om jobbet?",
    ),
    noise("no-confirm", "es", "sí, dale", ["migración"], "¿Lanzo la migración en la base de pruebas?"),
    noise(
        "no-confirm",
        "de",
        "ja, stimmt",
        ["build", "rot"],
        "Der Build ist gerade rot wegen des Drehkreuz-Tests, richtig?",
    ),
    noise(
        "no-confirm",
        "fr",
        "oui, c'est ça",
        ["refactor", "module"],
        "Je vais refactorer le module des forfaits en trois fichiers, c'est ça ?",
    ),
    noise("no-confirm", "nl", "ja hoor", ["koffie"], "Zullen we na de koffie verder gaan?"),
    noise("no-confirm", "en", "yes", ["pr", "open"], "Want me to open the PR now?"),
    # no-name: a name answering a question about this task only
    noise("no-name", "en", "Sanna Lindqvist", ["lindqvist"], "Whose review should I request on this PR?"),
    noise("no-name", "de", "Jonas Pichler", ["pichler"], "Wen soll ich in der Commit-Nachricht erwähnen?"),
    noise("no-name", "es", "Lucía Ferrán", ["ferrán"], "¿A quién le mando el resumen de hoy?"),
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
