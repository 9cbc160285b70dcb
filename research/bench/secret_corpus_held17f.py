"""A held-out split of VENDOR CREDENTIALS NO SPLIT HAS YET and their PUBLIC LOOK-ALIKES, ``held17f``: written by
vendor52 before any change of stop 49.

Scored at the start (on main) and once at the end of the stop; never read while tuning. Its own seed, vendors,
value makers and frames, in a voice of its own (a choir's website, a ferry timetable app, a village bakery's
shop, a climbing gym's booking system):

- ``format``: 150+ credentials of 40+ vendor kinds that neither breaker48 nor any older split names (checked by
  vendor name and prefix with grep over research/bench and /work/breaker48 when this file was written), each in
  the containers where breaker48's vendor tokens leaked: value then noun, markdown table, CSV row, JS const,
  Python dict, a sentence in one of eight languages, tfvars, chat DM, systemd, k8s ``stringData``, PowerShell,
  GitHub Actions ``env:``; plus secret webhook URLs (the hook's secret is a path segment) and Azure connection
  strings with an access key. ``secret`` is the value.
- ``prose``: 300+ ordinary lines naming a public look-alike of the same vendors: publishable and client keys,
  site, app, project and workspace ids, ARNs and other references to a secret, anon JWTs, placeholders,
  dashboard URLs, connection strings without a key. They must stay storable.

Shapes are the vendors' documented prefixes and lengths where they publish one, else a random value of a
plausible length; every value is random and fake.
"""

# ruff: noqa: E501  (data lines: a value maker reads best on one line)
from __future__ import annotations

import base64
import json
import random
import uuid
from collections.abc import Callable, Iterator

from secret_rows import B62, B64, B64URL, HEX, LOWER_NUM, UPPER_NUM, Row, rand

HALF = "held17f"
SEED = 49_2026_12_07_17
Maker = Callable[[random.Random], str]
DIGITS = "0123456789"
LOWER = "abcdefghijklmnopqrstuvwxyz"


def _r(alphabet: str, n: int, prefix: str = "", suffix: str = "") -> Maker:
    return lambda g: prefix + rand(g, alphabet, n) + suffix


def _uuid(g: random.Random) -> str:
    return str(uuid.UUID(int=g.getrandbits(128), version=4))


def _b64json(payload: dict[str, object]) -> str:
    return base64.urlsafe_b64encode(json.dumps(payload, separators=(",", ":")).encode()).decode().rstrip("=")


def _jwt(claims: Callable[[random.Random], dict[str, object]]) -> Maker:
    def make(g: random.Random) -> str:
        head = _b64json({"alg": "HS256", "typ": "JWT"})
        return f"{head}.{_b64json(claims(g))}.{rand(g, B64URL, 43)}"

    return make


def _sanctum(g: random.Random) -> str:
    return f"{g.randint(1, 999)}|{rand(g, B62, 40)}"


def _supabase_claims(role: str) -> Callable[[random.Random], dict[str, object]]:
    def claims(g: random.Random) -> dict[str, object]:
        iat = 1_700_000_000 + g.randint(0, 40_000_000)
        return {"iss": "supabase", "ref": rand(g, LOWER, 20), "role": role, "iat": iat, "exp": iat + 315_360_000}

    return claims


