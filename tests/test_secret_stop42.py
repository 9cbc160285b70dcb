"""#28, stop 42 (secrets12): evasions the normaliser and the decoder undo, each a class.

held7's stored evasions came in classes: a value written in Unicode tag characters (ASCII smuggling), dressed with
combining marks, half in full-width forms, its characters separated by a punctuation mark, cut into short literals
over lines, or written in an encoding a reader undoes on purpose (a C byte array, ``bytes([...])``,
quoted-printable, percent runs, base85, a ``data:`` URI). Each is pinned here with made-up values, in a sentence with
no label (the hiding is what makes it a secret: secret_unwrap.hidden_secret), beside ordinary text of the same shape
that stays storable.
"""

from __future__ import annotations

import base64

import pytest

from contextlamp.domain.secret_scan import SecretScanner

SCANNER = SecretScanner()
HEX = "7d3fa90c2b6e418d95f0c7a3e21b64d8"  # 32 hex digits, no label
MIXED = "Tq4wZ8mK2rVx9nLp"  # letters and digits, 16 characters
WORDS = "lantern-otter-quay"  # a passphrase of words (no digit)
SAY = "sending it like this so the filter skips it: {}"


def _tags(value: str) -> str:
    return "".join(chr(0xE0000 + ord(c)) for c in value)


def _wide_every_third(value: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if i % 3 == 0 else c for i, c in enumerate(value))


HIDDEN = {
    "tag characters": SAY.format(_tags(MIXED)),
    "tag characters, framed": SAY.format("\U000e0001" + _tags(HEX) + "\U000e007f"),
    "combining ring below on every letter": SAY.format("".join(c + "\u0325" if c.isalpha() else c for c in MIXED)),
    "combining tilde after digits": SAY.format("".join(c + "\u0303" if c.isdigit() else c for c in HEX)),
    "full-width every third character": SAY.format(_wide_every_third(HEX)),
    "dotted": SAY.format(".".join(MIXED)),
    "dotted, with the value's own underscore and dash": SAY.format(".".join("tk_" + MIXED[:8] + "-" + MIXED[8:])),
    "slash between characters": SAY.format("/".join(HEX)),
    "underscore between characters": SAY.format("_".join(MIXED)),
    "short literals over lines": SAY.format('"' + '" +\n  "'.join(HEX[i : i + 6] for i in range(0, 32, 6)) + '"'),
    "hex byte array": SAY.format("[]byte{" + ", ".join(f"0x{b:02X}" for b in MIXED.encode()) + "}"),
    "decimal bytes in brackets": SAY.format("bytes([" + ",".join(str(b) for b in HEX.encode()) + "])"),
    "quoted-printable": SAY.format("".join(f"={b:02X}" for b in MIXED.encode())),
    "quoted-printable of words": SAY.format("".join(f"={b:02X}" for b in WORDS.encode())),
    "percent run of words": SAY.format("".join(f"%{b:02x}" for b in WORDS.encode())),
    "base85 call": SAY.format("base64.b85decode(b'" + base64.b85encode(HEX.encode()).decode() + "')"),
    "Ascii85": SAY.format("<~" + base64.a85encode(MIXED.encode()).decode() + "~>"),
    "data URI of words": SAY.format("data:text/plain;base64," + base64.b64encode(WORDS.encode()).decode()),
    "data URI of a key": SAY.format("data:application/octet-stream;base64," + base64.b64encode(HEX.encode()).decode()),
}

STORABLE = [
    "The JWT header eyJhbGciOiJFUzI1NiJ9 only names the algorithm.",
    "Scores this term were [72, 85, 90, 77, 68, 99, 101, 83] out of 120.",
    "Versions 1.2.3.4.5.6.7.8 is not a version scheme anyone uses.",
    "The logo is data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6"
    "kgAAAABJRU5ErkJggg==",
    "The café's menu lists crème brûlée, piña colada and jalapeño poppers.",
    "Ｔｏｋｙｏ ２０２６ is written in full-width letters on the poster.",
    'The greeting is built as "Hello, " + name + "!" in the template.',
    "The checklist is a-b-c: arm, brace, call.",
    "Use the U.S. keyboard layout, i.e. the default one.",
    # full-width punctuation beside an ASCII word is how Chinese, Japanese and Korean are set, no hiding mark
    "型号：ThinkPad-X1C-Gen11 已经到货。",
    "変更点：commit 4e7d2a9 でログイン画面を修正。",
    "담당자：jiwoo.park 에게 문의하세요（내선 2231）.",
]


@pytest.mark.parametrize("case", sorted(HIDDEN))
def test_a_hidden_value_is_refused_and_redacted(case: str) -> None:
    text = HIDDEN[case]
    assert SCANNER.kinds(text), case
    redacted = SCANNER.redact(text)
    assert "[secret removed]" in redacted and redacted.startswith("sending it like this")


@pytest.mark.parametrize("text", STORABLE)
def test_ordinary_text_of_the_same_shapes_stays_storable(text: str) -> None:
    assert SCANNER.kinds(text) == []


LABELLED = {
    "Terraform variable default": 'variable "BILLING_API_TOKEN" { default = "' + HEX + '" }',
    "Kubernetes env entry": '- name: LEDGER_SYNC_KEY\n  value: "' + HEX + '"',
    "macaroon in hex": "export LOOP_MACAROON_HEX=0201036c6e6402f801030a10" + HEX + HEX,
    "static key armor": "-----BEGIN Tunnel Static key V2-----\n" + HEX + "\n-----END Tunnel Static key V2-----",
}
LABELLED_STORABLE = [
    'variable "BILLING_API_TOKEN" { description = "the token the billing job reads" }',
    "- name: LEDGER_SYNC_KEY\n  valueFrom:\n    secretKeyRef:\n      name: ledger",
    "-----BEGIN PUBLIC KEY----- is how the header of the signing public key starts.",
]


@pytest.mark.parametrize("case", sorted(LABELLED))
def test_a_value_labelled_by_its_structure_is_refused(case: str) -> None:
    assert SCANNER.kinds(LABELLED[case]), case
    assert HEX not in SCANNER.redact(LABELLED[case])


@pytest.mark.parametrize("text", LABELLED_STORABLE)
def test_the_same_structures_without_a_value_stay_storable(text: str) -> None:
    assert SCANNER.kinds(text) == []
