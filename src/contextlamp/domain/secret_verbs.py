"""Stated credentials joined to their noun by a verb or said before it (stop 45, #28): the classes the slot layer
(noun, copula, value) does not read.

- **a value before its noun** (``FIRST_PATTERN``: "falcon-harbor-ember-94 is the password for the NAS",
  "X, c'est le mot de passe du NAS", "X — это пароль", "X als Passwort", "agreed on X as the passphrase"): a
  chosen value, a copula or *as* of the language, at most two words, and a password noun that ends there (not
  "password manager", "Passwort-Manager");
- **a value beside a password noun of a spaceless script** (``CJK_NEAR_PATTERN``: "Pebble601? が…新しいパスワード
  です", "我把sparrow25+设成了…的密码", "비밀번호로 Ginger05+를 설정"): a Latin value with a chosen password's shape
  within 24 characters of the noun, either side;
- **a code given by the verb that keys it** (``KEYED_PATTERN``, ``KEYED_AFTER_PATTERN``: "Bakery alarm: disarm
  with 4-7-1-9", "taper 537421 pour désactiver", "Code 90950 eingeben", "girişte 14523 tuşlayın",
  "the alarm code? 8812"): an alarm, lock or keypad word, then a keying verb (disarm, enter, punch in, taper,
  marcar, digitare, toets, wpisać, slå, набрать, 输入 …) and 4 to 8 digits, or the digits then a verb that ends
  the clause;
- **a security answer given by "answered"** (``ANSWER_PATTERN`` and its kin: "I answered Pemberton to the
  mother's maiden name question", "à la question du premier jouet, j'ai répondu Ottoline", "hab ich X
  angegeben", "Kestrel diye cevap verdim", "Marzipanと答えました"): a question word and an answering verb in one
  clause, and one capitalised word as the answer;
- **a password noun whose clause goes on after the value** (``CLAUSE_PATTERN``: "la contraseña de root es X y
  las copias…", "het rootwachtwoord is X en de back-ups…", "hasło roota to X, kopie…"): the noun (also at the end
  of a compound), up to three words, a copula, and a chosen value followed by *and* or a comma.

Every value must have a chosen password's shape (``chosen``): words joined like a compound with distinct parts
(and maybe a number), or letters with digits and a symbol, or a random mix; a version, a model number, an
identifier or a hyphenated ordinary word ("state-of-the-art") has none. Every pattern is bounded and keyed, each
check is Python on one candidate, so the scan stays linear (secret_scan.py).
"""

from __future__ import annotations

import re

from contextlamp.domain.secret_grammar import PASSWORD_NOUNS, PASSWORD_NOUNS_CJK, WS
from contextlamp.domain.secret_measures import is_trivial_number, is_word_phrase
from contextlamp.domain.secret_rules import Rule
from contextlamp.domain.secret_shape import accept_stated_password
from contextlamp.domain.secret_spoken import credential_shaped

_START = r"(?:^|[\s\p{Z}(\[:;\"'“‘«])"
_VALUE = r"[\"'`“‘«]?([^\s\p{Z}\"'`“”‘’«»,;()]{6,64})[\"'`”’»]?"
_SYMBOLS = frozenset("!@#$%^&*?+=~")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# adverbs of time between a copula and its value ("ist jetzt X", "lautet seit gestern X", "to teraz X")
_NOW = (
    r"now|jetzt|nun|maintenant|ahora|ora|adesso|agora|nu|teraz|nå|теперь|зараз|şimdi|seit{WS}+[^\s\p{Z}]{3,12}".replace(
        "{WS}", WS
    )
)
# a number then one capitalised word: a product's name (1Password, 3Com, 7Zip)
_PRODUCT = re.compile(r"[0-9]{1,2}[A-Z][a-z]{2,15}")
_VERSION = re.compile(r"v?\d+(?:\.\d+)+(?:[-.+]\w+)*", re.IGNORECASE)


