"""Values that name or point at something rather than hold a secret, judged by their own shape (table18, stop 46,
issue #28): a ``$`` reference and a Stripe object id.

A value after "password:" that starts with ``$`` was read as a variable reference whatever followed: ``password:
$X*ihAy2AA`` was stored while ``password: X*ihAy2AA`` was refused. A reference has the grammar of one: ``$NAME``
(a POSIX shell name, IEEE Std 1003.1-2017 §3.235: letters, digits and ``_``, not led by a digit), ``${…}``,
``$(…)``, ``$env:NAME`` (PowerShell), ``$1``, optionally followed by a path (``$HOME/.pgpass``) or sentence
punctuation. A name that mixes capitals, small letters and digits (``$Secret9981``) is no name anyone gives a
variable; it is a password that starts with ``$``.

Stripe's object ids (``in_…`` invoice, ``ch_…`` charge, ``pi_…`` payment intent; Stripe API reference, "Object
IDs") are public references printed on receipts and dashboards; its secrets carry other prefixes (``sk_``,
``rk_``, ``whsec_``), which the format layer knows.
"""

from __future__ import annotations

import re

# ${...} / $(...) / $env:NAME / $NAME / $1, then a path or sentence punctuation
_REFERENCE = re.compile(
    r"\$(?:\{[^{}\s]{1,128}\}|\([^()\n]{1,256}\)|env:[A-Za-z_][A-Za-z0-9_]{0,127}|([A-Za-z_][A-Za-z0-9_]{0,127})|[0-9@*#?$!])"
    r"(?:[/\\][^\s]{0,256})?[.,;:!?)\]'\"`]{0,3}"
)


def dollar_reference(value: str) -> bool:
    """Whether ``value`` (stripped) is a ``$`` reference (module docstring), not a ``$``-led secret. A value not
    led by ``$`` is no reference (False)."""
    v = value.strip()
    if v.startswith(("${", "$(")):  # a parameter expansion or a command substitution, however the value was cut
        return True
    match = _REFERENCE.fullmatch(v)
    if match is None:
        return False
    name = match.group(1)
    if name is None:
        return True
    letters = name.replace("_", "")
    mixed = (
        any(c.isupper() for c in letters) and any(c.islower() for c in letters) and any(c.isdigit() for c in letters)
    )
    return not mixed


def dollar_secret(value: str) -> bool:
    """Whether ``value`` starts with ``$`` and is not a reference: a password led by ``$``."""
    v = value.strip()
    return v.startswith("$") and len(v) > 1 and not dollar_reference(v)


# Stripe object-id prefixes (Stripe API reference, each object's "id" field), public references, not keys.
STRIPE_OBJECTS = frozenset(
    {"acct", "ba", "bt", "card", "ch", "cn", "cs", "cus", "dp", "du", "evt", "fee", "file", "ii", "il", "in",
     "invst", "iv", "link", "po", "pi", "pm", "price", "prod", "promo", "py", "pyr", "qt", "re", "seti", "si",
     "sub", "sub_sched", "tax", "txn", "tr", "trr"}
)  # fmt: skip


def stripe_object_id(value: str) -> bool:
    """Whether ``value`` is a Stripe object id: a ``STRIPE_OBJECTS`` prefix, ``_``, then 14-32 letters and digits
    (``in_1MtHbELkdIwHu7ixl4OzzPMv``; a ``test_``/``live_`` infix is allowed)."""
    head, sep, body = value.strip().rstrip(".-").partition("_")  # a sentence may end after the id
    if not sep or head not in STRIPE_OBJECTS:
        return False
    for infix in ("test_", "live_"):
        body = body.removeprefix(infix)
    return 14 <= len(body) <= 32 and body.isascii() and body.isalnum()
