"""#28, stop 43 (secrets13): hiding marks and labels the scanner did not read, each a class.

held8's open evasion classes in a sentence with no label: a soft hyphen inside a value, styled digits and letters
(superscript, subscript, circled, mathematical), look-alikes of a script the vendored table leaves out (Coptic), a
run of character escapes (HTML numeric references, ``\\u``/``\\x`` escapes, CSS escapes), a value cut into equal
lines of a code fence. And the formats whose label was a deployment variable (``MZ_INGESTION_KEY``) set in a way the
assignment rules did not read: a typed declaration, a property list, fish's ``set``, a call's two arguments, prose.
Each is pinned with made-up values beside ordinary text of the same shape that stays storable.
"""

from __future__ import annotations

import pytest

from contextlamp.domain.secret_scan import SecretScanner

SCANNER = SecretScanner()
HEX = "7d3fa90c2b6e418d95f0c7a3e21b64d8"  # 32 hex digits
MIXED = "Tq4wZ8mK2rVx9nLp"  # letters and digits, 16 characters
SAY = "sending it like this so the filter skips it: {}"
SUPER = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def _every(value: str, mark: str, step: int) -> str:
    return mark.join(value[i : i + step] for i in range(0, len(value), step))


def _italic(c: str) -> str:
    return chr(0x1D44E + ord(c) - ord("a"))


HIDDEN = {
    "soft hyphen every 3": SAY.format(_every(HEX, "\u00ad", 3)),
    "superscript digits": SAY.format(MIXED.translate(SUPER)),
    "subscript digits": SAY.format(HEX.translate(SUB)),
    "circled digits": SAY.format("".join(chr(0x245F + int(c)) if c in "123456789" else c for c in MIXED)),
    "mathematical italic letters": SAY.format("".join(_italic(c) if c in "mnpqrvwx" else c for c in MIXED)),
    "Coptic capitals": SAY.format("Ⲁ" + MIXED + "ⲂⲈ"),
    "hexadecimal HTML references": SAY.format("".join(f"&#x{ord(c):x};" for c in MIXED)),
    "upper-case X references": SAY.format("".join(f"&#X{ord(c):X};" for c in MIXED)),
    "zero-padded decimal references": SAY.format("".join(f"&#{ord(c):04d};" for c in MIXED)),
    "\\u escapes": SAY.format('"' + "".join(f"\\u{ord(c):04x}" for c in MIXED) + '"'),
    "CSS escapes": SAY.format("".join(f"\\{ord(c):x} " for c in MIXED)),
    "hyphens between characters, symbols among them": SAY.format("-".join("u+K#uo8aD!lqcZP44a")),
    "equal lines of a code fence": SAY.format("```\n" + "\n".join([MIXED[:6], MIXED[6:12], MIXED[12:]]) + "\n```"),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(HIDDEN))
def test_a_hidden_value_is_refused_without_a_label(name: str) -> None:
    text = HIDDEN[name]
    assert SCANNER.kinds(text), name
    redacted = SCANNER.redact(text)
    assert MIXED not in redacted and HEX not in redacted


STORABLE = {
    "a soft-hyphenated word": "The Donau\u00addampf\u00adschiff\u00adfahrts\u00adgesell\u00adschaft ran 12 boats.",
    "a formula with superscripts": "The area is 4.5 m² and the volume 12 m³, about 10⁶ drops.",
    "accented words as HTML references": "Caf&#233; cr&#232;me &#8220;quoted&#8221; &#x2014; and &#8211; dashes",
    "a short escaped symbol": "Use \\u00e9 for é and \\x41 for A in the lesson.",
    "a list of hashes in a fence": "the commits:\n```\n"
    + "483138ff7078e1f1cf1401c4c22dcec9323de21f\n7c6134f42919e2dbc54e12676aee50c495879ff2\n```",
    "opcodes in a fence": "```vbnet\nOP_DUP\nOP_HASH160\n[public key hash]\nOP_EQUALVERIFY\nOP_CHECKSIG\n```",
    "a Coptic word": "The Coptic word ⲁⲛⲟⲕ means I.",
}


@pytest.mark.parametrize("name", sorted(STORABLE))
def test_ordinary_text_of_the_same_shapes_stays_storable(name: str) -> None:
    assert SCANNER.kinds(STORABLE[name]) == [], name


