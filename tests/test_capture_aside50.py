"""Both capture paths on note46's misses, each as a class across the usual languages (issue #27,
research/notes/aside50-stop47.md): one change-of-subject rule (``distill.taught``: ``split_asides`` for the stop
hook, ``tail`` for the offline distiller), a durable statement holding a "now" word, wh-questions and bare answers
in every language, requests in another language with an aside, a bare no, short Polish/Swedish/Turkish facts and
a Polish noun in -ł ("moduł") that is no past verb."""

from __future__ import annotations

import time

import pytest

from contextlamp.distill.offline import OfflineDistiller
from contextlamp.distill.taught import is_no, split_asides, tail
from contextlamp.distill.turns import Turn
from contextlamp.hooks.digest import cues_of


def _kept(text: str, asked: str = "") -> list[str]:
    """What the offline distiller keeps of one user turn (after the agent's ``asked``, when given)."""
    turns = ([Turn("user", "hi"), Turn("assistant", asked)] if asked else []) + [Turn("user", text)]
    return [item.content for item in OfflineDistiller().distill([*turns, Turn("assistant", "Ok.")])]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("popraw lint w module zwrotów, przy okazji kolejka faktur to rabbit-fv-3", "rabbit-fv-3"),
        ("fixa lintern, förresten ligger fakturakön på rabbit-fak-2", "rabbit-fak-2"),
        ("lint hatalarını düzelt, bu arada fatura kuyruğu rabbit-ftr-5 üzerinde", "rabbit-ftr-5"),
        ("sistema il lint, e già che ci sei il relay SMTP è smtp-out-6.lan", "smtp-out-6.lan"),
    ],
)
def test_one_aside_rule_splits_the_fact_out_of_a_request_on_both_paths(text: str, value: str) -> None:
    """The same lead-in opens an aside for the stop hook (split) and the offline distiller (tail)."""
    head, aside = split_asides(text).rsplit("\n", 1)
    assert value in aside and value not in head
    split = tail(text)
    assert split is not None and value in split[1]
    assert cues_of(text) == ["fact"]


def test_an_aside_word_inside_a_clause_splits_nothing() -> None:
    """ "übrigens" inside a clause is an adverb of that statement: nothing is cut out of it."""
    text = "Die Staging-Datenbank liegt übrigens auf pg-stage-9.intern"
    assert split_asides(text) == text
    assert tail(text) is None
    assert any("Staging-Datenbank" in kept and "pg-stage-9" in kept for kept in _kept(text))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Die Abrechnung läuft jetzt auf billing-7.intern", "billing-7"),
        ("Kopie zapasowe robi teraz skrypt nightly-bk.sh", "nightly-bk.sh"),
        ("Facturen gaan nu via Exact Online in plaats van Moneybird", "Exact Online"),
        ("Loggarna skickas nu till loki-sto-8", "loki-sto-8"),
    ],
)
def test_a_durable_statement_with_a_now_word_asks_and_is_kept(text: str, value: str) -> None:
    assert cues_of(text) == ["fact"]
    assert any(value in kept for kept in _kept(text)), _kept(text)


def test_the_time_left_of_something_going_on_is_no_memory() -> None:
    for text in ("de deploy draait nu, nog 8 minuten", "el build sigue, faltan 6 minutos"):
        assert cues_of(text) == []
        assert _kept(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "welke queue gebruikt de factuurmodule",
        "Welk bestand leest de nachtelijke job?",
        "vilken kö använder fakturamodulen",
        "który bucket trzyma faktury",
        "hangi kuyruk faturaları işliyor",
    ],
)
def test_a_question_in_any_language_is_never_kept(text: str) -> None:
    assert _kept(text) == []
    assert cues_of(text) == []


