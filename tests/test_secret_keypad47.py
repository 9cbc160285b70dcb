"""Stop 47 (#28): a code said as "for the <thing it opens>, the code is N" in French, Spanish, German, Italian,
Portuguese, Dutch and Polish is refused like its English form; sentences about such a code without one stay
storable (domain/secret_anylang.KEYPAD_ANY_PATTERN). blind17 stored "Pour l'alarme de la boutique, le code c'est
<8 digits> si jamais tu dois la couper ce soir"."""

from __future__ import annotations

import time

import pytest

from contextlamp.domain.secret_scan import SecretScanner

CODES = [
    "Pour l'alarme de l'atelier, le code c'est 58213946 si jamais elle sonne la nuit",
    "Pour le digicode de l'immeuble le code est 4829 puis la porte à gauche",
    "Para el portón de la finca, el código es 7314 y luego empujas fuerte",
    "Für das Garagentor ist der Code 6620, falls die Fernbedienung spinnt",
    "Für den Spind im Keller lautet der Code 1357 und das Schloss klemmt",
    "Per l'allarme del laboratorio il codice è 40961738 prima delle otto",
    "Para o cadeado do cacifo o código é 9051.",
    "Voor het hangslot van de schuur is de code 2468 maar het klemt",
    "Do sejfu w biurze kod to 73920184, nie zapisuj go",
]
ABOUT = [
    "Pour l'alarme de l'atelier, le code est chez le gardien",
    "Para el portón de la finca el código es de cuatro cifras",
    "Für das Garagentor ist der Code seit 2023 neu",
    "Per l'allarme il codice è cambiato dopo il furto",
    "Voor de kluis is de code bij Sanne op te vragen",
    "Der Motor meldet den Fehlercode 4471 beim Start",
    "The alarm panel firmware is 2024.3 and the gate opens at 7",
]


@pytest.mark.parametrize("text", CODES)
def test_a_code_for_what_it_opens_is_refused_in_other_languages(scanner: SecretScanner, text: str) -> None:
    assert "PIN" in scanner.kinds(text)


@pytest.mark.parametrize("text", ABOUT)
def test_a_sentence_about_such_a_code_is_storable(scanner: SecretScanner, text: str) -> None:
    assert scanner.kinds(text) == []


def _cpu(scanner: SecretScanner, text: str) -> float:
    best = float("inf")
    for _ in range(2):
        start = time.thread_time()
        scanner.kinds(text)
        best = min(best, time.thread_time() - start)
    return best


PLAIN = "The quick brown fox jumps over the lazy dog while the team reviews the release notes. "


@pytest.mark.parametrize(
    "unit",
    [
        "Pour le portail, le code est ",
        "Für die Alarmanlage ist der Code 48213975 und ",
        "a" * 300 + "tor ist der Code ",
    ],
)
def test_hostile_repetitions_scan_within_ten_times_prose(scanner: SecretScanner, unit: str) -> None:
    size = 128 * 1024
    hostile = (unit * (size // len(unit) + 1))[:size]
    prose = (PLAIN * (size // len(PLAIN) + 1))[:size]
    scanner.kinds("warm up")
    assert _cpu(scanner, hostile) <= 10 * _cpu(scanner, prose) + 0.005
