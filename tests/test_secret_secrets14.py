"""#28, stop 44 (secrets14): values cut over table rows after a label, spaced in threes, a separator written inside a
punctuated run, the credential lines of secrets files (pppd chap-secrets, rsyncd.secrets, libpq .pgpass), and one
reader of ``CHAR()``/``chr()`` chains; beside ordinary text of the same shape that stays storable (chess moves,
formulas, onion and I2P addresses, tables of hashes, a rule of dashes).
"""

from __future__ import annotations

import pytest

from contextlamp.domain.secret_scan import SecretScanner

SCANNER = SecretScanner()
MIXED = "Wd7qLx2RmZ9kTb4v"  # letters and digits, no label
HF = "hf_" + "DEOgYoCqcuaHpteTrSriJpArGFyvIUlFQc"  # a Hugging Face token shape (made up)
CHOSEN = "V5%tlHU_QFXh2pHL"  # a chosen password: four classes of character


def _every(value: str, n: int, sep: str) -> str:
    return sep.join(value[i : i + n] for i in range(0, len(value), n))


def _rows(value: str, n: int) -> str:
    return "\n".join(f"| {value[i : i + n]} |" for i in range(0, len(value), n))


NPM = "npm_" + "Y2jHedtbyo90dPW6r3JnwwZZUzxo0mlrwvM4"  # an npm token shape (made up), 40 characters


def _lines(value: str, n: int, lead: str) -> str:
    return "\n".join(lead + value[i : i + n] for i in range(0, len(value), n))


REFUSED = [
    pytest.param(
        f"notes from the deploy:\n{_lines(NPM, 10, '> ')}\nno idea which", NPM, id="vendor-token-in-even-lines"
    ),
    pytest.param(f"String upstream = {_lines(NPM, 9, '* ')};", NPM, id="list-items-then-code"),
    pytest.param(f"String upstream = {_rows(HF, 11)};", HF, id="table-rows-after-a-label-then-code"),
    pytest.param(f"String upstream = {_every(HF, 3, ' ')};", HF, id="threes"),
    pytest.param(f"the key is {_every(MIXED, 3, ' ')}", MIXED, id="threes-unlabelled"),
    pytest.param(f"String upstream = {_every(HF, 3, chr(0x2007))};", HF, id="figure-space-threes-after-ascii-spaces"),
    pytest.param("reads it as " + "-".join("YZ6-Gt9AcZzBooyfYE-i"), "YZ6-Gt9AcZzBooyfYE-i", id="dash-inside-dashes"),
    pytest.param(f'# client\tserver\tsecret\tIP\n"hivecam"\t*\t"{CHOSEN}"\t*', CHOSEN, id="chap-secrets"),
    pytest.param(f"# /etc/rsyncd.secrets\nbackup:{CHOSEN}", CHOSEN, id="rsyncd-secrets"),
    pytest.param(f"db.buses.internal:5432:timetable:tt_writer:-{CHOSEN}=8", f"-{CHOSEN}=8", id="pgpass-leading-dash"),
    pytest.param(f"TELESCOPE_KEY=> {_every(CHOSEN, 6, chr(10) + '> ')}", CHOSEN, id="quote-block-after-a-label"),
    pytest.param(
        f"echo 'd*{CHOSEN}&6' > ~/.vault_pass.txt && chmod 600 ~/.vault_pass.txt", f"d*{CHOSEN}&6", id="echo-quoted"
    ),
    pytest.param(" || ".join(f"chr({ord(c)})" for c in MIXED), MIXED, id="postgres-chr"),
    pytest.param("$k = " + ".".join(f"chr(0x{ord(c):x})" for c in MIXED) + ";", MIXED, id="php-chr-hex"),
    pytest.param("CONCAT(" + ", ".join(f"CHAR({ord(c)})" for c in MIXED) + ")", MIXED, id="mysql-concat-char"),
]


@pytest.mark.parametrize(("text", "secret"), REFUSED)
def test_a_value_cut_or_placed_so_is_refused_and_removed(text: str, secret: str) -> None:
    assert SCANNER.kinds(text)
    kept = SCANNER.redact(text)
    for piece in (secret[:6], secret[6:12], secret[-4:]):
        assert piece not in kept.replace(" ", "").replace("\n", "").replace("|", "")


STORABLE = [
    "Opening: e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4",
    "Qxd7+ Kxd7 Nf6+ Ke7 Nxh7 Rxh7 Bg5+ f6 were the last moves.",
    "Kₐ₁ and Kₐ₂ are the two dissociation constants of H₂CO₃.",
    "CO₂ and H₂O and O₃ and N₂O are greenhouse gases.",
    "Mon Tue Wed Thu Fri Sat Sun are the days the ferry runs.",
    "Moves: Nf3\u2009Nc6\u2009Bb5\u2009Ba4\u2009Nf6\u2009Be7",
    "The total was 12 345\u202f678 and 9.",
    "The primer reads ATG GCC TTA CGA TGC AAT in the barcode.",
    "The mirror's onion address is bq4yntc2pyduivwce4nvlbqzvevjdaun5gd7kd36qystvqnqur6af7e7.onion, public.",
    "I2P mirror: ukeu3k5oycgaauneqgtnvselmt4yemvoilkln7jpvamvfx7dnkdq.b32.i2p",
    "---------------------------------------------",
    "Commits in this release:\n> 9fceb02d0ae5\n> 1a2b3c4d5e6f\n> 77aa88bb99cc",
    "Shopping:\n- flour1kg\n- sugar2kg\n- butter5x",
    "| release | sha |\n| --- | --- |\n| 1.2.0 | 9fceb02 |\n| 1.3.0 | 1a2b3c4 |",
    "The secrets file lives at /etc/rsyncd.secrets\nuid:nobody",
    "The meeting ran 10:30:am:pm:end without a break.",
    "name,secret,ttl\nfeature-x,no,30",
    "chr(72) + chr(105) spells Hi.",
    'echo "hello & goodbye" > password-notes.txt',
    'echo "$VAULT_PASS" > ~/.vault_pass.txt',
]


@pytest.mark.parametrize("text", STORABLE)
def test_ordinary_text_of_the_same_shape_stays_storable(text: str) -> None:
    assert SCANNER.kinds(text) == []


def test_an_onion_address_does_not_hide_a_labelled_key() -> None:
    assert SCANNER.kinds("api_key: bq4yntc2pyduivwce4nvlbqzvevjdaun5gd7kd36qystvqnqur6af7e7")
