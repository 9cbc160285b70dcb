"""Issue 28 on the paths users take: a stated credential is a secret whatever its value is made of (an all-digit
password, a word passphrase, a list of codes), in any of the languages the slot layer reads; an evasion of a
known format is the known format; save_context refuses naming the kind, save_session and imports keep the rest
of a statement without its secret (or drop it) and report the kind; prose about credentials stays storable."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from contextlamp.app.importing import Importer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.errors import SecretDetectedError

TOKEN = "ghp_Zr8Kq2Lm4Np6Rt1Vx3Bz5Cd7Fh9Jk0Mw2Qs4"  # an invented GitHub token (format: ghp_ + 36 base62)

# (text, the value that must never be stored, the kind a refusal names)
STATED = [
    ("The password for the alarm panel is 80417913", "80417913", "Password"),  # all digits
    ("The door PIN for the server room is 80417", "80417", "PIN"),
    ("Wi-Fi password: amber-otter-lantern-42", "amber-otter-lantern-42", "Password"),  # words
    ("Guest Wi-Fi passphrase: amber-otter-lantern", "amber-otter-lantern", "Password"),
    ("the admin password is sunshine", "sunshine", "Password"),  # one plain word
    ("2FA backup codes for the portal: `uqo9-tz3z`, `utj9-dn6n`, `kx2m-pq7r`", "utj9-dn6n", "Two-Factor Backup Codes"),
    ("Die PIN für die Haustür ist 4711", "4711", "PIN"),
    ("パスワードは「hunter2x」です", "hunter2x", "Password"),
    ("服务器的密码为Lantern42", "Lantern42", "Password"),
    ("비밀번호는 amber42 입니다", "amber42", "Password"),
    ("Wi-Fi şifresi: kehribar-su-42", "kehribar-su-42", "Password"),
]
PROSE = [
    "the password field must accept unicode",
    "The password is required for the billing login.",
    "The password is 12 characters long.",
    "Our password policy: minimum 12 characters.",
    "The PIN is four digits.",
    "The secret is patience.",
    "The token is RS256-signed and verified at the gateway.",
    "Backup codes are shown once at enrollment.",
    "Das Passwort ist falsch, bitte erneut versuchen.",
    "密码是必填项。",
    "The most common password is still 123456.",
    "password: true",
    "Password: ask Priya",
    "The PIN is printed on the card.",
]
EVASIONS = {
    "zero-width": "\u200b".join(TOKEN[i : i + 4] for i in range(0, len(TOKEN), 4)),
    "soft hyphen": "\u00ad".join(TOKEN[i : i + 5] for i in range(0, len(TOKEN), 5)),
    "bidi controls": "\u2066" + TOKEN[:10] + "\u202e" + TOKEN[10:] + "\u2069",
    "Cyrillic look-alikes": TOKEN.replace("K", "К").replace("x", "х").replace("p", "р"),
    "full-width": "".join(chr(ord(c) + 0xFEE0) for c in TOKEN),
    "base64-wrapped": base64.b64encode(TOKEN.encode()).decode(),
    "split over lines": f"`{TOKEN[:20]}\n    {TOKEN[20:]}`",
    "spaced out": " ".join(TOKEN),
}


@pytest.mark.parametrize(("text", "secret", "kind"), STATED)
def test_a_stated_credential_is_refused_whatever_its_value_is_made_of(
    service: MemoryService, alice: Caller, text: str, secret: str, kind: str
) -> None:
    with pytest.raises(SecretDetectedError) as err:
        service.save_context(alice, text)
    assert kind in str(err.value) and secret not in str(err.value)
    assert service.list_context(alice, 10).items == []


@pytest.mark.parametrize("text", PROSE)
def test_prose_about_credentials_stays_storable(service: MemoryService, alice: Caller, text: str) -> None:
    saved = service.save_context(alice, text)
    assert [i.id for i in service.list_context(alice, 10).items] == [saved.id]


@pytest.mark.parametrize("evasion", sorted(EVASIONS))
def test_an_evasion_of_a_known_format_is_the_known_format(evasion: str) -> None:
    text = f"Use this for the deploy job: {EVASIONS[evasion]} thanks"
    scanner = SecretScanner()
    assert "GitHub Token" in scanner.kinds(text)
    redacted = scanner.redact(text)
    assert EVASIONS[evasion] not in redacted and redacted.startswith("Use this for the deploy job: ")


def test_save_context_refuses_an_evaded_key_naming_its_kind(service: MemoryService, alice: Caller) -> None:
    with pytest.raises(SecretDetectedError) as err:
        service.save_context(alice, f"deploy key {EVASIONS['zero-width']}")
    assert "GitHub Token" in str(err.value) and TOKEN[:8] not in str(err.value)


@pytest.mark.parametrize(
    "value",
    [
        "dapi" + "0f3a9c8e7d6b5a4f3e2d1c0b9a8f7e6d",  # Databricks
        "shpss_" + "9f8e7d6c5b4a39281706f5e4d3c2b1a0",  # Shopify
        "dop_v1_" + "7c2e9a4f0b8d1e6a3c5f7b9d2e4a6c8f1b3d5e7a9c0e2f4b6d8a1c3e5f7b9d0a",  # DigitalOcean
        "lin_api_" + "Zr8Kq2Lm4Np6Rt1Vx3Bz5Cd7Fh9Jk0Mw2Qs4Ty6U",  # Linear
        "AGE-SECRET-KEY-1" + "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7LQPZRY9X8GF2TVDW0S3JN54KHCE",  # age
        "https://0f3a9c8e7d6b5a4f3e2d1c0b9a8f7e6d@o412345.ingest.sentry.io/5512345",  # Sentry DSN
    ],
)
def test_vendor_formats_of_the_maintained_ruleset_are_refused(value: str) -> None:
    assert SecretScanner().kinds(f"config: {value}") != []


def test_save_session_keeps_the_durable_rest_and_reports_the_kind(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    transcript = "\n".join(
        [
            'User: Home Wi-Fi: network "Okafor-5G", Wi-Fi password `sunflower-Orbit-2291`',
            "Assistant: Noted.",
            "User: The door PIN for the server room is 80417",
            "User: I also pasted 2FA backup codes for the same portal: `uqo9-tz3z`, `utj9-dn6n`, `kx2m-pq7r`",
            "User: I prefer squash merges on every pull request.",
        ]
    )
    result = service.save_session(alice, transcript)
    assert {"Password", "PIN", "Two-Factor Backup Codes"} <= set(result.secrets_removed)
    store = service.registry.store(alice.principal.user_id)
    texts = [store.get(i.id).content for i in service.list_context(alice, 200).items]  # type: ignore[union-attr]
    assert any("Okafor-5G" in t for t in texts), texts
    assert any("squash" in t for t in texts)
    for path in (tmp_path / "home").rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            for secret in ("sunflower-Orbit-2291", "80417", "uqo9-tz3z", "utj9-dn6n"):
                assert secret.encode() not in data, f"a {len(secret)}-character secret reached {path.name}"


def test_an_imported_record_keeps_its_rest_without_the_secret(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    rows = [
        {"type": "entity", "name": "home", "entityType": "place", "observations": [
            'Home Wi-Fi network is "Okafor-5G", and the Wi-Fi password is amber-otter-lantern-42',
            "The door PIN for the shed is 80417",
            "Bins go out on Thursday evenings",
        ]},
    ]  # fmt: skip
    path = tmp_path / "memory.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    report = Importer(service, service.clock).run("mcp-memory", path, alice.principal)
    assert "amber-otter" not in repr(report) and "80417" not in repr(report)
    store = service.registry.store(alice.principal.user_id)
    texts = [store.get(i.id).content for i in service.list_context(alice, 200).items]  # type: ignore[union-attr]
    joined = "\n".join(texts)
    assert "Okafor-5G" in joined and "Thursday" in joined
    assert "amber-otter-lantern-42" not in joined and "80417" not in joined


def test_scrub_keeps_a_durable_statement_and_drops_a_bare_credential() -> None:
    scanner = SecretScanner()
    kept = scanner.scrub('Home Wi-Fi: network "Okafor-5G", Wi-Fi password `sunflower-Orbit-2291`')
    assert kept.text == 'Home Wi-Fi: network "Okafor-5G"' and kept.kinds == ("Password",)
    assert scanner.scrub("The door PIN for the server room is 80417").text is None
    assert scanner.scrub("Deploys run on Fridays.").text == "Deploys run on Fridays."
