"""Recovery keys, security answers and labelled values in parentheses, named by their class in any language (stop 48).

breaker47 (a blind set, note47) stored 42 of 49 stated recovery keys, 38 of 52 security answers and most codes and
passphrases written as a label in parentheses, in 22 languages. Three readings, each of a class noun of many
languages and a value whose shape or place says it is the credential:

- **A recovery key by its shape, in any order** (:func:`accept_recovery_key`): a recovery-key noun (en, de, fr, es,
  it, pt, nl, sv, da/no, pl, cs, tr, ru, uk, ar, fa, he, hi, th, zh, ja, ko, vi, id: :data:`RECOVERY_NOUNS`) and,
  in the same sentence, before or after it, a value of 4 to 10 groups of one length (4 to 8 letters or digits,
  one separator: dashes or spaces) holding digits in two groups or more: an Apple or FileVault recovery key
  (``W0V2-LJOV-FAB8-…``), a BitLocker recovery password (eight groups of six digits). No word of prose has that
  shape, so the words around it need no reading: "clé de récupération pour l'appartement de mamie : …", "(klucz
  odzyskiwania …)", "… — это ключ восстановления на склад".
- **A label and its value in parentheses** (:func:`accept_paren_value`): ``(passphrase shadow eagle planet
  bridge)``, ``(kluisjescode 97-16-02)``, ``(risposta alla domanda di sicurezza Wojciechowska)``: an opening
  parenthesis, a credential noun of any class (the slot layer's and secret_between's nouns, or a compound ending
  in a code word: ``kluisjescode``, ``skåpskod``), the value, the closing parenthesis. The value must be shaped
  like one: digits of a code, a token with a digit, 3 to 8 words that are not prose (a passphrase), or for an
  answer one capitalised word or name; "(password manager)", "(PIN required)", "(postcode 1012)" stay storable.
- **An answer with words between** (:func:`accept_answer_between`): an answer noun of any language next to a
  security-question noun ("the answer to the security question", "odpowiedź na pytanie bezpieczeństwa", "جواب
  سؤال الأمان", "सुरक्षा प्रश्न का उत्तर", "คำตอบคำถามความปลอดภัย"), up to eight words, a separator (a colon, a
  dash or a copula of any language), then one to three words ending the clause, the first capitalised or of a
  script without case: "Per la cronaca, la risposta alla domanda di sicurezza per il magazzino è Hollowbrook".
  The question itself ("the security question is the name of my first pet") has no answer noun: storable.

Every pattern is bounded (a sentence window of at most 120 characters, a value of at most 10 groups or 8 words),
and a refused candidate is searched again after its value, so the scan stays linear (secret_scan.py).
"""

from __future__ import annotations

import re

from contextlamp.domain.secret_between import (
    CODE_NOUNS,
    COPULA_WORDS,
    NOT_A_CREDENTIAL,
    PHRASE_NOUNS,
    QUESTION_NOUNS,
    WORD,
    digits_value,
    names_opener,
)
from contextlamp.domain.secret_between import PIN_NOUNS as PIN_NOUNS_MORE
from contextlamp.domain.secret_grammar import ANSWER_NOUNS, CODES_NOUNS, PASSWORD_NOUNS, PIN_NOUNS, TOKEN_NOUNS, WS
from contextlamp.domain.secret_lexicon import function_words
from contextlamp.domain.secret_measures import is_trivial_number
from contextlamp.domain.secret_rules import Rule
from contextlamp.domain.secret_values import accept_answer, accept_passphrase, accept_password

