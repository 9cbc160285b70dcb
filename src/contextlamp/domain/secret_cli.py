"""Passwords on command lines: the tools that take one as an argument, read from a table, not one rule per example.

``secret_cli.json`` lists well-known command-line tools and where each takes a password, key or community, each
entry with the manual it is read from (``redis-cli -a``, ``ipmitool -P``, ``sqlcmd -P``, ``mongosh -p``,
``smbclient -U user%pass``, ``sshpass -p``, ``htpasswd -b file user pass``, ``net user name pass``, ``vault operator
unseal key`` …). A flag a tool uses for something else is not listed (``redis-cli -p`` and ``mysql -P`` are ports,
``docker run -p`` publishes one: ``docker … -p`` counts only after ``login``). :func:`cli_rules` turns each entry into
one RE2 rule: the tool's name (a word, a path's last part, ``.exe`` allowed), up to 240 characters of the same
command (no line break, pipe, ``;`` or ``&``), then the flag and the value, in one of these forms:

- ``options``: the flag, a space or ``=``, the value (quoted or not); flags are case-sensitive, as tools read them;
- ``glued``: the flag and the value with nothing between (``mysql -pS3cret``, ``7z -pS3cret``, ``/p:S3cret``);
- ``pairs``: the flag, then ``user<separator>password`` (``-U archiver%pw``, ``-u ops:pw``, ``lftp -u user,pw``);
- ``prefixed``: the flag, then the value after a fixed prefix (openssl's ``-passin pass:pw``);
- ``positional``: a subcommand, then a number of arguments, then the password (``net user NAME PASSWORD``);
- ``positional_pair``: the first argument is ``user<separator>password`` (``sqlplus scott/tiger@orcl``);
- ``keyword``: a keyword argument, then the value (``nmcli … password PW``, ``wifi-sec.psk PSK``).

And the configuration lines of network devices and servers that hold one (:data:`DIRECTIVE_RULES`): Cisco IOS
``enable secret``/``enable password`` and ``username … password|secret`` with their type digit (Cisco IOS Security
Command Reference; type 0 is the clear text, 7 a reversible encoding, 5/8/9 hashes, all crackable), Redis's
``requirepass``/``masterauth`` (redis.conf) and ``AUTH`` at a ``redis-cli`` prompt.

A value counts when it is a value (secret_labels.accept_labelled_value: not a placeholder, a variable, a source
such as ``env:VAR``, a type or prose) and not the next option, a path or a share (``-``, ``/``, ``\\``).
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

from contextlamp.domain.secret_labels import accept_labelled_value
from contextlamp.domain.secret_rules import Rule

KIND = "Command-Line Password"
# The tool: a whole word, or the last part of a path; ".exe" allowed; then a blank.
_TOOL = r"(?:^|[\s;|&(`'\"/\\=])(?i:{names})(?i:\.exe)?"
# A command's start: a line's (after a shell prompt ending in $ # > or %, or sudo and VAR=value words), or after
# ; & | ( or a backtick; a positional password has no flag to tell it, so its tool must stand there ("net user
# growth" in a sentence is not a command).
_COMMAND = (
    r"(?m)(?:^(?:[^\n]{{0,80}}?[$#>%][ \t]+)?|[;&|(`][ \t]*)(?:sudo[ \t]+(?:-[A-Za-z]+[ \t]+)*)?"
    r"(?:[A-Za-z_][A-Za-z0-9_]*=[^\s]*[ \t]+)*(?:[^\s]*[/\\])?(?i:{names})(?i:\.exe)?[ \t]+"
)
_GAP = r"[ \t](?:[^\n|;&]{0,240}?[ \t])?"  # a blank, or the rest of the same command between two blanks
_ARG = r"(?:\"[^\"\n]{0,128}\"|'[^'\n]{0,128}'|[^\s\"']{1,128})"
VALUE = r"(?:'([^'\n]{1,128})'|\"([^\"\n]{1,128})\"|([^\s\"'`;|&<>]{1,128}))"
_BARE_VALUE = r"([^\s\"'`;|&<>]{1,128})"


_PLUS_COMMAND = re.compile(r"\+[a-z][a-z_]{1,40}")


def accept_cli_value(value: str) -> bool:
    """A password given on a command line: a value (not a placeholder, variable, source, type or prose), 3+
    characters, and not the next option, a path or a share (``-x``, ``/add``, ``\\\\host\\share``), nor the next
    ``+command`` of a tool that takes them so (``steamcmd +login anonymous +app_update 740``)."""
    v = value.strip()
    if len(v) < 3 or v.startswith(("-", "/", "\\", "<")) or _PLUS_COMMAND.fullmatch(v) is not None:
        return False
    return accept_labelled_value(v)


def accept_flag_value(value: str) -> bool:
    """A password after a tool's flag anywhere in a text: :func:`accept_cli_value`, and not a plain word of up to
    12 small letters, which in a sentence is the sentence going on ("mongosh -p prompts for it")."""
    v = value.strip()
    return not (v.isalpha() and v.islower() and len(v) <= 12) and accept_cli_value(v)


def _names(names: list[str]) -> str:
    return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))


def _flags(flags: list[str]) -> str:
    return "(?:" + "|".join(re.escape(f) for f in sorted(flags, key=len, reverse=True)) + ")"


def _rule(entry: dict[str, Any]) -> Rule:
    """One table entry as one rule (module docstring: the forms)."""
    positional = "positional" in entry or "positional_pair" in entry
    tool = (_COMMAND if positional else _TOOL).format(names=_names(entry["tools"]))
    if "after" in entry:  # a subcommand first: "docker login … -p", never "docker run -p 8080:80"
        tool += rf"{_GAP}{re.escape(entry['after'])}\b"
    if "options" in entry:
        tail = rf"{_GAP}{_flags(entry['options'])}(?:=[ \t]*|[ \t]+){VALUE}"
    elif "glued" in entry:
        tail = rf"{_GAP}{_flags(entry['glued'])}(?:'([^'\n]{{1,128}})'|\"([^\"\n]{{1,128}})\"|{_BARE_VALUE})"
    elif "pairs" in entry:
        separator = re.escape(entry["separator"])
        user = rf"[^\s\"'{separator}:/@]{{1,64}}"
        tail = (
            rf"{_GAP}{_flags(entry['pairs'])}(?:=|[ \t]*)[\"']?{user}{separator}"
            r"(?:'([^'\n]{1,128})'|\"([^\"\n]{1,128})\"|([^\s\"'@]{1,128}))"
        )
    elif "prefixed" in entry:
        tail = rf"{_GAP}{_flags(entry['prefixed'])}[ \t]+[\"']?{re.escape(entry['prefix'])}{_BARE_VALUE}"
    elif "positional" in entry:
        words = "|".join(
            r"[ \t]+".join(re.escape(w) for w in phrase.split()) for phrase in entry["positional"] if phrase
        )
        head = rf"(?:(?:{words})[ \t]+)" if words else ""
        options = r"(?:-{1,2}[A-Za-z][^\s]{0,40}[ \t]+)*"
        tail = rf"{head}{options}(?:{_ARG}[ \t]+){{{entry['before']}}}{VALUE}"
    elif entry.get("positional_pair"):
        separator = re.escape(entry["separator"])
        tail = rf"(?:-{{1,2}}[A-Za-z]{{1,20}}[ \t]+)*[\"']?[A-Za-z0-9_$#.]{{1,64}}{separator}([^\s\"'@/]{{1,128}})"
    elif "keyword" in entry:
        tail = rf"{_GAP}{_flags(entry['keyword'])}[ \t]+{VALUE}"
    else:
        raise ValueError(f"secret_cli.json: an entry for {entry['tools']} names no form")
    spaced = "options" in entry or "keyword" in entry  # a value after a blank may be the sentence going on
    return Rule(KIND, tool + tail, accept_flag_value if spaced else accept_cli_value, resume="after")


@cache
def cli_table() -> list[dict[str, Any]]:
    """The entries of ``secret_cli.json`` (read on first use)."""
    raw = resources.files("contextlamp.domain").joinpath("secret_cli.json").read_text(encoding="utf-8")
    return list(json.loads(raw)["tools"])


@cache
def cli_rules() -> tuple[Rule, ...]:
    """One rule per table entry, then the configuration directives (module docstring)."""
    return tuple(rule for rule, _ in keyed_cli_rules())


@cache
def keyed_cli_rules() -> tuple[tuple[Rule, tuple[str, ...]], ...]:
    """Each rule with the words one of which a text must hold for it to run (its tools' names, the directives'
    first words), so the scanner prefilters them as it does the format layer's keywords: a rule of unbounded gaps
    in the one automaton of all rules made its states explode on long lines of prose."""
    tools = tuple((_rule(entry), tuple(entry["tools"])) for entry in cli_table())
    directives = (("enable", "username"), ("enable", "username"), ("requirepass", "masterauth", "auth"))
    return (*tools, *zip(DIRECTIVE_RULES, directives, strict=True))


DIRECTIVE_RULES: tuple[Rule, ...] = (
    Rule(  # Cisco IOS: "enable secret [level N] [0|5|7|8|9] VALUE", "enable password 7 VALUE"
        KIND,
        r"(?im)^[ \t]*enable[ \t]+(?:secret|password)(?:[ \t]+level[ \t]+[0-9]{1,2})?(?:[ \t]+[0-9])?[ \t]+" + VALUE,
        accept_cli_value,
        resume="after",
    ),
    Rule(  # Cisco IOS: "username NAME [privilege N] password|secret [0|5|7|8|9] VALUE"
        KIND,
        r"(?im)^[ \t]*username[ \t]+[^\s]{1,64}(?:[ \t]+privilege[ \t]+[0-9]{1,2})?[ \t]+(?:password|secret)"
        r"(?:[ \t]+[0-9])?[ \t]+" + VALUE,
        accept_cli_value,
        resume="after",
    ),
    Rule(  # redis.conf "requirepass VALUE", "masterauth VALUE"; "AUTH [user] VALUE" at a redis-cli prompt
        KIND,
        r"(?im)(?:^[ \t]*(?:requirepass|masterauth)[ \t]+|>[ \t]*AUTH[ \t]+(?:[^\s]{1,64}[ \t]+)?)" + VALUE,
        accept_cli_value,
        resume="after",
    ),
)
