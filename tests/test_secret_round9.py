"""#28, round 9 (breaker-stop39 section 2, breaker-stop38 section 4): credentials stated in forms nobody listed are
refused, each as a class: a table or CSV column whose header is a credential noun, a short credential key in JSON
or YAML, a base32 TOTP/2FA seed, "creds for X: user / password", a PUK, a code named by what it opens (opener,
installer, luggage), digits written as number words, a Wi-Fi key or pass after the network's name, a value after a
long noun phrase. Each class has ordinary sentences with the same nouns and no value, which stay storable. Made-up
values, none the breaker's."""

from __future__ import annotations

import pytest

from contextlamp.domain.secret_scan import SecretScanner

CREDENTIALS = [
    # a column whose header is a credential noun, Markdown and delimited
    "| host | login | password |\n|---|---|---|\n| nas01 | ops | Cobalt-Wren-61 |",
    "| app | pwd |\n| :-- | :-- |\n| wiki | Heron!Pail27 |",
    "host;user;passwd\nftp2.lan;upload;Mantis-Fjord-38",
    "site,username,password\nrouter,admin,Quokka_Lime_902",
    # a short credential key in JSON / a dict / YAML
    '{"username": "svc", "pwd": "Sorrel-52-anchor"}',
    "{'user': 'ops', 'passwd': 'Ember-415-vole'}",
    "smtp:\n  user: mailer\n  pass: Crane-29-ivory",
    # a base32 TOTP seed after a seed / secret / key noun
    "2FA seed for the finance mailbox: GAYTEMZUGU3DOOBZGAYTEMZUGU3DOOBZ",
    "OTP seed of the VPN account is MFZWIZLTORSXGZLTNFXGO3TBNVSXE2LU",
    # login pairs after creds / credentials
    "credentials for the old jenkins: builder / Lichen-Spoke-84",
    "Zugangsdaten Router -> admin / Garnet!Owl51",
    # a PUK; codes named by what they open
    "PUK of my travel SIM: 60918273",
    "the gate opener code is 5-0-3-8-1",
    "the alarm installer code is 7294",
    "my luggage combo is 6-1-8",
    # digits written as words
    "the side door code is three eight two six",
    "la combinación de la caja fuerte es siete-cuatro-dos-nueve",
    # a network's key or pass after its name
    "SSID Barn-2G, key is juniper-kayak-saddle-14",
    "visitor network Loft-Guest, pass: ochre-meadow",
    # a value after a long noun phrase
    "the password we share for all the conference room tablets is: Walnut-Pylon-35",
]

ORDINARY = [
    "| user | password policy |\n|---|---|\n| admin | 14 characters, rotated yearly |",
    "| field | type |\n|---|---|\n| password | string |",
    "| step | owner |\n|---|---|\n| reset password | IT desk |",
    "host,user,password\n<filled in from the vault at deploy>",
    "| Field | Type | Required |\n|---|---|---|\n| Password | Text | Yes |\n| Confirm Password | Text | Yes |",
    "field,type\nuser,string\npassword,string\nconfirm password,string",
    '{"type": "password", "minLength": 12}',
    "Use `pwd` to print the directory you are in",
    "db:\n  user: app\n  pwd: ${DB_PASSWORD}",
    "random seed: 1337",
    "Pumpkin seeds: 3 tbsp, toasted",
    "the TOTP secret is shown once as a QR code when you enroll",
    "creds for the staging box are in 1Password under Staging",
    "The PUK is printed on the card the SIM came in",
    "the garage door opener code is stored in the app",
    "the alarm installer code must be changed from the factory default",
    "the luggage combo is on a sticky note at home",
    "one two three, let's go",
    "I need two or three more days for the door code change",
    "network Barn-2G is on channel 6",
    "the guest wifi pass is on the fridge",
    "the wifi key is printed under the router",
    "the password I use for all the family accounts is in the notebook",
    # a password noun in one sentence, an id in the next: the phrase ends at the sentence (the shipped notes corpus)
    "Ticket SEC-4211 tracks the password reset bug.\nThe request ID was 0b7e4a2c-9f1d-4c3e-8a6b-2d5f7e9c1a3b.",
]


@pytest.mark.parametrize("text", CREDENTIALS)
def test_credential_forms_are_refused(scanner: SecretScanner, text: str) -> None:
    assert scanner.kinds(text)


@pytest.mark.parametrize("text", ORDINARY)
def test_the_same_nouns_without_a_value_are_storable(scanner: SecretScanner, text: str) -> None:
    assert scanner.kinds(text) == []


def test_number_words_are_redacted_whole(scanner: SecretScanner) -> None:
    text = "the side door code is three eight two six, ring twice"
    assert scanner.redact(text).startswith("the side door code is ") and "three" not in scanner.redact(text)
    assert scanner.redact(text).endswith(", ring twice")
