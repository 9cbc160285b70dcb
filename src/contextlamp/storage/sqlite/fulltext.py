"""Full text on SQLite: a contentless FTS5 table ``entries_fts`` (``content=''``: the index holds terms, never
the text) over content, topic and tags, with the ``porter unicode61`` tokenizer. Runs of spaceless scripts
are written to it as character bigrams (``segmenting.index_text``).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence

from contextlamp.segmenting import index_text, is_prefix_term

FTS_TOKENIZER = "porter unicode61 remove_diacritics 2"  # entries_fts; doctor builds its expected index with it


def fts_match(terms: list[str], mode: str) -> str | None:
    """A MATCH expression over quoted terms, joined by ``AND`` (mode ``"and"``) or ``OR`` (``"or"``).

    Returns None for no terms (the keyword list is then empty). Every term is wrapped in double quotes
    with inner quotes doubled, so no character of the input can act as FTS5 syntax; a one-character term of a
    spaceless script is a prefix query (``"猫"*``, FTS5 docs section 3.3).
    """
    if not terms:
        return None
    quoted = ['"' + t.replace('"', '""') + '"' + ("*" if is_prefix_term(t) else "") for t in terms]
    return (" AND " if mode == "and" else " OR ").join(quoted)


def fts_insert(conn: sqlite3.Connection, rowid: int, content: str, topic: str | None, tags: Sequence[str]) -> None:
    """Index one entry's fields in ``entries_fts`` under ``rowid`` (``index_text`` of each: bigrams for
    spaceless scripts). Every insert into the full-text index goes through here, and every delete through
    ``fts_delete`` with the same values: a contentless FTS5 table deletes a row by indexing its text again."""
    conn.execute(
        "INSERT INTO entries_fts(rowid, content, topic, tags) VALUES (?, ?, ?, ?)",
        (rowid, *fts_fields(content, topic, tags)),
    )


def fts_delete(conn: sqlite3.Connection, rowid: int, content: str, topic: str | None, tags: Sequence[str]) -> None:
    """Remove the row ``fts_insert`` indexed for these values (FTS5 docs, section 4.4.2, contentless tables:
    the 'delete' command repeats the indexed values; other values would leave its terms in the index)."""
    conn.execute(
        "INSERT INTO entries_fts(entries_fts, rowid, content, topic, tags) VALUES('delete', ?, ?, ?, ?)",
        (rowid, *fts_fields(content, topic, tags)),
    )


def fts_fields(content: str, topic: str | None, tags: Sequence[str]) -> tuple[str, str, str]:
    """The three values ``entries_fts`` indexes for an entry (``index_text`` of each)."""
    return index_text(content), index_text(topic or ""), index_text(" ".join(tags))


def fts_wrong_terms(conn: sqlite3.Connection, rows: Sequence[sqlite3.Row]) -> set[int]:
    """Rowids whose terms in ``entries_fts`` differ from what ``fts_insert`` indexes for their entry now:
    an expected index is built in a temporary FTS5 table with the same tokenizer, and the two are compared
    term by term through ``fts5vocab`` ``instance`` tables (FTS5 docs, section 7), which read the index
    itself, so this works on a contentless table. Linear in the size of the index."""
    conn.execute(
        "CREATE VIRTUAL TABLE temp.cl_fts_expected USING fts5(content, topic, tags, content='', "
        f"tokenize='{FTS_TOKENIZER}')"
    )
    try:
        for r in rows:
            conn.execute(
                "INSERT INTO temp.cl_fts_expected(rowid, content, topic, tags) VALUES (?, ?, ?, ?)",
                (r["rowid"], *fts_fields(r["content"], r["topic"], json.loads(r["tags"]))),
            )
        conn.execute("CREATE VIRTUAL TABLE temp.cl_vocab_actual USING fts5vocab(main, entries_fts, instance)")
        conn.execute("CREATE VIRTUAL TABLE temp.cl_vocab_expected USING fts5vocab(temp, cl_fts_expected, instance)")
        actual = "SELECT term, doc, col, offset FROM temp.cl_vocab_actual"
        expected = "SELECT term, doc, col, offset FROM temp.cl_vocab_expected"
        return {
            r[0]
            for r in conn.execute(
                f"SELECT doc FROM ({actual} EXCEPT {expected}) UNION SELECT doc FROM ({expected} EXCEPT {actual})"
            ).fetchall()
        }
    finally:
        for table in ("cl_vocab_actual", "cl_vocab_expected", "cl_fts_expected"):
            conn.execute(f"DROP TABLE IF EXISTS temp.{table}")
