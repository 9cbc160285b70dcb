"""Stop 48 (#28): a credential laid out around its value is refused whatever the language: the value said before
its noun, quoted after the words that set it, labelled by a JSON/YAML key or a table cell in the language's own
noun, handed over in two halves, or an English keypad code followed by "so …"; the same layouts around public
values stay storable (domain/secret_around.py, secret_wrapped.py, secret_anylang.py, secret_between.py). breaker47
stored all of these classes."""

from __future__ import annotations

import time

import pytest

from contextlamp.domain.secret_scan import SecretScanner
from tests.scripts import load_script

SECRETS = [
    # the value before its noun
    "tulip-anchor-93 is the guest wifi password at the cabin",
    "5501#, that's the code for the bike room door",
    "Kq7!mZ2vR8 ist das Passwort für den Drucker",
    "639274 — c'est le code PIN de la boîte aux lettres",
    "482019 — это код от домофона, не теряй",
    "hB4%nW8qL2 é a senha do servidor de backup",
    # a quoted value after the words that set it
    'They switched the storeroom combination to "31-07-52" on Friday.',
    "Hemos cambiado la contraseña del NAS a «Lm3$wq81Pz».",
    "Hanno impostato il codice dell'allarme a “770412” ieri.",
    # a key in the language's own noun
    '{"host": "files.local", "contraseña": "Rt5!kw92Qa"}',
    '{"mot_de_passe": "Fz8#tr41Mv", "port": 22}',
    "smb:\n  user: ines\n  wachtwoord: 'pK2!vd73Lq'",
    # a table row labelled in its first cell
    "| Einstellung | Wert |\n|---|---|\n| Geheimzahl | 905183 |",
    "| Ort | Türcode |\n|---|---|\n| Keller | 41978 |",
    # a token in two halves, a label line before each
    "GitLab token, first half:\nglpat-Wm3Qz8T\nsecond half:\nk5LpR2xNq7vbQ",
    "Datadog API key, part 1:\n8f3a1c9e2b7d\npart 2:\n4c6e0a5f1b9d3e7a",
    # an English keypad code going on after the code
    "For the back gate, the code is 4471 so keep it to yourself",
    "For the shed padlock the code is 2958 so lock it after",
    # a value first whose view ends its line
    "51-22-09 to szyfr do szafki w piwnicy serwisu, nie zgub",
]

ORDINARY = [
    "8443 is the port the admin console listens on",
    "2021 was the year we moved the office",
    "Please, change the password on Tuesday.",
    'She set the editor theme to "Solarized Light" last week.',
    '{"usuario": "ines", "puerto": 5432, "idioma": "es"}',
    '{"longueur_min_mot_de_passe": 12, "jours_expiration": 90}',
    "| Einstellung | Wert |\n|---|---|\n| Zeitlimit | 30 |",
    "| Gerät | Passwort-Länge |\n|---|---|\n| Router | 16 |",
    "| Service | Password |\n|---|---|\n| NAS | in the vault |",
    "user: ines\nhost: files.local\nport: 5432",
    "The room number is 4471 so take the lift",
    "the build number is 20931 and it passed",
]


@pytest.mark.parametrize("text", SECRETS)
def test_a_credential_laid_out_around_its_value_is_refused(scanner: SecretScanner, text: str) -> None:
    assert scanner.kinds(text)


@pytest.mark.parametrize("text", ORDINARY)
def test_the_same_layouts_around_public_values_are_storable(scanner: SecretScanner, text: str) -> None:
    assert scanner.kinds(text) == []


def test_the_value_is_what_redaction_removes(scanner: SecretScanner) -> None:
    assert scanner.redact("tulip-anchor-93 is the guest wifi password at the cabin").startswith("[secret removed]")
    kept = scanner.redact('They switched the storeroom combination to "31-07-52" on Friday.')
    assert "31-07-52" not in kept and "storeroom combination" in kept


def _cpu(scanner: SecretScanner, text: str) -> float:
    best = float("inf")
    for _ in range(2):
        start = time.thread_time()
        scanner.kinds(text)
        best = min(best, time.thread_time() - start)
    return best


bench = load_script("secret_scanner.py", "bench_secrets_stop48_layouts")


@pytest.mark.parametrize(
    "unit",
    [
        "\n",  # every line is read
        '"',  # quotes without a closer
        'set the password to "',
        "|",
        "| a | b |\n",
        "|---|---|\n",
        "4471 is the password\n",
        "— that's ",
        '"k": "v", ',
        "part:\n",
        "part 1: abcdef\n",
        "1234が",
        "を「",
    ],
)
def test_hostile_repetitions_of_each_opener_scan_within_ten_times_prose(scanner: SecretScanner, unit: str) -> None:
    """Against the prose test_secret_scan_linear uses (notes that mention credentials). Against plain prose a line
    that is itself a stated secret ("4471 is the password", repeated) costs 8x on main and 10x here: the dense
    stated secrets of test_secret_scan_linear's strict xfail, not an opener of this stop."""
    size = 64 * 1024
    hostile = (unit * (size // len(unit) + 1))[:size]
    prose = bench.prose_of_size([bench.load_notes()], size)
    scanner.kinds("warm up")
    assert _cpu(scanner, hostile) <= 10 * _cpu(scanner, prose) + 0.005
