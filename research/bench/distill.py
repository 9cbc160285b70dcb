"""Session-distillation benchmark: precision and recall of ``save_session`` against a hand-labelled set.

Data: ``research/bench/data/distill/NN-slug.json``, one transcript each with the items a careful annotator would keep
(``expected``, each one self-contained statement with its memory type and kind) and the secret strings it
contains (``secrets``); the annotation guide is ``research/bench/data/distill/README.md``. For every file the script
calls ``save_session`` on a fresh temporary store, then reads back what reached the store (every entry,
superseded ones included, with its full content; the session's learnings are cross-checked against it).

Paths (``--paths``; issue 16 point 5). ``digest``: for every case with expected items, a digest made of
those items (one per line; bullets, numbers or bare lines, ``digest_argument``) is sent to save_session, which
measures the digest path alone; ``labelled digest``: the same, each item led by the type label the
save_session description offers (``Decision:``, ``Rule:``, ...); ``client summary``: the raw transcripts that
hold a client's own compaction summary (Claude Code ``isCompactSummary``, Codex ``compacted``), distilled from
the summary plus the turns after it; ``offline``: every other raw transcript. Every path is reported for the
tuning half, the held-out half (``split.json``, made once, see the data README) and all files; ``--split``
runs one half only. Per path: precision, recall, memory-type and kind accuracy, secrets stored (must be 0),
chatter files that saved anything (must be 0) and the mean save_session time per transcript.

Matching is by meaning: cosine similarity of the embeddings of each distilled item and each expected item
(rows are unit vectors, so cosine is a dot product), then a greedy one-to-one assignment of the pairs at or
above the threshold, best pair first. Precision = matched distilled items / distilled items, recall =
matched expected items / expected items, both micro-averaged over files, overall and per format, language
and category. The memory-type (and kind) accuracy is measured over the matched pairs.

Threshold (default 0.75): on the 80 calibration pairs of ``research/bench/data/distill-paraphrases.json`` (40 pairs
that say the same thing in other words, 40 distinct items of the same kind and domain or an item against
chatter) all-MiniLM-L6-v2 gives: at 0.75, 80 % of paraphrases accepted and 0 % of distinct pairs; at 0.70,
85 % and 2.5 %; at 0.65, 90 % and 2.5 %; at 0.85, 52 % and 0 %. 0.75 is the lowest threshold that accepted
no distinct pair, so a match means "the same item". The price: loose rewordings and raw user turns kept
verbatim ("User: bump go.mod to 1.24, we're on 1.24 everywhere anyway" against "All our Go services are on Go
1.24": 0.55) do not match, which is intended since an item must be a self-contained statement. Two limits
of the model: it scores non-English texts high against each other (a distinct Spanish pair reached 0.72),
so read the per-language rows with that in mind; and it cannot tell "Tuesdays" from "Thursdays" (0.93), so
a match checks the topic, not every detail. The run prints P/R at 0.65 and 0.85 too (sensitivity), and
``--calibrate`` re-measures the calibration pairs.

Secrets: every secret string of a file (and the parts a store could keep on their own: a PEM key's body
lines, a URL's password, an assigned value, a token's body, and long alphanumeric runs of those, since the
full-text index stores lower-cased tokens) is searched, case-insensitively, in every stored entry's content,
in the session's label, summary and learnings, and in the bytes of every file under the temporary data
directory (databases, ``-wal`` and ``-shm``), both while the stores are open and after they are closed. The
leak count must be 0; the files that leaked are printed (secrets masked). Run with ``--help`` for options.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import tempfile
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from rich.console import Console
from rich.table import Table

from contextlamp.app.service import Caller, MemoryService
from contextlamp.distill import DigestFirst, OfflineDistiller
from contextlamp.embedding import EMBEDDERS, Embedder, create_embedder
from contextlamp.storage import StoreRegistry

DEFAULT_DATA = Path(__file__).resolve().parent / "data" / "distill"
DEFAULT_CALIBRATION = Path(__file__).resolve().parent / "data" / "distill-paraphrases.json"
DEFAULT_THRESHOLD = 0.75
SENSITIVITY = (0.65, 0.85)
FORMATS = ("plain", "json", "digest", "markdown", "quoted", "claude-code", "codex")
NATIVE_FORMATS = ("claude-code", "codex")  # a client's own JSONL file, passed to save_session as it is
MEMORY_TYPES = ("fact", "event", "instruction", "task")
KINDS = ("fact", "decision", "preference", "note")
CATEGORIES = ("coding", "planning", "support", "personal", "chatter")
REQUIRED_KEYS = ("id", "description", "language", "format", "transcript", "expected", "secrets")
OPTIONAL_KEYS = ("category",)
MIN_FILES, MIN_NON_ENGLISH, MIN_WITH_SECRETS, MIN_PURE_CHATTER = 80, 6, 4, 4
SPLIT_FILE = "split.json"  # {"tuning": [file names], "heldout": [file names]}; not a case
SPLIT_SEED = 20261201  # the seed the committed split was made with (see the data README)
SPLITS = ("tuning", "heldout")
LIST_PAGE = 200  # list_context's maximum limit
_FILE_NAME = re.compile(r"\d{2,3}-[a-z0-9]+(?:-[a-z0-9]+)*\.json")
_LANGUAGE = re.compile(r"[a-z]{2}")
_RUN = re.compile(r"[A-Za-z0-9]{12,}")
_URL_PASSWORD = re.compile(r"://[^:/@\s]+:([^@\s]+)@")
_ASSIGNED = re.compile(r"(?i)\b(?:password|passwd|pwd|secret|token|key)\s*[:=]\s*['\"]?([^\s'\"]+)")
_PREFIXED = re.compile(r"(?:gh[pousr]_|github_pat_|sk_live_|sk_test_|xox[abp]-)([A-Za-z0-9_]+)")
MIN_NEEDLE = 8

Matrix = npt.NDArray[np.float32]


# -- the data set ------------------------------------------------------------------------------------------


class DataError(ValueError):
    """A data file that does not follow the schema; the message lists every problem found."""


@dataclass(frozen=True)
class ExpectedItem:
    """One item the annotator would keep: a self-contained statement, its memory type and kind."""

    content: str
    memory_type: str
    kind: str


@dataclass(frozen=True)
class Case:
    """One labelled transcript (``transcript`` is a string, or for format json a list of messages)."""

    id: str
    path: Path
    description: str
    language: str
    format: str
    category: str | None
    transcript: str | list[dict[str, Any]]
    expected: tuple[ExpectedItem, ...]
    secrets: tuple[str, ...]

    @property
    def argument(self) -> str:
        """What is passed to ``save_session``: the string itself, or the JSON text of the message list."""
        return transcript_argument(self.transcript)

    @property
    def text(self) -> str:
        """The transcript's plain text (message contents joined by newlines), for secret-presence checks."""
        return transcript_text(self.transcript)


