"""The offline distiller's fitted ranker (distill/ranker.py): what it keeps with the shipped weights and the
server's model, how it is wired (an embedder injected by the application), and when it falls back to the rules."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from contextlamp.app.compose import create_distiller
from contextlamp.app.service import Caller, MemoryService
from contextlamp.config import Settings
from contextlamp.distill import OfflineDistiller, parse_transcript, ranker
from contextlamp.distill.offline import candidates, segment
from contextlamp.distill.resolve import resolve_candidates
from contextlamp.embedding import create_embedder
from contextlamp.embedding.fake import FakeEmbedder
from contextlamp.errors import EmbeddingError
from contextlamp.storage import StoreRegistry

SESSION = (
    "User: hi there\n"
    "Assistant: Hello! How can I help?\n"
    "User: The weather in the office was grey all week and the coffee machine broke down again.\n"
    "Assistant: Sorry to hear that.\n"
    "User: The printer on the second floor jams all the time.\n"
    "User: The kitchen got a new fridge.\n"
    "User: thanks\n"
)


@pytest.fixture(scope="module")
def minilm() -> Any:
    return create_embedder("minilm")


def _model(embedder: Any, bias: float) -> ranker.RankerModel:
    """A model over ``embedder`` that keeps every candidate (large bias) or none (very negative bias)."""
    n, dim = len(ranker.FEATURES), embedder.dim
    unit = np.zeros(dim)
    unit[0] = 1.0
    return ranker.RankerModel(
        embedder=embedder.identity,
        mean=np.zeros(n),
        scale=np.ones(n),
        weights=np.zeros(n),
        bias=bias,
        threshold=0.5,
        duplicate=1.01,
        session_floor=0.5,
        durable=unit,
        noise=unit,
        kinds=np.tile(unit, (len(ranker.TYPES), 1)),
        type_weights=np.zeros((len(ranker.TYPES), len(ranker.TYPE_FEATURES))),
    )


def test_without_an_embedder_the_rules_decide() -> None:
    turns = parse_transcript(SESSION)
    assert OfflineDistiller().distill(turns) == OfflineDistiller(None).distill(turns)
    # a sentence with no durable cue is not kept by the rules
    assert not [i for i in OfflineDistiller().distill(turns) if "coffee machine" in i.content]


def test_the_statement_model_never_adds_what_the_rules_do_not_keep(embedder: FakeEmbedder) -> None:
    # issue 27 point 7: selecting items by the model's keep probability changed no held-out figure and left
    # the product; a model that would keep everything only judges whether the session is chatter
    turns = parse_transcript(SESSION)
    keep_all = OfflineDistiller(embedder, _model(embedder, 30.0)).distill(turns)
    assert keep_all == OfflineDistiller().distill(turns)
    assert not [i for i in keep_all if "coffee machine" in i.content]  # no cue: not kept, whatever the model says


def test_questions_and_talk_about_the_session_are_never_candidates(embedder: FakeEmbedder) -> None:
    turns = parse_transcript(
        "User: Should we use Postgres?\nUser: Session summary: the user said hello.\n"
        "User: Can we ship on Friday?\nUser: Is the build green?\nUser: Small talk about the weekend."
    )
    found = resolve_candidates(candidates(segment(turns, "en"), "en", wide=True))
    assert found == []


def test_a_model_fitted_for_another_embedder_falls_back_to_the_rules(embedder: FakeEmbedder) -> None:
    turns = parse_transcript(SESSION)
    other = replace(_model(embedder, 30.0), embedder="another-model:64")
    assert OfflineDistiller(embedder, other).distill(turns) == OfflineDistiller().distill(turns)


class _Failing(FakeEmbedder):
    def embed(self, texts: list[str]) -> Any:
        raise EmbeddingError("model failed")


def test_an_embedder_failure_falls_back_to_the_rules() -> None:
    failing = _Failing()
    turns = parse_transcript(SESSION)
    assert OfflineDistiller(failing, _model(failing, 30.0)).distill(turns) == OfflineDistiller().distill(turns)


def test_a_statement_and_its_clauses_are_candidates_of_the_chatter_decision() -> None:
    line = "CI runs on ubuntu-24.04 runners now, and the build cache lives in the artifacts bucket"
    turns = parse_transcript(f"User: {line}\n" + "".join(f"User: Service {n} runs on port {n}0.\n" for n in range(4)))
    found = resolve_candidates(candidates(segment(turns, "en"), "en", wide=True))
    assert [c.part for c, _ in found][:3] == [False, True, True]


def test_a_short_session_is_distilled_by_the_rules(embedder: FakeEmbedder) -> None:
    turns = parse_transcript("User: The ledger database is PostgreSQL 16.\nUser: thanks")
    assert OfflineDistiller(embedder, _model(embedder, -30.0)).distill(turns) == OfflineDistiller().distill(turns)
    assert OfflineDistiller().distill(turns)  # kept


def test_the_service_ranks_with_its_own_embedder(tmp_path: Path, embedder: FakeEmbedder) -> None:
    registry = StoreRegistry(tmp_path, embedder.identity, embedder.dim)
    try:
        service = MemoryService(registry, embedder)
        built = service.distiller._build()  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
        assert built._turns._embedder is embedder  # behind the digest path  # pyright: ignore[reportUnknownMemberType]
    finally:
        registry.close()
    distiller = create_distiller(Settings(), embedder)
    built = distiller._build()  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
    assert built._turns._embedder is embedder  # pyright: ignore[reportUnknownMemberType]


def test_the_shipped_weights_are_for_these_features_and_the_shipped_model(minilm: Any) -> None:
    doc = json.loads(ranker.WEIGHTS_PATH.read_text(encoding="utf-8"))
    model = ranker.RankerModel.from_json(doc)
    assert model.embedder == minilm.identity
    assert len(model.weights) == len(ranker.FEATURES)
    split = json.loads(
        (Path(__file__).parent.parent / "research" / "bench" / "data" / "distill" / "split.json").read_text()
    )
    assert set(doc["files"]) <= set(split["tuning"])  # fitted on the tuning half only


def test_with_the_shipped_model_durable_statements_are_kept_and_chatter_is_not(minilm: Any) -> None:
    distiller = OfflineDistiller(minilm)
    session = parse_transcript(
        "User: hey, quick one before the release\n"
        "Assistant: Sure, what do you need?\n"
        "User: From now on we deploy the billing service only on Thursdays, never on Fridays.\n"
        "Assistant: Got it, I'll keep that in mind.\n"
        "User: We chose Stripe over Adyen for the new checkout because of its SEPA support.\n"
        "Assistant: Noted.\n"
        "User: cool, thanks, bye\n"
    )
    kept = [i.content for i in distiller.distill(session)]
    assert any("Thursdays" in k for k in kept)
    assert any("Stripe" in k for k in kept)
    assert not [k for k in kept if "thanks" in k.lower()]
    chatter = parse_transcript("User: hello!\nAssistant: Hi!\nUser: just testing the mic, thanks\nAssistant: Bye!")
    assert distiller.distill(chatter) == []


def test_save_session_keeps_what_the_ranker_chose(tmp_path: Path, minilm: Any) -> None:
    registry = StoreRegistry(tmp_path, minilm.identity, minilm.dim)
    try:
        service = MemoryService(registry, minilm)
        caller = Caller(service.principal("alice"), "test")
        result = service.save_session(
            caller, "User: We chose Stripe over Adyen for the new checkout because of its SEPA support.\nUser: thanks"
        )
        assert result.total == 1
        listed = service.list_context(caller, 10)
        assert "Stripe" in listed.items[0].title
    finally:
        registry.close()


SMALL_TALK_KO = (
    "User: 안녕하세요\n"
    "Assistant: 안녕하세요! 무엇을 도와드릴까요?\n"
    "User: 어제 축구 경기가 정말 재미있었어요 마지막 골이 대단했어요\n"
    "Assistant: 그렇군요!\n"
    "User: 주말에는 그냥 집에서 쉬면서 영화를 봤어요\n"
    "User: 오늘은 날씨가 맑고 따뜻해서 기분이 좋네요\n"
    "User: 고마워요\n"
)


def test_a_small_talk_session_the_ranker_judges_chatter_saves_nothing(embedder: FakeEmbedder) -> None:
    # Korean has no cue list: the rules alone keep every longer statement, so before the session-level
    # chatter decision a session the ranker kept nothing of fell back to the rules and saved small talk
    turns = parse_transcript(SMALL_TALK_KO)
    assert OfflineDistiller().distill(turns)  # the rules alone would keep something
    chatter = replace(_model(embedder, -30.0), chatter_floor=0.2)
    assert OfflineDistiller(embedder, chatter).distill(turns) == []


def test_a_stated_fact_with_a_cue_is_never_vetoed_as_chatter(embedder: FakeEmbedder) -> None:
    turns = parse_transcript(
        "User: Hi!\nAssistant: Hello, what are we doing today?\n"
        "User: Our design system lives in the ui-kit repository.\nUser: by the way the weather is nice\n"
        "User: ok\nUser: Thanks, bye!"
    )
    chatter = replace(_model(embedder, -30.0), chatter_floor=0.2)
    kept = [i.content for i in OfflineDistiller(embedder, chatter).distill(turns)]
    assert kept == ["Our design system lives in the ui-kit repository."]


def test_a_task_cue_in_small_talk_does_not_save_the_session(embedder: FakeEmbedder) -> None:
    turns = parse_transcript(
        "User: hey!\nAssistant: Hi! How was your weekend?\nUser: good, I need to get a new bike at some point\n"
        "User: the weather was lovely\nUser: ok, thanks\nUser: bye"
    )
    assert OfflineDistiller().distill(turns) == []  # a task without what and by when is no memory (durable.py)
    chatter = replace(_model(embedder, -30.0), chatter_floor=0.2)
    assert OfflineDistiller(embedder, chatter).distill(turns) == []


def test_a_number_in_small_talk_does_not_save_the_session(minilm: Any) -> None:
    # a fact cue fired only by a digit (a match's score, a distance) kept a session of small talk: the
    # chatter decision took any fact cue as a stated fact
    session = parse_transcript(
        "Usuario: ¡hola! ¿qué tal el fin de semana?\nAsistente: ¡Bien! ¿Y el tuyo?\n"
        "Usuario: genial jaja, ganamos 2-1 el domingo\nAsistente: ¡Enhorabuena!\n"
        "Usuario: gracias, bueno, me voy a cenar\nAsistente: ¡Que aproveche!"
    )
    assert OfflineDistiller(minilm).distill(session) == []
    # one real fact among greetings is still kept
    fact = parse_transcript(
        "User: hi!\nAssistant: Hello!\nUser: Our design system lives in the ui-kit repository.\nUser: thanks, bye"
    )
    assert [i.content for i in OfflineDistiller(minilm).distill(fact)] == [
        "Our design system lives in the ui-kit repository."
    ]


def test_a_secret_in_an_accepted_proposal_or_an_answer_is_never_stored(tmp_path: Path, minilm: Any) -> None:
    token = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    registry = StoreRegistry(tmp_path, minilm.identity, minilm.dim)
    try:
        service = MemoryService(registry, minilm)
        caller = Caller(service.principal("alice"), "test")
        service.save_session(
            caller,
            f"Assistant: Shall I use the token {token} in the release workflow?\nUser: yes\n"
            f"Assistant: Env file or {token}?\nUser: {token}\n"
            "User: We chose Stripe over Adyen for the new checkout because of its SEPA support.\n"
            "User: Releases only go out from CI via changesets, never from a laptop.\n",
        )
        stored = [service.get_entry(caller, item.id).content for item in service.list_context(caller, 50).items]
        assert stored  # the session's real statements were kept
        assert not [e for e in stored if token.lower() in e.lower()]
    finally:
        registry.close()
