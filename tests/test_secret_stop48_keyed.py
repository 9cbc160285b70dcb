"""Issue #28, stop 48: a recovery key or a passphrase named by its class in any language is refused, and its value
removed: a recovery key by its shape beside its noun (before or after it), a passphrase of plain words after a
colon or a copula. A sentence that names the same credential without a value stays storable (also the look-alikes
of rules measured and reverted this stop: parentheses, answers, relative clauses). Found by breaker47's blind set
(recovery keys 42 of 49 stored, passphrases 34 of 56)."""

from __future__ import annotations

import pytest

from contextlamp.domain.secret_scan import SecretScanner

SCANNER = SecretScanner()

STATED = {
    "en key after words": (
        "The recovery key of the office NAS, in case the disk locks: Q7RT-2KPX-M9WD-4HZL-8VNC",
        "2KPX",
    ),
    "de BitLocker": (
        "Wiederherstellungsschlüssel vom Dienstlaptop: 402171-338910-552013-104533-670296-218845-093467-551562",
        "552013",
    ),
    "es key first": ("HX4P-93KD-ZQ7M-2WLE-R8TN es la clave de recuperación del portátil de Lucía", "ZQ7M"),
    "sv key in parentheses": ("Starta om datorn (återställningsnyckel 7710-KQ3M-PL9X-2RZT-W8DN) och vänta.", "PL9X"),
    "tr key": ("Ofis dizüstünün kurtarma anahtarı şu: 5MZQ-81TX-KD3P-QW7R-2HLV-9NCE", "KD3P"),
    "ar key": ("مفتاح الاسترداد لحاسوب المكتب: T3KW-88QZ-LM2P-R7XD-4HNV", "LM2P"),
    "he key first": ("P2XM-7KQD-84RT-ZW3L-9HNC זה מפתח השחזור של המחשב במשרד", "84RT"),
    "ru passphrase colon": ("Парольная фраза от архива: copper meadow thistle orbit", "meadow"),
    "he passphrase colon": ("משפט סיסמה של הארכיון: copper meadow thistle orbit", "thistle"),
}

ABOUT = {
    "en key kept": "I printed the recovery key for the office NAS and put it in the safe with 4 other papers.",
    "en key id": "The recovery key ID is shown as 8-4-4-4-12 hex, e.g. 1A2B3C4D-1A2B-1A2B-1A2B-1A2B3C4D5E6F.",
    "de key words": "Der Wiederherstellungsschlüssel hat acht Gruppen aus sechs Ziffern, sagt der Support.",
    "en serial without noun": "The serial number of the printer is X7QP-2KDM-9WLZ-4RTN, ask IT about the toner.",
    "en manager in parentheses": "Use the company vault (password manager) for all logins.",
    "en PIN state in parentheses": "The form (PIN required) is on the second page.",
    "nl postcode in parentheses": "Het kantoor (postcode 1012) ligt vlak bij het station.",
    "en passphrase words in parentheses": "Pick a long one (passphrase of four random words) for the archive.",
    "en answer kept": "The answer to the security question is stored in the family vault.",
    "en question itself": "The security question is the name of my first pet.",
    "en answer who": "The answer to the security question, says Bruno, is not what you think.",
    "de passphrase prose": "Die Passphrase für das NAS ist zu kurz und leicht zu erraten.",
    "en passphrase rule": "The passphrase: use at least four random words.",
    "en code clause length": "The door code, after the move, became 6 digits long.",
    "en code clause year": "The code for the gate, after the reset, ended up being changed twice in 2024.",
    "en error code clause": "The error code of the alarm panel, after the reset, is 0042.",
    "en code clause where": "The code for the gate, which Bruno changed last week, is written on page 1042.",
    "nl passphrase rule": "Het wachtwoordzin voor het lab is: niet meer dan vijf woorden.",
}


@pytest.mark.parametrize(("text", "value"), STATED.values(), ids=STATED.keys())
def test_a_credential_named_by_its_class_in_any_language_is_refused_and_removed(text: str, value: str) -> None:
    assert SCANNER.kinds(text)
    assert value not in SCANNER.redact(text)


@pytest.mark.parametrize("text", ABOUT.values(), ids=ABOUT.keys())
def test_a_sentence_naming_such_a_credential_without_one_stays_storable(text: str) -> None:
    assert SCANNER.kinds(text) == []
