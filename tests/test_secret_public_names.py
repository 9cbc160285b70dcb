"""Stop 49 (#28): values public under any label by what they are (domain/secret_public_names.py): a JWT whose
payload says ``"role": "anon"`` (Supabase's anon key), a stored secret's ARN or name; and Flutterwave's public key
(left out of the vendored ruleset as public by design). Their secret counterparts stay refused."""

from __future__ import annotations

import base64
import json
import time

import pytest

from contextlamp.domain.secret_public_names import anon_jwt
from contextlamp.domain.secret_scan import SecretScanner

SIGNATURE = "uJubvsMUIBU5pv9Po2OyEovdqtowt05ybvfaJl6YMCM"


def _jwt(claims: dict[str, object], spaced: bool = False) -> str:
    def part(obj: dict[str, object]) -> str:
        text = json.dumps(obj) if spaced else json.dumps(obj, separators=(",", ":"))
        return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")

    return f"{part({'alg': 'HS256', 'typ': 'JWT'})}.{part(claims)}.{SIGNATURE}"


ANON = _jwt({"iss": "supabase", "ref": "qwertyuiopasdfghjklz", "role": "anon", "iat": 1717000000, "exp": 2032576000})
SERVICE = _jwt(
    {"iss": "supabase", "ref": "qwertyuiopasdfghjklz", "role": "service_role", "iat": 1717000000, "exp": 2032576000}
)

PUBLIC = [
    f"Supabase anon key is public by design: {ANON}",
    f"SUPABASE_ANON_KEY={ANON}",
    f"const supabase = createClient('https://qwertyuiopasdfghjklz.supabase.co', '{ANON}')",
    f"Der anon-Schlüssel ist {_jwt({'iss': 'supabase', 'role': 'anon', 'ref': 'abc'}, spaced=True)}.",
    "Store the ARN arn:aws:secretsmanager:eu-west-1:824063593100:secret:prod/db-NT0U3G in the task definition.",
    '"valueFrom": "arn:aws:secretsmanager:us-east-1:123456789012:secret:shop/api-AbC123:apiKey::"',
    "password_arn = arn:aws:secretsmanager:eu-central-1:210987654321:secret:choir/smtp-Zx9Qw1",
    "secretRef: projects/481516234200/secrets/db-password/versions/latest",
    "@Microsoft.KeyVault(SecretUri=https://shop-kv.vault.azure.net/secrets/db-password/0123456789abcdef0123456789abcdef)",
    "Flutterwave public key FLWPUBK_TEST-5f088d8823d939f05f0147c2d343090c-X is the one for the inline widget.",
    "FLW_PUBLIC_KEY=FLWPUBK-d2b6832e28c8c1fcdb897c6e9c2ed613-X",
]
SECRET = [
    f"SUPABASE_SERVICE_ROLE_KEY={SERVICE}",
    f"Supabase service role key: {SERVICE}",
    f"the token is {_jwt({'sub': 'choir-admin', 'iat': 1717000000})}",  # no role claim
    f"the token is {_jwt({'user': {'role': 'anon'}, 'sub': 'x1'})}",  # anon only nested, not the token's role
    f"Bearer {_jwt({'role': 'authenticated', 'sub': '8d1c2a3b'})}",
    # a password beside a stored secret's ARN is still a password
    "arn:aws:secretsmanager:eu-west-1:824063593100:secret:prod/db-NT0U3G, password: Hunter2-Walrus!9",
    "FLWSECK_TEST-5f088d8823d939f05f0147c2d343090c-X",
    "FLW_SECRET_KEY=FLWSECK-d2b6832e28c8c1fcdb897c6e9c2ed613-X",
]


@pytest.mark.parametrize("text", PUBLIC)
def test_public_names_are_storable(scanner: SecretScanner, text: str) -> None:
    assert scanner.kinds(text) == []


@pytest.mark.parametrize("text", SECRET)
def test_their_secret_twins_stay_refused(scanner: SecretScanner, text: str) -> None:
    assert scanner.kinds(text)


def test_anon_jwt_reads_the_role_claim_only() -> None:
    assert anon_jwt(ANON)
    assert not anon_jwt(SERVICE)
    assert not anon_jwt(ANON + ".extra")
    assert not anon_jwt("eyJhbGciOiJIUzI1NiJ9.eyJub3QganNvbg.sig")  # a payload that is no JSON


def test_runs_of_jwt_characters_scan_in_linear_time(scanner: SecretScanner) -> None:
    prose = "The anon key sits in the page source and the service key stays on the server. " * 2500
    hostile = ("eyJ" + "a" * 17 + ".") * 10000  # a JWT opener never closed, 200 KB
    arns = "arn:aws:secretsmanager:eu-west-1:1:secret:" * 4800

    def cost(text: str) -> float:
        best = float("inf")
        for _ in range(2):
            start = time.process_time()
            scanner.kinds(text)
            best = min(best, time.process_time() - start)
        return best

    base = cost(prose[: len(hostile)])
    assert cost(hostile) < 10 * base
    assert cost(arns) < 10 * base


@pytest.mark.parametrize(
    "text",
    [
        "The dataset is pinned at ipfs://bafybeianoacf4mblroituyf6fwdantdjpdwogdmu5oz2lumwtonkz53vv2.",
        "The build output lives at /nix/store/cvi25g1723q9bq67xznf43fgcg1yra37-openssl-3.0.10.",
    ],
)
def test_public_paths_survive_the_transcript_redaction(scanner: SecretScanner, text: str) -> None:
    # the import and save_session remove key material too (redact-only rules): a CID after its scheme's
    # slashes and a Nix store path are public, not key material
    assert scanner.redact(text) == text


def test_key_material_after_slashes_is_still_removed(scanner: SecretScanner) -> None:
    text = "x //AbC9xYz+q8Lm2Pn4Rt6Vw8Xy0Za1Bc3De5Fg7Hi9Jk/bafybeianoacf4mblroituyf6fwdantdjpdwogdmu5oz2lumwtonkz53vv2"
    assert "AbC9xYz" not in scanner.redact(text)


@pytest.mark.parametrize(
    "text",
    [
        "docker run -e DB_ARN=arn:aws:secretsmanager:us-east-1:123456789012:secret:prod-db,DB_PASSWORD=Hx9-kq2Lw8zP4t",
    ],
)
def test_a_password_glued_to_an_arn_is_still_refused(scanner: SecretScanner, text: str) -> None:
    """The name of a stored secret is public, not what is written after it: an ARN's span stops at ',' and '='
    (where the next assignment starts)."""
    assert scanner.kinds(text)
