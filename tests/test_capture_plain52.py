"""Both capture paths on blind19/blind20's capture misses, each as a class (issue #27,
research/notes/plain52-stop49.md): a person's name answering the agent's "who's ...?" (also in Japanese, Korean and
Turkish, where a name has no capital or the wh-word ends the question), a short yes in Korean, Japanese or Swedish
confirming the agent's stated value, a config block pasted on purpose (fenced with a clause naming it a config, or
a whole-turn snippet whose comment says what it is for), a fact in a clause of a request ("it should stay under its
V limit"), an Italian aside or statement the stop hook read as a French question; and what must stay unsaved:
answers about the task at hand, yes to the agent's proposal, logs, code, drafts and requests in fences."""

from __future__ import annotations

import time

import pytest

from contextlamp.distill.durable import cut_request
from contextlamp.distill.offline import OfflineDistiller
from contextlamp.distill.taught import pasted_config, stated_inside
from contextlamp.distill.turns import Turn
from contextlamp.hooks.digest import cues_of

FENCE = "```"


def _kept(text: str, asked: str = "") -> list[str]:
    """What the offline distiller keeps of one user turn (after the agent's ``asked``, when given)."""
    turns = ([Turn("user", "hi"), Turn("assistant", asked)] if asked else []) + [Turn("user", text)]
    return [item.content for item in OfflineDistiller().distill([*turns, Turn("assistant", "Ok.")])]


@pytest.mark.parametrize(
    ("asked", "name"),
    [
        ("Who's the product owner for the invoice mailer?", "Priyanka Desai"),
        ("請求メーラーの担当は誰ですか？", "山本 太郎"),
        ("청구 메일러 담당자는 누구예요?", "김 지수"),
        ("Fatura servisinin sahibi kim?", "Mehmet Yılmaz"),
    ],
)
def test_a_name_answering_who_owns_a_part_is_kept_and_asked(asked: str, name: str) -> None:
    """The bare name is kept with the question it answers, and the stop hook asks for a digest."""
    assert any(name in item for item in _kept(name, asked))
    assert cues_of(name, asked) == ["fact"]


@pytest.mark.parametrize(
    ("asked", "name"),
    [
        ("Who should I tag as reviewer on this PR?", "Olga Petrova"),
        ("Wen soll ich im Changelog nennen?", "Karl Huber"),
    ],
)
def test_a_name_answering_what_to_do_now_is_not_kept(asked: str, name: str) -> None:
    """A name for the task at hand is an instruction of the moment: no memory, no ask."""
    assert _kept(name, asked) == []
    assert cues_of(name, asked) == []


@pytest.mark.parametrize(
    ("asked", "yes", "value"),
    [
        ("The invoice mailer reads from queue inv-q-7, right?", "네, 맞습니다", "inv-q-7"),
        ("So the invoice mailer runs on host inv-app-4?", "はい、その通りです", "inv-app-4"),
        ("Fakturatjänsten kör på servern fak-app-2, eller hur?", "ja, det stämmer", "fak-app-2"),
    ],
)
def test_a_short_yes_confirming_the_agents_value_keeps_it(asked: str, yes: str, value: str) -> None:
    """A yes in Korean, Japanese or Swedish stands behind the value the agent checked."""
    assert any(value in item for item in _kept(yes, asked))
    assert cues_of(yes, asked) == ["fact"]


def test_a_yes_to_the_agents_proposal_keeps_nothing() -> None:
    """ "네" after "Shall I restart ...?" agrees to an action: no fact, even in a language read declaratively."""
    assert _kept("네", "Shall I restart the worker on inv-app-4?") == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "this is how the invoice mailer is configured:\n```yaml\nsmtp:\n  host: relay-inv-2.lan\n  port: 2525\n```",
            "smtp.host: relay-inv-2.lan",
        ),
        (
            "hier ist die Konfiguration des Rechnungsdienstes:\n```\n[mail]\nhost = relay-de-4\n```",
            "mail.host = relay-de-4",
        ),
        (
            "```\nqueue:\n  name: q-inv-9\n```\nthat's the invoice mailer config, why does it stall?",
            "queue.name: q-inv-9",
        ),
        ("sentry:\n  projet: FACT-MAIL   # erreurs du service de facturation", "FACT-MAIL"),
    ],
)
def test_a_config_pasted_on_purpose_is_kept_with_what_it_configures(text: str, value: str) -> None:
    """The settings of a config the user named (or commented) are kept, nested keys joined, and asked for."""
    kept = _kept(text)
    assert any(value in item for item in kept), kept
    assert cues_of(text) == ["fact"]


