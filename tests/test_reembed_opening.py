"""The opening of ``contextlamp reembed``, one decision for both backends (``storage/shared/reembed.py``): a
store that records the target model embeds nothing and drops what an earlier run left; a run interrupted on
the way to the same model resumes; a run toward another model is abandoned and starts over. The backends'
runs themselves (interrupted, resumed, swapped in) are tests/test_reembed.py on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from contextlamp.storage.shared.reembed import ReembedOpening, reembed_opening, run_batches


@pytest.mark.parametrize(
    ("recorded", "pending", "expected"),
    [
        ("new", None, ReembedOpening.DONE),
        ("new", "new", ReembedOpening.DONE),  # the swap committed, the mark left behind
        ("new", "other", ReembedOpening.DONE),  # a run toward another model left behind
        ("old", "new", ReembedOpening.RESUME),
        (None, "new", ReembedOpening.RESUME),
        ("old", None, ReembedOpening.RESTART),
        (None, None, ReembedOpening.RESTART),
        ("old", "other", ReembedOpening.RESTART),  # another run's vectors are of the wrong model: dropped
    ],
)
def test_the_opening_of_a_reembed_toward_new(
    recorded: str | None, pending: str | None, expected: ReembedOpening
) -> None:
    assert reembed_opening(recorded, pending, "new") is expected


def test_batches_run_until_one_comes_back_empty_and_each_is_reported() -> None:
    sizes = iter([64, 64, 7, 0, 99])
    reported: list[int] = []
    assert run_batches(lambda: next(sizes), reported.append) == 135
    assert reported == [64, 64, 7]
    assert next(sizes) == 99  # nothing read past the empty batch
