"""Input cleaning of a client's transcript before capture: what contextlamp or the client wrote is never a memory.

Three mechanisms, none a list of the texts to drop:

- **What contextlamp injected carries its own marker and is remembered.** The session-start context is wrapped
  in ``<contextlamp-context>…</contextlamp-context>`` (``mark``), and each of its lines is remembered as a hash of
  its normalised text (``line_key``: case, spacing, bullets, numbering and ``[kind]`` tags aside), per client
  session (``<home>/hooks/injected/<session key>.json``) and in a bounded ring over all sessions
  (``recent.json``, the newest ``RECENT_LINES``: a resumed session may get a new id, and Codex has no
  session-start hook, so context can reach a session that was not the one it was injected into). Capture
  removes the marked block wherever the client put it (system message, user turn, developer instructions, a
  compaction summary that quotes it) and every transcript line whose key is remembered, marker or not.
- **What contextlamp prints is recognised by its own definitions** (``contextlamp.printed``, where the CLI and
  the session-start context take their formats from): its tables and records (``get``, ``list``, ``session
  show``, ``doctor`` ...), its version banner, id messages and context lines pasted back into a turn, quoted,
  fenced, indented or run into a sentence, are removed before anything else reads the turn.
- **The client's own framing is recognised by its form.** A block in a machine tag (``<system-reminder>``,
  ``<command-name>``, ``<local-command-stdout>``, ``<hook_context>``, ``<environment_context>``: a lower-case
  tag name holding ``-`` or ``_``, which prose never uses) is the client talking, whatever its name; fenced code,
  pasted log and stack-trace lines, code lines (``is_code_line``) and lists of opaque tokens (``is_opaque_list``:
  recovery codes, keys, hashes) state nothing a person would write down as a memory (the save worker removes
  the opaque lists first, lets the distiller read code and logs as the session's context, then drops any
  statement taken from them: ``from_pasted``); a line of a compaction summary that speaks about the
  conversation or addresses the model ("This session is being continued from a previous conversation…",
  "Continue the conversation from where we left
  off without asking the user any further questions.") is framing (``is_framing``). Tool calls, tool output
  and thinking never reach here (distill/native.py leaves them out).

Everything is linear in the text: tags are removed by ``str.find`` scans, patterns have no nested quantifiers.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from contextlamp.distill.turns import Turn

MARK_TAG = "contextlamp-context"
MARK_CHARS = len(f"<{MARK_TAG}>\n\n</{MARK_TAG}>")  # what the marker adds to a context
RECENT_LINES = 4000  # line keys of every session's injections kept in recent.json (~100 KB)
MIN_KEY_CHARS = 12  # a line shorter than this once normalised is not remembered ("## Project memories" is)

_MACHINE_TAG = re.compile(r"<([a-z][a-z0-9]*(?:[-_][a-z0-9]+)+)(?:\s[^<>]{0,200})?>")
_BULLET = re.compile(r"^(?:[-*+•·>]+|\d{1,3}[.)])\s+")
_KIND_TAG = re.compile(r"^(?:\[[a-z -]{1,20}\]\s*)+")
_SPACES = re.compile(r"\s+")
_TRAILING = re.compile(r"[\s.!;:,]+$")
_LABEL = re.compile(r"^[a-z]{2,20}: ")  # a one-word label a distiller puts before a statement
# a line of code: a keyword opening a definition or statement, or a line ending as code lines end
_CODE_LINE = re.compile(
    r"^(?:def |class |import |from \S+ import |return\b|const |let |var |function\b|async |await |"
    r"if \(|for \(|while \(|}\s*else|#include|package |public |private |fn |impl |SELECT |INSERT |UPDATE )"
    r"|[{;]\s*$|^\s*[})\]]+[;,]?\s*$|\)\s*:\s*$|=>\s*\{?\s*$"
    r'|^"[\w.$@-]{1,60}"\s*:\s*'  # a JSON member line: pasted data (our --json output among it)
)
_CODE_CHARS = frozenset("{}[]()<>=;$\\|`")
# an opaque token: letters and digits mixed, 6+ characters (a hash, a key, a recovery code, a build id)
_OPAQUE = re.compile(r"(?<![\w/.])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[A-Za-z0-9][\w-]{5,}(?![\w/.])")
MAX_OPAQUE_TOKENS = 2  # a line listing more is a pasted list of codes or ids, never a statement
_LIST_GAP = re.compile(r"[\W_]*(?:(?:and|or|und|oder|et|ou|y|o|e|en|of|i|lub|och|eller|ve|veya)[\W_]+)?", re.IGNORECASE)
# a summary line about the conversation itself, or one that addresses the model
_FRAMING = re.compile(
    r"\b(?:this|the|our|a|previous|earlier|prior) (?:session|conversation|chat|context window|transcript)\b"
    r".{0,80}\b(?:continued|summari[sz]ed|ran out|compacted|below|above|earlier portion|restored)\b"
    r"|\bsummary (?:below|above)\b|\bwithout asking the user\b|\bwhere (?:we|you) left off\b"
    r"|^(?:please )?continue (?:the conversation|with the last task|from where)\b"
    r"|\bearlier portion of the conversation\b",
    re.IGNORECASE,
)


def mark(context: str) -> str:
    """``context`` wrapped in contextlamp's marker tag (empty stays empty)."""
    return f"<{MARK_TAG}>\n{context}\n</{MARK_TAG}>" if context else ""


