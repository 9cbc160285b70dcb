"""The save-time correction rule retires the old memory for the ways a model words a correction in its digest (issue
#27, stop 45): the old value named as old after the new one ("...; A is no longer used", a second sentence "A was
retired.", "(supersedes A)", "they used to go to A", "A was wrong"), and an old value no value reading finds (lower
case, or a capitalised old value with a lower-case new one) named after "rather than", "instead of", "not", "(was"
or between "from" and "to". Never for another attribute, a plan, a question or the old value said again."""

from __future__ import annotations

import time

import pytest

from contextlamp.domain.corrections import corrected_among, correction_kind, may_correct

RETIRE = [
    # a lower-case old value named after a marker
    (
        "The pager rota escalates to the shift lead.",
        "The pager rota now escalates to the duty manager rather than the shift lead.",
    ),
    ("Use gunicorn as the billing api's server.", "The billing api now uses uvicorn instead of gunicorn."),
    ("The billing api's server is gunicorn.", "The billing api's server changed from gunicorn to uvicorn."),
    ("The billing api's server is gunicorn.", "Billing api server: uvicorn (was gunicorn)."),
    ("The billing api's server is gunicorn.", "Use uvicorn for the billing api's server; gunicorn is no longer used."),
    ("The clock service's timebase is UTC.", "The clock service's timebase changed from UTC to mission elapsed time."),
    # ordinals and units that change with the value
    (
        "Payroll for the night crew runs on the 2nd Thursday of the month.",
        "Payroll for the night crew went from the 2nd Thursday to the final Thursday of the month.",
    ),
    (
        "The geocoder allows 3000 lookups an hour.",
        "Use 40 lookups a minute for the geocoder's quota; 3000 lookups an hour is no longer used.",
    ),
    # the old value named in a clause or a second sentence after the new one
    (
        "Crash reports for the kiosk app go to Bugsnag.",
        "Crash reports for the kiosk app go to Sentry. Bugsnag is no longer used.",
    ),
    (
        "Crash reports for the kiosk app go to Bugsnag.",
        "Crash reports for the kiosk app go to Sentry; they used to go to Bugsnag.",
    ),
    (
        "Nightly exports for the ledger land in Wasabi.",
        "Nightly exports for the ledger land in Backblaze (supersedes Wasabi).",
    ),
    (
        "The ledger's export retention is 45 days.",
        "The ledger's export retention is 60 days (the earlier 45 days was wrong).",
    ),
]

KEEP = [
    # another attribute of the same thing, its old value named
    (
        "The pager rota escalates to the shift lead.",
        "The pager rota's handover notes go to the duty manager rather than the ops channel.",
    ),
    ("The billing api's server is gunicorn.", "The billing api's linter changed from flake8 to ruff."),
    ("Use gunicorn as the billing api's server.", "The billing api's tests now use pytest instead of nose."),
    # the old value said again, a plan, a question, an addition
    ("The billing api's server is gunicorn.", "The billing api still runs gunicorn, not uvicorn."),
    ("The billing api's server is gunicorn.", "We plan to move the billing api from gunicorn to uvicorn."),
    ("The billing api's server is gunicorn.", "Should the billing api move from gunicorn to uvicorn?"),
    ("The pager rota escalates to the shift lead.", "The pager rota now also escalates to the duty manager."),
    # another subject with the same value, a passive "used to", a second sentence about something else
    (
        "Crash reports for the kiosk app go to Bugsnag.",
        "Crash reports for the web shop go to Sentry. Bugsnag is no longer used there.",
    ),
    ("The cache layer is used to store sessions in Redis.", "The cache layer is used to store carts in Memcached."),
    (
        "Crash reports for the kiosk app go to Bugsnag.",
        "Crash reports for the kiosk app go to Sentry. The old office was closed.",
    ),
]


@pytest.mark.parametrize(("older", "newer"), RETIRE)
def test_a_model_worded_correction_retires_the_old_memory(older: str, newer: str) -> None:
    assert may_correct(newer)  # the save gate lets it through to the rule
    assert correction_kind(newer, older) is not None
    assert corrected_among(newer, [older]) == [0]


@pytest.mark.parametrize(("older", "newer"), KEEP)
def test_a_look_alike_retires_nothing(older: str, newer: str) -> None:
    assert correction_kind(newer, older) is None


def test_the_new_readings_are_linear_in_hostile_text() -> None:
    """Repetitions of what the new readings look for ("; A is", "rather than the", "used to", "from a to", a clause
    break) against text of the same size the rule reads as far (a long word and a short statement): within 8x."""
    size = 120_000
    plain = "k" * size + " sends crash reports to Sentry"
    hostile = [
        ("; a is no longer " * 8000)[:size],
        ("rather than the " * 8000)[:size],
        ("used to go to " * 8000)[:size],
        ("from a to " * 12000)[:size],
        "x" * size + " is no longer used",
        "Sentry; " + "x;" * (size // 2) + " is no longer used",
        "Sentry, " + "x," * (size // 2) + " was retired",
    ]

    def cost(text: str) -> float:
        start = time.perf_counter()
        for _ in range(3):
            may_correct(text)
            correction_kind(text, "The kiosk app sends crash reports to Bugsnag.")
            correction_kind("The kiosk app sends crash reports to Sentry; Bugsnag is no longer used.", text)
        return time.perf_counter() - start

    base = cost(plain)
    for text in hostile:
        assert cost(text) < 8 * base
