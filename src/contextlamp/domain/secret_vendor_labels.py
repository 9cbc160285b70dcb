"""A vendor's unprefixed credential under a label in its container's own key, whatever the vendor (vendor52, stop 49,
#28).

No format rule can find a vendor value without a prefix (32 hex, a UUID, 20 random characters): only its label
can. The older label rules (secret_rules.KEYED_RULES) read a key that names a secret by itself (``apiToken``,
``ALGOLIA_ADMIN_KEY``, ``admin_key``) and leave "key" alone to an identifier (a cache or sort key). breaker48 found
the labels people give a vendor's key in code and data that those rules do not read:

- **a name that ends in Key or PAT after a word saying whose** (``const WeightsBiasesKey = '…'``, ``ifttt_key =
  "…"``, ``clarifai_pat = "…"``): a camelCase ``…Key``/``…Pat`` or a snake/kebab ``…_key``/``…_pat``. The names
  of identifiers that end so (a cache, sort, public, GPG or SSH host key, …) are public material
  (secret_public.IDENTIFIER_KEYS): what this rule finds inside one is dropped, as for every "Labelled Key";
- **the key ``"key"`` of a JSON object or Python dict** (``{"base_url": …, "key": "…"}``): the value must be 32+
  hex or 16+ random characters (secret_shape.accept_keyed_value), and not a bare UUID (an object or idempotency
  key is often one);
- **a value, then an arrow back to its label** (``<value>  <- that one is the Mailjet key``): the label's words
  before ``key``/``token``/``secret``/``PAT`` must not name an identifier or a public key (a cache, request, client,
  public, ... key), and the value must pass the keyed-value check;
- **a CSV column headed by a credential noun** (``service,owner,credential,expires``: ``credential``, ``token``,
  ``secret``, ``api_key``, ``access_token``, …): the value is the cell in the same column of the first data row, as
  secret_forms reads a password column; the value must pass the same keyed-value check.

Each is keyed (it runs only where one of its words is in the text) and every repetition is bounded or a single
character class, so a candidate costs a bounded time (secret_scan.py, "Linear time").
"""

from __future__ import annotations

import re

from contextlamp.domain import secret_shape as shape
from contextlamp.domain.secret_rules import ASSIGN, Rule

_VALUE = r"([A-Za-z0-9+/_=~.:|-]{16,256})"
# a name that ends in Key/PAT after a word (camelCase, snake_case, kebab-case); upper-case names are ENV_NAME's
_NAME_KEY = (
    r"(?:(?m:^)|[^A-Za-z0-9_$.-])[A-Za-z][A-Za-z0-9]{0,40}(?:[_-][A-Za-z0-9]{1,24}){0,4}"
    r"(?:[a-z0-9](?:Key|Pat|PAT)|[_-](?:key|pat|Key|Pat))"
)
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
# a CSV header cell that names a credential (a column of tokens, not of passwords: secret_forms has those)
_TOKEN_HEADER = (
    r"(?:credentials?|token|secret|api[ _-]?key|apikey|api[ _-]?token|access[ _-]?token|auth[ _-]?token|"
    r"access[ _-]?key|secret[ _-]?key|private[ _-]?key|key)"
)
COLUMNS = 6  # a credential column among the first six, as secret_forms.COLUMNS


# a value, then an arrow back to its label ("<value>  <- that one is the Mailjet key"): group 1 the value, group 2
# the label's words before its noun (read by the check, Rule.peek)
_ARROW_BACK = (
    rf"(?:^|[ \t\n(\[`]){_VALUE}[`'\"]?[ \t]*(?:<-{{1,2}}|←|⟵)[ \t]*"
    r"(?i:(?:(?:that|this|it)(?:[ \t]+one)?[ \t]+(?:is|was|'s)[ \t]+)?(?:(?:the|my|our|your)[ \t]+)?)"
    r"((?:[^\s,;!?]{1,32}[ \t]+){0,4}?)(?i:api[ _-]?key|key|token|secret|credential|pat)(?:[^A-Za-z0-9]|$)"
)
# label words that make a key an identifier or public (secret_public.IDENTIFIER_KEYS, secret_public_ids)
_IDENTIFIER_WORDS = re.compile(
    r"(?i)\b(?:gpg|pgp|ssh|host|kms|client|site|publishable|public|pub|anon|cache|object|idempotency|dedupe|lookup|"
    r"partition|sort|primary|row|index|request|trace|commit|session|cursor|page|sitekey)\b"
)


def _keyed_label(value_and_label: str) -> bool:
    """A keyed value (secret_shape.accept_keyed_value) whose label (the words after the first space) names no
    identifier or public key."""
    value, _, label = value_and_label.partition(" ")
    return _IDENTIFIER_WORDS.search(label) is None and shape.accept_keyed_value(value)


def _keyed_not_uuid(value: str) -> bool:
    """secret_shape.accept_keyed_value, except a bare UUID (under the bare key "key" it is as often an id)."""
    v = value.strip()
    return _UUID.fullmatch(v) is None and shape.accept_keyed_value(v)


def _keyed(value: str) -> bool:
    return shape.accept_keyed_value(value.strip())


def _column_patterns() -> tuple[str, ...]:
    """Delimited header lines with a credential noun in column k, the value in column k of the next row (group 1);
    the header is the text's first delimited line (secret_forms.column_patterns' rule)."""
    patterns: list[str] = []
    for k in range(COLUMNS):
        for sep in (",", ";", r"\t"):
            cells = rf"(?:[^{sep}\n]{{0,40}}{sep}){{{k}}}"
            after = rf"(?:{sep}[^\n]{{0,400}})"
            header_end = rf"{after}?" if k else after
            patterns.append(
                rf"(?i)(?:\A|(?m:^)[^{sep}\n]{{0,200}}\n){cells}[ \t]*\"?(?:{_TOKEN_HEADER})\"?[ \t]*{header_end}\n"
                rf"{cells}[ \t]*\"?([^{sep}\n\"]{{16,256}}?)\"?[ \t]*(?:{sep}|\r?$)"
            )
    return tuple(patterns)


_HEADER_WORDS = ("credential", "token", "secret", "key")


def vendor_label_rules() -> tuple[tuple[Rule, tuple[str, ...]], ...]:
    """The keyed rules of this module (module docstring): (rule, keywords)."""
    rules: list[tuple[Rule, tuple[str, ...]]] = [
        (Rule("Labelled Key", rf"{_NAME_KEY}{ASSIGN}{_VALUE}", _keyed, resume="after"), ("key", "pat")),
        (
            Rule("Labelled Key", rf"[\"'](?i:key)[\"'][ \t]*:[ \t]*[\"']{_VALUE}[\"']", _keyed_not_uuid),
            ("key",),
        ),
    ]
    rules.append((Rule("Labelled Key", _ARROW_BACK, _keyed_label, resume="after", peek=True), ("<-", "←", "⟵")))
    rules += [(Rule("Labelled Key", pattern, _keyed), _HEADER_WORDS) for pattern in _column_patterns()]
    return tuple(rules)
