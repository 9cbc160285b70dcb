"""The stop hook's cues beyond English (hooks/cue_lang.py, issue #27.5): a fact taught in German, French, Spanish,
Italian, Portuguese or Dutch asks for the agent's digest, and so does a value given as the bare answer to the
agent's own question, or said in passing (how a thing is meant to run, a failure naming where it lives); the
ordinary talk around them in the same languages (questions, requests, thanks, the moment) does not."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from contextlamp.hooks.digest import Pause, cues_of, decide


def test_facts_in_other_languages_ask_and_ordinary_talk_in_them_does_not() -> None:
    facts = [
        "der Webhook-Empfänger hört auf Port 8744",
        "unsere Logs gehen an logs.intern.example:5140",
        "la passerelle SMS est hébergée chez Orange Business",
        "les exports du catalogue vont dans /srv/catalogue/exports",
        "el panel de soporte se despliega con Helm 3.14",
        "la cola de correos se llama mail-out-v3",
        "il catalogo prodotti usa Meilisearch 1.7 per la ricerca",
        "o backup do CRM vai para s3://crm-backups/diario",
        "de zoekindex wordt elke nacht om 02:10 opnieuw opgebouwd",
    ]
    ordinary = [
        "kannst du den Build auf Port 8744 neu starten?",
        "danke, sieht gut aus",
        "der Deploy läuft gerade, noch 4 Minuten",
        "tu peux regarder les logs de 14:20 ?",
        "merci, c'est bon pour moi",
        "¿puedes abrir /srv/catalogue/exports?",
        "gracias, ya está",
        "puoi rilanciare la pipeline per favore",
        "obrigado, agora funciona",
        "kun je de tests op de branch release-2 draaien?",
        "für den Admin ist das Passwort übrigens Kater4711, falls du es brauchst",
    ]
    assert [t for t in facts if "fact" not in cues_of(t)] == []
    assert [t for t in ordinary if cues_of(t)] == []


def test_the_bare_answer_to_the_agents_question_asks_and_a_yes_or_a_moment_does_not() -> None:
    assert cues_of("9132", asked="Sure. Which port does the metrics exporter listen on?") == ["fact"]
    assert cues_of("Henrike Albers does, ask her first", asked="Who signs off on the invoice module?") == ["fact"]
    assert cues_of("/opt/relay/relay.toml", asked="Wo liegt die Konfiguration des Relays?") == ["fact"]
    assert cues_of("9132") == []  # the same turn with no question before it says nothing
    assert cues_of("yes, go ahead", asked="Which branch should I rebase onto, main?") == []
    assert cues_of("test_refunds, from the last run", asked="Which test is failing for you?") == []
    assert cues_of("sure, 9132", asked="Should I use port 9132?") == []  # a yes/no question asks for no value


def test_a_fact_said_in_passing_asks() -> None:
    assert cues_of("the import broke because it couldn't read /etc/shop/import.yaml, permissions again") == ["fact"]
    assert cues_of("why did the sweeper run at noon? it's supposed to run only at 03:40") == ["fact"]
    assert cues_of("mails bounce from alerts@shop.example, which is the monitor's sender, can we fix it?") == ["fact"]
    assert cues_of("2026-12-07 10:01:22 ERROR cannot open /etc/shop/import.yaml") == []  # a pasted log line


def _line(role: str, text: str) -> str:
    content = text if role == "user" else [{"type": "text", "text": text}]
    return json.dumps({"type": role, "message": {"role": role, "content": content}}) + "\n"


def test_a_pause_after_the_answer_to_the_agents_question_asks_for_the_digest(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text(_line("user", "add a retry to the uploader") + _line("assistant", "Done."), encoding="utf-8")
    assert decide(Pause("s", path, False), tmp_path / "home") == []
    with path.open("a", encoding="utf-8") as handle:
        handle.write(_line("user", "and serve its metrics") + _line("assistant", "Which port should they be on?"))
    assert decide(Pause("s", path, False), tmp_path / "home") == []
    with path.open("a", encoding="utf-8") as handle:
        handle.write(_line("user", "9464") + _line("assistant", "OK, wired up."))
    assert decide(Pause("s", path, False), tmp_path / "home") == ["fact"]


@pytest.mark.parametrize(
    "unit",
    [
        "couldn't read ",
        "couldn't read a/",
        "supposed to ",
        "supposed to 1 ",
        "x-1, which is ",
        "a.b.",
        "der die das ",
        "le la les 1 ",
        "Ärger Öl ",
        "~/a",
        "which? ",
    ],
)
def test_the_new_cues_read_a_hostile_turn_in_time_linear_in_its_size(unit: str) -> None:
    """200 KB of what a new cue looks for costs at most 10x prose of the same size (house rule)."""
    prose = "Der Importer schreibt nach /srv/import und der Monitor hört auf Port 7311, sagt das Team. " * 2200
    hostile = unit * (len(prose) // len(unit))
    timings = []
    for text in (prose, hostile):
        started = time.process_time()
        cues_of(text, asked="Which port does it use?")
        cues_of(text)
        timings.append(time.process_time() - started)
    assert timings[1] <= 10 * timings[0] + 0.05, (unit, timings)
