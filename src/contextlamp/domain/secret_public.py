"""Public data by what its bytes decode to (formats15, stop 45, #28): base64 that holds a file or a structure, not a
credential.

A shape rule (a random-looking token) cannot tell base64 of a key from base64 of an image: the bytes can. A token
whose base64 decodes to the start of a file of a known format (an image, a font, an archive, a PDF: their magic
numbers) or to a DER structure that is a certificate, a public key or a request (a SEQUENCE whose first element is a
SEQUENCE; a private key's first element is its version INTEGER, RFC 5208 5, RFC 8017 A.1.2, RFC 5915 3) is data
someone pasted, not a secret. Base64 that decodes to structured text (a JWT header, a CSV header, JSON: it holds a
separator) is judged by the scanner on the decoded text (secret_scan._without_clean_encodings).

vendor16 (stop 45): base64 of a date, a time or an address is data too (:func:`data_text`), and a key fingerprint
in OpenSSH's written forms is public under any label (:data:`FINGERPRINTS`: "Huella de la clave del host: SHA256:…",
where "clave" also means password).

The forms public by design (:data:`PUBLIC`: a shape rule's finding inside one is no secret) and the ciphertext
envelopes (:data:`ENCRYPTED`: no finding inside one is) live here too (moved from secret_scan.py in stop 48).
"""

from __future__ import annotations

import base64
import binascii
import bisect
import re
from collections.abc import Callable

from contextlamp.domain.secret_labels import PUBLIC_LABELLED

# Magic numbers of file formats (each format's specification; also the list in file(1)'s magic database).
MAGIC = (
    b"\x89PNG\r\n\x1a\n",  # PNG (ISO/IEC 15948 5.2)
    b"GIF87a",
    b"GIF89a",  # GIF
    b"\xff\xd8\xff",  # JPEG (JFIF/Exif SOI + marker)
    b"%PDF-",  # PDF (ISO 32000 7.5.2)
    b"\x1f\x8b\x08",  # gzip (RFC 1952 2.3.1, deflate)
    b"PK\x03\x04",  # zip local file header
    b"\x00\x00\x01\x00",  # ICO
    b"II*\x00",
    b"MM\x00*",  # TIFF
    b"OggS",
    b"ID3",  # MP3 with an ID3v2 tag
    b"wOFF",
    b"wOF2",  # WOFF fonts
    b"\x00\x01\x00\x00\x00",  # TrueType
    b"OTTO",  # OpenType
    b"<svg",
    b"<?xml",
)
_HEAD = 24  # base64 characters decoded to read a magic number or a DER header (18 bytes)


def _head_bytes(token: str) -> bytes | None:
    """The first bytes ``token`` decodes to as standard or URL-safe base64, or None when it is not base64."""
    head = token.strip("\"'`")[:_HEAD]
    head = head[: len(head) - len(head) % 4]
    if len(head) < 8:
        return None
    try:
        return base64.b64decode(head.replace("-", "+").replace("_", "/"), validate=True)
    except (binascii.Error, ValueError):
        return None


def _public_der(data: bytes) -> bool:
    """A DER SEQUENCE (long-form length) whose first element is a SEQUENCE: a certificate, a SubjectPublicKeyInfo
    or a certificate request. Private keys (PKCS #1, PKCS #8, SEC 1) open with an INTEGER version instead."""
    if len(data) < 6 or data[0] != 0x30 or not 0x81 <= data[1] <= 0x83:
        return False
    inner = 2 + (data[1] - 0x80)
    return len(data) > inner and data[inner] == 0x30


def public_bytes(token: str) -> bool:
    """Whether ``token`` is base64 of a file of a known format or of a public DER structure (module docstring)."""
    data = _head_bytes(token)
    if data is None:
        return False
    if data[:4] == b"RIFF" and data[8:12] in (b"WEBP", b"WAVE", b"AVI "):
        return True
    return data.startswith(MAGIC) or _public_der(data)


