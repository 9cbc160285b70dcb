"""Round 5 of the secret scanner: a stated password in any language and any word order (values, phrasings and
languages made up here, not the corpora's):

1. the word for "password" in languages the curated slot layer does not read comes from a maintained source
   (Django's translations, secret_nouns.json): Welsh, Icelandic, Slovene, Albanian, Basque;
2. a credential-shaped value right after a password noun, or after a few words that connect it ("the wifi
   password 90417753", "Heslo do routeru je X"), whatever the copula;
3. a value *before* its noun with a copula between ("X is the password for the NAS", "X ist das Passwort");
4. value shapes a copula-free slot needs: CamelCase words ended by a symbol, words joined by dots;
and prose in the same word orders stays storable.
"""

from __future__ import annotations

import pytest

from contextlamp.domain.secret_lexicon import password_nouns
from contextlamp.domain.secret_scan import SecretScanner

SCANNER = SecretScanner()


def _gone(text: str, secret: str) -> bool:
    return (
        bool(SCANNER.kinds(text))
        and secret not in SCANNER.redact(text)
        and secret not in (SCANNER.scrub(text).text or "")
    )


def test_the_lexicon_holds_password_in_many_languages() -> None:
    nouns = set(password_nouns())
    assert len(nouns) >= 60
    assert {"salasana", "jelszó", "cyfrinair", "lykilorð", "סיסמה", "รหัสผ่าน"} <= nouns


STATED = [
    ("Cyfrinair: Pobi-Bara-2291", "Pobi-Bara-2291"),  # Welsh, from the lexicon
    ("Lykilorð: hestur7Fjall", "hestur7Fjall"),  # Icelandic
    ("Geslo za strežnik je mravlja.gora.reka", "mravlja.gora.reka"),  # Slovene, copula je, dotted words
    ("Fjalëkalimi im është Qershi!Mal88", "Qershi!Mal88"),  # Albanian, inflected noun, unknown copula
    ("Pasahitza: kX8#mPq2zL", "kX8#mPq2zL"),  # Basque
    ("Remember: garage tablet password 90417753", "90417753"),  # no separator at all
    ("The router password now OrangeKettle!", "OrangeKettle!"),  # CamelCase ended by a symbol
    ("Heslo do routeru je Vlak7Mesto9", "Vlak7Mesto9"),  # Czech, a phrase before the copula
    ("R4v3n-Quill-88 is the password for the NAS", "R4v3n-Quill-88"),  # value before the noun
    ("Kr0kus!Feld ist das Passwort vom Drucker", "Kr0kus!Feld"),  # German, value first
    ("p7Lmq-Zq2xw — that's the guest wifi password", "p7Lmq-Zq2xw"),  # a dash and a copula
]


@pytest.mark.parametrize(("text", "secret"), STATED)
def test_a_stated_password_in_any_language_or_order_is_refused_and_removed(text: str, secret: str) -> None:
    assert _gone(text, secret), text


PROSE = [
    "Salasana on liian lyhyt.",  # Finnish: "the password is too short" (a word after the copula)
    "Das Passwort muss mindestens 12 Zeichen lang sein.",
    "I reset the password for bob42.",  # whose password, not the password
    "OAuth2 replaces the password on the new portal.",  # no copula between token and noun
    "Passwords are hashed with argon2id.",
    "Password rotated on 2024-03-01.",
    "password = <your password here> DB_PASSWORD=changeme",  # a template line
    "Cyfrinair newydd ar gyfer y system.",  # Welsh prose: "new password for the system"
    "SHA-256 is the password hashing algorithm we use.",
    "The password manager is 1Password.",
]


@pytest.mark.parametrize("text", PROSE)
def test_prose_about_passwords_in_those_orders_stays_storable(text: str) -> None:
    assert SCANNER.kinds(text) == [], text


# -- evasions: every invisible character and every script's look-alikes ---------------------------------------

KEY = "ghp_" + "R8vTq2LmZ0xWc4NbY7sKd1PfH6jGa3EuQ9oX"


def _fold_into(text: str, table: dict[str, str]) -> str:
    return "".join(table.get(c, c) for c in text)


