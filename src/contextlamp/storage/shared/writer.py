"""What the two ``EntryWriter`` implementations (``domain/ports.py``) share: the fields an update may set,
and the read primitives, written once for both backends.

Inside a write transaction the ledger reads entries by id, by dedupe key, by topic, by contributor, by what
replaced them and by expiry; the statements differ between the engines only in the placeholder (``?`` or
``%s``) and in the column that gives creation order (SQLite's ``rowid``; PostgreSQL's ``created_at, id``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from contextlamp.domain.models import Entry
from contextlamp.errors import EmbeddingMismatchError

UPDATABLE = frozenset({"topic", "kind", "memory_type", "tags", "expires_at", "superseded_by", "superseded_at", "trust"})


def wants_update(fields: dict[str, Any]) -> bool:
    """Whether ``EntryWriter.update`` has anything to write: False for no fields.

    Raises:
        ValueError: a field is not one of ``UPDATABLE`` (content, its key and the vector never change in place).
    """
    unknown = set(fields) - UPDATABLE
    if unknown:
        raise ValueError(f"not updatable: {sorted(unknown)}")
    return bool(fields)


def model_moved(store_id: str, recorded: str, identity: str) -> EmbeddingMismatchError:
    """The error of a write of vectors of model ``identity`` into a store that records ``recorded``: another
    process moved it with ``contextlamp reembed`` while this one kept running with the old model."""
    return EmbeddingMismatchError(
        f"Store {store_id} now holds vectors of embedding model {recorded!r} (moved by `contextlamp reembed`), "
        f"but this process embeds with {identity!r}, so nothing was written. Restart it with the model the store "
        "records (CONTEXTLAMP_EMBEDDER unset, or set to that model); vectors of two models cannot be compared."
    )


class EntryReads(ABC):
    """``get``, ``by_key``, ``expired``, ``live_on_topic``, ``replaced_by`` and ``by_contributor`` over one
    ``_many`` query of the backend. A subclass sets ``MARK`` (its placeholder), ``ORDER`` (creation order)
    and ``SWEEP_ORDER`` (the order of ``expired``, kept as each backend had it: empty or ``" ORDER BY …"``)."""

    MARK: ClassVar[str]
    ORDER: ClassVar[str]
    SWEEP_ORDER: ClassVar[str]

    identity: str | None = None  # the embedding model of the vectors this writer writes (None: not checked)
    _model_checked = False

    @abstractmethod
    def _many(self, where: str, params: Sequence[Any]) -> list[Entry]:
        """The entries of this store matching ``where`` (SQL after ``WHERE``, may end in ``ORDER BY``)."""

    @abstractmethod
    def _recorded_model(self) -> str | None:
        """The embedding model identity the store records now, read inside this transaction."""

    def _check_model(self, store_id: str) -> None:
        """Refuse to write vectors when the store records another model than ``identity`` (``model_moved``):
        called once per transaction by each write of vectors, where the backend's lock orders it against
        ``reembed``'s swap (SQLite: anywhere, ``BEGIN IMMEDIATE`` holds the write lock; PostgreSQL: after the
        write has locked its ``entries`` row, which the swap's ``SHARE`` lock on the table waits for).

        Raises:
            EmbeddingMismatchError: the store was moved to another model (the transaction rolls back).
        """
        if self.identity is None or self._model_checked:
            return
        recorded = self._recorded_model()
        if recorded is not None and recorded != self.identity:
            raise model_moved(store_id, recorded, self.identity)
        self._model_checked = True

    def _one(self, where: str, params: Sequence[Any]) -> Entry | None:
        found = self._many(where, params)
        return found[0] if found else None

    def get(self, entry_id: str) -> Entry | None:
        return self._one(f"id = {self.MARK}", (entry_id,))

    def by_key(self, content_key: str) -> Entry | None:
        return self._one(f"content_key = {self.MARK}", (content_key,))

    def expired(self, now: int) -> list[Entry]:
        return self._many(f"expires_at IS NOT NULL AND expires_at <= {self.MARK}{self.SWEEP_ORDER}", (now,))

    def live_on_topic(self, topic: str) -> list[Entry]:
        return self._many(f"topic = {self.MARK} AND superseded_by IS NULL ORDER BY {self.ORDER}", (topic,))

    def replaced_by(self, entry_id: str) -> list[Entry]:
        return self._many(f"superseded_by = {self.MARK}", (entry_id,))

    def by_contributor(self, user_id: str) -> list[Entry]:
        return self._many(f"contributed_by = {self.MARK} ORDER BY {self.ORDER}", (user_id,))
