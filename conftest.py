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
