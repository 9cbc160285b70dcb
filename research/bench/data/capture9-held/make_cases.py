import json
from pathlib import Path

A = "Okay."


def one(cid, cls, line, drop, lead=None):
    turns = []
    if lead:
        turns += [["user", lead], ["assistant", "Sure, paste it."]]
    turns += [["user", line], ["assistant", A]]
    return {"id": cid, "class": cls, "sessions": [turns], "drop": drop, "max_memories": 0}


junk = [
    (
        "trace",
        "Fatal error: Unexpectedly found nil while unwrapping an Optional value: file HoldQueue/ShelfView.swift, line 212",
        ["ShelfView"],
    ),
    ("trace", "    at LoanLedger.Reconcile.settle(Reconcile.java:88)", ["Reconcile.java"]),
    (
        "trace",
        '** (ArgumentError) argument error :erlang.binary_to_integer("12a") in Patron.Card.parse/1',
        ["binary_to_integer"],
    ),
    (
        "trace",
        "goroutine 41 [running]: main.(*courier).flush(0xc0001a2000) /src/courier/flush.go:133 +0x1f4",
        ["flush.go"],
    ),
    (
        "trace",
        "thread 'fines-worker' panicked at 'attempt to subtract with overflow', src/fines/calc.rs:57:21",
        ["calc.rs"],
    ),
    ("trace", '  File "/srv/indexer/marc.py", line 301, in normalise_field', ["marc.py"]),
    ("trace", "KeyError: 'barcode_prefix'", ["barcode_prefix"]),
    (
        "trace",
        "TypeError: Cannot read properties of undefined (reading 'dueDate') at renderRow (portal/loans.js:44:19)",
        ["dueDate"],
    ),
    (
        "trace",
        "Caused by: java.sql.SQLTransientConnectionException: HikariPool-3 - Connection is not available, request timed out after 30004ms.",
        ["HikariPool-3"],
    ),
    ("trace", "error[E0382]: borrow of moved value: `gate_event`", ["gate_event"]),
    ("trace", "panic: runtime error: index out of range [7] with length 7", ["index out of range"]),
    ("config", "//registry.npmjs.org/:_authToken=${NPM_TOKEN}", ["_authToken"]),
    ("config", "strict-ssl=false", ["strict-ssl"]),
    ("config", "[fines]\nmax_per_item = 12", ["max_per_item"]),
    ("config", "retry_backoff: 250ms", ["retry_backoff"]),
    ("config", "  replicas: 3\n  imagePullPolicy: IfNotPresent", ["imagePullPolicy"]),
    ("config", "[tool.indexer]\nbatch = 400", ["tool.indexer"]),
    ("config", 'log_level = "debug"', ["log_level"]),
    ("orphan", "The auditor's sign-off hinges on that.", ["hinges on that"]),
    ("orphan", "Nobody remembers why it was added.", ["why it was added"]),
    ("orphan", "Which is why the branch staff hate it.", ["branch staff hate"]),
    ("orphan", "It broke again after they touched it.", ["broke again"]),
    ("orphan", "The courier contract mentions this explicitly.", ["mentions this"]),
    ("remark", "The RFID gate keeps beeping", ["keeps beeping"]),
    ("remark", "The reminder email never arrives", ["never arrives"]),
    ("remark", "Hold queue looks weird today", ["looks weird"]),
    ("remark", "That spinner just spins forever", ["spins forever"]),
    ("remark", "The scanner is flaky again", ["flaky again"]),
]
cases = []
for n, (cls, line, drop) in enumerate(junk):
    lead = "here's what I see:" if n % 3 == 0 else None
    cases.append(one(f"junk-{cls}-{n}", f"junk-{cls}", line, drop, lead))


def fact(cid, cls, line, keep, noise=True):
    turns = [["user", line], ["assistant", "Noted."]]
    if noise:
        turns += [["user", "ok, back to the overdue banner"], ["assistant", "Sure."]]
    return {"id": cid, "class": cls, "sessions": [turns], "keep": keep}


def corr(cid, cls, old_line, new_line, keep, retired):
    return {
        "id": cid,
        "class": cls,
        "sessions": [
            [["user", old_line], ["assistant", "Noted."]],
            [
                ["user", "quick one before we start"],
                ["assistant", "Go ahead."],
                ["user", new_line],
                ["assistant", "Updated."],
            ],
        ],
        "keep": keep,
        "retired": retired,
    }


