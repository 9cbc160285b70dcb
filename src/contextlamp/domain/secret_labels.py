"""Labelled values: a credential that its label, its place in a file format or its command-line flag tells.

The format layer (secret_formats.py) knows vendors by their prefixes, and the assignment and slot rules read a
credential word before ``=``, ``:`` or "is". These rules read the other shapes in which the label alone says the
value is a credential, so the value need not look random (``letmein`` after ``--password=`` is as secret as
``x9$Qa!``); it only has to be a value, not a placeholder, a variable, a type or prose
(:func:`accept_labelled_value`):

- a key whose name ends in a password word, in any config syntax (``DB_PASSWORD=…``, ``spring.datasource.password=…``,
  ``"adminPassword": …``) and an XML element so named (``<password>…</password>``, Maven ``settings.xml``);
- a libpq password file line (PostgreSQL docs 32.16, ``hostname:port:database:username:password``);
- command-line flags: a long option naming a credential (``--password=…``, ``--db-password …``, ``--api-key …``,
  ``--token …``), ``-pw …`` (kadmin, PuTTY's plink and pscp), and ``-u``/``--user`` ``name:password`` (curl, wget,
  httpie's ``-a``); each tool's own short flags (MySQL's glued ``-p…``, ``redis-cli -a`` …) are a table in
  secret_cli.py;
- an SNMP community string (RFC 3584: the community is SNMPv1/v2c's password), labelled or after
  ``snmp-server community``;
- ``key`` or ``api key`` right before 32+ hex digits (``steam key 0FA7…``), unless a word before it says the key
  is public or an identifier (``public key``, ``cache key``, ``object key``: :data:`PUBLIC_LABELLED`);
- a token whose body is a UUID (RFC 9562) after a prefix naming a credential (``pat-na1-…``, ``sdk-…``,
  ``RGAPI-…``, ``access-production-…``, ``sk-lf-…``): a UUID alone is an identifier, and so is one after
  ``order-`` or ``req_``; one after ``sk``, ``pat``, ``api``, ``key``, ``token``, ``secret``, ``access`` or
  ``auth`` is a vendor's credential (:func:`accept_credential_prefix`).

:data:`FORMAT_LABELLED_RULES` (stop 40) read the labels that are a value's place in a file format or protocol: an
HTTP Authorization header of any scheme, ``-p``/``-w`` after ``-u``/``-n`` in one command (not a port), ``NAME VALUE``
directives whose name ends in a password word, .NET ``<add key=… value=…>``, ``<…Password><Value>``, ``<Pass …>``,
Dovecot/OpenLDAP ``{PLAIN}``, (stop 45) SQL ``IDENTIFIED BY``, LDIF ``olcRootPW:``/``userPassword:``, Postfix
``sasl_passwd``, ``stats auth user:pass``, ``--<credential>-key``, URL query
keys, a key beside a username in JSON, and a password key and its value as a call's two arguments.

Every pattern runs on RE2 and bounds its value, so the scan stays linear (secret_rules.py explains why).
"""

from __future__ import annotations

import re

from contextlamp.domain.secret_measures import is_identifier_chain, is_placeholder
from contextlamp.domain.secret_refs import dollar_secret
from contextlamp.domain.secret_rules import Rule
from contextlamp.domain.secret_shape import (
    accept_connection_password,
    accept_keyed_value,
    accept_random,
    accept_stated_password,
    names_credential,
)
from contextlamp.domain.secret_slots import accept_password

WS = r"[\s\p{Z}]"
UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
# Values that name where a credential comes from rather than holding it (openssl's "-passin env:VAR", "file:path",
# "fd:3", "stdin"), types in code ("password: str"), and constant-style stand-ins (CHANGE_ME, YOUR_TOKEN).
SOURCE_PREFIXES = ("env:", "file:", "fd:", "stdin", "pass:$", "$", "@", "/run/secrets", "/dev/")
TYPE_NAMES = frozenset(
    {"str", "string", "bytes", "int", "secretstr", "secretbytes", "optional", "password", "char", "varchar",
     "text", "any", "object", "securestring", "bool", "boolean"}
)  # fmt: skip


def accept_labelled_value(value: str) -> bool:
    """A value its label says is a credential: anything that is a value (slot layer's password check: not prose, a
    placeholder or code) and not a source, a type or a constant-style stand-in (``CHANGE_ME``)."""
    v = value.strip().strip("\"'`")
    source = v.lower().startswith(SOURCE_PREFIXES) and not dollar_secret(v)
    if not v or is_placeholder(v) or source or v.startswith("-"):
        return False
    if v.lower().rstrip("?[]") in TYPE_NAMES or v.split("[", 1)[0].lower() in TYPE_NAMES:
        return False
    if v.isupper() and "_" in v and v.replace("_", "").isalpha():  # CHANGE_ME, REPLACE_WITH_REAL_VALUE
        return False
    if is_identifier_chain(v) and not any(c.isdigit() for c in v.rsplit(".", 1)[-1]):  # var.admin_password
        return False
    return accept_password(v)


