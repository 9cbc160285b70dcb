"""Corrections said in Korean, Japanese, Chinese, Turkish, Russian, Ukrainian, Arabic and Hindi (issue #27): the
readings ``corrections.correction_kind`` and ``named_old.names_old`` add for languages whose words the European
reading neither splits nor names.

- **Words** (``spaced``): a value glued to the words around it is set apart ("tea-pos-3이 아니라" -> "tea-pos-3 이
  아니라", "从8080改成8443" -> "从 8080 改成 8443", "Backblaze'e" -> "Backblaze 'e"), and the scripts' own
  punctuation read as ASCII ("，" ", ", "。" ". ", "।" ". ", "،" ", "), so a value reads as the same value on both
  sides and a clause ends where its comma is.
- **The old value named** (``named_after``, ``named_before``): a marker after the value ("A 아니라/아니고/말고/
  대신", "A ではなく/じゃなくて/の代わりに", "A değil/yerine", "A नहीं/की जगह/के बजाय"), one before it ("不是 A",
  "不再 A", "而不是 A", "не A", "вместо A", "замість A", "ليس A", "بدلاً من A"), or "from A" said with a verb of
  change (``OTHER_CHANGE``: "A에서 B로 바뀌었", "A から B に変わった", "从 A 改成 B", "A'den B'e değiştirildi",
  "с A на B поменяли", "з A на B змінили", "من A إلى B", "A से बदलकर B").
- **The subject in common** (``shared_words``): Chinese and Japanese have no spaces, so two statements share their
  subject when they share a pair of ideographs or katakana ("予約システム"); a Korean word is read without its
  particle ("서버는" / "서버에서" -> "서버").

Pure; every pattern is a character class or an alternation of literals, so linear in the text's length.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

# Hangul syllables, kana, CJK ideographs
_CJK = "\uac00-\ud7af\u3040-\u30ff\u3400-\u9fff"
_IDEOGRAPHIC = (
    "\u30a0-\u30ff\u3400-\u9fff"  # katakana and ideographs: content, not grammar (hiragana is mostly grammar)
)
_VALUE_CHARS = r"A-Za-z0-9"
# the scripts' own punctuation, read as ASCII (a space after it: a clause ends there)
_PUNCT = {
    **{"，": ", ", "、": ", ", "。": ". ", "：": ": ", "；": "; ", "！": "! ", "？": "? ", "（": " (", "）": ") "},
    **{"।": ". ", "،": ", ", "؛": "; ", "؟": "? "},  # Devanagari danda, Arabic comma, semicolon, question mark
}
# a Turkish case suffix after an apostrophe on a name or a number ("Backblaze'e", "5012'den", "06:15'te"): with a
# vowel, not English's "'s", "'re", "'ve", "'ll"
_TR_SUFFIX = r"(?<=[A-Za-z0-9])['’](?!(?:re|ve|ll)\b)[a-zçğıöşü]*[aeıioöuü][a-zçğıöşü]*\b"
# the one kept, as a word of its own: "from" ("5012'den 5044'e" -> "5012 'den 5044"); the others are dropped
_ABLATIVE = frozenset(["den", "dan", "ten", "tan"])

# after the value, at most ``AFTER_WORDS`` words on: a word naming it as the old one (a prefix: "아니라", "아니고요")
_AFTER_OLD = (
    "아니",  # 아니라, 아니고, 아니에요, 아닙니다 (read after a value only)
    "아닙",
    "말고",
    "대신",
    "없",  # "이제 rack A에는 없어요": no longer there
    "ではなく",
    "ではない",
    "じゃなく",
    "じゃない",
    "の代わりに",
    "代わりに",
    "değil",
    "yerine",
    "नहीं",
    "जगह",
    "बजाय",
)
_AFTER_NOT = frozenset(["की", "के", "का", "이", "가", "은", "는", "을", "를", "에는", "에", "에서는", "には", "に"])
AFTER_WORDS = 2  # "18:00이 아니라": the value, a particle, the marker; "07:30 की जगह"
# before the value: a word (or the end of an unspaced run) naming what follows as the old one
_BEFORE_OLD = frozenset(["не", "вместо", "замість", "ليس", "وليس", "ليست", "وليست", "بدلاً", "بدلا", "عوضاً", "ni"])
_BEFORE_OLD_END = ("不是", "不再", "并非", "而非", "不再用", "不再是")
# "from" the old value, read only with a verb of change: after it (a particle or case), or before it
_FROM_AFTER = frozenset(["에서", "부터", "から", "'den", "'dan", "'ten", "'tan", "से"])
_FROM_BEFORE = frozenset(["从", "由", "с", "со", "з", "із", "від", "от", "من"])
_FROM_UNSPACED = ("从", "由")
# verbs of change (stems; any inflection after them)
OTHER_CHANGE = (
    r"바뀌|바꿨|바꾸|변경|옮겼|옮기|이전했|変わ|変更|移行|切り替え|移し|移っ|改成|换成|改为|改到|换到|迁移|迁到|切换|"
    r"(?i:değiştir|geçti|geçtik|taşındı|taşıdık|поменял|изменил|перешл|перешел|перешёл|перевел|перенесл|переехал|"
    r"сменил|змінил|змінив|перейшо|перейшл|перевел|перенесл)|تغيير|تغير|غيرنا|انتقل|نقلنا|बदल|शिफ्ट"
)
# Korean particles a word is read without when it names the subject ("서버는" -> "서버")
_KO_PARTICLES = (
    "에서는",
    "에서",
    "으로",
    "에는",
    "까지",
    "부터",
    "은",
    "는",
    "이",
    "가",
    "을",
    "를",
    "의",
    "에",
    "로",
    "도",
    "과",
    "와",
)
# words of these languages that name no subject (particles, prepositions, postpositions, copulas); none a word of
# a Latin-script language the European reading counts ("de", "da": Dutch, Spanish, Italian)
SCRIPT_FUNCTION = frozenset(
    """이 가 은 는 을 를 의 에 에서 으로 로 도 과 와 이에요 예요 입니다 에요 이었어요
    в во на с со к о об у з із до від за по и а не но что это
    و في من إلى على عن مع هو هي ال الساعة الآن
    की के का को में से पर है हैं था थी और नहीं अब
    ve ile bir bu için artık""".split()  # noqa: SIM905
)


@cache
def _patterns() -> tuple[re.Pattern[str], ...]:
    """The glued-value, Turkish suffix, punctuation and change patterns, compiled on first use (not at import)."""
    return (
        re.compile(rf"(?<=[{_VALUE_CHARS}])(?=[{_CJK}])|(?<=[{_CJK}])(?=[{_VALUE_CHARS}])"),
        re.compile(_TR_SUFFIX),
        re.compile("|".join(map(re.escape, _PUNCT))),
        re.compile(OTHER_CHANGE),
        re.compile(rf"[{_CJK}]"),
    )


def spaced(text: str) -> str:
    """``text`` with a value set apart from the unspaced words glued to it and the scripts' punctuation read as
    ASCII (module docstring); text in Latin script without a Turkish suffix comes back unchanged. Linear in
    ``len(text)``."""
    glued, suffix, punct, _, _ = _patterns()
    if text.isascii():
        return text
    text = punct.sub(lambda m: _PUNCT[m.group()], text)
    text = glued.sub(" ", text)
    text = suffix.sub(lambda m: f" {m.group()}" if m.group()[1:].casefold() in _ABLATIVE else "", text)
    return re.sub(r"[ \t]{2,}", " ", text).strip()


# words after a number that are no unit of it: a copula or ending ("3.2.1이에요", "6100 है"), a particle, a marker
_COPULAS = ("이에", "예요", "입니", "이었", "였", "이야", "이고", "です", "でした", "だ")


def no_unit(word: str) -> bool:
    """Whether ``word``, right after a number, is no unit of it (``lookalikes.other_quantity``): a function word,
    a copula, a marker or a case suffix of this module's languages ("3.2.1 말고", "6100 से", "6100 है")."""
    return (
        word in SCRIPT_FUNCTION
        or word in _FROM_AFTER
        or word.startswith(_AFTER_OLD)
        or word.startswith(_COPULAS)
        or word.startswith(("'", "’"))
    )


