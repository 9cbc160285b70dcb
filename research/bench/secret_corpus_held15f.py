"""A held-out split of PUBLIC VENDOR IDENTIFIERS and their SECRET COUNTERPARTS, ``held15f``: written by fp50
before any change of stop 47.

Scored once at the end of the stop (on main and on the branch, same session); never read while tuning. Its own
seed, value makers and frames, in a voice of its own (a rowing club, a seed library, a community radio station,
a bike-repair workshop):

- ``prose``: 300+ ordinary lines, each naming an identifier that its vendor documents as public (account, app,
  project, site, service, tenant and client ids; publishable, search-only, site and browser keys; anonymous
  project tokens) beside the vendor's own noun for it, as env lines, config lines and sentences in nine
  languages. They must stay storable.
- ``format``: 150+ lines naming the secret counterpart of the same vendor (auth tokens, admin and secret keys,
  client secrets, signing secrets, management and personal tokens) in the same frames and languages. They must
  stay refused; ``secret`` is the value.

Sources of "public": each vendor's own documentation of the identifier (Stripe publishable keys, Algolia
search-only keys, reCAPTCHA site keys, Mapbox ``pk.`` tokens, PostHog ``phc_`` project keys, Google OAuth client
ids, Microsoft Entra application/tenant ids, New Relic browser ``NRJS-`` keys, Datadog RUM ``pub`` client tokens,
Sentry DSN keys, Pusher app keys, Twilio account SIDs, Heroku app ids, Fastly service ids, ...).
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable, Iterator

from secret_rows import B62, B64URL, HEX, LOWER_NUM, UPPER_NUM, Row, rand

HALF = "held15f"
SEED = 47_2026_12_07_15
Maker = Callable[[random.Random], str]
DIGITS = "0123456789"


def _r(alphabet: str, n: int, prefix: str = "", suffix: str = "") -> Maker:
    return lambda g: prefix + rand(g, alphabet, n) + suffix


def _uuid(g: random.Random) -> str:
    return str(uuid.UUID(int=g.getrandbits(128), version=4))


def _google_client(g: random.Random) -> str:
    return f"{rand(g, DIGITS, 12)}-{rand(g, LOWER_NUM, 32)}.apps.googleusercontent.com"


def _jwtish(prefix: str) -> Maker:
    return lambda g: f"{prefix}.eyJ1Ijoi{rand(g, B62, 20)}IiwiYSI6I{rand(g, B62, 20)}.{rand(g, B64URL, 22)}"


# vendor -> (public ids: (noun, env name, maker)), (secrets: (noun, env name, maker))
Side = tuple[str, str, Maker]
VENDORS: list[tuple[str, list[Side], list[Side]]] = [
    (
        "Heroku",
        [("app id", "HEROKU_APP_ID", _uuid)],
        [("API key", "HEROKU_API_KEY", _uuid)],
    ),
    (
        "Algolia",
        [
            ("application ID", "ALGOLIA_APP_ID", _r(UPPER_NUM, 10)),
            ("search-only API key", "ALGOLIA_SEARCH_KEY", _r(HEX, 32)),
        ],
        [("admin API key", "ALGOLIA_ADMIN_KEY", _r(HEX, 32))],
    ),
    (
        "Twilio",
        [("account SID", "TWILIO_ACCOUNT_SID", _r(HEX, 32, "AC"))],
        [("auth token", "TWILIO_AUTH_TOKEN", _r(HEX, 32))],
    ),
    (
        "Fastly",
        [("service ID", "FASTLY_SERVICE_ID", _r(B62, 22))],
        [("API token", "FASTLY_API_TOKEN", _r(B64URL, 32))],
    ),
    (
        "Stripe",
        [("publishable key", "STRIPE_PUBLISHABLE_KEY", _r(B62, 24, "pk_live_"))],
        [("secret key", "STRIPE_SECRET_KEY", _r(B62, 24, "sk_live_"))],
    ),
    (
        "Google",
        [("OAuth client ID", "GOOGLE_CLIENT_ID", _google_client)],
        [("OAuth client secret", "GOOGLE_CLIENT_SECRET", _r(B64URL, 28, "GOCSPX-"))],
    ),
    (
        "Cloudflare",
        [("zone ID", "CF_ZONE_ID", _r(HEX, 32)), ("account ID", "CF_ACCOUNT_ID", _r(HEX, 32))],
        [("API token", "CLOUDFLARE_API_TOKEN", _r(B64URL, 40))],
    ),
    (
        "Auth0",
        [("client ID", "AUTH0_CLIENT_ID", _r(B62, 32))],
        [("client secret", "AUTH0_CLIENT_SECRET", _r(B64URL, 64))],
    ),
    (
        "Mapbox",
        [("public access token", "MAPBOX_PUBLIC_TOKEN", _jwtish("pk"))],
        [("secret access token", "MAPBOX_SECRET_TOKEN", _jwtish("sk"))],
    ),
    (
        "PostHog",
        [("project API key", "POSTHOG_PROJECT_KEY", _r(B62, 43, "phc_"))],
        [("personal API key", "POSTHOG_PERSONAL_API_KEY", _r(B62, 43, "phx_"))],
    ),
    (
        "Mixpanel",
        [("project token", "MIXPANEL_PROJECT_TOKEN", _r(HEX, 32))],
        [("API secret", "MIXPANEL_API_SECRET", _r(HEX, 32))],
    ),
    (
        "Pusher",
        [("app ID", "PUSHER_APP_ID", _r(DIGITS, 7)), ("app key", "PUSHER_APP_KEY", _r(HEX, 20))],
        [("app secret", "PUSHER_APP_SECRET", _r(HEX, 20))],
    ),
    (
        "Sentry",
        [("DSN public key", "SENTRY_PUBLIC_KEY", _r(HEX, 32)), ("project ID", "SENTRY_PROJECT_ID", _r(DIGITS, 7))],
        [("auth token", "SENTRY_AUTH_TOKEN", _r(HEX, 64))],
    ),
    (
        "reCAPTCHA",
        [("site key", "RECAPTCHA_SITE_KEY", _r(B64URL, 38, "6L"))],
        [("secret key", "RECAPTCHA_SECRET_KEY", _r(B64URL, 38, "6L"))],
    ),
    (
        "hCaptcha",
        [("sitekey", "HCAPTCHA_SITEKEY", _uuid)],
        [("secret key", "HCAPTCHA_SECRET", _r(HEX, 40, "0x"))],
    ),
    (
        "Microsoft Entra",
        [("application (client) ID", "AZURE_CLIENT_ID", _uuid), ("tenant ID", "AZURE_TENANT_ID", _uuid)],
        [("client secret", "AZURE_CLIENT_SECRET", _r(B62 + "~.", 40))],
    ),
    (
        "New Relic",
        [("browser license key", "NEW_RELIC_BROWSER_KEY", _r(HEX, 32, "NRJS-"))],
        [("user API key", "NEW_RELIC_API_KEY", _r(UPPER_NUM, 27, "NRAK-"))],
    ),
    (
        "Datadog",
        [("RUM client token", "DD_CLIENT_TOKEN", _r(HEX, 32, "pub")), ("RUM application ID", "DD_RUM_APP_ID", _uuid)],
        [("API key", "DD_API_KEY", _r(HEX, 32))],
    ),
    (
        "LaunchDarkly",
        [("client-side ID", "LD_CLIENT_SIDE_ID", _r(HEX, 24))],
        [("SDK key", "LD_SDK_KEY", lambda g: "sdk-" + _uuid(g))],
    ),
    (
        "Plaid",
        [("client_id", "PLAID_CLIENT_ID", _r(HEX, 24))],
        [("secret", "PLAID_SECRET", _r(HEX, 30))],
    ),
    (
        "Square",
        [("application ID", "SQUARE_APPLICATION_ID", _r(B64URL, 22, "sq0idp-"))],
        [("access token", "SQUARE_ACCESS_TOKEN", _r(B64URL, 60, "EAAA"))],
    ),
    (
        "Braintree",
        [("merchant ID", "BRAINTREE_MERCHANT_ID", _r(LOWER_NUM, 16))],
        [("private key", "BRAINTREE_PRIVATE_KEY", _r(HEX, 32))],
    ),
    (
        "Slack",
        [
            ("client ID", "SLACK_CLIENT_ID", lambda g: f"{rand(g, DIGITS, 12)}.{rand(g, DIGITS, 13)}"),
            ("app ID", "SLACK_APP_ID", _r(UPPER_NUM, 10, "A0")),
        ],
        [("signing secret", "SLACK_SIGNING_SECRET", _r(HEX, 32))],
    ),
    (
        "GitHub",
        [("OAuth app client ID", "GITHUB_CLIENT_ID", _r(HEX, 16, "Iv1."))],
        [("OAuth app client secret", "GITHUB_CLIENT_SECRET", _r(HEX, 40))],
    ),
    (
        "Discord",
        [("application ID", "DISCORD_APPLICATION_ID", _r(DIGITS, 18, "1"))],
        [
            (
                "bot token",
                "DISCORD_BOT_TOKEN",
                lambda g: f"MT{rand(g, B62, 24)}.{rand(g, B64URL, 6)}.{rand(g, B64URL, 38)}",
            )
        ],
    ),
    (
        "OneSignal",
        [("app ID", "ONESIGNAL_APP_ID", _uuid)],
        [("REST API key", "ONESIGNAL_REST_API_KEY", _r(B62, 48))],
    ),
    (
        "Netlify",
        [("site ID", "NETLIFY_SITE_ID", _uuid)],
        [("personal access token", "NETLIFY_AUTH_TOKEN", _r(B64URL, 40, "nfp_"))],
    ),
    (
        "Vercel",
        [("project ID", "VERCEL_PROJECT_ID", _r(B62, 28, "prj_"))],
        [("access token", "VERCEL_TOKEN", _r(B62, 24))],
    ),
    (
        "Agora",
        [("App ID", "AGORA_APP_ID", _r(HEX, 32))],
        [("App Certificate", "AGORA_APP_CERTIFICATE", _r(HEX, 32))],
    ),
    (
        "Stream",
        [("API key", "STREAM_API_KEY", _r(LOWER_NUM, 12))],
        [("API secret", "STREAM_API_SECRET", _r(LOWER_NUM, 64))],
    ),
    (
        "Meilisearch",
        [("search key", "MEILI_SEARCH_KEY", _r(HEX, 64))],
        [("master key", "MEILI_MASTER_KEY", _r(B64URL, 32))],
    ),
    (
        "Zoom",
        [("client ID", "ZOOM_CLIENT_ID", _r(B62, 22))],
        [("client secret", "ZOOM_CLIENT_SECRET", _r(B62, 32))],
    ),
    (
        "Mailchimp",
        [("audience ID", "MAILCHIMP_AUDIENCE_ID", _r(HEX, 10))],
        [("API key", "MAILCHIMP_API_KEY", _r(HEX, 32, "", "-us14"))],
    ),
    (
        "Contentful",
        [("space ID", "CONTENTFUL_SPACE_ID", _r(LOWER_NUM, 12))],
        [("management token", "CONTENTFUL_MANAGEMENT_TOKEN", _r(B64URL, 43, "CFPAT-"))],
    ),
]

# frames of a public id: {vendor} {noun} {env} {v}; sentences in en, de, fr, es, it, pt, nl, ja, pl
_PUBLIC_FRAMES = [
    "{env}={v}",
    "NEXT_PUBLIC_{env}={v}",
    '{vendor_key}: "{v}"',
    "The {vendor} {noun} for the rowing club site is {v}.",
    "Our {vendor} {noun}: {v} (it is embedded in the page anyway).",
    "Put the {vendor} {noun} {v} into the widget config.",
    "Die {vendor} {noun} der Saatgutbibliothek lautet {v}.",
    "{vendor} {noun} für das Radio-Frontend: {v}",
    "L'{noun} {vendor} du site de la radio est {v}.",
    "Dans le HTML on voit le {vendor} {noun} {v}, c'est normal.",
    "El {noun} de {vendor} del taller de bicis es {v}.",
    "Il {noun} {vendor} del club di canottaggio è {v}.",
    "O {noun} do {vendor} da biblioteca de sementes é {v}.",
    "Het {vendor} {noun} van de fietswerkplaats is {v}.",
    "{vendor} の {noun} は {v} です。",
    "{vendor} {noun} stacji radiowej to {v}.",
    "Reminder: {vendor} {noun} = {v}, the frontend reads it at build time.",
]

_SECRET_FRAMES = [
    "{env}={v}",
    '{vendor_key}: "{v}"',
    "The {vendor} {noun} for the rowing club site is {v}.",
    "Put the {vendor} {noun} {v} into the server config.",
    "Die {vendor} {noun} der Saatgutbibliothek lautet {v}.",
    "L'{noun} {vendor} du site de la radio est {v}.",
    "El {noun} de {vendor} del taller de bicis es {v}.",
    "Il {noun} {vendor} del club di canottaggio è {v}.",
    "O {noun} do {vendor} da biblioteca de sementes é {v}.",
    "Het {vendor} {noun} van de fietswerkplaats is {v}.",
    "{vendor} の {noun} は {v} です。",
    "{vendor} {noun} stacji radiowej to {v}.",
]


def _key(vendor: str, noun: str) -> str:
    return f"{vendor.lower().replace(' ', '_')}_{noun.lower().replace(' ', '_').replace('-', '_')}"


def _rows(g: random.Random) -> Iterator[Row]:
    seen: set[str] = set()
    secrets: list[Row] = []
    publics: list[Row] = []
    for v_index, (vendor, public, secret) in enumerate(VENDORS):
        for s_index, (noun, env, make) in enumerate(public):
            count = 10 if len(public) == 1 else 6
            for k in range(count):
                frame = _PUBLIC_FRAMES[(v_index * 3 + s_index * 7 + k * 2) % len(_PUBLIC_FRAMES)]
                text = frame.format(vendor=vendor, noun=noun, env=env, v=make(g), vendor_key=_key(vendor, noun))
                if text not in seen:
                    seen.add(text)
                    publics.append(Row(HALF, "prose", f"public id: {vendor} {noun}", text, ""))
        for noun, env, make in secret:
            for k in range(5):
                value = make(g)
                frame = _SECRET_FRAMES[(v_index * 5 + k * 2) % len(_SECRET_FRAMES)]
                text = frame.format(vendor=vendor, noun=noun, env=env, v=value, vendor_key=_key(vendor, noun))
                secrets.append(Row(HALF, "format", f"secret: {vendor} {noun}", text, value))
    yield from secrets
    yield from publics


def rows(seed: int = SEED) -> list[Row]:
    """Every row of held15f (deterministic for a seed): secret counterparts (``format``), then public ids
    beside their noun (``prose``)."""
    return list(_rows(random.Random(seed)))
