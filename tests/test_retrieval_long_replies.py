"""Long replies about a subject do not bury the short memory that answers (issue #32 item 1).

Imported chats hold long assistant replies that expound the user's subject (LongMemEval-S: 40 % of replies are over
2,000 characters, no evidence turn is): each is related to a question about that subject in most of its parts, so
it ranks high by meaning and by words without answering, its best part no closer to the question than the user's
own short turn. The short memory holding the user's fact must stay on top; a long memory whose one paragraph answers
stays found (tests/test_retrieval_long_paraphrase.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.embedding import create_embedder
from contextlamp.storage import StoreRegistry

REPLY_PARTS = [
    "Camping in Yosemite is a wonderful idea, and a few days there can be unforgettable.",
    "For a Yosemite camping trip, reserve a campsite early: the valley campgrounds fill within minutes of opening.",
    "Bring layers for your camping days in Yosemite; nights in the park get cold even in summer.",
    "Store all food in the bear lockers at your Yosemite campsite, including toiletries and anything with a scent.",
    "A good camping plan for Yosemite spends a day in the valley, a day at Glacier Point and a day in Tuolumne.",
    "If you camp in Yosemite's backcountry you need a wilderness permit, and you should pick the trailhead ahead.",
    "For a family camping trip in Yosemite, the Mist Trail and Mirror Lake are easy hikes with great views.",
    "Check the Yosemite road conditions before you go camping; Tioga Road closes for much of the year.",
    "Pack a camp stove, a headlamp and a water filter for your days of camping in Yosemite.",
    "Many campers in Yosemite like to watch the sunset from Tunnel View on their last evening in the park.",
]
QUESTION = "How many days did I spend camping in Yosemite?"
FACT = "I spent five days camping in Yosemite with my sister last June, it rained on the third day"


@pytest.fixture(scope="module")
def embedder() -> Any:
    return create_embedder("minilm-int8")  # the default for new data (embedding.NEW_DATA_EMBEDDER)


def reply(n: int) -> str:
    """A long assistant reply (over 2,000 characters) about Yosemite camping in every part."""
    parts = [REPLY_PARTS[(n + i) % len(REPLY_PARTS)] for i in range(len(REPLY_PARTS))]
    text = "\n\n".join(parts + parts[::-1] + parts[:3])
    assert len(text) > 2000
    return text


def test_long_replies_about_the_subject_do_not_bury_the_fact(tmp_path: Path, embedder: Any) -> None:
    registry = StoreRegistry(tmp_path / "home", embedder.identity, embedder.dim)
    service = MemoryService(registry, embedder, indexer=Indexer(embedder.embed, inline=True))  # final vectors at once
    alice = Caller(service.principal("alice"), "cli")
    service.save_context(alice, "Can you help me plan a camping trip to Yosemite?")
    for n in range(3):
        service.save_context(alice, reply(n))
    fact = service.save_context(alice, FACT).id
    for n in range(3, 6):
        service.save_context(alice, reply(n))
    service.save_context(alice, "My sister prefers hotels to tents, but she enjoyed the trip")
    assert service.get_context(alice, QUESTION, max_results=5).packs[0].id == fact
    service.weights = replace(service.weights, located_chars=0)  # the rule is what keeps it first
    assert service.get_context(alice, QUESTION, max_results=5).packs[0].id != fact
    registry.close()
