"""Import from other memory tools (``contextlamp import --from FORMAT PATH``, issue #19, docs/import.md).

A reader (``importers/``) turns a file into records; this runner decides what is stored, in three steps:

1. Read and validate everything first: the whole file is parsed (a bad or truncated file raises
   ``ImportFormatError`` naming the file and the line) and the target user and ``--project`` are checked,
   before anything is written.
2. Plan each record: already imported (its source key is recorded in the control plane's ``imported`` table,
   ``ControlPlane.imported_keys``), already there (the same content, ``text.content_key``, is stored), skipped
   (a secret, by field and kind, never the text; too long; empty; a task already past its expiry), or to add.
3. Unless ``dry_run``: write the records oldest first, each at its original time. Memories go through
   ``save_context``, conversations through ``save_session`` (the configured distiller, offline by default), on
   a view of the service whose clock reads the record's time (``_at``), so the entry and digest keep it and
   the save path's rules (dedupe, supersession, freshness, TTL) run as they would have then. Each record's
   source key is recorded right after its write, so an interrupted import resumes where it stopped and a
   second run adds nothing (nor brings back what was forgotten since).

Why a control-plane table and not deterministic ids or a tag: the content key already dedupes, but a memory
forgotten after an import would come back on the next one, and a conversation (distilled into several
entries, or into none) has no single content to dedupe by; a tag would show in every list and count against
the 32 tags of an entry. The table holds SHA-256 keys only, never text.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from contextlamp.app.state import Caller, normalise_surface
from contextlamp.distill.turns import Turn
from contextlamp.domain.embedding import bulk_work
from contextlamp.domain.models import Kind, Principal
from contextlamp.domain.rules import expiry_of, has_expired
from contextlamp.errors import InvalidArgumentError
from contextlamp.importers import ImportConversation, ImportItem, ImportSkip, Record, reader
from contextlamp.storage import Project
from contextlamp.text import collapse_ws, content_key, kebab, scrub_surrogates, title_of, topic_key

if TYPE_CHECKING:
    from contextlamp.app.service import MemoryService
    from contextlamp.domain.secret_scan import SecretScanner

Progress = Callable[[int, int], None]  # (records done, records total)
Outcome = Literal["added", "already there", "skipped"]
RecordKind = Literal["memory", "conversation"]
_Topics = dict[str, dict[str, int]]  # store id -> topic -> newest created_at of a live entry on it


@dataclass(frozen=True)
class ImportLine:
    """What became of one record (or, in a dry run, what would).

    Attributes:
        location: where the record was read (``file:line``).
        record: ``memory`` or ``conversation``.
        outcome: ``added`` | ``already there`` | ``skipped``.
        reason: why it was skipped or is already there ("" when added); names a secret's kind and field,
            never the text.
        target: ``personal`` or ``project:<slug>``.
        title: the first line of the memory (<= 80 characters) or the conversation's title; "" when skipped
            for a secret.
        memory_type, kind: of a memory ("" for a conversation).
        ids: the entry id, or the session id, written (empty in a dry run and when skipped).
        saved: memories a conversation added (0 for a memory record).
    """

    location: str
    record: RecordKind
    outcome: Outcome
    reason: str
    target: str
    title: str
    memory_type: str = ""
    kind: str = ""
    ids: tuple[str, ...] = ()
    saved: int = 0


@dataclass(frozen=True)
class FormatImportReport:
    """The result of one ``import --from``: the user, whether it was a dry run, and one line per record in
    the order they were (or would be) written, oldest first."""

    format: str
    path: str
    user_id: str
    user_name: str
    dry_run: bool
    lines: tuple[ImportLine, ...] = field(default=())

    def count(self, outcome: Outcome, record: RecordKind | None = None) -> int:
        """How many records had ``outcome`` (of one ``record`` kind, or of both)."""
        return sum(1 for x in self.lines if x.outcome == outcome and (record is None or x.record == record))

    @property
    def memories_from_conversations(self) -> int:
        """Memories the added conversations were distilled into."""
        return sum(x.saved for x in self.lines if x.record == "conversation")


@dataclass
class _Plan:
    record: Record
    line: ImportLine
    key: str
    project: str | None  # the slug the record goes to (None: personal)
    content: str = ""
    topic: str | None = None
    tags: tuple[str, ...] = ()
    at: int = 0
    parts: list[str] = field(default_factory=list[str])  # a conversation's transcripts (JSON message lists)


def cue_kind(content: str) -> Kind:
    """The kind of a memory whose reader left it open (``ImportItem.kind`` None): ``preference`` when the
    offline distiller's preference cue matches it in its language (distill/cue_set.cue_type, the rule the
    distiller types its items by), else ``note``."""
    from contextlamp.distill.cue_set import cue_type
    from contextlamp.distill.cues import cues_for
    from contextlamp.distill.language import detect_language

    typed = cue_type(content.lower(), cues_for(detect_language(content)))
    return "preference" if typed is not None and typed[1] == "preference" else "note"


def source_key(format_name: str, key: str) -> str:
    """The recorded form of a record's source key: SHA-256 hex of ``format`` NUL ``key`` (never the key's
    text: it may quote content)."""
    return hashlib.sha256(f"{format_name}\0{key}".encode("utf-8", "surrogatepass")).hexdigest()


def _at(service: MemoryService, when: int) -> MemoryService:
    """The service as of ``when`` (ms): the same collaborators and stores, a clock stopped at that time, so a
    save through it keeps the record's original time (``created_at`` of its entries and digest)."""
    return service.at(lambda: when)


