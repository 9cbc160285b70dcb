"""What every split of the secret corpus shares: the row type and the alphabets the value makers draw from.

``secret_corpus.py`` (tuning and held-out halves), ``secret_corpus_fresh.py`` (round 4's split) and
``secret_corpus_held3.py`` (round 5's split) each import this module and none imports another split, so there is
no import circle between them.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass

B62 = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
UPPER_NUM = string.ascii_uppercase + string.digits
LOWER_NUM = string.ascii_lowercase + string.digits
B64URL = B62 + "-_"
B64 = B62 + "+/"
BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


@dataclass(frozen=True)
class Row:
    """One corpus row: which half, which group, the kind it tests, the text, and the secret that must go.

    ``group`` is ``format``, ``evasion``, ``stated`` or ``prose`` (ordinary sentences: ``secret`` is empty).
    """

    half: str
    group: str
    kind: str
    text: str
    secret: str


def rand(rng: random.Random, alphabet: str, n: int) -> str:
    """``n`` characters drawn from ``alphabet`` by ``rng``."""
    return "".join(rng.choice(alphabet) for _ in range(n))


@dataclass(frozen=True)
class Split:
    """The tables of one generated split (held6, held7): how its ``rows`` are drawn from them.

    Attributes:
        half: the split's name (each row's ``half``).
        formats: (kind, vendor name, value maker); three values each, in ``contexts`` (``{v}``, ``{n}``).
        contexts: sentences, config lines and code that hold a format value.
        labelled: (kind, template, value maker) of labelled values; three each.
        labelled_kinds: kinds whose evaded value stays in its own template.
        evasions: (name, evade) of the split; a quarter of them per value, each in turn.
        alone: evasions that always stand in ``evasion_contexts`` (their output is no drop-in value).
        evasion_contexts: sentences that hold an evaded value (``{v}``).
        stated: (kind, language, templates) of stated credentials; two values each.
        value_of: kind -> value maker ``(rng, language)``.
        one_code: the one code of a backup-code list that must not survive.
        prose: the split's ordinary sentences.
        skipped: which of a kind's three format values is never evaded (its index mod 3).
        stride: how the evasions of consecutive kinds are staggered.
    """

    half: str
    formats: Sequence[tuple[str, str, Callable[[random.Random], str]]]
    contexts: Sequence[str]
    labelled: Sequence[tuple[str, str, Callable[[random.Random], str]]]
    labelled_kinds: Collection[str]
    evasions: Sequence[tuple[str, Callable[[str], str]]]
    alone: Collection[str]
    evasion_contexts: Sequence[str]
    stated: Sequence[tuple[str, str, Sequence[str]]]
    value_of: Mapping[str, Callable[[random.Random, str], str]]
    one_code: Callable[[str], str]
    prose: Callable[[random.Random], Iterator[Row]]
    skipped: int
    stride: int

    def rows(self, seed: int) -> list[Row]:
        """Every row of the split (deterministic for a seed): formats, evasions, stated credentials, prose."""
        g = random.Random(seed)
        formats: list[Row] = []
        for f_index, (kind, name, make) in enumerate(self.formats):
            for k in range(3):
                value = make(g)
                context = self.contexts[(f_index * 5 + k * 3) % len(self.contexts)]
                formats.append(Row(self.half, "format", kind, context.format(v=value, n=name), value))
        for kind, template, make in self.labelled:
            for _ in range(3):
                value = make(g)
                formats.append(Row(self.half, "format", kind, template.format(v=value), value))
        out = list(formats)
        for index, row in enumerate(formats):
            if "\n" in row.secret or " " in row.secret or "'" in row.secret or index % 3 == self.skipped:
                continue  # two of each kind's three values are evaded
            for e_index, (name, evade) in enumerate(self.evasions):
                if (index + self.stride * (index // 3) + e_index) % 4:
                    continue
                evaded = evade(row.secret)
                if name not in self.alone and (row.kind in self.labelled_kinds or (index + e_index) % 2):
                    text = row.text.replace(row.secret, evaded)
                else:
                    text = self.evasion_contexts[(index + e_index) % len(self.evasion_contexts)].format(v=evaded)
                out.append(Row(self.half, "evasion", f"evasion: {name}", text, row.secret))
        for kind, language, templates in self.stated:
            for template in templates:
                for _ in range(2):
                    value = self.value_of[kind](g, language)
                    secret = self.one_code(value) if kind == "backup codes" else value
                    out.append(
                        Row(self.half, "stated", f"stated {kind} ({language})", template.format(v=value), secret)
                    )
        out += list(self.prose(g))
        return out
