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
3. Five folds over files (file ``i`` of the sorted list in fold ``i % 5``). Per fold, on the other folds: the
   type prototypes (the centroid of the expected items of each type; for a training row, without its own
   file's items, so the weights do not trust the prototypes more than they deserve on new sessions), and two
   L2-regularised softmax regressions (gradient descent; Bishop 2006, 4.3.4), one on the cue features alone,
   one with the embedding features; the fold's files are then typed. The L2 strength is the one of ``L2S`` with
   the best cross-validated accuracy (digest and offline forms weighted alike).
4. The final model: the same fit on every tuning file with the chosen strength, written as plain numbers to
   ``item_types.json``, with the cross-validated accuracies (printed too, next to those of the cue rules) and
   the forms (``item_types.FORMS``) on which the embedding features typed better than the cues alone in
   cross-validation (``embedding_forms``: on the others the typer uses the cue weights).
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
LABEL = 0.75  # bench/distill.py DEFAULT_THRESHOLD: a candidate matching an expected item takes its type
FOLDS = 5
L2S = (0.3, 1.0, 3.0, 10.0, 30.0)
STEPS = 4000
RATE = 0.5

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
    """A tuning file's samples in digest form and offline form, and its expected items' vectors per type."""

    name: str
    digest: Samples
    offline: Samples


def _samples(texts: list[str], labels: list[int], language: str, vectors: Matrix) -> Samples:
    cues = cues_for(language)
    rules = [item_types.TYPES.index(cue_type(t.lower(), cues) or ("fact", "fact")) for t in texts]
    return Samples(
        texts, language, item_types.cue_features(texts, cues), vectors, np.asarray(labels, dtype=np.int64), rules
    )


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
    return FileData(path.name, digest, _samples(off_texts, off_labels, language, off_vectors))


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


def softmax_fit(x: Matrix, labels: npt.NDArray[np.int64], l2: float) -> Matrix:
    """Multinomial logistic regression by gradient descent (Bishop 2006, 4.3.4): ``(len(TYPES), features)``;
    the bias (column 0) is not penalised."""
    n, k = x.shape
    classes = len(item_types.TYPES)
    w = np.zeros((classes, k))
    onehot = np.zeros((n, classes))
    onehot[np.arange(n), labels] = 1.0
    penalty = np.full(k, l2)
    penalty[0] = 0.0
    for _ in range(STEPS):
        z = x @ w.T
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        w -= RATE * ((p - onehot).T @ x / n + penalty * w / n)
    return w


def _rows(files: Sequence[FileData], prototypes_of: Any) -> tuple[Matrix, Matrix, npt.NDArray[np.int64]]:
    """Cue rows, full rows (cues and embedding features under each file's prototypes) and labels."""
    cue_rows: list[Matrix] = []
    full_rows: list[Matrix] = []
    labels: list[npt.NDArray[np.int64]] = []
    for f in files:
        prototypes = prototypes_of(f)
        for s in (f.digest, f.offline):
            if s.labels.shape[0] == 0:
                continue
            cue_rows.append(s.cues)
            full_rows.append(np.hstack([s.cues, item_types.embedding_features(s.vectors, prototypes)]))
            labels.append(s.labels)
    return np.vstack(cue_rows), np.vstack(full_rows), np.concatenate(labels)


def fit(files: Sequence[FileData], dim: int, l2: float) -> tuple[Matrix, Matrix, Matrix]:
    """(cue weights, full weights, prototypes) fitted on ``files`` (module docstring, step 3)."""
    total = _type_sums(files, dim)
    cue_x, full_x, labels = _rows(files, lambda f: _units(total - _type_sums([f], dim)))
    return softmax_fit(cue_x, labels, l2), softmax_fit(full_x, labels, l2), _units(total)


def accuracy(files: Sequence[FileData], models: Sequence[tuple[Matrix, Matrix, Matrix]]) -> dict[str, float]:
    """Memory-type accuracy (the type bench/distill.py scores) per form, of the cue model, the full model and
    the cue rules; ``models[i]`` types file ``i``."""
    counts: dict[str, list[int]] = {}
    for f, (cue_w, full_w, prototypes) in zip(files, models, strict=True):
        for form, s in (("digest", f.digest), ("offline", f.offline)):
            if s.labels.shape[0] == 0:
                continue
            full = np.hstack([s.cues, item_types.embedding_features(s.vectors, prototypes)])
            truth = [item_types.TYPES[int(t)][0] for t in s.labels]
            for name, got in (
                ("cues", item_types.predict(s.cues, cue_w)),
                ("full", item_types.predict(full, full_w)),
                ("rules", [item_types.TYPES[r] for r in s.rules]),
            ):
                ok, n = counts.setdefault(f"{form}/{name}", [0, 0])
                counts[f"{form}/{name}"] = [ok + sum(g[0] == t for g, t in zip(got, truth, strict=True)), n + len(got)]
    return {key: ok / n for key, (ok, n) in sorted(counts.items()) if n}


def cross_validate(files: Sequence[FileData], dim: int, l2: float) -> dict[str, float]:
    """``accuracy`` with each file typed by the model fitted on the other folds."""
    models: list[tuple[Matrix, Matrix, Matrix]] = [(np.zeros(0), np.zeros(0), np.zeros(0))] * len(files)
    for fold in range(FOLDS):
        model = fit([f for i, f in enumerate(files) if i % FOLDS != fold], dim, l2)
        for i in range(len(files)):
            if i % FOLDS == fold:
                models[i] = model
    return accuracy(files, models)


def main(argv: Sequence[str] | None = None) -> int:
    """Fit, cross-validate, write the weights; figures go to stdout."""
    parser = argparse.ArgumentParser(description="fit the item-type classifier on the tuning half")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--out", type=Path, default=item_types.MODEL_PATH)
    parser.add_argument("--embedder", default="minilm")
    args = parser.parse_args(argv)
    embedder = create_embedder(args.embedder)
    scanner = SecretScanner()
    paths = tuning_files(args.data)
    files = [load_file(p, embedder, scanner) for p in paths]
    dim = embedder.dim
    print(
        f"{len(files)} tuning files: {sum(f.digest.labels.shape[0] for f in files)} expected items, "
        f"{sum(f.offline.labels.shape[0] for f in files)} matched offline candidates",
        file=sys.stderr,
    )
    results = {l2: cross_validate(files, dim, l2) for l2 in L2S}
    for l2, figures in results.items():
        print(f"L2 {l2:g}: " + ", ".join(f"{k} {v:.3f}" for k, v in figures.items()))

    def score(l2: float) -> tuple[float, float]:
        f = results[l2]
        return (f["digest/full"] + f["offline/full"] + f["digest/cues"] + f["offline/cues"], -l2)

    chosen = max(L2S, key=score)
    print(f"chosen L2 {chosen:g} (cross-validated, {FOLDS} folds over files)")
    cue_w, full_w, prototypes = fit(files, dim, chosen)
    doc = {
        "about": "Fitted by scripts/fit_item_types.py on the tuning half of bench/data/distill; see item_types.py",
        "embedder": embedder.identity,
        "files": [p.name for p in paths],
        "l2": chosen,
        "cross_validated_type_accuracy": {k: round(v, 4) for k, v in results[chosen].items()},
        "features": [*item_types.CUE_FEATURES, *item_types.EMBEDDING_FEATURES],
        "types": ["/".join(t) for t in item_types.TYPES],
        "cue_weights": [[round(float(v), 6) for v in row] for row in cue_w],
        "weights": [[round(float(v), 6) for v in row] for row in full_w],
        "prototypes": [[round(float(v), 6) for v in row] for row in prototypes],
        "embedding_forms": [f for f in item_types.FORMS if results[chosen][f"{f}/full"] > results[chosen][f"{f}/cues"]],
    }
    args.out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
