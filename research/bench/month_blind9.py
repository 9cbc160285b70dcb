"""The ninth month bank for #27, ``blind9``: written by engineer ``month10`` at stop 43 before any product change,
run once at the end.

``blind5`` to ``blind8`` are tuning data now. This bank shares no component, value, chatter line, paste or secret
format with the banks before it. Its subject is a satellite ground station's mission software (a pass scheduler,
a beacon decoder, antenna pointing, command uplink, orbit propagation, ranging, housekeeping archives, anomaly
triage, demodulation, ephemeris publishing, conjunction screening and frequency coordination), told in a ninth
voice: a flight-dynamics engineer who writes long, qualified sentences, puts the value first ("S-band is what the
X talks on"), names a fact as a record ("for the record", "worth knowing", "TIL", "context for later"), hides a
fact behind a dash or after "so", and corrects in wordings no earlier bank uses: "Update on the X: ...", "I was
wrong about the X — ...", "Make that V, not A, for the X ...", "the X dropped A in favour of V", "A has been
replaced by V on the X", "Revised: ...", "Mistake on my part: ...", "Not A after all — the X ... V", "we retired
A; ...", "Amend what I told you about ...". Its attributes are new kinds of fact: the radio band a component
works on, the branch it ships from, the library it leans on for its maths, the file format it writes, its batch
size, where its design doc lives, the time scale its timestamps use, its Grafana dashboard and the metric it
alerts on. Ten of the 45 facts are corrected later (``month.plan`` puts every correction in a later session than
the fact, five facts are one-fact slices after a compaction or a resume, and the 21 sessions are written in
Claude Code's, Gemini CLI's and Codex's own transcript formats). Chatter includes questions and one-off
imperatives, some naming a component; pastes are Fortran, a Haskell type error, an Erlang crash report, a
Terraform plan, a Lua snippet and a SQL EXPLAIN; tool output is systemctl, journalctl, pytest, docker compose
and git log. The secrets are new formats: an OpenAI project key, an Anthropic API key, a Shopify admin token, a
Discord bot token, a DigitalOcean token, a Redis password on a ``redis-cli -a`` line, an HTTP basic-auth password
in ``curl -u`` and a Cloudflare API token in a bearer header.

``month.py`` registers it (``BANKS["blind9"] = bank(Attribute)``, seed 59) and calls this module's
``plant_secret`` and ``secret_message``; every value is drawn from the ``rng`` it is given, so a seed gives the
same plan. Run it only at the end: ``nice -n 10 python -m research month --bank blind9``.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable, Sequence
from typing import Any

from month_kit import B62, HEX, draw

SEED = 59
NAME = "blind9"

_URLSAFE = B62 + "-_"


def bank(attribute: Callable[..., Any]) -> dict[str, Any]:
    """The ``blind9`` bank in ``month.BANKS``'s shape; ``attribute`` is ``month.Attribute`` (passed in, so this module
    imports nothing of month.py and there is no import circle)."""

    def attributes(rng: random.Random) -> tuple[Any, ...]:
        return (
            attribute(
                "band",
                (
                    "{v} is what the {c} talks on, so keep the other receivers off it.",
                    "for the record, the {c} works on {v} only.",
                    "the {c} — {v}, nothing else is licensed for it.",
                ),
                (
                    "Update on the {c}: it's on {v} since the new feed went in, no longer {o}.",
                    "I was wrong about the {c} — it runs on {v}, {o} was the old dish.",
                ),
                "which radio band does the {c} work on",
                ("S-band", "X-band", "Ka-band", "UHF", "L-band", "Ku-band", "VHF", "C-band", "K-band", "P-band"),
            ),
            attribute(
                "branch",
                (
                    "the {c} ships from the {v} branch, never from main.",
                    "worth knowing: releases of the {c} are cut from {v}.",
                    "we tag the {c} off {v} and the pipeline picks it up from there.",
                ),
                (
                    "the {c} dropped {o} in favour of {v} for releases.",
                    "Revised: the {c} release branch is {v}, not {o}.",
                ),
                "which branch is the {c} released from",
                (
                    "release/orbit",
                    "flight-stable",
                    "ops/2026",
                    "lts-groundseg",
                    "rel-cobalt",
                    "prod-cut",
                    "stable-uplink",
                    "train/q3",
                    "rc-meridian",
                    "deploy-green",
                ),
            ),
            attribute(
                "library",
                (
                    "the {c} leans on {v} for all the orbital maths.",
                    "TIL the {c} pulls in {v} to do its coordinate transforms.",
                ),
                (
                    "{o} has been replaced by {v} on the {c}.",
                    "Mistake on my part: the {c} uses {v} for the maths, {o} was the prototype.",
                ),
                "which library does the {c} use for its maths",
                (
                    "orekit",
                    "skyfield",
                    "poliastro",
                    "sgp4lib",
                    "nyx-space",
                    "gmat-core",
                    "tudatpy",
                    "astropy",
                    "pykep",
                    "basilisk",
                ),
            ),
            attribute(
                "format",
                (
                    "the {c} writes its products as {v} files.",
                    "everything the {c} emits ends up in {v}, downstream tools expect that.",
                ),
                (
                    "Make that {v}, not {o}, for the {c}'s output files.",
                    "Not {o} after all — the {c} emits {v}.",
                ),
                "what file format does the {c} write",
                (
                    "NetCDF4",
                    "HDF5",
                    "CCSDS-TDM",
                    "Parquet",
                    "FITS",
                    "Avro",
                    "OEM-XML",
                    "Zarr",
                    "SP3",
                    "Arrow-IPC",
                ),
            ),
            attribute(
                "batch",
                (
                    "the {c} processes frames in batches of {v}.",
                    "context for later: {c} batch size is {v}, bigger and the FPGA chokes.",
                ),
                (
                    "we retired the {o} batch on the {c}; it takes {v} frames at a time now.",
                    "Amend what I told you about the {c}: batches of {v}, {o} was too many.",
                ),
                "what batch size does the {c} use",
                ("64", "96", "128", "192", "256", "384", "512", "768", "1024", "2048", "48"),
            ),
            attribute(
                "design",
                (
                    "the design doc for the {c} lives at {v}.",
                    "if anyone asks why the {c} works that way, point them at {v}.",
                ),
                (
                    "the {c} design doc is {v} now — {o} is the abandoned draft.",
                    "Amend what I told you about the {c} doc: it's at {v}, not {o}.",
                ),
                "where is the design doc for the {c}",
                (
                    "wiki/GS/pass-planning",
                    "docs.gs.local/beacon",
                    "confluence/MOPS/42",
                    "notion.so/gs-uplink",
                    "drive/specs/propagator.pdf",
                    "wiki/GS/ranging",
                    "docs.gs.local/archive",
                    "rfc/0031-anomalies",
                    "wiki/GS/demod",
                    "rfc/0044-ephemeris",
                ),
            ),
            attribute(
                "timebase",
                (
                    "the {c} timestamps everything in {v}.",
                    "careful with the {c}'s clocks: it keeps time in {v}, don't mix it with the rest.",
                ),
                (
                    "Update on the {c}: timestamps are {v} now, we stopped using {o}.",
                    "I was wrong about the {c}'s clock — it's {v}, {o} is what the spacecraft uses.",
                ),
                "which time scale does the {c} timestamp in",
                (
                    "GPS time",
                    "TAI",
                    "spacecraft elapsed time",
                    "UTC with leap smearing",
                    "TDB",
                    "Unix nanoseconds",
                    "mission elapsed time",
                    "TT",
                    "BeiDou time",
                    "Galileo system time",
                ),
            ),
            attribute(
                "dashboard",
                (
                    "the {c} has its own Grafana board, {v}.",
                    "when the {c} acts up, the first place to look is the {v} dashboard.",
                ),
                (
                    "the {c} board moved: {v} replaced {o}.",
                    "Revised: the dashboard for the {c} is {v}; {o} got deleted in the cleanup.",
                ),
                "which dashboard shows the {c}",
                (
                    "gs-passes-overview",
                    "beacon-health",
                    "uplink-queue",
                    "orbit-residuals",
                    "ranging-loop",
                    "hk-archive-lag",
                    "anomaly-inbox",
                    "demod-snr",
                    "ephem-freshness",
                    "conj-screening",
                ),
            ),
            attribute(
                "metric",
                (
                    "the {c} pages on {v} going over its threshold.",
                    "the alert that matters for the {c} is {v}; the rest is noise.",
                ),
                (
                    "Mistake on my part: the {c} alerts on {v}, not {o}.",
                    "we retired {o}; the {c}'s alert watches {v} now.",
                ),
                "which metric does the {c} alert on",
                (
                    "gs_pass_gap_seconds",
                    "beacon_crc_failures_total",
                    "uplink_nak_ratio",
                    "prop_residual_km",
                    "ranging_lock_lost_total",
                    "hk_ingest_lag_seconds",
                    "triage_backlog",
                    "demod_eb_n0_db",
                    "ephem_age_hours",
                    "conj_pc_max",
                ),
            ),
        )

    return {
        "components": (
            "pass scheduler",
            "beacon decoder",
            "antenna pointer",
            "command uplinker",
            "orbit propagator",
            "ranging service",
            "housekeeping archiver",
            "anomaly classifier",
            "downlink demodulator",
            "ephemeris publisher",
            "conjunction screener",
            "frequency coordinator",
        ),
        "attributes": attributes,
        "chatter": (
            ("morning. the AOS for the next pass is in twenty minutes", "I'll keep the changes small until LOS."),
            ("why does numpy give me a different answer than the spreadsheet?", "Float rounding in the sum order."),
            ("leave the uplinker alone until the pass is over", "Understood, hands off until LOS."),
            ("could you split that function in two", "Split into parse_frame and check_frame."),
            ("what is a TLE epoch exactly?", "The time the orbital elements were fitted for."),
            ("the coffee machine on the ops floor died again", "Sorry to hear it; shall we carry on?"),
            ("signing off, the next pass is the night shift's", "See you tomorrow."),
            ("is Rust worth it for the decoder rewrite?", "Possibly; the hot loop would benefit most."),
            ("go with the second one", "Using the second approach."),
            ("squash these three commits pls", "Squashed into one commit."),
            ("what does this regex match", "Lines starting with a NORAD id and a space."),
            ("try it against the simulator first", "Ran it against the simulator; all green."),
            ("hmm, the plot looks off", "The x axis was in seconds, not minutes; fixed."),
        ),
        "code": (
            "this Fortran won't compile with gfortran 13:\n```fortran\n      SUBROUTINE KEPLR(E, M, EA)\n"
            "      REAL*8 E, M, EA\n      EA = M + E*DSIN(M)\n      END\n```",
            "    • Couldn't match type ‘Double’ with ‘Int’\n      Expected: Int\n        Actual: Double\n"
            "    • In the first argument of ‘replicate’, namely ‘n’",
            "=CRASH REPORT==== 3-Mar-2026::10:14:07.221 ===\n  crasher:\n    initial call: gs_link:init/1\n"
            "    pid: <0.412.0>\n    exception exit: {badarg,[{ets,lookup,[passes,17],[]}]}",
            '  # aws_instance.decoder will be updated in-place\n  ~ resource "aws_instance" "decoder" {\n'
            '      ~ instance_type = "c6i.large" -> "c6i.xlarge"\n    }\nPlan: 0 to add, 1 to change, 0 to destroy.',
            "```lua\nlocal function elevation(az, el)\n  if el < 5 then return nil end\n  return az * 2\nend\n```"
            "\nwhy is this nil for every pass?",
            "Seq Scan on passes  (cost=0.00..4312.10 rows=120 width=64)\n  Filter: (station_id = 7)\n"
            "  Rows Removed by Filter: 190214",
        ),
        "tool": (
            "● gs-decoder.service - beacon decoder\n     Loaded: loaded (/etc/systemd/system/gs-decoder.service)\n"
            "     Active: failed (Result: exit-code) since Tue 2026-03-03 09:12:44 UTC",
            "Mar 03 09:12:44 gs01 gs-decoder[2211]: frame sync lost after 412 frames\n"
            "Mar 03 09:12:44 gs01 systemd[1]: gs-decoder.service: Main process exited, code=exited, status=1",
            "============ 2 failed, 141 passed in 8.31s ============\nFAILED tests/test_passes.py::test_overlap",
            "NAME         IMAGE              STATUS         PORTS\nuplinker-1   gs/uplink:3.2      Up 2 hours     "
            "0.0.0.0:5021->5021/tcp",
            "a41c9e2 (HEAD -> main) fix doppler sign\n77d01b3 bump sgp4 tables\n0c3f5aa add pass overlap test",
        ),
        "acks": ("Noted for the record.", "Okay, I'll keep that in mind.", "Thanks, understood.", "Got it 🛰️"),
        "corrections": 10,
        "secrets": ("openai", "anthropic", "shopify", "discord", "digitalocean", "redis", "basic", "cloudflare"),
        "plant_secret": plant_secret,
        "secret_message": secret_message,
    }


def plant_secret(kind: str, rng: random.Random) -> list[str]:
    """A secret of ``kind`` as the strings that must never reach the disk: ``openai`` an OpenAI project key
    (``sk-proj-`` + 64 URL-safe), ``anthropic`` an Anthropic API key (``sk-ant-api03-`` + 93 URL-safe + ``AA``),
    ``shopify`` a Shopify admin token (``shpat_`` + 32 hex), ``discord`` a Discord bot token (24 + ``.`` + 6 +
    ``.`` + 38 URL-safe), ``digitalocean`` a DigitalOcean token (``dop_v1_`` + 64 hex), ``redis`` a password a
    person picked (a star name, a symbol, four digits), ``basic`` an HTTP basic-auth password (16 alphanumerics),
    ``cloudflare`` a Cloudflare API token (40 URL-safe)."""
    if kind == "openai":
        return ["sk-proj-" + draw(rng, _URLSAFE, 64)]
    if kind == "anthropic":
        return ["sk-ant-api03-" + draw(rng, _URLSAFE, 93) + "AA"]
    if kind == "shopify":
        return ["shpat_" + draw(rng, HEX, 32)]
    if kind == "discord":
        return [draw(rng, B62, 24) + "." + draw(rng, B62, 6) + "." + draw(rng, _URLSAFE, 38)]
    if kind == "digitalocean":
        return ["dop_v1_" + draw(rng, HEX, 64)]
    if kind == "redis":
        star = rng.choice(("Betelgeuse", "Aldebaran", "Fomalhaut", "Achernar"))
        return [star + rng.choice("!#%") + str(rng.randint(1000, 9999))]
    if kind == "cloudflare":
        return [draw(rng, _URLSAFE, 40)]
    return [draw(rng, string.ascii_letters + string.digits, 16)]


def secret_message(secret: Sequence[str]) -> str:
    """How the user pastes ``secret`` (from ``plant_secret``) into the chat."""
    first = secret[0]
    if first.startswith("sk-proj-"):
        return f"summariser script 401s, I exported OPENAI_API_KEY={first} — wrong org maybe?"
    if first.startswith("sk-ant-"):
        return f'curl https://api.anthropic.com/v1/messages -H "x-api-key: {first}" gives overloaded_error, retry?'
    if first.startswith("shpat_"):
        return f"merch shop sync for the open day fails, token is {first} and the store is gs-shop"
    if first.startswith("dop_v1_"):
        return f"doctl auth init --access-token {first} says unauthorized on the mirror droplet"
    if first.count(".") == 2:
        return f"pass-alert bot won't connect to the discord gateway, DISCORD_TOKEN={first}"
    if any(first.startswith(s) for s in ("Betelgeuse", "Aldebaran", "Fomalhaut", "Achernar")):
        return f"redis-cli -h cache.gs.local -a '{first}' PING hangs, is the cache down?"
    if len(first) == 40:
        return (
            "purging the status page cache: curl -X POST https://api.cloudflare.com/client/v4/zones/x/purge_cache "
            f'-H "Authorization: Bearer {first}" returns 10000'
        )
    return f"jenkins trigger: curl -u opsbot:{first} https://ci.gs.local/job/decoder/build fails with 403 since Friday"
