"""The secret scanner: credentials in their common shapes are found; ordinary sentences are not."""

from __future__ import annotations

import dataclasses
import re

import pytest

from contextlamp.domain.secret_scan import REDACTED, SecretScanner

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
    ("The staging database password is hunter2xyz and we rotate it", "Password"),
    ("My SSH password is Winter#2025 on the build box.", "Password"),
    ("Our admin login is admin / Tr0ub4dor&3 for the wiki.", "Password In Prose"),
    ("Unser Datenbank-Passwort ist Sommer2024!x", "Password"),
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


# -- issue 12 point 6: a credential word is not a credential -----------------------------------------------

PROSE_ABOUT_CREDENTIALS = [
    "We raised the token quota.",
    "Check the token expiry.",
    "Our password policy: minimum 12 characters.",
    "The token is RS256-signed and verified at the gateway.",
    "The password is case-sensitive, the username is not.",
    "The access token lifetime is 15 minutes.",
    "token_ttl_seconds: 3600",
    "password_min_length: 12",
    "api_key: Optional[str] = None",
    "password = getpass.getpass()",
    "The secret is AES-256-GCM encrypted.",
    "The token is base64url-encoded.",
    "The most common password is still 123456.",
    "My login is alice@example.com",
    "The password manager we use is 1Password.",
    "Das Passwort muss mindestens zwölf Zeichen lang sein.",
    "Le mot de passe doit contenir au moins douze caractères.",
    "The colour token primary-500 is #3b82f6 in the light theme.",
    "password = getDatabasePasswordFromVault",
    "...changed the token format. The request ID was 0b7e4a2c-9f1d-4c3e-8a6b-2d5f7e9c1a3b.",
]


@pytest.mark.parametrize("text", PROSE_ABOUT_CREDENTIALS)
def test_prose_that_names_a_credential_without_one_is_storable(text: str) -> None:
    assert SecretScanner().kinds(text) == []


# -- issue 12 point 5: what a careful person never stores ------------------------------------------------

NEVER_STORED = [
    ("my PIN is 4921", "PIN"),
    ("the door code is 1234#", "PIN"),
    ("Meine PIN ist 4921.", "PIN"),
    ("Le code PIN est 1234.", "PIN"),
    ("Mi PIN es 4321.", "PIN"),
    ("Der Türcode lautet 2580.", "PIN"),
    ("My card is 4111 1111 1111 1111, expiry 04/29.", "Payment Card Number"),
    ("Mastercard 5555-5555-5555-4444", "Payment Card Number"),
    ("Amex 3782 822463 10005 for the offsite", "Payment Card Number"),
    ("Discover card number 6011111111111117", "Payment Card Number"),
    ("card 4242, CVV 123", "Card Security Code"),
    ("wifi password: sunflower42", "Password"),
    ("Das WLAN-Passwort ist Sonnenblume2024!", "Password"),
    ("WIFI:S:Office;T:WPA;P:Kx7!mQ9pLw;;", "Wi-Fi Passphrase"),
    ("La contraseña del wifi es Girasol#77", "Password"),
    ("your verification code is 493021", "One-Time Code"),
    ("G-493021 is your Google verification code.", "One-Time Code"),
    ("Votre code de vérification est 482910.", "One-Time Code"),
    ("Use code 739204 to sign in.", "One-Time Code"),
    ("backup codes: 8374 2910 5521 0093", "Two-Factor Backup Codes"),
    ("GitHub recovery codes: a1b2c-3d4e5 f6g7h-8i9j0", "Two-Factor Backup Codes"),
    ("Wiederherstellungscodes: 4821-9930 1177-0042", "Two-Factor Backup Codes"),
    ("my mother's maiden name is Smith", "Security Question Answer"),
    ("answer to security question: Springfield", "Security Question Answer"),
    ("Security question (first pet): Biscuit", "Security Question Answer"),
    ("El apellido de soltera de mi madre es García.", "Security Question Answer"),
]


@pytest.mark.parametrize(("text", "kind"), NEVER_STORED)
def test_credentials_a_careful_person_never_stores_are_found(text: str, kind: str) -> None:
    assert kind in SecretScanner().kinds(text)


TALKING_ABOUT_THEM = [
    "We rotate the Wi-Fi passphrase monthly.",
    "The Wi-Fi password is printed on the back of the router.",
    "PIN reset flow is broken",
    "The PIN must be 4 to 6 digits.",
    "Card numbers are tokenised by Stripe.",
    "The card ending in 4242 was declined twice.",
    "Order 4111111111111112 shipped yesterday.",  # Luhn-invalid: an order number, not a card
    "The IMEI is 490154203237518.",  # Luhn-valid but no card network issues 15 digits starting 49
    "The verification code is sent by SMS and expires after 10 minutes.",
    "Error code 4021 means the card was declined.",
    "Backup codes are shown once when a user turns on two-factor authentication.",
    "Recovery codes: 10 per user.",
    "Security questions are deprecated; we ask for a second factor instead.",
    "The answer to the security question is stored hashed.",
    "Mother's maiden name is a poor security question because it is often public.",
    "We pin Python to 3.11 in the Dockerfile.",
]


