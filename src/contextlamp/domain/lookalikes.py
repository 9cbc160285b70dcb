"""What makes a newer statement that looks like a correction of an older one another fact (issue #27.2): the
structural tests the save-time correction rule (``domain/corrections.correction_kind``) applies before it retires
anything.

restate47-held (stop 45) showed 9 of 32 look-alikes retired, each because the marker reading named an older value as
old while the newer spoke of something else. What they share is the shape of the two texts, not their words:

- **another subject named by a label** (``relabelled``): a value standing next to the same noun on both sides
  differs and the older's is not said in the newer ("fire station 12" / "fire station 7", "studio B" / "studio A",
  "Maria's on-call week" / "Tom's on-call week"): the number, letter or owner names the subject. Only a reason to
  keep the older when the newer names *another* of the older's values as old (the caller decides): then two things
  differ, the subject and the value.
- **another quantity** (``other_quantity``): a number of the older said in the newer with another unit ("after 30
  days" against "after 30 minutes"; "instead of 90" in a clause whose other numbers count minutes, against "90
  seconds"): the same digits, another quantity. Units compare by first letter ("rps" / "requests per second").
- **another thing of the same owner** (``other_possessed``): both say "X's ..." of one owner, and the word after it
  differs with neither side saying the other's, sharing only a number, a day or a month ("the planetarium's
  newsletter" / "the planetarium's show schedule"); a shared name is the same fact under another attribute word.
- **a scope, condition or moment said before the statement** (``scoped_apart``): an opening clause ("In the test
  build, ...", "When the API is in maintenance mode, ...", "This week only, ...") whose words the older does not
  say: the newer narrows the statement, it does not retire it. A clause dating the change from a moment on ("From
  Monday, ...", "Starting next week, ...", "As of today, ...") is no scope.
  A temporary cover counts wherever it stands ("... for now", "... temporarily").
- **a plan** (``planned``): the change said in the future ("will move ... next quarter", "is going to switch ...")
  without a moment it holds from ("from Monday ... will") and without "now"; any verb in the future beside a moment
  still to come ("will rehearse in B ... next season"); a change advised or weighed ("should consider moving").

- **a comparison with another thing** (``compared``): the older's subject is named only inside "like the X one",
  "como la de X", "как в X", "X처럼", "Xと違って", "和X不一样", "X gibi", "مثل X", "X की तरह": the newer compares
  with the older, it does not correct it (stop 49, stale52; stale51-held's k08).

Stop 47 (stale50) added: a label right after a function word ("Trains to Leeds" / "Trains to York"), a group said
first ("For contractors, ..."), a past moment said first ("Years ago, ...", also nl/de/fr/es/it/pt/pl/sv, unless
the newer says "now"), a bounded stretch ("... for two hours"); stop 49 the past openers of ko/ja/zh/tr/ru/uk/ar/hi
and a year opening the sentence ("2019년에는 ...", "В 2019 году ..."). English but for the past openers. Pure; linear in
the texts' lengths.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Set as AbstractSet
from functools import cache
from itertools import pairwise

from contextlamp.domain.freshness import is_value, value_key, value_split
from contextlamp.domain.named_old import BETWEEN, OTHER_BETWEEN
from contextlamp.domain.named_scripts import SCRIPT_FUNCTION, no_unit

_STRIP = ".,;:!?()[]\"'`"
# a word that ends a value's clause instead of counting it ("30 days now", "90 seconds anymore"); value_split reads
# "rather" and "per" as content words
_NO_UNIT = frozenset("rather per than instead now anymore previously formerly was were".split())  # noqa: SIM905
# the openers of a scope, a condition or a stretch of time said before a statement ("In staging, ...", "When X is
# in maintenance mode, ...", "During the holidays, ...", "Until the repair, ..."). Not "from",
# "since", "after", "starting", "as of", "effective": they date a change from a moment on; not "for", which opens
# as many asides as scopes ("For the avoidance of doubt, ...", "For the record, ...": the month banks' wordings)
_SCOPE_OPENERS = frozenset(
    """in on at during when whenever while if unless until till within under inside outside except across
    without between among before""".split()  # noqa: SIM905
)
# words of a moment or a stretch of time ("This week only, ...", "Today, ...", "For now, ...")
_MOMENTS = frozenset(
    """today tonight tomorrow yesterday week weekend weekends month year season morning mornings evening evenings
    night nights only temporarily meanwhile""".split()  # noqa: SIM905
)
_NUMBER = re.compile(r"^\d[\d.,]*$")
MAX_SCOPE_WORDS = 12  # words an opening scope may have ("When the ferry booking API is in maintenance mode,")
# a change said as coming: a future auxiliary, at most one word ("be", an adverb), then a verb of change in its
# base form ("will move", "'ll cut", "is going to switch", "will be replaced"); not "will now ..." (in effect) nor
# "will be in Porto" (a value said in the future tense, no change)
_FUTURE = (
    r"(?i:(?:\b(?:will|shall|(?:is|are|am)\s+going\s+to)|\w['’]ll)(?!\s+now\b)(?:\s+[^\W\d_]+)?\s+"
    r"(?:(?:mov|switch|chang|migrat|replac|swap|drop|upgrad|downgrad|bump|rais|lower|increas|decreas|reduc|"
    r"renam|reschedul|reassign|relocat|repoint|redirect|rerout|shift|revert|transfer|rewrit|resiz|rebuil|retir|"
    r"adopt)\w*|cut|port|(?:hand|take|phase)\s+(?:over|out)|go\s+back)\b)"
)
# the moment a change holds from ("from Monday", "starting next week", "as of today", "effective June"): a dated
# change, not a plan (the phrase of corrections._DATED, which imports this module)
_FROM_MOMENT = (
    r"(?i:\b(?:starting|beginning|effective|as of|from)\s+(?:in\s+|on\s+)?(?:this|next|today|tomorrow|now|"
    r"\w+day|january|february|march|april|may|june|july|august|september|october|november|december)\b)"
)


# a temporary cover said anywhere in the statement ("... for now", "... temporarily", "... this week only", "until
# further notice"); not "today" alone ("the deploy is today, not tomorrow" gives a day as the value)
_TEMPORARY = (
    r"(?i:\b(?:temporarily|for now|for the time being|until further notice|(?:for|only) (?:today|tonight)|"
    r"(?:today|tonight) only|(?:for |during )?this (?:week|weekend|month|morning|afternoon|evening|shift)"
    r"\b(?! on\b)|for (?:a|an|one|two|three|four|five|six|a few|a couple of|several) (?:minutes?|hours?)\b)\b)"
)


_COVER_FRAME = frozenset("for only this during".split())  # noqa: SIM905
# a change advised or weighed, not made ("should consider moving", "ought to look into", "may want to switch")
_ADVISED = (
    r"(?i:\b(?:should|ought to|could|may want to|might want to)\s+(?:\w+\s+)?"
    r"(?:consider|think about|look into|evaluate|explore|investigate)\b)"
)
# a moment still to come, said without a moment a change holds from ("... next season", "... later this year")
_COMING = (
    r"(?i:\b(?:next (?:season|year|quarter|month|spring|summer|autumn|fall|winter|term|semester)|later this year|"
    r"eventually|someday|one day)\b)"
)
# a past moment opening the statement ("Years ago, ...", "Back then, ...", "In the old days, ..."): history said of
# then, not the standing value; also in nl, de, fr, es, it, pt, pl, sv ("jaren geleden", "vor Jahren", "il y a des
# années", "hace años", "anni fa", "há anos", "lata temu", "för länge sedan")
_PAST = frozenset(
    """ago past originally geleden vroeger früher damals autrefois jadis antaño fa allora antigamente temu dawniej
    sedan förr eskiden önceden раньше прежде раніше колись سابقاً سابقا سابقًا قديماً पहले""".split()  # noqa: SIM905
)
# the same, opening a sentence written without spaces or glued to a particle ("昔は...", "以前茶馆...", "예전에는")
_PAST_PREFIX = ("昔", "以前", "过去", "从前", "原来", "かつて", "예전", "옛날", "이전에")
_PAST_WORDS = 4  # "A few years ago, ...": a moment phrase; "Turns out X stopped pulling from A months ago, ..." is none
_UNITS_AGO = frozenset("jahren monaten wochen tagen".split())  # after "vor": German for "... ago"  # noqa: SIM905
_PAST_OPENING = 2  # without a comma, only a sentence's first words: "Years ago the X ...", "Vroeger draaide ..."
# "now" in the languages above: a past opener beside it says what holds today ("Years ago A, now B")
_NOW = frozenset(
    """now nu nou jetzt maintenant ahora ora adesso agora teraz artık şimdi теперь сейчас тепер зараз الآن अब
    이제 지금""".split()  # noqa: SIM905
)
_NOW_UNSPACED = ("今は", "現在", "现在", "目前", "如今")
# a year said among a sentence's first words ("2019년에는 ...", "В 2019 году ...", "في عام 2020 ...", "2020 में
# ..."), not after a word dating a change from it ("from 2025", "с 2025", "ab 2025"): history, when no "now" is said
_YEAR = re.compile(r"^(?:19|20)\d\d$")
_YEAR_WORDS = 3
# a number is a year only said as one ("2019년에는", "2019年", "в 2019 году", "у 2019 році", "في عام 2020", "2020
# में"): "Use 2048 for the batch" opens on a number, not on history
_YEAR_AFTER = ("년", "年", "году", "годом", "році", "yılında", "में")
_YEAR_BEFORE = frozenset(["عام", "سنة"])
_FROM_YEAR = frozenset("from since starting as ab seit desde à od с з від من से".split())  # noqa: SIM905
# "For contractors, ...", "For EU customers, ...": a group the statement is said for (a plural or a name, at most
# ``_FOR_WORDS`` words); not "For the record, ...", "For example, ...", "For the avoidance of doubt, ..."
_FOR_WORDS = 3


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The future auxiliary, the dated-from and the temporary-cover patterns, compiled on first use."""
    return re.compile(_FUTURE), re.compile(_FROM_MOMENT), re.compile(_TEMPORARY)


