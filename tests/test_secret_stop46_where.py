"""Stop 46 (#28): a credential noun followed by where the credential is kept, who has it, or a rule about it stays
storable in the languages the corpora use (one shared check, secret_whereabouts.tells_where, read by every stated
rule), while a value after the same nouns, also one followed by a clause about a place or a holder, is refused.

Values and wordings are made up for these tests (no corpus split holds them)."""

from __future__ import annotations

import pytest

from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.domain.secret_whereabouts import tells_where

SCANNER = SecretScanner()

ORDINARY = [
    ("de keeping verb after colon", "Kennwort: liegt im Rollcontainer, frag Edda."),
    ("de place after copula", "Das Passwort ist im Schlüsselkasten bei Holger."),
    ("de rule", "Passwort: mindestens 14 Zeichen und eine Ziffer."),
    ("es keeping verb", "Contraseña: está en el cuaderno azul del taller."),
    ("es rule", "Contraseña: mínimo 16 caracteres, sin repetir."),
    ("es network key is in a manager", "Red del taller: Ceramica-7 (la clave está en Bitwarden)."),
    ("it state", "La mia password è scaduta ieri, la rifaccio lunedì."),
    ("it rule", "Regola per le password: almeno 15 caratteri."),
    ("nl state", "Het wachtwoord is hoofdlettergevoelig, let op."),
    ("pl ask", "Hasło: zapytaj Bożenę, leży w szufladzie."),
    ("tr dative and ask", "Şifre: Mehmet'e sor, çekmecede duruyor."),
    ("tr locative product", "Şifre: Bitwarden'da."),
    ("tr holder pronoun", "Şifre: bende, sor."),
    ("ru preposition", "Пароль: в Bitwarden."),
    ("ru ask", "Пароль: спроси у Hikari, он в сейфе."),
    ("ru keeping verb", "Все пароли мастерской хранятся в Bitwarden; отвечает Оля."),
    ("ja holder particle", "パスワード：Eddaに聞いてください、棚にあります。"),
    ("ja place particle", "パスワード：Bitwardenにあります。"),
    ("ko holder particle", "비밀번호: Hikari에게 물어봐, 서랍에 있어."),
    ("ko place particle", "비밀번호: Bitwarden에 있음."),
    ("sv ask", "Lösenord: fråga Edda, det ligger i lådan."),
    ("fi ask", "Salasana: kysy Eddalta, se on kaapissa."),
    ("fi found", "Salasana: löytyy Bitwardenista."),
    ("fi case after a colon", "Kaikki salasanat ovat Bitwarden:ssa; ylläpitäjä on Oona."),
    ("fi case after a label", "Palvelimen API-avaimet säilytetään Bitwarden:ssa, ei koodissa."),
]

STATED = [
    ("de word value", "Das Passwort ist Tresor42!"),
    ("de value then place clause", "Das Passwort ist Kranich77 und liegt im Schlüsselkasten."),
    ("de value after colon then holder", "Kennwort: Wiesel-Moos-Tanne-8, das andere hat Edda."),
    ("es value then place", "La contraseña es Lince2291 y la llave está en el cajón."),
    ("pl value", "Hasło: zapasowe-wiosło-91, zapytaj Bożenę o drugie."),
    ("tr value", "Şifre: Kartal8812! ve yedek anahtar çekmecede duruyor."),
    ("tr value set with dative", "Şifreyi Kartal8812'ye değiştirdim."),
    ("ru value", "Пароль: Sokol4471, запасной ключ в сейфе."),
    ("ja value set with particle", "パスワードはKranich77にしました"),
    ("ja value then clause", "窯のPCのパスワードは Kranich77 で、鍵は棚にあります。"),
    ("ko value", "비밀번호는 Kranich77 이고 열쇠는 서랍에 있어요."),
    ("fi value after copula", "Salasana on Kranich77"),
    ("value then a later colon", "Passwort steht unten: Kranich77"),
    ("place word naming which password", "Das Passwort im Büro ist Kranich77"),
    ("digits", "Die PIN der Werkstatt ist 80417306 und liegt im Safe."),
]


@pytest.mark.parametrize(("name", "text"), ORDINARY, ids=[n for n, _ in ORDINARY])
def test_noun_then_where_who_or_rule_is_storable(name: str, text: str) -> None:
    assert SCANNER.kinds(text) == [], name


@pytest.mark.parametrize(("name", "text"), STATED, ids=[n for n, _ in STATED])
def test_a_value_after_the_noun_is_refused(name: str, text: str) -> None:
    assert SCANNER.kinds(text), name


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("liegt im Tresor", True),
        (": zapytaj Ola", True),
        ("в KeePass.", True),
        ("Jonas'e sor, kasada", True),
        ("Martaに聞いて", True),
        ("Tresor42!", False),
        ("в7Kx!mQ2", False),
        ("Kestrel42'ye değiştirdim", False),
        ("steht unten: Tresor42", False),
        ("mindestens 12 Zeichen", True),
    ],
)
def test_tells_where_reads_the_first_words(text: str, expected: bool) -> None:
    assert tells_where(text) is expected


def test_a_preposition_without_a_separator_names_which_credential() -> None:
    # the window after "Passwort" in "Das Passwort im Büro ist X": no separator before "im", so no place
    assert not tells_where(" im Büro ist Tresor42", separated=False)
    assert tells_where(": im Tresor bei Marta", separated=False)