class Importer:
    """The runner of ``contextlamp import --from`` (see the module docstring).

    Args:
        service: the memory service whose save path every write goes through (its registry, scanner, limits
            and task TTL are read from it).
        clock: ms since the epoch ("now": records without a time, expiry of tasks, the recorded import time).
    """

    def __init__(self, service: MemoryService, clock: Callable[[], int]) -> None:
        self.service = service
        self.clock = clock

    def principal(self, user_ref: str | None, default_name: str, create_user: bool = False) -> Principal:
        """The user an import writes for: ``user_ref`` (name or id; must exist unless ``create_user``), else
        the local user ``default_name`` (registered on first sight, as the memory commands do).

        Raises:
            InvalidArgumentError: ``user_ref`` names no user and ``create_user`` is not set.
        """
        if user_ref is None:
            return self.service.principal(default_name)
        control = self.service.registry.control
        found = control.find_user(user_ref)
        if found is None:
            if not create_user:
                raise InvalidArgumentError("--user", "names no user here (create it first, or add --create-user)")
            from contextlamp.app.accounts import check_user_name

            found = control.create_user(check_user_name(user_ref, "--user"), self.clock())
        return Principal(user_id=found.id, name=found.name)

    def run(
        self,
        format_name: str,
        path: Path,
        principal: Principal,
        project: str | None = None,
        dry_run: bool = False,
        progress: Progress | None = None,
    ) -> FormatImportReport:
        """Import ``path`` in format ``format_name`` for ``principal`` (into ``project`` when given, else each
        record's own project, else the personal store); with ``dry_run`` write nothing and report what would be
        written.

        Raises:
            InvalidArgumentError: an unknown format, or a ``project`` that cannot be a project (nothing written).
            ImportFormatError: the file is bad or truncated (names the file and line; nothing written).
            StorageError, EmbeddingError: a failure while writing; what was written stays recorded, and a rerun
                resumes after it.
        """
        read = reader(format_name)
        records = list(read(path))  # every record parsed before anything is written
        if project is not None:
            self._check_project(principal, project)
        plans = [self._plan(format_name, principal, record, project) for record in records]
        plans.sort(key=lambda p: p.at)  # oldest first: the newest of a topic or an update ends current
        self._mark_known(principal, plans)
        lines: list[ImportLine] = []
        topics: _Topics = {}
        with bulk_work():  # an import is bulk work (domain.embedding.bulk_work)
            for done, plan in enumerate(plans, start=1):
                if not dry_run and plan.line.outcome == "added":
                    try:
                        plan.line = self._write(format_name, principal, plan, topics)
                    except InvalidArgumentError as exc:  # a check of the save path planning missed: this record only
                        plan.line = replace(plan.line, outcome="skipped", reason=f"{exc.field} {exc.problem}", title="")
                lines.append(plan.line)
                if progress is not None:
                    progress(done, len(plans))
        return FormatImportReport(format_name, str(path), principal.user_id, principal.name, dry_run, tuple(lines))

    # -- planning -------------------------------------------------------------------------------------------

    def _check_project(self, principal: Principal, ref: str) -> None:
        """Refuse a ``--project`` that could never name a project (blank, too long, holding a secret) before
        anything is written; an unknown slug is fine (its project is created by the first save)."""
        if kinds := self.service.scanner.kinds(ref):
            raise InvalidArgumentError("--project", f"appears to contain a secret ({', '.join(kinds)})")
        if self.service.registry.control.find_project(principal.user_id, ref.strip()) is not None:
            return
        from contextlamp.app.state import MAX_SLUG_CHARS

        slug = kebab(ref)
        if not slug:
            raise InvalidArgumentError("--project", "a project's slug needs at least one letter or digit")
        if len(slug) > MAX_SLUG_CHARS:
            raise InvalidArgumentError("--project", f"a slug is at most {MAX_SLUG_CHARS} characters")

    def _plan(self, format_name: str, principal: Principal, record: Record, project: str | None) -> _Plan:
        """The plan of one record: where it goes, its cleaned fields, and ``added`` or ``skipped`` (the store
        look-ups that make it ``already there`` come after, in ``_mark_known``)."""
        now = self.clock()
        at = min(record.created_at, now) if record.created_at is not None else now
        target_project = project if project is not None else record.project
        target = f"project:{kebab(target_project)}" if target_project is not None else "personal"
        key = source_key(format_name, record.source_key)
        if isinstance(record, ImportSkip):  # left out by the reader itself: reported, never written
            line = ImportLine(record.location, "memory", "skipped", record.reason, target, "")
            return _Plan(record, line, key, target_project, at=at)
        if isinstance(record, ImportItem) and record.kind is None:
            record = replace(record, kind=cue_kind(record.content))
        if project is None and record.project is not None and (reason := _slug_problem(record.project)):
            kind: RecordKind = "conversation" if isinstance(record, ImportConversation) else "memory"
            line = ImportLine(record.location, kind, "skipped", reason, target, "")
            return _Plan(record, line, key, target_project, at=at)
        if isinstance(record, ImportConversation):
            title = "" if self.service.scanner.kinds(record.title) else title_of(scrub_surrogates(record.title))
            line = ImportLine(record.location, "conversation", "added", "", target, title)
            plan = _Plan(record, line, key, target_project, at=at)
            reason = self._conversation_problem(record, target_project, plan)
        else:
            line = ImportLine(
                record.location, "memory", "added", "", target, "", record.memory_type, record.kind or "note"
            )
            plan = _Plan(record, line, key, target_project, at=at)
            reason = self._item_problem(record, target_project, plan, now)
            if reason is None:
                plan.line = replace(plan.line, title=title_of(plan.content))
        if reason is not None:
            plan.line = replace(plan.line, outcome="skipped", reason=reason, title="")
        return plan

    def _item_problem(self, item: ImportItem, project: str | None, plan: _Plan, now: int) -> str | None:
        """Clean ``item`` into ``plan`` (content trimmed, topic and tags normalised and cut to the limits) and
        say why it cannot be saved, or None. Secrets are named by kind and field only."""
        limits = self.service.limits
        content = scrub_surrogates(item.content).strip()
        if not content:
            return "is empty"
        size = len(content.encode("utf-8", "surrogatepass"))
        if size > limits.max_content_bytes:
            return f"is {size} bytes long; a memory is at most {limits.max_content_bytes} bytes (max_content_bytes)"
        if "\0" in content:
            return "holds a NUL character"
        topic = topic_key(scrub_surrogates(item.topic))[: limits.max_topic_chars].strip("-") if item.topic else ""
        tags: list[str] = []
        for raw in item.tags:
            tag = collapse_ws(scrub_surrogates(raw)).lower()[: limits.max_tag_chars].strip()
            if tag in PLACEHOLDER_TAGS:
                continue
            if tag and tag not in tags and len(tags) < limits.max_tags:
                tags.append(tag)
        content, found = parts_redacted(self.service.scanner, content, item.parts)
        scrubbed = self.service.scanner.scrub(content)  # redact, do not lose (docs/secrets.md)
        kinds = sorted({*scrubbed.kinds, *found})
        if scrubbed.text is None:
            return f"holds a secret ({', '.join(kinds)}) in content"
        content = scrubbed.text
        fields = [("topic", [item.topic or ""]), ("tags", list(item.tags))]
        if reason := self._secret_in([*fields, ("project", [project or ""])]):
            return reason
        if kinds:
            plan.line = replace(plan.line, reason=f"a secret ({', '.join(kinds)}) removed, the rest kept")
        if has_expired(expiry_of(item.memory_type, plan.at, self.service.task_ttl_ms), now):
            days = self.service.task_ttl_ms / 86_400_000
            return (
                f"is a task saved more than {days:g} days before the import: its time to live ran out "
                "(CONTEXTLAMP_TASK_TTL_DAYS)"
            )
        plan.content, plan.topic, plan.tags = content, topic or None, tuple(tags)
        return None

    def _conversation_problem(self, conversation: ImportConversation, project: str | None, plan: _Plan) -> str | None:
        """Split a conversation into transcripts within ``max_transcript_bytes`` (``plan.parts``), or say why
        it cannot be distilled. A secret in a turn does not skip the conversation: ``save_session`` redacts it
        and drops what held it (the report says so)."""
        if reason := self._secret_in([("project", [project or ""])]):
            return reason
        turns = [Turn(t.role, scrub_surrogates(t.text)) for t in conversation.turns if t.text.strip()]
        if not turns:
            return "has no turns with text"
        limit = self.service.limits.max_transcript_bytes
        part: list[dict[str, str]] = []
        size = 2
        too_long = 0
        for turn in turns:
            message = {"role": turn.role, "content": turn.text}
            grown = len(json.dumps(message, ensure_ascii=False).encode("utf-8")) + 2
            if grown > limit:
                too_long += 1  # one turn longer than a whole transcript may be: left out, reported
                continue
            if part and size + grown > limit:
                plan.parts.append(json.dumps(part, ensure_ascii=False))
                part, size = [], 2
            part.append(message)
            size += grown
        if part:
            plan.parts.append(json.dumps(part, ensure_ascii=False))
        if not plan.parts:
            return f"every turn is longer than a transcript may be ({limit} bytes, max_transcript_bytes)"
        notes: list[str] = []
        if kinds := self.service.scanner.kinds(conversation.title):
            notes.append(f"its title held a secret ({', '.join(kinds)}): not shown")
        found = [(n, self.service.scanner.kinds(t.text)) for n, t in enumerate(turns, start=1)]
        secret_turns = [n for n, kinds in found if kinds]
        if secret_turns:
            named = sorted({k for _, kinds in found for k in kinds})
            which = f"turn {secret_turns[0]}" if len(secret_turns) == 1 else f"turns {_ranges(secret_turns)}"
            notes.append(f"{which} held a secret ({', '.join(named)}): redacted, not stored")
        if too_long:
            notes.append(f"{too_long} turns longer than a transcript may be ({limit} bytes) left out")
        if len(plan.parts) > 1:
            notes.append(f"longer than one transcript may be: distilled in {len(plan.parts)} parts")
        plan.line = replace(plan.line, reason="; ".join(notes))
        return None

    def _secret_in(self, fields: Sequence[tuple[str, Sequence[str]]]) -> str | None:
        """``"holds a secret (KIND) in FIELD"`` for the first field holding one, else None."""
        for name, texts in fields:
            for text in texts:
                if text and (kinds := self.service.scanner.kinds(text)):
                    return f"holds a secret ({', '.join(kinds)}) in {name}"
        return None

    def _mark_known(self, principal: Principal, plans: list[_Plan]) -> None:
        """Mark ``already there`` what was imported before (its source key recorded for the target store), each
        memory whose content the target store holds, and a content repeated in the file (the first is added);
        one key look-up per store."""
        control = self.service.registry.control
        by_store: dict[str | None, list[_Plan]] = {}
        for plan in plans:
            if plan.line.outcome == "added":
                by_store.setdefault(plan.project, []).append(plan)
        for slug, group in by_store.items():
            store_id = self._store_id(principal, slug)  # None: a project that does not exist yet holds nothing
            known = (
                control.imported_keys(principal.user_id, store_id, [p.key for p in group]) if store_id else set[str]()
            )
            store = self.service.registry.store(store_id) if store_id else None
            seen: dict[str, str] = {}  # content key -> where it was first read
            for plan in group:
                if plan.key in known:
                    plan.line = replace(plan.line, outcome="already there", reason="imported before")
                elif isinstance(plan.record, ImportItem):
                    ckey = content_key(plan.content)
                    if ckey in seen:
                        first = seen[ckey]
                        same_file = _file_of(first) == _file_of(plan.line.location)
                        reason = "repeated in the file" if same_file else f"the same content as {first}"
                        plan.line = replace(plan.line, outcome="already there", reason=reason)
                    elif store is not None and store.find_by_key(ckey) is not None:
                        plan.line = replace(plan.line, outcome="already there", reason="the same content is stored")
                    seen.setdefault(ckey, plan.line.location)

    def _store_id(self, principal: Principal, slug: str | None) -> str | None:
        """The id of the store a record goes to: the personal store, or the project ``slug`` (None when that
        project does not exist yet)."""
        if slug is None:
            return principal.user_id
        project = self._find_project(principal, slug)
        return project.id if project is not None else None

    def _find_project(self, principal: Principal, ref: str) -> Project | None:
        control = self.service.registry.control
        return control.find_project(principal.user_id, ref.strip()) or control.find_project(
            principal.user_id, kebab(ref)
        )

    # -- writing --------------------------------------------------------------------------------------------

    def _write(self, format_name: str, principal: Principal, plan: _Plan, topics: _Topics) -> ImportLine:
        """Write one planned record at its original time and record its source key. A project the import
        creates is created now (the import's time), not at the record's time."""
        if plan.project is not None and self._find_project(principal, plan.project) is None:
            self.service.registry.control.create_project(principal.user_id, kebab(plan.project), self.clock())
        service = _at(self.service, plan.at)
        caller = Caller(principal, normalise_surface(format_name))
        record = plan.record
        if isinstance(record, ImportItem):
            topic = plan.topic
            tags = plan.tags
            if topic is not None and self._newer_on_topic(principal, plan.project, topic, plan.at, topics):
                # an old memory must not supersede a newer one on its topic: kept beside it, the topic a tag
                topic, tags = None, (*tags, topic) if topic not in tags else tags
            result = service.save_context(
                caller,
                plan.content,
                memory_type=record.memory_type,
                kind=record.kind,
                topic=topic,
                tags=list(tags) or None,
                project=plan.project,
                source_surface=normalise_surface(format_name),
            )
            line = plan.line
            if result.deduped:
                line = replace(line, outcome="already there", reason="the same content is stored")
            line = replace(line, ids=(result.id,))
            target_id: str | None = result.id
        else:
            ids: list[str] = []
            saved = 0
            for transcript in plan.parts:
                session = service.save_session(
                    caller, transcript, source_surface=normalise_surface(format_name), project=plan.project
                )
                saved += session.saved
                if session.session_id is not None:
                    ids.append(session.session_id)
            line = replace(plan.line, ids=tuple(ids), saved=saved)
            if not ids:
                line = replace(line, reason=_join(line.reason, "nothing in it to remember"))
            target_id = ids[0] if ids else None
        store_id = self._store_id(principal, plan.project)
        assert store_id is not None  # the save just created the project if it was new
        self.service.registry.control.record_imported(principal.user_id, store_id, plan.key, target_id, self.clock())
        return line

    def _newer_on_topic(self, principal: Principal, project: str | None, topic: str, at: int, cache: _Topics) -> bool:
        """Whether the target store holds a live entry on ``topic`` created after ``at`` (the store's topics are
        read once per import into ``cache``: store id -> topic -> newest creation time)."""
        store_id = self._store_id(principal, project)
        if store_id is None:
            return False
        if store_id not in cache:
            newest: dict[str, int] = {}
            for name, _, created in self.service.registry.store(store_id).topics(self.clock(), None):
                newest[name] = max(created, newest.get(name, 0))
            cache[store_id] = newest
        newer = cache[store_id].get(topic, -1) > at
        cache[store_id][topic] = max(at, cache[store_id].get(topic, at))
        return newer


