"""What every split of the secret corpus shares: the row type and the alphabets the value makers draw from.

``secret_corpus.py`` (tuning and held-out halves), ``secret_corpus_fresh.py`` (round 4's split) and
``secret_corpus_held3.py`` (round 5's split) each import this module and none imports another split, so there is
no import circle between them.
"""

from __future__ import annotations

import random
import string
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