LABELLED = {
    "a Rust const": f'const MZ_INGESTION_KEY: &str = "{HEX}";',
    "a Kotlin property": f'val MIXPANEL_SA_SECRET: String = "{MIXED}"',
    "a property list": f"<key>SURGE_TOKEN</key>\n<string>{HEX}</string>",
    "fish set": f"set -gx PUSHBULLET_TOKEN o.{MIXED}{MIXED}",
    "a call's two arguments": f'os.Setenv("GOTIFY_APP_TOKEN", "{MIXED}")',
    "prose about the variable": f"the XMR_SPEND_KEY for the playout box is {HEX}{HEX}",
}


@pytest.mark.parametrize("name", sorted(LABELLED))
def test_a_value_set_to_a_credential_variable_is_refused(name: str) -> None:
    text = LABELLED[name]
    assert SCANNER.kinds(text), name
    assert HEX not in SCANNER.redact(text) and MIXED not in SCANNER.redact(text)


@pytest.mark.parametrize(
    "text",
    [
        "Set SCHEDULER_API_KEY before running; if FERRY_BOOKING_TOKEN is empty the job stops.",
        "It's KIOSK_DB_PASSWORD, not DOME_SECRET; the wiki page was out of date.",
        'const CACHE_KEY: &str = "user-profile";',
        "The SORT_KEY is created_at then id.",
    ],
)
def test_a_credential_variable_named_without_a_value_is_storable(text: str) -> None:
    assert SCANNER.kinds(text) == []


PW = "Kestrel+Oar7741"  # a chosen password
FILE_LINES = {
    "a curl header named for auth": f"curl -s -H 'X-Auth: {MIXED}' https://api.example.net/v2/status",
    "an XML setting named for a password": f'<setting id="services.webserverpassword">{PW}</setting>',
    "an OpenWrt option key": f"config wifi-iface 'radio0'\n\toption encryption 'psk2'\n\toption key '{PW}'",
    "a registry value named for a password": f"reg add HKLM\\X\\Winlogon /v DefaultPassword /t REG_SZ /d {PW} /f",
    "PowerShell Set-ItemProperty": f"Set-ItemProperty -Path $p -Name DefaultPassword -Value {PW}",
    "Redis Sentinel auth-pass": f"sentinel monitor cache 10.0.0.7 6379 2\nsentinel auth-pass cache {PW}",
    "a Jetty OBF password": "jetty: OBF:1v2j1uum1xtv1zej1zer1xtn1uvk1v1v,user,admin",
    "a davfs2 secrets line": f"https://cloud.example.org/remote.php/dav/files/ana ana {PW}",
    "a key as a byte list": "  network_key: [205, 99, 160, 211, 48, 170, 173, 11, 135, 42, 169, 113, 8, 219, 185, 152]",
    "a nested encryption key": f'api:\n  encryption:\n    key: "{MIXED}{MIXED}="',
    "a Cardano signing key envelope": f'{{"type": "PaymentSigningKeyShelley_ed25519", "cborHex": "5820{HEX * 2}"}}',
    "a mnemonic": 'WALLET_MNEMONIC="' + " ".join(["orbit", "maple", "cabin", "tiger"] * 3) + '"',
    "a Bundler credential": f"BUNDLE_GEMS__EXAMPLE__COM=ci:{HEX[:16]}",
    "a Nagios user macro": f"$USER1$=/usr/lib/nagios/plugins\n$USER3$={PW}",
}


@pytest.mark.parametrize("name", sorted(FILE_LINES))
def test_a_credential_in_a_file_formats_own_place_is_refused(name: str) -> None:
    text = FILE_LINES[name]
    assert SCANNER.kinds(text), name
    redacted = SCANNER.redact(text)
    assert PW not in redacted and MIXED not in redacted and HEX[:16] not in redacted


@pytest.mark.parametrize(
    "text",
    [
        "Stack: React18,Node,Postgres",
        "Sizes: 1024x768,800x600",
        "https://example.com/docs see issue2024",
        "curl -H 'X-Request-Id: 3f2a9c1e-1b2c-4d5e-8f90-aa11bb22cc33' https://example.net",
        'curl -H "X-Api-Version: 2024-01-01" https://example.net',
        "option ssid 'Boathouse'",
        '<label id="password-hint">Required</label>',
        "$USER1$=/usr/lib/nagios/plugins",
        "weights: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]",
    ],
)
def test_the_same_file_shapes_without_a_credential_are_storable(text: str) -> None:
    assert SCANNER.kinds(text) == []
