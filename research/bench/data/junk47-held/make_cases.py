"""Writes cases.json: junk47's held-out capture set (stop 45), written before any product change of the stop.

Domain: a public library's catalogue and lending software ("shelfwise"), no bench's. Classes:
- junk (chatter about the user's moment, first person, which a pronoun rewrite turns into "The user is ..."):
  max_memories 0 and drop words;
- summary-junk: a compaction summary whose lines speak about the user's moment ("The user asked to ...");
- trace: a pasted traceback or log whose last line is an exception line, for Claude Code and Gemini CLI;
- fact: durable look-alikes in the same wording (first person "I prefer", "my team uses", "I'm on the X team,
  which owns Y"), and summary lines "The user prefers X" / "The user's team uses Y": keep groups;
- ask: the stop hook's cue input; "ask": false after secrets or pasted-back injected context, true after a fact.
Run: python research/bench/data/junk47-held/make_cases.py
"""

import json
from pathlib import Path

CHATTER = [
    ("never mind, that was my own typo in the config", ["typo"]),
    ("I'm on the train so my replies will be slow", ["train"]),
    ("I'm on my laptop at home today so keep answers short", ["laptop"]),
    ("I'm fixing the flaky hold-queue tests right now", ["hold-queue"]),
    ("I asked you to rerun the barcode linter, not the whole suite", ["barcode linter"]),
    ("I'm in a meeting until 3pm so just keep going", ["meeting"]),
    ("sorry, I was away for a bit, where were we", ["away"]),
    ("I'm debugging the overdue notices job at the moment", ["overdue notices"]),
    ("I'm a bit tired today, bear with me", ["tired"]),
    ("my bad, I pasted the wrong file earlier", ["wrong file"]),
    ("I'm trying to get the renewals endpoint green before lunch", ["before lunch"]),
    ("I'm still looking at the shelf-mark parser failure", ["shelf-mark"]),
    ("I just wanted to check the ISBN validator once more", ["isbn validator"]),
    ("I'm on a slow connection, so don't paste huge diffs", ["slow connection"]),
    ("oops, that was my mistake, the fixture was fine", ["fixture"]),
    ("I'm going to grab a coffee, carry on with the refactor", ["coffee"]),
]
SUMMARY_JUNK = [
    [
        "The user asked to stabilise the hold-queue tests.",
        "The user is debugging the renewals endpoint; no decisions yet.",
    ],
    ["The user asked to look at the fines calculator failure.", "The user is on a phone and wants short answers."],
    ["The user is fixing the barcode scanner tests; nothing was decided.", "The user asked for a rerun of the linter."],
    [
        "The user wanted to check the ISBN validator again.",
        "The user is currently investigating the overdue notices job.",
    ],
    ["The user is working on the catalogue import; no conclusions yet.", "The user asked to retry the export."],
    ["The user is in a meeting and asked to continue alone.", "The user asked to stabilise the MARC parser tests."],
]
SUMMARY_JUNK_DROP = [
    "asked",
    "is debugging",
    "is fixing",
    "is on a phone",
    "wanted to check",
    "investigating",
    "is working on",
    "in a meeting",
]
TRACES = [
    (
        'the nightly sync blew up:\nTraceback (most recent call last):\n  File "shelfwise/sync.py", line 88, in run\n'
        '    batch.flush()\n  File "shelfwise/batch.py", line 41, in flush\n    raise SyncTimeout(elapsed)\n'
        "shelfwise.errors.SyncTimeout: flush took 44.7s",
        ["synctimeout", "44.7"],
    ),
    (
        'got this from the importer\nTraceback (most recent call last):\n  File "marc/reader.py", line 12, in parse\n'
        "    return Record(raw)\nmarc.errors.BadLeader: leader length 23 != 24",
        ["badleader"],
    ),
    (
        'here\'s the failure:\nTraceback (most recent call last):\n  File "fines/calc.py", line 7, in total\n'
        "    return sum(x.amount for x in items)\nTypeError: unsupported operand type(s) for +: 'int' and 'str'",
        ["unsupported operand"],
    ),
    (
        'renewals crashed again\nTraceback (most recent call last):\n  File "loans/renew.py", line 55, in renew\n'
        "    loan = Loan.get(pk)\nloans.models.Loan.DoesNotExist: Loan matching query does not exist.",
        ["doesnotexist", "matching query"],
    ),
    (
        "log from the scanner box:\n2026-12-01 10:02:11 ERROR scanner.io: read failed on /dev/ttyUSB0\n"
        "scanner.errors.DeviceGone: device disconnected after 3 retries",
        ["devicegone", "disconnected"],
    ),
]
FACTS = [
    ("I prefer rebasing feature branches over merge commits in shelfwise", [["rebas"]]),
    ("my team uses Renovate for the catalogue service's dependency bumps", [["renovate"]]),
    ("I'm on the discovery team, which owns the search indexer", [["discovery team", "search indexer"]]),
    ("the hold-queue tests run against a real Redis 7.2, never a mock", [["redis 7.2"]]),
    ("I always want migrations reviewed by Priya before they merge", [["priya", "migration"]]),
    ("fyi the overdue notices job runs at 02:30 every night from the cron box", [["02:30"]]),
    ("the fines calculator rounds to the nearest 5 cents, that's a council rule", [["5 cents"]]),
    ("we decided to keep MARC records in a separate Postgres schema called marc_raw", [["marc_raw"]]),
    ("I'm the maintainer of the barcode scanner daemon", [["maintainer", "barcode scanner"]]),
    (
        "my phone number for the pager rota is not needed, but the on-call alias is lib-oncall@shelfwise.test",
        [["lib-oncall@shelfwise.test"]],
    ),
    ("we're on Python 3.12 across all shelfwise services", [["3.12"]]),
    ("I like test names in the given_when_then style", [["given_when_then"]]),
    ("our staging catalogue lives at catalogue.staging.shelfwise.test", [["catalogue.staging.shelfwise.test"]]),
    ("the ISBN validator must accept ISBN-10 with an X check digit", [["isbn-10", "x check digit"]]),
    ("from now on, put feature flags in flags.toml, not in env vars", [["flags.toml"]]),
    ("my team deploys with Argo CD from the infra-lib repository", [["argo cd"]]),
]
SUMMARY_FACTS = [
    (["The user prefers squash merges for the catalogue repository."], [["squash merge"]]),
    (["The user's team uses Buildkite for CI."], [["buildkite"]]),
    (
        [
            "The user asked to stabilise the renewals tests.",
            "Renewal limits are 3 per loan, set by the lending policy.",
        ],
        [["3 per loan"]],
    ),
    (
        [
            "The user is fixing the MARC parser; no decisions yet.",
            "The MARC parser must reject leaders shorter than 24 bytes.",
        ],
        [["24 bytes"]],
    ),
    (["The user's team keeps patron data in the eu-west-2 region only."], [["eu-west-2"]]),
    (["The user prefers pytest fixtures over setUp methods."], [["fixture"]]),
    (["The user's on-call rotation changes every Monday at 09:00."], [["monday", "09:00"]]),
    (["The user wants the hold-queue kept in Redis, not Postgres."], [["hold-queue", "redis"]]),
    (["The user is the owner of the fines module."], [["owner", "fines module"]]),
    (["The user decided to drop support for Python 3.10."], [["3.10"]]),
    (["The user uses pnpm, not npm, for the staff web app."], [["pnpm"]]),
    (["The user's team reviews every schema change on Thursdays."], [["thursday"]]),
    (["The user is responsible for the nightly catalogue export."], [["responsible", "nightly catalogue export"]]),
    (["The user keeps the release notes in docs/releases.md."], [["docs/releases.md"]]),
]
INJECTED = (
    "## Project memories (shelfwise)\n- [decision] We pin Elasticsearch to 8.11.3 for the search indexer\n"
    "- [fact] The fines calculator rounds to the nearest 5 cents\n- [note] Use get_context for more."
)
ASKS = [
    (
        "my 2FA backup codes in case I get locked out:\n4821-7730 9920-1184 3307-5526 7719-0042\n"
        "6610-2281 1193-8874 5502-3369 8840-1127",
        False,
    ),
    ("the staging DATABASE_URL is postgres://shelf:Tq9vR2mWx81@db.staging.shelfwise.test:5432/catalogue", False),
    ("here are recovery codes for the admin account: a8f3k2p9 b7d1m4q8 c6e2n5r7 d5f3o6s6 e4g4p7t5", False),
    ("our SMTP password is Zk4!pLm9qWe2 on the mailer box, don't lose it", False),
    ("the API token is ghp_4aB7cD9eF1gH3iJ5kL7mN9oP1qR3sT5uV7wX, use it for the sync", False),
    (
        "We pin Elasticsearch to 8.11.3 for the search indexer\nThe fines calculator rounds to the nearest 5 cents",
        False,
    ),
    (
        "what does this mean?\n- We pin Elasticsearch to 8.11.3 for the search indexer\n"
        "- The fines calculator rounds to the nearest 5 cents",
        False,
    ),
    ("our holds service listens on port 8443 in the staging cluster", True),
    ("from now on always run the MARC tests before pushing", True),
    ("we decided to move patron exports to the eu-west-2 bucket", True),
    ("I prefer small PRs for the catalogue repo, under 300 lines", True),
]


