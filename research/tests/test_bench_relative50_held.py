"""relative50_held's cases (research/bench/relative50_held.py): each question names a time relative to the asking,
the target was saved inside that time's window and every other memory of the case outside it."""

from __future__ import annotations

import sys

from contextlamp.retrieval.relative_dates import relative_window
from tests.scripts import BENCH, load_script

if str(BENCH) not in sys.path:  # the bench imports common and vector_cache beside it
    sys.path.insert(0, str(BENCH))

relative50_held = load_script("relative50_held.py", "relative50_held")


def test_only_the_target_was_saved_in_the_window_the_question_names() -> None:
    data = relative50_held.load()
    assert len(data["cases"]) == 12
    now, day = relative50_held.NOW, relative50_held.DAY_MS
    for case in data["cases"]:
        window = relative_window(case["q"], now)
        assert window is not None, case["q"]
        inside = [window[0] <= now - days * day < window[1] for days, _ in (case["target"], *case["others"])]
        assert inside == [True] + [False] * len(case["others"]), case["q"]
