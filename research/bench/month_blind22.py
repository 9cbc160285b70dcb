"""The twenty-second month bank for #27, ``blind22``: written by engineer ``month19`` at stop 49 before anything of that
stop was run on it, without reading the capture code (hooks, distill, domain) or the engineers' notes of that stop; run
once at the end.

``blind5`` to ``blind20`` are tuning data now; ``blind21`` was written next to it and neither checks the other. This
bank shares no component, value, chatter line or paste with the banks before it. Its subject is a chain of climbing gyms
in Brno and Haifa (the routesetting planner, the belay inspection log, the daypass kiosk, the membership freeze desk,
the chalk stock ledger, the youth squad roster, the shoe rental tracker, the campus board sensor, the competition
scoring app, the climbing wall lights, the waiver signing tablet and the sauna booking widget), told by a Czech-Israeli
team: some turns are in Czech or Hebrew. Facts are taught in the ways of the earlier banks (a plain statement, a bare
answer to the agent's question, the agent's reading of an about screen confirmed in Czech "ano, sedí", a config line
with a comment, a fact at the end of a longer request "and for the record", asides "by the way" / "אגב", news from the
gym, a standing value with a temporary one, plain Czech and Hebrew) and in ways they did not: a reply to a code review
comment, a markdown table pasted from NetBox, a list of bullets (budget lines), a value whose unit is the other
language's ("costs V a month" with V in Czech crowns), a fact presupposed by a question ("why does the X return 404 on V
when that's its health check?"), and a fact in a code comment of a pasted snippet. Corrections: corrected twice (the
first correction wrong, put right in Hebrew or Czech), after the agent repeated the old value (answered in Czech, Hebrew
or English), Czech "oprava:", Hebrew "תיקון:", plain English ("from now on V ... instead of O", "we bumped it to V").
Six of the 45 facts are corrected. Chatter (none of it to be remembered) is requests, questions, banter, build status, a
hypothetical and boilerplate: "Odesláno z iPhonu", "נשלח מה-iPhone שלי", a Czech confidentiality footer, a Hebrew
no-reply notice, a Webex invite, an Acked-by trailer, a Dependabot PR body. Pastes are OCaml, Zig, Julia, F#, Erlang and
Fortran errors; tool output is Maven, dune, deno test, shellcheck and hadolint. The secrets are a password said in
Czech, a password said in Hebrew, a 2FA code from a Hebrew SMS, a MinIO secret key on an ``mc alias set`` line, an ngrok
authtoken, a LaunchDarkly SDK key, a wallet's twelve-word recovery phrase and an SMTP password in Django settings.

``month_bank.py`` registers it (seed 240, picked before any run from the plan's draws alone so that its six corrections
include one corrected twice and one after the agent repeated the old value). Run it only at the end: ``nice -n 10 python
-m research month --bank blind22``.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from month_kit import B62, draw

SEED = 240
NAME = "blind22"
# words a recovery phrase is drawn from (a few of BIP-39's English list)
_PHRASE = (
    "canyon",
    "ribbon",
    "orbit",
    "walnut",
    "exile",
    "timber",
    "lunar",
    "fabric",
    "gossip",
    "hazard",
    "pelican",
    "quota",
    "sketch",
    "velvet",
    "anchor",
    "blossom",
)


def bank(attribute: Callable[..., Any]) -> dict[str, Any]:
    """The ``blind22`` bank in ``month.BANKS``'s shape; ``attribute`` is ``month.Attribute`` (passed in, so this
    module imports nothing of month.py). A wording with `` || `` is spread over turns (``month.said``)."""

    def attributes(rng: random.Random) -> tuple[Any, ...]:
        return (
            attribute(
                "port",
                (
                    "the {c} is patched into switch port {v}, nothing else is on that run",
                    "switch port map I pasted from NetBox:\n| device | port | notes |\n|---|---|---|\n| {c} | {v} | "
                    "PoE |\ndoes that match what the DHCP log shows?",
                    "{c} je zapojený do portu {v}, ostatní porty jsou zavřené",
                ),
                (
                    "oprava: {c} je teď na portu {v}, ne na {o}",
                    "תיקון: {c} עבר לפורט {v}, לא {o}",
                ),
                "which switch port is the {c} patched into",
                (
                    "Gi1/0/14",
                    "Gi1/0/27",
                    "Gi1/0/38",
                    "Gi2/0/5",
                    "Gi2/0/19",
                    "Gi2/0/33",
                    "Te1/1/2",
                    "Te1/1/4",
                    "Gi3/0/11",
                    "Gi3/0/46",
                ),
            ),
            attribute(
                "cost",
                (
                    "the {c}'s licence costs {v} a month",
                    "הרישיון של {c} עולה {v} לחודש",
                    "budget lines for Q3:\n- {c} licence: {v} / month\n- new holds: not approved yet\n- chalk: same "
                    "as last quarter",
                ),
                (
                    "oprava: licence pro {c} stojí {v} měsíčně, ne {o}",
                    "the {c} invoice looks wrong || It should be {o} a month, as you told me. || ne, od července je "
                    "to {v}",
                ),
                "how much does the {c}'s licence cost per month",
                (
                    "1290 Kč",
                    "1480 Kč",
                    "1675 Kč",
                    "1830 Kč",
                    "2140 Kč",
                    "2390 Kč",
                    "2575 Kč",
                    "2760 Kč",
                    "2915 Kč",
                    "3180 Kč",
                ),
            ),
            attribute(
                "maintainer",
                (
                    'replying to your review comment ("who owns this module?"): {v} maintains the {c}, ask them '
                    "before merging",
                    "the {c} crashed on login || Who maintains the {c}? || {v}",
                    "מי שמתחזק את {c} הוא {v}",
                ),
                (
                    "correction: the {c} is maintained by Tomáš Veselý now || Updated — Tomáš Veselý for the {c}. || "
                    "סליחה, טעיתי: {v}, not Tomáš Veselý and not {o}",
                    "from now on {v} maintains the {c} instead of {o}",
                ),
                "who maintains the {c}",
                (
                    "Jana Horáková",
                    "Petr Dvořák",
                    "Lucie Procházková",
                    "Ondřej Kučera",
                    "Noa Levi",
                    "Yossi Mizrahi",
                    "Tamar Peretz",
                    "Avi Friedman",
                    "Kateřina Marková",
                    "Eitan Shapiro",
                ),
            ),
            attribute(
                "schema",
                (
                    "the {c}'s tables live in the Postgres schema {v}",
                    "can you tidy this up?\n```python\n# NOTE: {c} tables are in schema {v}, never public\n"
                    "rows = conn.execute(query).fetchall()\n```",
                    "tabulky {c} jsou ve schématu {v}",
                ),
                (
                    "oprava: {c} používá schéma {v}, ne {o}",
                    "the {c} migration failed || It writes to {o}, as you told me. || לא, עברנו ל-{v}",
                ),
                "which Postgres schema holds the {c}'s tables",
                (
                    "lezeni_core",
                    "stena_ops",
                    "brno_gym",
                    "haifa_gym",
                    "trasy_v2",
                    "smlouvy",
                    "pujcovna",
                    "zavody_live",
                    "svetla_ctl",
                    "sauna_rez",
                ),
            ),
            attribute(
                "version",
                (
                    "update the {c}'s release notes || The about screen shows version {v} for the {c} — is that "
                    "current? || ano, sedí",
                    "by the way, the {c} is on version {v}",
                    "אגב, {c} רץ על גרסה {v}",
                ),
                (
                    "תיקון: הגרסה של {c} היא {v}, לא {o}",
                    "we upgraded the {c} last night, it's on {v} now instead of {o}",
                ),
                "which version is the {c} on",
                (
                    "lz-7.12.0",
                    "lz-7.13.1",
                    "lz-8.0.3",
                    "lz-8.1.7",
                    "lz-8.2.0b",
                    "lz-8.3.4",
                    "lz-9.0.9",
                    "lz-9.1.2",
                    "lz-9.2.5",
                    "lz-9.4.0",
                ),
            ),
            attribute(
                "health",
                (
                    "why does the {c} return 404 on {v} when that's its health check?",
                    "HEALTH_PATH={v}  # {c} probe",
                    "novinky z Brna: nová stěna je hotová, {c} má health check na {v} a v pátek zavíráme dřív",
                ),
                (
                    "oprava: health check {c} je teď {v}, ne {o}",
                    "correction: the {c}'s health check is /lez/ready || Updated — /lez/ready for the {c}. || "
                    "promiň, spletl jsem se: {v}, not /lez/ready and not {o}",
                ),
                "which path is the {c}'s health check",
                (
                    "/lez/healthz",
                    "/stena/ping",
                    "/api/v3/stena-up",
                    "/kiosk/alive",
                    "/_zdravi",
                    "/ops/lez-live",
                    "/v2/tep",
                    "/check/stena",
                    "/internal/lez-up",
                    "/sys/zivy",
                ),
            ),
            attribute(
                "mailbox",
                (
                    "the {c}'s reports go to {v}",
                    "הדוחות של {c} נשלחים ל-{v}",
                    "the {c} mails {v}; during the comp weekend only it also copies the judges, but {v} is where "
                    "it belongs",
                ),
                (
                    "the {c} mails {v} now, {o} was shut down",
                    "the {c}'s mail bounced || It sends to {o}, as configured. || ne, teď je to {v}",
                ),
                "which mailbox gets the {c}'s reports",
                (
                    "ops@lezeni.example",
                    "brno-desk@lezeni.example",
                    "haifa-desk@lezeni.example",
                    "setters@lezeni.example",
                    "pokladna@lezeni.example",
                    "zavody@lezeni.example",
                    "mladez@lezeni.example",
                    "tech@lezeni.example",
                    "sauna@lezeni.example",
                    "magnezium@lezeni.example",
                ),
            ),
            attribute(
                "quota",
                (
                    "{c} má na NASu kvótu {v}",
                    "clean up the {c}'s old uploads, and for the record its quota is {v}",
                    "the {c} gets a {v} quota on the NAS",
                ),
                (
                    "oprava: kvóta {c} je {v}, ne {o}",
                    "the {c} is out of space || Its quota is {o}, as you said. || we bumped it to {v} on Monday",
                ),
                "how big is the {c}'s disk quota",
                (
                    "740 GB",
                    "860 GB",
                    "1.2 TB",
                    "1.5 TB",
                    "1.8 TB",
                    "2.25 TB",
                    "2.6 TB",
                    "3.1 TB",
                    "3.4 TB",
                    "3.9 TB",
                ),
            ),
        )

    return {
        "components": (
            "routesetting planner",
            "belay inspection log",
            "daypass kiosk",
            "membership freeze desk",
            "chalk stock ledger",
            "youth squad roster",
            "shoe rental tracker",
            "campus board sensor",
            "competition scoring app",
            "climbing wall lights",
            "waiver signing tablet",
            "sauna booking widget",
        ),
        "attributes": attributes,
        "chatter": (
            ("ahoj, jedeme dál se včerejškem?", "Ahoj! Jo, zbývá test kiosku."),
            ("תודה, עובד מעולה", "יופי!"),
            ("Odesláno z iPhonu\n\nviděl jsi mail od dodavatele chytů?", "Ano, ptají se na termín dodání."),
            (
                "Tento e-mail může obsahovat důvěrné informace. Pokud nejste jeho adresátem, smažte jej.\ncan you "
                "summarise what the insurance broker wants?",
                "They want the inspection records for both gyms by Friday.",
            ),
            (
                "הודעה זו נשלחה ממערכת אוטומטית, אין להשיב לה.\nwhat does this notice from the municipality mean?",
                "They need the fire exit plan renewed this year.",
            ),
            (
                "Join Webex meeting\nhttps://lezeni.webex.com/meet/setters\nMeeting number: 2641 883 0917\nwhat is "
                "this for?",
                "No agenda; probably the setters' weekly sync.",
            ),
            (
                "Acked-by: Dana Cohen <dana@lezeni.example>\ndo we need two of these before merging?",
                "The branch rule asks for one.",
            ),
            (
                "Bumps express from 4.18.2 to 4.19.2.\nRelease notes\nSourced from express's releases.\nis this "
                "dependabot PR safe to merge?",
                "It is a patch release; the tests pass.",
            ),
            ("mrkneš se na ten PR před obědem?", "Mrknul jsem, jedna poznámka k testům."),
            ("הבילד שוב ירוק, מעלה לסטייג'ינג", "מעולה, אני בודק את הלוגים."),
            ("venku je dneska strašné vedro, na stěně se nedá lézt", "Tak pít hodně vody!"),
            ("מה אוכלים היום בצהריים? יש שקשוקה בקפיטריה", "בתיאבון!"),
            ("what's the difference between a mutex and a semaphore again?", "A mutex has one holder; a semaphore n."),
            ("should we let members book the sauna from WhatsApp?", "Try it in one gym first."),
            ("tak zítra, díky za pomoc", "Zítra!"),
            ("does the kiosk touchscreen work with gloves?", "Only with the thin ones, I think."),
        ),
        "code": (
            'File "bin/route.ml", line 31, characters 12-20:\nError: This expression has type string but an '
            "expression was expected of type int",
            "src/lights.zig:44:21: error: expected type 'u8', found 'i32'\n    const level: u8 = brightness;",
            "ERROR: LoadError: MethodError: no method matching score(::Nothing)\nStacktrace:\n [1] top-level scope "
            "@ scoring.jl:17",
            "System.Collections.Generic.KeyNotFoundException: The given key 'B12' was not present in the "
            "dictionary.\n   at Roster.find (Roster.fs:22)",
            "** exception error: no match of right hand side value {error,timeout}\n     in function  "
            "belay_check:run/1 (belay_check.erl, line 38)",
            "At line 57 of file sensor.f90\nFortran runtime error: Index '301' of dimension 1 of array 'load' "
            "above upper bound of 300",
        ),
        "tool": (
            "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.2.2:test (default-"
            "test) on project waiver: There are test failures.",
            'File "test/test_route.ml", line 12, characters 0-40:\nError: Unbound module Grades\n'
            "dune build @runtest failed",
            "error: AssertionError: Values are not equal:\n    [Diff] Actual / Expected\n-   3\n+   4\n"
            "FAILED | 9 passed | 1 failed",
            "In deploy/sync.sh line 14:\nrsync -a $SRC $DEST\n          ^--^ SC2086 (info): Double quote to "
            "prevent globbing and word splitting.",
            'Error from server (Forbidden): pods is forbidden: User "ci" cannot list resource "pods" in API '
            'group "" in the namespace "gym"',
        ),
        "acks": ("Zapsáno.", "רשמתי.", "Got it.", "Noted, I'll keep that in mind."),
        "corrections": 6,
        "secrets": ("heslo", "sisma", "smshe", "minio", "ngrok", "launchdarkly", "phrase", "smtp"),
        "plant_secret": plant_secret,
        "secret_message": secret_message,
    }


def plant_secret(kind: str, rng: random.Random) -> list[str]:
    """A secret of ``kind`` as the strings that must never reach the disk: ``heslo`` a password said in Czech (a
    word, three digits, ``$``), ``sisma`` a password said in Hebrew (a word, four digits, ``&``), ``smshe`` a
    six-digit 2FA code from a Hebrew SMS, ``minio`` a MinIO secret key (40 base62), ``ngrok`` an ngrok authtoken
    (``2`` + 26 base62 + ``_`` + 21 base62), ``launchdarkly`` a LaunchDarkly SDK key (``sdk-`` + a UUID),
    ``phrase`` a wallet's twelve-word recovery phrase (words of BIP-39's list) and ``smtp`` an SMTP password (a
    word, four digits, ``?``)."""
    if kind == "heslo":
        return [rng.choice(("Lezec", "Jistic", "Karabina")) + f"{rng.randint(100, 999)}$"]
    if kind == "sisma":
        return [rng.choice(("karmel", "galgal", "tipus")) + f"{rng.randint(1000, 9999)}&"]
    if kind == "smshe":
        return [f"{rng.randint(100000, 999999)}"]
    if kind == "minio":
        return [draw(rng, B62, 40)]
    if kind == "ngrok":
        return ["2" + draw(rng, B62, 26) + "_" + draw(rng, B62, 21)]
    if kind == "launchdarkly":
        return ["sdk-" + str(uuid.UUID(int=rng.getrandbits(128), version=4))]
    if kind == "phrase":
        return [" ".join(rng.choice(_PHRASE) for _ in range(12))]
    return [rng.choice(("Magnezium", "Previs", "Slackline")) + f"{rng.randint(1000, 9999)}?"]


def secret_message(secret: Sequence[str]) -> str:
    """How the user pastes ``secret`` (from ``plant_secret``) into the chat; each kind opens with its own word."""
    first = secret[0]
    if first.endswith("$"):
        return f"hele, heslo do admin panelu kiosku je {first}, ale přihlášení nejde — mrkneš do logů?"
    if first.endswith("&"):
        return f"הסיסמה למחשב של הקופה היא {first} ואני לא מצליח להיכנס. אתה יכול לבדוק את הלוגים?"
    if first.endswith("?"):
        return (
            f"EMAIL_HOST = 'smtp.lezeni.example'\nEMAIL_HOST_USER = 'noreply'\nEMAIL_HOST_PASSWORD = '{first}'\n"
            "Django says SMTPAuthenticationError when the waiver mails go out"
        )
    if first.startswith("sdk-"):
        return f"LD_SDK_KEY={first}\nthe feature flags all read false on the kiosk"
    if " " in first:
        return f"recovery phrase of the gym's donation wallet: {first}\nwhere should we keep this so nobody loses it?"
    if len(first) == 49 and first[27] == "_":
        return f"ngrok config add-authtoken {first}\nthe tunnel to the lights controller still says ERR_NGROK_105"
    if len(first) == 40:
        return f"mc alias set gymstore https://minio.lezeni.example:9000 setter-ci {first}\nmc ls says Access Denied"
    return f"קוד האימות שלך הוא {first}. אין למסור אותו לאף אחד.\nwhy does the payroll site send this every time?"
