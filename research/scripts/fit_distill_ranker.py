"""Fit the offline distiller's ranker (src/contextlamp/distill/ranker.py) on the tuning half of the labelled set.

Usage: ``python research/scripts/fit_distill_ranker.py [--data research/bench/data/distill] [--out
.../ranker_weights.json]``

Deterministic: the same data and embedder give the same file. Steps:

1. The files: the ``tuning`` list of ``research/bench/data/distill/split.json`` (the held-out half is never read),
   raw transcripts only (digests take the digest path; a client's native files count once parsed).
2. Per file, what save_session does before ranking: secrets redacted, the transcript parsed, the session's
   language read, every statement a candidate (``offline.candidates(..., wide=True)``), restatements and
   corrections resolved; the candidates and the expected items embedded.
3. Labels: a candidate is worth keeping when its cosine to an expected item of its file reaches the benchmark's
   match threshold (0.75, research/bench/distill.py); its type label is that of the nearest such expected item.
4. Five folds over files (file ``i`` of the sorted list in fold ``i % 5``). Per fold, on the other folds: the
   prototypes (centroids of kept and not-kept candidates, and of the expected items of each type), the
   feature standardisation, an L2-regularised logistic regression (Newton's method, ``L2``) and a softmax
   regression for the type (gradient descent, ``TYPE_L2``); the fold's files are then scored. The keep
   threshold and the duplicate cosine are the pair of ``THRESHOLDS`` x ``DUPLICATES`` with the best F1 over
   all folds' files, measured as research/bench/distill.py measures (greedy one-to-one matching at 0.75).
5. The chatter floor: per file, its most probable candidate (cross-validated); the floor is the midpoint
   between the highest such value of the files without expected items and the lowest one above it of the
   files with some (ranker.is_chatter: a session under it saves nothing, not even by the rules; the files
   with expected items it silences are printed).
6. The final model: the same fit on every tuning file, with the chosen threshold and duplicate cosine, written
   as plain numbers to ``ranker_weights.json``; the cross-validated figures are printed.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from contextlamp.distill import ranker
from contextlamp.distill.cues import cues_for
from contextlamp.distill.offline import candidates, segment, session_language
from contextlamp.distill.resolve import Candidate, resolve_candidates
from contextlamp.distill.transcript import parse_transcript
from contextlamp.domain.secret_scan import REDACTED, SecretScanner
from contextlamp.embedding import create_embedder

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DATA = ROOT / "research" / "bench" / "data" / "distill"
MATCH = 0.75  # research/bench/distill.py DEFAULT_THRESHOLD
LABEL = 0.75  # cosine to an expected item at which a candidate is labelled worth keeping
FOLDS = 5
L2 = 1.0
TYPE_L2 = 1.0
THRESHOLDS = tuple(round(0.05 + 0.025 * i, 3) for i in range(31))  # 0.05 .. 0.8
DUPLICATES = (0.8, 0.85, 0.9, 0.95, 1.01)
FLOORS = tuple(round(0.05 * i, 2) for i in range(1, 20))  # 0.05 .. 0.95

Matrix = npt.NDArray[np.float64]


@dataclass
class FileRows:
    """One file's candidates: base features, unit vectors, labels, cues, the expected items' vectors and types."""

    name: str
    found: list[tuple[Candidate, int]]
    base: Matrix
    vectors: Matrix
    keep: npt.NDArray[np.bool_]
    type_label: list[int]  # index into ranker.TYPES of the nearest expected item, -1 when not kept
    expected: Matrix
    expected_types: list[int]
    expected_cues: list[str]


def transcript_argument(transcript: Any) -> str:
    """What save_session receives for a file's transcript (research/bench/distill.py ``transcript_argument``)."""
    return transcript if isinstance(transcript, str) else json.dumps(transcript, ensure_ascii=False)


def tuning_files(data: Path, split: Path | None = None) -> list[Path]:
    """The tuning half named by ``split`` (default ``data/split.json``), sorted.

    Raises:
        SystemExit: no split file.
    """
    split = split or data / "split.json"
    if not split.exists():
        raise SystemExit(f"{split} is missing: the ranker is fitted on the tuning half only")
    names = json.loads(split.read_text(encoding="utf-8"))["tuning"]
    paths = sorted(data / (n if n.endswith(".json") else f"{n}.json") for n in names)
    return [p for p in paths if _ranked_path(json.loads(p.read_text(encoding="utf-8"))["format"])]


