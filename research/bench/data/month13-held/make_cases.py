"""Writes cases.json (capture_held's format) of month13-held: the offline distiller on a fresh subject."""

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
A = "Okay."
BACK = "right, back to the invoice screen"


def junk(cid, cls, line, drop, lead=None):
    turns = []
    if lead:
        turns += [["user", lead], ["assistant", "Sure."]]
    turns += [["user", line], ["assistant", A]]
    return {"id": cid, "class": cls, "sessions": [turns], "drop": drop, "max_memories": 0}


def fact(cid, cls, line, keep, drop=()):
    turns = [["user", line], ["assistant", "Noted."], ["user", BACK], ["assistant", "Sure."]]
    case = {"id": cid, "class": cls, "sessions": [turns], "keep": keep}
    if drop:
        case["drop"] = list(drop)
    return case


def corr(cid, old_line, new_line, keep, retired, drop=()):
    case = {
        "id": cid,
        "class": "correction",
        "sessions": [
            [["user", old_line], ["assistant", "Noted."]],
            [["user", "before we start"], ["assistant", "Go ahead."], ["user", new_line], ["assistant", "Updated."]],
        ],
        "keep": keep,
        "retired": retired,
    }
    if drop:
        case["drop"] = list(drop)
    return case


cases = [
    # a durable fact inside a request: the fact kept, the request not
    fact(
        "req-1",
        "request",
        "could you add paging to the lab importer? it pulls results from VetConnect so mind the auth",
        [["lab importer", "VetConnect"]],
        ["paging", "could you"],
    ),
    fact(
        "req-2",
        "request",
        "pls make the reminder mailer retry twice — it sends through Postmark, which rate limits us",
        [["reminder mailer", "Postmark"]],
        ["retry twice", "pls"],
    ),
    fact(
        "req-3",
        "request",
        "can you tidy up the x-ray archive's imports? it stores the DICOM files on nas-rad-02",
        [["x-ray archive", "nas-rad-02"]],
        ["tidy", "can you"],
    ),
    fact(
        "req-4",
        "request",
        "while you're there, rename the flags in the pharmacy stock job; it runs at 03:20 every night",
        [["pharmacy stock", "03:20"]],
        ["rename", "while you"],
    ),
    fact(
        "req-5",
        "request",
        "would you bump the booking widget's deps? Yannick Dufresne owns it, so tag him on the PR",
        [["booking widget", "Yannick Dufresne"]],
        ["bump", "would you"],
    ),
    fact(
        "req-6",
        "request",
        "add a health check to the kennel tracker please, it listens on port 6142",
        [["kennel tracker", "6142"]],
        ["health check", "please"],
    ),
    fact(
        "req-7",
        "request",
        "could you split the billing exporter's tests? it's written in Gleam, so no mocks",
        [["billing exporter", "Gleam"]],
        ["split", "mocks"],
    ),
    fact(
        "req-8",
        "request",
        "please look at the triage board's memory use; it keeps its state in Valkey",
        [["triage board", "Valkey"]],
        ["memory use", "please"],
    ),
    # a durable fact after a question: the fact kept, the question not
    fact(
        "q-1",
        "question",
        "why is the vaccine scheduler so slow on Mondays? it's on SQL Server 2019, if that matters",
        [["vaccine scheduler", "SQL Server"]],
        ["why is", "slow", "mondays"],
    ),
    fact(
        "q-2",
        "question",
        "any idea what's wrong with the lab importer's dates? fwiw it converts everything to Pacific time",
        [["lab importer", "Pacific"]],
        ["any idea", "wrong"],
    ),
    fact(
        "q-3",
        "question",
        "what's eating the disk on the x-ray archive box? it keeps scans for 10 years",
        [["x-ray archive", "10 years"]],
        ["eating", "what's"],
    ),
    fact(
        "q-4",
        "question",
        "is there a way to speed up the owner portal? it renders with HTMX, no SPA",
        [["owner portal", "HTMX"]],
        ["speed up", "is there"],
    ),
    fact(
        "q-5",
        "question",
        "how do I restart the fax gateway? it's a systemd unit called faxgw.service",
        [["fax gateway", "faxgw.service"]],
        ["how do i", "restart"],
    ),
    fact(
        "q-6",
        "question",
        "why does the dosage calculator round weird? it does everything in grams, not kilos",
        [["dosage calculator", "grams"]],
        ["why does", "weird"],
    ),
    # relations said with many verbs
    fact("verb-1", "verbs", "Priya Raman looks after the appointment booker", [["appointment booker", "Priya Raman"]]),
    fact("verb-2", "verbs", "the SMS reminder gives up after 4 attempts", [["sms reminder", "4 attempts"]]),
    fact("verb-3", "verbs", "we went with Typesense for the drug formulary search", [["formulary", "Typesense"]]),
    fact(
        "verb-4",
        "verbs",
        "the kennel tracker feeds off the door sensors' MQTT topic clinic/doors",
        [["kennel tracker", "clinic/doors"]],
    ),
    fact(
        "verb-5",
        "verbs",
        "the pharmacy stock job hands its orders to the Covetrus API",
        [["pharmacy stock", "Covetrus"]],
    ),
    fact("verb-6", "verbs", "invoices from the billing exporter end up in Xero", [["billing exporter", "Xero"]]),
    fact("verb-7", "verbs", "the owner portal authenticates against Keycloak", [["owner portal", "Keycloak"]]),
    fact(
        "verb-8",
        "verbs",
        "the microchip lookup caches answers in memcached for an hour",
        [["microchip lookup", "memcached"]],
    ),
    fact(
        "verb-9", "verbs", "Bartosz Lis is the person to ask about the triage board", [["triage board", "Bartosz Lis"]]
    ),
    fact("verb-10", "verbs", "the lab importer wakes up every 20 minutes", [["lab importer", "20 minutes"]]),
    # spoken wrapping around a durable fact: the wrapping removed
    fact(
        "wrap-1",
        "wrapping",
        "honestly, I think the fax gateway runs on the old Dell in the back office",
        [["fax gateway", "Dell"]],
        ["honestly", "i think"],
    ),
    fact(
        "wrap-2",
        "wrapping",
        "long story short, the microchip lookup queries PetLog first",
        [["microchip lookup", "PetLog"]],
        ["long story short"],
    ),
    fact(
        "wrap-3",
        "wrapping",
        "off the top of my head the appointment booker's config is in /etc/vetsys/booker.toml",
        [["appointment booker", "/etc/vetsys/booker.toml"]],
        ["top of my head"],
    ),
    # not durable: nothing stored
    junk("no-1", "junk", "can you add a spinner to the owner portal's login button", ["spinner"]),
    junk("no-2", "junk", "why does the triage board flicker when I resize it?", ["flicker"]),
    junk("no-3", "junk", "just this once, skip the lint step when you commit", ["lint step", "just this once"]),
    junk(
        "no-4",
        "junk",
        'Traceback (most recent call last):\n  File "importer.py", line 42, in <module>\n'
        "    rows = parse(feed)\nKeyError: 'accession'",
        ["keyerror", "traceback"],
    ),
    junk("no-5", "junk", "```python\ndef dose(kg):\n    return kg * 0.2\n```\nis this right?", ["def dose", "0.2"]),
    junk(
        "no-6",
        "junk",
        "2026-04-02 09:14:55 WARN lab-importer: retrying VetConnect fetch (attempt 3)",
        ["attempt 3", "retrying"],
    ),
    junk("no-7", "junk", "hmm, let me think about that for a sec", ["think about"]),
    junk("no-8", "junk", "our receptionist Dana is off sick this week, poor thing", ["off sick", "dana"]),
    junk("no-9", "junk", "for now, just hardcode the clinic id to 7 so we can test", ["hardcode"]),
    junk("no-10", "junk", "what port does the kennel tracker use again?", ["what port"]),
    junk("no-11", "junk", "thanks, that worked!", ["that worked"]),
    junk(
        "no-12",
        "junk",
        "  PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM\n"
        " 4412 vetsys    20   0 2311.4m 812.3m  22.1m S  97.0  10.4",
        ["4412", "%cpu"],
    ),
    # corrections in a later session
    corr(
        "corr-1",
        "the reminder mailer sends through Mailjet",
        "I got that wrong: the reminder mailer uses Postmark now",
        [["reminder mailer", "Postmark"]],
        ["Mailjet"],
    ),
    corr(
        "corr-2",
        "the lab importer runs on vm-lab-01",
        "sorry, it's vm-lab-04 that runs the lab importer, vm-lab-01 was retired",
        [["lab importer", "vm-lab-04"]],
        ["vm-lab-01"],
    ),
    corr(
        "corr-3",
        "Tomasz Nowicki owns the booking widget",
        "let me walk that back: Yannick Dufresne owns the booking widget now, not Tomasz Nowicki",
        [["booking widget", "Yannick Dufresne"]],
        ["Tomasz Nowicki"],
    ),
    corr(
        "corr-4",
        "the x-ray archive keeps scans for 7 years",
        "correcting myself: the x-ray archive keeps scans for 10 years, not 7 years",
        [["x-ray archive", "10 years"]],
        ["7 years"],
    ),
]

(HERE / "cases.json").write_text(json.dumps({"cases": cases}, indent=1) + "\n", encoding="utf-8")
print(len(cases), "cases")
