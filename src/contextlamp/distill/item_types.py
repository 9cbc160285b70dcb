"""The item-type classifier: which memory_type and kind a distilled item gets, on every distillation path.

One model types the items of all three paths of save_session (issue 16): a digest's items that carry no type
label (digest_path.py; an explicit label still wins), the items of a client's compaction summary (a digest
turn, the same path) and the offline distiller's items (offline.py's rules and ranker.py's choice alike).

An item is one of ``TYPES``, the (memory_type, kind) pairs of spec/TOOLS.md that distilled items use; a
decision is always an ``event`` (TOOLS.md save_context: "event (default when kind is decision)"). The model
is a softmax regression (multinomial logistic regression; Bishop, *Pattern Recognition and Machine Learning*,
2006, section 4.3.4) over:

- cue features (``CUE_FEATURES``): whether each cue of the item's language fires (cues.py: task, decision,
  instruction, preference, dated event, fact; written for what a user says), whether each record cue fires
  (cues_typing.py: rules, changes, schedules, dates, what happened, what someone wants, how the assistant
  should work, a leading label; written for third-person records and many languages at once), and whether
  the item holds a digit;
- embedding features (with an embedder, the one the server already loads): the cosine of the item to the
  prototype of each type (the centroid of the tuning half's expected items of that type), less the item's
  mean cosine, times ``SIM_SPREAD``: which prototype is nearest, on the scale of the cue features.

Two weight sets are fitted: with the embedding features (``weights``) and without (``cue_weights``), so the
classifier works on cues alone when no embedder is given, the embedder failed, or the model was fitted for
another embedder. Every number (weights and prototypes) is in ``item_types.json`` next to this module, written
by ``scripts/fit_item_types.py`` from the tuning half of ``bench/data/distill`` with cross-validation over
files; nothing is learned at run time. Linear in the items' length (each pattern is linear).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from contextlamp.distill.cue_set import Cues
from contextlamp.distill.cues_typing import TYPING_CUES
from contextlamp.domain.models import Kind, MemoryType
from contextlamp.errors import ConfigError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from contextlamp.domain.embedding import Embedder

    Matrix = npt.NDArray[np.float64]

logger = logging.getLogger(__name__)

MODEL_PATH = Path(__file__).with_name("item_types.json")
SIM_SPREAD = 10.0  # cosines to the type prototypes differ by ~0.1: scaled so their weights fit like the cues'
TYPES: tuple[tuple[MemoryType, Kind], ...] = (
    ("fact", "fact"),
    ("fact", "preference"),
    ("event", "decision"),
    ("event", "note"),
    ("instruction", "note"),
    ("instruction", "preference"),
    ("task", "note"),
)
TYPES_ORDER = TYPES  # the one-hot columns of the two rule readings below, in TYPES order
LANGUAGE_CUES = ("task", "decision", "instruction", "preference", "event", "fact")
CUE_FEATURES: tuple[str, ...] = (
    "bias",
    *(f"cue_{name}" for name in LANGUAGE_CUES),
    *(f"record_{name}" for name in TYPING_CUES),
    "digits",
    *(f"rules_{m}/{k}" for m, k in (*TYPES_ORDER,)),
    *(f"records_{m}/{k}" for m, k in (*TYPES_ORDER,)),
)
EMBEDDING_FEATURES: tuple[str, ...] = tuple(f"sim_{m}/{k}" for m, k in TYPES)

FORMS = ("digest", "offline")  # a digest's item as written; an offline candidate (the user's own words)
_ORDERED = ("rule", "change", "recurring", "dated", "happened", "wants", "for_assistant", "label")
_DIGIT = re.compile(r"\d")


@dataclass(frozen=True)
class TypeModel:
    """The fitted numbers of ``item_types.json``: ``cue_weights`` ``(len(TYPES), len(CUE_FEATURES))``,
    ``weights`` ``(len(TYPES), len(CUE_FEATURES) + len(EMBEDDING_FEATURES))``, the type ``prototypes``
    ``(len(TYPES), dim)`` (unit vectors of the embedder named by ``embedder``), and the ``FORMS`` whose items
    the embedding features type better than the cues alone (``embedding_forms``, chosen by cross-validation)."""

    embedder: str
    cue_weights: Matrix
    weights: Matrix
    prototypes: Matrix
    embedding_forms: frozenset[str] = frozenset(FORMS)

    @staticmethod
    def from_json(doc: Any) -> TypeModel:
        """The model of a parsed ``item_types.json``.

        Raises:
            ValueError: not a model of these features and types (the message says what differs).
        """
        import numpy as np

        if not isinstance(doc, dict):
            raise ValueError("not a JSON object")
        fields: dict[str, Any] = doc  # pyright: ignore[reportUnknownVariableType]
        if tuple(fields.get("features", ())) != CUE_FEATURES + EMBEDDING_FEATURES:
            raise ValueError("fitted for other features")
        if tuple(fields.get("types", ())) != tuple("/".join(t) for t in TYPES):
            raise ValueError("fitted for other types")
        try:
            model = TypeModel(
                embedder=str(fields["embedder"]),
                cue_weights=np.asarray(fields["cue_weights"], dtype=np.float64),
                weights=np.asarray(fields["weights"], dtype=np.float64),
                prototypes=np.asarray(fields["prototypes"], dtype=np.float64),
                embedding_forms=frozenset(str(f) for f in fields["embedding_forms"]),
            )
        except KeyError as exc:
            raise ValueError(f"no {exc.args[0]!r}") from exc
        except (TypeError, ValueError) as exc:
            raise ValueError("a weight that is not a number") from exc
        shapes = {
            "cue_weights": (model.cue_weights, (len(TYPES), len(CUE_FEATURES))),
            "weights": (model.weights, (len(TYPES), len(CUE_FEATURES) + len(EMBEDDING_FEATURES))),
        }
        for name, (array, shape) in shapes.items():
            if array.shape != shape or not np.isfinite(array).all():
                raise ValueError(f"{name} is not a finite {shape[0]} x {shape[1]} table")
        if model.prototypes.ndim != 2 or model.prototypes.shape[0] != len(TYPES):
            raise ValueError(f"prototypes is not one vector per type ({len(TYPES)})")
        return model


def load_model(path: Path = MODEL_PATH) -> TypeModel:
    """The model in ``path``.

    Raises:
        ConfigError: the file is missing, unreadable, not JSON or not a model of these features; the message
            names the file and the fix.
    """
    try:
        return TypeModel.from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError, ValueError) as exc:  # json.JSONDecodeError is a ValueError
        problem = type(exc).__name__ if isinstance(exc, OSError | UnicodeDecodeError) else str(exc).split("\n")[0]
        raise ConfigError(
            f"the item-type model {path} is missing or broken ({problem[:120]}); reinstall contextlamp, or "
            "write it with scripts/fit_item_types.py"
        ) from exc


@cache
def shipped_model() -> TypeModel:
    """``load_model()`` of the file next to this module, read once. Raises ``ConfigError`` as it does."""
    return load_model()


def cue_features(texts: Sequence[str], cues: Cues) -> Matrix:
    """The ``CUE_FEATURES`` of each text (a bias column, then 0/1 flags): ``(len(texts), len(CUE_FEATURES))``.
    ``cues``: the cue set of the texts' language (cues.cues_for). Linear in the texts' length."""
    import numpy as np

    from contextlamp.distill.cues import cue_type
    from contextlamp.distill.cues_typing import typing_cues

    language = (cues.task, cues.decision, cues.instruction, cues.preference, cues.event, cues.fact)
    record = typing_cues()
    rows: list[list[float]] = []
    for text in texts:
        lower = text.lower()
        fired = [p.search(lower) is not None for p in record]
        by_rules = cue_type(lower, cues) or ("fact", "fact")
        by_records = _record_type(
            **{name: flag for name, flag in zip(TYPING_CUES, fired, strict=True) if name in _ORDERED}
        )
        rows.append(
            [
                1.0,
                *(float(p.search(lower) is not None) for p in language),
                *(float(flag) for flag in fired),
                float(_DIGIT.search(text) is not None),
                *(float(t == by_rules) for t in TYPES),
                *(float(t == by_records) for t in TYPES),
            ]
        )
    return np.asarray(rows, dtype=np.float64).reshape(len(rows), len(CUE_FEATURES))


def _record_type(
    rule: bool,
    change: bool,
    recurring: bool,
    dated: bool,
    happened: bool,
    wants: bool,
    for_assistant: bool,
    label: bool,
) -> tuple[MemoryType, Kind]:
    """The type the record cues give an item read in this order (the first that fires decides): a label
    (a task: other labels are stripped before typing), what someone wants (of the assistant: an instruction
    of kind preference), a recorded change or choice, a repeating schedule (a fact), a date or something that
    happened, a rule or a way the assistant should work; else a fact."""
    if label:
        return "task", "note"
    if wants:
        return ("instruction", "preference") if for_assistant else ("fact", "preference")
    if change:
        return "event", "decision"
    if recurring:
        return "fact", "fact"
    if dated or happened:
        return "event", "note"
    if rule or for_assistant:
        return ("instruction", "preference") if for_assistant else ("instruction", "note")
    return "fact", "fact"


def embedding_features(vectors: Matrix, prototypes: Matrix) -> Matrix:
    """``EMBEDDING_FEATURES`` of ``(n, dim)`` unit vectors: each row's cosine to each type prototype, less the
    row's mean cosine, times ``SIM_SPREAD``: ``(n, len(TYPES))``."""
    sims = vectors @ prototypes.T
    return (sims - sims.mean(axis=1, keepdims=True)) * SIM_SPREAD