def _ranked_path(fmt: str) -> bool:
    """Whether save_session distils a file of format ``fmt`` with the ranker: raw transcripts do; digests take
    the digest path; a client's native file (claude-code, codex) only once distill/native.py parses it."""
    if fmt == "digest":
        return False
    if fmt in ("claude-code", "codex"):
        return importlib.util.find_spec("contextlamp.distill.native") is not None
    return True


def load_rows(path: Path, embedder: Any, scanner: SecretScanner) -> FileRows:
    """A file's candidates with features and labels (see the module docstring, steps 2 and 3)."""
    from contextlamp.distill.offline import _classify  # pyright: ignore[reportPrivateUsage]

    doc = json.loads(path.read_text(encoding="utf-8"))
    turns = parse_transcript(scanner.redact(transcript_argument(doc["transcript"])))
    found: list[tuple[Candidate, int]] = []
    language = "en"
    if turns:
        language = session_language(turns)
        found = resolve_candidates(candidates(segment(turns, language), language, wide=True))
        found = [(c, m) for c, m in found if REDACTED not in c.text]
    cues = cues_for(language)
    base = ranker.base_features(found, cues)
    vectors = np.asarray(embedder.embed([c.text for c, _ in found]), np.float64) if found else np.zeros((0, 384))
    expected = doc["expected"]
    exp_vectors = (
        np.asarray(embedder.embed([e["content"] for e in expected]), np.float64) if expected else np.zeros((0, 384))
    )
    exp_types = [ranker.TYPES.index((e["memory_type"], e["kind"])) for e in expected]
    exp_cues: list[str] = []
    for e in expected:
        classified = _classify(e["content"], cues, False)
        exp_cues.append("" if classified is None else "/".join(classified))
    keep = np.zeros(len(found), dtype=bool)
    type_label = [-1] * len(found)
    if found and expected:
        sims = vectors @ exp_vectors.T
        best = sims.argmax(axis=1)
        for i in range(len(found)):
            if sims[i, best[i]] >= LABEL:
                keep[i] = True
                type_label[i] = exp_types[int(best[i])]
    return FileRows(path.name, found, base, vectors, keep, type_label, exp_vectors, exp_types, exp_cues)


def _unit(v: Matrix) -> Matrix:
    norm = float(np.linalg.norm(v))
    return v / norm if norm > 0 else v


def _sums(f: FileRows) -> tuple[Matrix, Matrix, Matrix]:
    """A file's sums of kept and not-kept candidate vectors and of its expected items' vectors per type."""
    dim = f.vectors.shape[1] if f.vectors.size else f.expected.shape[1] if f.expected.size else 384
    durable = f.vectors[f.keep].sum(axis=0) if f.keep.any() else np.zeros(dim)
    noise = f.vectors[~f.keep].sum(axis=0) if (~f.keep).any() else np.zeros(dim)
    kinds = np.zeros((len(ranker.TYPES), dim))
    for row, t in zip(f.expected, f.expected_types, strict=True):
        kinds[t] += row
    return durable, noise, kinds


def _prototypes(durable: Matrix, noise: Matrix, kinds: Matrix) -> tuple[Matrix, Matrix, Matrix]:
    return _unit(durable), _unit(noise), np.vstack([_unit(row) for row in kinds])


def _model(
    identity: str, prototypes: tuple[Matrix, Matrix, Matrix], threshold: float, duplicate: float
) -> ranker.RankerModel:
    durable, noise, kinds = prototypes
    return ranker.RankerModel(
        embedder=identity,
        mean=np.zeros(len(ranker.FEATURES)),
        scale=np.ones(len(ranker.FEATURES)),
        weights=np.zeros(len(ranker.FEATURES)),
        bias=0.0,
        threshold=threshold,
        duplicate=duplicate,
        session_floor=0.0,
        durable=durable,
        noise=noise,
        kinds=kinds,
        type_weights=np.zeros((len(ranker.TYPES), len(ranker.TYPE_FEATURES))),
    )


