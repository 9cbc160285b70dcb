"""The secret rules: one pattern per credential shape, in RE2 syntax, each with the check its value must pass.

Every pattern runs on RE2 (google-re2), whose matching time is linear in the input whatever the pattern
(R. Cox, "Regular Expression Matching Can Be Simple And Fast", 2007; RE2's guarantee). The scanner
(secret_scan.py) searches again after a value its check refused, always further on, at the value's start at
the earliest, so a whole scan stays linear as long as what a new search can re-read is bounded:

- every captured value is bounded (``{6,64}`` for a prose value, a few hundred for a key format), so
  re-reading it and the Python check it gets (secret_shape.py) cost a bounded time per candidate;
- a rule whose check reads the whole match (``resume="next"``) has a bounded match (a fixed key format);
- what comes before the value (keyword, intervening words) may be open-ended: no search re-reads it.

Counted repetitions are kept small besides (RE2 unrolls them, and many counters at once slow its automaton;
the prefilter set opens them all, see ``secret_scan.relaxed``).

Group 1, when a pattern has one, is the value: the check reads it and redaction replaces it, keeping the
keyword ("DB_PASSWORD=[secret removed]"). Without a group the whole match is the secret.

The format rules marked "detect-secrets" are ported from detect-secrets 1.5.0 (Yelp, Apache-2.0,
``detect_secrets/plugins/*.py``) with their kind names; its lookarounds are rewritten as consumed context
characters and its unbounded runs bounded. The keyword and prose rules, the PIN, code, card, Wi-Fi and
security-answer rules are ours.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from contextlamp.domain import secret_shape as shape
from contextlamp.domain.secret_measures import is_placeholder

WS = r"[\s\p{Z}]"  # one whitespace character, Unicode spaces included (RE2's \s is ASCII)
# A prose or assignment value: the first 64 characters of a token, at least as long as its check demands
# (secret_shape.MIN_LENGTH after normalising; a shorter candidate never reaches the check).
VALUE = r"[^\s\p{Z}\"',;]{6,64}"
VALUE_TOKEN = r"[^\s\p{Z}\"',;]{12,64}"  # secret_shape.accept_mentioned_token wants 12
# Connecting words between a credential word and its value ("is", German "ist", "lautet", French and Spanish
# "est", "es", Portuguese "é", Italian "è"), or ":" / "=".
COPULA = (
    rf"(?:{WS}+(?:(?:is|was|has{WS}+been|ist|wurde|est|a{WS}+été|es|era|fue|é|foi){WS}+)?(?:changed|set|reset|updated|"
    rf"rotated|geändert|gesetzt|changé|cambiada|cambiado|alterada){WS}+(?:to|auf|in|à|en|a|para){WS}+|"
    rf"{WS}+(?:is|was|are|were|ist|lautet|war|sind|est|es|é|è|era|son|sont|são){WS}+|{WS}*[:=]{WS}*)"
)
# A security answer: up to three words (secret_shape.accept_security_answer wants the first to be a name).
ANSWER = r"[^\s\p{Z}\"',;:.!?()][^\s\p{Z}\",;:!?()]{0,39}(?:[ \t][^\s\p{Z}\"',;:.!?()][^\s\p{Z}\",;:!?()]{0,39}){0,2}"
# A word between a credential word and its "is": it may not end a sentence or clause ("...the token format.
# The request ID was <uuid>" is two sentences).
WORD = r"[^\s\p{Z}]*[^\s\p{Z}.!?;,]"  # open-ended: words come before the value, so no search re-reads them
LEAD = rf"(?:(?:the|now|still|just|currently|set{WS}+to|jetzt|noch){WS}+)?[\"'“‘`«]?"


@dataclass(frozen=True, slots=True)
class Rule:
    """One secret pattern.

    Attributes:
        kind: the name a refusal shows ("AWS Access Key"); never the value.
        pattern: RE2 syntax; group 1 (optional) is the value.
        check: the value (or, without a group, the match) must pass it; None accepts every match.
        resume: where to search again after a refused value: ``"value"`` at the value's start (a value may
            itself start the next candidate: "token token hunter2x9"), ``"after"`` after the value
            (the JWT header: any candidate inside it shares its end), ``"next"`` one character on.
        extend: on redaction, also remove the rest of the token after a bounded value (a 300-character
            token is found by its first 64 characters and removed whole).
        redact_only: used by ``redact`` only (key material in transcripts), never a reason to refuse.
        peek: the check also reads group 2, the word after the value, when it matched (``"12 characters"``
            is a length, not a password); only group 1 is the secret.
        window: group 1 is the words after a noun to the end of its clause, which the check reads as a slot (a
            value among connecting words), not a value: the scanner's token checks (secret_measures.names_no_value)
            do not apply to it.
        trim: what of an accepted group 1 is the secret: ``""`` all of it, ``"last"`` its last token (a window
            whose value ends it), ``"colon"`` what follows its first colon (a clause, then a list).
        screen: (resume "value", group 1 opening the match or one boundary character in) a test of a word: the
            check refuses a match none of whose words passes it, and the groups of such a match are not searched.
    """

    kind: str
    pattern: str
    check: Callable[[str], bool] | None = None
    resume: Literal["value", "after", "next"] = "value"
    extend: bool = False
    redact_only: bool = False
    peek: bool = False
    window: bool = False
    trim: Literal["", "last", "colon"] = ""
    screen: Callable[[str], bool] | None = None


# -- credential words ------------------------------------------------------------------------------------

# Password words in the languages we read, lower-case (the prose patterns are case-insensitive). They may end
# a compound ("Datenbankpasswort", "DB-Passwort"), so they need no word boundary in front.
PASSWORD_WORDS = (
    r"(?:password|passwort|passwd|passphrase|pass{WS}phrase|passcode|kennwort|mot{WS}de{WS}passe|contraseña|"
    r"contrasena|senha|wachtwoord|lösenord|hasło|пароль|clave{WS}de{WS}acceso|\bpwd?\b)"
).replace("{WS}", WS)
# Words that lead ordinary prose as often as a credential ("token quota", "secret sauce"): a value after them
# must look random (secret_shape.accept_stated_token).
TOKEN_WORDS = (
    r"\b(?:api{WS}?key|api{WS}token|access{WS}token|access{WS}key|auth{WS}token|refresh{WS}token|"
    r"secret{WS}key|client{WS}secret|private{WS}token|personal{WS}access{WS}token|token|secret|"
    r"jeton|clé{WS}api|clave{WS}api|schlüssel)"
).replace("{WS}", WS)
# A key in code or config that names a credential as its last component: DB_PASSWORD, pgpassword, api-key,
# "auth_token". Password words may be glued to a prefix ("PGPASSWORD"), the others need a separator.
IDENT_PREFIX = r"(?:[a-z0-9]{1,32}[_.-]){0,6}"
PASSWORD_KEYS = r"(?:[a-z0-9]{0,32}(?:password|passwd|passwort|kennwort|passphrase)|pwd|pass|pw)"
TOKEN_KEYS = (
    r"(?:secret|api[_-]?key|apikey|access[_-]?key|auth[_-]?token|access[_-]?token|refresh[_-]?token|"
    r"client[_-]?secret|token|private[_-]?key|secret[_-]?key|credentials?|bearer|sharedaccesskey|accountkey|"
    r"sas[_-]?token|signing[_-]?key|webhook[_-]?secret|encryption[_-]?key|master[_-]?key)"
)
# Key names that name a secret wherever they stand in the key ("apiToken", "MJ_APIKEY_PRIVATE"): "key" alone only
# with a word saying whose or what for (admin, secret, private, unseal …; a cache or sort key is an identifier).
SECRET_KEY_NAME = (
    r"(?:token|secret|passw(?:or)?d|api[_-]?key|credentials?|macaroon|(?:admin|private|access|master|auth|signing|"
    r"encryption|service|server|write|rest|app|account|shared|unseal|root|license)[ _-]?key(?:[ _-]?[0-9]{1,2})?)"
)
# An environment-style name (SCREAMING_SNAKE_CASE) whose last component, or the one before a short qualifier,
# names a credential (MZ_INGESTION_KEY, SPACELIFT_API_KEY_SECRET, MATOMO_TOKEN_AUTH): a variable of a deployment, so
# a random value set to it anywhere is its value (stop 43: held7/held8's Rust, fish, plist, Go and prose lines).
ENV_NAME = (
    r"(?-i:\b[A-Z][A-Z0-9]{0,31}(?:_[A-Z0-9]{1,32}){0,6}_(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASS|PWD|PASSPHRASE|PAT|"
    r"SEED|MNEMONIC)(?:_[A-Z]{1,12}){0,2})\b"
)
# What a credential's environment name may also be set to that is no credential (stop 43b): an ISO 8601 duration
# (``ACCESS_TOKEN_LIFETIME`` = ``PT15M``, ISO 8601-1:2019 5.5.2) and a key's id, a 0x number of up to 16 hex digits
# (``GPG_KEY_ID=0xABCDEF12``: OpenPGP's short and long key ids, RFC 4880 12.2; no secret key is 64 bits or less).
_DURATION = re.compile(
    r"P(?=\d|T\d)(?:\d+Y)?(?:\d+M)?(?:\d+W)?(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d+)?S)?)?"
)
_KEY_ID = re.compile(r"0[xX][0-9A-Fa-f]{1,16}")
_CLOSING_TAG = re.compile(r"</[A-Za-z][\w:-]{0,30}>$")  # a plist's </string> after the value


def _no_duration_or_id(value: str) -> bool:
    v = _CLOSING_TAG.sub("", value.strip())
    return _DURATION.fullmatch(v) is None and _KEY_ID.fullmatch(v) is None


def _random_value(value: str) -> bool:
    """A value after a key with more after its credential word (``token_ttl``): random, no duration or key id."""
    return _no_duration_or_id(value) and shape.accept_random(value)


def _env_value(value: str) -> bool:
    """A value set to a credential's environment name: ``accept_stated_token``, but no duration or key id."""
    return _no_duration_or_id(value) and shape.accept_stated_token(_CLOSING_TAG.sub("", value.strip()))


