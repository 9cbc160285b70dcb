"""The month bench's bank model (#27): what a bank is (``Attribute``: how one kind of fact is said, corrected and
asked for, and its values), the banks by name (``BANKS``, ``BANK_SEEDS``: the first four of ``month_early.py`` and
the blind banks, each its own module), the plan of a month (``plan``: 21 sessions, 45 facts, the corrections and the
planted secrets) and a session's turns (``exchanges``, ``said``)."""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CLIENT_PLAN = ("claude-code",) * 10 + ("gemini-cli",) * 6 + ("codex",) * 5
DAYS = 30


@dataclass(frozen=True)
class Attribute:
    """One kind of fact about a component: how it is stated, corrected and asked for, and its values."""

    name: str
    states: tuple[str, ...]  # "{c}" the component, "{v}" the value
    corrects: tuple[str, ...]  # "{c}", "{v}" the new value, "{o}" the old one
    query: str
    values: tuple[str, ...]


sys.path.insert(0, str(Path(__file__).resolve().parent))
import month_early  # noqa: E402  (the first four banks and the defaults)
from month_early import CHATTER, CODE, TOOL_OUTPUT, plant_secret, secret_message  # noqa: E402

BANKS: dict[str, dict[str, Any]] = month_early.banks(Attribute)
BANK_SEEDS = {"dev": 1, "held": 7, "fresh": 11, "blind4": 23}
import month_blind5  # noqa: E402  (the fifth bank, #27: written apart from the tuning, run only at the end)

BANKS[month_blind5.NAME] = month_blind5.bank(Attribute)
BANK_SEEDS[month_blind5.NAME] = month_blind5.SEED
import month_blind6  # noqa: E402  (the sixth bank, #27: written apart from stop 39's tuning, run only at the end)

BANKS[month_blind6.NAME] = month_blind6.bank(Attribute)
BANK_SEEDS[month_blind6.NAME] = month_blind6.SEED
import month_blind7  # noqa: E402  (the seventh bank, #27: written apart from stop 40's tuning, run only at the end)

BANKS[month_blind7.NAME] = month_blind7.bank(Attribute)
BANK_SEEDS[month_blind7.NAME] = month_blind7.SEED
import month_blind8  # noqa: E402  (the eighth bank, #27: written apart from stop 42's tuning, run only at the end)

BANKS[month_blind8.NAME] = month_blind8.bank(Attribute)
BANK_SEEDS[month_blind8.NAME] = month_blind8.SEED
import month_blind9  # noqa: E402  (the ninth bank, #27: written apart from stop 43's tuning, run only at the end)

BANKS[month_blind9.NAME] = month_blind9.bank(Attribute)
BANK_SEEDS[month_blind9.NAME] = month_blind9.SEED
import month_blind10  # noqa: E402  (the tenth bank, #27: written apart from month12's tuning, run only at the end)

BANKS[month_blind10.NAME] = month_blind10.bank(Attribute)
BANK_SEEDS[month_blind10.NAME] = month_blind10.SEED
import month_blind11  # noqa: E402  (the eleventh bank, #27: written apart from agent44's tuning, run only at the end)

BANKS[month_blind11.NAME] = month_blind11.bank(Attribute)
BANK_SEEDS[month_blind11.NAME] = month_blind11.SEED
import month_blind12  # noqa: E402  (the twelfth bank, #27: written apart from month13's tuning, run only at the end)

BANKS[month_blind12.NAME] = month_blind12.bank(Attribute)
BANK_SEEDS[month_blind12.NAME] = month_blind12.SEED
import month_blind13  # noqa: E402  (the thirteenth bank, #27: written apart from month14's tuning, run only at the end)

BANKS[month_blind13.NAME] = month_blind13.bank(Attribute)
BANK_SEEDS[month_blind13.NAME] = month_blind13.SEED
import month_blind14  # noqa: E402  (the fourteenth bank, #27: the team's held-out bank of stop 45, run only at the end)

BANKS[month_blind14.NAME] = month_blind14.bank(Attribute)
BANK_SEEDS[month_blind14.NAME] = month_blind14.SEED
import month_blind15  # noqa: E402  (the fifteenth bank, #27: written apart from stop 46's tuning, run only at the end)

BANKS[month_blind15.NAME] = month_blind15.bank(Attribute)
BANK_SEEDS[month_blind15.NAME] = month_blind15.SEED
import month_blind16  # noqa: E402  (the sixteenth bank, #27: the team's held-out bank of stop 46, run only at the end)