def fit(files: Sequence[FileRows], embedder_identity: str, threshold: float, duplicate: float) -> ranker.RankerModel:
    """The model fitted on ``files``. The prototypes are the centroids over all ``files``; the regressions are
    fitted on features whose prototypes leave out the row's own file (as for a file never seen), so the
    weights do not trust the prototypes more than they deserve on new sessions."""
    sums = [_sums(f) for f in files]
    total = tuple(sum(s[k] for s in sums) for k in range(3))
    final = _model(embedder_identity, _prototypes(*total), threshold, duplicate)
    rows: list[Matrix] = []
    type_rows: list[Matrix] = []
    labels: list[int] = []
    for f, own in zip(files, sums, strict=True):
        left_out = _model(embedder_identity, _prototypes(*(total[k] - own[k] for k in range(3))), threshold, duplicate)
        rows.append(features(f, left_out))
        # the type model: expected items (their own cue) and kept candidates (theirs), labelled with the type
        kept = [i for i, t in enumerate(f.type_label) if t >= 0]
        cue_names = f.expected_cues + [f.found[i][0].cue for i in kept]
        vectors = np.vstack(
            [f.expected.reshape(-1, final.durable.shape[0]), f.vectors[kept].reshape(-1, final.durable.shape[0])]
        )
        type_rows.append(type_features(cue_names, vectors, left_out))
        labels += f.expected_types + [f.type_label[i] for i in kept]
    x = np.vstack(rows)
    keep = np.concatenate([f.keep for f in files]).astype(np.float64)
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    weights, bias = logistic((x - mean) / scale, keep, L2)
    type_weights = softmax_fit(np.vstack(type_rows), np.array(labels, dtype=np.int64), len(ranker.TYPES), TYPE_L2)
    return replace(final, mean=mean, scale=scale, weights=weights, bias=bias, type_weights=type_weights)


def features(f: FileRows, model: ranker.RankerModel) -> Matrix:
    """A file's full feature rows under ``model``'s prototypes."""
    return np.hstack([f.base, ranker.embedding_features(f.vectors, model, [c.group for c, _ in f.found])])


def logistic(x: Matrix, y: Matrix, l2: float) -> tuple[Matrix, float]:
    """L2-regularised logistic regression by Newton's method (Bishop 2006, 4.3.3, IRLS); the bias is not
    penalised. Returns (weights, bias)."""
    n, k = x.shape
    a = np.hstack([x, np.ones((n, 1))])
    w = np.zeros(k + 1)
    penalty = np.full(k + 1, l2)
    penalty[-1] = 0.0
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-np.clip(a @ w, -30, 30)))
        gradient = a.T @ (p - y) + penalty * w
        hessian = (a * (p * (1 - p))[:, None]).T @ a + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if float(np.abs(step).max()) < 1e-8:
            break
    return w[:-1], float(w[-1])


def softmax_fit(x: Matrix, labels: npt.NDArray[np.int64], classes: int, l2: float) -> Matrix:
    """Multinomial logistic regression by gradient descent (Bishop 2006, 4.3.4), ``(classes, features)``."""
    n, k = x.shape
    w = np.zeros((classes, k))
    onehot = np.zeros((n, classes))
    onehot[np.arange(n), labels] = 1.0
    rate = 0.5
    for _ in range(3000):
        z = x @ w.T
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        gradient = (p - onehot).T @ x / n + l2 * w / n
        gradient[:, 0] -= l2 * w[:, 0] / n  # the bias column is not penalised
        w -= rate * gradient
    return w


def greedy_matches(kept: Matrix, expected: Matrix) -> list[tuple[int, int]]:
    """research/bench/distill.py ``greedy_match``: one-to-one pairs at or above ``MATCH``, best first."""
    if kept.shape[0] == 0 or expected.shape[0] == 0:
        return []
    scores = kept @ expected.T
    order = np.argsort(-scores, axis=None, kind="stable")
    used_d: set[int] = set()
    used_e: set[int] = set()
    pairs: list[tuple[int, int]] = []
    for flat in order:
        i, j = divmod(int(flat), scores.shape[1])
        if scores[i, j] < MATCH:
            break
        if i in used_d or j in used_e:
            continue
        used_d.add(i)
        used_e.add(j)
        pairs.append((i, j))
    return pairs


