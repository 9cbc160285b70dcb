"""Stop 40's breaker: a pasted log of 20 KB to 1.6 MB before or after a one-fact turn (breaker-stop40.md, 10)."""

from breaker40 import Scratch

log = "2026-12-06T09:14:03Z INFO worker-3 processed batch id=%d rows=512 in 41ms\n"
for kb in (20, 100, 400, 1600):
    n = kb * 1024 // len(log % 1)
    paste = "".join(log % i for i in range(n))
    for order in ("paste-first", "paste-after"):
        s = Scratch()
        turns = ["here's the worker log:\n" + paste, "The ledger api listens on port 7311 in staging."]
        if order == "paste-after":
            turns.reverse()
        s.claude(turns)
        mem = s.memories()
        print(
            kb,
            "KB",
            order,
            "fact_saved=",
            any("7311" in m for m in mem),
            "memories=",
            len(mem),
            "|",
            s.log().strip().splitlines()[-1][-110:],
            flush=True,
        )
