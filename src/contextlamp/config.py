"""Configuration: one ``Settings`` object, read from ``CONTEXTLAMP_*`` environment variables.

Only the composition roots (``cli/common.py``, ``app/compose.py``) build ``Settings``; every other module takes
plain arguments. Only the process environment is read (never a ``.env`` file; see ``model_config``).
"""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, Self, cast

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


class InputLimits(BaseModel):
    """The length limit of every string argument the service accepts (spec/TOOLS.md "Limits": "configurable,
    these are defaults"): the one table of them.

    ``Settings`` inherits these fields, so each is also a setting (``CONTEXTLAMP_`` + the upper-case name) with
    the default written only here. Content and transcript are measured in UTF-8 bytes, everything else in
    characters (code points). Each is checked before any other work on the value, secret scans included, so an
    over-long argument costs time linear in its length and nothing more.
    """

    max_content_bytes: int = Field(default=32 * 1024, gt=0, description="Largest content, UTF-8 bytes.")
    max_transcript_bytes: int = Field(default=2 * 1024 * 1024, gt=0, description="Largest transcript, UTF-8 bytes.")
    max_query_chars: int = Field(default=2000, gt=0, description="Longest get_context query, characters.")
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


class Limits(InputLimits):
    """``InputLimits`` and the one limit on what the service sends: get_context's budget of pack text
    (``max_pack_chars``), which the ``max_chars`` argument sets per call (spec/TOOLS.md get_context: "about
    2,000 tokens of text, configurable"; 8,000 characters at the common rule of 4 characters a token). Not a
    setting: a caller that wants another budget passes ``max_chars``."""

    max_pack_chars: int = Field(
        default=8000,
        ge=200,
        le=200_000,
        description="get_context's response budget, characters of pack text (about 2,000 tokens at 4 characters "
        "a token); the max_chars argument overrides it per call (200..200000).",
    )


# Settings that earlier versions read and this one does not (issue #31.4: tuning values are code, a setting is
# something a user would set). One still in the environment gets a RemovedSettingWarning naming it and saying
# where its value went; it changes nothing.
REMOVED_SETTINGS: dict[str, str] = {
    **dict.fromkeys(
        (
            "rrf_k",
            "weight_semantic",
            "weight_keyword",
            "weight_fact_key",
            "weight_recency",
            "min_semantic_similarity",
            "min_evidence_similarity",
            "weight_neighbours",
            "neighbour_max_chars",
            "neighbour_radius",
        ),
        "a ranking weight, now fixed in code (retrieval/weights.py FusionWeights, tuned by the benches)",
    ),
    **dict.fromkeys(
        ("trust_weight_verified", "trust_weight_unverified", "trust_weight_contested"),
        "a trust multiplier, now fixed in code (retrieval/weights.py TrustWeights)",
    ),
    "auto_supersede_threshold": "now fixed in code (domain/freshness.py DEFAULT_AUTO_SUPERSEDE_THRESHOLD)",
    "team_paraphrase_threshold": "now fixed in code (domain/trust.py DEFAULT_PARAPHRASE_THRESHOLD)",
    "write_behind": "write-behind indexing is always on",
    "sqlite_synchronous": "SQLite stores fsync the WAL within 0.1 s of a save and before a forget returns",
    "max_pack_chars": "get_context's max_chars argument sets the budget per call (default 8000)",
    "llm_timeout_s": "an LLM call gives up after 20 s (llm/openai_chat.py DEFAULT_TIMEOUT_S)",
    "hook_timeout_s": "a hook answers within 5 s (cli/hook.py DEFAULT_HOOK_TIMEOUT_S)",
    "max_request_bytes": "the largest request body is 4 x CONTEXTLAMP_MAX_TRANSCRIPT_BYTES",
    "user_rate_limit": "a user's requests over all tokens are limited to twice CONTEXTLAMP_RATE_LIMIT",
    **dict.fromkeys(
        (
            "oidc_algorithms",
            "heavy_workers",
            "heavy_queue_per_user",
            "session_idle_timeout_s",
            "signin_hash_workers",
            "signin_hash_queue",
            "dashboard_import_max_bytes",
        ),
        "now fixed in code (web/tuning.py ServerTuning)",
    ),
    **dict.fromkeys(
        ("oauth_access_token_ttl_s", "oauth_refresh_token_ttl_s", "oauth_code_ttl_s", "web_session_ttl_s"),
        "a lifetime now fixed in code (app/oauth.py)",
    ),
}


class RemovedSettingWarning(UserWarning):
    """A ``CONTEXTLAMP_*`` variable of a setting this version no longer has (``REMOVED_SETTINGS``): ignored."""


def removed_settings_in(environ: Mapping[str, str]) -> list[str]:
    """The environment variables in ``environ`` that name a removed setting (``REMOVED_SETTINGS``), as spelled
    there, sorted; matched case-insensitively like every setting (pydantic-settings ``case_sensitive=False``)."""
    prefix = "contextlamp_"
    return sorted(
        key for key in environ if key.lower().startswith(prefix) and key.lower()[len(prefix) :] in REMOVED_SETTINGS
    )


