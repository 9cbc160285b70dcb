"""Issue #28: an arrow a note writes between a credential's name and its value ("router admin password → X") is a
separator like ":" and "->" (secret_grammar.ARROWS), in every language the password nouns cover; arrows in a menu path
or a change of a setting stay storable."""

from __future__ import annotations

import pytest

from contextlamp.domain.secret_scan import SecretScanner

STATED = [
    ("wifi password for the guest network → Lq8#vT2mWz", "Lq8#vT2mWz"),
    ("Passwort vom Gäste-WLAN ⇒ 41hafen#KRAN", "41hafen#KRAN"),
    ("mot de passe du NAS au garage → 7rivage!Bleu", "7rivage!Bleu"),
    ("contraseña de la cuenta de copias ➜ TorreNorte!58", "TorreNorte!58"),
    ("password dell'account di backup → 19Faro$Nebbia", "19Faro$Nebbia"),
]
PROSE = [
    "Go to Settings → Security → Password → Change",
    "Open Settings ⇒ Accounts ⇒ Password ⇒ Reset password",
    "The pressure alarm threshold: 6.4 bar → 6.0 bar",
    "Password policy → 12 characters minimum",
    "wifi password rotation → every quarter",
]


@pytest.mark.parametrize(("text", "value"), STATED)
def test_a_password_noted_with_an_arrow_is_refused_and_redacted(text: str, value: str) -> None:
    scanner = SecretScanner()
    assert "Password" in scanner.kinds(text)
    assert value not in scanner.redact(text)


@pytest.mark.parametrize("text", PROSE)
def test_arrows_in_menus_and_changes_stay_storable(text: str) -> None:
    assert SecretScanner().kinds(text) == []
