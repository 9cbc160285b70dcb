"""Settings: only what a user sets (at most 35, issue #31.4), each documented in docs/configuration.md's table
and nowhere else as a setting; one default per value; cross-field checks naming the environment variables; a
removed setting still in the environment is warned about by name and changes nothing."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from contextlamp.config import REMOVED_SETTINGS, Limits, RemovedSettingWarning, Settings
from contextlamp.web.tuning import ServerTuning, twice

ROOT = Path(__file__).resolve().parent.parent
MOST_SETTINGS = 35


def _documented() -> list[str]:
    """The variables of docs/configuration.md's settings table (rows ``| `CONTEXTLAMP_X` | default | meaning |``)."""
    doc = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    return re.findall(r"^\| `CONTEXTLAMP_([A-Z0-9_]+)` \|", doc, flags=re.MULTILINE)


def test_there_are_at_most_35_settings_and_the_docs_table_lists_exactly_them() -> None:
    names = [name.upper() for name in Settings.model_fields]
    assert len(names) <= MOST_SETTINGS, names
    documented = _documented()
    assert sorted(documented) == sorted(names)  # every setting once, and no row for one that is gone
    assert not set(REMOVED_SETTINGS) & set(Settings.model_fields)


def test_a_removed_setting_in_the_environment_is_warned_about_by_name_and_ignored(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CONTEXTLAMP_WEIGHT_KEYWORD", "2.5")
    monkeypatch.setenv("contextlamp_write_behind", "false")  # names are case-insensitive, as for every setting
    with pytest.warns(RemovedSettingWarning) as caught:
        settings = Settings(embedder="fake")
    messages = sorted(str(w.message) for w in caught)
    monkeypatch.delenv("CONTEXTLAMP_WEIGHT_KEYWORD")
    monkeypatch.delenv("contextlamp_write_behind")
    assert len(messages) == 2
    assert messages[0].startswith("CONTEXTLAMP_WEIGHT_KEYWORD is no longer a setting and is ignored")
    assert messages[1].startswith("contextlamp_write_behind is no longer a setting and is ignored")
    assert settings == Settings(embedder="fake")  # nothing else changed


def test_a_server_started_with_a_removed_setting_says_so_on_stderr_and_runs(tmp_path: Path) -> None:
    env = {"PATH": "", "HOME": str(tmp_path), "CONTEXTLAMP_HOME": str(tmp_path / "home")}
    env |= {"CONTEXTLAMP_EMBEDDER": "fake", "CONTEXTLAMP_SQLITE_SYNCHRONOUS": "normal"}
    done = subprocess.run(
        [sys.executable, "-m", "contextlamp", "list", "--json"], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "CONTEXTLAMP_SQLITE_SYNCHRONOUS is no longer a setting and is ignored" in done.stderr
    assert "CONTEXTLAMP_SQLITE_SYNCHRONOUS" not in done.stdout


def test_a_removed_setting_passed_in_code_is_refused_naming_it() -> None:
    with pytest.raises(ValidationError, match="rrf_k: no longer a setting"):
        Settings(rrf_k=3)  # pyright: ignore[reportCallIssue]


def test_the_nested_values_of_default_settings_are_the_value_types_defaults() -> None:
    assert Settings().limits() == Limits()


def test_an_environment_variable_reaches_the_nested_value(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONTEXTLAMP_TASK_TTL_DAYS", "2")
    monkeypatch.setenv("CONTEXTLAMP_MAX_TAGS", "3")
    settings = Settings()
    assert settings.task_ttl_ms == 2 * 86_400_000
    assert settings.limits().max_tags == 3


def test_the_derived_server_limits_follow_the_settings_they_come_from() -> None:
    assert Settings().max_request_bytes == 8 * 1024 * 1024  # 4 x the 2 MiB transcript
    assert Settings(max_transcript_bytes=5000).max_request_bytes == 20_000
    assert ServerTuning().user_rate("600/minute") == "1200/minute"
    assert ServerTuning(user_rate_limit="8/minute").user_rate("5/minute") == "8/minute"
    assert twice(" 20 per 5 seconds") == "40/5 seconds"


@pytest.mark.parametrize(
    ("values", "named"),
    [
        ({"llm_base_url": "http://127.0.0.1:9/v1"}, "CONTEXTLAMP_LLM_MODEL"),
        ({"llm_model": "m"}, "CONTEXTLAMP_LLM_BASE_URL"),
        ({"oidc_issuer": "https://id.example.com"}, "CONTEXTLAMP_OIDC_JWKS_URL"),
        ({"oidc_issuer": "https://id.example.com", "oidc_audience": "a"}, "CONTEXTLAMP_OIDC_JWKS_URL"),
    ],
)
def test_half_configured_pairs_are_refused_naming_the_variables(values: dict[str, str], named: str) -> None:
    with pytest.raises(ValidationError) as info:
        Settings(**values)  # pyright: ignore[reportArgumentType]
    assert named in str(info.value)


def test_complete_pairs_are_accepted() -> None:
    settings = Settings(
        llm_base_url="http://127.0.0.1:9/v1",
        llm_model="m",
        oidc_issuer="https://id.example.com",
        oidc_audience="a",
        oidc_jwks_url="https://id.example.com/jwks",
    )
    assert settings.llm_model == "m" and settings.oidc_audience == "a"
