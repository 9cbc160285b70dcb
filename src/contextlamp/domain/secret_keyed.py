"""Recovery keys and passphrases named by their class in any language (stop 48).

breaker47 (a blind set, note47) stored 42 of 49 stated recovery keys and 34 of 56 passphrases, in 22 languages.
Two readings, each of a class noun of many languages and a value whose shape or place says it is the credential:

- **A recovery key by its shape, in any order** (:func:`accept_recovery_key`): a recovery-key noun (en, de, fr, es,
  it, pt, nl, sv, da/no, pl, cs, tr, ru, uk, ar, fa, he, hi, th, zh, ja, ko, vi, id: :data:`RECOVERY_NOUNS`) and,
  in the same sentence, before or after it, a value of 4 to 10 groups of one length (4 to 8 letters or digits,
  one separator: dashes or spaces) holding digits in two groups or more: an Apple or FileVault recovery key
  (``W0V2-LJOV-FAB8-…``), a BitLocker recovery password (eight groups of six digits). No word of prose has that
  shape, so the words around it need no reading: "clé de récupération pour l'appartement de mamie : …", "(klucz
  odzyskiwania …)", "… — это ключ восстановления на склад".
- **A passphrase of plain words** (:func:`accept_phrase_words`): a passphrase noun of many languages
  (:data:`PHRASE_NOUNS_ANY`), up to 80 characters, a colon, a dash or a copula, then 3 to 8 words (spaced, dotted
  or dashed) ending the clause, none a function word of some language: "парольная фраза на тестовый сервер:
  tunnel candle lantern galaxy"; "Die Passphrase für das NAS ist zu kurz und leicht zu erraten" stays storable.

Measured rules that did not help the held-out split (held16s) were reverted: research/notes/stated51-stop48.md.
Every pattern is bounded (a sentence window of at most 120 characters, a value of at most 10 groups or 8 words),
and a refused candidate is searched again after its value, so the scan stays linear (secret_scan.py).
"""

from __future__ import annotations

import re

from contextlamp.domain.secret_between import COPULA_WORDS
from contextlamp.domain.secret_grammar import WS
from contextlamp.domain.secret_lexicon import function_words
from contextlamp.domain.secret_measures import is_trivial_number
from contextlamp.domain.secret_rules import Rule
from contextlamp.domain.secret_values import accept_passphrase

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


_CLAUSE_END = r"[ \t]*(?:[.!?;,،؛。，；！？\n)]|$)"


def keyed_rules() -> tuple[Rule, ...]:
    """The rules of this module, compiled by secret_scan with the slot layer (no work at import time)."""
    recovery = rf"(?i:{RECOVERY_NOUNS})"
    key = rf"{_EDGE_BEFORE}((?:{KEY_SHAPE})){_EDGE_AFTER}"
    copula = "|".join(sorted((re.escape(w) for w in COPULA_WORDS if w.isalpha()), key=len, reverse=True))
    return (
        Rule("Recovery Key", rf"{recovery}{_SENTENCE}{{0,120}}?{key}", accept_recovery_key, "after"),
        Rule("Recovery Key", rf"{key}{_SENTENCE}{{0,80}}?{recovery}", accept_recovery_key, "after"),
        Rule(
            "Password",
            rf"(?i)(?:{PHRASE_NOUNS_ANY})[^\n:：.!?。]{{0,80}}?(?:{WS}*[:：=—–]|{WS}(?:{copula})){WS}*{_PHRASE_VALUE}"
            rf"(?:{WS}+(?:است|है|です|입니다))?{_CLAUSE_END}",
            accept_phrase_words,
            "after",
        ),
    )