Side = tuple[str, str, Maker]
# vendor -> (secrets: (noun, env name, maker)), (public look-alikes: (noun, env name, maker))
VENDORS: list[tuple[str, list[Side], list[Side]]] = [
    (
        "Uploadcare",
        [("secret key", "UPLOADCARE_SECRET_KEY", _r(HEX, 20))],
        [("public key", "UPLOADCARE_PUB_KEY", _r(HEX, 20))],
    ),
    ("Loops", [("API key", "LOOPS_API_KEY", _r(HEX, 32))], [("form ID", "LOOPS_FORM_ID", _r(LOWER_NUM, 25, "cl"))]),
    (
        "Customer.io",
        [("App API key", "CUSTOMERIO_APP_API_KEY", _r(HEX, 32))],
        [("site ID", "CUSTOMERIO_SITE_ID", _r(HEX, 20))],
    ),
    (
        "GrowthBook",
        [("secret API key", "GROWTHBOOK_SECRET_KEY", _r(LOWER_NUM, 40, "secret_admin_"))],
        [("client key", "GROWTHBOOK_CLIENT_KEY", _r(B62, 16, "sdk-"))],
    ),
    (
        "Optimizely",
        [("personal access token", "OPTIMIZELY_TOKEN", _r(B64URL, 43, "2:"))],
        [("SDK key", "OPTIMIZELY_SDK_KEY", _r(B62, 22))],
    ),
    (
        "Twingate",
        [("API token", "TWINGATE_API_TOKEN", _r(B64URL, 80))],
        [("network name", "TWINGATE_NETWORK", _r(LOWER, 8))],
    ),
    (
        "DeepInfra",
        [("API token", "DEEPINFRA_TOKEN", _r(B62, 32))],
        [("deployment ID", "DEEPINFRA_DEPLOY_ID", _r(LOWER_NUM, 16, "dpl_"))],
    ),
    (
        "Hyperbolic",
        [
            (
                "API key",
                "HYPERBOLIC_API_KEY",
                _jwt(
                    lambda g: {
                        "sub": f"{rand(g, LOWER, 7)}@bakery.example",
                        "iat": 1_720_000_000 + g.randint(0, 9_999_999),
                    }
                ),
            )
        ],
        [
            (
                "model name",
                "HYPERBOLIC_MODEL",
                lambda g: g.choice(
                    ["meta-llama/Llama-3.3-70B-Instruct", "Qwen/Qwen2.5-72B-Instruct", "deepseek-ai/DeepSeek-V3"]
                ),
            )
        ],
    ),
    (
        "SambaNova",
        [("API key", "SAMBANOVA_API_KEY", _uuid)],
        [("project ID", "SAMBANOVA_PROJECT", _r(DIGITS, 6, "prj-"))],
    ),
    (
        "Paperspace",
        [("API key", "PAPERSPACE_API_KEY", _r(HEX, 32))],
        [("machine ID", "PAPERSPACE_MACHINE", _r(LOWER_NUM, 8, "ps"))],
    ),
    (
        "Northflank",
        [("API token", "NORTHFLANK_TOKEN", _r(B64URL, 48, "nf-"))],
        [("project ID", "NORTHFLANK_PROJECT", _r(LOWER, 10, "ferry-"))],
    ),
    (
        "Coolify",
        [("API token", "COOLIFY_TOKEN", _sanctum)],
        [("server UUID", "COOLIFY_SERVER_UUID", _r(LOWER_NUM, 24))],
    ),
    (
        "Nhost",
        [("admin secret", "NHOST_ADMIN_SECRET", _r(B62 + "#'-_=!", 32))],
        [("subdomain", "NHOST_SUBDOMAIN", _r(LOWER, 20))],
    ),
    (
        "PocketBase",
        [
            (
                "superuser token",
                "PB_SUPERUSER_TOKEN",
                _jwt(
                    lambda g: {
                        "collectionId": rand(g, LOWER_NUM, 15),
                        "exp": 1_760_000_000 + g.randint(0, 9_999_999),
                        "id": rand(g, LOWER_NUM, 15),
                        "type": "auth",
                    }
                ),
            )
        ],
        [("collection ID", "PB_COLLECTION", _r(LOWER_NUM, 15, "pbc_"))],
    ),
    (
        "Knock",
        [("secret API key", "KNOCK_SECRET_API_KEY", _r(B64URL, 43, "sk_test_"))],
        [("public API key", "KNOCK_PUBLIC_API_KEY", _r(B64URL, 43, "pk_test_"))],
    ),
    ("Novu", [("API key", "NOVU_API_KEY", _r(HEX, 32))], [("application identifier", "NOVU_APP_ID", _r(B64URL, 12))]),
    ("CometChat", [("REST API key", "COMETCHAT_REST_KEY", _r(HEX, 40))], [("app ID", "COMETCHAT_APP_ID", _r(HEX, 17))]),
    (
        "TalkJS",
        [("secret key", "TALKJS_SECRET_KEY", _r(B62, 24, "sk_live_"))],
        [("app ID", "TALKJS_APP_ID", _r(B62, 7, "t"))],
    ),
    ("Vapi", [("private key", "VAPI_PRIVATE_KEY", _uuid)], [("public key", "VAPI_PUBLIC_KEY", _uuid)]),
    (
        "Retell AI",
        [("API key", "RETELL_API_KEY", _r(HEX, 28, "key_"))],
        [("agent ID", "RETELL_AGENT_ID", _r(HEX, 24, "agent_"))],
    ),
    (
        "Polar",
        [("organization access token", "POLAR_ACCESS_TOKEN", _r(B62, 43, "polar_oat_"))],
        [("organization ID", "POLAR_ORG_ID", _uuid)],
    ),
    ("Dub", [("API key", "DUB_API_KEY", _r(B62, 24, "dub_"))], [("link ID", "DUB_LINK_ID", _r(B62, 24, "link_"))]),
    (
        "Unkey",
        [("root key", "UNKEY_ROOT_KEY", _r(B62, 24, "unkey_"))],
        [("API ID", "UNKEY_API_ID", _r(B62, 16, "api_"))],
    ),
    (
        "Stack Auth",
        [("secret server key", "STACK_SECRET_SERVER_KEY", _r(LOWER_NUM, 40, "ssk_"))],
        [("publishable client key", "NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY", _r(LOWER_NUM, 40, "pck_"))],
    ),
    (
        "Descope",
        [("management key", "DESCOPE_MANAGEMENT_KEY", _r(B62, 60, "K2"))],
        [("project ID", "DESCOPE_PROJECT_ID", _r(B62, 26, "P2"))],
    ),
    ("Kinde", [("client secret", "KINDE_CLIENT_SECRET", _r(B62, 48))], [("client ID", "KINDE_CLIENT_ID", _r(HEX, 32))]),
    ("Hanko", [("API key", "HANKO_API_KEY", _r(B64, 43, "", "="))], [("tenant ID", "HANKO_TENANT_ID", _uuid)]),
    (
        "OpenPanel",
        [("client secret", "OPENPANEL_CLIENT_SECRET", _r(HEX, 20, "sec_"))],
        [("client ID", "OPENPANEL_CLIENT_ID", _uuid)],
    ),
    ("Umami", [("API key", "UMAMI_API_KEY", _r(B62, 32, "api_"))], [("website ID", "UMAMI_WEBSITE_ID", _uuid)]),
    (
        "Fathom",
        [("API token", "FATHOM_API_TOKEN", _sanctum)],
        [("site ID", "FATHOM_SITE_ID", _r(UPPER_NUM.replace("0", ""), 8))],
    ),
    (
        "Svix",
        [("auth token", "SVIX_AUTH_TOKEN", _r(B62, 32, "sk_", ".eu"))],
        [("app ID", "SVIX_APP_ID", _r(B62, 27, "app_"))],
    ),
    (
        "Hookdeck",
        [("API key", "HOOKDECK_API_KEY", _r(B62, 40))],
        [("source ID", "HOOKDECK_SOURCE_ID", _r(B62, 14, "src_"))],
    ),
    (
        "QStash",
        [("current signing key", "QSTASH_CURRENT_SIGNING_KEY", _r(B62, 28, "sig_"))],
        [("topic name", "QSTASH_TOPIC", _r(LOWER, 9, "orders-"))],
    ),
    (
        "Chargebee",
        [("full-access API key", "CHARGEBEE_API_KEY", _r(B62, 34, "live_"))],
        [("publishable key", "CHARGEBEE_PUBLISHABLE_KEY", _r(B62, 34, "live_"))],
    ),
    (
        "Recurly",
        [("private API key", "RECURLY_API_KEY", _r(HEX, 32))],
        [("public key", "RECURLY_PUBLIC_KEY", _r(B62, 22, "ewr1-"))],
    ),
    (
        "Onfido",
        [("API token", "ONFIDO_API_TOKEN", lambda g: f"api_live.{rand(g, B64URL, 11)}.{rand(g, B64URL, 32)}")],
        [("workflow ID", "ONFIDO_WORKFLOW_ID", _uuid)],
    ),
    (
        "Veriff",
        [("shared secret key", "VERIFF_SHARED_SECRET", _uuid)],
        [("publishable API key", "VERIFF_PUBLIC_KEY", _uuid)],
    ),
    (
        "Sumsub",
        [("app token", "SUMSUB_APP_TOKEN", lambda g: f"prd:{rand(g, B62, 24)}.{rand(g, B62, 32)}")],
        [
            (
                "level name",
                "SUMSUB_LEVEL",
                lambda g: g.choice(["basic-kyc-level", "id-and-liveness", "ferry-crew-check"]),
            )
        ],
    ),
    ("Checkr", [("API key", "CHECKR_API_KEY", _r(HEX, 40))], [("candidate ID", "CHECKR_CANDIDATE_ID", _r(HEX, 24))]),
    ("Jotform", [("API key", "JOTFORM_API_KEY", _r(HEX, 32))], [("form ID", "JOTFORM_FORM_ID", _r(DIGITS, 15, "24"))]),
    (
        "Directus",
        [("static token", "DIRECTUS_TOKEN", _r(B64URL, 32))],
        [
            (
                "collection name",
                "DIRECTUS_COLLECTION",
                lambda g: g.choice(["timetable", "bakery_orders", "choir_members"]),
            )
        ],
    ),
    (
        "Transifex",
        [("API token", "TX_TOKEN", _r(HEX, 40, "1/"))],
        [("project slug", "TX_PROJECT", lambda g: "o:choir:p:" + rand(g, LOWER, 8))],
    ),
    (
        "DeepL",
        [("authentication key", "DEEPL_AUTH_KEY", lambda g: _uuid(g) + ":fx")],
        [("glossary ID", "DEEPL_GLOSSARY_ID", _uuid)],
    ),
    (
        "ConvertKit",
        [("API secret", "CONVERTKIT_API_SECRET", _r(B64URL, 43))],
        [("form ID", "CONVERTKIT_FORM_ID", _r(DIGITS, 7))],
    ),
    (
        "Beehiiv",
        [("API key", "BEEHIIV_API_KEY", _r(B62, 64))],
        [("publication ID", "BEEHIIV_PUBLICATION_ID", lambda g: "pub_" + _uuid(g))],
    ),
    ("Attio", [("access token", "ATTIO_ACCESS_TOKEN", _r(HEX, 64))], [("workspace ID", "ATTIO_WORKSPACE_ID", _uuid)]),
    ("Crisp", [("plugin token key", "CRISP_TOKEN_KEY", _r(HEX, 64))], [("website ID", "CRISP_WEBSITE_ID", _uuid)]),
    (
        "Clockify",
        [("API key", "CLOCKIFY_API_KEY", _r(B62, 48))],
        [("workspace ID", "CLOCKIFY_WORKSPACE_ID", _r(HEX, 24))],
    ),
    (
        "Mintlify",
        [("admin API key", "MINTLIFY_API_KEY", _r(B62, 24, "mint_"))],
        [("assistant API key", "MINTLIFY_ASSISTANT_KEY", _r(B62, 24, "mint_dsc_"))],
    ),
]