BANKS[month_blind16.NAME] = month_blind16.bank(Attribute)
BANK_SEEDS[month_blind16.NAME] = month_blind16.SEED
import month_blind17  # noqa: E402  (the seventeenth bank, #27: written apart from stop 47's tuning, run only at the end)

BANKS[month_blind17.NAME] = month_blind17.bank(Attribute)
BANK_SEEDS[month_blind17.NAME] = month_blind17.SEED
import month_blind18  # noqa: E402  (the eighteenth bank, #27: written apart from stop 47's tuning, run only at the end)

BANKS[month_blind18.NAME] = month_blind18.bank(Attribute)
BANK_SEEDS[month_blind18.NAME] = month_blind18.SEED
import month_blind19  # noqa: E402  (the nineteenth bank, #27: written apart from stop 48's tuning, run only at the end)

BANKS[month_blind19.NAME] = month_blind19.bank(Attribute)
BANK_SEEDS[month_blind19.NAME] = month_blind19.SEED
import month_blind20  # noqa: E402  (the twentieth bank, #27: written apart from stop 48's tuning, run only at the end)

BANKS[month_blind20.NAME] = month_blind20.bank(Attribute)
BANK_SEEDS[month_blind20.NAME] = month_blind20.SEED
import month_blind21  # noqa: E402  (the twenty-first bank, #27: written apart from stop 49's tuning, run only at the end)

BANKS[month_blind21.NAME] = month_blind21.bank(Attribute)
BANK_SEEDS[month_blind21.NAME] = month_blind21.SEED
import month_blind22  # noqa: E402  (the twenty-second bank, #27: written apart from stop 49's tuning, run only at the end)

BANKS[month_blind22.NAME] = month_blind22.bank(Attribute)
BANK_SEEDS[month_blind22.NAME] = month_blind22.SEED
# banks still held out: tools that read every bank's wordings (correction_banks.py) leave them out
HELD_OUT = frozenset(
    {
        month_blind13.NAME,
        month_blind14.NAME,
        month_blind15.NAME,
        month_blind16.NAME,
        month_blind17.NAME,
        month_blind18.NAME,
        month_blind19.NAME,
        month_blind20.NAME,
        month_blind21.NAME,
        month_blind22.NAME,
    }
)


@dataclass
class Fact:
    """A fact taught: component, attribute, value; ``old`` when a later session corrected it."""

    component: str
    attribute: Attribute
    value: str
    old: str | None = None

    def statement(self, rng: random.Random) -> str:
        return rng.choice(self.attribute.states).format(c=self.component, v=self.value)

    def query(self) -> str:
        return self.attribute.query.format(c=self.component)

    def found_in(self, text: str, value: str) -> bool:
        low = text.lower()
        return value.lower() in low and self.component.split()[0].lower() in low


@dataclass
class Session:
    """One planned session: its client, its day, the facts it teaches and corrects, whether it compacts or is
    resumed for one more fact, and the secret it holds."""

    client: str
    day: int
    teach: list[Fact] = field(default_factory=list)
    correct: list[Fact] = field(default_factory=list)
    tail: list[Fact] = field(default_factory=list)  # taught after a compaction / on resume: a one-fact slice
    compacts: bool = False
    resumes: bool = False
    secret: list[str] = field(default_factory=list)
    bank: str = "dev"


