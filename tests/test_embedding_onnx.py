"""The default embedder: all-MiniLM-L6-v2 exported to ONNX once, the same vectors as sentence-transformers,
and no torch in the serving process."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from contextlamp.embedding import MiniLMEmbedder, OnnxMiniLMEmbedder, default_model_cache
from contextlamp.embedding.onnx import MODEL_FILE

pytestmark = pytest.mark.model

TEXTS = [
    "We deploy with ArgoCD on Thursdays",
    "which package manager do we use?",
    "Neue Screens werden nur noch mit Jetpack Compose gebaut",
    "a",
    "The billing service stores amounts in cents. " * 40,  # longer than the 256-token window
]


def test_onnx_reproduces_the_torch_vectors() -> None:
    onnx = OnnxMiniLMEmbedder(default_model_cache()).embed(TEXTS)
    torch = MiniLMEmbedder().embed(TEXTS)
    assert onnx.shape == torch.shape == (len(TEXTS), 384)
    assert float(np.min(np.sum(onnx * torch, axis=1))) >= 0.9999
    assert np.allclose(np.linalg.norm(onnx, axis=1), 1.0, atol=1e-5)
    assert OnnxMiniLMEmbedder(default_model_cache()).identity == MiniLMEmbedder().identity  # same stores


def test_serving_with_onnx_never_imports_torch() -> None:
    OnnxMiniLMEmbedder(default_model_cache()).embed(["export once if needed"])
    code = (
        "import sys; from contextlamp.embedding import create_embedder;"
        "v = create_embedder('minilm').embed(['hello world']); "
        "print(v.shape, 'torch' in sys.modules, 'sentence_transformers' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == "(1, 384) False False"


def test_a_damaged_cached_model_is_exported_again(tmp_path: Path) -> None:
    source = default_model_cache()
    OnnxMiniLMEmbedder(source).embed(["make sure it exists"])
    shutil.copy(source / MODEL_FILE, tmp_path / MODEL_FILE)
    shutil.copy(source / f"{MODEL_FILE}.sha256", tmp_path / f"{MODEL_FILE}.sha256")
    with (tmp_path / MODEL_FILE).open("r+b") as damaged:
        damaged.seek(1000)
        damaged.write(b"\x00" * 64)
    vectors = OnnxMiniLMEmbedder(tmp_path).embed(TEXTS[:2])
    reference = OnnxMiniLMEmbedder(source).embed(TEXTS[:2])
    assert float(np.min(np.sum(vectors * reference, axis=1))) >= 0.9999


def test_repeated_queries_come_from_the_cache() -> None:
    embedder = OnnxMiniLMEmbedder(default_model_cache())
    first = embedder.embed(["what database does billing use?"])
    second = embedder.embed(["what database does billing use?", "and something new"])
    assert np.array_equal(first[0], second[0])
    assert "what database does billing use?" in embedder._cache  # pyright: ignore[reportPrivateUsage]