def chosen(value: str, strong: bool = False) -> bool:
    """A value with a chosen password's shape: a word phrase (:func:`is_word_phrase`), or letters with digits
    and a symbol of a chosen password (``Cobalt!24``, ``pylon9634!``), or a random mix
    (secret_shape.accept_stated_password with letters and digits). ``strong``: the frame names the value as the
    password itself ("X is the new password"), so small letters with digits suffice (``Pickle16``). Never a
    version (``1.0.0-rc2``), a model number of capitals and digits (``DS920+``, ``RBK752``), or a snake-case
    identifier."""
    v = value.strip("\"'`“”‘’«»()[]{}<>").rstrip(".,;:")
    if is_word_phrase(v):
        return True
    if len(v) < 6 or _VERSION.fullmatch(v) or _PRODUCT.fullmatch(v):
        return False
    letters = [c for c in v if c.isalpha()]
    has_digit = any(c.isdigit() for c in v)
    symbol = any(c in _SYMBOLS for c in v)
    if not letters or not has_digit:
        return False
    if all(c.isupper() for c in letters) and len(v) <= 10:
        return False  # a model number: DS920+, RBK752, AX55
    if "_" in v and v.replace("_", "").isalnum() and v.lower() == v:
        return False  # an identifier: max_retry_3
    if symbol and any(c.islower() for c in letters):
        return True
    if strong and any(c.islower() for c in letters) and v.isalnum():
        return True
    return accept_stated_password(v) and credential_shaped(v)


def named_number(value: str) -> bool:
    """6 to 12 digits (not one digit repeated or a run: "123456" is the example prose quotes) that a frame names
    the password itself ("29000893 is the root password", "54737803 是路由器的密码", "şifre olarak 20369800"; stop
    45, second round): a number so named is the password, whatever its shape."""
    digits = value.strip("\"'`“”‘’«»").rstrip(".,;:!?。！")
    return digits.isdigit() and 6 <= len(digits) <= 12 and not is_trivial_number(digits)


# words that make the noun a modifier of another thing ("password manager", "the password field")
_NOUN_HEADS = _words(
    "manager managers field fields policy policies rule rules reset resets hint hints prompt generator "
    "app tool box dialog screen page form strength length requirement requirements change changes expiry "
    "protection protected login vault safe book list"
)
_COPULA_FIRST = (
    r"is|was|will{WS}be|'s|’s|ist|war|wird|c'est|c’est|est|es|era|será|è|é|era|to|jest|är|blir|er|это|—{WS}это|"
    r"-{WS}это|є|je|as|als|comme|como|come|jako|som|как|becomes|became"
).replace("{WS}", WS)
_ARTICLE = (
    r"the|our|my|your|their|a|an|its|das|der|die|dein|unser|mein|neue|neues|le|la|l'|l’|notre|mon|ma|votre|el|"
    r"nuestra|nuestro|mi|tu|il|lo|nostra|nostro|mia|mio|o|a|nossa|nosso|minha|meu|het|de|ons|onze|mijn|nasze|"
    r"nasza|moje|moja|vårt|vår|mitt|min"
)
FIRST_PATTERN = (
    rf"(?i){_START}{_VALUE}{WS}*[,:]?{WS}*(?:[—–-]{WS}*)?(?:{_COPULA_FIRST}){WS}+(?:(?:{_ARTICLE}){WS}+)?"
    rf"(?:[^\s\p{{Z}}.!?,;:]{{1,16}}(?:{WS}+|-)){{0,3}}?[a-zäöüåéè]{{0,10}}(?:{PASSWORD_NOUNS})(?:({WS}+[^\s\p{{Z}}]{{1,16}}|[-\p{{L}}])|[^\p{{L}}]|$)"
)


def accept_first(checked: str) -> bool:
    """The value before its noun (``FIRST_PATTERN``, ``Rule.peek`` reads what follows the noun): a chosen value
    (strong: the frame names it the password) or 6 to 12 digits (:func:`named_number`), and a noun that heads its
    phrase (not "password manager", "Passwort-Manager", "passwords")."""
    value, _, after = checked.partition(" ")
    follow = after.strip().lower()
    if follow and (follow[:1] in "-" or (follow[:1].isalpha() and follow.split()[0] in _NOUN_HEADS)):
        return False
    if follow and follow[:1].isalpha() and len(after) == len(after.lstrip()):
        return False  # the noun goes on as a longer word ("passwords", "Passwortmanager")
    return named_number(value) or chosen(value, strong=True)


