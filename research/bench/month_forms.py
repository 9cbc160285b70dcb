"""The month bench's misses by how each fact was taught (#27): reads one or more ``python -m research month --json
--misses`` reports of a bank, replays the bank's wording draws (the same seeded ``random.Random`` the month plays
with) and prints, per teaching form and per correction form, how many facts were taught that way, missed and stale.
Prints classes and counts only, never a fact's text, so a held-out bank's misses can be reported without teaching
anyone its wordings.

Usage: ``python -m research month_forms --bank blind15 REPORT.json [REPORT.json ...]``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from month_bank import BANK_SEEDS, TURNS, exchanges, plan

# the ways of teaching by their frame (the first marker a wording holds names its form), then the languages by
# their function words (the language with most markers; lower case, the wording padded with spaces)
_FRAMES = (
    ("updated — ", "corrected twice (the first correction wrong too)"),
    ("this week only", "standing value said with a temporary one"),
    ("this month only", "standing value said with a temporary one"),
    ("holidays only", "standing value said with a temporary one"),
    ("collaboration only", "standing value said with a temporary one"),
    ("three things from", "inside a longer message of news"),
    ("from the lab meeting", "inside a longer message of news"),
    ("for the derby only", "standing value said with a temporary one"),
    ("shutdown only", "standing value said with a temporary one"),
    ("from the training ground", "inside a longer message of news"),
    ("shift handover notes", "inside a longer message of news"),
    ("while you're at it", "inside a longer request"),
    ("and note that", "inside a longer request"),
    ("and for the record", "inside a longer request"),
    ("it should stay under", "fact inside a request"),
    ("so keep the backoff", "fact inside a request"),
    ("incident report please", "fact inside a request"),
    ("btw,", "aside (by the way ...)"),
    ("by the way", "aside (by the way ...)"),
    ("a propósito", "aside (by the way ...)"),
    ("tra l'altro", "aside (by the way ...)"),
    ("przy okazji", "aside (by the way ...)"),
    ("참고로", "aside (by the way ...)"),
    ("link is down only", "standing value said with a temporary one"),
    ("comp weekend only", "standing value said with a temporary one"),
    ("novinky z", "inside a longer message of news"),
    ("and run the migration", "fact inside a request"),
    ("review comment", "reply to a code review comment"),
    ("|---", "pasted markdown table"),
    ("```diff", "correction as a diff"),
    ("\n- ", "list of bullets"),
    ("{v} gün", "value with units in the other language"),
    ("{v} ngày", "value with units in the other language"),
    ("licence costs", "value with units in the other language"),
    ("do we even need", "fact presupposed by a question"),
    ("when that's its", "fact presupposed by a question"),
    ("is this commit message", "fact in a commit message"),
    ("forwarded message", "fact in a forwarded e-mail"),
    ("# note:", "fact in a code comment of a pasted snippet"),
    ("~~{o}~~", "correction striking the old value"),
    ("nhân tiện", "aside (by the way ...)"),
    ("אגב", "aside (by the way ...)"),
    ("```", "pasted config block in a code fence"),
    ("  #", "pasted config line with a comment"),
    ("# {c}", "pasted config line with a comment"),
)
_LANGUAGES = {
    "Italian": (" il ", " del ", " gli ", " per ", "correggo", " è ", " sulla ", " ha ", " non "),
    "Portuguese": (" o ", " os ", " está", " é ", " não", "corrigindo", "ção"),
    "Polish": (
        " się",
        " jest",
        " co ",
        " pod ",
        " nie ",
        "poprawka",
        " wysyła",
        " chodzi",
        " używa",
        " zrzuca",
        "korekta",
        " dla ",
        " wynosi",
        " startuje",
        "zadanie",
        " prowadzi",
        " czyta",
        " teraz",
    ),
    "Dutch": (" de ", " het ", " van ", " elke ", " niet", " staat", " draait", "correctie", "ter info", " bel je"),
    "Spanish": (" el ", " los ", " ahora ", " usa ", " cobra ", "corrección", " escucha ", " guarda ", " todo ", " y "),
    "French": (" le ", " les ", " c'est", " du ", " sur ", " pas ", "rectif", " vont ", " à ", " données"),
    "German": (" der ", " den ", " die ", " ist ", " über ", " nicht", "korrektur", " läuft", " im ", " vom "),
    "Japanese": ("の", "は", "です", "ます", "訂正", "に", "を"),
    "Korean": ("는 ", "은 ", "요", "니다", "정정", "에 ", "를 ", "을 ", "로 "),
    "Turkish": (" değil", "düzeltme", " artık", "yor", " doğru", "ından", " ifadesi", "ını", "ına"),
    "Vietnamese": (" là ", " của ", "đính chính", " không", " được ", " từ ", "xin lỗi", " người ", "đã "),
    "Czech": (" je ", " ne ", "oprava", " ve ", " teď", " má ", " jsou ", " stojí", " sedí", "promiň"),
    "Hebrew": ("תיקון", " של ", " לא", "הוא", "ל-", "סליחה", " על ", " רץ "),
}


def form(wording: str) -> str:
    """The teaching or correction form of one bank wording (``"{c}"``/``"{v}"``/``"{o}"`` unfilled)."""
    low = f" {wording.lower()} "
    parts = wording.split(TURNS)
    for marker, name in _FRAMES:
        if marker in low:
            return name
    if len(parts) > 1:
        last, agent = parts[-1], parts[-2]
        if last.strip() == "{v}":
            return "bare answer to the agent's question"
        if "{v}" not in last and "{v}" in agent:
            return "value only in the agent's words, the user confirms"
        if "{o}" in agent:
            return "correction after the agent repeated the old value"
        return "across turns"
    score = {name: sum(m in low for m in markers) for name, markers in _LANGUAGES.items()}
    best = max(score, key=lambda name: score[name])
    if score[best]:
        return best
    return "English statement" if "{o}" not in wording else "English correction"


def _wordings(bank: str, seed: int) -> dict[tuple[str, str], tuple[str, str | None]]:
    """(component, attribute) -> (the teaching wording's form, the correction's form or None), from the same draws
    ``month.play`` makes (the day's hour, the session's turns, its id, then each tail's statement)."""
    sessions, facts = plan(bank, seed)
    rng = random.Random(seed * 7919)
    said: dict[tuple[int, bool], str] = {}
    for session in sessions:
        rng.randint(0, 8)
        for ex in exchanges(session, rng):
            for fact, corrected in ex.facts:
                said[(id(fact), corrected)] = ex.user
        rng.getrandbits(128)
        for fact in session.tail:
            said[(id(fact), False)] = fact.statement(rng).split(TURNS)[-1]
    out: dict[tuple[str, str], tuple[str, str | None]] = {}
    for fact in facts:
        taught = _which(fact, fact.attribute.states, said.get((id(fact), False), ""), fact.old or fact.value)
        fixed = _which(fact, fact.attribute.corrects, said.get((id(fact), True), ""), fact.value) if fact.old else None
        out[(fact.component, fact.attribute.name)] = (taught, fixed)
    return out


def _which(fact: Any, wordings: tuple[str, ...], last_turn: str, value: str) -> str:
    for wording in wordings:
        text = wording.format(c=fact.component, v=value, o=fact.old or "")
        if text.split(TURNS)[-1] == last_turn:
            return form(wording)
    return "unknown"


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--bank", required=True)
    parser.add_argument("reports", nargs="+", type=Path)
    args = parser.parse_args(argv)
    seed = BANK_SEEDS[args.bank]
    forms = _wordings(args.bank, seed)
    _, facts = plan(args.bank, seed)
    key = {(f.attribute.query.format(c=f.component), f.value): (f.component, f.attribute.name) for f in facts}
    taught = Counter(t for t, _ in forms.values())
    fixes = Counter(c for _, c in forms.values() if c)
    result: dict[str, Any] = {"taught": dict(taught), "corrections": dict(fixes), "reports": {}}
    for path in args.reports:
        report = json.loads(path.read_text(encoding="utf-8"))
        missed: Counter[str] = Counter()
        stale: Counter[str] = Counter()
        for miss in report.get("misses", []):
            teach, fix = forms[key[(miss["query"], miss["value"])]]
            if miss["miss"]:
                missed[f"{teach} / corrected: {fix}" if fix else teach] += 1
            if miss["stale"]:
                stale[str(fix)] += 1
        result["reports"][path.name] = {"missed": dict(missed), "stale": dict(stale)}
    print(json.dumps(result, indent=2, ensure_ascii=False))
    return result


if __name__ == "__main__":
    main()
