"""#28 item 3, stop 42 (secrets12): stated credentials in languages the lexicon has no noun for.

Four classes, each pinned with made-up values beside ordinary text of the same shape that stays storable:
a Wi-Fi key in any language (the word Wi-Fi, a few words, a strong last token), a list of codes after any word for
codes, the loanword "password" as languages spell it by ear, and a strong value after a word that is a preposition
in some language ("changed the router password to X" where "to" is *a*, *en*, *pa*).
"""

from __future__ import annotations

import pytest

from contextlamp.domain.secret_scan import SecretScanner

SCANNER = SecretScanner()

STATED = {
    "Wi-Fi key, Icelandic": "Lykillinn að wifi er Hb7!kQ2xZp4m",
    "Wi-Fi key, Finnish": "Mökin wifin avain on Tm4#Lq9zRx2v",
    "code list, Danish": "gendannelseskoder til banken: 48213907, 55102938, 67120394, 11873920, 90312847",
    "code list, English compound": "sign-in codes for the payroll site: K7Q2-M9XP | T4ZB-8RWN | H2LC-6VDJ | P9FE-3QSY",
    "code list, lines": "Wiederherstellungs-Codes:\n- 7hq2k-9xm4p\n- 3vbn8-w2lrt\n- m6c9z-4pqk1\n- 8dfw3-t7yhs",
    "loanword, Haitian": "paswòd laptop la se Rivye-2291!",
    "loanword, Cyrillic": "пасворд от роутера Gk7#mX2qLp",
    "strong value after 'a'": "cambié la contraseña del router a Lp7#xQ2mZk9",
    "strong value after 'to'": "I changed the billing password to Wq3$kN8vZp2r",
    "strong value after 'al'": "mi ŝanĝis la pasvorton de la enkursigilo al Lp7#xQ2mZk9",
    "PIN, Swahili": "PIN ya kadi yangu ya benki ni 58204",
    "PIN-kode, Norwegian": "PIN-koden til bankkortet mitt er 730915",
    "PIN after a long phrase": "PIN for the loading bay scanner in the back office: 4417",
    "keypad takes": "the keypad at the boat shed takes 4821#",
    "alarm punch in": "to disarm the bakery alarm punch in *55930 then press OK",
}

STORABLE = [
    # a Wi-Fi network's name, said in the words a language names things with, is no key
    "La red wifi del taller se llama TALLER_7C3E9B.",
    "Das Gäste-WLAN heißt Pension-Ahorn-24A7.",
    "Le wifi de la salle s'appelle SalleB-Orange-9F3C.",
    "Ofisin wifi ağının adı Superonline_X9K2.",
    "Der WLAN-Name ist Buero-Nord-7F21, das Passwort hängt am Router.",
    "The wifi network is called Harbour-5G-2024 now.",
    "Wi-Fi 6E routers reach 2.4 Gbps in the lab.",
    "The wifi standard is IEEE802.11ax-2021.",
    "Connect to the guest wifi and open the portal page.",
    "zip codes: 100012, 100013, 100014, 100015, 100016",
    "error codes: E10023, E10024, E20031, E30092, E40011",
    "order codes: A12345, B23456, C34567, D45678",
    "Row ids in the codes table: 100200, 100300, 100400, 100500",
    "Change your password to something longer than twelve characters.",
    "The password for bob42 was reset by the service desk.",
    "We passed the audit; the pasted config had no secrets.",
    "The pseudo-random generator is seeded from the clock.",
    "The PIN pad was replaced in 2025.",
    "PIN resets take 10 minutes at the branch.",
    "The door takes 2 minutes to close; the alarm takes 30 seconds to arm.",
    "The safe takes 1500 watts when the heater runs.",
]


@pytest.mark.parametrize("case", sorted(STATED))
def test_a_credential_stated_in_any_language_is_refused(case: str) -> None:
    assert SCANNER.kinds(STATED[case]), case


@pytest.mark.parametrize("text", STORABLE)
def test_prose_of_the_same_shapes_stays_storable(text: str) -> None:
    assert SCANNER.kinds(text) == []


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("PIN ya kadi yangu ya benki ni 58204", "PIN ya kadi yangu ya benki ni [secret removed]"),
        ("Mökin wifin avain on Tm4#Lq9zRx2v", "Mökin wifin avain on [secret removed]"),
        ("sign-in codes for payroll: K7Q2-M9XP | T4ZB-8RWN | H2LC-6VDJ | P9FE-3QSY", "sign-in codes for payroll:"),
    ],
)
def test_redaction_keeps_the_words_around_the_value(text: str, kept: str) -> None:
    assert SCANNER.redact(text).startswith(kept)
