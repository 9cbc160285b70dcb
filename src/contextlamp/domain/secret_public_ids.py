"""Identifiers their vendors document as public, named by their noun right before them (fp50, stop 47, #28).

An account, app, project, site, service, tenant or client id, a publishable, search-only, site or browser key, a
client or project token: each vendor's documentation says these are not secrets (they sit in page sources, in
mobile apps, in URLs): Stripe publishable keys, Algolia application ids and search-only keys, reCAPTCHA and
hCaptcha site keys, Twilio account SIDs, Heroku app ids, Fastly service ids, Google and Microsoft Entra OAuth
client ids and tenant ids, Datadog RUM client tokens, Mixpanel project tokens, LaunchDarkly client-side ids. Their
secret counterparts (auth tokens, admin, secret, server and master keys, client secrets, signing secrets) keep
their own nouns and stay refused.

A finding is public here when the last thing before its value, on its line, is such a noun, followed only by a
short gap of words (no digit, no credential word such as "secret", "token", "password": ``_SECRET_WORD``) and no
credential word comes in the few characters before the noun ("the password for the client ID: ..."). A value whose
own bytes carry a format that is not a shape (a GitHub token, an AWS access key id, a ``sk_live_`` key, a JWT)
stays a finding under any label: the values a public label vouches for are scanned alone, all in one text, and
what a non-shape rule finds there is kept.

Linear: the nouns and the credential words are each found in one pass over the text; each finding is placed
among them by bisection and reads at most ``_GAP`` characters.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Collection

Finding = tuple[int, int, str]

_GAP = 48  # characters of words allowed between the public noun and its value (evade17's read for vendor prose)
_BEFORE = 24  # characters before the noun where a credential word makes it the credential's context

_ID_OWNER = (
    r"app(?:lication)?|account|acct|service|site|project|tenant|zone|client(?:[ _-]?side)?|space|merchant|"
    r"audience|workspace|organi[sz]ation|org|team|property|measurement|container|publisher|sender|environment|"
    r"instance|subscription|directory|pixel|tracking|bucket|channel|guild|list|konto|mandanten|kunden|projekt|"
    r"dienst|anwendung|アプリ|アプリケーション|アカウント|サービス|プロジェクト|サイト|テナント|クライアント|"
    r"应用|應用|账户|帳戶|账号|項目|项目|专案|專案|服务|服務|站点|網站|网站|租户|租戶|客户端|用戶端|앱|애플리케이션|"
    r"계정|서비스|프로젝트|사이트|테넌트|클라이언트"
)
_ROMANCE_OWNER = (
    r"app(?:lication|licación|licazione|licação|likation|licatie)?|aplicación|aplicação|applicazione|compte|"
    r"cuenta|conta|account|client|cliente|klant|service|servicio|serviço|servizio|site|sitio|sito|projet|"
    r"proyecto|progetto|projeto|project|tenant|locataire|inquilino|zone|zona|espace|espacio|spazio|espaço"
)
_PUBLIC_KEY_KIND = (
    r"publishable|search[ _-]?only(?:[ _-]?api)?|search(?:[ _-]?api)?|site|browser(?:[ _-]?(?:license|api))?|"
    r"public(?:[ _-]?(?:api|access|anon|client))?|client[ _-]?side|anon(?:ymous)?(?:[ _-]?public)?|frontend|"
    r"front[ _-]end|web[ _-]?api|widget|embed|javascript|js"
)
_PUBLIC_NOUN = re.compile(
    r"(?i)(?<![A-Za-z0-9])(?:"
    rf"(?:{_ID_OWNER})[ _.-]?(?:\((?:client|app)\)[ _-]?)?(?:id|sid|identifier|ＩＤ)"
    rf"|(?:id|identifiant|identificador|identificativo|identificatore|kennung)[ _-]"
    rf"(?:(?:de|do|da|del|della|di|du|der|des|van|het|de la)[ _])?(?:l'|la |le |el |o |a |il |lo )?"
    rf"(?:{_ROMANCE_OWNER})"
    rf"|(?:{_PUBLIC_KEY_KIND})[ _-]?(?:key|token|clave|clé|chiave|chave|schlüssel|sleutel|klucz|ключ)"
    r"|sitekey|(?:client|project|rum[ _-]?client)[ _-]?token"
    r"|(?:clé|clave|chiave|chave|sleutel|schlüssel|klucz)[ _-](?:publique|pública|publica|pubblica|publicável|"
    r"publiek|öffentlich|publiczny|de[ _]site|de[ _]sitio|del[ _]sito|do[ _]site|de[ _]recherche|de[ _]búsqueda|"
    r"di[ _]ricerca|de[ _]pesquisa)"
    r"|公開キー|サイトキー|公开密钥|公钥|公開金鑰|공개[ ]?키|사이트[ ]?키"
    r")(?![A-Za-z0-9])"
)
# what makes a public noun the context of a credential instead: a credential word in the gap or just before it
_SECRET_WORD = re.compile(
    r"(?i)secret|token|password|passwort|passwd|pwd|pass[ _-]?phrase|\bpin\b|\bauth(?![0-9])|credential|private|"
    r"\bkey\b|_key|key_|signing|certificate|geheim|secreto|segreto|segredo|secrète|mot de passe|contraseña|"
    r"senha|wachtwoord|hasło|пароль|ключ|токен|秘密|密钥|密碼|密码|パスワード|シークレット|トークン|キー|비밀|토큰"
)
_DIGIT = re.compile(r"[0-9]")


def without_public_ids(
    raw: list[Finding], data: bytes, scan_alone: Callable[[str], Collection[Finding]], shape_kinds: Collection[str]
) -> list[Finding]:
    """``raw`` (byte spans of ``data`` and kinds) less the findings whose value a public-id noun names right
    before it (see the module doc), unless ``scan_alone`` (the scanner's rules on a text, character spans) finds a
    kind outside ``shape_kinds`` in that value on its own."""
    if not raw:
        return raw
    text = data.decode("utf-8", "replace")
    nouns = [(m.start(), m.end()) for m in _PUBLIC_NOUN.finditer(text)]
    if not nouns:
        return raw
    secret = [m.start() for m in _SECRET_WORD.finditer(text)]
    ends = [end for _, end in nouns]
    vouched: dict[tuple[int, int], str] = {}  # byte span -> its value, for the findings a public noun names
    char = byte = 0
    for s, e, _kind in sorted(raw):  # byte offsets to character offsets in one pass: starts only grow
        char += len(data[byte:s].decode("utf-8", "replace"))
        byte = s
        if _named_public(text, char, nouns, ends, secret):
            vouched[(s, e)] = data[s:e].decode("utf-8", "replace")
    if not vouched:
        return raw
    spans = list(vouched)
    joined = "\n".join(vouched[span] for span in spans)
    bounds: list[int] = []
    offset = 0
    for span in spans:
        bounds.append(offset)
        offset += len(vouched[span]) + 1
    own = {spans[bisect.bisect_right(bounds, a) - 1] for a, _b, kind in scan_alone(joined) if kind not in shape_kinds}
    return [(s, e, kind) for s, e, kind in raw if (s, e) not in vouched or (s, e) in own]


def _named_public(text: str, start: int, nouns: list[tuple[int, int]], ends: list[int], secret: list[int]) -> bool:
    """Whether the last public noun ending at or before ``start`` names the value there: a gap of at most
    ``_GAP`` characters on one line without a digit or a credential word, and no credential word in the
    ``_BEFORE`` characters before the noun."""
    k = bisect.bisect_right(ends, start) - 1
    if k < 0:
        return False
    noun_start, noun_end = nouns[k]
    gap = text[noun_end:start]
    if len(gap) > _GAP or "\n" in gap or _DIGIT.search(gap) is not None:
        return False
    low = max(0, noun_start - _BEFORE)
    line = text.rfind("\n", low, noun_start)
    low = line + 1 if line >= 0 else low
    i = bisect.bisect_left(secret, low)
    # a credential word that starts before the noun's start (in the window) or inside the gap
    while i < len(secret) and secret[i] < start:
        if secret[i] < noun_start or secret[i] >= noun_end:
            return False
        i += 1
    return True