def plan(bank: str, seed: int) -> tuple[list[Session], list[Fact]]:
    """21 sessions over ``DAYS`` days teaching 45 facts (40 in the sessions' body, 5 as one-fact tails) and
    correcting 5 of them (the bank's ``corrections``, 9 in blind4) in later sessions; 8 sessions hold secrets."""
    rng = random.Random(seed)
    spec = BANKS[bank]
    attributes: tuple[Attribute, ...] = spec["attributes"](rng)
    pairs = [(c, a) for c in spec["components"] for a in attributes]
    rng.shuffle(pairs)
    used: dict[str, set[str]] = {}
    facts: list[Fact] = []
    for component, attribute in pairs[:45]:
        taken = used.setdefault(attribute.name, set())
        choices = [v for v in attribute.values if v not in taken] or list(attribute.values)
        value = rng.choice(choices)
        taken.add(value)
        facts.append(Fact(component, attribute, value))
    clients = list(CLIENT_PLAN)
    rng.shuffle(clients)
    sessions = [
        Session(client, round(i * (DAYS - 1) / (len(clients) - 1)), bank=bank) for i, client in enumerate(clients)
    ]
    body, tails = facts[:40], facts[40:]
    for i, fact in enumerate(body):
        sessions[i % 20].teach.append(fact)
    tail_sessions = [s for s in sessions[:18] if s.client != "codex"][:5]
    for session, fact in zip(tail_sessions, tails, strict=False):
        session.tail.append(fact)
        session.compacts = len(session.tail) % 2 == 1 and sessions.index(session) % 2 == 0
        session.resumes = not session.compacts
    for session in sessions:
        if session.client != "codex" and not session.tail and rng.random() < 0.3:
            session.compacts = True
    corrected = rng.sample(body[:20], spec.get("corrections", 5))
    for i, fact in enumerate(corrected):
        fact.old = fact.value
        choices = [v for v in fact.attribute.values if v not in used[fact.attribute.name]]
        choices = choices or [v for v in fact.attribute.values if v != fact.old]
        fact.value = rng.choice(choices)
        used[fact.attribute.name].add(fact.value)
        taught = body.index(fact) % 20  # the session that taught it: the correction comes in a later one
        late = sessions[max(14, taught + 1) :]
        late[i % len(late)].correct.append(fact)
    kinds = spec.get("secrets", ("codes",))
    for i, session in enumerate(rng.sample(sessions, 8)):
        session.secret = spec.get("plant_secret", plant_secret)(kinds[i % len(kinds)], rng)
    return sessions, facts


# -------------------------------------------------------------------------------------------- transcripts


@dataclass
class Exchange:
    """One user turn and the assistant's reply (``tool``: a tool call's output between them)."""

    user: str
    reply: str
    tool: str | None = None
    facts: tuple[tuple[Fact, bool], ...] = ()  # what the turn teaches: (fact, corrected) (the agent path's oracle)


def exchanges(session: Session, rng: random.Random) -> list[Exchange]:
    """The session's body: chatter, facts, corrections, code, tool output and the secret, shuffled."""
    spec = BANKS[session.bank]
    chatter, code, tool = spec.get("chatter", CHATTER), spec.get("code", CODE), spec.get("tool", TOOL_OUTPUT)
    out: list[list[Exchange]] = [[Exchange(*rng.choice(chatter))]]
    for fact in session.teach:  # a fact corrected later is first taught with its old value
        value = fact.old if fact.old is not None else fact.value
        text = rng.choice(fact.attribute.states).format(c=fact.component, v=value)
        acks = spec.get("acks", ("Got it.", "Noted, thanks.", "Understood — I'll keep that in mind."))
        out.append(said(text, rng.choice(acks), ((fact, False),)))
    for fact in session.correct:
        text = rng.choice(fact.attribute.corrects).format(c=fact.component, v=fact.value, o=fact.old)
        out.append(said(text, "Thanks for the correction, updated.", ((fact, True),)))
    out.append([Exchange(rng.choice(code), "The loop adds to `total` before it is set; initialise it to 0 first.")])
    out.append([Exchange("run the test suite please", "Two pass, one fails.", tool=rng.choice(tool))])
    if session.secret:
        out.append([Exchange(spec.get("secret_message", secret_message)(session.secret), "I won't store those.")])
    out.append([Exchange(*rng.choice(chatter))])
    head, rest = out[0], out[1:]
    rng.shuffle(rest)  # a wording over several turns stays together (one group; the shuffle draws as before)
    return [*head, *(ex for group in rest for ex in group)]


TURNS = " || "  # in a wording: user turn || the agent's reply || the user's next turn (...), the last one teaches


def said(text: str, ack: str, facts: tuple[tuple[Fact, bool], ...]) -> list[Exchange]:
    """A wording as the exchanges it takes: one turn (``ack`` the reply), or, for a wording spread over turns with
    ``TURNS`` (the fact said across two turns, or as the answer to the agent's question), the turns in order, the
    agent's own replies between them; the fact is taught by the last turn (``facts`` go there)."""
    parts = text.split(TURNS)
    pairs = [Exchange(parts[i], parts[i + 1]) for i in range(0, len(parts) - 1, 2)]
    return [*pairs, Exchange(parts[-1], ack, facts=facts)]