# secret webhook URLs: (kind, env name, maker); the whole URL is the value (its path carries the secret)
HOOKS: list[tuple[str, str, Maker]] = [
    ("Pipedream HTTP trigger URL", "PIPEDREAM_URL", lambda g: f"https://eo{rand(g, HEX, 14)}.m.pipedream.net"),
    (
        "Workato webhook URL",
        "WORKATO_HOOK",
        lambda g: f"https://webhooks.workato.com/webhooks/rest/{_uuid(g)}/new-order",
    ),
    (
        "Pabbly Connect webhook URL",
        "PABBLY_HOOK",
        lambda g: f"https://connect.pabbly.com/workflow/sendwebhookdata/{rand(g, B64, 56)}",
    ),
    (
        "Activepieces webhook URL",
        "ACTIVEPIECES_HOOK",
        lambda g: f"https://cloud.activepieces.com/api/v1/webhooks/{rand(g, B62, 21)}",
    ),
    ("Hookdeck source URL", "HOOKDECK_URL", lambda g: f"https://hkdk.events/{rand(g, LOWER_NUM, 14)}"),
    (
        "Tines webhook URL",
        "TINES_HOOK",
        lambda g: f"https://bakery.tines.com/webhook/{rand(g, HEX, 32)}/{rand(g, HEX, 32)}",
    ),
    (
        "Cloudflare Pages deploy hook",
        "CF_DEPLOY_HOOK",
        lambda g: f"https://api.cloudflare.com/client/v4/pages/webhooks/deploy_hooks/{_uuid(g)}",
    ),
    (
        "Relay.app webhook URL",
        "RELAY_HOOK",
        lambda g: f"https://hook.relay.app/api/v1/playbook/{rand(g, LOWER_NUM, 25)}/trigger/{rand(g, B64URL, 22)}",
    ),
]

