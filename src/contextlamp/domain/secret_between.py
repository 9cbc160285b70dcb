"""Codes and passwords stated with words between the credential noun and the value, in any language (stop 47).

The slot rules (secret_slots.py) let a prepositional phrase of the curated languages stand between a noun and its
separator ("the PIN **for the back door** is 4471"). People also write other words there, in every language:

- what a code opens, after a noun that alone names no credential: "kod **do panelu** to 482913#", "Code **für das
  Tor der Lagerhalle** ist 5521", "رمز **البوابة** 96985#", "Kode **gerbangnya** 61404";
- an adjective or a genitive: "Twój kod **weryfikacyjny do panelu sklepu** to 482913", "Hasło **administratora do
  NAS-a** to 70385549", "كلمة مرور **المسؤول على الـ NAS** هي Kumathra.8630", "Mật khẩu **quản trị của NAS** là …";
- what it opens before the noun, in languages that put it there: Hindi "गेट का कोड 545393# है", Japanese
  "艇庫の警報パネルのコード：4471", Korean "경보 패널 코드: 4471".

So: the word before the noun, the noun, up to ten words, a separator (a colon, ``=``, a dash or a copula of any
language, read in the pattern), then the value; group 1 holds all of it but the noun's lead, and the checks
(:func:`accept_code`, :func:`accept_pin_between`, :func:`accept_password_between`) read its words again. Without a
separator only two shapes count: a code named by what it opens whose digits end the clause or come before a
clause-final copula (Hindi है, Persian است; :func:`accept_no_separator`), and a password noun whose value looks
random and ends the clause (``كلمة سر الواي فاي e@hXHx%WUbZU94S،``; :func:`accept_unseparated`). A value is digits in
any script (Arabic-Indic ``٤٤٧١``, Devanagari ``४४७१``, Persian, Thai), grouped by dashes, ``#``/``*`` around, 3 to 12
digits; after a password noun, also a token holding a digit and a letter or a symbol.

What keeps prose storable ("the alarm code for the garage is in the binder", "the code for the side gate changes
every 30 days", "the postal code of the office is 28013", "the password manager of the team is 1Password"):

- a bare "code" (code, kod, código, код, رمز, कोड, mã, kode, קוד …) counts only when a word between names what it
  opens (:data:`OPENERS`); the word before the noun and the words between hold no error, status, postal, product,
  public … word, copula, modal or verb of change or keeping (:data:`NOT_A_CREDENTIAL`); after a password noun,
  secret_whereabouts.tells_where reads the words between from each verb-like word ("für Jira *liegt im Tresor*");
- the value is a value: digits that are no date, no trivial run and have no unit after them; a password's value
  holds a digit and is no product's name ("1Password").

Besides, in the languages where breaker46 stored most (ar, hi, zh, vi): a security answer after the question in
parentheses and a colon (:data:`QUESTION_NOUNS`, 21 languages), passphrase and recovery-code nouns the slot layer
lacks, and Mandarin's "密码改成了X".

Every pattern is bounded (ten words of at most 30 characters, a value of at most 64), and a refused candidate is
searched again after its value, so the scan stays linear (secret_scan.py).
"""

from __future__ import annotations

import re

from contextlamp.domain import secret_shape as shape
from contextlamp.domain.secret_grammar import (
    ARROWS,
    CODE_LIST,
    PASSWORD_NOUNS,
    PASSWORD_NOUNS_CJK,
    PREPOSITIONS,
    WS,
)
from contextlamp.domain.secret_measures import is_trivial_number
from contextlamp.domain.secret_rules import OTP_WORDS, Rule
from contextlamp.domain.secret_values import accept_answer, accept_code_list, accept_passphrase, accept_password
from contextlamp.domain.secret_whereabouts import tells_where
from contextlamp.domain.secret_words import SLOT_UNITS

