"""#28 item 3 and its false refusals, stop 43 (stated13): credentials stated the way people talk, and values their
sentence makes public.

Each class is pinned with made-up values (never a split's template) beside ordinary text of the same shape that
stays storable: a casual noun (pw, pass, 비번), a PIN said in groups, a code named after what it opens in any
language, a security question's answer, a password said in passing, the loanword "password" in scripts of South
Asia and the Horn of Africa, an apostrophe typed straight in a noun written with a curly one, a change verb of
Swedish; and on the other side a vendor's documented example called one, a factory default, fiction, a network's
name, a predicate after the noun, a quotation of the noun itself.
"""

from __future__ import annotations

import pytest

from contextlamp.domain.secret_scan import SecretScanner

SCANNER = SecretScanner()

# (text, the value that must not survive redaction)
STATED = {
    "casual pw": ("btw the pw for the shared drive is Quill#8830", "Quill#8830"),
    "casual pass": ("fyi my new pass is heron5521 now", "heron5521"),
    "casual lösen": ("lösen till nätverksdisken: Ekorre77!", "Ekorre77!"),
    "casual, Korean, no particle": ("와이파이 비번 mint4417! 이야", "mint4417!"),
    "PIN in pairs": ("my pin is 61 94", "61 94"),
    "PIN in pairs after a colon": ("Pin: 12 09", "12 09"),
    "code, German genitive": ("Code des Fahrradkellers: 5530", "5530"),
    "code, Spanish": ("Código de la verja: 7305", "7305"),
    "code, Czech": ("Kód od sklepa je 9183", "9183"),
    "code, Turkish possessive": ("deponun arka kapısının kodu 6021", "6021"),
    "code, Finnish": ("Pyörävaraston koodi on 6021", "6021"),
    "security question, English": ("security question for the bank, favourite teacher: Okonkwo", "Okonkwo"),
    "security question, German": ("Sicherheitsfrage Lieblingsfach – Antwort Erdkunde", "Erdkunde"),
    "security question label": ("name of first car: Corolla", "Corolla"),
    "security question, topic then dash": ("Pytanie bezpieczeństwa: ulubiony nauczyciel – Kowalczyk", "Kowalczyk"),
    "password in passing": ("the kiosk login is kiosk and Tern-Bay-5521 gets you in", "Tern-Bay-5521"),
    "loanword, Odia": ("ରାଉଟର ପାସୱାର୍ଡ ହେଉଛି Tamo#5521", "Tamo#5521"),
    "loanword, Tigrinya, final copula": ("ፓስወርድ ናይ ራውተር Kebe#4471 እዩ", "Kebe#4471"),
    "loanword, Sindhi, final copula": ("روٽر جو پاسورڊ Kiro-7731-Nad آهي", "Kiro-7731-Nad"),
    "apostrophe typed straight": ("Ñe'ẽñemi ha'e Yby-4410-Ka", "Yby-4410-Ka"),
    "the key of the Wi-Fi, unknown noun": ("Ọ̀rọ̀ aṣínà ti wifi ni Oyo-7731!", "Oyo-7731"),
    "Swedish change verb": ("jag bytte lösenordet på NAS:en till ekorre-mossa-77", "ekorre-mossa-77"),
}

STORABLE = [
    # casual nouns in their other senses
    "My boarding pass is in the wallet app.",
    "Her boarding pass is BA2291, gate 14.",
    "zip codes: 100012, 100013, 100014.",
    "The second pass is 3ms faster than the first.",
    "**What does the Paris Museum Pass offer?** Entry to 60 museums.",
    "pw reset emails go out at 9.",
    # digits in groups that are no PIN
    "The PIN length is 4 to 6 digits.",
    # codes that are no secret
    "Code postal : 75011.",
    "Fehlercode: 4031.",
    "Stanford's school code is 4704 for the SAT.",
    "Kod zamówienia 2041 to toner.",
    "Der Code ist seit 2019 gleich.",
    # documented examples, defaults, fiction, a network's name
    "The example access key in the AWS docs is AKIAIOSFODNN7EXAMPLE.",
    "Stripe's API reference uses sk_test_4eC39HqLyjWDarjtT1zdp7dc as the sample secret key.",
    "The factory default PIN of the doorbell camera is 0000, change it on setup.",
    "In the film the password was swordfish.",
    "Le nom du réseau wifi est Freebox-9C1D.",
    "Le nom de la wifi est Maison-7F3A.",
    "The speed of the wifi is 300Mbps.",
    # prose after the noun
    "La password della banca mi è scaduta durante il viaggio.",
    "The Welsh word for 'password' doesn't fit on the button.",
    "security question: what was the name of your first pet?",
]


@pytest.mark.parametrize("case", sorted(STATED))
def test_a_spoken_credential_is_refused_and_removed(case: str) -> None:
    text, value = STATED[case]
    assert SCANNER.kinds(text), case
    assert value not in SCANNER.redact(text), case


@pytest.mark.parametrize("text", STORABLE)
def test_prose_and_public_values_of_the_same_shapes_stay_storable(text: str) -> None:
    assert SCANNER.kinds(text) == []


def test_an_example_key_with_no_word_calling_it_one_is_still_a_key() -> None:
    assert "AWS Access Key" in SCANNER.kinds("my key is AKIAIOSFODNN7EXAMPLE")


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Code des Fahrradkellers: 5530", "Code des Fahrradkellers: [secret removed]"),
        ("btw the pw for the shared drive is Quill#8830", "btw the pw for the shared drive is [secret removed]"),
        ("my pin is 61 94", "my pin is [secret removed]"),
    ],
)
def test_redaction_keeps_the_words_around_the_value(text: str, kept: str) -> None:
    assert SCANNER.redact(text) == kept
