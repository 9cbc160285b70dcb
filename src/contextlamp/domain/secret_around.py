"""Credentials laid out around their value, read again as ``noun: value`` (shape51, stop 48, issue #28).

secret_reworded.py reads a noun and a value that are apart (a table's header, a parenthesis, a clause, a reply) as
views ``label: value`` the scanner reads with every rule it has. People lay a credential out in more ways, in every
language; each is one more view here, and the value test stays the scanner's (so "the port: 8080", "the minimum
password length: 12" and "the password reset day: Monday" stay storable):

- the **value before its noun**: a line that opens with a value (up to six tokens), then a link (a dash, a comma
  and a demonstrative, a copula of one of 16 languages: "is", "— that's", ", c'est", "ist", "é", "to", "это",
  "adalah", "itu", "هي", が, 是, คือ …), then a clause ("amber-otter-42 is the wifi password", "8812 — that's the
  gate code"): the clause as label. With no link (head-final: "374120 depo için alarm kodu", "… का कोड है") the value
  must hold a digit, and a clause-final copula is dropped from the label. A comma alone is no link ("Please, change
  the password"), and a value that is a function word of some language is none ("This is the password");
- a **quoted value after a word that introduces it** (to, auf, à, en, para, op, till, na, olarak, на, إلى, ל-, を,
  改成了, 를, เป็น, a copula …; "He set the locker combination to "94-98-35"", "Er hat den Türcode auf „*052737“
  gesetzt"): the clause's last eight words before that word as label;
- a **key of a JSON object, a Python dict or a YAML mapping**, quoted or with spaces, in any language
  (``{"contraseña del wifi": "…"}``, ``"mot_de_passe": "…"``, ``código de un solo uso: "502349"``): the key, its
  ``_`` read as a space, as label;
- a **pipe table** (``| Ort | Türcode |`` / ``|---|`` / ``| Keller | 41978 |``, ``| Geheimzahl | 4471 |``): each
  cell with its column's header cell as label, and each cell with the cell before it as label; a header row (the
  row above a rule line) is labels, never values.

A label that names a public attribute (secret_turns.names_attribute: policy, length, port, timeout …) makes no
view. Every pass reads each line once (lines over ``_MAX_LINE`` characters are paragraphs, not read), every pattern
runs on RE2 on one line and is bounded, and the views are at most a few times the text: linear.
"""

from __future__ import annotations

import functools
import itertools
import unicodedata

from contextlamp.domain.secret_grammar import WS
from contextlamp.domain.secret_lexicon import function_words
from contextlamp.domain.secret_re2 import Regex, compile_rule
from contextlamp.domain.secret_shape import accept_stated_password
from contextlamp.domain.secret_turns import names_attribute
from contextlamp.domain.secret_words import STOP_WORDS

# (label, start, end, strict): secret_reworded.View
View = tuple[str, int, int, bool]

_MAX_LINE = 600  # characters of a line read (a longer line is a paragraph)
_MAX_LABEL = 80  # characters of the clause after a value read as its label

