"""Configuration: one ``Settings`` object, read from ``CONTEXTLAMP_*`` environment variables.

Only the composition roots (``cli/common.py``, ``app/compose.py``) build ``Settings``; every other module takes
plain arguments. Only the process environment is read (never a ``.env`` file; see ``model_config``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Self

from pydantic import BaseModel, Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from contextlamp.paths import data_home, default_home, default_user

# One rate in the 'limits' notation that limits.parse certainly accepts (limits/util.py SINGLE_EXPR with a
# granularity of limits/limits.py TIME_TYPES, plural allowed), matched on the lower-cased value so that only
# ASCII letters can spell the unit, as limits' ``str.lower()`` check needs. Each ``\s*`` is followed by a
# different token, so matching is linear. Anything else is left to limits.parse itself (see _valid_rate).
_COMMON_RATE = re.compile(r"\s*[0-9]+\s*(?:/|per)\s*(?:[0-9]+\s*)?(?:year|month|day|hour|minute|second)s?\s*")
DAY_MS = 86_400_000  # milliseconds in a day (timestamps are ms since the epoch)
DEFAULT_TASK_TTL_DAYS = 7.0  # spec/TOOLS.md save_context: a task expires 7 days after saving
DEFAULT_PARAPHRASE_THRESHOLD = 0.85  # research/bench/team_threshold.py, docs/teams.md (all-MiniLM-L6-v2)
DEFAULT_AUTO_SUPERSEDE_THRESHOLD = 0.4  # research/bench/freshness.py, docs/retrieval.md "Freshness" (all-MiniLM-L6-v2)
FRESHER_FIRST_THRESHOLD = 0.5  # cosine of two returned entries above which an update ranks first (same source)


class Limits(BaseModel):
    """The length limit of every string the service accepts (spec/TOOLS.md "Limits"): the one table of them,
    and the one limit on what it sends, get_context's budget of pack text (``max_pack_chars``).

    ``Settings`` inherits these fields, so each limit is also a setting (``CONTEXTLAMP_`` + the upper-case
    name) with the default written only here. Content and transcript are measured in UTF-8 bytes, everything
    else in characters (code points). Each is checked before any other work on the value, secret scans
    included, so an over-long argument costs time linear in its length and nothing more.
    """

    max_content_bytes: int = Field(default=32 * 1024, gt=0, description="Largest content, UTF-8 bytes.")
    max_transcript_bytes: int = Field(default=2 * 1024 * 1024, gt=0, description="Largest transcript, UTF-8 bytes.")
    max_query_chars: int = Field(default=2000, gt=0, description="Longest get_context query, characters.")
    max_pack_chars: int = Field(
        default=8000,
        ge=200,
        le=200_000,
        description="get_context's response budget, characters of pack text (about 2,000 tokens at 4 characters "
        "a token); the max_chars argument overrides it per call (200..200000).",
    )
    max_topic_chars: int = Field(
        default=200, gt=0, description="Longest topic, characters (as given, and after normalisation)."
    )
    max_tags: int = Field(default=32, gt=0, description="Most tags on one entry.")
    max_tag_chars: int = Field(default=64, gt=0, description="Longest tag, characters.")
    max_surface_chars: int = Field(
        default=64,
        gt=0,
        description="Longest source_surface, characters (a longer client name from the MCP handshake is cut).",
    )
    max_ref_chars: int = Field(
        default=200,
        gt=0,
        description="Longest project, team, scope, id, session_id or cursor argument, characters.",
    )


@dataclass(frozen=True)
class FusionWeights:
    """Weights of the four signal lists of weighted RRF (retrieval/fusion.py), the RRF constant ``k``, and the
    cosine below which a semantic neighbour is not a candidate at all (so an unrelated query returns nothing
    rather than the nearest noise). The defaults here are the settings' defaults (``Settings.fusion_weights``).

    k = 5 and keyword = 1.25 were tuned on the LoCoMo dev split (docs/retrieval.md): k in 1..60, best
    recall@5+@10 at 3..5; Cormack et al. (SIGIR 2009) use k = 60."""

    semantic: float = 1.0
    keyword: float = 1.25
    fact_key: float = 1.0
    recency: float = 3.0  # the other three lists together
    k: int = 5
    semantic_floor: float | None = None  # None: the embedding model's own floor
    # the relevance floor (retrieval/search.with_evidence, issue #27.4): the cosine at which meaning alone is
    # evidence; None: the embedding model's own calibrated value (Embedder.evidence_similarity); -1 = off
    evidence_floor: float | None = None
    # a keyword hit holding most of a long query's content words is evidence too (search.keyword_least; issue #32)
    keyword_evidence: bool = True
    # time neighbours of the best hits (retrieval/search.with_neighbours; LoCoMo leave-one-conversation-out,
    # docs/retrieval.md "Neighbour context"): bonus = neighbours x the anchor's RRF, 0 = off
    neighbours: float = 0.5
    neighbour_anchors: int = 5
    neighbour_radius: int = 2  # entries each side of an anchor (LoCoMo held out: 2 in every fold over 1)
    neighbour_window_ms: int = 30 * 60_000  # same conversation: the entries saved within 30 minutes
    # only a neighbour of at most this many characters is lifted (a short turn needs its context; a long memory is
    # found on its own; LoCoMo held out and LongMemEval-S, docs/retrieval.md "Neighbour context"); 0: any length
    neighbour_max_chars: int = 600


@dataclass(frozen=True)
class TrustWeights:
    """Multipliers of a team learning's fused score by its trust (spec/TOOLS.md: verified > unverified >
    contested). Personal and project entries have no trust and keep their score. The defaults here are the
    settings' defaults (``Settings.trust_weights``)."""

    verified: float = 1.0
    unverified: float = 0.8
    contested: float = 0.5

    def of(self, trust: str | None) -> float:
        """The multiplier for a trust level (1.0 for None)."""
        return {"verified": self.verified, "unverified": self.unverified, "contested": self.contested}.get(
            trust or "", 1.0
        )


