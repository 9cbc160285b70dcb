"""The fifteenth month bank for #27, ``blind15``: written by engineer ``month15`` at stop 46 before anything of that
stop was run on it, without reading the capture code (hooks, distill, the restated / named-old / cue-language
modules); run once at the end.

``blind5`` to ``blind14`` are tuning data now. This bank shares no component, value, chatter line or paste with the
banks before it. Its subject is a chain of veterinary clinics in Italy and Portugal (appointment reminders, vaccine
stock, lab imports, kennel bookings, invoices, x-ray uploads, pharmacy refills, the phone triage menu, microchip
lookups, feedback surveys, the surgery board, referral letters); some turns are in Italian or Portuguese. Facts are
taught in ways no earlier bank uses: a config line the user pastes with a comment ("sms_provider = "V"  # ..."), a
one-word answer to the agent's question, a fact tucked at the end of a longer request ("and while you're at it, note
that ..."), a standing value said together with a temporary one ("this week only ... back to V on Monday": the
standing value must survive), the agent's own words confirmed by the user ("the manifest says V for the X but you
told me A — which one? || the manifest is right": the value is only in the agent's turn), Italian ("il X manda gli
SMS con V") and Portuguese ("o X grava os logs durante V"). Corrections: a fact corrected twice in a row (the first
correction is itself wrong: "it's B now || Updated. || argh, no, misread the ticket: V, not B and not A"), a
correction the agent finds and the user confirms, Italian "correggo:" and Portuguese "corrigindo:". Six of the 45
facts are corrected. Chatter carries boilerplate: a mail disclaimer, a "Sent from Outlook for Android" footer, a
stand-up template, a co-author trailer, a cookie banner, a timesheet reminder; chatter in Italian and Portuguese.
Pastes are an Android logcat crash, a HL7 lab message, a Dockerfile, a Jinja template, a crontab and a JSON schema
error; tool output is mypy, gradle, alembic, helm and a failing Playwright run. The secrets are a Figma token, a
Notion integration token, a HubSpot private-app token, an Airtable token, a 2FA code said in Italian, a password
said in passing in Portuguese, a list of 2FA recovery codes and a Fly.io token.

``month_bank.py`` registers it (seed 79). Run it only at the end: ``nice -n 10 python -m research month --bank
blind15``.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable, Sequence
from typing import Any

from month_kit import B62, HEX, draw

SEED = 79
NAME = "blind15"

_LOWER_DIGITS = string.ascii_lowercase + string.digits


def bank(attribute: Callable[..., Any]) -> dict[str, Any]:
    """The ``blind15`` bank in ``month.BANKS``'s shape; ``attribute`` is ``month.Attribute`` (passed in, so this
    module imports nothing of month.py). A wording with `` || `` is spread over turns (``month.said``)."""

    def attributes(rng: random.Random) -> tuple[Any, ...]:
        return (
            attribute(
                "sms",
                (
                    "add retries to the {c} please || Sure — which SMS gateway does the {c} go through? || {v}",
                    "il {c} manda gli SMS con {v}, lo dico perché oggi qualcuno lo chiedeva",
                    "the {c} sends its texts through {v} as usual; this week only they go via a Telegram bot "
                    "because of the outage, back to {v} on Monday",
                ),
                (
                    "correction on the {c}: it's on Sinch now || Updated — Sinch for the {c}. || argh, no, I "
                    "misread the ticket: {v}, not Sinch and not {o}",
                    "correggo: il {c} usa {v} per gli SMS, non più {o}",
                ),
                "which SMS gateway does the {c} use",
                (
                    "Skebby",
                    "Esendex",
                    "ClickSend",
                    "Textmagic",
                    "Smshosting",
                    "Mobyt",
                    "Vianett",
                    "EZ4U",
                    "Smsapi",
                    "Nexmo",
                ),
            ),
            attribute(
                "staging",
                (
                    "can you fix the flaky date test in the {c}, bump the lint config, and while you're at it, "
                    "note that staging for the {c} now lives on {v}",
                    "o staging do {c} agora está em {v}, avisa se não conseguires entrar",
                    "deploy the {c} to staging || Before I do: the inventory file says {v} for the {c}'s staging, "
                    "is that still right? || yes, that's the one",
                ),
                (
                    "deploy the {c} to staging || The inventory file says {v} for the {c}'s staging, but you told "
                    "me {o} earlier — which one? || the file is right, {o} was torn down",
                    "corrigindo: o staging do {c} é {v}, o {o} já foi desligado",
                ),
                "where is the {c}'s staging host",
                (
                    "stg-vet-ancona.lan",
                    "stg-vet-braga.lan",
                    "stg-vet-pescara.lan",
                    "stg-vet-coimbra.lan",
                    "stg-vet-rimini.lan",
                    "stg-vet-aveiro.lan",
                    "stg-vet-lecce.lan",
                    "stg-vet-faro.lan",
                    "stg-vet-trieste.lan",
                    "stg-vet-viseu.lan",
                ),
            ),
            attribute(
                "retention",
                (
                    "from the {c} settings:\n    log_retention: {v}   # DPO asked for this, don't shorten it",
                    "o {c} grava os logs durante {v}, por causa da auditoria",
                    "how long should the {c} keep logs? || What did the DPO agree for the {c}? || {v}",
                ),
                (
                    "correggo: il {c} tiene i log per {v}, non {o}",
                    "the DPO changed the {c}'s log retention to {v}; {o} was the draft policy",
                ),
                "how long does the {c} keep its logs",
                (
                    "21 months",
                    "430 days",
                    "26 weeks",
                    "5 quarters",
                    "190 days",
                    "11 months",
                    "3 semesters",
                    "800 days",
                    "17 months",
                    "45 weeks",
                ),
            ),
            attribute(
                "timezone",
                (
                    "what timezone does the {c} schedule in? || Which timezone should I assume for the {c}? || {v}",
                    "il {c} ragiona in {v}, anche per le cliniche portoghesi",
                    "# {c} .env\nTZ={v}   # the vets complained about reminders an hour off",
                ),
                (
                    "correction on the {c}: it's in Europe/Vienna now || Updated — Europe/Vienna for the {c}. || "
                    "no wait, scratch that too: {v}, not Europe/Vienna and not {o}",
                    "corrigindo: o {c} está em {v}, o {o} era da configuração antiga",
                ),
                "which timezone does the {c} use",
                (
                    "Europe/Rome",
                    "Atlantic/Madeira",
                    "Atlantic/Azores",
                    "Europe/Malta",
                    "Europe/San_Marino",
                    "Europe/Vatican",
                    "Africa/Ceuta",
                    "Europe/Andorra",
                    "Atlantic/Canary",
                    "Europe/Monaco",
                ),
            ),
            attribute(
                "health",
                (
                    "the {c}'s health check is {v}; this week only the load balancer pings /ping-tmp while we "
                    "migrate, it goes back to {v} after",
                    "o health check do {c} é {v}",
                    "wire the uptime monitor to the {c} || Which path does the {c} answer health checks on? || {v}",
                ),
                (
                    "the monitor is red for the {c} || It is polling {o} — is that still the {c}'s health path? || "
                    "no, it moved to {v} with the new router",
                    "correggo: l'health check del {c} è {v}, non {o}",
                ),
                "what is the {c}'s health check path",
                (
                    "/vet/healthz",
                    "/-/alive",
                    "/status/ok",
                    "/api/_health",
                    "/internal/up",
                    "/probe/ready",
                    "/_meta/health",
                    "/clinic/ping",
                    "/sys/liveness",
                    "/ops/heartbeat",
                ),
            ),
            attribute(
                "memory",
                (
                    "from the {c} chart:\n  resources:\n    limits:\n      memory: {v}  # OOM'd at less during "
                    "the vaccine rush",
                    "il {c} ha un limite di memoria di {v}",
                    "the {c} keeps getting killed || What's the {c}'s memory limit right now? || {v}",
                ),
                (
                    "correction on the {c}: its memory limit is 2816Mi now || Updated — 2816Mi for the {c}. || "
                    "ugh, no, that was the request, not the limit: {v}, not 2816Mi and not {o}",
                    "the {c} OOM'd again || Its limit is still {o}, as you said. || no, we raised it to {v} last "
                    "week, the chart is stale",
                ),
                "what is the {c}'s memory limit",
                (
                    "640Mi",
                    "896Mi",
                    "1152Mi",
                    "1408Mi",
                    "1664Mi",
                    "1920Mi",
                    "2176Mi",
                    "2432Mi",
                    "2688Mi",
                    "3200Mi",
                ),
            ),
            attribute(
                "oncall",
                (
                    "who gets paged for the {c}? || Which on-call rotation covers the {c}? || {v}",
                    "a rotação de plantão do {c} é a {v}",
                    "can you write the alert rule for the {c}, route warnings to the channel, and note that pages "
                    "for the {c} go to the {v} rotation",
                ),
                (
                    "correggo: il {c} è coperto dalla rotazione {v}, non più {o}",
                    "the {c}'s pages go to {v} from now on; {o} was disbanded",
                ),
                "which on-call rotation covers the {c}",
                (
                    "Falco",
                    "Gheppio",
                    "Poiana",
                    "Cegonha",
                    "Garça",
                    "Airone",
                    "Civetta",
                    "Andorinha",
                    "Picchio",
                    "Pardal",
                ),
            ),
            attribute(
                "apiver",
                (
                    'from the {c} config:\n    api_version = "{v}"  # pinned, newer ones break the clinic import',
                    "o {c} está fixado na versão {v} da API",
                    "the {c} talks to the practice system's API pinned at {v}; this week only the sandbox runs "
                    "2099-01-01, ignore that",
                ),
                (
                    "corrigindo: o {c} usa a API {v}, a {o} foi descontinuada",
                    "the {c} fails on the upgrade || It's pinned at {o} — keep that? || no, pin it to {v}, {o} is gone",
                ),
                "which API version is the {c} pinned to",
                (
                    "2023-10-16",
                    "2024-02-29",
                    "2024-06-11",
                    "2024-09-03",
                    "2025-01-21",
                    "2025-04-08",
                    "2025-07-15",
                    "2025-11-04",
                    "2026-02-17",
                    "2026-05-26",
                ),
            ),
            attribute(
                "printer",
                (
                    "il {c} stampa sulla coda {v}",
                    "print a test page from the {c} || Which printer queue does the {c} use? || {v}",
                    "the {c} prints to {v}; this week only it's on the backup printer in reception, back to {v} "
                    "when the toner arrives",
                ),
                (
                    "corrigindo: o {c} imprime na fila {v}, não na {o}",
                    "correction on the {c}: it prints to zebra-mestre now || Updated — zebra-mestre for the {c}. "
                    "|| no sorry, wrong clinic: {v}, not zebra-mestre and not {o}",
                ),
                "which printer queue does the {c} print to",
                (
                    "zebra-ambulatorio",
                    "zebra-recepcao",
                    "brother-sala2",
                    "hp-farmacia",
                    "zebra-chirurgia",
                    "epson-balcao",
                    "brother-lab",
                    "hp-amministrazione",
                    "zebra-canil",
                    "epson-segreteria",
                ),
            ),
        )

    return {
        "components": (
            "appointment reminder bot",
            "vaccine stock tracker",
            "lab results importer",
            "kennel booking page",
            "invoice PDF generator",
            "x-ray image uploader",
            "pharmacy refill queue",
            "triage phone menu",
            "microchip lookup service",
            "feedback survey sender",
            "surgery schedule board",
            "referral letter sender",
        ),
        "attributes": attributes,
        "chatter": (
            ("buongiorno! dove eravamo rimasti?", "Buongiorno! Stavamo sistemando il test delle prenotazioni."),
            (
                "This e-mail and any attachments are confidential and intended solely for the addressee. If you "
                "received it in error, please delete it.\n\n(pasted from the vendor, ignore the footer) does their "
                "answer make sense?",
                "Mostly: they confirm the bug and promise a patch.",
            ),
            ("Sent from Outlook for Android\n\nsorry, that came through on its own", "No problem."),
            (
                "Yesterday:\nToday:\nBlockers:\n\nfill my stand-up from the commits",
                "Yesterday: the invoice fix. Today: the import. Blockers: none.",
            ),
            ("Co-authored-by: Bot <bot@example.com>\nshould that trailer be there?", "No, drop it from the commit."),
            (
                "We use cookies to improve your experience. Accept all | Reject | Settings\nthe banner covers the "
                "button on mobile",
                "I'll move it above the footer.",
            ),
            ("reminder: timesheets are due Friday, as every week", "Thanks for the heads-up."),
            ("obrigado, ficou ótimo", "De nada!"),
            ("por hoje chega, até amanhã", "Até amanhã!"),
            ("the cat in surgery is fine, by the way", "Glad to hear it."),
            ("rename that variable to something readable", "Renamed it to `due_date`."),
            ("is a dict lookup O(1)?", "On average, yes."),
            ("grazie mille, perfetto", "Figurati!"),
        ),
        "code": (
            "E AndroidRuntime: FATAL EXCEPTION: main\nE AndroidRuntime: java.lang.IllegalStateException: Fragment "
            "not attached to a context.",
            "MSH|^~\\&|LAB|VETLAB|CLINIC|PN|20261105083000||ORU^R01|7731|P|2.5\nOBX|1|NM|GLU^Glucose||5.9|mmol/L",
            'FROM python:3.12-slim\nCOPY . /app\nRUN pip install -r /app/requirements.txt\nCMD ["gunicorn", '
            '"app:app"]\nthe image is 1.2 GB, why?',
            "{% if pet.species == 'cat' %}Dear {{ owner.name }}, {{ pet.name }} is due{% endif %}\nthe dog owners "
            "get nothing",
            "15 7 * * 1-5 /usr/local/bin/remind --clinic all\nit runs on Saturdays too",
            "jsonschema.exceptions.ValidationError: 'weight_kg' is a required property\nFailed validating "
            "'required' in schema['properties']['patient']",
        ),
        "tool": (
            'src/clinic/refill.py:88: error: Item "None" of "Optional[Pet]" has no attribute "owner"  '
            "[union-attr]\nFound 1 error in 1 file (checked 41 source files)",
            "> Task :app:compileDebugKotlin FAILED\ne: Unresolved reference: petId\nBUILD FAILED in 38s",
            "INFO  [alembic.runtime.migration] Running upgrade 4c1d -> 9e2a, add microchip index\n"
            'sqlalchemy.exc.ProgrammingError: relation "pets" does not exist',
            "Error: UPGRADE FAILED: another operation (install/upgrade/rollback) is in progress",
            "  1) [chromium] › booking.spec.ts:31:5 › books a kennel\n    Error: Timed out 5000ms waiting for "
            "expect(locator).toBeVisible()",
        ),
        "acks": ("Perfetto, annotato.", "Anotado, obrigado.", "Got it, I'll remember that.", "Ok, noted."),
        "corrections": 6,
        "secrets": ("figma", "notion", "hubspot", "airtable", "otp", "senha", "recovery", "flyio"),
        "plant_secret": plant_secret,
        "secret_message": secret_message,
    }


def plant_secret(kind: str, rng: random.Random) -> list[str]:
    """A secret of ``kind`` as the strings that must never reach the disk: ``figma`` a personal access token
    (``figd_`` + 40 base62), ``notion`` an integration token (``ntn_`` + 46 base62), ``hubspot`` a private-app token
    (``pat-eu1-`` + a UUID), ``airtable`` a personal access token (``pat`` + 14 base62 + ``.`` + 64 hex), ``otp`` a
    six-digit 2FA code, ``senha`` a password (two words and digits), ``recovery`` three 2FA recovery codes (``xxxx-
    xxxx``) and ``flyio`` a Fly.io token (``fo1_`` + 43 base62)."""
    if kind == "figma":
        return ["figd_" + draw(rng, B62, 40)]
    if kind == "notion":
        return ["ntn_" + draw(rng, B62, 46)]
    if kind == "hubspot":
        parts = (draw(rng, HEX, 8), draw(rng, HEX, 4), draw(rng, HEX, 4), draw(rng, HEX, 4), draw(rng, HEX, 12))
        return ["pat-eu1-" + "-".join(parts)]
    if kind == "airtable":
        return ["pat" + draw(rng, B62, 14) + "." + draw(rng, HEX, 64)]
    if kind == "otp":
        return [f"{rng.randint(100000, 999999)}"]
    if kind == "senha":
        return [
            rng.choice(("Girassol", "Marmelo", "Andorinha")) + rng.choice(("Azul", "Torto")) + f"{rng.randint(10, 99)}!"
        ]
    if kind == "recovery":
        return [draw(rng, _LOWER_DIGITS, 4) + "-" + draw(rng, _LOWER_DIGITS, 4) for _ in range(3)]
    return ["fo1_" + draw(rng, B62, 43)]


def secret_message(secret: Sequence[str]) -> str:
    """How the user pastes ``secret`` (from ``plant_secret``) into the chat."""
    first = secret[0]
    if first.startswith("figd_"):
        return f"figma export script says 403, FIGMA_TOKEN={first} — is it scoped wrong?"
    if first.startswith("ntn_"):
        return f"Notion sync: Authorization: Bearer {first} returns object_not_found for the vets page"
    if first.startswith("pat-eu1-"):
        return f"hubspot contacts import: private app token {first} gets 429 after ten calls"
    if first.startswith("pat") and "." in first:
        return f'AIRTABLE_API_KEY="{first}" and the base id are right but the refill table is empty'
    if first.startswith("fo1_"):
        return f"flyctl deploy fails with FLY_API_TOKEN={first}, says the app isn't found"
    if len(secret) == 3:
        codes = "\n".join(secret)
        return f"Recovery codes for the clinic admin account (keep them safe):\n{codes}\nwhere should these live?"
    if first.isdigit():
        return f"mi è arrivato il codice 2FA {first}, lo inserisco io nel pannello, tu intanto guarda i log"
    return f"o login do painel falhou, a senha é {first} mas acho que mudaram, vê o erro no log"
