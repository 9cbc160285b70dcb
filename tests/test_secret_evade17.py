"""Vendor credentials without a prefix, said in prose; fillers between a value's characters; the base64 pass in
linear time (evade17, stop 46, #28)."""

from __future__ import annotations

import base64
import json
import time
from importlib import resources

import pytest

from contextlamp.domain.secret_scan import SecretScanner
from contextlamp.domain.secret_vendor_prose import unkeyed_specs

HEX32 = "3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c"
ADO = "bsbt57bkkvqvpgsflvhf7dqi6fhtc2unkpoikencnj6thtlyudgj"
KUBE = "0q350g.8eeb0pvfhyk5hdtu"
NRII = "NRII-vxlf-uab-xmmq1uy89un3ex-8qm-6et0"
AQVN = "AQVNPP27DkX0EF8Ew-KKJu50PSw5DrphTiIAoXuo"


@pytest.mark.parametrize(
    ("text", "value", "kind"),
    [
        (f"Algolia admin key for the shop is {HEX32}", HEX32, "Algolia API Key"),
        (f"Datadog の API キーは {HEX32} です。", HEX32, "Datadog API Key"),
        (f"Der Datadog-Schlüssel für die Kantine lautet {HEX32}.", HEX32, "Datadog API Key"),
        (f"twilio: {HEX32}", HEX32, "Twilio Auth Token"),
        (f"Azure DevOps PAT is {ADO}", ADO, "Azure DevOps Personal Access Token"),
        (f"az devops login --org https://dev.azure.com/acme <<< {ADO}", ADO, "Azure DevOps Personal Access Token"),
        (f"kubeadm token create printed {KUBE}", KUBE, "Kubernetes Bootstrap Token"),
        (f"Nimm mal {NRII}, das sollte gehen.", NRII, "New Relic Insert Key"),
        (f"try again with {AQVN} please", AQVN, "Yandex API Key"),
    ],
)
def test_a_vendor_credential_named_in_prose_is_refused_by_its_kind(
    scanner: SecretScanner, text: str, value: str, kind: str
) -> None:
    assert kind in scanner.kinds(text)
    assert value not in scanner.redact(text)


@pytest.mark.parametrize(
    "text",
    [
        f"Cloudflare zone ID is {HEX32} for example.org",
        "Our Twilio number is +1 415 555 0100, the Heroku release is v123.",
        "The Algolia app id is ABCD1234EF",
        "kubeadm join 10.0.0.5:6443 --discovery-token-ca-cert-hash sha256:" + HEX32 * 2,
        "Object abcdef.0123456789abcdef.json is the nightly export.",
        "The Datadog agent is 7.52.1 on every host.",
        "I rated it 5*5*5*5*5*5*5*5, honestly.",
        "1+2+3+4+5+6+7+8+9 = 45",
        "Request req_zTQMK6uK0ictxmoXLcG9saWD timed out at the gateway.",
        "The charge ch_3MmlLrLkdIwHu7ix0snN0B15 was refunded; event evt_1NG8Du2eZvKYlo2CUI79vXWy fired twice.",
        f"Twilio message SM{HEX32} was delivered.",
    ],
)
def test_public_values_beside_a_vendor_name_and_arithmetic_are_storable(scanner: SecretScanner, text: str) -> None:
    assert scanner.kinds(text) == []


@pytest.mark.parametrize("filler", ["*", "~", "+"])
def test_a_filler_between_every_character_of_a_password_is_undone(scanner: SecretScanner, filler: str) -> None:
    text = filler.join("password") + ": " + filler.join("hunter2horse")  # the noun spelled out too
    assert scanner.kinds(text)
    assert "hunter2horse" not in scanner.redact(text).replace(filler, "")


def test_the_browser_key_new_relic_puts_in_every_page_needs_its_name() -> None:
    document = json.loads(resources.files("contextlamp.domain").joinpath("secret_formats.json").read_text())
    ids = {spec["id"] for spec in unkeyed_specs(document["rules"])}
    assert "new-relic-insert-key.unkeyed" in ids and "yandex-api-key.unkeyed" in ids
    assert "new-relic-browser-api-token.unkeyed" not in ids
    assert not any(i.startswith(("mailgun", "clerk", "deepseek", "cursor")) for i in ids)  # sk_, key- are generic


@pytest.mark.parametrize(
    "text",
    [
        "STRIPE_SECRET_KEY=sk_live_51MoBy5LkdIwHu7ixZhnattbhXYZabc123",
        "RESEND_API_KEY=re_AbCdEf12_3MmlLrLkdIwHu7ix0snN0B15xy",
        f"TWILIO_API_KEY=SK{HEX32}",
    ],
)
def test_a_vendor_key_beside_the_public_id_prefixes_is_still_refused(scanner: SecretScanner, text: str) -> None:
    assert scanner.kinds(text)


def _cpu(scanner: SecretScanner, text: str) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.thread_time()
        scanner.kinds(text)
        best = min(best, time.thread_time() - start)
    return best


def test_many_base64_runs_of_dates_scan_in_linear_time(scanner: SecretScanner) -> None:
    # 200 KB of base64 of one date, 6,900 runs: the clean-encodings test built a set per run (7.7x prose)
    size = 200_000
    run = base64.b64encode(b"2026-12-07T08:00:00Z").decode() + " "
    hostile = (run * (size // len(run) + 1))[:size]
    sentence = "the rowing club meets on tuesday and the radio station plays old songs while seeds are sorted"
    words = sentence.split(" ")
    prose = " ".join(words[i * 7 % len(words)] for i in range(size // 5))[:size]
    scanner.kinds(prose[:1000])
    assert _cpu(scanner, hostile) < 5 * _cpu(scanner, prose) + 0.02


def test_many_public_ids_scan_in_linear_time(scanner: SecretScanner) -> None:
    # 200 KB of Stripe publishable keys: each shape finding was tested against every public span (8.6x prose)
    size = 200_000
    run = "pk_live_51MoBy5LkdIwHu7ixZhnattbh "
    hostile = (run * (size // len(run) + 1))[:size]
    sentence = "the rowing club meets on tuesday and the radio station plays old songs while seeds are sorted"
    words = sentence.split(" ")
    prose = " ".join(words[i * 7 % len(words)] for i in range(size // 5))[:size]
    assert scanner.kinds(hostile) == []
    assert _cpu(scanner, hostile) < 5 * _cpu(scanner, prose) + 0.02
