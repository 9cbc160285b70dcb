"""#28, stop 45 (formats15): a value cut by layout (YAML block and plain scalar lines, quoted-string arrays, the last
field of CSV/TSV rows) or grouped by marks (one width between dots, dashes, colons, middle dots, tabs, spaced dashes)
is read again as one value; public data is told by what it is (SOPS ciphertext, PostHog project keys, IPNS names,
OCIDs, a public key "is", base64 of an image or of a JWT header); beside ordinary text of the same shape that stays
storable (lists of ids, columns of hashes, fingerprints, card numbers and licence keys in groups).
"""

from __future__ import annotations

import base64

import pytest

from contextlamp.domain.secret_scan import SecretScanner

SCANNER = SecretScanner()
NPM = "npm_" + "Y2jHedtbyo90dPW6r3JnwwZZUzxo0mlrwvM4"  # an npm token shape (made up)
APIFY = "apify_api_" + "5dEsrdgdUWZpr9pS9aDQWguRyOJQk0S31Exw"  # an Apify token shape (made up)
CHOSEN = "V5%tlHU_QFXh2pHL"  # a chosen password: four classes of character
B64KEY = "qMsQV4u2naV9FMUZfnqNhKph4AV9HmfDopo9OfdNT+Q="  # 32 bytes in base64 (made up)


def _pieces(value: str, n: int) -> list[str]:
    return [value[i : i + n] for i in range(0, len(value), n)]


def _every(value: str, n: int, sep: str) -> str:
    return sep.join(_pieces(value, n))


REFUSED = [
    pytest.param(f"hdbuserstore SET BACKUP hana01:30015 SYSTEM {CHOSEN}", CHOSEN, id="hdbuserstore"),
    pytest.param(f"prosodyctl register keeper lighthouse.example {CHOSEN}", CHOSEN, id="prosodyctl"),
    pytest.param(f"steamcmd +login ferryops {CHOSEN} +app_update 740 +quit", CHOSEN, id="steamcmd"),
    pytest.param(f"pihole -a -p {CHOSEN}", CHOSEN, id="pihole"),
    pytest.param(f"mc alias set nas http://nas.lan:9000 keeper {CHOSEN}", CHOSEN, id="minio-mc-alias"),
    pytest.param(f"java -jar jenkins-cli.jar -s https://ci/ -auth keeper:{CHOSEN} list-jobs", CHOSEN, id="jenkins"),
    pytest.param(f"/msg NickServ IDENTIFY {CHOSEN}", CHOSEN, id="nickserv"),
    pytest.param(f"CREATE USER 'ferry'@'%' IDENTIFIED BY '{CHOSEN}';", CHOSEN, id="sql-identified-by"),
    pytest.param(f"replace: olcRootPW\nolcRootPW: {CHOSEN}", CHOSEN, id="ldif-olcrootpw"),
    pytest.param("cred: >-\n" + "\n".join("  " + p for p in _pieces(NPM, 12)), NPM, id="yaml-folded"),
    pytest.param(
        "ci:\n  upload:\n    blob: |\n" + "\n".join("      " + p for p in _pieces(APIFY, 10)),
        APIFY,
        id="yaml-literal-nested",
    ),
    pytest.param("blob:\n" + "\n".join("    " + p for p in _pieces(NPM, 14)), NPM, id="yaml-plain-lines"),
    pytest.param('"parts": [' + ", ".join(f'"{p}"' for p in _pieces(NPM, 8)) + "]", NPM, id="json-array"),
    pytest.param("parts = [\n" + ",\n".join(f"  '{p}'" for p in _pieces(APIFY, 9)) + "\n]", APIFY, id="array-lines"),
    pytest.param("idx;piece\n" + "\n".join(f"{i};{p}" for i, p in enumerate(_pieces(NPM, 8), 1)), NPM, id="csv-rows"),
    pytest.param("n\tpart\n" + "\n".join(f"{i}\t{p}" for i, p in enumerate(_pieces(APIFY, 10), 1)), APIFY, id="tsv"),
    pytest.param(f"paste for later\n{_every(APIFY, 5, '.')}", APIFY, id="dotted-groups"),
    pytest.param(f'let upstream = "{_every(APIFY, 5, chr(0x2013))}"', APIFY, id="en-dash-groups"),
    pytest.param(f'upstream = "{_every(NPM, 6, chr(9))}"', NPM, id="tab-groups"),
    pytest.param(f"upstream {_every(NPM, 4, ' - ')}", NPM, id="spaced-dash-groups"),
    pytest.param(f"[Peer]\nPresharedKey = {_every(B64KEY, 5, chr(0x2013))}", B64KEY, id="labelled-key-in-groups"),
    pytest.param(
        "paste for later\ncred: >-\n" + "\n".join("  " + p for p in _pieces(CHOSEN, 6)),
        CHOSEN,
        id="password-cut-over-yaml-lines",
    ),
    pytest.param(
        f"db_password: {CHOSEN}\napi: ENC[AES256_GCM,data:abcd,iv:{'A' * 43}=,tag:{'B' * 22}==,type:str]",
        CHOSEN,
        id="a-password-beside-sops",
    ),
    pytest.param(
        "PostHog personal key phx_01RPYkrWAaOTMf5VVF6GRjnfq3ye9mnz2aZgTV9GIVgaa",
        "phx_01RPYkrWAaOTMf5VVF6GRjnfq3ye9mnz2aZgTV9GIVgaa",
        id="posthog-personal-key",
    ),
]


