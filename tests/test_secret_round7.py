"""Round 7 of the secret scanner (issue 28), the format and evasion side: the classes held4 still stored, each
pinned in a general form at the level a user sees it (values, vendors and tools made up here, not the corpus's):

1. evasions no earlier pass undid: JSON/JavaScript ``\\u`` escapes, percent-encoding (once or twice), HTML
   character references (hex, decimal, named), base32, a value cut into groups of four (spaces or dashes), a
   standard library's decoding call around a literal — save_context refuses naming the kind and never the value;
   save_session stores the item with the evaded span removed;
2. passwords given to command-line tools by their own flags (a table with the tools' manuals), Cisco and Redis
   configuration lines;
3. a vendor's unprefixed value (hex, UUID, base64) where its key names a secret; the same value in prose or under
   an identifier's key stays storable;
4. false refusals: cache keys ``<name>-<sha256>``, public keys, checksums and commit hashes are not secrets.
"""

from __future__ import annotations

import base64
import uuid
from pathlib import Path

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.errors import SecretDetectedError

SCANNER = SecretScanner()
TOKEN = "ghp_" + "Wq3Lx8Rt2Nv6Kp1Zs4Hd7Fj0Bm5Cy9Gu2Ae6"  # an invented GitHub-shaped token (ghp_ + 36 base62)
KIND = "GitHub"  # both of the kinds the format layer and our rules name for it start so


def _json_escaped(value: str) -> str:
    return "".join(f"\\u{ord(c):04x}" for c in value)


def _percent(value: str) -> str:
    return "".join(f"%{ord(c):02X}" for c in value)


EVADED = {
    "JSON \\u escapes": '"' + _json_escaped(TOKEN) + '"',
    "JavaScript \\u{} escapes": "".join(f"\\u{{{ord(c):x}}}" for c in TOKEN),
    "percent-encoding": _percent(TOKEN),
    "percent-encoding twice": _percent(TOKEN).replace("%", "%25"),
    "HTML hex references": "".join(f"&#x{ord(c):x};" for c in TOKEN),
    "HTML decimal references": "".join(f"&#{ord(c)};" for c in TOKEN),
    "HTML named and numeric references": "".join("&lowbar;" if c == "_" else f"&#{ord(c)};" for c in TOKEN),
    "base32": base64.b32encode(TOKEN.encode()).decode(),
    "base32 without padding, small letters": base64.b32encode(TOKEN.encode()).decode().rstrip("=").lower(),
    "groups of four": " ".join(TOKEN[i : i + 4] for i in range(0, len(TOKEN), 4)),
    "groups of five by dashes": "-".join(TOKEN[i : i + 5] for i in range(0, len(TOKEN), 5)),
    "a decoding call": f'bytes.fromhex("{TOKEN.encode().hex()}").decode()',
    "a JavaScript decoding call": f"atob('{base64.b64encode(TOKEN.encode()).decode()}')",
}


@pytest.mark.parametrize("name", sorted(EVADED))
def test_save_context_refuses_an_escaped_or_grouped_key_naming_its_kind(
    service: MemoryService, alice: Caller, name: str
) -> None:
    text = f"for the deploy job: {EVADED[name]} (rotate monthly)"
    with pytest.raises(SecretDetectedError) as refused:
        service.save_context(alice, text)
    assert KIND in str(refused.value) and EVADED[name] not in str(refused.value) and TOKEN not in str(refused.value)
    assert service.list_context(alice, 10).items == []


@pytest.mark.parametrize("name", sorted(EVADED))
def test_redaction_removes_the_evaded_form_as_written(name: str) -> None:
    text = f"for the deploy job: {EVADED[name]} (rotate monthly)"
    redacted = SCANNER.redact(text)
    assert redacted.startswith("for the deploy job: ") and redacted.endswith("(rotate monthly)"), redacted
    assert EVADED[name] not in redacted
    leftover = redacted[len("for the deploy job: ") : -len("(rotate monthly)")]
    assert sum(c.isalnum() for c in leftover.replace("[secret removed]", "")) <= 2, leftover  # no tail kept