@cache
def _plans() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The advice, coming-moment and future-auxiliary (any verb) patterns, compiled on first use."""
    return (
        re.compile(_ADVISED),
        re.compile(_COMING),
        re.compile(r"(?i:\b(?:will|shall|(?:is|are|am)\s+going\s+to)\b|\w['’]ll\b)"),
    )


def _word(token: str) -> str:
    return token.strip(_STRIP).casefold()


def _function(word: str) -> bool:
    """Whether ``word`` is a function word in English or another language the capture paths read ("on", "um",
    "às", "przez": ``named_old.BETWEEN``, ``named_old.OTHER_BETWEEN``)."""
    return word in BETWEEN or word in OTHER_BETWEEN or word in SCRIPT_FUNCTION


def relabelled(newer: str, older: str) -> frozenset[str]:
    """The older's values (value keys) another value replaces next to the same word on both sides (right after a
    noun, "station 12" / "station 7"; or right before one, "Maria's on-call week" / "Tom's on-call week"), the
    older's not said anywhere in the newer, the newer's not in the older: labels that may name another subject
    (module docstring); an owner ("Maria's") is such a label whether or not it reads as a value. Function words
    (``_function``, in any language read) name nothing ("on A" / "on B", "um A" / "um B"). Linear in the texts'
    lengths."""

    def neighbours(text: str, values: AbstractSet[str]) -> dict[tuple[str, str], set[str]]:
        tokens = text.split()
        found: dict[tuple[str, str], set[str]] = {}
        for n, token in enumerate(tokens):
            raw = token.strip(_STRIP)
            owner = _word(raw).endswith(("'s", "’s"))  # "Maria's on-call week": the owner names the subject
            if value_key(raw) not in values and not owner:  # a value as value_split reads it ("The" opening is none)
                continue
            before = tokens[n - 1] if n else ""
            after = tokens[n + 1] if n + 1 < len(tokens) and not token.endswith((",", ";", ":", ".")) else ""
            # a function word right before: the content word before it names the place ("Trains to Leeds" /
            # "Trains to York": a label after "to"; "runs on A" / "runs on B" stay the attribute's value, the old one
            # being said in the newer or the new one in the older, see below)
            if n > 1 and _function(_word(before)) and not tokens[n - 2].endswith((",", ";", ":", ".")):
                before = f"{tokens[n - 2]} {before}"
            for side, word in (("before", before), ("after", after)):
                clean = _word(word)
                if (side == "before" and word.endswith((",", ";", ":", "."))) or not word[:1].isalnum():
                    continue  # another clause's word, or an aside ("cbor2 (codec)")
                head = clean.split()[0] if clean else ""
                if head.isalpha() and not _function(head) and value_key(word.split()[0].strip(_STRIP)) not in values:
                    found.setdefault((side, clean), set()).add(_word(raw) if owner else value_key(raw))
        return found

    new_values, old_values = value_split(newer)[0], value_split(older)[0]
    new_near, old_near = neighbours(newer, new_values), neighbours(older, old_values)
    new_words = {_word(t) for t in newer.split()}
    old_words = {_word(t) for t in older.split()}
    # an owner counts as said when its word is ("the calculator's codec" / "the calculator moved")
    new_said = new_values | {f"{w.removesuffix(s)}{t}" for w in new_words for s in ("'s", "’s") for t in ("'s", "’s")}
    old_said = old_values | {f"{w.removesuffix(s)}{t}" for w in old_words for s in ("'s", "’s") for t in ("'s", "’s")}
    labels: set[str] = set()
    for place, olds in old_near.items():
        gone, came = olds - new_said, new_near.get(place, set()) - old_said
        if gone and came:
            labels |= gone
    return frozenset(labels)


def _units(text: str) -> list[tuple[str, str | None]]:
    """(number key, unit stem or None) for each number of ``text``: the content word right after it in its clause
    ("30 days" -> ("30", "day"); "not 90." -> ("90", None))."""
    tokens = text.split()
    found: list[tuple[str, str | None]] = []
    for n, token in enumerate(tokens):
        raw = token.strip(_STRIP)
        if not _NUMBER.match(raw) or not is_value(raw):
            continue  # a number ("30", "1.5", "40,000"), not a name holding digits ("GH200", "eu-north-1")
        unit = None
        if n + 1 < len(tokens) and not token.endswith((",", ";", ".", ":", ")")):
            nxt = tokens[n + 1]
            stems = value_split(nxt)[1]
            word = _word(nxt)
            unit_word = word not in _NO_UNIT and not no_unit(word) and not is_value(word)
            if stems and (nxt[:1].isalpha() or nxt[:1] in "°%") and unit_word:
                unit = stems[0]
        found.append((value_key(raw), unit))
    return found


def other_quantity(newer: str, older: str, values: AbstractSet[str]) -> frozenset[str]:
    """The numbers of ``values`` (the older's value keys) the newer says only with another unit than the older
    ("not after 30 days" against "after 30 minutes"; a number said without a unit takes the unit of the newer's
    other numbers when they have one: "60 minutes instead of 90" against "90 seconds"): another quantity with the
    same digits. Linear in the texts' lengths."""
    old_units: dict[str, set[str]] = {}
    for key, unit in _units(older):
        if key in values and unit is not None:
            old_units.setdefault(key, set()).add(unit.removesuffix("s"))
    said: dict[str, set[str | None]] = {}
    for key, unit in _units(newer):
        said.setdefault(key, set()).add(unit.removesuffix("s") if unit is not None else None)
    implied = {unit for units in said.values() for unit in units if unit is not None}
    found: set[str] = set()
    for key, units in old_units.items():
        said_units = said.get(key, set())
        if not said_units:
            continue
        read = {u for u in said_units if u is not None}
        if None in said_units:
            if len(implied) != 1:
                continue
            read |= implied
        if read and not {u[:1] for u in read} & {u[:1] for u in units}:
            found.add(key)  # another unit: not one first letter ("rps" is "requests per second", "h" is "hours")
    return frozenset(found)


_CALENDAR = frozenset(
    """monday tuesday wednesday thursday friday saturday sunday january february march april may june july august
    september october november december""".split()  # noqa: SIM905
)


def _common(key: str) -> bool:
    """Whether a value key is of a kind many facts share (a number, a time, a day or a month), not a name."""
    return any(c.isdigit() for c in key) or key in _CALENDAR


def other_possessed(newer: str, older: str) -> bool:
    """Whether both texts say "X's ..." of one owner X and name another thing after it, neither side saying the
    other's word, and every value they share is of a kind many facts share (``_common``: "the planetarium's
    newsletter ... not every Thursday" / "The planetarium's show schedule ... every Thursday"). A shared name says
    the same fact under another attribute word ("the antenna pointer's alert watches ..., We retired triage_backlog"
    / "the antenna pointer's metric is triage_backlog": the month banks' wordings). Linear in the texts' lengths."""
    shared = value_split(newer)[0] & value_split(older)[0]
    if not shared or not all(_common(v) for v in shared):
        return False

    def possessed(text: str) -> dict[str, str]:
        tokens = text.split()
        return {
            _word(a)[:-2]: _word(b)
            for a, b in pairwise(tokens)
            if _word(a).endswith(("'s", "’s")) and not a.endswith((",", ";", ":"))
        }

    new_words = {_word(t) for t in newer.split()}
    old_words = {_word(t) for t in older.split()}
    old_owned = possessed(older)
    for owner, thing in possessed(newer).items():
        other = old_owned.get(owner)
        if other is not None and other != thing and thing not in old_words and other not in new_words:
            return True
    return False


def scoped_apart(newer: str, older: str) -> bool:
    """Whether ``newer`` opens with a scope, a condition or a moment (a clause before its first comma, of at most
    ``MAX_SCOPE_WORDS`` words, opening on a word of ``_SCOPE_OPENERS`` or holding one of ``_MOMENTS``) saying
    words the older does not: it narrows the statement ("In the test build, ...", "This week only, ..."), so the
    older still holds elsewhere. Not a clause dating the change ("From Monday, ..."). A temporary cover
    (``_TEMPORARY``: "for now", "temporarily", "this week") counts wherever it stands, and a past moment in its first
    ``_PAST_OPENING`` words ("Jaren geleden draaiden ...") needs no comma. Linear in the texts'
    lengths."""
    old_words = {_word(t) for t in older.split()}
    cover = _patterns()[2].search(newer)
    # "..., for now", "... temporarily", "... this week only": a temporary cover wherever said; not when the older
    # names the same stretch ("is next week" / "is this week, not next week": the stretch is the value), nor a
    # change dated from it ("As of this morning ...", "From this month ...")
    dated = cover is not None and _patterns()[1].search(newer[max(0, cover.start() - 12) : cover.end()]) is not None
    if cover is not None and not dated and not {_word(t) for t in cover.group().split()} - _COVER_FRAME <= old_words:
        return True
    first = [_word(t) for t in newer.split()[:_PAST_OPENING]]
    ago = first[:1] == ["vor"] and first[1:] and first[1] in _UNITS_AGO  # "Vor Jahren(,) ...": German "years ago"
    if (set(first) & _PAST or ago or _history_opens(newer, older)) and not _said_now(newer):
        return True  # "Jaren geleden draaiden ... in plaats van A", "Früher lief ...": history opens it, no comma
    head, comma, _ = newer.partition(",")
    words = [_word(t) for t in head.split()]
    if not comma or not words or len(words) > MAX_SCOPE_WORDS or _patterns()[1].match(head.strip()):
        return False
    if len(words) <= _PAST_WORDS and set(words) & _PAST and not _said_now(newer):
        return True  # "Years ago, ...": history said of then (no "now" saying what holds today)
    group = [w for w in words[1:] if w not in BETWEEN]
    if words[0] == "for" and 0 < len(words) - 1 <= _FOR_WORDS and group and _plural_or_name(head.split()[-1]):
        return any(w not in old_words for w in group)  # "For contractors, ...": said for a group
    if words[0] not in _SCOPE_OPENERS and not set(words) & _MOMENTS:
        return False
    own = [w for w in words[1:] if value_split(w)[1] or is_value(w)] + [w for w in words if w in _MOMENTS]
    return any(w not in old_words for w in own)


def _said_now(text: str) -> bool:
    """Whether ``text`` says "now" in a language read (``_NOW``; unspaced: ``_NOW_UNSPACED``)."""
    return bool(_NOW & {_word(t) for t in text.split()}) or any(w in text for w in _NOW_UNSPACED)


def _history_opens(newer: str, older: str) -> bool:
    """Whether ``newer`` opens on a past moment said without spaces ("昔は...", "以前...", "예전에는 ...":
    ``_PAST_PREFIX``) or on a year the older does not say, not dated from ("2019년에는 ...", "В 2019 году ...")."""
    tokens = [_word(t) for t in newer.split()]
    if tokens and tokens[0].startswith(_PAST_PREFIX):
        return True
    for n, word in enumerate(tokens[:_YEAR_WORDS]):
        after = tokens[n + 1] if n + 1 < len(tokens) else ""
        said_as_year = after.startswith(_YEAR_AFTER) or (n and tokens[n - 1] in _YEAR_BEFORE)
        if _YEAR.match(word) and said_as_year and word not in older and not (n and tokens[n - 1] in _FROM_YEAR):
            return True
    return False


# a comparison with another thing: said before what it compares with ("like the Leeds one", "como la de Valencia",
# "как в Казани", "مثل فرع جدة") or after it ("부산 지점처럼", "İzmir şubesi gibi", "पुणे गोदाम की तरह"); Chinese and
# Japanese around it ("和上海仓库不一样", "大阪店と違って")
_COMPARE_BEFORE = frozenset("like unlike como comme wie zoals come jak как як مثل كما بخلاف".split())  # noqa: SIM905
_COMPARE_AFTER = ("처럼", "달리", "다르게", "gibi", "aksine", "तरह", "भांति")
_COMPARE_WORDS = 3  # words of the thing compared with
_COMPARE_UNSPACED = (
    r"(?:和|跟|与|同|像)(?P<zh>[^\s,.;:]{1,8}?)(?:不一样|一样|不同|相同)"
    r"|(?P<ja>[^\s,.;:はがをにでも]{1,8})(?:と違って|とは違って|と違い|とは違い|のように|みたいに|と同じく|と同様に)"
)


@cache
def _compare_unspaced() -> re.Pattern[str]:
    return re.compile(_COMPARE_UNSPACED)  # compiled on first use


def compared(newer: str, older: str) -> bool:
    """Whether ``newer`` names the older's subject only inside a comparison ("The York gate opens at 06:10, not 05:40
    like the Leeds one" after "The Leeds depot's gate opens at 05:40"; "La tienda de Sevilla ..., no a las 20:00 como
    la de Valencia"): a word of the compared phrase (``_COMPARE_BEFORE`` / ``_COMPARE_AFTER``, at most
    ``_COMPARE_WORDS`` words of its clause; unspaced, ``_COMPARE_UNSPACED``) that the older says and the newer says
    nowhere else. The older is what the newer compares with, not what it corrects. Linear in the texts' lengths."""
    old_text = older.casefold()
    tokens = newer.split()
    words = [_word(t) for t in tokens]
    # each word without a comparison glued to it ("창고처럼" -> "창고"), and how often the newer says it
    stems = [w.removesuffix(next((a for a in _COMPARE_AFTER if w.endswith(a)), "")) or w for w in words]
    counts = Counter(stems)
    for n, word in enumerate(words):
        phrase: list[int] = []
        if word in _COMPARE_BEFORE and not tokens[n].endswith((",", ";", ":", ".")):
            for m in range(n + 1, min(len(words), n + 1 + _COMPARE_WORDS)):
                phrase.append(m)
                if tokens[m].endswith((",", ";", ":", ".")):
                    break
        elif word.endswith(_COMPARE_AFTER):
            stem = next(word[: -len(a)] for a in _COMPARE_AFTER if word.endswith(a))
            start = n if stem else n - 1
            start -= start >= 0 and words[start] in ("की", "के")  # "पुणे गोदाम की तरह"
            for m in range(start, max(-1, start - _COMPARE_WORDS), -1):
                if m < n and tokens[m].endswith((",", ";", ":", ".")):
                    break
                phrase.append(m)
        for m in phrase:
            said = stems[m]
            inside = sum(stems[k] == said for k in phrase)  # said elsewhere: more often than in the phrase
            if len(said) >= 2 and not _function(said) and said in old_text and counts[said] <= inside:
                return True
    pairs = Counter(newer[i : i + 2] for i in range(len(newer) - 1))  # said elsewhere: more often than in the phrase
    for found in _compare_unspaced().finditer(newer):
        group = found.group("zh") or found.group("ja") or ""
        own = Counter(group[i : i + 2] for i in range(len(group) - 1))
        if any(pair in older and pairs[pair] <= n for pair, n in own.items()):
            return True
    return False


def _plural_or_name(token: str) -> bool:
    """Whether ``token`` (the last word of a "For ..." opener) names a group: a plural ("contractors") or a name
    ("EU", "Acme")."""
    word = token.strip(_STRIP)
    return word[:1].isupper() or (word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3)


def planned(newer: str, older: str) -> bool:
    """Whether ``newer`` says its change as coming (a future auxiliary, ``_FUTURE``) without a moment it holds
    from (``_FROM_MOMENT``) while the older is not said in the future too ("The X will move ... from A to B next
    quarter": a plan; "From Monday the X will run on B": a dated change). Linear in the texts' lengths."""
    future, dated, _ = _patterns()
    advised, coming, auxiliary = _plans()
    if advised.search(newer) is not None and advised.search(older) is None:
        return True  # "should consider moving ... from A to B": weighed, not made
    if dated.search(newer) is not None or future.search(older) is not None:
        return False
    # "will move ...", or any verb said in the future with a moment still to come ("will rehearse in B ... next
    # season")
    return future.search(newer) is not None or (
        auxiliary.search(newer) is not None and coming.search(newer) is not None and coming.search(older) is None
    )
