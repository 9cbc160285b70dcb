"""Domain errors of contextlamp.

The tree (catch the narrowest one you will branch on)::

    ContextlampError
    ├── InvalidArgumentError      bad input; names the field, the problem and what is allowed
    │   └── SecretDetectedError   content holds a secret; names its kind, never echoes it
    ├── NotFoundError             an id that is unknown or not the caller's (the two look the same)
    ├── AuthenticationError       a request reached a tool without a verified principal
    ├── ConfigError               a setting has a value that cannot work
    ├── StorageError              the database failed
    │   └── EmbeddingMismatchError  the store was built with another embedding model
    ├── EmbeddingError            the embedding model could not be loaded or run
    ├── LLMError                  the configured LLM endpoint failed (callers fall back to their offline path)
    │
    │   and, beside the layer that raises and catches them (each still the builtin kind its callers catch):
    ├── app.oauth.OAuthError                  a refused OAuth step; carries the RFC 6749 section 5.2 code
    ├── importers.base.ImportFormatError      a file without the shape its format promised (importers)
    │   └── importers.base.RefusedFileError   a file a reader will not open (a link out of its folder, a pipe)
    ├── importers.markdown._YamlBound         a YAML front matter past its bounds (caught in that module)
    ├── clients.errors.FileFormatError        (also a ValueError) a client config file that does not parse
    │   ├── clients.jsonc.JsoncError
    │   └── clients.tomledit.TomlError
    ├── clients.plan.ConnectError             (a ConfigError) ``contextlamp connect`` cannot go on
    ├── web.client_metadata.ClientMetadataError  a client id URL or its document this server refuses
    ├── web.gate.BodyTooSlow                  a request body slower than the gate allows (408)
    └── web.quotas.WorkBusy                   heavy work or password hashing is full (429 / 503 + Retry-After)

The edges translate these, each in one place: the MCP server into a tool error (``isError: true``,
``mcp.calls.translate``), the CLI into a click error (``cli.common.cli_errors``), the HTTP routes into a JSON
error response (``web.routes.error_response``). Nothing else catches the domain errors; the web and client
ones are caught by the layer that raises them. ``tests/test_architecture.py`` checks that every exception class
of the package derives from ``ContextlampError``. An exception outside the tree that
reaches an edge is a bug: the client gets a fixed message, the log ``crash_report``'s traceback.
"""

from __future__ import annotations

import traceback


class ContextlampError(Exception):
    """Base class of every error contextlamp raises on purpose."""


class InvalidArgumentError(ContextlampError):
    """A tool or CLI argument is invalid. Nothing stored was changed.

    Attributes:
        field: the argument's name as the caller spelled it (``"max_results"``).
        problem: what is wrong with it, without the field (``"must be from 1 to 50, got 99"``).
    """

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"Invalid argument '{field}': {problem}")


class SecretDetectedError(InvalidArgumentError):
    """The content holds a secret (API key, token, private key, password, ...).

    The message names the kind of secret only, never the secret itself.
    """

    def __init__(self, field: str, kinds: list[str]) -> None:
        self.kinds = kinds
        super().__init__(
            field,
            f"it appears to contain a secret ({', '.join(kinds)}); secrets are never stored. "
            "Remove the secret and save again.",
        )


class NotFoundError(ContextlampError):
    """An id that does not exist, or that belongs to someone else (indistinguishable)."""


class AuthenticationError(ContextlampError):
    """A call reached the service without a verified principal (no bearer token in the request); the message
    never holds the token."""


class ConfigError(ContextlampError):
    """A setting has a value that cannot work; the message names the setting and the fix."""


class StorageError(ContextlampError):
    """The database could not complete an operation."""


class ConflictError(StorageError):
    """A write broke a unique constraint (an id, a name or a content key already taken)."""


class EmbeddingMismatchError(StorageError):
    """The store's vectors were made by another embedding model than the configured one."""


class EmbeddingError(ContextlampError):
    """The embedding model could not be loaded or failed to embed."""


class LLMError(ContextlampError):
    """The LLM endpoint failed, timed out, or answered something that is not the JSON asked for. Never reaches
    a caller of the service: every user of an LLM falls back to its offline path on it."""


def crash_report(exc: BaseException) -> str:
    """The traceback of ``exc`` for the server log, with exception types and code locations but no exception's
    message: a message may quote an argument (memory content, a secret), which the log holds at DEBUG only.

    Shape: the ``traceback`` module's layout, ``Traceback (most recent call last):``, the frames, then the type's
    qualified name alone; chained exceptions (``__cause__``, else an unsuppressed ``__context__``) first, as
    Python prints them, each at most once.
    """
    chain: list[BaseException] = []
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        chain.append(current)
        if current.__cause__ is not None:
            current = current.__cause__
        else:
            current = None if current.__suppress_context__ else current.__context__
    parts: list[str] = []
    for number, link in enumerate(reversed(chain)):
        if number:
            parts.append("\nThe above exception led to the following one:\n\n")
        parts.append("Traceback (most recent call last):\n")
        parts.extend(traceback.format_list(traceback.extract_tb(link.__traceback__)))
        kind = type(link)
        parts.append(f"{kind.__module__}.{kind.__qualname__} (message at debug level)\n")
    return "".join(parts).rstrip("\n")