def transcript_argument(transcript: str | list[dict[str, Any]]) -> str:
    """The ``transcript`` argument of save_session: a string as is, a message list as JSON text (UTF-8, not
    ``\\u`` escapes, as an MCP client sends it)."""
    return transcript if isinstance(transcript, str) else json.dumps(transcript, ensure_ascii=False)


def transcript_text(transcript: str | list[dict[str, Any]]) -> str:
    """Plain text of a transcript: a string as is; for a message list every content string and text part."""
    if isinstance(transcript, str):
        return transcript
    texts: list[str] = []
    for message in transcript:
        content = message.get("content")
        if isinstance(content, str):
            texts.append(content)
        elif isinstance(content, list):
            texts += [str(part.get("text", "")) for part in content if isinstance(part, dict)]
    return "\n".join(texts)


def _message_problems(index: int, message: Any) -> list[str]:
    where = f"transcript[{index}]"
    if not isinstance(message, dict):
        return [f"{where}: must be an object with role and content"]
    problems: list[str] = []
    if set(message) - {"role", "content"}:
        problems.append(f"{where}: unknown keys {sorted(set(message) - {'role', 'content'})}")
    if not isinstance(message.get("role"), str) or not message["role"].strip():
        problems.append(f"{where}.role: must be a non-empty string")
    content = message.get("content")
    if isinstance(content, str):
        if not content.strip():
            problems.append(f"{where}.content: must not be blank")
    elif isinstance(content, list) and content:
        for j, part in enumerate(content):
            ok = (
                isinstance(part, dict)
                and set(part) == {"type", "text"}
                and part["type"] == "text"
                and isinstance(part["text"], str)
                and part["text"].strip()
            )
            if not ok:
                problems.append(f'{where}.content[{j}]: must be {{"type": "text", "text": <non-blank string>}}')
    else:
        problems.append(f"{where}.content: must be a non-blank string or a non-empty list of text parts")
    return problems


def case_problems(doc: Any, file_name: str) -> list[str]:
    """Every way ``doc`` (one parsed data file named ``file_name``) breaks the schema; empty when valid."""
    if not isinstance(doc, dict):
        return ["the file must hold one JSON object"]
    problems: list[str] = []
    if not _FILE_NAME.fullmatch(file_name):
        problems.append(f"file name {file_name!r} must look like NN-short-slug.json (NN: two or three digits)")
    missing = [k for k in REQUIRED_KEYS if k not in doc]
    if missing:
        problems.append(f"missing keys {missing}")
    unknown = sorted(set(doc) - set(REQUIRED_KEYS) - set(OPTIONAL_KEYS))
    if unknown:
        problems.append(f"unknown keys {unknown}")
    if "id" in doc and doc["id"] != file_name.removesuffix(".json"):
        problems.append(f"id {doc['id']!r} must equal the file name without .json")
    if "description" in doc and (not isinstance(doc["description"], str) or not doc["description"].strip()):
        problems.append("description: must be a non-blank string")
    if "language" in doc and (not isinstance(doc["language"], str) or not _LANGUAGE.fullmatch(doc["language"])):
        problems.append(f"language {doc['language']!r}: must be a two-letter lower-case ISO 639-1 code")
    if "category" in doc and doc["category"] not in CATEGORIES:
        problems.append(f"category {doc['category']!r}: must be one of {', '.join(CATEGORIES)}")
    fmt = doc.get("format")
    if "format" in doc and fmt not in FORMATS:
        problems.append(f"format {fmt!r}: must be one of {', '.join(FORMATS)}")
    transcript = doc.get("transcript")
    if "transcript" in doc:
        if fmt == "json":
            if not isinstance(transcript, list) or not transcript:
                problems.append("transcript: format json needs a non-empty list of {role, content} messages")
            else:
                for i, message in enumerate(transcript):
                    problems += _message_problems(i, message)
        elif not isinstance(transcript, str) or not transcript.strip():
            problems.append(f"transcript: format {fmt} needs a non-blank string")
    expected = doc.get("expected")
    contents: list[str] = []
    if "expected" in doc:
        if not isinstance(expected, list):
            problems.append("expected: must be a list")
        else:
            for i, item in enumerate(expected):
                where = f"expected[{i}]"
                if not isinstance(item, dict) or set(item) != {"content", "memory_type", "kind"}:
                    problems.append(f"{where}: must be an object with exactly content, memory_type, kind")
                    continue
                if not isinstance(item["content"], str) or not item["content"].strip():
                    problems.append(f"{where}.content: must be a non-blank string")
                elif item["content"] in contents:
                    problems.append(f"{where}.content: duplicate of an earlier item")
                else:
                    contents.append(item["content"])
                if item["memory_type"] not in MEMORY_TYPES:
                    problems.append(f"{where}.memory_type {item['memory_type']!r}: must be one of {MEMORY_TYPES}")
                if item["kind"] not in KINDS:
                    problems.append(f"{where}.kind {item['kind']!r}: must be one of {KINDS}")
    secrets = doc.get("secrets")
    if "secrets" in doc:
        if not isinstance(secrets, list) or not all(isinstance(s, str) and s.strip() for s in secrets):
            problems.append("secrets: must be a list of non-blank strings")
        elif isinstance(transcript, str | list) and not any("transcript" in p for p in problems):
            text = transcript_text(transcript)
            for i, secret in enumerate(secrets):
                if secret not in text:
                    problems.append(f"secrets[{i}] ({mask(secret)}): not found in the transcript text")
                for needle in secret_needles(secret):
                    if any(needle.lower() in c.lower() for c in contents):
                        problems.append(f"secrets[{i}] ({mask(secret)}): part of it appears in an expected item")
                        break
    return problems