# Recovery keys (of a disk, an account, a wallet app) by language; case-insensitive, an inflection may follow.
RECOVERY_NOUNS = (
    r"recovery{WS}(?:key|password)|(?:bitlocker|filevault)(?:{WS}recovery)?{WS}key|"
    r"wiederherstellungs(?:schlüssel|kennwort)|(?:clé|cle){WS}de{WS}(?:récupération|recuperation|secours)|"
    r"clave{WS}de{WS}recuperaci[óo]n|chiave{WS}di{WS}(?:ripristino|recupero)|chave{WS}de{WS}recupera[çc][ãa]o|"
    r"herstelsleutel|återställningsnyckel|gendannelsesnøgle|gjenopprettingsnøkkel|"
    r"klucz\p{L}{0,2}{WS}odzyskiwania|klíč{WS}(?:pro{WS})?obnoven[íi]|kurtarma{WS}anahtar\p{L}{0,4}|"
    r"ключ\p{L}{0,2}{WS}(?:восстановления|відновлення)|مفتاح{WS}(?:ال)?(?:استرداد|استرجاع)|کلید{WS}بازیابی|"
    r"מפתח{WS}(?:ה)?שחזור|रिकवरी{WS}(?:की|कुंजी)|पुनर्प्राप्ति{WS}कुंजी|คีย์กู้คืน|恢复密钥|恢復密鑰|回復キー|"
    r"リカバリーキー|복구{WS}?키|khóa{WS}khôi{WS}phục|kunci{WS}pemulihan"
).replace("{WS}", WS)
# 4 to 10 groups of 4 to 8 letters or digits joined by dashes, or by spaces after a first group with a digit (words
# of prose are no candidate, so a sentence's words between the noun and the key never hide it); the check reads
# the groups.
KEY_SHAPE = r"[A-Za-z0-9]{4,8}(?:-[A-Za-z0-9]{4,8}){3,9}|[A-Za-z]{0,7}[0-9][A-Za-z0-9]{0,7}(?: [A-Za-z0-9]{4,8}){3,9}"
_SENTENCE = r"[^.!?。！？\n]"
_EDGE_BEFORE = r"(?:^|[^A-Za-z0-9_-])"
_EDGE_AFTER = r"(?:[^A-Za-z0-9_-]|$)"


def accept_recovery_key(value: str) -> bool:
    """Groups of one length joined by one separator, 4 or more of them, digits in at least two groups and not a
    trivial run; a UUID (8-4-4-4-12) has groups of several lengths and so is no candidate."""
    separators = {c for c in value if c in "- "}
    if len(separators) != 1:
        return False
    groups = value.split(separators.pop())
    if len(groups) < 4 or len({len(g) for g in groups}) != 1:
        return False
    with_digit = [g for g in groups if any(c.isdigit() for c in g)]
    if len(with_digit) < 2:
        return False
    digits = "".join(c for c in value if c.isdigit())
    return not (digits == value.replace("-", "").replace(" ", "") and is_trivial_number(digits))


# Every credential noun a label in parentheses may carry: the slot layer's classes, secret_between's code, PIN and
# passphrase nouns, recovery keys, and a compound ending in a code word ("kluisjescode", "skåpskod", "Türcode").
_COMPOUND_CODE = r"\p{L}{2,24}(?:code|kode|kod|koden|koder|kodu|combinatie|kombination|kombinasjon|szyfr)"
_CODE_WORDS = ("code", "kode", "kod", "koden", "koder", "kodu", "combinatie", "kombination", "kombinasjon", "szyfr")
# What a compound's head must not be: a code that is no credential (post, zip, bar, error …).
_NOT_A_CODE_HEAD = (
    "post",
    "zip",
    "bar",
    "qr",
    "error",
    "fehler",
    "fout",
    "felkod",
    "status",
    "source",
    "quell",
    "bron",
    "promo",
    "rabatt",
    "korting",
    "gutschein",
    "kupon",
    "coupon",
    "voucher",
    "invite",
    "einladung",
    "referral",
    "country",
    "länder",
    "land",
    "area",
    "vorwahl",
    "netnummer",
    "riktnummer",
    "tax",
    "steuer",
    "op",
    "byte",
    "uni",
    "short",
    "kurs",
    "course",
    "iban",
    "swift",
    "sort",
    "farb",
    "color",
    "colour",
    "kleur",
    "dress",
    "pincode",
)
_PAREN_VALUE = r"(?:[^\s\p{Z}()\"“”«»]{1,64}(?:[ \t][^\s\p{Z}()\"“”«»]{1,40}){0,7})"


def _nouns() -> str:
    return "|".join(
        (
            PASSWORD_NOUNS,
            PIN_NOUNS.replace("(?:OPENERS_EN)", "(?:door|gate|alarm|lock|locker|safe)")
            .replace("(?:OPENERS_DE)", "(?:tür|tor|alarm|tresor|spind)")
            .replace("(?:OPENERS_ROMANCE)", "(?:puerta|porta|porte|alarma|alarme|allarme|cofre|coffre)"),
            PIN_NOUNS_MORE,
            CODES_NOUNS,
            ANSWER_NOUNS,
            TOKEN_NOUNS,
            PHRASE_NOUNS,
            RECOVERY_NOUNS,
            rf"(?:{CODE_NOUNS})(?:{WS}+{WORD}){{1,4}}?",
            _COMPOUND_CODE,
        )
    )


