"""Whether a value revealed only by a typographic mark or by undoing character escapes is a credential (#28, stop 43b).

Stop 43 made styled digits and letters (sub- and superscripts, circled forms), soft hyphens and runs of character
escapes (``\\uXXXX``, ``&#x..;``, CSS ``\\XX ``) hiding marks: what they spell is read as if written plainly, and a
credential-shaped token they hid is an "Obfuscated Value". But each of these marks is also ordinary typography: a
formula's counts are subscripts (``C₁₂H₂₂O₁₁``), a footnote or an edition is a superscript (``Apollo¹¹``), a poster
title is circled (``Ⓡⓞⓞⓜ①⓪①``), a CMS breaks long titles with soft hyphens, and a JSON or HTML export escapes every
character of a title. Read as a hidden password, "8+ characters with a letter and a digit" refused all of them.

So a token revealed only by these marks must look like a credential by itself (:func:`revealed_secret`): a known
format (a rule of the scanner finds it alone), a random-looking or machine-made value (``accept_random``,
``accept_keyed_value``) that does not read as words and numbers (:func:`named`), or a password-shaped value with
a mark of choice in it: a symbol (``Tr0ub4dor&3``) or a digit standing for a letter inside a lower-case word
(``m0nk3y``). A name of words and numbers (``Windows11Upgrade``,
``Room101Booking``, ``Apollo11``) is none, and a chemical formula (element symbols with counts, ``C6H12O6``) or an
indexed variable (``w11w12w21w22``) never is. Trailing sentence punctuation is not part of the token.

Every function here looks at each character of one token a bounded number of times: linear in the token.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from contextlamp.domain.secret_shape import accept_keyed_value, accept_random, accept_stated_password

# the marks that are also ordinary typography: the soft hyphen (U+00AD, a hyphenation hint, Unicode 15 ch. 23.2) and
# the styles whose compatibility decomposition (UnicodeData.txt, UAX #44 5.7.3) is tagged <sub>, <super>, <circle>,
# <fraction> (1/2 in a formula) or <font> (the Mathematical Alphanumeric Symbols that styled names and titles use:
# a gamertag in bold, a poster title in double-struck letters; precise13, stop 43)
_TYPOGRAPHIC_STYLES = ("<sub>", "<super>", "<circle>", "<fraction>", "<font>")
SOFT_HYPHEN = "\xad"
MIN_REVEALED = 8  # characters, as secret_unwrap.MIN_VALUE: a shorter token holds no credential a rule names
_TRAILING = ".,;:?)]}'\""  # sentence punctuation after a token ("Glucose is C₆H₁₂O₆.")
# a symbol a chosen password holds; "/", ".", "-", "_" and ":" also join words, units and paths ("tCO2e/yr")
_PASSWORD_SYMBOLS = frozenset("!#$%&*+=?@^~")
# IUPAC's 118 element symbols
_ELEMENTS = frozenset(
    re.findall(
        r"[A-Z][a-z]?",
        "HHeLiBeBCNOFNeNaMgAlSiPSClArKCaScTiVCrMnFeCoNiCuZnGaGeAsSeBrKrRbSrYZrNbMoTcRuRhPdAgCdInSnSbTeIXeCsBa"
        "LaCePrNdPmSmEuGdTbDyHoErTmYbLuHfTaWReOsIrPtAuHgTlPbBiPoAtRnFrRaAcThPaUNpPuAmCmBkCfEsFmMdNoLrRfDbSgBh"
        "HsMtDsRgCnNhFlMcLvTsOg",
    )
)
_FORMULA = re.compile(r"\d*((?:[A-Z][a-z]?\d*)+)")  # an optional coefficient, then element symbols with counts
_ELEMENT = re.compile(r"([A-Z][a-z]?)\d*")
_INDEXED = re.compile(r"(?:[A-Za-z][0-9]{1,3})+")  # letters each with an index: w11w12w21w22, a1b2c3d4
# a digit that stands for a letter it looks like (0 o, 1 i/l, 3 e, 4 a, 5 s, 7 t) inside a lower-case word: m0nk3y,
# tr0ub; "Pixel8bit" is a word and a number
_LEET = re.compile(r"[a-z][013457][a-z]")
# the pieces of a name: a capitalised or lower-case word, an acronym, a number, a joining symbol
_PIECE = re.compile(r"[a-z]?[A-Z][a-z]+|[a-z]+|[A-Z]+(?![a-z])|[0-9]+|[-_./:]")  # iPhone is one word
_VOWELS = frozenset("aeiouyAEIOUY")
ACRONYM_MAX = 5  # capitals in a row read as an acronym (SQL, HTTP, NASA), not as random capitals
MAX_ACRONYMS = 2  # acronyms in one name (PostgreSQL16, HTTP2API); more is random capitals


def typographic(char: str) -> bool:
    """Whether ``char`` is a mark that is also ordinary typography (module docstring): a soft hyphen, or a letter
    or digit styled as a subscript, a superscript or circled."""
    return char == SOFT_HYPHEN or unicodedata.decomposition(char).startswith(_TYPOGRAPHIC_STYLES)


def only_typographic(written: str) -> bool:
    """Whether every non-ASCII character of ``written`` (a token as written) is a typographic mark, and there is
    one: then the token was revealed only by typography (no invisible character or look-alike; a
    small Greek letter is a formula's variable, not a mark)."""
    marks = [c for c in written if not c.isascii() and not _formula_letter(c)]
    return bool(marks) and all(typographic(c) for c in marks)


def _formula_letter(char: str) -> bool:
    """Whether ``char`` is a small Greek letter (U+03B1-U+03C9: ρ, λ, σ), a formula's variable written as itself
    (``½ρv²C_dA``); Greek capitals, which pass for Latin ones, stay marks."""
    return "\u03b1" <= char <= "\u03c9"


def styled(written: str) -> bool:
    """Whether ``written`` (a token as written) holds a mathematical styled letter or digit (<font>) and does not
    read as a name of words and numbers once folded (:func:`named`): a styled key (``𝐺𝑐𝑎𝐽𝐿-𝐾2𝐼𝑅𝐼-𝐵𝑇𝑤𝑡𝑅``) is then
    judged by its shape alone, while a styled gamertag (``𝐍𝐢𝐠𝐡𝐭𝐎𝐰𝐥𝟕𝟕``) stays a name."""
    if not any(unicodedata.decomposition(c).startswith("<font>") for c in written):
        return False
    return not named(unicodedata.normalize("NFKC", written).strip().rstrip(_TRAILING))


def chemical_formula(token: str) -> bool:
    """Whether ``token`` is a chemical formula: an optional coefficient, then 2+ element symbols (IUPAC) with
    counts, a digit among them (``C6H12O6``, ``CH3COOH``, ``2Fe2O3``). Case matters: ``Co`` is cobalt."""
    match = _FORMULA.fullmatch(token)
    if match is None or not any(c.isdigit() for c in match.group(1)):
        return False
    symbols = _ELEMENT.findall(match.group(1))
    return len(symbols) >= 2 and all(s in _ELEMENTS for s in symbols)


def indexed_variable(token: str) -> bool:
    """Whether ``token`` is single letters each with an index of 1-3 digits (``w11w12w21w22``, ``a1b2c3d4``): index
    notation, as a formula's subscripts write it."""
    return _INDEXED.fullmatch(token) is not None


def named(token: str) -> bool:
    """Whether ``token`` reads as a name of words and numbers (``Windows11Upgrade``, ``PostgreSQL16Upgrade``,
    ``iPhone15ProMax``, ``Release2025v2``): a word of 3+ letters with a vowel and a small letter, the other letter
    pieces such words too or up to ``MAX_ACRONYMS`` acronyms of up to ``ACRONYM_MAX`` capitals, and at most one
    short piece (a version's ``v``). Random characters (``KdI7uxoi5XeL``, upper-case hex ``487683AED7D7``) break
    into short pieces and capitals that fail."""
    short = acronyms = words = 0
    for piece in _PIECE.findall(token):
        if piece.isdigit() or piece in "-_./:":
            continue
        if piece.isupper():
            acronyms += 1
            if len(piece) > ACRONYM_MAX or acronyms > MAX_ACRONYMS:
                return False
        elif len(piece) < 3 or not any(c in _VOWELS for c in piece):
            short += 1
            if short > 1:
                return False
        else:
            words += 1
    return words > 0


def title(token: str) -> bool:
    """Whether ``token`` is a title of 2+ words run together with numbers and no separator (``Room101Booking``,
    ``Windows11Upgrade``, ``Chapter12Page345``): what an export escapes whole. Letters and digits only: a word and
    a number (``dock2668``), words joined by ``_`` (a passphrase) or a symbol among them (``Zebra77Lamp!96``) is
    no title."""
    if not (token.isascii() and token.isalnum()) or not named(token):
        return False
    return sum(1 for p in _PIECE.findall(token) if len(p) >= 3 and not p.isupper() and not p.isdigit()) >= 2


def revealed_secret(value: str, known: Callable[[str], bool], escaped: bool = False) -> bool:
    """Whether ``value``, revealed only by typography or escapes, is a credential by itself (module docstring).
    ``known(token)`` tells whether a rule of the scanner finds a credential in the token alone. ``escaped``: the
    value was a run of character escapes, which nobody writes by hand for a word and a number (``dock2668``): then
    any password shape but a title (:func:`title`) is one."""
    token = value.strip().rstrip(_TRAILING)
    if len(token) < MIN_REVEALED or any(c.isspace() for c in token):
        return False
    if chemical_formula(token) or indexed_variable(token):
        return False
    if known(token):
        return True
    if not named(token) and (accept_random(token) or accept_keyed_value(token)):
        return True
    if escaped:
        return accept_stated_password(token) and not title(token)
    return chosen_password(token)


def chosen_password(token: str) -> bool:
    """Whether ``token`` is password-shaped (``accept_stated_password``) with a mark of a chosen password: a symbol
    (``Tr0ub4dor&3``, ``Winter2024!``) or a digit for a letter inside a lower-case word (``m0nk3y``). A word and a
    year (``monitoring2025``) or a name of words and numbers is not."""
    chosen = any(c in _PASSWORD_SYMBOLS for c in token) or _LEET.search(token) is not None
    return chosen and accept_stated_password(token)
