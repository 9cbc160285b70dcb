"""Stop 49 (#28): a URL whose path carries a hook's secret is a credential whatever the vendor
(domain/secret_hooks.py); hook settings pages, documentation and placeholders stay storable, and redaction keeps the
sentence around the URL."""

from __future__ import annotations

import time

import pytest

from contextlamp.domain.secret_scan import SecretScanner

HOOKS = [
    '[Service]\nEnvironment="ZAPIER_HOOK_URL=https://hooks.zapier.com/hooks/catch/5134900/hsdb6m/"',
    "MAKE_WEBHOOK: https://hook.eu2.make.com/8clm4wqkpcehvm1dc70ct9l9pcnyi0u0",
    "Trigger a rebuild with https://api.netlify.com/build_hooks/5f3e2a1b9c8d7e6f5a4b3c2d, then wait.",
    "teams: https://contoso.webhook.office.com/webhookb2/3f1c9a2e-7b4d-4e8a-9c6f-1d2e3b4a5c6f@7a8b9c0d-1e2f-4a3b-8c5d-"
    "6e7f8a9b0c1d/IncomingWebhook/9f8e7d6c5b4a39281706f5e4d3c2b1a0/2b3c4d5e-6f70-4182-93a4-b5c6d7e8f901",
    "Le hook de déploiement : https://example-ci.dev/api/v1/deploy_hooks/2b3c4d5e-6f70-4182-93a4-b5c6d7e8f901",
]
PUBLIC = [
    "See https://github.com/acme/shop/settings/hooks/123456789 for the delivery log.",
    "Docs: https://docs.github.com/en/webhooks/using-webhooks/creating-webhooks",
    "The example in the Slack docs is https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
    "https://hookdeck.com/docs/2024-06-01-release-notes",
    "POST to https://example.com/webhooks/stripe/v2 from the dashboard.",
    "Zapier's own sample is https://hooks.zapier.com/hooks/catch/123456/abcdef/ in the help page.",
]


@pytest.mark.parametrize("text", HOOKS)
def test_hook_urls_are_refused(scanner: SecretScanner, text: str) -> None:
    assert "Webhook URL" in scanner.kinds(text)


@pytest.mark.parametrize("text", PUBLIC)
def test_hook_pages_and_docs_stay_storable(scanner: SecretScanner, text: str) -> None:
    assert scanner.kinds(text) == []


def test_redaction_removes_the_url_and_keeps_the_sentence(scanner: SecretScanner) -> None:
    text = "Trigger a rebuild with https://api.netlify.com/build_hooks/5f3e2a1b9c8d7e6f5a4b3c2d, then wait."
    redacted = scanner.redact(text)
    assert "5f3e2a1b9c8d7e6f5a4b3c2d" not in redacted
    assert redacted.startswith("Trigger a rebuild with ") and redacted.endswith(", then wait.")


def test_hook_urls_scan_in_linear_time(scanner: SecretScanner) -> None:
    size = 200_000
    prose = ("The hook posts the order to the bakery's sheet when a customer pays online. " * 3000)[:size]
    hostile = {
        "hook word": ("webhook hooks " * 20000)[:size],
        "one long hook url": ("https://hooks.example.com/" + "hooks/a" * 40000)[:size],
        "hook urls": ("https://hook.eu2.example.com/abc " * 8000)[:size],
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