_LATIN_VALUE = r"([A-Za-z0-9][A-Za-z0-9!@#$%^&*?+=~._-]{5,63})"
_CJK_GAP = r"[^\n。！？!?.、，,]{0,24}?"
_CJK_NOUNS = rf"{PASSWORD_NOUNS_CJK}|(?:Wi-?Fi|WiFi|無線LAN|无线网|無線網路?|와이파이)の?(?:キー|密钥|密鑰|鍵|키)"
CJK_NEAR_PATTERN = (
    rf"(?:(?:{_CJK_NOUNS}){_CJK_GAP}{_LATIN_VALUE}|{_LATIN_VALUE}{_CJK_GAP}(?:{_CJK_NOUNS}))"
    r"(?:[^A-Za-z0-9]|$)"
)


def accept_cjk_near(value: str) -> bool:
    """A Latin value beside a password noun of a spaceless script: a chosen value (:func:`chosen`, strong:
    Latin letters with digits inside such a sentence are no word of it), not a product name's model part."""
    return named_number(value) or chosen(value.rstrip("!?.") if value.endswith(("。", "！")) else value, strong=True)


# what a keyed code opens or does, in the languages the scanner reads (a stem is enough: "entschärf", "désactiv")
_LOCK_WORDS = (
    r"alarm|alarme|alarma|allarme|larm|keypad|gate|door|safe|locker|lock|shed|garage|intercom|"
    r"tastenfeld|tor|tür|tresor|spind|unscharf|entschärf|clavier|portail|porte|coffre|cadenas|casier|désactiv|"
    r"désarm|teclado|puerta|portón|taquilla|desactiv|tastierino|cancello|cassaforte|armadietto|disattiv|portão|"
    r"cofre|armário|desarm|desativ|toetsenpaneel|hek|deur|kluis|kastje|uitschakel|klawiatur|bram|drzwi|sejf|"
    r"szafk|rozbr|knappsats|grind|dörr|kassaskåp|skåp|tastatur|låge|dør|pengeskab|kapı|kasa|dolap|tuş|"
    r"сигнализ|сигналіз|клавіатур|хвіртк|клавиатур|калитк|двер|сейф|шкафчик|охран|警報|キーパッド|金庫|解除|경보|도어락|금고|해제|报警|警报|"
    r"保险|键盘"
)
_KEY_VERBS = (
    r"disarm(?:s|ed)?|enter(?:s|ed)?|key{WS}in|punch(?:ed)?{WS}in|type|typed|dial|press|tap(?:[^\s\p{Z}]{0,3})|"
    r"eingeben|eintippen|tippen|tippe|entschärf[^\s\p{Z}]{0,3}|taper|tapez|tape|compose[rz]?|désarme[^\s\p{Z}]{0,2}|"
    r"marca[r]?|marque|teclea[r]?|introduce|introducir|digitar|digita(?:re)?|digite|inserire|inserisci|"
    r"toets(?:en)?|intoetsen|wpis(?:z|ać|ujesz)|wprowad(?:ź|zić)|rozbraja[^\s\p{Z}]{0,3}|slå[rs]?|tast(?:er)?|"
    r"набрать|набери|наберите|введи(?:те)?|ввести|снимаешь|снять|набрати|наберіть|введіть|ввести|"
    r"disarm{WS}it|unlock(?:s|ed)?|open(?:s|ed)?|öffne[^\s\p{Z}]{0,2}|ouvre|abre|apre|opent|otwiera"
).replace("{WS}", WS)
_KEY_LINK = (
    r"(?:{WS}+(?:it|in|the{WS}+code|code|kodem|кодом|den{WS}+code|le{WS}+code|el{WS}+código|il{WS}+codice|o{WS}+"
    r"código|de{WS}+code|with|using|mit|avec|con|com|met|med|ile|с|auf|sur|op|na|på|on)){0,3}"
).replace("{WS}", WS)
_DIGITS = r"([#*]?[0-9]{1,6}(?:[- ][0-9]{1,6}){0,5}[#*]?)"
_GAP = r"[^\n.!?]{0,48}?"
KEYED_PATTERN = (
    rf"(?i)(?:{_LOCK_WORDS}){_GAP}(?:^|[^\p{{L}}])(?:{_KEY_VERBS}){_KEY_LINK}{WS}+{_DIGITS}"
    rf"(?:({WS}+[^\s\p{{Z}}]{{1,16}})|[^0-9\p{{L}}]|$)"
)
# the digits then the verb that ends the clause: "Code 90950 eingeben", "girişte 14523 tuşlayın", "2813#を押して",
# "{v} ins Tastenfeld tippen", "{v} intoetsen"; and a code noun's own question: "the alarm code? 8812"
_KEY_VERBS_AFTER = (
    r"eingeben|eintippen|tippen|ins{WS}+tastenfeld|intoetsen|invoeren|tuşla[^\s\p{Z}]{0,5}|gir[^\s\p{Z}]{0,4}|"
    r"を押|を入力|で解除|누르|입력|로{WS}?해제|解除|"
    r"\?"
).replace("{WS}", WS)
KEYED_AFTER_PATTERN = (
    rf"(?i)(?:{_LOCK_WORDS}|code|codes|kod|kode|kodu|código|codice|код){_GAP}{WS}*{_DIGITS}{WS}*"
    rf"(?:{_KEY_VERBS_AFTER})"
)
KEYED_QUESTION_PATTERN = (
    rf"(?i)(?:{_LOCK_WORDS})[^\n.!?\d]{{0,24}}(?:code|codes|kod|kode|kodu|código|codice|код|combination|"
    rf"kombination|combinaison|combinación|combinazione|combinação|combinatie|szyfr){WS}*\?{WS}*{_DIGITS}"
    rf"(?:[^0-9\p{{L}}]|$)"
)
_UNITS = _words(
    "seconds second sec secs s minutes minute min mins hours hour times digits characters euro eur "
    "dollars sekunden minuten stunden mal ziffern secondes minutes heures fois chiffres segundos minutos "
    "horas veces dígitos secondi minuti ore volte cifre seconden minuten uur keer cijfers sekund minut "
    "godzin razy cyfr sekunder minuter timmar gånger siffror saniye dakika saat kez секунд минут часов "
    "раз цифр"
)