# A typed declaration's annotation between a name and "=": Rust ``: &str``/``: &'static str``, Kotlin, Swift and
# TypeScript ``: String``, Go's ``string`` after ``var NAME``.
TYPED_ASSIGN = rf"{WS}*:?{WS}*&?(?:'static{WS}+)?[A-Za-z_][A-Za-z0-9_.<>\[\]]{{0,30}}{WS}*={WS}*[\"'`]?"
ASSIGN = rf"[\"'\]]{{0,2}}{WS}{{0,8}}(?:=|:=|:|=>|->){WS}{{0,8}}[\"'`]{{0,2}}"
KEY_START = r"(?:^|[^a-z0-9])"
# Between a key and its value in a Markdown table row (| KEY | `value` |) and a call's arguments ("KEY", "value");
# an upper-case environment name may also have a blank only (csh's setenv KEY value)
KEYED_GAP = r"[\"'\]]{0,2}[ \t]*(?:\|[ \t]*`?|,[ \t]*[\"'])"

OTP_WORDS = (
    r"(?:(?i:\b(?:verification|confirmation|security|login|log-in|sign-in|signin|auth|authentication|"
    r"authorization|2fa|mfa|one[- ]time|otp|sms|activation|2-step|two-step|two-factor|totp|magic|"
    r"one-time{WS}pass|single-use){WS}?code\b|\botp\b|\bone[- ]time{WS}(?:password|passcode|pin)\b|"
    r"\bbest[äa]tigungscode|\bverifizierungscode|\bsicherheitscode|\beinmalcode|\beinmalpasswort|"
    r"\bcode{WS}de{WS}(?:v[ée]rification|confirmation|s[ée]curit[ée]|connexion)|\bcode{WS}à{WS}usage{WS}unique|"
    r"\bc[óo]digo{WS}de{WS}(?:verificaci[óo]n|confirmaci[óo]n|seguridad|inicio{WS}de{WS}sesi[óo]n)|"
    r"\bc[óo]digo{WS}(?:otp|sms)|\bc[óo]digo{WS}de{WS}un{WS}solo{WS}uso|"
    # stop 46 (blind banks: a 2FA code said in Italian, an SMS code in Polish reached the disk): it, pt, nl, pl, sv,
    # tr, ru, ja, zh, ko, and German compounds with a hyphen ("2FA-Code")
    r"\b(?:2fa|mfa|sms|otp|tan)-code\b|\bcodice{WS}(?:2fa|mfa|otp|sms|di{WS}(?:verifica|conferma|sicurezza|accesso)|"
    r"monouso)\b|\bc[óo]digo{WS}de{WS}(?:verifica[çc][ãa]o|confirma[çc][ãa]o|seguran[çc]a|acesso)\b|"
    r"\b(?:verificatie|bevestigings|beveiligings|inlog|sms)code\b|\bkod{WS}(?:weryfikacyjny|potwierdzaj[ąa]cy|"
    r"jednorazowy|sms|2fa|autoryzacyjny)\b|\b(?:verifierings|engångs|säkerhets|bekräftelse)kod(?:en)?\b|"
    r"\b(?:doğrulama|onay|güvenlik){WS}kodu\b|код{WS}(?:подтверждения|из{WS}смс|из{WS}sms)|одноразовый{WS}код|"
    r"認証コード|確認コード|ワンタイムパスワード|验证码|驗證碼|인증{WS}?번호|인증{WS}?코드)|\bTAN\b)"
).replace("{WS}", WS)
BACKUP_WORDS = (
    r"(?i:\b(?:backup|back-up|recovery|scratch|emergency|fallback|reserve|2fa|mfa|two[- ]factor|2-step|"
    r"two-step|totp|authenticator){WS}+(?:verification{WS}+|login{WS}+)?(?:codes?|keys?)\b|"
    r"\bwiederherstellungs(?:code|codes|schlüssel)|\bbackup-codes?|\bnotfallcodes?|\bsicherungscodes?|"
    r"\bcodes?{WS}de{WS}(?:secours|récupération|sauvegarde)|\bc[óo]digos?{WS}de{WS}(?:respaldo|recuperaci[óo]n|"
    r"emergencia))"
).replace("{WS}", WS)
SECURITY_WORDS = (
    r"(?i:\b(?:mother'?s|mothers|mom'?s|mum'?s|mother’s){WS}+maiden{WS}+name|\bmaiden{WS}+name|"
    r"\bsecurity{WS}+(?:question{WS}+)?answer|\bsecret{WS}+(?:question{WS}+)?answer|"
    r"\banswer{WS}+to{WS}+(?:(?:my|the|your|our){WS}+)?(?:security|secret){WS}+questions?|"
    r"\bsicherheitsantwort|\bantwort{WS}auf{WS}(?:die|meine){WS}sicherheitsfrage|"
    r"\bmädchenname{WS}(?:meiner|der){WS}mutter|\bgeburtsname{WS}(?:meiner|der){WS}mutter|"
    r"\bnom{WS}de{WS}jeune{WS}fille(?:{WS}de{WS}ma{WS}mère)?|\bréponse{WS}(?:à{WS}la|de{WS}la){WS}question{WS}"
    r"(?:de{WS}sécurité|secrète)|\bapellido{WS}de{WS}soltera(?:{WS}de{WS}mi{WS}madre)?|"
    r"\brespuesta{WS}(?:a{WS}la{WS}|de{WS}la{WS})?pregunta{WS}(?:de{WS}seguridad|secreta))"
).replace("{WS}", WS)


