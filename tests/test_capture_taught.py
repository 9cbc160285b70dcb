"""How issue #27's blind month banks taught facts that capture missed (stop 46, research/notes/req49-stop46.md), on
both capture paths (the stop hook's cue and the offline distiller), each beside a look-alike that must stay
unsaved: a fact after a request's change of subject / a request with no fact; the agent's check the user confirms
/ one the user rejects; a settings line whose comment says why / one whose comment is a note to self or a label;
a bare answer to the agent's question / a question back.
"""

from __future__ import annotations

import pytest

from contextlamp.distill.offline import OfflineDistiller
from contextlamp.distill.transcript import Turn
from contextlamp.hooks.digest import cues_of


def _items(*turns: tuple[str, str]) -> list[str]:
    said = [Turn("user", "morning, back on the ferry booking repo"), Turn("assistant", "Hello.")]
    said += [Turn(role, text) for role, text in turns]
    return [i.content for i in OfflineDistiller().distill(said)]


@pytest.mark.parametrize(
    ("request_then_fact", "value"),
    [
        (
            "can you bump the retries in the importer, and while you're at it note that the ticket DB lives on tdb-4",
            "tdb-4",
        ),
        ("please fix the seat map test; also, for the record, boarding closes 25 minutes before departure", "25"),
        ("kun je de logging aanpassen, en trouwens, de boekingsdatabase draait op pg-ferry-2", "pg-ferry-2"),
        ("puoi sistemare il test, e già che ci sei ricorda che il server SMTP è mail-ferry-3", "mail-ferry-3"),
    ],
)
def test_a_fact_after_a_request_is_kept_without_the_request(request_then_fact: str, value: str) -> None:
    assert cues_of(request_then_fact)
    kept = [k for k in _items(("user", request_then_fact), ("assistant", "Done.")) if "ferry booking" not in k]
    assert len(kept) == 1 and value in kept[0]  # (the greeting is a statement to a declarative language's rules)
    assert not any(w in kept[0].lower() for w in ("bump", "fix", "aanpassen", "sistemare"))


def test_a_secret_after_a_subject_change_is_no_fact() -> None:
    said = "fix the importer test, and by the way the admin password is Kater4711"
    assert cues_of(said) == []
    assert not any("Kater4711" in k for k in _items(("user", said), ("assistant", "OK.")))


@pytest.mark.parametrize(
    "asked_for",
    [
        "can you bump the retries in the importer, and while you're at it clean up the imports",
        "please rename the helper and also update the docstring while you're there",
        "fix the flaky test, and by the way add a log line when the search is empty",
    ],
)
def test_a_request_without_a_fact_stays_unsaved(asked_for: str) -> None:
    assert cues_of(asked_for) == []
    assert _items(("user", asked_for), ("assistant", "Done.")) == []


@pytest.mark.parametrize(
    ("check", "yes", "value"),
    [
        ("So the nightly export goes to the bucket ferry-eu now?", "yes, exactly", "ferry-eu"),
        ("Just to confirm: the pager alerts go to #ferry-oncall now?", "right", "#ferry-oncall"),
        ("Dus de export gaat nu naar de SFTP-server sftp-ferry-1?", "ja, klopt", "sftp-ferry-1"),
    ],
)
def test_the_agents_check_the_user_confirms_is_kept(check: str, yes: str, value: str) -> None:
    kept = _items(("user", "about the export"), ("assistant", check), ("user", yes), ("assistant", "Noted."))
    assert any(value in k for k in kept)
    if not check.startswith("Dus"):  # Dutch "nu" is a moment word to the stop hook's cue_lang (noted for cue48)
        assert cues_of(yes, check)


@pytest.mark.parametrize("no", ["no", "nope, wrong", "no, still the old one", "nee, dat klopt niet", "not sure"])
def test_the_agents_check_the_user_rejects_stays_unsaved(no: str) -> None:
    check = "So the nightly export goes to the bucket ferry-us now?"
    assert cues_of(no, check) == []
    assert not any("ferry-us" in k for k in _items(("user", "the export"), ("assistant", check), ("user", no)))


@pytest.mark.parametrize(
    "line",
    [
        "retention_days = 45  # legal asked for 45 since March",
        "here's the bit:\n\nmax_upload_mb = 25  # the crews scan manifests at high resolution, so we keep 25",
    ],
)
def test_a_settings_line_whose_comment_says_why_is_kept(line: str) -> None:
    assert cues_of(line) == ["fact"]
    kept = _items(("user", line), ("assistant", "I see."))
    assert len(kept) == 1 and "(" in kept[0] and any(c.isdigit() for c in kept[0])


@pytest.mark.parametrize(
    "paste",
    [
        "retention_days = 45  # TODO check this",
        "workers = 8  # was 4",
        "cache_ttl = 3600  # seconds",
        "pickronde_minuten = 45  # nog checken",
        "debug = true  # temporarily, while I look at the slot bug",
        "session_timeout = 30\nmax_upload_mb = 25\nlog_level = info",
    ],
)
def test_a_settings_paste_without_a_statement_stays_unsaved(paste: str) -> None:
    assert cues_of(paste) == []
    assert _items(("user", paste), ("assistant", "OK.")) == []


def test_a_bare_answer_to_the_agents_question_is_kept_with_the_question() -> None:
    asked = "Which region should the replica use?"
    assert cues_of("eu-west-3", asked) == ["fact"]
    kept = _items(("user", "add a read replica"), ("assistant", asked), ("user", "eu-west-3"), ("assistant", "OK."))
    assert kept == ["Which region should the replica use: eu-west-3"]


@pytest.mark.parametrize("back", ["which ones are available?", "not sure, what do you suggest?"])
def test_a_question_back_to_the_agent_stays_unsaved(back: str) -> None:
    asked = "Which region should the replica use?"
    assert cues_of(back, asked) == []
    assert _items(("user", "add a replica"), ("assistant", asked), ("user", back), ("assistant", "Several.")) == []
