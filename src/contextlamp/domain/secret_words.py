"""Word lists the credential-likeness checks (secret_shape.py, secret_measures.py) compare a value with.

Small lists on purpose: they tell prose and placeholders from credentials in the languages the secret rules
read (en, de, fr, es, pt), not a dictionary. Every word is compared lower-cased, after
secret_measures.normalise, by set membership or ``str.endswith``: constant or linear time per value.
"""

from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Values that stand in for a secret in docs and templates; compared lower-cased after normalise().
PLACEHOLDER_WORDS = _words(
    """password passwort passwd pass pwd secret token apikey api_key key changeme change_me changeit example
    redacted removed placeholder dummy sample test xxx xxxx xxxxxx xxxxxxxx none null nil undefined empty
    your_password yourpassword mypassword_here *** ****** ******** ... … tbd todo hidden masked n/a na
    secret_here token_here insert_here value string str bytes - -- ?"""
)
PLACEHOLDER_STARTS = ("<", "$", "{{", "your_", "your-", "<your", "[secret removed", "secret removed", "@@")

# Function words in the languages the rules read (en, de, fr, es, pt): a passphrase holds none of them, and a
# security answer does not start with one. A small list on purpose (see the module docstring).
STOP_WORDS = _words(
    """a an the and or but if of to in on at by for with from into onto over under about after before as is
    are was were be been being am do does did done has have had having it its this that these those there
    here then than so not no nor only own same too very can will just should now also any all each every
    some such both few more most other what which who whom whose when where why how up down out off again
    further once my our your his her their me us you him them we they i she he one two three per via vs
    der die das ein eine einen dem den des und oder aber nicht kein keine ist sind war waren wird werden
    hat haben mit von zu im in am auf aus bei für über unter nach vor wie was wer wo noch schon auch nur
    le la les un une des du de et ou mais pas est sont était avec pour par sur dans au aux ce cette qui que
    el los las una unos unas y o pero no es son era con para por sobre en al lo que quien del su sus
    o os um uma e mas não é são com por em ao que"""
)

# Words that start prose about an answer, not the answer ("the security answer is stored hashed").
STATE_WORDS = STOP_WORDS | _words(
    """set get use used using new old same stored hashed encrypted required optional needed unknown private
    secret sensitive confidential different wrong incorrect correct empty missing blank hidden visible public
    important mandatory asked changed reset known given shown sent case yes on off file record never always
    usually often sometimes rarely still also weak strong guessable useless insecure secure bad good fine ok
    invalid valid obvious easy hard long short compared checked logged kept deleted removed"""
)

# Word endings (en, de, fr, es) that mark a long alphabetic value as a word, not a passphrase.
WORD_ENDINGS = tuple(
    sorted(
        _words(
            """tion tions sion sions ment ments ness ity ities ing ings able ible ably ance ence ship hood ism isms
            ist ists ive ives ous ful less ally ly ed er ers al als ic ics ology ization isation izations ised ized
            ise ize ung ungen keit heit schaft lich isch igkeit tät ität eur euse ique iques ité ción ciones
            miento mente idad dad"""
        )
    )
)

# Algorithm, format and product names that mix letters and digits in engineering prose ("RS256-signed").
TECH_TERMS = _words(
    """oauth2 oauth1 sha1 sha2 sha3 sha224 sha256 sha384 sha512 md4 md5 rs256 rs384 rs512 hs256 hs384 hs512
    es256 es384 es512 ps256 ps384 ps512 eddsa ed25519 ed448 x25519 x448 curve25519 p256 p384 p521 secp256k1
    secp256r1 aes128 aes192 aes256 rsa2048 rsa3072 rsa4096 base32 base58 base64 base64url utf8 utf16 utf32
    utf8mb4 ipv4 ipv6 http2 http3 s3 ec2 k8s 1password 2fa x509 pkcs1 pkcs7 pkcs8 pkcs11 pkcs12 pbkdf2 argon2
    argon2i argon2d argon2id bcrypt scrypt chacha20 poly1305 blake2b blake2s blake3 tls12 tls13 ssl3 h2c
    win32 win64 x64 x86 arm64 aarch64 amd64 int32 int64 uint32 uint64 float32 float64 oidc2 saml2 ldap3
    gpt4 gpt3 gpt4o llama3 mp3 mp4 h264 h265 oauth2client py3 python3 node18 node20 node22 es2015 es2020
    es2022 webauthn2 fido2 u2f totp1 hotp1 otp2 v1 v2 v3 v4"""
)
POWERS = _words("1 2 3 4 5 8 16 32 64 128 192 224 256 384 448 512 521 1024 2048 3072 4096 8192 25519")
UNITS = _words(
    """s ms us ns m min mins h hr hrs d day days w wk wks mo y yr yrs k kb mb gb tb kib mib gib b bit bits
    byte bytes char chars character characters digit digits x px em rem pt st nd rd th req rps qps
    minute minutes second seconds hour hours week weeks month months year years times user users"""
)