# A noun that alone names no credential: a code or a number, by language (what it opens must follow).
CODE_NOUNS = (
    r"codes?|code{WS}number|kod|koden|szyfr|c[óo]digo|codice|clave|k[oó]d|код|шифр|"
    r"(?:ال)?رمز|(?:ال)?كود|(?:ال)?رقم(?:{WS}(?:ال)?سري)?|کد|رمز|(?:ה)?קוד|mã(?:{WS}số)?|kode|sandi"
).replace("{WS}", WS)
# A noun that names a code someone types to open something, or a one-time code: no opener needed.
PIN_NOUNS = (
    r"pin(?:{WS}?code|-code|-kod)?|pincode|pinkod|passcode|combination|combo|kombination|zahlenkombination|"
    r"combinaison|combinaci[óo]n|combinazione|combina[çc][ãa]o|combinatie|kombinacja|комбинаци[яю]|комбінаці[яю]|"
    r"ترکیب|(?:ה)?שילוב|kombinasi|mã{WS}pin|пин(?:-код)?|"
    r"(?:verification|confirmation|security|access|entry|door|gate|alarm){WS}code|"
    r"(?:ال)?رمز{WS}(?:ال)?(?:تحقق|تأكيد|دخول|سري)|کد{WS}(?:تأیید|تایید|ورود|امنیتی)|קוד{WS}(?:ה)?(?:אימות|גישה)|"
    r"mã{WS}(?:xác{WS}minh|xác{WS}nhận|otp|truy{WS}cập)|kode{WS}(?:verifikasi|konfirmasi|akses|otp|keamanan)|"
    r"код{WS}(?:підтвердження|доступу|доступа)"
).replace("{WS}", WS)
# Digits of any script (3 to 12 of them, dashes between groups, # or * around), bounded.
DIGITS = r"[#*]?\p{Nd}{1,12}(?:-\p{Nd}{1,12}){0,3}[#*]?"
TOKEN = r"[^\s\p{Z}\"'`“”«»,;،؛。，；]{3,64}"
_T = r"[^\s\p{Z}\"'`“”«»,;،؛。，；]"
DIGIT_TOKEN = rf"{_T}{{0,40}}\p{{Nd}}{_T}{{0,40}}"  # a token with a digit: what a random password holds
# One word between the noun and the separator: no sentence or clause end, no colon, no quote.
WORD = r"[^\s\p{Z}.!?;,:：،؛。，；()\[\]{}\"“”«»「」]{1,30}"
_END = r"(?:[^\p{L}\p{N}_#*-]|$)"
# group 2: the word after, read for a unit; a line's end ends the value too (stop 48: "… to 70-06-78\nThanks")
_AFTER = r"(?:([ \t][^\s\p{Z}]{1,24})|[ \t]|[^\p{L}\p{N}_#*\s-]|\r?\n|$)"
FINAL = r"है|हैं|است|입니다|です|です。"
# Hindi/Japanese/Korean: what it opens, a genitive, then the noun.
_HEAD_FINAL = (
    r"(?:गेट|दरवाज़े|दरवाजे|दरवाज़ा|दरवाजा|ताले|ताला|अलार्म|लॉकर|तिजोरी|सेफ|पैनल|शटर|गोदाम)[^\s\p{Z}]{0,12}"
    rf"(?:{WS}+[^\s\p{{Z}}:：]{{1,20}}){{0,2}}{WS}+(?:का|की|के){WS}+(?:कोड|पिन|कॉम्बिनेशन)|"
    r"(?:扉|ドア|門|ゲート|警報|アラーム|パネル|錠|南京錠|金庫|ロッカー|裏口|玄関|倉庫|シャッター)[^\s\p{Z}:：、。]{0,12}?の?"
    r"(?:コード|番号|暗証番号|ナンバー)|"
    r"(?:문|뒷문|현관|대문|게이트|경보|알람|패널|자물쇠|금고|사물함|창고)[^\s\p{Z}:：]{0,6}(?:{WS}[^\s\p{Z}:：]{1,8})?{WS}?"
    r"(?:코드|번호|비밀번호)"
).replace("{WS}", WS)


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Stems of what a code opens (a word between must start with one, after an Arabic or Hebrew clitic).
OPENERS = _words(
    """
    door gate alarm panel lock padlock locker safe garage entrance entry keypad intercom shed storage
    vault cabinet lockbox building warehouse shutter barrier cage boathouse backdoor tür tor alarm
    schloss tresor spind schließfach eingang pforte lager keller schuppen zentrale briefkasten hintertür
    haustür vorhängeschloss porte portail alarme cadenas coffre casier entrée boîtier centrale vestiaire
    local serrure remise hangar abri grille barrière puerta portón porton alarma candado caja taquilla
    garaje entrada cerradura almacén trastero cobertizo verja reja buzón portone cancello allarme
    lucchetto cassaforte armadiett ingresso serratura centralin magazzin rimessa pannell portão portao
    cadeado cofre armário garagem fechadura painel galpão armazém depósito deur poort hek slot hangslot
    kluis ingang paneel magazijn schuur berging achterdeur voordeur drzwi bram furtk centralk kłódk sejf
    szafk garaż wejści zamk zamek magazyn schowk domofon skrytk dörr port grind larm lås hänglås
    kassaskåp skåp förråd двер ворот калитк сигнализац сигналізац пульт замк замок замка сейф шкафчик
    гараж вход подъезд домофон панел склад кладов комор навес воріт باب بواب بوابة إنذار انذار قفل خزنة
    خزانة مرآب كراج جراج مدخل لوحة مستودع مخزن درب دروازه دزدگیر قفل گاوصندوق کمد پارکینگ ورودی پنل
    انبار דלת שער אזעקה מנעול כספת לוקר ארונית חניה מחסן כניסה לוח cửa cổng báo khóa két tủ gara kho
    pintu gerbang gembok brankas loker garasi gudang kunci
    """
)
_PREPOSITIONS = frozenset(PREPOSITIONS.split("|"))
_PRODUCT = re.compile(r"[0-9][A-Z][a-z]{3,}")
_CLITICS = ("وال", "بال", "لل", "ال", "ل", "ب", "و", "ה", "ל", "ש", "ו", "ב")
# Words between that make the noun another thing's name or the sentence prose: copulas and verbs said before the
# value, and attributes of a credential (its manager, policy, length, reset …) or codes that are no credential.
NOT_A_CREDENTIAL = _words(
    """
    error errors status postal zip post area country product promo promotional discount coupon tax exit
    return source qr bar barcode colour color dress http swift iban sort fehler erreur statut
    código-postal postale postal ошибки ошибка помилки manager managers policy policies length reset
    hint hints rule rules requirement requirements format version strength expiry generator field hash
    hashing algorithm menedżer menedżera gestionnaire gestor verwaltung manager-a менеджер менеджера
    مدير मैनेजर lý changes changed change expires expired rotates ändert geändert change changé cambia
    cambió cambiato muda mudou verandert zmienia zmieniono меняется поменяли змінюється змінили is was
    are were ist war sind est était es era è é são zijn är jest это є là adalah ialah itu هو هي הוא
    היא lautet will must should can
    måste muss doit debe deve moet musi должен повинен harus phải محفوظة محفوظ مخزنة موجودة lưu disimpan
    tersimpan public pública público publique öffentlich öffentliche pubblica publieke publiczny публичный
    открытый відкритий عام العام العامة सार्वजनिक publik
    """
)
COPULA_WORDS = _words(
    """
    is was are ist lautet war est es era è é são sono zijn är er jest to это — – - là adalah ialah itu
    هو هي הוא היא คือ เป็น
    """
)


