"""The offline distiller's ranker: which candidate statements of a session to keep, and as what type.

With an embedder (the model the server already loads), the offline distiller (offline.py) no longer keeps a
sentence only because a cue list fired: every statement of the user's turns and digests is a candidate
(``offline.candidates(..., wide=True)``), restatements and corrections are resolved (resolve.py), and each
survivor is scored by a logistic regression over the features below; those at or above the fitted threshold
are kept, near-duplicates of a better kept item dropped, and each gets the memory type and kind a softmax
regression gives it. Features (``FEATURES``, one row per candidate, all linear in the session's size):

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

The embedding features carry no language's words, so a language without a cue list still distils. Every number
of the model (feature means and scales, weights, threshold, prototypes) is in ``ranker_weights.json``, written
by ``scripts/fit_distill_ranker.py`` from the tuning half of ``bench/data/distill`` with cross-validation over
files; nothing is learned at run time. Logistic and softmax regression: Bishop, *Pattern Recognition and
Machine Learning* (2006), sections 4.3.2 and 4.3.4.
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

from contextlamp.distill.base import DistilledItem
from contextlamp.distill.cue_set import Cues
from contextlamp.distill.item_types import SIM_SPREAD, TYPES  # the (memory_type, kind) classes of every path
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
FEATURES = (
    "role_user",
    "role_digest",
    "role_assistant",
    "cue_task",
    "cue_decision",
    "cue_instruction",
    "cue_preference",
    "cue_event",
    "cue_fact",
    "cue_none",
    "correction",
    "mentions",
    "log_words",
    "short",
    "digits",
    "code_token",
    "place",
    "noise_chatter",
    "noise_offer",
    "noise_request",
    "noise_thanks",
    "noise_meta",
    "noise_assignment",
    "declarative",
    "part",
    "sim_durable",
    "sim_noise",
    "sim_kind",
    "novelty",
    "near_before",
)
BASE_FEATURES = FEATURES[: FEATURES.index("sim_durable")]
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
            raise ValueError("ranker_weights.json was fitted for other features; run scripts/fit_distill_ranker.py")

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
        cue = _cue_index(candidate.cue)
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


def type_features(cue_names: Sequence[str], vectors: Matrix, model: RankerModel) -> Matrix:
    """The type model's input (``TYPE_FEATURES``): a bias column, the cue one-hot and the cosine to each type's
    prototype, less the row's mean cosine, times ``SIM_SPREAD``: ``(n, len(TYPE_FEATURES))``."""
    import numpy as np

    n = len(cue_names)
    cues = np.zeros((n, len(CUE_NAMES)), dtype=np.float64)
    for i, name in enumerate(cue_names):
        cues[i, _cue_index(name)] = 1.0
    sims = vectors @ model.kinds.T if n else np.zeros((0, len(TYPES)))
    sims = (sims - sims.mean(axis=1, keepdims=True)) * SIM_SPREAD  # which prototype is nearest, on a unit scale
    return np.hstack([np.ones((n, 1)), cues, sims])


def predict_types(cue_names: Sequence[str], vectors: Matrix, model: RankerModel) -> list[tuple[MemoryType, Kind]]:
    """The most probable (memory_type, kind) of ``TYPES`` for each candidate (softmax regression)."""
    scores = type_features(cue_names, vectors, model) @ model.type_weights.T
    return [TYPES[int(i)] for i in scores.argmax(axis=1)] if len(cue_names) else []


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