def accept_keyed(checked: str) -> bool:
    """4 to 8 digits keyed into a lock (a run or groups; not one digit repeated), not a count of a unit ("enter
    1200 seconds") and not a year of four digits alone (1950-2039: "enter 2024 as the year")."""
    words = checked.split()
    after = words.pop().lower().rstrip(".,;:!?") if len(words) > 1 and not words[-1][:1].isdigit() else ""
    if after in _UNITS:
        return False
    value = " ".join(words)  # the digits, maybe in groups ("41 330"), without the word the rule peeks at
    digits = "".join(c for c in value if c.isdigit())
    if len(digits) == 4 and digits == value.strip("#*") and 1950 <= int(digits) <= 2039:
        return False  # a year ("enter 2024 as the year")
    return 4 <= len(digits) <= 8 and len(set(digits)) > 1


_QUESTION = (
    r"question|questions|frage|sicherheitsfrage|pregunta|domanda|pergunta|vraag|beveiligingsvraag|pytanie|"
    r"fråga|frågan|spørgsmål|spørgsmålet|soru|sorusuna|вопрос|питання"
)
_ANSWERED = (
    r"answered|replied|put(?:{WS}+down)?|entered|gave|geantwortet|angegeben|eingetragen|répondu|respondí|contesté|"
    r"respondi|risposto|geantwoord|ingevuld|odpowiedzia[^\s\p{Z}]{1,3}|svarade|svarede|svarte|ответил\p{L}?|"
    r"відповів|відповіла"
).replace("{WS}", WS)
_SUBJECT = r"(?:{WS}+(?:I|ich|jag|jeg|je|ik|я|ja))?".replace("{WS}", WS)
_NAME = r"[\"'“‘«]?(\p{Lu}[^\s\p{Z}\d.,;:!?\"'“”‘’«»()]{2,24})[\"'”’»]?"
ANSWER_PATTERN = (
    rf"(?i:{_QUESTION})[^\n.!?]{{0,64}}?(?:^|[^\p{{L}}])(?i:{_ANSWERED}){_SUBJECT}{WS}+{_NAME}"
    r"(?:('s|’s|\p{L}+)|[^\p{L}]|$)"
)
ANSWER_TO_PATTERN = (
    rf"(?:^|[^\p{{L}}])(?i:{_ANSWERED}){_SUBJECT}{WS}+{_NAME}{WS}+(?i:to|for|on|at|auf|bei|à|a|na|på|til|op|bij|"
    rf"en|in|al|alla)[^\n.!?]{{0,48}}?(?i:{_QUESTION})"
)
ANSWER_BEFORE_PATTERN = (
    rf"(?:(?i:{_QUESTION})[^\n.!?]{{0,64}}?{WS}(?i:ich|ik|wir|we){WS}+{_NAME}{WS}+"
    rf"(?i:angegeben|geantwortet|eingetragen|geantwoord|ingevuld|opgegeven)"
    rf"|(?i:{_QUESTION})[^\n.!?]{{0,64}}?{WS}{_NAME}{WS}+(?i:diye|olarak){WS}+(?i:cevap|yanıt|yaz)"
    rf"|(?:質問|問題|질문|问题|問題)[^\n。]{{0,24}}?{_NAME}{WS}*(?:と答え|って答え|라고{WS}?답|이라고{WS}?답|로{WS}?답)"
    rf"|(?:问题|問題)[^\n。]{{0,24}}?(?:答的是|回答的是|填的是|答了|填了){WS}*{_NAME})"
)
_NOT_NAMES = _words("yes nope nein oui non sí tak nie evet hayır nej sim não нет да the and none nothing wrong")