def _digits_value(value: str, peek: str) -> bool:
    """Digits of any script, 3 to 12, not a date, not a trivial run, no unit after (``peek``: the word after)."""
    core = value.strip(".,;:!?)").strip("#*")
    parts = core.split("-")
    if not core or not all(p.isdigit() for p in parts):
        return False
    digits = "".join(str(int(c)) for c in "".join(parts))  # any script's digits as ASCII
    if not 3 <= len(digits) <= 12 or is_trivial_number(digits):
        return False
    if len(parts) == 3 and len(parts[0]) == 4 and digits[:2] in ("19", "20"):
        return False  # an ISO date
    return peek.strip(".,;:!?()").lower() not in SLOT_UNITS


def _opens(word: str) -> bool:
    """The word starts with what a code opens (:data:`OPENERS`), after an Arabic or Hebrew clitic; a set lookup per
    prefix of a word of at most 30 characters."""
    w = word.lower().strip("'’\"")
    heads = [w] + [w[len(c) :] for c in _CLITICS if w.startswith(c) and len(w) > len(c) + 1]
    return any(h[:k] in OPENERS for h in heads for k in range(2, len(h) + 1))


def _split(checked: str) -> tuple[list[str], str, str, bool]:
    """The words between, the value, the word after it (group 2, after a space) and whether a separator stands
    before the value (a colon, ``=``, a dash, or a copula as the last word between), from a rule's group 1."""
    words = checked.split()
    peek = ""
    if len(words) >= 2 and any(c.isalpha() for c in words[-1]) and any(c.isdigit() for c in words[-2]):
        peek = words.pop()
    value = words.pop() if words else ""
    separated = bool(words) and words[-1].lower() in COPULA_WORDS
    if words and words[-1][-1:] in ":：=—–" + ARROWS:
        words[-1], separated = words[-1][:-1], True
    elif value[:1] in ":：=":
        value, separated = value[1:], True
    between = [w for w in words if w]
    if separated and between and between[-1].lower() in COPULA_WORDS:
        between.pop()
    return between, value, peek, separated


