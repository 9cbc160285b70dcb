"""The statement model: how likely each candidate statement of a session is worth keeping, read by the
chatter model (chatter.py) to decide whether a session is only chatter and saves nothing.

Every statement of the user's turns and digests, and each of its clauses, is a candidate
(``offline.candidates(..., wide=True)``); restatements and corrections are resolved (resolve.py) and each
survivor gets a keep probability from a logistic regression over the features below (``score``). The
offline distiller does not select items by it: the rules keep what is durable (durable.py, offline.py);
selecting by this probability changed no figure of the fresh held-out half (issue 27 point 7,
docs/sessions.md), and the selection left the product for research/scripts/fit_distill_ranker.py, which still
cross-validates it. Features (``FEATURES``, one row per candidate, all linear in the session's size):

- the speaker (the user, a digest, or an assistant proposal the user accepted) and the place in the session;
- the cue the rules found (task, decision, instruction, preference, dated event, fact, or none), the noise
  cues (chatter, offers, requests, thanks, talk about the conversation, config dumps), whether it corrects an
  earlier statement and how often it was said (restatements);
- its length in words (script.word_count), whether it holds digits or code-like tokens (``a.b``, ``x/y``,
  backticks, ``SNAKE_CASE``, ``camelCase``);
- from the embedding: the cosine to the prototype of durable statements and to the prototype of noise (the
  centroids of kept and of not-kept candidates of the tuning half), the best cosine to a prototype of each
  durable kind (centroids of the expected items of each type), its novelty against the session (1 minus the
  cosine to the mean of the session's candidates) and its closeness to the ``WINDOW`` candidates before it.

Every number of the model (feature means and scales, weights, threshold, prototypes) is in
``ranker_weights.json``, written by ``research/scripts/fit_distill_ranker.py`` from the tuning half of
``research/bench/data/distill`` with cross-validation over files; nothing is learned at run time. Logistic
regression: Bishop, *Pattern Recognition and Machine Learning* (2006), section 4.3.2.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from contextlamp.distill.cue_set import Cues
from contextlamp.distill.resolve import Candidate
from contextlamp.distill.script import word_count
from contextlamp.domain.models import Kind, MemoryType

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from contextlamp.domain.embedding import Embedder

    Matrix = npt.NDArray[np.float64]

WEIGHTS_PATH = Path(__file__).with_name("ranker_weights.json")
WINDOW = 16  # candidates before one that its closeness to earlier statements is measured against
CUE_NAMES = ("task/note", "event/decision", "instruction", "fact/preference", "event/note", "fact/fact", "")
FEATURES = tuple(
    """role_user role_digest role_assistant cue_task cue_decision cue_instruction cue_preference cue_event
    cue_fact cue_none correction mentions log_words short digits code_token place noise_chatter
    noise_offer noise_request noise_thanks noise_meta noise_assignment declarative part sim_durable
    sim_noise sim_kind novelty near_before""".split()  # noqa: SIM905
)
BASE_FEATURES = FEATURES[: FEATURES.index("sim_durable")]
TYPES: tuple[tuple[MemoryType, Kind], ...] = (  # the (memory_type, kind) pairs of the type prototypes
    ("fact", "fact"),
    ("fact", "preference"),
    ("event", "decision"),
    ("event", "note"),
    ("instruction", "note"),
    ("instruction", "preference"),
    ("task", "note"),
)
TYPE_FEATURES = ("bias", *(f"cue_{i}" for i in range(len(CUE_NAMES))), *(f"sim_{m}/{k}" for m, k in TYPES))

_DIGIT = re.compile(r"\d")
_CODE = re.compile(r"`|\w[./]\w|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b[a-z]+[A-Z]\w*")


@dataclass(frozen=True)
class RankerModel:
    """The fitted numbers (``ranker_weights.json``): standardisation (``mean``, ``scale``) and logistic weights
    (``weights``, ``bias``) of ``FEATURES``; the keep ``threshold`` on the probability, the cosine at which a
    kept item is a ``duplicate`` of a better one, and the ``session_floor`` the most probable candidate of a
    session must reach for the session to keep anything (a session of chatter keeps nothing); the prototypes
    (unit vectors of the embedder named by ``embedder``): ``durable``, ``noise`` and one per type of ``TYPES``
    (``kinds``); and the softmax weights of the type model (``type_weights``, one row per type over
    ``TYPE_FEATURES``)."""

    embedder: str
    mean: Matrix
    scale: Matrix
    weights: Matrix
    bias: float
    threshold: float
    duplicate: float
    session_floor: float
    durable: Matrix
    noise: Matrix
    kinds: Matrix
    type_weights: Matrix
    chatter_floor: float = 0.0

    @staticmethod
    def from_json(doc: dict[str, Any]) -> RankerModel:
        """The model of a parsed ``ranker_weights.json``.

        Raises:
            ValueError: the document's features differ from ``FEATURES`` (fitted for another version).
        """
        import numpy as np

        if tuple(doc["features"]) != FEATURES or tuple(doc["type_features"]) != TYPE_FEATURES:
            raise ValueError(
                "ranker_weights.json was fitted for other features; run research/scripts/fit_distill_ranker.py"
            )

        def array(name: str) -> Matrix:
            return np.asarray(doc[name], dtype=np.float64)

        return RankerModel(
            embedder=str(doc["embedder"]),
            mean=array("mean"),
            scale=array("scale"),
            weights=array("weights"),
            bias=float(doc["bias"]),
            threshold=float(doc["threshold"]),
            duplicate=float(doc["duplicate"]),
            session_floor=float(doc["session_floor"]),
            durable=array("durable"),
            noise=array("noise"),
            kinds=array("kinds"),
            type_weights=array("type_weights"),
            chatter_floor=float(doc.get("chatter_floor", 0.0)),
        )


@cache
def shipped_model() -> RankerModel:
    """The model in ``ranker_weights.json`` next to this module, read once.

    Raises:
        OSError, ValueError: the file is missing or not a model of these features.
    """
    return RankerModel.from_json(cast(dict[str, Any], json.loads(WEIGHTS_PATH.read_text(encoding="utf-8"))))


def base_features(found: Sequence[tuple[Candidate, int]], cues: Cues) -> Matrix:
    """The features of ``BASE_FEATURES`` (no embedding) of resolved candidates (``(candidate, mentions)``, as
    resolve.resolve_candidates returns them): an ``(n, len(BASE_FEATURES))`` float64 array. Linear in the
    candidates' text (each pattern is linear)."""
    import numpy as np

    from contextlamp.distill.noise import noise_flags

    rows: list[list[float]] = []
    for candidate, mentions in found:
        text = candidate.text
        words = word_count(text)
        cue = cue_index(candidate.cue)
        rows.append(
            [
                float(candidate.role == "user"),
                float(candidate.role == "digest"),
                float(candidate.role == "assistant"),
                *(float(cue == i) for i in range(len(CUE_NAMES))),
                float(candidate.correction),
                float(min(mentions - 1, 3)),
                math.log1p(words),
                float(words < cues.min_words),
                float(_DIGIT.search(text) is not None),
                float(_CODE.search(text) is not None),
                candidate.place,
                *(float(flag) for flag in noise_flags(text, cues)),
                float(cues.declarative),
                float(candidate.part),
            ]
        )
    return np.asarray(rows, dtype=np.float64).reshape(len(rows), len(BASE_FEATURES))