def line_key(line: str) -> str | None:
    """The key a line is remembered and recognised by: SHA-256 (first 20 hex digits) of its normalised text
    (case folded, spacing collapsed, a leading bullet or number and ``[kind]`` tags removed, trailing
    punctuation dropped); None for a line shorter than ``MIN_KEY_CHARS`` once normalised."""
    text = _SPACES.sub(" ", line).strip()
    text = _BULLET.sub("", text)
    text = _KIND_TAG.sub("", text.casefold())
    text = _TRAILING.sub("", text)
    if len(text) < MIN_KEY_CHARS:
        return None
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:20]


def injected_path(home: Path, key: str) -> Path:
    """Where the line keys injected into one client session are kept."""
    return home / "hooks" / "injected" / f"{key}.json"


def remember_injected(home: Path, key: str, context: str) -> int:
    """Remember the lines of ``context`` (what a session start injected into client session ``key``): their
    keys are added to the session's file and to the ring of recent injections. Written atomically without the
    session's save lock, so a session start never waits for a save. Returns how many keys were remembered.

    Raises:
        OSError: the files cannot be written.
    """
    keys = [k for k in map(line_key, context.splitlines()) if k]
    if not keys:
        return 0
    session = injected_path(home, key)
    _write(session, list(dict.fromkeys([*_read(session), *keys])))
    recent = injected_path(home, "recent")
    _write(recent, list(dict.fromkeys([*_read(recent), *keys]))[-RECENT_LINES:])
    return len(keys)


def injected_keys(home: Path, key: str) -> set[str]:
    """The line keys injected into client session ``key``, and those of every recent injection."""
    return set(_read(injected_path(home, key))) | set(_read(injected_path(home, "recent")))


def clean_turns(turns: Sequence[Turn], injected: set[str], keep_code: bool = False) -> list[Turn]:
    """``turns`` without what contextlamp injected (its marked block, any line whose ``line_key`` is in
    ``injected``) and without the client's framing (``clean_text``); turns left empty are dropped. Digest turns
    (a client's compaction summary) also lose their framing lines (``is_framing``). With ``keep_code`` the code
    and log lines stay (context for a distiller, whose statements are then checked with ``from_pasted``)."""
    from contextlamp.distill.turns import Turn

    out: list[Turn] = []
    for turn in turns:
        text = clean_text(turn.text, injected, digest=turn.role == "digest", keep_code=keep_code)
        if text:
            out.append(Turn(turn.role, text, turn.cwd))
    return out


def clean_text(text: str, injected: set[str], digest: bool = False, keep_code: bool = False) -> str:
    """One turn's text cleaned (see ``clean_turns``): machine-tag blocks, what contextlamp printed
    (``printed.strip_printed``: its CLI's tables, records and lines pasted back), lists of opaque tokens, remembered
    injected lines, third parties' quoted material and text addressed to AI (``material.strip_material``) and, in a
    ``digest``, framing lines removed; fenced code, code and log lines too unless
    ``keep_code``. Linear."""
    from contextlamp.hooks.material import strip_material
    from contextlamp.printed import strip_printed

    text = strip_machine_tags(text)
    # a tool result's JSON is an object: without a "{" there is none, and the stop hook skips the pydantic models'
    # import (~0.15 s of CPU quiet, seconds at load 30: research/notes/hookload47-stop45.md)
    text = strip_material(strip_printed(text, _result_shapes() if "{" in text else ()))
    kept: list[str] = []
    fenced = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            fenced = not fenced
            if keep_code:
                kept.append(line)
            continue
        if not stripped or is_opaque_list(stripped):
            continue
        if not keep_code and (fenced or is_pasted_line(line)):
            continue
        key = line_key(stripped)
        if key is not None and key in injected:
            continue
        if digest and is_framing(stripped):
            continue
        kept.append(line)
    return "\n".join(kept).strip()


