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

precise13 (stop 43) adds values no sentence makes a credential: a mask (``ghp_xxxx…``), a length rule (a count
followed by a unit: "12 or 24 words", "12文字以上"), a stated value called a placeholder right after it, a file
path, a phrase that modifies the noun instead of giving its value ("passwords from KeePass to 1Password"), and a PEM
armour line that prose follows (:func:`pem_header_in_prose`).

stated14 (stop 44) adds payment processors' documented test cards (``TEST_CARDS``, Stripe's "Testing" page): a card
finding with one of those numbers is dropped when its sentence says *test*, *sandbox* or an example word; the same
number without such a word stays a card.

Only the sentence before each finding is read (at most ``_BACK`` bytes), so the cost is bounded per finding.
"""

from __future__ import annotations

import re

from contextlamp.domain.secret_changes import CHANGE_VERBS
from contextlamp.domain.secret_measures import is_trivial_number
from contextlamp.domain.secret_revealed import chosen_password, named
from contextlamp.domain.secret_shape import accept_random, accept_stated_password

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
# Payment processors' documented test card numbers (Stripe's "Testing" page, stripe.com/docs/testing; the
# Visa/Mastercard/Amex/Discover test numbers Braintree and PayPal document too): public, accepted only in test mode.
# A card finding with one of these is dropped when its sentence says test, sandbox or an example word.
TEST_CARDS = frozenset(
    (
        "4242424242424242",
        "4000056655665556",
        "5555555555554444",
        "2223003122003222",
        "5200828282828210",
        "5105105105105100",
        "378282246310005",
        "371449635398431",
        "6011111111111117",
        "6011000990139424",
        "3056930009020004",
        "36227206271667",
        "3566002020360505",
        "6200000000000005",
        "4000000000000002",
        "4000000000009995",
        "4111111111111111",
        "4012888888881881",
        # vendor16 (stop 45): the rest of Stripe's testing page (3-D Secure, declines, fraud and check failures,
        # disputes, country cards), Braintree's sandbox numbers and Adyen's test cards: all test-mode only.
        "4000002500003155",
        "4000002760003184",
        "4000008260003178",
        "4000000000003220",
        "4000000000003063",
        "4000000000003055",
        "4000000000009987",
        "4000000000009979",
        "4000000000000069",
        "4000000000000127",
        "4000000000000119",
        "4100000000000019",
        "4000000000004954",
        "4000000000000010",
        "4000000000000028",
        "4000000000000036",
        "4000000000000044",
        "4000000000000101",
        "4000000000000341",
        "4000000000000259",
        "4000000000001976",
        "4000000000005423",
        "4000000000000077",
        "4000003720000278",
        "4000000760000002",
        "4000001240000000",
        "4000004840008001",
        "6011981111111113",
        "4005519200000004",
        "4009348888881881",
        "4012000033330026",
        "4012000077777777",
        "4217651111111119",
        "4500600000000061",
        "3530111333300000",
        "4000111111111115",
        "4111111145551142",
        "5555341244441115",
        "2222400070000005",
    )
)
_TEST_CUE = re.compile(r"(?i)\btest|sandbox|\bprueba|\bteste\b|\bprova\b|тест|テスト|测试|테스트")
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
_COUNT = re.compile(
    r"\d{1,4}(?:\s*(?:or|to|and|oder|bis|ou|à|o|a|y|e|of|tot|lub|do|или|до|veya|ya\s+da|-|–)\s*\d{1,4})?\+?"
)
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
_MODIFIER = re.compile(
    r"(?i)\s+(?:from|to|into|in|on|for|of|with|at|by|via|between|across|de|du|des|vers|von|nach|zu|aus|für|mit|da|di|"
    r"del|della|dal|per|con|desde|hacia|para|van|naar|voor|uit|med|från|till|för|z|do|dla|od|из|для|от|"
    r"default|factory|predefinit[ao]|predeterminad[ao]|por\s+defecto|par\s+défaut|padrão|standard|voreingestellte?)\s"
)
_STATES = re.compile(r"(?i)[:=]|\b(?:is|was|are|ist|war|est|était|es|era|è|é|era|är|var|jest|это)\b")
# a verb of changing or setting before the noun: then "to X"/"a X" after it states the new value (secret_changes)
_CHANGED = re.compile(r"(?i)\b(?:chang(?:e|ed|ing)|set|setting|reset|updated?|" + CHANGE_VERBS + r")\b")
_END_PUNCT = ".,;:!?)]}'\"`’”»"
_DIGIT = re.compile(r"\d")
# what may stand between a credential noun and a count: nothing, or the noun with a copula, colon or topic particle
_BEFORE_COUNT = re.compile(
    r"(?i)(?:^|\b(?:is|are|be|was|were|has|have|ist|sind|est|sont|es|son|è|sono|é|são|zijn|"
    r"jest|są|är)\s+(?:(?:at\s+least|up\s+to|exactly|only|mindestens|au\s+moins|al\s+menos|"
    r"almeno|pelo\s+menos)\s+)?|[:=]\s*|[はがも는은이가]\s*)$"
)
_PATH = re.compile(r"(?:[A-Za-z0-9._-]+/)+[A-Za-z0-9._-]+/?")
_PEM_HEADER = re.compile(r"-----BEGIN [A-Z0-9 ]{1,60}-----")
# a token of key body: 8+ base64 characters with a digit, + or /, or 16+ of them whatever they are
_B64_RUN = re.compile(r"[A-Za-z0-9+/=]{8,}")
_KEY_MARKS = frozenset("0123456789+/")  # a base64 run of 8+ with one of these, or any of 16+, is key body
_PROSE_WORD = re.compile(r"[A-Za-z]{2,}")
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
    after it make a length (``LENGTH_UNIT``: characters, digits, words … 文字, 자): "passwords must be 12 or more
    characters", "パスワードは12文字以上", "a seed phrase is 12 or 24 words" state a rule, not a value. The count
    is the whole value (the words after it are then ``after``) or follows the value's label and its copula."""
    digit = _DIGIT.search(value)
    if digit is None or not _BEFORE_COUNT.search(value[: digit.start()]):
        return False
    count = _COUNT.match(value, digit.start())
    if count is None:
        return False
    rest = value[count.end() :]
    return LENGTH_UNIT.match(rest if rest.strip() else after) is not None


