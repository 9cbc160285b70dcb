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

_KEYWORD = (
    r"(?:(?:[a-z0-9]+[_-])*(?:[a-z0-9]*(?:password|passwd))|(?:[a-z0-9]+[_-])*(?:pwd|pass|secret|api[_-]?key|"
    r"access[_-]?key|auth[_-]?token|client[_-]?secret|token|private[_-]?key))(?:[_-][a-z0-9]+)*"
)

# (kind, pattern, check): with check, the named group "value" must look like a credential (see _credential)
_EXTRA_PATTERNS: tuple[tuple[str, re.Pattern[str], bool], ...] = (
    ("Private Key", re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----"), False),
    ("Bearer Token", re.compile(r"\bbearer\s+(?P<value>[A-Za-z0-9\-._~+/]{16,}=*)", re.IGNORECASE), True),
    (
        "Connection String Password",
        re.compile(r"\b[a-z][a-z0-9+.\-]*://[^\s:/@]*:(?P<value>[^\s@/]+)@[^\s]+", re.IGNORECASE),
        False,
    ),
    (
        "Connection String Password",
        re.compile(r"(?:^|[;\s])(?:password|pwd)\s*=\s*(?P<value>[^;\s]{3,})", re.IGNORECASE),
        True,
    ),
    (
        "Password Assignment",
        re.compile(rf"(?<![a-z0-9]){_KEYWORD}[\"']?\s*(?:=|:=|:)\s*[\"']?(?P<value>[^\s\"',;]{{6,}})", re.IGNORECASE),
        True,
    ),
    (
        "Password In Prose",
        re.compile(
            r"\b(?:password|passwort|passwd|passphrase|passcode|kennwort|mot de passe|contraseña|senha|token|"
            r"api key|secret key|secret|login)\s+(?:(?:is|ist|est|es|é|was|war|=|:|for \S+ is)\s+)?(?:the\s+)?"
            r"[\"'“]?(?P<value>[^\s\"'”,;]{6,})",
            re.IGNORECASE,
        ),
        True,
    ),
    ("Password In Prose", re.compile(r"\b(?:login|user(?:name)?)\s+(?:is\s+)?\S+\s*/\s*(?P<value>\S{6,})", re.I), True),
    ("API Key", re.compile(r"\b(?:sk|rk|pk)-(?:live|test|proj|ant)?[A-Za-z0-9_\-]{20,}"), False),
    ("Google API Key", re.compile(r"\bAIza[0-9A-Za-z\-_]{35}\b"), False),
    ("GitHub Token", re.compile(r"\bgithub_pat_[A-Za-z0-9_]{22,}"), False),
    ("NPM Token", re.compile(r"\bnpm_[A-Za-z0-9]{36}\b"), False),
    ("contextlamp Access Token", re.compile(r"\bclp_[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])"), False),
)

_PEM_BLOCK = re.compile(
    r"-----BEGIN [A-Z0-9 ]*(?:PRIVATE KEY|CERTIFICATE|KEY BLOCK)[A-Z ]*-----.*?(?:-----END [A-Z0-9 ]*-----|\Z)",
    re.DOTALL,
)
_KEY_MATERIAL = re.compile(r"(?<![\w/+=])[A-Za-z0-9+/_\-]{40,}={0,2}(?![\w/+=])")  # base64/hex runs of keys and tokens
REDACTED = "[secret removed]"

_PLACEHOLDER = re.compile(r"^[\"']?(?:<|\$|\{\{|%|\*+$|x+$|\.\.\.|…|changeme|redacted|your[_-]?)", re.IGNORECASE)


def _redact_match(match: re.Match[str]) -> str:
    """The match with its secret value (or, without a value group, all of it) replaced, placeholders kept."""
    if "value" not in match.groupdict():
        return REDACTED
    value = match.group("value")
    if _PLACEHOLDER.match(value):
        return match.group(0)
    start, end = match.span("value")
    return match.string[match.start() : start] + REDACTED + match.string[end : match.end()]


def _credential(value: str) -> bool:
    """A value that looks like a real credential: not a placeholder (``<...>``, ``${VAR}``, ``***``) and not a
    plain word ("tokenize", "remember"): it holds a digit or a symbol, or is 16+ characters long."""
    if _PLACEHOLDER.match(value):
        return False
    return any(not c.isalpha() for c in value) or len(value) >= 16


class SecretScanner:
    """Finds the kinds of secret in a text. Thread-safe; holds no state between calls."""

    def kinds(self, text: str) -> list[str]:
        """Sorted distinct kinds of secret found (``[]`` when clean), e.g. ``["AWS Access Key"]``."""
        found: set[str] = set()
        for kind, pattern, check in _EXTRA_PATTERNS:
            for match in pattern.finditer(text):
                value = match.groupdict().get("value")
                if value is not None and (_PLACEHOLDER.match(value) or (check and not _credential(value))):
                    continue
                found.add(kind)
                break
        for kind in self._plugin_kinds(text):
            found.add(kind)
        return sorted(found)

    def redact(self, text: str) -> str:
        """The text with every secret replaced by ``[secret removed]``: whole PEM blocks, runs of 40+
        base64/hex characters (key material on lines of its own), each secret value our patterns or
        detect-secrets find, and any line still holding a secret after that. Used on transcripts before
        anything reads them, so no part of a secret (a PEM body line alone looks like nothing) can be
        distilled, stored or sent to an LLM, while the other sentences of a line survive."""
        text = _PEM_BLOCK.sub(REDACTED, text)
        text = _KEY_MATERIAL.sub(REDACTED, text)
        for _, pattern, _ in _EXTRA_PATTERNS:
            text = pattern.sub(_redact_match, text)
        lines: list[str] = []
        with transient_settings({"plugins_used": [{"name": name} for name in DETECT_SECRETS_PLUGINS]}):
            for line in text.split("\n"):
                for secret in scan_line(line[:4000]):
                    if secret.secret_value:
                        line = line.replace(secret.secret_value, REDACTED)
                lines.append(REDACTED if self.kinds(line) else line)
        return "\n".join(lines)

    @staticmethod
    def _plugin_kinds(text: str) -> Iterator[str]:
        with transient_settings({"plugins_used": [{"name": name} for name in DETECT_SECRETS_PLUGINS]}):
            for line in text.splitlines() or [text]:
                if len(line) > 4000:  # detect-secrets' regexes are linear, but bound the work per line
                    line = line[:4000]
                for secret in scan_line(line):
                    yield str(secret.type)
