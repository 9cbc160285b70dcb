"""Secret scanning: content that holds a credential is never stored.

detect-secrets (Yelp) plugins that match a credential by its format, plus patterns it lacks: PEM private
keys in any form, bearer tokens, URLs and connection strings with a password, and ``password=`` style
assignments. The high-entropy plugins are left out on purpose: they flag ordinary words and ids
("we use pnpm") and would refuse legitimate memories.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from detect_secrets.core.scan import scan_line
from detect_secrets.settings import transient_settings

DETECT_SECRETS_PLUGINS = (
    "ArtifactoryDetector",
    "AWSKeyDetector",
    "AzureStorageKeyDetector",
    "BasicAuthDetector",
    "CloudantDetector",
    "DiscordBotTokenDetector",
    "GitHubTokenDetector",
    "GitLabTokenDetector",
    "IbmCloudIamDetector",
    "IbmCosHmacDetector",
    "JwtTokenDetector",
    "MailchimpDetector",
    "NpmDetector",
    "OpenAIDetector",
    "PrivateKeyDetector",
    "PypiTokenDetector",
    "SendGridDetector",
    "SlackDetector",
    "SoftlayerDetector",
    "SquareOAuthDetector",
    "StripeDetector",
    "TelegramBotTokenDetector",
    "TwilioKeyDetector",
)

_EXTRA_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("Private Key", re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----")),
    ("Bearer Token", re.compile(r"\bbearer\s+[A-Za-z0-9\-._~+/]{16,}=*", re.IGNORECASE)),
    (
        "Connection String Password",
        re.compile(r"\b[a-z][a-z0-9+.\-]*://[^\s:/@]+:[^\s@/]+@[^\s]+", re.IGNORECASE),
    ),
    (
        "Connection String Password",
        re.compile(r"(?:^|[;\s])(?:password|pwd)\s*=\s*[^;\s]{3,}", re.IGNORECASE),
    ),
    (
        "Password Assignment",
        re.compile(
            r"\b(?:password|passwd|pass|secret|api[_-]?key|access[_-]?key|auth[_-]?token|client[_-]?secret|token)"
            r"[\"']?\s*(?:=|:=|:)\s*[\"']?[^\s\"',;]{6,}",
            re.IGNORECASE,
        ),
    ),
    ("API Key", re.compile(r"\b(?:sk|rk|pk)-(?:live|test|proj|ant)?[A-Za-z0-9_\-]{20,}")),
    ("Google API Key", re.compile(r"\bAIza[0-9A-Za-z\-_]{35}\b")),
)

_PEM_BLOCK = re.compile(
    r"-----BEGIN [A-Z0-9 ]*(?:PRIVATE KEY|CERTIFICATE|KEY BLOCK)[A-Z ]*-----.*?(?:-----END [A-Z0-9 ]*-----|\Z)",
    re.DOTALL,
)
_KEY_MATERIAL = re.compile(r"(?<![\w/+=])[A-Za-z0-9+/_\-]{40,}={0,2}(?![\w/+=])")  # base64/hex runs of keys and tokens
REDACTED = "[secret removed]"

_PLACEHOLDER = re.compile(r"^[\"']?(?:<[^>]*>|\*+|x+|\.\.\.|…|changeme|redacted|\$\{?[A-Z_]+\}?)[\"']?$", re.IGNORECASE)


class SecretScanner:
    """Finds the kinds of secret in a text. Thread-safe; holds no state between calls."""

    def kinds(self, text: str) -> list[str]:
        """Sorted distinct kinds of secret found (``[]`` when clean), e.g. ``["AWS Access Key"]``."""
        found: set[str] = set()
        for kind, pattern in _EXTRA_PATTERNS:
            for match in pattern.finditer(text):
                value = re.split(r"\s*(?:=|:=|:)\s*", match.group(0).strip(" ;"), maxsplit=1)[-1]
                if not _PLACEHOLDER.match(value):
                    found.add(kind)
                    break
        for kind in self._plugin_kinds(text):
            found.add(kind)
        return sorted(found)

    def redact(self, text: str) -> str:
        """The text with every secret replaced by ``[secret removed]``: whole PEM blocks, runs of 40+
        base64/hex characters (key material on lines of its own), and every line in which ``kinds`` finds
        a secret. Used on transcripts before anything reads them, so no part of a secret (a PEM body line
        alone looks like nothing) can be distilled, stored or sent to an LLM."""
        text = _PEM_BLOCK.sub(REDACTED, text)
        text = _KEY_MATERIAL.sub(REDACTED, text)
        lines = text.split("\n")
        return "\n".join(REDACTED if self.kinds(line) else line for line in lines)

    @staticmethod
    def _plugin_kinds(text: str) -> Iterator[str]:
        with transient_settings({"plugins_used": [{"name": name} for name in DETECT_SECRETS_PLUGINS]}):
            for line in text.splitlines() or [text]:
                if len(line) > 4000:  # detect-secrets' regexes are linear, but bound the work per line
                    line = line[:4000]
                for secret in scan_line(line):
                    yield str(secret.type)
