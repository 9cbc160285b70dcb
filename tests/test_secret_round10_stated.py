"""#28, round 10 (stop 40): stated credentials the slot layer missed, each as a class, and ordinary sentences with
the same words that stay storable. Made-up values and wordings, none a corpus row.

- glued scripts (secret_glued.py): a value in the sentence's own script with a number, a Latin value with
  diacritics, Cantonese 係 and the verbs of changing to (改成 …), Japanese を…に and Korean 를…로 around a value,
  Thai with the noun glued to its copula or value;
- a password changed to a value (secret_changes.py): after a verb of changing and a preposition, after a marker
  that states a change, before a clause-final verb of changing;
- a PIN named by what it opens (a card, a cash machine, a phone) with no copula, codes in a numbered list, the
  codes nouns of Indonesian, Vietnamese and Hindi, German contractions before a colon, Greek "κωδικός πρόσβασης",
  Persian colloquial پسورد and Urdu پاسورڈ written joined;
- prose that was refused: a placeholder in angle brackets after ``password =``, the password store's ``$(pass
  show …)``, a path where codes are kept.
"""

from __future__ import annotations

import pytest

from contextlamp.domain.secret_scan import SecretScanner

GLUED = [
    "家裡路由器密碼係海鷗4417",  # Cantonese copula, Han letters with a number
    "公司VPN密碼改咗做Tkq83mZ!x",  # Cantonese "changed to", ASCII value
    "测试服务器的密码已改为 雪梨2290",  # Mandarin "changed to", Han value with a number
    "共享盘密码：ñandú7781",  # Latin letters with a diacritic
    "NASのパスワードを kiri-ame-52 に変更しました",  # Japanese を … に
    "공유기 비밀번호를 Pm4xR9tq로 바꿨어",  # Korean 를 … 로, particle glued to the value
    "회사 와이파이 비번은 바다7731",  # Hangul letters with a number
    "รหัสผ่านอีเมลคือpadthai77",  # Thai: noun, copula and value glued
    "รหัสwifiคือ somtam-2024x",  # Thai "code" with what it opens glued
]
# A PIN named by what it opens, with no copula; codes in a numbered list; nouns and phrases the slot now reads.
OPENED_AND_LISTED = [
    "PIN kartu kredit saya 7315",  # Indonesian: PIN, card, possessive, digits
    "PIN-код карты 90417",  # Russian: noun, the card, digits
    "الرقم السري لبطاقتي 5582",  # Arabic "the secret number" of my card
    "MFA recovery codes, keep them safe:\n1. 4823 1190\n2. 7741 0682\n3. 3309 5517",
    "kode cadangan akun email: 83k2-xx91, 7qpl-0m4d",  # Indonesian codes noun
    "Passwort fürs Tablet: kiefer-mond-77",  # German contraction before the colon
    "κωδικός πρόσβασης wifi: thalassa-pefko-42",  # Greek "access code", the word for password
    "پسورد ایمیل کاری: sepid_8821*",  # Persian colloquial noun, the account after it (ezafe)
    "پاسورڈ لیپ ٹاپ کا: kitaab-5521",  # Urdu noun written joined
    "kata sandi email kantor yaitu Mawar_8812",  # Indonesian/Javanese "namely" as the copula
    "PIN kad bank saya dia 7730",  # a copula of the lexicon's languages before the PIN's digits
    "the printer in room 4 is admin / 77310452",  # a conventional account name, a spaced slash, the value
    "ルーター管理画面：admin / 9Zk2LmQ8xV",
    "the desk drawer combo is 12-40-07",  # a combination by what it opens
    "memorable name on the pension account: Gwendolyn",  # a memorable answer named by its account
    "for the gym app the 'first pet' answer is Biscuit",  # a quoted question, then "answer is"
    "wallet words (test net): apple river stone cloud maple orbit tiger lemon pilot canvas ember frost",
]
CHANGED = [
    "I changed the NAS password to Quill-Harbor-63 yesterday",
    "j'ai modifié le mot de passe de la box en Figue#Sable28",
    "cambié la contraseña del correo por tejon-azul-58",
    "mudei a senha do roteador para 58210937",
    "ho impostato la password della VPN a Nebbia_7423",
    "zmieniłam hasło do poczty na 7731029415",
    "сменил пароль от роутера на Гроза2718",
    "kata sandi router sudah diubah menjadi ombak pasir senja",
    "đã đổi mật khẩu wifi thành biendong2024 nhé",
    "मैंने लैपटॉप का पासवर्ड बदलकर Nimbu-4471 कर दिया",
    "wifi şifresini Deniz_8842 yaptım",
]
ORDINARY = [
    "password = <ask-Priya>",
    "DB_PASSWORD=$(pass show work/db)",
    "The backup codes for the bank are in the safe under docs/bank/2fa.",
    "密码至少需要8位",
    "密码是123456的人很多",
    "パスワードを忘れた",
    "パスワードをGitHubで管理しています",
    "비밀번호는 8자 이상이어야 합니다",
    "รหัสไปรษณีย์คือ 10110",
    "รหัสผ่านต้องมีอย่างน้อย 8 ตัว",
    "I changed the password to something stronger",
    "cambié la contraseña a diario durante un mes",
    "we updated the password policy to 14 characters",
    "zmieniłem hasło na nowe",
    "поменял пароль на более сложный",
    "maine password change kar diya",
    "You follow the river, pass through the meadow, and camp at the lake",
    "PIN pad on terminal 4471",
    "PIN ATM saya terblokir kemarin",
    "the recovery codes are printed on page 12",
    "پسورد باید حداقل هشت کاراکتر باشد",
    "the path is admin / settings",
    "URL: admin/users/42",
    "Roles: admin / editor / viewer",
    "the cabinet code is in the wiki",
    "memorable place on the trip: Rome was lovely",
    "recovery words are written on steel plates",
]


@pytest.mark.parametrize("text", GLUED + CHANGED + OPENED_AND_LISTED)
def test_a_stated_credential_is_refused(scanner: SecretScanner, text: str) -> None:
    assert scanner.kinds(text), text


@pytest.mark.parametrize("text", ORDINARY)
def test_an_ordinary_sentence_is_storable(scanner: SecretScanner, text: str) -> None:
    assert scanner.kinds(text) == [], text


def test_redaction_removes_a_changed_value_and_keeps_the_rest(scanner: SecretScanner) -> None:
    text = "Deploy notes: the runner moved to rack 4. I changed the NAS password to Quill-Harbor-63 yesterday."
    redacted = scanner.redact(text)
    assert "Quill-Harbor-63" not in redacted
    assert "the runner moved to rack 4" in redacted
