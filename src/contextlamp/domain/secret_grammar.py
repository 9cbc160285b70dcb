"""The slot layer's grammar: the credential nouns by class, in 20 languages, and what a slot is made of.

A stated credential is a noun of one class (``PASSWORD_NOUNS``, ``PIN_NOUNS``, ``CODES_NOUNS``, ``ANSWER_NOUNS``,
``TOKEN_NOUNS``, each with its spaceless-script forms), optionally what it opens and a prepositional phrase
(``MODIFIER``), a separator (``SEPARATOR``: ``:``, ``=``, a copula of the curated languages; ``SEPARATOR_CJK``) and
the value (``QUOTED``, ``PLAIN``, ``LABELLED``, ``PHRASE``, ``CODE_LIST``). Pure RE2 pattern text, no work at
import time; the rules built from it are in secret_slots.py, the value checks in secret_values.py.
"""

from __future__ import annotations

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
    r"kodeord(?:et)?|κωδικός{WS}πρόσβασης|κωδικό{WS}πρόσβασης|κωδικός|κωδικό|κωδικος|"  # da, el ("access code")
    r"mdp|clave|"  # fr, es (Latin America: "la clave del wifi")
    r"(?:clé|cle){WS}(?:wi-?fi|wpa2?|wlan|du{WS}wi-?fi|réseau)|(?:wlan|wifi|wi-fi|netzwerk|router)-?schlüssel|"
    # stop 44: a passphrase and the key of the Wi-Fi, by the words each language has for them (nl, pl, sv, da/no,
    # cs, fi, tr, ru/uk, es, pt, it); a phrase's value is read by the passphrase checks like any password's
    r"wachtzin|fraz[aęy]{WS}hasła|lösenfras(?:en)?|adgangssætning(?:en)?|passordfrase(?:n)?|"
    r"heslov(?:á|ou){WS}fráz[ei]|salalause(?:en|eksi)?|(?:parola|şifre){WS}cümlesi|"
    r"(?:кодов|парольн)(?:ая|ую|а|у){WS}фраз[аиуы]|frase{WS}de{WS}paso|frase-(?:passe|senha)|"
    r"frase{WS}(?:segreta|secreta|d'accesso)|(?:wifi|wi-fi|wlan)-?(?:sleutel|nyckel(?:n)?|kode(?:n)?|nøgle(?:n)?)|"
    r"ключ(?:ом)?{WS}(?:от|для|від){WS}(?:wi-?fi|вайфа[яю]|вай-фа[яю])|chiave{WS}(?:del{WS}|della{WS})?wi-?fi|"
    r"chave{WS}(?:do{WS})?wi-?fi|klucz{WS}(?:do{WS})?wi-?fi|wi-?fi{WS}şifresi"
).replace("{WS}", WS)
PASSWORD_NOUNS_CJK = (
    r"パスワード|パスフレーズ|合言葉|口令短语|密码短语|密码|密碼|口令|"
    r"비밀번호|비번|패스워드|암호[ \t]?문구|암호|와이파이[ \t]?키"
)
# What a code opens, in the languages the slot layer reads: a code, combination or PIN named after one of these
# ("the safe's code", "bike lock combo", "Tresorcode", "código de la alarma", "clave del candado") is a PIN.
OPENERS_EN = (
    r"door|gate|alarm|lock|locker|keypad|entry|garage|safe|building|unlock|entrance|padlock|lockbox|intercom|"
    r"bike{WS}lock|bicycle{WS}lock|luggage{WS}lock|suitcase|mailbox|vault|opener|installer|luggage|key{WS}safe|keysafe|"
    r"cabinet|filing{WS}cabinet|drawer|cage|cupboard|closet|trunk|chest|shed"
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
        r"pin(?:['’](?:i|ı|s|in|ini|nı))?(?:[- ]?(?:code|number|nummer|kodu|kod|码|碼))?|"
        r"pincode|pinkod|pin-kod|passcode|access{WS}code|"
        r"(?:OPENERS_EN)(?:'s|’s)?(?:{WS}|-)?(?:code|combo|combination|pin)|combination|"
        r"(?:OPENERS_DE)-?(?:code|kombination|pin)|zahlenkombination|"
        r"(?:c[óo]digo|clave|combinaci[óo]n|code|combinaison|codice|combinazione|combina[çc][ãa]o)(?:{WS}pin)?{WS}+"
        r"(?:de{WS}la|de{WS}l'|de{WS}los|del|de|du|des|della|dello|dell'|do|da|dos|das)(?:{WS}+)?(?:OPENERS_ROMANCE)|"
        # "code for the office" takes its reading from the word before "code": a determiner, or none (a line's start,
        # or punctuation then a blank: "Note: code for …"); an opener before it is read above ("gate code for …"); any
        # other word names another code ("the zip code for the office is 94110", "error code for the upload")
        r"(?:(?:the|our|my|your|a|this|that|new|same){WS}+|(?m:^)|{WS}+)"
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
    r"暗証番号|PINコード|パスコード|PIN码|门禁密码|门禁码|密碼鎖|핀{WS}?번호|PIN{WS}?번호|출입{WS}?코드|"
    r"(?:도어락|현관|금고|대문|공동{WS}?현관){WS}?(?:비밀{WS}?)?번호|金庫の(?:番号|暗証番号)|(?:保险柜|保险箱|门锁)密码".replace(
        "{WS}", WS
    )
)
CODES_NOUNS = (
    r"(?:backup|back-up|recovery|scratch|emergency|fallback|2fa|mfa|two-factor|two{WS}factor|2-step|one-time|"
    r"single-use)(?:{WS}(?:login|verification|sign-in))?{WS}(?:codes?|keys?)|recovery{WS}(?:phrase|seed)|"
    r"seed{WS}(?:phrase|words)|(?:wallet|recovery|backup|mnemonic){WS}words|(?:wallet|bip-?39|crypto){WS}seed\b|(?:12|24|twelve|twenty-four){WS}(?:seed{WS})?words|mnemonic(?:{WS}phrase)?|"
    r"secret{WS}recovery{WS}phrase|(?:2fa|mfa|backup|recovery){WS}(?:rescue|spare|reserve){WS}codes?|"
    r"backup-codes?|wiederherstellungs(?:codes?|schlüssel)|notfallcodes?|sicherungscodes?|"
    r"codes?{WS}de{WS}(?:secours|récupération|sauvegarde)|phrase{WS}de{WS}récupération|"
    r"c[óo]digos?{WS}de{WS}(?:respaldo|recuperaci[óo]n|emergencia|backup|recupera[çc][ãa]o|reserva)|frase{WS}semilla|"
    r"codici?{WS}di{WS}(?:backup|recupero|emergenza)|(?:back-?up|herstel)codes?|(?:reserv|återställnings)koder?|"
    r"kody?{WS}(?:zapasowe|odzyskiwania|awaryjne)|резервные{WS}коды|коды{WS}восстановления|резервный{WS}код|"
    r"yedek{WS}kodlar[ıi]?|kurtarma{WS}kodlar[ıi]?|yedekleme{WS}kodlar[ıi]?|"
    r"kode{WS}(?:cadangan|pemulihan)|mã{WS}(?:dự{WS}phòng|khôi{WS}phục)|(?:बैकअप|रिकवरी){WS}कोड|"
    # stop 44: cs, ro, fi, da/no, sv (definite), uk, tr (case endings)
    r"(?:záložní|obnovovací){WS}kódy?|cod(?:urile|uri|urilor){WS}de{WS}(?:rezervă|rezerva|recuperare|backup)|"
    r"(?:vara|palautus|varmuus|varmenne)koodi(?:t|en)?|(?:gendannelses|backup|reserve)koder(?:ne)?|"
    r"(?:reserv|återställnings)koderna|резервні{WS}коди|коди{WS}відновлення|(?:kurtarma|yedek){WS}kodlar\p{L}{1,4}"
).replace("{WS}", WS)
CODES_NOUNS_CJK = (
    r"バックアップコード|リカバリーコード|復旧コード|予備コード|备用验证码|恢复验证码|备用码|恢复码|备份码|备用代码|恢复代码|助记词|"
    r"백업{WS}?코드|복구{WS}?코드|예비{WS}?코드"
).replace("{WS}", WS)
ANSWER_NOUNS = (
    r"security{WS}answer|secret{WS}answer|[\"'“‘][^\"'”’\n]{3,60}[\"'”’]{WS}answer|answer{WS}to{WS}(?:(?:my|the|your|our){WS})?(?:security|secret){WS}"
    r"questions?|answer{WS}to{WS}(?:(?:the|my|your){WS})?(?:question{WS})?[\"'“‘][^\"'”’\n]{3,60}[\"'”’]|"
    r"security{WS}q(?:uestion)?{WS}*:[^:\n=>→-]{3,60}|"
    r"(?:mother'?s|mothers|mom'?s|mum'?s|mother’s){WS}maiden{WS}name|maiden{WS}name|"
    r"sicherheitsantwort|antwort{WS}auf{WS}(?:die|meine){WS}sicherheitsfrage|réponse{WS}secrète|"
    r"réponse{WS}(?:à{WS}la{WS})?question{WS}(?:de{WS}sécurité|secrète)|respuesta{WS}(?:de{WS}seguridad|secreta)|"
    r"resposta{WS}(?:de{WS}segurança|secreta)|risposta{WS}(?:di{WS}sicurezza|segreta)|beveiligingsantwoord|"
    r"antwoord{WS}op{WS}de{WS}beveiligingsvraag|svar{WS}på{WS}säkerhetsfrågan|odpowiedź{WS}na{WS}pytanie{WS}"
    r"bezpieczeństwa|ответ{WS}на{WS}(?:секретный|контрольный){WS}вопрос|güvenlik{WS}(?:sorusunun{WS})?cevab[ıi]|"
    # stop 44: the answer to a quoted question in de, fr, es, it, pt, nl, sv, pl, ru ("Antwort auf „…“:")
    r"(?:antwort{WS}auf|réponse{WS}à|respuesta{WS}a|risposta{WS}a|resposta{WS}(?:a|à)|antwoord{WS}op|svar{WS}på|"
    r"odpowiedź{WS}na|ответ{WS}на){WS}(?:(?:die|la|le|de|the){WS})?[\"'“‘„«‚][^\"'”’“»\n]{3,60}[\"'”’“»‘]"
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
    r"for|of|to|on|at|in|from|with|für|fürs|von|vom|zum|zur|beim|im|am|ins|der|des|dem|den|de|du|del|della|dello|di|"
    r"da|do|dla|для|от|к|"
    r"van|voor|"
    r"för|til|till|pour|para|per|na|po|ke|untuk|của|cho|"
    # stop 44: what it opens after the prepositions of ro, pl/cs, ru/uk, sv/da/no, nl, de, it, pt
    r"k|din|pentru|al|ale|dei|delle|degli|dos|das|od|ze|do|в|у|з|до|від|på|af|fra|uit|aus|bei|dal|dalla|nel|nella"
)
MODIFIER = (
    rf"(?:{WS}*\([^)\n]{{1,40}}\))?(?:{WS}+\p{{Cyrillic}}{{2,20}}){{0,2}}(?:{WS}+(?:{PREPOSITIONS}){WS}+[^\s\p{{Z}}:=,.;!?\"`]{{1,30}}"
    rf"(?:{WS}+[^\s\p{{Z}}:=,.;!?\"`]{{1,30}}){{0,5}}?)?"
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
# "now" between the copula and the value, in the languages of the copulas
NOW = r"now|still|just|currently|jetzt|noch|acum|ahora|adesso|ora|agora|nu|teraz|теперь"
# Arrows a note writes between a name and its value ("router admin password → X"), like "->" and "=>".
ARROWS = "→⇒⟶➔➜"
SEPARATOR = rf"(?:{WS}*(?::=|=>|->|[:=＝{ARROWS}]){WS}*|{WS}+(?:{COPULAS}){WS}+(?:(?:{NOW}){WS}+)?)"
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
# A list of codes: up to the end of the line or sentence, in any script: the Devanagari danda and double danda,
# the Arabic question mark, the Urdu full stop, the CJK and full-width stops (Unicode's Sentence_Terminal
# characters of the languages the slot nouns name). Without them a Hindi or Arabic clause read 400 characters a
# candidate where an English one stops at its full stop: 145x English prose per character (breaker47).
# A numbered item's "1." or "2)" is no sentence end: "Okta recovery codes:\n1. 0868 7394\n2. 6420 9733".
_ITEM = r"(?:[0-9]{1,2}[.)][ \t]+)"
_STOPS = r"\n.!?。！？।॥؟۔"
CODE_LIST = rf"({_ITEM}?[^{_STOPS}]{{1,400}}(?:\n[ \t]*(?:[-*•][ \t]*|{_ITEM})?[^{_STOPS}:]+){{0,16}})"
# Words between a codes noun and its list ("for the Google account", ", store somewhere safe", "here"), then
# the list, on the same line or the next.
_LEAD_COPULAS = r"are|were|is|sind|sont|son|são|sono|zijn"
CODES_LEAD = rf"(?:[^\n.!?:]*?)(?:{WS}*(?::=|=>|->|[:=＝→])|{WS}+(?:{_LEAD_COPULAS}))?{WS}*\n?"