def accept_answer(checked: str) -> bool:
    """One capitalised word given as the answer to a question, not a yes or a no, not a possessive ("answered
    Marta's question") and not the start of a longer name (the word after it is read by ``Rule.peek``)."""
    value, _, after = checked.partition(" ")
    if after and (after.startswith(("'s", "’s")) or after[:1].isalpha()):
        return False
    value = value.rstrip("'’")
    return value.isalpha() and value[1:].islower() and value.lower() not in _NOT_NAMES


# a password noun (also ending a compound: "rootwachtwoord"), up to three words, a copula, the value, and a clause
# that goes on: "la contraseña de root es X y las copias …", "hasło roota to X, kopie …"
_COPULA = r"is|ist|est|es|è|é|to|jest|är|er|это|—|–|-|:|lautet|=|was|war|era"
_AND = r"and|y|en|und|et|e|i|och|og|ve|и|а|but|pero|mais|aber|maar|ale|men|ma|mas|ama"
CLAUSE_PATTERN = (
    rf"(?i)(?:{PASSWORD_NOUNS})(?:{WS}+[^\s\p{{Z}}.!?,;:]{{1,16}}){{0,3}}?{WS}*,?{WS}+(?:{_COPULA}|c'est|c’est)"
    rf"(?:{WS}+(?:{_NOW}))?{WS}*{_VALUE}(?:{WS}*[,;]|{WS}+(?:{_AND}|{_NOW}){WS}*)"
)


def accept_clause(value: str) -> bool:
    """The value of a password noun whose clause goes on: a chosen value (:func:`chosen`)."""
    return chosen(value)


# a password noun, a verb that sets or changes it, and the value: "the router password was too weak so I set it to
# X", "Ik heb het wachtwoord van de router veranderd in X", "hasło … ustawiłem je na X", "şifresini X yaptım"
_SET_VERBS = (
    r"set|changed|change|reset|updated|switched|rotated|gesetzt|geändert|ändere|changé|mis|modifié|cambié|cambiado|"
    r"cambiada|puesto|puse|cambiato|cambiata|impostato|impostata|messo|mudei|troquei|alterei|mudado|veranderd|"
    r"gewijzigd|gezet|zmieni[^\s\p{Z}]{1,4}|ustawi[^\s\p{Z}]{1,4}|bytte|bytt|satte|ändrade|ændrede|skiftede|"
    r"поменял\p{L}?|сменил\p{L}?|изменил\p{L}?|установил\p{L}?|поставил\p{L}?"
)
_SET_LINK = r"to|in|into|auf|zu|en|à|a|na|på|til|op|naar|para|in|per|на"
SET_PATTERN = (
    rf"(?i)(?:{PASSWORD_NOUNS})[^\n.!?]{{0,64}}?(?:^|[^\p{{L}}])(?:{_SET_VERBS})(?:{WS}+(?:it|them|her|him|es|ihn|sie|"
    rf"le|la|lo|l'|l’|het|hem|je|jej|его|её|det|den)){{0,1}}{WS}+(?:{_SET_LINK}){WS}+{_VALUE}"
    rf"(?:({WS}+[^\s\p{{Z}}]{{1,16}})|[^\p{{L}}]|$)"
)


