"""Stop 44 (#28 items 3 and 4): a credential noun's slot marks its value whatever it is made of, in the wordings
people use (word passphrases, grouped PINs, code lists, Wi-Fi keys, user / password pairs, door and safe numbers, a
password said in passing), while sentences about credentials stay storable; a redacted item keeps its durable rest.

Values and wordings are made up for these tests (no corpus split holds them)."""

from __future__ import annotations

import pytest

from contextlamp.domain.secret_scan import SecretScanner

SCANNER = SecretScanner()

STATED = [
    # word passphrases after the passphrase noun of their language
    ("wachtzin", "Wachtzin van de kluis: tulp.molen.klomp"),
    ("fraza hasła", "Fraza hasła do dysku: lipa sowa kufel"),
    ("lösenfras", "Lösenfrasen till servern är gädda-tall-snö"),
    ("heslová fráze", "Heslová fráze k notebooku: sova hrnek lípa"),
    ("salalause", "Salalause: hauki mänty lumi"),
    ("кодовая фраза", "Кодовая фраза для сейфа: сова-кружка-липа"),
    # a Wi-Fi key after a long phrase naming where it is
    ("wifi, long place phrase", "Clave del wifi de la casa de playa: gaviota.arena.faro"),
    ("wifi, Romanian place", "Parola wifi din camera de oaspeti: pescarus nisip far"),
    # a word passphrase in a spaceless script
    ("CJK passphrase, ko", "창고 와이파이 암호 문구: 고양이.우산.바다"),
    ("CJK passphrase, zh", "保险盘的口令短语是海鸥-沙滩-灯塔"),
    ("CJK passphrase, ja", "倉庫のパスフレーズは「かもめ・すなはま・とうだい」"),
    # PINs said in groups after what they open, or with a possessive or contracted copula
    ("grouped PIN after a phrase", "El PIN de la tarjeta del gimnasio es 71 93"),
    ("grouped PIN, Polish", "PIN do telefonu dziadka: 3 8 1 6"),
    ("grouped PIN, contracted copula", "the gym card's here, pin's 62 19 07"),
    ("PIN with a Turkish possessive", "Annemin kart PIN'i 7392"),
    ("grouped PIN, Finnish copula", "Isän kortin PIN-koodi on 6 2 0 9"),
    ("grouped PIN, CJK particle", "父のカードの暗証番号は73 19"),
    # backup-code lists after the nouns of more languages
    ("codes, Czech", "Záložní kódy k účtu školy: 58203917, 40718263, 99120374, 61830452"),
    ("codes, Romanian", "Codurile de recuperare ale contului: 7fq2-kd9m 3xw8-pl4n 9bz5-tr6c"),
    ("codes, Finnish", "Koulun tilin varakoodit: 5821 3307; 9102 7745; 6630 1298"),
    ("codes, Chinese", "学校账号的备用验证码：83kq-2mzd; 9wpx-4nt7; 5cyr-8bhf"),
    # a user and a password after a label
    ("user / password", "Garden shed tablet: gardener / plum7731"),
    ("user / password, no digit", "Kiosk admin: manager@ / QwErTyZx!pLm"),
    # a passphrase in apposition, the sentence going on
    ("apposition", "She unlocks the laptop with the passphrase tulip-anchor-meadow-fern every morning"),
    # a password said in passing after a login, in other languages
    ("passing, es", "entra como almacen y con Tejon#4471 ya funciona"),
    ("passing, fr", "connecte-toi avec stock et Hibou!5520, ça marche"),
    ("passing, it", "ho fatto login come magazzino con Gufo?8813 e funziona"),
    # door and safe numbers
    ("code and its genitive opener", "Код подъезда 73021"),
    ("CJK door number, no particle", "공동 현관 번호 48215*"),
    ("CJK safe code, no particle", "仓库门禁密码 73920"),
    # the answer to a quoted question
    ("answer to a quoted question", "Antwort auf „Lieblingsessen als Kind“: Pfannkuchen"),
    # "now" after the copula
    ("now after the copula, ro", "parola de la tableta e acum vulpe8812"),
    # a random-case value after "!" is no YAML tag
    ("random case after !", "a senha do cofre é !QhWmZrTkPaLs"),
]

ORDINARY = [
    # Italian: "e" (and) after the noun, and a place after the copula
    "Giulia ha perso la password e l'ha cambiata.",
    "La rete si chiama Casa-Bianchi e la password è sul router.",
    "la password è sulla scatola del modem",
    "the password is on the back of the router",
    # documented test cards said to be tests
    "Use 4242 4242 4242 4242 with any future date in Stripe's test mode.",
    "In the sandbox, 5555 5555 5555 4444 is accepted as a Mastercard.",
    # pairs that are not a user and a password
    "Route: Berlin / Hamburg2",
    "Sizes: small / medium-large",
    # a host name and a compound after the noun
    "See the password docs.example.com page for the policy.",
    "The password-reset-link flow is broken again.",
    # logins without a password
    "logged in with my account and Office365 today",
    "I logged in with Alice and we fixed it!",
    # "now" followed by prose
    "La password è ora obbligatoria per tutti.",
    "the password is now required on every login",
    # Korean 번호 alone is "number": an order, phone or room number in groups is no PIN (breaker44's blind set)
    "주문 번호는 4962-4962입니다.",
    "전화번호는 010-1234-5678입니다.",
    "방 번호는 12 34",
]


@pytest.mark.parametrize(("name", "text"), STATED, ids=[name for name, _ in STATED])
def test_a_stated_credential_is_refused(name: str, text: str) -> None:
    assert SCANNER.kinds(text), f"{name}: {text!r} was stored"


@pytest.mark.parametrize("text", ORDINARY)
def test_a_sentence_about_credentials_is_stored(text: str) -> None:
    assert SCANNER.kinds(text) == [], text


def test_a_test_card_without_a_test_word_is_still_refused() -> None:
    assert SCANNER.kinds("my card is 4242 4242 4242 4242 exp 12/29") == ["Payment Card Number"]


@pytest.mark.parametrize(
    ("text", "kept", "secret"),
    [
        (
            "Beach house Wi-Fi network is Gull-Point-5G. Clave del wifi de la casa: gaviota.arena.faro",
            "Beach house Wi-Fi network is Gull-Point-5G.",
            "gaviota.arena.faro",
        ),
        (
            "Logged into the NAS with admin and Cobalt!93, backups run at 02:00",
            "Logged into the NAS with admin",
            "Cobalt!93",
        ),
    ],
)
def test_redaction_keeps_the_durable_rest(text: str, kept: str, secret: str) -> None:
    scrubbed = SCANNER.scrub(text)
    assert scrubbed.text is not None and kept in scrubbed.text and secret not in scrubbed.text
    assert secret not in SCANNER.redact(text)


def test_redacting_a_user_and_password_keeps_the_user() -> None:
    assert (
        SCANNER.redact("Garden shed tablet: gardener / plum7731") == "Garden shed tablet: gardener / [secret removed]"
    )
