"""What capture keeps of blind10's open classes (issue #27, stop 44), in other words than the bank's: a fact said
right after a request or a question, with "it" for the thing the request named; relations said with more verbs
("looks after", "gives up after", "starts at", "we went with V for the X"); a consequence clause
after a setting is no failure of the moment; spoken openers ("oh wait,", "turns out") removed. And what must stay
out: the request and the question themselves, a request with nothing after it, "it" after a request that named
nothing of the setup.
"""

from __future__ import annotations

import pytest

from contextlamp.distill.offline import OfflineDistiller
from contextlamp.distill.transcript import Turn


def _items(*said: str) -> list[str]:
    turns: list[Turn] = [Turn("user", "morning, on the kiln scheduler repo today"), Turn("assistant", "Hello.")]
    for text in said:
        turns += [Turn("user", text), Turn("assistant", "Okay.")]
    return [i.content for i in OfflineDistiller().distill(turns)]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "could you add a dry-run flag to the glaze mixer? it reads recipes from /srv/glaze/recipes, so keep "
            "that path",
            "The glaze mixer reads recipes from /srv/glaze/recipes",
        ),
        (
            "why is the firing logger so slow at night? it's on pg-kiln-02, if that matters",
            "The firing logger is on pg-kiln-02",
        ),
        (
            "can you tidy the imports in the clay inventory? it uses peewee for the tables",
            "The clay inventory uses peewee for the tables",
        ),
    ],
)
def test_a_fact_said_after_a_request_or_a_question_is_kept_without_them(said: str, kept: str) -> None:
    assert _items(said) == [kept]


@pytest.mark.parametrize(
    "said",
    [
        "could you add a dry-run flag to the glaze mixer?",
        "why is the firing logger so slow at night?",
        "can you look at the error? it's weird",
        "please rename the variable, it reads badly",
        "don't deploy the glaze mixer until Rosa is back",
        "do not restart anything until the kiln room opens",
    ],
)
def test_the_request_or_question_alone_is_not_kept(said: str) -> None:
    assert _items(said) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Rosa Imbert looks after the glaze mixer", "Rosa Imbert looks after the glaze mixer"),
        ("the kiln controller gives up after 40 seconds", "The kiln controller gives up after 40 seconds"),
        ("the cooling monitor starts at 04:10 every day", "The cooling monitor starts at 04:10 every day"),
        ("we went with tomlkit for the recipe loader", "We went with tomlkit for the recipe loader"),
        (
            "the clay inventory — writes to inv.events, nothing else",
            "The clay inventory — writes to inv.events, nothing else",
        ),
        ("oh wait, the firing logger stores runs in /var/kiln/runs", "The firing logger stores runs in /var/kiln/runs"),
        ("turns out the kiln controller polls every 15s", "The kiln controller polls every 15s"),
    ],
)
def test_relations_said_with_more_verbs_and_spoken_openers(said: str, kept: str) -> None:
    assert _items(said) == [kept]


def test_a_consequence_after_a_setting_is_no_failure_of_the_moment() -> None:
    said = "the kiln controller gives up after 40 seconds, so slow thermocouples time out"
    assert _items(said) == ["The kiln controller gives up after 40 seconds, so slow thermocouples time out"]
    assert _items("the kiln controller times out every night") == []  # a failure said as such stays out


def test_a_pasted_syslog_line_is_no_memory() -> None:
    paste = (
        "Jun 12 03:14:07 kiln01 firing-logger[811]: thermocouple 3 read failed\n"
        "Jun 12 03:14:09 kiln01 systemd[1]: firing-logger.service: Main process exited, code=exited, status=1"
    )
    assert _items(paste) == []
