"""Vendor credentials without a prefix: the ruleset's keyed rules read in prose, and the kinds it lacks.

Many vendors' credentials are bytes no one could tell from a hash or an id (a Twilio auth token is 32 hex, a
Heroku API key a UUID, an Azure DevOps PAT 52 base32 letters): only the vendor's name before the value and the
value's exact shape say what they are. The gitleaks-lineage ruleset writes those as *keyed* rules (its
``generateSemiGenericRegex``): the vendor's name, up to 20 ASCII word characters, then an assignment operator
(``=``, ``:``, ``=>``, ``,``, …) and the value. That is how a source file writes a key; a person writes "the
Algolia admin key for the shop is …", "Der Mailgun-Schlüssel lautet …", "合唱団の Datadog API key は … です".

:func:`prose_keyed` widens each such rule where the JSON is loaded (secret_formats.format_rules, as
``sentence_end``): the gap may hold up to 48 characters of words in any script, and the operator may also be a
copula of the languages the lexicon knows, between spaces, or a CJK/Korean topic or copula particle. The vendor's
name and the value's shape and filter are upstream's, unchanged. :data:`OWN_RULES` are the kinds the pinned
ruleset has no rule for (docs/secrets.md lists them with their sources), written in the same keyed form (so they
are widened the same way), plus two "window" rules for shapes specific enough to need only their tool's name
somewhere before them on the line (kubeadm bootstrap tokens, Azure DevOps PATs).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

# gitleaks' semi-generic gap and operator, as written in every keyed rule of the vendored JSON (178 rules)
UPSTREAM_GAP = r"(?:[ \t\w.-]{0,20})"
UPSTREAM_OPERATOR = r"(?:=|>|:{1,3}=|\|\||:|=>|\?=|,)"
UPSTREAM_END = r"""(?:\\?['"\x60]|[\s;]|\\[nr]|$)"""

# The widened gap: words of any script (a noun phrase and a short complement: "admin API key for the shop",
# "-Schlüssel für den Chor"), at most 48 characters, on one line.
PROSE_GAP = r"(?:[ \t\w.\-]|[^\x00-\x7f]){0,48}"
# Copulas between spaces (en/nl is, de ist/lautet, fr est, es es, it è, pt é, cs/sk je, pl jest/to, sv är,
# da/no er, fi on, ru это), optionally "now"; and the particles that join a topic to its value without a space
# (ja は/が, zh 是/为/為, ko 은/는/이/가). Fullwidth colons are ASCII after normalisation (NFKC).
_COPULA = (
    r"\s(?:is|was|ist|lautet|war|est|es|era|è|é|je|jest|to|är|er|on|это|—)"
    r"(?:\s+(?:now|jetzt|maintenant|ahora|ora|agora|nu|teraz|nyt|nå|теперь))?\s"
)
_PARTICLE = r"(?:は|が|是|为|為|은|는|이|가)"
PROSE_OPERATOR = rf"(?:=|>|:{{1,3}}=|\|\||:|=>|\?=|,|{_COPULA}|{_PARTICLE})"


def prose_keyed(pattern: str) -> str:
    """``pattern`` with its keyed gap and operator widened for prose (see the module), when it is a keyed rule of
    the gitleaks form; other patterns are returned as they are. The value group and the end boundary are
    untouched, so what is found as the value is what upstream finds."""
    if UPSTREAM_GAP not in pattern or UPSTREAM_OPERATOR not in pattern:
        return pattern
    return pattern.replace(UPSTREAM_GAP, PROSE_GAP, 1).replace(UPSTREAM_OPERATOR, PROSE_OPERATOR, 1)


def _keyed(name: str, value: str) -> str:
    """The gitleaks keyed form (generateSemiGenericRegex) for a vendor's ``name`` pattern and ``value`` pattern."""
    return rf"""(?i)(?:{name}){UPSTREAM_GAP}[\s'"]{{0,3}}{UPSTREAM_OPERATOR}[\x60'"\s=]{{0,5}}({value}){UPSTREAM_END}"""


def _window(name: str, value: str) -> str:
    """A value of a shape specific to one tool, anywhere after the tool's name on the same line."""
    return rf"(?i)(?:{name})[^\n]{{0,80}}?(?:^|[^A-Za-z0-9_.-])({value})(?:[^A-Za-z0-9_.-]|\.(?:[^A-Za-z0-9_-]|$)|$)"


# (upstream-style id, pattern, keywords, minimum Shannon entropy of the value). Sources: each vendor's
# documentation of the credential's format (docs/secrets.md, "Kinds the ruleset lacks").
OWN_RULES: tuple[tuple[str, str, tuple[str, ...], float], ...] = (
    (
        "azure-devops-personal-access-token",
        _window(r"azure[ _.-]?devops|\bdevops\b|dev\.azure\.com|\bazdo\b|\bado\b", r"(?-i:[a-z2-7]{52})"),
        ("devops", "dev.azure.com", "azdo", "ado"),
        3.5,
    ),
    (
        "kubernetes-bootstrap-token",
        _window(r"kubeadm|bootstrap|join[ _-]?token|--token|discovery-token", r"(?-i:[a-z0-9]{6}\.[a-z0-9]{16})"),
        ("kubeadm", "bootstrap", "join", "--token", "discovery-token"),
        3.0,
    ),
    ("twilio-auth-token", _keyed("twilio", r"[a-f0-9]{32}"), ("twilio",), 3.0),
    ("pusher-app-secret", _keyed("pusher", r"[a-f0-9]{20}"), ("pusher",), 3.0),
    ("mixpanel-api-secret", _keyed("mixpanel", r"[a-f0-9]{32}"), ("mixpanel",), 3.0),
    ("rollbar-access-token", _keyed("rollbar", r"[a-f0-9]{32}"), ("rollbar",), 3.0),
    ("bugsnag-api-key", _keyed("bugsnag", r"[a-f0-9]{32}"), ("bugsnag",), 3.0),
    ("spotify-client-secret", _keyed("spotify", r"[a-f0-9]{32}"), ("spotify",), 3.0),
    ("trello-api-token", _keyed("trello", r"[a-f0-9]{64}|[a-f0-9]{32}"), ("trello",), 3.0),
    ("freshdesk-api-key", _keyed("freshdesk", r"[a-z0-9]{20}"), ("freshdesk",), 3.0),
    ("vonage-api-secret", _keyed("vonage|nexmo", r"[a-z0-9]{16}"), ("vonage", "nexmo"), 3.0),
    ("binance-api-secret", _keyed("binance", r"[a-z0-9]{64}"), ("binance",), 3.5),
    ("minio-secret-key", _keyed("minio", r"[a-z0-9/+]{40}"), ("minio",), 3.5),
    ("backblaze-application-key", _keyed(r"backblaze|\bb2", r"K0[0-9]{2}[a-z0-9+/]{27}"), ("backblaze", "b2"), 3.5),
    ("segment-write-key", _keyed("segment", r"[a-z0-9]{32}"), ("segment",), 3.5),
)


def own_specs() -> list[dict[str, Any]]:
    """:data:`OWN_RULES` as rule specs of the vendored JSON's form (``id``, ``regex``, ``keywords``,
    ``min_entropy``), for secret_formats.format_rules to load after upstream's."""
    return [{"id": i, "regex": r, "keywords": list(k), "min_entropy": e} for i, r, k, e in OWN_RULES]


# The literal start of a keyed rule's value group that is the vendor's own mark: four or more token characters, three
# of them capitals (New Relic NRII-/NRAK-/NRJS-, Yandex AQVN, eBay PRD-), not a generic sk_/key-/live_/pk_.
_VALUE_START = re.compile(r"\(([A-Za-z0-9_+-]{4,})(?=[\[(])")
_MIN_CAPITALS = 3
# Keyed values that are public where they are written without a name: New Relic's browser key is in every page's
# agent snippet (docs.newrelic.com, "browser key"), so only the keyed form (a config naming it) is refused.
_PUBLIC_MARKS = frozenset({"new-relic-browser-api-token"})


def unkeyed_specs(rules: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """For each keyed rule (the gitleaks form) whose value starts with the vendor's own mark (:data:`_VALUE_START`),
    the same value found without the vendor's name before it ("Nimm mal NRII-…", "try again with AQVN…"): a spec of
    the JSON's form, the mark case-sensitive and the rest of the value, filter and end boundary upstream's."""
    out: list[dict[str, Any]] = []
    for spec in rules:
        pattern = str(spec["regex"])
        if spec["id"] in _PUBLIC_MARKS or UPSTREAM_OPERATOR not in pattern or not pattern.endswith(UPSTREAM_END):
            continue
        rest = pattern.split(UPSTREAM_OPERATOR, 1)[1]
        match = _VALUE_START.search(rest)
        if match is None or sum(c.isupper() for c in match.group(1)) < _MIN_CAPITALS:
            continue
        value = rest[match.end(1) : len(rest) - len(UPSTREAM_END) - 1]
        regex = rf"(?i)(?:^|[^A-Za-z0-9_-])((?-i:{re.escape(match.group(1))}){value}){UPSTREAM_END}"
        out.append({**spec, "id": f"{spec['id']}.unkeyed", "regex": regex, "keywords": [match.group(1).lower()]})
    return out