@pytest.mark.parametrize("text", TALKING_ABOUT_THEM)
def test_prose_about_pins_codes_cards_and_wifi_is_storable(text: str) -> None:
    assert SecretScanner().kinds(text) == []


def test_a_luhn_valid_run_is_a_card_and_one_digit_off_is_not() -> None:
    assert SecretScanner().kinds("ref 4539 1488 0343 6467") == ["Payment Card Number"]
    assert SecretScanner().kinds("ref 4539 1488 0343 6468") == []


# -- issue 12 point 4: every byte of every line ------------------------------------------------------------

JWT = (
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIn0."
    "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
)
LATE = [
    ("AKIAIOSFODNN7EXAMPLE", "AWS Access Key"),
    ("ghp_abcdefghijklmnopqrstuvwxyz0123456789", "GitHub Token"),
    ("xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx", "Slack Token"),
    (JWT, "JSON Web Token"),
]


@pytest.mark.parametrize(("secret", "kind"), LATE)
@pytest.mark.parametrize("offset", [4_001, 20_000, 32_000])
def test_a_secret_late_in_a_long_line_is_found_and_removed(secret: str, kind: str, offset: int) -> None:
    line = ("lorem ipsum dolor sit amet " * (offset // 27 + 1))[:offset] + " " + secret + " tail"
    assert "\n" not in line and line.index(secret) > 4_000
    scanner = SecretScanner()
    assert kind in scanner.kinds(line)
    redacted = scanner.redact(line)
    assert secret not in redacted and redacted.endswith(f"{REDACTED} tail")


def test_redaction_keeps_the_keyword_and_removes_only_the_value() -> None:
    text = "User: DB_PASSWORD=Sup3rS3cretValue and we use pnpm\nUser: my PIN is 4921, thanks"
    redacted = SecretScanner().redact(text)
    assert redacted == f"User: DB_PASSWORD={REDACTED} and we use pnpm\nUser: my PIN is {REDACTED}, thanks"


def test_a_long_token_found_by_its_start_is_removed_whole() -> None:
    token = "github_pat_11ABCDEFG0" + "x9Y8" * 100  # 400+ characters: longer than any bounded value
    redacted = SecretScanner().redact(f"GITHUB_TOKEN={token} done")
    assert "x9Y8" not in redacted and redacted.endswith(" done")


def test_findings_give_character_spans_of_what_redact_removes() -> None:
    text = "héllo wörld, my PIN is 4921 and AKIAIOSFODNN7EXAMPLE"
    findings = SecretScanner().findings(text)
    assert {(f.kind, text[f.start : f.end]) for f in findings} == {
        ("PIN", "4921"),
        ("AWS Access Key", "AKIAIOSFODNN7EXAMPLE"),
    }


def test_lone_surrogates_and_invalid_text_never_raise() -> None:
    scanner = SecretScanner()
    assert scanner.kinds("tag \ud800 AKIAIOSFODNN7EXAMPLE") == ["AWS Access Key"]
    assert "AKIA" not in scanner.redact("tag \ud800 AKIAIOSFODNN7EXAMPLE")


def test_a_failed_prefilter_runs_every_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    from contextlamp.domain import secret_scan
    from contextlamp.domain.secret_prefilter import Prefilter

    engine = secret_scan._engine()  # pyright: ignore[reportPrivateUsage]

    class GaveUp:  # RE2 reports "out of memory" as an empty result
        def Match(self, text: bytes) -> list[int] | None:
            return None

    patterns = [compiled.rule.pattern for compiled in engine.rules]
    gave_up = dataclasses.replace(engine, prefilter=Prefilter(patterns, lambda _: GaveUp()), keywords=GaveUp())
    monkeypatch.setattr(secret_scan, "_engine", lambda: gave_up)
    assert SecretScanner().kinds("my key is AKIAIOSFODNN7EXAMPLE") == ["AWS Access Key"]
    assert SecretScanner().kinds("dapi0123456789abcdef0123456789abcdef") == ["Databricks API Token"]


def test_the_prefilter_opens_counted_repetitions_and_nothing_else() -> None:
    from contextlamp.domain.secret_re2 import relaxed

    assert relaxed(r"a{3}[x{2}]\p{Z}{1,4}(?:b){0,6}c{2,}\{5}") == r"a+[x{2}]\p{Z}+(?:b)*c+\{5}"
    for rule in SecretScanner.patterns():
        assert not re.search(r"\{\d+(,\d*)?\}", relaxed(rule.pattern)), rule.kind


def test_long_key_material_and_long_jwt_headers_are_removed_whole() -> None:
    import base64
    import json

    body = base64.b64encode(bytes(range(256)) * 3).decode()  # 1,024 characters on a line of its own
    assert body[:40] not in SecretScanner().redact(f"User: here\n{body}\nUser: done")
    header = base64.urlsafe_b64encode(json.dumps({"alg": "RS256", "x5c": ["A" * 600]}).encode()).decode().rstrip("=")
    jwt = f"{header}.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"
    assert "JSON Web Token" in SecretScanner().kinds(f"cookie {jwt}")
