"""plain51's capture set (stop 48): the blind17/blind18 capture misses of stop 47 as classes, in 8 languages.

Classes (see ``data/plain51-held/make_cases.py``): ``plain`` (a plain statement of one fact), ``config`` (a pasted
config snippet whose value line carries a trailing comment), ``answer`` (a bare answer to the agent's question),
``inside`` (a fact inside a longer request), ``confirm`` (a value only in the agent's words that the user
confirms); look-alikes ``no-request``, ``no-question``, ``no-banter``, ``no-status`` (status updates, the moment)
and ``no-confirm`` (a yes to the agent's proposal to do something). Each case is one Claude Code session saved as
the detached hook worker saves it (the offline path, ``junk47_held.run_case``), scored as ``capture_held``
scores; the stop hook's decision on the same transcript is scored as ``asks_right`` / ``false_asks`` /
``missed_asks`` (``aside50_held``'s columns).

Data: ``data/plain51-held/cases.json`` (held out: written before the stop's product changes, read once at the
end, before and after in one run).

Usage: ``nice -n 10 python -m research plain51_held [--embedder minilm|fake] [--show] [--only CLASS]``.
"""

from __future__ import annotations

from pathlib import Path

from aside50_held import main_for

DATA = Path(__file__).resolve().parent / "data" / "plain51-held" / "cases.json"


def main() -> None:
    """Run every case and print a row per class and language, then the totals as JSON."""
    main_for(__doc__, DATA)


if __name__ == "__main__":
    main()