def file_number(case_id: str) -> int:
    """The number that leads a case id (``"07-x"`` -> 7, ``"112-y"`` -> 112); 0 when it has none."""
    head = case_id.split("-", 1)[0]
    return int(head) if head.isdigit() else 0


def load_case(path: Path) -> Case:
    """Read and validate one data file.

    Raises:
        DataError: the file is not JSON or breaks the schema (the message lists every problem).
    """
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DataError(f"{path.name}: cannot read: {exc}") from exc
    problems = case_problems(doc, path.name)
    if problems:
        raise DataError(f"{path.name}: " + "; ".join(problems))
    return Case(
        id=doc["id"],
        path=path,
        description=doc["description"],
        language=doc["language"],
        format=doc["format"],
        category=doc.get("category"),
        transcript=doc["transcript"],
        expected=tuple(ExpectedItem(e["content"], e["memory_type"], e["kind"]) for e in doc["expected"]),
        secrets=tuple(doc["secrets"]),
    )


def load_cases(directory: Path) -> list[Case]:
    """Every ``*.json`` file of ``directory``, validated, in file-name order.

    Raises:
        DataError: any file breaks the schema, or two files share an id (one message for all of them).
    """
    cases: list[Case] = []
    errors: list[str] = []
    for path in sorted(directory.glob("*.json")):
        if path.name == SPLIT_FILE:
            continue
        try:
            cases.append(load_case(path))
        except DataError as exc:
            errors.append(str(exc))
    if errors:
        raise DataError("\n".join(errors))
    return cases


def dataset_problems(cases: Sequence[Case]) -> list[str]:
    """How the set as a whole falls short of its minimums (files, non-English, with secrets, pure chatter)."""
    counts = {
        "files": (len(cases), MIN_FILES),
        "non-English files": (sum(1 for c in cases if c.language != "en"), MIN_NON_ENGLISH),
        "files with secrets": (sum(1 for c in cases if c.secrets), MIN_WITH_SECRETS),
        "pure-chatter files (no expected items)": (sum(1 for c in cases if not c.expected), MIN_PURE_CHATTER),
    }
    return [f"{name}: {n} < {low}" for name, (n, low) in counts.items() if n < low]


def has_client_summary(case: Case) -> bool:
    """Whether a native transcript holds a client's own model-made summary of earlier turns: a Claude Code
    line with ``"isCompactSummary": true`` or a Codex rollout line of type ``compacted``."""
    if case.format not in NATIVE_FORMATS or not isinstance(case.transcript, str):
        return False
    for line in case.transcript.splitlines():
        try:
            doc: Any = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(doc, dict) and (doc.get("isCompactSummary") is True or doc.get("type") == "compacted"):
            return True
    return False


def stratum(case: Case) -> str:
    """The split's stratum of a case: its category, and whether it carries a client summary."""
    return f"{case.category}/{'summary' if has_client_summary(case) else 'turns'}"


def make_split(cases: Sequence[Case], seed: int = SPLIT_SEED) -> dict[str, list[str]]:
    """A seeded random split into a tuning and a held-out half, stratified by ``stratum``.

    Per stratum (in sorted order) the file names, sorted, are shuffled with ``random.Random(f"{seed}/{stratum}")``;
    the first half goes to ``heldout``, the rest to ``tuning``; an odd stratum's extra file goes to tuning in
    even-numbered strata and to heldout in odd-numbered ones, so the halves differ by at most one file per
    stratum. Returns ``{"tuning": [...], "heldout": [...]}``, each list sorted.
    """
    groups: dict[str, list[str]] = {}
    for case in cases:
        groups.setdefault(stratum(case), []).append(case.path.name)
    split: dict[str, list[str]] = {"tuning": [], "heldout": []}
    for index, key in enumerate(sorted(groups)):
        names = sorted(groups[key])
        random.Random(f"{seed}/{key}").shuffle(names)
        cut = len(names) // 2 + (len(names) % 2 if index % 2 else 0)
        split["heldout"] += names[:cut]
        split["tuning"] += names[cut:]
    return {half: sorted(names) for half, names in split.items()}


def load_split(directory: Path) -> dict[str, list[str]]:
    """``split.json`` of a data directory; empty halves when the directory has none.

    Raises:
        DataError: the file is not JSON or not ``{"tuning": [names], "heldout": [names]}``.
    """
    path = directory / SPLIT_FILE
    if not path.exists():
        return {half: [] for half in SPLITS}
    try:
        doc: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DataError(f"{SPLIT_FILE}: cannot read: {exc}") from exc
    if (
        not isinstance(doc, dict)
        or set(doc) != set(SPLITS)
        or not all(isinstance(v, list) and all(isinstance(n, str) for n in v) for v in doc.values())
    ):
        raise DataError(f'{SPLIT_FILE}: must be {{"tuning": [file names], "heldout": [file names]}}')
    return {half: list(doc[half]) for half in SPLITS}