def _code_compound_ok(label: str) -> bool:
    """A compound ending in a code word names a credential unless its head is a code that is none (postcode)."""
    words = label.lower().split()
    if not words:
        return False
    last = words[-1]
    if any(last.endswith(c) for c in _CODE_WORDS) and len(words) == 1:
        head = last
        for c in sorted(_CODE_WORDS, key=len, reverse=True):
            if head.endswith(c):
                head = head[: -len(c)]
                break
        return not any(head.rstrip("-s").endswith(h) or head.startswith(h) for h in _NOT_A_CODE_HEAD)
    return True


_DIGITS = re.compile(r"[#*]?\d{1,12}(?:-\d{1,12}){0,4}[#*]?")


def _value_shaped(words: list[str]) -> bool:
    """Digits of a code (4+), a recovery key, a token with a digit and a letter, or 3 to 8 plain words that are
    not prose (a passphrase)."""
    value = " ".join(words)
    if len(words) == 1:
        v = words[0]
        if _DIGITS.fullmatch(v):
            digits = "".join(c for c in v if c.isdigit())
            return len(digits) >= 4 and not is_trivial_number(digits)
        has_both = any(c.isdigit() for c in v) and any(c.isalpha() for c in v)
        return accept_recovery_key(v) or (has_both and accept_password(v))
    if len(words) >= 3 and all(w.isalpha() for w in words):
        return not any(w.lower() in function_words() for w in words) and accept_passphrase(value)
    return accept_recovery_key(value)


def accept_paren_value(inside: str) -> bool:
    """A label and its value in parentheses (module docstring): ``inside`` is what the parentheses hold, the
    label first; some split of it into a label (no attribute word) and its last 1 to 8 words is a value."""
    words = inside.replace(":", " ").split()
    if len(words) < 2 or not _code_compound_ok(words[0]):
        return False
    for k in range(1, min(8, len(words) - 1) + 1):
        label = words[:-k]
        if any(w.lower().strip("'’") in NOT_A_CREDENTIAL for w in label[1:]):
            return False
        if _value_shaped(words[-k:]):
            return True
    return False


def accept_paren_answer(inside: str) -> bool:
    """A security answer in parentheses after its noun: the last 1 to 3 words, capitalised (or of a script
    without case), no function word."""
    words = inside.replace(":", " ").split()
    for k in range(1, min(3, len(words) - 1) + 1):
        value = words[-k:]
        named = all(w[:1].isupper() or _UNCASED.match(w[:1]) for w in value)
        if named and not any(w.lower() in function_words() for w in value) and accept_answer(" ".join(value)):
            return True
    return False


# An answer noun next to a security-question noun, either order, in any language of QUESTION_NOUNS.
ANSWER_WORDS = (
    r"answer|antwort|r[ée]ponse|respuesta|resposta|risposta|antwoord|svar(?:et)?|odpowied[źz]|ответ|відповідь|"
    r"cevab\p{L}{0,2}|jawaban(?:nya)?|câu{WS}trả{WS}lời|(?:ال)?جواب|(?:ال)?إجابة|(?:ה)?תשובה|उत्तर|जवाब|คำตอบ|"
    r"答え|答案|답(?:변)?"
).replace("{WS}", WS)
_LINK = r"(?:[ \t]+[^\s\p{Z}.!?;,:()]{1,12}){0,3}[ \t]*"
ANSWER_PAIR = rf"(?:(?:{ANSWER_WORDS}){_LINK}(?:{QUESTION_NOUNS})|(?:{QUESTION_NOUNS}){_LINK}(?:{ANSWER_WORDS}))"
_ANSWER_VALUE = r"([^\s\p{Z}\"'`,;.!?。،؛，；:：()（）]{2,40}(?:[ \t][^\s\p{Z}\"'`,;.!?。،؛，；:：()（）]{1,40}){0,2})"
_CLAUSE_END = r"[ \t]*(?:[.!?;,،؛。，；！？\n)]|$)"
_UNCASED = re.compile(r"[^\W\d_A-Za-zÀ-ɏͰ-ӿ]")  # a letter of a script without case (Arabic, Hebrew, Devanagari …)


