"""The session-level chatter decision of the offline distiller: is a session only small talk, so that it saves
nothing at all (issue 16: greetings, thanks, jokes, weather, "ok sounds good", social catch-up)?

A session of raw turns that holds no digest item is judged by a logistic regression over ``FEATURES``, one row
per session, computed from what the ranker (ranker.py) already has: the candidates, their unit vectors (one
``embed`` call, shared) and their keep probabilities. Every feature is linear in the session's size:

- ``p_max``, ``p_top2``: the best keep probability and the mean of the best two (a session of chatter has no
  candidate the ranker wants);
- ``kept``: log(1 + the candidates at or above the ranker's keep threshold);
- ``durable_max``, ``durable_top2``: per candidate, the logit of a linear probe over its unit vector
  (``probe``, ``probe_bias``: a logistic regression fitted on durable statements, i.e. expected items, the
  candidates that match them and the hand-written statements of research/bench/data/item-types.json, against the
  candidates of chatter sessions); the best and the mean of the best two over the session. They carry no
  language's words, so a language without a cue list is judged alike; ``durable_gap``: the best logit less
  the mean logit of the session's candidates (one durable statement stands out of small talk; a session of
  chatter is flat, and the gap cancels what a language's vectors share, so it carries to languages the probe
  saw little of);
- ``cue``: whether a candidate carries a cue of the rules' own (decision, instruction, preference, or a fact
  cue that not only a number fired), the one word-list feature, weighed rather than obeyed;
- ``specific``: whether a candidate holds a code-like token (``a.b``, ``x/y``, backticks, ``SNAKE_CASE``);
- ``noise``: the share of statements that hit a noise cue (noise.py: chatter, thanks, offers, ...);
- ``statements``: log(1 + the session's whole statements), ``longest``: log(1 + the longest one's words).

The probability that the session is chatter is compared with the fitted ``threshold``. Every number (feature
standardisation, weights, threshold, prototypes) is in ``chatter_weights.json``, written by
``research/scripts/fit_chatter.py`` from the fitting-only sessions of ``research/bench/data/chatter-fit.json`` and the
tuning
half of ``research/bench/data/distill`` with cross-validation over sessions; nothing is learned at run time. Logistic
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
from contextlamp.distill.noise import noise_flags
from contextlamp.distill.resolve import Candidate
from contextlamp.distill.script import word_count

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Matrix = npt.NDArray[np.float64]

WEIGHTS_PATH = Path(__file__).with_name("chatter_weights.json")
FEATURES = tuple(
    """p_max p_top2 kept durable_max durable_top2 durable_gap cue specific noise statements longest""".split()  # noqa: SIM905
)
STRONG_CUES = ("event/decision", "instruction", "fact/preference")  # cue prefixes of the rules' own choices
_DIGIT = re.compile(r"\d")
_CODE = re.compile(r"`|\w[./]\w|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b[a-z]+[A-Z]\w*")


@dataclass(frozen=True)
class ChatterModel:
    """The fitted numbers of ``chatter_weights.json``: standardisation (``mean``, ``scale``) and logistic
    ``weights``/``bias`` over ``FEATURES``; the ``threshold`` on the chatter probability at or above which a
    session saves nothing; the probe over the vectors of the embedder named by ``embedder`` (``probe``,
    ``(dim,)``, and ``probe_bias``); ``keep_threshold``, the ranker's keep threshold the ``kept`` feature was
    counted at."""

    embedder: str
    mean: Matrix
    scale: Matrix
    weights: Matrix
    bias: float
    threshold: float
    keep_threshold: float
    probe: Matrix
    probe_bias: float

    @staticmethod
    def from_json(doc: dict[str, Any]) -> ChatterModel:
        """The model of a parsed ``chatter_weights.json``.

        Raises:
            ValueError: the document's features differ from ``FEATURES`` (fitted for another version).
            KeyError: a field is missing.
        """
        import numpy as np

        if tuple(doc["features"]) != FEATURES:
            raise ValueError("chatter_weights.json was fitted for other features; run research/scripts/fit_chatter.py")

        def array(name: str) -> Matrix:
            return np.asarray(doc[name], dtype=np.float64)

        return ChatterModel(
            embedder=str(doc["embedder"]),
            mean=array("mean"),
            scale=array("scale"),
            weights=array("weights"),
            bias=float(doc["bias"]),
            threshold=float(doc["threshold"]),
            keep_threshold=float(doc["keep_threshold"]),
            probe=array("probe"),
            probe_bias=float(doc["probe_bias"]),
        )


@cache
def shipped_model() -> ChatterModel:
    """The model in ``chatter_weights.json`` next to this module, read once.

    Raises:
        OSError, ValueError, KeyError: the file is missing or not a model of these features.
    """
    return ChatterModel.from_json(cast(dict[str, Any], json.loads(WEIGHTS_PATH.read_text(encoding="utf-8"))))


def strong_cue(candidate: Candidate, cues: Cues) -> bool:
    """Whether the rules found a choice of the user's own in ``candidate``: a decision, instruction or
    preference cue, or a fact cue ("lives in", "is owned by") that does not fire only on a number (a match's
    score, "we lost 3-0"); a task cue ("I need to ...") and a date word alone are common in small talk, and in
    a language without a cue list every statement is a "fact", so neither counts."""
    cue = candidate.cue
    if cue.startswith(STRONG_CUES):
        return True
    return (
        cue == "fact/fact"
        and not cues.declarative
        and cues.fact.search(_DIGIT.sub(" ", candidate.text.lower())) is not None
    )


def session_features(
    found: Sequence[tuple[Candidate, int]],
    vectors: Matrix,
    probability: Matrix,
    cues: Cues,
    probe: Matrix,
    probe_bias: float,
    keep_threshold: float,
) -> Matrix:
    """The ``FEATURES`` row (``(len(FEATURES),)`` float64) of a session's resolved candidates (``(candidate,
    mentions)``, as resolve.resolve_candidates returns them), their ``(n, dim)`` unit vectors and ``(n,)`` keep
    probabilities, under the ``(dim,)`` linear ``probe`` and its bias. ``found`` must not be empty."""
    import numpy as np

    p = np.sort(probability)[::-1]
    margin = np.sort(vectors @ probe + probe_bias)[::-1]
    whole = [c for c, _ in found if not c.part]
    noisy = sum(1 for c in whole if any(noise_flags(c.text, cues)))
    return np.asarray(
        [
            float(p[0]),
            float(p[:2].mean()),
            math.log1p(int((probability >= keep_threshold).sum())),
            float(margin[0]),
            float(margin[:2].mean()),
            float(margin[0] - margin.mean()),
            float(any(strong_cue(c, cues) for c, _ in found)),
            float(any(_CODE.search(c.text) is not None for c, _ in found)),
            noisy / len(whole) if whole else 1.0,
            math.log1p(len(whole)),
            math.log1p(max((word_count(c.text) for c, _ in found), default=0)),
        ],
        dtype=np.float64,
    )


def chatter_probability(features: Matrix, model: ChatterModel) -> float:
    """The logistic model's probability (0..1) that a session of this ``FEATURES`` row is only chatter."""
    z = float(((features - model.mean) / model.scale) @ model.weights + model.bias)
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def is_chatter(
    found: Sequence[tuple[Candidate, int]], vectors: Matrix, probability: Matrix, cues: Cues, model: ChatterModel
) -> bool:
    """Whether a session must save nothing, not even by the rules: it holds no digest item (a digest is the
    user's own list of what to keep) and its chatter probability reaches ``model.threshold``. A session without
    candidates is not judged here (the rules find nothing in it either)."""
    if not found or any(c.role == "digest" for c, _ in found):
        return False
    row = session_features(found, vectors, probability, cues, model.probe, model.probe_bias, model.keep_threshold)
    return chatter_probability(row, model) >= model.threshold