_STOP = r"\s\p{Z},;:\"'`“”„«»「」"
# A value that opens a line: after a bullet or a quote, up to six tokens (the fewest that reach a link).
_VALUE = rf"([^{_STOP}]{{3,64}}?(?:[ \t][^{_STOP}]{{1,24}}){{0,5}}?)"
# What may stand between a value and the clause that names it, per language (en de fr es it pt nl sv pl ru uk tr id
# vi): a copula, or a dash or comma and a demonstrative's copula.
_COPULA = (
    r"is|was|will{WS}be|becomes|are|ist|war|wird|lautet|est|était|sera|es|era|será|sera|è|sarà|é|wordt|är|blir|er|"
    r"to|jest|będzie|это|будет|є|це|adalah|ialah|merupakan|yaitu|itu|ini|là|olacak|هو|هي|זה|זו|הוא|היא"
)
_DEMONSTRATIVE = (
    r"that's|that{WS}is|this{WS}is|it's|which{WS}is|c'est|c’est|das{WS}ist|dies{WS}ist|ese{WS}es|esa{WS}es|"
    r"este{WS}es|esta{WS}es|eso{WS}es|questo{WS}è|questa{WS}è|quello{WS}è|esse{WS}é|essa{WS}é|este{WS}é|esta{WS}é|"
    r"isso{WS}é|dat{WS}is|dit{WS}is|det{WS}är|det{WS}er|to{WS}jest|to|это|це|itu|ini|bu|şu|זה|זו|זאת|هذا|هذه"
)
_FINAL = frozenset(("है", "हैं", "است", "هست", "입니다", "이다", "です", "だ", "である"))
_CJK_PARTICLE = r"が|は|是|就是|为|為|는|은|이|가|คือ"  # written without a space before the clause
_LINKED = (
    rf"((?:{WS}*[—–]{WS}*|{WS}+-{WS}+|{WS}*,{WS}*)(?:(?:{_DEMONSTRATIVE}){WS}+)?|{WS}+(?:{_COPULA}){WS}+|"
    rf"{WS}*(?:{_CJK_PARTICLE}){WS}*)"
)
_LABEL = rf"([^\n.!?;,。！？،؛、，]{{2,{_MAX_LABEL}}})"
_OPEN = r"(?i)[ \t]*(?:[-*•>][ \t]+)?[\"'`“„«]?"
# a link first; only when none reaches a clause, a value and a head-final clause with no link ("374120 depo için …")
_VALUE_FIRST = rf"{_OPEN}{_VALUE}[\"'`”“»]?{_LINKED}{_LABEL}".replace("{WS}", WS)
_VALUE_BARE = rf"{_OPEN}{_VALUE}[\"'`”“»]?({WS}+){_LABEL}".replace("{WS}", WS)
# A word that introduces the new value right before its quote: "set … to", "auf", "à", "olarak", a copula, a colon.
_TO = (
    r"to|into|as|auf|zu|in|à|en|a|para|por|op|naar|till|på|na|olarak|на|в|menjadi|jadi|ke|thành|sang|"
    r"is|ist|lautet|est|es|è|é|är|jest|это|adalah|là|إلى|الى|ל-|ל|روی|به|को"
)
_TO_JOINED = r"を|に|改成了|改成|改为|改為|设为|设成|設為|를|을|로|으로|เป็น"  # written without a space before it
_QUOTED = (
    rf"(?i)(?:(?:^|[ \t])(?:{_TO})|{_TO_JOINED})[ \t]*[:=]?[ \t]*[\"'`“„«‘「]([^\"'`“”„«»‘’「」\n]{{3,100}})"
    r"[\"'`”“»’」]"
)
_MAX_BEFORE = 80  # characters before a quote read for its label
_WORDS_BEFORE = 8  # words of that label ("Ha impostato la combinazione dell'armadietto")
_CLAUSE_ENDS = '.!?;,"`”»。！？،؛\n'
_KEY = r"[^\"'\n:=]{1,48}"
_JSON_PAIR = rf"[\"']({_KEY})[\"'][ \t]*[:=][ \t]*[\"']([^\"'\n]{{1,120}})[\"']"
_YAML_PAIR = r"[ \t]*(?:-[ \t]+)?([^\s:#\"'{}\[\]|][^:#\n\"'{}|]{0,47}):[ \t]+[\"']?([^\n\"']{1,120}?)[\"']?[ \t]*$"


@functools.cache
def _regex(name: str) -> Regex:
    """The compiled pattern ``name`` (on first use, never at import time)."""
    patterns = {"first": _VALUE_FIRST, "bare": _VALUE_BARE, "quoted": _QUOTED, "json": _JSON_PAIR, "yaml": _YAML_PAIR}
    return compile_rule(patterns[name])


class _Line:
    """One line of text, encoded once, with its byte offsets read back as character offsets of the text."""

    def __init__(self, text: str, start: int, end: int) -> None:
        self.text = text[start:end]
        self.start = start
        self.data = self.text.encode("utf-8", "surrogatepass")

    def char(self, byte: int) -> int:
        """The character offset in the whole text of byte ``byte`` of the line."""
        return self.start + len(self.data[:byte].decode("utf-8", "ignore"))

    def part(self, span: tuple[int, int]) -> str:
        """The line's text between byte offsets ``span`` (start, end), as RE2 reports them."""
        return self.data[span[0] : span[1]].decode("utf-8", "ignore")


def _lines(text: str) -> list[_Line]:
    lines: list[_Line] = []
    start = 0
    for part in text.split("\n"):
        if 0 < len(part) <= _MAX_LINE:
            lines.append(_Line(text, start, start + len(part)))
        start += len(part) + 1
    return lines


def _value_like(value: str, link: str) -> bool:
    """Whether a line's first words read as a value before a link: a digit or a symbol inside; or, letters alone,
    three words or more none of which is a function word of some language (a passphrase: "maple lilac timber
    marble"), or any word before a dash or a demonstrative ("Hollowbrook — that's the answer"). A name or a subject
    before a copula is a sentence ("Bartek is rotating the passphrase", "The security question feature was …")."""
    core = "".join(c for c in value if not unicodedata.category(c).startswith("P") or c in "-_.")
    core = core.strip("-_. ")
    if any(c.isdigit() for c in core) or any(not (c.isalpha() or c.isspace()) for c in core):
        return True
    words = core.lower().split()
    if not words or any(w in function_words() or w in STOP_WORDS for w in words) or link.lower() == "to":
        return False  # Polish "to" is also English "to": "Biometric unlock falls back to the device passcode"
    dashed = link[:1] in "—–-," and len(link) > 1
    return len(words) >= 3 or (dashed and len(words) == 1)


