"""Credentials by the place a tool or a file format gives them (formats13, stop 43, #28 item 1): classes of place,
each read from how the tools are documented, not from one vendor's value. Added to secret_files.FILE_RULES (keyed:
each runs only where one of its words is in the text); each is one RE2 pattern with bounded repetitions.

- an armoured block whose label names a seed, secret, password, token or credentials (``-----BEGIN USER NKEY
  SEED-----``, NATS ``.creds``): its first line is the secret (PEM blocks of keys are secret_rules.PEM_BLOCK);
- a symmetric key file line: a key number, a digest name and the key (ntp.keys(5) ``3 SHA1 <hex>``, chrony.conf(5)
  keyfile ``1 SHA1 HEX:<hex>``, ``ASCII:``): the format has no other use;
- an HTTP ``Authorization`` header with any scheme followed by credentials (RFC 9110 11.6.2: ``auth-scheme
  token68`` or ``auth-param``s; Proxmox ``PVEAPIToken=user@realm!id=<uuid>``): the last value is the secret;
- a value written by ``echo`` or ``printf`` into a file or a command whose name says it takes a password, key or
  PSK (``… | smbpasswd -s``, ``> ~/.vault_pass.txt``, ``| tee …/agentd.psk``, ``| chpasswd``), bare or quoted (a
  quoted value may hold ``&``, ``;``, ``|``; one word: a quoted sentence is a note);
- ``git config`` and the like setting a key whose last part names a password, secret or token
  (``sendemail.smtppass``, ``credential.…``, ``npm config set //…/:_authToken``);
- an ``expect`` script's ``send`` after a prompt for a password or passphrase;
- an environment name for an authentication pair set to ``user/password`` or ``user:password`` (``NEO4J_AUTH=neo4j/…``,
  Neo4j's documented form; ``*_AUTH=none`` or ``true`` is no pair);
- a Tasmota ``Backlog`` command's ``Password1``…``Password4``, ``MqttPassword`` or ``WebPassword`` (Tasmota's
  command reference);
- a ``-p:`` / ``/p:`` / ``-password:`` option of a Windows remote shell (winrs(1): ``-p:<password>``, ``-pw``);
- a ``name:password`` line under a line naming a secrets file (rsyncd.conf(5) ``secrets file``, whose lines are
  ``user:password``; ``/etc/rsyncd.secrets``), comment lines between (secrets14, stop 44).
"""

from __future__ import annotations

from contextlamp.domain import secret_shape as shape
from contextlamp.domain.secret_rules import Rule

_SECRET_WORD = r"(?:pass(?:wd|word)?|psk|secret|token|creds?|credentials?|key)"
_CONFIG_WORD = r"(?:pass(?:wd|word)?|secret|token)"  # not "key": user.signingkey is a public key's id


def _password(value: str) -> bool:
    v = value.strip("\"'")
    return not shape.is_placeholder(v) and shape.accept_connection_password(v)


def _key_value(value: str) -> bool:
    v = value.strip()
    return len(v) >= 16 and (shape.accept_keyed_value(v) or shape.accept_random(v))