def _between_ok(between: list[str], need_opener: bool) -> bool:
    """The words between (less the copula) are no clause of their own (no copula, verb of change, modal or
    attribute), and name what a code opens when the noun alone names none."""
    if not between and need_opener:
        return False
    if any(w.lower().strip("'’\"") in NOT_A_CREDENTIAL for w in between):
        return False
    return not need_opener or any(_opens(w) for w in between)


def _tells_where(between: list[str]) -> bool:
    """Words between that go on to say where the password is kept or a rule of it ("für Jira *liegt im
    Team-Tresor* in 1Password"): secret_whereabouts.tells_where read from each small-letter word of 4+ letters
    that is not a preposition (a verb; a preposition names which password: "für den Laptop *im Büro*"). At most
    ten bounded reads."""
    return any(
        tells_where(" ".join(between[i:]))
        for i, w in enumerate(between)
        if i > 0 and len(w) >= 4 and w[:1].islower() and w not in _PREPOSITIONS
    )


def accept_code(checked: str) -> bool:
    """A code named by what it opens (``kod do panelu to 482913#``): words naming an opener, a separator, digits."""
    between, value, peek, _ = _split(checked)
    return _between_ok(between, True) and _digits_value(value, peek)


def accept_pin_between(checked: str) -> bool:
    """A PIN, combination or one-time code with words between it and its separator, then digits."""
    between, value, peek, _ = _split(checked)
    return _between_ok(between, False) and _digits_value(value, peek)


def accept_password_between(checked: str) -> bool:
    """A password with words between it and its separator, then a value that holds a digit and a letter or a
    symbol (a word alone after other words is too often prose: "the password of the new intern is Marta"), and
    is not a product's name (a digit then a capitalised word: "1Password")."""
    between, value, peek, _ = _split(checked)
    if not between or not _between_ok(between, False) or _tells_where(between):
        return False
    v = value.rstrip(".,;:!?)")
    if _digits_value(v, peek):
        return len(v.strip("#*")) >= 6
    if _PRODUCT.fullmatch(v):
        return False
    has_digit = any(c.isdigit() for c in v)
    other = any(c.isalpha() for c in v) or any(not c.isalnum() for c in v)
    return has_digit and other and accept_password(v)