def warn_removed_settings(environ: Mapping[str, str]) -> list[str]:
    """Warn (``RemovedSettingWarning``, on stderr by Python's default) once for each removed setting still in
    ``environ``, naming the variable and where its value went; returns the variables warned about."""
    found = removed_settings_in(environ)
    for key in found:
        reason = REMOVED_SETTINGS[key.lower()[len("contextlamp_") :]]
        message = f"{key} is no longer a setting and is ignored: {reason} (docs/configuration.md)"
        # shown as '<environment>:0: RemovedSettingWarning: ...' rather than at a line of pydantic's
        warnings.warn_explicit(message, RemovedSettingWarning, "<environment>", 0, "contextlamp.config")
    return found


def _removed_keys(data: object) -> list[str]:
    keys = cast("dict[object, object]", data) if isinstance(data, dict) else {}
    return sorted(str(key) for key in keys if str(key).lower() in REMOVED_SETTINGS)


class Settings(InputLimits, BaseSettings):
    """Every setting of contextlamp. Environment variable = ``CONTEXTLAMP_`` + upper-case field name.

    A setting is something a user would set; tuning values (ranking and trust weights, thresholds, internal
    sizes) are constants in the module that uses them, and benches construct them explicitly. The input limits
    (``max_content_bytes``, ``max_tag_chars``, ...) are inherited from ``InputLimits``, where their defaults
    and descriptions are written once. Cross-field rules are model validators whose errors name the environment
    variables. A variable of a removed setting (``REMOVED_SETTINGS``) gets a ``RemovedSettingWarning``; a
    removed setting passed as a keyword argument is a ``ValueError`` (code must not believe it set something).
    """

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
    embedder: Literal["auto", "minilm", "minilm-int8", "minilm-torch", "multilingual-e5", "fake"] = Field(
        default="auto",
        description="Embedding model: 'auto' (the default: the model the existing stores or database record, "
        "else 'minilm-int8' for a new data directory or database; docs/configuration.md 'The embedding model'), "
        "'minilm' (all-MiniLM-L6-v2 on ONNX Runtime, shipped inside the package; no "
        "torch), 'minilm-int8' (the same model with int8 weights, also shipped: faster per token, other vectors, "
        "so its own stores; docs/performance.md 'The int8 embedder'), 'minilm-torch' (the same model on torch, needs "
        "the minilm-torch extra: same vectors, same stores as 'minilm'), 'multilingual-e5' (multilingual-e5-small, "
        "about 100 languages, needs the multilingual extra; built on first use into home; docs/multilingual.md) "
        "or 'fake' "
        "(deterministic hashing, for tests only: no semantic search).",
    )
    task_ttl_days: float = Field(
        default=DEFAULT_TASK_TTL_DAYS, gt=0, description="Tasks expire this many days after saving."
    )
    llm_base_url: str | None = Field(
        default=None,
        description="OpenAI-compatible endpoint (e.g. https://api.openai.com/v1) for likely questions; unset = "
        "offline only. When set, memory content is sent there.",
    )
    llm_model: str | None = Field(default=None, description="Model name at the LLM endpoint (needed with the URL).")
    llm_api_key: SecretStr | None = Field(default=None, description="API key for the LLM endpoint, if it needs one.")

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
    rate_limit: str = Field(
        default="600/minute",
        description="HTTP server: requests per bearer token, in the 'limits' notation (e.g. 600/minute, "
        "20/second); 429 with Retry-After beyond it.",
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
    # -- the built-in OAuth 2.1 authorization server (web/oauth.py, docs/http.md "OAuth sign-in")
    oauth_server: bool = Field(
        default=True,
        description="HTTP server: run the built-in OAuth 2.1 authorization server (sign-in with a user's password).",
    )
    signin_rate_limit: str = Field(
        default="10/minute",
        description="Web sign-in: password attempts per user name and per client address, 'limits' notation.",
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

    @model_validator(mode="before")
    @classmethod
    def _removed(cls, data: Any) -> Any:
        warn_removed_settings(os.environ)
        given = _removed_keys(data)  # keyword arguments (the environment's were checked above)
        if given:
            raise ValueError(f"{', '.join(given)}: no longer a setting ({REMOVED_SETTINGS[given[0].lower()]})")
        return data

    @field_validator("rate_limit", "signin_rate_limit")
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

    @property
    def max_request_bytes(self) -> int:
        """The HTTP server's largest request body (413 above): 4 x ``max_transcript_bytes``, room for the largest
        transcript after JSON escaping (8 MiB for the default 2 MiB)."""
        return 4 * self.max_transcript_bytes

    def limits(self) -> Limits:
        """The limits as one value for the service: these settings' ``InputLimits``, the pack budget's default."""
        return Limits(**{name: getattr(self, name) for name in InputLimits.model_fields})
