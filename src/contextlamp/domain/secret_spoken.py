"""Credentials stated the way people talk (stop 43, #28 item 3): short nouns, no separator, digits in groups, a
code named after what it opens in any language, a security question and its answer, a password said in passing.

- **a casual noun** (``CASUAL_PATTERN``): the clipped forms people type for "password" (*pw*, *pass*, *passw*, Spanish
  *contra*, Dutch *ww*, Swedish *lösen*, Finnish *salis*, Korean *비번* …), up to seven words of any language, then a
  value that ends the clause (or that one or two small words follow: "… is heron5521 now") and is credential-shaped on
  its own (secret_shape.accept_stated_password: letters with
  digits or symbols, a compound, 6+ digits that are no run). *pass* is also a ticket, a mountain road and a step of
  an algorithm: it counts only with no word or a possessive, an article or what it opens before it;
- **a password noun of a spaceless script with no particle** (``CJK_BARE_PATTERN``, "비번 X로 바꿨어", "密码 X"):
  the ASCII run after it, credential-shaped;
- **a PIN said in groups** (``SPACED_PIN_PATTERN``, "my pin is 48 21"): a PIN noun, its slot, 2 to 6 groups of
  1 to 4 digits (4 to 12 digits in all) ending the clause;
- **a code named after what it opens, in any language** (``CODE_ANY_PATTERN``, "Code der Gartentür: 4711", "kapının
  kodu 4711"): a word holding *code*/*kod*/*koodi*/*código*/*codice*/*код*, up to four words, a colon, a dash or a
  short copula (or nothing when the digits follow the code word), then 4 to 8 digits ending the clause. A code of a
  kind that is no secret (postal, error, product, order, article, reference, tax, bank …) is named in its words;
- **a security question and its answer** (``ANSWER_CUE_PATTERN``): the words for "security question" in 20
  languages (or a question's topic used as a label: "first pet:", "name of first car:"), within the clause a colon,
  an arrow, a dash or the word for "answer", then a short answer ending the clause;
- **the key of the Wi-Fi in a language without a lexicon noun** (``OF_WIFI_PATTERN``): "<noun> <of> (the) wifi
  <copula> <value>", the value credential-shaped, no word naming the network (secret_context.NAMING_CUE);
- **a password said in passing** (``PASSING_PATTERN``): a user name and a credential-shaped value joined by *and*,
  then a phrase saying it lets one in ("the engineer login is eng and X gets you in").

Every rule is keyed (runs only where one of its words is), every repetition counted, each check Python on one
candidate, so the scan stays linear (secret_scan.py).
"""

from __future__ import annotations

import re

from contextlamp.domain import secret_shape as shape
from contextlamp.domain.secret_context import NAMING_CUE
from contextlamp.domain.secret_grammar import MODIFIER, PIN_NOUNS, PIN_NOUNS_CJK, SEPARATOR, SEPARATOR_CJK, WS
from contextlamp.domain.secret_lexicon import function_words
from contextlamp.domain.secret_rules import Rule
from contextlamp.domain.secret_values import accept_answer, accept_password
from contextlamp.domain.secret_words import SLOT_UNITS

_START = r"(?:^|[^\p{L}\p{N}_])"


def _set(text: str) -> frozenset[str]:
    return frozenset(text.split())


_END = rf"{WS}*(?:[\n.!?;,)\]。！？]|$)"
_TOKEN = r"[^\s\p{Z}\"'`“”«»,;]"

