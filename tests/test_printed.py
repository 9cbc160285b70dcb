"""contextlamp.printed: every format the CLI and the session start print is recognised from its own definition,
wherever it is pasted, and ordinary prose (colons, words that are column names) is left alone (issue #27.1)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest

from contextlamp import printed
from contextlamp.printed import strip_printed

ID = "ctx_6jil7cfodwgf34lb7lxgerfe6q"
SES = "ses_mzjuhehs6qhfsjkuv7gonjnvwu"


def _record(columns: tuple[str, ...], values: dict[str, str]) -> str:
    return "\n".join(f"{c}: {values.get(c, 'x')}" for c in columns)


@pytest.mark.parametrize("name", sorted(printed.TABLES))
def test_a_record_of_every_table_is_recognised_as_lines_and_run_into_a_sentence(name: str) -> None:
    columns = printed.TABLES[name]
    values = {"id": ID, "saved": "2026-12-06 12:17", "text": "The exporter runs at 02:00.", "title": "A title"}
    record = _record(columns, values)
    assert strip_printed(record) == ""
    assert strip_printed(_record(columns[:2], values)) == ""  # two fields of one table are a record
    quoted = "\n".join(f"> {line}" for line in record.splitlines())
    assert strip_printed(f"it printed:\n{quoted}\nWe deploy with Nomad.") == "it printed:\nWe deploy with Nomad."


def test_lines_of_every_format_are_recognised() -> None:
    when = datetime(2026, 12, 6, 12, 20, tzinfo=UTC).strftime(printed.WHEN_FORMAT)
    day = datetime(2026, 12, 6, tzinfo=UTC).strftime(printed.DAY_FORMAT)
    assert re.fullmatch(printed._WHEN, when) and re.fullmatch(printed._DAY, day)  # pyright: ignore[reportPrivateUsage]
    lines = [
        printed.VERSION_LINE.format(version="0.1.0"),
        printed.SESSION_HEADING.format(label="Ledger API port", surface="claude-code", when=when),
        printed.GET_TITLE.format(query="who approves payroll runs"),
        printed.DOCTOR_TITLE.format(stores="2 stores"),
        f"store user dana: {printed.STATUS_OK} (integrity ok, 12 entries)",
        printed.CONTEXT_HEADER.format(scope=printed.CONTEXT_SCOPE.format(slug="web-app")),
        printed.CONTEXT_NOTE,
        printed.CONTEXT_PROJECT,
        printed.MEMORY_LINE.format(kind="decision", text="Use kv/ for secrets."),
        printed.DIGEST_LINE.format(day=day, surface="codex", label="Ledger", summary="Ports."),
        printed.SAVED.format(verb="Saved", where="", id=ID),
        printed.SAVED.format(verb="Already known", where=printed.SAVED_WHERE.format(slug="web-app"), id=ID),
        printed.SESSION_SAVED.format(id=SES, learnings="2 learnings", new=2, known=0),
        printed.WOULD_FORGET.format(id=ID, title="Grafana dashboards live in the observability repo."),
        printed.FORGOT.format(id=ID),
        printed.MORE.format(cursor="abc"),
        printed.NAMESAKE_NOTE.format(slug="payroll", home="acme-payroll"),
        f"Note: {printed.NAMESAKE_NOTE.format(slug='payroll', home='acme-payroll')}.",
        "┏━━━━━━━┳━━━━━━━┓",
        "│ 1.00  │ The ledger API listens on 8080. │",
    ]
    for line in lines:
        assert strip_printed(line) == "", line
        pasted = f"    {line}\n\nThe ledger API listens on port 8080."  # session show's summary runs to a blank line
        assert strip_printed(pasted) == "The ledger API listens on port 8080.", line


def test_printed_text_run_into_a_sentence_is_cut_out_and_the_sentence_kept() -> None:
    version = "contextlamp, version 0.1.0 data: /home/dana/.local/share/contextlamp user: dana backend: sqlite"
    assert " ".join(strip_printed(f"it prints {version} so we're fine.").split()) == "it prints so we're fine."
    said = f"it said Saved: {ID} and then Session {SES}: 2 learnings (2 new, 0 known). We use pnpm."
    assert " ".join(strip_printed(said).split()) == "it said and then We use pnpm."


@pytest.mark.parametrize(
    "prose",
    [
        "Note: the payroll exporter runs nightly at 02:00 UTC.",
        "The user: field of the form must accept unicode.",
        "Our alert labels carry a type and a scope, and the title says what broke.",
        "Deploy status: green since Tuesday, the canary is at 10%.",
        "- [ ] migrate the ledger to Postgres 16",
        "The text: prefix is stripped by the parser before storage.",
    ],
)
def test_prose_is_left_alone(prose: str) -> None:
    assert strip_printed(prose) == prose


def test_save_session_never_keeps_contextlamp_output_pasted_into_a_transcript(service: Any, alice: Any) -> None:
    """The MCP tool, ``contextlamp session save`` and chat-export imports distil through the same step."""
    record = _record(printed.GET_COLUMNS, {"id": ID, "text": "The fraud scorer is retrained on Sundays."})
    transcript = (
        f"User: contextlamp get printed this:\n{record}\n"
        "Assistant: That matches.\n"
        f"User: and {printed.VERSION_LINE.format(version='0.1.0')} data: /home/dana user: dana backend: sqlite\n"
        "Assistant: ok\n"
        "User: We deploy the ledger API with Nomad.\n"
        "Assistant: Noted.\n"
    )
    service.save_session(alice, transcript)
    texts = [item.preview for item in service.list_context(alice, 50).items]
    assert texts == ["We deploy the ledger API with Nomad."], texts


def test_our_results_json_is_recognised_from_the_models_and_other_json_is_left() -> None:
    """A result record (three or more keys, all fields of one MCP result model) anywhere in a JSON value;
    a user's own JSON that only shares a field or two is not ours."""
    import json

    from contextlamp.domain.models import result_shapes
    from contextlamp.printed import strip_printed

    pack = {"id": "ctx_" + "b" * 26, "text": "The tiler writes to /srv/tiles.", "score": 0.7, "scope": "personal"}
    envelope = {"jsonrpc": "2.0", "id": 3, "result": {"structuredContent": {"packs": [pack]}}}
    assert strip_printed(f"it said {json.dumps(envelope)} today", result_shapes()) == "it said  today"
    listing = {"items": [{"id": "x", "title": "t", "preview": "p", "tags": []}], "next_cursor": None}
    assert strip_printed(json.dumps(listing, indent=2), result_shapes()) == ""
    own = 'our config is {"name": "api", "text": "hello", "port": 8080}'
    assert strip_printed(own, result_shapes()) == own
    assert "/srv/tiles" in strip_printed(f"x {json.dumps(pack)}")  # no shapes given: the JSON is left (its id not)


def test_a_long_line_of_word_characters_is_read_in_linear_time() -> None:
    # a 40,000-character minified or base64 line pasted into a chat: the notices' client-name pattern once tried it
    # from every character to its end (80 s here); now a bounded name starts only where a word starts
    import time

    started = time.process_time()
    assert printed.strip_printed("a" * 40_000) == "a" * 40_000
    assert printed.strip_printed("a-" * 20_000) == "a-" * 20_000
    assert time.process_time() - started < 5.0
