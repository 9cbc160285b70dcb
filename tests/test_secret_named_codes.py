"""Stated codes by their name in any language (stop 49, #28): a code noun in a compound or phrase, a separator mark,
digits of any script; and public codes ("the zip code for the office is 94110") stay storable."""

from __future__ import annotations

import pytest

from contextlamp.domain.secret_normal import normalise_for_scan
from contextlamp.domain.secret_scan import SecretScanner


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Schreib dir das auf: Handy-Code in der Hütte → 867382", "867382"),
        ("item;value\nkapukód;*5207*", "5207"),
        ('{"note": "für die Hütte", "SIM卡PUK码": "82500088"}', "82500088"),
        ("| | |\n|---|---|\n| รหัสประตูรั้ว | *3337* |", "3337"),
        ("* код розблокування телефона\n     * 582825", "582825"),
        ("Q: what's the SIM PUK at the cabin?  A: 46527432", "46527432"),
    ],
)
def test_a_code_under_a_compound_or_phrase_name_is_refused_and_removed(
    scanner: SecretScanner, text: str, value: str
) -> None:
    assert "PIN" in scanner.kinds(text)
    assert value not in scanner.redact(text)


def test_a_code_in_the_language_s_own_digits_is_refused(scanner: SecretScanner) -> None:
    text = "নিরাপদ কোথাও লিখে রাখো: বাগানবাড়িতে ফোনের পাসকোড → ৩৮৫৫৬৫"
    assert scanner.kinds(text)
    assert "৩৮৫৫৬৫" not in scanner.redact(text)
    thai = "แจ้งไว้นะ: รหัสประตูรั้วที่บ้านสวนเปลี่ยนเป็น *๕๗๓๕ หลังเกิดเหตุ"
    assert scanner.kinds(thai)
    assert "๕๗๓๕" not in scanner.redact(thai)


def test_script_digits_are_read_as_ascii_digits_and_map_back() -> None:
    normal = normalise_for_scan("PIN ٤٨٢١ / ४८२१ / ๔๘๒๑")
    assert normal.text == "PIN 4821 / 4821 / 4821"
    assert normal.original_span(4, 8) == (4, 8)


@pytest.mark.parametrize(
    "text",
    [
        "The zip code for the office is 94110",
        "The postal code for the office is 94110.",
        "94110 is the zip code for the office",
        "Error code: 1603",
        "Fehlercode: 1603",
        "Kod pocztowy: 31042",
        "Barcode: 4006381333931",
        "| Code | Description |\n|---|---|\n| 404 | Not found |",
        "The code review is at 10:30",
        "Gate code changed on: 2025-10-14",
        "OTP codes are generated with TOTP as in RFC 6238.",
        "仓库的邮政编码是100010。",
        "รหัสไปรษณีย์ของโกดังคือ 50200",
        "アップデート後にエラーコードE-4021が出ます。",
    ],
)
def test_public_codes_and_code_mentions_stay_storable(scanner: SecretScanner, text: str) -> None:
    assert scanner.kinds(text) == []


def test_the_code_for_a_door_is_still_a_pin(scanner: SecretScanner) -> None:
    for text in (
        "The code for the office is 4411",
        "Note: code for the gate is 4411",
        "Our code for the side gate is 5521",
    ):
        assert scanner.kinds(text) == ["PIN"], text


@pytest.mark.parametrize(
    "text",
    [
        "Our code review run on Thursdays (note 0-17, owner-u0)",
        "The code freeze starts in sprint 214.",
        "Code owners for the payments repo are listed in team 3051.",
        "Die Code-Review ist am Donnerstag in Raum 214.",
        "La revue de code a lieu dans la salle 214.",
        "Code generation for the SDK runs in job 5521.",
        "The code path for retries hits line 1443.",
        "Pin the chart to revision 1042.",
    ],
)
def test_developer_prose_that_names_code_then_a_number_stays_storable(scanner: SecretScanner, text: str) -> None:
    """A memory server's users write "code" all day: a number later in the sentence (a sprint, a room, a line, a
    job) is not the code's value. A stop-49 rule that read any clause-final number after a code noun refused 8 of
    these (and research/bench/load.py's saves, which CI caught)."""
    assert scanner.kinds(text) == []