# Azure connection strings with an access key: (kind, maker)
AZURE: list[tuple[str, Maker]] = [
    (
        "Azure Communication Services connection string",
        lambda g: f"endpoint=https://ferry-{rand(g, LOWER, 5)}.communication.azure.com/;accesskey={rand(g, B64, 86)}==",
    ),
    (
        "Azure SignalR connection string",
        lambda g: (
            f"Endpoint=https://choir-{rand(g, LOWER, 5)}.service.signalr.net;AccessKey={rand(g, B64, 43)}=;Version=1.0;"
        ),
    ),
    (
        "Azure Web PubSub connection string",
        lambda g: (
            f"Endpoint=https://gym-{rand(g, LOWER, 5)}.webpubsub.azure.com;AccessKey={rand(g, B64, 43)}=;Version=1.0;"
        ),
    ),
    (
        "Azure Cache for Redis connection string",
        lambda g: (
            f"bakery-{rand(g, LOWER, 5)}.redis.cache.windows.net:6380,password={rand(g, B64, 43)}=,ssl=True,abortConnect=False"
        ),
    ),
]

# containers of a credential: {vendor} {noun} {env} {v} {key} (a snake_case key)
_CONTAINERS = [
    "{v}  <- {vendor} {noun} for the bakery shop, do not commit",
    "| Service | Credential | Owner |\n|---|---|---|\n| {vendor} | `{v}` | @mira |",
    "service,owner,credential,expires\n{vendor},web-team,{v},2027-01-31",
    "const {camel} = '{v}';",
    "CONFIG = {{\n    'service': '{vendor}',\n    '{key}': '{v}',\n}}",
    "Der {vendor} {noun} für die Fähr-App ist {v}.",
    "La {noun} de {vendor} pour la chorale est {v}.",
    "La {noun} de {vendor} del gimnasio de escalada es {v}.",
    '{key} = "{v}"',
    "hey, here's the {vendor} {noun} you asked for: {v}",
    "[Service]\nEnvironment={env}={v}",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: {slug}\nstringData:\n  {env}: {v}",
    '$env:{env} = "{v}"',
    "env:\n  {env}: {v}",
    "Il {noun} di {vendor} per il coro è {v}.",
    "O {noun} do {vendor} da padaria é {v}.",
    "De {vendor} {noun} van de klimhal is {v}.",
    "{vendor} の {noun} は {v} です。",
]

