"""Regenerate the vendored credential nouns (src/contextlamp/domain/secret_nouns.json) from a maintained source.

The slot layer (secret_slots.py) reads a credential stated after its noun in any language. The word for
"password" in ~90 languages is not ours to maintain: Django's authentication app ships it in every language its
translators keep (``django/contrib/auth/locale/<lang>/LC_MESSAGES/django.po``: the ``msgstr`` of ``msgid
"password"``, the user model's field name, and of ``msgid "Password"``, the form label), BSD-3-Clause licensed.
Django is a pinned *data* dependency: this script downloads the pinned wheel with pip (``pip download
--no-deps``), checks its SHA-256, reads those two messages of every locale and the licence, and writes the JSON
the scanner loads. Nothing of the package runs.

Kept: each distinct translation, lower-cased (NFKC), with the languages that use it; a translation of fewer than 4
characters is left out (too short to tell from other words) and so is an empty or untranslated one.

Run: ``python scripts/update_secret_nouns.py`` (needs pip and access to PyPI). To move to a new release, change
``VERSION`` and ``SHA256``, run it, run ``python bench/secret_scanner.py --held-out --fresh`` and the secret tests,
and commit the JSON with the figures.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
from pathlib import Path

PACKAGE = "django"
VERSION = "5.2.9"
WHEEL = "django-5.2.9-py3-none-any.whl"
SHA256 = "3a4ea88a70370557ab1930b332fd2887a9f48654261cdffda663fef5976bb00a"
OUT = Path(__file__).resolve().parents[1] / "src" / "contextlamp" / "domain" / "secret_nouns.json"
MESSAGES = ("password", "Password")
MIN_LENGTH = 4
_PO = re.compile(r"^locale/([^/]+)/LC_MESSAGES/django\.po$")
_ENTRY = re.compile(r'^msgid "((?:\\.|[^"\\])*)"\nmsgstr "((?:\\.|[^"\\])*)"$', re.M)


def translations(po_text: str) -> list[str]:
    """The translations of ``MESSAGES`` in one ``.po`` file (single-line entries; fuzzy ones are skipped)."""
    out: list[str] = []
    for match in _ENTRY.finditer(po_text):
        start = po_text.rfind("\n#", 0, match.start())
        fuzzy = start != -1 and "fuzzy" in po_text[start : match.start()].split("\nmsgid", 1)[0]
        if match.group(1) in MESSAGES and match.group(2) and not fuzzy:
            out.append(match.group(2))
    return out


def nouns_from_wheel(wheel: Path) -> tuple[dict[str, list[str]], str]:
    """``{noun: [languages]}`` and the licence text, read from the wheel."""
    prefix = "django/contrib/auth/"
    found: dict[str, set[str]] = {}
    licence = ""
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            if name.endswith("dist-info/licenses/LICENSE"):
                licence = archive.read(name).decode()
            if not name.startswith(prefix):
                continue
            match = _PO.match(name[len(prefix) :])
            if not match:
                continue
            for text in translations(archive.read(name).decode("utf-8")):
                noun = unicodedata.normalize("NFKC", text).strip().lower()
                if len(noun) >= MIN_LENGTH and noun != "password":
                    found.setdefault(noun, set()).add(match.group(1))
    if not licence:
        raise SystemExit("the wheel has no licence file")
    return {noun: sorted(langs) for noun, langs in sorted(found.items())}, licence


def main() -> int:
    """Download the pinned wheel, check it, write the JSON; 0 on success."""
    with tempfile.TemporaryDirectory(prefix="secret-nouns-") as tmp:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", f"{PACKAGE}=={VERSION}", "-d", tmp],
            check=True,
        )
        wheel = Path(tmp) / WHEEL
        digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
        if digest != SHA256:
            raise SystemExit(f"{WHEEL}: sha256 {digest} is not the pinned {SHA256}")
        nouns, licence = nouns_from_wheel(wheel)
    document = {
        "source": f"{PACKAGE} {VERSION} (PyPI), django/contrib/auth/locale/*/LC_MESSAGES/django.po",
        "messages": list(MESSAGES),
        "sha256": SHA256,
        "license": licence,
        "password": nouns,
    }
    OUT.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(nouns)} nouns for password written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
