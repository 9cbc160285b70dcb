"""Credentials in the lines of file formats and tools that name them by position or structure (stop 43, #28 item 1).

Each rule reads a format's own structure, never a vendor's value: what makes the value a credential is where the
format puts it. Each runs only where one of its words is in the text (the scanner's keyword prefilter, as the
vendored format rules do), and each is one RE2 pattern with bounded repetitions: linear in the text.

- an HTTP request header named for a credential (``-H 'X-Auth: …'``, ``--header "X-Vault-Token: …"``) in a
  curl, wget or HTTPie command: any header whose name holds auth, key, token or secret;
- an XML element whose ``id``, ``name`` or ``key`` attribute names a password, secret or token, holding the value as
  its text (``<setting id="services.webserverpassword">…</setting>``, Kodi, many Java and .NET settings files);
- an OpenWrt UCI ``option key|password|psk|… '…'`` line (OpenWrt's ``/etc/config`` syntax);
- a Windows registry value named for a password (``reg add … /v DefaultPassword … /d …``, PowerShell
  ``Set-ItemProperty -Name DefaultPassword -Value …``);
- Redis Sentinel's ``sentinel auth-pass <master> <password>``;
- a Jetty ``realm.properties`` line whose password is written ``OBF:``, ``MD5:`` or ``CRYPT:`` (``user: OBF:…,role``;
  a plain ``user: password,role`` line reads like any "Label: a,b,c" list, so it is not read);
- a davfs2 ``secrets`` line (``URL user password`` and nothing else on the line; davfs2 mounts WebDAV, so the URL
  names a DAV endpoint: ``…/remote.php/dav/…``, ``/webdav``);
- a key as a list of 16+ byte values after a name naming a key, secret, token or PSK (``network_key: [205, 99, …]``,
  Zigbee2MQTT; C and Python byte lists);
- a YAML key, secret or password nested under an encryption, cipher or OTA block (``encryption:\\n  key: …``,
  ESPHome);
- a Cardano text envelope whose type names a signing or secret key (``"cborHex": "5820…"``);
- a mnemonic, seed or recovery phrase of 12 to 25 words after its name, every word on the BIP39 English list
  (BIP39, Algorand; stop 43b: a quoted word list that is no seed is stored);
- a Bundler credential variable (``BUNDLE_<HOST>=user:password``, Bundler's documented form);
- a Nagios ``resource.cfg`` macro set to a non-path value (``$USER3$=…``: user macros hold passwords) that is
  random or a chosen password (stop 43b: ``$USER8$=monitoring2025`` is a name); a stand-in (``REPLACE_ME``) is no
  Bundler or Nagios value.
"""

from __future__ import annotations

import re

from contextlamp.domain import secret_shape as shape
from contextlamp.domain.secret_bip39 import all_bip39
from contextlamp.domain.secret_hooks import HOOK_RULES
from contextlamp.domain.secret_places import PLACE_RULES
from contextlamp.domain.secret_revealed import chosen_password, named
from contextlamp.domain.secret_rules import Rule
from contextlamp.domain.secret_vendor_labels import vendor_label_rules

# a stand-in written as a constant's name (REPLACE_ME, YOUR_TOKEN, API_KEY): capitals joined by underscores
_CONSTANT_NAME = re.compile(r"[A-Z]+(?:_[A-Z]+)+")
# the numbers a name carries (a year, a small count: monitoring2025, backup2): a password's number is anything
_DIGITS = re.compile(r"[0-9]+")
_YEAR_OR_SMALL = re.compile(r"(?:19|20)[0-9]{2}|[0-9]{1,2}")


def _stand_in(value: str) -> bool:
    return shape.is_placeholder(value) or _CONSTANT_NAME.fullmatch(value.strip()) is not None


def _password_or_random(value: str) -> bool:
    """A value in a file's password place (a Nagios user macro, an XML element named for a password, a davfs2
    line): random, a chosen password (a symbol or a digit for a letter) or a password shape that is no name with
    a year or a small number; ``$USER8$=monitoring2025`` (a host group's name) is the macro's ordinary use too,
    ``sourdough6848`` a password."""
    if _stand_in(value):
        return False
    if shape.accept_random(value) or chosen_password(value):
        return True
    v = value.strip("\"'")
    dated_name = named(v) and all(_YEAR_OR_SMALL.fullmatch(n) for n in _DIGITS.findall(v))
    return shape.accept_stated_password(v) and not dated_name


def _short_password(value: str) -> bool:
    return not _stand_in(value) and shape.accept_connection_password(value)


def _seed_phrase(phrase: str) -> bool:
    """A mnemonic: every word on the BIP39 English list (secret_bip39; BIP39, Algorand and Electrum 2 seeds are
    written in it). Any quoted run of words ("every good boy deserves fudge …") is not."""
    return not shape.is_placeholder(phrase) and all_bip39(phrase)


def _header_value(value: str) -> bool:
    return shape.accept_keyed_value(value) or shape.accept_stated_token(value)


def _key_bytes(run: str) -> bool:
    """16+ byte values (0-255), not all the same (a zeroed buffer is no key)."""
    try:
        values = [int(part.strip(), 0) for part in run.split(",")]
    except ValueError:
        return False
    return all(0 <= v <= 255 for v in values) and len(set(values)) > 4


def _hex_key(value: str) -> bool:
    return len(value) >= 64 and len(set(value)) > 8