def split_problems(split: Mapping[str, Sequence[str]], cases: Sequence[Case]) -> list[str]:
    """How ``split`` fails to put every case in exactly one half (unknown names, overlaps, files left out)."""
    names = {c.path.name for c in cases}
    tuning, heldout = set(split.get("tuning", ())), set(split.get("heldout", ()))
    problems = [f"{n}: in both halves" for n in sorted(tuning & heldout)]
    problems += [
        f"{n}: listed twice in {half}"
        for half in SPLITS
        for n in sorted(set(split.get(half, ())))
        if list(split.get(half, ())).count(n) > 1
    ]
    problems += [f"{n}: in the split but not a data file" for n in sorted((tuning | heldout) - names)]
    problems += [f"{n}: in no half of the split" for n in sorted(names - tuning - heldout)]
    return problems


def half_of(split: Mapping[str, Sequence[str]], case: Case) -> str | None:
    """``"tuning"`` or ``"heldout"`` for a case named in ``split``, else None."""
    return next((half for half in SPLITS if case.path.name in split.get(half, ())), None)


# -- matching ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Pair:
    """A matched pair: index of the distilled item, index of the expected item, their cosine similarity."""

    distilled: int
    expected: int
    score: float


def similarity(distilled: Matrix, expected: Matrix) -> Matrix:
    """Cosine similarity matrix ``(n_distilled, n_expected)`` of unit-row embeddings (a dot product)."""
    if len(distilled) == 0 or len(expected) == 0:
        return np.zeros((len(distilled), len(expected)), dtype=np.float32)
    return np.asarray(distilled @ expected.T, dtype=np.float32)


def greedy_match(scores: Matrix, threshold: float) -> list[Pair]:
    """One-to-one assignment: repeatedly take the best remaining pair whose score is >= ``threshold``.

    Ties go to the lower distilled index, then the lower expected index, so the result is deterministic.
    """
    candidates = sorted(
        ((float(scores[i, j]), i, j) for i in range(scores.shape[0]) for j in range(scores.shape[1])),
        key=lambda c: (-c[0], c[1], c[2]),
    )
    used_d: set[int] = set()
    used_e: set[int] = set()
    pairs: list[Pair] = []
    for score, i, j in candidates:
        if score < threshold:
            break
        if i in used_d or j in used_e:
            continue
        used_d.add(i)
        used_e.add(j)
        pairs.append(Pair(i, j, score))
    return pairs


# -- secrets -------------------------------------------------------------------------------------------------


def mask(secret: str) -> str:
    """A printable stand-in for a secret: its first 4 characters and its length (a PEM block by its header)."""
    first = secret.strip().splitlines()[0] if secret.strip() else ""
    if first.startswith("-----BEGIN"):
        return f"{first.strip('-').strip()} block"
    return f"{secret.strip()[:4]}…({len(secret.strip())} chars)"


def secret_needles(secret: str) -> list[str]:
    """The strings whose presence anywhere in a store means ``secret`` leaked, compared case-insensitively.

    The secret itself; a PEM block's body lines; the password of a URL; the value of ``password = …``-style
    assignments; the body of a prefixed token (``ghp_…``); and from each of these its alphanumeric runs of 12+
    characters holding both letters and digits (a full-text index keeps those as lower-cased tokens) plus, for
    runs of 16+, the run without its first and last 4 characters (survives index prefix compression and
    stemming). Needles shorter than 8 characters are dropped.
    """
    base = secret.strip()
    needles = [base]
    lines = [ln.strip() for ln in base.splitlines()]
    if lines and lines[0].startswith("-----BEGIN"):
        needles += [ln for ln in lines if ln and not ln.startswith("-----") and ":" not in ln]
    for pattern in (_URL_PASSWORD, _ASSIGNED, _PREFIXED):
        needles += [m.group(1) for m in pattern.finditer(base)]
    fragments: list[str] = []
    for needle in needles:
        for run in _RUN.findall(needle):
            if any(ch.isdigit() for ch in run) and any(ch.isalpha() for ch in run):
                fragments.append(run)
                if len(run) >= 16:
                    fragments.append(run[4:-4])
    out: list[str] = []
    for needle in [*needles, *fragments]:
        if len(needle) >= MIN_NEEDLE and needle not in out:
            out.append(needle)
    return out


@dataclass(frozen=True)
class Leak:
    """Secret number ``secret`` of a file was found at ``where`` (``content <id>``, ``file <relative path>``…)."""

    secret: int
    where: str


def find_leaks(secrets: Sequence[str], texts: Mapping[str, str], data_dir: Path | None) -> list[Leak]:
    """Where any needle of each secret occurs: in ``texts`` (label -> text) and in the bytes of every file
    under ``data_dir`` (recursively, so databases, ``-wal`` and ``-shm`` files alike). Case-insensitive."""
    blobs: list[tuple[str, bytes]] = [(label, text.lower().encode("utf-8")) for label, text in texts.items()]
    if data_dir is not None:
        for path in sorted(p for p in data_dir.rglob("*") if p.is_file()):
            try:
                blobs.append((f"file {path.relative_to(data_dir)}", path.read_bytes().lower()))
            except OSError:  # a -shm or journal removed between listing and reading
                continue
    leaks: list[Leak] = []
    for index, secret in enumerate(secrets):
        needles = [n.lower().encode("utf-8") for n in secret_needles(secret)]
        leaks += [Leak(index, label) for label, blob in blobs if any(n in blob for n in needles)]
    return leaks


# -- the three paths ----------------------------------------------------------------------------------------

PATHS = ("digest", "labelled digest", "client summary", "offline")
_TYPE_LABELS = {"fact": "Fact", "preference": "Preference", "decision": "Decision", "note": "Event"}
_LEADING_LABEL = re.compile(r"^[^\s:：]{1,12}\s?[:：]")  # "Task: ...", "任务：...", "Tâche : ..."
_DIGEST_STYLES = ("- {item}", "{n}. {item}", "{item}", "* {item}", "{n}) {item}", "• {item}")