def accept_set(checked: str) -> bool:
    """The value a password was set or changed to: a chosen value or 6+ digits that are no run or date, and not
    followed by a word that makes it a length or a unit ("set it to 12 characters")."""
    value, _, after = checked.partition(" ")
    if after.strip().lower().rstrip(".,;:!?") in _UNITS:
        return False
    core = value.rstrip(".,;:")
    if core.isdigit():
        return accept_stated_password(core)
    return chosen(core, strong=True)


# a combination or a code named by what it opens, then its digits after a copula, an adverb or a colon: "Die
# Kombination vom Praxistresor ist jetzt 185913", "Szyfr do sejfu … to 875327*", "Tresorkombination 22-32-84",
# "Код от сейфа 14-75-28", "Комбинация сейфа в клинике — 854457#"
_COMBO = (
    r"combination|kombination(?:en)?|combinaison|combinación|combinacion|combinazione|combinação|combinacao|"
    r"combinatie|szyfr|комбинаци\p{L}|комбінаці\p{L}|kombinasyon[^\s\p{Z}]{0,3}|密码组合"
)
COMBO_PATTERN = (
    rf"(?i)(?:{_COMBO}|(?:code|kod|kode|código|codice|код)(?:{WS}+(?:от|do|du|de|del|della|dello|da|van|för|til|для|"
    rf"від))?{WS}+(?:{_LOCK_WORDS})[^\s\p{{Z}}]{{0,6}})(?:{WS}+[^\s\p{{Z}}.!?,;:]{{1,16}}){{0,4}}?"
    rf"(?:{WS}*[:=]|{WS}+[—–-]|{WS}+(?:is|ist|lautet|est|es|è|é|is|to|jest|är|er|это|—|–|c'est|c’est|ist{WS}+jetzt))?"
    rf"(?:{WS}+(?:{_NOW}))?{WS}*{_DIGITS}(?:({WS}+[^\s\p{{Z}}]{{1,16}})|[^0-9\p{{L}}]|$)"
).replace("{WS}", WS)
# a code of a lock in a spaceless script: "オートロックの番号は230779です", "诊所保险柜的密码组合是528779"
CJK_CODE_PATTERN = (
    r"(?:オートロック|ドア|玄関|門|金庫|ロッカー|警報|保险柜|保险箱|门禁|大门|门锁|报警器|도어락|현관|대문|금고|경보)"
    r"[^\n。！？]{0,8}?(?:番号|暗証番号|コード|密码组合|密码|号码|번호|비밀번호|코드)"
    r"[ \t]*(?:は|：|:|是|为|는|은)?[ \t]*([#*]?[0-9]{4,8}[#*]?)(?:[^0-9]|$)"
)
# Turkish and Russian put the noun's case on it: "şifre olarak X koydum", "X паролем", "X … yeni şifresi"
CASE_PATTERN = (
    rf"(?i)(?:(?:şifre|parola|cümlesi)[^\s\p{{Z}}]{{0,4}}{WS}+olarak{WS}+{_VALUE}(?:[\s\p{{Z}}.!?]|$)"
    rf"|{_START}{_VALUE}{WS}+(?:паролем|паролём|як{WS}+пароль|как{WS}+пароль)"
    rf"|{_START}{_VALUE}(?:{WS}+[^\s\p{{Z}}]{{2,20}}){{0,4}}{WS}+(?:yeni{WS}+)?(?:şifresi|parolası)(?:dir|dır)?{WS}*(?:[.!]|$))"
)


