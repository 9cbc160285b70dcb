"""Writes cases.json (capture_held's format) of slim50-held: the offline distiller on a fresh subject, 8 languages.

Held out for stop 47's ablation of ``distill/`` (branch ``slim50``): written before any product change of the
stop, read once at the end. Subject world: a ski resort's software (lift control, snowmaking, pass gates, the
rental shop, the avalanche bulletin feed), no bench's. Languages: en, de, fr, es, nl, it, pt, sv.

Classes: ``plain`` (a durable fact said plainly), ``request`` (a fact inside a request), ``question`` (a fact
after a question), ``verbs`` (a relation said with a verb), ``wrapping`` (spoken wrapping around a fact),
``correction`` (a fact, then its correction in a later session: the old value is ``retired``), ``junk`` (nothing
durable: chatter, a request, a question, thanks; ``max_memories`` 0), ``boilerplate`` (client framing or
contextlamp's own injected context: a compaction summary of the moment, a command wrapper, ``<hook_context>`` and
``<contextlamp-context>`` blocks; max 0, or the one fact beside it kept and the echo's words dropped), ``paste``
(a traceback, log lines, a config block, shell output; max 0).

Run: python research/bench/data/slim50-held/make_cases.py
"""

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
BACK = "ok, back to the lift status page"


def fact(cid, cls, line, keep, drop=(), back=BACK):
    turns = [["user", line], ["assistant", "Noted."], ["user", back], ["assistant", "Sure."]]
    case = {"id": cid, "class": cls, "sessions": [turns], "keep": keep}
    if drop:
        case["drop"] = list(drop)
    return case


def junk(cid, cls, line, drop, lead=None, role="user"):
    turns = []
    if lead:
        turns += [["user", lead], ["assistant", "Sure."]]
    turns += [[role, line], ["user", "thanks"], ["assistant", "You're welcome."]]
    return {"id": cid, "class": cls, "sessions": [turns], "drop": drop, "max_memories": 0}


def corr(cid, old_line, new_line, keep, retired, opener="good morning"):
    return {
        "id": cid,
        "class": "correction",
        "sessions": [
            [["user", old_line], ["assistant", "Noted."]],
            [["user", opener], ["assistant", "Morning."], ["user", new_line], ["assistant", "Updated."]],
        ],
        "keep": keep,
        "retired": retired,
    }