def value_first_views(lines: list[_Line]) -> list[View]:
    """A line opening with a value, a link and a clause (module docstring): the clause as label (less a clause-final
    copula: "दादी के फ्लैट का अलार्म कोड है" reads as "दादी के फ्लैट का अलार्म कोड")."""
    views: list[View] = []
    for line in lines:
        m = _regex("first").match(line.data, 0) or _regex("bare").match(line.data, 0)
        if m is None:
            continue
        link, clause, value = line.part(m[2]).strip(), line.part(m[3]).strip(), line.part(m[1])
        if link == "," or "=" in value or names_attribute(clause) or not _value_like(value, link):
            continue  # a comma alone is a vocative or an aside ("Please, change the password"); "K=v" names itself
        words = clause.split()
        final = bool(words) and words[-1] in _FINAL
        bare = not link or any(p in link for p in _CJK_PARTICLE.split("|"))
        # no link (or a particle): a value with a digit; with spaces only before a clause-final copula
        if bare and (not any(c.isdigit() for c in value) or (" " in value and not final)):
            continue
        label = " ".join(words[:-1]) if final and len(words) > 1 else clause
        if bare and not (value.strip("#*-").replace("-", "").isdigit() or accept_stated_password(value)):
            continue  # with no link, digits or a credential-shaped value: "OAuth2 replaces the password …" is prose
        for copula in _FINAL:  # a copula written on the noun: "ロッカーの番号です"
            if label.endswith(copula) and len(label) > len(copula) + 1:
                label = label[: -len(copula)]
        views.append((label, line.char(m[1][0]), line.char(m[1][1]), False))
    return views


def quoted_views(lines: list[_Line]) -> list[View]:
    """A quoted value after a word that introduces it: the clause's last ``_WORDS_BEFORE`` words before that word as
    label (module docstring)."""
    views: list[View] = []
    for line in lines:
        pos = 0
        while (m := _regex("quoted").search(line.data, pos)) is not None:
            pos = max(m[0][1], m[0][0] + 1)
            before = line.part((max(0, m[0][0] - 4 * _MAX_BEFORE), m[0][0]))[-_MAX_BEFORE:]
            before = before[max(before.rfind(c) for c in _CLAUSE_ENDS) + 1 :]
            label = " ".join(before.split()[-_WORDS_BEFORE:])
            if label and not names_attribute(label):
                views.append((label, line.char(m[1][0]), line.char(m[1][1]), False))
    return views


def key_views(lines: list[_Line]) -> list[View]:
    """A JSON, dict or YAML key that names a credential and its string value (module docstring)."""
    views: list[View] = []
    for line in lines:
        pairs: list[tuple[tuple[int, int], tuple[int, int]]] = []
        pos = 0
        while (m := _regex("json").search(line.data, pos)) is not None:
            pairs.append((m[1], m[2]))
            pos = m[0][1]
        if not pairs and (m := _regex("yaml").match(line.data, 0)) is not None:
            pairs.append((m[1], m[2]))
        for key, value in pairs:
            label = line.part(key).replace("_", " ").strip()
            if label and (label.isascii() and label.isalpha()):
                continue  # a plain ASCII word key ("integrity", "password") is read by the assignment rules already
            if label and not names_attribute(label):
                views.append((label, line.char(value[0]), line.char(value[1]), False))
    return views


def _cells(line: _Line) -> list[tuple[int, int]]:
    """Stripped character spans (of the whole text) of a pipe table row's cells; empty when not a row."""
    if line.text.count("|") < 2:
        return []
    cells: list[tuple[int, int]] = []
    pos = 0
    for part in line.text.split("|"):
        a, b = pos, pos + len(part)
        while a < b and line.text[a] in " \t":
            a += 1
        while b > a and line.text[b - 1] in " \t\r":
            b -= 1
        cells.append((line.start + a, line.start + b))
        pos += len(part) + 1
    stripped = line.text.strip()
    return cells[int(stripped.startswith("|")) : len(cells) - int(stripped.endswith("|"))]


def _rule(line: _Line) -> bool:
    return "-" in line.text and not line.text.strip("|-:+ \t")


def table_views(text: str, lines: list[_Line]) -> list[View]:
    """A pipe table's cells read with their labels: a cell under a header (the row above a rule line) with that
    header cell as label, and a cell after a row's label cell with that cell as label (module docstring)."""
    views: list[View] = []
    header: list[tuple[int, int]] = []
    for k, line in enumerate(lines):
        cells = _cells(line)
        if len(cells) < 2 or _rule(line):
            header = header if cells and _rule(line) else []
            continue
        first = k == 0 or lines[k - 1].start + len(lines[k - 1].text) + 1 != line.start or not _cells(lines[k - 1])
        if first or (k + 1 < len(lines) and _rule(lines[k + 1])):
            header = cells  # a table's first row and the row above a rule line are labels, never values
            continue
        # under a header, each cell with its column's label; else each cell after the cell that labels it
        pairs = list(zip(header, cells, strict=True)) if len(header) == len(cells) else list(itertools.pairwise(cells))
        for (a, b), (c, d) in pairs:
            label = text[a:b]
            if 0 < b - a <= 48 and 3 <= d - c <= 80 and not names_attribute(label):
                views.append((label, c, d, False))
    return views


def around_views(text: str) -> list[View]:
    """Every view of ``text`` (module docstring): value first, quoted after words, keys, row labels."""
    lines = _lines(text)
    views = value_first_views(lines)
    if any(q in text for q in "\"'`“„«‘「"):
        views += quoted_views(lines)
    if ":" in text or "=" in text:
        views += key_views(lines)
    if "|" in text:
        views += table_views(text, lines)
    return views