def rank(
    found: Sequence[tuple[Candidate, int]],
    cues: Cues,
    embedder: Embedder,
    model: RankerModel,
    scored: tuple[Matrix, Matrix] | None = None,
) -> list[DistilledItem]:
    """The candidates worth keeping, in conversation order, typed, each carrying its probability as ``score``.

    One ``embed`` call for all candidates (none when ``scored``, ``score``'s result, is given). A kept
    candidate whose cosine to a better kept one (higher probability) among the ``WINDOW`` kept before or after
    it reaches ``model.duplicate`` is dropped.

    Raises:
        EmbeddingError: the embedder failed (the caller falls back to the rules).
    """
    if not found:
        return []
    vectors, probability = scored if scored is not None else score(found, cues, embedder, model)
    chosen = select(found, vectors, probability, model)
    from contextlamp.distill.item_types import ItemTyper  # the one item-type classifier of every path

    types = ItemTyper(embedder).types([found[i][0].text for i in chosen], cues, vectors[chosen], "offline")
    items: list[DistilledItem] = []
    for i, (memory_type, kind) in zip(chosen, types, strict=True):
        candidate, mentions = found[i]
        text = _retyped_text(candidate, memory_type, cues)
        items.append(
            DistilledItem(text, memory_type, kind, None, candidate.correction, mentions, float(probability[i]))
        )
    return items


def select(
    found: Sequence[tuple[Candidate, int]], vectors: Matrix, probability: Matrix, model: RankerModel
) -> list[int]:
    """Indexes of the candidates to keep: a digest's items (the rules classified them; they are the user's own
    summary) and, unless no other candidate reaches ``model.session_floor``, those at or above
    ``model.threshold``; of a statement and its clauses one reading only (``_one_reading``); then
    without near-duplicates (``_without_duplicates``)."""
    digest = [i for i in range(len(found)) if found[i][0].role == "digest"]
    ranked = [i for i in range(len(found)) if found[i][0].role != "digest"]
    if not ranked or float(probability[ranked].max()) < model.session_floor:
        return digest
    chosen = sorted(digest + [i for i in ranked if probability[i] >= model.threshold])
    chosen = _one_reading(chosen, found, probability)
    return _without_duplicates(chosen, vectors, probability, model.duplicate)


def _one_reading(chosen: list[int], found: Sequence[tuple[Candidate, int]], probability: Matrix) -> list[int]:
    """Per group (a statement and its clauses, ``Candidate.group``), either the whole statement or its chosen
    clauses, whichever holds the most probable candidate (ties: the whole)."""
    best_whole: dict[int, float] = {}
    best_part: dict[int, float] = {}
    for i in chosen:
        candidate = found[i][0]
        side = best_part if candidate.part else best_whole
        side[candidate.group] = max(side.get(candidate.group, 0.0), float(probability[i]))
    out: list[int] = []
    for i in chosen:
        candidate = found[i][0]
        group = candidate.group
        if group in best_whole and group in best_part:
            whole_wins = best_whole[group] >= best_part[group]
            if candidate.part == whole_wins:
                continue
        out.append(i)
    return out


def _without_duplicates(chosen: list[int], vectors: Matrix, probability: Matrix, duplicate: float) -> list[int]:
    """``chosen`` without each index that has a near-duplicate (cosine >= ``duplicate``) of higher probability
    (ties: the later) among the ``WINDOW`` chosen on either side."""
    drop: set[int] = set()
    for pos, i in enumerate(chosen):
        for j in chosen[max(0, pos - WINDOW) : pos + WINDOW + 1]:
            if j == i or float(vectors[i] @ vectors[j]) < duplicate:
                continue
            if (probability[j], j) > (probability[i], i):
                drop.add(i)
                break
    return [i for i in chosen if i not in drop]


def _retyped_text(candidate: Candidate, memory_type: str, cues: Cues) -> str:
    """The candidate's text with the task label the final type asks for: added to a task, removed from what
    the rules labelled a task and the type model did not."""
    text = candidate.text
    label = f"{cues.task_label}: "
    if memory_type == "task" and candidate.cue != "task/note" and not text.lower().startswith(label.lower()):
        return f"{label}{text}"
    if memory_type != "task" and candidate.cue == "task/note" and text.startswith(label):
        rest = text[len(label) :]
        return rest[:1].upper() + rest[1:]
    return text


def _cue_index(cue: str) -> int:
    """The index in ``CUE_NAMES`` of a candidate's cue ("instruction/note" and "instruction/preference" are
    one cue: the rules tell them apart by a preference word, which is a feature of its own)."""
    if cue.startswith("instruction"):
        return CUE_NAMES.index("instruction")
    return CUE_NAMES.index(cue) if cue in CUE_NAMES else CUE_NAMES.index("")