@pytest.mark.parametrize(
    "text",
    [
        "does this look right?\n```yaml\nsmtp:\n  host: relay-test\n```",
        "fix the invoice mailer config:\n```yaml\nsmtp:\n  host: relay-bad\n```",
        "here's my draft config for the mailer, what do you think?\n```yaml\nsmtp:\n  host: relay-new\n```",
        "here's the env config:\n```\nSMTP_HOST=relay-inv-2\nSMTP_PASSWORD=hunter2hunter2\n```",
        "here's the log:\n```\n2026-01-01 12:00:01 ERROR smtp: connection refused relay-inv-2:2525\n```",
        "here's the config code:\n```python\nx = send(mail)\nreturn x\n```",
        "x = compute(a)  # returns None when the cache is cold",
    ],
)
def test_questions_requests_drafts_secrets_logs_and_code_in_fences_are_not_configs(text: str) -> None:
    """Only a settled config the user shows is read: never a question, a request, a draft, a block naming a
    credential, a log or code."""
    assert pasted_config(text) == []
    assert _kept(text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("write a load test for the invoice mailer, it should stay under its 90 req/s limit, then push", "90 req/s"),
        ("Schrijf een test voor de factuurdienst, die heeft een limiet van 90 req/s, en draai hem daarna.", "90 req/s"),
    ],
)
def test_a_fact_in_a_clause_of_a_request_is_kept(text: str, value: str) -> None:
    """The clause stating a value of the thing asked for is kept (its pronoun named in English), and asked."""
    kept = _kept(text)
    assert any(value in item for item in kept), kept
    assert all("push" not in item and "draai" not in item for item in kept)
    assert cues_of(text) == ["fact"]
    if text.startswith("write"):
        assert kept == ["The invoice mailer should stay under its 90 req/s limit"]


@pytest.mark.parametrize(
    "text",
    [
        "fix the invoice mailer, it is throwing 500s since 10:00",
        "fix the parser, it has 3 failing tests",
        "for this run only, use port 9999",
    ],
)
def test_trouble_and_one_off_instructions_in_a_request_are_not_kept(text: str) -> None:
    """A clause of what goes wrong now, or a head that only says when, is no fact."""
    assert _kept(text) == []
    assert cues_of(text) == []
    assert stated_inside(text) is None


def test_italian_statements_and_asides_are_cued() -> None:
    """Italian "quel" ("that") is no French question word, and "tra l'altro" marks an Italian sentence."""
    assert cues_of("se il servizio fatture si blocca chiamate Paolo Ricci, è lui che conosce quel codice") == ["fact"]
    assert cues_of("tra l'altro, il servizio fatture scrive i log nell'indice ops-fatt-*") == ["fact"]
    assert cues_of("tra poco faccio il deploy su prod-3") == []
    assert cut_request("for this run only, use port 9999") == ""


def test_config_and_request_clauses_read_hostile_input_in_linear_time() -> None:
    """A turn of 200 KB of fences, config lines or request clauses is read about as fast as prose of that size."""
    prose = "the invoice mailer runs on a host in the basement and nobody touches it. " * 2800
    hostile = [
        "```\na: 1\n" * 20000,
        "x: 1\n" * 40000,
        ", it has 5" * 20000,
        "config, " * 25000,
        "here is the config:\n```\na: 1\n```\n" * 8000,
    ]

    def took(text: str) -> float:  # the best of three: the machine's load is noise, not the rule's cost
        times = []
        for _ in range(3):
            start = time.perf_counter()
            pasted_config(text)
            stated_inside(text)
            times.append(time.perf_counter() - start)
        return min(times)

    base = max(took(prose), 0.002)
    for text in hostile:
        assert took(text) < 10 * base + 0.05, text[:20]
