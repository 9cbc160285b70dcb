"""The session-level chatter decision (distill/chatter.py) as a user meets it through save_session: a session
that is only small talk saves nothing in any language and format, while a chatty session that states one
durable fact keeps that fact. The sessions here are written for these tests (not in
research/bench/data/chatter-fit.json,
which the model was fitted on)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.distill import chatter, parse_transcript
from contextlamp.domain.embedding import fits
from contextlamp.embedding import create_embedder
from contextlamp.storage import StoreRegistry

SMALL_TALK = {
    "en": (
        "User: good evening! the sun finally came out after a week of rain\n"
        "Assistant: Lovely! A bit of sunshine makes all the difference.\n"
        "User: my neighbour's dog barked all night though, so I'm a bit sleepy\n"
        "Assistant: Oh no, hope you can catch up on sleep.\n"
        "User: haha yeah. ok, sounds good, see you around"
    ),
    "de": json.dumps(
        [
            {"role": "user", "content": "Servus! Na, alles fit?"},
            {"role": "assistant", "content": "Servus! Alles bestens, und bei dir?"},
            {"role": "user", "content": "Passt. Draußen schneit es wie verrückt, die Kinder freuen sich riesig"},
            {"role": "assistant", "content": "Klingt nach einem schönen Wintertag!"},
            {"role": "user", "content": "Ja, total. Okay, danke dir, bis später!"},
        ],
        ensure_ascii=False,
    ),
    "fr": (
        "## Utilisateur\nCoucou ! Tu connais une bonne blague ?\n\n"
        "## Assistant\nQu'est-ce qu'un crocodile qui surveille la pharmacie ? Un Lacoste garde !\n\n"
        "## Utilisateur\nHaha excellente, je vais la raconter ce soir\n\n"
        "## Assistant\nAvec plaisir !\n\n"
        "## Utilisateur\nMerci, bonne nuit"
    ),
    "es": (
        "Usuario: ¡buenas! qué calor hace hoy en la ciudad, madre mía\n"
        "Asistente: ¡Uf, mucha agua y sombra!\n"
        "Usuario: jaja sí, ya me tomé dos helados\n"
        "Asistente: ¡Bien hecho!\n"
        "Usuario: vale, gracias, hasta mañana"
    ),
    "pt": (
        "Usuário: e aí, beleza? fim de semana foi ótimo, fui à praia com a galera\n"
        "Assistente: Que delícia! Aproveitou o sol?\n"
        "Usuário: demais, voltei todo queimado kkk\n"
        "Assistente: Passa um protetor na próxima!\n"
        "Usuário: valeu, falou"
    ),
    "zh": (
        "用户：晚上好！今天加班好累啊\n"
        "助手：辛苦了，早点休息吧。\n"
        "用户：哈哈，好的，给我讲个笑话吧\n"
        "助手：为什么电脑很冷？因为它有很多窗口（Windows）开着。\n"
        "用户：哈哈哈，谢谢，晚安"
    ),
    "ja": (
        "ユーザー：こんばんは、今日は雨でしたね\n"
        "アシスタント：こんばんは！そうですね、ジメジメしていました。\n"
        "ユーザー：明日は晴れるといいな、ありがとう、おやすみなさい\n"
        "アシスタント：おやすみなさい！"
    ),
    "ko": (
        "## 사용자\n안녕하세요, 오늘 하루 어떠셨어요?\n\n"
        "## 어시스턴트\n좋았어요! 무엇을 도와드릴까요?\n\n"
        "## 사용자\n그냥 인사하려고요, 주말 잘 보내세요\n\n"
        "## 어시스턴트\n감사합니다, 좋은 주말 되세요!"
    ),
}

ONE_FACT = (
    "User: hey hey, happy Friday!\n"
    "Assistant: Happy Friday! Any plans for the weekend?\n"
    "User: just relaxing. oh, before I forget: I'm allergic to shellfish, so never suggest recipes with shrimp\n"
    "Assistant: Noted, no shellfish in any recipe ideas.\n"
    "User: thanks, have a good one"
)


@pytest.fixture(scope="module")
def minilm() -> Any:
    return create_embedder("minilm")


def _saved(tmp_path: Path, embedder: Any, transcript: str) -> tuple[list[str], Any]:
    """What save_session on a fresh store keeps of ``transcript`` (every stored entry's content) and its result."""
    registry = StoreRegistry(tmp_path, embedder.identity, embedder.dim)
    try:
        service = MemoryService(registry, embedder)
        caller = Caller(service.principal("alice"), "test")
        outcome = service.save_session(caller, transcript)
        stored = [service.get_entry(caller, item.id).content for item in service.list_context(caller, 50).items]
        return stored, outcome
    finally:
        registry.close()


@pytest.mark.parametrize("language", sorted(SMALL_TALK))
def test_a_session_of_small_talk_saves_nothing_in_any_language(tmp_path: Path, minilm: Any, language: str) -> None:
    stored, outcome = _saved(tmp_path, minilm, SMALL_TALK[language])
    assert stored == []
    assert outcome.total == 0 and outcome.session_id is None


def test_a_chatty_session_that_states_one_durable_fact_keeps_it(tmp_path: Path, minilm: Any) -> None:
    stored, _ = _saved(tmp_path, minilm, ONE_FACT)
    assert stored, "the allergy was lost with the small talk"
    vectors = np.asarray(minilm.embed([*stored, "The user is allergic to shellfish; never suggest shrimp."]))
    assert float((vectors[:-1] @ vectors[-1]).max()) >= 0.75  # the fact is kept, as the bench matches items
    assert not any("good one" in s for s in stored)


@pytest.mark.parametrize(
    ("text", "roles"),
    [
        ("用户：你好\n助手：你好！\n用户：再见", ["user", "assistant", "user"]),
        ("ユーザー: こんにちは\nアシスタント: こんにちは！", ["user", "assistant"]),
        ("## 사용자\n안녕\n\n## 어시스턴트\n안녕하세요", ["user", "assistant"]),
        ("Kullanıcı: merhaba\nAsistan: Merhaba!", ["user", "assistant"]),
        ("Användare: hej\nAssistent: Hej!", ["user", "assistant"]),
        ("Gebruiker: hoi\nAssistent: Hoi!", ["user", "assistant"]),
    ],
)
def test_role_labels_of_other_languages_make_turns_not_a_digest(text: str, roles: list[str]) -> None:
    # an unknown label made the whole chat one digest, whose every line (greetings too) was kept
    assert [t.role for t in parse_transcript(text)] == roles


def test_the_shipped_chatter_model_is_fitted_for_the_default_embedders(minilm: Any) -> None:
    model = chatter.shipped_model()
    assert fits(minilm, model.embedder) and fits(create_embedder("minilm-int8"), model.embedder)
    assert model.probe.shape == (minilm.dim,) and model.weights.shape == (len(chatter.FEATURES),)
    assert 0.0 < model.threshold < 1.0


def test_a_chatter_model_of_other_features_is_refused() -> None:
    doc = json.loads(chatter.WEIGHTS_PATH.read_text(encoding="utf-8"))
    doc["features"] = doc["features"][:-1]
    with pytest.raises(ValueError, match="fit_chatter"):
        chatter.ChatterModel.from_json(doc)