facts = [
    fact(
        "chan-1",
        "channel",
        "Changes to the fines calculator get announced in #circ-desk, so post there before you ship anything.",
        [["fines calculator", "#circ-desk"]],
    ),
    fact(
        "chan-2",
        "channel",
        "any schema change on the loan ledger is announced in #ledger-changes first",
        [["loan ledger", "#ledger-changes"]],
    ),
    fact(
        "chan-3",
        "channel",
        "Release notes for the patron portal go out in the #portal-releases channel.",
        [["patron portal", "#portal-releases"]],
    ),
    fact(
        "folks-1",
        "folks",
        "the cataloguing folks hang out in #marc-nerds if you need them",
        [["cataloguing", "#marc-nerds"]],
    ),
    fact("folks-2", "folks", "btw the RFID gate people mostly hang out in #gate-ops", [["RFID gate", "#gate-ops"]]),
    fact(
        "folks-3",
        "folks",
        "If you need the courier team, they hang around in #van-routes.",
        [["courier", "#van-routes"]],
    ),
    fact(
        "kill-1",
        "killswitch",
        "kill switch for the overdue notifier: NOTIFIER_PAUSE=1",
        [["overdue notifier", "NOTIFIER_PAUSE"]],
    ),
    fact(
        "kill-2",
        "killswitch",
        "Kill-switch for e-book licensing proxy is the flag ebook_proxy_off",
        [["e-book licensing", "ebook_proxy_off"]],
    ),
    fact(
        "kill-3",
        "killswitch",
        "fyi the hold queue's kill switch: feature flag holds.frozen",
        [["hold queue", "holds.frozen"]],
    ),
    fact(
        "paren-1",
        "paren-for",
        "(for the catalogue indexer: output goes to the s3 bucket lib-marc-out)",
        [["catalogue indexer", "lib-marc-out"]],
    ),
    fact(
        "paren-2",
        "paren-for",
        "(for the barcode printer service: labels are written to /var/spool/labels)",
        [["barcode printer", "/var/spool/labels"]],
    ),
    fact(
        "paren-3",
        "paren-for",
        "(for the fines calculator: results go to the pg table fines_daily)",
        [["fines calculator", "fines_daily"]],
    ),
    fact("fyi-1", "fyi-deployed", "FYI the hold queue is deployed on the ember cluster", [["hold queue", "ember"]]),
    fact("fyi-2", "fyi-deployed", "fyi: the courier sync runs on the basalt nodes now", [["courier sync", "basalt"]]),
    fact(
        "fyi-3",
        "fyi-deployed",
        "FYI the patron portal is hosted in the quartz k8s cluster",
        [["patron portal", "quartz"]],
    ),
    corr(
        "sign-1",
        "signoff",
        "Priya signs off the fines calculator releases.",
        "Priya no longer signs off the fines calculator; Okonkwo does since the audit.",
        [["fines calculator", "Okonkwo"]],
        ["Priya signs off"],
    ),
    corr(
        "sign-2",
        "signoff",
        "Releases of the RFID gate bridge are approved by Halvard.",
        "Halvard doesn't approve the RFID gate bridge releases anymore, Seo-yeon does.",
        [["RFID gate", "Seo-yeon"]],
        ["approved by Halvard"],
    ),
    corr(
        "sign-3",
        "signoff",
        "Bettina signs off schema changes to the loan ledger.",
        "Bettina no longer signs off loan ledger schema changes; Farrukh does now.",
        [["loan ledger", "Farrukh"]],
        ["Bettina signs off"],
    ),
    corr(
        "scr-1",
        "scratch",
        "The overdue notifier sends at 07:30.",
        "Scratch the 07:30 bit about the overdue notifier, I meant 06:15.",
        [["overdue notifier", "06:15"]],
        ["07:30"],
    ),
    corr(
        "scr-2",
        "scratch",
        "The catalogue indexer batches 400 records at a time.",
        "scratch the 400 part about the catalogue indexer, I meant 250 records",
        [["catalogue indexer", "250"]],
        ["400"],
    ),
    corr(
        "isnt-1",
        "isnt-on",
        "The e-book licensing proxy is on the tin cluster.",
        "The e-book licensing proxy isn't on tin anymore, it's on cobalt since the migration.",
        [["e-book licensing", "cobalt"]],
        ["tin cluster"],
    ),
    corr(
        "isnt-2",
        "isnt-on",
        "The barcode printer service runs on host lbl-02.",
        "The barcode printer service isn't on lbl-02 anymore, it's on lbl-07.",
        [["barcode printer", "lbl-07"]],
        ["runs on host lbl-02"],
    ),
    corr(
        "isnt-3",
        "isnt-on",
        "Patron portal sessions are stored in memcached.",
        "patron portal sessions aren't in memcached anymore, they're in redis",
        [["patron portal", "redis"]],
        ["stored in memcached"],
    ),
    corr(
        "cm-1",
        "correct-myself",
        "The courier sync log is kept for 14 days.",
        "Let me correct myself about the courier sync: logs stay 30 days, not 14.",
        [["courier sync", "30 days"]],
        ["14 days"],
    ),
    corr(
        "cm-2",
        "correct-myself",
        "The hold queue expires unclaimed holds after 5 days.",
        "let me correct myself about the hold queue: unclaimed holds expire after 7 days, not 5",
        [["hold queue", "7 days"]],
        ["after 5 days"],
    ),
    corr(
        "cm-3",
        "correct-myself",
        "The fines calculator caps a fine at 12 euros.",
        "Let me correct myself regarding the fines calculator: the cap is 15 euros, not 12.",
        [["fines calculator", "15 euros"]],
        ["12 euros"],
    ),
]
cases += facts
with (Path(__file__).parent / "cases.json").open("w") as out:
    json.dump({"cases": cases}, out, indent=1)
print(len(junk), len(facts))
