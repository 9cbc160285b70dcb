"""The seventeenth month bank for #27, ``blind17``: written by engineer ``month17`` at stop 47 before anything of that
stop was run on it, without reading the capture code (hooks, distill, domain/secret*) or the engineers' capture
notes; run once at the end.

``blind5`` to ``blind16`` are tuning data now. This bank shares no component, value, chatter line or paste with the
banks before it. Its subject is a small bakery chain with shops in Valencia and Lyon (the sourdough starter tracker,
the oven schedule, wholesale order intake, the delivery van router, allergen labels, the flour stock ledger, the
café loyalty app, the lamination timer, the payroll export, the franchise price sync, the feedback inbox and the
catering quote builder), told by a Spanish-French team: some turns are in Spanish or French. Facts are taught as a
plain statement, a "remember that ..." line, an answer to the agent's question, the agent's own reading confirmed by
the user ("I see search_path=V in the settings — is that its schema? || sí, esa"), a pasted config or compose line
with a comment, a fact inside a longer request ("..., and while you're at it, note that ..."), a fact inside a
longer message of unrelated news, a standing value with a temporary mirror next to it ("this month only ... too, but
V is the real one"), Spanish ("el X cobra con V") and French ("c'est V qui valide ..."). Corrections: a fact
corrected twice (the first correction itself wrong, put right in Spanish or French), corrections after the agent
repeated the old value, Spanish "corrección:", French "rectification :" / "rectif :", and a plain "legal changed it"
note. Six of the 45 facts are corrected. Chatter carries client and mail boilerplate: "Envoyé de mon iPhone", a
Spanish confidentiality footer, a Zoom invite, a PR template, a co-author trailer, "Get Outlook for iOS";
chatter in Spanish and French. Pastes are a Django traceback, a JavaScript TypeError, a Kotlin NPE, a Postgres
unique violation, an nginx block and an ESC/POS printer dump; tool output is pytest, npm, docker compose, eslint and
mypy. The secrets are a Square access token in prose, a Mailchimp key in a config line, a database URL with its
password, a password said in Spanish, a password said in French, a 2FA code from a Spanish SMS, an alarm code said
in French and a Telegram bot token in a shell export.

``month_bank.py`` registers it (seed 89). Run it only at the end: ``nice -n 10 python -m research month --bank
blind17``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from month_kit import B62, HEX, draw

SEED = 89
NAME = "blind17"


def bank(attribute: Callable[..., Any]) -> dict[str, Any]:
    """The ``blind17`` bank in ``month.BANKS``'s shape; ``attribute`` is ``month.Attribute`` (passed in, so this
    module imports nothing of month.py). A wording with `` || `` is spread over turns (``month.said``)."""

    def attributes(rng: random.Random) -> tuple[Any, ...]:
        return (
            attribute(
                "payment",
                (
                    "el {c} cobra con {v}, no lo cambiéis que el banco nos da mejor comisión así",
                    "hook the refunds into the {c} || Which payment provider does the {c} go through? || {v}",
                    "the {c} settles card payments through {v}, and the weekly payout lands on Mondays",
                ),
                (
                    "corrección: el {c} ya no usa {o}, ahora cobra con {v}",
                    "correction: the {c} moved to Ingenico || Updated — Ingenico for the {c}. || perdón, me "
                    "equivoqué de tienda: {v}, not Ingenico and not {o}",
                ),
                "which payment provider does the {c} use",
                (
                    "Getnet",
                    "Paycomet",
                    "PayPlug",
                    "Payline",
                    "Cajamar TPV",
                    "Monei",
                    "Payzen",
                    "Dalenys",
                    "Addon Payments",
                    "Sipay",
                ),
            ),
            attribute(
                "cutoff",
                (
                    "la limite de commande du {c}, c'est {v} la veille, sinon les boulangers ne peuvent pas "
                    "prévoir la pâte",
                    'cutoff:\n  {c}: "{v}"   # after this the bakers cannot plan the dough',
                    "can you add a banner to the {c} saying orders close at {v}? the shops keep asking",
                ),
                (
                    "rectification : le {c} ferme les commandes à {v}, plus à {o}",
                    "the shops missed the deadline || The {c} closes orders at {o}, as you told me. || non, "
                    "c'est {v} depuis lundi, {o} c'était l'horaire d'hiver",
                ),
                "what is the order cut-off time of the {c}",
                ("13h35", "13h50", "14h05", "14h25", "14h40", "15h10", "15h35", "16h05", "16h20", "16h45"),
            ),
            attribute(
                "schema",
                (
                    "the {c} writes to the {v} schema in the shared Postgres",
                    "migrate the {c} || I see search_path={v} in the {c}'s settings — is that its schema? || sí, esa",
                    "# {c}\nDB_SCHEMA={v}  # one schema per service, never share one",
                ),
                (
                    "the migration broke || The {c} writes to {o}, as before. || no no, the {c} writes to {v} "
                    "since the split, {o} is read-only now",
                    "correction: the {c}'s schema is horno_v9 || Updated — horno_v9 for the {c}. || ugh, no, "
                    "wrong ticket: {v}, not horno_v9 and not {o}",
                ),
                "which database schema does the {c} write to",
                (
                    "obrador_v2",
                    "fournil_v3",
                    "pedidos_v5",
                    "boulange_v1",
                    "horno_v4",
                    "viennoiserie_v2",
                    "masa_v6",
                    "levain_v3",
                    "tahona_v2",
                    "patisserie_v7",
                ),
            ),
            attribute(
                "approver",
                (
                    "remember that any change to the {c} needs {v}'s OK before it ships",
                    "c'est {v} qui valide les changements sur le {c}, pas la peine de demander à quelqu'un d'autre",
                    "who should review the {c} PR? || Who signs off on changes to the {c}? || {v}",
                ),
                (
                    "{v} took over the {c} from {o} this month, so ask them from now on",
                    "corrección: los cambios del {c} los aprueba {v}, no {o}",
                ),
                "who approves changes to the {c}",
                (
                    "Inés Olmedo",
                    "Mathilde Roux",
                    "Jordi Puig",
                    "Camille Besson",
                    "Nuria Castells",
                    "Théo Lambert",
                    "Alba Quiroga",
                    "Gaspard Morel",
                    "Lucía Ferrer",
                    "Sidonie Perrin",
                ),
            ),
            attribute(
                "port",
                (
                    "el {c} escucha en el puerto {v} detrás del router de la tienda",
                    "services:\n  {c}:\n    port: {v}   # the shop firewall only opens this one",
                    "the {c} listens on port {v}, that's why the tablet app points there",
                ),
                (
                    "rectif : le {c} écoute sur le port {v}, pas sur le {o}",
                    "the {c} health check fails || It listens on port {o}, as you said. || that was before the "
                    "proxy, it's {v} now",
                ),
                "which port does the {c} listen on",
                ("7341", "7368", "7402", "7419", "7455", "7483", "7517", "7546", "7590", "7624"),
            ),
            attribute(
                "retention",
                (
                    "the {c} purges its records after {v}, legal asked for that",
                    "le {c} garde ses données {v}, après on purge tout",
                    "write the cleanup cron for the {c} || How long does the {c} keep its data? || {v}",
                ),
                (
                    "corrección: el {c} guarda los datos {v}, no {o}",
                    "legal changed it: the {c} now keeps its data for {v} instead of {o}",
                ),
                "how long does the {c} keep its data",
                (
                    "41 days",
                    "53 days",
                    "67 days",
                    "79 days",
                    "97 days",
                    "113 days",
                    "131 days",
                    "149 days",
                    "167 days",
                    "193 days",
                ),
            ),
            attribute(
                "bucket",
                (
                    "ah, y el {c} exporta todo a {v} cada noche",
                    "could you fix the CSV header in the {c}, bump the version, and while you're at it, note "
                    "that the {c} exports to {v}",
                    "morning! three things from the shops: the oven in Gràcia is fixed, the {c} exports to {v} "
                    "every night, and Maud is off on Friday",
                ),
                (
                    "the export is empty || The {c} exports to {o}, as you told me. || that bucket is gone, it's "
                    "{v} now",
                    "rectification : le {c} exporte vers {v} et non vers {o}",
                ),
                "which bucket does the {c} export to",
                (
                    "s3://obrador-exports",
                    "s3://fournil-archive",
                    "s3://tahona-backups",
                    "s3://croissanterie-logs",
                    "s3://masa-reports",
                    "s3://levain-dumps",
                    "s3://horno-photos",
                    "s3://boulange-invoices",
                    "s3://pedidos-exports",
                    "s3://brioche-audit",
                ),
            ),
            attribute(
                "channel",
                (
                    "les alertes du {c} partent sur {v}, c'est là que l'équipe regarde",
                    "the {c}'s alerts go to {v}; this month only they're mirrored to #temp-inventario too, but "
                    "{v} is the real one",
                    "set up paging for the {c} || I see {v} in the {c}'s alert config — is that the right "
                    "channel? || oui",
                ),
                (
                    "rectification : les alertes du {c} vont sur {v}, pas sur {o}",
                    "correction: the {c}'s alerts go to #general-ops || Updated — #general-ops for the {c}. || "
                    "non, pardon: {v}, not #general-ops and not {o}",
                ),
                "which channel do the {c}'s alerts go to",
                (
                    "#alertes-fournil",
                    "#avisos-obrador",
                    "#pos-caisse",
                    "#hornos-guardia",
                    "#livraisons-nuit",
                    "#pedidos-urgentes",
                    "#tienda-centro",
                    "#boutique-lyon",
                    "#masa-madre-ops",
                    "#four-astreinte",
                ),
            ),
        )

    return {
        "components": (
            "sourdough starter tracker",
            "oven schedule service",
            "wholesale order intake",
            "van delivery router",
            "allergen label generator",
            "flour stock ledger",
            "café loyalty app",
            "lamination timer",
            "payroll export job",
            "franchise price sync",
            "feedback inbox",
            "catering quote builder",
        ),
        "attributes": attributes,
        "chatter": (
            ("buenos días, ¿seguimos con lo de ayer?", "¡Buenos días! Sí, quedaba el test del carrito."),
            ("merci, ça marche nickel", "Parfait !"),
            (
                "Envoyé de mon iPhone\n\ntu as vu le mail du moulin ?",
                "Oui, la farine arrive avec deux jours de retard.",
            ),
            (
                "Este mensaje y sus anexos son confidenciales. Si usted no es el destinatario, por favor "
                "elimínelo.\ncan you summarise what the butter supplier wants?",
                "They raise butter prices by 6% in March.",
            ),
            (
                "Join Zoom Meeting\nhttps://zoom.us/j/93120045518\nMeeting ID: 931 2004 5518\nwhat is that call about?",
                "No agenda attached; probably the Christmas rota.",
            ),
            (
                "<!-- Please describe your changes -->\n## Checklist\n- [ ] tests\n- [ ] docs\nfill the PR "
                "template for this branch",
                "Filled it in.",
            ),
            (
                "Co-authored-by: Marta Vidal <marta@obrador.example>\nwhat does that trailer do?",
                "It credits a second author on the commit.",
            ),
            ("the galette des rois sold out by ten this morning", "Impressive!"),
            (
                "what's the difference between a mutex and a semaphore, in two lines?",
                "A mutex lets one holder in; a semaphore lets up to N.",
            ),
            ("rename that variable to something sensible", "Renamed it to order_total."),
            ("¿puedes mirar por qué falla el pipeline?", "Un test espera el formato de fecha antiguo."),
            ("bonne soirée, à demain", "À demain !"),
            ("Get Outlook for iOS\n\nok, go ahead with the refactor", "On it."),
        ),
        "code": (
            'Traceback (most recent call last):\n  File "orders/views.py", line 88, in checkout\n    basket.total '
            "+= line.price\nTypeError: unsupported operand type(s) for +=: 'Decimal' and 'float'",
            "Uncaught TypeError: Cannot read properties of undefined (reading 'croissants')\n    at renderBasket "
            "(basket.js:42:17)",
            "java.lang.NullPointerException: Attempt to invoke virtual method 'int Tray.getCount()' on a null "
            "object reference\n    at fr.fournil.app.TrayAdapter.onBind(TrayAdapter.kt:61)",
            'ERROR:  duplicate key value violates unique constraint "pedido_linea_pkey"\nDETAIL:  Key (pedido_id, '
            "linea)=(5512, 3) already exists.",
            "location /api/ {\n    proxy_pass http://127.0.0.1:8000;\n    proxy_read_timeout 5s;\n}\nwhy 504 on "
            "big orders?",
            "1B 40 1B 61 01 1D 21 11 50 41 4E 20 44 45 20 4D 41 49 5A\nthe ticket printer prints garbage after this",
        ),
        "tool": (
            "FAILED tests/test_basket.py::test_vat_rounding - AssertionError: assert Decimal('4.40') == "
            "Decimal('4.41')\n1 failed, 2 passed in 0.83s",
            "npm ERR! code ELIFECYCLE\nnpm ERR! errno 1\nnpm ERR! loyalty-app@2.4.0 build: `vite build`",
            "Error response from daemon: driver failed programming external connectivity on endpoint "
            "fournil-api: Bind for 0.0.0.0:8000 failed: port is already allocated",
            "src/basket.ts\n  14:7  error  'discount' is assigned a value but never used  no-unused-vars\n\n"
            "✖ 1 problem (1 error, 0 warnings)",
            'orders/models.py:31: error: Incompatible return value type (got "float", expected "Decimal")\n'
            "Found 1 error in 1 file (checked 24 source files)",
        ),
        "acks": ("Anotado.", "C'est noté, merci.", "Got it, noted.", "Okay, I'll keep that in mind."),
        "corrections": 6,
        "secrets": ("square", "mailchimp", "dburl", "contrasena", "motdepasse", "sms", "alarme", "telegram"),
        "plant_secret": plant_secret,
        "secret_message": secret_message,
    }


def plant_secret(kind: str, rng: random.Random) -> list[str]:
    """A secret of ``kind`` as the strings that must never reach the disk: ``square`` an access token (``EAAA`` +
    60 base62), ``mailchimp`` an API key (32 hex + ``-us21``), ``dburl`` a database password (a word, digits and a
    sign) inside a postgres URL, ``contrasena`` a password said in Spanish, ``motdepasse`` a password said in
    French, ``sms`` a six-digit 2FA code from a Spanish SMS, ``alarme`` an eight-digit alarm code said in French
    and ``telegram`` a bot token (9 digits, ``:AA`` and 33 base62) in a shell export."""
    if kind == "square":
        return ["EAAA" + draw(rng, B62, 60)]
    if kind == "mailchimp":
        return [draw(rng, HEX, 32) + "-us21"]
    if kind == "dburl":
        return [rng.choice(("Obrador", "Levadura", "Hojaldre")) + f"{rng.randint(1000, 9999)}" + rng.choice("$*%")]
    if kind == "contrasena":
        return [rng.choice(("Ensaimada", "Magdalena", "Rosquilla")) + f"{rng.randint(100, 999)}" + rng.choice("!?")]
    if kind == "motdepasse":
        return [rng.choice(("Brioche", "Chausson", "Madeleine")) + rng.choice("-_") + f"{rng.randint(10, 99)}" + "&"]
    if kind == "sms":
        return [f"{rng.randint(100000, 999999)}"]
    if kind == "alarme":
        return [f"{rng.randint(10000000, 99999999)}"]
    return [f"{rng.randint(100000000, 999999999)}:AA" + draw(rng, B62, 33)]


def secret_message(secret: Sequence[str]) -> str:
    """How the user pastes ``secret`` (from ``plant_secret``) into the chat; each kind opens with its own word."""
    first = secret[0]
    if first.startswith("EAAA"):
        return f"Square keeps answering UNAUTHORIZED for the POS sync, the token in the ticket is {first}"
    if first.endswith("-us21"):
        return f'[newsletter]\nlist_id = "a41f0c"\napi_key = "{first}"\nthe campaign export stopped, what changed?'
    if first[-1] in "$*%":
        return f"DATABASE_URL=postgres://obrador:{first}@10.31.4.9:5432/pedidos\nthis times out from the van app"
    if first[-1] in "!?":
        return f"oye, la contraseña del panel del horno es {first} y no me deja entrar, ¿miras los logs?"
    if first.endswith("&"):
        return f"Bon, le mot de passe du back-office c'est {first}, mais la connexion échoue, tu regardes ?"
    if ":AA" in first:
        return f"export TELEGRAM_BOT_TOKEN={first}\npython notify.py  # nothing arrives in the shop group"
    if len(first) == 8:
        return f"Pour l'alarme de la boutique, le code c'est {first} si jamais tu dois la couper ce soir"
    return (
        f"SMS de BBVA: Tu código de verificación es {first}. No lo compartas con nadie.\n"
        "why does the bank export ask for it every time?"
    )
