"""A month of automatic capture: 21 sessions of one repository over 30 days through the real hook entry point.

Each session is written in the native transcript format of its client as the client writes it today, and
the hooks run as ``contextlamp connect`` installs them (``contextlamp hook CLIENT EVENT``, a fresh process each,
stdin JSON for Claude Code and Gemini CLI, Codex's JSON argument for ``notify``); the session-start hook's
real output is put where each client puts it:

- Claude Code (``~/.claude/projects/<dir>/<session>.jsonl``): the SessionStart ``additionalContext`` as a
  ``hook_additional_context`` attachment line; a compaction writes a ``compact_boundary`` system line and the
  user line with ``isCompactSummary`` (2.1.x wording: "This session is being continued from a previous
  conversation ... Continue the conversation from where we left off without asking the user any further
  questions."), whose summary restates the session's facts and lines of the injected context; the
  PreCompact hook runs and the compaction is written right after it returns (the client does not wait for
  the detached save); command wrappers (``<command-name>``, ``<local-command-stdout>``), system reminders,
  tool calls and their output.
- Gemini CLI (``~/.gemini/tmp/<hash>/chats/session-*.jsonl``): the injected context inside the first user
  message as ``<hook_context>…</hook_context>``; PreCompress, then a ``<state_snapshot>`` message and the
  client's fixed acknowledgement.
- Codex (``$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*-<thread>.jsonl``): the context as a developer message
  (where ``developer_instructions`` puts it), ``<environment_context>``, function calls and outputs;
  ``notify`` after every turn (so each save is a one-fact slice).

Every session also holds chatter, pasted code and logs, tool output; some hold 2FA backup codes (secrets);
later sessions correct earlier facts ("Correction: ...") and some resume a session for one more fact (a
one-fact slice). Scenarios are built from templates x facts: ``--bank dev``; the held-out ``--bank held``
(other components, attributes' phrasings and values); and ``--bank fresh``, a second held-out bank written
before the tuning that followed ``held`` (other subjects and attributes, another author voice, other
chatter, code and secret formats); ``--bank blind4``, written before the tuning of stop 37 (a game studio, its
own phrasings of destinations, handovers, rollbacks, renames, moved schedules; nine corrections; AWS, Slack and
database-URL secrets); ``--bank blind5`` (month_blind5.py, a hospital) and ``--bank blind6`` (month_blind6.py, a
university's research computing service, written before stop 39's tuning) and ``--bank blind7`` (month_blind7.py, a
water utility's operational technology, written before stop 40's tuning) and ``--bank blind8`` (month_blind8.py, an
airport's ground handling, written before stop 42's tuning) and ``--bank blind9`` (month_blind9.py, a satellite
ground station, written before stop 43's tuning) and ``--bank blind10`` (month_blind10.py, a
public library network, written before month12's tuning) and ``--bank blind11`` (month_blind11.py, a craft
brewery, written before agent44's tuning). Run the held-out banks only at the end.

By default the stop hook ``connect`` installs also runs after every agent turn and a careful agent answers its
requests through a real stdio server's ``save_session`` (``month_agent.py``: what a default install does);
``--offline-only`` leaves it out (the offline capture alone). The agent path adds its own figures: digest requests
per session, fact pauses asked (cue recall), false asks, extra agent turns and model requests.

Reported (all read from the data directory the hooks wrote):

- echoes: live memories restating contextlamp's injected context or its header, or client framing
  (compaction instructions, wrappers, reminders) -- target 0;
- live memories / distinct facts taught -- target <= 1.5;
- recall@5 of the taught facts (their current values) from ``get_context`` of a stdio server started in the
  repository WITHOUT ``project`` (and, for reference, with it) -- target >= 0.9;
- stale: corrected facts whose old value ranks above the correction (or is found while the correction is
  not) in the same top-5 -- target 0;
- secrets: planted secrets found in the data directory's bytes -- target 0;
- session starts that injected nothing (hook past its deadline), and the last session start's echo lines.

Each session is stored on its own day: the processes the bench starts read a wall clock set to the session's day
(``month_clock/``; ``--real-clock`` plays the month in the minutes it takes). ``--misses`` lists each missed or
stale fact with the top 5 it got; ``--keep`` keeps the scratch folder to read the store
(research/notes/month.md).

Usage: ``nice -n 10 python -m research month [--bank dev|held|fresh|blind4|...|blind11]
[--seed N] [--embedder minilm|fake] [--keep] [--misses] [--real-clock] [--offline-only] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

SLUG = "ledger-svc"
REMOTE = "git@github.com:acme/ledger-svc.git"
CLIENT_PLAN = ("claude-code",) * 10 + ("gemini-cli",) * 6 + ("codex",) * 5
DAYS = 30
WAIT_S = 600.0
ECHO_MARKERS = (
    "contextlamp",
    "get_context",
    "save_context",
    "saved in earlier sessions",
    "may be out of date",
    "[decision]",
    "[note]",
    "[fact]",
    "[preference]",
    "recent sessions",
    "project memories",
    "your memories",
    "continued from a previous conversation",
    "without asking the user",
    "continue with the last task",
    "where we left off",
    "ran out of context",
    "summary below",
    "earlier portion of the conversation",
    "hook_context",
    "system-reminder",
    "command-name",
    "local-command",
    "state_snapshot",
    "environment_context",
    "thanks for the additional context",
)
_KIND_PREFIX = re.compile(r"^- \[[a-z]+\] ")  # how the session start shows a memory line
_DIGEST_LINE = re.compile(r"\d{4}-\d{2}-\d{2} \((?:claude-code|codex|gemini-cli|cursor)[^)]*\)")


# ---------------------------------------------------------------------------------------------------- the facts


@dataclass(frozen=True)
class Attribute:
    """One kind of fact about a component: how it is stated, corrected and asked for, and its values."""

    name: str
    states: tuple[str, ...]  # "{c}" the component, "{v}" the value
    corrects: tuple[str, ...]  # "{c}", "{v}" the new value, "{o}" the old one
    query: str
    values: tuple[str, ...]


def _ports(rng: random.Random, n: int) -> tuple[str, ...]:
    return tuple(str(p) for p in rng.sample(range(4100, 9900), n))


BANKS: dict[str, dict[str, Any]] = {
    "dev": {
        "components": (
            "billing worker",
            "search indexer",
            "auth gateway",
            "report exporter",
            "webhook relay",
            "invoice renderer",
            "ledger api",
            "fraud scorer",
            "audit trail service",
            "currency converter",
            "notification hub",
            "payout scheduler",
        ),
        "attributes": lambda rng: (
            Attribute(
                "port",
                (
                    "The {c} listens on port {v} in staging.",
                    "FYI the {c} runs on port {v}.",
                    "Heads up: we bound the {c} to port {v}.",
                ),
                ("Correction: the {c} moved to port {v}, not {o} anymore.", "We changed the {c} port to {v}."),
                "which port does the {c} listen on",
                _ports(rng, 40),
            ),
            Attribute(
                "owner",
                ("{v} owns the {c}, ask them before touching it.", "The {c} is maintained by {v}."),
                ("Update: {v} took over the {c} from {o}.", "Actually {v} owns the {c} now, not {o}."),
                "who owns the {c}",
                ("Priya", "Tomasz", "Aiko", "Mateo", "Ingrid", "Kwame", "Noor", "Lukas", "Farah", "Dmitri", "Sanna"),
            ),
            Attribute(
                "queue",
                ("The {c} consumes from the {v} queue.", "Jobs for the {c} go through the {v} queue."),
                ("Correction: the {c} reads the {v} queue now, {o} is retired.",),
                "which queue does the {c} consume from",
                ("amber-lane", "north-dock", "slow-river", "quartz-belt", "iron-gate", "cedar-loop", "bright-pike"),
            ),
            Attribute(
                "timeout",
                ("The {c} times out after {v} seconds.", "Requests to the {c} have a {v} second timeout."),
                ("We raised the {c} timeout to {v} seconds (it was {o}).",),
                "what is the timeout of the {c}",
                tuple(str(n) for n in rng.sample(range(7, 290), 30)),
            ),
            Attribute(
                "config",
                ("Configuration for the {c} lives in {v}.", "The {c} reads its settings from {v}."),
                ("The {c} config moved to {v}; {o} is gone.",),
                "where is the {c} configured",
                tuple(f"deploy/{w}.toml" for w in ("atlas", "borealis", "cobalt", "delta9", "ember", "fjord", "gale")),
            ),
        ),
    },
    "held": {
        "components": (
            "pricing engine",
            "tax calculator",
            "session broker",
            "ledger compactor",
            "email dispatcher",
            "metrics shipper",
            "refund processor",
            "catalog sync job",
            "kyc checker",
            "settlement batcher",
            "rate limiter",
            "statement printer",
        ),
        "attributes": lambda rng: (
            Attribute(
                "host",
                ("We deploy the {c} to {v}.", "The {c} runs on the {v} host."),
                ("Correction: the {c} now runs on {v}, not {o}.",),
                "which host runs the {c}",
                tuple(f"{w}-{rng.randint(2, 98)}.internal" for w in ("kestrel", "osprey", "heron", "plover", "wren")),
            ),
            Attribute(
                "language",
                ("The {c} is written in {v}.", "Note that the {c} is a {v} codebase."),
                ("We rewrote the {c} in {v}; it is no longer {o}.",),
                "what language is the {c} written in",
                ("Kotlin", "Elixir", "Rust", "Go", "OCaml", "Scala", "Zig"),
            ),
            Attribute(
                "schedule",
                ("The {c} runs every {v} minutes.", "Cron for the {c}: every {v} minutes."),
                ("Update: the {c} now runs every {v} minutes instead of {o}.",),
                "how often does the {c} run",
                tuple(str(n) for n in rng.sample(range(3, 240), 30)),
            ),
            Attribute(
                "channel",
                ("Alerts for the {c} go to #{v}.", "Page #{v} when the {c} breaks."),
                ("Alerts for the {c} moved to #{v} (no longer #{o}).",),
                "where do alerts for the {c} go",
                ("ops-lynx", "pager-moth", "team-otter", "oncall-finch", "alerts-bison", "sre-marten"),
            ),
            Attribute(
                "bucket",
                ("The {c} writes its output to the {v} bucket.", "Output of the {c} lands in the {v} bucket."),
                ("The {c} writes to {v} now; {o} is read-only.",),
                "which bucket does the {c} write to",
                tuple(f"s3-{w}" for w in ("vault7", "granite", "harbor2", "lumen", "meridian", "tundra")),
            ),
        ),
    },
    # Written before any tuning against it and run once, at the end: other subjects, a terser author voice
    # (lower case, "fwiw", "scratch that"), other attributes (ownership by team, region, escalation rule,
    # storage destination, pinned version, retry limit), corrections of several kinds (a retraction, a
    # migration from/to, a bump without the old value), its own chatter, code, tool output and secret formats.
    "fresh": {
        "components": (
            "geocoder",
            "thumbnail service",
            "payroll exporter",
            "inventory poller",
            "sms gateway",
            "loyalty points service",
            "backup rotator",
            "feature flag service",
            "shipping quoter",
            "chat moderator",
            "pdf stamper",
            "dns updater",
        ),
        "attributes": lambda rng: (
            Attribute(
                "owner",
                (
                    "btw {v}'s team is on the hook for the {c}.",
                    "if the {c} misbehaves, {v} is the one to ping, they own it.",
                ),
                (
                    "scratch that, {o} handed the {c} over to {v} last week.",
                    "{v} is the {c} owner as of this sprint ({o} moved teams).",
                ),
                "who is responsible for the {c}",
                ("Oluwaseun", "Marisol", "Henrik", "Yusuf", "Beatriz", "Ravi", "Ottilie", "Cormac", "Leilani"),
            ),
            Attribute(
                "region",
                ("the {c} is deployed in {v}.", "fwiw the {c} only runs in the {v} region."),
                ("heads up, we migrated the {c} from {o} to {v} over the weekend.",),
                "which region is the {c} deployed in",
                ("eu-north-1", "ap-southeast-2", "us-west-2", "ca-central-1", "sa-east-1", "me-south-1", "af-south-1"),
            ),
            Attribute(
                "escalation",
                (
                    "Escalate to @{v} whenever the {c} goes down.",
                    "if the {c} throws 5xx for more than a minute, ping @{v}.",
                ),
                ("from now on escalate {c} incidents to @{v} instead of @{o}.",),
                "who do we escalate to when the {c} goes down",
                ("sre-heron", "oncall-badger", "infra-lemur", "plat-walrus", "night-owls", "team-quokka"),
            ),
            Attribute(
                "destination",
                ("the {c} dumps its results into {v}.", "everything the {c} produces is written to {v}."),
                ("the {c} stopped writing to {o}, results go to {v} now.",),
                "where does the {c} store its results",
                tuple(f"gs://{w}-archive" for w in ("pelican", "basalt", "juniper", "orchid", "saffron", "tamarind")),
            ),
            Attribute(
                "version",
                ("we pin the {c} to v{v}, don't bump it.", "the {c} is on version {v} for now."),
                ("we bumped the {c} to v{v}.", "the {c} got upgraded to {v} (was {o})."),
                "which version is the {c} pinned to",
                tuple(f"{rng.randint(1, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 19)}" for _ in range(30)),
            ),
            Attribute(
                "retries",
                ("the {c} gives up after {v} retries.", "max retries for the {c} is {v}, keep it that way."),
                ("we cut the {c} retries down to {v}; {o} was hammering upstream.",),
                "how many retries does the {c} make",
                tuple(str(n) for n in rng.sample(range(2, 60), 30)),
            ),
        ),
        "chatter": (
            ("yo, picking up where we were", "Hi! Ready when you are."),
            ("k", "👍"),
            ("wait what", "Let me explain that part again."),
            ("nice, ty", "Anytime."),
            ("can u rerun lint", "Lint is clean."),
            ("why is ci red again??", "A flaky network test timed out; rerunning fixed it."),
            ("meh, good enough for today", "Sounds good, see you next time."),
            ("hold on, reading the diff", "Sure."),
        ),
        "code": (
            "this bit is broken:\n```ts\nexport function quote(w: number) {\n  return rates[w] * 1.2\n}\n```",
            "panic: runtime error: index out of range [3] with length 3\n\ngoroutine 1 [running]:\n"
            "main.rotate(...)\n\t/src/rotate.go:88 +0x1d",
            "[2026-11-29 22:01:17] prod.ERROR: SQLSTATE[40001]: Serialization failure: 1213 Deadlock found",
            "SELECT id, stamped_at FROM pdf_jobs WHERE status = 'queued' ORDER BY id LIMIT 50;",
        ),
        "tool": (
            "npm ERR! code ELIFECYCLE\nnpm ERR! errno 1\nnpm ERR! thumbs@2.3.0 test: `vitest run`",
            " M src/quote.ts\n?? tmp/out.json\n2 files changed, 14 insertions(+), 3 deletions(-)",
        ),
        "secrets": ("codes", "github_pat", "stripe"),
    },
    # Written before any tuning in stop 37 and run once, at the end (with the old code and the final code): a
    # game studio's tools, a fourth voice (British, "for the record", "PSA"), its own phrasings of destinations
    # (bucket, table, channel, URL, folder), handovers, version bumps and rollbacks, renamed databases, moved
    # schedules, caps and paging rules; corrections with and without the old value, nine of them; other chatter,
    # code, tool output and secret formats (AWS keys, Slack bot tokens, database URLs, backup codes).
    "blind4": {
        "components": (
            "render farm",
            "asset baker",
            "matchmaker",
            "telemetry collector",
            "leaderboard service",
            "patch builder",
            "crash reporter",
            "replay archiver",
            "voice relay",
            "shader cache",
            "anti-cheat scanner",
            "localisation sync",
        ),
        "attributes": lambda rng: (
            Attribute(
                "output",
                (
                    "for the record, the {c} spits its artefacts out to {v}.",
                    "whatever the {c} generates ends up in {v}.",
                    "PSA: we point the {c}'s output at {v}.",
                ),
                (
                    "the {c} output was redirected to {v}.",
                    "the {c} now ships its output to {v} rather than {o}.",
                ),
                "where does the {c} send its output",
                (
                    "s3://halcyon-drops",
                    "analytics.crash_events_raw",
                    "#build-firehose",
                    "https://ingest.tessera.example.net/v2",
                    "/mnt/nas/replays",
                    "gs://cobble-exports",
                    "warehouse.match_stats",
                    "#telemetry-sink",
                ),
            ),
            Attribute(
                "keeper",
                (
                    "{v} is the go-to person for the {c}.",
                    "ok so the {c} belongs to {v}'s squad, anyway back to the bug.",
                ),
                (
                    "{o} passed the {c} on to {v} before going on parental leave.",
                    "ownership of the {c} transferred to {v}.",
                ),
                "who looks after the {c}",
                ("Thandiwe", "Giedre", "Emeka", "Solveig", "Anvar", "Paloma", "Ruairi", "Kaito", "Zofia"),
            ),
            Attribute(
                "release",
                ("the {c} is locked at release {v}.", "we're running {c} build {v} in prod, leave it there."),
                ("the {c} was rolled back to {v} after the crash spike.", "upgraded the {c}: {v} replaces {o}."),
                "what release of the {c} are we on",
                tuple(f"{rng.randint(2, 14)}.{rng.randint(0, 40)}.{rng.randint(1, 25)}" for _ in range(30)),
            ),
            Attribute(
                "nightly",
                ("the {c} kicks off nightly at {v} UTC.", "note for later: the {c} job fires at {v} UTC every night."),
                ("the {c} run was moved to {v} UTC (formerly {o}).", "we shifted the {c} to {v} UTC."),
                "what time does the {c} run",
                tuple(
                    f"{h:02d}:{m:02d}"
                    for h, m in zip(
                        rng.sample(range(0, 24), 20), rng.choices((5, 15, 20, 40, 45, 50), k=20), strict=True
                    )
                ),
            ),
            Attribute(
                "database",
                ("the {c} keeps its state in the {v} database.", "{c} data lives in a postgres db called {v}."),
                ("the {c} database got renamed from {o} to {v}.", "the {c} db is called {v} these days."),
                "which database does the {c} use",
                ("kraken_prod", "nimbus_main", "osprey_db", "quasar_live", "sable_core", "tarn_store", "umber_data"),
            ),
            Attribute(
                "cap",
                ("the {c} is capped at {v} requests per second.", "don't let the {c} go past {v} rps."),
                ("we lifted the {c} cap from {o} to {v} rps.", "the {c} limit is {v} rps now."),
                "what is the rate limit on the {c}",
                tuple(str(n) for n in rng.sample(range(40, 2400, 10), 30)),
            ),
            Attribute(
                "paging",
                ("when the {c} falls over, wake up @{v}.", "{c} outages get routed to @{v}."),
                ("new rule: {c} outages wake @{v}, not @{o}.", "if the {c} breaks, page @{v} from now on."),
                "who gets paged when the {c} falls over",
                ("duty-ferret", "night-crew", "oncall-gannet", "infra-yak", "rota-puffin", "sre-dingo"),
            ),
        ),
        "chatter": (
            ("right, where were we", "We were halfway through the shader cache bug."),
            ("cheers", "You're welcome."),
            ("brb coffee", "Sure."),
            ("does that compile on windows?", "It should; MSVC accepts it."),
            ("can you squash these commits", "Squashed into one."),
            ("ugh, merge conflict", "I resolved it keeping both changes."),
            ("looks fine to me, ship it", "Shipping."),
            (
                "what's the difference between those two approaches?",
                "The first copies the buffer; the second borrows it.",
            ),
        ),
        "code": (
            "this crashes on load:\n```csharp\nvoid Awake() {\n    var mesh = GetComponent<MeshFilter>().mesh;\n"
            "    mesh.RecalculateNormals();\n}\n```",
            "thread 'main' panicked at 'called `Option::unwrap()` on a `None` value', src/bake.rs:212:31\n"
            "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
            "[Shader] ERROR: 'ps_main': implicit truncation of vector type at line 88 (on d3d11)",
            "jobs:\n  bake:\n    runs-on: windows-2022\n    steps:\n      - uses: actions/checkout@v4\n"
            "      - run: ./bake.ps1 -Target All",
        ),
        "tool": (
            "running 12 tests\ntest bake::tests::uv_seams ... ok\ntest bake::tests::lod_chain ... FAILED\n\n"
            "test result: FAILED. 11 passed; 1 failed; 0 ignored",
            "CONTAINER ID   IMAGE                 STATUS         PORTS\n3f2a9c1d0b7e   relay:2.4   Up 3 hours   "
            "0.0.0.0:7777->7777/udp",
        ),
        "acks": ("Cheers, noted.", "Right, I'll remember that.", "Okay."),
        "corrections": 9,
        "secrets": ("aws", "slack", "dburl", "codes"),
    },
}


BANK_SEEDS = {"dev": 1, "held": 7, "fresh": 11, "blind4": 23}

sys.path.insert(0, str(Path(__file__).resolve().parent))
import month_blind5  # noqa: E402  (the fifth bank, #27: written apart from the tuning, run only at the end)

BANKS[month_blind5.NAME] = month_blind5.bank(Attribute)
BANK_SEEDS[month_blind5.NAME] = month_blind5.SEED
import month_blind6  # noqa: E402  (the sixth bank, #27: written apart from stop 39's tuning, run only at the end)

BANKS[month_blind6.NAME] = month_blind6.bank(Attribute)
BANK_SEEDS[month_blind6.NAME] = month_blind6.SEED
import month_blind7  # noqa: E402  (the seventh bank, #27: written apart from stop 40's tuning, run only at the end)

BANKS[month_blind7.NAME] = month_blind7.bank(Attribute)
BANK_SEEDS[month_blind7.NAME] = month_blind7.SEED
import month_blind8  # noqa: E402  (the eighth bank, #27: written apart from stop 42's tuning, run only at the end)

BANKS[month_blind8.NAME] = month_blind8.bank(Attribute)
BANK_SEEDS[month_blind8.NAME] = month_blind8.SEED
import month_blind9  # noqa: E402  (the ninth bank, #27: written apart from stop 43's tuning, run only at the end)

BANKS[month_blind9.NAME] = month_blind9.bank(Attribute)
BANK_SEEDS[month_blind9.NAME] = month_blind9.SEED
import month_blind10  # noqa: E402  (the tenth bank, #27: written apart from month12's tuning, run only at the end)

BANKS[month_blind10.NAME] = month_blind10.bank(Attribute)
BANK_SEEDS[month_blind10.NAME] = month_blind10.SEED
import month_blind11  # noqa: E402  (the eleventh bank, #27: written apart from agent44's tuning, run only at the end)

BANKS[month_blind11.NAME] = month_blind11.bank(Attribute)
BANK_SEEDS[month_blind11.NAME] = month_blind11.SEED
import month_blind12  # noqa: E402  (the twelfth bank, #27: written apart from month13's tuning, run only at the end)

BANKS[month_blind12.NAME] = month_blind12.bank(Attribute)
BANK_SEEDS[month_blind12.NAME] = month_blind12.SEED
import month_blind13  # noqa: E402  (the thirteenth bank, #27: written apart from month14's tuning, run only at the end)

BANKS[month_blind13.NAME] = month_blind13.bank(Attribute)
BANK_SEEDS[month_blind13.NAME] = month_blind13.SEED
import month_blind14  # noqa: E402  (the fourteenth bank, #27: the team's held-out bank of stop 45, run only at the end)

BANKS[month_blind14.NAME] = month_blind14.bank(Attribute)
BANK_SEEDS[month_blind14.NAME] = month_blind14.SEED
from month_agent import Agent  # noqa: E402  (the agent path: the stop hook connect installs, answered)


@dataclass
class Fact:
    """A fact taught: component, attribute, value; ``old`` when a later session corrected it."""

    component: str
    attribute: Attribute
    value: str
    old: str | None = None

    def statement(self, rng: random.Random) -> str:
        return rng.choice(self.attribute.states).format(c=self.component, v=self.value)

    def query(self) -> str:
        return self.attribute.query.format(c=self.component)

    def found_in(self, text: str, value: str) -> bool:
        low = text.lower()
        return value.lower() in low and self.component.split()[0].lower() in low


CHATTER = (
    ("morning! let's keep going on the ledger stuff", "Morning! Where do you want to start?"),
    ("ok cool", "Great."),
    ("hmm let me think", "Take your time."),
    ("thanks, that worked", "Glad it helped!"),
    ("can you run the tests again?", "Running them now."),
    ("what does this error mean?", "It means the fixture was not loaded before the test ran."),
    ("lol yes", "Right?"),
    ("sure, go ahead", "Done."),
)
CODE = (
    "here's the failing function:\n```python\ndef settle(batch):\n    for row in batch:\n"
    "        total += row.amount\n    return total\n```",
    'Traceback (most recent call last):\n  File "ledger/settle.py", line 41, in settle\n'
    "    total += row.amount\nUnboundLocalError: local variable 'total' referenced before assignment",
    "2026-11-30T09:14:03Z ERROR worker-3 Connection refused: upstream reset\n2026-11-30T09:14:04Z WARN retrying in 5s",
    "const rate = await fetchRate(pair);\nif (!rate) throw new Error('No rate for ' + pair);",
)
TOOL_OUTPUT = (
    "PASS tests/test_settle.py::test_rounding\nFAIL tests/test_settle.py::test_batch - AssertionError\n"
    "2 passed, 1 failed",
    "On branch main\nYour branch is up to date with 'origin/main'.\nnothing to commit, working tree clean",
)


def backup_codes(rng: random.Random) -> list[str]:
    """Ten GitHub-style 2FA recovery codes (``xxxxx-xxxxx``, hex)."""
    return [f"{rng.getrandbits(20):05x}-{rng.getrandbits(20):05x}" for _ in range(10)]


_ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def plant_secret(kind: str, rng: random.Random) -> list[str]:
    """A secret of ``kind`` ("codes": ten 2FA backup codes; "github_pat": a classic GitHub token, ``ghp_`` + 36;
    "stripe": a Stripe live secret key, ``sk_live_`` + 24; "aws": an AWS access key id and its secret key; "slack":
    a Slack bot token; "dburl": a database URL's password) as the strings that must never reach the disk."""
    if kind == "github_pat":
        return ["ghp_" + "".join(rng.choice(_ALNUM) for _ in range(36))]
    if kind == "stripe":
        return ["sk_live_" + "".join(rng.choice(_ALNUM) for _ in range(24))]
    if kind == "aws":
        key_id = "AKIA" + "".join(rng.choice(_ALNUM[26:]) for _ in range(16)).upper()
        return [key_id, "".join(rng.choice(_ALNUM + "/+") for _ in range(40))]
    if kind == "slack":
        parts = (str(rng.randint(10**11, 10**12 - 1)), str(rng.randint(10**11, 10**12 - 1)))
        return ["xoxb-" + "-".join(parts) + "-" + "".join(rng.choice(_ALNUM) for _ in range(24))]
    if kind == "dburl":
        return ["".join(rng.choice(_ALNUM) for _ in range(18))]
    return backup_codes(rng)


def secret_message(secret: Sequence[str]) -> str:
    """How the user pastes ``secret`` into the chat."""
    if secret[0].startswith("ghp_"):
        return f"use this token for the deploy script pls: {secret[0]}"
    if secret[0].startswith("sk_live_"):
        return f"STRIPE_SECRET_KEY={secret[0]} is what prod uses, set it in your shell"
    if secret[0].startswith("AKIA"):
        return f"aws creds for the bake box:\nAWS_ACCESS_KEY_ID={secret[0]}\nAWS_SECRET_ACCESS_KEY={secret[1]}"
    if secret[0].startswith("xoxb-"):
        return f"here's the bot token for the notifier, don't lose it {secret[0]}"
    if len(secret) == 1:
        return f"prod db is postgres://render_admin:{secret[0]}@db-7.studio.internal:5432/farm if you need it"
    return f"my github 2FA backup codes, keep them handy: {' '.join(secret)}"


@dataclass
class Session:
    """One planned session: its client, its day, the facts it teaches and corrects, whether it compacts or is
    resumed for one more fact, and the secret it holds."""

    client: str
    day: int
    teach: list[Fact] = field(default_factory=list)
    correct: list[Fact] = field(default_factory=list)
    tail: list[Fact] = field(default_factory=list)  # taught after a compaction / on resume: a one-fact slice
    compacts: bool = False
    resumes: bool = False
    secret: list[str] = field(default_factory=list)
    bank: str = "dev"


def plan(bank: str, seed: int) -> tuple[list[Session], list[Fact]]:
    """21 sessions over ``DAYS`` days teaching 45 facts (40 in the sessions' body, 5 as one-fact tails) and
    correcting 5 of them (the bank's ``corrections``, 9 in blind4) in later sessions; 8 sessions hold secrets."""
    rng = random.Random(seed)
    spec = BANKS[bank]
    attributes: tuple[Attribute, ...] = spec["attributes"](rng)
    pairs = [(c, a) for c in spec["components"] for a in attributes]
    rng.shuffle(pairs)
    used: dict[str, set[str]] = {}
    facts: list[Fact] = []
    for component, attribute in pairs[:45]:
        taken = used.setdefault(attribute.name, set())
        choices = [v for v in attribute.values if v not in taken] or list(attribute.values)
        value = rng.choice(choices)
        taken.add(value)
        facts.append(Fact(component, attribute, value))
    clients = list(CLIENT_PLAN)
    rng.shuffle(clients)
    sessions = [
        Session(client, round(i * (DAYS - 1) / (len(clients) - 1)), bank=bank) for i, client in enumerate(clients)
    ]
    body, tails = facts[:40], facts[40:]
    for i, fact in enumerate(body):
        sessions[i % 20].teach.append(fact)
    tail_sessions = [s for s in sessions[:18] if s.client != "codex"][:5]
    for session, fact in zip(tail_sessions, tails, strict=False):
        session.tail.append(fact)
        session.compacts = len(session.tail) % 2 == 1 and sessions.index(session) % 2 == 0
        session.resumes = not session.compacts
    for session in sessions:
        if session.client != "codex" and not session.tail and rng.random() < 0.3:
            session.compacts = True
    corrected = rng.sample(body[:20], spec.get("corrections", 5))
    for i, fact in enumerate(corrected):
        fact.old = fact.value
        choices = [v for v in fact.attribute.values if v not in used[fact.attribute.name]]
        choices = choices or [v for v in fact.attribute.values if v != fact.old]
        fact.value = rng.choice(choices)
        used[fact.attribute.name].add(fact.value)
        taught = body.index(fact) % 20  # the session that taught it: the correction comes in a later one
        late = sessions[max(14, taught + 1) :]
        late[i % len(late)].correct.append(fact)
    kinds = spec.get("secrets", ("codes",))
    for i, session in enumerate(rng.sample(sessions, 8)):
        session.secret = spec.get("plant_secret", plant_secret)(kinds[i % len(kinds)], rng)
    return sessions, facts


# -------------------------------------------------------------------------------------------- transcripts


@dataclass
class Exchange:
    """One user turn and the assistant's reply (``tool``: a tool call's output between them)."""

    user: str
    reply: str
    tool: str | None = None
    facts: tuple[tuple[Fact, bool], ...] = ()  # what the turn teaches: (fact, corrected) (the agent path's oracle)


def exchanges(session: Session, rng: random.Random) -> list[Exchange]:
    """The session's body: chatter, facts, corrections, code, tool output and the secret, shuffled."""
    spec = BANKS[session.bank]
    chatter, code, tool = spec.get("chatter", CHATTER), spec.get("code", CODE), spec.get("tool", TOOL_OUTPUT)
    out: list[list[Exchange]] = [[Exchange(*rng.choice(chatter))]]
    for fact in session.teach:  # a fact corrected later is first taught with its old value
        value = fact.old if fact.old is not None else fact.value
        text = rng.choice(fact.attribute.states).format(c=fact.component, v=value)
        acks = spec.get("acks", ("Got it.", "Noted, thanks.", "Understood — I'll keep that in mind."))
        out.append(said(text, rng.choice(acks), ((fact, False),)))
    for fact in session.correct:
        text = rng.choice(fact.attribute.corrects).format(c=fact.component, v=fact.value, o=fact.old)
        out.append(said(text, "Thanks for the correction, updated.", ((fact, True),)))
    out.append([Exchange(rng.choice(code), "The loop adds to `total` before it is set; initialise it to 0 first.")])
    out.append([Exchange("run the test suite please", "Two pass, one fails.", tool=rng.choice(tool))])
    if session.secret:
        out.append([Exchange(spec.get("secret_message", secret_message)(session.secret), "I won't store those.")])
    out.append([Exchange(*rng.choice(chatter))])
    head, rest = out[0], out[1:]
    rng.shuffle(rest)  # a wording over several turns stays together (one group; the shuffle draws as before)
    return [*head, *(ex for group in rest for ex in group)]


TURNS = " || "  # in a wording: user turn || the agent's reply || the user's next turn (...), the last one teaches


def said(text: str, ack: str, facts: tuple[tuple[Fact, bool], ...]) -> list[Exchange]:
    """A wording as the exchanges it takes: one turn (``ack`` the reply), or, for a wording spread over turns with
    ``TURNS`` (the fact said across two turns, or as the answer to the agent's question), the turns in order, the
    agent's own replies between them; the fact is taught by the last turn (``facts`` go there)."""
    parts = text.split(TURNS)
    pairs = [Exchange(parts[i], parts[i + 1]) for i in range(0, len(parts) - 1, 2)]
    return [*pairs, Exchange(parts[-1], ack, facts=facts)]


def _stamp(day: datetime, n: int) -> str:
    return (day + timedelta(seconds=20 * n)).strftime("%Y-%m-%dT%H:%M:%S.000Z")


class ClaudeFile:
    """Claude Code's session JSONL, written line by line as the client does."""

    def __init__(self, path: Path, session_id: str, cwd: Path, day: datetime) -> None:
        self.path, self.session_id, self.cwd, self.day = path, session_id, cwd, day
        self.n = 0
        self.parent: str | None = None
        path.parent.mkdir(parents=True, exist_ok=True)

    def _line(self, record: dict[str, Any]) -> None:
        self.n += 1
        uid = str(uuid.UUID(int=random.getrandbits(128)))
        base = {
            "parentUuid": self.parent,
            "isSidechain": False,
            "userType": "external",
            "cwd": str(self.cwd),
            "sessionId": self.session_id,
            "version": "2.1.14",
            "gitBranch": "main",
            "uuid": uid,
            "timestamp": _stamp(self.day, self.n),
        }
        self.parent = uid
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps({**base, **record}, ensure_ascii=False) + "\n")

    def injected(self, context: str) -> None:
        if context:
            attachment = {"type": "hook_additional_context", "content": [context], "hookName": "SessionStart:startup"}
            self._line({"type": "attachment", "attachment": attachment})

    def user(self, text: str) -> None:
        self._line({"type": "user", "message": {"role": "user", "content": text}})

    def assistant(self, text: str) -> None:
        content = [{"type": "text", "text": text}]
        message = {"id": f"msg_{self.n}", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5"}
        self._line({"type": "assistant", "message": {**message, "content": content}})

    def tool(self, output: str) -> None:
        call = {"type": "tool_use", "id": f"toolu_{self.n}", "name": "Bash", "input": {"command": "pytest -q"}}
        message = {"id": f"msg_{self.n}", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5"}
        self._line({"type": "assistant", "message": {**message, "content": [call]}})
        result = {"type": "tool_result", "tool_use_id": f"toolu_{self.n - 1}", "content": output}
        self._line({"type": "user", "message": {"role": "user", "content": [result]}})

    def command(self) -> None:
        self.user(
            "<command-name>/model</command-name>\n<command-message>model</command-message>\n<command-args></command-args>"
        )
        self.user("<local-command-stdout>Set model to claude-sonnet-4-5</local-command-stdout>")
        reminder = "<system-reminder>\nThe user opened the file src/ledger/settle.py in the IDE.\n</system-reminder>"
        self._line({"type": "user", "isMeta": True, "message": {"role": "user", "content": reminder}})

    def exchange(self, ex: Exchange) -> None:
        self.user(ex.user)
        if ex.tool:
            self.tool(ex.tool)
        self.assistant(ex.reply)

    def compaction(self, statements: Sequence[str], injected_lines: Sequence[str]) -> None:
        self._line(
            {"type": "system", "subtype": "compact_boundary", "content": "Conversation compacted", "isMeta": False}
        )
        body = "\n".join(
            [
                "This session is being continued from a previous conversation that ran out of context. "
                "The summary below covers the earlier portion of the conversation.",
                "",
                "Summary:",
                "1. Primary Request and Intent:",
                "   The user is working on the ledger service and asked me to fix the settle loop and run the tests.",
                "2. Key Technical Concepts:",
                *(f"   - {s}" for s in statements),
                "3. Context loaded at session start:",
                *(f"   {line}" for line in injected_lines[:6]),
                "4. Pending Tasks:",
                "   - None",
                "",
                "Please continue the conversation from where we left off without asking the user any further "
                "questions. Continue with the last task that you were asked to work on.",
            ]
        )
        self._line(
            {
                "type": "user",
                "isCompactSummary": True,
                "isVisibleInTranscriptOnly": True,
                "message": {"role": "user", "content": body},
            }
        )


class GeminiFile:
    """Gemini CLI's chat recording JSONL (one record a message; a header record first)."""

    def __init__(self, path: Path, session_id: str, day: datetime) -> None:
        self.path, self.day, self.n = path, day, 0
        path.parent.mkdir(parents=True, exist_ok=True)
        header = {"sessionId": session_id, "projectHash": "9f" * 32, "startTime": _stamp(day, 0), "kind": "main"}
        self._write(header)
        self.context = ""

    def _write(self, record: dict[str, Any]) -> None:
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")

    def _message(self, kind: str, content: Any, **extra: Any) -> None:
        self.n += 1
        self._write(
            {"id": f"m{self.n}", "timestamp": _stamp(self.day, self.n), "type": kind, "content": content, **extra}
        )

    def injected(self, context: str) -> None:
        self.context = context

    def user(self, text: str) -> None:
        if self.context:
            text = f"<hook_context>{self.context}</hook_context>\n\n{text}"
            self.context = ""
        self._message("user", [{"text": text}])

    def exchange(self, ex: Exchange) -> None:
        self.user(ex.user)
        if ex.tool:
            calls = [
                {"id": f"c{self.n}", "name": "run_shell_command", "args": {"command": "pytest"}, "result": ex.tool}
            ]
            self._message("gemini", "", toolCalls=calls)
        self._message("gemini", ex.reply, model="gemini-2.5-pro")

    def compaction(self, statements: Sequence[str], injected_lines: Sequence[str]) -> None:
        knowledge = "\n".join(f"- {s}" for s in [*statements, *injected_lines[:4]])
        snapshot = (
            "<state_snapshot>\n<overall_goal>\nFix the settle loop of the ledger service.\n</overall_goal>\n"
            f"<key_knowledge>\n{knowledge}\n</key_knowledge>\n<recent_actions>\n- Ran the tests.\n</recent_actions>\n"
            "</state_snapshot>"
        )
        self._message("user", [{"text": snapshot}])
        self._message("gemini", "Got it. Thanks for the additional context!")


class CodexFile:
    """Codex's rollout JSONL: ``{"timestamp", "type", "payload"}`` lines."""

    def __init__(self, path: Path, thread: str, cwd: Path, day: datetime) -> None:
        self.path, self.day, self.n = path, day, 0
        path.parent.mkdir(parents=True, exist_ok=True)
        self._write(
            "session_meta", {"id": thread, "timestamp": _stamp(day, 0), "cwd": str(cwd), "originator": "codex_cli_rs"}
        )
        env = (
            f"<environment_context>\n  <cwd>{cwd}</cwd>\n  <approval_policy>on-request</approval_policy>\n"
            "</environment_context>"
        )
        self._item("user", env)

    def _write(self, kind: str, payload: dict[str, Any]) -> None:
        self.n += 1
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps({"timestamp": _stamp(self.day, self.n), "type": kind, "payload": payload}) + "\n")

    def _item(self, role: str, text: str) -> None:
        kind = "output_text" if role == "assistant" else "input_text"
        self._write("response_item", {"type": "message", "role": role, "content": [{"type": kind, "text": text}]})

    def injected(self, context: str) -> None:
        if context:
            self._item("developer", context)

    def exchange(self, ex: Exchange) -> None:
        self._item("user", ex.user)
        self._write("event_msg", {"type": "user_message", "message": ex.user})
        if ex.tool:
            call = {
                "type": "function_call",
                "name": "shell",
                "arguments": '{"command":["pytest"]}',
                "call_id": f"c{self.n}",
            }
            self._write("response_item", call)
            self._write(
                "response_item", {"type": "function_call_output", "call_id": f"c{self.n - 1}", "output": ex.tool}
            )
        self._item("assistant", ex.reply)
        self._write("event_msg", {"type": "agent_message", "message": ex.reply})


# ------------------------------------------------------------------------------------------------- the run


CLOCK_DIR = Path(__file__).resolve().parent / "month_clock"


class Month:
    """A scratch HOME, data directory and repository, and the hook command lines. With ``month_clock`` the
    processes it starts read a wall clock set to the day being played (``at``): the store holds a month, not
    minutes (the time-neighbour rule, recency and expiry read the stored times)."""

    def __init__(self, root: Path, embedder: str, exe: list[str], month_clock: bool = True) -> None:
        self.root = root
        self.home = root / "home"
        self.data = root / "data"
        self.repo = root / "home" / "src" / SLUG
        (self.repo / ".git").mkdir(parents=True)
        (self.repo / ".git" / "config").write_text(
            f'[core]\n\tbare = false\n[remote "origin"]\n\turl = {REMOTE}\n', encoding="utf-8"
        )
        (self.repo / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
        self.exe = exe
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.upper().startswith(("CONTEXTLAMP_", "CODEX_"))},
            "HOME": str(self.home),
            "CONTEXTLAMP_HOME": str(self.data),
            "CONTEXTLAMP_EMBEDDER": embedder,
            "CONTEXTLAMP_USER": "dana",
            "CODEX_HOME": str(self.home / ".codex"),
        }
        if month_clock:  # every process the bench starts reads the session's day (month_clock/sitecustomize.py)
            path = os.pathsep.join(p for p in (str(CLOCK_DIR), os.environ.get("PYTHONPATH", "")) if p)
            self.env["PYTHONPATH"] = path
        self.start_times: list[float] = []
        self.last_context = ""
        self.month_clock = month_clock

    def at(self, when: datetime) -> None:
        """Set the clock of the processes started from now on to ``when`` (no effect without the month clock)."""
        if self.month_clock:
            self.env["CLP_MONTH_CLOCK_OFFSET_S"] = str((when - datetime.now(UTC)).total_seconds())

    def hook(self, client: str, event: str, stdin: dict[str, Any] | None, argv: Sequence[str] = ()) -> str:
        """Run ``contextlamp hook CLIENT EVENT`` as the client does: its stdout."""
        started = time.perf_counter()
        done = subprocess.run(
            [*self.exe, "hook", client, event, *argv],
            input=json.dumps(stdin) if stdin is not None else "",
            capture_output=True,
            text=True,
            env=self.env,
            cwd=self.repo,
            timeout=120,
            check=False,
        )
        if event == "session-start":
            self.start_times.append(time.perf_counter() - started)
        return done.stdout

    def start(self, client: str, session_id: str, transcript: Path) -> str:
        """The session-start hook's additionalContext ('' when it injected nothing)."""
        out = self.hook(client, "session-start", self._stdin(session_id, transcript, "SessionStart", source="startup"))
        try:
            context = json.loads(out).get("hookSpecificOutput", {}).get("additionalContext", "")
        except ValueError:
            context = ""
        self.last_context = context or self.last_context
        return context

    def _stdin(self, session_id: str, transcript: Path, event: str, **extra: str) -> dict[str, Any]:
        return {
            "session_id": session_id,
            "transcript_path": str(transcript),
            "cwd": str(self.repo),
            "hook_event_name": event,
            **extra,
        }

    def save(self, client: str, event: str, session_id: str, transcript: Path, name: str) -> None:
        self.hook(client, event, self._stdin(session_id, transcript, name))

    def notify(self, thread: str, user: str, reply: str) -> None:
        payload = {
            "type": "agent-turn-complete",
            "thread-id": thread,
            "turn-id": uuid.uuid4().hex,
            "cwd": str(self.repo),
            "input-messages": [user],
            "last-assistant-message": reply,
        }
        self.hook("codex", "notify", None, [json.dumps(payload)])

    def wait_for_workers(self) -> None:
        """Wait until every detached save worker the log names has exited."""
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            text = _log_text(self)  # every rotated file too: a worker logged before a rotation still runs
            pids = {int(p) for p in re.findall(r"in worker (\d+)", text)}
            if not any(Path(f"/proc/{pid}").exists() and _is_worker(pid) for pid in pids):
                return
            time.sleep(0.3)
        raise TimeoutError("save workers still running")


