"""Fit the item-type classifier (src/contextlamp/distill/item_types.py) on the tuning half of the labelled set.

Usage: ``python scripts/fit_item_types.py [--data bench/data/distill] [--out .../item_types.json]``

Deterministic: the same data and embedder give the same file. Steps:

1. The files: the ``tuning`` list of ``bench/data/distill/split.json`` (the held-out half is never read).
2. Samples, in the two forms the classifier meets at run time, each labelled with a (memory_type, kind) of
   ``item_types.TYPES``:
   - digest form: every expected item of every file as written (what an agent's digest holds), typed by the
     cue set of the language detected over the file's expected items (as digest_path.digest_items does);
   - offline form: for a raw transcript, what the offline distiller makes of it before ranking (secrets
     redacted, parsed, every statement a candidate, restatements resolved: ``offline.candidates(...,
     wide=True)``), each candidate whose cosine to an expected item of its file reaches the benchmark's match
     threshold (0.75, bench/distill.py) labelled with the type of the nearest one.
3. The fitting-only item set ``bench/data/item-types.json`` (hand-written statements, see the data README), in
   digest form, one group per language: always on the training side, never scored.
4. Five folds over the tuning files (file ``i`` of the sorted list in fold ``i % 5``). Per fold, on the other
   folds and the fitting-only set: the type prototypes (the centroid of the items of each type; for a training
   row, without its own file's items, so the weights do not trust the prototypes more than they deserve on new
   sessions), and two L2-regularised softmax regressions (Nesterov-accelerated gradient descent with the step
   1/L; Bishop 2006, 4.3.4), one on the base features alone (cues and shape), one with the embedding features
   (prototype cosines, and the item's own vector when ``raw_dims`` is chosen); the fold's files are then typed.
   The L2 strength of ``L2S`` and the choice of the raw vector are the ones with the best cross-validated
   memory-type accuracy, digest items and offline statements weighted alike; accuracies are printed per path
   (digest; client summary: the offline statements of files with a compaction summary; offline).
5. The final model: the same fit on every tuning file and the fitting-only set with the chosen settings,
   written as plain numbers to ``item_types.json``, with the cross-validated accuracies (next to those of the
   cue rules) and the forms (``item_types.FORMS``) on which the embedding features typed better than the base
   features alone in cross-validation (``embedding_forms``: on the others the typer uses the base weights).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from contextlamp.distill import item_types
from contextlamp.distill.cues import cue_type, cues_for
from contextlamp.distill.language import detect_language
from contextlamp.distill.offline import candidates, segment, session_language
from contextlamp.distill.resolve import resolve_candidates
from contextlamp.distill.transcript import parse_transcript
from contextlamp.domain.secret_scan import REDACTED, SecretScanner
from contextlamp.embedding import create_embedder

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT / "bench" / "data" / "distill"
DEFAULT_EXTRA = ROOT / "bench" / "data" / "item-types.json"
LABEL = 0.75  # bench/distill.py DEFAULT_THRESHOLD: a candidate matching an expected item takes its type
FOLDS = 5
L2S = (1.0, 3.0)
STEPS = 2000

Matrix = npt.NDArray[np.float64]


@dataclass
class Samples:
    """One file's samples of one form: their texts and language, cue features, unit vectors, type labels (index
    into TYPES), and the cue rules' type of each (for comparison)."""

    texts: list[str]
    language: str
    cues: Matrix
    vectors: Matrix
    labels: npt.NDArray[np.int64]
    rules: list[int]


@dataclass
class FileData:
    """A tuning file's samples in digest form and offline form, and its expected items' vectors per type;
    ``summary``: the file holds a client's compaction summary (its offline-form samples are scored as the
    client-summary path); ``extra``: the fitting-only item set (always trained on, never scored)."""

    name: str
    digest: Samples
    offline: Samples
    summary: bool = False
    extra: bool = False


def _samples(texts: list[str], labels: list[int], language: str, vectors: Matrix) -> Samples:
    cues = cues_for(language)
    rules = [item_types.TYPES.index(cue_type(t.lower(), cues) or ("fact", "fact")) for t in texts]
    return Samples(
        texts, language, item_types.base_features(texts, cues), vectors, np.asarray(labels, dtype=np.int64), rules
    )


def _has_client_summary(doc: dict[str, Any]) -> bool:
    """bench/distill.py has_client_summary: a Claude Code ``isCompactSummary`` line or a Codex ``compacted``."""
    if doc["format"] not in ("claude-code", "codex") or not isinstance(doc["transcript"], str):
        return False
    return '"isCompactSummary": true' in doc["transcript"] or '"type": "compacted"' in doc["transcript"]