CASUAL_NOUNS = r"pw|pass|passw|contra|ww|lösen|losen|salis|salkkari|sandi|비번|비밀번호"
_CASUAL_WINDOW = rf"(?i){_START}((?:\p{{L}}{{1,12}}(?:'s|’s)?{WS}+)?(?:{CASUAL_NOUNS})(?:{WS}*[:=])?"
CASUAL_PATTERN = rf"{_CASUAL_WINDOW}(?:{WS}+{_TOKEN}{{1,64}}){{1,7}}){_END}"
# the value followed by one or two small words to the clause's end ("… is heron5521 now", "… ist Igel7 oder?")
CASUAL_TAIL_PATTERN = rf"{_CASUAL_WINDOW}(?:{WS}+{_TOKEN}{{1,64}}){{1,7}}?)(?:{WS}+\p{{Ll}}{{1,6}}){{1,2}}{_END}"
# what may stand right before "pass" when it means the password: an article, a possessive, what it opens
_PASS_BEFORE = _set(
    "the my your his her our their its new old same this that wifi wi-fi admin root login email mail router nas "
    "laptop pc printer account user db server vpn guest mum's mom's dad's"
)
_CASUAL = re.compile(rf"(?i)^(?:{CASUAL_NOUNS})[:=]?$")
_COPULA_MAX = 7  # a copula is short in the languages read here (is, ist, est, es, è, é, är, on, je, jest, adalah)


def _clean(word: str) -> str:
    return word.strip(".,;:!?()[]\"'`“”‘’«»").lower()


def credential_shaped(value: str) -> bool:
    """Credential-shaped on its own, with a letter or symbol or 6+ digits, and not a measured quantity."""
    v = value.strip(".,;:!?)(\"'`“”‘’«»*_~")  # and markdown's emphasis ("**What does the pass offer?**")
    if len(v) < 4 or _clean(v) in SLOT_UNITS or re.fullmatch(r"[0-9]+(?:[.,][0-9]+)?[A-Za-zµ%]{1,4}", v):
        return False
    return shape.accept_stated_password(v) and accept_password(v)


def accept_casual(window: str) -> bool:
    """The words from the one before a casual noun to the clause's last token: the noun is the first or second
    word, *pass* has no word but an article, possessive or opened thing before it, and the last token is a
    credential (:func:`credential_shaped`)."""
    words = window.split()
    at = next((i for i, w in enumerate(words[:2]) if _CASUAL.match(w.strip(".,;!?"))), None)
    if at is None or len(words) < at + 2:
        return False
    noun = words[at].strip(":=").lower()
    if noun == "pass" and at == 1 and _clean(words[0]) not in _PASS_BEFORE:
        return False  # "boarding pass", "second pass", "mountain pass"
    return credential_shaped(words[-1])


CJK_BARE_PATTERN = (
    r"(?:비번|비밀번호|패스워드|암호|密码|密碼|口令|パスワード|パス)(?:[ \t]+|[はが：:][ \t]*)([\x21-\x7e]{4,64})"
)

# stop 44: what the PIN opens may stand between ("PIN do karty babci: 50 45", "El PIN del móvil … es 53 71"), the
# noun may carry a possessive or a contracted copula ("pin's 45 38 50", "kart PIN'i 8910"), and the groups may be
# joined by dashes ("47-19-03")
_PIN_SUFFIX = rf"(?:['’](?:s|i|ı|in|ini|nı|u)|-?koodi(?:{WS}+on)?|-?kood(?:{WS}+on)?)?"
SPACED_PIN_PATTERN = (
    rf"(?i){_START}(?:{PIN_NOUNS}){_PIN_SUFFIX}{MODIFIER}(?:{SEPARATOR}|{WS}+)"
    rf"([*#]?[0-9]{{1,4}}(?:(?:[ \t]|[ \t]?-[ \t]?)[0-9]{{1,4}}){{1,5}}[*#]?){_END}"
)
# a bare 번호 is "number" (an order, phone or room number): only a PIN noun or 비밀번호 (password) marks the groups
SPACED_PIN_CJK = (
    rf"(?:{PIN_NOUNS_CJK}|비밀번호|密码){SEPARATOR_CJK}([0-9]{{1,4}}(?:[ \t-][0-9]{{1,4}}){{1,5}})(?:[^0-9]|$)"
)


def accept_spaced_pin(value: str) -> bool:
    """2 to 6 groups of digits, 4 to 12 digits in all, not a run or one digit repeated."""
    digits = "".join(c for c in value if c.isdigit())
    return 4 <= len(digits) <= 12 and len(set(digits)) > 1


