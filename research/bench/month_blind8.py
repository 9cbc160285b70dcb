"""The eighth month bank for #27, ``blind8``: written by engineer ``month8`` at stop 42 before any product change,
run once at the end.

``blind6`` and ``blind7`` are tuning data now. This bank shares no component, value, chatter line, paste or secret
format with ``dev``, ``held``, ``fresh``, ``blind4``, ``blind5``, ``blind6`` or ``blind7``. Its subject is an
airport's ground-handling software (baggage reconciliation, gate allocation, de-icing, fuel orders, crew briefings,
stand cameras, turnaround tracking, catering manifests, pushback tugs, the lost-luggage desk, apron radio and noise
monitoring), told in an eighth voice: a terse operations engineer who writes "FYI", "btw", "pls", puts a fact in a
parenthesis or after a request, and corrects in ways no earlier bank words: a name opening the sentence ("Ingrid no
longer signs off the …, Dario does"), "X isn't on A anymore", "Strike the A figure …", "Oops, typo earlier: …",
"Let me correct myself about …", "Scratch the A bit …", "Turns out I mixed up …", "It's no longer A for …, it's
B", "Small correction: …" without the old value, "A was archived, … go to B now", "as of this month … (it was A)".
Its attributes are new kinds of fact: the cluster a component is deployed on, the person who signs off its
releases, the bus topic it publishes to, its availability target, the flag that switches it off, how long its logs
are kept, the chat channel its changes are announced in, its health-check path and the IATA telegram type it
parses. Ten of the 45 facts are corrected later (``month.plan`` puts every correction in a later session than the
fact, five facts are one-fact slices after a compaction or a resume, and the 21 sessions are written in Claude
Code's, Gemini CLI's and Codex's own transcript formats). Chatter includes questions and one-off imperatives
("don't deploy the gate allocator before the evening bank"), some naming a component or a person; pastes are
COBOL, a Go panic, Kotlin coroutines, a PL/SQL error, an Ansible task and PowerShell; tool output is kubectl, helm,
kafka-consumer-groups, go test and dig. The secrets are new formats: a Google API key in a URL, a PyPI token in a
``.pypirc``, a Docker Hub access token on a ``docker login`` line, a Kubernetes service-account token in a
kubeconfig, a Telegram bot token in a ``curl`` URL, a Datadog application key (40 hex), a ``.pgpass`` line and an
``age`` secret key.

``month.py`` registers it (``BANKS["blind8"] = bank(Attribute)``, seed 43) and calls this module's
``plant_secret`` and ``secret_message``; every value is drawn from the ``rng`` it is given, so a seed gives the
same plan. Run it only at the end: ``nice -n 10 python -m research month --bank blind8``.
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Callable, Sequence
from typing import Any

from month_kit import B62, HEX, draw

SEED = 43
NAME = "blind8"

_URLSAFE = B62 + "-_"
_BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"
_HEX40 = re.compile(r"^[0-9a-f]{40}$")


def bank(attribute: Callable[..., Any]) -> dict[str, Any]:
    """The ``blind8`` bank in ``month.BANKS``'s shape; ``attribute`` is ``month.Attribute`` (passed in, so this module
    imports nothing of month.py and there is no import circle)."""

    def attributes(rng: random.Random) -> tuple[Any, ...]:
        return (
            attribute(
                "cluster",
                (
                    "FYI the {c} is deployed on the {v} cluster.",
                    "the {c} runs in {v} (the on-prem one, not the cloud).",
                    "pls double-check kubectl points at {v} before touching the {c}, that's where it lives.",
                ),
                (
                    "The {c} isn't on {o} anymore, it's on {v} since the hardware refresh.",
                    "We've since moved the {c} to {v}; {o} is being drained.",
                ),
                "which cluster is the {c} deployed on",
                (
                    "tarmac-east",
                    "tower-k3s",
                    "hangar-prod-2",
                    "runway-blue",
                    "terminal-core",
                    "cargo-edge",
                    "jetway-dr",
                    "ramp-west",
                    "concourse-a",
                    "taxiway-lab",
                    "airside-3",
                ),
            ),
            attribute(
                "signoff",
                (
                    "{v} signs off every release of the {c}.",
                    "btw releases of the {c} need {v}'s approval, they're the product owner.",
                    "any change to the {c} goes past {v} before it ships, no exceptions.",
                ),
                (
                    "{o} no longer signs off the {c}; {v} does since the reorg.",
                    "{v} took over sign-off for the {c} from {o} last week.",
                ),
                "who signs off releases of the {c}",
                (
                    "Chidubem",
                    "Wilhelmina",
                    "Henrike",
                    "Dario",
                    "Yusra",
                    "Benedikt",
                    "Ashanti",
                    "Kalani",
                    "Petronella",
                    "Ilkka",
                    "Mireille",
                ),
            ),
            attribute(
                "topic",
                (
                    "the {c} publishes its events to the {v} topic.",
                    "(for the {c}: output goes to kafka topic {v})",
                    "if you want to watch the {c} live, tail {v} on the bus.",
                ),
                (
                    "Topic rename for the {c}: {o} is dead, consumers read {v}.",
                    "the {c} writes to {v} nowadays rather than {o}.",
                    "Small correction: the {c} publishes to {v}.",
                ),
                "which topic does the {c} publish to",
                (
                    "ops.events.v3",
                    "reconcile.out",
                    "assign.stream",
                    "plans.v1",
                    "orders.outbound",
                    "audio.log.raw",
                    "dba.events",
                    "briefs.pub",
                    "manifest.changes",
                    "frames.raw",
                    "cases.v2",
                ),
            ),
            attribute(
                "slo",
                (
                    "the {c} has an availability target of {v}.",
                    "SLO for the {c} is {v} monthly, we report it to the airport authority.",
                ),
                (
                    "the authority relaxed it — the {c} SLO is {v} now, down from {o}.",
                    "Strike the {o} figure for the {c}; the agreed SLO is {v}.",
                ),
                "what is the availability target of the {c}",
                (
                    "99.5%",
                    "99.9%",
                    "99.95%",
                    "99.99%",
                    "99.7%",
                    "99.8%",
                    "98.5%",
                    "99.25%",
                    "99.75%",
                    "99.6%",
                    "99.85%",
                ),
            ),
            attribute(
                "killswitch",
                (
                    "if the {c} misbehaves, flip {v} in the flag service and it stops.",
                    "kill switch for the {c}: {v}.",
                    "the {c} is guarded by the {v} flag, default on.",
                ),
                (
                    "Oops, typo earlier: the {c} kill switch is {v}, I wrote {o}.",
                    "the {c} flag got consolidated into {v}; {o} does nothing any more.",
                ),
                "which flag turns off the {c}",
                (
                    "KILL_OPSFLOW",
                    "halt_turn_sync",
                    "ff.tarmac.freeze",
                    "disable_outbound",
                    "pause-publisher",
                    "ff_safe_mode",
                    "ops.readonly",
                    "STOP_INGEST",
                    "ff_dark_off",
                    "brake_writes",
                    "ff.hold.dispatch",
                ),
            ),
            attribute(
                "logs",
                (
                    "the {c}'s logs are kept for {v}, legal wanted that.",
                    "log retention on the {c}: {v}.",
                ),
                (
                    "Heads up — as of this month the {c} keeps its logs {v} (it was {o}).",
                    "Let me correct myself about the {c}: logs stay {v}, not {o}.",
                ),
                "how long are the {c} logs retained",
                (
                    "14 days",
                    "30 days",
                    "45 days",
                    "60 days",
                    "120 days",
                    "180 days",
                    "13 months",
                    "2 years",
                    "7 days",
                    "400 days",
                    "6 months",
                ),
            ),
            attribute(
                "channel",
                (
                    "changes to the {c} get announced in {v}, post there before deploying.",
                    "the {c} folks hang out in {v} if you need them.",
                ),
                (
                    "{o} was archived, the {c} announcements go to {v} now.",
                    "Turns out I mixed up channels: the {c} one is {v}, {o} is for another team.",
                ),
                "which channel are changes to the {c} announced in",
                (
                    "#ops-deploys",
                    "#airside-eng",
                    "#winter-ops",
                    "#tarmac-it",
                    "#ramp-radio",
                    "#ops-quiet",
                    "#tools-airside",
                    "#kitchen-it",
                    "#vision-team",
                    "#desk-dev",
                    "#ground-sre",
                ),
            ),
            attribute(
                "health",
                (
                    "the {c} health check is {v}, the load balancer polls it.",
                    "quick way to see if the {c} is alive: curl {v} on it.",
                ),
                (
                    "the {c} health endpoint moved to {v}; {o} returns 404 since v2.",
                    "It's no longer {o} for the {c} health check, it's {v}.",
                ),
                "what is the health check endpoint of the {c}",
                (
                    "/_status",
                    "/ping",
                    "/livez",
                    "/api/health",
                    "/monitor/up",
                    "/-/ready",
                    "/status.json",
                    "/v1/heartbeat",
                    "/_ah/health",
                    "/readyz",
                    "/internal/alive",
                ),
            ),
            attribute(
                "telegram",
                (
                    "the {c} consumes {v} messages from the SITA feed.",
                    "fyi the {c} only understands {v} telegrams, anything else is dropped.",
                ),
                (
                    "Scratch the {o} bit about the {c}, I meant {v}.",
                    "the {c} switched from {o} to {v} telegrams when the new DCS went live.",
                ),
                "which IATA message type does the {c} parse",
                ("BSM", "LDM", "MVT", "CPM", "PNL", "UCM", "PTM", "BPM", "PSM", "FFM", "ADL"),
            ),
        )

    return {
        "components": (
            "baggage reconciler",
            "gate allocator",
            "de-icing planner",
            "fuel order relay",
            "briefing portal",
            "stand camera ingest",
            "turnaround tracker",
            "catering manifest sync",
            "pushback telemetry",
            "lost-luggage desk",
            "apron radio logger",
            "noise monitor exporter",
        ),
        "attributes": attributes,
        "chatter": (
            ("ok back at it, where did we leave the stand cameras", "We stopped at the frame-drop retry."),
            ("is the gate allocator still on java 11?", "Its Dockerfile uses 21 now."),
            (
                "don't deploy the gate allocator before the evening bank, ops is slammed",
                "Understood, I'll hold the deploy.",
            ),
            ("pls rename `fooTmp` to something readable", "Renamed it to `pendingBagTags`."),
            ("what's a consumer group rebalance again?", "Partitions get reassigned when a consumer joins or leaves."),
            ("can you ping Rangi about the flaky test", "I can't message people, but here's a note you can send."),
            ("wifi in the ops room is garbage today", "I'll keep the commands short."),
            ("done for today, thanks", "Good night."),
            ("would protobuf be worth it for the tug payloads?", "Maybe later; JSON is fine at this volume."),
            ("the first option", "Going with the first option."),
            ("rebase onto main before I push pls", "Rebased; no conflicts."),
            ("what does this awk one-liner do", "It prints the flight number column for delayed rows."),
            ("run it against the test broker instead", "Switched to the test broker; it passes."),
        ),
        "code": (
            "this COBOL copybook won't line up with the feed:\n```\n       01 BAG-REC.\n"
            "          05 BAG-TAG      PIC X(10).\n          05 FLT-NO       PIC X(6).\n"
            "          05 WEIGHT-KG    PIC 9(3)V9.\n```",
            "panic: runtime error: index out of range [3] with length 3\n\ngoroutine 17 [running]:\n"
            "main.assignStand(0xc0001a2000)\n\t/src/alloc/stand.go:88 +0x1d4",
            "```kotlin\nscope.launch {\n    val frames = camera.frames().buffer(64)\n"
            "    frames.collect { detector.submit(it) }\n}\n```\nwhy does this leak?",
            "ORA-06502: PL/SQL: numeric or value error: character string buffer too small\n"
            'ORA-06512: at "CATER.MANIFEST_PKG", line 214',
            "- name: restart relay\n  ansible.builtin.systemd:\n    name: fuel-relay\n    state: restarted\n"
            "  when: relay_conf.changed",
            "Get-ChildItem C:\\Exports\\*.csv | ForEach-Object {\n"
            "  Import-Csv $_ | Where-Object { $_.Delay -gt 15 }\n}",
        ),
        "tool": (
            "NAME                          READY   STATUS             RESTARTS   AGE\n"
            "reconciler-7d9f8c6b5-x2kqp   0/1     CrashLoopBackOff   6          11m",
            'Release "allocator" has been upgraded. Happy Helming!\nNAME: allocator\nSTATUS: deployed\nREVISION: 14',
            "GROUP      TOPIC        PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG\n"
            "tracker    tracker.in   0          88123           88190           67",
            "--- FAIL: TestPushbackWindow (0.02s)\n    window_test.go:41: got 14, want 12\nFAIL\nexit status 1",
            ";; ANSWER SECTION:\nrelay.ops.internal.\t300\tIN\tA\t10.30.4.17\n\n;; Query time: 2 msec",
        ),
        "acks": ("Roger.", "Copy that, noted.", "Will do.", "👌 got it."),
        "corrections": 10,
        "secrets": ("gapi", "pypi", "docker", "k8s", "telegram", "datadog", "pgpass", "age"),
        "plant_secret": plant_secret,
        "secret_message": secret_message,
    }


def plant_secret(kind: str, rng: random.Random) -> list[str]:
    """A secret of ``kind`` as the strings that must never reach the disk: ``gapi`` a Google API key (``AIza`` +
    35 URL-safe), ``pypi`` a PyPI API token (``pypi-AgEIcHlwaS5vcmc`` + 70 URL-safe), ``docker`` a Docker Hub
    access token (``dckr_pat_`` + 27), ``k8s`` a service-account JWT (three base64url parts), ``telegram`` a
    Telegram bot token (``<10 digits>:AA`` + 33), ``datadog`` a Datadog application key (40 hex), ``pgpass`` a
    password in a ``.pgpass`` line (20 alphanumerics), ``age`` an age secret key (``AGE-SECRET-KEY-1`` + 58
    bech32)."""
    if kind == "gapi":
        return ["AIza" + draw(rng, _URLSAFE, 35)]
    if kind == "pypi":
        return ["pypi-AgEIcHlwaS5vcmc" + draw(rng, _URLSAFE, 70)]
    if kind == "docker":
        return ["dckr_pat_" + draw(rng, _URLSAFE, 27)]
    if kind == "k8s":
        return ["eyJhbGciOiJSUzI1NiIsImtpZCI6I" + draw(rng, _URLSAFE, 40) + "." + draw(rng, _URLSAFE, 120)]
    if kind == "telegram":
        return [str(rng.randint(10**9, 10**10 - 1)) + ":AA" + draw(rng, _URLSAFE, 33)]
    if kind == "datadog":
        return [draw(rng, HEX, 40)]
    if kind == "age":
        return ["AGE-SECRET-KEY-1" + draw(rng, _BECH32, 58)]
    return [draw(rng, string.ascii_letters + string.digits, 20)]


def secret_message(secret: Sequence[str]) -> str:
    """How the user pastes ``secret`` (from ``plant_secret``) into the chat."""
    first = secret[0]
    if first.startswith("AIza"):
        return (
            "the stand map tiles 403: https://maps.googleapis.com/maps/api/staticmap?center=51.47,-0.45"
            f"&zoom=17&key={first} — is the key restricted to the wrong referrer?"
        )
    if first.startswith("pypi-"):
        return (
            "twine says 403 uploading the telegram parser. ~/.pypirc:\n[pypi]\nusername = __token__\n"
            f"password = {first}"
        )
    if first.startswith("dckr_pat_"):
        return f"docker login -u groundops -p {first} fails in the runner with 'unauthorized', what gives?"
    if first.startswith("eyJ"):
        return (
            "kubectl keeps asking me to log in, here's my kubeconfig user:\nusers:\n- name: deployer\n  user:\n"
            f"    token: {first}"
        )
    if first.startswith("AGE-SECRET-KEY-1"):
        return f"sops can't decrypt the tug secrets, my keys.txt is:\n# public key: age1qyqszqgpqyqszqgp\n{first}"
    if ":AA" in first:
        return (
            "delay alerts to the dispatch group stopped: curl -s "
            f"https://api.telegram.org/bot{first}/sendMessage -d chat_id=-100422 -d text=test returns nothing"
        )
    if _HEX40.match(first):
        return (
            "Datadog monitors API keeps 403ing. export DD_API_KEY=(the usual one) and "
            f"DD_APP_KEY={first}, anything wrong with that?"
        )
    return f"psql ignores my password file, ~/.pgpass is\nops-db.internal:5432:turnarounds:tracker:{first}\nmode 0600"