def evaluate(
    files: Sequence[FileRows],
    probabilities: Sequence[Matrix],
    models: Sequence[ranker.RankerModel],
    threshold: float,
    duplicate: float,
    floor: float,
) -> dict[str, float]:
    """Micro precision, recall, F1 and type accuracy of keeping what reaches ``threshold``, as the bench
    matches; ``models[i]`` types file ``i``'s items."""
    kept_total = expected_total = matched = type_ok = rules_ok = chatter_saved = 0
    for f, p, model in zip(files, probabilities, models, strict=True):
        chosen = select(
            f.found, f.vectors, p, replace(model, threshold=threshold, duplicate=duplicate, session_floor=floor)
        )
        kept_total += len(chosen)
        expected_total += f.expected.shape[0]
        if f.expected.shape[0] == 0 and chosen:
            chatter_saved += 1
        pairs = greedy_matches(f.vectors[chosen], f.expected)
        matched += len(pairs)
        types = predict_types([f.found[i][0].cue for i in chosen], f.vectors[chosen], model)
        for i, j in pairs:
            type_ok += ranker.TYPES[f.expected_types[j]][0] == types[i][0]
            rules_ok += ranker.TYPES[f.expected_types[j]][0] == f.found[chosen[i]][0].memory_type
    precision = matched / kept_total if kept_total else 0.0
    recall = matched / expected_total if expected_total else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {
        "precision": precision,
        "recall": recall,
        "f1": f1,
        "type_accuracy": type_ok / matched if matched else 0.0,
        "type_accuracy_of_the_rules": rules_ok / matched if matched else 0.0,
        "files_without_items_that_kept_some": float(chatter_saved),
    }


def chatter_floor(files: Sequence[FileRows], probabilities: Sequence[Matrix]) -> tuple[float, list[str]]:
    """The chatter floor and the files with expected items it silences. A chatter session must save nothing
    (issue 16), so that comes first: the floor is the midpoint between the highest best cross-validated
    probability of the sessions without expected items and the lowest of the sessions with some that lies
    above it; files without a candidate say nothing. (0.0, []) when there is no session of either kind."""
    chatter = [float(p.max()) for f, p in zip(files, probabilities, strict=True) if p.size and not f.expected.size]
    best = {f.name: float(p.max()) for f, p in zip(files, probabilities, strict=True) if p.size and f.expected.size}
    if not chatter or not best:
        return 0.0, []
    above = [v for v in best.values() if v > max(chatter)]
    floor = (max(chatter) + min(above)) / 2 if above else max(chatter) + 1e-6
    return floor, sorted(name for name, v in best.items() if v < floor)


# -- the statement model's selection and type model, used here only to cross-validate the fit: the offline
# distiller keeps the rules' items and reads the keep probability only as a feature of its chatter model
# (issue 27 point 7: the selection did not change a figure of the fresh held-out half, so it left the product)

SIM_SPREAD = 10.0  # cosines to the type prototypes differ by ~0.1: scaled so their weights fit like the cues'


def type_features(cue_names: Sequence[str], vectors: Matrix, model: ranker.RankerModel) -> Matrix:
    """The type model's input (``TYPE_FEATURES``): a bias column, the cue one-hot and the cosine to each type's
    prototype, less the row's mean cosine, times ``SIM_SPREAD``: ``(n, len(TYPE_FEATURES))``."""
    import numpy as np

    n = len(cue_names)
    cues = np.zeros((n, len(ranker.CUE_NAMES)), dtype=np.float64)
    for i, name in enumerate(cue_names):
        cues[i, ranker.cue_index(name)] = 1.0
    sims = vectors @ model.kinds.T if n else np.zeros((0, len(ranker.TYPES)))
    sims = (sims - sims.mean(axis=1, keepdims=True)) * SIM_SPREAD  # which prototype is nearest, on a unit scale
    return np.hstack([np.ones((n, 1)), cues, sims])


def predict_types(cue_names: Sequence[str], vectors: Matrix, model: ranker.RankerModel) -> list[tuple[str, str]]:
    """The most probable (memory_type, kind) of ``TYPES`` for each candidate (softmax regression)."""
    scores = type_features(cue_names, vectors, model) @ model.type_weights.T
    return [ranker.TYPES[int(i)] for i in scores.argmax(axis=1)] if len(cue_names) else []


