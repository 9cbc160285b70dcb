"""Which live memory a captured statement corrects, and which statements capture keeps (issue #27, the month
simulation's held-out failures as classes): a correction supersedes only a memory of the same subject AND the
same attribute; a phrase two statements merely share ("runs every ... minutes") makes no correction; standing
operational rules ("Page #x when Y breaks") and destinations ("Output of X lands in Y") are candidates."""

from __future__ import annotations

import pytest

from contextlamp.distill.offline import OfflineDistiller
from contextlamp.distill.transcript import Turn
from contextlamp.domain.freshness import is_update, same_attribute
from contextlamp.hooks.judge import corrected

P = "prj_x"


def _live(*texts: str) -> list[tuple[str, str | None, str | None]]:
    return [(t, P, None) for t in texts]


@pytest.mark.parametrize(
    ("newer", "older"),
    [
        ("We rewrote the kyc checker in OCaml.", "The kyc checker runs every 147 minutes."),  # language vs schedule
        ("We rewrote the kyc checker in OCaml.", "We deploy the kyc checker to kestrel-43.internal."),  # vs host
        ("We rewrote the kyc checker in OCaml.", "The kyc checker is maintained by Tomasz."),  # vs owner
        ("The tax calculator now runs every 20 minutes.", "Tomasz owns the tax calculator."),  # schedule vs owner
        (
            "The refund processor now runs every 213 minutes instead of 234.",  # schedule vs host, "runs" shared
            "The refund processor now runs on wren-8.internal, not heron-52.internal.",
        ),
        ("The statement printer now runs every 30 minutes.", "The kyc checker runs every 147 minutes."),  # subject
    ],
)
def test_a_change_of_one_attribute_never_supersedes_another(newer: str, older: str) -> None:
    assert not same_attribute(newer, older)
    assert not is_update(newer, older, 0.95, 0.4)
    assert corrected(newer, _live(older)) is None


@pytest.mark.parametrize(
    ("newer", "older"),
    [
        ("We changed the relay port to 5819.", "The relay listens on port 4123 in staging."),
        ("My editor is now Helix", "I use VS Code as my editor"),
        ("We rewrote the kyc checker in OCaml; it is no longer Kotlin.", "The kyc checker is written in Kotlin."),
        ("Priya owns the search indexer now, not Tomasz.", "The search indexer is maintained by Tomasz."),
        ("The backend was rewritten in FastAPI", "The backend is written in Flask"),
        ("I use zsh as my shell now", "My shell is bash"),
    ],
)
def test_a_new_value_of_the_same_attribute_may_supersede(newer: str, older: str) -> None:
    assert same_attribute(newer, older)


def test_a_correction_finds_the_memory_of_its_attribute_among_its_subjects_others() -> None:
    live = _live(
        "The ledger compactor runs every 214 minutes.",
        "The ledger compactor runs on the kestrel-43.internal host.",
        "The ledger compactor is a Rust codebase.",
    )
    hit = corrected("The ledger compactor now runs on heron-52.internal, not kestrel-43.internal.", live)
    assert hit is not None and hit[0] == "The ledger compactor runs on the kestrel-43.internal host."
    hit = corrected("We rewrote the ledger compactor in Kotlin; it is no longer Rust.", live)
    assert hit is not None and hit[0] == "The ledger compactor is a Rust codebase."
    schedule = corrected("Update: the ledger compactor now runs every 30 minutes instead of 214.", live)
    assert schedule is not None and schedule[0] == "The ledger compactor runs every 214 minutes."
    # the topic names the attribute too, so two attributes of one component never share one
    assert len({hit[2], schedule[2]}) == 2


def _items(*said: str) -> list[tuple[str, str]]:
    turns: list[Turn] = []
    for text in said:
        turns += [Turn("user", text), Turn("assistant", "Noted.")]
    return [(i.content, i.memory_type) for i in OfflineDistiller().distill(turns)]


@pytest.mark.parametrize(
    "rule",
    [
        "Page #ops-lynx when the tax calculator breaks.",
        "Escalate to @sre-heron if the geocoder goes down.",
        "If the nightly export fails, alert #data-oncall.",
        "Notify the platform team whenever the queue backs up.",
    ],
)
def test_a_standing_operational_rule_is_a_candidate(rule: str) -> None:
    assert _items("morning", rule) == [(rule, "instruction")]


@pytest.mark.parametrize(
    "said",
    [
        "Output of the tax calculator lands in the s3-vault7 bucket.",
        "Logs from the payout scheduler go to /var/log/payout.",
        "Cron for the rate limiter: every 114 minutes.",
    ],
)
def test_a_destination_or_labelled_value_of_a_component_is_a_candidate(said: str) -> None:
    assert [text for text, _ in _items(said)] == [said]


@pytest.mark.parametrize(
    "said",
    ["ping me when you're done", "The output of this function is wrong.", "Output of the test run: 3 failed."],
)
def test_requests_and_output_of_the_moment_stay_out(said: str) -> None:
    assert _items(said) == []


def test_a_part_that_names_what_a_change_replaced_stays_with_it() -> None:
    said = "We rewrote the tax calculator in Kotlin; it is no longer Elixir."
    assert [text for text, _ in _items(said)] == [said]
    said = "The search indexer config moved to deploy/atlas.toml; deploy/borealis.toml is gone."
    assert [text for text, _ in _items(said)] == [said]


