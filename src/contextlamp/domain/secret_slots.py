"""The slot layer: a credential stated as one, in any of 20 languages, is a secret whatever its value is made of.

A stated credential is a *credential noun* (password, passphrase, PIN, passcode, backup or recovery codes, a
security answer, an API key, token or secret, in English, German, French, Spanish, Portuguese, Italian, Dutch,
Swedish, Danish/Norwegian, Polish, Czech, Russian/Ukrainian, Turkish, Japanese, Chinese, Korean, Indonesian,
Vietnamese, Arabic and Hindi) followed by its *slot*: a separator (``:``, ``=``, "is", "lautet", "est", "es",
"é", "è", "är", "jest", "—", は, 是, 为, 는/은 …) or a quote, then the value. The noun may be followed by a
prepositional phrase naming what it opens ("the door PIN **for the server room** is 80417", "password **für
den Router**: …"); any other word after the noun makes it a modifier of another noun ("password *policy*:",
"the password *field* must …"), which is prose, never a slot.

The value then counts as a secret whatever it is made of (``amber-otter-lantern-42``, ``80417``, ``sunshine``,
a list of codes), unless it reads as prose about the credential, decided by :func:`accept_value` per class:

- a placeholder (``<password>``, ``${VAR}``, ``***``, ``[secret removed]``);
- a first word that is a function word, a state or a verb in one of the languages ("is **required**", "est
  **obligatoire**", "ist **falsch**", "is **stored** hashed", "is **in** the vault", "is **what** you set"), or
  an English participle, adverb or adjective by its ending (-ed, -ing, -ly, -able, -ible, -ive, -ous);
- a number with a unit ("is 12 characters long", "is six digits");
- a value written in a spaceless script (Han, kana, Hangul: 密码是**必填项**): credentials are typed in ASCII.

Per class: a PIN is 3 to 12 digits (``#``/``*`` allowed); codes are a list holding at least two code-like
tokens (a digit inside) or a seed phrase of 12+ words; a token, key or secret needs 8+ characters shaped like
a credential (secret_shape.accept_stated_token or accept_stated_password) or letters with digits that are not a
version, unit or algorithm name ("the secret is patience" and "the token is RS256-signed" are prose); a
password or a security answer is anything else that is not prose. Every value is bounded (at most a few
hundred characters), so a check costs a bounded time per candidate and the scan stays linear (secret_scan.py).

Every other language of the lexicon (secret_lexicon.py) is read by :func:`accept_after_noun_window`: the words
after a password noun to the end of its clause, the value after ``:`` or a copula, or before a clause-final copula
(Persian, Urdu, Hindi, Marathi, Basque …), whatever it is made of, unless one of its words is a function word of
some language (stopwords-iso) or an English prose word (:func:`accept_stated_words`; docs/secrets.md, "The slot in
every language of the lexicon").
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Literal

from contextlamp.domain import secret_shape as shape
from contextlamp.domain.secret_lexicon import (
    COPULA_WORDS,
    FINAL_COPULAS,
    NOT_COPULA,
    function_words,
    password_noun_pattern,
    password_stem_pattern,
)
from contextlamp.domain.secret_measures import (
    CLAUSE_WORDS,
    is_benign,
    is_dotted_passphrase,
    is_identifier_chain,
    is_placeholder,
    is_trivial_number,
)
from contextlamp.domain.secret_rules import Rule
from contextlamp.domain.secret_words import SLOT_PROSE_WORDS, SLOT_UNITS, STATE_WORDS, STOP_WORDS

WS = r"[\s\p{Z}]"
# -- credential nouns by class (matched case-insensitively) --------------------------------------------------

PASSWORD_NOUNS = (
    r"pass(?:word|phrase|code)|pass{WS}phrase|passwd|pwd|(?:wpa[23]?|wi-?fi|wlan|network|wireless|router){WS}?(?:key|psk)|"
    r"psk|"  # en
    r"passwort|kennwort|zugangspasswort|"  # de
    r"mot{WS}de{WS}passe|phrase{WS}secrète|phrase{WS}de{WS}passe|"  # fr
    r"contraseña|contrasena|clave{WS}de{WS}acceso|frase{WS}de{WS}contraseña|"  # es
    r"senha|palavra-passe|"  # pt
    r"parola{WS}d'ordine|"  # it ("password" is Italian too)
    r"wachtwoord|"  # nl
    r"lösenord(?:et)?|losenord(?:et)?|adgangskoden?|passord(?:et)?|"  # sv, da/no
    r"hasło|haslo|heslo|"  # pl, cs
    r"пароль|пароля|кодовое{WS}слово|"  # ru/uk
    r"şifre(?:si|m|miz|niz)?|sifre(?:si|m)?|parola(?:sı|m)?|"  # tr
    r"kata{WS}sandi|mật{WS}khẩu|كلمة{WS}المرور|كلمة{WS}السر|كلمة{WS}مرور|كلمة{WS}سر|पासवर्ड|"  # id, vi, ar, hi
    r"kodeord(?:et)?|κωδικός|κωδικό|κωδικος|mdp|clave|"  # da, el, fr, es (Latin America: "la clave del wifi")
    r"(?:clé|cle){WS}(?:wi-?fi|wpa2?|wlan|du{WS}wi-?fi|réseau)|(?:wlan|wifi|wi-fi|netzwerk|router)-?schlüssel"
).replace("{WS}", WS)
PASSWORD_NOUNS_CJK = r"パスワード|パスフレーズ|合言葉|密码|密碼|口令|비밀번호|비번|패스워드|암호"
# What a code opens, in the languages the slot layer reads: a code, combination or PIN named after one of these
# ("the safe's code", "bike lock combo", "Tresorcode", "código de la alarma", "clave del candado") is a PIN.
OPENERS_EN = (
    r"door|gate|alarm|lock|locker|keypad|entry|garage|safe|building|unlock|entrance|padlock|lockbox|intercom|"
    r"bike{WS}lock|bicycle{WS}lock|luggage{WS}lock|suitcase|mailbox|vault|opener|installer|luggage|key{WS}safe|keysafe"
)
OPENERS_DE = (
    r"tresor|safe|alarm|alarmanlagen|tür|tor|garagen|haus|haustür|schloss|fahrradschloss|schließfach|briefkasten|spind"
)
OPENERS_ROMANCE = (
    r"alarma|candado|caja{WS}fuerte|puerta|portal|port[óo]n|garaje|taquilla|buz[óo]n|alarme|cadenas|coffre(?:-fort)?|"
    r"porte|garage|casier|bo[îi]te{WS}aux{WS}lettres|allarme|lucchetto|cassaforte|cancello|porta|portone|"
    r"armadietto|cadeado|cofre|port[ãa]o|garagem|arm[áa]rio"
)
PIN_NOUNS = (
    (
        r"pin(?:[- ]?(?:code|number|nummer|kodu|kod|码|碼))?|pincode|pinkod|pin-kod|passcode|access{WS}code|"
        r"(?:OPENERS_EN)(?:'s|’s)?(?:{WS}|-)?(?:code|combo|combination|pin)|combination|"
        r"(?:OPENERS_DE)-?(?:code|kombination|pin)|zahlenkombination|"
        r"(?:c[óo]digo|clave|combinaci[óo]n|code|combinaison|codice|combinazione|combina[çc][ãa]o)(?:{WS}pin)?{WS}+"
        r"(?:de{WS}la|de{WS}l'|de{WS}los|del|de|du|des|della|dello|dell'|do|da|dos|das)(?:{WS}+)?(?:OPENERS_ROMANCE)|"
        r"code{WS}(?:to|for){WS}(?:the{WS}|our{WS}|my{WS})?(?:front{WS}|back{WS}|side{WS})?(?:door|gate|garage|safe|alarm|"
        r"building|lockbox|office|house|flat|apartment|locker)|"
        r"geheimzahl|t[üu]rcode|zugangscode|code{WS}pin|code{WS}d'accès|digicode|code{WS}de{WS}la{WS}porte|"
        r"c[óo]digo{WS}(?:pin|de{WS}acceso|de{WS}acesso|de{WS}la{WS}puerta|del{WS}portal|da{WS}porta)|"
        r"codice{WS}(?:pin|di{WS}accesso)|toegangscode|deurcode|pinkod(?:en)?|portkod(?:en)?|kod{WS}(?:pin|dostępu)|"
        r"kod{WS}do{WS}(?:drzwi|bramy|domofonu|sejfu)|пин-код|пин{WS}код|"
        r"пин|код{WS}доступа|код{WS}от{WS}двери|kapı{WS}(?:kodu|şifresi)|giriş{WS}kodu"
    )
    .replace("OPENERS_EN", OPENERS_EN)
    .replace("OPENERS_DE", OPENERS_DE)
    .replace("OPENERS_ROMANCE", OPENERS_ROMANCE)
    .replace("{WS}", WS)
)
PIN_NOUNS_CJK = (
    r"暗証番号|PINコード|パスコード|PIN码|门禁密码|门禁码|密碼鎖|핀{WS}?번호|PIN{WS}?번호|출입{WS}?코드".replace(
        "{WS}", WS
    )
)
CODES_NOUNS = (
    r"(?:backup|back-up|recovery|scratch|emergency|fallback|2fa|mfa|two-factor|two{WS}factor|2-step|one-time|"
    r"single-use)(?:{WS}(?:login|verification|sign-in))?{WS}(?:codes?|keys?)|recovery{WS}(?:phrase|seed)|"
    r"seed{WS}(?:phrase|words)|(?:wallet|bip-?39|crypto){WS}seed\b|(?:12|24|twelve|twenty-four){WS}(?:seed{WS})?words|mnemonic(?:{WS}phrase)?|"
    r"secret{WS}recovery{WS}phrase|(?:2fa|mfa|backup|recovery){WS}(?:rescue|spare|reserve){WS}codes?|"
    r"backup-codes?|wiederherstellungs(?:codes?|schlüssel)|notfallcodes?|sicherungscodes?|"
    r"codes?{WS}de{WS}(?:secours|récupération|sauvegarde)|phrase{WS}de{WS}récupération|"
    r"c[óo]digos?{WS}de{WS}(?:respaldo|recuperaci[óo]n|emergencia|backup|recupera[çc][ãa]o|reserva)|frase{WS}semilla|"
    r"codici?{WS}di{WS}(?:backup|recupero|emergenza)|(?:back-?up|herstel)codes?|(?:reserv|återställnings)koder?|"
    r"kody?{WS}(?:zapasowe|odzyskiwania|awaryjne)|резервные{WS}коды|коды{WS}восстановления|резервный{WS}код|"
    r"yedek{WS}kodlar[ıi]?|kurtarma{WS}kodlar[ıi]?|yedekleme{WS}kodlar[ıi]?"
).replace("{WS}", WS)
CODES_NOUNS_CJK = (
    r"バックアップコード|リカバリーコード|復旧コード|予備コード|备用码|恢复码|备份码|备用代码|恢复代码|助记词|"
    r"백업{WS}?코드|복구{WS}?코드|예비{WS}?코드"
).replace("{WS}", WS)
ANSWER_NOUNS = (
    r"security{WS}answer|secret{WS}answer|answer{WS}to{WS}(?:(?:my|the|your|our){WS})?(?:security|secret){WS}"
    r"questions?|answer{WS}to{WS}(?:(?:the|my|your){WS})?(?:question{WS})?[\"'“‘][^\"'”’\n]{3,60}[\"'”’]|"
    r"security{WS}q(?:uestion)?{WS}*:[^:\n=>→-]{3,60}|"
    r"(?:mother'?s|mothers|mom'?s|mum'?s|mother’s){WS}maiden{WS}name|maiden{WS}name|"
    r"sicherheitsantwort|antwort{WS}auf{WS}(?:die|meine){WS}sicherheitsfrage|réponse{WS}secrète|"
    r"réponse{WS}(?:à{WS}la{WS})?question{WS}(?:de{WS}sécurité|secrète)|respuesta{WS}(?:de{WS}seguridad|secreta)|"
    r"resposta{WS}(?:de{WS}segurança|secreta)|risposta{WS}(?:di{WS}sicurezza|segreta)|beveiligingsantwoord|"
    r"antwoord{WS}op{WS}de{WS}beveiligingsvraag|svar{WS}på{WS}säkerhetsfrågan|odpowiedź{WS}na{WS}pytanie{WS}"
    r"bezpieczeństwa|ответ{WS}на{WS}(?:секретный|контрольный){WS}вопрос|güvenlik{WS}(?:sorusunun{WS})?cevab[ıi]"
).replace("{WS}", WS)
ANSWER_NOUNS_CJK = (
    r"秘密の質問の答え|安全问题答案|安全问题的答案|密保答案|보안{WS}?질문{WS}?답변|보안{WS}?질문의{WS}?답".replace(
        "{WS}", WS
    )
)
TOKEN_NOUNS = (
    r"api{WS}?(?:key|token|secret)|access{WS}(?:token|key)|secret{WS}key|client{WS}secret|auth{WS}token|"
    r"bearer{WS}token|personal{WS}access{WS}token|refresh{WS}token|session{WS}(?:token|cookie)|oauth(?:{WS}token)?|"
    r"(?:webhook|signing){WS}secret|license{WS}key|token|secret|(?:private|wallet|signing|encryption|master){WS}key|"
    r"api-schlüssel|zugriffstoken|geheimer{WS}schlüssel|clé{WS}(?:d'|de{WS})?api|clé{WS}secrète|jeton(?:{WS}d'accès)?|"
    r"clave{WS}(?:de{WS})?api|clave{WS}secreta|token{WS}de{WS}acce(?:so|sso)|chave{WS}(?:de{WS})?api|chave{WS}secreta|"
    r"chiave{WS}(?:di{WS})?api|chiave{WS}segreta|api-sleutel|geheime{WS}sleutel|api-nyckel|hemlig{WS}nyckel|"
    r"klucz{WS}(?:api|tajny)|api-ключ|ключ{WS}api|секретный{WS}ключ|токен(?:{WS}доступа)?|api{WS}anahtar[ıi]|"
    r"gizli{WS}anahtar|erişim{WS}anahtar[ıi]"
).replace("{WS}", WS)
TOKEN_NOUNS_CJK = (
    r"APIキー|アクセストークン|シークレットキー|トークン|秘密鍵|API{WS}?密钥|密钥|秘钥|访问令牌|令牌|API{WS}?키|액세스{WS}?토큰|"
    r"비밀{WS}?키|토큰"
).replace("{WS}", WS)

# -- the slot ------------------------------------------------------------------------------------------------

# What may follow the noun before its separator: a parenthesis, and a prepositional phrase of up to five words.
PREPOSITIONS = (
    r"for|of|to|on|at|in|from|with|für|von|vom|zum|zur|der|des|dem|den|de|du|del|della|dello|di|da|do|dla|для|от|к|"
    r"van|voor|"
    r"för|til|till|pour|para|per|na|po|ke|untuk|của|cho"
)
MODIFIER = (
    rf"(?:{WS}*\([^)\n]{{1,40}}\))?(?:{WS}+\p{{Cyrillic}}{{2,20}})?(?:{WS}+(?:{PREPOSITIONS}){WS}+[^\s\p{{Z}}:=,.;!?\"`]{{1,30}}"
    rf"(?:{WS}+[^\s\p{{Z}}:=,.;!?\"`]{{1,30}}){{0,4}}?)?"
)
# A word that may follow the noun in languages that put modifiers after it ("mot de passe wifi", "senha do
# wifi" is a prepositional phrase already): what the credential opens.
AFTER_NOUN = r"wi-?fi|wlan|wpa2?|vpn|ssh|admin|root|router|db|sql|ftp|smtp|imap"
# Polish and Czech "to" ("hasło to X") is also the English infinitive marker ("a master password to protect your
# vault"): it is read only after a Polish or Czech noun, a PIN noun, or an English verb of setting ("set the root
# password to X"), by their own rules (secret_fields.to_rules).
COPULAS = (  # longest first: RE2 takes the first alternative that lets the whole pattern match
    r"has{WS}been{WS}changed{WS}to|(?:was|is|has{WS}been){WS}(?:changed|reset|updated|rotated){WS}to|changed{WS}to|"
    r"has{WS}become|became|becomes|heißt|heisst|hieß|s'appelle|"
    r"(?:is|was){WS}set{WS}to|set{WS}to|is{WS}now|is{WS}still|will{WS}be|is|was|are|were|ist|lautet|lauten|sind|war|lautete|est|sont|était|c'est|es|son|era|é|são|"
    r"è|sono|zijn|luidt|är|var|er|jest|brzmi|je|adalah|ialah|là|هو|هي|—|–|-"
).replace("{WS}", WS)
SEPARATOR = (
    rf"(?:{WS}*(?::=|=>|->|[:=＝]){WS}*|{WS}+(?:{COPULAS}){WS}+(?:(?:now|still|just|currently|jetzt|noch){WS}+)?)"
)
# CJK: a particle or colon glued to the noun (パスワードは, 密码是, 비밀번호는, 密码：)
SEPARATOR_CJK = rf"(?:{WS}*(?:は|が|是|为|為|：|:|=|는|은|이|가)(?:{WS}*(?:：|:))?{WS}*)"
OPEN_QUOTES = "\"'`“‘„«「『‹"
QUOTED = r"[\"'`“‘„«「『‹]([^\"`”’“«»」』›\n]{1,100})[\"'`”’“»」』›]"
# A plain value: one token, and the word after it (a unit: "is 12 characters long" is prose), bounded.
PLAIN = r"([^\s\p{Z}\"'`“”‘’«»「」『』,;。、，；]{1,64})(?:[ \t]([^\s\p{Z}\"'`“”«»,;。、，；]{1,24}))?"
# After ":" or "=" a value may run on for a few words ("Password: correct horse battery staple").
LABELLED = r"([^\s\p{Z}\"'`“”«»「」『』,;。、，；]{1,64}(?:[ \t][^\s\p{Z}\"'`“”«»,;.!?。、，；()]{1,40}){0,5})"
# A value in a spaceless script's sentence: the ASCII run after the particle (80417 in 暗証番号は80417です).
CJK_VALUE = r"([\x21-\x7e]{1,64})"
# A passphrase of words after a copula, unquoted ("the wifi password is correct horse battery staple"): 3 to 8
# words of letters that end the clause (a longer run or one that goes on is a sentence, not a value).
PHRASE = r"(\p{L}{2,24}(?:[ \t]\p{L}{2,24}){2,7})[ \t]*(?:[.!?,;:)\]\n]|$)"
# A list of codes: up to the end of the line or sentence.
CODE_LIST = r"([^\n.!?。]{1,400}(?:\n[ \t]*(?:[-*•][ \t]*)?[^\n.!?。:]+){0,16})"
# Words between a codes noun and its list ("for the Google account", ", store somewhere safe", "here"), then
# the list, on the same line or the next.
_LEAD_COPULAS = r"are|were|is|sind|sont|son|são|sono|zijn"
CODES_LEAD = rf"(?:[^\n.!?:]*?)(?:{WS}*(?::=|=>|->|[:=＝→])|{WS}+(?:{_LEAD_COPULAS}))?{WS}*\n?"


# Endings of English participles, adverbs and adjectives, and of French participles ("affiché", "modifiée").
PROSE_ENDINGS = ("ed", "ing", "ly", "able", "ible", "ive", "ous", "ful", "less", "ment", "tion", "é", "ée", "és", "ées")


def _prose_word(word: str) -> bool:
    w = word.strip(OPEN_QUOTES + "\"'`”’»」』›.,;:!?()[]{}").lower()
    if not w:
        return True
    if w in SLOT_PROSE_WORDS:
        return True
    if w.isalpha() and word[:1].islower() and len(w) > 4:
        return w.endswith(PROSE_ENDINGS)
    if "-" in word:  # "WPA2-protected", "hand-written": a compound adjective
        tail = word.strip(".,;:!?()").rsplit("-", 1)[1]
        return tail.isalpha() and tail.islower() and len(tail) > 4 and tail.endswith(PROSE_ENDINGS)
    return False


def _spaceless(value: str) -> bool:
    return any("\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" or "\uac00" <= c <= "\ud7af" for c in value)


def _first_and_unit(value: str) -> tuple[str, bool]:
    """The value's first word, and whether the word after it makes the phrase prose: a unit ("12 characters")
    or a participle ("AES-256-GCM encrypted", "hunter2 hashed")."""
    words = value.split()
    first = words[0] if words else ""
    second = words[1].strip(".,;:!?()") if len(words) > 1 else ""
    participle = second.isalpha() and second.islower() and len(second) > 4 and second.endswith(("ed", "ing"))
    return first, second.lower() in SLOT_UNITS or participle


def _code(first: str) -> bool:
    """A value that is code, not a credential: a call or index (``getpass.getpass()``, ``os.environ[``), an
    attribute chain (``self.password``), a camelCase name of three or more words (``getDatabasePassword``), an
    upper-case constant's name of letters (``AIRFLOW_API_KEY``)."""
    if any(c in first for c in "()[]{}"):
        return True
    name = first.strip(".,;:!?")
    if "_" in name and name.replace("_", "").isalpha() and name.isupper() and "" not in name.split("_"):
        return True  # a constant's name (AIRFLOW_API_KEY, DB_PASSWORD), not its value
    if is_identifier_chain(first):
        return not is_dotted_passphrase(first)
    if not (first[:1].islower() and first.isalpha()):
        return False
    pieces: list[str] = []
    start = 0
    for i in range(1, len(first)):
        if first[i].isupper() and first[i - 1].islower():
            pieces.append(first[start:i])
            start = i
    pieces.append(first[start:])
    # camelCase of words: "get" + "Database" + "Password"; random case ("fArxZdUdm") has pieces that are no words
    return len(pieces) >= 3 and len(pieces[0]) >= 2 and all(len(p) >= 3 and p[1:].islower() for p in pieces[1:])


def _common_rejections(value: str) -> bool:
    """The value reads as prose, code or a placeholder (see the module docstring)."""
    v = value.strip()
    if not v or is_placeholder(v) or "secret removed" in v.lower() or _spaceless(v):
        return True
    first, unit = _first_and_unit(v)
    if _code(first) or is_placeholder(first):
        return True
    if first.startswith("!") and first[1:].isalpha():  # a YAML tag ("password: !vault |", "!Ref DbPassword")
        return True
    if unit or _prose_word(first):
        return True
    return first.lower().strip(".,;:!?") in SLOT_UNITS


def accept_password(value: str) -> bool:
    """A stated password or passphrase: any value of 3+ characters that is not prose."""
    v = value.strip()
    if _common_rejections(v):
        return False
    first = v.split()[0].strip(".,;:!?")
    if first.isdigit() and is_trivial_number(first):  # "the most common password is 123456"
        return False
    return len(first) >= 3 or (len(v) >= 3 and " " in v)


def accept_passphrase(value: str) -> bool:
    """A passphrase of 3+ words stated after a copula: no word but the first reads as prose about the
    credential (a function word, a state, a participle: "is stored in the vault", "is long enough but too
    common"), and the first, when it does, is a state word that starts passphrases ("correct horse battery
    staple", "good tiger window river"), not a function word or a participle ("is on the sticker", "is
    written on sticky notes")."""
    words = value.split()
    if len(words) < 3 or is_placeholder(value) or _spaceless(value) or "secret removed" in value.lower():
        return False
    if any(_prose_word(w) or w.lower() in SLOT_UNITS for w in words[1:]):
        return False
    first = words[0].lower()
    if _prose_word(first) and (first in STOP_WORDS or first.endswith(("ed", "ing", "ly", "en"))):
        return False
    return first not in SLOT_UNITS


def accept_pin(value: str) -> bool:
    """A stated PIN or passcode: 3 to 12 digits (one space or dash inside, ``#`` and ``*`` around allowed)."""
    first = value.split()[0] if value.split() else ""
    core = first.strip(".,;:!?()").strip("#*")
    digits = core.replace("-", "").replace(" ", "")
    if not digits.isdigit() or not 3 <= len(digits) <= 12:
        return False
    _, unit = _first_and_unit(value)
    return not unit


def accept_codes(value: str) -> bool:
    """Stated backup or recovery codes: 2+ code-like tokens (letters with digits, or 4+ digits), or a seed
    phrase of 12+ lower-case words."""
    if _spaceless(value) and not any(c.isdigit() for c in value):
        return False
    tokens = [t.strip("`\"'()[]{}.,;:…") for t in value.replace(",", " ").split()]
    tokens = [t for t in tokens if t]
    if tokens and _prose_word(tokens[0]) and not any(c.isdigit() for c in tokens[0]):
        words = [t for t in tokens if t.isalpha() and t.islower()]
        return len(words) >= 12 and not any(w in SLOT_PROSE_WORDS for w in words[:12])
    coded = [t for t in tokens if any(c.isdigit() for c in t) and (any(c.isalpha() for c in t) or len(t) >= 4)]
    if len(coded) >= 2 or (len(coded) == 1 and len(coded[0].replace("-", "")) >= 8):
        return True
    if _letter_groups(tokens):
        return True
    words = [t for t in tokens if t.isalpha() and t.islower()]
    return len(words) >= 12 and not any(w in SLOT_PROSE_WORDS for w in words[:12])


def _letter_groups(tokens: list[str]) -> bool:
    """Backup codes of letters only ("xojrx ldeaq · tlfta nxbej …"): 4+ groups of 4 to 10 lower-case letters,
    all of one or two lengths, none a word of prose (a function word of any language, an English prose word)."""
    groups = [t for t in tokens if t.isalpha()]
    if len(groups) < 4 or len(groups) < len(tokens) - 2:
        return False
    if not all(t.islower() and 4 <= len(t) <= 10 for t in groups) or len({len(t) for t in groups}) > 2:
        return False
    words = function_words()
    return not any(t in words or t in STATE_WORDS or t in SLOT_PROSE_WORDS for t in groups)


def accept_code_list(value: str) -> bool:
    """A list of codes after a codes noun and a few words of lead-in ("one-time codes for the Google account
    8954… 7866…"): the lead-in words (up to eight tokens with no digit) are skipped, the rest is the list."""
    tokens = value.split()
    skip = 0
    while skip < min(8, len(tokens) - 2) and not any(c.isdigit() for c in tokens[skip]):
        if accept_codes(" ".join(tokens[skip:])):
            return True
        skip += 1
    return accept_codes(" ".join(tokens[skip:]))


def accept_answer(value: str) -> bool:
    """A stated security answer: a name or word that is not prose about the answer."""
    return not _common_rejections(value) and any(c.isalnum() for c in value.split()[0])


def accept_token(value: str) -> bool:
    """A stated token, key or secret: 8+ characters with a digit or symbol, or 16+ characters, not prose."""
    if _common_rejections(value):
        return False
    first = value.split()[0].strip(".,;:!?()")
    if len(first) < 8:
        return False
    if shape.accept_stated_token(first) or shape.accept_stated_password(first):
        return True
    return any(c.isdigit() for c in first) and any(c.isalpha() for c in first) and not is_benign(first)


def _quoted_check(check: Callable[[str], bool]) -> Callable[[str], bool]:
    def quoted(value: str) -> bool:
        """A quoted value is stated as the credential: a phrase of several words ("correct horse battery
        staple") counts even when its first word is a common one; a single word takes the class check."""
        words = value.split()
        if len(words) >= 3 and check is accept_password:
            return not is_placeholder(value) and not _spaceless(value) and "secret removed" not in value.lower()
        return check(value)

    return quoted


CLASSES: tuple[tuple[str, str, str, Callable[[str], bool]], ...] = (
    ("Password", PASSWORD_NOUNS, PASSWORD_NOUNS_CJK, accept_password),
    ("PIN", PIN_NOUNS, PIN_NOUNS_CJK, accept_pin),
    ("Two-Factor Backup Codes", CODES_NOUNS, CODES_NOUNS_CJK, accept_codes),
    ("Security Question Answer", ANSWER_NOUNS, ANSWER_NOUNS_CJK, accept_answer),
    ("Stated Token", TOKEN_NOUNS, TOKEN_NOUNS_CJK, accept_token),
)


def slot_rules() -> tuple[Rule, ...]:
    """The slot layer's rules: per class, a quoted value, a labelled or stated value, and the CJK forms."""
    rules: list[Rule] = []
    for kind, nouns, nouns_cjk, check in CLASSES:
        # the noun (not inside a word), then its modifier
        bare = rf"(?i)(?:^|[^\p{{L}}\p{{N}}_])(?:{nouns})(?:{WS}+(?:{AFTER_NOUN}))?"
        noun = bare + MODIFIER
        value = CODE_LIST if kind == "Two-Factor Backup Codes" else None
        # a refused list is skipped whole (its value runs to the end of the sentence: re-reading it for every
        # noun inside would cost up to 400 characters a candidate)
        resume: Literal["value", "after"] = "after" if value else "value"
        # a quote right after a prepositional phrase is its object ("the password of the 'testuser'"): a value
        # after a phrase needs a separator
        rules.append(Rule(kind, rf"{bare}(?:{MODIFIER}{SEPARATOR}|{WS}*){QUOTED}", _quoted_check(check)))
        if value:  # a list after ":", a copula or a lead-in ("backup codes for the Google account 8954… 7866…")
            rules.append(Rule(kind, rf"{noun}{CODES_LEAD}{CODE_LIST}", accept_code_list, "after"))
        else:
            rules.append(Rule(kind, rf"{noun}{WS}*(?::=|=>|->|[:=＝]){WS}*{LABELLED}", check, resume))
            rules.append(Rule(kind, rf"{noun}{SEPARATOR}{PLAIN}", check, resume, peek=True))
        if kind == "Password":  # words after a copula, unquoted: the whole phrase is the value
            rules.append(Rule(kind, rf"{noun}{SEPARATOR}{PHRASE}", accept_passphrase))
        if kind == "PIN":  # digits right after the noun: "gate code 8642#", "PIN 4921"
            rules.append(Rule(kind, rf"{noun}{WS}+([#*]?[0-9]{{3,12}}[#*]?)(?:[^\p{{L}}\p{{N}}]|$)", check))
        rules.append(Rule(kind, rf"(?:{nouns_cjk}){SEPARATOR_CJK}(?:{QUOTED}|{value or CJK_VALUE})", check, resume))
        if kind == "Password":  # Turkish and Russian state a password without a copula: "şifre: x", "пароль x1"
            rules.append(
                Rule(
                    kind,
                    rf"(?i)(?:^|[^\p{{L}}\p{{N}}_])(?:şifre(?:si|m)?|parola(?:sı)?|pin{WS}kodu|kapı{WS}kodu|пароль|пин-код)"
                    rf"(?:{WS}+(?:от|для|к|на){WS}+\p{{Cyrillic}}{{1,30}})?{WS}+"
                    r"([^\s\p{Z}\"'`,;]{3,64})",
                    accept_unlabelled,
                )
            )
    rules += _any_order_rules()
    return tuple(rules)


# -- any language, any word order: the value's shape decides ---------------------------------------------------

# A noun may carry an inflection the lexicon does not list ("salasana-ni", "lösenord-et", "parol-am").
SUFFIX = r"\p{L}{0,3}"
# A value token: no white space, no quote or list separator; 4 to 64 characters.
VALUE_TOKEN = r"[^\s\p{Z}\"'`“”«»,;]{4,64}"
# A value token that can pass accept_before_noun's shape check (secret_shape.accept_stated_password): one holding a
# character other than a letter, or 16+ letters. A plain word of the sentence is no candidate, so the rule (which
# runs before every password noun in a text) makes one search per candidate value, not one per word.
_TOKEN_CHAR = r"[^\s\p{Z}\"'`“”«»,;]"
SHAPED_TOKEN = rf"(?:{_TOKEN_CHAR}{{0,63}}[^\p{{L}}\s\p{{Z}}\"'`“”«»,;]{_TOKEN_CHAR}{{0,63}}|\p{{L}}{{16,64}})"
# A word between the noun and its value: a copula, article, possessive or what the credential opens.
CONNECTOR = r"[^\s\p{Z}\"`“”«»,;:=]{1,14}:?"  # a colon may end the last ("Cyfrinair y llwybrydd: X")
# Where a clause ends: its punctuation, a line end, or a sentence-final copula (Hindi है, Urdu ہے, Persian است,
# Japanese です, Korean 입니다) then that punctuation.
CLAUSE_END = rf"(?:{WS}+(?:है|हैं|था|ہے|است|هست|です|입니다|ni))?{WS}*(?:[\n.!?;,)\]。！？]|$)"


def _any_order_rules() -> list[Rule]:
    """Password rules that read no language's grammar beyond a few copulas, so they hold in every language of
    the lexicon (secret_lexicon.py) and in word orders the curated rules do not read:

    - a vendored noun with ``:``/``=`` or a quote after it (``Salasana: X``, ``Jelszó "X"``);
    - any password noun, then up to four words, then the last token of the clause
      (``A wifi jelszó X``, ``Heslo k wifi je X``, ``वाईफाई का पासवर्ड X है``, ``Remember: laptop password X``):
      :func:`accept_after_noun`;
    - a token, then up to five words holding a copula, then a password noun (``X is the password for the guest
      network``, ``X ist das Passwort``, ``X, c'est le mot de passe``): :func:`accept_before_noun`.

    The last two take only a credential-shaped value (secret_shape.accept_stated_password): a word or a short
    number after a password noun is prose in some language ("Salasana on liian lyhyt")."""
    vendored = password_noun_pattern()
    every = rf"{PASSWORD_NOUNS}|{password_stem_pattern()}"
    start = r"(?i)(?:^|[^\p{L}\p{N}_])"
    return [
        Rule(
            "Password",
            rf"{start}(?:{vendored}){SUFFIX}{MODIFIER}{WS}*(?::=|=>|->|[:=＝]){WS}*{LABELLED}",
            accept_labelled_token,
        ),
        Rule(  # words at a clause start, a copula, the password noun ending its clause or opening a phrase
            "Password",
            rf"(?i)(?:^|[\n.!?;:][ \t]*)((?:\p{{L}}[\p{{L}}'-]+[ \t]+){{1,4}}\p{{L}}[\p{{L}}'-]+),?[ \t]+"
            rf"(?:—[ \t]+)?(?:{VALUE_FIRST_COPULAS}){WS}+(?:(?:{ARTICLES}){WS}+)?(?:[\p{{L}}-]{{1,20}}{WS}+){{0,2}}?"
            rf"(?:{every}){SUFFIX}(?:{WS}+(?:{OPENERS_SHORT}){WS}|{WS}*(?:[.!?,;)\]]|$))",
            accept_value_words_first,
        ),
        Rule(  # a quote right after a prepositional phrase is its object: a value after one needs a separator
            "Password",
            rf"{start}(?:{vendored}){SUFFIX}(?:{MODIFIER}{SEPARATOR}|{WS}*){QUOTED}",
            _quoted_check(accept_password),
        ),
        Rule(
            "Password",
            rf"{start}(?:{every}){SUFFIX}((?:{WS}*(?::=|=>|->|[:=＝]))?(?:{WS}+{WINDOW_TOKEN}){{1,13}}){CLAUSE_END}",
            accept_after_noun_window,
            "next",
            window=True,
        ),
        Rule(
            "Password",
            rf"(?i)(?:^|[\s\p{{Z}}\"'`(«“])({SHAPED_TOKEN}),?((?:{WS}+{CONNECTOR}){{1,5}}){WS}+(?:{every})"
            r"(?:[^\p{L}\p{N}]|$)",
            accept_before_noun,
            peek=True,
        ),
    ]


# The short words that open a prepositional phrase or possessive after a password noun in the lexicon's
# languages ("Lozinka za wifi je", "Ο κωδικός μου είναι", "Password ng server:", "heslo k serveru je", "пароль
# ад wifi", "fjalëkalimi i wifi", "o contrasinal da wifi é"). Any other word right after the noun makes the noun
# a modifier of another noun ("password *manager* we use is 1Password"), which is prose.
OPENERS_SHORT = (
    r"for|of|to|on|at|from|with|für|von|vom|zum|zur|de|du|del|da|do|di|dla|для|від|ад|от|до|за|na|po|ke|untuk|"
    r"pentru|za|k|ng|sa|ko|i|y|μου|μας|της|του|για|mi|moj|moje|mano|mana|minu|mening|mijn|min|mitt|mein|meine|"
    r"mon|ma|mio|mia|meu|minha|my|our|langu|yangu|saya|ku|ni|la|að|you|we|they"
)
NUMBER_WORDS = frozenset(
    ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
)
# The words of a stated value: 1 to 8 tokens, no quote or list separator; where the clause ends after them.
# (Unbounded tokens: a counted repetition of a Unicode class multiplies RE2's program, whose DFA then runs out of
# memory and falls back to the slow NFA on every search; the checks refuse a value of more than 320 characters.)
STATED_WORDS = r"[^\s\p{Z}\"'`“”«»,;]+(?:[ \t]+[^\s\p{Z}\"'`“”«»,;]+){0,7}"
WORDS_END = rf"{WS}*(?:[\n.!?;,)\]。！？]|$)"


def accept_stated_words(value: str) -> bool:
    """The value of a noun-copula or noun-colon slot in any language of the lexicon, by its position and its
    words, whatever it is made of:

    - prose when a word is a function word of some language (stopwords-iso, 57 languages: "liian" in
      "Salasana on liian lyhyt", "у" in "Пароль зберігається у менеджері") or an English state, unit or prose
      word ("is stored hashed", "is 12 characters"), when the first word reads as prose by its ending, when it
      is a placeholder, code, or in a spaceless script, or when words and bare numbers mix ("must be 30 days");
    - one token: a password when it mixes letters with digits or symbols (``harbor16``, ``Tamar1997``) or is a
      non-trivial run of 4+ digits, or is credential-shaped; a single plain word is not taken here ("Salasana on
      lyhyt" is prose in a language we have no adjective list for; the curated rules read plain words in theirs);
    - several words: a passphrase (``horse silver window``, ``candle paper seven``) when every word holds a
      letter and none is prose by the lists above."""
    v = value.strip().rstrip(".!?")
    words = v.split()
    if len(v) > 320 or any(len(w) > 64 for w in words):
        return False
    several = len(words) > 1
    if several:  # a number word is a passphrase word unless a unit follows ("seven characters") ...
        words = [w for w in words if _clean(w) not in NUMBER_WORDS] or words
        several = len(words) > 1  # ... and with two other words at least ("step three is the password": prose)
    if not words or len(words) > 8 or _common_rejections(" ".join(words)):
        return False
    cleaned = [_clean(w) for w in words]
    if several and words[0].isalpha() and cleaned[1] in CLAUSE_WORDS:  # a verb: "is split across three envelopes"
        return False
    listed = function_words()
    if any(w in listed or w in STATE_WORDS or w in SLOT_PROSE_WORDS or w in SLOT_UNITS for w in cleaned):
        return False
    if not several:
        token = words[0].strip(".,;:!?()[]")
        if token.isalpha() and sum(a.islower() != b.islower() for a, b in pairwise(token)) >= 5:
            return True  # letters in random case ("vYgUfrRqHb"), not a word
        if token.isdigit():
            return len(token) >= 4 and not is_trivial_number(token)
        mixed = any(c.isalpha() for c in token) and any(not c.isalpha() for c in token)
        return len(token) >= 5 and ((mixed and not is_benign(token)) or shape.accept_stated_password(token))
    return all(any(c.isalpha() for c in w) for w in cleaned) and not any(w.isdigit() for w in cleaned)


# The copulas of "X is the password" (the lexicon's list less the ones that are English prepositions or
# particles, "to", "on", "be": "Biometric unlock falls back *to* the device passcode" is prose).
VALUE_FIRST_COPULAS = (
    r"is|was|that's|thats|it's|ist|war|est|c'est|es|era|è|é|är|er|var|jest|je|yra|ir|ni|ialah|adalah|είναι|"
    r"estas|yw|hija|huwa|është|là|—|–"
)
# The articles and possessives between a copula and the noun in "X is the password", "X ist das Passwort",
# "X è la password", "X é a senha", "X er passordet" (en, de, fr, es, pt, it, nl, sv/da/no).
ARTICLES = r"the|my|our|your|a|an|das|der|die|mein|unser|le|la|les|l'|mon|notre|el|mi|nuestra|o|a|il|lo|de|het|den|det"


def _word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


WINDOW_TOKEN = r"[^\s\p{Z}\"`“”«»,;]+"
# Single-word separators between a password noun's phrase and its value: the lexicon's copulas and the curated ones.
_SEPARATOR_WORDS = frozenset(COPULA_WORDS) | _word_set(
    """is was are were ist lautet lauten sind war lautete est sont était c'est es son era é são è sono zijn luidt
    är var er jest to brzmi je adalah ialah là هو هي — – - : = -> => := ＝ that's it's"""
)
# Words between the separator and the value that belong to the copula ("is now X", "was changed to X").
_AFTER_SEPARATOR = _word_set("now still just currently jetzt noch changed reset updated rotated set to been has")
_FINAL_COPULAS = frozenset(FINAL_COPULAS)
_AFTER_NOUN_WORDS = frozenset(AFTER_NOUN.replace("-?", "-").replace("2?", "2").split("|")) | frozenset(
    ("wifi", "wi-fi", "wpa", "wlan")
)
_OPENER_WORDS = frozenset(OPENERS_SHORT.split("|"))


def _connectors_ok(connectors: list[str]) -> bool:
    """What may stand between a password noun and its separator: nothing, or up to three words that open with a
    word the credential opens ("wifi"), a short preposition or possessive (``OPENERS_SHORT``: "za wifi", "μου"), or
    a parenthesis. Any other word makes the noun a modifier of another noun ("password *manager* we use is …")."""
    if not connectors:
        return True
    first = connectors[0].lower().rstrip(":")
    opens = first in _AFTER_NOUN_WORDS or first in _OPENER_WORDS or first.startswith("(")
    return len(connectors) <= 3 and (opens or first.startswith("ل"))  # Arabic li-, attached: "للخادم"


def _slot_reading(words: list[str]) -> bool:
    """The noun's window read as a slot: connectors, a separator (``:``, ``=``, a copula), the value to the end of
    the clause; or, in verb-final languages, connectors, the value and a clause-final copula."""
    if words and words[-1].strip(".,;!?") in _FINAL_COPULAS:
        body = words[:-1]
        for cut in range(min(2, len(body) - 1) + 1):
            if _connectors_ok(body[:cut]) and accept_stated_words(" ".join(body[cut:])):
                return True
    for i, word in enumerate(words[:4]):
        token = word.lower()
        if token in _SEPARATOR_WORDS or token.endswith(":"):
            connectors = words[:i] + ([word[:-1]] if token.endswith(":") and len(token) > 1 else [])
            if not _connectors_ok(connectors):
                return False
            rest = words[i + 1 :]
            while rest and _clean(rest[0]) in _AFTER_SEPARATOR:
                rest = rest[1:]
            if rest and rest[-1].strip(".,;!?") in _FINAL_COPULAS:
                rest = rest[:-1]
            return bool(rest) and accept_stated_words(" ".join(rest))
    return False


def accept_after_noun_window(window: str) -> bool:
    """The words after a password noun to the end of its clause (up to 13), read two ways: the last token as a
    credential-shaped value after up to four connecting words (:func:`accept_after_noun`), or as a slot
    (:func:`_slot_reading`: the value after ``:``/a copula, or before a clause-final copula, whatever it is made
    of, by :func:`accept_stated_words`)."""
    if len(window) > 600:
        return False
    text = window.strip()
    glued = text[:1] in ":=＝" or text.startswith(("->", "=>"))
    words = text.split()
    if not words:
        return False
    if glued:
        head = words[0].lstrip(":=＝->")
        words = [":", *([head] if head else []), *words[1:]]
    short = len(words) <= 5 and all(len(w) <= 15 for w in words[:-1]) and 4 <= len(words[-1]) <= 64
    if not glued and short and accept_after_noun(text):
        return True
    return _slot_reading(words)


def accept_value_words_first(value: str) -> bool:
    """Words stated before "is the password": a passphrase of 2 to 5 words (never one word: "Length is the password
    for …" is prose) that passes :func:`accept_stated_words`."""
    words = value.split()
    return len(words) >= 2 and all(len(w) <= 24 for w in words) and accept_stated_words(value)


def _clean(word: str) -> str:
    return word.strip(OPEN_QUOTES + "\"'`”’»」』›.,;:!?()[]{}").lower()


def _shaped(value: str) -> bool:
    return not _common_rejections(value.strip(".,;:!?()[]")) and shape.accept_stated_password(value)


def accept_labelled_token(value: str) -> bool:
    """After a vendored noun and ``:``/``=``: one token taken as the class check takes it, or a first token that is
    credential-shaped (a phrase of words after the colon may be prose in a language we have no word lists for)."""
    words = value.split()
    if len(words) == 1:
        return accept_password(value)
    return _shaped(words[0])


def accept_after_noun(window: str) -> bool:
    """The words after a password noun up to the end of the clause: the last is the value, the ones before it
    connect it (a copula, "of the wifi"); the value must be credential-shaped and the word before it no
    preposition or article ("the password for bob42": bob42 is whose password, not the password)."""
    words = window.split()
    if not words:
        return False
    *connectors, value = words
    if connectors and _clean(connectors[-1]) in NOT_COPULA:
        return False
    markup = any(c in "<>{}[]()$=" for w in connectors if w not in ("->", "=>", "=") for c in w)
    if markup or _assignment(value):  # markup or code around it
        return False
    if any(_shaped(w) for w in connectors):  # "password abc123 then xyz9": the first token is read on its own
        return False
    return _shaped(value)


def _assignment(value: str) -> bool:
    """``NAME=value`` or ``name: value`` (the assignment rules read those, with their own checks)."""
    head, sep, _ = value.partition("=") if "=" in value else value.partition(":")
    return bool(sep) and head.replace("_", "").isalnum() and not head.isdigit()


def accept_before_noun(checked: str) -> bool:
    """A token then the words up to a password noun: a copula among the words ("X is the router password",
    "X — that's the password") and a credential-shaped token."""
    words = checked.split()
    if len(words) < 2:
        return False
    value, connectors = words[0], [_clean(w) for w in words[1:]]
    if _assignment(value) or any(c in "<>{}[]()$" for w in words[1:] for c in w):
        return False
    if not any(w in COPULA_WORDS for w in connectors) and not any(w in ("—", "–", "-", "=") for w in words[1:]):
        return False
    return _shaped(value)


def accept_unlabelled(value: str) -> bool:
    """A value right after a password noun with no separator: it must hold a digit or a symbol."""
    v = value.strip(".,;:!?()")
    return not _common_rejections(v) and any(not c.isalpha() for c in v) and len(v) >= 4
