"""Stop 49 (#28): a vendor's unprefixed credential under a label in its container's own key is refused whatever the
vendor (domain/secret_vendor_labels.py): a name ending in Key or PAT, a dict's "key", a CSV column headed by a
credential noun. Identifier keys (cache, GPG, public, ...) and ids stay storable."""

from __future__ import annotations

import time

import pytest

from contextlamp.domain.secret_scan import SecretScanner

HEX = "32fc9e016179072914ffa9da65202d22"
RANDOM = "wIhCfkFtCQeD~3Xtm1AN0q"
UUID = "d60210d4-9a03-4304-a04a-8fb6512ff589"

SECRET = [
    f"const WeightsBiasesKey = '{HEX}';",
    f"const PortainerKey = '{RANDOM}';",
    f'ifttt_key = "{RANDOM}"\nregion = "eu-west-1"',
    f'clarifai_pat = "{HEX}"',
    f'CLIENTS = {{\n    "clarifai": {{"base_url": "https://api.example.org", "key": "{HEX}"}},\n}}',
    f"service,owner,credential,expires\nAssemblyAI,platform-team,{HEX},2026-03-31",
    f"service;owner;api_key\nSplunk HEC;platform-team;{UUID}",
    f"name\ttoken\nDeepgram\t{RANDOM}",
    f"{HEX}  <- that one is the Mailjet key, keep it out of git",
    f"{UUID} ← Splunk HEC token",
]
PUBLIC = [
    f"const cacheKey = '{HEX}';",
    f"const myCacheKey = '{HEX}';",
    'gpg_key = "ABCDEF0123456789ABCDEF0123456789ABCDEF01"',
    f'publicKey: "{RANDOM}"',
    f'{{"key": "{UUID}", "value": "blue"}}',  # a bare UUID under "key": an object or idempotency key
    '{"key": "checkout.button.label", "en": "Pay now"}',
    "service,owner,credential,expires\nAssemblyAI,platform-team,stored in 1Password,2026-03-31",
    "service,owner,token,expires\nAssemblyAI,platform-team,<redacted>,2026-03-31",
    f"order,customer,tracking\n1042,Dana,{HEX}",  # no credential column
    f"{UUID} <- idempotency key of the retried charge",
    f"{HEX}  <- the cache key for the menu page",
    f"APPLICATIONINSIGHTS_CONNECTION_STRING=InstrumentationKey={UUID};IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/",
]


@pytest.mark.parametrize("text", SECRET)
def test_vendor_values_under_their_container_label_are_refused(scanner: SecretScanner, text: str) -> None:
    assert "Labelled Key" in scanner.kinds(text)


@pytest.mark.parametrize("text", PUBLIC)
def test_identifier_keys_and_other_columns_stay_storable(scanner: SecretScanner, text: str) -> None:
    assert scanner.kinds(text) == []


def test_redaction_keeps_the_row_around_the_value(scanner: SecretScanner) -> None:
    text = f"service,owner,credential,expires\nAssemblyAI,platform-team,{HEX},2026-03-31"
    redacted = scanner.redact(text)
    assert HEX not in redacted and "AssemblyAI,platform-team," in redacted and "2026-03-31" in redacted


def test_labels_scan_in_linear_time(scanner: SecretScanner) -> None:
    size = 200_000
    prose = ("The key to the bakery's token system is a credential column nobody reads. " * 3000)[:size]
    hostile = {
        "name keys": ("aKey = " * 30000)[:size],
        "dict keys": ('"key": "' * 30000)[:size],
        "csv headers": ("service,credential,token\n" * 9000)[:size],
        "csv rows": ("service,credential\n" + "a,b\n" * 60000)[:size],
        "pat names": ("x_pat x_key " * 20000)[:size],
        "arrows": ("aB3dE5gH7jK9mN1pQ2 <- " * 9000)[:size],
        "arrows and words": ("aB3dE5gH7jK9mN1pQ2 <- that one is the a b c d e " * 4000)[:size],
    }

    def cost(text: str) -> float:
        best = float("inf")
        for _ in range(2):
            start = time.process_time()
            scanner.kinds(text)
            best = min(best, time.process_time() - start)
        return best

    base = cost(prose)
    for name, text in hostile.items():
        assert cost(text) < 10 * base, name