def raw_path(case: Case) -> str:
    """The path a raw transcript takes: ``client summary`` when it holds one, else ``offline``."""
    return "client summary" if has_client_summary(case) else "offline"


def type_label(item: ExpectedItem) -> str:
    """The label save_session's description offers for an item's type: Fact, Preference, Decision, Event,
    Rule (every instruction) or Task; "" for a task whose content already opens with a label ("Task: ...")."""
    if item.memory_type == "task":
        return "" if _LEADING_LABEL.match(item.content) else "Task"
    if item.memory_type == "instruction":
        return "Rule"
    return _TYPE_LABELS[item.kind] if item.memory_type == "fact" or item.kind != "note" else "Event"


def digest_argument(case: Case, labelled: bool = False) -> str:
    """A digest made of the case's expected items, one per line, as an agent following the save_session
    description would send it. The marker style rotates with the file's number (``- ``, ``1. ``, none,
    ``* ``, ``1) ``, ``• ``), and every fourth file mixes them item by item, so bullets, numbered items and
    bare lines are all measured. ``labelled``: each item led by its ``type_label``, as the description asks."""
    number = file_number(case.id)
    lines: list[str] = []
    for n, item in enumerate(case.expected, start=1):
        style = _DIGEST_STYLES[(number + n) % len(_DIGEST_STYLES) if number % 4 == 3 else number % len(_DIGEST_STYLES)]
        label = type_label(item) if labelled else ""
        lines.append(style.format(n=n, item=f"{label}: {item.content}" if label else item.content))
    return "\n".join(lines)


def path_figures(results: Sequence[CaseResult], split: Mapping[str, Sequence[str]]) -> dict[str, dict[str, Any]]:
    """Per path and half (``tuning``, ``heldout``, ``all``): the matching figures (group_figures), secrets
    stored, chatter files that saved anything, and mean save_session seconds per transcript."""
    out: dict[str, dict[str, Any]] = {}
    for path in PATHS:
        runs = [r for r in results if r.path == path]
        if not runs:
            continue
        halves: dict[str, Any] = {}
        for half in (*SPLITS, "all"):
            chosen = [r for r in runs if half == "all" or half_of(split, r.case) == half]
            figures = group_figures(chosen)
            chatter = [r for r in chosen if not r.case.expected]
            figures["secrets_stored"] = sum(len({leak.secret for leak in r.leaks}) for r in chosen)
            figures["chatter_files"] = len(chatter)
            figures["chatter_saved"] = sum(1 for r in chatter if r.distilled or r.total or r.session_id is not None)
            figures["seconds_per_transcript"] = sum(r.seconds for r in chosen) / len(chosen) if chosen else None
            figures["memory_type_confusion"] = type_confusion(chosen)
            halves[half] = figures
        out[path] = halves
    return out


def print_paths(paths: Mapping[str, Mapping[str, Any]], threshold: float, console: Console) -> None:
    """The per-path table: one row per path and half."""
    table = Table(title=f"save_session per path (match: cosine >= {threshold:.2f}, greedy one-to-one)")
    columns = ("path", "half", "files", "expected", "distilled", "matched", "precision", "recall", "type acc")
    for name in (*columns, "kind acc", "secrets stored", "chatter saved", "s/transcript"):
        table.add_column(name, justify="left" if name in ("path", "half") else "right")
    for path, halves in paths.items():
        for n, (half, f) in enumerate(halves.items()):
            table.add_row(
                path,
                half,
                str(f["files"]),
                str(f["expected"]),
                str(f["distilled"]),
                str(f["matched"]),
                _pct(f["precision"]),
                _pct(f["recall"]),
                _pct(f["memory_type_accuracy"]),
                _pct(f["kind_accuracy"]),
                str(f["secrets_stored"]),
                f"{f['chatter_saved']}/{f['chatter_files']}",
                "—" if f["seconds_per_transcript"] is None else f"{f['seconds_per_transcript']:.3f}",
                end_section=n == len(halves) - 1,
            )
    table.caption = (
        "digest: the expected items of each case sent as a digest; labelled digest: the same, each item led by "
        "its type label; client summary: raw transcripts holding a client's compaction summary; offline: every "
        "other raw transcript"
    )
    console.print(table)


# -- running -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Distilled:
    """One item that reached the store: entry id, full content, memory type and kind."""

    id: str
    text: str
    memory_type: str
    kind: str


@dataclass
class CaseResult:
    """What ``save_session`` did with one file, and how it compares with the labels."""

    case: Case
    saved: int = 0
    deduped: int = 0
    total: int = 0
    session_id: str | None = None
    distilled: list[Distilled] = field(default_factory=list)
    learnings: int = 0
    scores: Matrix = field(default_factory=lambda: np.zeros((0, 0), dtype=np.float32))
    pairs: list[Pair] = field(default_factory=list)
    leaks: list[Leak] = field(default_factory=list)
    error: str | None = None
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)
    path: str = "offline"  # which of PATHS this run measured


def _field(obj: Any, name: str) -> Any:
    """``obj.name`` or ``obj[name]``: learnings may come back as models or as plain dicts."""
    return obj[name] if isinstance(obj, Mapping) else getattr(obj, name)


def _stored_entries(service: MemoryService, caller: Caller) -> list[Distilled]:
    """Every entry of the caller's personal store, superseded ones included, with full content."""
    store = service.registry.store(caller.principal.user_id)
    out: list[Distilled] = []
    cursor: str | None = None
    while True:
        page = service.list_context(caller, LIST_PAGE, cursor=cursor, include_superseded=True)
        for item in page.items:
            entry = store.get(item.id)
            text = entry.content if entry is not None else item.preview
            out.append(Distilled(item.id, text, str(item.memory_type), str(item.kind)))
        cursor = page.next_cursor
        if cursor is None:
            return out