PLACEHOLDER_TAGS = frozenset({"untagged"})  # a tool's word for "no tag" (mcp-memory-service): never imported


def _file_of(where: str) -> str:
    """The file part of a report location (``file:12``, ``file#memories[3]``, ``archive.zip!member:4``)."""
    return where.split("#", 1)[0].rsplit(":", 1)[0] if ":" in where.split("#", 1)[0] else where.split("#", 1)[0]


def _slug_problem(ref: str) -> str | None:
    """Why a record's own project name cannot name a project (``Scope.project``'s rules for a new slug),
    or None; the name is not repeated (it may be anything)."""
    from contextlamp.app.state import MAX_SLUG_CHARS

    slug = kebab(ref)
    if not slug:
        return "its project name has no letter or digit, so it cannot be a project's slug"
    if len(slug) > MAX_SLUG_CHARS:
        return f"its project name is longer than a slug may be ({MAX_SLUG_CHARS} characters)"
    return None


def _join(first: str, second: str) -> str:
    return f"{first}; {second}" if first else second


def _ranges(numbers: list[int]) -> str:
    """``[1, 2, 3, 7]`` -> ``"1-3, 7"`` (turn numbers in a report)."""
    out: list[str] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        out.append(f"{start}-{prev}" if prev > start else str(start))
        if n is not None:
            start = prev = n
    return ", ".join(out)


def parts_redacted(scanner: SecretScanner, content: str, parts: Sequence[str]) -> tuple[str, set[str]]:
    """``content`` with each secret found in one of ``parts`` (``ImportItem.parts``, scanned as written) replaced
    by the redaction marker wherever it occurs, and the kinds found; ``SecretScanner.scrub`` then removes the
    clauses that hold a marker. Linear in the texts."""
    from contextlamp.domain.secret_scan import REDACTED

    found: set[str] = set()
    for part in parts:
        for finding in sorted(scanner.findings(part), key=lambda f: f.start - f.end):  # the longest first
            value = part[finding.start : finding.end].strip()
            if value and value in content:
                content = content.replace(value, REDACTED)
                found.add(finding.kind)
    return content, found
