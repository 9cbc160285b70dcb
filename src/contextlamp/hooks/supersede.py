"""What a hook's save retires besides what it stores (hooks/saver.py): the memories a session's statements
correct (:func:`keep_topics`) and the values a user's turn takes back (:func:`retract`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from contextlamp.app.service import Caller, MemoryService
    from contextlamp.distill.base import DistilledItem
    from contextlamp.distill.turns import Turn
    from contextlamp.hooks.judge import LiveMemory


def keep_topics(
    service: MemoryService,
    caller: Caller,
    items: Sequence[DistilledItem],
    project_id: str | None,
    memories: Sequence[LiveMemory],
) -> int:
    """Give the saved items a topic, which the digest path does not carry: the distiller's (the subject a
    statement gives a value: distill/topics.py), or, for a statement that corrects a live memory of the same
    store (``judge.corrected``), a topic both get. Re-saving known content with a topic keeps its id and applies
    the topic's supersession (spec/TOOLS.md save_context), so a later session's correction supersedes the value
    it corrects (history kept). A distiller's topic that live memories of the store already hold about another
    attribute (``freshness.same_attribute``: "we bumped the geocoder to v3" after "we migrated the geocoder to
    us-west-2") is left off, so it retires nothing. Only statements the digest path stored verbatim are
    re-saved. Returns how many memories a correction superseded."""
    from contextlamp.distill import digest_items
    from contextlamp.domain.freshness import same_attribute
    from contextlamp.errors import ContextlampError
    from contextlamp.hooks.judge import corrected, digest_lines

    stored = {i.content for i in digest_items("\n".join(digest_lines(items)))}  # as the digest path kept it
    superseded = 0
    for item in items:
        if item.content not in stored:
            continue  # reworded or left out by the digest path: a save_context would make a second entry
        hit = corrected(item.content, memories, item.correction)  # a marker the distiller removed still marks it
        topic = item.topic
        holders = [text for text, project, held in memories if held == topic and project == project_id]
        if topic is not None and not all(same_attribute(item.content, text) for text in holders):
            topic = None
        try:
            personal = hit is not None and hit[1] is None and project_id is not None  # fused in the repository
            if hit is not None and (hit[1] == project_id or personal):
                topic = hit[2]
            if hit is not None and hit[1] == project_id:
                service.save_context(caller, hit[0], topic=topic, project=project_id)
                superseded += 1
            if topic is not None:
                saved = service.save_context(
                    caller, item.content, item.memory_type, item.kind, topic, project=project_id
                )
                if hit is not None and personal:  # its correction retires it too (docs/routing.md)
                    superseded += service.retire_personal(caller, hit[0], saved.id, project_id) is not None
        except ContextlampError:  # refused (e.g. the old memory was forgotten meanwhile): the save stands
            continue
    return superseded


def retract(service: MemoryService, caller: Caller, said: Sequence[str], project_id: str | None) -> int:
    """A split correction: each value a new user turn takes back (``distill.corrections.retracted_value``: "forget
    the 40 MB figure", "the /srv/old path is dead") retires the memories holding it that a later memory gives
    another value (``MemoryService.retire_retracted``). Returns how many were retired."""
    from contextlamp.distill.corrections import retracted_value
    from contextlamp.errors import ContextlampError

    values = {v for text in said for s in re.split(r"(?<=[.!?])\s+|\n+", text) if (v := retracted_value(s))}
    retired = 0
    for value in sorted(values):
        try:
            retired += len(service.retire_retracted(caller, value, project_id))
        except ContextlampError:  # refused (the project went meanwhile): the save stands
            continue
    return retired


def replied(
    service: MemoryService, caller: Caller, turns: Sequence[Turn], fresh: Sequence[bool], project_id: str | None
) -> int:
    """A correction said as a reply (``domain.replied.reply_corrections``): each new user turn is read with the
    turn before it ("It polls every 75 s, as you said." / "oops, mixed them up, ... every 35 s"), and each old
    value it corrects gives the live memory holding it (the target store's or the personal one, not holding the new
    value, sharing the most words of the two turns' subject, or, in another language, the one memory holding a
    distinctive value: ``freshness.distinctive_shape``, "/srv/phyto/in", "kas-vm-05", "21:30") its new value:
    that memory's text with the new value in place of the old one and the old one named as old ("... every 35 s
    (was 75 s)") is saved, and the save's own correction rule (``app/freshness.supersede_corrected``) retires
    every memory it names as old, history kept. So a correction whose subject only the turn before names, or
    that takes back a correction of the same session, leaves no old value on top. Returns how many corrected
    memories were saved."""
    from contextlamp.domain.freshness import distinctive_shape, value_shape, value_split
    from contextlamp.domain.replied import reply_corrections
    from contextlamp.errors import ContextlampError
    from contextlamp.hooks.judge import live_memories

    pairs: list[tuple[str, str, set[str]]] = []
    for n, turn in enumerate(turns):
        if n and fresh[n] and turn.role == "user":
            subject = set(value_split(turns[n - 1].text)[1]) | set(value_split(turn.text)[1])
            pairs += [(old, new, subject) for old, new in reply_corrections(turns[n - 1].text, turn.text)]
    if not pairs:
        return 0
    memories = live_memories(service, caller, project_id)
    used: set[str] = set()
    saved = 0
    for old, new, subject in pairs:
        holding = re.compile(rf"(?<![\w.-]){re.escape(old)}(?![\w-]|\.\w)", re.IGNORECASE)
        has_new = re.compile(rf"(?<![\w.-]){re.escape(new)}(?![\w-]|\.\w)", re.IGNORECASE)
        holders = [
            (len(subject & set(value_split(text)[1])), text)
            for text, _project, _topic in memories
            if len(text) < 200
            and holding.search(text)
            and not has_new.search(text)  # a preview is cut at 200
            and text not in used  # read before this call's saves: one rewritten already is no longer live
        ]
        best = max(holders) if holders else None
        if best is None or not (best[0] or (len(holders) == 1 and distinctive_shape(value_shape(old)))):
            continue  # no word of the subject in common, unless the one memory holding a distinctive value
        body = holding.sub(new.replace("\\", r"\\"), best[1], count=1).rstrip()
        end = body[-1] if body[-1] in ".!" else ""
        try:
            service.save_context(caller, f"{body.rstrip('.!')} (was {old}){end}", project=project_id)
        except ContextlampError:  # refused (a secret's look-alike, the project went meanwhile): the save stands
            continue
        used.add(best[1])
        saved += 1
    return saved
