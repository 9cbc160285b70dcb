"""plain52's capture set (stop 49): the blind19/blind20 capture misses of stop 48 as classes, in 8 languages.

Classes (see ``data/plain52-held/make_cases.py``): ``aside`` (a fact said as an aside mid-conversation),
``inside`` (a fact stated inside a request), ``fence`` (a config block in a code fence pasted on purpose),
``yamlcomment`` (a config line whose component is named only in its comment), ``name`` (a bare answer that is a
person's name), ``confirm`` (a value only in the agent's words, confirmed by a short yes); look-alikes
``no-request``, ``no-question``, ``no-paste`` (logs, traces, code in fences), ``no-oneoff`` (instructions for
this task only), ``no-confirm`` (a yes to a proposal or to the moment) and ``no-name`` (a name for this task
only). Each case is one Claude Code session saved as the detached hook worker saves it (the offline path,
``junk47_held.run_case``), scored as ``capture_held`` scores; the stop hook's decision on the same transcript is
scored as ``asks_right`` / ``false_asks`` / ``missed_asks`` (``aside50_held.report``'s columns).

Data: ``data/plain52-held/cases.json`` (held out: written before the stop's product changes, read once at the
end, before and after in one run).

Usage: ``nice -n 10 python -m research plain52_held [--embedder minilm|fake] [--show] [--only CLASS]``.
"""

from __future__ import annotations

from pathlib import Path

from aside50_held import main_for

DATA = Path(__file__).resolve().parent / "data" / "plain52-held" / "cases.json"


def main() -> None:
    """Run every case and print a row per class and language, then the totals as JSON."""
    main_for(__doc__, DATA)


if __name__ == "__main__":
    main()