@pytest.mark.parametrize(
    ("asked", "answer"),
    [
        ("Welk logplatform gebruiken jullie?", "Seq op seq.intern.nl"),
        ("Vilken databas använder fakturorna?", "fak-db-4"),
        ("Hangi sunucu raporları üretiyor?", "rapor-srv-2"),
    ],
)
def test_a_bare_answer_to_a_question_in_any_language_asks_and_is_kept(asked: str, answer: str) -> None:
    assert cues_of(answer, asked) == ["fact"]
    assert any(answer.split()[-1] in kept for kept in _kept(answer, asked))


@pytest.mark.parametrize(
    "text",
    [
        "kannst du den Parser reparieren und übrigens auch die Logs aufräumen",
        "corrige le parseur, et au fait relance la CI",
        "aggiorna le dipendenze di fatture-api, e tra l'altro rilancia la pipeline",
        "arregla el parser y, por cierto, gracias por la revisión",
        "popraw parser, przy okazji uruchom testy jeszcze raz",
    ],
)
def test_a_request_with_an_aside_that_states_nothing_neither_asks_nor_is_kept(text: str) -> None:
    assert cues_of(text) == []
    assert _kept(text) == []


@pytest.mark.parametrize(
    "text",
    ["Nee, dat klopt niet", "Nein, stimmt so nicht", "Non, pas du tout", "No, para nada", "Nie, to nie tak", "nope"],
)
def test_a_bare_no_in_any_language_is_no_fact(text: str) -> None:
    asked = "So the invoices are exported to fak-exp-3 every night?"
    assert is_no(text)
    assert cues_of(text, asked) == []
    assert _kept(text, asked) == []


def test_a_no_with_a_value_is_a_correction_not_a_bare_no() -> None:
    assert not is_no("No, the port is 8443")
    assert not is_no("Nee, we gebruiken Postgres")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Baza testowa stoi na pg-test-8.", "pg-test-8"),
        ("Katarzyna Lis odpowiada za moduł faktur.", "Katarzyna Lis"),
        ("Fakturakön heter rabbit-fak-9.", "rabbit-fak-9"),
        ("Fatura veritabanı fatura-db-3.", "fatura-db-3"),
    ],
)
def test_a_short_polish_swedish_or_turkish_fact_asks_and_is_kept(text: str, value: str) -> None:
    assert cues_of(text) == ["fact"]
    assert any(value in kept for kept in _kept(text)), _kept(text)


def test_a_polish_event_in_the_past_still_does_not_ask() -> None:
    assert cues_of("Marek wdrożył poprawkę na pg-test-8") == []


@pytest.mark.parametrize(
    "unit",
    [", and by the way ", " und übrigens ", "? au fait ", "testowy ", "owa" * 40 + " ", "nee ", "welke ", "sistema "],
)
def test_the_shared_rules_read_a_hostile_turn_in_time_linear_in_its_size(unit: str) -> None:
    """200 KB of what a shared rule looks for costs at most 10x prose of the same size (house rule)."""
    prose = "De importer schrijft naar /srv/import en de monitor luistert op poort 7311, zegt het team. " * 2200
    hostile = unit * (len(prose) // len(unit))
    timings: list[float] = []
    for text in (prose, hostile):
        started = time.process_time()
        cues_of(text, asked="Welke poort gebruikt het?")
        cues_of(text)
        split_asides(text)
        tail(text)
        is_no(text)
        timings.append(time.process_time() - started)
    assert timings[1] <= 10 * timings[0] + 0.05, (unit, timings)


# the lead's read of stop 47: every newline is a sentence end, and the aside's opening read the whitespace after
# it, so a run of blank lines was read once from each of its lines (20,000 newlines: 200 s)
@pytest.mark.parametrize("unit", ["\n", " \n", ".\t"])
def test_a_long_run_of_blank_lines_splits_in_linear_time(unit: str) -> None:
    size = 64 * 1024
    text = (unit * size)[:size]
    prose = ("Fix the flaky test, and the CI cache too. " * size)[:size]
    start = time.thread_time()
    split_asides(prose)
    tail(prose)
    base = time.thread_time() - start
    start = time.thread_time()
    split_asides(text)
    tail(text)
    assert time.thread_time() - start <= 10 * base + 0.05
