"""The vector search's first pass (issue #32 item 5): int8 copies of the stored vectors, scored by ONNX Runtime's
integer matrix product with a per-row error bound, so that only the rows that could reach the top are scored
exactly in float32 (``SqliteStore.vector_search``). Rankings stay exact: a row is dropped only when its upper bound
is below the lower bound of as many rows as the exact pass would look at.

Quantisation (symmetric, per row; the query likewise): ``v ~ s * c`` with ``s = max|v| / 127`` and ``c =
rint(v / s)`` in int8, residual ``e = v - s * c``. For a query ``q ~ t * d + f`` the exact cosine is
``v . q = s t (c . d) + s (c . f) + e . q``, so by Cauchy-Schwarz ``|v . q - s t (c . d)| <= s |c| |f| + |e| |q|``
(``bound``), plus ``FLOAT_SLACK`` for the float32 rounding of the exact product (Higham, "Accuracy and Stability
of Numerical Algorithms", 2002, eq. 3.5: a dot product of n terms errs by at most ``n u sum|v_i q_i|``, here
``384 * 2**-24 <= 2.3e-5`` for unit vectors). ``c . d`` is computed exactly in int32.

The product: ``MatMulInteger`` (ONNX opset 10) of the rows' codes as a ``(rows, dim) uint8`` matrix (zero point
128: a row's codes plus 128, row-major) and the query as a ``(dim, 1) int8`` column, on a one-thread session of a
graph built here (``_graph``: no ``onnx`` package at run time). The rows are the matrix ONNX Runtime streams, the
query the one it packs: measured on this machine (AVX-512 VNNI, 2 cores, load 20+, CPU of the calling thread,
issue #32 item 5, stop 45), 10,000 x 384 took 0.20-0.22 ms against 0.52-0.54 ms with the codes as the packed
``(dim, rows)`` operand (40,000 rows 1.01 against 4.76 ms), the same int32 products; numpy's float32 product
2.3 ms. The session is made on first use, never at import.
"""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from contextlamp.domain.embedding import Vectors

CODE_MAX = 127  # symmetric int8 range used (-127..127): the rows' zero point 128 keeps them inside uint8
ZERO_POINT = 128  # a row's stored codes are its int8 codes plus this (uint8), MatMulInteger's a_zero_point
FLOAT_SLACK = 1e-4  # > 384 * 2**-24 (module docstring), with room for vectors a little off unit length
_session: Any = None
_session_lock = threading.Lock()


def quantize_rows(rows: Vectors) -> tuple[npt.NDArray[np.uint8], Vectors, Vectors, Vectors]:
    """Codes plus 128 (``ZERO_POINT``), scale, ``scale * |codes|`` and residual norm ``|rows - scale * codes|`` of
    ``rows`` (``(n, dim)`` float32): ``((n, dim) uint8, (n,) float32 x3)``. An all-zero row (a replaced row) gets
    codes of 128 (zero) and zeros throughout."""
    import numpy as np

    scale = np.abs(rows).max(axis=1) / np.float32(CODE_MAX)
    safe = np.where(scale > 0, scale, np.float32(1.0))
    codes = np.clip(np.rint(rows / safe[:, None]), -CODE_MAX, CODE_MAX)
    residual = np.linalg.norm(rows - codes * scale[:, None], axis=1)
    spread = scale * np.linalg.norm(codes, axis=1)
    # float32 throughout (a block's temporaries stay 6 MiB); each bound is rounded up by an ulp, and
    # FLOAT_SLACK covers the rest of their rounding by orders of magnitude
    up = np.float32(np.inf)
    return (codes + ZERO_POINT).astype(np.uint8), scale, np.nextafter(spread, up), np.nextafter(residual, up)


