"""The stop hook's cues in more languages and shapes (hooks/cue_lang.py, distill/moment.py, issue #27.5,
research/notes/cue48-stop46.md): short Italian and Portuguese sentences ("la", "di", "o", "a"), Polish, Swedish,
Turkish and Japanese facts, a fact said as an aside inside a request; and what a user says about the moment in
those languages (a place, an activity now, "keep it short", a build that went green, a test that broke) never asks
and is never kept by the offline capture."""

from __future__ import annotations

import time

import pytest

from contextlamp.distill.digest_path import DigestFirst
from contextlamp.distill.moment import about_the_moment
from contextlamp.distill.offline import OfflineDistiller
from contextlamp.distill.turns import Turn
from contextlamp.hooks.clean import clean_turns
from contextlamp.hooks.digest import cues_of


def test_short_facts_in_more_languages_ask() -> None:
    facts = [
        "la replica di lettura sta su pg-ro-3.interno",
        "il job di pulizia gira ogni domenica alle 03:40",
        "o cache de imagens fica em varnish-2.lan",
        "a fila de notificações é notif.push.v6",
        "serwer kolejki jest na porcie 5673",
        "loggarna ligger på loki-sto-4",
        "yedek sunucusu bak-ank-2 üzerinde",
        "キャッシュは redis-kix-1 にあります",
    ]
    assert [t for t in facts if "fact" not in cues_of(t)] == []


def test_a_fact_said_as_an_aside_inside_a_request_asks() -> None:
    for text in (
        "can you bump the retry count, and by the way the mail relay moved to smtp-relay-4.internal",
        "could you rename the helper; btw the artifacts bucket is s3://builds-eu-archive",
        "kannst du das Skript anpassen, übrigens liegt das Archiv unter /srv/archiv/monatlich",
    ):
        assert cues_of(text), text
    assert cues_of("can you rerun the suite, and by the way I'm on the train") == []  # the aside is the moment


def test_the_moment_and_events_in_other_languages_do_not_ask() -> None:
    ordinary = [
        "estou no ônibus até as 18:00, seja breve",
        "ich bin gerade im Zug nach Köln bis 14:30",
        "jestem w pociągu do Gdańska do 15:00",
        "o deploy em prod-4 terminou",
        "la build su ci-12 è verde",
        "die Tests auf ci-8 sind grün",
        "il test 14 fallisce",
        "o teste 21 quebrou",
        "Marco Rossi ha approvato la PR 318",
        "PR 77 jest zmergowany",
        "ビルド 31 は成功しました",
        "Danke Jonas, passt",
        "a pipeline está rodando, faltam 3 jobs",
    ]
    assert [t for t in ordinary if cues_of(t)] == []


def test_a_failure_that_names_where_a_thing_lives_still_asks() -> None:
    assert cues_of("o job falhou porque não conseguiu ler /etc/faturas/config.env, é lá que ficam as filas")


def _kept(text: str) -> list[str]:
    cleaned = clean_turns([Turn("user", text), Turn("assistant", "OK.")], set(), keep_code=True)
    return [item.content for item in DigestFirst(OfflineDistiller()).distill(cleaned)]


def test_the_users_moment_in_other_languages_is_no_memory_and_a_role_stays() -> None:
    for chatter in (
        "ich bin gerade im Zug nach Berlin, halt dich bitte kurz",
        "je suis dans le train pour Lyon, réponds court",
        "estoy en el tren a Madrid hasta las 18:00, respuestas cortas por favor",
        "sono in riunione con il team di Milano fino alle 15, rispondi breve",
        "ik zit in de trein naar Utrecht, hou het kort",
        "ich arbeite gerade an dem Export für Kunde Meyer",
        "je suis en train de corriger le test de Lyon",
    ):
        assert about_the_moment(chatter), chatter
        assert _kept(chatter) == [], chatter
    for fact, value in (
        ("ich bin im Team Zahlungen, das den Dienst ledger-api betreibt", "ledger-api"),
        ("je suis mainteneur du module facturation depuis 2024", "facturation"),
    ):
        assert not about_the_moment(fact), fact
        assert any(value in item for item in _kept(fact)), fact


@pytest.mark.parametrize(
    "unit",
    [
        "aaaa",
        "ました",
        "a/",
        "x.",
        "ąąą ",
        "ığş ",
        "hat a ",
        "heeft ge",
        "ich bin gerade ",
        ", and by the way ",
        "Der Die ",
        "Lena Vogel ",
        "estou ",
        "ou ",
        "ó ",
        "toplantıdayım ",
    ],
)
def test_the_new_cues_read_a_hostile_turn_in_time_linear_in_its_size(unit: str) -> None:
    """200 KB of what a new cue looks for costs at most 10x prose of the same size (house rule)."""
    prose = "Der Importer schreibt nach /srv/import und der Monitor hört auf Port 7311, sagt das Team. " * 2200
    hostile = unit * (len(prose) // len(unit))
    timings: list[float] = []
    for text in (prose, hostile):
        started = time.process_time()
        cues_of(text, asked="Which port does it use?")
        cues_of(text)
        about_the_moment(text)
        timings.append(time.process_time() - started)
    assert timings[1] <= 10 * timings[0] + 0.05, (unit, timings)
