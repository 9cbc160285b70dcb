"""Dev-only: the dashboard screenshots of docs/dashboard.md ("Screenshots"), taken from a real server with
invented content.

    python scripts/dashboard_screenshots.py                 # rewrite docs/img/dashboard-*.png
    python scripts/dashboard_screenshots.py --out DIR       # elsewhere

Starts ``contextlamp serve --http`` (the fake embedder, so no model loads) over a new temporary data directory,
fills it with the invented team below (users ada and grace, a project, a team, sessions, a token, a connected
app; memories dated over the last weeks so the overview's chart has a shape), signs in as ada with the system
Chromium through Playwright (the test extra; nothing is downloaded: ``$CLP_CHROMIUM`` or ``chromium`` on PATH),
and saves one PNG per page at 1200 px wide. Everything is removed afterwards. Never run by contextlamp itself.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import sys
import tempfile
from pathlib import Path
from types import ModuleType

from contextlamp.app.accounts import Accounts
from contextlamp.app.compose import create_oauth
from contextlamp.app.service import Caller, MemoryService
from contextlamp.app.state import RepositoryRef
from contextlamp.config import Settings
from contextlamp.embedding import create_embedder
from contextlamp.storage import StoreRegistry
from contextlamp.text import now_ms

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "img"
WIDTH = 1200
PHONE_WIDTH = 390  # a phone's CSS pixels
DAY = 86_400_000
PASSWORD = "ada-password-1"

# (days ago, surface, memory type, content, project, topic): invented, a small payments team's memory
MEMORIES: tuple[tuple[float, str, str, str, str | None, str | None], ...] = (
    (75, "claude-code", "fact", "The billing API is a FastAPI service behind Envoy", "billing-api", None),
    (
        68,
        "claude-code",
        "instruction",
        "Run `make check` before every push: it runs ruff, pyright and pytest",
        None,
        None,
    ),
    (
        61,
        "cursor",
        "fact",
        "Invoices are numbered per calendar year: INV-2026-000123",
        "billing-api",
        "invoice-numbers",
    ),
    (54, "claude-code", "fact", "Staging uses PostgreSQL 16 with pgvector 0.8", "billing-api", "staging-db"),
    (47, "codex", "event", "Migrated the webhook queue from Redis to SQS on 2026-10-14", "billing-api", None),
    (40, "cursor", "instruction", "Never log card numbers or CVCs, not even masked", None, None),
    (33, "claude-code", "fact", "Ada prefers small pull requests with one concern each", None, "review-style"),
    (26, "claude-code", "fact", "Stripe webhooks are retried five times with exponential backoff", "billing-api", None),
    (19, "codex", "task", "Rotate the Stripe restricted key before the December release", None, None),
    (15, "cursor", "fact", "Refunds over 500 EUR need a second approver in the admin tool", "billing-api", None),
    (12, "claude-code", "instruction", "Write dates in API responses as RFC 3339 in UTC", "billing-api", None),
    (8, "claude-code", "fact", "The on-call rotation changes every Monday at 09:00 CET", None, "on-call"),
    (6, "cursor", "fact", "Ledger exports run nightly at 02:00 UTC into the finance bucket", "billing-api", None),
    (4, "claude-code", "event", "Released billing-api 3.4 with partial refunds", "billing-api", None),
    (2, "codex", "fact", "The admin tool's feature flags live in LaunchDarkly", None, None),
    (1, "claude-code", "instruction", "Use Decimal, never float, for money amounts", "billing-api", "money-types"),
    (0.2, "claude-code", "fact", "We deploy billing-api with Argo CD from the main branch", "billing-api", "deploys"),
)
# (days ago, content, project): the memory problems the health view finds, saved in this order (the update first,
# then, at an earlier date, what it updates: an import in the wrong order, so no rule superseded it)
IMPERFECT: tuple[tuple[float, str, str | None], ...] = (
    (3, "The admin tool now runs on Node 22", None),
    (30, "The admin tool runs on Node 18", None),
    (9, "stripe webhooks are retried five times with exponential backoff.", "billing-api"),
    (5, "<system-reminder>The user is in plan mode</system-reminder> Remember the staging URL", None),
    (2, "ok", None),
)
TEAM_LEARNINGS = (
    ("ada", "Production deploys need a green canary for 30 minutes"),
    ("grace", "Production deploys need a green canary for 30 minutes"),
    ("grace", "The shared Grafana dashboards live in the platform folder"),
)
TRANSCRIPTS = (
    (
        "claude-code",
        "User: we decided that refunds over 500 EUR need a second approver\nAssistant: Noted.\n"
        "User: and the approver must not be the person who issued the refund\nAssistant: Understood.\n",
    ),
    (
        "cursor",
        "User: remember that the ledger export runs nightly at 02:00 UTC\nAssistant: Got it.\n"
        "User: it writes into the finance bucket, one file per day\nAssistant: Noted.\n",
    ),
)
PAGES = (  # (file name, path): the main pages; None: the newest memory's page, "{id}" in a path: its id
    ("overview", "/overview"),
    ("search", "/search?q=how+do+we+deploy+billing"),
    ("memories", "/memories?project=billing-api"),
    ("memory", None),
    ("edit", "/memories/{id}/edit"),
    ("move", "/memories/{id}/move"),
    ("review", "/review?since=7d"),
    ("health", "/health"),
    ("sessions", "/sessions"),
    ("projects", "/projects"),
    ("team", "/teams/platform"),
    ("tokens", "/tokens"),
    ("apps", "/apps"),
    ("import", "/import"),
)


def _bench_common() -> ModuleType:
    """research/bench/common.py (its ``run_server``), loaded by path: research/bench/ is not a package."""
    spec = importlib.util.spec_from_file_location("bench_common_screens", ROOT / "research" / "bench" / "common.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


class Clock:
    """A clock the seeding sets to each invented memory's date."""

    def __init__(self) -> None:
        self.at = now_ms()

    def __call__(self) -> int:
        self.at += 1
        return self.at