def accept_credential_prefix(value: str) -> bool:
    """A token ``<prefix><UUID>`` whose prefix names a credential (module docstring)."""
    return names_credential(value[: len(value) - 36])


def accept_hex_key(value: str) -> bool:
    """32+ hex digits holding both letters and digits (a key, not a run of one digit)."""
    return any(c.isdigit() for c in value) and any(c.isalpha() for c in value) and not is_placeholder(value)


def accept_machine_value(value: str) -> bool:
    """A machine-made credential: 32+ hex digits, a UUID or a random value of 16+ characters (``accept_keyed_value``),
    or any random value (``accept_random``): what a vendor issues, for a label that names no password."""
    v = value.strip().strip("\"'`")
    return accept_keyed_value(v) or accept_random(v)


# Ports and port mappings after -p (ssh -p 2222, docker run -u 1000 -p 8080:80): never a password
_PORT = re.compile(r"[0-9]{1,5}(?::[0-9]{1,5}){0,2}(?:/(?:tcp|udp))?")


def accept_flag_password(value: str) -> bool:
    """A password given after a tool's ``-p``/``-w`` once the same command named a user: credential-shaped
    (``accept_stated_password``: "mysql -u reader -p reports" names a database) and not a port or port mapping."""
    v = value.strip().strip("\"'`")
    return not _PORT.fullmatch(v) and accept_stated_password(v) and accept_labelled_value(v)


def accept_community(value: str) -> bool:
    """An SNMP community other than the two every device ships with, which name an access level."""
    return value.lower() not in ("public", "private", "ro", "rw") and accept_labelled_value(value)


PASSWORD_KEY = r"[a-z0-9]{0,32}(?:password|passwd|passwort|kennwort|passphrase|authtok)"  # authtok: sssd.conf
CREDENTIAL_OPTION = (
    r"(?:[a-z0-9]{1,20}-){0,3}(?:password|passwd|passphrase|pass|pwd|token|secret|api-?key|auth-token|access-key|"
    r"secret-key|client-secret|http-password|proxy-password)"
)
VALUE = r"[^\s\p{Z}\"'`,;<>]{3,128}"

LABELLED_RULES: tuple[Rule, ...] = (
    Rule(  # DB_PASSWORD=letmein, spring.datasource.password=…, "adminPassword": "…"
        "Password Assignment",
        rf"(?i)(?:^|[^a-z0-9])(?:[a-z0-9]{{1,32}}[_.-]){{0,6}}{PASSWORD_KEY}[\"'\]]{{0,2}}{WS}{{0,8}}(?:=|:=|:|=>)"
        rf"{WS}{{0,8}}[\"'`]?({VALUE})",
        accept_labelled_value,
        extend=True,
    ),
    Rule(  # <password>…</password>, <db:secret>…</db:secret>, <apiKey>…</apiKey>
        "Password Assignment",
        r"(?i)<[a-z0-9_.:-]{0,40}(?:password|passwd|passphrase|secret|token|api[_-]?key|apikey)>[ \t]*"
        r"([^<>\s]{3,128})[ \t]*</",
        accept_labelled_value,
    ),
    Rule(  # libpq's password file: hostname:port:database:username:password, one entry a line
        "Password File Entry",
        r"(?m)^[ \t]*(?:\*|[A-Za-z0-9_.-]{0,63}[A-Za-z.][A-Za-z0-9_.-]{0,63}|\[[0-9a-fA-F:]{2,45}\]):(?:[0-9]{1,5}|\*):"
        r"[^:\s]{1,63}:[^:\s]{1,63}:([^\s]{1,128})[ \t]*$",
        # the fifth field is a password whatever it starts with (``-xw…=8rj``) or is made of (``mossy-gate``)
        lambda v: accept_labelled_value(v) or accept_connection_password(v),
    ),
    Rule(  # --password=…, --db-password …, --api-key …, --token …, -pw …
        "Command-Line Password",
        rf"(?i)(?:^|[\s\p{{Z}}])(?:--{CREDENTIAL_OPTION}|-pw)(?:=|[ \t]+)[\"']?({VALUE})",
        accept_labelled_value,
        resume="after",
    ),
    Rule(  # curl/wget -u name:password, httpie -a name:password
        "Command-Line Password",
        r"(?:^|[\s\p{Z}])(?:-u|-a|--user|--auth)(?:=|[ \t]+)[\"']?[^\s\"':/@]{1,64}:([^\s\"'@]{3,128})",
        accept_labelled_value,
        resume="after",
    ),
    Rule(  # an SNMP community in a device's config: "snmp-server community X RO"
        "SNMP Community String",
        r"(?i)\bsnmp(?:-server)?[ \t]+community[ \t]+[\"']?([^\s\"',;:]{3,64})[\"']?(?:[ \t]|$)",
        accept_community,
    ),
    Rule(  # a labelled community: "community string: X", "snmp_community = X", "the community string is X";
        # a bare "community" only as a config key with "=" ("a sense of community: people …" is prose)
        "SNMP Community String",
        rf"(?i)(?:\b(?:snmp[ _.-]?(?:[a-z0-9]{{1,10}}[ _.-]?)?community(?:[ _-]?string)?|community[ _-]?string)"
        rf"(?:{WS}*[:=]{WS}*|[ \t]+is[ \t]+)|\bcommunity{WS}*={WS}*)[\"']?([^\s\"',;]{{3,64}})",
        accept_community,
    ),
    Rule(  # "steam key 0FA7…", "api key 5bb1…": 32+ hex right after "key"
        "Labelled Key",
        r"(?i)\bkey[ \t]*[:=]?[ \t]*([0-9a-f]{32,128})\b",
        accept_hex_key,
        resume="after",
    ),
    Rule(  # a vendor token with a UUID body after a credential-naming prefix
        "Prefixed API Token",
        rf"(?:^|[^A-Za-z0-9_.$/-])((?:[A-Za-z][A-Za-z0-9]{{0,15}}[_.-]){{1,4}}{UUID})\b",
        accept_credential_prefix,
        resume="after",
    ),
)