@pytest.mark.parametrize(
    "mark",
    ["\U000e0041", "\u180b", "\ufe01", "\u206a", "\U0001d173"],  # a tag, a Mongolian selector, VS2, a deprecated
)  # format character, a musical format control: all Default_Ignorable_Code_Point
def test_a_key_split_by_any_default_ignorable_character_is_refused(mark: str) -> None:
    evaded = mark.join(KEY[i : i + 5] for i in range(0, len(KEY), 5))
    assert SCANNER.kinds(f"deploy key {evaded}"), repr(mark)
    assert KEY not in SCANNER.redact(f"deploy key {evaded}")


LISU_COPTIC = {"R": "\ua4e3", "T": "\ua4d4", "L": "\ua4e1", "Z": "\ua4dc", "N": "\ua4e0", "P": "\ua4d1", "o": "\u2c9f"}


def test_look_alikes_from_scripts_beyond_cyrillic_and_greek_are_folded() -> None:
    evaded = _fold_into(KEY, LISU_COPTIC)
    assert evaded != KEY and not evaded.isascii()
    assert SCANNER.kinds(f"here you go {evaded} thanks")
    assert SCANNER.kinds("пароль ꓔꓳꓑ") == []  # a word wholly in other scripts is not folded into a finding


# -- a PIN named after what it opens; a password's hash -------------------------------------------------------

PINS = [
    ("the vault's code is 4471902", "4471902"),  # possessive
    ("Suitcase combo: 3819", "3819"),  # combo
    ("Der Spindcode lautet 5520", "5520"),  # a German compound
    ("El código del buzón es 7731", "7731"),  # a Romance noun with its prepositional phrase
    ("La combinaison du cadenas est 0428", "0428"),
]


@pytest.mark.parametrize(("text", "secret"), PINS)
def test_a_code_named_after_what_it_opens_is_a_pin(text: str, secret: str) -> None:
    assert _gone(text, secret), text


@pytest.mark.parametrize(
    "text",
    [
        "The error code is 404.",
        "Der Fehlercode lautet 503.",
        "El código de error es 500.",
        "The vault's code review is on Monday.",
    ],
)
def test_other_codes_stay_storable(text: str) -> None:
    assert SCANNER.kinds(text) == [], text


HASHES = [
    "$apr1$Kd8sLq2m$7hT3vN9xR1cB5wE8yU2iO0",  # Apache MD5 (htpasswd)
    "$2a$10$" + "N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy",  # bcrypt
    "$6$rounds=5000$saltsalt$" + "x" * 40 + "Y" * 46,  # sha512-crypt
    "$y$j9T$F5Jx5fExrKuPp53xLKQ..1$X3DX6M94c7o.9agCG9G317fhZg9SqC.5i5rd.RhAtQ7",  # yescrypt
    "$argon2id$v=19$m=65536,t=3,p=4$Q2hhbmdlTWU$Zm9vYmFyYmF6cXV4cXV1eGZvb2Jhcg",
]


@pytest.mark.parametrize("hashed", HASHES)
def test_a_password_hash_is_refused_and_removed(hashed: str) -> None:
    assert _gone(f"deploy:{hashed}", hashed)


def test_prose_about_hash_formats_stays_storable() -> None:
    for text in ("We store bcrypt hashes ($2b$, cost 12).", "The shadow file uses $6$ (sha512-crypt)."):
        assert SCANNER.kinds(text) == [], text


def test_inflected_nouns_and_living_latin_letters() -> None:
    """A stem that changes its last vowel (Hungarian jelszó -> jelszavad) is read; a Turkish dotless ı is a letter,
    not a look-alike to fold ("Kapı kodu" stays the noun it is)."""
    assert _gone("A routered jelszava Kert7Fa!9", "Kert7Fa!9")
    assert _gone("Kapı kodu: 5521", "5521")


def test_an_oauth_label_and_a_dotted_key_split_in_a_fence() -> None:
    """``oauth:`` labels a token (Twitch-style chat tokens: 30 lower-case letters and digits); a key whose first
    characters sit alone on a fenced line before a dot (``ya29`` / ``.a0…``) is joined like any other split."""
    token = "q8w2e4r6t1y3u5i7o9p0a2s4d6f8g1"
    assert _gone(f"irc login oauth:{token}", token)
    key = "ya29.a0AfB_" + "Xk2Lm9Qp4Rt7Vw1Zy3Bc5De8Fg0Hj6Kn2Mp4Qs7Tv9Wx1Yz3Ab5Cd7Ef9Gh1Jk3Lm5Np7Qr9St1Uv3Wx5"
    assert _gone(f"```\n{key[:3]}\n{key[3:]}\n```", key)
