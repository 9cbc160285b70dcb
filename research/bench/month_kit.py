"""What the blind month banks (``month_blind6.py`` onwards) share: the alphabets their planted secrets are drawn
from and the one draw. Kept apart from ``month.py`` so a bank module imports nothing of it (no import circle)."""

from __future__ import annotations

import random
import string

B62 = string.ascii_letters + string.digits
B64 = B62 + "+/"
HEX = "0123456789abcdef"


def draw(rng: random.Random, alphabet: str, n: int) -> str:
    """``n`` characters of ``alphabet`` drawn from ``rng`` (one ``rng.choice`` each, so a seed gives the same)."""
    return "".join(rng.choice(alphabet) for _ in range(n))