# Text whose form says it is data, not a credential: an ISO 8601 / RFC 3339 date, time or date-time, a UUID (RFC
# 9562), an IPv4 or IPv6 address. A date is no secret, base64 of one no hidden secret.
_DATA_TEXT = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?"
    r"|\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?"
    r"|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
    r"|(?:\d{1,3}\.){3}\d{1,3}(?::\d{1,5})?|[0-9a-fA-F:]{2,39}:[0-9a-fA-F]{1,4}"
)
# A key fingerprint as OpenSSH writes it (ssh-keygen -l: "SHA256:" + unpadded base64 of the digest, or the legacy
# "MD5:" + 16 colon-separated hex bytes): a hash of a public key, public under any label (RE2 syntax).
FINGERPRINTS = (r"\bSHA256:[A-Za-z0-9+/]{43}=?", r"\bMD5:[0-9a-fA-F]{2}(?::[0-9a-fA-F]{2}){15}\b")
# Identifiers of a vendor's objects, public by what they are (stop 46), for secret_public.PUBLIC: a shape rule's
# finding ("Prefixed API Token", "Random Token") inside one is no secret; a vendor's own credential rule still runs.
# Stripe object ids (the API reference's id of each object: charges ch_, customers cus_, events evt_, payment intents
# pi_, requests req_, ...; its keys are sk_/rk_/whsec_, never these) and Twilio resource SIDs of messages, calls,
# numbers, messaging services and recordings (twilio.com/docs/glossary/what-is-a-sid; the account SID AC and the
# API key SK stay with their rule).
PUBLIC_IDS = (
    r"\b(?:acct|ba|card|ch|cn|cus|dp|evt|fee|file|ii|il|in|inv|ipi|link|plink|pi|pm|po|price|prod|py|pyr|re|req|"
    r"seti|si|sub|src|tr|txn)_[A-Za-z0-9]{14,40}\b",
    r"\b(?:SM|MM|CA|PN|MG|RE)[0-9a-f]{32}\b",
)


def data_text(decoded: str) -> bool:
    """Whether ``decoded`` (text an encoded run decodes to, any length) is, stripped, one date, time, date-time,
    UUID or IP address (``_DATA_TEXT``): base64 of "2026-12-07T08:00:00Z" hides no secret."""
    value = decoded.strip()
    return len(value) <= 48 and _DATA_TEXT.fullmatch(value) is not None


