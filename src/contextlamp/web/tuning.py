"""The HTTP server's internal sizes and limits: code, not settings (issue #31.4; docs/configuration.md lists
what a user sets). ``build_http_app`` takes a ``ServerTuning`` (default: the shipped values below); tests and
benches that need other values construct one explicitly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# JWT signature algorithms an OIDC access token may use: asymmetric only (RFC 8725 section 3.1: never 'none', and
# no HMAC with a public key); RS256 and ES256 are what the common providers sign with (RFC 7518 section 3.1).
OIDC_ALGORITHMS = ("RS256", "ES256")

_RATE = re.compile(r"\s*([0-9]+)\s*(?:/|per)\s*(.+)", re.IGNORECASE)


def twice(rate: str) -> str:
    """``rate`` (the 'limits' notation, ``Settings.rate_limit`` checked it) with twice the count: ``600/minute``
    -> ``1200/minute``, ``20 per 5 seconds`` -> ``40/5 seconds``. A rate it cannot read comes back as it is."""
    found = _RATE.fullmatch(rate)
    return f"{2 * int(found.group(1))}/{found.group(2).strip()}" if found else rate


@dataclass(frozen=True)
class ServerTuning:
    """Sizes and limits of the HTTP server that no user needs to set.

    Attributes:
        user_rate_limit: requests per user over all their bearer tokens ('limits' notation); None: twice
            ``CONTEXTLAMP_RATE_LIMIT`` (1200/minute for the default 600), so more tokens buy no more requests
            and raising the token limit raises this one with it.
        heavy_workers: heavy calls (``save_session``, bodies over 64 KiB, dashboard imports) running at once, all
            users together (1: on the 2-core reference machine a second one slowed every read, research/bench/load.py).
        heavy_queue_per_user: a user's heavy calls allowed to wait behind their running one (429 beyond).
        session_idle_timeout_s: an MCP session idle this long is closed (the client re-initialises).
        signin_hash_workers: password hashes (argon2id, 64 MiB and about a core-second each) computed at once.
        signin_hash_queue: password checks allowed to wait for a hashing thread (503 + Retry-After beyond);
            hashing memory stays under ``signin_hash_workers`` x 64 MiB whatever arrives.
        distill_queue: save_session distillations allowed to wait for a distillation worker (its process; the
            workers are ``heavy_workers``) before one is refused with the tool's error. The heavy-call queue
            above already bounds MCP saves; this bounds every caller of the service.
        distill_idle_s: a distillation worker process unused this long is stopped (~60 MiB each).
        bulk_idle_s: the bulk embedding session (``separate_bulk_work``: +70 MiB for ``minilm-int8``, +162 MiB
            for ``minilm``) unused this long is closed; the next bulk embed opens it again (~0.3 s).
    """

    user_rate_limit: str | None = None
    heavy_workers: int = 1
    heavy_queue_per_user: int = 4
    session_idle_timeout_s: float = 1800.0
    signin_hash_workers: int = 1
    signin_hash_queue: int = 8
    distill_queue: int = 8
    distill_idle_s: float = 300.0
    bulk_idle_s: float = 300.0

    def user_rate(self, token_rate: str) -> str:
        """The per-user rate for a per-token ``token_rate``: ``user_rate_limit``, else twice ``token_rate``."""
        return self.user_rate_limit or twice(token_rate)