def accept_answer_between(value: str) -> bool:
    """The answer after its noun, a few words and a separator: 1 to 3 words ending the clause that read as a
    name (the first letter a capital or of a script without case, no function word of some language)."""
    words = value.split()
    if not words or not (words[0][:1].isupper() or _UNCASED.match(words[0][:1])):
        return False
    return not any(w.lower() in function_words() for w in words) and accept_answer(value)


# Passphrase nouns of many languages (the slot layer's and secret_between's, and he, fa, th, ja, ko, zh, ru/uk, tr
# forms they lack), read with a colon, a dash or a copula after a few words.
PHRASE_NOUNS_ANY = (
    r"pass{WS}?phrase|phrase{WS}(?:secrète|de{WS}passe)|frase{WS}de{WS}(?:contraseña|paso)|frase-(?:senha|passe)|"
    r"frase{WS}(?:secreta|segreta|d'accesso)|wachtzin|wachtwoordzin|lösenfras\p{L}{0,2}|fraz\p{L}{1,2}{WS}"
    r"(?:hasła|szyfrująca)|(?:parola|şifre){WS}cümle\p{L}{0,4}|(?:парольн|кодов)\p{L}{1,3}{WS}фраз\p{L}{0,2}|"
    r"عبارة{WS}(?:ال)?(?:مرور|سر)|عبارت{WS}(?:عبور|رمز)|(?:משפט|ביטוי){WS}(?:ה)?סיסמה|पासफ़्रेज़|पासफ्रेज़?|"
    r"วลีรหัสผ่าน|パスフレーズ|암호{WS}?문구|패스프레이즈|密码短语|口令短语|cụm{WS}mật{WS}khẩu|frasa{WS}sandi"
).replace("{WS}", WS)
_PHRASE_VALUE = r"(\p{L}{2,16}(?:[ .-]\p{L}{2,16}){2,7})"


def accept_phrase_words(value: str) -> bool:
    """3 to 8 words (spaced, dotted or dashed), none a function word of some language, read as a passphrase."""
    words = value.replace("-", " ").replace(".", " ").split()
    if len(words) < 3 or any(w.lower() in function_words() for w in words):
        return False
    return accept_passphrase(" ".join(words))


# A clause between the noun and its copula: up to 24 words, commas allowed, no sentence end ("The PIN that Marta
# set for the back door last week, after the break-in, is 4471.").
_CLAUSE = r"(?:[ \t]*,?[ \t]+[^\s\p{Z}.!?;:：。()\"“”«»]{1,30}){1,24}?"
# Verbs of becoming that state a value after a clause as a copula does ("… ended up being 4471", "… lautet jetzt",
# "… c'est finalement", "… quedó en", "… acabou sendo", "… blev till slut", "… أصبحت في النهاية").
BECOMING = (
    "became", "becomes", "become", "ends", "ended", "turned", "wurde", "c'est", "devenu", "devenue", "devient",
    "quedó", "quedo", "acabou", "ficou", "diventato", "diventata", "werd", "wordt", "blev", "blir", "został",
    "została", "zostało", "стал", "стала", "стало", "став", "أصبح", "أصبحت", "صار", "صارت", "trở", "menjadi",
)  # fmt: skip
_LAST = r"[^\s\p{Z}\"'`“”«»,;]{3,64}"
_SENTENCE_END = r"[ \t]*(?:[.!?;。！？\n]|$)"


def _clause_split(checked: str) -> tuple[list[str], str]:
    """The words of a relative clause (commas dropped, the copula and up to two words after it left out) and
    the value that ends the sentence, from a rule's group 1."""
    words = checked.replace(",", " ").split()
    value = words.pop().rstrip(".!?;。") if words else ""
    cut = max((i for i, w in enumerate(words) if w.lower() in COPULA_WORDS or w.lower() in BECOMING), default=-1)
    return (words[:cut] if cut >= 0 else words), value


def _clause_ok(between: list[str]) -> bool:
    """``between`` opens with the word before the noun and the noun: the first four words make the noun no other
    thing's name ("the *error* code …", "the password *manager* …": secret_between.NOT_A_CREDENTIAL); later
    words are the clause's own ("after the reset")."""
    return len(between) >= 2 and not any(w.lower().strip("'’\"") in NOT_A_CREDENTIAL for w in between[:4])


