"""Stated credentials in scripts written without spaces between words: Han (Mandarin, Cantonese, Traditional
Chinese), kana, Hangul's glued particles, and Thai.

The slot rules (secret_slots.py) read a value in ASCII after a particle (``密码是X``, ``パスワードはX``). People
also write, with no space anywhere:

- a value in the sentence's own script with a number (``密碼係叉燒包1183``, ``パスワード：さくら870``,
  ``비번은 하늘1776``, Thai ``มะม่วง๖๘๔`` with Thai digits): letters of the script then 3 to 12 digits that no
  counter or unit follows (``密码至少8位``, ``2024年`` are a length and a year);
- a value in Latin letters with diacritics (``ọsan2048``) or a passphrase of Latin words after the particle;
- the copula of Cantonese (係) and the verbs of changing to (改成, 改为, 改為, 改咗做, 換成, 设为 …: "changed
  the password to"), which state the value as a copula does;
- the object particle and the particle of direction around a value: Japanese ``パスワードをXに変えました``,
  Korean ``비밀번호를 X로 바꿨어요``: the value between them (without the second particle the object is what is
  done to the password, ``パスワードを忘れた``);
- Thai: the password noun glued to what it opens and to its copula (คือ, เป็น) and to the value
  (``รหัสผ่านคือkhaoniao2``, ``รหัสwifiคือ X``, ``เปลี่ยนรหัสผ่านเซิร์ฟเวอร์เป็น X``).

A value of Latin letters takes the slot layer's class check (not prose, a placeholder or code); a value in the
sentence's script needs its number. Every pattern is bounded, so the scan stays linear (secret_scan.py).
"""

from __future__ import annotations

from contextlamp.domain.secret_grammar import PASSWORD_NOUNS_CJK, PIN_NOUNS_CJK, WS
from contextlamp.domain.secret_measures import is_trivial_number
from contextlamp.domain.secret_rules import Rule
from contextlamp.domain.secret_values import accept_password

_SCRIPT = r"\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}\p{Thai}"
# Digits of the scripts people type a number in beside these (ASCII, full-width, Thai).
_DIGIT = r"[0-9０-９๐-๙]"
# Counters and units written after a number: a length, a count, a date, money, a time (zh, ja, ko, th).
_UNITS = frozenset("位个個次年月日号號字元块塊分秒天周週桁回文件人자번개회년월일원시초ตัวครั้งปีวันบาท")
# The value: the script's letters then a number, a number, or a Latin run (and up to five more Latin words).
_LATIN = r"[\x21-\x7e\p{Latin}]"
_BARE_VALUE = (
    rf"((?:[{_SCRIPT}]{{1,8}}{_DIGIT}{{3,12}}|{_DIGIT}{{3,12}}|{_LATIN}{{3,64}}(?:[ \t]{_LATIN}{{2,40}}){{0,5}}))"
)
_VALUE = _BARE_VALUE + r"([^\s\p{Z}])?"  # and the character after it, which the check reads (a counter, a unit)
# Separators glued to a noun: copulas (Mandarin, Cantonese, Japanese, Korean topic and subject particles), a colon,
# and the verbs of changing to.
_SEPARATOR = (
    r"係|是|為|为|は|が|는|은|이|가|：|:|=|"
    r"(?:已經|已经|已)?(?:改成|改为|改為|改咗做|改咗|改做|換成|换成|換咗做|設為|设为|設定為|设置为|設置為|變成|变成)"
)
# Thai: the password noun, its loanword, and "code" (รหัส) only when what it opens is glued to it.
THAI_NOUNS = rf"รหัสผ่าน|พาสเวิร์ด|พาสเวิด|รหัส{WS}?(?:wi-?fi|ไวไฟ|wlan|atm|เอทีเอ็ม|บัตร|pin|พิน|เข้า|ล็อค|ประตู)"
_THAI_COPULA = r"คือ|เป็น|:|="


def accept_glued(checked: str) -> bool:
    """A value after a glued separator (module docstring); ``checked`` is the value, then (after a space) the
    character that follows it when there is one. A number in the script's letters or alone needs no counter or
    unit after it; a Latin value takes the slot layer's password check."""
    value, after = checked.strip(), ""
    if len(value) > 2 and value[-2] == " ":  # the peeked character (a Latin value's last word has 2+ letters)
        value, after = value[:-2].strip(), value[-1]
    if not value:
        return False
    tail = value.rstrip("0123456789０１２３４５６７８９๐๑๒๓๔๕๖๗๘๙")
    if len(tail) < len(value) and not any(c.isascii() and c.isalpha() for c in tail):
        digits = len(value) - len(tail)
        if after and after in _UNITS:
            return False
        if not tail:  # a number alone: not a trivial run ("密码是123456的人很多": the most common password)
            return 4 <= digits <= 12 and not is_trivial_number(value) if value.isascii() else 4 <= digits <= 12
        return digits >= 3
    if not all(c.isascii() or c.isalpha() or c == " " for c in value):
        return False
    return accept_password(value)


def glued_rules() -> tuple[Rule, ...]:
    """The rules of this module (docstring)."""
    object_ja = rf"(?:{PASSWORD_NOUNS_CJK})を{WS}*{_BARE_VALUE}{WS}*(?:に|へ)"
    object_ko = rf"(?:{PASSWORD_NOUNS_CJK}){WS}*(?:를|을){WS}*{_BARE_VALUE}{WS}*(?:로|으로)"
    return (
        Rule("Password", rf"(?:{PASSWORD_NOUNS_CJK}){WS}*(?:{_SEPARATOR}){WS}*{_VALUE}", accept_glued, peek=True),
        Rule("PIN", rf"(?:{PIN_NOUNS_CJK}){WS}*(?:{_SEPARATOR}){WS}*{_VALUE}", accept_glued, peek=True),
        Rule("Password", object_ja, accept_glued),
        Rule("Password", object_ko, accept_glued),
        Rule(
            "Password",
            rf"(?i)(?:{THAI_NOUNS})[\p{{Thai}}a-zA-Z\- ]{{0,30}}?(?:{_THAI_COPULA}){WS}*{_VALUE}",
            accept_glued,
            peek=True,
        ),
    )