# The first word of a value that makes a stated credential prose about the credential (secret_slots.py): function
# words, states, verbs and quantities in the languages the slot layer reads. "The password is *required*",
# "Das Passwort ist *falsch*", "Le mot de passe est *obligatoire*", "La contraseña es *demasiado* corta".
SLOT_PROSE_WORDS = STATE_WORDS | _words(
    """a an the this that these those it its which what who whom whose where when why how whatever whoever
    too very quite rather really also not never no none nothing always usually often sometimes rarely still
    just only already even ever again now then soon later today tomorrow yesterday here there somewhere
    must should shall can could may might will would need needs needed has have had does do did is are was were be
    been being am gets got goes went comes came make makes made keep keeps kept let lets take takes took
    see check ask asked call contact find found look use uses send sends sent save saves saved store stores
    enter entered type typed read write written print printed change changes reset resets rotate rotates
    expire expires expired expiring forgot forgotten lost leak leaked exposed compromised cached printed
    generated managed rotated issued revoked shared written scribbled taped printed synced encrypted
    hashed salted masked obfuscated hidden shown displayed visible invisible blank missing empty absent unset
    required optional mandatory obligatory needed necessary invalid valid correct incorrect wrong right weak strong
    secure insecure unsafe safe fine ok okay good bad great terrible awful same different similar identical
    long short longer shorter simple complex complicated easy hard difficult obvious guessable predictable
    random unique new old current previous default temporary permanent personal private public shared
    sensitive confidential secret important critical unknown known ready available unavailable active
    inactive disabled enabled locked unlocked blocked case-sensitive case-insensitive unicode ascii utf-8
    one two three four five six seven eight nine ten eleven twelve twenty thirty hundred first second third
    last next few several many much more less most least enough all any some each every both either neither
    at least most minimum maximum min max exactly about around approximately between under over above below
    up down out off into onto upon within without via per plus
    true false enabled disabled null nil none undefined
    please thanks thank sorry yes maybe probably possibly definitely actually basically literally
    something anything everything nobody somebody everyone anyone someone stuff thing things
    stored kept saved held located written mentioned listed documented described explained noted
    on in at by for with from to of as if or and but so because since until unless though although while
    your my our their his her its whose
    ist sind war waren wird werden wurde nicht kein keine noch schon nur sehr zu zu lang kurz falsch richtig
    geheim sicher unsicher abgelaufen gespeichert erforderlich leer gleich anders neu alt immer nie jetzt
    hier dort unbekannt gültig ungültig lang kurz einfach schwer stark schwach bitte irgendwo drin im
    est sont était très trop pas jamais toujours obligatoire requis incorrect correct faux vrai expiré
    stocké vide inconnu valide invalide nouveau nouvelle ancien même différent simple facile difficile fort
    faible sensible dans sur sous chez ici là
    es son era muy demasiado no nunca siempre obligatoria obligatorio requerida requerido incorrecta
    incorrecto correcta correcto vacía vacío caducada caducado nueva nuevo antigua misma mismo diferente
    segura seguro débil fuerte aquí allí desconocida válida inválida
    é são muito não nunca sempre obrigatória obrigatório incorreta incorreto correta correto vazia nova
    antiga mesma diferente segura fraca forte aqui ali desconhecida válida inválida
    è sono molto troppo non mai sempre obbligatoria obbligatorio sbagliata sbagliato corretta vuota nuova
    vecchia stessa diversa sicura debole forte qui lì sconosciuta valida
    zijn niet nooit altijd verplicht onjuist juist fout leeg nieuw oud zelfde anders veilig zwak sterk hier
    är inte aldrig alltid obligatoriskt fel rätt tomt nytt gammalt samma annat säkert svagt starkt här
    jest nie nigdy zawsze wymagane błędne poprawne puste nowe stare takie inne bezpieczne słabe silne tutaj
    это не никогда всегда обязателен неверный верный пустой новый старый такой другой надёжный слабый
    сильный здесь там в на
    değil asla her zaman gerekli yanlış doğru boş yeni eski aynı farklı güvenli zayıf güçlü burada
    sangat tidak wajib salah benar kosong baru lama sama aman lemah kuat
    không bắt buộc sai đúng trống mới cũ"""
)
# Units after a number that make it a length, not a value ("is 12 characters long", "ist 8 Zeichen lang").
SLOT_UNITS = UNITS | _words(
    """characters character chars char digits digit letters letter symbols symbol words word numbers number
    long minimum maximum min max attempts tries times days hours minutes seconds weeks months years
    zeichen stellen ziffern buchstaben caractères chiffres lettres caracteres dígitos letras cifre caratteri
    tekens cijfers tecken siffror znaków cyfr символов цифр знаков karakter hane basamak haneli karakterli
    文字 桁 位 个字符 자리 글자"""
)

# Prefixes that name a hash, a digest or an identifier, not a credential: "md5-<hex>", "sha256-<hex>", "trace-<hex>".
HASH_PREFIXES = _words(
    """md5 sha sha1 sha224 sha256 sha384 sha512 sha3 blake2 blake2b blake2s blake3 crc crc32 xxh xxh64 xxh3 hash
    digest checksum sum commit rev revision ref build run job pipeline trace span request req id uid uuid guid
    etag object obj blob tree file cache chunk block tx txn hex v ver version release image layer"""
)

# Names that start or end an attribute chain in code ("self.password", "config.db.secret", "os.environ.get"):
# a dotted value holding one is code; a dotted run of other words is a passphrase ("happy.staple.horse").
CODE_PARTS = _words(
    """self this cls os sys env environ getenv config conf cfg settings options opts args params process request
    req app user db database secrets secret vault password passwd pwd pass key keys token tokens credentials creds
    get value values data auth client server module props state ctx context window document"""
)