_CODE_WORD = r"\p{L}{0,16}(?:code|kod|kód|kode|kodu|koodi|código|codigo|codice|codul|код|кода)\p{L}{0,4}"
CODE_ANY_PATTERN = (
    rf"(?i){_START}((?:\p{{L}}{{1,16}}{WS}+){{0,2}}{_CODE_WORD}(?:{WS}+[^\s\p{{Z}}:=.!?;,0-9]{{1,20}}){{0,4}}"
    rf"(?:{WS}*[:=]|{WS}+[—–-])?{WS}+[*#]?[0-9]{{4,8}}[*#]?){_END}"
)
# stems naming a code that is no secret (matched inside compounds: "Postleitzahl", "Fehlercode", "tilauskoodi")
_PUBLIC_CODE = re.compile(
    r"(?i)(?:zip|postal|postcode|postleit|pocztow|poštovn|почтов|posta|error|fehler|erreur|errore|erro\b|fout|"
    r"\bfel|błęd|błąd|chyb|hata|ошибк|virhe|eroare|status|exit|return|http|product|produkt|produit|producto|"
    r"prodotto|produto|promo|rabatt|discount|coupon|gutschein|voucher|area|country|länder|landes|language|"
    r"colou?r|farb|airport|station|stock|item|artic|artikel|artíc|artig|sku|tarif|diagnos|icd|billing|tracking|"
    r"sendung|referen|référen|order|bestell|commande|pedido|ordine|zamówien|objedn|sipariş|заказ|tilaus|comand|"
    r"bank|iban|swift|routing|sort|tax|steuer|fiscal|vat|qr|barcode|source|quell|program|shader|sample|beispiel|"
    r"exemple|ejemplo|esempio|exemplo|nace|naics|isbn|ean|upc|hs\b|cpt|gtin|lot|batch|charge|serial|model|"
    r"version|build|release|year|jahr|année|año|anno|\bano\b|år|rok|yıl|год|vuosi|\ban\b|kurs|course|class|lesson)"
)
# what a code opens, as the word right after it in languages that put it there (genitive, compound-free)
_OPENS = re.compile(
    r"(?i)^(?:домофон|двер|подъезд|калитк|сейф|замк|ворот|гараж|сигнализац|брам|drzwi|domofon|sejf|furtk|"
    r"alarm|dveř|brán|trezor|vrat|kapı|kasa)\w*$"
)
_CODE = re.compile(r"(?i)c[oó]d|k[oó]d|koodi|код")
_PLURAL = re.compile(r"(?i)(?:codes|códigos|codigos|codici|kody|koder|kodlar\w*|коды|koodit|kódy|codurile)$")
_NOT_BEFORE_DIGITS = _set(
    "in at since until by from after before to ab bis seit vor nach um depuis dès avant après desde hasta "
    "antes después dal dopo prima fino sinds na voor från efter före od do przed po от до с после ennen jälkeen "
    "sejak setelah sebelum sampai önce sonra kadar din după până pukul jam number no nr num"
)


def accept_code_any(window: str) -> bool:
    """A code word, up to four words and a separator, then the digits: no word names a public kind of code, the word
    before the digits is no preposition of time or count, a word between the code word and the digits is a short
    copula when there is no colon or dash, and the digits are no year alone."""
    words = window.split()
    *before, digits = words
    if _PUBLIC_CODE.search(" ".join(before)):
        return False
    code_at = next((i for i, w in enumerate(before) if _CODE.search(w)), 0)
    if _PLURAL.search(before[code_at].strip(":=")):  # "zip codes: 100012, …", "the codes table: …": a list
        return False
    after = before[code_at + 1 :]
    if len(after) == 1 and _OPENS.match(after[0]):  # "Код домофона 51950*": the code, what it opens, the digits
        core = digits.strip("*#")
        return len(set(core)) > 1 and not _PUBLIC_CODE.search(after[0])
    if before[code_at].strip(":=").lower() == "code" and len([w for w in after if w not in ("-", "—", "–")]) <= 1:
        return False  # "<thing> code is 4735": English compounds are PIN_NOUNS' (what it opens), not any code's
    separated = any(w.endswith((":", "=")) or w in ("-", "—", "–") for w in after) or before[-1].endswith((":", "="))
    if after and not separated:
        last = _clean(after[-1])
        if len(after) > 4 or len(last) > _COPULA_MAX or last in _NOT_BEFORE_DIGITS or not last.isalpha():
            return False
    if before and _clean(before[-1]) in _NOT_BEFORE_DIGITS:
        return False
    core = digits.strip("*#")
    return not (len(core) == 4 and core[:2] in ("19", "20") and core == digits) and len(set(core)) > 1


