"""Text normalisation shared by the service and the stores: dedupe keys, topics, surfaces, titles, ids."""

from __future__ import annotations

import base64
import hashlib
import re
import secrets
import time
import unicodedata

_WS = re.compile(r"\s+")
_NON_WORD = re.compile(r"[^\w]+")


def now_ms() -> int:
    """Current time, ms since the Unix epoch (UTC)."""
    return time.time_ns() // 1_000_000


def new_id(prefix: str) -> str:
    """An opaque, unguessable id: ``<prefix>_`` + 128 random bits as 26 base32 characters (spec: >= 96 bits)."""
    token = base64.b32encode(secrets.token_bytes(16)).decode("ascii").rstrip("=").lower()
    return f"{prefix}_{token}"


ID_PREFIXES = ("usr", "prj", "team", "tok", "ctx", "ses")
_ID_SHAPE = re.compile(rf"^(?:{'|'.join(ID_PREFIXES)})_")


def id_pattern(*prefixes: str) -> str:
    """A regular expression matching exactly the ids ``new_id`` makes with one of ``prefixes``."""
    return rf"^(?:{'|'.join(prefixes)})_[a-z2-7]{{26}}$"


def is_id(value: str, *prefixes: str) -> bool:
    """Whether ``value`` is an id ``new_id`` could have made with one of ``prefixes``."""
    return re.fullmatch(id_pattern(*prefixes), value) is not None


def looks_like_id(value: str) -> bool:
    """Whether a name starts like an id (``usr_…``, ``prj_…``, ...): such names are refused, so that no name
    can ever be mistaken for an id."""
    return _ID_SHAPE.match(value.lower()) is not None


def collapse_ws(text: str) -> str:
    """Trim and collapse every run of white space to one space."""
    return _WS.sub(" ", text).strip()


def content_key(content: str) -> str:
    """Dedupe key (spec/TOOLS.md save_context): SHA-256 hex of the content after Unicode NFC, trimming and
    collapsing runs of white space; case is kept."""
    normal = collapse_ws(unicodedata.normalize("NFC", content))
    return hashlib.sha256(normal.encode("utf-8")).hexdigest()


def kebab(text: str) -> str:
    """Lower-case kebab form: ``"Package Manager"``, ``"package_manager"`` -> ``"package-manager"``.

    Case never splits words (``"GitHub org"`` and ``"github-org"`` are one topic), so the same topic typed
    with different capitals always supersedes."""
    normal = unicodedata.normalize("NFKC", text).replace("_", " ").lower()
    return _NON_WORD.sub("-", normal).strip("-")


# Symbols that name things in topics (``C++``, ``C#``, ``.NET``, ``R&D``) become words before the kebab
# rule, which keeps only letters, digits and single hyphens: without this ``C++``, ``C#`` and ``C`` were one
# topic. Every other punctuation stays a separator, as before (docs/retrieval.md, "Topic keys").
_TOPIC_SYMBOLS = (
    (re.compile(r"\+"), " plus "),  # C++ -> c-plus-plus, a+b -> a-plus-b, g++, notepad++
    (re.compile(r"(?<=[^\W\d_])#(?!\w)"), " sharp "),  # after a letter: C#, F#, J#; "#42", "#general" unchanged
    (re.compile(r"&"), " and "),  # R&D -> r-and-d, Q&A -> q-and-a
    (re.compile(r"(?<!\w)\.(?=\w)"), " dot "),  # a word's leading dot: .NET, .env; node.js, 3.12 unchanged
)


def topic_key(text: str) -> str:
    """The supersession key of a topic: ``kebab`` after ``+``, ``#`` (after a letter), ``&`` and a word's
    leading ``.`` became words (``"C++"`` -> ``"c-plus-plus"``, ``"C#"`` -> ``"c-sharp"``, ``".NET"`` ->
    ``"dot-net"``, ``"R&D"`` -> ``"r-and-d"``). A topic without those symbols gets exactly its old key
    (``"Node.js"`` -> ``"node-js"``, ``"Python 3.12"`` -> ``"python-3-12"``), so stored topics keep working;
    every key is still lower-case kebab (letters, digits, single hyphens). Linear time: each pattern looks
    at one character either side. Project and team slugs keep plain ``kebab``."""
    normal = unicodedata.normalize("NFKC", text)  # fullwidth ＋ ＃ ＆ ． become their ASCII forms first
    for pattern, word in _TOPIC_SYMBOLS:
        normal = pattern.sub(word, normal)
    return kebab(normal)


def title_of(content: str, limit: int = 80) -> str:
    """First non-blank line of the content, at most ``limit`` characters (ellipsis when cut)."""
    for line in content.splitlines():
        line = collapse_ws(line)
        if line:
            return line if len(line) <= limit else line[: limit - 1].rstrip() + "…"
    return ""


def preview_of(content: str, limit: int = 200) -> str:
    """First ``limit`` characters of the content with white space collapsed."""
    return collapse_ws(content)[:limit]


# markup a reader (a model, a client) could take for a tag: ``<`` before a name, ``/``, ``!`` or ``?`` (spaces
# allowed between, as lenient readers allow), and the full-width and small forms of ``<``
_TAG_OPEN = re.compile(r"<(?=\s{0,8}[/!?]|\s{0,8}[^\W\d])|[\uFF1C\uFE64]")
# an entity reference a reader would decode (``&lt;``, ``&#60;``, ``&#x3c;``): escaped so no text decodes into markup
_ENTITY = re.compile(r"&(?=#\d{1,8};|#[xX][0-9a-fA-F]{1,8};|[A-Za-z][A-Za-z0-9]{1,31};)")


def inert_markup(text: str) -> str:
    """``text`` that can neither open nor close a markup block where it is quoted inside one (issue #27.1; breaker
    stop 40 finding 3): every ``<`` that starts a tag-like sequence (``<name``, ``</``, ``<!``, ``<?``, with up to
    8 spaces after it) becomes ``&lt;``, a full-width or small ``<`` (U+FF1C, U+FE64) its numeric reference, and
    an ``&`` that starts an entity reference becomes ``&amp;``, so nothing else changes and ``html.unescape``
    gives the text back exactly (tested). Linear; a text without ``<``, ``&`` or those forms is returned as is."""
    if "<" not in text and "&" not in text and "\uff1c" not in text and "\ufe64" not in text:
        return text
    text = _ENTITY.sub("&amp;", text)
    return _TAG_OPEN.sub(lambda m: "&lt;" if m.group() == "<" else f"&#x{ord(m.group()):X};", text)


def scrub_surrogates(text: str) -> str:
    """Replace lone UTF-16 surrogates (not encodable as UTF-8) with U+FFFD."""
    return text.encode("utf-8", "replace").decode("utf-8")


def has_surrogates(text: str) -> bool:
    """True when the string holds a lone surrogate code point (invalid Unicode)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False
