"""key52's held-out hostile inputs (stop 49, issue 28): shapes a scanner speed change was never timed on.

Written and committed before any speed change of stop 49, timed on main at the start and once at the end (the
tuning probes are tests/test_secret_scan_linear.py's dense lines and recovery-key input and breaker48's
never-repeating label probes). Every value is drawn fresh on every line (a seeded generator plus a counter), so no
per-value cache can help. The shapes: labels of 16 languages with never-repeating values after a colon, a full-width
colon, a copula, "=", an arrow, quotes and backticks; labels without values; openers without closers (quotes,
backticks, brackets, a JSON object left open); one long line of labels and values; many short lines; recovery-key,
passphrase, PIN and backup-code nouns followed by near-miss values; values before their noun; credentials in URLs,
CSV rows, headers and command lines.

Run: ``python research/bench/secret_hostile_held52.py [--size BYTES] [--repeat N] [--only SUBSTRING]`` from the
repository root; prints one line per shape (seconds, prose seconds, ratio), then the worst ratio and the median.
The baseline is plain English prose of the same byte size, timed in the same run (the issue's bound is 10x).
"""

from __future__ import annotations

import argparse
import random
import statistics
import string
import time
from collections.abc import Callable

SIZE = 64 * 1024  # bytes of each input; the scanner is linear, so the ratio at 64 KiB is the ratio at 128 KiB
PLAIN = "The quick brown fox jumps over the lazy dog while the team reviews the release notes. "

# credential nouns by language (16 languages)
PASSWORD = {
    "en": "password",
    "de": "Kennwort",
    "fr": "mot de passe",
    "es": "contraseña",
    "it": "password di accesso",
    "pt": "senha",
    "nl": "wachtwoord",
    "pl": "hasło",
    "ru": "пароль",
    "uk": "пароль",
    "tr": "şifre",
    "zh": "密码",
    "ja": "パスワード",
    "ko": "비밀번호",
    "ar": "كلمة السر",
    "hi": "पासवर्ड",
}
TOKENS = ("api_key", "access_token", "client_secret", "auth_token", "private_key", "SECRET_KEY", "bearer", "apikey")
PINS = {"en": "PIN", "de": "PIN-Code", "fr": "code PIN", "es": "código PIN", "ru": "ПИН-код", "zh": "PIN码"}
RECOVERY = (
    "recovery key",
    "Wiederherstellungsschlüssel",
    "clé de récupération",
    "恢复密钥",
    "복구 키",
    "ключ восстановления",
)
PHRASE = ("passphrase", "Passphrase", "frase de contraseña", "парольная фраза", "パスフレーズ", "wachtzin")
BACKUP = ("backup codes", "Backup-Codes", "codes de secours", "备用码", "códigos de respaldo", "резервные коды")
COPULA = {
    "en": "is",
    "de": "ist",
    "fr": "est",
    "es": "es",
    "it": "è",
    "pt": "é",
    "nl": "is",
    "pl": "to",
    "ru": "—",
    "uk": "це",
    "tr": ":",
    "zh": "是",
    "ja": "は",
    "ko": "는",
    "ar": "هي",
    "hi": "है",
}


