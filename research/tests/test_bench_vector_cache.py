"""research/bench/vector_cache.py: the benches' disk cache of model vectors returns the model's own bytes, runs the
model only on texts it has not seen, survives the process, and never serves one model's vectors for another."""

from __future__ import annotations

from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import numpy as np

from tests.scripts import load_script

cache = load_script("vector_cache.py", "vector_cache")


class CountingModel:
    """A stand-in model session: a text's vector from its characters; records every text it is asked for."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def embed(self, texts: list[str], run_lock: AbstractContextManager[Any] | None = None) -> Any:
        self.asked += texts
        rows = np.asarray([[len(t), sum(map(ord, t)) % 97, 1.0] for t in texts], dtype=np.float32)
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def test_a_cached_text_is_read_back_bitwise_and_not_embedded_again(tmp_path: Path) -> None:
    path = tmp_path / "vectors" / "m.sqlite"
    model = CountingModel()
    opened: list[int] = []

    def open_model() -> CountingModel:
        opened.append(1)
        return model

    first = cache.DiskCachedSession(path, open_model, 3)
    a = first.embed(["alpha", "beta", "alpha"])
    assert model.asked == ["alpha", "beta"]  # a text repeated in one call is embedded once
    b = first.embed(["beta", "gamma"])
    assert model.asked == ["alpha", "beta", "gamma"] and (first.hits, first.misses) == (1, 3)
    assert b[0].tobytes() == a[1].tobytes()
    first.close()

    again = cache.DiskCachedSession(path, open_model, 3)  # another process, the same file
    c = again.embed(["gamma", "alpha", "beta"])
    assert opened == [1]  # every text was on disk: the model was never opened
    assert c.tobytes() == np.stack([b[1], a[0], a[1]]).tobytes()
    assert c.dtype == np.float32 and c.shape == (3, 3)
    again.close()


def test_each_model_and_graph_has_its_own_cache_file(tmp_path: Path) -> None:
    from dataclasses import replace

    from contextlamp.embedding.onnx import SHIPPED, ModelFiles

    files = ModelFiles(Path("g.onnx"), Path("t.json"), "a" * 64, "b" * 64)
    paths = {
        cache.cache_path(tmp_path, SHIPPED["minilm"], files),
        cache.cache_path(tmp_path, SHIPPED["minilm-int8"], files),
        cache.cache_path(tmp_path, SHIPPED["minilm"], replace(files, sha256="c" * 64)),  # re-exported graph
        cache.cache_path(tmp_path, replace(SHIPPED["minilm"], passage_prefix="passage: "), files),
    }
    assert len(paths) == 4 and all(p.parent == tmp_path for p in paths)


def test_the_cached_embedder_gives_the_shipped_models_vectors(tmp_path: Path) -> None:
    """The product's embedder over the cache: the same vectors as the plain shipped embedder, from the model on the
    first call and from the file on the second (its in-memory cache bypassed)."""
    from contextlamp.embedding import create_embedder

    texts = ["I adopted a golden retriever named Biscuit.", "user: my violin recital is on Friday"]
    plain = create_embedder("minilm-int8").embed(texts)
    cached = cache.cached_embedder("minilm-int8", tmp_path)
    assert cached.identity == "all-minilm-l6-v2-int8:384"
    assert cached.embed(texts).tobytes() == plain.tobytes()
    session = cached.wait_loaded()
    assert session.embed(texts).tobytes() == plain.tobytes() and (session.hits, session.misses) == (2, 2)


def test_the_cache_lives_in_the_users_cache_directory_not_in_tmp(monkeypatch: Any, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.default_directory() == tmp_path / "xdg" / "contextlamp-bench" / "vectors"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/dir")  # the XDG spec: a relative path is ignored
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.default_directory() == tmp_path / "home" / ".cache" / "contextlamp-bench" / "vectors"
