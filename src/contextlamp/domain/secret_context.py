"""Values that are public by what the sentence around them says (stop 43, #28 "false refusals"): a finding is dropped
when its sentence makes the value something everyone may read.

- **a vendor's documented example, said to be one** (``DOCUMENTED_EXAMPLES``, ``EXAMPLE_CUE``): the example
  credentials vendors print in their documentation, which every tutorial copies: AWS's (its convention: the key ends
  in ``EXAMPLE`` or ``EXAMPLEKEY``; "Understanding and getting your AWS credentials", AWS General Reference),
  Stripe's test keys of its API reference, GitHub's token example of "About authentication to GitHub" (exact
  strings, and for AWS the suffix), in a sentence that calls it an example, a sample, a placeholder or the docs'
  ("the example access key in the AWS docs is …"). Without such a word the value stays a key: the tests and
  fixtures use AWS's example as the stand-in for a real one ("my key is AKIA…EXAMPLE" is refused);
- **a factory default** (``DEFAULT_CUE``): a trivial value (one digit repeated, a run such as ``1234``, or a word
  such as ``admin``) stated with the word for *default* or *factory* in the same sentence before it ("the factory
  default PIN on these routers is 1234, change it on setup"): the manufacturer printed it, a person did not choose it;
- **fiction** (``FICTION_CUE``): a plain word or a trivial number stated as the password *in the film / book / game*
  before it in the same sentence ("the password in WarGames the film was Joshua");
- **a network's name** (``NAMING_CUE``): a Wi-Fi rule's value whose sentence names the network (*name*, *nom*,
  *nombre*, *SSID*, *called* …) before it and names no key (*password*, *key*, *clé*, *clave* …): "Le nom du réseau
  wifi est Livebox-4F2A".

Only the sentence before each finding is read (at most ``_BACK`` bytes), so the cost is bounded per finding.
"""

from __future__ import annotations

import re

from contextlamp.domain.secret_measures import is_trivial_number

# AWS: access key id and secret key examples of the AWS documentation; Stripe: the test secret keys of its API
# reference (stripe.com/docs/api, "Authentication"); GitHub: the personal access token of its authentication docs.
DOCUMENTED_EXAMPLES = frozenset(
    (
        "AKIAIOSFODNN7EXAMPLE",
        "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "AKIAI44QH8DHBEXAMPLE",
        "je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY",
        "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
        "sk_test_BQokikJOvBiI2HlWgH4olfQ2",
        "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
    )
)
_AWS_EXAMPLE = re.compile(r"^(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{9}EXAMPLE$|^[A-Za-z0-9/+]{30}EXAMPLEKEY$")
EXAMPLE_CUE = re.compile(
    r"(?i)example|sample|placeholder|dummy|docs\b|documentation|documented|tutorial|beispiel|dokumentation|"
    r"exemple|ejemplo|esempio|exemplo|voorbeeld|exempel|przykład|пример|örnek|esimerkki|例|예시|示例"
)
_STATED = frozenset(("Password", "Password In Prose", "Password Assignment", "PIN", "Stated Token", "Wi-Fi Passphrase"))
DEFAULT_WORDS = frozenset(("admin", "password", "changeme", "guest", "root", "default", "letmein", "user", "pass"))
DEFAULT_CUE = re.compile(
    r"(?i)\b(?:default|factory|preset|werks|voreingestellt|standard|défaut|defecto|predeterminad|predefinit|"
    r"padrão|padrao|fabriek|standaard|domyśln|fabryczn|varsayılan|fabrika|умолчани|заводск|oletus|implicit|"
    r"výchozí|tovární|bawaan)|初期|デフォルト|默认|預設|预设|기본|초기"
)
FICTION_CUE = re.compile(
    r"(?i)\b(?:in|from|im|aus|dans|du|en|del|nel|nella|no|na|do|da|uit|i|från|w|z|в|из)\s+(?:the\s+|dem\s+|der\s+|le\s+|"
    r"la\s+|el\s+|il\s+|o\s+|a\s+|het\s+)?(?:film|movie|book|novel|show|series|episode|game|video\s?game|story|"
    r"comic|play|sitcom|cartoon|anime|buch|roman|serie|spiel|livre|série|jeu|película|pelicula|libro|novela|"
    r"juego|romanzo|gioco|filme|livro|romance|jogo|boek|spel|filmen|boken|filmie|książce|фильме|книге|сериале)\b"
    r"|映画|小説|电影|小说|영화|소설"
)
NAMING_CUE = re.compile(
    r"(?i)\b(?:name|named|called|ssid|nom|nombre|nome|naam|namn|navn|nazwa|název|jméno|adı|ismi|название|имя|"
    r"nimi|nama|tên|s'appelle|se\s+llama|si\s+chiama|se\s+chama|heißt|heisst|heet|heter|se\s+nume[sș]te|"
    r"numit[aă]?|denumit[aă]?)\b|名前|名称|이름"
)
KEY_CUE = re.compile(
    r"(?i)pass|key|clé|cle\b|clave|chave|chiave|schlüssel|sleutel|nyckel|nøgle|nøkkel|klucz|hasło|heslo|parol|"
    r"пароль|ключ|şifre|sandi|salasana|senha|contraseña|psk|wpa|密码|密碼|パスワード|비밀번호|비번|暗号|암호"
)
# a mask: x or X, asterisks or bullets repeated (8+, 6+ for symbols) at the end of the value, a closing quote allowed
_MASK = re.compile(r"(?:[xX]{8,}|\*{6,}|•{6,}|●{6,})[\"'`’”]?$")
_COUNT = re.compile(r"\d{1,4}(?:\s*(?:or|to|and|oder|bis|ou|à|o|a|y|e|of|tot|lub|do|или|до|veya|ya\s+da|-|–)\s*\d{1,4})?\+?")
# the units of a length rule right after a count, in the languages of KEY_CUE's credential nouns
LENGTH_UNIT = re.compile(
    r"(?i)\s*(?:or\s+more\s+|or\s+fewer\s+|\+\s*)?(?:characters?|chars?|digits?|words?|letters?|symbols?|bytes?|"
    r"zeichen|stellen|ziffern|wörter|caractères|chiffres|mots|caracteres|dígitos|digitos|palabras|caratteri|cifre|"
    r"parole|tekens|cijfers|woorden|znak|cyfr|słów|символ|цифр|слов|karakter|hane|kelime|tecken|siffror|ord|"
    r"caractere|cifre)\b|\s*(?:文字|桁|字|個|位|个字符|個字元|자|글자|자리|단어)"
)
_MARKED_AFTER = re.compile(
    r"(?i)[\s\"'`’”]*(?:\(|,|—|–|-)\s*(?:(?:just|only|purely|merely)\s+)?(?:(?:a|an|the|un|une|ein|eine|uno|una|"
    r"um|uma|een)\s+)?(?:placeholder|example|sample|dummy|fake|exemple|ejemplo|esempio|exemplo|beispiel|voorbeeld|"
    r"platzhalter|espace\s+réservé|marcador)\b"
)
_BACK = 200
_SENTENCE_END = re.compile(r"[.!?。！？\n](?:\s|$)")