# public look-alike frames: the public id beside its documented noun, references, placeholders
_PUBLIC = [
    "{env}={v}",
    "NEXT_PUBLIC_{env}={v}",
    "| Service | Public ID |\n|---|---|\n| {vendor} | `{v}` |",
    "service,public_id,notes\n{vendor},{v},embedded in the page",
    "const {camel} = '{v}'; // public, shipped to the browser",
    "The {vendor} {noun} for the choir site is {v}.",
    "Der {vendor} {noun} der Fähr-App lautet {v} (öffentlich).",
    "Le {noun} {vendor} de la boulangerie est {v}.",
    "El {noun} de {vendor} del gimnasio es {v}.",
    "{vendor} の {noun} は {v} です。",
    "[Service]\nEnvironment={env}={v}",
    "env:\n  {env}: {v}",
]

_PLACEHOLDERS = [
    "{env}=<your-{slug}-here>",
    '$env:{env} = "${{{{ secrets.{env} }}}}"',
    "{env}=${{{env}}}",
    '{key} = "REPLACE_ME"',
    "Set {env} in the dashboard; never paste the {vendor} {noun} into chat.",
    "env:\n  {env}: ${{{{ secrets.{env} }}}}",
    "Rotate the {vendor} {noun} every quarter and note who did it.",
]