def main() -> None:
    cases: list[dict] = []
    for n, (text, drop) in enumerate(CHATTER):
        turns = [
            ["user", text],
            ["assistant", "Sure."],
            ["user", "ok, next the shelving report"],
            ["assistant", "Done."],
        ]
        cases.append(
            {
                "id": f"chat-{n}",
                "class": "junk-chatter",
                "client": "claude-code",
                "sessions": [turns],
                "drop": drop,
                "max_memories": 0,
            }
        )
    for n, lines in enumerate(SUMMARY_JUNK):
        turns = [["summary", "\n".join(f"- {x}" for x in lines)], ["user", "thanks, carry on"], ["assistant", "OK."]]
        cases.append(
            {
                "id": f"sumjunk-{n}",
                "class": "junk-summary",
                "client": "claude-code",
                "sessions": [turns],
                "drop": SUMMARY_JUNK_DROP,
                "max_memories": 0,
            }
        )
    for n, (text, drop) in enumerate(TRACES):
        for client in ("claude-code", "gemini-cli"):
            turns = [["user", text], ["assistant", "Looking at it."]]
            cases.append(
                {
                    "id": f"trace-{n}-{client}",
                    "class": "junk-trace",
                    "client": client,
                    "sessions": [turns],
                    "drop": drop,
                    "max_memories": 0,
                }
            )
    for n, (text, keep) in enumerate(FACTS):
        client = ("claude-code", "gemini-cli")[n % 2]
        turns = [["user", text], ["assistant", "Noted."], ["user", "ok thanks"], ["assistant", "Sure."]]
        cases.append({"id": f"fact-{n}", "class": "fact", "client": client, "sessions": [turns], "keep": keep})
    for n, (lines, keep) in enumerate(SUMMARY_FACTS):
        turns = [["summary", "\n".join(f"- {x}" for x in lines)], ["user", "thanks, carry on"], ["assistant", "OK."]]
        cases.append(
            {"id": f"sumfact-{n}", "class": "fact-summary", "client": "claude-code", "sessions": [turns], "keep": keep}
        )
    for n, (text, ask) in enumerate(ASKS):
        client = ("claude-code", "gemini-cli")[n % 2]
        turns = [
            ["user", "let's look at the renewals bug"],
            ["assistant", "Sure."],
            ["user", text],
            ["assistant", "Noted."],
        ]
        cases.append(
            {"id": f"ask-{n}", "class": "ask", "client": client, "sessions": [turns], "ask": ask, "injected": INJECTED}
        )
    about = (__doc__ or "").strip()
    out = Path(__file__).with_name("cases.json")
    out.write_text(json.dumps({"about": about, "cases": cases}, indent=1) + "\n", encoding="utf-8")
    print(len(cases))


if __name__ == "__main__":
    main()
