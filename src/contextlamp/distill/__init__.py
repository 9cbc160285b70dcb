"""save_session's distillers: transcript parsing, the offline rules, the optional LLM, and digests.

Importing the package loads nothing but this file: each public name is imported from its module on first use
(PEP 562 module ``__getattr__``), so a command that never distils (``contextlamp list``) never loads the
offline rules, their sentence segmenter or the LLM prompt.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from contextlamp.distill.base import DeferredDistiller, DistilledItem, Distiller
    from contextlamp.distill.digest import session_label, session_summary
    from contextlamp.distill.digest_path import DigestFirst, digest_items
    from contextlamp.distill.llm import LLMDistiller
    from contextlamp.distill.offline import OfflineDistiller
    from contextlamp.distill.transcript import Turn, parse_transcript

_HOMES = {  # public name -> the module that defines it
    "DeferredDistiller": "contextlamp.distill.base",
    "DigestFirst": "contextlamp.distill.digest_path",
    "DistilledItem": "contextlamp.distill.base",
    "Distiller": "contextlamp.distill.base",
    "LLMDistiller": "contextlamp.distill.llm",
    "OfflineDistiller": "contextlamp.distill.offline",
    "Turn": "contextlamp.distill.transcript",
    "digest_items": "contextlamp.distill.digest_path",
    "parse_transcript": "contextlamp.distill.transcript",
    "session_label": "contextlamp.distill.digest",
    "session_summary": "contextlamp.distill.digest",
}

__all__ = [
    "DeferredDistiller",
    "DigestFirst",
    "DistilledItem",
    "Distiller",
    "LLMDistiller",
    "OfflineDistiller",
    "Turn",
    "digest_items",
    "parse_transcript",
    "session_label",
    "session_summary",
]


def __getattr__(name: str) -> Any:
    """A public name of the package, imported from its module when first asked for."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'contextlamp.distill' has no attribute {name!r}")
    return getattr(import_module(home), name)
