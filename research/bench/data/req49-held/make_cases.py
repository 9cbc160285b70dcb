"""Writes cases.json: req49's held-out set (stop 46), written by hand before any product change of the stop.

Domain: a veterinary clinic's booking and billing software ("pawbook"), no bench's. Each case is one Claude Code
session; the fact (or look-alike) is said in one of the ways issue #27's blind month banks showed capture missing:
- tail: a fact at the end of a longer request ("can you X, and while you're at it note that Y");
- confirm: the value said only in the agent's words, confirmed by the user ("yes, exactly");
- config: a pasted config line whose comment states the fact;
- bare: a bare answer to the agent's question;
- lang: a plain durable statement in Dutch or Italian (the languages the banks lost most).
Facts are in English, Dutch, Italian, German and French. Each fact case carries ``keep`` groups (every word of a
group in one live memory: the subject and the value) and ``ask: true`` (the stop hook should ask for a digest).
Look-alikes (class ``no-*``) must stay unsaved: ``max_memories: 0``, ``ask: false``:
- no-request: a request without a fact; no-reject: an agent's guess the user rejects; no-config: a config paste
  without a durable statement; no-question: a question.
Run: python research/bench/data/req49-held/make_cases.py
"""

import json
from pathlib import Path

DONE = "Done."
# (class, lang, turns, keep groups)
FACTS = [
    # tail: the fact closes a longer request
    (
        "tail",
        "en",
        [
            [
                "user",
                "can you rename the invoice_total column in the billing view, and while you're at it note that the SMS reminders are now sent by Twilio instead of MessageBird",
            ],
            ["assistant", DONE],
        ],
        [["reminders", "twilio"]],
    ),
    (
        "tail",
        "en",
        [
            [
                "user",
                "please add a test for the weekend surcharge and by the way the clinic's backup server moved to backup-vet-07 last week",
            ],
            ["assistant", DONE],
        ],
        [["backup", "backup-vet-07"]],
    ),
    (
        "tail",
        "en",
        [
            [
                "user",
                "fix the lint warnings in booking/slots.py; also, for the record, appointments are now 20 minutes long by default, not 15",
            ],
            ["assistant", DONE],
        ],
        [["appointments", "20 minutes"]],
    ),
    (
        "tail",
        "en",
        [
            [
                "user",
                "could you regenerate the API client and, while you're there, keep in mind that the payments webhook secret rotates every 90 days now",
            ],
            ["assistant", DONE],
        ],
        [["webhook", "90 days"]],
    ),
    (
        "tail",
        "en",
        [
            [
                "user",
                "bump the pagination limit in the patient list to 50, and fyi the lab results now come from the Idexx feed",
            ],
            ["assistant", DONE],
        ],
        [["lab results", "idexx"]],
    ),
    (
        "tail",
        "nl",
        [
            [
                "user",
                "kun je de datumnotatie in de factuur aanpassen, en onthoud trouwens dat de testdatabase nu op pg-test-04 draait",
            ],
            ["assistant", DONE],
        ],
        [["testdatabase", "pg-test-04"]],
    ),
    (
        "tail",
        "nl",
        [
            ["user", "voeg een index toe op owner_id en ter info: de nachtelijke back-up loopt sinds maandag om 03:30"],
            ["assistant", DONE],
        ],
        [["back-up", "03:30"]],
    ),
    (
        "tail",
        "it",
        [
            [
                "user",
                "puoi sistemare il test delle prenotazioni, e già che ci sei ricorda che il server SMTP adesso è mail-vet-02",
            ],
            ["assistant", DONE],
        ],
        [["smtp", "mail-vet-02"]],
    ),
    (
        "tail",
        "de",
        [
            [
                "user",
                "kannst du den Import der Impfdaten beschleunigen, und übrigens: die Rechnungen werden jetzt mit Lexoffice erstellt",
            ],
            ["assistant", DONE],
        ],
        [["rechnungen", "lexoffice"]],
    ),
    (
        "tail",
        "fr",
        [
            [
                "user",
                "peux-tu corriger le tri des rendez-vous, et au fait, le serveur de préproduction est maintenant preprod-vet-3",
            ],
            ["assistant", DONE],
        ],
        [["préproduction", "preprod-vet-3"]],
    ),
    # confirm: the agent says the value, the user confirms
    (
        "confirm",
        "en",
        [
            ["user", "the vaccine reminder job changed recently"],
            ["assistant", "So the vaccine reminders are now sent 14 days before the due date?"],
            ["user", "yes, exactly"],
            ["assistant", "Noted."],
        ],
        [["vaccine", "14 days"]],
    ),
    (
        "confirm",
        "en",
        [
            ["user", "we moved the image storage"],
            ["assistant", "So the X-ray images are stored in the s3 bucket pawbook-xray-eu now?"],
            ["user", "right"],
            ["assistant", "Got it."],
        ],
        [["x-ray", "pawbook-xray-eu"]],
    ),
    (
        "confirm",
        "en",
        [
            ["user", "the billing currency question came up again"],
            ["assistant", "So invoices for the Swiss clinics are issued in CHF, not EUR?"],
            ["user", "correct"],
            ["assistant", "Understood."],
        ],
        [["swiss", "chf"]],
    ),
    (
        "confirm",
        "en",
        [
            ["user", "about the on-call rota"],
            ["assistant", "Just to confirm: the on-call pager alerts go to the #vet-oncall channel now?"],
            ["user", "yep, that's right"],
            ["assistant", "Thanks."],
        ],
        [["on-call", "#vet-oncall"]],
    ),
    (
        "confirm",
        "nl",
        [
            ["user", "de exports zijn veranderd"],
            ["assistant", "Dus de maandelijkse export gaat nu naar de SFTP-server van de boekhouder?"],
            ["user", "ja, precies"],
            ["assistant", "Genoteerd."],
        ],
        [["export", "sftp"]],
    ),
    (
        "confirm",
        "nl",
        [
            ["user", "over de staging omgeving"],
            ["assistant", "Dus staging draait nu in Kubernetes namespace vet-staging?"],
            ["user", "klopt"],
            ["assistant", "Helder."],
        ],
        [["staging", "vet-staging"]],
    ),
    (
        "confirm",
        "it",
        [
            ["user", "riguardo ai backup"],
            ["assistant", "Quindi i backup vengono conservati per 60 giorni adesso?"],
            ["user", "sì, esatto"],
            ["assistant", "Perfetto."],
        ],
        [["backup", "60 giorni"]],
    ),
    (
        "confirm",
        "it",
        [
            ["user", "la coda dei messaggi"],
            ["assistant", "Quindi la coda dei messaggi ora è RabbitMQ e non più Redis?"],
            ["user", "giusto"],
            ["assistant", "Va bene."],
        ],
        [["coda", "rabbitmq"]],
    ),
    (
        "confirm",
        "de",
        [
            ["user", "zur Zeitzone"],
            ["assistant", "Also laufen alle Cronjobs jetzt in UTC statt Europe/Berlin?"],
            ["user", "ja, genau"],
            ["assistant", "Alles klar."],
        ],
        [["cronjobs", "utc"]],
    ),
    (
        "confirm",
        "fr",
        [
            ["user", "pour les rappels"],
            ["assistant", "Donc les rappels de rendez-vous partent maintenant 48 heures avant?"],
            ["user", "oui, c'est ça"],
            ["assistant", "Noté."],
        ],
        [["rappels", "48 heures"]],
    ),
    # config: a pasted config line whose comment states the fact
    (
        "config",
        "en",
        [
            [
                "user",
                "here's the relevant bit:\n\nsession_timeout_minutes = 30  # security review set 30 minutes for all clinics",
            ],
            ["assistant", "Thanks, I see it."],
        ],
        [["session", "30"]],
    ),
    (
        "config",
        "en",
        [
            [
                "user",
                "from settings.toml:\n\nmax_upload_mb = 25  # the vets scan records at high resolution, so we keep 25 MB",
            ],
            ["assistant", "OK."],
        ],
        [["upload", "25"]],
    ),
    (
        "config",
        "en",
        [
            ["user", 'invoice_prefix: "PB-"  # accounting requires the PB- prefix on every invoice since 2025'],
            ["assistant", "Noted."],
        ],
        [["invoice", "pb-"]],
    ),
    (
        "config",
        "en",
        [
            ["user", "REMINDER_HOUR=9  # owners complained about early texts, so reminders go out at 9"],
            ["assistant", "I see."],
        ],
        [["reminder", "9"]],
    ),
    (
        "config",
        "nl",
        [
            [
                "user",
                "dit staat in de config:\n\nbewaartermijn_dagen = 730  # de wet vereist dat we dossiers twee jaar bewaren",
            ],
            ["assistant", "Duidelijk."],
        ],
        [["730"]],
    ),
    (
        "config",
        "nl",
        [
            ["user", "max_afspraken_per_dag = 40  # de kliniek in Utrecht kan niet meer dan 40 afspraken per dag aan"],
            ["assistant", "OK."],
        ],
        [["afspraken", "40"]],
    ),
    (
        "config",
        "it",
        [
            [
                "user",
                "ecco la riga:\n\nvalidita_ricetta_giorni = 30  # per legge le ricette veterinarie valgono 30 giorni",
            ],
            ["assistant", "Capito."],
        ],
        [["ricett", "30"]],
    ),
    (
        "config",
        "de",
        [
            ["user", "aus der config:\n\nmwst_satz = 19  # Tierarztleistungen werden mit 19 Prozent versteuert"],
            ["assistant", "Verstanden."],
        ],
        [["19"]],
    ),
    (
        "config",
        "en",
        [
            ["user", "retry_limit: 4  # the lab API rate-limits us after 4 retries per minute"],
            ["assistant", "Makes sense."],
        ],
        [["lab", "4"]],
    ),
    (
        "config",
        "fr",
        [
            ["user", "delai_annulation_heures = 24  # les cliniques facturent les annulations à moins de 24 heures"],
            ["assistant", "D'accord."],
        ],
        [["annulation", "24"]],
    ),
    # bare: a bare answer to the agent's question
    (
        "bare",
        "en",
        [
            ["user", "set up the read replica for the reports"],
            ["assistant", "Which region should the reporting replica use?"],
            ["user", "ap-southeast-2"],
            ["assistant", "Will do."],
        ],
        [["replica", "ap-southeast-2"]],
    ),
    (
        "bare",
        "en",
        [
            ["user", "let's wire up error tracking"],
            ["assistant", "Which error tracker does the team use?"],
            ["user", "Sentry, self-hosted"],
            ["assistant", "OK."],
        ],
        [["sentry"]],
    ),
    (
        "bare",
        "en",
        [
            ["user", "we need the default language for new clinics"],
            ["assistant", "What should the default locale for new clinics be?"],
            ["user", "en_GB"],
            ["assistant", "Noted."],
        ],
        [["locale", "en_gb"]],
    ),
    (
        "bare",
        "en",
        [
            ["user", "the pdf renderer keeps timing out"],
            ["assistant", "Which Python version does production run?"],
            ["user", "3.11"],
            ["assistant", "Thanks."],
        ],
        [["python", "3.11"]],
    ),
    (
        "bare",
        "nl",
        [
            ["user", "we moeten de mailserver instellen"],
            ["assistant", "Welke mailprovider gebruiken jullie?"],
            ["user", "Postmark"],
            ["assistant", "Prima."],
        ],
        [["postmark"]],
    ),
    (
        "bare",
        "nl",
        [
            ["user", "de cache moet anders"],
            ["assistant", "Hoe lang moet de cache geldig blijven?"],
            ["user", "een uur"],
            ["assistant", "Goed."],
        ],
        [["cache", "uur"]],
    ),
    (
        "bare",
        "it",
        [
            ["user", "configuriamo il monitoraggio"],
            ["assistant", "Quale strumento di monitoraggio usate?"],
            ["user", "Grafana Cloud"],
            ["assistant", "Bene."],
        ],
        [["grafana"]],
    ),
    (
        "bare",
        "it",
        [
            ["user", "serve il fuso orario"],
            ["assistant", "Quale fuso orario usano le cliniche?"],
            ["user", "Europe/Rome"],
            ["assistant", "Ok."],
        ],
        [["europe/rome"]],
    ),
    (
        "bare",
        "de",
        [
            ["user", "wir brauchen ein CI-System"],
            ["assistant", "Welches CI-System nutzt ihr?"],
            ["user", "GitLab CI"],
            ["assistant", "Gut."],
        ],
        [["gitlab"]],
    ),
    (
        "bare",
        "fr",
        [
            ["user", "il faut choisir la base"],
            ["assistant", "Quelle base de données utilisez-vous en production ?"],
            ["user", "PostgreSQL 16"],
            ["assistant", "Merci."],
        ],
        [["postgresql", "16"]],
    ),
    # lang: plain durable statements in Dutch and Italian
    (
        "lang",
        "nl",
        [["user", "we gebruiken Mollie voor de betalingen van de klinieken"], ["assistant", DONE]],
        [["mollie"]],
    ),
    (
        "lang",
        "nl",
        [["user", "de productieserver heet vet-prod-11 sinds de migratie"], ["assistant", DONE]],
        [["vet-prod-11"]],
    ),
    (
        "lang",
        "nl",
        [["user", "ons team deployt alleen op dinsdag en donderdag"], ["assistant", DONE]],
        [["dinsdag", "donderdag"]],
    ),
    (
        "lang",
        "nl",
        [["user", "de API-sleutels van de labkoppeling staan in Vault onder secret/lab"], ["assistant", DONE]],
        [["vault", "secret/lab"]],
    ),
    (
        "lang",
        "nl",
        [["user", "we zijn overgestapt van Jenkins naar GitHub Actions"], ["assistant", DONE]],
        [["github actions"]],
    ),
    (
        "lang",
        "it",
        [["user", "il database di produzione è passato a PostgreSQL 15 il mese scorso"], ["assistant", DONE]],
        [["postgresql 15"]],
    ),
    ("lang", "it", [["user", "usiamo Stripe per i pagamenti online delle visite"], ["assistant", DONE]], [["stripe"]]),
    ("lang", "it", [["user", "il nostro team rilascia solo il mercoledì"], ["assistant", DONE]], [["mercoledì"]]),
]
# (class, lang, turns, drop words)
LOOKALIKES = [
    # no-request: a request without a fact, however long
    (
        "no-request",
        "en",
        [
            [
                "user",
                "can you bump the retry count in the lab importer, and while you're at it rerun the booking tests",
            ],
            ["assistant", DONE],
        ],
        ["retry"],
    ),
    (
        "no-request",
        "en",
        [
            ["user", "please rename the helper in billing/tax.py and also update the docstring while you're there"],
            ["assistant", DONE],
        ],
        ["docstring"],
    ),
    (
        "no-request",
        "en",
        [
            ["user", "fix the flaky calendar test, and by the way add a log line when the slot search is empty"],
            ["assistant", DONE],
        ],
        ["log line"],
    ),
    (
        "no-request",
        "en",
        [
            ["user", "could you split the invoice module into two files and keep in mind to run ruff afterwards"],
            ["assistant", DONE],
        ],
        ["ruff"],
    ),
    (
        "no-request",
        "nl",
        [["user", "kun je de tests voor de facturen draaien en trouwens ook de linter"], ["assistant", DONE]],
        ["linter"],
    ),
    (
        "no-request",
        "nl",
        [["user", "maak de functie voor afspraken korter en voeg er een test bij"], ["assistant", DONE]],
        ["test"],
    ),
    (
        "no-request",
        "it",
        [
            ["user", "puoi rifattorizzare il modulo delle fatture e già che ci sei aggiungere i type hint"],
            ["assistant", DONE],
        ],
        ["type hint"],
    ),
    (
        "no-request",
        "de",
        [
            ["user", "kannst du die Tests für den Kalender reparieren und übrigens auch die Warnungen entfernen"],
            ["assistant", DONE],
        ],
        ["warnungen"],
    ),
    (
        "no-request",
        "fr",
        [["user", "peux-tu relancer les tests et au fait mettre à jour le changelog"], ["assistant", DONE]],
        ["changelog"],
    ),
    (
        "no-request",
        "en",
        [
            ["user", "go ahead and merge the branch, then for the record tag it as a release candidate"],
            ["assistant", DONE],
        ],
        ["release candidate"],
    ),
    (
        "no-request",
        "it",
        [["user", "sistema il test delle ricette e ricordati di aggiornare il README"], ["assistant", DONE]],
        ["readme"],
    ),
    # no-reject: an agent's guess the user rejects
    (
        "no-reject",
        "en",
        [
            ["user", "the reminders changed"],
            ["assistant", "So the vaccine reminders go out 7 days before now?"],
            ["user", "no, that's not it"],
            ["assistant", "Sorry, my mistake."],
        ],
        ["7 days"],
    ),
    (
        "no-reject",
        "en",
        [
            ["user", "about the storage"],
            ["assistant", "So the X-ray images live in the bucket pawbook-scans-us now?"],
            ["user", "no"],
            ["assistant", "OK."],
        ],
        ["pawbook-scans-us"],
    ),
    (
        "no-reject",
        "en",
        [
            ["user", "billing currency"],
            ["assistant", "So the Austrian clinics are billed in CHF?"],
            ["user", "nope, wrong"],
            ["assistant", "Understood."],
        ],
        ["austrian"],
    ),
    (
        "no-reject",
        "en",
        [
            ["user", "the pager thing"],
            ["assistant", "Just to confirm: pager alerts go to #vet-alerts-old now?"],
            ["user", "not really, we haven't decided yet"],
            ["assistant", "OK."],
        ],
        ["#vet-alerts-old"],
    ),
    (
        "no-reject",
        "nl",
        [
            ["user", "de export"],
            ["assistant", "Dus de export gaat nu naar de FTP-server van de bank?"],
            ["user", "nee, dat klopt niet"],
            ["assistant", "Excuus."],
        ],
        ["ftp"],
    ),
    (
        "no-reject",
        "nl",
        [
            ["user", "over staging"],
            ["assistant", "Dus staging draait nu op Heroku?"],
            ["user", "nee"],
            ["assistant", "Oké."],
        ],
        ["heroku"],
    ),
    (
        "no-reject",
        "it",
        [
            ["user", "i backup"],
            ["assistant", "Quindi i backup sono conservati per 10 giorni?"],
            ["user", "no, non è così"],
            ["assistant", "Scusa."],
        ],
        ["10 giorni"],
    ),
    (
        "no-reject",
        "it",
        [
            ["user", "la coda"],
            ["assistant", "Quindi la coda adesso è Kafka?"],
            ["user", "no, sbagliato"],
            ["assistant", "Ok."],
        ],
        ["kafka"],
    ),
    (
        "no-reject",
        "de",
        [
            ["user", "zur Zeitzone"],
            ["assistant", "Also laufen die Cronjobs jetzt in America/New_York?"],
            ["user", "nein, falsch"],
            ["assistant", "Verstehe."],
        ],
        ["new_york"],
    ),
    (
        "no-reject",
        "fr",
        [
            ["user", "les rappels"],
            ["assistant", "Donc les rappels partent 2 heures avant?"],
            ["user", "non, pas du tout"],
            ["assistant", "D'accord."],
        ],
        ["2 heures"],
    ),
    (
        "no-reject",
        "en",
        [
            ["user", "the queue"],
            ["assistant", "So the job queue is SQS now?"],
            ["user", "no, still the old one, I was just asking"],
            ["assistant", "OK."],
        ],
        ["sqs"],
    ),
    # no-config: a config paste without a durable statement
    (
        "no-config",
        "en",
        [
            ["user", 'session_timeout_minutes = 30\nmax_upload_mb = 25\nlog_level = "info"'],
            ["assistant", "I see the settings."],
        ],
        ["session_timeout"],
    ),
    (
        "no-config",
        "en",
        [["user", "here's the file:\n\nretry_limit: 4  # TODO check this\nbatch_size: 200"], ["assistant", "OK."]],
        ["retry_limit"],
    ),
    (
        "no-config",
        "en",
        [["user", "REMINDER_HOUR=9  # see ticket PB-1432"], ["assistant", "Thanks."]],
        ["reminder_hour"],
    ),
    ("no-config", "en", [["user", "workers = 8  # was 4"], ["assistant", "Noted."]], ["workers"]),
    ("no-config", "en", [["user", "cache_ttl = 3600  # seconds"], ["assistant", "OK."]], ["cache_ttl"]),
    (
        "no-config",
        "nl",
        [["user", "bewaartermijn_dagen = 730  # nog navragen"], ["assistant", "OK."]],
        ["bewaartermijn"],
    ),
    ("no-config", "it", [["user", "timeout_secondi = 20  # da verificare"], ["assistant", "Ok."]], ["timeout"]),
    ("no-config", "de", [["user", "max_verbindungen = 50  # FIXME"], ["assistant", "Ok."]], ["max_verbindungen"]),
    ("no-config", "fr", [["user", "taille_lot = 100  # à revoir"], ["assistant", "D'accord."]], ["taille_lot"]),
    (
        "no-config",
        "en",
        [["user", "debug = true  # temporarily, while I look at the slot bug"], ["assistant", "OK."]],
        ["debug"],
    ),
    ("no-config", "en", [["user", 'port = 8080\nhost = "0.0.0.0"  # default'], ["assistant", "OK."]], ["8080"]),
    # no-question: questions, including after the agent's question
    (
        "no-question",
        "en",
        [
            ["user", "does the staging database still live on pg-stage-01?"],
            ["assistant", "I'm not sure, let me check."],
        ],
        ["pg-stage-01"],
    ),
    (
        "no-question",
        "en",
        [["user", "which region is the reporting replica in?"], ["assistant", "I don't know yet."]],
        ["replica"],
    ),
    (
        "no-question",
        "en",
        [["user", "can you remind me whether we send reminders by SMS or email?"], ["assistant", "Let me look."]],
        ["reminders"],
    ),
    (
        "no-question",
        "en",
        [
            ["user", "set up the replica"],
            ["assistant", "Which region should the replica use?"],
            ["user", "which ones are available?"],
            ["assistant", "Several; I'll list them."],
        ],
        ["available"],
    ),
    (
        "no-question",
        "nl",
        [["user", "draait de testdatabase nog op pg-test-02?"], ["assistant", "Even kijken."]],
        ["pg-test-02"],
    ),
    (
        "no-question",
        "nl",
        [["user", "welke mailprovider gebruiken we eigenlijk?"], ["assistant", "Dat zoek ik op."]],
        ["mailprovider"],
    ),
    ("no-question", "it", [["user", "quale server SMTP usiamo adesso?"], ["assistant", "Controllo."]], ["smtp"]),
    (
        "no-question",
        "it",
        [["user", "i backup sono ancora conservati per 30 giorni?"], ["assistant", "Verifico."]],
        ["backup"],
    ),
    (
        "no-question",
        "de",
        [["user", "welches CI-System nutzen wir eigentlich?"], ["assistant", "Ich schaue nach."]],
        ["ci-system"],
    ),
    (
        "no-question",
        "fr",
        [["user", "quel est le serveur de préproduction maintenant ?"], ["assistant", "Je vérifie."]],
        ["préproduction"],
    ),
    (
        "no-question",
        "en",
        [
            ["user", "set up error tracking"],
            ["assistant", "Which error tracker does the team use?"],
            ["user", "not sure, what do you suggest?"],
            ["assistant", "Sentry is common."],
        ],
        ["sentry"],
    ),
]


def main() -> None:
    """Write cases.json beside this file."""
    cases = []
    for n, (cls, lang, turns, keep) in enumerate(FACTS):
        cases.append({"id": f"{cls}-{n}", "class": cls, "lang": lang, "sessions": [turns], "keep": keep, "ask": True})
    for n, (cls, lang, turns, drop) in enumerate(LOOKALIKES):
        case = {"id": f"{cls}-{n}", "class": cls, "lang": lang, "sessions": [turns], "drop": drop}
        cases.append({**case, "max_memories": 0, "ask": False})
    out = Path(__file__).resolve().parent / "cases.json"
    out.write_text(json.dumps({"cases": cases}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