def accept_no_separator(checked: str) -> bool:
    """A code named by what it opens, its digits ending the clause with no separator (``رمز البوابة 96985#؛``):
    at most six words with the noun and the word before it, an opener among them, 4 or more digits."""
    between, value, peek, _ = _split(checked)
    if len(between) > 6 or (peek and peek not in FINAL.split("|")):
        return False
    digits = sum(c.isdigit() for c in value)
    return digits >= 4 and _between_ok(between, True) and _digits_value(value, "")


def accept_head_final(checked: str) -> bool:
    """A code after what it opens and a genitive (``गेट का कोड 545393# है``, ``警報パネルのコード：5067``): digits after a
    separator, or ending the clause or followed by a clause-final copula."""
    _, value, peek, separated = _split(checked)
    ends = not peek or peek.rstrip(".,;:!?।。") in FINAL.split("|")
    return (separated or ends) and _digits_value(value, peek)


# A security question named in any of 21 languages, then the question in parentheses or a few words, a colon and
# the answer (up to three words ending the clause): "سؤال الأمان في البنك (اسم أول حيوان أليف): فلفل".
QUESTION_NOUNS = (
    r"security{WS}question|secret{WS}question|sicherheitsfrage|question{WS}(?:de{WS}sécurité|secrète)|"
    r"pregunta{WS}(?:de{WS}seguridad|secreta)|pergunta{WS}(?:de{WS}segurança|secreta)|domanda{WS}(?:di{WS}sicurezza|"
    r"segreta)|beveiligingsvraag|säkerhetsfråga(?:n)?|pytanie{WS}(?:bezpieczeństwa|pomocnicze)|"
    r"(?:контрольный|секретный){WS}вопрос|(?:контрольне|секретне){WS}питання|güvenlik{WS}sorusu|"
    r"(?:ال)?سؤال{WS}(?:ال)?(?:أمان|امان|سري|الأمني|أمني)|سوال{WS}امنیتی|שאלת{WS}(?:ה)?(?:אבטחה|ביטחון)|"
    r"सुरक्षा{WS}प्रश्न|सुरक्षा{WS}सवाल|秘密の質問|密保问题|安全问题|安全問題|보안{WS}?질문|câu{WS}hỏi{WS}bảo{WS}mật|"
    r"pertanyaan{WS}keamanan|คำถามความปลอดภัย"
).replace("{WS}", WS)
_CLAUSE_END = r"[ \t]*(?:[.!?;,،؛。，；！？\n]|$)"
_ANSWER = r"([^\s\p{Z}\"'`,;.!?。،؛，；:：()（）]{1,40}(?:[ \t][^\s\p{Z}\"'`,;.!?。،؛，；:：()（）]{1,40}){0,2})"
# Passphrase nouns the slot layer lacks (ar, hi, vi, id, pl, nl), and their value after a colon: joined or spaced
# words, ending the clause.
PHRASE_NOUNS = (
    r"عبارة{WS}(?:ال)?(?:مرور|سر)|पासफ़्रेज़|पासफ्रेज़|पासफ्रेज|cụm{WS}mật{WS}khẩu|frasa{WS}sandi|"
    r"fraza{WS}szyfrująca|wachtwoordzin|加密口令|口令"
).replace("{WS}", WS)
_PHRASE = r"([^\s\p{Z}\"'`,;،؛。，；]{3,64}(?:[ \t][\p{L}\p{N}]{1,24}){0,7})"
# Codes nouns the slot layer lacks (Arabic), and the verbs of changing to with 了 (Mandarin "改成了").
CODES_NOUNS_MORE = r"رموز{WS}(?:ال)?(?:استرداد|استرجاع|احتياط|احتياطية|نسخ{WS}الاحتياطي)".replace("{WS}", WS)
_CHANGED = r"(?:密码|密碼|口令)(?:改成|改为|改為|设成|設成|设为|設為|换成|換成)了"


def accept_phrase(value: str) -> bool:
    """A passphrase after a colon: 3+ words joined or spaced that are not prose, or a password with a digit."""
    words = value.replace("-", " ").replace("_", " ").replace(".", " ").split()
    if len(words) >= 3:
        return accept_passphrase(" ".join(words))
    return any(c.isdigit() for c in value) and accept_password(value)