def embedding_features(vectors: Matrix, model: RankerModel, groups: Sequence[int] | None = None) -> Matrix:
    """The embedding features (``sim_durable`` ... ``near_before``) of ``(n, dim)`` unit vectors in session
    order: an ``(n, 5)`` array. ``groups``: each row's ``Candidate.group``; a row's closeness to the rows before
    it counts only rows of other statements (a clause is always close to its own statement). Novelty is
    measured against the mean of the other rows; a session of one statement gets the fitted mean novelty
    (nothing to compare with). Linear in ``n`` (each row is compared with ``WINDOW`` rows before it)."""
    import numpy as np

    n = vectors.shape[0]
    out = np.zeros((n, 5), dtype=np.float64)
    if n == 0:
        return out
    out[:, 0] = vectors @ model.durable
    out[:, 1] = vectors @ model.noise
    out[:, 2] = (vectors @ model.kinds.T).max(axis=1)
    group = np.asarray(groups if groups is not None else range(n), dtype=np.int64)
    total = vectors.sum(axis=0)
    others = total[None, :] - vectors  # the sum of every other row, per row
    norms = np.linalg.norm(others, axis=1)
    novelty_at = FEATURES.index("novelty")
    neutral = float(model.mean[novelty_at]) if model.mean.shape[0] == len(FEATURES) else 0.5
    safe = np.where(norms > 0, norms, 1.0)
    out[:, 3] = np.where(norms > 0, 1.0 - (vectors * others).sum(axis=1) / safe, neutral)
    for lag in range(1, min(WINDOW, n - 1) + 1):
        near = (vectors[lag:] * vectors[:-lag]).sum(axis=1)
        near = np.where(group[lag:] != group[:-lag], near, 0.0)
        np.maximum(out[lag:, 4], near, out=out[lag:, 4])
    return out


