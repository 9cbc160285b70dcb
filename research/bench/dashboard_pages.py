"""Server time of the dashboard's pages over a store of 1,000 memories (issue #33: "a page with 1,000 memories
renders in under 300 ms server time"), beside the same pages over an empty store (the same run's baseline).

The real ASGI app of ``contextlamp serve --http`` (``web.app.build_http_app`` with the dashboard) is driven in
process by Starlette's TestClient, signed in once through the sign-in page; each page is asked for ``--runs``
times after one unmeasured request, and the time from sending the request to the full answer is its server time
(no network, no browser: what the server spends, templates included). The store holds ``--memories`` memories
of invented content spread over the personal store and two projects (so "Everything" searches three stores),
a quarter with topics (so some are earlier versions), a fifth saved by sessions (so the review has groups).

Usage: ``python -m research dashboard_pages [--memories 1000] [--runs 15] [--embedder fake|minilm]``.
The fake embedder (feature hashing) leaves out what the model costs; ``minilm`` includes the query's and the
health view's embeddings.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table

TARGET_MS = 300.0
PASSWORD = "bench-password-1"
SUBJECTS = ("billing", "deploys", "search", "auth", "mobile", "ledger", "webhooks", "on-call", "docs", "ci")
VERBS = ("runs on", "uses", "is owned by", "moved to", "depends on", "is tested with", "writes to", "reads from")
OBJECTS = ("PostgreSQL 16", "Redis", "SQS", "the platform team", "Argo CD", "pytest", "S3", "Grafana", "Kafka")
PAGES = (
    ("memories (50 of the store)", "/memories"),
    ("memories with earlier versions", "/memories?superseded=1"),
    ("search, Everything", "/search?q=which+queue+do+webhooks+use"),
    ("one memory", None),
    ("overview", "/overview"),
    ("review, last 30 days", "/review?since=30d"),
    ("health", "/health"),
)


def seed(home: Path, embedder: str, memories: int) -> tuple[object, str]:
    """An ``App`` over a new data directory holding ``memories`` memories of user ``bench`` (password set);
    returns it and the id of one memory."""
    from contextlamp.app.compose import create_app
    from contextlamp.app.service import Caller
    from contextlamp.config import Settings

    wired = create_app(Settings(home=home, embedder=embedder))
    wired.accounts.create_user("bench")
    wired.oauth.set_password("bench", PASSWORD)
    caller = Caller(wired.service.principal("bench"), "claude-code")
    one = ""
    sessions = memories // 5 // 4
    for s in range(sessions):  # four learnings a session
        lines = []
        for i in range(4):
            n = s * 4 + i
            lines.append(f"User: we decided that {SUBJECTS[n % 10]} {VERBS[n % 8]} {OBJECTS[n % 9]} number {n}")
            lines.append("Assistant: Noted.")
        wired.service.save_session(caller, "\n".join(lines))
    for n in range(memories - sessions * 4):
        project = (None, "billing-api", "admin-tool")[n % 3]
        topic = f"{SUBJECTS[n % 10]}-{n % 40}" if n % 4 == 0 else None
        text = f"The {SUBJECTS[n % 10]} service {VERBS[n % 8]} {OBJECTS[n % 9]} since release {n}"
        one = wired.service.save_context(caller, text, topic=topic, project=project).id if project is None else one
    return wired, one


def measure(wired: object, home: Path, one: str, runs: int) -> dict[str, list[float]]:
    """Server time (ms) of each page of ``PAGES``, ``runs`` times each after one unmeasured request."""
    from starlette.testclient import TestClient

    from contextlamp.app.compose import App
    from contextlamp.config import Settings
    from contextlamp.web.app import build_http_app
    from contextlamp.web.dashboard import Dashboard

    assert isinstance(wired, App)
    settings = Settings(home=home, embedder="fake", signin_rate_limit="1000/minute")
    app = build_http_app(wired, settings, "127.0.0.1", 8765, Dashboard)
    times: dict[str, list[float]] = {}
    with TestClient(app, base_url="http://127.0.0.1:8765", follow_redirects=False) as client:
        import http.cookiejar

        client.cookies.jar.set_policy(http.cookiejar.DefaultCookiePolicy(secure_protocols=("https", "http")))
        form = client.get("/signin").text
        csrf = form.split('name="csrf" value="', 1)[1].split('"', 1)[0]
        signed = client.post(
            "/signin",
            data={"csrf": csrf, "next": "", "username": "bench", "password": PASSWORD},
            headers={"Origin": "http://127.0.0.1:8765"},
        )
        assert signed.status_code == 303, signed.text
        for name, path in PAGES:
            target = path or (f"/memories/{one}" if one else "/memories")
            get: Callable[[], int] = lambda t=target: client.get(t).status_code  # noqa: E731
            assert get() == 200, (name, target)
            samples = []
            for _ in range(runs):
                start = time.perf_counter()
                assert get() == 200
                samples.append((time.perf_counter() - start) * 1000)
            times[name] = samples
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--memories", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--embedder", default="fake", choices=("fake", "minilm"))
    args = parser.parse_args()
    console = Console()
    results: dict[str, dict[str, list[float]]] = {}
    for label, count in (("empty", 0), (f"{args.memories:,} memories", args.memories)):
        with tempfile.TemporaryDirectory(prefix="clp-dash-bench-") as tmp:
            home = Path(tmp) / "home"
            started = time.perf_counter()
            wired, one = seed(home, args.embedder, count)
            console.print(f"seeded {label} in {time.perf_counter() - started:.1f} s")
            results[label] = measure(wired, home, one, args.runs)
            wired.service.registry.close()  # type: ignore[attr-defined]
    table = Table(
        title=f"Dashboard server time, ms (median / p95 of {args.runs}; embedder {args.embedder})", box=box.SIMPLE
    )
    table.add_column("page")
    for label in results:
        table.add_column(label, justify="right")
    table.add_column(f"under {TARGET_MS:.0f} ms", justify="center")
    for name, _path in PAGES:
        cells = []
        worst = 0.0
        for label in results:
            samples = sorted(results[label][name])
            p95 = samples[min(len(samples) - 1, round(0.95 * (len(samples) - 1)))]
            worst = max(worst, p95)
            cells.append(f"{statistics.median(samples):.1f} / {p95:.1f}")
        table.add_row(name, *cells, "yes" if worst < TARGET_MS else "NO")
    console.print(table)


if __name__ == "__main__":
    main()
