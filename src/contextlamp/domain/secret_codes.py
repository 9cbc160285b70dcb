"""A code stated after its name in any language: a code noun, what it opens, a separator mark, then digits.

People write a keypad code, a PIN, a PUK or a lock combination under the noun their language has for a code
("Handy-Code in der Hütte → 867382", "kapukód;*5207*", "| รหัสประตูรั้ว | *3337* |", ``"SIM卡PUK码": "82500088"``,
"* код розблокування телефона\\n  * 582825"). The slot layer (secret_slots.py) reads a PIN noun of 20 languages before a
copula or colon; this rule reads the word for *code* itself, in every language the scanner reads, wherever it sits
in a word (a compound: "Garagentorcode", "kapukód", 大门密码, รหัสปลดล็อก), with up to 60 characters of what it opens
after it, then a mark every language writes between a name and its value (``:``, ``=``, ``;`` of a CSV row, ``|`` of
a table cell, an arrow, a list item on the next line) and a value of 3-12 digits (``#``/``*`` around, dashes inside,
any script's digits: secret_normal folds them to ASCII).

A code that everyone may know is no credential: when a word of the name (or the word before it) names a public code
(:data:`PUBLIC_CODE_WORDS`: zip/postal, error, status, exit, area/dialling, country, promo/discount, bar/QR, source,
colour, HTTP, ISO, tracking, order, product … in each language the nouns are listed for), the rule does not fire.
The word for "code" alone names nothing (a table's "Code" column); the window before the separator holds no digit, so
"the code review is at 10:30" names no value; dates are no codes.
"""

from __future__ import annotations

import re

from contextlamp.domain.secret_grammar import ARROWS, WS
from contextlamp.domain.secret_phrases import PUBLIC_CODES
from contextlamp.domain.secret_rules import Rule

# The word for a code, a PIN/PUK, a passcode or a combination, by language (matched case-insensitively, anywhere in
# a word): en; de/nl/sv/da/no; fr/es/it/pt/ro; pl/cs/sk/hu/tr/id/ms/sw/vi; ru/uk/bg; el; he; ar; fa/ur; hi/mr; bn;
# th; zh; ja; ko.
CODE_WORDS = (
    r"code|combination|combo|passcode|pin|puk|"
    r"kode|kombination|combinatie|kod|kód|kódu|koden|"
    r"codice|código|codigo|combinaison|combinación|combinacion|combinazione|combinação|combinacao|cod|codul|"
    r"kombinacja|kombinace|szyfr|şifre|kodu|kombinasyon|mã|mật{WS}mã|"
    r"код|кода|коду|комбінація|комбинация|"
    r"κωδικός|κωδικό|κωδικού|συνδυασμός|"
    r"קוד|"
    r"رمز|كود|"
    r"کد|کُد|کوڈ|پین|"
    r"कोड|पिन|पासकोड|कॉम्बिनेशन|"
    r"কোড|পিন|পাসকোড|"
    r"รหัส|"
    r"密码|密碼|码|碼|"
    r"暗証番号|番号|コード|パスコード|"
    r"번호|코드|비밀번호"
).replace("{WS}", WS)
# Words that name a code everyone may know (matched at a word's start, or anywhere in a compound for stems of five
# letters or more: "Fehlercode", "Gutscheincode"). English is secret_phrases.PUBLIC_CODES; then de, fr, es, it, pt,
# nl, pl, tr, ru/uk, ar, fa, hi, th, zh, ja, ko.
PUBLIC_CODE_WORDS = PUBLIC_CODES | frozenset(
    {"postcode", "postleitzahl", "plz", "fehler", "status", "gutschein", "rabatt", "aktions", "vorwahl", "länder",
     "strich", "quell", "farb", "ausgangs", "rückgabe", "bestell", "artikel", "produkt", "sendungs", "bankleit",
     "postal", "erreur", "réduction", "reduction", "indicatif", "pays", "barres", "barre", "couleur", "état",
     "sortie", "retour", "suivi", "commande", "produit", "réservation", "postale", "promo", "promotionnel",
     "error", "descuento", "promocional", "prefijo", "país", "estado", "salida", "barras", "fuente", "seguimiento",
     "pedido", "producto", "reserva", "errore", "sconto", "prefisso", "paese", "stato", "uscita", "sorgente",
     "ordine", "prodotto", "cap", "erro", "desconto", "indicativo", "saída", "rastreio", "encomenda", "produto",
     "fout", "foutcode", "korting", "kortingscode", "netnummer", "landcode", "statuscode", "bron", "pocztowy",
     "pocztowego", "błędu", "bledu", "rabatowy", "kierunkowy", "kraju", "statusu", "kreskowy", "posta", "hata",
     "indirim", "alan", "ülke", "durum", "почтовый", "индекс", "ошибки", "помилки", "промокод", "скидки",
     "телефонный", "страны", "состояния", "статуса", "штрих", "البريدي", "الخطأ", "الخصم", "الاتصال", "الدولي",
     "الحالة", "الدولة", "پستی", "خطا", "خطای", "تخفیف", "پیش‌شماره", "وضعیت", "کشور", "त्रुटि", "एरर", "प्रोमो",
     "एसटीडी", "स्टेटस", "डाक", "ไปรษณีย์", "ข้อผิดพลาด", "ส่วนลด", "ทางไกล", "สถานะ", "ประเทศ", "邮政", "郵政",
     "错误", "錯誤", "优惠", "折扣", "区号", "區號", "状态", "狀態", "条形", "郵便", "エラー", "クーポン", "割引",
     "市外局番", "ステータス", "バーコード", "우편", "오류", "할인", "쿠폰", "지역", "상태", "국가", "바코드",
     "curso", "cours", "corso", "kurs", "cursus", "주문", "전화", "订单", "电话", "電話", "注文", "部屋", "房间", "방"}
)  # fmt: skip
# The word for "code" alone, with nothing it opens: a table's "Code" column or "code: 404" names no credential (a
# PIN, PUK, passcode or combination names one by itself)
_BARE_CODE = re.compile(
    r"[\W_]*(?:code|codes|kode|kod|kód|код|codice|código|codigo|cod|mã|コード|코드|번호|码|碼|番号|رمز|كود|کد|کوڈ|कोड|কোড|"
    r"קוד|κωδικός|κωδικό|รหัส)[\W_]*",
    re.IGNORECASE,
)
_SHORT_MATCH = 5  # a public word of fewer letters matches only at a word's start ("bar" in "barcode", not "crowbar")
# A script written without spaces between words (Han, kana, Hangul, Thai): its public words are matched anywhere in a
# run of letters, which is a whole clause there ("仓库的邮政编码是", "รหัสไปรษณีย์ของโกดังคือ")
_SPACELESS = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_SPACELESS_PUBLIC = tuple(w for w in PUBLIC_CODE_WORDS if _SPACELESS.search(w))
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}|\d{2}-\d{2}-\d{4}")
# "←" too: a right-to-left note points from its name to its value ("رمز PUK في الشاليه ← 28730045")
_SEPARATOR = rf"(?:[:=：＝;|←{ARROWS}]|->|=>|\n{WS}*[-*•])"
_VALUE = r"[#*]?[0-9]{1,12}(?:-[0-9]{1,6}){0,5}[#*]?"  # a combination may be dashed digits ("2-1-8-2")