def keep_probability(features: Matrix, model: RankerModel) -> Matrix:
    """The logistic model's probability that each row of ``(n, len(FEATURES))`` features is worth keeping."""
    import numpy as np

    z = ((features - model.mean) / model.scale) @ model.weights + model.bias
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30.0, 30.0)))


def score(
    found: Sequence[tuple[Candidate, int]], cues: Cues, embedder: Embedder, model: RankerModel
) -> tuple[Matrix, Matrix]:
    """The candidates' unit vectors ``(n, dim)`` and keep probabilities ``(n,)``: one ``embed`` call.

    Raises:
        EmbeddingError: the embedder failed (the caller falls back to the rules).
    """
    import numpy as np

    vectors = np.asarray(embedder.embed([c.text for c, _ in found]), dtype=np.float64)
    groups = [c.group for c, _ in found]
    features = np.hstack([base_features(found, cues), embedding_features(vectors, model, groups)])
    return vectors, keep_probability(features, model)


def is_chatter(found: Sequence[tuple[Candidate, int]], probability: Matrix, model: RankerModel, cues: Cues) -> bool:
    """Whether a session is chatter (greetings, thanks, small talk, questions only) and must save nothing: it
    holds no digest item, no candidate carries a cue of the rules' own (a decision, instruction, preference or
    fact cue: "We chose Stripe ...", "... lives in the ui-kit repository"; neither a task cue, common in small
    talk and in brainstorming that decides nothing ("I need to ...", "we should ..."), nor a date word alone,
    "yesterday's match was great", nor a fact cue that only a number fired, a match's score "we lost 3-0",
    nor a statement kept only because its language has no cue list counts), and its most probable candidate
    stays under ``model.chatter_floor``. A session-level decision, so a few declarative words of small talk
    ("the match was great") do not make a memory while a stated fact with a cue is never vetoed by a score."""
    if not found or any(c.role == "digest" for c, _ in found):
        return False
    for candidate, _ in found:
        if candidate.cue not in ("", "fact/fact", "event/note", "task/note") or (
            candidate.cue == "fact/fact"
            and not cues.declarative
            and cues.fact.search(_DIGIT.sub(" ", candidate.text.lower())) is not None
        ):
            return False
    return float(probability.max()) < model.chatter_floor


def cue_index(cue: str) -> int:
    """The index in ``CUE_NAMES`` of a candidate's cue ("instruction/note" and "instruction/preference" are
    one cue: the rules tell them apart by a preference word, which is a feature of its own)."""
    if cue.startswith("instruction"):
        return CUE_NAMES.index("instruction")
    return CUE_NAMES.index(cue) if cue in CUE_NAMES else CUE_NAMES.index("")
