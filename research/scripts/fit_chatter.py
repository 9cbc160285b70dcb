"""Fit the offline distiller's session-level chatter decision (src/contextlamp/distill/chatter.py).

Usage: ``python research/scripts/fit_chatter.py [--embedder minilm] [--out .../chatter_weights.json]``

Deterministic: the same data, ranker and embedder give the same file. Steps:

1. The sessions: every session of ``research/bench/data/chatter-fit.json`` (fitting-only data, see
research/bench/data/README.md)
   and the raw transcripts of the ``tuning`` half of ``research/bench/data/distill/split.json`` (the held-out half is
   never read). A session is labelled chatter when it has no expected item.
2. Per session, what save_session has before the chatter decision (research/scripts/fit_distill_ranker.py
   ``load_rows``: secrets redacted, parsed, every statement a candidate, restatements resolved, embedded) and
   the ranker's keep probabilities: for a tuning file cross-validated as the ranker itself is fitted (five
   folds over the tuning files, the file's own fold left out), for a fitting-only session the shipped ranker's
   (it never saw them). So no session is scored by a ranker fitted on it.
3. Five folds over the sessions (session ``i`` of the name-sorted list in fold ``i % 5``). Per fold, from the
   other folds: the linear probe (``probe``: a logistic regression over unit vectors, ``PROBE_L2``; durable
   statements are the expected items, the candidates labelled worth keeping, cosine >= 0.75 to an expected item,
   and the 257 hand-written statements of ``research/bench/data/item-types.json``; chatter is every candidate of a
   chatter session), the feature standardisation and an L2-regularised logistic regression over the session
   features (``L2``); the fold's sessions are then scored.
4. The threshold: a chatter session must save nothing (issue 16), so it must catch every chatter session's
   cross-validated probability: the midpoint between the lowest chatter session's probability and the highest
   probability below it of a session with expected items (those at or above it are printed: they would save
   nothing).
5. The final model: the same fit on every session, with that threshold, written as plain numbers.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from contextlamp.distill import chatter, ranker
from contextlamp.distill.cues import cues_for
from contextlamp.distill.offline import session_language
from contextlamp.distill.transcript import parse_transcript
from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.embedding import create_embedder

ROOT = Path(__file__).resolve().parents[2]
FIT_DATA = ROOT / "research" / "bench" / "data" / "chatter-fit.json"
DISTILL_DATA = ROOT / "research" / "bench" / "data" / "distill"
FOLDS = 5
L2 = 3.0  # the session model's penalty (of 0.3, 1 and 3, the one that silenced fewest sessions with items)
PROBE_L2 = 1.0
ITEM_TYPES = ROOT / "research" / "bench" / "data" / "item-types.json"  # hand-written durable statements (fitting only)

Matrix = npt.NDArray[np.float64]


def _ranker_fit() -> Any:
    """research/scripts/fit_distill_ranker.py as a module (its ``load_rows``, ``fit`` and ``features``)."""
    spec = importlib.util.spec_from_file_location(
        "fit_distill_ranker", Path(__file__).resolve().parent / "fit_distill_ranker.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["fit_distill_ranker"] = module
    spec.loader.exec_module(module)
    return module


def load_sessions(embedder: Any) -> tuple[list[Any], list[Matrix], list[Any]]:
    """The sessions' rows (fit_distill_ranker.FileRows), their ranker keep probabilities (step 2) and cues."""
    fdr = _ranker_fit()
    scanner = SecretScanner()
    tuning = fdr.tuning_files(DISTILL_DATA)
    tuning_rows = [fdr.load_rows(p, embedder, scanner) for p in tuning]
    probabilities: list[Matrix] = [np.zeros(0)] * len(tuning_rows)
    for fold in range(fdr.FOLDS):  # the ranker's own cross-validation (fit_distill_ranker.main)
        model = fdr.fit([f for i, f in enumerate(tuning_rows) if i % fdr.FOLDS != fold], embedder.identity, 0.5, 1.01)
        for i, f in enumerate(tuning_rows):
            if i % fdr.FOLDS == fold and f.found:
                probabilities[i] = ranker.keep_probability(fdr.features(f, model), model)
    shipped = ranker.shipped_model()
    fit_rows: list[Any] = []
    fit_probabilities: list[Matrix] = []
    doc = json.loads(FIT_DATA.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        for session in doc["sessions"]:
            path = Path(tmp) / f"{session['id']}.json"
            path.write_text(json.dumps(session, ensure_ascii=False), encoding="utf-8")
            f = fdr.load_rows(path, embedder, scanner)
            fit_rows.append(f)
            fit_probabilities.append(
                ranker.keep_probability(fdr.features(f, shipped), shipped) if f.found else np.zeros(0)
            )
    documents = [json.loads(p.read_text(encoding="utf-8")) for p in tuning] + doc["sessions"]
    cues = [_cues(d, scanner) for d in documents]
    return tuning_rows + fit_rows, probabilities + fit_probabilities, cues


def _cues(doc: dict[str, Any], scanner: SecretScanner) -> Any:
    """The cue set of a session's language, read as save_session reads it (offline.session_language)."""
    transcript = doc["transcript"]
    text = transcript if isinstance(transcript, str) else json.dumps(transcript, ensure_ascii=False)
    turns = parse_transcript(scanner.redact(text))
    return cues_for(session_language(turns) if turns else "en")


def probe(rows: Sequence[Any], statements: Matrix) -> tuple[Matrix, float]:
    """The linear probe of chatter.py (``durable_max``): an L2-regularised logistic regression (``PROBE_L2``)
    over unit vectors, durable statements (``statements``, the expected items and the candidates labelled
    worth keeping of ``rows``) against the candidates of ``rows``' chatter sessions. Returns (weights, bias)."""
    positive = np.vstack(
        [statements] + [f.expected for f in rows if f.expected.size] + [f.vectors[f.keep] for f in rows if f.keep.any()]
    )
    negative = np.vstack([f.vectors for f in rows if not f.expected.size and f.vectors.size])
    x = np.vstack([positive, negative])
    y = np.concatenate([np.ones(len(positive)), np.zeros(len(negative))])
    return _ranker_fit().logistic(x, y, PROBE_L2)


def feature_rows(rows: Sequence[Any], probabilities: Sequence[Matrix], cues: Sequence[Any], protos: Any) -> Matrix:
    """The sessions' ``chatter.FEATURES`` rows under the probe ``protos`` (weights, bias): ``(sessions, k)``."""
    keep = ranker.shipped_model().threshold
    return np.vstack(
        [
            chatter.session_features(f.found, f.vectors, p, c, protos[0], protos[1], keep)
            for f, p, c in zip(rows, probabilities, cues, strict=True)
        ]
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Fit, cross-validate, write the weights; figures go to stdout."""
    parser = argparse.ArgumentParser(description="fit the offline distiller's chatter decision")
    parser.add_argument("--out", type=Path, default=chatter.WEIGHTS_PATH)
    parser.add_argument("--embedder", default="minilm")
    parser.add_argument("--debug", action="store_true", help="print every session's cross-validated probability")
    args = parser.parse_args(argv)
    fdr = _ranker_fit()
    embedder = create_embedder(args.embedder)
    rows, probabilities, cues = load_sessions(embedder)
    items = json.loads(ITEM_TYPES.read_text(encoding="utf-8"))["items"]
    statements = np.asarray(embedder.embed([i["content"] for i in items]), dtype=np.float64)
    judged = [i for i, f in enumerate(rows) if f.found]  # a session without candidates is never judged
    order = sorted(judged, key=lambda i: rows[i].name)
    rows = [rows[i] for i in order]
    probabilities = [probabilities[i] for i in order]
    cues = [cues[i] for i in order]
    y = np.array([float(not f.expected.size) for f in rows])
    print(f"{len(rows)} sessions with candidates, {int(y.sum())} chatter", file=sys.stderr)
    cv = np.zeros(len(rows))
    for fold in range(FOLDS):
        train = [i for i in range(len(rows)) if i % FOLDS != fold]
        test = [i for i in range(len(rows)) if i % FOLDS == fold]
        protos = probe([rows[i] for i in train], statements)
        x = feature_rows(rows, probabilities, cues, protos)
        mean, scale = x[train].mean(axis=0), x[train].std(axis=0)
        scale[scale < 1e-9] = 1.0
        weights, bias = fdr.logistic((x[train] - mean) / scale, y[train], L2)
        cv[test] = 1.0 / (1.0 + np.exp(-np.clip(((x[test] - mean) / scale) @ weights + bias, -30, 30)))
    if args.debug:
        xs = feature_rows(rows, probabilities, cues, probe(rows, statements))
        for i in np.argsort(cv):
            print(
                f"    {cv[i]:.3f} {'C' if y[i] else 'D'} {rows[i].name} {np.round(xs[i], 2).tolist()}", file=sys.stderr
            )
    lowest = float(cv[y == 1].min())
    below = cv[(y == 0) & (cv < lowest)]
    threshold = (lowest + float(below.max())) / 2 if below.size else lowest - 1e-6
    silenced = [rows[i].name for i in range(len(rows)) if y[i] == 0 and cv[i] >= threshold]
    fit_names = {f"{s['id']}.json" for s in json.loads(FIT_DATA.read_text(encoding="utf-8"))["sessions"]}
    print(f"cross-validated ({FOLDS} folds over sessions): threshold {threshold:.4f}")
    for label, names in (("fitting-only", fit_names), ("tuning half", None)):
        idx = [i for i, f in enumerate(rows) if (f.name in fit_names) == (names is not None)]
        caught = sum(1 for i in idx if y[i] == 1 and cv[i] >= threshold)
        lost = sum(1 for i in idx if y[i] == 0 and cv[i] >= threshold)
        print(
            f"  {label}: chatter sessions judged chatter {caught}/{int(y[idx].sum())}, "
            f"sessions with items judged chatter {lost}/{int((1 - y[idx]).sum())}"
        )
    print(f"  sessions with items judged chatter: {', '.join(silenced) or 'none'}")
    protos = probe(rows, statements)
    x = feature_rows(rows, probabilities, cues, protos)
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    weights, bias = fdr.logistic((x - mean) / scale, y, L2)
    doc = {
        "about": "Fitted by research/scripts/fit_chatter.py on research/bench/data/chatter-fit.json and the tuning "
        "half of "
        "research/bench/data/distill; see chatter.py",
        "embedder": embedder.identity,
        "sessions": len(rows),
        "chatter_sessions": int(y.sum()),
        "cross_validated": {"threshold": round(threshold, 6), "sessions_with_items_judged_chatter": silenced},
        "features": list(chatter.FEATURES),
        "threshold": round(threshold, 6),
        "keep_threshold": ranker.shipped_model().threshold,
        "bias": round(bias, 6),
        "weights": [round(float(v), 6) for v in weights],
        "mean": [round(float(v), 6) for v in mean],
        "scale": [round(float(v), 6) for v in scale],
        "probe_bias": round(protos[1], 6),
        "probe": [round(float(v), 6) for v in protos[0]],
    }
    args.out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}", file=sys.stderr)
    for name, weight in zip(chatter.FEATURES, weights, strict=True):
        print(f"  {name:>12} {weight:+.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
