"""Line shapes of pasted material the first paste rules (``distill.durable``) did not know, and remarks of the
moment (issue 27, month9: blind7's junk).

- a database error line ("ORA-06512: at \"PKG\", line 214"); a stack-trace frame named by its source location
  only ("HydrantKit/ViewModel.swift:212: in submit()", "/app/main.go:44 +0x20", "(notifier 0.4.1)
  lib/notifier/outage.ex:41: ..."), an Elixir error header ("** (FunctionClauseError) ..."), a machine address
  ("0x0000000191a0b1f8");
- a sentence whose closing pronoun points at what an earlier sentence named ("The audit depends on it.").
- a single line of a pasted config file: a bare assignment ("always-auth=true", ``log_level = "debug"``), an
  INI or TOML section header ("[metadata]", "[tool.indexer]"), a YAML line whose key is an identifier
  ("retry_backoff: 250ms", "imagePullPolicy: IfNotPresent");
- a row of pasted tool output: columns aligned with runs of spaces or tabs, a box-drawn table row, a JSON object;
- a lead-in to a paste ("~/.pgpass is", "here it says:") and a tool's answer of the moment ("twine says 403");
- a bare symptom: a short sentence that says something never happens and nothing more ("The timer never fires").

Each pattern is anchored or a bounded alternation without nested quantifiers: linear in the line's length.
"""

from __future__ import annotations

import re

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