PLACE_RULES: tuple[tuple[Rule, tuple[str, ...]], ...] = (
    (
        Rule(
            "Private Key",
            r"-----BEGIN [A-Z0-9 ]{0,40}(?:SEED|SECRET|PASSWORD|TOKEN|CREDENTIALS)[A-Z ]{0,20}-----[ \t]*\r?\n[ \t]*"
            r"([A-Za-z0-9+/=_.-]{16,1000})",
            shape.accept_any_value,
            resume="after",
        ),
        ("-----begin",),
    ),
    (
        Rule(
            "Private Key",
            r"(?im)^[ \t]*[0-9]{1,5}[ \t]+(?:MD5|SHA1?|SHA-?(?:224|256|384|512)|RMD160|AES128CMAC|AES-?128-?CMAC)"
            r"[ \t]+((?:HEX:|ASCII:)?[!-~]{8,128})[ \t]*$",
            lambda v: _password(v.split(":", 1)[1] if v[:4] in ("HEX:", "ASCI") else v),
        ),
        ("md5", "sha", "rmd160", "cmac"),
    ),
    (
        Rule(
            "Authorization Header",
            r"(?i)\bauthorization[\"']?[ \t]*[:=][ \t]*[\"']?[A-Za-z][A-Za-z0-9_-]{1,30}[ \t]*[ =]"
            r"(?:[A-Za-z0-9@!._~+/-]{1,80}=)?[\"']?([A-Za-z0-9._~+/=-]{12,512})",
            _key_value,
            resume="after",
        ),
        ("authorization",),
    ),
    *(
        (
            Rule(
                "Password Assignment",
                rf"(?i)\b(?:echo|printf)(?:[ \t]+-[a-z]{{1,3}})?[ \t]+{value}[ \t;)]*"
                rf"(?:;[ \t]*(?:echo|printf)[^\n|]{{0,140}})?(?:\|[ \t]*(?:sudo[ \t]+)?|>>?[ \t]*)"
                rf"[^\n|;&]{{0,100}}?{_SECRET_WORD}",
                _password,
            ),
            ("echo", "printf"),
        )
        # bare or quoted as a word; a quoted value may hold what the shell reads inside quotes (``&``, ``;``, ``|``)
        for value in (
            r"[\"']?([^\s\"';|&<>$%][^\s\"';|&<>]{3,127})[\"']?",
            r"'([^'\s$]{4,128})'",
            r"\"([^\"\s$`\\]{4,128})\"",
        )
    ),
    (
        Rule(
            "Password Assignment",
            rf"(?i)\b(?:git|npm|yarn|pnpm|pip|conda|poetry)[ \t]+config(?:[ \t]+(?:--[a-z-]{{2,20}}|set))*[ \t]+"
            rf"[\w./:@-]{{0,80}}{_CONFIG_WORD}[\w-]{{0,20}}[ \t]+[\"']?([^\s\"'$%][^\s\"']{{2,255}})",
            _password,
        ),
        ("config",),
    ),
    (
        Rule(
            "Password Assignment",
            r"(?i)\bexpect[ \t]+(?:-[a-z]+[ \t]+)?[\"'{][^\n]{0,40}(?:password|passphrase|passcode|pin)[^\n]{0,20}\r?\n"
            r"[ \t]*send[ \t]+(?:--[ \t]+)?[\"{]([^\s\"\\}]{3,128})",
            _password,
        ),
        ("expect",),
    ),
    (
        Rule(
            "Password Assignment",
            r"\b[A-Z][A-Z0-9]{0,30}(?:_[A-Z0-9]{1,30}){0,4}_AUTH[\"']?[ \t]*[=:][ \t]*[\"']?[\w.@-]{1,40}[/:]"
            r"([^\s\"'/:]{4,128})",
            lambda v: _password(v) and not (v.isdigit() and len(v) <= 5),  # host:port is no pair
        ),
        ("_auth",),
    ),
    (
        Rule(
            "Password Assignment",
            r"(?i)\bbacklog\b[^\n]{0,300}?\b(?:password[1-4]|mqttpassword|webpassword)[ \t]+([^\s;]{4,128})",
            _password,
            resume="after",
        ),
        ("backlog",),
    ),
    (
        Rule(
            "Password Assignment",
            r"(?i)\bwinrs(?:\.exe)?\b[^\n]{0,200}?[ \t][-/](?:p|pw|password):([^\s\"']{3,128})",
            _password,
        ),
        ("winrs",),
    ),
    (
        Rule(
            "Password Assignment",
            r"(?im)secrets\b[^\n]{0,120}\r?\n(?:[ \t]*#[^\n]{0,200}\r?\n){0,5}[ \t]*[A-Za-z_][\w.@-]{0,63}:"
            r"([^\s:]{3,128})[ \t]*\r?$",
            _password,
        ),
        ("secrets",),
    ),
)
