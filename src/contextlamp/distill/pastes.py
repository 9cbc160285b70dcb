"""Pastes in a user's turn, the first part of the offline path's precision-first gate (``distill/durable.py``,
issue 27 point 5), and the remarks that only frame a paste or a moment.

``without_pastes`` removes what was pasted without a fence (a chat export holds many, and a sentence splitter
turned them into "Def __init__..." items): code, logs, stack traces ("ORA-06512: at ...", "main.go:44 +0x20",
"** (FunctionClauseError)"), config lines ("always-auth=true", "[tool.indexer]", "retry_backoff: 250ms"), data
and tool output (CSV rows, aligned columns, box-drawn tables, JSON), and a document pasted after a request
("proofread this:" + an email); ``is_log_line`` tells one log line. The offline path also drops (month9: blind7's
junk) a lead-in to a paste ("~/.pgpass is", "here it says:"), a tool's answer of the moment ("twine says 403"),
a bare symptom ("The timer never fires") and a sentence whose closing pronoun points back ("The audit depends on
it."). Every pattern is anchored or an alternation of literals without nested quantifiers, matched once per line
or sentence: linear in the text's size.
"""

from __future__ import annotations

import re

from contextlamp.distill.durable import asks_question, is_request

# source files of the languages whose traces people paste (Swift, Java/Kotlin/Scala, Go, Rust, Python, JS/TS,
# Elixir/Erlang, Ruby, PHP, C#, C/C++, Dart, Lua)
_SOURCE = (
    r"(?:swift|java|kt|kts|scala|go|rs|py|pyx|js|mjs|cjs|jsx|ts|tsx|ex|exs|erl|rb|php|cs|c|cc|cpp|cxx|h|hpp|m|mm|"
    r"dart|lua)"
)
# "outage.ex:41", "loans.js:44:19": the extension and line only, so a search is linear on a line without spaces
_LOCATION = re.compile(rf"(?<=\w)\.{_SOURCE}:\d+\b")
_TRACE_HEAD = re.compile(
    r"^\s*(?:\*\* \(\w+|\(\w[\w-]* \d+(?:\.\d+)+\)\s|\d+\s+\S+\s+0x[0-9a-f]{6,}|#\d+\s+0x[0-9a-f]+|"
    r"[\w$./-]*/[\w$.-]+\.\w+:\d+|[A-Z]{3}-\d{5}: )",  # ... "ORA-06512: at ...", "TNS-12541: ..."
    re.IGNORECASE,
)
_ADDRESS = re.compile(r"\b0x[0-9a-f]{12,}\b|\+0x[0-9a-f]+\b", re.IGNORECASE)  # a 64-bit address, an offset
MAX_TRACE_WORDS = 12  # a sentence that cites a file and line is longer than the frame it quotes


def is_trace_line(line: str) -> bool:
    """Whether ``line`` (one line, any length) is a pasted stack-trace or crash frame: it opens like one (an
    Elixir error header, an OTP app frame, a path with a line number, a numbered frame with an address), holds
    a machine address, or cites a source file and line in at most ``MAX_TRACE_WORDS`` words."""
    if _TRACE_HEAD.match(line) or _ADDRESS.search(line):
        return True
    return _LOCATION.search(line) is not None and len(line.split()) <= MAX_TRACE_WORDS


_ASSIGNMENT = re.compile(r"""^\s*[\w.:/@${}-]+\s*=\s*(?:"[^"\n]*"|'[^'\n]*'|[^\s=]+)\s*$""")  # "strict-ssl=false"
_SECTION = re.compile(r"^\s*\[{1,2}[\w .\"'-]{1,60}\]{1,2}\s*$")  # "[fines]", "[[tool.poetry.source]]"
# a YAML key that is an identifier (snake_case, dotted or camelCase; not kebab-case: "follow-up: Friday"), then
# one value
_IDENT_KEY = re.compile(r"^\s*-?\s*(?:[a-z]+[_.][\w.]+|[a-z]+[A-Z]\w*)\s*:\s+\S+\s*$")


def is_config_line(line: str) -> bool:
    """Whether ``line`` is one line of a pasted config file (an assignment, a section header, an identifier
    key with one value): no person says a fact this way, and the file's neighbouring lines may be gone."""
    return bool(_ASSIGNMENT.match(line) or _SECTION.match(line) or _IDENT_KEY.match(line))


# a row of pasted tool output: columns aligned by runs of spaces ("reconciler-7d9   0/1   CrashLoopBackOff   6"), a
# box-drawn table row ("| NVIDIA-SMI 550.54 |"), or a JSON object on the line ('meters/7F3A/up {"level_mm":1832}')
_GAP = r"(?: {2,}|\t+)"
_ALIGNED = re.compile(rf"\S{_GAP}\S(?:[^\t]*?\S)?{_GAP}\S(?:[^\t]*?\S)?{_GAP}\S")
_BOXED = re.compile(r"^\s*[|+][^|+]*[|+].*[|+]\s*$")
_JSON_OBJECT = re.compile(r"""\{\s*"[\w.-]+"\s*:""")


