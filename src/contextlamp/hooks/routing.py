"""Which repository each statement of a captured session belongs to (issue #27.3; breaker stop 40 finding 2).

A session can move between repositories: the agent runs ``cd ../website`` in its shell, the person adds a second
folder, a resumed session starts elsewhere. The hook that saves it fires in the folder the session is in *then*,
so filing the whole session there put the first repository's facts into the last one's project. Each turn
carries the folder the client says it was said in (``Turn.cwd``: Claude Code's ``cwd`` on every line, Codex's
``session_meta``, ``turn_context`` and ``<environment_context>``); Gemini CLI and Cursor record none, and their
turns are the hook's folder's (a Gemini CLI session belongs to the one project it was started in).

The session is still judged whole (judge.py: chatter, corrections and repeats decided over every turn); each
statement the judgement keeps is then filed under the repository of the turn it was taken from
(``source_turn``: the turn holding most of its words), outside any repository in the personal store. When every
turn is in the hook's repository (nearly every session) nothing is compared: one group, as before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from contextlamp.hooks.repo import Repository, find_repository

if TYPE_CHECKING:
    from contextlamp.distill.base import DistilledItem
    from contextlamp.distill.turns import Turn

_WORD = re.compile(r"\w{2,}")
SPOKEN_ROLES = ("user", "assistant", "digest")  # the turns a statement can be taken from ("saved" is not one)

Group = tuple[Repository | None, list["DistilledItem"]]


def repository_groups(items: Sequence[DistilledItem], turns: Sequence[Turn], hook_folder: Path) -> list[Group]:
    """``items`` (the session's kept statements, in order) grouped by the repository they were said in (None:
    outside any, the personal store), the hook's folder's group first and always present (empty when no item is
    its). A turn without a folder, or whose folder is none of this machine, is the hook's folder's; so is a
    statement whose turn is not found (no turn holds half of its words). Reads each distinct folder's git files
    once (``repo.find_repository``); compares words only when the turns span more than one repository: linear in
    the session's text then."""
    here = find_repository(hook_folder)
    found: dict[str, Repository | None] = {}
    for folder in {t.cwd for t in turns if t.cwd}:
        found[folder] = find_repository(Path(folder)) if _is_folder(folder) else here
    groups: dict[str | None, Group] = {_key(here): (here, [])}
    if all(_key(r) == _key(here) for r in found.values()):
        groups[_key(here)][1].extend(items)
        return list(groups.values())
    words = [set(_words(t.text)) if t.role in SPOKEN_ROLES else set[str]() for t in turns]
    for item in items:
        turn = source_turn(item.content, words)
        folder = turns[turn].cwd if turn is not None else None
        repository = found[folder] if folder is not None else here
        groups.setdefault(_key(repository), (repository, []))[1].append(item)
    return list(groups.values())


def source_turn(statement: str, turn_words: Sequence[set[str]]) -> int | None:
    """The index of the turn ``statement`` was most likely taken from: the one holding the largest share of its
    words (case folded, two characters or more), the earliest on a tie; None when no turn holds at least half.
    A distiller keeps a statement as said or trims its wrapping, so its words are its turn's."""
    own = set(_words(statement))
    if not own:
        return None
    best, best_share = None, 0.5
    for index, words in enumerate(turn_words):
        share = len(own & words) / len(own)
        if share > best_share or (best is None and share == best_share):
            best, best_share = index, share
    return best


def _is_folder(folder: str) -> bool:
    """Whether a turn's folder is a folder of this machine: one that is not (a transcript written elsewhere, a
    folder since removed) tells nothing, and its turns are the hook's folder's."""
    try:
        return Path(folder).is_absolute() and Path(folder).is_dir()
    except (OSError, ValueError):
        return False


def _words(text: str) -> list[str]:
    return _WORD.findall(text.casefold())


def _key(repository: Repository | None) -> str | None:
    return repository.identity if repository is not None else None