# -- stop 37: destinations as a class, corrections as classes (the fresh bank's misses, generalised) -----------


@pytest.mark.parametrize(
    "said",
    [
        "The tile renderer dumps its results into gs://maps-scratch.",  # a bucket URI, "dumps ... into"
        "Everything the invoice mailer produces is written to /srv/mailer/out.",  # "everything X produces", passive
        "Nightly snapshots of the wiki end up in the cold-storage bucket.",  # a named bucket, "end up in"
        "The survey collector posts its summaries to #research-feed.",  # a channel
        "We point the quota auditor's output at analytics.quota_daily.",  # "we point X's output at", a table
        "The price scraper ships every batch off to https://ingest.example.org/v1/prices.",  # a URL
    ],
)
def test_a_statement_of_where_a_things_output_goes_is_a_candidate(said: str) -> None:
    assert [text for text, _ in _items(said)] == [said]


@pytest.mark.parametrize(
    "said",
    ["dump the results into out.json", "write the output to /tmp/run.log please", "The test output goes to /tmp/x."],
)
def test_a_request_or_the_output_of_the_moment_is_no_destination(said: str) -> None:
    assert _items(said) == []


@pytest.mark.parametrize(
    ("newer", "older"),
    [
        # ownership handed over, with and without the old owner named
        (
            "Scratch that: Ingrid handed the billing api over to Omar.",
            "Ingrid's team is on the hook for the billing api.",
        ),
        ("Ownership of the image proxy transferred to Chidi.", "The image proxy is maintained by Laszlo."),
        # an explicit old value: "(was U)", "formerly U", "no longer U"; a version's "v" and a name's "'s" aside
        ("The tile renderer got upgraded to 4.2.0 (was 3.9.1).", "We pin the tile renderer to v3.9.1."),
        (
            "The mail relay lives in deploy/relay-b.toml, formerly deploy/relay-a.toml.",
            "The mail relay reads deploy/relay-a.toml.",
        ),
        # a version bump that does not name the old one: the same attribute in other words (pin / bumped)
        ("We bumped the tile renderer to v5.0.2.", "We pin the tile renderer to v3.9.1."),
        # a rule replaced that shares only its subject with the old one, in other words (ping / escalate)
        (
            "From now on escalate quota auditor incidents to @infra-owls instead of @night-shift.",
            "If the quota auditor throws 5xx for a minute, ping @night-shift.",
        ),
        (
            "From now on escalate quota auditor incidents to @infra-owls.",
            "If the quota auditor throws 5xx, ping @night-shift.",
        ),
        # a destination moved
        (
            "The tile renderer stopped writing to gs://maps-a, results go to gs://maps-b now.",
            "The tile renderer dumps its results into gs://maps-a.",
        ),
    ],
)
def test_a_correction_of_each_class_supersedes_the_memory_it_corrects(newer: str, older: str) -> None:
    live = _live(
        older,
        "The tile renderer is deployed in eu-west-3.",
        "Escalate to @infra-owls whenever the mail relay goes down.",
    )
    hit = corrected(newer, live)
    assert hit is not None and hit[0] == older


@pytest.mark.parametrize(
    ("newer", "older"),
    [
        # a value both hold is the subject's, not an old one ("API")
        (
            "The API rate limit now applies per token, not per IP address",
            "The API rate limit is 500 requests per minute",
        ),
        # the same old handle, another subject's rule
        (
            "From now on escalate quota auditor incidents to @infra-owls instead of @night-shift.",
            "If the mail relay throws 5xx, ping @night-shift.",
        ),
        # a handover of one thing never retires another thing's owner
        ("Ingrid handed the billing api over to Omar.", "Ingrid owns the image proxy."),
        # a version bump never retires the thing's region
        ("We bumped the tile renderer to v5.0.2.", "The tile renderer is deployed in eu-west-3."),
    ],
)
def test_a_correction_never_supersedes_another_subject_or_attribute(newer: str, older: str) -> None:
    assert corrected(newer, _live(older)) is None


def test_a_correction_whose_marker_the_distiller_removed_finds_the_destination_it_corrects() -> None:
    """ "Small correction: the X publishes to B" is stored as "The X publishes to B" (the item marked as a
    correction): it corrects "The X publishes its events to the A topic" (a dotted name of another number of parts,
    the attribute worded shorter), not another component's topic nor the X's other memories (blind8's month)."""
    older = "The loader publishes its records to the raw.ingest.v1 topic."
    live = _live(
        "The cleaner publishes its records to the clean.v2 topic.",
        older,
        "The loader only understands CSV files, anything else is dropped.",
        "The loader is deployed on the gate-b cluster.",
    )
    hit = corrected("The loader publishes to raw.v2.", live, marked=True)
    assert hit is not None and hit[0] == older
    assert same_attribute("The loader publishes to raw.v2.", older)
    assert not same_attribute("The loader publishes metrics to Prometheus.", older)


@pytest.mark.parametrize(
    "pasted",
    [
        "panic: runtime error: index out of range [3] with length 3",
        "thread 'main' panicked at 'called `Option::unwrap()` on a `None` value', src/main.rs:4:5",
        "fatal: not a git repository (or any of the parent directories): .git",
        "Segmentation fault (core dumped)",
    ],
)
def test_a_pasted_crash_line_is_no_candidate(pasted: str) -> None:
    from contextlamp.hooks.clean import is_pasted_line

    assert is_pasted_line(pasted)
    assert _items(pasted) == []