class Settings(Limits, BaseSettings):
    """Every setting of contextlamp. Environment variable = ``CONTEXTLAMP_`` + upper-case field name.

    The input limits (``max_content_bytes``, ``max_tag_chars``, ...) are inherited from ``Limits``, where
    their defaults and descriptions are written once; the fusion and trust weights take their defaults from
    ``FusionWeights`` and ``TrustWeights`` (``fusion_weights()``, ``trust_weights()`` build those values).
    Cross-field rules are model validators whose errors name the environment variables."""

    # No .env file: a server started inside a cloned repository must not take its identity or an LLM endpoint
    # (where memory content would be sent) from a file that repository ships.
    model_config = SettingsConfigDict(env_prefix="CONTEXTLAMP_", extra="ignore")

    home: Path = Field(
        default_factory=default_home,
        description="Data directory: control database and one SQLite file per store ('~' is the home folder).",
    )
    user: str = Field(
        default_factory=default_user,
        min_length=1,
        description="Local user for stdio and the CLI (identity never comes from a tool argument).",
    )
    database_url: SecretStr | None = Field(
        default=None,
        description="postgresql://user:password@host:port/db to keep every store and the control plane in "
        "PostgreSQL with pgvector (several server replicas on one database); unset = SQLite files in home.",
    )
    db_pool_size: int = Field(default=10, ge=1, le=1000, description="PostgreSQL connections per server process.")
    sqlite_synchronous: Literal["full", "normal"] = Field(
        default="full",
        description="SQLite stores: 'full' fsyncs every save's commit (an acknowledged memory survives a power "
        "loss); 'normal' skips it (WAL: still safe against a crash of the process, but a power loss or OS crash "
        "may lose the last commits; SQLite docs, PRAGMA synchronous). docs/performance.md has the cost.",
    )
    write_behind: bool = Field(
        default=True,
        description="Index what only serves retrieval after a save answers (app/indexing.py): a save waits for "
        "its entry to be durable and keyword-searchable with its content's vector (a long entry: its head's); "
        "its later chunks and likely questions are embedded by a background thread, durable as pending rows "
        "(docs/performance.md, 'Write-behind indexing'). false = every save waits for all its vectors.",
    )
    embedder: Literal["auto", "minilm", "minilm-int8", "minilm-torch", "fake"] = Field(
        default="auto",
        description="Embedding model: 'auto' (the default: the model the existing stores or database record, "
        "else 'minilm-int8' for a new data directory or database; docs/configuration.md 'The embedding model'), "
        "'minilm' (all-MiniLM-L6-v2 on ONNX Runtime, shipped inside the package; no "
        "torch), 'minilm-int8' (the same model with int8 weights, also shipped: faster per token, other vectors, "
        "so its own stores; docs/performance.md 'The int8 embedder'), 'minilm-torch' (the same model on torch, needs "
        "the minilm-torch extra: same vectors, same stores as 'minilm') or 'fake' "
        "(deterministic hashing, for tests only: no semantic search).",
    )
    task_ttl_days: float = Field(
        default=DEFAULT_TASK_TTL_DAYS, gt=0, description="Tasks expire this many days after saving."
    )
    rrf_k: int = Field(
        default=FusionWeights.k,
        gt=0,
        description="RRF constant k. Cormack et al. (SIGIR 2009) use 60; 5 was tuned on the LoCoMo dev split "
        "(docs/retrieval.md): with two signals of unequal quality a flat k=60 lets deep ranks outvote top ranks.",
    )
    weight_semantic: float = Field(default=FusionWeights.semantic, ge=0, description="RRF weight of the semantic list.")
    weight_keyword: float = Field(
        default=FusionWeights.keyword,
        ge=0,
        description="RRF weight of the keyword (BM25) list (tuned on LoCoMo dev, docs/retrieval.md).",
    )
    min_semantic_similarity: float | None = Field(
        default=FusionWeights.semantic_floor,
        ge=-1.0,
        le=1.0,
        description="Cosine below which a memory found only by meaning is not returned; unset = the model's own "
        "floor (MiniLM 0.2: related question/answer pairs measured 0.39-0.57, unrelated -0.10-0.14); -1 = off.",
    )
    min_evidence_similarity: float | None = Field(
        default=FusionWeights.evidence_floor,
        ge=-1.0,
        le=1.0,
        description="Relevance floor of get_context: the cosine at which a memory counts as matching by meaning "
        "alone (otherwise it needs every word of the query, a named topic, or to be next to such a match); unset = "
        "the model's own (MiniLM 0.36, chosen on held-apart LoCoMo conversations, docs/retrieval.md); -1 = off.",
    )
    weight_fact_key: float = Field(
        default=FusionWeights.fact_key, ge=0, description="RRF weight of the fact-key (topic) list."
    )
    weight_recency: float = Field(
        default=FusionWeights.recency,
        ge=0,
        description="RRF weight of the recency list when get_context recency=true (3 = the other lists together).",
    )
    weight_neighbours: float = Field(
        default=FusionWeights.neighbours,
        ge=0,
        le=1,
        description="Neighbour context: the turns saved just before and after one of the 5 best hits "
        "(CONTEXTLAMP_NEIGHBOUR_RADIUS each side, same tool, within 30 minutes) gain this fraction of its fused "
        "score, never passing it; 0 = off (docs/retrieval.md).",
    )
    neighbour_max_chars: int = Field(
        default=FusionWeights.neighbour_max_chars,
        ge=0,
        le=1_000_000,
        description="Neighbour context: only a memory of at most this many characters (a short conversational "
        "turn) is lifted for being saved next to a best hit, and on each side only up to the first longer one; a "
        "longer memory is found by its own words when it is relevant, and lifting long replies pushed other "
        "conversations' matches out (LongMemEval-S); 0 = any length (docs/retrieval.md).",
    )
    neighbour_radius: int = Field(
        default=FusionWeights.neighbour_radius,
        ge=1,
        le=10,
        description="Neighbour context: how many memories each side of a best hit gain the bonus, nearest first "
        "(2: the two turns before and the two after; LoCoMo held out 0.674 / 0.771 R@5 / R@10 against 0.642 / 0.752 "
        "for 1).",
    )
    llm_base_url: str | None = Field(
        default=None,
        description="OpenAI-compatible endpoint (e.g. https://api.openai.com/v1) for likely questions; unset = "
        "offline only. When set, memory content is sent there.",
    )
    llm_model: str | None = Field(default=None, description="Model name at the LLM endpoint (needed with the URL).")
    llm_api_key: SecretStr | None = Field(default=None, description="API key for the LLM endpoint, if it needs one.")
    llm_timeout_s: float = Field(default=20.0, gt=0, description="Seconds before an LLM call gives up (then offline).")

    auto_supersede_threshold: float = Field(
        default=DEFAULT_AUTO_SUPERSEDE_THRESHOLD,
        ge=0.0,
        le=1.01,
        description="Content cosine at or above which a save without a topic that words itself as a change "
        "('my editor is now Helix') supersedes the older entry it updates (research/bench/freshness.py: 0 false "
        "supersession on research/bench/data/freshness-pairs.json, docs/retrieval.md); 1.01 = off.",
    )
    team_paraphrase_threshold: float = Field(
        default=DEFAULT_PARAPHRASE_THRESHOLD,
        ge=0.0,
        le=1.0,
        description="Cosine at or above which another member's restatement verifies a team learning (with the "
        "same numbers, days and negations; research/bench/team_threshold.py: 0.85 accepted 88% of restatements "
        "and 0% of one-detail contradictions, docs/teams.md).",
    )
    trust_weight_verified: float = Field(
        default=TrustWeights.verified, ge=0, description="Score multiplier of verified team learnings."
    )
    trust_weight_unverified: float = Field(
        default=TrustWeights.unverified,
        ge=0,
        description="Score multiplier of team learnings nobody has corroborated yet.",
    )
    trust_weight_contested: float = Field(
        default=TrustWeights.contested,
        ge=0,
        description="Score multiplier of contested team learnings (members disagree).",
    )
    http_host: str = Field(default="127.0.0.1", description="HTTP server: interface to listen on (serve --http).")
    http_port: int = Field(default=8765, ge=1, le=65535, description="HTTP server: TCP port.")
    public_url: str | None = Field(
        default=None,
        description="HTTP server: the URL clients use to reach it (behind a proxy), e.g. https://memory.example.com; "
        "unset = http://<host>:<port>. Names the protected resource (<url>/mcp) in the RFC 9728 metadata.",
    )
    oidc_issuer: str | None = Field(
        default=None, description="OpenID Connect issuer whose JWT access tokens are accepted (iss claim, exact)."
    )
    oidc_audience: str | None = Field(default=None, description="Required aud claim of OIDC access tokens.")
    oidc_jwks_url: str | None = Field(default=None, description="JWKS URL of the OIDC issuer (signing keys).")
    oidc_algorithms: str = Field(
        default="RS256,ES256", description="Accepted JWT signature algorithms, comma-separated (asymmetric only)."
    )
    max_request_bytes: int = Field(
        default=8 * 1024 * 1024,
        gt=0,
        description="HTTP server: largest request body, bytes (413 above; room for a 2 MiB transcript, JSON-escaped).",
    )
    rate_limit: str = Field(
        default="600/minute",
        description="HTTP server: requests per bearer token, in the 'limits' notation (e.g. 600/minute, "
        "20/second); 429 with Retry-After beyond it.",
    )
    user_rate_limit: str = Field(
        default="1200/minute",
        description="HTTP server: requests per user over all their bearer tokens (personal and OAuth), 'limits' "
        "notation; 429 with Retry-After beyond it (more tokens do not buy more requests).",
    )
    heavy_workers: int = Field(
        default=1,
        ge=1,
        le=64,
        description="HTTP server: heavy calls (save_session, request bodies over 64 KiB, dashboard imports) run at "
        "once, all users together; users take turns.",
    )
    heavy_queue_per_user: int = Field(
        default=4,
        ge=0,
        le=1000,
        description="HTTP server: a user's heavy calls allowed to wait behind their running one; beyond, 429 + "
        "Retry-After.",
    )
    max_sessions: int = Field(
        default=1000, gt=0, description="HTTP server: most MCP sessions open at once (503 above)."
    )
    max_sessions_per_token: int = Field(
        default=20, gt=0, description="HTTP server: most MCP sessions one bearer token may hold open (429 above)."
    )
    max_sessions_per_user: int = Field(
        default=50, gt=0, description="HTTP server: most MCP sessions one user may hold open, all tokens (429 above)."
    )
    session_idle_timeout_s: float = Field(
        default=1800, gt=0, description="HTTP server: an MCP session idle this many seconds is closed."
    )
    # -- the built-in OAuth 2.1 authorization server (web/oauth.py, docs/http.md "OAuth sign-in")
    oauth_server: bool = Field(
        default=True,
        description="HTTP server: run the built-in OAuth 2.1 authorization server (sign-in with a user's password).",
    )
    oauth_access_token_ttl_s: int = Field(
        default=3600, ge=60, le=86_400, description="OAuth: lifetime of an access token, seconds."
    )
    oauth_refresh_token_ttl_s: int = Field(
        default=30 * 86_400, ge=3600, description="OAuth: lifetime of a refresh token (rotated on each use), seconds."
    )
    oauth_code_ttl_s: int = Field(
        default=300, ge=1, le=600, description="OAuth: lifetime of an authorization code, seconds (RFC 6749 4.1.2)."
    )
    web_session_ttl_s: int = Field(
        default=12 * 3600, ge=60, description="Web sign-in: lifetime of a browser session cookie, seconds."
    )
    signin_rate_limit: str = Field(
        default="10/minute",
        description="Web sign-in: password attempts per user name and per client address, 'limits' notation.",
    )
    signin_hash_workers: int = Field(
        default=1,
        ge=1,
        le=16,
        description="Web sign-in: password hashes (argon2id, 64 MiB each) computed at once, on their own threads "
        "(never those of token checks and tool calls).",
    )
    signin_hash_queue: int = Field(
        default=8,
        ge=0,
        le=1000,
        description="Web sign-in: password checks allowed to wait for a hashing thread; beyond, 503 + Retry-After.",
    )
    trusted_proxies: str = Field(
        default="",
        description="HTTP server: addresses of the reverse proxies whose X-Forwarded-For / X-Forwarded-Proto are "
        "believed, comma-separated IPs or networks (e.g. 127.0.0.1 or 10.0.0.0/8); empty = none, every limit "
        "per address uses the connection's own address.",
    )
    # -- the web dashboard (web/dashboard, docs/dashboard.md)
    dashboard: bool = Field(
        default=True, description="HTTP server: serve the web dashboard and its password sign-in at /."
    )
    dashboard_import_max_bytes: int = Field(
        default=20_000_000, gt=0, description="Dashboard: largest export file the import page accepts, bytes."
    )

    # lifecycle hooks (contextlamp hook CLIENT EVENT, docs/hooks.md); cli/hook.py reads the last three without
    # pydantic, with the same defaults
    hook_context_tokens: int = Field(
        default=1500,
        ge=0,
        le=100_000,
        description="Hooks: most context a session start adds, in tokens counted as 4 characters each; 0 = none.",
    )
    capture: Literal["on", "off", "opt-in"] = Field(
        default="on",
        description="Hooks: 'on' captures and injects everywhere but ignored folders, 'off' nowhere, 'opt-in' only "
        "in folders with a .contextlamp marker file (or under one).",
    )
    capture_ignore: str = Field(
        default="",
        description="Hooks: folders (and everything under them) where nothing is captured or injected, separated "
        "by ':' (';' on Windows); a .contextlamp-ignore file in a folder or a parent does the same.",
    )
    hook_timeout_s: float = Field(
        default=5.0, gt=0, lt=600, description="Hooks: a hook answers the client within this many seconds."
    )

    @field_validator("home", mode="before")
    @classmethod
    def _home_path(cls, value: object) -> object:
        # ~ and relative paths, read the one way (paths.data_home): a client's env block is never shell-expanded
        return data_home(value) if isinstance(value, (str, Path)) else value

    @field_validator("database_url")
    @classmethod
    def _postgres_url(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not value.get_secret_value().startswith(("postgresql://", "postgres://")):
            raise ValueError("database_url must start with postgresql:// (only PostgreSQL is supported)")
        return value

    @field_validator("rate_limit", "signin_rate_limit", "user_rate_limit")
    @classmethod
    def _valid_rate(cls, value: str) -> str:
        if _COMMON_RATE.fullmatch(value.lower()):  # accepted by limits.parse; importing limits costs ~0.06 s
            return value
        from limits import parse

        try:
            parse(value)
        except ValueError as exc:
            raise ValueError(f"rate_limit {value!r} is not like '600/minute' or '20/second'") from exc
        return value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper_level(cls, value: object) -> object:
        return value.upper() if isinstance(value, str) else value

    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = Field(
        default="WARNING", description="Log level (logs go to stderr, never stdout)."
    )

    @model_validator(mode="after")
    def _llm_endpoint_complete(self) -> Self:
        if bool(self.llm_base_url) != bool(self.llm_model):
            raise ValueError("Set both CONTEXTLAMP_LLM_BASE_URL and CONTEXTLAMP_LLM_MODEL, or neither.")
        return self

    @model_validator(mode="after")
    def _oidc_complete(self) -> Self:
        values = (self.oidc_issuer, self.oidc_audience, self.oidc_jwks_url)
        if any(values) and not all(values):
            raise ValueError(
                "Set all of CONTEXTLAMP_OIDC_ISSUER, CONTEXTLAMP_OIDC_AUDIENCE and CONTEXTLAMP_OIDC_JWKS_URL, or none."
            )
        return self

    @property
    def task_ttl_ms(self) -> int:
        """``task_ttl_days`` in milliseconds."""
        return int(self.task_ttl_days * DAY_MS)

    def limits(self) -> Limits:
        """The input limits as one value for the service (the ``Limits`` fields of these settings)."""
        return Limits(**{name: getattr(self, name) for name in Limits.model_fields})

    def fusion_weights(self) -> FusionWeights:
        """The RRF weights and k as one value for the retrieval layer."""
        return FusionWeights(
            semantic=self.weight_semantic,
            keyword=self.weight_keyword,
            fact_key=self.weight_fact_key,
            recency=self.weight_recency,
            k=self.rrf_k,
            semantic_floor=self.min_semantic_similarity,
            evidence_floor=self.min_evidence_similarity,
            neighbours=self.weight_neighbours,
            neighbour_radius=self.neighbour_radius,
            neighbour_max_chars=self.neighbour_max_chars,
        )

    def trust_weights(self) -> TrustWeights:
        """The score multipliers by trust as one value for the retrieval layer."""
        return TrustWeights(
            verified=self.trust_weight_verified,
            unverified=self.trust_weight_unverified,
            contested=self.trust_weight_contested,
        )