def accept_connection_value(value: str) -> bool:
    """``Password=…`` as a connection string has it, unless the value as written is a stand-in (``<ask-Yuki>``,
    ``${DB_PASS}``: the shape check reads the value without its brackets)."""
    return not is_placeholder(value) and shape.accept_connection_password(value)


def _format(kind: str, pattern: str, check: Callable[[str], bool] | None = None) -> Rule:
    return Rule(kind, pattern, check, resume="next")


RULES: tuple[Rule, ...] = (
    # -- key formats (detect-secrets and ours) --
    _format(
        "Private Key",
        r"-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----|BEGIN (?:(?:DSA|EC|OPENSSH|PGP|RSA|SSH2 ENCRYPTED) )?"
        r"PRIVATE KEY|PuTTY-User-Key-File-[0-9]",
    ),
    _format("AWS Access Key", r"(?:A3T[A-Z0-9]|ABIA|ACCA|AKIA|ASIA)[0-9A-Z]{16}"),
    Rule(
        "AWS Access Key",
        r"(?i)aws.{0,20}?(?:key|pwd|pw|password|pass|token).{0,20}?['\"]([0-9a-zA-Z/+]{40})['\"]",
        resume="after",
    ),
    _format("Azure Storage Account Key", r"AccountKey=[a-zA-Z0-9+/=]{88}"),
    Rule(
        "Artifactory Credentials",
        r"(?m)(?:^|[\s=:\"])(AKC[a-zA-Z0-9]{10,200}|AP[0-9ABCDEF][a-zA-Z0-9]{8,200})(?:[\s\"]|$)",
        shape.accept_has_digit,
        resume="after",
    ),
    Rule(
        "Cloudant Credentials",
        r"(?i)(?:^|[^a-z0-9_])\[?[\"']?(?:cloudant|cl|clou)[_-]?(?:api)?(?:key|pwd|pw|password|pass|token)[\"']?\]?"
        r" {0,8}(?:=|:|:=|=>| {1,8}|::) {0,8}[\"']?([0-9a-f]{64}|[a-z]{24})(?:[^a-z0-9]|$)",
        resume="after",
    ),
    _format("Discord Bot Token", r"[MNO][a-zA-Z0-9_-]{23,25}\.[a-zA-Z0-9_-]{6}\.[a-zA-Z0-9_-]{27}"),
    _format("GitHub Token", r"(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9_]{36}"),
    Rule("GitHub Token", r"\b(github_pat_[A-Za-z0-9_]{22,200})", extend=True),
    Rule(
        "GitLab Token",
        r"((?:glpat|gldt|glft|glsoat|glrt)-[A-Za-z0-9_-]{20,200}|GR1348941[A-Za-z0-9_-]{20,200}|"
        r"glcbt-(?:[0-9a-fA-F]{2}_)?[A-Za-z0-9_-]{20,200}|glimt-[A-Za-z0-9_-]{25}|glptt-[A-Za-z0-9_-]{40}|"
        r"glagent-[A-Za-z0-9_-]{50,200}|gloas-[A-Za-z0-9_-]{64})",
        extend=True,
    ),
    Rule(
        "IBM Cloud IAM Key",
        r"(?i)(?:^|[^a-z0-9_])\[?[\"']?(?:ibm[_-]?cloud[_-]?iam|cloud[_-]?iam|ibm[_-]?cloud|ibm[_-]?iam|ibm|iam|"
        r"cloud)?[_-]?(?:api)?[_-]?(?:key|pwd|password|pass|token)[\"']?\]? {0,8}(?:=|:|:=|=>| {1,8}|::) {0,8}"
        r"[\"']?([a-z0-9_-]{44})(?:[^a-z0-9_-]|$)",
        shape.accept_random,
        resume="after",
    ),
    Rule(
        "IBM COS HMAC Credentials",
        r"(?i)(?:^|[^a-z0-9_])\[?[\"']?(?:(?:ibm)?[_-]?cos[_-]?(?:hmac)?)?[_-]?secret[_-]?(?:access)?[_-]?key"
        r"[\"']?\]? {0,8}(?:=|:|:=|=>| {1,8}|::) {0,8}[\"']?([a-f0-9]{48})(?:[^a-f0-9]|$)",
        resume="after",
    ),
    Rule(
        "JSON Web Token",
        r"(eyJ[A-Za-z0-9_-]{10,1000}={0,2})\.[A-Za-z0-9_=-]{1,200}",  # headers with an x5c chain run long
        shape.accept_jwt,
        resume="after",
        extend=True,
    ),
    Rule("Mailchimp Access Key", r"([0-9a-z]{32}-us[0-9]{1,2})\b", shape.accept_has_digit, resume="after"),
    Rule(
        "NPM Token",
        r"_authToken[ \t]{0,8}=[ \t]{0,8}([^\s]{1,200})",  # .npmrc: //registry.npmjs.org/:_authToken=...
        shape.accept_any_value,
        resume="after",
        extend=True,
    ),
    _format("NPM Token", r"\bnpm_[A-Za-z0-9]{36}\b"),
    # k3s's secure join token, K10<sha256 of the cluster CA>::<username>:<password> (docs.k3s.io, "k3s token")
    _format("k3s Join Token", r"\bK10[0-9a-f]{64}::[A-Za-z0-9_.-]{1,64}:[A-Za-z0-9]{16,128}"),
    Rule("OpenAI Token", r"(sk-[A-Za-z0-9_-]{0,120}T3BlbkFJ[A-Za-z0-9_-]{20,200})", extend=True),
    Rule(
        "PyPI Token",
        r"(pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{70,200}|pypi-AgENdGVzdC5weXBpLm9yZw[A-Za-z0-9_-]{70,200})",
        extend=True,
    ),
    _format("SendGrid API Key", r"SG\.[a-zA-Z0-9_-]{22}\.[a-zA-Z0-9_-]{43}"),
    Rule("Slack Token", r"(?i)(xox[abposr]-(?:[0-9]{1,40}-){1,8}[a-z0-9]{1,200})", extend=True),
    Rule(
        "Slack Token",
        r"(?i)(https://hooks\.slack\.com/services/T[a-z0-9_]{1,40}/B[a-z0-9_]{1,40}/[a-z0-9_]{1,100})",
        extend=True,
    ),
    Rule(
        "SoftLayer Credentials",
        r"(?i)(?:^|[^a-z0-9_])\[?[\"']?(?:softlayer|sl)[_-]?(?:api)?[_-]?(?:key|pwd|password|pass|token)[\"']?\]?"
        r" {0,8}(?:=|:|:=|=>| {1,8}|::) {0,8}[\"']?([a-z0-9]{64})(?:[^a-z0-9]|$)",
        resume="after",
    ),
    _format("SoftLayer Credentials", r"(?i)https?://api\.softlayer\.com/soap/v3(?:\.1)?/[a-z0-9]{64}"),
    _format("Square OAuth Secret", r"sq0csp-[0-9A-Za-z\\_-]{43}"),
    _format("Stripe Access Key", r"[rs]k_(?:live|test)_[0-9a-zA-Z]{24}"),
    Rule(
        "Telegram Bot Token",
        r"(?:^|[^0-9])([0-9]{8,10}:[0-9A-Za-z_-]{35})(?:[^0-9A-Za-z_-]|$)",
        resume="after",
    ),
    _format("Twilio API Key", r"SK[a-z0-9]{32}|AC[a-z0-9]{32}:[a-z0-9]{32}", shape.accept_has_digit),
    _format("Blockfrost Key", r"\b(?:mainnet|preprod|preview|testnet)[0-9A-Za-z]{32}\b", shape.accept_has_digit),
    Rule("API Key", r"\b((?:sk|rk|pk)-(?:live|test|proj|ant)?[A-Za-z0-9_-]{20,200})", shape.accept_long_run, "after"),
    _format("Google API Key", r"AIza[0-9A-Za-z_-]{35}"),
    # vendor16 (stop 45): formats the pinned ruleset lacks (docs/secrets.md). A Google OAuth refresh token ("1//0"
    # then base64url, developers.google.com/identity/protocols/oauth2), a Firebase Cloud Messaging legacy server key
    # (AAAA + 7, ":APA91b", 134: firebase.google.com/docs/cloud-messaging/auth-server), a Discord webhook URL (its
    # id and token: discord.com/developers/docs/resources/webhook).
    _format("Google OAuth Refresh Token", r"\b1//0[A-Za-z0-9_-]{40,300}"),
    _format("Firebase Server Key", r"\bAAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{100,200}"),
    _format("Discord Webhook", r"(?i)discord(?:app)?\.com/api/webhooks/[0-9]{17,20}/[A-Za-z0-9_-]{60,80}"),
    # personal tokens (clp_), and the OAuth server's access (clpa_) and refresh (clpr_) tokens and sessions (clps_)
    Rule("contextlamp Access Token", r"\b(clp[arsl]?_[A-Za-z0-9_-]{43})(?:[^A-Za-z0-9_-]|$)", resume="after"),
    Rule(
        "Bearer Token",
        r"(?i)\bbearer[\s\p{Z}]{1,8}([A-Za-z0-9._~+/-]{16,200}=*)",
        shape.accept_random,
        resume="after",
        extend=True,
    ),
    Rule(  # RFC 7617: "user:password" in base64
        "Basic Auth Credentials",
        r"(?i)\b(?:authorization|proxy-authorization)[\s\p{Z}]{0,8}:?[\s\p{Z}]{0,8}basic[\s\p{Z}]{1,8}"
        r"([A-Za-z0-9+/]{6,200}={0,2})",
        shape.accept_basic_auth,
        resume="after",
    ),
    # -- passwords in URLs, connection strings, assignments and prose --
    Rule(
        "Connection String Password",
        r"(?i)\b[a-z][a-z0-9+.-]{0,30}://[^\s:/@]{0,64}:([^\s@/]{1,128})@[^\s@]",
        shape.accept_any_value,
    ),
    Rule(
        "Connection String Password",
        rf"(?i)(?:^|[;\s])(?:password|pwd){WS}{{0,8}}={WS}{{0,8}}([^;\s]{{3,128}})",
        accept_connection_value,
        extend=True,
    ),
    Rule(
        "Password Assignment",
        rf"(?i){KEY_START}{IDENT_PREFIX}{PASSWORD_KEYS}{ASSIGN}({VALUE})",
        shape.accept_stated_password,
        extend=True,
    ),
    Rule(
        "Password Assignment",
        rf"(?i){KEY_START}{IDENT_PREFIX}{TOKEN_KEYS}{ASSIGN}({VALUE})",
        shape.accept_stated_token,
        extend=True,
    ),
    Rule(  # a key with more after the credential word (secret_key_base, token_ttl): the value must look random
        "Password Assignment",
        rf"(?i){KEY_START}{IDENT_PREFIX}(?:{PASSWORD_KEYS}|{TOKEN_KEYS})(?:[_.-][a-z0-9]{{1,32}}){{1,4}}{ASSIGN}"
        rf"({VALUE})",
        _random_value,
        extend=True,
    ),
    Rule(  # an environment name for a credential, then its value however the language or file sets it (stop 43;
        # formats13: an index into the environment, ``ENV["X_KEY"] ||= "…"``, ``os.environ["X_TOKEN"] = "…"``);
        # a shape kind, so a public one (CACHE_KEY=<hex>: secret_public.PUBLIC) is dropped
        "Labelled Key",
        rf"{ENV_NAME}[\"']?(?:{TYPED_ASSIGN}|</key>{WS}*<string>|{WS}*,{WS}*[\"']|\]{WS}*(?:\|\||\?\?)?={WS}*[\"'`]?"
        rf"|(?:{WS}+{WORD}){{0,6}}?{COPULA}{LEAD}"
        rf"|{WS}+[\"'`]?)({VALUE})",
        _env_value,
        extend=True,
    ),
    Rule(
        "Password In Prose",
        rf"(?i){PASSWORD_WORDS}{WS}+[\"'“‘`«]?({VALUE})",
        shape.accept_mentioned_password,
        extend=True,
    ),
    Rule(
        "Password In Prose",
        rf"(?i){TOKEN_WORDS}(?:{WS}+{WORD}){{0,6}}?{COPULA}{LEAD}({VALUE})",
        shape.accept_stated_token,
        extend=True,
    ),
    Rule(
        "Password In Prose",
        rf"(?i){TOKEN_WORDS}{WS}+[\"'“‘`«]?({VALUE_TOKEN})",
        shape.accept_mentioned_token,
        extend=True,
    ),
    Rule(
        "Password In Prose",
        rf"(?i)\b(?:login|user(?:name)?|account|creds|credentials)(?:{WS}+(?:is{WS}+)?|{WS}*:{WS}*)[^\s\p{{Z}}/:]{{1,64}}"
        rf"{WS}*/{WS}*"
        rf"({VALUE})",
        shape.accept_mentioned_password,
        extend=True,
    ),
    # -- things a careful person never stores: PINs, codes, cards, Wi-Fi passphrases, security answers --
    Rule(  # every card network's issuer numbers start with 2 to 6 (secret_shape.CARD_NETWORKS)
        "Payment Card Number",
        r"(?:^|[^0-9A-Za-z_.,+/-])([2-6][0-9]{12,18}|[2-6][0-9]{3}(?: [0-9]{4}){2,3}(?: [0-9]{1,4})?|"
        r"[2-6][0-9]{3}(?:-[0-9]{4}){2,3}(?:-[0-9]{1,4})?|3[0-9]{3}[ -][0-9]{6}[ -][0-9]{4,5})(?:[^0-9A-Za-z_-]|$)",
        shape.accept_card,
    ),
    Rule(
        "Card Security Code",
        rf"(?:\b(?:CVV2?|CVC2?|CSC|CID)\b|(?i:\b(?:card(?:'s|’s)?{WS}+)?security{WS}+code(?:{WS}+(?:on|of){WS}+"
        rf"(?:the{WS}+)?(?:back|card))?|\bkartenprüfnummer|\bcryptogramme(?:{WS}visuel)?|\bc[óo]digo{WS}de{WS}"
        rf"seguridad{WS}de{WS}la{WS}tarjeta))(?:{COPULA}|{WS}+)([0-9]{{3,4}})(?:[^0-9]|$)",
    ),
    Rule(
        "One-Time Code",
        rf"{OTP_WORDS}(?:{COPULA}|{WS}+|{WS}*(?:は|是|为|為|는|은|：){WS}*)(?i:(?:now|still|the){WS}+)?"
        rf"((?:G-)?(?:[0-9]{{4,8}}|[0-9]{{3,4}}[ -][0-9]{{3,4}}))(?:[^0-9A-Za-z]|$)",
        shape.accept_digits_code,
    ),
    Rule(
        "One-Time Code",
        rf"(?i)\b(?:your|ihr|dein|votre|ton|tu|su)(?:{WS}+[a-z0-9-]{{1,20}})?{WS}+(?:code|otp|código|codigo)"
        rf"(?:{COPULA}|{WS}+)([0-9]{{4,8}}|[0-9]{{3,4}}[ -][0-9]{{3,4}})(?:[^0-9A-Za-z]|$)",
    ),
    Rule(
        "One-Time Code",
        rf"(?i)(?:^|[^0-9A-Za-z])((?:G-)?[0-9]{{4,8}}){WS}+(?:is|est|es|ist){WS}+(?:your|votre|tu|su|ihr|dein){WS}+"
        rf"(?:[^\s\p{{Z}}]{{1,30}}{WS}+){{0,3}}(?:code|otp|pin|passcode|código|codigo|code)\b",
        shape.accept_digits_code,
    ),
    Rule(
        "One-Time Code",
        rf"(?i)\b(?:use|enter|type){WS}+(?:the{WS}+)?(?:code{WS}+)?([0-9]{{4,8}}){WS}+to{WS}+(?:sign|log|verify|"
        rf"confirm|complete|finish|activate)",
        shape.accept_digits_code,
    ),
    Rule(
        "Two-Factor Backup Codes",
        rf"{BACKUP_WORDS}(?:{WS}*\([^)\n]{{1,40}}\))?(?:{WS}+(?:for|für|pour|para|de|von){WS}+[^\s\p{{Z}}:]{{1,30}}"
        rf"(?:{WS}+[^\s\p{{Z}}:]{{1,30}}){{0,2}})?{WS}*(?i:[:=]|are|is|were|sind|sont|son|—|-)?[\s\p{{Z}}\"'(\[-]{{0,8}}"
        rf"([A-Za-z0-9]{{3,12}}(?:[ -][A-Za-z0-9]{{3,12}}){{0,3}})",
        shape.accept_backup_codes,
    ),
    Rule("Wi-Fi Passphrase", r"WIFI:(?:[A-Z]:[^;\n]{0,64};){0,6}P:([^;\n]{1,63});", shape.accept_any_value),
    Rule(
        "Security Question Answer",
        rf"{SECURITY_WORDS}(?:{WS}*\([^)\n]{{1,80}}\))?(?i:{COPULA}|{WS}*[-—?]{WS}*){LEAD}"
        rf"({ANSWER})",
        shape.accept_security_answer,
    ),
    Rule(  # "security question (first pet): Biscuit": the parenthesis names the question, the answer follows
        "Security Question Answer",
        rf"(?i)(?:\b(?:security|secret){WS}+question|\bsicherheitsfrage|\bquestion{WS}(?:de{WS}sécurité|secrète)|"
        rf"\bpregunta{WS}(?:de{WS}seguridad|secreta)){WS}*\([^)\n]{{1,80}}\){COPULA}{LEAD}({ANSWER})",
        shape.accept_security_answer,
    ),
    Rule(
        "Security Question Answer",
        rf"(?i)\b(?:security|secret){WS}+question[^\n]{{0,120}}?\b(?:answer|antwort|réponse|respuesta)"
        rf"{COPULA}{LEAD}({ANSWER})",
        shape.accept_security_answer,
    ),
    # -- a vendor-style token the format layer does not know: a short prefix, then a long random run --
    Rule(
        "Prefixed API Token",
        r"(?:^|[^A-Za-z0-9_.$-])([A-Za-z][A-Za-z0-9]{1,11}[_.-][A-Za-z0-9_.-]{20,300})",
        shape.accept_prefixed_token,
        resume="after",
        extend=True,
    ),
    # -- a token no ruleset knows without its label: random alone, or a prefix and a hex body --
    Rule(
        "Random Token",
        r"(?:^|[^A-Za-z0-9_.$/+@#?&%-])([A-Za-z0-9]{20,300})",
        shape.accept_random_token,
        resume="after",
        extend=True,
    ),
    Rule(
        "Prefixed API Token",
        r"(?:^|[^A-Za-z0-9_.$/+@#?&%-])([A-Za-z][A-Za-z0-9_$.-]{0,60}?[$_.-][0-9a-fA-F]{32,128})",
        shape.accept_prefixed_hex,
        resume="after",
        extend=True,
    ),
    # -- credentials inside structures the format layer reads no label in --
    Rule(
        "Sentry DSN",
        r"(?i)https?://([0-9a-f]{32})(?::[0-9a-f]{32})?@[a-z0-9.-]{0,80}sentry[a-z0-9.-]{0,80}/[0-9]{1,12}",
    ),
    Rule("Azure SAS Signature", r"[?&]sig=([A-Za-z0-9%+/=]{30,120})", shape.accept_random, resume="after"),
    Rule(  # a Docker config.json entry: "auth" is base64 of "user:password"
        "Docker Registry Credentials",
        rf"\"auth\"{WS}{{0,8}}:{WS}{{0,8}}\"([A-Za-z0-9+/]{{8,400}}={{0,2}})\"",
        shape.accept_basic_auth,
        resume="after",
    ),
    Rule(
        "Session Cookie",
        r"(?i)\b(?:set-)?cookie[\s\p{Z}]{0,8}:[^\n]{0,200}?\b(?:session(?:id)?|sess|sid|connect\.sid|_session|"
        r"phpsessid|jsessionid|auth|token|remember_token)[A-Za-z0-9_.-]{0,20}=([^;\s\"']{16,400})",
        shape.accept_random,
        resume="after",
    ),
    Rule("Okta API Token", r"\bSSWS[\s\p{Z}]{1,8}([A-Za-z0-9_-]{20,120})", shape.accept_random, resume="after"),
    # -- a password's hash in a crypt(3) or PHC string: crackable offline, so a credential too --
    Rule(
        "Password Hash",
        r"(\$(?:2[abxy]?\$[0-9]{2}\$[./A-Za-z0-9]{53}|(?:1|apr1|md5)\$[./A-Za-z0-9]{1,8}\$[./A-Za-z0-9]{22}|"
        r"[56]\$(?:rounds=[0-9]{1,9}\$)?[./A-Za-z0-9]{1,16}\$[./A-Za-z0-9]{43,86}|"
        r"(?:y|gy|7)\$[./A-Za-z0-9]{1,40}\$[./A-Za-z0-9]{1,86}\$[./A-Za-z0-9]{43}|"
        r"argon2(?:id|i|d)\$v=[0-9]{1,3}\$m=[0-9]{1,9},t=[0-9]{1,9},p=[0-9]{1,3}\$[A-Za-z0-9+/]{8,88}\$"
        r"[A-Za-z0-9+/]{16,88}|scrypt\$[A-Za-z0-9=,.]{1,80}\$[A-Za-z0-9+/]{8,88}\$[A-Za-z0-9+/]{16,88}))|"
        r"\b(pbkdf2_sha(?:1|256|512)\$[0-9]{1,9}\$[A-Za-z0-9./+]{4,64}\$[A-Za-z0-9+/]{20,88}={0,2})",
    ),
    # -- a 256-bit hex key (an Ethereum or ed25519 private key, an HMAC secret, a seed): named by a key, secret or
    # seed noun a few words before it (the next line too), or an Ethereum-style 0x + 64 hex on a line of its own.
    # Both layers run these (one rule): a hex value named as a commit, checksum, digest, fingerprint, transaction,
    # address or public key is public (secret_public.PUBLIC); unnamed hex in prose or a list of hashes is an id --
    Rule("Key Material", r"(?m)^[ \t]*(0[xX][0-9a-fA-F]{64})[ \t]*$", shape.accept_bare_hex_key),
    Rule(
        "Key Material",
        r"(?i)(?:\b(?:keys?|keypair|seed|secret|priv(?:ate)?(?:[ _-]?key)?|signer|wallet|mnemonic|schlüssel|clé|"
        r"clave|chiave|chave|sleutel|klucz|ключ|anahtar|nyckel)|鍵|密钥|私钥|키)"
        r"(?:[^\n]{0,32}?|[^\n]{0,32}\n[ \t]{0,8})(?:^|[^0-9A-Za-z])((?:0[xX])?[0-9a-fA-F]{64,400})\b",
        shape.accept_bare_hex_key,
        resume="after",
    ),
    # -- transcripts only: key material without a label (a PEM body line on its own) --
    Rule(
        "Key Material",
        r"(?:^|[^A-Za-z0-9_/+=-])([A-Za-z0-9+/_-]{40,400}={0,2})",  # a longer run is removed whole (extend)
        shape.accept_key_material,  # never a hex run: a commit or a checksum is an id, as save_context judges
        resume="after",
        extend=True,
        redact_only=True,
    ),
)

