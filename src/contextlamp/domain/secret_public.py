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
"""

from __future__ import annotations

import base64
import binascii
import bisect
import re
from collections.abc import Callable

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
# Identifiers of a vendor's objects, public by what they are (stop 46), for secret_scan.PUBLIC: a shape rule's
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