def _is_worker(pid: int) -> bool:
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        state = Path(f"/proc/{pid}/stat").read_text().split(") ")[-1][:1]
    except OSError:
        return False
    return b"contextlamp" in cmdline and state != "Z"


def run_session(month: Month, session: Session, day: datetime, rng: random.Random, agent: Any = None) -> None:
    """Write one session in its client's format and run its hooks; with ``agent`` (month_agent.Agent) the stop
    hook ``connect`` installs runs after every agent turn and the agent answers its requests."""
    body = exchanges(session, rng)
    sid = str(uuid.UUID(int=rng.getrandbits(128)))
    month.at(day)

    def turn(client: str, path: Path, writer: Any, ex: Exchange) -> str:
        if agent is None:
            return ex.reply
        return agent.turn(client, sid, path, writer, ex.user, ex.reply, list(ex.facts))

    if agent is not None:
        agent.begin()
    if session.client == "claude-code":
        path = month.home / ".claude" / "projects" / f"-home-src-{SLUG}" / f"{sid}.jsonl"
        claude = ClaudeFile(path, sid, month.repo, day)
        context = month.start("claude-code", sid, path)
        claude.injected(context)
        claude.command()
        for ex in body:
            claude.exchange(ex)
            turn("claude-code", path, claude, ex)
        if session.compacts:
            month.save("claude-code", "pre-compact", sid, path, "PreCompact")
            spoken = [ex.user for ex in body if any(f.component in ex.user for f in [*session.teach, *session.correct])]
            claude.compaction(spoken, context.splitlines()[2:])
        for fact in session.tail:
            if session.resumes:
                month.save("claude-code", "session-end", sid, path, "SessionEnd")
                month.wait_for_workers()
                month.start("claude-code", sid, path)
            for tail in said(fact.statement(rng), "Noted.", ((fact, False),)):
                claude.exchange(tail)
                turn("claude-code", path, claude, tail)
        month.save("claude-code", "session-end", sid, path, "SessionEnd")
    elif session.client == "gemini-cli":
        path = month.home / ".gemini" / "tmp" / ("ab" * 32) / "chats" / f"session-{day:%Y-%m-%dT%H-%M}-{sid[:8]}.jsonl"
        gemini = GeminiFile(path, sid, day)
        context = month.start("gemini-cli", sid, path)
        gemini.injected(context)
        for ex in body:
            gemini.exchange(ex)
            turn("gemini-cli", path, gemini, ex)
        if session.compacts:
            month.save("gemini-cli", "pre-compact", sid, path, "PreCompress")
            spoken = [ex.user for ex in body if any(f.component in ex.user for f in [*session.teach, *session.correct])]
            gemini.compaction(spoken, context.splitlines()[2:])
        for fact in session.tail:
            if session.resumes:
                month.save("gemini-cli", "session-end", sid, path, "SessionEnd")
                month.wait_for_workers()
                month.start("gemini-cli", sid, path)
            for tail in said(fact.statement(rng), "Noted.", ((fact, False),)):
                gemini.exchange(tail)
                turn("gemini-cli", path, gemini, tail)
        month.save("gemini-cli", "session-end", sid, path, "SessionEnd")
    else:
        now = datetime.now(UTC)
        folder = month.home / ".codex" / "sessions" / f"{now:%Y}" / f"{now:%m}" / f"{now:%d}"
        path = folder / f"rollout-{now:%Y-%m-%dT%H-%M-%S}-{sid}.jsonl"
        codex = CodexFile(path, sid, month.repo, day)
        context = month.last_context  # Codex has no session-start hook: developer instructions carry the context
        codex.injected(context)
        for ex in body:
            codex.exchange(ex)
            month.notify(sid, ex.user, turn("codex", path, codex, ex))  # Codex notifies after the Stop hooks
            time.sleep(0.05)
    month.wait_for_workers()


