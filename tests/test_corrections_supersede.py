"""A corrected value never ranks first, whoever saved the correction and however it was said (issue #27.2):
every save retires the live memories it corrects, in its own store and in the personal store a project's reads
fuse, history kept (domain/corrections.py, app/freshness.supersede_corrected)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.app.state import RepositoryRef
from contextlamp.domain.corrections import corrected_among, correction_kind

REPO = RepositoryRef("git:github.com/acme/ledger", "/src/ledger", "ledger", "acme")


def _live(service: MemoryService, caller: Caller) -> list[str]:
    texts: list[str] = []
    for project in [None, *[p.id for p in service.projects(caller)]]:
        texts += [i.preview for i in service.list_context(caller, 200, project, None).items if not i.superseded_by]
    return sorted(texts)


@pytest.mark.parametrize(
    ("newer", "older"),
    [
        # a move, or a new value from a date, with no correction word
        (
            "We moved the report builder off blue-3; it runs on green-7 now.",
            "The report builder runs on blue-3.",
        ),
        (
            "From next week the image cache bills to team-ops, the team-web budget ended.",
            "The image cache bills to team-web.",
        ),
        ("The ledger snapshot: 01:15 -> 04:45 after the freeze.", "The ledger snapshot starts at 01:15."),
        # the old value named as old: "no longer", "not ... anymore", "from A to B"
        ("The search proxy no longer listens on 8411; it listens on 9411.", "The search proxy listens on 8411."),
        ("The search proxy isn't on 8411 anymore, it listens on 9411.", "The search proxy listens on 8411."),
        ("The ledger snapshot moved from 01:15 to 04:45.", "The ledger snapshot starts at 01:15."),
        # a verb of change and a new value of the old one's shape
        (
            "We changed the session store; it keeps sessions for 45 minutes.",
            "The session store keeps sessions for 30 minutes.",
        ),
        # a correction marker, the rest compared as the statement it corrects
        (
            "Correction: the mail relay sends through smtp2.corp.example.",
            "The mail relay sends through smtp1.corp.example.",
        ),
        # the old value said to be going away after the move ("is being drained", "was archived")
        (
            "We've since shifted the tile renderer to rack-9; rack-2 is being drained.",
            "The tile renderer runs in rack-2.",
        ),
        ("#tiles-old was archived, tile renderer news goes to #tiles now.", "Tile renderer news goes to #tiles-old."),
        # a removal verb right before the old value, the new one later ("we dropped A ...; ... B now")
        (
            "We dropped Memcached 1.5 for the tile cache; it's stored in Valkey 8 now.",
            "The tile cache is stored in Memcached 1.5.",
        ),
        # the attribute's own noun between the negation and the old value
        ("The mail relay is not on firmware 7.1 anymore: it runs 7.4.2.", "The mail relay runs firmware 7.1."),
        # "stopped" a verb away from the old value, the new one after it
        ("The geocoder stopped logging to Loki; it logs to OpenSearch now.", "The geocoder logs to Loki."),
        # a capitalised subject both open on, read as a name ("Sprint demos are ...", "Build agents were ...")
        ("Sprint demos moved to Fridays.", "Sprint demos are on Thursdays."),
        ("Build agents were upgraded to 8 cores.", "Each build agent has 4 cores."),
        # the old value struck out ("scratch the A bit", "strike the A figure")
        ("Scratch the CSV bit about the loader, I meant Parquet.", "The loader only reads CSV files."),
        # a conditional rule corrected: the older is conditional too
        ("Correction: if the loader stalls, page @data-b, not @data-a.", "If the loader stalls, page @data-a."),
        # a person opening the older, said to no longer do it, another named as doing it now
        ("Leon no longer approves tile server hotfixes, Greta does.", "Leon approves hotfixes for the tile server."),
        (
            "Leon doesn't approve tile server hotfixes anymore; Greta does.",
            "Leon approves hotfixes for the tile server.",
        ),
        # a subject capitalised on one side only ("Staging Redis is ..." opens on a name)
        (
            "Staging Valkey isn't valkey-3.internal anymore; use valkey-8.internal.",
            "Staging Valkey is at valkey-3.internal.",
        ),
        # a marked correction whose new value has another number of parts, and leaves out the older's wording of
        # the attribute ("its records ... topic")
        (
            "Small correction: the loader publishes to raw.v2.",
            "The loader publishes its records to the raw.ingest.v1 topic.",
        ),
    ],
)
def test_a_change_of_value_however_worded_corrects(newer: str, older: str) -> None:
    assert correction_kind(newer, older) is not None


@pytest.mark.parametrize(
    ("newer", "older"),
    [
        ("We also run the report builder on green-7.", "The report builder runs on blue-3."),  # a second value
        ("We moved the report builder logs to Loki.", "The report builder runs on blue-3."),  # another attribute
        ("The search proxy listens on 9411.", "The image cache listens on 8411."),  # another subject
        ("Fact number 3: the build targets es2022.", "Fact number 2: the build targets es2022."),  # a label, no value
        ("Does the session store keep sessions for 45 minutes?", "The session store keeps sessions for 30 minutes."),
        ("The search proxy listens on 8411 and 9411.", "The search proxy listens on 8411."),  # the old value kept
        # another subject that held the value named as old: only the verb and the value are shared
        ("Correction: the refund processor now runs on wren-8, not heron-52.", "The tax engine runs on heron-52."),
        # a pronoun opening both, before a verb that can hand over ("gave"), is no name named as old
        ("We gave the genome assembler 150 TB of scratch.", "We gave the epidemic simulator 865 TB of scratch."),
        # the old statement said again with another value and no marker: alike saves and series say that too
        ("The session store keeps sessions for 45 minutes.", "The session store keeps sessions for 30 minutes."),
        ("Since the upgrade the search proxy listens on 9411.", "The search proxy listens on 8411."),
        # another folder's rule, another speaker's turn: another subject, however marked
        (
            "Correction: run `make check` before pushing (applies to services/b/)",
            "Run `make lint` before pushing (applies to services/a/)",
        ),
        ("Bo: Correction, I moved to Oslo in 2020, not 2019.", "Al: I moved to Oslo in 2019."),
        # a marker before another value is that value's: "no longer A for the X-Y desk" names A as old, not the
        # X-Y desk its other memories name too
        (
            "It's no longer /hc for the lost-and-found desk health check, it's /healthz.",
            "The lost-and-found desk has an availability target of 99.5%.",
        ),
        (
            "It's no longer /hc for the lost-and-found desk health check, it's /healthz.",
            "The lost-and-found desk is deployed on the gate-b cluster.",
        ),
        # a value opening a name both give the subject ("the hl7 interface engine") is no old value
        (
            "Halima is no longer on the hl7 interface engine, Keoni picked it up.",
            "The hl7 interface engine reads off orders_daily.",
        ),
        # an opener ("Heads-up,") is no clause a value is given in; two components that only both "show up"
        (
            "Heads-up, the SCADA tag for the valve scheduler was renamed to PS_NTH_07; SOV_MON_8 still shows up.",
            "In the SCADA screens the meter gateway shows up as RSV_HILL_3.",
        ),
        # "I wrote A" is what was said, not where output goes
        (
            "Oops, typo earlier: the portal kill switch is STOP_INGEST, I wrote ff.tarmac.freeze.",
            "The portal publishes its events to the ops.events.v3 topic.",
        ),
        # a function word written in capitals in the older ("FROM") is no value the newer names
        ("The vault stopped pulling from mllp://10.4.2.1:2575, it reads pacs.ready.", "The vault builds FROM php:8.3."),
        # no longer doing something else; another attribute of the same person or thing
        ("Leon doesn't work on Fridays anymore.", "Leon approves hotfixes for the tile server."),
        ("Carla doesn't approve travel costs anymore, Omar does.", "Carla approves refunds over 200 EUR."),
        ("Sprint demos moved to the big room.", "Sprint demos are on Thursdays."),  # no value of the old one's kind
        ("The tile server no longer runs cron jobs; the scheduler on ops-2 does.", "The tile server runs on tiles-1."),
        ("Ben passed the review for the API gateway.", "Ben owns the API gateway."),  # "passed" hands over "to" one
        ("We dropped the importer's retries to 2.", "The importer timeout is 2 s."),  # "dropped to": a new value
        ("The /backup/weekly folder is being drained.", "Nightly dumps go to /backup/nightly."),  # another value
        ("We dropped Fastly for the blog.", "The CDN for the shop is Fastly."),  # another subject
        # a change said as possible, planned or conditional is not made
        ("We might move the tile server from rack-2 to rack-9.", "The tile server runs in rack-2."),
        ("If rack-2 gets decommissioned, the tile server moves to rack-9.", "The tile server runs in rack-2."),
        ("Proposal: move the tile server from rack-2 to rack-9.", "The tile server runs in rack-2."),
        # a value that did something, not a value retired ("4.2 dropped support for ...")
        ("The 4.2 agent dropped support for Safari 15.", "The 4.2 agent renders charts with Vega."),
        # a label naming the subject, not an attribute's value
        (
            "We decided to move the reporting job 3 to the new scheduler.",
            "We decided to move the reporting job 2 to the new scheduler.",
        ),
    ],
)
def test_a_second_fact_another_thing_or_a_question_corrects_nothing(newer: str, older: str) -> None:
    assert correction_kind(newer, older) is None


def test_two_memories_a_new_value_could_replace_retire_neither() -> None:
    older = ["The backup job starts at 01:00 in staging.", "The backup job starts at 03:00 in production."]
    assert corrected_among("We moved the backup job to 05:00.", older) == []


def test_the_agents_correction_in_the_repository_retires_the_personal_memory_it_corrects(
    service: MemoryService, alice: Caller
) -> None:
    here = replace(alice, repository=REPO)
    old = service.save_context(alice, "The fare engine rounds fares to 5 cents.")  # personal, outside the repo
    new = service.save_context(here, "Correction: the fare engine rounds fares to 10 cents.")  # the project
    assert new.superseded == [old.id]
    assert _live(service, alice) == ["Correction: the fare engine rounds fares to 10 cents."]
    packs = service.get_context(here, "what does the fare engine round fares to", 5).packs
    assert "10 cents" in packs[0].text and not any("5 cents" in p.text for p in packs)
    history = service.list_context(alice, 200, None, None, include_superseded=True).items
    assert any(i.id == old.id and i.superseded_by == new.id for i in history)  # kept, not deleted


def test_a_move_said_without_a_correction_word_retires_the_old_value(service: MemoryService, alice: Caller) -> None:
    here = replace(alice, repository=REPO)
    service.save_context(here, "The report builder runs on blue-3.")
    service.save_context(here, "We moved the report builder off blue-3; it runs on green-7 now.")
    service.save_context(here, "The report builder writes to /srv/reports.")  # another attribute: stays
    assert _live(service, alice) == [
        "The report builder writes to /srv/reports.",
        "We moved the report builder off blue-3; it runs on green-7 now.",
    ]


def test_another_folders_rule_is_never_retired_however_the_newer_words_a_change(
    service: MemoryService, alice: Caller
) -> None:
    """The folder an agent file's rule applies to is part of its subject: on every save-time supersession (the
    update rule without a topic and the correction rule alike)."""
    older = [
        "Builds use the cached npm registry (applies to services/search/)",
        "Deploys go through Argo CD 2.8 (applies to services/search/)",
    ]
    newer = [
        "Builds no longer use the cached npm registry, they use Verdaccio now (applies to services/maps/)",
        "Correction: deploys go through Argo CD 2.10, not 2.8 (applies to services/maps/)",
    ]
    for text in [*older, *newer]:
        assert service.save_context(alice, text).superseded == []
    assert _live(service, alice) == sorted([*older, *newer])


def test_a_correction_of_one_attribute_keeps_the_subjects_other_memories(service: MemoryService, alice: Caller) -> None:
    """A correction naming its subject with a hyphenated name ("the lost-and-found desk") retires the memory of the
    attribute it corrects and none of the subject's others (blind8's month: its availability target and cluster
    went with its health check)."""
    kept = [
        "The lost-and-found desk has an availability target of 99.5%.",
        "The lost-and-found desk is deployed on the gate-b cluster.",
        "Kalani signs off every release of the lost-and-found desk.",
    ]
    for text in kept:
        service.save_context(alice, text)
    old = service.save_context(alice, "The lost-and-found desk health check is /hc, the load balancer polls it.")
    new = service.save_context(alice, "It's no longer /hc for the lost-and-found desk health check, it's /healthz.")
    assert new.superseded == [old.id]
    assert _live(service, alice) == sorted(
        [*kept, "It's no longer /hc for the lost-and-found desk health check, it's /healthz."]
    )


def test_a_second_value_beside_the_first_retires_nothing(service: MemoryService, alice: Caller) -> None:
    service.save_context(alice, "The report builder runs on blue-3.")
    service.save_context(alice, "We also run a canary of the report builder on green-7.")
    assert len(_live(service, alice)) == 2


def test_a_conversation_saved_turn_by_turn_loses_no_turn(service: MemoryService, alice: Caller) -> None:
    """Chat turns hold several sentences, and numbered items differ only by their number: none is a correction of
    an earlier one (LoCoMo's turns, saved one by one, lost 0.07 of R@10 to turns retiring each other at save time,
    stop 40), while a single statement marked as a correction still retires what it corrects."""
    turns = [
        "Caroline: I went to a support group yesterday. It was so powerful!",
        "Melanie: Thanks, Caroline! I ran 3 km on Sunday. Felt great.",
        "Melanie: That sounds great, Caroline! I ran 5 km on Monday. It's getting easier.",
        "Caroline: Wow, Melanie! I went to the lake today. So calm there.",
        "database migration fact 0",
        "database migration fact 1",
        "Sprint 13 goal: ship the export page, owner Dana.",
        "Sprint 14 goal: ship the export page, owner Dana.",
    ]
    for turn in turns:
        assert service.save_context(alice, turn).superseded == []
    assert _live(service, alice) == sorted(turns)
    fixed = service.save_context(alice, "Correction: Melanie ran 4 km on Sunday, not 3 km.")
    assert fixed.superseded == []  # several sentences in the older turn: a chat turn is not retired by one fact


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("Forget the 40 MB figure, that was the old limit.", "40"),
        ("The /srv/old-reports path is dead, don't use it.", "/srv/old-reports"),
        ("reports_v1 got dropped last sprint.", "reports_v1"),
        ("Nobody reads #ops-old any more.", "#ops-old"),
        ("Ignore what I said before about /data/tills/v1.", "/data/tills/v1"),
    ],
)
def test_a_retraction_names_the_value_it_takes_back(said: str, value: str) -> None:
    from contextlamp.distill.corrections import retracted_value

    assert retracted_value(said) == value


@pytest.mark.parametrize(
    "said",
    [
        "The report builder listens on 8411.",  # a statement, nothing taken back
        "Forget the 40 MB limit, it is 75 MB now.",  # a whole correction: the save path judges it
        "Is /srv/old-reports dead?",  # a question
        "Forget it, that was a typo.",  # no value
        "We gave the render farm 865 TB of scratch, nobody ask for more.",  # "scratch" storage, no "scratch that"
        "The cleanup job deleted files older than 30 days.",  # an end word, not of the value
    ],
)
def test_a_statement_a_question_or_a_whole_correction_is_no_retraction(said: str) -> None:
    from contextlamp.distill.corrections import retracted_value

    assert retracted_value(said) is None


def test_a_split_correction_through_the_hooks_save_retires_the_old_value(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    """The new value in one session, the retraction of the old one in a later turn: the old one stops ranking."""
    import logging

    from contextlamp.hooks.saver import SaveJob, save_transcript
    from tests.test_hooks_queue import _line

    repo = tmp_path / "src" / "bakery"
    (repo / ".git").mkdir(parents=True)
    (repo / ".git" / "config").write_text('[remote "origin"]\n\turl = git@github.com:acme/bakery.git\n')
    sessions = [
        ["The oven monitor samples every 30 seconds."],
        ["The oven monitor takes a sample every 12 seconds.", "Forget the 30 seconds, that was before the update."],
    ]
    for n, said in enumerate(sessions):
        path = tmp_path / f"s{n}.jsonl"
        lines = [_line(2 * k, "user", text) + _line(2 * k + 1, "assistant", "Noted.") for k, text in enumerate(said)]
        path.write_text("".join(lines), encoding="utf-8")
        job = SaveJob("claude-code", "session-end", f"s{n}", str(path), str(repo))
        save_transcript(service, alice, job, tmp_path / "home", 64 * 1024, logging.getLogger("test"))
    assert _live(service, alice) == ["The oven monitor takes a sample every 12 seconds."]


def test_telling_sentences_apart_takes_time_linear_in_the_text() -> None:
    """A run of full stops or of quotes is read once, not from every place in it (it took 4.3 s of CPU on 20,000
    "!" before, quadratic); hostile text within 10x of prose of the same size."""
    import time

    from contextlamp.domain.corrections import several_sentences

    size = 40_000
    prose = ("The build takes four minutes. It runs on CI! " * size)[:size]
    hostile = ["!" * size, '!"' * (size // 2), "!" + '"' * size, "." + " " * size, "?" * size]

    def cpu(text: str) -> float:
        start = time.process_time()
        for _ in range(20):
            several_sentences(text)
        return time.process_time() - start

    base = max(cpu(prose), 0.002)
    assert all(cpu(text) < 10 * base + 0.05 for text in hostile)
