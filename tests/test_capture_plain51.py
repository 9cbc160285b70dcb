"""The offline distiller on blind17/blind18's capture misses, each as a class (issue #27,
research/notes/plain51-stop48.md): a plain statement naming an identifier or a proper name without a cue word, a
German statement opening on an article ("das Backup ..."), a French cleft ("c'est X qui ..."), a pasted settings
line whose comment says "do not move it", a fact after "and note that" inside a request, and the agent's check
with a tag question ("... — is that the right channel?") that the user confirms; and what must stay unsaved."""

from __future__ import annotations

import time

import pytest

from contextlamp.distill.durable import cut_request
from contextlamp.distill.offline import OfflineDistiller
from contextlamp.distill.taught import confirmed, names_identifier, names_proper, split_asides, tail
from contextlamp.distill.turns import Turn
from contextlamp.hooks.digest import cues_of


def _kept(text: str, asked: str = "") -> list[str]:
    """What the offline distiller keeps of one user turn (after the agent's ``asked``, when given)."""
    turns = ([Turn("user", "hi"), Turn("assistant", asked)] if asked else []) + [Turn("user", text)]
    return [item.content for item in OfflineDistiller().distill([*turns, Turn("assistant", "Ok.")])]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("les alertes du portail partent sur #astreinte-nuit, c'est là que l'équipe regarde", "#astreinte-nuit"),
        ("ah, y el exportador manda todo a s3://informes-tienda cada noche", "s3://informes-tienda"),
        ("the invoice mailer settles card payments through Paycomet, and refunds take two days", "Paycomet"),
        ("c'est Léa Martin qui valide les changements sur le module de caisse", "Léa Martin"),
        ("el módulo de caja cobra con Redsys, el banco nos da mejor comisión así", "Redsys"),
        ("das Backup vom Kassensystem läuft jede Nacht um 02:10", "02:10"),
        ("für den Etikettendrucker ist Jonas Weber zuständig, bei Problemen direkt dort melden", "Jonas Weber"),
        ("am Laborportal meldet man sich über Shibboleth an", "Shibboleth"),
    ],
)
def test_a_plain_statement_naming_its_value_is_kept(text: str, value: str) -> None:
    """A statement with no cue word but an identifier, a proper name, or a German responsibility is a fact."""
    assert any(value in kept for kept in _kept(text))


@pytest.mark.parametrize(
    "text",
    [
        "I'm looking at the Grafana dashboard right now",
        "thanks Maria, that was quick",
        "can you check why the build on feature/login-2 is red?",
        "das ist auf dem alten Server",
        "c'est sur le port 5432",
        "Co-authored-by: Marta Vidal <marta@obrador.example>",
    ],
)
def test_the_moment_thanks_a_request_or_a_pronoun_alone_is_not_kept(text: str) -> None:
    """Names and identifiers do not make the moment, thanks, a request or a bare pronoun a memory."""
    assert _kept(text) == []


def test_a_settings_line_whose_comment_says_do_not_move_it_is_kept_whole() -> None:
    """A comment's own clause ("do not move it") is no request cut off the line: the value stays."""
    kept = _kept("# intake\nraw_root: smb://labnas/proben   # the instrument PC mounts this, do not move it")
    assert any("smb://labnas/proben" in k and "do not move it" in k for k in kept)
    assert cut_request("x: 1 (mounted by the PC, do not move it)") == "x: 1 (mounted by the PC, do not move it)"
    assert cut_request("the API runs on api-3, fix the docs") == "the API runs on api-3"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "can you open the firewall for the planner, update the wiki, and note that the planner sits in VLAN 311",
            "VLAN 311",
        ),
        (
            "bitte den Export reparieren und merk dir, dass die Gebühren in der Tabelle gebuehren_2026 stehen",
            "gebuehren_2026",
        ),
    ],
)
def test_a_fact_after_and_note_that_inside_a_request_is_kept(text: str, value: str) -> None:
    """ "and note that" opens the fact said inside a request, on both paths."""
    split = tail(text)
    assert split is not None and value in split[1]
    assert "\n" in split_asides(text)
    assert any(value in kept for kept in _kept(text))


def test_a_check_with_a_tag_question_confirmed_is_kept() -> None:
    """The agent's "I see V in X — is that the right channel?" and the user's "oui": V is kept, with X."""
    asked = "I see #kasse-alarme in the till service's alert config — is that the right channel?"
    assert confirmed("oui", asked) == "#kasse-alarme in the till service's alert config (the right channel)."
    kept = _kept("oui", asked)
    assert any("#kasse-alarme" in k and "till service" in k for k in kept)
    assert cues_of("oui", asked) == ["fact"]  # the stop hook asks for it too
    kept = _kept("ja, genau", "The scale's settings say it exports mzXML — is that right?")
    assert any("mzXML" in k for k in kept)


@pytest.mark.parametrize(
    "asked",
    ["Shall I deploy the fix to prod-3 before lunch?", "Should I rerun the migration on cat-stage-9 now?"],
)
def test_a_yes_to_the_agents_own_proposal_is_not_kept(asked: str) -> None:
    """A yes to "Shall I ...?" is a go-ahead: nothing to remember, identifier or not."""
    assert _kept("yes", asked) == []


def test_identifier_and_name_shapes() -> None:
    """What counts as an identifier or a proper name, and what is prose."""
    for word in ("#ops-nuit", "s3://b", "/srv/x/y", "search_path=v2", "ill_requests", "lib-app-07", "pg16.local"):
        assert names_identifier(f"the thing is {word}"), word
    for word in ("read-only", "and/or", "v2", "e.g.", "14h05", "well-known", "3.5"):
        assert not names_identifier(f"the thing is {word}"), word
    assert names_proper("payments go through Dalenys")
    assert not names_proper("Payments go through the bank. Then we wait")
    assert not names_proper("I think I'm done")


@pytest.mark.parametrize(
    "unit",
    [", and note that ", "#a-1 ", "a_b ", "Dalenys ", "x=1 ", "(a, do not b ", " — is that ", "s3://x "],
)
def test_the_new_rules_read_a_hostile_turn_in_time_linear_in_its_size(unit: str) -> None:
    """200 KB of what a new rule looks for costs at most 10x prose of the same size (house rule)."""
    prose = "The importer writes to the archive and the monitor listens on the usual port, says the team. " * 2200
    hostile = (unit * (len(prose) // len(unit) + 1))[: len(prose)]
    timings: list[float] = []
    for text in (prose, hostile):
        started = time.process_time()
        names_identifier(text)
        names_proper(text)
        split_asides(text)
        tail(text)
        cut_request(text)
        confirmed("yes", text + "?")
        timings.append(time.process_time() - started)
    assert timings[1] <= 10 * timings[0] + 0.05
