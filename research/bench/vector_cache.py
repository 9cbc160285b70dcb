"""A disk cache of a shipped ONNX model's vectors, for the retrieval benches (issue #32 item 1).

Building a LongMemEval question's store (about 500 turns, 500 KB of text) is almost all model time: the 50 dev
questions hold 24 MB of turns, about an hour of CPU for the model alone on this machine, so the whole bench could
not run in 30 minutes. A vector is a function of its text on the shipped models (fp16 weights computed in
float32; the int8 graph quantises each token row on its own since #32 item 6, docs/performance.md "A vector is a
function of its text"), so a text embedded once may be read back instead of embedded again, bit for bit.

``cached_embedder`` returns the product's own ``OnnxMiniLMEmbedder`` (its prefixes, its in-memory cache, its
bulk-work handling) whose model *session* is a ``DiskCachedSession``: each ``embed`` looks its texts up in a
SQLite file and runs the real model only on the misses, in one call, then records them. Everything above the
model (chunking, likely questions, folding, the stores, the ranking) runs as it always does.

The cache file is keyed by what the vectors depend on: the model's identity and the SHA-256 of its graph and
tokenizer as the package's manifest records them (``cache_path``). A text's key is its 16-byte BLAKE2b digest
(RFC 7693), the key the embedder's in-memory cache uses (``embedding.onnx.text_key``). Several processes may
share one file (SQLite WAL, a busy timeout).
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import threading
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from contextlamp.embedding.onnx import (
    SHIPPED,
    ModelFiles,
    OnnxMiniLMEmbedder,
    Session,
    ShippedModel,
    load_session,
    text_key,
)


def default_directory() -> Path:
    """Where the benches keep the cache unless told (``--vector-cache``): ``$XDG_CACHE_HOME/contextlamp-bench/vectors``
    (``~/.cache/...`` when the variable is unset or not absolute, per the XDG Base Directory Specification), not
    the temporary directory: a cold fill of the LongMemEval-S dev file is about 150,000 model runs, and this
    machine's ``/tmp`` did not survive its restart (stop 39 lost the cache and could not run all 50 questions)."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".cache"
    return root / "contextlamp-bench" / "vectors"


LOOKUP_BATCH = 500  # keys per SELECT (under SQLite's default limit of 999 bound parameters before 3.32)
BUSY_MS = 120_000  # how long a writer waits for another process's write (ms)


def cache_path(directory: Path, model: ShippedModel, files: ModelFiles) -> Path:
    """``directory/<setting>-<digest>.sqlite``: digest = the first 16 hex digits of SHA-256 over the model's
    identity, passage prefix and its graph's and tokenizer's manifest digests, so another graph (even under the
    same identity) or prefix gets another file."""
    parts = [model.identity, model.passage_prefix, files.sha256 or str(files.graph), files.tokenizer_sha256 or ""]
    digest = hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()[:16]
    return directory / f"{model.setting}-{digest}.sqlite"


class DiskCachedSession:
    """A ``Session`` (``embedding.onnx``) reading vectors already computed for a text from a SQLite file and
    running ``open_model()`` (opened at the first miss, so a fully cached run never loads the model) on the
    rest. Vectors are stored as the model's ``float32`` bytes: a hit is bitwise the model's output.

    Args:
        path: the cache file (created with its directory).
        open_model: opens the real session (``load_session``).
        dim: the vectors' dimension.
    """

    def __init__(self, path: Path, open_model: Any, dim: int) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._open_model = open_model
        self._model: Session | None = None
        self.dim = dim
        self.hits = 0
        self.misses = 0
        self._lock = threading.Lock()  # one connection per session, used by the indexer's thread and the caller's
        self._opening = threading.Lock()
        self._db = sqlite3.connect(str(path), timeout=BUSY_MS / 1000, check_same_thread=False, isolation_level=None)
        self._db.execute(f"PRAGMA busy_timeout={BUSY_MS}")
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("CREATE TABLE IF NOT EXISTS vectors (key BLOB PRIMARY KEY, vector BLOB NOT NULL)")

    def lookup(self, keys: list[bytes]) -> dict[bytes, bytes]:
        """The stored vector bytes of those of ``keys`` the file holds."""
        found: dict[bytes, bytes] = {}
        unique = list(dict.fromkeys(keys))
        with self._lock:
            for start in range(0, len(unique), LOOKUP_BATCH):
                part = unique[start : start + LOOKUP_BATCH]
                marks = ",".join("?" * len(part))
                found.update(self._db.execute(f"SELECT key, vector FROM vectors WHERE key IN ({marks})", part))
        return found

    def embed(self, texts: list[str], run_lock: AbstractContextManager[Any] | None = None) -> Any:
        """``(len(texts), dim) float32`` rows: read from the file, or computed by the model (misses only, one
        call, recorded in the file)."""
        import numpy as np

        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        keys = [text_key(t) for t in texts]
        found = self.lookup(keys)
        missing: dict[bytes, list[int]] = {}
        for i, key in enumerate(keys):
            raw = found.get(key)
            if raw is None:
                missing.setdefault(key, []).append(i)
            else:
                out[i] = np.frombuffer(raw, dtype=np.float32)
        self.hits += len(texts) - sum(len(v) for v in missing.values())
        if missing:
            with self._opening:  # the indexer's thread and the caller's may miss at once: one model
                if self._model is None:
                    self._model = self._open_model()
            rows = [where[0] for where in missing.values()]
            fresh = self._model.embed([texts[i] for i in rows], run_lock)
            self.misses += len(rows)
            for n, where in enumerate(missing.values()):
                out[where] = fresh[n]
            pairs = [(key, np.ascontiguousarray(fresh[n], dtype=np.float32).tobytes()) for n, key in enumerate(missing)]
            with self._lock:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.executemany("INSERT OR IGNORE INTO vectors (key, vector) VALUES (?, ?)", pairs)
                self._db.execute("COMMIT")
        return out

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()


def cached_embedder(setting: str, directory: Path, threads: int | None = None) -> OnnxMiniLMEmbedder:
    """The shipped ONNX embedder ``setting`` (``minilm``, ``minilm-int8``) whose model runs are read from, and
    recorded in, ``cache_path(directory, ...)``.

    Raises:
        KeyError: ``setting`` is not a shipped ONNX model that needs no build step (``multilingual-e5`` builds
            its graph on first use and is not cached here).
    """
    model = SHIPPED[setting]
    if model.extra:
        raise KeyError(setting)
    files = ModelFiles.bundled(None, model.manifest)
    path = cache_path(directory, model, files)
    from contextlamp.embedding.minilm import MODEL_DIM

    def opener(wanted_threads: int | None) -> Session:
        chosen = wanted_threads if wanted_threads is not None else threads

        def open_model() -> Session:
            return load_session(files) if chosen is None else load_session(files, chosen)

        return DiskCachedSession(path, open_model, MODEL_DIM)

    return OnnxMiniLMEmbedder(files=files, model=model, opener=opener)