def run_case(
    case: Case,
    embedder: Embedder,
    threshold: float,
    argument: str | None = None,
    path: str | None = None,
    rules_only: bool = False,
    scorer: Embedder | None = None,
) -> CaseResult:
    """``save_session`` on a fresh store, read back what was stored, match it and scan for secrets.

    ``argument``: what save_session receives (default ``case.argument``, the raw transcript); ``path``: the
    PATHS entry the run is reported under (default ``raw_path(case)``); ``rules_only``: the offline distiller
    without its chatter model (no embedder given to it), as a baseline; ``scorer``: the embedder that matches stored
    items to expected ones (default ``embedder``), fixed across runs that compare embedders of the server.
    """
    result = CaseResult(case, path=path or raw_path(case))
    texts: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="distill-") as tmp:
        home = Path(tmp)
        registry = StoreRegistry(home, embedder.identity, embedder.dim)
        try:
            distiller = DigestFirst(OfflineDistiller()) if rules_only else None
            service = MemoryService(registry, embedder, distiller=distiller)
            caller = Caller(service.principal("bench"), "bench")
            started = time.perf_counter()
            try:
                outcome = service.save_session(caller, case.argument if argument is None else argument)
            except Exception as exc:  # one failing file must not end the run; it is reported
                result.error = f"{type(exc).__name__}: {exc}"
            else:
                result.saved, result.deduped = int(outcome.saved), int(outcome.deduped)
                result.total, result.session_id = int(outcome.total), outcome.session_id
            result.seconds = time.perf_counter() - started
            result.distilled = _stored_entries(service, caller)
            texts = {f"content {d.id}": d.text for d in result.distilled}
            if result.session_id is not None:
                session = service.resume_session(caller, session_id=result.session_id).session
                learnings = list(_field(session, "learnings"))
                result.learnings = len(learnings)
                texts["session label"] = str(_field(session, "label") or "")
                texts["session summary"] = str(_field(session, "summary") or "")
                for learning in learnings:
                    texts[f"learning {_field(learning, 'id')}"] = str(_field(learning, "text"))
                stored_ids = {d.id for d in result.distilled}
                missing = [str(_field(x, "id")) for x in learnings if _field(x, "id") not in stored_ids]
                if missing:
                    result.notes.append(f"{len(missing)} session learnings are not in the store")
            result.leaks = find_leaks(case.secrets, texts, home)  # stores open: WAL files present
        finally:
            registry.close()
        result.leaks += find_leaks(case.secrets, {}, home)  # closed: checkpointed database files
    result.leaks = list(dict.fromkeys(result.leaks))
    if result.error is None:
        if (result.session_id is None) != (result.total == 0):
            result.notes.append(
                f"session_id {'missing' if result.session_id is None else 'present'} with total {result.total}"
            )
        if result.saved != len(result.distilled):
            result.notes.append(f"saved {result.saved} but the store holds {len(result.distilled)} entries")
    scoring = scorer or embedder
    vectors_d = scoring.embed([d.text for d in result.distilled]) if result.distilled else np.zeros((0, 0))
    vectors_e = scoring.embed([e.content for e in case.expected]) if case.expected else np.zeros((0, 0))
    result.scores = similarity(vectors_d, vectors_e)
    result.pairs = greedy_match(result.scores, threshold)
    return result


# -- summarising ---------------------------------------------------------------------------------------------


def _ratio(num: int, den: int) -> float | None:
    return num / den if den else None


def group_figures(results: Iterable[CaseResult], threshold: float | None = None) -> dict[str, Any]:
    """Micro-averaged figures over ``results``; ``threshold`` re-matches from the stored scores when given."""
    files = expected = distilled = matched = type_ok = kind_ok = 0
    for r in results:
        pairs = r.pairs if threshold is None else greedy_match(r.scores, threshold)
        files += 1
        expected += len(r.case.expected)
        distilled += len(r.distilled)
        matched += len(pairs)
        type_ok += sum(
            1 for p in pairs if r.distilled[p.distilled].memory_type == r.case.expected[p.expected].memory_type
        )
        kind_ok += sum(1 for p in pairs if r.distilled[p.distilled].kind == r.case.expected[p.expected].kind)
    precision, recall = _ratio(matched, distilled), _ratio(matched, expected)
    f1 = 2 * precision * recall / (precision + recall) if precision and recall else None
    return {
        "files": files,
        "expected": expected,
        "distilled": distilled,
        "matched": matched,
        "precision": precision,
        "recall": recall,
        "f1": f1,
        "memory_type_accuracy": _ratio(type_ok, matched),
        "kind_accuracy": _ratio(kind_ok, matched),
    }


def type_confusion(results: Iterable[CaseResult]) -> dict[str, dict[str, int]]:
    """Matched pairs counted by expected memory_type (rows) and distilled memory_type (columns)."""
    confusion: dict[str, dict[str, int]] = {}
    for r in results:
        for p in r.pairs:
            row = confusion.setdefault(r.case.expected[p.expected].memory_type, {})
            got = r.distilled[p.distilled].memory_type
            row[got] = row.get(got, 0) + 1
    return confusion


