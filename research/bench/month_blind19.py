"""The nineteenth month bank for #27, ``blind19``: written by engineer ``month18`` at stop 48 before anything of that
stop was run on it, without reading the capture code (hooks, distill, domain/secret*) or the engineers' capture
notes; run once at the end.

``blind5`` to ``blind18`` are tuning data now; ``blind20`` was written next to it and neither checks the other. This
bank shares no component, value, chatter line or paste with the banks before it. Its subject is a football club's
software, a club in Braga with an Italian sister club in Bergamo (the turnstile scan gateway, season ticket renewals,
the scouting notes database, the academy attendance register, the pitch irrigation controller, the kit room
inventory, the GPS vest importer, the highlight clip cutter, the megastore web shop, the steward rota planner,
hospitality box booking and the medical injury log), told by a Portuguese-Italian staff: some turns are in
Portuguese or Italian. Facts are taught as a plain statement, a bare answer to the agent's question, the agent's
reading of the settings confirmed by the user ("I see V listed as its emergency contact — still right? || yes"), a
pasted config line with a comment, a config block in a code fence, a fact inside a request ("write a load test ...,
it should stay under its V limit"), a fact at the end of a longer request ("..., and for the record ..."), an aside
("btw", "a propósito", "tra l'altro"), a fact inside a message of news from the training ground, a standing value
with a temporary one next to it ("for the derby only ..., but V is the normal cap"), Portuguese ("o X consome da
fila V") and Italian ("il X si sincronizza ogni V"). Corrections: corrected twice (the first correction itself
wrong, put right in Portuguese or Italian), corrections after the agent repeated the old value (some answered in
Portuguese or Italian), Portuguese "correção:", Italian "correzione:", plain English. Six of the 45 facts are
corrected. Chatter (none of it to be remembered) is requests, questions, banter about matches, build status, a
hypothetical, and mail boilerplate: "Enviado do meu iPhone", "Inviato da iPhone", an Italian confidentiality footer,
a Teams invite, a PR template, a review trailer. Pastes are a Go panic, a Rust borrow error, a PHP fatal error, a
C# exception, a Terraform error and an Elixir clause error; tool output is go test, cargo, phpunit, dotnet test and
terraform. The secrets are an Algolia admin key in an env paste, a Google service-account private key in its JSON,
a Bitbucket app password in a git remote URL, a password said in Italian, a 2FA code from a Portuguese SMS, a
padlock combination said in Portuguese, a JWT in a curl header and an SSH password on an ``sshpass -p`` line.

``month_bank.py`` registers it (seed 101). Run it only at the end: ``nice -n 10 python -m research month --bank
blind19``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from month_kit import B62, B64, HEX, draw

SEED = 101
NAME = "blind19"


def bank(attribute: Callable[..., Any]) -> dict[str, Any]:
    """The ``blind19`` bank in ``month.BANKS``'s shape; ``attribute`` is ``month.Attribute`` (passed in, so this
    module imports nothing of month.py). A wording with `` || `` is spread over turns (``month.said``)."""

    def attributes(rng: random.Random) -> tuple[Any, ...]:
        return (
            attribute(
                "vendor",
                (
                    "a manutenção do {c} é com a {v}, qualquer problema abre-se ticket com eles",
                    "the {c} is maintained by {v}, they have the support contract until 2028",
                    "draft an email to the vendor about the {c} outage || Which company maintains the {c}? || {v}",
                ),
                (
                    "correção: o {c} agora é mantido pela {v}, já não pela {o}",
                    "the {c} timed out again, open a ticket || I'll open it with {o}, who maintain the {c}. || "
                    "no, {o} lost the contract in the spring, it's {v} now",
                ),
                "which company maintains the {c}",
                (
                    "Bilheteira Norte Lda",
                    "Tornelli Sistemi",
                    "Campo Digitale",
                    "Relvado Tech",
                    "Arbitro Software",
                    "Curva Sud Labs",
                    "Estádio Cloud",
                    "Pallone Data",
                    "Bancada Systems",
                    "Golo Informática",
                ),
            ),
            attribute(
                "contact",
                (
                    "se il {c} si blocca chiamate {v}, è la persona che conosce quel codice",
                    "btw, if the {c} goes down on a matchday, {v} is the one to call",
                    "set up the on-call rotation for the {c} || I see {v} listed as the {c}'s emergency contact — "
                    "still right? || yes, that's right",
                ),
                (
                    "correzione: per il {c} adesso si chiama {v}, non più {o}",
                    "correction: call Nuno Faria for the {c} || Updated — Nuno Faria for the {c}. || desculpa, "
                    "enganei-me: {v}, not Nuno Faria and not {o}",
                ),
                "who do we call when the {c} breaks",
                (
                    "Tiago Carvalho",
                    "Beatriz Lopes",
                    "Gianluca Ferri",
                    "Chiara Donati",
                    "Rui Mendonça",
                    "Francesca Galli",
                    "Duarte Pinheiro",
                    "Ilaria Conti",
                    "Marta Seixas",
                    "Lorenzo Bassi",
                ),
            ),
            attribute(
                "queue",
                (
                    "# {c}\nconsumer:\n  queue: {v}   # one consumer group per service, do not share",
                    "o {c} consome da fila {v}",
                    "add a dead-letter handler to the {c} and bump its version, and for the record, the {c} "
                    "consumes from {v}",
                ),
                (
                    "the {c} is lagging || It consumes from {o}, as you told me. || não, mudou na migração: "
                    "agora é {v}",
                    "small fix to what I said: the {c} reads from {v}, not {o}",
                ),
                "which queue does the {c} consume from",
                (
                    "matchday.scans.v3",
                    "academia.presencas",
                    "rega.eventos",
                    "magazzino.divise",
                    "video.tagli",
                    "ingressi.porta7",
                    "loja.encomendas",
                    "stewards.turni",
                    "scout.relatorios",
                    "camarote.reservas",
                ),
            ),
            attribute(
                "interval",
                (
                    "il {c} si sincronizza ogni {v}, non di più sennò il fornitore ci blocca",
                    "here's the sync bit of the {c}'s config:\n```yaml\nsync:\n  every: {v}\n  jitter: 20s\n```",
                    "the {c} pulls fresh data every {v}",
                ),
                (
                    "correzione: il {c} ora si sincronizza ogni {v}, non ogni {o}",
                    "the {c} data looks old || It syncs every {o}, as configured. || era così prima, adesso ogni {v}",
                ),
                "how often does the {c} sync",
                ("7 min", "11 min", "13 min", "17 min", "19 min", "23 min", "29 min", "31 min", "37 min", "43 min"),
            ),
            attribute(
                "repo",
                (
                    "the {c} lives in the {v} repo on our GitLab",
                    "clone the {c} and run its tests || Which repository is the {c} in? || {v}",
                    "a propósito, o código do {c} está no {v}",
                ),
                (
                    "o {c} foi movido para {v}, o {o} está arquivado",
                    "correction: the {c} moved to clube/sentinela || Updated — clube/sentinela for the {c}. || "
                    "scusa, ho sbagliato: {v}, not clube/sentinela and not {o}",
                ),
                "which repository holds the {c}'s code",
                (
                    "clube/andorinha",
                    "clube/cormorano",
                    "clube/pintassilgo",
                    "clube/airone",
                    "clube/gaivota",
                    "clube/fenicottero",
                    "clube/poupa",
                    "clube/upupa",
                    "clube/melro",
                    "clube/pettirosso",
                ),
            ),
            attribute(
                "window",
                (
                    "we only ship the {c} on {v}, never the day before a match",
                    "a janela de deploy do {c} é {v}",
                    "news from the training ground: the new sprinkler heads are in, the {c}'s release slot is "
                    "{v}, and the under-19s won on Sunday",
                ),
                (
                    "correzione: la finestra di rilascio del {c} è {v}, non {o}",
                    "from next week the {c}'s release window is {v} instead of {o}",
                ),
                "when is the {c}'s release window",
                (
                    "Mon 07:10",
                    "Tue 06:40",
                    "Wed 05:50",
                    "Thu 07:25",
                    "Fri 06:05",
                    "Mon 05:35",
                    "Tue 07:55",
                    "Wed 06:20",
                    "Thu 05:15",
                    "Fri 07:40",
                ),
            ),
            attribute(
                "ratelimit",
                (
                    "il {c} ha un limite di {v}, oltre quello risponde 429",
                    "the {c} is capped at {v}; for the derby only we lift it to 900 req/s, but {v} is the normal cap",
                    "write a load test for the {c}, it should stay under its {v} limit, and tell me how long it takes",
                ),
                (
                    "correção: o limite do {c} passou para {v}, antes era {o}",
                    "the {c} returns 429 at peak || Its limit is {o}, as you said. || they raised it last week, "
                    "it's {v} now",
                ),
                "what is the {c}'s rate limit",
                (
                    "35 req/s",
                    "45 req/s",
                    "55 req/s",
                    "65 req/s",
                    "85 req/s",
                    "95 req/s",
                    "105 req/s",
                    "115 req/s",
                    "135 req/s",
                    "145 req/s",
                ),
            ),
            attribute(
                "logindex",
                (
                    "tra l'altro, il {c} scrive i log nell'indice {v}",
                    "the {c} writes its logs to {v} in OpenSearch",
                    "build me a dashboard for the {c} || I see the index pattern {v} in the {c}'s logging config "
                    "— is that the one? || sim, esse",
                ),
                (
                    "correction: the {c} logs go to {v} now, {o} was the old cluster",
                    "correzione: l'indice del {c} è {v}, non {o}",
                ),
                "which log index does the {c} write to",
                (
                    "ops-dragao-*",
                    "ops-leone-*",
                    "ops-lupo-*",
                    "ops-falco-*",
                    "ops-aquila-*",
                    "ops-touro-*",
                    "ops-corvo-*",
                    "ops-lince-*",
                    "ops-orso-*",
                    "ops-cavalo-*",
                ),
            ),
        )

    return {
        "components": (
            "turnstile scan gateway",
            "season ticket renewer",
            "scouting notes database",
            "academy attendance register",
            "pitch irrigation controller",
            "kit room inventory",
            "GPS vest importer",
            "highlight clip cutter",
            "megastore web shop",
            "steward rota planner",
            "hospitality box booking",
            "medical injury log",
        ),
        "attributes": attributes,
        "chatter": (
            ("bom dia! que jogo ontem, 2-1 aos 94 minutos", "Que final! Bom dia."),
            ("grazie mille, perfetto così", "Prego!"),
            (
                "Enviado do meu iPhone\n\nviste o email da liga sobre os horários?",
                "Vi, pedem confirmação até sexta.",
            ),
            (
                "Questo messaggio e i suoi allegati sono riservati. Se lo avete ricevuto per errore, "
                "cancellatelo.\ncan you summarise what the shirt sponsor is asking for?",
                "A bigger logo on the sleeve from next season.",
            ),
            (
                "Microsoft Teams meeting\nJoin on your computer, mobile app or room device\nClick here to join the "
                "meeting\nwhat's this call about?",
                "The invite has no agenda; probably the pre-season tour.",
            ),
            (
                "## What does this PR do?\n\n## How to test\n\n- [ ] screenshots\nfill in this PR description",
                "Filled it in.",
            ),
            (
                "Reviewed-by: Giulia Marchetti <giulia@clube.example>\nshould I add this trailer myself?",
                "Add it once she has approved.",
            ),
            ("can you explain what a materialized view is, briefly?", "A stored query result you refresh."),
            ("pode rever este PR antes do almoço?", "Revisto: só um comentário sobre nomes."),
            ("build is green again, deploying to staging now", "Great, I'll watch the logs."),
            ("che partita ieri sera, il portiere ha parato tutto", "Una serata da ricordare!"),
            ("Inviato da iPhone\n\nok, procedi pure con il refactoring", "Procedo."),
            ("maybe we should move the shop to Shopify next season, what do you think?", "Compare costs first."),
            ("lunch? the canteen has francesinha today", "Enjoy!"),
            ("até amanhã, bom trabalho", "Até amanhã!"),
            ("is the stadium Wi-Fi on 5 GHz only?", "I don't know; the network team would."),
        ),
        "code": (
            "panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: "
            "segmentation violation code=0x1 addr=0x18 pc=0x6b2f1a]\n\ngoroutine 47 [running]:\n"
            "main.(*Gate).Scan(0x0)\n\t/app/gate.go:88 +0x1a",
            "error[E0502]: cannot borrow `seats` as mutable because it is also borrowed as immutable\n  --> "
            "src/allocate.rs:41:9",
            "PHP Fatal error:  Uncaught Error: Call to a member function getPrice() on null in "
            "/var/www/shop/src/Cart.php:57",
            "System.NullReferenceException: Object reference not set to an instance of an object.\n   at "
            "Club.Tickets.Renewal.Apply(Member m) in Renewal.cs:line 112",
            "Error: creating S3 Bucket (clube-clips-eu): BucketAlreadyExists\n\n  with aws_s3_bucket.clips,\n  "
            "on main.tf line 14",
            "** (FunctionClauseError) no function clause matching in Squad.Fitness.load/2\n    "
            "lib/squad/fitness.ex:23: Squad.Fitness.load(nil, [])",
        ),
        "tool": (
            "--- FAIL: TestGateScan (0.02s)\n    gate_test.go:31: expected 204, got 409\nFAIL\nFAIL\tclube/gates\t"
            "0.418s",
            "test result: FAILED. 11 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.37s",
            "PHPUnit 10.5.2\n\n.F..\n\nThere was 1 failure:\n1) CartTest::testVoucher\nFailed asserting that 18.5 "
            "matches expected 19.0.",
            "Failed Club.Tests.RenewalTests.Discount_Applies [42 ms]\n  Error Message:\n   Assert.Equal() "
            "Failure\nTotal tests: 37\n     Passed: 36\n     Failed: 1",
            '│ Error: Unsupported argument\n│\n│   on variables.tf line 9:\n│    9:   defualt = "eu-west-1"',
        ),
        "acks": ("Fica registado.", "Ricevuto, grazie.", "Got it, noted.", "Okay, I'll keep that in mind."),
        "corrections": 6,
        "secrets": ("algolia", "gcpkey", "bitbucket", "passwordit", "smspt", "cadeado", "jwt", "sshpass"),
        "plant_secret": plant_secret,
        "secret_message": secret_message,
    }


def plant_secret(kind: str, rng: random.Random) -> list[str]:
    """A secret of ``kind`` as the strings that must never reach the disk: ``algolia`` an admin API key (32 hex),
    ``gcpkey`` the body of a service account's PKCS#8 private key (``MIIEvQIBADANBgkqhkiG9w0BAQEFAASC`` + 64
    base64), ``bitbucket`` an app password (``ATBB`` + 32 base62), ``passwordit`` a password said in Italian (a word,
    two digits, ``%``), ``smspt`` a six-digit 2FA code from a Portuguese SMS, ``cadeado`` a four-digit padlock
    combination said in Portuguese, ``jwt`` a signed JWT (``eyJ`` header, payload and signature) and ``sshpass`` an
    SSH password (a word, ``#``, four digits)."""
    if kind == "algolia":
        return [draw(rng, HEX, 32)]
    if kind == "gcpkey":
        return ["MIIEvQIBADANBgkqhkiG9w0BAQEFAASC" + draw(rng, B64, 64)]
    if kind == "bitbucket":
        return ["ATBB" + draw(rng, B62, 32)]
    if kind == "passwordit":
        return [rng.choice(("Curvasud", "Fuorigioco", "Traversa")) + f"{rng.randint(10, 99)}%"]
    if kind == "smspt":
        return [f"{rng.randint(100000, 999999)}"]
    if kind == "cadeado":
        return [f"{rng.randint(1000, 9999)}"]
    if kind == "jwt":
        return ["eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + draw(rng, B62, 48) + "." + draw(rng, B62, 43)]
    return [rng.choice(("Relvado", "Balneario", "Bancada")) + f"#{rng.randint(1000, 9999)}"]


def secret_message(secret: Sequence[str]) -> str:
    """How the user pastes ``secret`` (from ``plant_secret``) into the chat; each kind opens with its own word."""
    first = secret[0]
    if first.startswith("MIIEvQ"):
        return (
            '{\n  "type": "service_account",\n  "project_id": "clube-video-prod",\n  "private_key": "-----BEGIN '
            f'PRIVATE KEY-----\\n{first}\\n-----END PRIVATE KEY-----\\n",\n  "client_email": '
            '"clips@clube-video-prod.iam.gserviceaccount.com"\n}\nthe clip upload says invalid_grant with this file'
        )
    if first.startswith("ATBB"):
        return (
            f"git remote set-url origin https://ricardo-fc:{first}@bitbucket.org/clube/megastore.git\n"
            "push still asks me for a password"
        )
    if first.startswith("eyJ"):
        return (
            f"curl -H 'Authorization: Bearer {first}' https://api.clube.example/v2/lugares\nwhy do I get 403 with this?"
        )
    if first.endswith("%"):
        return f"ascolta, la password del server video è {first}, ma non riesco a entrare: puoi guardare i log?"
    if "#" in first:
        return f"sshpass -p '{first}' ssh deploy@10.20.4.17 'systemctl restart rega'\nit hangs after the login"
    if len(first) == 32:
        return f"ALGOLIA_APP_ID=K7QXW2M9PL\nALGOLIA_ADMIN_API_KEY={first}\nthe shop search returns nothing since Friday"
    if len(first) == 4:
        return f"o código do cadeado do armário dos coletes é {first}, caso precises de lá ir buscar material"
    return (
        f"Millennium bcp: o seu código de autorização é {first}. Não partilhe este código.\n"
        "why does the payroll portal ask for this every time?"
    )
