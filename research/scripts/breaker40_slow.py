"""Stop 40's breaker: time the capture and scanning paths on hostile inputs at sizes n and 2n (research/notes/
breaker-stop40.md, "Slow inputs"). A ratio near 2 is linear; near 4 is quadratic.

``python research/scripts/breaker40_slow.py [SIZE] [SHAPE...]``: SIZE characters (default 8000) then 2 x SIZE, CPU
seconds of ``SecretScanner.kinds``, ``scrub``, ``hooks.clean.clean_text``, ``hooks.material.strip_material`` and a
whole ``save_session`` (one user turn; the fake embedder) on each shape.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

SHAPES: dict[str, Callable[[int], str]] = {
    "prose": lambda n: ("The billing worker listens on port 4100 in staging. " * (n // 52 + 1))[:n],
    "password: x repeated": lambda n: ("password: x " * (n // 12 + 1))[:n],
    "key=value chain": lambda n: ("a=" * (n // 2 + 1))[:n],
    "one long word": lambda n: "a" * n,
    "base64 run": lambda n: ("QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0MjQy" * (n // 40 + 1))[:n],
    "hex pairs spaced": lambda n: ("4f " * (n // 3 + 1))[:n],
    "dots": lambda n: ("a." * (n // 2 + 1))[:n],
    "open parens": lambda n: "(" * n,
    "backticks": lambda n: "`" * n,
    "quotes": lambda n: '"' * n,
    "hook_context open tags": lambda n: ("<hook_context>" * (n // 14 + 1))[:n],
    "contextlamp open tags": lambda n: ("<contextlamp-context>" * (n // 21 + 1))[:n],
    "system-reminder open": lambda n: ("<system-reminder>x" * (n // 18 + 1))[:n],
    "numbered list": lambda n: "".join(f"{i}. item\n" for i in range(n // 8 + 1))[:n],
    "dash lines": lambda n: ("- a\n" * (n // 4 + 1))[:n],
    "zero-width every char": lambda n: ("a\u200b" * (n // 2 + 1))[:n],
    "soft hyphen every char": lambda n: ("a\u00ad" * (n // 2 + 1))[:n],
    "percent escapes": lambda n: ("%41" * (n // 3 + 1))[:n],
    "spaced letters": lambda n: ("a " * (n // 2 + 1))[:n],
    "tag chars": lambda n: "\U000e0061" * n,
    "colons": lambda n: ":" * n,
    "pin is digits": lambda n: ("my pin is 1234 " * (n // 15 + 1))[:n],
    "url userinfo": lambda n: ("https://u:p@" * (n // 12 + 1))[:n],
    "backslashes": lambda n: "\\" * n,
    "CJK no spaces": lambda n: ("密码是" * (n // 3 + 1))[:n],
    "newlines": lambda n: "\n" * n,
}


def cpu(fn: Callable[[], object]) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def main() -> None:
    size = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 8000
    chosen = [a for a in sys.argv[1:] if not a.isdigit()] or list(SHAPES)
    from contextlamp.app.service import Caller, MemoryService
    from contextlamp.domain.secret_scan import SecretScanner
    from contextlamp.embedding.fake import FakeEmbedder
    from contextlamp.hooks.clean import clean_text
    from contextlamp.hooks.material import strip_material
    from contextlamp.storage import StoreRegistry

    scanner = SecretScanner()
    scanner.kinds("warm up")
    tmp = Path(tempfile.mkdtemp(prefix="b40-slow-"))
    embedder = FakeEmbedder()
    registry = StoreRegistry(tmp, embedder.identity, embedder.dim)
    service = MemoryService(registry, embedder)
    caller = Caller(service.principal("bench"), "bench")
    service.save_session(caller, json.dumps([{"role": "user", "content": "warm up. The api runs on port 1."}]))

    def session(text: str) -> None:
        service.save_session(caller, json.dumps([{"role": "user", "content": text}]))

    paths: dict[str, Callable[[str], object]] = {
        "kinds": scanner.kinds,
        "scrub": scanner.scrub,
        "clean_text": lambda t: clean_text(t, set()),
        "strip_material": strip_material,
        "save_session": session,
    }
    print(f"{'shape':26} " + " ".join(f"{p:>22}" for p in paths))
    for name in chosen:
        cells: list[str] = []
        for path, fn in paths.items():
            small = SHAPES[name](size)
            large = SHAPES[name](2 * size)
            try:
                a = cpu(lambda fn=fn, small=small: fn(small))
                b = cpu(lambda fn=fn, large=large: fn(large))
                cells.append(f"{a:7.3f} {b:7.3f} x{b / max(a, 1e-4):4.1f}")
            except Exception as error:  # a crash is a finding too
                cells.append(f"{type(error).__name__[:22]:>22}")
            del path
        print(f"{name:26} " + " ".join(f"{c:>22}" for c in cells), flush=True)
    registry.close()


if __name__ == "__main__":
    main()