_REFERENCES: list[Maker] = [
    lambda g: (
        f"Store the ARN arn:aws:secretsmanager:eu-north-1:{rand(g, DIGITS, 12)}:secret:ferry/{rand(g, LOWER, 6)}-{rand(g, B62, 6)} in the task definition."
    ),
    lambda g: (
        f'"valueFrom": "arn:aws:secretsmanager:us-east-2:{rand(g, DIGITS, 12)}:secret:bakery/api-{rand(g, B62, 6)}:apiKey::"'
    ),
    lambda g: (
        f"DB_PASSWORD_ARN=arn:aws:secretsmanager:ap-southeast-2:{rand(g, DIGITS, 12)}:secret:gym-db-{rand(g, B62, 6)}"
    ),
    lambda g: (
        f"Die Zugangsdaten liegen unter arn:aws:secretsmanager:eu-central-1:{rand(g, DIGITS, 12)}:secret:choir/smtp-{rand(g, B62, 6)}."
    ),
    lambda g: f"param: arn:aws:ssm:eu-west-3:{rand(g, DIGITS, 12)}:parameter/ferry/prod/api_key",
    lambda g: f"KMS_KEY_ARN=arn:aws:kms:us-west-2:{rand(g, DIGITS, 12)}:key/{_uuid(g)}",
    lambda g: f"secretRef: projects/{rand(g, DIGITS, 12)}/secrets/bakery-api-key/versions/latest",
    lambda g: (
        f"@Microsoft.KeyVault(SecretUri=https://choir-{rand(g, LOWER, 5)}.vault.azure.net/secrets/smtp-password/{rand(g, HEX, 32)})"
    ),
    lambda g: f"vault kv get -field=password secret/gym/{rand(g, LOWER, 6)}/db",
    lambda g: f"op read op://Ferry/{rand(g, LOWER, 7)}/credential",
    lambda g: (
        f"APPLICATIONINSIGHTS_CONNECTION_STRING=InstrumentationKey={_uuid(g)};IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/"
    ),
    lambda g: f"Endpoint=https://choir-{rand(g, LOWER, 5)}.service.signalr.net;AuthType=azure.msi;Version=1.0;",
    lambda g: f"Endpoint=sb://ferry-{rand(g, LOWER, 5)}.servicebus.windows.net/;Authentication=Managed Identity",
    lambda g: f"La clé anon de Supabase est publique : {_jwt(_supabase_claims('anon'))(g)}",
    lambda g: f"SUPABASE_ANON_KEY={_jwt(_supabase_claims('anon'))(g)}",
    lambda g: (
        f"const supabase = createClient('https://{rand(g, LOWER, 20)}.supabase.co', '{_jwt(_supabase_claims('anon'))(g)}')"
    ),
    lambda g: f"NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY=sb_publishable_{rand(g, B64URL, 31)}",
    lambda g: f"Our Pipedream workflow lives at https://pipedream.com/@bakery/projects/proj_{rand(g, B62, 7)}/tree.",
    lambda g: f"See https://app.workato.com/recipes/{rand(g, DIGITS, 7)}-new-order for the recipe.",
    lambda g: f"Hookdeck dashboard: https://dashboard.hookdeck.com/connections/web_{rand(g, B62, 12)}",
    lambda g: f"Cloudflare Pages project: https://dash.cloudflare.com/{rand(g, HEX, 32)}/pages/view/choir-site",
    lambda g: f"Webhook docs: https://www.activepieces.com/docs/flows/triggers#webhook (flow {rand(g, B62, 21)})",
]

