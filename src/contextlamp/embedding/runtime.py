"""What every ONNX embedder runs on (embedding/onnx.py's MiniLM models and embedding/e5.py's model): the
package's model folder, an ONNX Runtime CPU session as every shipped model is served, and the grouping of texts
into model runs. Below both so neither imports the other's module."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

MODEL_DIR = Path(__file__).resolve().parent / "model"  # package data (pyproject.toml [tool.setuptools.package-data])
ORT_THREADS = min(4, os.cpu_count() or 1)  # measured: 1 thread made get_context slower (18.8 vs 14 ms)
# Whether an intra-op worker spins (busy-waits) between the parallel parts of one run instead of sleeping. Off: a
# text of a save or a query is a run of ~500 small kernels, and a spinning worker burns its core through all of
# them (2 threads: 12.4 ms of CPU for a LoCoMo turn's 5.6 of work) and, on a shared machine, waits for a core it
# then wastes; sleeping, the run costs one thread's CPU and still takes the second core when it is free. Measured
# interleaved on the 2-core CI machine (load 17-22; research/bench/embed_threads.py, research/notes/performance.md
# stop 40): a turn's median wall 49.2 -> 21.3 ms, CPU 12.4 -> 5.9; a 256-piece window 407 -> 219 ms, CPU 86 -> 46;
# vectors bitwise equal. ORT docs, session option "session.intra_op.allow_spinning"
# (onnxruntime_session_options_config_keys.h).
ALLOW_SPINNING = False
REINSTALL = (
    "Reinstall contextlamp (pip install --force-reinstall --no-deps contextlamp, or from a clone: pip install -e .)"
)


def ort_session(graph: str | bytes, threads: int | None = None) -> Any:
    """An ONNX Runtime CPU session of ``graph`` (a path or the model's bytes) with ``threads`` intra-op threads
    (default ``ORT_THREADS``), as every shipped model is served.

    Raises:
        Exception: whatever ONNX Runtime raises for a graph it cannot load (callers wrap it).
    """
    # ONNX Runtime 1.32 carries Microsoft's 1DS telemetry (events for https://mobile.events.data.microsoft.com,
    # a device id and an event database under $XDG_CACHE_HOME/Microsoft/DeveloperTools/.onnxruntime, written
    # at import). Nothing leaves this machine that the user did not configure: ORT_DISABLE_TELEMETRY (read by
    # libonnxruntime when it loads; measured: with it, no file is written) and disable_telemetry_events().
    os.environ["ORT_DISABLE_TELEMETRY"] = "1"
    import onnxruntime as ort  # pyright: ignore[reportMissingTypeStubs]

    ort.disable_telemetry_events()  # pyright: ignore[reportUnknownMemberType]
    options: Any = ort.SessionOptions()  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
    options.intra_op_num_threads = threads or ORT_THREADS
    options.inter_op_num_threads = 1
    options.log_severity_level = 3
    options.enable_cpu_mem_arena = False  # the arena keeps peak buffers forever: ~70 MB of RSS for nothing
    # ORT's workers spin while a run lasts (fast inference) but stop when it returns: a spinning worker
    # took a core from the vector search that follows (100,000 entries: get_context p50 39.3 -> 33.1 ms,
    # vector search 16.2 -> 8.7 ms; at 10,000 no change). ORT docs, session option
    # "session.force_spinning_stop" (onnxruntime_session_options_config_keys.h).
    options.add_session_config_entry("session.force_spinning_stop", "1")  # pyright: ignore[reportUnknownMemberType]
    spinning = "1" if ALLOW_SPINNING else "0"
    options.add_session_config_entry("session.intra_op.allow_spinning", spinning)  # pyright: ignore[reportUnknownMemberType]
    return ort.InferenceSession(graph, options, providers=["CPUExecutionProvider"])


RUN_COST_PIECES = 16  # one model run's fixed cost in word pieces of work (measured below)


def length_groups(lengths: list[int], limit: int) -> list[list[int]]:
    """Indexes of ``lengths`` (word pieces a text) in groups of at most ``limit`` to run together, each padded
    to its longest. Texts are taken shortest first; a group closes when adding the next text would waste more
    padding than ``RUN_COST_PIECES`` (a run's fixed cost: on these 2 cores one 8-piece text took as long as ~10
    pieces of a 250-piece run, time otherwise linear in padded pieces) or it is full. One group for texts of
    similar length (a query; a short save with its probes). Linear after the sort."""
    order = sorted(range(len(lengths)), key=lambda i: lengths[i])
    groups: list[list[int]] = []
    group: list[int] = []
    real = 0
    for i in order:
        waste = (len(group) + 1) * lengths[i] - (real + lengths[i])
        if group and (len(group) == limit or waste > RUN_COST_PIECES):
            groups.append(group)
            group, real = [], 0
        group.append(i)
        real += lengths[i]
    if group:
        groups.append(group)
    return groups