# Labels that are a credential's place in a file format or protocol, whatever the value (round 10, stop 40)
FORMAT_LABELLED_RULES: tuple[Rule, ...] = (
    Rule(  # an HTTP Authorization header (RFC 9110 11.6.2) with any scheme: Bearer, Token, GenieKey, Key, SSWS …
        "Authorization Header",
        r"(?i)\bauthorization[\"']?[ \t]*[:=][ \t]*[\"']?[A-Za-z][A-Za-z0-9_-]{1,24}[ \t]+"
        r"([A-Za-z0-9._~+/=:-]{16,512})",
        accept_machine_value,
        resume="after",
    ),
    Rule(  # -p/-P/-w PASSWORD after -u/-U/-n/--user NAME in the same command (cqlsh, oc, racadm, az, vsql, beeline)
        "Command-Line Password",
        r"(?:^|[ \t])(?:-[uUn]|--user(?:name)?)(?:=|[ \t]+)[\"']?[^\s\"']{1,128}[\"']?(?:[ \t]+[^\s|;&]{1,128}){0,6}?"
        r"[ \t]+(?:-[pPw]|-pw)(?:=|[ \t]+)[\"']?([^\s\"'`,;<>|&]{3,128})",
        accept_flag_password,
        resume="after",
    ),
    Rule(  # a directive NAME VALUE at a line's start whose name ends in a password word (keepalived auth_pass,
        # nslcd/ldap.conf bindpw, Kickstart rootpw [--plaintext], sssd ldap_default_authtok without "=")
        "Password Assignment",
        r"(?im)^[ \t]*[a-z][a-z0-9]{0,23}(?:[_-][a-z0-9]{1,24}){0,3}[_-]?(?:pass|passwd|password|pw|authtok|psk)"
        r"(?:[ \t]+--?[a-z]{1,16})?[ \t]+[\"']?([^\s\"'=:]{3,128})[\"']?[ \t]*$",
        accept_labelled_value,
    ),
    Rule(  # SQL: CREATE/ALTER USER … IDENTIFIED [WITH plugin] BY 'pw' (MySQL, MariaDB, Oracle reference manuals)
        "Password Assignment",
        r"(?i)\bidentified[ \t]+(?:with[ \t]+[a-z0-9_]{1,40}[ \t]+)?by[ \t]+(?:password[ \t]+)?"
        r"(?:N?'([^'\n]{3,128})'|\"([^\"\n]{3,128})\"|([^\s'\";]{3,128}))",
        accept_labelled_value,
    ),
    Rule(  # an LDIF/slapd password attribute in clear (RFC 4519 userPassword; OpenLDAP olcRootPW, rootpw): a hashed
        # value ({SSHA}…) or a base64 one (``::``) is not the password itself
        "Password Assignment",
        r"(?im)^[ \t]*(?:olcRootPW|userPassword|rootpw)[ \t]*:[ \t]*([^\s{:][^\s]{2,127})[ \t]*$",
        accept_labelled_value,
    ),
    Rule(  # .NET/NuGet <add key="ClearTextPassword" value="…"/>, <setting name="DbPassword" value="…">: the key
        # ends in the credential word ("PasswordPolicy" names a setting about one)
        "Password Assignment",
        r"(?i)<[a-z]{1,16}[ \t]+(?:key|name)=[\"'][^\"'<>]{0,40}(?:password|passwd|secret|token|api[_-]?key)"
        r"[\"'][ \t]+value=[\"']([^\"'<>]{3,128})[\"']",
        accept_labelled_value,
    ),
    Rule(  # <AdministratorPassword><Value>…</Value> (Windows unattend.xml), <Pass encoding="base64">…</Pass>
        "Password Assignment",
        r"(?i)<(?:[a-z0-9_.:-]{0,40}password>[ \t\r\n]{0,16}<value|pass|pwd)"
        r"(?:[ \t]+[a-z]{1,16}=[\"'][^\"'<>]{0,32}[\"'])?>[ \t]*([^<>\s]{3,128})[ \t]*</",
        accept_labelled_value,
    ),
    Rule(  # a password stored with its scheme in plain text: Dovecot {PLAIN}/{CLEAR}, OpenLDAP {CLEARTEXT}
        "Password Assignment",
        r"(?i)\{(?:plain|clear|cleartext|plaintext)\}([^\s:]{3,128})",
        accept_labelled_value,
    ),
    Rule(  # a password-named key and its value as a call's two arguments: PHP define('DB_PASSWORD', '…'),
        # setdefault("SMTP_PASSWORD", "…"), Sys.setenv-style pairs
        "Password Assignment",
        rf"(?i)[\"'](?:[a-z0-9]{{1,32}}[_.-]){{0,6}}{PASSWORD_KEY}[\"'][ \t]*,[ \t]*[\"']([^\"'\n]{{3,128}})[\"']"
        r"[ \t]*\)",
        accept_labelled_value,
    ),
    Rule(  # Postfix sasl_passwd (SASL_README): "[relay]:port user:password", one relay a line
        "Password Assignment",
        r"(?m)^[ \t]*\[[A-Za-z0-9.-]{1,253}\](?::[0-9]{1,5})?[ \t]+[^\s:]{1,128}:([^\s]{3,128})[ \t]*$",
        accept_labelled_value,
    ),
    Rule(  # HTTP basic credentials in a server's config: HAProxy "stats auth user:pass", "auth user:pass"
        "Password Assignment",
        r"(?im)^[ \t]*(?:stats[ \t]+)?(?:basic[_-]?)?auth[ \t]+[^\s:]{1,64}:([^\s]{3,128})[ \t]*$",
        accept_labelled_value,
    ),
    Rule(  # --setup-key UUID, --auth-key HEX: a long option naming a key a service issues, machine-made value
        "Command-Line Password",
        r"(?i)(?:^|[ \t])--(?:[a-z0-9]{1,16}-){0,2}(?:setup|auth|access|api|secret|private|license|signing|master|join|"
        r"enroll(?:ment)?|registration|bootstrap|pre-?auth|app|client|encryption|admin|service|deploy|integration|"
        r"account|ingest|write|read)-key(?:=|[ \t]+)[\"']?([A-Za-z0-9+/=_.-]{16,256})",
        accept_machine_value,
        resume="after",
    ),
    Rule(  # a URL's query parameter naming a credential: ?api_key=…, &access_token=…, ?key=…
        "Labelled Key",
        r"(?i)[?&](?:api[_-]?key|apikey|access[_-]?token|auth[_-]?token|token|key|secret|client[_-]?secret)="
        r"([A-Za-z0-9._~+/%-]{16,256})",
        accept_machine_value,
        resume="after",
    ),
    Rule(  # a key beside a user name in one JSON object: {"username": "…", "key": "…"} (kaggle.json and the like)
        "Labelled Key",
        r"(?i)\"(?:username|user|login)\"[ \t]*:[ \t]*\"[^\"\n]{1,64}\"[ \t]*,[ \t\r\n]{0,16}"
        r"\"(?:key|secret|token)\"[ \t]*:[ \t]*\"([^\"\s]{16,256})\"",
        accept_machine_value,
    ),
)

# A key that a word before it says is public or an identifier: a "Labelled Key" finding inside one is dropped.
PUBLIC_LABELLED = (
    r"(?i)\b(?:public|host|cache|object|primary|foreign|partition|sort|idempotency|routing|row|s3|gpg|pgp|ssh|"
    r"license[ _-]?public|verify|verification|lookup|dedupe?|hash|index|map|dict)[ \t_-]+key[ \t]*[:=]?[ \t]*"
    r"[0-9a-fA-F]{32,128}"
)