def load_extra(path: Path, embedder: Any) -> list[FileData]:
    """The fitting-only item set (``bench/data/item-types.json``: ``{"items": [{"content", "memory_type",
    "kind", "language"}]}``), one group per language, in digest form; ``[]`` when the file is absent."""
    if not path.exists():
        return []
    items = json.loads(path.read_text(encoding="utf-8"))["items"]
    groups: dict[str, list[dict[str, str]]] = {}
    for item in items:
        groups.setdefault(str(item["language"]), []).append(item)
    out: list[FileData] = []
    dim = embedder.dim
    for language, group in sorted(groups.items()):
        texts = [g["content"] for g in group]
        labels = [item_types.TYPES.index((g["memory_type"], g["kind"])) for g in group]
        vectors = np.asarray(embedder.embed(texts), np.float64)
        empty = _samples([], [], language, np.zeros((0, dim)))
        out.append(FileData(f"{path.name}:{language}", _samples(texts, labels, language, vectors), empty, extra=True))
    return out


def load_file(path: Path, embedder: Any, scanner: SecretScanner) -> FileData:
    """A file's samples (see the module docstring, step 2)."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    expected = doc["expected"]
    dim = embedder.dim
    texts = [e["content"] for e in expected]
    labels = [item_types.TYPES.index((e["memory_type"], e["kind"])) for e in expected]
    exp_vectors = np.asarray(embedder.embed(texts), np.float64) if texts else np.zeros((0, dim))
    language = detect_language(" ".join(texts[:50])) if texts else "en"
    digest = _samples(texts, labels, language, exp_vectors)
    off_texts: list[str] = []
    off_labels: list[int] = []
    off_vectors = np.zeros((0, dim))
    if doc["format"] != "digest" and texts:
        transcript = doc["transcript"]
        raw = transcript if isinstance(transcript, str) else json.dumps(transcript, ensure_ascii=False)
        turns = parse_transcript(scanner.redact(raw))
        if turns:
            language = session_language(turns)
            found = resolve_candidates(candidates(segment(turns, language), language, wide=True))
            found_texts = [c.text for c, _ in found if REDACTED not in c.text]
            if found_texts:
                vectors = np.asarray(embedder.embed(found_texts), np.float64)
                sims = vectors @ exp_vectors.T
                best = sims.argmax(axis=1)
                keep = [i for i in range(len(found_texts)) if sims[i, best[i]] >= LABEL]
                off_texts = [found_texts[i] for i in keep]
                off_labels = [labels[int(best[i])] for i in keep]
                off_vectors = vectors[keep].reshape(len(keep), dim)
    return FileData(
        path.name, digest, _samples(off_texts, off_labels, language, off_vectors), summary=_has_client_summary(doc)
    )


def tuning_files(data: Path) -> list[Path]:
    """The tuning half of ``data/split.json``, sorted.

    Raises:
        SystemExit: no split file (the classifier is fitted on the tuning half only).
    """
    split = data / "split.json"
    if not split.exists():
        raise SystemExit(f"{split} is missing: the item-type classifier is fitted on the tuning half only")
    names = json.loads(split.read_text(encoding="utf-8"))["tuning"]
    return sorted(data / (n if n.endswith(".json") else f"{n}.json") for n in names)


def _type_sums(files: Sequence[FileData], dim: int) -> Matrix:
    sums = np.zeros((len(item_types.TYPES), dim))
    for f in files:
        for row, t in zip(f.digest.vectors, f.digest.labels, strict=True):
            sums[int(t)] += row
    return sums


def _units(sums: Matrix) -> Matrix:
    norms = np.linalg.norm(sums, axis=1, keepdims=True)
    return sums / np.where(norms > 0, norms, 1.0)


def softmax_fit(
    x: Matrix, labels: npt.NDArray[np.int64], l2: float, weights: npt.NDArray[np.float64] | None = None
) -> Matrix:
    """Multinomial logistic regression by gradient descent (Bishop 2006, 4.3.4): ``(len(TYPES), features)``;
    the bias (column 0) is not penalised. The step is 1 / L, L the Lipschitz bound of the gradient (half the
    largest eigenvalue of ``x.T @ x / n`` for the softmax loss, plus the L2 term), so the descent converges
    for any scaling of the features; deterministic."""
    n, k = x.shape
    row_weights = np.ones(n) if weights is None else weights * (n / float(weights.sum()))
    classes = len(item_types.TYPES)
    w = np.zeros((classes, k))
    onehot = np.zeros((n, classes))
    onehot[np.arange(n), labels] = 1.0
    penalty = np.full(k, l2)
    penalty[0] = 0.0
    rate = 1.0 / (0.5 * float(np.linalg.eigvalsh((x * row_weights[:, None]).T @ x / n)[-1]) + l2 / n)
    velocity = np.zeros_like(w)
    for step in range(STEPS):
        ahead = w + (step / (step + 3.0)) * velocity  # Nesterov's accelerated gradient (Nesterov 1983)
        z = x @ ahead.T
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        grad = ((p - onehot) * row_weights[:, None]).T @ x / n + penalty * ahead / n
        new = ahead - rate * grad
        velocity = new - w
        w = new
    return w


def _full(s: Samples, prototypes: Matrix, raw: int) -> Matrix:
    return np.hstack([s.cues, item_types.embedding_features(s.vectors, prototypes, raw)])


def _rows(
    files: Sequence[FileData], prototypes_of: Any, raw: int
) -> tuple[Matrix, Matrix, npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    """Base rows, full rows (base and embedding features under each file's prototypes), labels and row
    weights: 1 for the labelled set's rows; for the fitting-only set's rows, the labelled rows' share of the
    row's type over the fitting-only set's share of it, so the hand-written set (about as many items of each
    type) adds wordings without moving the types' prior (Saerens, Latinne and Decaestecker 2002, "Adjusting
    the outputs of a classifier to new a priori probabilities")."""
    cue_rows: list[Matrix] = []
    full_rows: list[Matrix] = []
    labels: list[npt.NDArray[np.int64]] = []
    extra: list[npt.NDArray[np.bool_]] = []
    for f in files:
        prototypes = prototypes_of(f)
        for s in (f.digest, f.offline):
            if s.labels.shape[0] == 0:
                continue
            cue_rows.append(s.cues)
            full_rows.append(_full(s, prototypes, raw))
            labels.append(s.labels)
            extra.append(np.full(s.labels.shape[0], f.extra))
    y = np.concatenate(labels)
    is_extra = np.concatenate(extra)
    classes = len(item_types.TYPES)
    labelled = np.bincount(y[~is_extra], minlength=classes) / max(int((~is_extra).sum()), 1)
    hand = np.bincount(y[is_extra], minlength=classes) / max(int(is_extra.sum()), 1)
    ratio = np.where(hand > 0, labelled / np.where(hand > 0, hand, 1.0), 0.0)
    weights = np.where(is_extra, ratio[y], 1.0)
    return np.vstack(cue_rows), np.vstack(full_rows), y, weights


Model = tuple[Matrix, Matrix, Matrix, int]  # cue weights, full weights, prototypes, raw dims


def fit(files: Sequence[FileData], dim: int, cue_l2: float, l2: float, raw: int) -> Model:
    """(cue weights, full weights, prototypes, raw dims) fitted on ``files`` (module docstring, step 3)."""
    total = _type_sums(files, dim)
    cue_x, full_x, labels, weights = _rows(files, lambda f: _units(total - _type_sums([f], dim)), raw)
    return (
        softmax_fit(cue_x, labels, cue_l2, weights),
        softmax_fit(full_x, labels, l2, weights),
        _units(total),
        raw,
    )


PATHS = ("digest", "summary", "offline")  # bench/distill.py's paths: client-summary files' offline samples apart


def accuracy(files: Sequence[FileData], models: Sequence[Model | None]) -> dict[str, float]:
    """Memory-type accuracy (the type bench/distill.py scores) per path (``PATHS``), of the base model
    (``cues``: no embedder), the full model and the cue rules; ``models[i]`` types file ``i`` (None: not
    scored, the fitting-only set)."""
    counts: dict[str, list[int]] = {}
    for f, model in zip(files, models, strict=True):
        if model is None:
            continue
        cue_w, full_w, prototypes, raw = model
        for path, s in (("digest", f.digest), ("summary" if f.summary else "offline", f.offline)):
            if s.labels.shape[0] == 0:
                continue
            truth = [item_types.TYPES[int(t)][0] for t in s.labels]
            for name, got in (
                ("cues", item_types.predict(s.cues, cue_w)),
                ("full", item_types.predict(_full(s, prototypes, raw), full_w)),
                ("rules", [item_types.TYPES[r] for r in s.rules]),
            ):
                ok, n = counts.setdefault(f"{path}/{name}", [0, 0])
                counts[f"{path}/{name}"] = [ok + sum(g[0] == t for g, t in zip(got, truth, strict=True)), n + len(got)]
    return {key: ok / n for key, (ok, n) in sorted(counts.items()) if n}


def cross_validate(files: Sequence[FileData], dim: int, l2: float, raw: int) -> dict[str, float]:
    """``accuracy`` with each labelled-set file typed by the model fitted on the other folds (file ``i`` of
    the sorted list in fold ``i % FOLDS``) plus the fitting-only set, which is never scored."""
    scored = [f for f in files if not f.extra]
    models: list[Model | None] = [None] * len(files)
    for fold in range(FOLDS):
        held = {id(f) for i, f in enumerate(scored) if i % FOLDS == fold}
        model = fit([f for f in files if id(f) not in held], dim, l2, l2, raw)
        for i, f in enumerate(files):
            if id(f) in held:
                models[i] = model
    return accuracy(files, models)


def _mean(figures: dict[str, float], counts: dict[str, int], model: str) -> float:
    """The mean accuracy of ``model`` over the two forms: digest items, and offline statements (the
    client-summary and offline paths' samples pooled, each weighted by its count)."""
    n = counts["summary"] + counts["offline"]
    offline = sum(figures.get(f"{p}/{model}", 0.0) * counts[p] for p in ("summary", "offline")) / max(n, 1)
    return (figures[f"digest/{model}"] + offline) / 2


def main(argv: Sequence[str] | None = None) -> int:
    """Fit, cross-validate, write the weights; figures go to stdout."""
    parser = argparse.ArgumentParser(description="fit the item-type classifier on the tuning half")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--extra", type=Path, default=DEFAULT_EXTRA, help="fitting-only labelled items")
    parser.add_argument("--out", type=Path, default=item_types.MODEL_PATH)
    parser.add_argument("--embedder", default="minilm")
    args = parser.parse_args(argv)
    embedder = create_embedder(args.embedder)
    scanner = SecretScanner()
    paths = tuning_files(args.data)
    files = [load_file(p, embedder, scanner) for p in paths] + load_extra(args.extra, embedder)
    dim = embedder.dim
    print(
        f"{len(paths)} tuning files: {sum(f.digest.labels.shape[0] for f in files if not f.extra)} expected items, "
        f"{sum(f.offline.labels.shape[0] for f in files)} matched offline candidates; "
        f"{sum(f.digest.labels.shape[0] for f in files if f.extra)} fitting-only items",
        file=sys.stderr,
    )
    counts = {
        "digest": sum(f.digest.labels.shape[0] for f in files if not f.extra),
        "summary": sum(f.offline.labels.shape[0] for f in files if f.summary),
        "offline": sum(f.offline.labels.shape[0] for f in files if not f.summary),
    }
    results = {(l2, raw): cross_validate(files, dim, l2, raw) for raw in (0, dim) for l2 in L2S}
    for (l2, raw), figures in results.items():
        print(f"L2 {l2:g} raw {raw}: " + ", ".join(f"{k} {v:.3f}" for k, v in figures.items()))
    cue_l2 = max(L2S, key=lambda l2: (_mean(results[(l2, 0)], counts, "cues"), -l2))
    l2, raw = max(results, key=lambda key: (_mean(results[key], counts, "full"), -key[1], -key[0]))
    print(f"chosen: base model L2 {cue_l2:g}; full model L2 {l2:g}, raw dims {raw} ({FOLDS} folds over files)")
    cue_w, _, _, _ = fit(files, dim, cue_l2, l2, 0)
    _, full_w, prototypes, _ = fit(files, dim, cue_l2, l2, raw)
    cv = {f"{k.split('/')[0]}/{k.split('/')[1]}": v for k, v in results[(cue_l2, 0)].items() if "/full" not in k}
    cv.update({k: v for k, v in results[(l2, raw)].items() if k.endswith("/full")})
    doc = {
        "about": "Fitted by scripts/fit_item_types.py on the tuning half of bench/data/distill; see item_types.py",
        "embedder": embedder.identity,
        "files": [p.name for p in paths] + ([args.extra.name] if any(f.extra for f in files) else []),
        "l2": {"base": cue_l2, "full": l2},
        "cross_validated_type_accuracy": {k: round(v, 4) for k, v in sorted(cv.items())},
        "features": [*item_types.BASE_FEATURES, *item_types.EMBEDDING_FEATURES],
        "raw_dims": raw,
        "types": ["/".join(t) for t in item_types.TYPES],
        "cue_weights": [[round(float(v), 6) for v in row] for row in cue_w],
        "weights": [[round(float(v), 6) for v in row] for row in full_w],
        "prototypes": [[round(float(v), 6) for v in row] for row in prototypes],
        "embedding_forms": [
            form
            for form, keys in (("digest", ("digest",)), ("offline", ("summary", "offline")))
            if sum(cv.get(f"{k}/full", 0) for k in keys) > sum(cv.get(f"{k}/cues", 0) for k in keys)
        ],
    }
    args.out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
