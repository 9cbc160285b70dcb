"""``contextlamp doctor``: where memory lives, the embedding model, and every store, checked (and repaired)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import click

from contextlamp.cli.common import json_option, location, location_lines, print_table, table, with_app
from contextlamp.printed import DOCTOR_COLUMNS, DOCTOR_TITLE, STATUS_OK

if TYPE_CHECKING:
    from contextlamp.app.compose import App
    from contextlamp.config import Settings
    from contextlamp.storage import Finding


@click.command(name="doctor")
@click.option("--repair", is_flag=True, help="Fix what can be fixed (re-embed, rebuild the full-text index, ...).")
@json_option
@with_app
def doctor_command(app: App, settings: Settings, repair: bool, as_json: bool) -> None:
    """Show where memory lives (data directory, user, backend), verify the embedding model (it must load and
    embed) and every store (integrity, model, full-text rows, vectors, orphans, values outside the limits)
    and, with --repair, fix what can be fixed. Exits 1 while a problem remains.

    Example: contextlamp doctor --repair
    """
    model = app.doctor.check_model()
    reports, unowned = app.doctor.examine(repair, model_works=not model)
    remaining = len(model) + sum(1 for r in reports for f in r.findings if not f.repaired) + len(unowned)
    chosen = _chosen_embedder(settings)
    suggestions = app.doctor.suggest_embedder(app.service.clock()) + app.doctor.unread_projects()
    if as_json:
        data = {
            "location": location(settings),
            "model": {
                "identity": app.doctor.embedder.identity,
                "embedder": chosen,
                "setting": settings.embedder,
                "findings": [_finding(f) for f in model],
            },
            "stores": [
                {
                    "store_id": r.store_id,
                    "owner": r.owner,
                    "entries": r.entries,
                    "findings": [_finding(f) for f in r.findings],
                }
                for r in reports
            ],
            "unowned_files": unowned,
            "suggestions": suggestions,
            "problems_remaining": remaining,
        }
        click.echo(json.dumps(data, indent=2))
    else:
        from rich.text import Text

        for line in location_lines(settings):
            click.echo(line)
        made = table(
            DOCTOR_TITLE.format(stores=f"{len(reports)} store{'' if len(reports) == 1 else 's'}"),
            DOCTOR_COLUMNS,
            ids=("store", "entry"),
            short=("entries", "finding", "repaired"),
        )
        if not model:
            made.add_row("embedding model", "", "", STATUS_OK, "", Text(_model_label(app, settings, chosen)), "")
        for f in model:
            made.add_row("embedding model", "", "", f.kind, "", Text(f.detail), "no")
        for report in reports:
            if not report.findings:
                made.add_row(report.store_id, Text(report.owner), str(report.entries), STATUS_OK, "", "", "")
            for f in report.findings:
                made.add_row(
                    report.store_id,
                    Text(report.owner),
                    str(report.entries),
                    f.kind,
                    f.entry_id or "",
                    Text(f.detail),
                    "yes" if f.repaired else "no",
                )
        for name in unowned:
            made.add_row(name, "", "", "unowned file", "", "no user, project or team owns it", "no")
        print_table(made)
        for suggestion in suggestions:
            click.echo(f"Suggestion: {suggestion}")
    if remaining:
        raise SystemExit(1)


def _finding(f: Finding) -> dict[str, Any]:
    return {"kind": f.kind, "entry_id": f.entry_id, "detail": f.detail, "repaired": f.repaired}


def _chosen_embedder(settings: Settings) -> str:
    """The embedder setting this server runs (``auto`` resolved: ``app.compose.embedder_setting``)."""
    from contextlamp.app.compose import embedder_setting

    return embedder_setting(settings)


def _model_label(app: App, settings: Settings, chosen: str) -> str:
    """``<identity> (<embedder>)``, saying when ``auto`` chose it, e.g. ``all-minilm-l6-v2-int8:384
    (minilm-int8, chosen by CONTEXTLAMP_EMBEDDER=auto)``."""
    how = ", chosen by CONTEXTLAMP_EMBEDDER=auto" if settings.embedder == "auto" else ""
    return f"{app.doctor.embedder.identity} ({chosen}{how})"
