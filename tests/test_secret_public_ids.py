"""Stop 47 (#28): identifiers their vendors document as public, named by their noun, are storable; their secret
counterparts, and any value whose own bytes carry a secret format, stay refused (domain/secret_public_ids.py)."""

from __future__ import annotations

import time

import pytest

from contextlamp.domain.secret_scan import SecretScanner

PUBLIC = [
    "Heroku app id: 7d1f4c2e-9b3a-4e8f-a6c1-2f0e9d8b7a65 (bakery-staging).",
    "Twilio account SID AC3f9e2d1c0b4a5968778695a4b3c2d1e0 is on the billing page.",
    "Fastly service ID Zq8Xw2Lm9Pk4Rt7Yv3Nb1c serves the museum site.",
    "Algolia search-only API key 4f7e9a2b1c3d5e6f8a9b0c1d2e3f4a5b is the one the browser uses.",
    "ALGOLIA_APP_ID=QX7T2M9KLP",
    "NEXT_PUBLIC_ALGOLIA_SEARCH_KEY=4f7e9a2b1c3d5e6f8a9b0c1d2e3f4a5b",
    "reCAPTCHA site key 6LcQ2pMaAAAAAJ7x9Lk3vWq8Zr4Tn1Yb6Hd0Fs2E on the signup form.",
    "Die Client-ID der Azure-App lautet 3c9f1e7a-2b4d-4a8e-9f6c-1d2e3b4a5c6f.",
    "L'identifiant client Google est 428193756021-k3j9f8d7s6a5q4w3e2r1t0y9u8i7o6p5.apps.googleusercontent.com.",
    "LaunchDarkly client-side ID: 64f1c2d3e4b5a6978812ab34",
    # a vendor whose name holds a credential word with a digit after it ("Auth0") is a name, not "auth"
    "The Auth0 client ID for the SPA is yZ9qLm2VbX4rT7wP1sK8nD3hF6jC0aEe.",
]
SECRET = [
    "Heroku API key: 7d1f4c2e-9b3a-4e8f-a6c1-2f0e9d8b7a65",
    "Twilio auth token 3f9e2d1c0b4a5968778695a4b3c2d1e0 for the SMS job.",
    "Fastly API token: Zq8Xw2Lm9Pk4Rt7Yv3Nb1cQe5Ha0Gj6U",
    "Algolia admin API key 4f7e9a2b1c3d5e6f8a9b0c1d2e3f4a5b is for the indexing job.",
    "ALGOLIA_ADMIN_KEY=4f7e9a2b1c3d5e6f8a9b0c1d2e3f4a5b",
    "reCAPTCHA secret key 6LcQ2pMaAAAAAB8y0Mm4wXr9As5Uo2Zc7Ie1Gt3F for the server check.",
    "Das Client-Secret der Azure-App lautet Xy8~Qw2.Er4Ty6Ui8Op0As2Df4Gh6Jk8Lz0Xc2Vb.",
    # a public noun does not launder a value whose own bytes are a secret format
    "publishable key: sk_live_4eC39HqLyjWDarjtT1zdp7dc",
    "client ID ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R",
    # a credential word before the noun or in the gap makes it the credential's context
    "The password for the client ID: Zq8Xw2Lm9Pk4!",
    "Twilio account SID and auth token: 3f9e2d1c0b4a5968778695a4b3c2d1e0",
    # the account SID joined to its token is the credential (basic auth)
    "TWILIO=AC3f9e2d1c0b4a5968778695a4b3c2d1e0:5a4a9f133bca42fd550d643ad3254f17",
    "Auth0 client secret: yZ9qLm2VbX4rT7wP1sK8nD3hF6jC0aEeQx7Lp2Vb9Tn4Wk1Rz8Ms",
    "auth client id: yZ9qLm2VbX4rT7wP1sK8nD3hF6jC0aEe",
    '<env name="BLOCKFROST_PROJECT_ID" value="mainnetQ2w3E4r5T6y7U8i9O0p1A2s3D4f5G6h7" />',
]


@pytest.mark.parametrize("text", PUBLIC)
def test_a_public_id_named_by_its_noun_is_storable(scanner: SecretScanner, text: str) -> None:
    assert scanner.kinds(text) == []


@pytest.mark.parametrize("text", SECRET)
def test_the_secret_counterpart_stays_refused(scanner: SecretScanner, text: str) -> None:
    assert scanner.kinds(text) != []


def _cpu(scanner: SecretScanner, text: str) -> float:
    best = float("inf")
    for _ in range(2):
        start = time.thread_time()
        scanner.kinds(text)
        best = min(best, time.thread_time() - start)
    return best


@pytest.mark.parametrize(
    "unit", ["app id ", "client ID: Zq8Xw2Lm9Pk4Rt7Yv3Nb1c ", "search-only API key secret ", "ALGOLIA_APP_ID=\n"]
)
def test_public_nouns_repeated_scan_in_linear_time(scanner: SecretScanner, unit: str) -> None:
    size = 128 * 1024
    plain = "The quick brown fox jumps over the lazy dog while the team reviews the release notes. "
    prose = (plain * (size // len(plain) + 1))[:size]
    hostile = (unit * (size // len(unit) + 1))[:size]
    base = _cpu(scanner, prose)
    assert _cpu(scanner, hostile) <= 10 * base + 0.005
