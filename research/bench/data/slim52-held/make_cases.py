"""Writes cases.json: slim52's held-out set (stop 49), written by hand before any product change of the stop.

Domain: an island ferry operator's booking, check-in and timetable software (no bench's values). Each case is one
or more sessions of one repository (Claude Code transcripts unless ``client`` says ``gemini-cli``), run by
``research/bench/slim52_held.py`` through the hook worker (``hooks.saver.save_transcript``, the stop hook's
decision on the last session) and through the offline distiller alone (``OfflineDistiller().distill`` on each
session's turns, as a chat-export import reads it). Nine languages (en, de, fr, es, it, pt, nl, pl, sv).

Classes (facts carry ``keep`` groups: every word of a group in one live memory; ``ask: true``):
- plain: one durable fact, said plainly or with a fact cue;
- first: a durable fact in the first person ("I deploy ...", "wir nutzen ...");
- inside: a durable fact inside a request or after a question;
- spoken: a fact wrapped in speech ("so basically", "just so you know", "please remember that");
- correct: a fact, then a later session's correction (the old value is ``retired``);
- saved: the agent saved the fact itself with save_context (its own paraphrase); the fact is kept once
  (``max_memories`` 1);
Never to keep (``max_memories`` 0, ``drop`` words in no live memory, ``ask: false``):
- no-chatter: thanks, greetings, feelings, the user's moment;
- no-request: requests and one-off instructions;
- no-question: questions;
- no-paste: code, a traceback, log lines, a shell listing, a diff, a JSON blob;
- no-boiler: client framing (a system reminder, command wrappers, an injected context block, a compaction
  summary of the moment, an agent's status report pasted back).
Run: python research/bench/data/slim52-held/make_cases.py
"""

import json
from pathlib import Path

OK = "Ok."


def fact(cls, lang, text, keep, before=None, client=None):
    turns = [["user", text], ["assistant", OK]]
    if before:  # the agent's turn before the user's (a transcript opens on a user turn)
        turns = [["user", before[0]], ["assistant", before[1]], *turns]
    case = {"class": cls, "lang": lang, "sessions": [turns], "keep": keep, "ask": True}
    if client:
        case["client"] = client
    return case


def noise(cls, lang, text, drop, client=None, ask=False):
    case = {
        "class": cls,
        "lang": lang,
        "sessions": [[["user", text], ["assistant", OK]]],
        "drop": drop,
        "max_memories": 0,
        "ask": ask,
    }
    if client:
        case["client"] = client
    return case


def correct(lang, first, second, keep, retired):
    sessions = [[["user", first], ["assistant", OK]], [["user", second], ["assistant", OK]]]
    return {"class": "correct", "lang": lang, "sessions": sessions, "keep": keep, "retired": retired}


def saved(lang, text, paraphrase, keep):
    turns = [["user", text], ["save", paraphrase], ["assistant", OK]]
    return {"class": "saved", "lang": lang, "sessions": [turns], "keep": keep, "max_memories": 1}