# ---------------------------------------------------------------------------------------------- measuring


def live_memories(month: Month) -> list[str]:
    """Every live memory: the personal store's and each project's."""

    def listing(*args: str) -> list[str]:
        texts: list[str] = []
        cursor: str | None = None
        while True:
            extra = ["--cursor", cursor] if cursor else []
            done = subprocess.run(
                [*month.exe, "list", "--json", "-n", "200", *args, *extra],
                capture_output=True,
                text=True,
                env=month.env,
                check=True,
                timeout=300,
            )
            data = json.loads(done.stdout)
            texts += [str(item.get("preview", "")) for item in data.get("items", [])]
            cursor = data.get("next_cursor")
            if not cursor:
                return texts

    done = subprocess.run(
        [*month.exe, "projects", "--json"], capture_output=True, text=True, env=month.env, check=True, timeout=300
    )
    memories = listing()
    for project in json.loads(done.stdout).get("projects", []):
        memories += listing("--project", project["id"])
    return memories


def _log_text(month: Month) -> str:
    return "".join(p.read_text(encoding="utf-8", errors="replace") for p in (month.data / "logs").glob("hooks.log*"))


def is_echo(text: str) -> bool:
    low = text.lower()
    return any(marker in low for marker in ECHO_MARKERS) or bool(_DIGEST_LINE.search(text))