@pytest.mark.parametrize(("text", "secret"), REFUSED)
def test_a_value_cut_by_layout_or_grouped_is_refused_and_removed(text: str, secret: str) -> None:
    assert SCANNER.kinds(text)
    kept = SCANNER.redact(text)
    for piece in (secret[:5], secret[-4:]):
        assert piece not in kept


SOPS = (
    "ENC[AES256_GCM,data:0e5YdOk73XAfDea3P83Z1Ea5,iv:1DdsJxhmx1kV5HWfHY4zIhP/77eUHoP0r7KJR4B9mbr="
    ",tag:O8SducY6Fu4EPZuTJS7HWF==,type:str]"
)
PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(7, 67, 1))).decode()
STORABLE = [
    "steamcmd +login anonymous +app_update 740 +quit",
    "pihole -a -p",
    "see pk-lf-5d0c9e1a-3b7f-4c2d-9a8e-1f6b2c3d4e5a in the logs",
    '"integrity": "sha512-taeAjAUlvPAty7LhWRij7tt0P34eyufCOGKq2pgddiHvL5mBaGHSYSyWOUxX+cyK+Cl6u7MTle+OUm+9rW+ZEg=="',
    "Use /msg NickServ IDENTIFY to log in.",
    "The user is identified by their email address.",
    "olcRootPW: {SSHA}Xk9mQ2vLp7wRtAbCdEf",
    "ids:\n  - 9fceb02d0ae5\n  - 1a2b3c4d5e6f\n  - 77aa88bb99cc",
    "hashes:\n  9fceb02d0ae54f1a\n  1a2b3c4d5e6f7a8b\n  77aa88bb99cc00dd",
    '"tags": ["alpha", "beta", "gamma", "delta"]',
    '"ids": ["9fceb02d", "1a2b3c4d", "77aa88bb", "0e5ydok7"]',
    "commit,author\n9fceb02d0ae54f1a2b3c,ana\n1a2b3c4d5e6f7a8b9c0d,ben",
    "The PGP key fingerprint is BE97 0EB7 24E7 9CA4 091A 264A C86A CA75 9C43 24CC; it's on the keyserver.",
    "Use the test card 4242 4242 4242 4242 with any future expiry.",
    "The licence number on the invoice is R3YUA-MOS35-3U79I-MPAFO, for the room-booking software.",
    "The invoice goes to IBAN DE89 3704 0044 0532 0130 00.",
    "The game went e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 before the keeper resigned.",
    "Coordinates RA 16h 58m 18.5s, Dec -50° 53′ for the comet.",
    "The release is v2.14.3.1 and the build 2026.12.07.45.",
    f"The SOPS file stores it as {SOPS}, which is safe to commit.",
    f"db_password: {SOPS}",
    "PostHog project key phc_01RPYkrWAaOTMf5VVF6GRjnfq3ye9mnz2aZgTV9GIVg is meant to sit in the page source.",
    "IPNS name for the seed list: k51qzi5uqu5d1119axipt0n9shydqricc3ykgywr9q4td7ftgcqh191jquy7z0",
    "The OCID of the bucket is ocid1.bucket.oc1.eu-frankfurt-1."
    "0nijnawwt1hizj4itpc7few1i2tqgohkdt6c31yob6pjcc9ciqgt7gcy0pob.",
    "The minisign public key for releases is RWQ61tkXHh1QmKJgtpi1KQeBal2hDlYHytvIjmggzRggYIwvD1JFabBz",
    "The string eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 is just base64 for the JWT header.",
    "dXNlcl9pZCxjcmVhdGVkX2F0LHBsYW4= is only base64 of a CSV header.",
    f"favicon bytes, base64: {PNG}",
    "-----BEGIN CERTIFICATE-----\nYUjwxkwW47x3Q+rta4wHuWyYUf0gtZLK0oR9ScRmXecz94v7DNOKoDgw8yHblZjX\n"
    "-----END CERTIFICATE-----",
]


@pytest.mark.parametrize("text", STORABLE)
def test_ordinary_text_of_the_same_shape_stays_storable(text: str) -> None:
    assert SCANNER.kinds(text) == []