FILE_RULES: tuple[tuple[Rule, tuple[str, ...]], ...] = (
    (
        Rule(
            "HTTP Credential Header",
            r"(?i)(?:^|\s)(?:-H|--header)(?:[ \t]+|=)[\"']?[A-Za-z0-9-]{0,40}"
            r"(?:auth|key|token|secret)[A-Za-z0-9-]{0,20}[ \t]*:[ \t]*"
            r"(?:(?:bearer|token|basic|key)[ \t]+)?([A-Za-z0-9+/._~=-]{12,256})",
            _header_value,
            resume="after",
        ),
        ("-h", "--header"),
    ),
    (
        Rule(
            "Password Assignment",
            r"(?i)<[a-z][\w:.-]{0,30}[ \t]+(?:id|name|key)[ \t]*=[ \t]*[\"'][^\"'<>]{0,80}?"
            r"(?:password|passwd|passphrase|secret|token|api[_-]?key)[\"'][^<>]{0,100}>([^<>\s]{4,128})</",
            _password_or_random,
        ),
        ("password", "passwd", "passphrase", "secret", "token", "apikey", "api_key", "api-key"),
    ),
    (
        Rule(
            "Password Assignment",
            r"(?i)\boption[ \t]+(?:key|password|psk|secret|auth_secret|sae_password|priv_key|private_key)[ \t]+"
            r"[\"']([^\"'\n]{4,128})[\"']",
            _short_password,
        ),
        ("option",),
    ),
    (
        Rule(
            "Password Assignment",
            r"(?i)(?:\breg(?:\.exe)?[ \t]+add[ \t][^\n]{0,200}?/v[ \t]+\"?[A-Za-z0-9_ ]{0,40}?"
            r"(?:password|passwd|secret)[A-Za-z0-9_ ]{0,20}\"?[ \t][^\n]{0,60}?/d[ \t]+"
            r"|-Name[ \t]+[\"']?[A-Za-z0-9_]{0,40}(?:password|passwd|secret)[A-Za-z0-9_]{0,20}[\"']?"
            r"[ \t]+-Value[ \t]+)[\"']?([^\"'\s]{3,128})",
            _short_password,
        ),
        ("reg", "-name"),
    ),
    (
        Rule(
            "Password Assignment",
            r"(?im)^[ \t]*sentinel[ \t]+auth-pass[ \t]+[^\s]{1,64}[ \t]+[\"']?([^\s\"']{3,128})",
            _short_password,
        ),
        ("auth-pass",),
    ),
    (
        Rule(
            "Password Assignment",
            r"(?m)^[ \t]*[\w.@-]{1,64}[ \t]*:[ \t]*((?:OBF|MD5|CRYPT):[^\s,]{4,128})(?:,[ \t]*[\w-]{2,32}){0,8}[ \t]*$",
            shape.accept_any_value,
        ),
        ("obf:", "md5:", "crypt:"),
    ),
    (
        Rule(
            "Password Assignment",
            r"(?im)^[ \t]*https?://[^\s]{0,200}dav[^\s]{0,200}[ \t]+[^\s]{1,64}[ \t]+([^\s]{4,128})[ \t]*$",
            _password_or_random,
        ),
        ("dav",),
    ),
    (
        Rule(
            "Key As Bytes",
            r"(?i)\b[\w.-]{0,30}(?:key|secret|token|password|psk)[\"']?[ \t]*[:=][ \t]*[\[{(][ \t]*"
            r"((?:(?:0x[0-9a-f]{1,2}|[0-9]{1,3})[ \t]*,[ \t]*){15,63}(?:0x[0-9a-f]{1,2}|[0-9]{1,3}))"
            r"[ \t]*,?[ \t]*[\]})]",
            _key_bytes,
            resume="after",
        ),
        ("key", "secret", "token", "password", "psk"),
    ),
    (
        Rule(
            "Password Assignment",
            r"(?i)\b(?:encryption|encrypt|crypto|cipher|ota)[\w-]{0,20}:[ \t]*\r?\n[ \t]+(?:key|secret|password|psk)"
            r"[ \t]*:[ \t]*[\"']?([A-Za-z0-9+/=_-]{16,128})",
            shape.accept_random,
        ),
        ("encrypt", "crypto", "cipher", "ota"),
    ),
    (
        Rule(
            "Private Key",
            r"(?i)\"type\"[ \t]*:[ \t]*\"[^\"]{0,60}(?:signingkey|secretkey|secret|private)[^\"]{0,40}\"[^}]{0,200}?"
            r"\"cborHex\"[ \t]*:[ \t]*\"([0-9a-f]{64,256})\"",
            _hex_key,
            resume="after",
        ),
        ("cborhex",),
    ),
    (
        Rule(
            "Seed Phrase",
            r"(?i)(?:mnemonic|seed[_ -]?phrase|recovery[_ -]?phrase|seed[_ -]?words|secret[_ -]?phrase)"
            r"[\w-]{0,20}[\"']?[ \t]*[:=][ \t]*[\"'`]((?:[a-z]{3,12}[ \t]+){11,24}[a-z]{3,12})[\"'`]",
            _seed_phrase,
            resume="after",
        ),
        ("mnemonic", "seed", "phrase"),
    ),
    (
        Rule(
            "Password Assignment",
            r"\bBUNDLE_[A-Z0-9_]{1,80}__[A-Z0-9_]{1,40}[ \t]*[=:][ \t]*[\"']?[^\s:\"']{1,64}:([^\s\"']{4,128})",
            _short_password,
        ),
        ("bundle_",),
    ),
    (
        Rule("Password Assignment", r"\$USER[0-9]{1,3}\$[ \t]*=[ \t]*([^\s/$][^\s]{3,127})", _password_or_random),
        ("$user",),
    ),
    *PLACE_RULES,  # formats13: places of tools and formats (secret_places.py)
    *HOOK_RULES,  # stop 49: a URL whose path carries a hook's secret (secret_hooks.py)
    *vendor_label_rules(),  # stop 49: a vendor's value under its container's own key (secret_vendor_labels.py)
)