cases = [
    # plain facts, several languages
    fact("plain-en-1", "plain", "The snowmaking scheduler runs on snowgun-ctl-04.", [["snowmaking", "snowgun-ctl-04"]]),
    fact(
        "plain-en-2",
        "plain",
        "Our pass gates talk to the ticketing backend over MQTT on port 8883.",
        [["pass gates", "8883"]],
    ),
    fact(
        "plain-en-3",
        "plain",
        "Lift telemetry is kept for 400 days in the Timescale cluster.",
        [["telemetry", "400 days"]],
    ),
    fact(
        "plain-de-1",
        "plain",
        "Die Liftsteuerung läuft auf dem Server lift-sps-02 im Talstationskeller.",
        [["lift-sps-02"]],
        back="gut, weiter mit der Statusseite",
    ),
    fact(
        "plain-de-2",
        "plain",
        "Der Verleihshop rechnet über Adyen ab, nicht über Stripe.",
        [["Verleihshop", "Adyen"]],
        back="gut, weiter mit der Statusseite",
    ),
    fact(
        "plain-de-3",
        "plain",
        "Für die Pistenpräparierung ist Korbinian Aigner zuständig.",
        [["Korbinian Aigner"]],
        back="gut, weiter mit der Statusseite",
    ),
    fact(
        "plain-fr-1",
        "plain",
        "Le flux du bulletin d'avalanche est récupéré toutes les 20 minutes depuis meteo-feed.example.net.",
        [["bulletin", "20 minutes"]],
        back="bon, on revient à la page d'état",
    ),
    fact(
        "plain-fr-2",
        "plain",
        "La base des forfaits saison est sur PostgreSQL 15, hébergée chez Scaleway.",
        [["forfaits", "Scaleway"]],
        back="bon, on revient à la page d'état",
    ),
    fact(
        "plain-es-1",
        "plain",
        "El sistema de aparcamiento usa sensores Libelium conectados por LoRaWAN.",
        [["aparcamiento", "Libelium"]],
        back="vale, volvamos a la página de estado",
    ),
    fact(
        "plain-es-2",
        "plain",
        "Las copias de seguridad de la tienda de alquiler se guardan en el bucket rental-backups-eu.",
        [["rental-backups-eu"]],
        back="vale, volvamos a la página de estado",
    ),
    fact(
        "plain-nl-1",
        "plain",
        "De skipasscanners draaien op firmware 3.8.2 van Axess.",
        [["3.8.2"]],
        back="oké, terug naar de statuspagina",
    ),
    fact(
        "plain-nl-2",
        "plain",
        "Onze staging-omgeving voor de kassa staat op kassa-stg.alpenglow.internal.",
        [["kassa-stg.alpenglow.internal"]],
        back="oké, terug naar de statuspagina",
    ),
    fact(
        "plain-it-1",
        "plain",
        "Il gestionale del noleggio sci usa Redis 7 per le sessioni.",
        [["noleggio", "Redis"]],
        back="ok, torniamo alla pagina di stato",
    ),
    fact(
        "plain-pt-1",
        "plain",
        "O painel de meteorologia é publicado com Grafana na porta 3300.",
        [["meteorologia", "3300"]],
        back="ok, voltemos à página de estado",
    ),
    fact(
        "plain-sv-1",
        "plain",
        "Personalschemat exporteras varje söndag kl 18 till Quinyx.",
        [["Quinyx"]],
        back="okej, tillbaka till statussidan",
    ),
    # a fact inside a request
    fact(
        "req-en-1",
        "request",
        "can you add a timeout to the gondola status poller? it reads from the Doppelmayr Connect API, so be gentle",
        [["gondola", "Doppelmayr Connect"]],
        ["add a timeout", "can you"],
    ),
    fact(
        "req-en-2",
        "request",
        "please clean up the rental shop's logging — it ships everything to Papertrail, which bills per GB",
        [["rental shop", "Papertrail"]],
        ["clean up", "please"],
    ),
    fact(
        "req-en-3",
        "request",
        "would you split the snow report module? Ingrid Halvorsen maintains it, so ask her before merging",
        [["snow report", "Ingrid Halvorsen"]],
        ["split", "would you"],
    ),
    fact(
        "req-de-1",
        "request",
        "kannst du die Tests für den Kassenexport reparieren? der Export läuft jede Nacht um 02:45",
        [["Kassenexport", "02:45"]],
        ["reparieren", "kannst du"],
        back="gut, weiter mit der Statusseite",
    ),
    fact(
        "req-de-2",
        "request",
        "bitte räum die Imports im Lawinenmodul auf; das Modul liest die Daten vom SLF-Server",
        [["SLF-Server"]],
        ["räum", "bitte"],
        back="gut, weiter mit der Statusseite",
    ),
    fact(
        "req-fr-1",
        "request",
        "tu peux renommer les variables du calcul des tarifs ? au passage, les tarifs sont validés par Mathilde Roux",
        [["tarifs", "Mathilde Roux"]],
        ["renommer", "tu peux"],
        back="bon, on revient à la page d'état",
    ),
    fact(
        "req-es-1",
        "request",
        "¿puedes mejorar los mensajes de error del lector de forfaits? por cierto, el lector usa la librería zxing-cpp",
        [["zxing-cpp"]],
        ["mensajes de error", "puedes"],
        back="vale, volvamos a la página de estado",
    ),
    fact(
        "req-nl-1",
        "request",
        "kun je de README van de parkeerapp bijwerken? trouwens, de parkeerapp wordt gebouwd met Flutter 3.22",
        [["parkeerapp", "Flutter"]],
        ["bijwerken", "kun je"],
        back="oké, terug naar de statuspagina",
    ),
    # a fact after a question
    fact(
        "q-en-1",
        "question",
        "why does the chairlift dashboard lag in the mornings? it's served from a single t3.small, if that helps",
        [["chairlift dashboard", "t3.small"]],
        ["why does", "if that helps"],
    ),
    fact(
        "q-en-2",
        "question",
        "any idea why the webcam uploads stall? they go to the media-cdn-2 bucket through rclone",
        [["webcam", "media-cdn-2"]],
        ["any idea", "stall"],
    ),
    fact(
        "q-de-1",
        "question",
        "warum ist der Wetterimport so langsam? der Import holt die Daten von Meteoblue",
        [["Meteoblue"]],
        ["warum", "langsam"],
        back="gut, weiter mit der Statusseite",
    ),
    fact(
        "q-it-1",
        "question",
        "come mai la coda degli ordini si blocca? la coda gira su RabbitMQ 3.12",
        [["RabbitMQ"]],
        ["come mai", "si blocca"],
        back="ok, torniamo alla pagina di stato",
    ),
    # relations said with verbs
    fact(
        "verb-en-1",
        "verbs",
        "Henrik Solberg looks after the avalanche sirens integration.",
        [["Henrik Solberg", "sirens"]],
    ),
    fact(
        "verb-en-2",
        "verbs",
        "The lift queue counter gives up after 90 seconds without a camera frame.",
        [["queue counter", "90 seconds"]],
    ),
    fact("verb-en-3", "verbs", "We went with Keycloak for staff logins.", [["Keycloak", "staff"]]),
    fact("verb-en-4", "verbs", "The night grooming planner kicks off at 21:30.", [["grooming", "21:30"]]),
    fact(
        "verb-fr-1",
        "verbs",
        "C'est Lucie Garnier qui valide les mises en production du site de réservation.",
        [["Lucie Garnier"]],
        back="bon, on revient à la page d'état",
    ),
    fact(
        "verb-de-1",
        "verbs",
        "Die Schneekanonen melden ihre Messwerte an den Broker snowmq-01.",
        [["snowmq-01"]],
        back="gut, weiter mit der Statusseite",
    ),
    # spoken wrapping around a fact
    fact(
        "wrap-en-1",
        "wrapping",
        "honestly, as far as I remember the ticket kiosk images are built with Packer",
        [["kiosk", "Packer"]],
        ["honestly", "as far as I remember"],
    ),
    fact(
        "wrap-en-2",
        "wrapping",
        "long story short, the ski school booking service lives on Fly.io now",
        [["ski school", "Fly.io"]],
        ["long story short"],
    ),
    fact(
        "wrap-es-1",
        "wrapping",
        "bueno, para que lo sepas, la app de pistas se publica con Expo EAS",
        [["Expo EAS"]],
        ["para que lo sepas"],
        back="vale, volvamos a la página de estado",
    ),
    fact(
        "wrap-nl-1",
        "wrapping",
        "even voor de duidelijkheid: de liftdata worden opgeslagen in ClickHouse",
        [["ClickHouse"]],
        ["duidelijkheid"],
        back="oké, terug naar de statuspagina",
    ),
    # corrections in a later session
    corr(
        "corr-en-1",
        "The pass printer driver is on version 2.4.",
        "Correction to something I said before: the pass printer driver is on version 2.7, not 2.4.",
        [["pass printer", "2.7"]],
        ["is on version 2.4"],
    ),
    corr(
        "corr-en-2",
        "The summit weather station reports to wx-relay-a.",
        "scratch what I told you about the summit weather station — it reports to wx-relay-c now",
        [["summit weather", "wx-relay-c"]],
        ["wx-relay-a"],
    ),
    corr(
        "corr-en-3",
        "Refund requests go to Dagny Lund.",
        "I had that wrong: refund requests go to Elin Berg, Dagny Lund moved to marketing.",
        [["refund", "Elin Berg"]],
        ["go to Dagny"],
    ),
    corr(
        "corr-de-1",
        "Die Pistenkarte wird mit Mapbox gerendert.",
        "Korrektur: die Pistenkarte wird inzwischen mit MapLibre gerendert, nicht mehr mit Mapbox.",
        [["Pistenkarte", "MapLibre"]],
        ["gerendert mit Mapbox", "mit Mapbox gerendert"],
        opener="guten Morgen",
    ),
    corr(
        "corr-fr-1",
        "La synchro des forfaits tourne toutes les 15 minutes.",
        "Petite correction : la synchro des forfaits tourne toutes les 5 minutes, pas 15.",
        [["synchro", "5 minutes"]],
        ["toutes les 15 minutes"],
        opener="bonjour",
    ),
    corr(
        "corr-es-1",
        "El servidor de correo de reservas es smtp-res-1.",
        "Me equivoqué: el servidor de correo de reservas es smtp-res-3.",
        [["smtp-res-3"]],
        ["smtp-res-1"],
        opener="buenos días",
    ),
    # junk: chatter, requests, questions, thanks
    junk(
        "junk-en-1",
        "junk",
        "I'm on the chairlift right now so I'll be slow to answer",
        ["chairlift right now", "slow to answer"],
    ),
    junk("junk-en-2", "junk", "my coffee went cold while the tests ran, classic", ["coffee"]),
    junk(
        "junk-en-3", "junk", "I'm still poking at the flaky gondola test, give me a minute", ["poking", "flaky gondola"]
    ),
    junk("junk-en-4", "junk", "can you rerun the rental shop tests with -x?", ["rerun", "-x"]),
    junk("junk-en-5", "junk", "what does the `lift_state` enum look like again?", ["lift_state"]),
    junk("junk-en-6", "junk", "for now just hardcode the resort id to 7 so the demo works", ["hardcode", "demo"]),
    junk(
        "junk-de-1",
        "junk",
        "ich bin heute im Homeoffice und etwas müde, also bitte kurze Antworten",
        ["Homeoffice", "müde"],
    ),
    junk("junk-de-2", "junk", "kannst du mal schauen, warum der Build rot ist?", ["Build rot", "schauen"]),
    junk("junk-fr-1", "junk", "est-ce que tu peux m'expliquer ce que fait cette fonction ?", ["expliquer", "fonction"]),
    junk("junk-fr-2", "junk", "merci, c'est parfait, on continue", ["parfait"]),
    junk("junk-es-1", "junk", "perdona, estaba en una reunión, ¿dónde estábamos?", ["reunión", "estábamos"]),
    junk(
        "junk-it-1", "junk", "puoi aggiungere un log in più nel controller delle casse?", ["aggiungere un log", "puoi"]
    ),
    junk("junk-nl-1", "junk", "ik ga even lunchen, ga maar door met de refactor", ["lunchen", "refactor"]),
    junk("junk-pt-1", "junk", "obrigado, ficou ótimo assim", ["ótimo"]),
    # client boilerplate and contextlamp's own injected context
    {
        "id": "boiler-summary-1",
        "class": "boilerplate",
        "sessions": [
            [
                ["summary", "- The user asked to speed up the lift status page.\n- The user is testing on a phone."],
                ["user", "ok, carry on"],
                ["assistant", "Continuing."],
            ]
        ],
        "drop": ["asked to speed up", "testing on a phone"],
        "max_memories": 0,
    },
    {
        "id": "boiler-wrapper-1",
        "class": "boilerplate",
        "sessions": [
            [
                [
                    "user",
                    "<command-name>/clear</command-name>\n<command-message>clear</command-message>\n<command-args></command-args>",
                ],
                ["user", "<local-command-stdout>Cleared conversation history.</local-command-stdout>"],
                ["user", "let's look at the gondola poller"],
                ["assistant", "Sure."],
            ]
        ],
        "drop": ["command-name", "Cleared conversation", "/clear"],
        "max_memories": 0,
    },
    {
        "id": "boiler-hookctx-1",
        "class": "boilerplate",
        "sessions": [
            [
                [
                    "user",
                    "<hook_context>\nProject memory (contextlamp):\n- [fact] The beacon tester uploads to ortovox-sync.\n"
                    "Use get_context for more, save_context to keep new facts.\n</hook_context>\n"
                    "The heated seat controller on lift 6 is a Siemens S7-1200.",
                ],
                ["assistant", "Noted."],
            ]
        ],
        "keep": [["heated seat", "S7-1200"]],
        "drop": ["ortovox-sync", "get_context"],
    },
    {
        "id": "boiler-markctx-1",
        "class": "boilerplate",
        "sessions": [
            [
                [
                    "user",
                    "<contextlamp-context>\n[note] 2026-11-30 (claude-code): The ice rink booking uses Bookeo.\n"
                    "- [decision] Use Terraform for the lift VPCs.\n</contextlamp-context>",
                ],
                ["user", "hi, let's continue with the lift status page"],
                ["assistant", "Sure."],
            ]
        ],
        "drop": ["Bookeo", "Terraform"],
        "max_memories": 0,
    },
    {
        "id": "boiler-reminder-1",
        "class": "boilerplate",
        "sessions": [
            [
                [
                    "user",
                    "<system-reminder>The user opened the file src/lifts/poller.py in the IDE. This may or may not "
                    "be related to the current task.</system-reminder>\nlet's fix the retry loop",
                ],
                ["assistant", "Looking."],
            ]
        ],
        "drop": ["opened the file", "IDE", "retry loop"],
        "max_memories": 0,
    },
    # pastes: nothing to keep
    junk(
        "paste-trace-1",
        "paste",
        'Traceback (most recent call last):\n  File "/srv/lifts/poller.py", line 88, in poll\n'
        '    state = client.fetch(lift_id)\n  File "/srv/lifts/client.py", line 41, in fetch\n'
        '    raise TimeoutError(f"lift {lift_id} did not answer")\nTimeoutError: lift 6 did not answer',
        ["Traceback", "TimeoutError", "poller.py"],
        lead="this happened again:",
    ),
    junk(
        "paste-log-1",
        "paste",
        "2026-12-03T06:14:02Z WARN snowgun[4411]: nozzle 12 pressure low (3.1 bar)\n"
        "2026-12-03T06:14:07Z ERROR snowgun[4411]: nozzle 12 shut off after 5 retries\n"
        "2026-12-03T06:14:09Z INFO snowgun[4411]: switching to fallback pump",
        ["nozzle", "snowgun[", "fallback pump"],
        lead="look at these logs",
    ),
    junk(
        "paste-config-1",
        "paste",
        "```yaml\npoller:\n  interval_s: 15\n  lifts: [1, 2, 3, 6]\n  retry: 3\n```",
        ["interval_s", "poller:"],
        lead="here is the current config",
    ),
    junk(
        "paste-shell-1",
        "paste",
        "$ df -h /var/lib/lifts\nFilesystem      Size  Used Avail Use% Mounted on\n"
        "/dev/nvme0n1p3  200G  187G   13G  94% /var/lib/lifts",
        ["nvme0n1p3", "Mounted on", "df -h"],
        lead="disk is filling up:",
    ),
    junk(
        "paste-code-1",
        "paste",
        "def seats_free(lift):\n    return lift.capacity - lift.occupied\n",
        ["seats_free", "capacity"],
        lead="this is the helper",
    ),
    junk(
        "paste-assistant-1",
        "paste",
        "I ran the tests: 214 passed, 3 failed in tests/test_gates.py (test_scan_expired, test_scan_child, "
        "test_scan_group). Want me to look at them?",
        ["214 passed", "test_scan_expired"],
        role="assistant",
    ),
]

if __name__ == "__main__":
    (HERE / "cases.json").write_text(
        json.dumps({"cases": cases}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(len(cases), "cases")