def test_save_session_keeps_the_statement_without_the_escaped_span(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    escaped = _percent("Tr0ub4dor-88x")
    json_escaped = EVADED["JSON \\u escapes"]
    transcript = "\n".join(
        [
            "User: Our cache server is cache-7.lan, connect with `redis-cli -h cache-7.lan -a Tr0ub4dor-88x ping`",
            f"User: The deploy job reads its token from the CI settings, currently {json_escaped}",
            f"User: Staging login URL is https://stage.example.dev/login?user=ops&pass={escaped}",
            "User: I prefer squash merges on every pull request.",
        ]
    )
    result = service.save_session(alice, transcript)
    assert result.secrets_removed, result
    store = service.registry.store(alice.principal.user_id)
    texts = [store.get(i.id).content for i in service.list_context(alice, 200).items]  # type: ignore[union-attr]
    assert any("cache-7.lan" in t for t in texts), texts
    assert any("squash" in t for t in texts), texts
    for path in (tmp_path / "home").rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            for secret in ("Tr0ub4dor-88x", escaped, TOKEN, _json_escaped(TOKEN)[:60]):
                assert secret.encode() not in data, f"a {len(secret)}-character secret reached {path.name}"


@pytest.mark.parametrize(
    "text",
    [
        "GET /search?q=hello%20world&lang=en%2Dgb",
        "Use &lt;b&gt; and &amp; in the template; &#169; 2026 Acme",
        '{"msg": "caf\\u00e9 au lait \\u2014 \\u00bd price"}',
        "Call 0044 7911 1234 5678 before noon",
        "Card ending 4242, IBAN DE89 3704 0044 0532 0130 00 for the refund",
        "we have four good dogs here that bark a lot",
        "versions v1.2 v1.3 v1.4 v1.5 v1.6 are supported",
        'print(bytes.fromhex("48656c6c6f2c20776f726c6421").decode())',
        "The backup ran at 2026-12-06 and the MFRGGZDF job too",
    ],
)
def test_escaped_or_grouped_ordinary_text_is_storable(text: str) -> None:
    assert SCANNER.kinds(text) == [], text


# -- 2. command-line tools and configuration lines ------------------------------------------------------------

TOOL_LINES = [
    ("redis-cli -h kv.lan -p 6380 -a Plover-7731 --scan", "Plover-7731"),
    ("ipmitool -I lanplus -H 10.9.8.7 -U root -P Quartz!Hen5 sensor list", "Quartz!Hen5"),
    ('sqlcmd -S db7 -U etl -P "Wren 4471" -d stage', "Wren 4471"),
    ("mongosh mongodb://m1.lan --username app -p Gannet_0932", "Gannet_0932"),
    ("smbclient //fs1/media -U kiosk%Heron-Pike-55", "Heron-Pike-55"),
    ("sshpass -p 'Larch#2201' ssh deploy@web3", "Larch#2201"),
    ("htpasswd -bc /etc/nginx/.htpasswd grafana Ibis-9032", "Ibis-9032"),
    ("C:\\> net user kiosk Oriole77x /add", "Oriole77x"),
    ("enable secret 0 Marten!Fox42", "Marten!Fox42"),
    ("username ops privilege 15 secret 0 Vole-Ash-19", "Vole-Ash-19"),
    ("docker login registry.lan -u ci -p Skua4419zz", "Skua4419zz"),
    ("ldapsearch -x -D cn=admin,dc=lan -w Tern-6610 -b dc=lan", "Tern-6610"),
    ("zip -P Eider5521 backup.zip notes.txt", "Eider5521"),
    ("7z a -pKiwi!8890 vault.7z docs", "Kiwi!8890"),
    ("mosquitto_sub -h mq.lan -u probe -P Auk-3390 -t '#'", "Auk-3390"),
    ("snmpwalk -v2c -c Petrel7781 10.0.0.9", "Petrel7781"),
    ("sqlplus scott/Shrike44x@orclpdb", "Shrike44x"),
    ("vault operator unseal 4xYqLm9Rt2Vb7Nc1Kd8Pf3Hs6Jw0Qe5Zu=", "4xYqLm9Rt2Vb7Nc1Kd8Pf3Hs6Jw0Qe5Zu="),
    ("requirepass Dipper-2208", "Dipper-2208"),
]


@pytest.mark.parametrize(("text", "secret"), TOOL_LINES)
def test_save_context_refuses_a_password_given_to_a_tool(
    service: MemoryService, alice: Caller, text: str, secret: str
) -> None:
    with pytest.raises(SecretDetectedError) as refused:
        service.save_context(alice, text)
    assert "Password" in str(refused.value) and secret not in str(refused.value)
    assert secret not in SCANNER.redact(text)


@pytest.mark.parametrize(
    "text",
    [
        "redis-cli -h kv.lan -p 6380 info",
        "mysql -h db.lan -P 3306 -u report",
        "docker run -p 8080:80 -d nginx",
        "ipmitool -I lanplus -H 10.9.8.7 -p 623 power status",
        "zip -r backup.zip notes/",
        "in mongosh, -p prompts for the password when given no value",
        "the net user growth was strong this quarter",
        "sshpass -p $SSHPASS ssh deploy@web3",
        "smbclient //fs1/media -U kiosk",
        "net user kiosk /delete",
        "snmpwalk -v2c -c public 10.0.0.9",
    ],
)
def test_tool_lines_without_a_password_are_storable(text: str) -> None:
    assert SCANNER.kinds(text) == [], text


# -- 3. vendor values a key names --------------------------------------------------------------------------------

HEX32 = "7d0c5b2e9a4f18c3b6e2d7a0f5c9e41b"
UUID4 = str(uuid.UUID("3f1c9a2e-7b4d-4e8a-9c6f-1d2e3a4b5c6d"))


@pytest.mark.parametrize(
    "text",
    [
        f'{{"host": "api.lan", "apiToken": "{HEX32}"}}',
        f"ALGOLIA_ADMIN_KEY: {HEX32}",
        f"SCW_SECRET_KEY={UUID4}",
        f"mailjet:\n  apiKeyPrivate: {HEX32}",
        "Unseal Key 3: " + base64.b64encode(bytes(range(7, 39))).decode(),
        f"LINODE_CLI_TOKEN={HEX32}{HEX32}",
    ],
)
def test_an_unprefixed_vendor_value_under_a_secret_key_is_refused(
    service: MemoryService, alice: Caller, text: str
) -> None:
    with pytest.raises(SecretDetectedError):
        service.save_context(alice, text)


@pytest.mark.parametrize(
    "text",
    [
        f"request {UUID4} failed with a 502",
        f"The build at {HEX32} passed",
        f"idempotency_key: {UUID4}",
        f'"nextPageToken": "{UUID4}"',
        f"CACHE_KEY={HEX32}",
        f"tenant_id: {UUID4}",
    ],
)
def test_the_same_values_in_prose_or_under_an_identifiers_key_are_storable(text: str) -> None:
    assert SCANNER.kinds(text) == [], text


# -- 4. false refusals ---------------------------------------------------------------------------------------------

SHA256 = "9b74c9897bac770ffc029102a200c5de1f0e2f8c7e9d4d3b1f0a2e4c6b8d0f12"


@pytest.mark.parametrize(
    "text",
    [
        f"The build cache key is pipeline-{SHA256}.",
        f"restored node-modules-{SHA256} from the cache",
        f"ci-cache-linux-{SHA256[:40]} was evicted",
        "Public key for release signing: RWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3",
        f"checksum: {SHA256}",
        f"sha256sum: {SHA256}  contextlamp.tar.gz",
        f"commit {SHA256[:40]} fixed the flaky test",
    ],
)
def test_cache_keys_public_keys_and_checksums_are_stored(service: MemoryService, alice: Caller, text: str) -> None:
    saved = service.save_context(alice, text)
    assert [i.id for i in service.list_context(alice, 10).items] == [saved.id]