async def _queries(month: Month, facts: Sequence[Fact], project: str | None) -> list[list[str]]:
    from mcp import Client, StdioServerParameters

    params = StdioServerParameters(
        command=month.exe[0], args=[*month.exe[1:], "serve"], env=month.env, cwd=str(month.repo)
    )
    out: list[list[str]] = []
    async with Client(params, read_timeout_seconds=300) as client:
        for fact in facts:
            args: dict[str, Any] = {"query": fact.query(), "max_results": 5}
            if project:
                args["project"] = project
            result = await client.call_tool("get_context", args)
            data = result.structured_content or {}
            out.append([str(p.get("text", "")) for p in data.get("packs", [])][:5])
    return out


def retrieval(
    month: Month, facts: Sequence[Fact], project: str | None, misses: list[dict[str, Any]] | None = None
) -> tuple[float, int]:
    """(recall@5 of the current values, corrected facts whose old value ranks above the new or shows alone);
    each missed or stale fact is appended to ``misses`` (query, values, the top-5 texts) when given."""
    import anyio

    ranked = anyio.run(_queries, month, facts, project)
    hits = stale = 0
    for fact, texts in zip(facts, ranked, strict=True):
        new = next((i for i, t in enumerate(texts) if fact.found_in(t, fact.value)), None)
        hits += new is not None
        is_stale = False
        if fact.old is not None:
            old = next(
                (i for i, t in enumerate(texts) if fact.found_in(t, fact.old) and not fact.found_in(t, fact.value)),
                None,
            )
            is_stale = old is not None and (new is None or old < new)
            stale += is_stale
        if misses is not None and (new is None or is_stale):
            misses.append(
                {
                    "query": fact.query(),
                    "value": fact.value,
                    "old": fact.old,
                    "miss": new is None,
                    "stale": is_stale,
                    "top5": texts,
                }
            )
    return hits / len(facts), stale


