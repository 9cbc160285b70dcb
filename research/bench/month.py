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
``--offline-only`` leaves it out (the offline capture alone). The agent knows which facts a slice taught; its words
come from ``month_oracle.py``: ``--oracle template`` (one generic line per fact), ``paraphrase`` (seeded wordings a
real model writes: the user's words trimmed, sentences, rules, "now uses V instead of A", bullets, project names) or
``both`` (the default: two months of the same sessions, the paraphrase's report under ``paraphrase`` and the two
headlines under ``oracles``). The agent path adds its own figures: digest requests
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

Usage: ``nice -n 10 python -m research month [--bank dev|held|fresh|blind4|...|blind22]
[--seed N] [--embedder minilm|fake] [--keep] [--misses] [--real-clock] [--offline-only]
[--oracle template|paraphrase|both] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
# the bench's parts (each re-exported here: other benches and the tests read them as ``month.X``)
from month_agent import Agent
from month_bank import (  # noqa: F401
    BANK_SEEDS,
    BANKS,
    CHATTER,
    CODE,
    DAYS,
    HELD_OUT,
    TOOL_OUTPUT,
    Attribute,
    Exchange,
    Fact,
    Session,
    exchanges,
    plan,
    plant_secret,
    said,
    secret_message,
)
from month_clients import ClaudeFile, CodexFile, GeminiFile  # noqa: F401
from month_oracle import MODES
from month_play import CLOCK_DIR, SLUG, Month, _log_text, run_session  # noqa: F401
from month_score import _KIND_PREFIX, is_echo, live_memories, retrieval, secrets_on_disk


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
    parser.add_argument(
        "--oracle",
        choices=(*MODES, "both"),
        default="both",
        help="the agent's words (month_oracle.py): the generic template, a seeded paraphrase, or both (two months, "
        "the same sessions; the paraphrase's report under 'paraphrase')",
    )
    args = parser.parse_args(argv)
    if args.seed is None:
        args.seed = BANK_SEEDS[args.bank]
    exe_path = shutil.which("contextlamp", path=str(Path(sys.executable).parent)) or shutil.which("contextlamp")
    exe = [exe_path] if exe_path else [sys.executable, "-m", "contextlamp"]
    if args.offline_only:
        report = play(args, exe, None)
    else:
        oracles = MODES if args.oracle == "both" else (args.oracle,)
        reports = [play(args, exe, oracle) for oracle in oracles]
        report = reports[0]
        if len(reports) > 1:
            report["paraphrase"] = reports[1]
            report["oracles"] = {r["oracle"]: _headline(r) for r in reports}
    print(json.dumps(report, indent=None if args.json else 2, ensure_ascii=False))
    return report


def _headline(report: dict[str, Any]) -> str:
    """recall@5 without project / stale / live per fact / digest requests per session, as the notes write them."""
    asks = report.get("agent", {}).get("digest_requests_per_session", "-")
    return (
        f"{report['recall_at_5_without_project']:.3f} / {report['stale_above_correction_without_project']} / "
        f"{report['live_per_fact']:.2f} / {asks}"
    )


def play(args: argparse.Namespace, exe: list[str], oracle: str | None) -> dict[str, Any]:
    """One month of ``args.bank`` in a fresh scratch folder: offline only (``oracle`` None) or with the stop hook
    and an agent writing its digest in ``oracle``'s words (``month_oracle.MODES``); the report's figures."""
    sessions, facts = plan(args.bank, args.seed)
    rng = random.Random(args.seed * 7919)
    random.seed(args.seed)
    root = Path(tempfile.mkdtemp(prefix="clp-month-"))
    began = time.perf_counter()
    try:
        month = Month(root, args.embedder, exe, month_clock=not args.real_clock)
        agent = None if oracle is None else Agent(month, oracle, seed=args.seed * 31 + 7)
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
            "oracle": oracle,
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
        return report
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
