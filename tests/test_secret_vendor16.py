"""A vendored format at a sentence's end is found as the bare token is (vendor16, stop 45, #28)."""

from __future__ import annotations

import pytest

from contextlamp.domain.secret_formats import sentence_end
from contextlamp.domain.secret_scan import SecretScanner

DAPI = "dapi250ac420e857a2451a000b5c437a382f"
HF = "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"
PUL = "pul-" + "3f9c0e4b7a12d58e6b0c9a4f71e2d3b8c5a60f1e"


@pytest.mark.parametrize(
    "text",
    [
        f"Databricks token pro CI je {DAPI}.",
        f"Usa {HF}.",
        f"Did anyone rotate {PUL}?",
        f"(the Pulumi token was {PUL}), then revoked",
        f"Le jeton est {HF} !",
        f"トークンは {DAPI}。",
        f"这个{DAPI}、还能用吗？",
        f"Schlüssel „{HF}“, bitte ersetzen.",
        f"Use {PUL}* for the radio's sync.",
    ],
)
def test_a_vendor_token_closing_a_sentence_is_refused_and_removed(text: str) -> None:
    scanner = SecretScanner()
    assert scanner.kinds(text)
    value = next(v for v in (DAPI, HF, PUL) if v in text)
    assert value not in scanner.redact(text)


def test_a_mark_inside_a_token_still_reads_on() -> None:
    # The boundary is outside the value: a dotted token is not cut at its first dot followed by more token.
    pattern = sentence_end(r"\b(ab\.[a-z.]{3,20})(?:\\?['\"\x60]|[\s;]|\\[nr]|$)")
    import re2  # pyright: ignore[reportMissingTypeStubs]

    match = re2.search(pattern, "x ab.cd.ef.gh. end")
    assert match is not None and match.group(1) == "ab.cd.ef.gh."
    assert re2.search(pattern, "x ab.cd.efXgh") is None  # a mark then a letter is no end
    assert sentence_end(r"\b(ab[0-9]{4})") == r"\b(ab[0-9]{4})"  # no closing boundary group: unchanged
    assert SecretScanner().kinds('{"type": "password", "minLength": 12}') == []  # a quoted key before its colon


@pytest.mark.parametrize(
    "text",
    [
        "MjAyNi0xMi0wN1QwODowMDowMFo= is just base64 for '2026-12-07T08:00:00Z'.",
        "Der Header MTk5OS0xMi0zMSAyMzo1OTo1OQ== ist nur ein Zeitstempel.",
        "Huella de la clave del host: SHA256:VAfYqj4k3TiA6pdwaPD0jiziZKRgbwyYMHb0h57ikUV",
        "Odcisk klucza hosta: MD5:3a:91:0c:5e:77:b2:19:4d:e8:01:fa:6c:23:9b:d4:70",
        "Für Tests nehmen wir die Stripe-Testkarte 4000 0025 0000 3155.",
        "Para pruebas usamos la tarjeta de prueba 4000 0000 0000 0127.",
    ],
)
def test_public_data_beside_credential_words_is_storable(text: str) -> None:
    assert SecretScanner().kinds(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "password: Xk9#mPq2vL7w SHA256:VAfYqj4k3TiA6pdwaPD0jiziZKRgbwyYMHb0h57ikUV",  # a password beside one
        "echo cGFzc3dvcmQxMjM0NTY= | base64 -d",  # base64 of a password, not of a date
        "For tests I used my own card 4539 1488 0343 6467.",  # not a documented test number
    ],
)
def test_secrets_beside_public_data_are_still_refused(text: str) -> None:
    assert SecretScanner().kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Google refresh token pro CI je 1//0OJ-PLP3ZcohWA5sh5rNlcJiqkkBQ-a4Ywv4zEmpDIdAv5aXgBX6dUZkmkdk9fRxxXHSTRTe.",
        "FCM: AAAAtgM2y84:APA91bb4qOgJaW_rYDIUHUU50UyDIvKaSzBIIxZHQITC01MIgnWei98kw8JfUBTh7A4SEZq009wH7GkOFbUu2fX2y9C4"
        "oxlY_Xr_4ufwHWO2k29VE43cZFs5TMwpM80F",
        "De Discord webhook is https://discord.com/api/webhooks/2376084983463733111/5FYfR1ZPESs7Tsuz5TIy6MOTBrpd6j7vY4q"
        "WGxg1D-4Qsdry8QFXdcFkspP4QdYYMyLh",
    ],
)
def test_formats_the_pinned_ruleset_lacks_are_refused(text: str) -> None:
    assert SecretScanner().kinds(text)


def test_a_sign_in_frame_with_only_a_quote_after_it_is_no_value() -> None:
    # The bench's hostile inputs for the widened format rules reached this window (' "') and the scan raised
    # IndexError (integ45 too): a save would have failed instead of being judged.
    from contextlamp.domain.secret_frames import accept_frame_window

    assert accept_frame_window(' "') is False
    assert accept_frame_window(" '' ``") is False
