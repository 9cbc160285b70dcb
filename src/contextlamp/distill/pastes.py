"""Pastes in a user's turn, the first part of the offline path's precision-first gate (``distill/durable.py``,
issue 27 point 5): code, logs, stack traces, config and data a user pasted into a turn without a fence
("def __init__(self):", "2026-11-30 12:01:33 ERROR ...", "apiVersion: apps/v1", CSV rows, SQL), and a document
pasted after a request ("proofread this:" + an email). A chat export holds many, and a sentence splitter turned them
into "Def __init__..." items. ``without_pastes`` removes them; ``is_log_line`` tells one log line. Split out of
durable.py (which re-exports both) so each concern of the gate stays under the module size rule. Every pattern is
an alternation of literals without nested quantifiers, matched once per line: linear in the text's size.
"""

from __future__ import annotations

import re

from contextlamp.distill.durable import asks_question, is_request
from contextlamp.distill.paste_shapes import is_config_line, is_table_row, is_trace_line

_CODE_LINE = re.compile(
    r"^\s*(?:"
    # definitions, imports and control flow of common languages (the "Def __init__" of a chat export too)
    r"(?:async\s+)?def\s+\w+\s*\(|class\s+\w+\s*[(:{]|import\s+[\w.*{]|from\s+[\w.]+\s+import\b|"
    r"(?:public|private|protected|static|final)\s+[\w<>\[\]]+\s+\w+|#include\b|package\s+[\w.]+;|"
    r"(?:const|let|var)\s+\w+\s*=|function\s*\w*\s*\(|func\s+\w+|fn\s+\w+\s*\(|"
    r"(?:return|yield|raise|await)\s+[\w.(\[{'\"]+[\w.]*[(\[.]|(?:return|break|continue|pass)\s*;?$|"
    r"(?:if|elif|while|for|with|try|except|else|finally)\b[^.!?]*:\s*$|"
    r"@[\w.]+(?:\(.*\))?\s*$|[}\])]+[;,)]*\s*$|"
    # SQL
    r"(?:select\s.+\sfrom\s|insert\s+into\s|update\s+\w+\s+set\s|delete\s+from\s|create\s+(?:table|index)\s|"
    r"alter\s+table\s)"
    r")",
    re.IGNORECASE,
)
_CODE_SHAPE = re.compile(  # a statement of code: an assignment or call with code punctuation, or a line ending
    # in an opening brace or a semicolon
    r"^\s*[\w.\[\]'\"]+\s*(?:=|\+=|-=|:=|=>|->)\s*\S*[(\[{.'\"]|[{;]\s*$|^\s*[\w.]+\([^)]*\)\s*;?\s*$"
)
_LOG_LINE = re.compile(
    r"^\s*(?:"
    r"\[?\d{4}[-/.]\d{2}[-/.]\d{2}[ T_]\d{1,2}:\d{2}|\[?\d{1,2}:\d{2}:\d{2}[.,\]\s]|"  # a timestamp first
    r"(?-i:[A-Z][a-z]{2}) +\d{1,2} \d{2}:\d{2}:\d{2} |"  # syslog's and journalctl's "May  4 02:35:01 host"
    # a log level first, after at most two bracketed tags ("[Shader] ERROR:", "[main] [db] WARN ")
    # (in capitals, or any case when a colon or a bracket marks it: "Error on my part: ..." is a person talking)
    r"(?:\[[^\]\n]{1,40}\]\s*){0,2}(?:(?-i:ERROR|WARN|WARNING|INFO|DEBUG|FATAL|TRACE|CRITICAL|SEVERE|NOTICE)[:\s]|"
    r"\[?(?:error|warn|warning|info|debug|fatal|trace|critical|severe|notice)(?:\]|:))|"
    r"traceback \(most recent call last\)|exception in thread|caused by:|at\s+[\w$.<>]+\s*\(|"
    r"file \"[^\"]+\", line \d+|\w*(?:error|exception|warning)(?:\[\w+\])?: |npm (?:err|warn)!?|"
    # an exception named by its module path, last line of a traceback ("ledger.errors.ExportTimeout: flush took")
    r"(?:[a-z_]\w*\.)+(?-i:[A-Z])\w*: |"
    r"\$ |>>> |\+\+\+ |--- |@@ |error\[|warning:|"
    # a crash or a test runner's verdict: Go's and Rust's panics, a fatal error, a signal, an uncaught throw
    r"panic: |thread '[^']*' panicked at |goroutine \d+ \[|fatal(?: error)?: |segmentation fault|"
    r"uncaught \w*(?:error|exception)|(?:pass|fail|ok|not ok)\s+\S+[/:]|test result: |running \d+ tests?\b"
    r")",
    re.IGNORECASE,
)


