"""The item-type classifier (distill/item_types.py; issue 16: memory_type right on every path): third-person
records are typed by what they say, an explicit label still wins, and a missing or broken weights file is a
clear error that distillation survives (it types by the cue rules)."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.distill import item_types
from contextlamp.distill.cues import cues_for
from contextlamp.distill.digest_path import digest_items
from contextlamp.distill.item_types import ItemTyper, load_model
from contextlamp.errors import ConfigError


def _types(digest: str) -> dict[str, tuple[str, str]]:
    return {item.content: (item.memory_type, item.kind) for item in digest_items(digest)}


def test_third_person_records_are_typed_by_what_they_say() -> None:
    typed = _types(
        "- The user prefers tabs over spaces in every editor\n"
        "- Deploys always go through ArgoCD, never by hand\n"
        "- The team decided to move CI from Jenkins to GitHub Actions\n"
        "- Task: Dana renews the TLS certificate by Friday\n"
        "- The billing service runs on Postgres 16\n"
    )
    assert typed["The user prefers tabs over spaces in every editor"] == ("fact", "preference")
    assert typed["Deploys always go through ArgoCD, never by hand"][0] == "instruction"
    assert typed["The team decided to move CI from Jenkins to GitHub Actions"] == ("event", "decision")
    assert typed["Task: Dana renews the TLS certificate by Friday"] == ("task", "note")
    assert typed["The billing service runs on Postgres 16"] == ("fact", "fact")


def test_records_without_a_first_person_cue_are_typed() -> None:
    typed = _types(
        "- Reply to the user in Spanish and keep answers short\n"
        "- Use kilometres, not miles, in training plans for the user\n"
        "- Staging gets every Kubernetes upgrade first, and prod waits at least one week\n"
        "- The on-call rotation will be weekly from next month\n"
        "- The user's mother's birthday is on August 22\n"
    )
    assert typed["Reply to the user in Spanish and keep answers short"] == ("instruction", "preference")
    assert typed["Use kilometres, not miles, in training plans for the user"] == ("instruction", "preference")
    assert typed["Staging gets every Kubernetes upgrade first, and prod waits at least one week"][0] == "instruction"
    assert typed["The on-call rotation will be weekly from next month"] == ("event", "decision")
    assert typed["The user's mother's birthday is on August 22"] == ("fact", "fact")  # it recurs: no event


def test_a_decision_is_an_event_and_a_todo_a_task() -> None:
    typed = _types(
        "1. We replaced Black with ruff format in all repositories\n"
        "2. Follow up with the Okta admin about SCIM next week\n"
        "3. The offsite takes place in Porto on October 14\n"
    )
    assert typed["We replaced Black with ruff format in all repositories"] == ("event", "decision")
    assert typed["Follow up with the Okta admin about SCIM next week"] == ("task", "note")
    assert typed["The offsite takes place in Porto on October 14"][0] == "event"


def test_cjk_instructions_are_instructions() -> None:
    typed = _types("- 提交信息必须使用英文\n- 所有接口一律返回 JSON\n- エラーは必ずラップしてコンテキストを付ける\n")
    assert {t[0] for t in typed.values()} == {"instruction"}
    assert _types("- 所有新服务都使用 FastAPI，不再使用 Flask") == {
        "所有新服务都使用 FastAPI，不再使用 Flask": ("event", "decision")
    }


def test_the_label_wins_over_the_classifier() -> None:
    typed = _types("- Rule: the user prefers tabs\n- Fact: we always deploy on Tuesdays\n- Decision: Postgres 16\n")
    assert typed["the user prefers tabs"] == ("instruction", "note")
    assert typed["we always deploy on Tuesdays"] == ("fact", "fact")
    assert typed["Postgres 16"] == ("event", "decision")


def test_a_decision_saved_by_a_session_is_an_event(service: MemoryService, alice: Caller) -> None:
    result = service.save_session(alice, "- The platform team chose Grafana Loki over Elasticsearch for logs")
    detail = service.resume_session(alice, session_id=result.session_id).session
    assert detail is not None and [(x.memory_type, x.kind) for x in detail.learnings] == [("event", "decision")]


def test_the_shipped_model_matches_the_features() -> None:
    model = load_model()
    assert model.cue_weights.shape == (len(item_types.TYPES), len(item_types.CUE_FEATURES))
    assert set(model.embedding_forms) <= set(item_types.FORMS)


@pytest.mark.parametrize(
    "content",
    [None, "{not json", json.dumps({"features": ["bias"], "types": []}), json.dumps({"about": "no weights"})],
)
def test_a_missing_or_broken_weights_file_is_a_clear_error(tmp_path: Path, content: str | None) -> None:
    path = tmp_path / "item_types.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_model(path)
    assert str(path) in str(caught.value) and "scripts/fit_item_types.py" in str(caught.value)


def test_distillation_survives_a_broken_weights_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    broken = tmp_path / "item_types.json"
    broken.write_text("{broken", encoding="utf-8")
    monkeypatch.setattr(item_types, "MODEL_PATH", broken)
    monkeypatch.setattr(item_types, "shipped_model", lambda: load_model(broken))
    with caplog.at_level(logging.WARNING, logger="contextlamp.distill.item_types"):
        typed = ItemTyper().types(["We decided to use pnpm", "Never push to main"], cues_for("en"))
    assert typed == [("event", "decision"), ("instruction", "note")]  # the cue rules type them
    assert "item-type model" in caplog.text and "typing items by the cue rules" in caplog.text


def _always(memory_type: str, kind: str) -> item_types.TypeModel:
    """A model that types everything as one pair (its bias), whatever the features say."""
    import numpy as np

    chosen = item_types.TYPES.index((memory_type, kind))  # type: ignore[arg-type]
    cue_weights = np.zeros((len(item_types.TYPES), len(item_types.CUE_FEATURES)))
    cue_weights[chosen, 0] = 100.0
    weights = np.zeros((len(item_types.TYPES), len(item_types.CUE_FEATURES) + len(item_types.EMBEDDING_FEATURES)))
    weights[chosen, 0] = 100.0
    return item_types.TypeModel("none", cue_weights, weights, np.eye(len(item_types.TYPES), 4))


def test_the_offline_distillers_items_are_typed_by_the_classifier(monkeypatch: pytest.MonkeyPatch) -> None:
    from contextlamp.distill import OfflineDistiller, parse_transcript

    monkeypatch.setattr(item_types, "shipped_model", lambda: _always("instruction", "note"))
    transcript = "User: We decided to move the API to Fly.io.\nUser: I need to finish the billing migration by Friday."
    items = OfflineDistiller().distill(parse_transcript(transcript))
    assert [(i.content, i.memory_type, i.kind) for i in items] == [
        ("We decided to move the API to Fly.io.", "instruction", "note"),
        ("The user needs to finish the billing migration by Friday.", "instruction", "note"),  # no task label now
    ]
    monkeypatch.setattr(item_types, "shipped_model", lambda: _always("task", "note"))
    (first, _) = OfflineDistiller().distill(parse_transcript(transcript))
    assert (first.content, first.memory_type) == ("Task: We decided to move the API to Fly.io.", "task")
