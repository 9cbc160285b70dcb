"""The second shipped embedder, ``minilm-int8``: the same model with int8 weights, its own files, manifest
(SHA-256 checked at load) and store identity, vectors close to the fp16 model's on a multilingual sample."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from contextlamp.embedding import EMBEDDERS, ModelFiles, OnnxMiniLMEmbedder, create_embedder
from contextlamp.embedding.onnx import INT8_MANIFEST_FILE, INT8_MODEL_FILE, MODEL_DIR, SHIPPED
from contextlamp.errors import EmbeddingError, EmbeddingMismatchError
from contextlamp.storage.sqlite.store import SqliteStore

# Multilingual, code, emoji, one letter, empty, longer than the 256-token window.
SAMPLE = [
    "We use pnpm, not npm, in every repository",
    "which package manager do we use?",
    "Die Android-App wurde auf Kotlin 2.0.21 aktualisiert",
    "L'application Vue utilise Pinia pour la gestion d'état",
    "¿Qué base de datos usa el servicio de facturación?",
    "Мы храним пароли только в хранилище секретов",
    "Η συνάντηση μεταφέρθηκε την Πέμπτη",
    "نستخدم بايثون في جميع الخدمات الخلفية",
    "हम हर शुक्रवार को रिलीज़ करते हैं",
    "我们每周四部署到生产环境",
    "日本語のテキストも埋め込めるはずです",
    "배포는 매주 목요일에 합니다",
    "SELECT * FROM entries WHERE topic = 'deploy-day'; -- code in memory",
    "🙂 emoji and symbols ™ © ∑",
    "x",
    "",
    "The billing service stores amounts in cents, never floats, and renders PDFs on a queue. " * 30,
]


def test_int8_is_a_shipped_embedder_with_its_own_identity_and_files() -> None:
    assert "minilm-int8" in EMBEDDERS
    fp16, int8 = SHIPPED["minilm"], SHIPPED["minilm-int8"]
    assert int8.identity != fp16.identity and int8.identity.endswith(":384")
    assert create_embedder("minilm-int8").identity == int8.identity
    assert create_embedder("minilm").identity == fp16.identity
    manifest = json.loads((MODEL_DIR / INT8_MANIFEST_FILE).read_text(encoding="utf-8"))
    assert manifest["file"] == INT8_MODEL_FILE == int8.graph
    assert manifest["bytes"] == (MODEL_DIR / INT8_MODEL_FILE).stat().st_size
    assert manifest["format"] == "int8" and manifest["made_by"].endswith("--format int8")
    assert {"sha256", "tokenizer_sha256", "source_sha256", "variant"} <= set(manifest)


def test_int8_vectors_are_close_to_the_fp16_models_on_a_multilingual_sample() -> None:
    fp16 = create_embedder("minilm").embed(SAMPLE)
    int8 = create_embedder("minilm-int8").embed(SAMPLE)
    assert int8.shape == fp16.shape == (len(SAMPLE), 384)
    assert np.allclose(np.linalg.norm(int8[:-2], axis=1), 1.0, atol=1e-5)
    cosines = np.sum(fp16 * int8, axis=1)
    assert float(cosines.min()) >= 0.97, cosines
    assert not np.allclose(fp16, int8)  # really the other model: other vectors, hence other stores


def test_a_damaged_int8_model_file_is_a_clear_error_naming_it(tmp_path: Path) -> None:
    model = tmp_path / "model"
    shutil.copytree(MODEL_DIR, model)
    with (model / INT8_MODEL_FILE).open("r+b") as file:
        file.seek(5000)
        file.write(b"\x00" * 64)  # same size, other bytes: only the digest can tell
    embedder = OnnxMiniLMEmbedder(ModelFiles.bundled(model, INT8_MANIFEST_FILE), model=SHIPPED["minilm-int8"])
    with pytest.raises(EmbeddingError) as caught:
        embedder.embed(["anything"])
    assert str(model / INT8_MODEL_FILE) in str(caught.value) and "damaged" in str(caught.value)


def test_the_shipped_int8_file_is_checked_against_its_manifest(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The default files of ``minilm-int8`` are the package's, verified: a damaged package copy is refused."""
    import contextlamp.embedding.onnx as onnx_module

    model = tmp_path / "model"
    shutil.copytree(MODEL_DIR, model)
    (model / INT8_MODEL_FILE).write_bytes((model / INT8_MODEL_FILE).read_bytes()[:-10])  # truncated
    monkeypatch.setattr(onnx_module, "MODEL_DIR", model)
    with pytest.raises(EmbeddingError) as caught:
        create_embedder("minilm-int8").embed(["anything"])
    assert str(model / INT8_MODEL_FILE) in str(caught.value)


def test_a_store_built_with_fp16_refuses_int8_naming_both_models(tmp_path: Path) -> None:
    fp16, int8 = SHIPPED["minilm"].identity, SHIPPED["minilm-int8"].identity
    path = tmp_path / "usr_a.db"
    SqliteStore(path, "usr_a", fp16, 384).close()
    with pytest.raises(EmbeddingMismatchError) as caught:
        SqliteStore(path, "usr_a", int8, 384)
    assert fp16 in str(caught.value) and int8 in str(caught.value)


@pytest.mark.parametrize("setting", ["minilm", "minilm-int8"])
def test_a_vector_is_a_function_of_its_text_alone(setting: str) -> None:
    """Issue #32 item 6: the same text embedded alone, and inside batches of other texts of other lengths (other
    padding, other activation ranges), gets the same bytes, on every shipped model. Each embedding goes through
    its own fresh embedder, so no cache answers for the model."""
    target = "Priya moved the standup to 9:30 because of the school run"
    others = [
        "x",
        "🙂",
        "The billing service stores amounts in cents, never floats, and renders PDFs on a queue. " * 12,
        "Die Android-App wurde auf Kotlin 2.0.21 aktualisiert",
        "HUGE VALUES 999999999 $$$ ### %%% " * 5,
        "which package manager do we use?",
    ]
    alone = create_embedder(setting).embed([target])[0]
    batches = [
        [target, *others],
        [*others, target],
        [others[2], target],
        [others[0], target, others[4]],
        [target, target],
    ]
    for batch in batches:
        vectors = create_embedder(setting).embed(batch)
        for row, text in enumerate(batch):
            if text == target:
                assert vectors[row].tobytes() == alone.tobytes(), (setting, batch.index(target), len(batch))
