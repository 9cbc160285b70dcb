"""A correction said as a reply to the turn before it (issue #27): the agent said the old value back, or the user took
back a correction of their own, and the reply alone names no subject. The old value must stop ranking first (the
memory holding it retired, history kept); a confirmation, a one-off or a reply about another value retires nothing."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.domain.replied import reply_corrections
from contextlamp.hooks.clean import is_opaque_list


def _live(service: MemoryService, caller: Caller) -> list[str]:
    texts: list[str] = []
    for project in [None, *[p.id for p in service.projects(caller)]]:
        texts += [i.preview for i in service.list_context(caller, 200, project, None).items if not i.superseded_by]
    return sorted(texts)


def _sessions(service: MemoryService, caller: Caller, tmp_path: Path, sessions: list[list[tuple[str, str]]]) -> None:
    """Each session's (role, text) turns written as a Claude Code transcript and saved as the hook worker does."""
    from contextlamp.hooks.saver import SaveJob, save_transcript
    from tests.test_hooks_queue import _line

    repo = tmp_path / "src" / "greenhouse"
    (repo / ".git").mkdir(parents=True, exist_ok=True)
    (repo / ".git" / "config").write_text('[remote "origin"]\n\turl = git@github.com:acme/greenhouse.git\n')
    for n, turns in enumerate(sessions):
        path = tmp_path / f"s{n}.jsonl"
        path.write_text("".join(_line(k, role, text) for k, (role, text) in enumerate(turns)), encoding="utf-8")
        job = SaveJob("claude-code", "session-end", f"s{n}", str(path), str(repo))
        save_transcript(service, caller, job, tmp_path / "home", 64 * 1024, logging.getLogger("test"))


def _holding(texts: list[str], value: str) -> list[str]:
    return [t for t in texts if value in t]


@pytest.mark.parametrize(
    ("taught", "agent", "reply", "old", "new"),
    [
        (  # the agent repeats the old value; the user's reply holds the subject but no correction marker
            "The sensor hub polls every 75 seconds.",
            "It polls every 75 seconds, as you said.",
            "oops, mixed them up, the sensor hub polls every 35 seconds since the firmware update",
            "75",
            "35",
        ),
        (  # the reply names no subject: only the agent's turn does
            "The label printer runs on Node 18.",
            "The Dockerfile still says Node 18 for the label printer.",
            "right, that's stale, it's on Node 22 since the rewrite",
            "Node 18",
            "Node 22",
        ),
        (  # Polish
            "The cert exporter drops its files into /srv/phyto/in.",
            "Eksporter zapisuje do /srv/phyto/in, tak jak mówiłeś.",
            "nie, już nie, teraz zapisuje do /srv/phyto/drop",
            "/srv/phyto/in",
            "/srv/phyto/drop",
        ),
        (  # Dutch, the old value named as gone, the new one only in the agent's turn
            "De doseerunit gebruikt gateway 10.8.0.4.",
            "In de compose file staat 10.8.0.9 voor de gateway van de doseerunit, maar jij zei 10.8.0.4.",
            "de compose file klopt, 10.8.0.4 is weg",
            "10.8.0.4",
            "10.8.0.9",
        ),
    ],
)
def test_a_reply_correcting_what_the_agent_said_back_retires_the_old_value(
    service: MemoryService, alice: Caller, tmp_path: Path, taught: str, agent: str, reply: str, old: str, new: str
) -> None:
    _sessions(service, alice, tmp_path, [[("user", taught), ("assistant", "Noted.")], [("assistant", agent)]])
    assert _holding(_live(service, alice), old), "the taught value is live before the correction"
    _sessions(
        service, alice, tmp_path, [[("user", taught), ("assistant", "Noted.")], [("assistant", agent), ("user", reply)]]
    )
    live = _live(service, alice)
    assert not [t for t in _holding(live, old) if new not in t], live
    assert _holding(live, new), live