MAX_UNSPACED_CHARS = 160  # characters of kana and ideographs a statement may have (about 2 a word: 80 words)


def too_long(text: str) -> bool:
    """Whether ``text`` holds more kana and ideographs than a statement (``MAX_UNSPACED_CHARS``): the space-split
    word limits of the correction rule do not see them. Linear in ``len(text)``."""
    return sum(1 for _ in _patterns()[4].finditer(text)) > MAX_UNSPACED_CHARS


# "also" in these languages: a word ("также", "тоже", "також", "теж", "أيضاً", "भी"), Korean "도" and Japanese
# "も" / "でも" right after a value ("NaverPay도", "Rakuten でも"), Chinese "也" anywhere
_ALSO = frozenset(["также", "тоже", "також", "теж", "أيضاً", "أيضا", "ايضا", "أيضًا", "भी"])
_ALSO_AFTER_VALUE = ("도", "も", "でも")


def additive(text: str) -> bool:
    """Whether ``spaced`` ``text`` adds a value beside the older one ("also" in this module's languages:
    ``_ALSO``, ``_ALSO_AFTER_VALUE``, "也"), as ``corrections._ADDITIVE`` reads English."""
    if "也" in text:
        return True
    tokens = text.split()
    words = [_word(t) for t in tokens]
    if _ALSO & set(words):
        return True
    return any(
        w == "도" or (w.startswith(_ALSO_AFTER_VALUE[1:]) and not w.startswith("もう"))
        for prev, w in zip(tokens, words[1:], strict=False)
        if prev.isascii() and prev[:1].isalnum()
    )


