"""research/bench/located_held.py, recall45's held-out check of long memories: the filler replies are long and on
the turn's words, never evidence, and the crowded conversation keeps exactly one half's questions; the paraphrase
cases share no content word with their facts."""

from __future__ import annotations

import sys
from typing import Any

from tests.scripts import BENCH, load_script

if str(BENCH) not in sys.path:  # the bench imports common, recall42_folds and retrieval_locomo beside it
    sys.path.insert(0, str(BENCH))

lh = load_script("located_held.py", "located_held")
rl = load_script("retrieval_locomo.py", "retrieval_locomo")


def conversation() -> Any:
    said = "Melanie: I painted a sunset over the lake, picture"
    turns = [rl.Turn(f"D1:{n}", f"{said} {n}", 1_000 * n) for n in range(1, 13)]
    questions = [rl.Question(f"What did Melanie paint, take {n}?", ("D1:3",), 4) for n in range(30)]
    return rl.Conversation("conv-x", turns, questions)


def test_a_filler_is_a_long_reply_on_the_words_of_its_turn_and_the_same_each_run() -> None:
    text = lh.filler("Melanie: I painted a sunset over the lake", lh._rng("conv-x", "5"))
    assert text.startswith("Assistant: ") and 2_200 <= len(text) <= 4_500
    assert any(word in text for word in ("painted", "sunset", "lake"))
    assert text == lh.filler("Melanie: I painted a sunset over the lake", lh._rng("conv-x", "5"))


def test_the_crowded_conversation_has_a_filler_every_fifth_turn_and_one_half_of_the_questions() -> None:
    conv = conversation()
    tuning, held = lh.crowded(conv, "tuning"), lh.crowded(conv, "held-out")
    fillers = [t for t in tuning.turns if t.dia_id.startswith("F")]
    assert [t.dia_id for t in fillers] == ["F5", "F10"]
    assert all(len(t.content) > 2_000 and t.dia_id not in q.evidence for t in fillers for q in conv.questions)
    assert tuning.turns[5].dia_id == "F5" and tuning.turns[5].session_ms == tuning.turns[4].session_ms
    texts = {q.text for q in tuning.questions}, {q.text for q in held.questions}
    assert texts[0] and texts[1] and not texts[0] & texts[1]  # the salt splits the questions into two halves
    assert texts[0] | texts[1] == {q.text for q in conv.questions}


def test_each_paraphrase_question_shares_no_content_word_with_its_fact() -> None:
    from contextlamp.retrieval.query import content_terms

    for _, fact, question in lh.PARAPHRASE_FACTS:
        assert not set(content_terms(question)) & set(content_terms(fact)), question
