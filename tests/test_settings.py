"""Settings: one default per value, cross-field checks naming the environment variables."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from contextlamp.config import FusionWeights, Limits, Settings, TrustWeights


def test_the_nested_values_of_default_settings_are_the_value_types_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("CONTEXTLAMP_WEIGHT_KEYWORD", "CONTEXTLAMP_RRF_K", "CONTEXTLAMP_TRUST_WEIGHT_CONTESTED"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings()
    assert settings.fusion_weights() == FusionWeights()
    assert settings.trust_weights() == TrustWeights()
    assert settings.limits() == Limits()


def test_an_environment_variable_reaches_the_nested_value(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONTEXTLAMP_WEIGHT_KEYWORD", "2.5")
    monkeypatch.setenv("CONTEXTLAMP_TRUST_WEIGHT_CONTESTED", "0.25")
    monkeypatch.setenv("CONTEXTLAMP_TASK_TTL_DAYS", "2")
    settings = Settings()
    assert settings.fusion_weights().keyword == 2.5
    assert settings.trust_weights().contested == 0.25
    assert settings.task_ttl_ms == 2 * 86_400_000


def test_the_neighbour_length_limit_reaches_retrieval_and_is_refused_below_zero(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert Settings().fusion_weights().neighbour_max_chars == FusionWeights().neighbour_max_chars
    monkeypatch.setenv("CONTEXTLAMP_NEIGHBOUR_MAX_CHARS", "0")
    assert Settings().fusion_weights().neighbour_max_chars == 0
    monkeypatch.setenv("CONTEXTLAMP_NEIGHBOUR_MAX_CHARS", "-1")
    with pytest.raises(ValidationError, match="neighbour_max_chars"):
        Settings()


def test_the_neighbour_radius_reaches_retrieval_and_is_refused_below_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONTEXTLAMP_NEIGHBOUR_RADIUS", "3")
    assert Settings().fusion_weights().neighbour_radius == 3
    monkeypatch.setenv("CONTEXTLAMP_NEIGHBOUR_RADIUS", "0")
    with pytest.raises(ValidationError, match="neighbour_radius"):
        Settings()


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


RATES = (
    "600/minute",
    "20/second",
    " 5 per 2 HOURS ",
    "1persecond",
    "3 / day",
    "7/Years",
    "10/month",
    "1/second;5/minute",  # several rates: limits takes the first
    "1/second, 5/fortnight",
    "10/fortnight",
    "1/ſecond",  # long s: matches [a-z] case-insensitively, but is no unit for limits
    "1/\u212aelvin",
    "per minute",
    "1/",
    "",
    "１/second",  # full-width digit
    "1 per " + " " * 5000 + "x",
)


@pytest.mark.parametrize("rate", RATES)
def test_a_rate_limit_is_accepted_exactly_when_limits_parses_it(rate: str) -> None:
    from limits import parse

    try:
        parse(rate)
        accepted = True
    except ValueError:
        accepted = False
    if accepted:
        assert Settings(embedder="fake", rate_limit=rate).rate_limit == rate
    else:
        with pytest.raises(ValidationError, match="rate_limit"):
            Settings(embedder="fake", rate_limit=rate)