def modifier_slot(value: str) -> bool:
    """Whether a stated ``value`` (as found, leading space kept) is a phrase that modifies the credential noun
    right before it instead of giving its value: it opens with a preposition or a word for *default*, and holds no
    ``:``, ``=`` or copula ("moving the passwords from KeePass to 1Password?", "la password predefinita del nuovo
    Synology"). "The password is from2024!" (no space after the preposition) keeps its value."""
    if _MODIFIER.match(value) is None or _STATES.search(value) is not None:
        return False
    return not any(_value_like(token.rstrip(_END_PUNCT)) for token in value.split())


def _value_like(token: str) -> bool:
    """A token that reads as a credential value: letters with 2+ digits, a chosen password's shape (a symbol or a
    digit for a letter), or random characters that are no name of words and numbers (secret_revealed)."""
    if sum(c.isdigit() for c in token) >= 2 and any(c.isalpha() for c in token) and len(token) >= 6:
        return True  # letters and a number run together (qwer3340): a value, not a product name (1Password)
    return chosen_password(token) or (not named(token) and (accept_random(token) or accept_stated_password(token)))


def file_path(value: str, before: str) -> bool:
    """Whether a stated ``value`` is a file path (``/etc/davfs2/secrets``, ``~/.netrc``): where credentials are
    kept, not one. Two or more segments of letters, digits, dots, dashes and underscores, rooted at ``/`` or ``~/``
    (the root may be left in ``before`` when the rule's value starts after it)."""
    rooted = value.startswith(("/", "~/")) or before.endswith(("/", "~/"))
    return rooted and _PATH.fullmatch(value.lstrip("~/")) is not None


def pem_header_in_prose(value: str, tail: str) -> bool:
    """Whether ``value`` is a PEM armour line (``-----BEGIN PRIVATE KEY-----``) that prose follows on the same line
    and no key body does (``tail``: the text after the finding, up to ``_BACK`` bytes): "Private keys begin with
    -----BEGIN PRIVATE KEY----- in PEM format" explains the format. A line break or any base64-like token (a
    digit, ``+`` or ``/`` in a run of 8+) after the header is a key, and so is a single word ("Here is mine
    -----BEGIN RSA PRIVATE KEY----- abc": a paste cut short); prose is two words or more."""
    header = _PEM_HEADER.match(value)
    if header is None:
        return False
    body = value[header.end() :] + tail
    line = body.split("-----END", 1)[0]
    first = line.lstrip(" \t")
    if not first or first[0] in "\r\n":
        return False
    runs = (t for t in _B64_RUN.findall(line) if len(t) >= 16 or any(c in _KEY_MARKS for c in t))
    return next(runs, None) is None and len(_PROSE_WORD.findall(first)) >= 2


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
    if kind == "Payment Card Number" and re.sub(r"[ -]", "", v) in TEST_CARDS:
        return any(cue.search(text) for cue in (_TEST_CUE, EXAMPLE_CUE) for text in (before, after))
    if masked(v) or length_rule(v, after):
        return True
    if kind not in _STATED:
        return False
    if marked_example(after) or file_path(v, before) or (modifier_slot(value) and not _CHANGED.search(before)):
        return True
    if _trivial(v) and DEFAULT_CUE.search(before):
        return True
    plain = (v.isalpha() and len(v) <= 20) or _trivial(v)
    if plain and FICTION_CUE.search(before):
        return True
    if kind == "Wi-Fi Passphrase" and NAMING_CUE.search(before):
        return KEY_CUE.search(before) is None
    return False


_BY_KIND = frozenset(("Payment Card Number", "Wi-Fi Passphrase"))  # the kinds public_by_context names


def without_public_context(raw: list[tuple[int, int, str]], data: bytes) -> list[tuple[int, int, str]]:
    """``raw`` (byte spans of ``data`` and kinds) less the findings :func:`public_by_context` drops."""
    kept: list[tuple[int, int, str]] = []
    judged: dict[tuple[int, int, object], bool] = {}  # several rules find one value: judged once (stop 48)
    for s, e, kind in raw:
        value = data[s:e].decode("utf-8", "ignore")
        key = (s, e, kind if kind in _BY_KIND else kind in _STATED)  # public_by_context reads no more of kind
        public = judged.get(key)
        if public is None:
            public = judged[key] = public_by_context(kind, value, _sentence_before(data, s), _sentence_after(data, e))
        if public:
            continue
        if kind == "Private Key" and pem_header_in_prose(value, data[e : e + _BACK].decode("utf-8", "ignore")):
            continue
        kept.append((s, e, kind))
    return kept