def is_log_line(line: str) -> bool:
    """Whether ``line`` is a pasted log, stack-trace, crash or test-runner line (a timestamp or a level first,
    a traceback frame, an exception, a panic, ``npm ERR!``, a diff marker, a shell prompt ..., or a frame
    ``paste_shapes.is_trace_line`` knows)."""
    return _LOG_LINE.match(line) is not None or is_trace_line(line)


_KEY_VALUE = re.compile(r"^\s*-?\s*[\w.\"'-]+\s*:(?:\s+\S+)?\s*$")  # "replicas: 2", "Spec:": a config line
_DATA_ROW = re.compile(r"^[^\s,;|]+(?:[,;|\t][^,;|\t]*){2,}$")  # "Jan,12000,Feb": a CSV or table row
_INDENTED = re.compile(r"^(?:\t|    )")
_FENCE = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)

_CODE_CHARS = re.compile(r"[{}\[\]$=|&;<>\\]")  # a shell one-liner ("awk -F, '{s[$3]+=$5} END {...}'")
MIN_CODE_CHARS = 5  # a sentence holds one or two of them ("A -> B", "x=1"); a line of code holds many


def _paste_line(line: str) -> bool:
    """A line that is code or a log line on its own shape, whatever surrounds it, or holds at least
    ``MIN_CODE_CHARS`` characters of code punctuation."""
    code = _CODE_LINE.match(line) or is_log_line(line) or is_config_line(line) or is_table_row(line)
    code = code or _CODE_SHAPE.search(line)
    return bool(code) or len(_CODE_CHARS.findall(line)) >= MIN_CODE_CHARS


_LEAD_LINE = re.compile(r"^[ \t]*([^\n]{1,200}?)[ \t]*[:：][ \t]*$", re.MULTILINE)  # a line that ends on a colon
_PASTE_LEAD = re.compile(
    r"^(?:(?:ok|so|and|also)[,\s]+)?(?:here(?:'s| is| are)|this is|these are|below is|the following|attached|"
    r"hier (?:ist|sind)|folgend|voici|ci-dessous|aquí (?:está|tienes|va)|a continuación|ecco|di seguito|segue|"
    r"aqui (?:está|vai)|abaixo|hieronder|вот|ниже|这是|以下|下面是|これ|以下は|다음은|아래)",
    re.IGNORECASE,
)
MIN_DOCUMENT_LINES = 3  # a paragraph this long after "proofread this:" is the document, not the user talking


def _documents_dropped(text: str) -> str:
    """``text`` without the documents pasted after a request: everything after a line of its own that asks
    for something or introduces what follows and ends on a colon ("Proofread this email for me:", "Here's the
    log:"), and a paragraph of at least ``MIN_DOCUMENT_LINES`` lines that follows (after a blank line) a
    paragraph ending in a question, a request or a colon ("Can you help me write a cover letter for this
    job?" + the job ad)."""
    lead = next((m for m in _LEAD_LINE.finditer(text) if is_request(m.group(1)) or _PASTE_LEAD.match(m.group(1))), None)
    if lead is not None:  # "Proofread this:" / "Here's the error:" on a line of its own: the rest is the paste
        text = text[: lead.end()]
    paragraphs = re.split(r"\n\s*\n", text)
    kept: list[str] = []
    for index, paragraph in enumerate(paragraphs):
        lines = [line for line in paragraph.splitlines() if line.strip()]
        before = paragraphs[index - 1].strip().splitlines()[-1:] if index else []
        asking = bool(before) and (
            before[0].rstrip().endswith((":", "?", "：", "？")) or is_request(before[0]) or asks_question(before[0])
        )
        if not (asking and len(lines) >= MIN_DOCUMENT_LINES):
            kept.append(paragraph)
    return "\n\n".join(kept)


def without_pastes(text: str) -> str:
    """``text`` without what was pasted into it: fenced blocks, lines that are code or log lines, runs of at
    least two config or data lines ("Kind: Deployment" / "Spec:", CSV rows), and the indented lines that
    follow any of these (a traceback's frames, a class body), and a document pasted after a request
    (``_documents_dropped``). The lines kept are unchanged, in order."""
    lines = _documents_dropped(_FENCE.sub("\n", text)).splitlines()
    shapes = [_KEY_VALUE.match(line) is not None or _DATA_ROW.match(line.strip()) is not None for line in lines]
    kept: list[str] = []
    inside = False  # the line before was pasted: an indented or blank line continues the paste
    for index, line in enumerate(lines):
        if not line.strip():
            inside = inside and index + 1 < len(lines) and _INDENTED.match(lines[index + 1]) is not None
            kept.append("")
            continue
        run = shapes[index] and ((index > 0 and shapes[index - 1]) or (index + 1 < len(lines) and shapes[index + 1]))
        pasted = _paste_line(line) or run or (inside and _INDENTED.match(line) is not None)
        if not pasted:
            kept.append(line)
        inside = pasted
    return "\n".join(kept)
