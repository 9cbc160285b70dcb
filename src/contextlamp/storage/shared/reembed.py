"""The opening of a resumable re-embedding (``contextlamp reembed``), one for both backends: what to do with
a side table of new vectors left by an earlier run (``reembed_opening``, pure), and its steps run over a
backend's own SQL (``open_reembed``). Each backend keeps only its dialect's statements (``ReembedSql``) and its
batches.

A run writes the new model's vectors to a side table ``vectors_next``, ``REEMBED_BATCH`` entries a commit,
with the meta key ``reembed_to`` naming the model; a rerun toward the same model resumes, a run toward another
one starts over, and a store that already records the model only drops what an earlier run left.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

REEMBED_BATCH = 64  # entries embedded and committed at a time (an interruption loses at most these)


class ReembedOpening(Enum):
    """What a re-embedding toward a model does first (``reembed_opening``)."""

    DONE = "done"
    """The store records the model already: drop any side table and pending mark, embed nothing."""
    RESUME = "resume"
    """An interrupted run toward this model: keep its side table and embed only what is missing there."""
    RESTART = "restart"
    """No run, or one toward another model (abandoned): drop its side table and mark this model pending."""


def reembed_opening(recorded: str | None, pending: str | None, target: str) -> ReembedOpening:
    """The opening of a re-embedding toward ``target``, from the model the store records (``meta.embedder``;
    None: none recorded) and the one an earlier run was moving to (``meta.reembed_to``; None: no run)."""
    if recorded == target:
        return ReembedOpening.DONE
    if pending == target:
        return ReembedOpening.RESUME
    return ReembedOpening.RESTART


class Executes(Protocol):
    """A connection inside a write transaction: ``sqlite3.Connection`` or ``psycopg.Connection``, its rows
    read by column name."""

    def execute(self, query: Any, params: Any = ..., /) -> Any:
        """Runs one statement; the result's ``fetchone()`` is a row or None."""
        ...


@dataclass(frozen=True, slots=True)
class ReembedSql:
    """One backend's statements for ``open_reembed``: the two meta reads select a ``value`` column, and
    ``record_pending`` takes the target model as its one parameter."""

    read_recorded: str
    read_pending: str
    drop_side_table: str
    forget_pending: str
    record_pending: str
    create_side_table: str


def open_reembed(conn: Executes, sql: ReembedSql, target: str) -> bool:
    """Runs the opening ``reembed_opening`` decides, in the caller's transaction ``conn``; whether there is
    anything to embed (False: the store records ``target`` already)."""

    def value(query: str) -> str | None:
        row = conn.execute(query).fetchone()
        return None if row is None else str(row["value"])

    opening = reembed_opening(value(sql.read_recorded), value(sql.read_pending), target)
    if opening is not ReembedOpening.RESUME:
        conn.execute(sql.drop_side_table)
    if opening is ReembedOpening.DONE:
        conn.execute(sql.forget_pending)
        return False
    if opening is ReembedOpening.RESTART:
        conn.execute(sql.record_pending, (target,))
    conn.execute(sql.create_side_table)
    return True


def run_batches(batch: Callable[[], int], progress: Callable[[int], None] | None = None) -> int:
    """Calls ``batch`` (embeds and commits up to ``REEMBED_BATCH`` entries, returns how many) until it returns
    0, reporting each count to ``progress``; the total embedded."""
    done = 0
    while count := batch():
        done += count
        if progress:
            progress(count)
    return done