# A PEM block from its header to its footer (or the end of the text); transcripts only, removed whole.
PEM_BLOCK = Rule(
    "Private Key",
    r"(?s)-----BEGIN [A-Z0-9 ]{0,40}(?:PRIVATE KEY|CERTIFICATE|KEY BLOCK)[A-Z ]{0,40}-----.*?"
    r"(?:-----END [A-Z0-9 ]{0,60}-----|\z)",
    redact_only=True,
)
# The rest of a token after a bounded value, for redaction (Rule.extend).
TOKEN_TAIL = r"[^\s\p{Z}\"',;]*"


# Rules run only where one of their words is in the text (as the format layer's keywords): a rule this common in
# prose ("token", "secret", "key") made the one automaton of all rules three times slower on long lines of prose.
KEYED_RULES: tuple[tuple[Rule, tuple[str, ...]], ...] = (
    (
        Rule(  # a key naming a secret anywhere in its name, camelCase too, before a machine-made value (a vendor's
            # unprefixed key: "apiToken": "<hex>", ALGOLIA_ADMIN_KEY: <hex>, Unseal Key 1: <base64>)
            "Labelled Key",
            rf"(?i){SECRET_KEY_NAME}(?:[_.-]?(?:private|secret|value|hex|b64|base64|[0-9]{{1,2}}))?{ASSIGN}"
            r"([A-Za-z0-9+/_=-]{16,256})",
            shape.accept_keyed_value,
            resume="after",
        ),
        ("token", "secret", "passwd", "password", "apikey", "api_key", "api-key", "credential", "key", "macaroon"),
    ),
    (
        Rule(  # the same key in a table row or a call (| X_API_KEY | `<value>` |, setdefault("X_TOKEN", "<value>"),
            # setenv X_SECRET <value>), and an environment variable named <NAME>_KEY (DATAVERSE_KEY = "<uuid>"):
            # upper-case names ending in _KEY hold a service's key; CACHE_KEY and the like are public (PUBLIC)
            "Labelled Key",
            rf"(?:(?i:{SECRET_KEY_NAME}(?:[_.-]?(?:private|secret|value|[0-9]{{1,2}}))?){KEYED_GAP}|(?:^|[^A-Za-z0-9_])"
            rf"[A-Z][A-Z0-9]{{1,24}}(?:_[A-Z0-9]{{1,24}}){{0,4}}_(?:KEY|TOKEN|SECRET)(?:{ASSIGN}|{KEYED_GAP}|[ \t]+))"
            r"([A-Za-z0-9+/_=-]{16,256})",
            shape.accept_keyed_value,
            resume="after",
        ),
        ("token", "secret", "passwd", "password", "apikey", "api_key", "api-key", "credential", "_key"),
    ),
    (
        Rule(  # the key named in one field and its value given in the next (stop 42): a Terraform variable's
            # default (variable "X_TOKEN" { default = "<value>" }), a Kubernetes or compose env entry (- name:
            # X_TOKEN, then value: "<value>" on the next line), a CloudFormation/Ansible default
            "Labelled Key",
            rf"(?:(?i:{SECRET_KEY_NAME})|[A-Z][A-Z0-9]{{1,24}}_(?:KEY|TOKEN|SECRET))[A-Za-z0-9_]{{0,24}}[\"']?"
            rf"[ \t{{]{{0,6}}(?:\n[ \t]{{0,16}}(?:-[ \t]+)?)?"
            rf"(?i:default|value|defaultvalue)[\"']?{ASSIGN}([A-Za-z0-9+/_=:.|-]{{16,256}})",
            shape.accept_keyed_value,
            resume="after",
        ),
        ("default", "value"),
    ),
    (
        Rule(  # key material in any PEM-style armor that names a private, secret, static or shared key (stop 42:
            # "-----BEGIN OpenVPN Static key V1-----"; RFC 7468's labels for private keys are the format layer's)
            "Private Key",
            r"-----BEGIN [A-Za-z0-9 ]{0,40}(?i:private|secret|static|shared|symmetric)[ _-]?(?i:key)[A-Za-z0-9 ]{0,20}"
            r"-----[ \t]*\r?\n[ \t]*([A-Za-z0-9+/=]{16,128})",
            shape.accept_keyed_value,
            resume="after",
            extend=True,
        ),
        ("-----begin",),
    ),
)