_QUESTION = (
    r"security{WS}question|secret{WS}question|sicherheitsfrage|question{WS}secrète|question{WS}de{WS}sécurité|"
    r"pregunta{WS}(?:de{WS}seguridad|secreta)|domanda{WS}(?:di{WS}sicurezza|segreta)|"
    r"pergunta{WS}(?:de{WS}segurança|secreta)|beveiligingsvraag|säkerhetsfråga|sikkerhe[dt]sspørsmål|"
    r"sikkerhedsspørgsmål|pytanie{WS}(?:pomocnicze|bezpieczeństwa)|güvenlik{WS}sorusu|"
    r"(?:контрольный|секретный){WS}вопрос|pertanyaan{WS}keamanan|bezpečnostní{WS}otázka|"
    r"întrebarea{WS}de{WS}securitate|turvakysymys|biztonsági{WS}kérdés|"
    r"(?:name{WS}of{WS}(?:my{WS}|your{WS}|the{WS})?)?(?:first|childhood){WS}(?:pet|car|school|teacher|street|"
    r"friend|boss|job)(?:'s{WS}name|{WS}name)?{WS}*:"
)
_ANSWER_WORDS = (
    r"answer|antwort|réponse|respuesta|risposta|resposta|antwoord|svar|odpowiedź|cevap\p{L}{0,3}|ответ|jawaban|"
    r"odpověď|răspuns|vastaus|válasz"
)
ANSWER_CUE_PATTERN = (
    rf"(?i){_START}(?:{_QUESTION})(?:[^\n.!?;]{{0,80}}?(?:[:：=→]|{WS}[—–-]|{WS}(?:{_ANSWER_WORDS}){WS}*[:：]?))?"
    rf"{WS}*([^\s\p{{Z}}:：.!?;,()（）][^\n.!?;,:：()（）]{{0,38}}?){WS}*(?:[\n.!?;]|$)"
).replace("{WS}", WS)
ANSWER_CUE_CJK = (
    r"(?:秘密の質問|安全问题|密保问题|密保|보안[ \t]?질문)[^\n。]{0,40}?"
    r"(?:の答え|答え|答案|답변|답|回答)[ \t]*[:：は是]?[ \t]*"
    r"([^\s\n。、，：:]{2,30})"
)


def accept_answer_cue(value: str) -> bool:
    """The answer after a security question: one to four words, none a function word of some language written in
    small letters (a capitalised word is a name: "Mrs Haugland"), not prose about the answer
    (secret_values.accept_answer)."""
    tail = re.split(r"\s[—–→-]\s|[:：→]", value)[-1]  # the question's topic, then a dash and the answer
    words = tail.split()
    if not 1 <= len(words) <= 4 or any(w.islower() and w in function_words() for w in words):  # "Mrs" is a name
        return False
    return accept_answer(tail) and any(c.isalpha() or c.isdigit() for c in tail)


PASSING_PATTERN = (
    rf"(?i)\b(?:login|log{WS}?in|user(?:name)?|account|sign{WS}?in)\b[^\n.!?;]{{0,40}}?{WS}(?:and|plus|with|,)"
    rf"{WS}+({_TOKEN}{{4,64}}){WS}+(?:gets{WS}+(?:you|me|us|them){WS}+in|lets{WS}+(?:you|me|us){WS}+in|works|"
    rf"will{WS}+work|should{WS}+work|does{WS}+it|opens{WS}+it|is{WS}+the{WS}+pass(?:word)?)\b"
)


_CASUAL_KEYS = ("pw", "pass", "contra", "ww", "lösen", "losen", "salis", "salkkari", "sandi", "비번", "비밀번호")


