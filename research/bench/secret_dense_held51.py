"""dense51's held-out hostile inputs (stop 48, issue 28): labelled secrets packed one a line in the shapes people
paste (JSON lines, YAML, .env, INI, TOML, a Markdown table, log lines), with the credential noun of several
languages, timed against plain prose of the same size in the same run.

Written before any speed change of stop 48 and read once at the end: the tuning inputs are
tests/test_secret_scan_linear.py's dense ``Password: <value>`` lines. Each input is ``SIZE`` bytes of UTF-8; each
value differs from line to line (a fixed-width counter inside a password-shaped value), so no cache can help.

Run: ``python research/bench/secret_dense_held51.py [--size BYTES] [--repeat N]`` from the repository root; prints
one line per shape (seconds, prose seconds, ratio) and the worst ratio. The issue's bound is 10x.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

SIZE = 128 * 1024  # bytes of each input: the linear test's size for long inputs (tests/test_secret_scan_linear.py)
PLAIN = "The quick brown fox jumps over the lazy dog while the team reviews the release notes. "

# credential nouns as labels, not the ones the tuning test uses verbatim (it has Password/Passwort/mot de passe/
# contraseña/パスワード/пароль/wachtwoord/hasło)
NOUNS = (
    "password",
    "senha",
    "parola d'ordine",
    "lösenord",
    "salasana",
    "şifre",
    "密码",
    "비밀번호",
    "пароль доступа",
    "κωδικός",
    "סיסמה",
    "كلمة المرور",
    "पासवर्ड",
    "mật khẩu",
    "heslo",
    "jelszó",
)
KEYS = ("password", "db_password", "passwd", "pwd", "secret", "api_token", "admin_pass", "smtp_password")


def _value(i: int) -> str:
    """A password-shaped value, different on every line (10 characters with a counter)."""
    return f"Zk{i:05d}#vR"


def _token(i: int) -> str:
    """A token-shaped value, different on every line (24 characters)."""
    return f"t0k{i:08d}AbCdEfGhIjKlM"


SHAPES: dict[str, Callable[[int], str]] = {
    "json lines, english keys": lambda i: f'{{"user": "u{i}", "{KEYS[i % len(KEYS)]}": "{_value(i)}"}}\n',
    "json lines, nouns of 16 languages": lambda i: f'{{"{NOUNS[i % len(NOUNS)]}": "{_value(i)}"}}\n',
    "yaml, nested": lambda i: f"svc{i}:\n  host: db{i}.internal\n  {KEYS[i % len(KEYS)]}: {_value(i)}\n",
    "yaml, nouns of 16 languages": lambda i: f"- {NOUNS[i % len(NOUNS)]}: '{_value(i)}'\n",
    ".env": lambda i: f"{KEYS[i % len(KEYS)].upper()}_{i}={_value(i)}\n",
    ".env, quoted tokens": lambda i: f'export {KEYS[i % len(KEYS)].upper()}="{_token(i)}"\n',
    "ini": lambda i: f"[s{i}]\n{KEYS[i % len(KEYS)]} = {_value(i)}\n",
    "toml": lambda i: f'{KEYS[i % len(KEYS)]} = "{_value(i)}"  # svc {i}\n',
    "markdown table": lambda i: f"| {NOUNS[i % len(NOUNS)]} | `{_value(i)}` |\n",
    "log lines": lambda i: f"2026-12-07T10:{i % 60:02d}:00Z login user=u{i} password={_value(i)} ok\n",
    "prose, nouns of 16 languages": lambda i: f"The {NOUNS[i % len(NOUNS)]} is {_value(i)}. ",
    "labels, no value, 16 languages": lambda i: f"{NOUNS[i % len(NOUNS)]}:\n",
}


def dense(unit: Callable[[int], str], size: int = SIZE) -> str:
    """Lines of ``unit(0)``, ``unit(1)``, ... until the text holds ``size`` bytes of UTF-8 (it may hold a few more)."""
    lines: list[str] = []
    total = i = 0
    while total < size:
        lines.append(unit(i))
        total += len(lines[-1].encode())
        i += 1
    return "".join(lines)


def prose(size: int) -> str:
    """Plain prose of ``size`` characters (ASCII: bytes too)."""
    return (PLAIN * (size // len(PLAIN) + 1))[:size]


def cpu(function: Callable[[str], object], text: str, repeat: int) -> float:
    """Best thread CPU seconds of ``repeat`` calls (other processes on the machine do not count)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.thread_time()
        function(text)
        best = min(best, time.thread_time() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    """Print each shape's CPU seconds against plain prose of the same size (same run) and the worst ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=SIZE)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args(argv)
    from contextlamp.domain.secret_scan import SecretScanner

    scanner = SecretScanner()
    scanner.kinds("warm up")
    worst = 0.0
    for name, unit in SHAPES.items():
        text = dense(unit, args.size)
        base = cpu(scanner.kinds, prose(len(text.encode())), args.repeat)
        took = cpu(scanner.kinds, text, args.repeat)
        worst = max(worst, took / base)
        print(f"{name:34s} {took:7.3f} s  prose {base:6.3f} s  {took / base:5.1f}x", flush=True)
    print(f"worst {worst:.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