class Draw:
    """Never-repeating values: a seeded generator, and a counter inside every value so two lines never agree."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.n = 0

    def _next(self) -> int:
        self.n += 1
        return self.n

    def word(self) -> str:
        """A lower-case pseudo-word of 5-9 letters, then the counter in letters (never repeats)."""
        letters = "".join(self.rng.choice(string.ascii_lowercase) for _ in range(self.rng.randint(5, 9)))
        return letters + _letters(self._next())

    def alnum(self) -> str:
        """12-20 letters and digits, then the counter."""
        chars = string.ascii_letters + string.digits
        return "".join(self.rng.choice(chars) for _ in range(self.rng.randint(12, 20))) + str(self._next())

    def pw(self) -> str:
        """A password-shaped value (classes mixed)."""
        return f"{self.rng.choice('ABCDEFGH')}{self.word()[:6]}{self._next()}{self.rng.choice('!#$%&*')}"

    def digits(self, n: int = 6) -> str:
        """``n`` digits, never the same twice (the counter fills the low digits)."""
        return str(10 ** (n - 1) + (self._next() * 7919 + self.rng.randint(0, 7)) % (9 * 10 ** (n - 1)))

    def groups(self, count: int, size: int, sep: str = "-") -> str:
        """``count`` groups of ``size`` upper-case letters and digits."""
        chars = string.ascii_uppercase + string.digits
        head = [str(self._next()).rjust(size, "0")[-size:]]
        return sep.join(head + ["".join(self.rng.choice(chars) for _ in range(size)) for _ in range(count - 1)])

    def cjk(self) -> str:
        """A run of 4-8 CJK ideographs (never the same run twice)."""
        return "".join(chr(0x4E00 + self.rng.randint(0, 20000)) for _ in range(self.rng.randint(4, 8))) + str(
            self._next()
        )


def _letters(n: int) -> str:
    out = ""
    while True:
        n, r = divmod(n, 26)
        out = string.ascii_lowercase[r] + out
        if n == 0:
            return out


LANGS = list(PASSWORD)

Unit = Callable[[Draw, int], str]


def _per_lang(template: Callable[[str, str, Draw], str]) -> Unit:
    return lambda d, i: template(LANGS[i % len(LANGS)], PASSWORD[LANGS[i % len(LANGS)]], d)


SHAPES: dict[str, Unit] = {
    # labels and never-repeating values, one a line, 16 languages
    "label: word, 16 languages": _per_lang(lambda lang, noun, d: f"{noun}: {d.word()}\n"),
    "label：word full-width, 16 languages": _per_lang(lambda lang, noun, d: f"{noun}：{d.word()}\n"),
    "label copula pw, 16 languages": _per_lang(lambda lang, noun, d: f"{noun} {COPULA[lang]} {d.pw()}\n"),
    "label = alnum, 16 languages": _per_lang(lambda lang, noun, d: f"{noun} = {d.alnum()}\n"),
    "label → pw, 16 languages": _per_lang(lambda lang, noun, d: f"{noun} → {d.pw()}\n"),
    'label "quoted", 16 languages': _per_lang(lambda lang, noun, d: f'{noun} "{d.word()}"\n'),
    "label `code`, 16 languages": _per_lang(lambda lang, noun, d: f"{noun} `{d.pw()}`\n"),
    "label: cjk run, zh/ja/ko": lambda d, i: f"{('密码', 'パスワード', '비밀번호')[i % 3]}：{d.cjk()}。",
    "the noun of X is word, 16 languages": _per_lang(
        lambda lang, noun, d: f"The {noun} for box{i_(d)} is {d.word()}. "
    ),
    "my new noun: digits, 16 languages": _per_lang(lambda lang, noun, d: f"my new {noun}: {d.digits(8)}\n"),
    # labels without values, openers without closers
    "labels without values, 16 languages": _per_lang(lambda lang, noun, d: f"{noun}:\n"),
    "labels without values, one line": _per_lang(lambda lang, noun, d: f"{noun}: "),
    "open double quote after label": _per_lang(lambda lang, noun, d: f'{noun} = "{d.word()} '),
    "open backtick after label": _per_lang(lambda lang, noun, d: f"{noun} `{d.word()} "),
    "open paren after label": _per_lang(lambda lang, noun, d: f"({noun} {d.word()} "),
    "open json object": lambda d, i: f'{{"{TOKENS[i % len(TOKENS)]}": "{d.alnum()}", ',
    "open square list of codes": lambda d, i: f"[{d.digits(8)}, ",
    "open single quote token": lambda d, i: f"{TOKENS[i % len(TOKENS)]}='{d.alnum()} ",
    # tokens and keys
    "KEY=alnum lines": lambda d, i: f"{TOKENS[i % len(TOKENS)].upper()}={d.alnum()}\n",
    "key: alnum yaml": lambda d, i: f"  {TOKENS[i % len(TOKENS)]}: {d.alnum()}\n",
    "json lines of tokens": lambda d, i: f'{{"id": {i}, "{TOKENS[i % len(TOKENS)]}": "{d.alnum()}"}}\n',
    "Authorization: Bearer alnum": lambda d, i: f"Authorization: Bearer {d.alnum()}{d.alnum()}\n",
    "curl -H token": lambda d, i: f"curl -H 'X-Api-Key: {d.alnum()}' https://h{i}.example.com/v1\n",
    "url with user:pw": lambda d, i: f"https://u{i}:{d.pw()}@db{i}.example.com:5432/app\n",
    "csv rows with password column": lambda d, i: f"u{i},{d.word()}@example.com,{d.pw()},admin\n",
    "ini sections": lambda d, i: f"[svc{i}]\npassword = {d.pw()}\n",
    "log lines token=": lambda d, i: f"2026-12-07 INFO req={i} token={d.alnum()} status=200\n",
    # codes and keys by their nouns
    "PIN digits, 6 languages": lambda d, i: f"{list(PINS.values())[i % len(PINS)]} {d.digits(6)}, ",
    "door code is digits": lambda d, i: f"The door code for room {i} is {d.digits(5)}. ",
    "recovery key, groups of mixed lengths": lambda d, i: (
        f"{RECOVERY[i % len(RECOVERY)]} {d.groups(3, 4)}-{d.groups(2, 6)} "
    ),
    "recovery key noun then key shapes, one line": lambda d, i: (
        f"{RECOVERY[i % len(RECOVERY)]} " if i % 7 == 0 else f"{d.groups(4, 5)} "
    ),
    "key shapes without noun": lambda d, i: f"{d.groups(6, 6)}\n",
    "passphrase: words, 6 languages": lambda d, i: (
        f"{PHRASE[i % len(PHRASE)]}: {d.word()} {d.word()} {d.word()} {d.word()}\n"
    ),
    "passphrase noun, words without end": lambda d, i: f"{PHRASE[i % len(PHRASE)]} {d.word()} {d.word()} ",
    "backup codes list": lambda d, i: (
        f"{BACKUP[i % len(BACKUP)]}: " + ", ".join(d.groups(2, 4) for _ in range(8)) + "\n"
    ),
    "backup codes, one long list": lambda d, i: f"{d.groups(2, 4)}, ",
    # value before noun, long lines, many short lines
    "value is the password, 16 languages": _per_lang(lambda lang, noun, d: f"{d.pw()} {COPULA[lang]} the {noun}. "),
    "value - noun dash notes": _per_lang(lambda lang, noun, d: f"{d.pw()} — {noun}\n"),
    "one long line label value pairs": _per_lang(lambda lang, noun, d: f"{noun}={d.word()}; "),
    "many short lines, values only": lambda d, i: f"{d.pw()}\n",
    "many short lines, noun then value": _per_lang(lambda lang, noun, d: f"{noun}\n{d.pw()}\n"),
    "markdown table rows": _per_lang(lambda lang, noun, d: f"| {noun} | {d.pw()} | svc{i_(d)} |\n"),
    "security answer noun": lambda d, i: f"security answer: {d.word()}\nRespuesta de seguridad: {d.word()}\n",
    "sentence then label, mixed": _per_lang(
        lambda lang, noun, d: f"Please rotate it soon, the old {noun} was {d.pw()}, new one {d.pw()}. "
    ),
    "zero-width inside labels": _per_lang(lambda lang, noun, d: "\u200b".join(noun) + f": {d.pw()}\n"),
    "spaced-out label": _per_lang(lambda lang, noun, d: " ".join(noun) + f" : {d.word()}\n"),
}


def i_(d: Draw) -> int:
    """A fresh counter value, for a number in a line that also changes from line to line."""
    d.n += 1
    return d.n


def dense(unit: Unit, size: int = SIZE, seed: int = 52) -> str:
    """Lines of ``unit`` (a fresh :class:`Draw`) until the text holds ``size`` bytes of UTF-8, cut to ``size``
    characters at most."""
    draw = Draw(seed)
    parts: list[str] = []
    total = i = 0
    while total < size:
        parts.append(unit(draw, i))
        total += len(parts[-1].encode())
        i += 1
    return "".join(parts)


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
    """Print each shape's CPU seconds against plain prose of the same size (same run), the worst and the median."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=SIZE)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="")
    args = parser.parse_args(argv)
    from contextlamp.domain.secret_scan import SecretScanner

    scanner = SecretScanner()
    scanner.kinds("warm up")
    ratios: list[float] = []
    for name, unit in SHAPES.items():
        if args.only not in name:
            continue
        text = dense(unit, args.size)
        base = cpu(scanner.kinds, prose(len(text.encode())), args.repeat)
        took = cpu(scanner.kinds, text, args.repeat)
        ratios.append(took / base)
        print(f"{name:44s} {took:7.3f} s  prose {base:6.3f} s  {took / base:5.1f}x", flush=True)
    print(f"shapes {len(ratios)}  worst {max(ratios):.1f}x  median {statistics.median(ratios):.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