# "<a noun of any language> <of> (the) Wi-Fi <a copula> <value>": the thing of the Wi-Fi that is stated is its key
# unless the sentence names the network ("Phasewete ya wifi ke X", "Sa crae de su wifi est X")
OF_WIFI_PATTERN = (
    rf"(?i)(?:^|[\n.!?;:][ \t]*)((?:[^\s\p{{Z}}\"`“”«»,;]{{1,24}}{WS}+){{2,6}}(?:wi-?fi|wlan)"
    rf"(?:{WS}+\p{{L}}{{1,6}}){{0,2}}{WS}*:?{WS}+{_TOKEN}{{4,64}}){_END}"
)
_BAND_SUFFIX = re.compile(r"(?i)(?:[-_ ]?(?:2\.4|5|6)g(?:hz)?|[-_](?:ext|guest|iot))$")


def accept_of_wifi(window: str) -> bool:
    """A noun, a short word (a preposition, article or possessive: 1 to 4 letters), the Wi-Fi word, at most two
    short words (a copula), and a credential-shaped value (with a digit or symbol, or a compound of three words); no
    word of the sentence names the network (secret_context.NAMING_CUE), no band suffix ends the value."""
    words = window.split()
    at = next((i for i, w in enumerate(words) if re.fullmatch(r"(?i)wi-?fi|wlan", w.strip(":"))), -1)
    if at < 2 or len(words[at - 1].strip("'’")) > 5 or NAMING_CUE.search(window):
        return False
    value = words[-1].strip(".,;:!?)")
    compound = len([p for p in re.split(r"[-_.]", value) if p.isalpha()]) >= 3
    shaped = any(c.isdigit() for c in value) or any(not c.isalnum() for c in value.strip("-")) or compound
    return shaped and _BAND_SUFFIX.search(value) is None and credential_shaped(value)


def spoken_rules() -> tuple[tuple[Rule, tuple[str, ...]], ...]:
    """Each rule of this module with the words one of which a text must hold for it to run (case-insensitive)."""
    return (
        (
            Rule("Password", CASUAL_PATTERN, accept_casual, resume="after", window=True, trim="last"),
            _CASUAL_KEYS,
        ),
        (
            Rule("Password", CASUAL_TAIL_PATTERN, accept_casual, resume="after", window=True, trim="last"),
            _CASUAL_KEYS,
        ),
        (
            Rule("Password", CJK_BARE_PATTERN, credential_shaped),
            tuple(_set("비번 비밀번호 패스워드 암호 密码 密碼 口令 パス")),
        ),
        (Rule("PIN", SPACED_PIN_PATTERN, accept_spaced_pin, resume="next"), ("pin", "code", "kod", "код", "koodi")),
        (
            Rule("PIN", SPACED_PIN_CJK, accept_spaced_pin, resume="next"),
            ("暗証番号", "PIN", "번호", "密码", "パスコード"),
        ),
        (
            Rule("PIN", CODE_ANY_PATTERN, accept_code_any, resume="after", window=True, trim="last"),
            ("code", "kod", "kód", "koodi", "código", "codigo", "codice", "codul", "код"),
        ),
        (
            Rule("Security Question Answer", ANSWER_CUE_PATTERN, accept_answer_cue, resume="next"),
            tuple(
                _set(
                    "security secret sicherheit question pregunta domanda pergunta vraag fråga spørg spørs pytanie "
                    "güvenlik вопрос pertanyaan otázka întrebarea turvakysymys kérdés first childhood"
                )
            ),
        ),
        (Rule("Security Question Answer", ANSWER_CUE_CJK, accept_answer), ("秘密の質問", "安全问题", "密保", "보안")),
        (
            Rule("Wi-Fi Passphrase", OF_WIFI_PATTERN, accept_of_wifi, resume="next", window=True, trim="last"),
            ("wifi", "wi-fi", "wlan"),
        ),
        (
            Rule("Password", PASSING_PATTERN, credential_shaped, resume="next"),
            ("login", "log in", "user", "account", "sign in", "signin"),
        ),
    )
