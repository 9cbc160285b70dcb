"""Operational facts automatic capture keeps (issue #27, stop 40: the blind6 month bank's miss classes, in other
words and another domain): where a thing lives, runs, is billed or documented, or which id, host or path it uses,
said with any present-tense verb or a copula, so long as an identifier follows (a path, a host, port@host, an id
mixing letters and digits, a slug); and the ordinary sentences beside them that must still not be kept.
"""

from __future__ import annotations

import pytest

from contextlamp.distill.offline import OfflineDistiller
from contextlamp.distill.transcript import Turn


def _items(*said: str) -> list[str]:
    turns: list[Turn] = []
    for text in said:
        turns += [Turn("user", text), Turn("assistant", "Noted.")]
    return [i.content for i in OfflineDistiller().distill(turns)]


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("The parcel router's runbook is OPS-2231 on the ops wiki.", "OPS-2231"),
        ("The customs exporter expects its manifests in /srv/customs/in.", "/srv/customs/in"),
        ("The depot scanners burn through the data plan of account tel-88412.", "tel-88412"),
        ("The route optimiser bills its compute to fin-routing, so mind the budget.", "fin-routing"),
        ("The yard camera feed is archived on nvr-3.depot.internal.", "nvr-3.depot.internal"),
        ("The sorter's playbook got rewritten as OPS-3120; OPS-977 is retired.", "OPS-3120"),  # a change "as" V
        # what would go wrong, said to explain a setting, is no problem of the moment
        ("HTTPS_PROXY for the tracking poller has to point at 3128@proxy-two, otherwise it times out on boot.", "3128"),
    ],
)
def test_an_operational_fact_with_any_verb_and_an_identifier_is_kept(said: str, value: str) -> None:
    kept = _items(said)
    assert len(kept) == 1 and value in kept[0]


@pytest.mark.parametrize(
    "said",
    [
        "Please send Marta the depot list when the export finishes.",  # a request whose object is a person
        "The label printer keeps 500ing on the dock laptops.",  # a problem of the moment
        "The route optimiser takes its time on big batches.",  # no identifier: nothing a person would look up
        "The archive keeps everything for a while.",
    ],
)
def test_ordinary_sentences_beside_them_are_not_kept(said: str) -> None:
    assert _items(said) == []


def test_a_request_after_the_fact_is_cut_off() -> None:
    assert _items("The sorting robot's runbook is OPS-977 in the wiki, read that before you reboot it.") == [
        "The sorting robot's runbook is OPS-977 in the wiki"
    ]


@pytest.mark.parametrize(
    "said",
    [
        "Always works.",  # a reply of two words states nothing alone
        "ok I should get some rest now, bye",  # a sentence that signs off
        "Our kids rewatched the finale again yesterday.",  # a one-off event
        "This morning I rebooted the depot router by hand.",  # dated only by the day it was said
        "the neighbours hammered all afternoon, so my head hurts",
        "awk '{print $2}' access.log | sort | uniq -c",  # a shell one-liner pasted without a fence
        "Нет, ничего, просто скучно.",  # an idle opener of another language
        "Top, bedankt!",
    ],
)
def test_small_talk_that_the_session_model_used_to_catch_keeps_nothing(said: str) -> None:
    # the fitted session model (distill/chatter.py) is gone since stop 40; the rules keep none of these
    assert _items(said) == []