def accept_case(value: str) -> bool:
    """A value named by a cased noun: a chosen value (strong: the noun names it the password) or a number."""
    return named_number(value) or chosen(value, strong=True)


def verb_rules() -> tuple[tuple[Rule, tuple[str, ...]], ...]:
    """Each rule of this module with the words one of which a text must hold for it to run (case-insensitive),
    as secret_forms.keyed_form_rules gives them to the scanner."""
    nouns = ("pass", "wort", "mot de", "contrase", "senha", "wachtwoord", "lösen", "hasło", "пароль", "parol")
    nouns += ("şifre", "clave", "kode", "phrase", "fras", "wachtzin", "psk", "key", "schlüssel", "chiave", "chave")
    nouns += ("klucz", "clé", "cle ", "ключ", "nyckel", "nøgle", "sleutel", "wifi", "wi-fi", "wlan")
    cjk = tuple(w for w in PASSWORD_NOUNS_CJK.replace("[ \\t]?", " ").split("|") if w)
    cjk += ("キー", "密钥", "密鑰", "鍵", "와이파이")
    keyed = ("alarm", "larm", "keypad", "gate", "door", "safe", "lock", "shed", "tor", "tür", "tresor", "spind")
    keyed += ("clavier", "porta", "porte", "coffre", "casier", "teclado", "puerta", "taquilla", "tastierino")
    keyed += ("cancello", "cassaforte", "armadietto", "cofre", "armário", "hek", "deur", "kluis", "kastje")
    keyed += ("klawiatur", "bram", "drzwi", "sejf", "szafk", "knappsats", "grind", "dörr", "skåp", "tastatur")
    keyed += ("сигналіз", "клавіатур", "хвіртк")
    keyed += ("låge", "dør", "pengeskab", "kapı", "kasa", "dolap", "tuş", "сигнализ", "клавиатур", "калитк")
    keyed += ("двер", "сейф", "шкафчик", "охран", "警報", "キーパッド", "金庫", "解除", "경보", "도어락", "금고")
    keyed += ("해제", "报警", "警报", "保险", "键盘", "désactiv", "desactiv", "disattiv", "desativ", "uitschakel")
    keyed += ("entschärf", "unscharf", "désarm", "desarm", "rozbr", "garage", "intercom", "portail", "portão")
    combos = ("combin", "kombin", "szyfr", "комбин", "комбін", "密码组合", "code", "kod", "código", "codice", "код")
    question = ("question", "frage", "pregunta", "domanda", "pergunta", "vraag", "pytani", "fråga", "spørgsmål")
    question += ("soru", "вопрос", "питання", "質問", "問題", "질문", "问题")
    return (
        (Rule("Password", FIRST_PATTERN, accept_first, resume="next", peek=True), nouns),
        (Rule("Password", CJK_NEAR_PATTERN, accept_cjk_near, resume="next"), cjk),
        (Rule("PIN", KEYED_PATTERN, accept_keyed, resume="next", peek=True), keyed),
        (Rule("PIN", KEYED_AFTER_PATTERN, accept_keyed, resume="next"), keyed),
        (Rule("PIN", KEYED_QUESTION_PATTERN, accept_keyed, resume="next"), keyed),
        (Rule("Security Question Answer", ANSWER_PATTERN, accept_answer, resume="next", peek=True), question),
        (Rule("Security Question Answer", ANSWER_TO_PATTERN, accept_answer, resume="next"), question),
        (Rule("Security Question Answer", ANSWER_BEFORE_PATTERN, accept_answer, resume="next"), question),
        (Rule("Password", CLAUSE_PATTERN, accept_clause, resume="next"), nouns),
        (Rule("Password", SET_PATTERN, accept_set, resume="next", peek=True), nouns),
        (
            Rule("PIN", CJK_CODE_PATTERN, accept_keyed, resume="next"),
            ("番号", "コード", "密码", "号码", "번호", "코드"),
        ),
        (Rule("PIN", COMBO_PATTERN, accept_keyed, resume="next", peek=True), combos),
        (
            Rule("Password", CASE_PATTERN, accept_case, resume="next"),
            ("olarak", "пароль", "паролем", "паролём", "şifresi", "parolası"),
        ),
    )