def names_public_code(words: str) -> bool:
    """Whether a word of ``words`` (a code's name) names a code everyone may know (:data:`PUBLIC_CODE_WORDS`); a
    public word of a spaceless script is looked for anywhere in ``words`` (its vowel signs split ``\\w`` runs)."""
    lowered = words.lower()
    if any(public in lowered for public in _SPACELESS_PUBLIC):
        return True
    for word in _WORD.findall(lowered):
        for public in PUBLIC_CODE_WORDS:
            if word.startswith(public) or (len(public) >= _SHORT_MATCH and public in word):
                return True
    return False


def accept_named_code(window: str) -> bool:
    """Group 1 of :func:`code_rules`: the code's name, its separator and its value; a PIN-shaped value (3-12 digits)
    that is no date, under a name no word of which names a public code."""
    match = re.search(rf"({_VALUE})[\"'”]?$", window)
    if match is None or _DATE.fullmatch(match.group(1).strip("#*")):
        return False
    if not 3 <= sum(c.isdigit() for c in match.group(1)) <= 12:
        return False
    name = window[: match.start()]
    if name.endswith("-") and name[-2:-1].isascii() and name[-2:-1].isalpha():
        return False  # the digits of a token ("E-4021", "ERR-1042"), not a value after a dash
    return not _BARE_CODE.fullmatch(name) and not names_public_code(name)


def code_rules() -> tuple[Rule, ...]:
    """The rule of this module (docstring): group 1 runs from the code's name (and the word before it) to its value;
    the secret is its last token (``trim="last"``).

    A second rule of stop 49 read a value that merely ends the code's clause, whatever words link them ("le code PUK
    est désormais 3140,"); it refused developer prose that names code and then a number ("The code freeze starts in
    sprint 214.", "The code path for retries hits line 1443.": 8 of 26 such sentences) and was removed before
    landing; the slot rules (secret_slots.py) read a code noun before a copula."""
    # the letters of a word around the code word are unbounded (a word ends at its first non-letter; counted
    # repetitions of a Unicode class made a program of 125,000 instructions)
    noun = rf"[\p{{L}}\p{{M}}'’-]*?(?:{CODE_WORDS})[\p{{L}}\p{{M}}]*"
    name = rf"(?:[\p{{L}}\p{{M}}'’-]+{WS}+)?{noun}"
    opens = rf"[^\n\d:=：＝;|{ARROWS}\"“”]{{0,60}}?"
    return (
        Rule(
            "PIN",
            rf"(?i)(?:^|[^\p{{L}}\p{{M}}\p{{N}}_'’-])({name}{opens}[\"”]?{WS}*{_SEPARATOR}{WS}*[\"“']?{_VALUE})"
            rf"(?:[\"'”]?(?:[\s\p{{Z}}.,;!?|)\]}}]|$))",
            accept_named_code,
            "after",
            window=True,
            trim="last",
        ),
    )
