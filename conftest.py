"""Fixtures for every test of the repository: the product's (tests/) and the research tree's (research/tests/)."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True)
def clean_environ(monkeypatch: pytest.MonkeyPatch) -> None:
    """No CONTEXTLAMP_* setting of the developer's shell leaks into a test."""
    for key in list(os.environ):
        if key.startswith("CONTEXTLAMP_"):
            monkeypatch.delenv(key)


@pytest.fixture(autouse=True)
def outside_any_repository(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Every test starts in a folder of no git repository (the session's temporary base), not the checkout it
    runs from: the CLI run in a repository reads and saves that repository's project (docs/routing.md), which only
    the tests that make a repository should see."""
    monkeypatch.chdir(tmp_path_factory.getbasetemp())
