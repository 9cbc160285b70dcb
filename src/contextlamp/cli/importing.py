"""``contextlamp import --from FORMAT PATH``: the edge of the importers (docs/import.md). It hands the path to the
one application service (``app/importing.Importer``) and prints its report; nothing is decided here. Imported
by ``import_command`` only when ``--from`` is given (this module imports click and the base layer at module
level, like every CLI module).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from rich.progress import Progress

    from contextlamp.app.compose import App
    from contextlamp.app.importing import FormatImportReport
    from contextlamp.app.state import RepositoryRef
    from contextlamp.config import Settings
    from contextlamp.domain.models import Principal

PROGRESS_MIN_RECORDS = 50  # smaller imports finish before a bar would be worth drawing


def import_from(
    app: App,
    settings: Settings,
    format_name: str,
    path: Path,
    project: str | None,
    dry_run: bool,
    user_ref: str | None,
    create_user: bool,
    as_json: bool,
) -> None:
    """Run one import and print its report: with ``--json`` one JSON document, else a summary line (stdout),
    the skipped records with their reasons and, for a dry run, one line per record that would be written.
    The progress bar (records) goes to stderr and only for imports of ``PROGRESS_MIN_RECORDS`` or more."""
    from contextlamp.cli.common import progress_bar

    principal = app.importer.principal(user_ref, settings.user, create_user)
    repository = repository_project(app, principal, format_name, path) if project is None else None
    if repository is not None:
        project = repository[1]
    bars: list[Progress] = []  # started by the first progress report of a large import: nothing drawn before

    def advance(done: int, total: int) -> None:
        if as_json or total < PROGRESS_MIN_RECORDS:
            return
        if not bars:
            bars.append(progress_bar("importing", disable=False))
            bars[0].start()
            bars[0].add_task("records", total=total)
        bars[0].update(bars[0].task_ids[0], completed=done, total=total)

    try:
        report = app.importer.run(format_name, path, principal, project, dry_run, advance)
    finally:
        for bar in bars:
            bar.stop()
    if repository is not None and not dry_run and report.count("added"):
        _map_repository(app, principal, repository)
    if as_json:
        click.echo(json.dumps(report_data(report), ensure_ascii=False))
        return
    _print_report(report)


def report_data(report: FormatImportReport) -> dict[str, Any]:
    """The ``--json`` document of an import (docs/import.md "Report")."""
    return {
        "format": report.format,
        "path": report.path,
        "user_id": report.user_id,
        "user": report.user_name,
        "dry_run": report.dry_run,
        "added": report.count("added", "memory"),
        "already_there": report.count("already there", "memory"),
        "skipped": report.count("skipped", "memory"),
        "conversations_added": report.count("added", "conversation"),
        "conversations_already_there": report.count("already there", "conversation"),
        "conversations_skipped": report.count("skipped", "conversation"),
        "memories_from_conversations": report.memories_from_conversations,
        "records": [
            {
                "location": x.location,
                "record": x.record,
                "outcome": x.outcome,
                "reason": x.reason,
                "target": x.target,
                "title": x.title,
                "memory_type": x.memory_type or None,
                "kind": x.kind or None,
                "ids": list(x.ids),
                "saved": x.saved,
            }
            for x in report.lines
        ],
    }


def _print_report(report: FormatImportReport) -> None:
    would = "would be " if report.dry_run else ""
    parts = [
        f"{report.count('added', 'memory')} memories {would}added",
        f"{report.count('already there', 'memory')} already there",
        f"{report.count('skipped', 'memory')} skipped",
    ]
    if any(x.record == "conversation" for x in report.lines):
        distilled = "" if report.dry_run else f" ({report.memories_from_conversations} memories)"
        parts += [
            f"{report.count('added', 'conversation')} conversations {would}distilled{distilled}",
            f"{report.count('already there', 'conversation')} already imported",
            f"{report.count('skipped', 'conversation')} skipped",
        ]
    head = "Dry run (nothing written) for" if report.dry_run else "Imported into"
    click.echo(f"{head} {report.user_name} from {report.format} {report.path}: {', '.join(parts)}.")
    for line in report.lines:  # where and why only; a title only for what is written, never a skipped text
        if report.dry_run and line.outcome == "added":
            what = f"{line.memory_type}/{line.kind}" if line.record == "memory" else "conversation"
            note = f" ({line.reason})" if line.reason else ""
            click.echo(f"  would add  {line.location}  {line.target}  {what}  {line.title}{note}")
        elif line.outcome == "skipped":
            click.echo(f"  skipped    {line.location}: {line.reason}")
        elif line.outcome == "added" and line.reason:
            click.echo(f"  note       {line.location}: {line.reason}")


def repository_project(
    app: App, principal: Principal, format_name: str, path: Path
) -> tuple[RepositoryRef, str] | None:
    """``(repository, project slug)`` for a format whose records belong to PATH's repository
    (``Format.per_repository``: agent memory files), or None (not such a format, or PATH in no repository).

    The project is the one the hooks would use (docs/hooks.md): the project the repository's identity is already
    mapped to (``contextlamp projects``), else the slug a new project for it gets (``hooks/repo``: its remote's
    name, else its top folder's, made unique; ``MemoryService.project_for_repository``). Nothing is written
    here: the mapping is recorded by ``_map_repository`` once the import has written something (a dry run or a
    failed import maps nothing).
    """
    from contextlamp.app.state import Caller
    from contextlamp.hooks.repo import find_repository
    from contextlamp.importers import find_format

    if not find_format(format_name).per_repository:
        return None
    found = find_repository(path if path.is_dir() else path.parent)
    if found is None:
        return None
    ref = found.ref()
    mapped = app.service.repository_project_of(Caller(principal, "import", repository=ref))
    return ref, mapped.slug if mapped is not None else app.service.free_project_slug(principal, ref)


def _map_repository(app: App, principal: Principal, repository: tuple[RepositoryRef, str]) -> None:
    """Record the repository -> project mapping, as a hook's first session in it would."""
    from contextlamp.app.state import Caller

    ref, slug = repository
    app.service.project_for_repository(Caller(principal, "import"), ref, slug)