def accept_code_after_clause(checked: str) -> bool:
    """A code noun, a clause naming what it opens, a copula, 4+ digits ending the sentence (no year)."""
    between, value = _clause_split(checked)
    digits = "".join(c for c in value if c.isdigit())
    year = len(value) == 4 and value[:2] in ("19", "20")
    opener = any(names_opener(w) for w in between)
    return _clause_ok(between) and opener and len(digits) >= 4 and not year and digits_value(value, "")


def accept_pin_after_clause(checked: str) -> bool:
    """A PIN or combination noun, a clause, a copula, 4+ digits ending the sentence (no year)."""
    between, value = _clause_split(checked)
    digits = "".join(c for c in value if c.isdigit())
    year = len(value) == 4 and value[:2] in ("19", "20")
    return _clause_ok(between) and len(digits) >= 4 and not year and digits_value(value, "")


def accept_password_after_clause(checked: str) -> bool:
    """A password noun, a clause, a copula, then a token with a digit and a letter or symbol ending the sentence."""
    between, value = _clause_split(checked)
    has_digit = any(c.isdigit() for c in value)
    other = any(not c.isdigit() for c in value)
    return _clause_ok(between) and has_digit and other and not value[:1].isdigit() and accept_password(value)


def keyed_rules() -> tuple[Rule, ...]:
    """The rules of this module, compiled by secret_scan with the slot layer (no work at import time)."""
    recovery = rf"(?i:{RECOVERY_NOUNS})"
    key = rf"{_EDGE_BEFORE}((?:{KEY_SHAPE})){_EDGE_AFTER}"
    copula = "|".join(sorted((re.escape(w) for w in COPULA_WORDS if w.isalpha()), key=len, reverse=True))
    gap = rf"(?:{WS}+{WORD}){{0,8}}(?:{WS}*[:：=—–]{WS}*|{WS}+(?:{copula}){WS}+){_ANSWER_VALUE}{_CLAUSE_END}"
    lead = r"(?i)(?:^|[^\p{L}\p{N}_])"
    pre = rf"(?:\p{{L}}[^\s\p{{Z}}]{{0,29}}{WS}+)?"  # the word before the noun, read by the check
    verbs = "|".join(sorted((re.escape(w) for w in BECOMING), key=len, reverse=True))
    tail = rf"[ \t]+(?:{verbs}|{copula})(?:[ \t]+\p{{L}}{{1,20}}){{0,2}}[ \t]+{_LAST}){_SENTENCE_END}"
    clause = (
        ("PIN", CODE_NOUNS, accept_code_after_clause),
        ("PIN", PIN_NOUNS_MORE, accept_pin_after_clause),
        ("Password", PASSWORD_NOUNS, accept_password_after_clause),
    )
    after_clause = tuple(
        Rule(kind, rf"{lead}({pre}(?:{nouns}){_CLAUSE}{tail}", check, "after", window=True, trim="last")
        for kind, nouns, check in clause
    )
    return (
        *after_clause,
        Rule("Recovery Key", rf"{recovery}{_SENTENCE}{{0,120}}?{key}", accept_recovery_key, "after"),
        Rule("Recovery Key", rf"{key}{_SENTENCE}{{0,80}}?{recovery}", accept_recovery_key, "after"),
        Rule(
            "Password",
            rf"(?i)\(((?:{_nouns()})[ \t:]+{_PAREN_VALUE})\)",
            accept_paren_value,
            "after",
            window=True,
        ),
        Rule(
            "Security Question Answer",
            rf"(?i)\(((?:{ANSWER_NOUNS}|{ANSWER_PAIR})[ \t:]+{_PAREN_VALUE})\)",
            accept_paren_answer,
            "after",
            window=True,
        ),
        Rule("Security Question Answer", rf"(?i)(?:{ANSWER_PAIR}){gap}", accept_answer_between, "after"),
        Rule(
            "Password",
            rf"(?i)(?:{PHRASE_NOUNS_ANY})[^\n:：.!?。]{{0,80}}?(?:{WS}*[:：=—–]|{WS}(?:{copula})){WS}*{_PHRASE_VALUE}"
            rf"(?:{WS}+(?:است|है|です|입니다))?{_CLAUSE_END}",
            accept_phrase_words,
            "after",
        ),
    )