def _sentence_before(data: bytes, start: int) -> str:
    """The text from the start of the sentence (at most ``_BACK`` bytes back) to ``start``."""
    head = data[max(0, start - _BACK) : start].decode("utf-8", "ignore")
    ends = list(_SENTENCE_END.finditer(head))
    return head[ends[-1].end() :] if ends else head


def _sentence_after(data: bytes, end: int) -> str:
    """The text from ``end`` to the end of its sentence (at most ``_BACK`` bytes on)."""
    tail = data[end : end + _BACK].decode("utf-8", "ignore")
    stop = _SENTENCE_END.search(tail)
    return tail[: stop.start()] if stop else tail


def _trivial(value: str) -> bool:
    v = value.strip(".,;:!?()\"'`“”‘’«»#*")
    digits = v.replace(" ", "")
    return (digits.isdigit() and len(digits) >= 4 and is_trivial_number(digits)) or v.lower() in DEFAULT_WORDS


def masked(value: str) -> bool:
    """Whether ``value`` ends in a mask (``ghp_xxxxxxxx…``, ``sk_test_xxxx…``, ``********``): a redacted or
    placeholder value, whose secret part is one mask character repeated (``_MASK``)."""
    return _MASK.search(value) is not None


def length_rule(value: str, after: str) -> bool:
    """Whether ``value`` is a count (digits, or counts joined by *or*/*to*/a dash: ``12 or 24``) that the words
    ``after`` it make a length (``LENGTH_UNIT``: characters, digits, words … 文字, 자): "passwords must be 12 or more
    characters", "パスワードは12文字以上" state a rule, not a value."""
    return _COUNT.fullmatch(value) is not None and LENGTH_UNIT.match(after) is not None


def marked_example(after: str) -> bool:
    """Whether the words right ``after`` a stated value call it an example or a placeholder, in parentheses or an
    apposition ("… is P@ssw0rd (a placeholder)", "…, just an example"): ``_MARKED_AFTER``."""
    return _MARKED_AFTER.match(after) is not None


def public_by_context(kind: str, value: str, before: str, after: str = "") -> bool:
    """Is ``value`` (found as ``kind``) public by the words ``before`` it in its sentence, or for a documented
    example ``after`` it too (module docstring)?"""
    v = value.strip(".,;:!?()\"'`“”‘’«» ")
    if v in DOCUMENTED_EXAMPLES or _AWS_EXAMPLE.match(v):
        return EXAMPLE_CUE.search(before) is not None or EXAMPLE_CUE.search(after) is not None
    if masked(v) or length_rule(v, after):
        return True
    if kind not in _STATED:
        return False
    if marked_example(after):
        return True
    if _trivial(v) and DEFAULT_CUE.search(before):
        return True
    plain = (v.isalpha() and len(v) <= 20) or _trivial(v)
    if plain and FICTION_CUE.search(before):
        return True
    if kind == "Wi-Fi Passphrase" and NAMING_CUE.search(before):
        return KEY_CUE.search(before) is None
    return False


def without_public_context(raw: list[tuple[int, int, str]], data: bytes) -> list[tuple[int, int, str]]:
    """``raw`` (byte spans of ``data`` and kinds) less the findings :func:`public_by_context` drops."""
    return [
        (s, e, kind)
        for s, e, kind in raw
        if not public_by_context(
            kind, data[s:e].decode("utf-8", "ignore"), _sentence_before(data, s), _sentence_after(data, e)
        )
    ]