def sealed_test(spans: list[tuple[int, int]]) -> Callable[[int, int], bool]:
    """A test of a finding ``(start, end)`` against ``spans`` (byte spans of sealed or public-under-any-label
    material, any order, may overlap): true when the finding starts inside one or ends inside one (its label
    before, its value the material). Spans are merged once; each test is two bisections (linear overall)."""
    merged: list[list[int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    starts = [start for start, _ in merged]

    def test(start: int, end: int) -> bool:
        k = bisect.bisect_right(starts, start) - 1
        if k >= 0 and start < merged[k][1]:
            return True
        k = bisect.bisect_left(starts, end) - 1
        return end >= 0 and k >= 0 and end <= merged[k][1]

    return test


def start_test(spans: list[tuple[int, int]]) -> Callable[[int], bool]:
    """A test of a finding's start against ``spans`` (any order, may overlap): true when it is inside one. Spans are
    merged once; each test is one bisection (stop 46: a test of every span for every finding was quadratic on a
    text of many public ids, 200 KB of Stripe object ids 12x prose)."""
    merged = sealed_test(spans)  # merges; reused for its start half only: an end at a span's end is no start in it

    def test(start: int) -> bool:
        return merged(start, -1)

    return test


# Names of keys that identify rather than authenticate (stop 49, for secret_vendor_labels' "…Key = <value>"): a
# cache, sort, partition, object, idempotency or i18n key names data; a public, GPG/PGP, SSH host, site, client-side or
# KMS key's value is public or a reference. A "Labelled Key" finding inside one is dropped (camelCase too: myCacheKey).
# Not "routing key": PagerDuty's routing key (PD_ROUTING_KEY) is its integration key, a secret (held8). An Application
# Insights InstrumentationKey is an identifier its browser SDK snippet carries (learn.microsoft.com, "Connection
# strings in Application Insights": "not considered a security token or key"; found by held17f, read).
IDENTIFIER_KEYS = (
    r"(?i:(?:gpg|pgp|ssh|host|kms|client|site|publishable|public|pub|i18n|translation|locale|react|foreign|unique|"
    r"composite|hash|range|file|s3|storage|bucket|cache|object|idempotency|dedupe|lookup|partition|sort|"
    r"primary|row|index|map|verify|verification|recaptcha|hcaptcha|turnstile|license[_-]?public|instrumentation)"
    r"[ _-]?key)"
    r"[\"'`\]]{0,2}[ \t]*(?:=|:=|:|=>)[ \t]*[\"'`]?[A-Za-z0-9+/_=~.:|-]{16,256}"
)
# Material that is public by design, in its standard written forms: an SSH public key line (RFC 4253 6.6 key
# types), an OpenSSH SHA256 fingerprint, an age recipient (age1…, bech32), a Bitcoin segwit address (BIP 173/350),
# a data: URI's base64 (RFC 2397), a Subresource Integrity digest (W3C SRI: sha256-/sha384-/sha512- + base64),
# a WireGuard or other "PublicKey = <base64>" line and any "public key …: <base64>" (minisign, signify), a value
# labelled as a cache, object or other identifier key, a pagination or request token, a checksum, digest or
# commit, a Stripe publishable key (pk_test_/pk_live_, meant for browsers), a DER SubjectPublicKeyInfo in base64
# (RFC 5280 4.1.2.7; its fixed header names the algorithm: Ed25519/X25519/Ed448 of RFC 8410, EC P-256/P-384, RSA
# 1024-4096; a PKCS #8 private key starts otherwise, MC4CAQAw/MIIE…), an IPFS content id (CIDv0 Qm + 44 base58,
# CIDv1 base32 bafy/bafk: a hash of public content), a WebSocket handshake's Sec-WebSocket-Key (a nonce) or -Accept
# (its SHA-1 digest; RFC 6455 4.2.2, sent in clear text), a Tor onion address (v2 16, v3 56 base32 characters: a
# public key, rend-spec-v3 6) or an I2P .b32.i2p address (a hash of one). A shape rule's finding inside one of these
# is not a secret; labelled and vendor rules are unaffected.
PUBLIC = (
    r"\b(?:MCowBQYDK2V[wu]AyEA|MEMwBQYDK2VxAzoA|MFkwEwYHKoZIzj0CAQ|MHYwEAYHKoZIzj0CAQ|"
    r"MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCB|MII(?:BIj|Boj|CIj)ANBgkqhkiG9w0BAQEFAAOC[AQg][QYg]8A)"
    r"[A-Za-z0-9+/]{20}[A-Za-z0-9+/]*={0,2}",
    r"(?i:sec-websocket-(?:accept|key))[ \t]*:[ \t]*[A-Za-z0-9+/]{22,27}={1,2}",
    r"\bQm[1-9A-HJ-NP-Za-km-z]{44}\b",
    r"\bbaf[ky][a-z2-7]{50,60}\b",
    # stop 49: a Nix store path (its 32 characters are nix-base32 of a hash of the build's inputs; nixos.org manual,
    # "Nix store"): public, printed by every build
    r"/nix/store/[0-9a-df-np-sv-z]{32}-[A-Za-z0-9+._?=-]{1,200}",
    r"(?i:\b[a-z2-7]{16}(?:[a-z2-7]{40})?\.onion|\b[a-z2-7]{52}\.b32\.i2p)\b",
    r"(?:ssh-(?:rsa|dss|ed25519|ed448)|ecdsa-sha2-nistp[0-9]{3}|sk-ssh-ed25519@openssh\.com)[ \t]+"
    r"AAAA[A-Za-z0-9+/]{20}[A-Za-z0-9+/]*={0,3}",
    r"\bSHA256:[A-Za-z0-9+/]{43}={0,1}",
    r"\bage1[02-9ac-hj-np-z]{58}\b",
    r"\b(?:bc|tb)1[02-9ac-hj-np-z]{25,87}\b",
    r"\bdata:[a-z]{1,20}/[A-Za-z0-9.+-]{1,60}(?:;[A-Za-z0-9=.-]{1,40}){0,3};base64,[A-Za-z0-9+/]+={0,2}",
    r"\bsha(?:256|384|512)-[A-Za-z0-9+/]{43,86}={0,2}",
    r"(?i:public[ _-]?key|pub[ _-]?key|verif(?:y|ication)[ _-]key)[^\n=:]{0,48}(?:[=:]|\b(?:is|was)\b)[ \t]*"
    r"[A-Za-z0-9+/]{20,200}={0,2}",
    r"(?i:\b(?:cache|object|idempotency|dedupe?|lookup|partition|routing|sort|primary|row|index)[ _-]?key|\bchecksum|"
    r"\bfingerprint|\bintegrity|\bcontent[ _-]?hash|\betag|\bnonce|\bdigest|\bcommit(?:[ _-](?:sha|hash|id))?|"
    r"\bsha(?:1|256|512)?(?:sum)?|(?:page|next|continuation|sync|cursor|"
    r"pagination|resume|request|trace|idempotency|cancell?ation)[ _-]?(?:page[ _-]?)?(?:token|key))[\"']?\]?"
    r"(?:[ \t]+(?:is|was)|[ \t]*(?:\|\|)?[=:])[ \t]*[\"']?[A-Za-z0-9_.:$+/=-]{16,200}",
    r"\bpk_(?:test|live)_[A-Za-z0-9]{20,120}\b",
    # stop 45: public by what they are. A PostHog project key (phc_, meant for a page's source, as pk_ above); an
    # IPNS name (a libp2p public key as a CIDv1 in base36, k51… Ed25519 / k2k4r8… RSA); an Oracle Cloud resource id
    # (ocid1.…, docs.oracle.com "Resource Identifiers"); a PEM certificate, public key, CRL or CSR block (RFC 7468).
    r"\bphc_[A-Za-z0-9_-]{30,60}\b",
    # stop 49: a Flutterwave public key (FLWPUBK-/FLWPUBK_TEST-, given to its inline checkout in the page;
    # developer.flutterwave.com "API keys"; the FLWSECK_ secret key stays with its rule)
    r"\bFLWPUBK(?:_TEST)?-[0-9a-fA-F]{32}-X\b",
    r"\b(?:k51qzi5uqu5d|k2k4r8)[a-z0-9]{40,80}\b",
    r"\bocid1\.[a-z0-9_]{1,40}\.oc[0-9]{1,3}\.[a-z0-9-]{0,40}\.[a-z0-9]{20,120}\b",
    r"-----BEGIN (?:CERTIFICATE|PUBLIC KEY|X509 CRL|CERTIFICATE REQUEST)-----[A-Za-z0-9+/=\s]*",
    # hex named as public right before it (secret_rules' Key Material reads a key noun further back): "the key's
    # SHA-256 fingerprint is <hex>", "ed25519 public key <hex>", "the signing tx hash: 0x<hex>"
    r"(?i:\b(?:public|pub|host|verify|verification)[ _-]?(?:key|schlüssel|clé|clave|chiave|chave|sleutel|klucz|ключ)|"
    r"\b(?:fingerprint|checksum|digest|hash|commit|txid|tx|transaction|address|sha-?(?:1|256|384|512)|md5|id)(?:e?s)?)"
    r"[^0-9A-Za-z]{0,8}(?:\([^)\n]{0,20}\)[ \t]{0,3})?(?:(?:is|was|ist|est|es|è|é|era|=|:)[ \t]{0,3})?"
    r"(?:0[xX])?[0-9a-fA-F]{40,400}",
    PUBLIC_LABELLED,
    IDENTIFIER_KEYS,
    *PUBLIC_IDS,
)
# Ciphertext in a standard envelope (stop 45): what any rule finds inside it, under any label, is encrypted, not a
# credential in clear. A SOPS value (ENC[cipher,data:…,iv:…,tag:…,type:…], getsops.io: "safe to commit"), an Ansible
# Vault payload ($ANSIBLE_VAULT;1.1;AES256 and its hex lines), an age or OpenPGP armoured message.
ENCRYPTED = (
    r"\bENC\[[A-Z0-9_]{3,24},data:[A-Za-z0-9+/=]*,iv:[A-Za-z0-9+/=]{8,128},tag:[A-Za-z0-9+/=]{8,128},"
    r"type:[a-z]{1,12}\]",
    r"\$ANSIBLE_VAULT;1\.[12];AES256(?:;[A-Za-z0-9_-]{1,64})?[\s0-9a-f]*",
    r"-----BEGIN (?:AGE ENCRYPTED FILE|PGP MESSAGE)-----[A-Za-z0-9+/=\s:.-]*(?:-----END [A-Z ]{1,40}-----)?",
    *FINGERPRINTS,  # and a key fingerprint (secret_public: public under any label)
)