def test_a_fact_corrected_twice_keeps_only_the_last_value_live(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    """A -> B -> C, the last correction taking back the first: C live, A and B retired, history kept."""
    sessions = [
        [("user", "the packing line books everything into Exact Online"), ("assistant", "Noted.")],
        [
            ("user", "correction on the packing line: it posts to Twinfield now"),
            ("assistant", "Updated — Twinfield for the packing line."),
            ("user", "no, scratch that as well: Moneybird, not Twinfield and not Exact Online"),
            ("assistant", "Got it."),
        ],
    ]
    _sessions(service, alice, tmp_path, sessions)
    live = _live(service, alice)
    assert _holding(live, "Moneybird"), live
    assert not [t for t in live if ("Twinfield" in t or "Exact Online" in t) and "Moneybird" not in t], live
    history = [
        i.preview
        for project in [None, *[p.id for p in service.projects(alice)]]
        for i in service.list_context(alice, 200, project, None, include_superseded=True).items
        if i.superseded_by
    ]
    assert _holding(history, "Twinfield"), "the corrected value is kept as history"


@pytest.mark.parametrize(
    ("agent", "reply"),
    [
        ("The card terminal settles at 23:00, as noted.", "Yes, exactly."),  # a confirmation
        ("Should I deploy the hive logger to kas-vm-05?", "no, use kas-vm-07 this time"),  # a one-off
        ("Pinging the check-in API on port 5050 now.", "no, and it also needs the X-Desk header"),  # no new value
        ("Het zwembad opent zondag om 10:00, klopt dat?", "Ja, dat klopt."),  # Dutch confirmation
        ("The vault is kept at 4 degrees.", "The reading room is kept at 20 degrees?"),  # a question
    ],
)
def test_a_reply_that_corrects_nothing_pairs_no_values(agent: str, reply: str) -> None:
    assert reply_corrections(agent, reply) == []


@pytest.mark.parametrize(
    ("agent", "reply", "pairs"),
    [
        (
            "Updated — Twinfield for the packing line.",
            "no, Moneybird, not Twinfield and not Exact Online",
            [("Twinfield", "Moneybird"), ("Exact Online", "Moneybird")],
        ),
        (
            "It's pinned at 2023-10-16 — keep that?",
            "no, pin it to 2024-06-20, 2023-10-16 is gone",
            [("2023-10-16", "2024-06-20")],
        ),
        ("Its limit is still 2048Mi, as you said.", "nein, wir haben es auf 3072Mi erhöht", [("2048Mi", "3072Mi")]),
        ("Le serveur est ONAIR-2, comme prévu.", "non, c'est ONAIR-5 maintenant", [("ONAIR-2", "ONAIR-5")]),
        ("La caja cierra a las 21:00.", "no, ahora a las 21:30, ya no a las 21:00", [("21:00", "21:30")]),
        ("Lo scanner è l'Arriscan, giusto?", "no, ora è il Lasergraphics", [("Arriscan", "Lasergraphics")]),
        # the subject's own name is no old value: the value after it takes the new one, alone
        (
            "The CO2 dosing alarm drops into /sftp/out/magazyn, as you told me.",
            "not anymore, it writes to /sftp/in/kaslog since the audit",
            [("/sftp/out/magazyn", "/sftp/in/kaslog")],
        ),
        (
            "The x-ray uploader prints to zebra-mestre, as you said.",
            "no, zebra-recepcao now",
            [("zebra-mestre", "zebra-recepcao")],
        ),
    ],
)
def test_each_old_value_is_paired_with_the_new_value_of_its_kind(
    agent: str, reply: str, pairs: list[tuple[str, str]]
) -> None:
    assert reply_corrections(agent, reply) == pairs


def test_a_correction_naming_three_hosts_is_no_pasted_list_of_codes() -> None:
    assert not is_opaque_list("nee sorry, verkeerde VM: kas-vm-13, not kas-vm-99 and not kas-vm-05")
    assert is_opaque_list("backup codes are a1b2c3d4, e5f6g7h8 and i9j0k1l2")
    assert is_opaque_list("a1b2c3d4 e5f6g7h8 i9j0k1l2 m3n4o5p6")


def test_reading_a_reply_takes_time_linear_in_its_text() -> None:
    """Hostile repetitions of what the rule looks for, within 10x of prose of the same size."""
    size = 200_000
    prose = ("The build takes four minutes and runs on CI every night. " * size)[:size]
    hostile = [
        ("no " * size)[:size],
        ("not kas-vm-1 " * size)[:size],
        ("Node 18 " * size)[:size],
        ("kas-vm-13, " * size)[:size],
        ("oops, mixed them up, " * size)[:size],
        ("10.8.0.4 is gone " * size)[:size],
    ]

    def cpu(reply: str) -> float:
        start = time.process_time()
        reply_corrections(reply, reply)
        is_opaque_list(reply)
        return time.process_time() - start

    base = max(cpu(prose), 0.005)
    assert all(cpu(text) < 10 * base + 0.05 for text in hostile)