def accept_unseparated(checked: str) -> bool:
    """A password noun, up to three words naming what it opens, and a value with no separator that ends its
    clause (``كلمة سر الواي فاي e@hXHx%WUbZU94S،``, ``密码 x7Lq#9vB2m，``): the value must look random
    (secret_shape.accept_stated_password), the words between hold no attribute or verb."""
    words = checked.split()
    value = words.pop().rstrip(".,;:!?،؛。，；") if words else ""
    return _between_ok(words, False) and shape.accept_stated_password(value)


def between_rules() -> tuple[Rule, ...]:
    """The rules of this module, compiled by secret_scan with the slot layer (no work at import time)."""
    lead = r"(?i)(?:^|[^\p{L}\p{N}_])"
    # up to ten words, then a separator: a colon, "=", a dash, or a copula (the check reads the words again)
    copula = "|".join(sorted((re.escape(w) for w in COPULA_WORDS if w.isalpha()), key=len, reverse=True))
    gap = rf"(?:{WS}+{WORD}){{0,9}}(?:{WS}*[:：=—–{ARROWS}]{WS}*|{WS}+{WORD}?[:：]{WS}*|{WS}+(?:{copula}){WS}+)"
    pw_nouns = rf"(?:{PASSWORD_NOUNS})"
    # group 1 opens with the word before the noun, which the check reads too ("the error code of …"): a refused
    # candidate is searched again after its value, so that word is never dropped by starting at the noun
    pre = rf"(?:\p{{L}}[^\s\p{{Z}}]{{0,29}}{WS}+)?"
    rules = (
        ("PIN", rf"{lead}({pre}(?:{CODE_NOUNS}){gap}{DIGITS}){_AFTER}", accept_code),
        (
            "PIN",
            rf"{lead}({pre}(?:{CODE_NOUNS})(?:{WS}+{WORD}){{1,3}}{WS}+{DIGITS})(?:{WS}*(?:[.;,!?؛،。)]|$)|{WS}+({FINAL}))",
            accept_no_separator,
        ),
        ("PIN", rf"{lead}({pre}(?:{PIN_NOUNS}){gap}{DIGITS}){_AFTER}", accept_pin_between),
        ("One-Time Code", rf"({pre}{OTP_WORDS}{gap}{DIGITS}){_AFTER}", accept_pin_between),
        ("Password", rf"{lead}{pw_nouns}({gap}{TOKEN}){_AFTER}", accept_password_between),
        ("PIN", rf"(?:{_HEAD_FINAL})({WS}*[:：=]?{WS}*{DIGITS}){_AFTER}", accept_head_final),
    )
    colon = rf"[^\n:：]{{0,80}}[:：]{WS}*"  # a few words or the question in parentheses, then a colon
    more = (
        Rule("Security Question Answer", rf"(?i)(?:{QUESTION_NOUNS}){colon}{_ANSWER}{_CLAUSE_END}", accept_answer),
        Rule("Password", rf"(?i)(?:{PHRASE_NOUNS}){colon}{_PHRASE}{_CLAUSE_END}", accept_phrase),
        Rule("Two-Factor Backup Codes", rf"(?:{CODES_NOUNS_MORE}){colon}{CODE_LIST}", accept_code_list, "after"),
        Rule("Password", rf"{_CHANGED}([\x21-\x7e]{{3,64}})", accept_password),
        Rule(
            "Password",
            rf"(?i)(?:^|[^\p{{L}}\p{{N}}_])(?:{PASSWORD_NOUNS}|{PASSWORD_NOUNS_CJK})((?:{WS}+{WORD}){{0,3}}{WS}+{DIGIT_TOKEN})"
            rf"{_CLAUSE_END}",
            accept_unseparated,
            window=True,
            trim="last",
        ),
    )
    return more + tuple(
        Rule(kind, pattern, check, "after", peek=True, window=True, trim="last") for kind, pattern, check in rules
    )