def cue_input(text: str) -> str:
    """A cleaned user turn (``clean_text``) as the stop hook's digest cues read it: without every line that holds
    a secret (``SecretScanner.redact``: the line, not only the value, since a turn whose statement is a credential
    is never worth a digest, and asking invites the agent to write one right after it) and without a lead-in
    line (ending in ":") that introduces nothing left: what it announced was a secret or contextlamp's own
    injected context, already removed ("my 2FA backup codes in case I get locked out:", "double-checking the
    notes you started with:" before a question). Builds a scanner: call it only for a turn that carries a cue.
    Linear in the text (the scanner is)."""
    from contextlamp.domain.secret_scan import REDACTED, SecretScanner

    lines = [line for line in SecretScanner().redact(text).splitlines() if line.strip() and REDACTED not in line]
    kept: list[str] = []
    for n, line in enumerate(lines):
        after = lines[n + 1].rstrip() if n + 1 < len(lines) else None
        if line.rstrip().endswith(":") and (after is None or after.endswith("?")):
            continue  # a lead-in whose material was removed
        kept.append(line)
    return "\n".join(kept)


def _result_shapes() -> tuple[frozenset[str], ...]:
    from contextlamp.domain.models import result_shapes

    return result_shapes()


def is_pasted_line(line: str) -> bool:
    """Whether a line is pasted code or log output (``is_code_line``, or a log, stack-trace, crash or test-runner
    line: distill/pastes.is_log_line, the offline distiller's own test), or a one-line shell command
    (``material.is_command_line``)."""
    from contextlamp.distill.pastes import is_log_line
    from contextlamp.hooks.material import is_command_line

    return is_code_line(line) or is_log_line(line.strip()) or is_command_line(line)


def pasted_lines(texts: Iterable[str]) -> list[str]:
    """The pasted lines of ``texts`` (inside a fenced block, or ``is_pasted_line``), normalised (``_norm``)."""
    out: list[str] = []
    for text in texts:
        fenced = False
        for line in text.splitlines():
            if line.strip().startswith(("```", "~~~")):
                fenced = not fenced
            elif line.strip() and (fenced or is_pasted_line(line)):
                out.append(_norm(line))
    return out


def from_pasted(statement: str, pasted: Sequence[str]) -> bool:
    """Whether a distilled statement comes from pasted code or logs: it reads as code, a log line or a list of
    opaque tokens itself, or its normalised text (less a one-word label such as "Task:") lies inside one of the
    ``pasted`` lines (``pasted_lines``; a distiller may cut "UnboundLocalError: local variable 'total' referenced"
    to its tail)."""
    if is_pasted_line(statement) or is_opaque_list(statement):
        return True
    own = _LABEL.sub("", _norm(statement))  # "Task: rg -n …": a distiller's label before the pasted text
    return len(own) >= MIN_KEY_CHARS and any(own in line for line in pasted)


def _norm(text: str) -> str:
    return _TRAILING.sub("", _SPACES.sub(" ", text).strip().casefold())


def strip_machine_tags(text: str) -> str:
    """``text`` without every ``<name>…</name>`` block whose tag name is lower case and holds ``-`` or ``_``
    (contextlamp's marker and every client's framing tags); an unclosed block runs to the end. Linear: each
    block's close is found by ``str.find`` and the scan resumes after it."""
    if "<" not in text:
        return text
    from contextlamp.distill.native import strip_blocks

    return strip_blocks(text, _MACHINE_TAG)


def is_code_line(line: str) -> bool:
    """Whether a line reads as code: an indented line (4 spaces or a tab), a definition or statement keyword
    first, a code ending (``{``, ``;``, ``):``), or more than one in eight of its characters code punctuation."""
    if line.startswith(("    ", "\t")) and line.strip():
        return True
    stripped = line.strip()
    if _CODE_LINE.search(stripped):
        return True
    if len(stripped) >= 16:
        punctuation = sum(1 for c in stripped if c in _CODE_CHARS)
        return punctuation * 8 > len(stripped)
    return False


def is_opaque_list(line: str) -> bool:
    """Whether a line holds a run of more than ``MAX_OPAQUE_TOKENS`` opaque tokens (letters and digits mixed, six or
    more characters) with no word between them but "and" / "or" (separators, spaces and punctuation only): pasted
    recovery codes, keys, hashes or ids, which state nothing a person would keep as a memory and may be secrets no
    ruleset knows. Tokens a sentence's words stand between are named one by one ("kas-vm-13, not kas-vm-99 and not
    kas-vm-05": a correction of a value corrected twice), not listed. Linear in the line's length."""
    run, end = 0, 0
    for found in _OPAQUE.finditer(line):
        between = _LIST_GAP.fullmatch(line, end, found.start()) is not None
        run = run + 1 if between or not run else 1
        if run > MAX_OPAQUE_TOKENS:
            return True
        end = found.end()
    return False


def is_framing(line: str) -> bool:
    """Whether a summary line speaks about the conversation itself or addresses the model (compaction
    framing), not about the work."""
    return _FRAMING.search(line) is not None


def _read(path: Path) -> list[str]:
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [str(k) for k in data if isinstance(k, str)] if isinstance(data, list) else []  # pyright: ignore[reportUnknownVariableType]


def _write(path: Path, keys: Iterable[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(list(keys), handle)
    os.replace(tmp, path)