def is_table_row(line: str) -> bool:
    """Whether ``line`` is a row of pasted tool output: at least three column gaps (runs of two or more spaces,
    or tabs), a row of a box-drawn table, or a JSON object. A person's sentence has none of these."""
    return bool(_ALIGNED.search(line) or _BOXED.match(line) or _JSON_OBJECT.search(line))


# "The timer never fires", "the cron never runs": a subject of at most four words, "never" and one verb, nothing
# after (a setting says more: "never retries after a 4xx", "never runs on Sundays")
_BARE_SYMPTOM = re.compile(
    r"^(?:the|this|that|my|our)?\s*(?:[\w'-]+\s+){1,4}never\s+[a-z]+s\s*[.!]*\s*$", re.IGNORECASE
)


def is_bare_symptom(sentence: str) -> bool:
    """Whether ``sentence`` only says that something never happens ("The timer never fires"): a symptom of
    the moment, not a lasting fact."""
    return _BARE_SYMPTOM.match(sentence) is not None


# "The regulator's audit depends on it.", "Sign-off hinges on that", "The contract mentions this explicitly.": one
# clause whose last words are a pronoun (after a preposition, or the verb's object with at most an adverb or particle
# after it) pointing back to what an earlier sentence named (a clause with a comma, "and", "because" ... may hold its
# own antecedent)
_ORPHAN = re.compile(
    r"^[^,;:]{0,80}?\b[a-z]+\s+(?:it|this|that|them|those|these)"
    r"(?:\s+(?:[a-z]+ly|out|up|down|too|again|already|as well))?\s*[.!]*\s*$",
    re.IGNORECASE,
)
_OWN_ANTECEDENT = re.compile(r"\b(?:and|because|since|so|which|when|after|before|if)\b", re.IGNORECASE)


def points_back(sentence: str) -> bool:
    """Whether ``sentence`` ends on a pronoun whose antecedent another sentence named ("The regulator's audit
    depends on it."): alone it says nothing about what "it" is."""
    return _ORPHAN.match(sentence) is not None and _OWN_ANTECEDENT.search(sentence) is None


# a sentence that leads into what was pasted after it: it ends on a colon, or on the verb whose complement is the
# paste ("~/.pgpass is", "my kubeconfig user looks like", "the log says")
_LEAD_IN = re.compile(
    r"(?:[:：]|\b(?:is|are|was|were|looks like|look like|reads|says|said|shows|contains|goes|went)\s*[:,.]?)\s*$",
    re.IGNORECASE,
)
# a tool's answer of the moment: "twine says 403 uploading the parser", "kubectl says 'Unauthorized'" -- the tool
# (one or two words) "says" a status code or a quoted message
_TOOL_SAYS = re.compile(r"^[\w.-]+(?:\s+[\w.-]+)?\s+(?:says|said|keeps saying)\s+(?:\d{3}\b|['\"“‘])", re.IGNORECASE)


# a fragment with no main clause: a place named, then only a condition ("from the emergency kit, in case the vault
# locks me out again"): what it introduces was pasted after it
_FRAGMENT = re.compile(
    r"^(?:from|for|in|on|at|with|off)\s+(?:the|my|our|this)\s+[\w' -]{1,40},\s*"
    r"(?:in case|if|when|whenever|because|unless|so that|just in case)\b[^,;:]*$",
    re.IGNORECASE,
)


def leads_in(sentence: str) -> bool:
    """Whether ``sentence`` introduces material pasted after it (it ends on a colon or on "is", "looks like",
    "says" ... with nothing after; or it is a place and a condition without a main clause: "from the kit, in
    case the vault locks me out"), or reports what a tool said just now ("twine says 403 ..."): no statement
    of its own."""
    lead = _LEAD_IN.search(sentence) or _TOOL_SAYS.match(sentence) or _FRAGMENT.match(sentence.rstrip(" .!—–-"))
    return lead is not None


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
    ``is_trace_line`` knows)."""
    return _LOG_LINE.match(line) is not None or is_trace_line(line)


_KEY_VALUE = re.compile(r"^\s*-?\s*[\w.\"'-]+\s*:(?:\s+\S+)?\s*$")  # "replicas: 2", "Spec:": a config line
_DATA_ROW = re.compile(r"^[^\s,;|]+(?:[,;|\t][^,;|\t]*){2,}$")  # "Jan,12000,Feb": a CSV or table row
_INDENTED = re.compile(r"^(?:\t|    )")
FENCE = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)  # a fenced block (an unclosed one runs to the end)

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
    lines = _documents_dropped(FENCE.sub("\n", text)).splitlines()
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