def summarise(results: Sequence[CaseResult], threshold: float, embedder_name: str) -> dict[str, Any]:
    """The ``--json`` report: overall and grouped figures, secrets, pure chatter, sensitivity, per file."""

    def grouped(key: str) -> dict[str, dict[str, Any]]:
        values = sorted({str(getattr(r.case, key)) for r in results})
        return {v: group_figures([r for r in results if str(getattr(r.case, key)) == v]) for v in values}

    confusion = type_confusion(results)
    chatter = [r for r in results if not r.case.expected]
    with_secrets = [r for r in results if r.case.secrets]
    return {
        "threshold": threshold,
        "embedder": embedder_name,
        "n_files": len(results),
        "overall": group_figures(results),
        "by_format": grouped("format"),
        "by_language": grouped("language"),
        "by_category": grouped("category"),
        "memory_type_confusion": confusion,
        "sensitivity": {f"{t:.2f}": group_figures(results, t) for t in sorted({*SENSITIVITY, threshold})},
        "pure_chatter": {
            "files": len(chatter),
            "saved_nothing_and_no_session": sum(
                1 for r in chatter if r.error is None and r.total == 0 and not r.distilled and r.session_id is None
            ),
            "distilled_items": sum(len(r.distilled) for r in chatter),
        },
        "secrets": {
            "files": len(with_secrets),
            "secrets": sum(len(r.case.secrets) for r in with_secrets),
            "leaked": sum(len({leak.secret for leak in r.leaks}) for r in results),
            "leaks": [
                {"file": r.case.id, "secret": mask(r.case.secrets[leak.secret]), "where": leak.where}
                for r in results
                for leak in r.leaks
            ],
        },
        "errors": {r.case.id: r.error for r in results if r.error is not None},
        "notes": {r.case.id: r.notes for r in results if r.notes},
        "save_session_seconds": sum(r.seconds for r in results),
        "per_file": [
            {
                "id": r.case.id,
                "expected": len(r.case.expected),
                "distilled": len(r.distilled),
                "matched": len(r.pairs),
                "saved": r.saved,
                "deduped": r.deduped,
                "total": r.total,
                "session": r.session_id is not None,
                "leaked": len({leak.secret for leak in r.leaks}),
            }
            for r in results
        ],
    }


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def print_report(summary: dict[str, Any], console: Console) -> None:
    """The figures table (overall, per format, language, category) and the secrets/chatter/contract lines."""
    th = summary["threshold"]
    table = Table(
        title=f"save_session distillation ({summary['n_files']} files, match threshold {th:.2f}, "
        f"{summary['embedder']} cosine, server embedder {summary.get('server_embedder', summary['embedder'])})"
    )
    for name in ("group", "files", "expected", "distilled", "matched", "precision", "recall", "F1", "type acc"):
        table.add_column(name, justify="left" if name == "group" else "right")

    def row(label: str, f: dict[str, Any], end_section: bool = False) -> None:
        table.add_row(
            label,
            str(f["files"]),
            str(f["expected"]),
            str(f["distilled"]),
            str(f["matched"]),
            _pct(f["precision"]),
            _pct(f["recall"]),
            _pct(f["f1"]),
            _pct(f["memory_type_accuracy"]),
            end_section=end_section,
        )

    for key, prefix in (("by_format", "format"), ("by_language", "lang"), ("by_category", "category")):
        items = list(summary[key].items())
        for n, (value, figures) in enumerate(items):
            row(f"{prefix} {value}", figures, end_section=n == len(items) - 1)
    row("overall", summary["overall"])
    sens = ", ".join(f"@{t}: P {_pct(f['precision'])} R {_pct(f['recall'])}" for t, f in summary["sensitivity"].items())
    table.caption = f"threshold sensitivity {sens}; save_session {summary['save_session_seconds']:.1f} s in total"
    console.print(table)
    chatter, secrets = summary["pure_chatter"], summary["secrets"]
    overall = summary["overall"]
    console.print(
        f"memory_type accuracy on matched pairs: {_pct(overall['memory_type_accuracy'])}  "
        f"(kind: {_pct(overall['kind_accuracy'])});  expected -> distilled: {summary['memory_type_confusion']}"
    )
    console.print(
        f"pure chatter: {chatter['saved_nothing_and_no_session']}/{chatter['files']} files saved nothing "
        f"and returned session_id None ({chatter['distilled_items']} items distilled from them)"
    )
    console.print(
        f"secrets: {secrets['leaked']} of {secrets['secrets']} leaked "
        f"(in {secrets['files']} files with secrets; must be 0)"
    )
    places: dict[tuple[str, str], list[str]] = {}
    for leak in secrets["leaks"]:
        places.setdefault((leak["file"], leak["secret"]), []).append(leak["where"])
    for (case_id, masked), wheres in places.items():
        console.print(f"  LEAK {case_id}: {masked} found in {', '.join(wheres)}", markup=False)
    for case_id, error in summary["errors"].items():
        console.print(f"  ERROR {case_id}: {error}")
    for case_id, notes in summary["notes"].items():
        console.print(f"  note {case_id}: {'; '.join(notes)}")


def redact(text: str, secrets: Sequence[str]) -> str:
    """``text`` with every needle of every secret replaced by ``[SECRET]`` (case-insensitive)."""
    needles = sorted({n for s in secrets for n in secret_needles(s)}, key=len, reverse=True)
    for needle in needles:
        text = re.sub(re.escape(needle), "[SECRET]", text, flags=re.IGNORECASE)
    return text


def print_details(results: Sequence[CaseResult], console: Console) -> None:
    """Per file: each match with its score, each distilled item left unmatched, each expected item missed.
    Secrets of the file are redacted from the distilled texts."""
    for r in results:
        console.print(f"[bold]{r.case.id}[/bold] ({r.path}, {r.case.format}, {r.case.language})")
        for p in r.pairs:
            d, e = r.distilled[p.distilled], r.case.expected[p.expected]
            text = redact(d.text, r.case.secrets)
            console.print(
                f"  match {p.score:.2f} [{d.memory_type}/{e.memory_type}] {text!r} ~ {e.content!r}", markup=False
            )
        matched_d = {p.distilled for p in r.pairs}
        matched_e = {p.expected for p in r.pairs}
        for i, d in enumerate(r.distilled):
            if i not in matched_d:
                best = f"{float(r.scores[i].max()):.2f}" if r.scores.shape[1] else "—"
                console.print(
                    f"  extra (best {best}) [{d.memory_type}] {redact(d.text, r.case.secrets)!r}", markup=False
                )
        for j, e in enumerate(r.case.expected):
            if j not in matched_e:
                best = f"{float(r.scores[:, j].max()):.2f}" if r.scores.shape[0] else "—"
                console.print(f"  missed (best {best}) [{e.memory_type}] {e.content!r}", markup=False)


