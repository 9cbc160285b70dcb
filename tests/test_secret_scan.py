"""The secret scanner: credentials in their common shapes are found; ordinary sentences are not."""

from __future__ import annotations

import pytest

from contextlamp.secret_scan import REDACTED, SecretScanner

SECRETS = [
    ("my key is AKIAIOSFODNN7EXAMPLE", "AWS Access Key"),
    ("token ghp_abcdefghijklmnopqrstuvwxyz0123456789", "GitHub Token"),
    ("GITHUB_TOKEN=github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGH", "GitHub Token"),
    ("AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "Password Assignment"),
    ("DB_PASSWORD=Sup3rS3cretValue", "Password Assignment"),
    ("PGPASSWORD=hunter2x9", "Password Assignment"),
    ("MYSQL_ROOT_PASSWORD=rootpw123", "Password Assignment"),
    ("secret_key_base: 3f2a9c8d1e7b6a5f4e3d2c1b0a9f8e7d", "Password Assignment"),
    ("password = correcthorsebattery", "Password Assignment"),
    ("postgres://app:s3cret@db/app", "Connection String Password"),
    ("redis://:mypassword123@cache:6379/0", "Connection String Password"),
    ("Server=db;User Id=sa;Password=Pa55word!;", "Connection String Password"),
    ("npm_abcdefghijklmnopqrstuvwxyz0123456789", "NPM Token"),
    ("Authorization: Bearer abcdef0123456789abcdef", "Bearer Token"),
    ("-----BEGIN OPENSSH PRIVATE KEY-----", "Private Key"),
    ("OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwx", "API Key"),
    ("The staging database password is hunter2xyz and we rotate it", "Password In Prose"),
    ("My SSH password is Winter#2025 on the build box.", "Password In Prose"),
    ("Our admin login is admin / Tr0ub4dor&3 for the wiki.", "Password In Prose"),
    ("Unser Datenbank-Passwort ist Sommer2024!x", "Password In Prose"),
    ("I suggest we use the password Blue-Falcon-77 for the kiosk", "Password In Prose"),
    ("The internal API token is tok_9f8e7d6c5b4a3210", "Password In Prose"),
]

ORDINARY = [
    "First pass: tokenize the input, second pass: resolve names",
    "The secret: remember everything the user says",
    "token: expires hourly",
    "password = <your password here>",
    "DATABASE_URL=postgres://app:${DB_PASSWORD}@db/app",
    "The password policy requires 12 characters",
    "We rotate the API key monthly",
    "token bucket rate limiting",
    "tokenizer: bert-base",
    "bypass: enabled-for-admins",
    "We use pnpm, not npm, in every repo",
    "See https://example.com/docs:8080/path for details",
    "The password reset flow sends an email",
    "password must be at least 12 characters",
    "Our login page is slow",
    "The token is refreshed every hour",
]


@pytest.mark.parametrize(("text", "kind"), SECRETS)
def test_secrets_are_found_by_kind(text: str, kind: str) -> None:
    assert kind in SecretScanner().kinds(text)


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_sentences_are_not_secrets(text: str) -> None:
    assert SecretScanner().kinds(text) == []


def test_redaction_removes_whole_key_blocks_and_secret_lines() -> None:
    body = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAABlwAAAAdzc2gtcn"
    text = (
        f"User: key\n-----BEGIN OPENSSH PRIVATE KEY-----\n{body}\n-----END OPENSSH PRIVATE KEY-----\n"
        "User: DB_PASSWORD=Sup3rS3cretValue\nUser: We use pnpm."
    )
    redacted = SecretScanner().redact(text)
    assert body not in redacted and "Sup3rS3cret" not in redacted
    assert redacted.endswith("User: We use pnpm.") and redacted.count(REDACTED) == 2
