"""Stop 45 (#28): a credential joined to its noun by a verb or said before it is refused in the languages the
scanner reads (alarm codes keyed by a verb, passwords set, changed or named with *as*, a value before its noun,
a security answer given by "answered", a clause that goes on after the value), while sentences that use the same
verbs and nouns with no secret stay storable, and a redacted item keeps its durable rest.

Values and wordings are made up for these tests (no corpus split holds them)."""

from __future__ import annotations

import pytest

from contextlamp.domain.secret_measures import is_word_phrase
from contextlamp.domain.secret_scan import SecretScanner

SCANNER = SecretScanner()

STATED = [
    # a code keyed by its verb, or the digits then the verb, or a code noun's own question
    ("disarm with", "Studio alarm: disarm it with 5-8-2-6 when you come in"),
    ("taper", "Alarme de l'atelier : taper 739184 pour couper"),
    ("wpisz", "Alarm w warsztacie: wpisz 48213 po wejściu"),
    ("набрать", "Сигнализация мастерской: набрать 618204 при входе"),
    ("code then verb", "Alarmanlage Werkstatt: Code 30817 eingeben und Unscharf drücken"),
    ("tuşla", "Atölyenin alarmı: girişte 73920 tuşlayın"),
    ("code question", "the workshop alarm code? 5903, don't share it"),
    ("code question, grouped", "the workshop alarm code? 58 204, as always"),
    ("digits in groups then a verb", "Alarm Werkstatt: 61 207 eingeben"),
    ("combination with an adverb", "Die Kombination vom Werkstatttresor ist jetzt 730418"),
    ("compound combination", "Werkzeugkombination Tresor: 14-62-93"),
    ("code of a safe", "Код от сейфа мастерской 58-21-47"),
    ("CJK door number", "工作室门禁的号码是804317"),
    # a value before its noun, or named with "as"
    ("value first, en", "kettle-orbit-lantern-52 is the password for the print server"),
    ("value first, de", "kettle-orbit-lantern-52 ist das Passwort vom Druckserver"),
    ("value first, fr", "kettle-orbit-lantern-52, c'est le mot de passe du serveur"),
    ("value first, es", "kettle-orbit-lantern-52 es la contraseña del servidor"),
    ("value first, ru", "kettle-orbit-lantern-52 — это пароль от сервера"),
    ("value first, short", "Radish88 is the new password for the till"),
    ("as the password", "I typed Gable7731& as the password on the print server"),
    ("als Passwort", "Ich habe Gable7731& als Passwort am Druckserver gesetzt"),
    ("паролем", "Я поставил Gable7731& паролем на сервер"),
    ("olarak", "Sunucuya şifre olarak gable7731? koydum"),
    ("tr noun last", "Gable7731& sunucunun yeni şifresi"),
    ("CJK value before noun", "Gable7731& が印刷サーバーの新しいパスワードです"),
    ("CJK verb then noun", "我把Gable7731&设成了打印服务器的密码"),
    # set or changed to
    ("set it to", "The print server password was weak so I set it to Gable7731& today"),
    ("veranderd in", "Ik heb het wachtwoord van de printserver veranderd in Gable7731&"),
    ("changed to digits", "Ik heb het wachtwoord van de printserver veranderd in 8302917."),
    # a word passphrase with its number in a slot and in a frame
    ("pass, phrase with a number", "print server admin account admin, pass kettle-orbit-lantern-52, RAID 1"),
    ("noun then phrase", "Usuario admin y contraseña kettle-orbit-lantern-52 para el servidor"),
    ("logs in with a phrase", "the print server logs in with `kettle-orbit-lantern-52` now"),
    # a clause that goes on
    ("clause es", "la contraseña de root es Gable7731& y las copias se hacen de noche"),
    ("clause nl compound", "het rootwachtwoord is Gable7731& en de back-ups draaien 's nachts"),
    ("clause with an adverb", "Der WLAN-Schlüssel lautet seit gestern Gable7731&"),
    # security answers
    ("answered to", "I answered Thistlewood to the mother's maiden name question at the bank"),
    ("question then answered", "For the 'first pet' question I answered Thistlewood"),
    ("répondu", "À la question du premier animal, j'ai répondu Thistlewood"),
    ("angegeben", "Bei der Sicherheitsfrage nach dem ersten Haustier hab ich Thistlewood angegeben"),
    ("ответила", "На вопрос о первом питомце я ответила Thistlewood"),
    ("diye", "İlk evcil hayvan sorusuna Thistlewood diye cevap verdim"),
    ("と答え", "最初のペットの質問にはThistlewoodと答えました"),
]


@pytest.mark.parametrize(("name", "text"), STATED, ids=[n for n, _ in STATED])
def test_a_verb_joined_credential_is_refused(name: str, text: str) -> None:
    assert SCANNER.kinds(text), f"{name}: stored {text!r}"


ORDINARY = [
    "1Password is the password manager for the team.",
    "Bitwarden is the password manager we use.",
    "Disarm the alarm with the app, then open the door.",
    "On the keypad enter 2024 as the year.",
    "The gate opens at 0700 every day.",
    "I set the alarm to 0630 on weekdays.",
    "For the question about pets I answered Yes.",
    "I answered Marta's question about the router.",
    "We changed the Wi-Fi password to something longer last week.",
    "Reset your password with the link; set it to at least 12 characters.",
    "The safe combination is 3 numbers, ask Olek.",
    "Die Kombination vom Tresor kennt nur Greta, frag sie.",
    "Enter 5 digits on the keypad and press OK.",
    "Log in with your Google account, then unlock it using Face ID.",
    "The door opens with the blue key card or the Yale Linus app.",
    "I set it to dark-mode-high-contrast and it looks fine.",
    "The locker code changes every Monday, the old one was 4 digits.",
    "The door to the server room has code lock model KL-1000, facilities has the code.",
    "La contraseña de root la tiene Marta y las copias se hacen de noche.",
    "Het rootwachtwoord staat in de kluis en de back-ups draaien 's nachts.",
    "비밀번호를 1Password에서 Bitwarden로 옮겼어요.",
    "密码在TP-Link Archer AX55下面的贴纸上。",
    "Upgrade the Synology DS920+ to 7.2.3-beta before you change the alarm settings.",
    "The state-of-the-art alarm code is kept in Greta's binder.",
    "Our staging server is staging-eu-west-2 and the password is in Vault.",
]


@pytest.mark.parametrize("text", ORDINARY)
def test_a_sentence_with_the_same_verbs_and_no_secret_is_stored(text: str) -> None:
    assert not SCANNER.kinds(text), text


def test_a_word_phrase_is_words_not_a_hyphenated_phrase() -> None:
    assert is_word_phrase("falcon-harbor-ember-94") and is_word_phrase("walnut.lilac.walnut")
    assert not is_word_phrase("state-of-the-art") and not is_word_phrase("up-to-date")
    assert not is_word_phrase("docs.example.com") and not is_word_phrase("falcon-harbor")


def test_redaction_takes_the_value_and_keeps_the_rest() -> None:
    kept = SCANNER.redact("Studio alarm: disarm it with 58264 when you come in")
    assert "58264" not in kept and "Studio alarm" in kept
    kept = SCANNER.redact("kettle-orbit-lantern-52 is the password for the print server")
    assert "kettle-orbit-lantern-52" not in kept and "print server" in kept
    kept = SCANNER.redact("I answered Thistlewood to the mother's maiden name question at the bank")
    assert "Thistlewood" not in kept and "maiden name question" in kept