def calibrate(path: Path, embedder: Embedder, console: Console) -> None:
    """Share of paraphrase pairs accepted and of distinct pairs wrongly accepted, per threshold."""
    pairs = json.loads(path.read_text(encoding="utf-8"))["pairs"]
    a = embedder.embed([p["a"] for p in pairs])
    b = embedder.embed([p["b"] for p in pairs])
    scores = (a * b).sum(axis=1)
    same = np.array([bool(p["same"]) for p in pairs])
    table = Table(title=f"match-threshold calibration ({same.sum()} paraphrase, {(~same).sum()} distinct pairs)")
    for name in ("threshold", "paraphrases accepted", "distinct accepted"):
        table.add_column(name, justify="right")
    for th in np.arange(0.50, 0.951, 0.05):
        table.add_row(f"{th:.2f}", f"{(scores[same] >= th).mean():.3f}", f"{(scores[~same] >= th).mean():.3f}")
    console.print(table)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; the report goes to stdout (and ``--json``), progress to stderr.

    Exit status: 0 done, 1 a secret leaked, 2 bad data or no save_session.
    """
    parser = argparse.ArgumentParser(description="save_session distillation benchmark")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="directory of labelled *.json files")
    parser.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD, help="cosine match threshold")
    parser.add_argument("--json", type=Path, default=None, help="write the figures as JSON to this file")
    parser.add_argument(
        "--embedder",
        choices=EMBEDDERS,
        default=os.environ.get("CONTEXTLAMP_EMBEDDER") or "minilm",
        help="the server's embedder, the distiller's too (default: CONTEXTLAMP_EMBEDDER, else minilm)",
    )
    parser.add_argument(
        "--match-embedder",
        choices=EMBEDDERS,
        default="minilm",
        help="the embedder that matches stored items to expected ones at --threshold (default minilm: the "
        "threshold was calibrated on it, and runs comparing --embedder values are scored alike)",
    )
    parser.add_argument(
        "--only", default=None, help="run only files whose id contains this text (comma-separated: any of them)"
    )
    parser.add_argument(
        "--half",
        choices=["odd", "even"],
        default=None,
        help="only odd- or even-numbered files: tune rules on one half, report the other as held out",
    )
    parser.add_argument(
        "--split",
        choices=[*SPLITS, "all"],
        default="all",
        help="run only the tuning or the held-out half of split.json (default: all files, each half reported)",
    )
    parser.add_argument(
        "--paths",
        default=",".join(PATHS),
        help=f"comma-separated paths to run, of: {', '.join(PATHS)} (default: all)",
    )
    parser.add_argument(
        "--rules-only", action="store_true", help="the offline distiller by its rules alone: a baseline"
    )
    parser.add_argument("--details", action="store_true", help="print every match, extra and missed item")
    parser.add_argument("--calibrate", action="store_true", help="measure the threshold on paraphrase pairs")
    args = parser.parse_args(argv)
    console = Console(file=sys.stdout, width=200)
    embedder = create_embedder(args.embedder)
    scorer = embedder if args.match_embedder == args.embedder else create_embedder(args.match_embedder)
    if args.calibrate:
        calibrate(DEFAULT_CALIBRATION, embedder, console)
        return 0
    paths = [p.strip() for p in args.paths.split(",") if p.strip()]
    if not paths or set(paths) - set(PATHS):
        print(f"--paths: expected a comma-separated list of {', '.join(PATHS)}", file=sys.stderr)
        return 2
    try:
        cases = load_cases(args.data)
        split = load_split(args.data)
        problems = split_problems(split, cases) if any(split.values()) else []
        if problems:
            raise DataError(f"{SPLIT_FILE}: " + "; ".join(problems))
    except DataError as exc:
        print(f"bad data:\n{exc}", file=sys.stderr)
        return 2
    if args.only:
        wanted = [w for w in args.only.split(",") if w]
        cases = [c for c in cases if any(w in c.id for w in wanted)]
    if args.half:
        parity = 1 if args.half == "odd" else 0
        cases = [c for c in cases if file_number(c.id) % 2 == parity]
    if args.split != "all":
        cases = [c for c in cases if half_of(split, c) == args.split]
    if not hasattr(MemoryService, "save_session"):
        print("MemoryService has no save_session yet; nothing to measure", file=sys.stderr)
        return 2
    results: list[CaseResult] = []  # the raw transcripts (client summary and offline paths)
    digests: list[CaseResult] = []  # the digest path
    for case in cases:
        runs: list[CaseResult] = []
        if raw_path(case) in paths:
            runs.append(run_case(case, embedder, args.threshold, rules_only=args.rules_only, scorer=scorer))
            results.append(runs[-1])
        for path in ("digest", "labelled digest"):
            if path in paths and case.expected:
                argument = digest_argument(case, labelled=path != "digest")
                runs.append(run_case(case, embedder, args.threshold, argument, path, scorer=scorer))
                digests.append(runs[-1])
        for r in runs:
            status = f"error {r.error}" if r.error else f"distilled {len(r.distilled)}, matched {len(r.pairs)}"
            where = f" [{r.path}]" if r.path in ("digest", "labelled digest") else ""
            print(f"{case.id}{where}: {status} / expected {len(case.expected)}", file=sys.stderr)
    summary = summarise(results, args.threshold, args.match_embedder)
    summary["server_embedder"] = args.embedder
    summary["paths"] = path_figures([*digests, *results], split)
    summary["digest_secrets_leaked"] = sum(len({leak.secret for leak in r.leaks}) for r in digests)
    if args.details:
        print_details([*results, *digests], console)
    print_report(summary, console)
    print_paths(summary["paths"], args.threshold, console)
    if args.json is not None:
        args.json.write_text(json.dumps(summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 1 if summary["secrets"]["leaked"] or summary["digest_secrets_leaked"] else 0


if __name__ == "__main__":
    sys.exit(main())