def secrets_on_disk(data: Path, secrets: Sequence[str]) -> int:
    """How many of ``secrets`` occur in the bytes of any file under ``data``."""
    blobs = [p.read_bytes() for p in data.rglob("*") if p.is_file()]
    return sum(any(s.encode() in b for b in blobs) for s in secrets)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bank", choices=sorted(BANKS), default="dev")
    parser.add_argument(
        "--seed", type=int, default=None, help="default: the bank's own (dev 1, held 7, fresh 11, blind4 23)"
    )
    parser.add_argument("--embedder", default="minilm")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder (printed)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--real-clock", action="store_true", help="store every session at the real time (the month in minutes)"
    )
    parser.add_argument("--misses", action="store_true", help="list each missed or stale fact with its top 5")
    parser.add_argument(
        "--offline-only",
        action="store_true",
        help="no stop hook: only the offline capture (the default plays the stop hook connect installs and an agent)",
    )
    args = parser.parse_args(argv)
    if args.seed is None:
        args.seed = BANK_SEEDS[args.bank]
    exe_path = shutil.which("contextlamp", path=str(Path(sys.executable).parent)) or shutil.which("contextlamp")
    exe = [exe_path] if exe_path else [sys.executable, "-m", "contextlamp"]
    sessions, facts = plan(args.bank, args.seed)
    rng = random.Random(args.seed * 7919)
    random.seed(args.seed)
    root = Path(tempfile.mkdtemp(prefix="clp-month-"))
    began = time.perf_counter()
    try:
        month = Month(root, args.embedder, exe, month_clock=not args.real_clock)
        agent = None if args.offline_only else Agent(month)
        first = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
        for session in sessions:
            run_session(month, session, first + timedelta(days=session.day, hours=rng.randint(0, 8)), rng, agent)
        month.at(first + timedelta(days=DAYS, hours=9))  # the questions are asked the day after the month
        memories = live_memories(month)
        echoes = [m for m in memories if is_echo(m)]
        misses: list[dict[str, Any]] = []
        recall, stale = retrieval(month, facts, None, misses)
        recall_project, stale_project = retrieval(month, facts, SLUG)
        secrets = [code for s in sessions for code in s.secret]
        leaked = secrets_on_disk(month.data, secrets)
        last_echo_lines = sum(
            is_echo(_KIND_PREFIX.sub("", line))
            for line in month.last_context.splitlines()
            if line.startswith("- [")  # memory lines; the digest lines of recent sessions are the header's
        )
        report = {
            "bank": args.bank,
            "mode": "offline-only" if agent is None else "agent (stop hook)",
            "seed": args.seed,
            "sessions": len(sessions),
            "facts_taught": len(facts),
            "corrected": sum(f.old is not None for f in facts),
            "live_memories": len(memories),
            "echoes": len(echoes),
            "live_per_fact": round(len(memories) / len(facts), 2),
            "recall_at_5_without_project": round(recall, 3),
            "recall_at_5_with_project": round(recall_project, 3),
            "stale_above_correction_without_project": stale,
            "stale_above_correction_with_project": stale_project,
            "secrets_planted": len(secrets),
            "secrets_on_disk": leaked,
            "session_starts_past_deadline": _log_text(month).count("session-start ran past its"),
            "session_start_s_max": round(max(month.start_times), 2) if month.start_times else None,
            "last_start_echo_lines": last_echo_lines,
            "wall_s": round(time.perf_counter() - began, 1),
            "echo_examples": echoes[:8],
        }
        if agent is not None:
            report["agent"] = agent.stats.report(len(sessions))
        if args.misses:
            report["misses"] = misses
        if args.keep:
            report["folder"] = str(root)
        print(json.dumps(report, indent=None if args.json else 2, ensure_ascii=False))
        return report
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