def seed(home: Path, mcp_url: str) -> str:
    """Fill the data directory (the server reads it as it changes); returns the id of ada's newest memory."""
    embedder = create_embedder("fake")
    registry = StoreRegistry(home, embedder.identity, embedder.dim)
    clock = Clock()
    service = MemoryService(registry, embedder, clock=clock)
    accounts = Accounts(registry, now_ms)
    oauth = create_oauth(registry, Settings(), now_ms)
    for name in ("ada", "grace"):
        accounts.create_user(name)
        oauth.set_password(name, PASSWORD)
    ada = service.principal("ada")
    for name in ("billing-api", "admin-tool"):
        folder = f"/home/ada/src/{name}"
        service.project_for_repository(Caller(ada, "cli"), RepositoryRef(f"path:{folder}", folder, name), name)
    start = now_ms()
    newest = ""
    for days, surface, memory_type, content, project, topic in MEMORIES:
        clock.at = start - int(days * DAY)
        saved = service.save_context(
            Caller(ada, surface), content, memory_type=memory_type, project=project, topic=topic
        )
        newest = saved.id
    for days, content, project in IMPERFECT:
        clock.at = start - int(days * DAY)
        service.save_context(Caller(ada, "mem0"), content, project=project)
    clock.at = start
    accounts.create_team("platform", "Platform team", "ada")
    accounts.add_member("platform", "grace", "member")
    for who, content in TEAM_LEARNINGS:
        service.save_context(Caller(service.principal(who), "claude-code"), content, team="platform")
    for surface, transcript in TRANSCRIPTS:
        service.save_session(Caller(ada, surface), transcript)
    accounts.create_token("ada", "laptop", 90 * DAY)
    accounts.create_token("ada", "ci-runner", 30 * DAY)
    for name in ("Claude Desktop", "Cursor"):
        client_id = f"client-{name.lower().replace(' ', '-')}"
        redirect = "http://127.0.0.1:33418/callback"
        oauth.register_client(client_id, {"client_id": client_id, "client_name": name, "redirect_uris": [redirect]})
        request_id = oauth.begin(client_id, {"redirect_uri": redirect, "resource": mcp_url, "scopes": []})
        answered = oauth.answer(request_id, accounts.user("ada"))
        assert answered is not None and answered[1] is not None
        oauth.exchange_code(client_id, answered[1])
    registry.close()
    return newest


def chromium() -> str:
    """The system Chromium (``$CLP_CHROMIUM``, else ``chromium`` or ``chromium-browser`` on PATH)."""
    import os

    found = os.environ.get("CLP_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        raise SystemExit("no Chromium: install the distribution's package (apt-get install chromium)")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where the PNGs go (default docs/img)")
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    common = _bench_common()
    with tempfile.TemporaryDirectory(prefix="clp-screens-") as tmp:
        home = Path(tmp) / "home"
        with common.run_server(home, {"CONTEXTLAMP_USER": "ada"}) as server:
            newest = seed(home, server.mcp)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium(), headless=True)
                context = browser.new_context(
                    base_url=server.url, viewport={"width": WIDTH, "height": 800}, color_scheme="light"
                )
                page = context.new_page()
                page.goto("/signin?next=/overview")
                page.get_by_label("User name").fill("ada")
                page.get_by_label("Password").fill(PASSWORD)
                page.get_by_role("button", name="Sign in").click()
                page.wait_for_url("**/overview")
                for name, path in PAGES:
                    page.goto((path or "/memories/{id}").replace("{id}", newest))
                    shoot(page, out / f"dashboard-{name}.png")
                page.goto("/memories?project=billing-api")  # bulk forget: three ticked, then the preview
                for box in page.locator('input[name="id"]').all()[:3]:
                    box.check()
                shoot(page, out / "dashboard-bulk.png", full=False)
                page.get_by_role("button", name="Forget 3 selected…").click()
                shoot(page, out / "dashboard-forget-preview.png")
                dark = browser.new_context(
                    base_url=server.url,
                    viewport={"width": WIDTH, "height": 800},
                    color_scheme="dark",
                    storage_state=context.storage_state(),
                )
                night = dark.new_page()
                night.goto("/search?q=how+do+we+deploy+billing")
                shoot(night, out / "dashboard-search-dark.png")
                phone = browser.new_context(
                    base_url=server.url,
                    viewport={"width": PHONE_WIDTH, "height": 800},
                    color_scheme="light",
                    storage_state=context.storage_state(),
                    device_scale_factor=2,
                )
                small = phone.new_page()
                small.goto("/memories?project=billing-api")
                shoot(small, out / "dashboard-phone.png", full=False)
                browser.close()


def shoot(page: object, path: Path, full: bool = True) -> None:
    """A PNG of the page (the whole page unless ``full`` is False: the window), its path printed."""
    page.screenshot(path=str(path), full_page=full)  # type: ignore[attr-defined]
    print(path)


if __name__ == "__main__":
    main()