def other_change(text: str) -> bool:
    """Whether ``text`` words a change in one of this module's languages (``OTHER_CHANGE``)."""
    return _patterns()[3].search(text) is not None


def _word(token: str) -> str:
    return token.strip('.,;:!?()[]"`').casefold()


def named_after(words: Sequence[str], tokens: Sequence[str], n: int, changed: bool) -> bool:
    """Whether the value at ``n`` (``tokens`` split from ``spaced`` text, ``words`` their ``_word`` forms) is named
    as the old one by what follows it: a marker of ``_AFTER_OLD`` at most ``AFTER_WORDS`` words on, only particles
    between, or, in a text wording a change (``changed``), a "from" particle or case right after it. Not across the
    end of the value's clause."""
    for m in range(n + 1, min(len(words), n + 1 + AFTER_WORDS)):
        if tokens[m - 1].endswith((",", ";", ".", ":", "!")):
            return False
        word = words[m]
        if word.startswith(_AFTER_OLD):
            return True
        if changed and m == n + 1 and word in _FROM_AFTER:
            return True
        if word not in _AFTER_NOT and not tokens[m].startswith(("'", "’")):  # "nvr-1'e değil": a case suffix
            return False
    return False


def named_before(words: Sequence[str], at: int, changed: bool) -> bool:
    """Whether the word at ``at`` names the value after it as the old one: a negation or "instead of" of
    ``_BEFORE_OLD``, the end of an unspaced run ("收银系统不是"), or, in a text wording a change, a "from" of
    ``_FROM_BEFORE``."""
    word = words[at]
    from_before = word in _FROM_BEFORE or word.endswith(_FROM_UNSPACED)  # "端口从 7001 改成 7005"
    return word in _BEFORE_OLD or word.endswith(_BEFORE_OLD_END) or (changed and from_before)


def marked(text: str) -> bool:
    """Whether ``spaced`` ``text`` holds a marker of this module at all (``may_correct``'s prefilter): a word before
    or after a value naming it as old, or a verb of change."""
    if other_change(text):
        return True
    words = [_word(t) for t in text.split()]
    return any(w.startswith(_AFTER_OLD) or w in _BEFORE_OLD or w.endswith(_BEFORE_OLD_END) for w in words)


def shared_words(newer: str, older: str) -> set[str]:
    """Words of the subject both texts name that the space-split reading misses: pairs of ideographs or katakana
    both hold (Chinese, Japanese), Korean words without their particle (``_KO_PARTICLES``). Linear in the texts'
    lengths."""
    return _subject_words(newer) & _subject_words(older)


def _subject_words(text: str) -> set[str]:
    found: set[str] = set()
    for run in re.findall(rf"[{_IDEOGRAPHIC}]+", text):
        found |= {run[i : i + 2] for i in range(len(run) - 1)}
    for token in text.split():
        word = _word(token)
        if word and "\u0900" <= word[0] <= "\u097f" and len(word) >= 2 and word not in SCRIPT_FUNCTION:
            found.add(word)  # Devanagari: the whole word (the space-split reading cuts it at its vowel signs)
        if word and "\uac00" <= word[0] <= "\ud7af":
            stem = next((word[: -len(p)] for p in _KO_PARTICLES if word.endswith(p) and len(word) - len(p) >= 2), word)
            if len(stem) >= 2 and stem not in SCRIPT_FUNCTION:
                found.add(stem)
    return found