_LANG_SECRET = [5, 6, 7, 14, 15, 16, 17]


def _camel(vendor: str, noun: str) -> str:
    words = (vendor + " " + noun).replace(".", " ").replace("-", " ").split()
    return words[0].lower() + "".join(w[:1].upper() + w[1:] for w in words[1:])


def _key(vendor: str, noun: str) -> str:
    text = f"{vendor} {noun}".lower().replace(".", "").replace("-", "_").replace("(", "").replace(")", "")
    return "_".join(text.split())


def _fill(frame: str, vendor: str, noun: str, env: str, v: str) -> str:
    slug = _key(vendor, noun).replace("_", "-")
    return frame.format(
        vendor=vendor, noun=noun, env=env, v=v, key=_key(vendor, noun), camel=_camel(vendor, noun), slug=slug
    )


def _rows(g: random.Random) -> Iterator[Row]:
    secrets: list[Row] = []
    publics: list[Row] = []
    for v_index, (vendor, secret, public) in enumerate(VENDORS):
        for noun, env, make in secret:
            for k in range(4):
                value = make(g)
                frame = _CONTAINERS[(v_index * 4 + k * 5) % len(_CONTAINERS)]
                text = _fill(frame, vendor, noun, env, value)
                secrets.append(Row(HALF, "format", f"vendor: {vendor} {noun}", text, value))
        for noun, env, make in public:
            for k in range(5):
                frame = _PUBLIC[(v_index * 5 + k * 7) % len(_PUBLIC)]
                publics.append(
                    Row(HALF, "prose", f"public: {vendor} {noun}", _fill(frame, vendor, noun, env, make(g)), "")
                )
        snoun, senv, _ = secret[0]
        for k in range(2):
            frame = _PLACEHOLDERS[(v_index * 2 + k) % len(_PLACEHOLDERS)]
            publics.append(Row(HALF, "prose", "placeholder", _fill(frame, vendor, snoun, senv, ""), ""))
    for h_index, (kind, env, make) in enumerate(HOOKS):
        for k in range(4):
            value = make(g)
            frame = _CONTAINERS[(h_index * 3 + k * 5 + 1) % len(_CONTAINERS)]
            vendor = kind.rsplit(" ", 2)[0]
            secrets.append(Row(HALF, "format", f"hook: {kind}", _fill(frame, vendor, "webhook URL", env, value), value))
    for a_index, (kind, make) in enumerate(AZURE):
        for k in range(4):
            value = make(g)
            frame = [
                '"ConnectionStrings": {{ "Default": "{v}" }}',
                "AZURE_CONN={v}",
                "connection string for the {vendor}: {v}",
                "env:\n  AZURE_CONNECTION_STRING: {v}",
            ][(a_index + k) % 4]
            secrets.append(
                Row(HALF, "format", f"azure: {kind}", frame.format(v=value, vendor=kind.rsplit(" ", 2)[0]), value)
            )
    for r_index, make in enumerate(_REFERENCES):
        for _ in range(3):
            publics.append(Row(HALF, "prose", f"reference {r_index}", make(g), ""))
    yield from secrets
    yield from publics


def rows(seed: int = SEED) -> list[Row]:
    """Every row of held17f (deterministic for a seed): credentials (``format``), then public look-alikes
    (``prose``)."""
    return list(_rows(random.Random(seed)))
