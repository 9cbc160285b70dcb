"""The month bench's clock (research/bench/month.py): every process the bench starts with this folder on
``PYTHONPATH`` (the hooks, their detached save workers, the stdio server) reads a wall clock shifted by
``CLP_MONTH_CLOCK_OFFSET_S`` seconds, so that a month of sessions played in minutes is stored as a month (days
between sessions, as the product's recency, expiry and time-neighbour rules expect) rather than as one burst.
Only ``time.time`` and ``time.time_ns`` move (the product's clock is ``contextlamp.text.now_ms``); monotonic
clocks, timeouts and file times do not. Without the variable nothing changes.
"""

import os
import time

_OFFSET = os.environ.get("CLP_MONTH_CLOCK_OFFSET_S")
if _OFFSET:
    _SHIFT_NS = int(float(_OFFSET) * 1_000_000_000)
    _time_ns, _time = time.time_ns, time.time
    time.time_ns = lambda: _time_ns() + _SHIFT_NS
    time.time = lambda: _time() + _SHIFT_NS / 1e9
