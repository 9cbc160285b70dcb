"""Values public under any label by what they are (vendor52, stop 49, #28): a JWT for an anonymous role, and the
name of a secret in a secret store rather than the secret.

- **A JWT whose payload's ``role`` claim is ``anon``.** Supabase's anon key is such a JWT ("anon key: ... safe to use
  in a browser if you have enabled Row Level Security", supabase.com/docs/guides/api/api-keys) and PostgREST reads
  the claim as its anonymous role (docs.postgrest.org, "Authentication": "role" claim, ``db-anon-role``). The
  payload is decoded (base64url, JSON) and its ``role`` read as JSON reads it (the last of repeated keys): any other
  role (Supabase's ``service_role``, ``authenticated``) or no role leaves the token a secret, and so does any JWT
  whose payload does not decode to a JSON object. The signature is not checked: a forged anon token grants nothing
  a real one does not.
- **A reference to a secret in a store**: an AWS ARN (docs.aws.amazon.com, "Amazon Resource Names": partition,
  service, region, account, resource; a Secrets Manager ARN names a secret, ``GetSecretValue`` needs credentials to
  read it), a Google Cloud Secret Manager version name (``projects/P/secrets/S/versions/V``) and an Azure Key Vault
  secret URI (``https://V.vault.azure.net/secrets/S[/version]``; its version is 32 hex).

What any rule finds starting or ending inside one of these spans is dropped (secret_scan._without_public, with the
ciphertext envelopes). Linear: one character-class pass finds the token runs, each run is read once.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from typing import cast

# a run of JWT characters (base64url and the dots), 20 or more; each run is consumed once
_RUN = re.compile(rb"[A-Za-z0-9_.=-]{20,}")
_MAX_PAYLOAD = 4096  # base64url characters of a payload decoded (a Supabase anon payload is ~150)
# references to a stored secret (module docstring); bounded, each starts at a literal; an ARN's resource stops at
# ',' and '=' (IAM allows them in names, but there they start the next assignment: 'secret:db,DB_PASSWORD=…')
_REFERENCES = re.compile(
    rb"\barn:aws[a-z-]{0,12}:[a-z0-9-]{1,40}:[a-z0-9-]{0,30}:[0-9]{0,12}:[A-Za-z0-9/_+.@:*-]{1,512}"
    rb"|\bprojects/[a-z0-9-]{1,64}/secrets/[A-Za-z0-9_-]{1,255}(?:/versions/(?:[0-9]{1,12}|latest))?"
    rb"|\bhttps://[a-z0-9-]{3,24}\.vault\.azure\.net/secrets/[A-Za-z0-9-]{1,127}(?:/[0-9a-f]{32})?/?"
)


def anon_jwt(token: str) -> bool:
    """Whether ``token`` (``header.payload.signature``, base64url parts) is a JWT whose decoded payload is a JSON
    object with ``"role": "anon"``. Any other form is False."""
    parts = token.split(".")
    if len(parts) != 3 or not parts[0].startswith("eyJ") or not parts[1].startswith("eyJ"):
        return False
    payload = parts[1][:_MAX_PAYLOAD]
    try:
        claims: object = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return False
    return isinstance(claims, dict) and cast("dict[str, object]", claims).get("role") == "anon"


def public_name_spans(data: bytes) -> list[tuple[int, int]]:
    """Byte spans of ``data`` (UTF-8 text) that are an anon JWT or a reference to a stored secret (module
    docstring)."""
    spans: list[tuple[int, int]] = []
    if b"eyJ" in data:
        for run in _RUN.finditer(data):
            value = run.group()
            at = value.find(b"eyJ")
            if at < 0:
                continue
            token = value[at:].rstrip(b".=")
            if anon_jwt(token.decode("ascii")):
                spans.append((run.start() + at, run.start() + at + len(token)))
    if b"arn:" in data or b"projects/" in data or b".vault.azure.net/" in data:
        spans += [(m.start(), m.end()) for m in _REFERENCES.finditer(data)]
    return spans
