"""research/bench/long_paraphrase_held46.py, recall46's held-out set of long memories: at least 40 cases, each
question sharing no content word with its fact, the fact's memory 5-30 KB with the fact at the case's place, and
distractors of the same kind beside it."""

from __future__ import annotations

import sys

from tests.scripts import BENCH, load_script

if str(BENCH) not in sys.path:  # the bench imports common, located_held and vector_cache beside it
    sys.path.insert(0, str(BENCH))

held = load_script("long_paraphrase_held46.py", "long_paraphrase_held46")


def test_each_question_shares_no_content_word_with_its_fact() -> None:
    from contextlamp.retrieval.chunks import STEM_CHARS
    from contextlamp.retrieval.query import content_terms

    cases = held.load()["cases"]
    assert len(cases) >= 40
    for _, _, fact, question in cases:
        stems = [{t[:STEM_CHARS] for t in content_terms(text)} for text in (fact, question)]
        assert stems[0] and stems[1] and not stems[0] & stems[1], question


def test_the_fact_sits_at_its_place_in_a_long_memory_among_distractors() -> None:
    data = held.load()
    for n in range(len(data["cases"])):
        texts, roles, _ = held.build_case(data, n)
        at = roles.index("fact")
        fact = data["cases"][n][2]
        memory = texts[at]
        assert 5_000 <= len(memory) <= 30_000 and sum(fact in t for t in texts) == 1 and fact in memory
        paragraphs = memory.split("\n\n")
        place = paragraphs.index(fact)
        if n % 3 == 1:  # the middle
            assert 2 < place < len(paragraphs) - 2
        else:  # right after the title, or the last paragraph
            assert place == (1 if n % 3 == 0 else len(paragraphs) - 1)
        assert sum(len(t) > 2_000 for t in texts) == 4 and len(texts) == 10
        assert sorted(r for r, t in zip(roles, texts, strict=True) if len(t) > 2_000) == sorted(held.ROLES)
        reply = texts[roles.index("reply")]
        assert reply.startswith("Assistant: ") and fact not in reply
        assert texts == held.build_case(data, n)[0]  # the same each run