def select(
    found: Sequence[tuple[Candidate, int]], vectors: Matrix, probability: Matrix, model: ranker.RankerModel
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
    (ties: the later) among the ``ranker.WINDOW`` chosen on either side."""
    drop: set[int] = set()
    for pos, i in enumerate(chosen):
        for j in chosen[max(0, pos - ranker.WINDOW) : pos + ranker.WINDOW + 1]:
            if j == i or float(vectors[i] @ vectors[j]) < duplicate:
                continue
            if (probability[j], j) > (probability[i], i):
                drop.add(i)
                break
    return [i for i in chosen if i not in drop]


def main(argv: Sequence[str] | None = None) -> int:
    """Fit, cross-validate, write the weights; figures go to stdout."""
    parser = argparse.ArgumentParser(description="fit the offline distiller's ranker on the tuning half")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--out", type=Path, default=ranker.WEIGHTS_PATH)
    parser.add_argument("--embedder", default="minilm")
    parser.add_argument("--split", type=Path, default=None, help="split file (default: DATA/split.json)")
    args = parser.parse_args(argv)
    embedder = create_embedder(args.embedder)
    scanner = SecretScanner()
    paths = tuning_files(args.data, args.split)
    files = [load_rows(p, embedder, scanner) for p in paths]
    print(
        f"{len(files)} tuning files, {sum(len(f.found) for f in files)} candidates, "
        f"{int(sum(f.keep.sum() for f in files))} worth keeping",
        file=sys.stderr,
    )
    probabilities: list[Matrix] = [np.zeros(0)] * len(files)
    models: list[ranker.RankerModel] = [None] * len(files)  # type: ignore[list-item]
    for fold in range(FOLDS):
        train = [f for i, f in enumerate(files) if i % FOLDS != fold]
        model = fit(train, embedder.identity, 0.5, 1.01)
        for i, f in enumerate(files):
            if i % FOLDS == fold:
                probabilities[i] = ranker.keep_probability(features(f, model), model) if f.found else np.zeros(0)
                models[i] = model
    grid = [
        (evaluate(files, probabilities, models, t, d, fl), t, d, fl)
        for t in THRESHOLDS
        for d in DUPLICATES
        for fl in FLOORS
        if fl >= t
    ]
    # no session without expected items may keep anything (chatter saves nothing); then the best F1
    best, threshold, duplicate, floor = max(
        grid, key=lambda g: (-g[0]["files_without_items_that_kept_some"], round(g[0]["f1"], 6), g[1], g[3])
    )
    print(
        f"cross-validated ({FOLDS} folds over files): threshold {threshold}, duplicate cosine {duplicate}, "
        f"session floor {floor}"
    )
    for name, value in best.items():
        print(f"  {name}: {value:.3f}")
    chatter, silenced = chatter_floor(files, probabilities)
    print(f"  chatter floor: {chatter:.4f} (files with expected items under it: {', '.join(silenced) or 'none'})")
    final = replace(fit(files, embedder.identity, threshold, duplicate), session_floor=floor, chatter_floor=chatter)
    doc = {
        "about": "Fitted by research/scripts/fit_distill_ranker.py on the tuning half of research/bench/data/distill; "
        "see ranker.py",
        "embedder": final.embedder,
        "files": [p.name for p in paths],
        "cross_validated": {k: round(v, 4) for k, v in best.items()},
        "features": list(ranker.FEATURES),
        "type_features": list(ranker.TYPE_FEATURES),
        "types": ["/".join(t) for t in ranker.TYPES],
        "threshold": threshold,
        "duplicate": duplicate,
        "session_floor": floor,
        "chatter_floor": round(chatter, 6),
        "bias": round(final.bias, 6),
        "weights": [round(float(v), 6) for v in final.weights],
        "mean": [round(float(v), 6) for v in final.mean],
        "scale": [round(float(v), 6) for v in final.scale],
        "type_weights": [[round(float(v), 6) for v in row] for row in final.type_weights],
        "durable": [round(float(v), 6) for v in final.durable],
        "noise": [round(float(v), 6) for v in final.noise],
        "kinds": [[round(float(v), 6) for v in row] for row in final.kinds],
    }
    args.out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}", file=sys.stderr)
    for name, weight in zip(ranker.FEATURES, final.weights, strict=True):
        print(f"  {name:>18} {weight:+.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