def quantize_query(query: Vectors) -> tuple[npt.NDArray[np.int8], float, float, float]:
    """The query's ``(dim, 1) int8`` codes, its scale ``t``, its residual norm ``|f|`` and its norm ``|q|``
    (float64 arithmetic)."""
    import numpy as np

    q = query.astype(np.float64)
    top = float(np.abs(q).max())
    scale = top / CODE_MAX if top > 0 else 1.0
    codes = np.clip(np.rint(q / scale), -CODE_MAX, CODE_MAX)
    residual = float(np.linalg.norm(q - codes * scale))
    return codes.astype(np.int8).reshape(-1, 1), scale, residual, float(np.linalg.norm(q))


def int8_products(row_codes: npt.NDArray[np.uint8], query_codes: npt.NDArray[np.int8]) -> npt.NDArray[np.int32]:
    """``(rows,) int32``: exact ``(row - 128) . query_codes`` for each row of ``row_codes`` (``(rows, dim)`` uint8,
    C-contiguous, zero point ``ZERO_POINT``); ``query_codes`` is ``(dim, 1)`` int8."""
    import numpy as np

    zero = np.array(ZERO_POINT, np.uint8)
    (out,) = _int8_session().run(None, {"a": row_codes, "b": query_codes, "a_zero": zero})
    return out.reshape(-1)


def _int8_session() -> Any:
    """The one-thread ONNX Runtime session of ``_graph`` (made on first use; ``run`` is thread-safe)."""
    global _session
    with _session_lock:
        if _session is None:
            os.environ["ORT_DISABLE_TELEMETRY"] = "1"  # as embedding/runtime.py, before the first import
            import onnxruntime as ort  # pyright: ignore[reportMissingTypeStubs]

            ort.disable_telemetry_events()  # pyright: ignore[reportUnknownMemberType]  (as embedding/runtime.py)

            options: Any = ort.SessionOptions()  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
            options.intra_op_num_threads = 1
            options.inter_op_num_threads = 1
            options.log_severity_level = 3
            options.enable_cpu_mem_arena = True
            _session = ort.InferenceSession(_graph(), options, providers=["CPUExecutionProvider"])
        return _session


def _graph() -> bytes:
    """The serialised ONNX model ``y = MatMulInteger(a, b, a_zero)``: ``a`` ``(rows, dim)`` uint8, ``b`` ``(dim,
    1)`` int8, ``a_zero`` a uint8 scalar, ``y`` ``(rows, 1)`` int32; IR version 8, opset 13. Written field by field
    (onnx.proto: ModelProto, GraphProto, NodeProto, ValueInfoProto, TypeProto.Tensor, TensorShapeProto), so the
    ``onnx`` package is not needed at run time; tests/test_vector_first_pass.py checks it with ``onnx`` when
    installed and checks its products against numpy's either way."""

    def varint(value: int) -> bytes:
        out = bytearray()
        while True:
            low, value = value & 0x7F, value >> 7
            out.append(low | (0x80 if value else 0))
            if not value:
                return bytes(out)

    def field(number: int, payload: bytes | str | int) -> bytes:
        if isinstance(payload, int):
            return varint(number << 3) + varint(payload)
        data = payload.encode() if isinstance(payload, str) else payload
        return varint(number << 3 | 2) + varint(len(data)) + data

    def tensor(name: str, elem_type: int, dims: tuple[str | int, ...]) -> bytes:
        shape = b"".join(field(1, field(2, d) if isinstance(d, str) else field(1, d)) for d in dims)
        return field(1, name) + field(2, field(1, field(1, elem_type) + field(2, shape)))

    uint8, int8, int32 = 2, 3, 6  # TensorProto.DataType
    node = field(1, "a") + field(1, "b") + field(1, "a_zero") + field(2, "y") + field(4, "MatMulInteger")
    graph = (
        field(1, node)
        + field(2, "first_pass")
        + field(11, tensor("a", uint8, ("rows", "dim")))
        + field(11, tensor("b", int8, ("dim", 1)))
        + field(11, tensor("a_zero", uint8, ()))
        + field(12, tensor("y", int32, ("rows", 1)))
    )
    return field(1, 8) + field(7, graph) + field(8, field(1, "") + field(2, 13))