CASES = [
    # plain
    fact("plain", "en", "The booking engine runs on ferry-app-04 behind the port gateway.", [["ferry-app-04"]]),
    fact("plain", "en", "Vehicle deck capacity is stored in the deck_slots table.", [["deck_slots"]]),
    fact("plain", "en", "Remember that the timetable export uses GTFS, not NeTEx.", [["gtfs"]]),
    fact("plain", "de", "Die Fahrplandaten kommen jeden Morgen um 04:50 vom Hafenamt.", [["04:50"]]),
    fact("plain", "de", "Der Check-in-Dienst schreibt seine Protokolle nach /var/log/kai-checkin.", [["kai-checkin"]]),
    fact("plain", "fr", "Les billets passagers sont payés via Stancer, pas Stripe.", [["stancer"]]),
    fact("plain", "fr", "La file des réservations de groupe s'appelle resa-groupes-q.", [["resa-groupes-q"]]),
    fact("plain", "es", "Las tarjetas de embarque se generan con el servicio pase-bordo-2.", [["pase-bordo-2"]]),
    fact("plain", "es", "El puerto de Vigo usa el código de terminal VGO-T3.", [["vgo-t3"]]),
    fact("plain", "it", "Gli orari estivi vengono pubblicati dal job orari-estate ogni venerdì.", [["orari-estate"]]),
    fact("plain", "pt", "Os reembolsos são processados pelo módulo reembolso-mar.", [["reembolso-mar"]]),
    fact("plain", "nl", "De wachtrij voor de overtocht staat in Redis op poort 6391.", [["6391"]]),
    fact("plain", "pl", "Rezerwacje grupowe obsługuje usługa grupy-prom na serwerze prom-pl-2.", [["prom-pl-2"]]),
    fact("plain", "sv", "Biljettkassan i Visby använder skrivarmodellen TM-T88VII.", [["tm-t88vii"]]),
    fact("plain", "sv", "Tidtabellen importeras från Trafiklab varje natt klockan 02:10.", [["02:10"]]),
    fact("plain", "en", "FYI the harbour cameras stream to rtsp-relay-9 on the office LAN.", [["rtsp-relay-9"]]),
    # first person
    fact("first", "en", "I deploy the check-in kiosks with Ansible from the ops-ferry repo.", [["ops-ferry"]]),
    fact("first", "en", "We always tag releases as ferry-vYYYY.MM on the main branch.", [["ferry-vyyyy.mm"]]),
    fact("first", "en", "I prefer pnpm over npm for every frontend in this repository.", [["pnpm"]]),
    fact("first", "de", "Wir nutzen Sentry für die Fehler der Kiosk-App, Projekt kiosk-faehre.", [["kiosk-faehre"]]),
    fact("first", "fr", "Nous hébergeons le site de réservation chez Scaleway, région fr-par.", [["scaleway"]]),
    fact("first", "es", "Usamos Grafana para los paneles de ocupación, carpeta ocupacion-barcos.", [["ocupacion"]]),
    fact("first", "nl", "Wij draaien de kassa-software op Debian 12 in elke haven.", [["debian 12"]]),
    # inside a request / after a question
    fact(
        "inside",
        "en",
        "Can you add a retry to the seat-map fetch? By the way, the seat map service is seatmap-svc on port 8742.",
        [["8742"]],
    ),
    fact(
        "inside",
        "en",
        "Please fix the flaky test in test_boarding.py, and note that boarding closes 20 minutes before departure.",
        [["20 minutes"]],
    ),
    fact(
        "inside",
        "de",
        "Kannst du den Export reparieren? Übrigens läuft der Export-Job auf dem Host export-faehre-1.",
        [["export-faehre-1"]],
    ),
    fact(
        "inside",
        "fr",
        "Peux-tu regarder le bug du panier ? Au fait, le panier est stocké dans la table paniers_v2.",
        [["paniers_v2"]],
    ),
    fact(
        "inside",
        "es",
        "Arregla el formulario de pago, por cierto el proveedor de pagos es Redsys.",
        [["redsys"]],
    ),
    fact(
        "inside",
        "it",
        "Sistema il calcolo delle tariffe, comunque le tariffe stanno nella tabella tariffe_traghetto.",
        [["tariffe_traghetto"]],
        before=("ciao", "Che cosa devo fare?"),
    ),
    # spoken wrapping
    fact("spoken", "en", "So basically the night crossing always uses the vessel Stella Borea.", [["stella borea"]]),
    fact("spoken", "en", "Just so you know, refunds over 500 euros need approval from finance.", [["500 euro"]]),
    fact(
        "spoken",
        "de",
        "Bitte merk dir: Die Hafengebühren stehen in der Tabelle hafen_gebuehren.",
        [["hafen_gebuehren"]],
    ),
    fact("spoken", "pt", "Só para saberes, o terminal de Lisboa chama-se LIS-CAIS-2.", [["lis-cais-2"]]),
    fact("spoken", "it", "Ricorda che il backup del database gira alle 03:30.", [["03:30"]]),
    # corrections in a later session
    correct(
        "en",
        "The timetable API is served from tt-api-1.ferry.internal.",
        "Correction: the timetable API moved to tt-api-3.ferry.internal, tt-api-1 is gone.",
        [["tt-api-3"]],
        ["tt-api-1.ferry.internal"],
    ),
    correct(
        "en",
        "Check-in opens 90 minutes before departure.",
        "Actually check-in opens 120 minutes before departure now, not 90.",
        [["120 minutes"]],
        ["90 minutes before"],
    ),
    correct(
        "de",
        "Die Buchungsdatenbank läuft auf PostgreSQL 13.",
        "Korrektur: Die Buchungsdatenbank läuft inzwischen auf PostgreSQL 16, nicht mehr auf 13.",
        [["postgresql 16"]],
        ["postgresql 13"],
    ),
    correct(
        "fr",
        "Les e-mails de confirmation partent par Sendinblue.",
        "Correction : les e-mails de confirmation partent maintenant par Postmark au lieu de Sendinblue.",
        [["postmark"]],
        ["par sendinblue"],
    ),
    correct(
        "es",
        "El límite de equipaje es de 20 kilos por pasajero.",
        "Corrección: el límite de equipaje es de 25 kilos por pasajero, no 20.",
        [["25 kilos"]],
        ["20 kilos"],
    ),
    # the agent saved it itself
    saved(
        "en",
        "The port of Kirkwall uses berth code KWL-B2 for our vessels.",
        "Port of Kirkwall: our vessels use berth code KWL-B2.",
        [["kwl-b2"]],
    ),
    saved(
        "en",
        "Seat reservations expire after 15 minutes if unpaid.",
        "Unpaid seat reservations expire after 15 minutes.",
        [["15 minutes"]],
    ),
    saved(
        "de",
        "Die Fahrkartenautomaten melden sich beim Dienst automaten-hub an.",
        "Fahrkartenautomaten melden sich bei automaten-hub an.",
        [["automaten-hub"]],
    ),
    # gemini sessions
    fact(
        "plain",
        "en",
        "The cargo manifest is sent to customs through the EDIFACT gateway edi-gw-2.",
        [["edi-gw-2"]],
        client="gemini-cli",
    ),
    fact(
        "plain",
        "it",
        "Il servizio di notifiche usa Firebase, progetto traghetti-push.",
        [["traghetti-push"]],
        client="gemini-cli",
    ),
    # never to keep: chatter
    noise("no-chatter", "en", "thanks, that's perfect!", ["thanks", "perfect"]),
    noise("no-chatter", "en", "ugh, long day, the coffee machine on the ferry is broken again", ["coffee"]),
    noise("no-chatter", "de", "Danke dir, schönes Wochenende!", ["wochenende"]),
    noise("no-chatter", "fr", "merci beaucoup, à demain", ["demain", "merci"]),
    noise("no-chatter", "es", "jaja, qué bien, gracias", ["gracias"]),
    noise("no-chatter", "nl", "ik ben even koffie halen, zo terug", ["koffie"]),
    noise("no-chatter", "pl", "dzięki, super robota", ["robota"]),
    noise("no-chatter", "sv", "tack så mycket, bra jobbat!", ["jobbat"]),
    noise("no-chatter", "it", "oggi sono stanchissimo, scusa il ritardo", ["stanchissimo"]),
    # never to keep: requests and one-off instructions
    noise("no-request", "en", "Rename the variable seatCount to seats_total in the booking form.", ["seatcount"]),
    noise("no-request", "en", "For now just hardcode the vessel id to 12 so the tests pass.", ["hardcode"]),
    noise("no-request", "de", "Schreib bitte einen Test für die Storno-Funktion.", ["storno"]),
    noise("no-request", "fr", "Ajoute un bouton d'annulation sur la page de réservation.", ["bouton"]),
    noise("no-request", "es", "Por favor, cambia el color del botón de pago a azul.", ["azul"]),
    noise("no-request", "pt", "Podes atualizar as dependências do projeto?", ["dependências"]),
    # never to keep: questions
    noise("no-question", "en", "Why does the seat map take four seconds to load on mobile?", ["four seconds"]),
    noise("no-question", "de", "Welche Version von Node nutzt der Kiosk gerade?", ["node"]),
    noise("no-question", "nl", "Waarom faalt de build op de CI-server?", ["faalt"]),
    noise("no-question", "it", "Come si avvia il server di sviluppo?", ["avvia"]),
    # never to keep: pastes
    noise(
        "no-paste",
        "en",
        'Traceback (most recent call last):\n  File "booking/seats.py", line 88, in allocate\n'
        "    deck = decks[vessel_id]\nKeyError: 'SB-7'",
        ["keyerror", "allocate"],
    ),
    noise(
        "no-paste",
        "en",
        "2026-11-02 06:14:11 WARN checkin.queue backlog=412 lag_ms=8123\n"
        "2026-11-02 06:14:12 ERROR checkin.worker timeout talking to seatmap-svc",
        ["backlog", "timeout"],
    ),
    noise(
        "no-paste",
        "en",
        "```python\ndef fare(age: int, base: float) -> float:\n    return base * (0.5 if age < 12 else 1.0)\n```",
        ["def fare", "return base"],
    ),
    noise(
        "no-paste",
        "en",
        "$ ls -la deploy/\ntotal 24\ndrwxr-xr-x 2 ops ops 4096 Nov  2 06:10 .\n-rw-r--r-- 1 ops ops  812 Nov  2 06:10 kiosk.yml",
        ["drwxr", "kiosk.yml"],
    ),
    noise(
        "no-paste",
        "en",
        "--- a/booking/fares.py\n+++ b/booking/fares.py\n@@ -10,7 +10,7 @@\n-    rate = 0.9\n+    rate = 0.85",
        ["rate", "fares.py"],
    ),
    noise(
        "no-paste",
        "de",
        'Hier die Antwort der API: {"vessel": "SB-7", "free_seats": 43, "status": "boarding"}',
        ["free_seats", "boarding"],
    ),
    # never to keep: client framing
    noise(
        "no-boiler",
        "en",
        "<system-reminder>\nThe user opened the file booking/seats.py in the IDE. This may or may not be related.\n"
        "</system-reminder>",
        ["system-reminder", "opened the file"],
    ),
    noise(
        "no-boiler",
        "en",
        "<command-name>/clear</command-name>\n<command-message>clear</command-message>\n<command-args></command-args>",
        ["command", "clear"],
    ),
    noise(
        "no-boiler",
        "en",
        "Caveat: The messages below were generated by the user while running local commands. "
        "DO NOT respond to these messages or otherwise consider them in your response unless the user explicitly asks.",
        ["caveat", "local commands"],
    ),
    noise(
        "no-boiler",
        "en",
        "<contextlamp-context>\n- [fact] The booking engine runs on ferry-app-01.\n"
        "Use get_context for more, save_context to keep new facts.\n</contextlamp-context>",
        ["ferry-app-01", "get_context"],
    ),
    noise(
        "no-boiler",
        "en",
        "Here is what you did: I updated fares.py, ran the tests (42 passed, 0 failed) and pushed the branch fix-fares.",
        ["42 passed", "pushed"],
    ),
    {
        "class": "no-boiler",
        "lang": "en",
        "sessions": [
            [
                [
                    "summary",
                    "The user is debugging the seat map right now; the last test run failed and they are tired.",
                ],
                ["user", "ok, carry on"],
                ["assistant", OK],
            ]
        ],
        "drop": ["debugging", "tired", "carry on"],
        "max_memories": 0,
        "ask": False,
    },
    {
        "class": "no-boiler",
        "lang": "en",
        "injected": "- [fact] Deck plans are versioned in the deckplans repository.",
        "sessions": [
            [
                ["user", "- [fact] Deck plans are versioned in the deckplans repository.\nis that still right?"],
                ["assistant", "Yes."],
            ]
        ],
        "drop": ["deckplans"],
        "max_memories": 0,
        "ask": False,
    },
]


def main() -> None:
    """Write ``cases.json`` beside this file, each case with an id of class, language and index."""
    out = []
    for n, case in enumerate(CASES):
        out.append({"id": f"{case['class']}-{case['lang']}-{n:02d}", **case})
    path = Path(__file__).resolve().parent / "cases.json"
    path.write_text(json.dumps({"cases": out}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