def predict(features: Matrix, weights: Matrix) -> list[tuple[MemoryType, Kind]]:
    """The most probable type of each row of ``features`` under ``weights`` (softmax: the largest score)."""
    if features.shape[0] == 0:
        return []
    return [TYPES[int(i)] for i in (features @ weights.T).argmax(axis=1)]


class ItemTyper:
    """Types items (``types``) with the fitted model, the embedding features included when an ``embedder`` is
    given that the model was fitted for. Without a readable model (``model`` None: the shipped
    ``item_types.json``) the cue rules type them (cues.cue_type, a fact when no cue fires), and a warning is
    logged once per typer. Thread-safe: no state changes after the model is read."""

    def __init__(self, embedder: Embedder | None = None, model: TypeModel | None = None) -> None:
        self._embedder = embedder
        self._model = model
        self._warned = False

    def types(
        self, texts: Sequence[str], cues: Cues, vectors: Matrix | None = None, form: str = "digest"
    ) -> list[tuple[MemoryType, Kind]]:
        """The (memory_type, kind) of each text, in order. ``cues``: the texts' language's cue set;
        ``vectors``: their unit embeddings by this typer's embedder when the caller has them (else they are
        embedded here, one call, when the typer has an embedder and the model uses them for ``form``, one of
        ``FORMS``: "digest" for an item as an agent or a client summary wrote it, "offline" for a statement
        of the conversation). Never raises: an embedding failure types by the cues alone."""
        import numpy as np

        from contextlamp.errors import EmbeddingError

        if not texts:
            return []
        model = self._usable_model()
        if model is None:
            from contextlamp.distill.cues import cue_type

            return [cue_type(text.lower(), cues) or ("fact", "fact") for text in texts]
        features = cue_features(texts, cues)
        from contextlamp.domain.embedding import fits

        embedder = self._embedder
        if embedder is None or not fits(embedder, model.embedder) or form not in model.embedding_forms:
            return predict(features, model.cue_weights)
        if vectors is None:
            try:
                vectors = np.asarray(embedder.embed(list(texts)), dtype=np.float64)
            except EmbeddingError:
                logger.warning("embedding failed while typing items; typing by cues")
                return predict(features, model.cue_weights)
        if vectors.shape != (len(texts), model.prototypes.shape[1]):
            return predict(features, model.cue_weights)
        return predict(np.hstack([features, embedding_features(vectors, model.prototypes)]), model.weights)

    def _usable_model(self) -> TypeModel | None:
        if self._model is not None:
            return self._model
        try:
            return shipped_model()
        except ConfigError as exc:
            if not self._warned:
                self._warned = True
                logger.warning("%s; typing items by the cue rules", exc)
            return None


def retyped_text(text: str, was_task: bool, memory_type: MemoryType, cues: Cues) -> str:
    """``text`` with the task label (``cues.task_label``) the new type asks for: added to an item that becomes a
    task (a task read back weeks later says it is one), removed from one the rules labelled a task
    (``was_task``) that is no task now. An item that opens with its own task word keeps it."""
    label = f"{cues.task_label}: "
    if memory_type == "task" and not was_task and not text.lower().startswith(label.lower()):
        return f"{label}{text}"
    if memory_type != "task" and was_task and text.startswith(label):
        rest = text[len(label) :]
        return rest[:1].upper() + rest[1:]
    return text
