"""Generate the secrets13b held-out set (written before any tuning): ordinary.jsonl and secrets.jsonl.

Ordinary: chemistry/physics/maths notes with sub/superscripts, styled and circled titles, soft-hyphenated titles,
escaped ordinary text, seed-like word lists that are not seeds, config placeholders. Secrets: credentials of known
formats and random tokens hidden by the same marks, and real BIP39 phrases (valid checksum). Seeded, deterministic.
Run: python gen.py <bip39 english wordlist path>."""

import hashlib
import json
import random
import sys
from pathlib import Path

R = random.Random(13_0_2)
SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
SUP = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
CIRC_D = {str(i): chr(0x2460 + i - 1) for i in range(1, 10)} | {"0": "⓪"}


def circ(s):
    out = []
    for ch in s:
        if ch.isdigit():
            out.append(CIRC_D[ch])
        elif "a" <= ch <= "z":
            out.append(chr(0x24D0 + ord(ch) - 97))
        elif "A" <= ch <= "Z":
            out.append(chr(0x24B6 + ord(ch) - 65))
        else:
            out.append(ch)
    return "".join(out)


def shy(s, every=4):
    return "\xad".join(s[i : i + every] for i in range(0, len(s), every))


def uesc(s):
    return "".join(f"\\u{ord(c):04x}" for c in s)


def hexent(s):
    return "".join(f"&#x{ord(c):x};" for c in s)


def decent(s):
    return "".join(f"&#{ord(c)};" for c in s)


def css(s):
    return "".join(f"\\{ord(c):x} " for c in s)


ordinary = []


def o(text, kind):
    ordinary.append({"text": text, "kind": kind})


formulas = [
    ("Ethanol", "C2H5OH"),
    ("Acetone", "C3H6O"),
    ("Aspirin", "C9H8O4"),
    ("Paracetamol", "C8H9NO2"),
    ("Benzoic acid", "C7H6O2"),
    ("Cholesterol", "C27H46O"),
    ("Fructose", "C6H12O6"),
    ("Lactose", "C12H22O11"),
    ("Nicotine", "C10H14N2"),
    ("Dopamine", "C8H11NO2"),
    ("Serotonin", "C10H12N2O"),
    ("Urea", "CH4N2O"),
    ("Citric acid", "C6H8O7"),
    ("Naphthalene", "C10H8"),
    ("Octane", "C8H18"),
    ("Vitamin C", "C6H8O6"),
    ("Adrenaline", "C9H13NO3"),
    ("Menthol", "C10H20O"),
    ("Capsaicin", "C18H27NO3"),
    ("Heme b", "C34H32O4N4Fe"),
    ("Gypsum", "CaSO4·2H2O"),
    ("Potassium permanganate", "KMnO4"),
    ("Ammonium nitrate", "NH4NO3"),
    ("Sodium thiosulfate", "Na2S2O3"),
    ("Magnetite", "Fe3O4"),
    ("Calcium phosphate", "Ca3(PO4)2"),
]
tmpl = [
    "{n} is {f}.",
    "My lab notebook: {n} = {f}.",
    "The formula of {n} is {f}",
    "Recall that {n} has formula {f}.",
    "Quiz answer: {f} ({n}).",
    "{n}: {f}; molar mass to look up later.",
]
for i, (n, f) in enumerate(formulas):
    o(tmpl[i % len(tmpl)].format(n=n, f=f.translate(SUB)), "formula-sub")
o("Combustion: C₃H₈ + 5O₂ → 3CO₂ + 4H₂O.", "equation")
o("Photosynthesis: 6CO₂ + 6H₂O → C₆H₁₂O₆ + 6O₂", "equation")
o("Fermentation gives C₆H₁₂O₆ → 2C₂H₅OH + 2CO₂.", "equation")
o("Rust forms as 4Fe + 3O₂ → 2Fe₂O₃.", "equation")
o("The catalyst is [Rh(PPh₃)₃Cl], Wilkinson's catalyst.", "complex")
o("Polymer repeat unit (C₂H₄)ₙ for polyethylene.", "polymer")
o("We budgeted 3400kgCO₂e per year for travel.", "units")
o("Emissions fell to 850tCO₂eq/yr after the retrofit.", "units")
# physics / maths
for t in [
    "Energy: E = mc², so 1 kg gives about 9×10¹⁶ J.",
    "The area grows as r² and the volume as r³.",
    "Avogadro's number is 6.022×10²³ per mole.",
    "Matrix entries a₁₁a₁₂a₂₁a₂₂ give the determinant a₁₁a₂₂ − a₁₂a₂₁.",
    "Let x₁, x₂, …, x₁₀₀ be the samples.",
    "The sequence a₁₂₃₄ is just the 1234th term.",
    "Tensor component T₁₂₃ vanishes by symmetry.",
    "Write the sum as Σᵢ₌₁ⁿ xᵢ².",
    "Coefficients c₁₀c₁₁c₁₂ come from the recurrence.",
    "Planck's constant h ≈ 6.626×10⁻³⁴ J·s.",
    "The decay constant λ = 1.2×10⁻⁴ per year for carbon-14.",
    "In notes I abbreviate v₀t+½at² as the displacement.",
    "See footnote Einstein¹⁹⁰⁵ for the original paper.",
    "The reference is Smith²⁰¹⁹ in the bibliography.",
    "Version²⁰²⁶ of the roadmap is in the wiki.",
    "Chapter Mission¹² covers the lunar landing.",
    "Wavelength λ₅₀₀nm light is green.",
    "The isotope is written ²³⁵U or U²³⁵ in older texts.",
    "He wrote Fe²⁺/Fe³⁺ couple potentials on the board.",
    "The ion SO₄²⁻ carries two negative charges.",
    "Kₐ₁ and Kₐ₂ are the two dissociation constants of H₂CO₃.",
    "The polynomial x¹²+x¹¹+1 is irreducible over GF(2).",
    "Index notation: εᵢⱼₖ with i,j,k from 1 to 3.",
    "The eigenvalues λ₁₂ and λ₂₁ coincide here.",
]:
    o(t, "math-phys")
# circled / styled titles
for w in [
    "Room202",
    "Apollo13",
    "Level42",
    "Track07",
    "Studio54",
    "Windows10",
    "Route66",
    "Area51",
    "Catch22",
    "Blink182",
    "Ocean11",
    "Highway61",
]:
    o(f"Poster title in circled letters: {circ(w)}.", "circled-title")
o("Steps ①②③④⑤⑥⑦⑧⑨ are in the manual.", "circled-steps")
o("Checklist ⓐⓑⓒⓓⓔⓕⓖⓗ done.", "circled-letters")
o("Rank: ①⓪⓪ points for the team.", "circled-number")
# soft hyphens in titles
for w in [
    "Windows10Migration",
    "Python312Release",
    "Kubernetes128Upgrade",
    "Ubuntu2404Rollout",
    "Postgres17Notes",
    "Chapter12Summary",
    "Route66Roadtrip",
    "Project2026Plan",
    "Firefox130Changes",
    "Node22Migration",
]:
    o(f"The wiki page is called {shy(w)}.", "soft-hyphen-title")
o("Die Donau\xaddampf\xadschiff\xadfahrts\xadgesell\xadschaft2024 fährt wieder.", "soft-hyphen-de")
o("Read Inter\xadnational\xadization2025 before the release.", "soft-hyphen-en")
# escapes of ordinary text
words = [
    "Meeting2026Notes",
    "Windows10Setup",
    "Python3Tutorial",
    "Room42Calendar",
    "Kitchen2Renovation",
    "Backup2025Plan",
    "Invoice1234",
    "Flight447Info",
    "Chapter11Draft",
    "Budget2027Draft",
]
for i, w in enumerate(words):
    kind = i % 4
    if kind == 0:
        o(f'The JSON had "title": "{uesc(w)}" in it.', "escape-u")
    elif kind == 1:
        o(f"The HTML heading was {hexent(w)} on the page.", "escape-hex-ent")
    elif kind == 2:
        o(f'The CSS content: "{css(w)}" shows the label.', "escape-css")
    else:
        o(f"The page showed {decent(w)} as its title.", "escape-dec-ent")
o('The log line was "\\u0048\\u0065\\u006c\\u006c\\u006f\\u0020\\u0057\\u006f\\u0072\\u006c\\u0064".', "escape-u-words")
o("Title: &#x43;&#x61;&#x66;&#xe9;&#x20;&#x32;&#x30;&#x32;&#x36;", "escape-ent-words")
# seed-like word lists that are not seeds
for t in [
    'seed_phrase = "red orange yellow green blue indigo violet black white grey pink brown"  # colour quiz',
    'mnemonic = "my very educated mother just served us nine pizzas and some dessert"  # planets',
    'recovery_phrase = "the quick brown fox jumps over the lazy dog and then runs far away"  # typing test',
    'secret_phrase = "once upon a time there lived a king who had three daughters and a cat"',
    'seed_words = "apple banana cherry grape lemon mango melon orange peach pear plum lime"  # fruit game',
    'mnemonic: "every good boy does fine and all cows eat grass on sunny days"  # music',
    'game_seed_phrase = "dragon castle forest river mountain valley desert ocean island cave bridge tower"',
    'world mnemonic = "north south east west up down left right front back inside outside"',
    'seed phrase example from the docs: "word word word word word word word word word word word word"',
    'mnemonic = "one two three four five six seven eight nine ten eleven twelve"  # counting song',
    'recovery phrase = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima"',
    'The poem line "all the leaves are brown and the sky is grey i have been for a walk" is quoted.',
]:
    o(t, "seed-like")
# config placeholders / ordinary config values
for t in [
    "$USER3$=backup2026 is the Nagios macro for the backup host group name",
    "$USER1$=/usr/lib/nagios/plugins",
    "BUNDLE_GEMS__EXAMPLE__COM=user:CHANGEME",
    "BUNDLE_RUBYGEMS__PKG__GITHUB__COM=USERNAME:TOKEN_HERE",
    "BUNDLE_GEMFURY__IO=<your-token>",
    "<key>REFRESH_TOKEN_TTL</key><string>P30D</string>",
    "<key>SESSION_TIMEOUT</key><string>PT1H30M</string>",
    "<key>PasswordMinLength</key><integer>12</integer>",
    "GPG_KEY=0x1234ABCD is my public key id, on the keyservers.",
    "SIGNING_KEY_ID=0xDEADBEEFCAFEF00D (long id, public)",
    "GPG_FINGERPRINT=ABCD 1234 EF56 7890 ABCD  1234 EF56 7890 ABCD 1234",
    "DB_PASSWORD=changeme  # placeholder in .env.example",
    "API_TOKEN=your_token_here",
    "SECRET_KEY=<generate with openssl rand -hex 32>",
    "password: ${DB_PASSWORD}",
    'token = "REPLACE_WITH_YOUR_TOKEN"',
    "TOKEN_EXPIRY=PT15M",
    "ACCESS_TOKEN_LIFETIME=PT5M and REFRESH_TOKEN_LIFETIME=P1D",
    "<key>TokenRefreshInterval</key><string>PT10M</string>",
    "uci set wireless.radio0.channel='11'",
]:
    o(t, "config-placeholder")


# neighbours: more formula sentences in other wordings, superscript ordinals, styled names
more = [
    ("Glycerol", "C3H8O3"),
    ("Toluene", "C7H8"),
    ("Ethylene glycol", "C2H6O2"),
    ("Testosterone", "C19H28O2"),
    ("Quinine", "C20H24N2O2"),
    ("Morphine", "C17H19NO3"),
    ("Sorbitol", "C6H14O6"),
    ("Acetic anhydride", "C4H6O3"),
    ("Phenol", "C6H5OH"),
    ("Benzene", "C6H6"),
    ("Methane hydrate", "CH4·5.75H2O"),
    ("Borax", "Na2B4O7·10H2O"),
]
tm2 = ["Homework: write {f} for {n}.", "{f} is {n}, right?", "Flashcard {n} -> {f}.", "TIL {n} is {f}!"]
for i, (n, f) in enumerate(more):
    o(tm2[i % len(tm2)].format(n=n, f=f.translate(SUB)), "formula-sub-2")
for t in [
    "The 21ˢᵗ century started in 2001.",
    "Page numbers go up to xᵛⁱⁱⁱ in the preface.",
    "Footnotes Kant¹⁷⁸¹ and Hegel¹⁸⁰⁷ are both first editions.",
    "Model GPT⁴ˣ is a joke name in our channel.",
    "Rev²⁰²⁴ᵇ is the current board revision.",
    "Dimension ℝ¹²⁸ embeddings are used here.",
    "Stock SKU Widget₂₀₂₅ is discontinued.",
    "Our team name is Squad₁₂₃ this season.",
    "CO₂ and H₂O and O₃ and N₂O are greenhouse gases.",
    "The series is Σₙ₌₁¹⁰⁰ 1/n².",
    "Zone₄₂ of the warehouse is cold storage.",
    "Building Ⓑ①② is next to the parking lot.",
]:
    o(t, "sup-sub-neighbour")

# ---------------- secrets ----------------
secrets = []


def s(text, kind):
    secrets.append({"text": text, "kind": kind})


ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def rnd(n, alpha=ALNUM):
    return "".join(R.choice(alpha) for _ in range(n))


def gh():
    return "ghp_" + rnd(36)


def aws():
    return "AKIA" + rnd(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")


def slack():
    return f"xoxb-{rnd(11, '0123456789')}-{rnd(12, '0123456789')}-{rnd(24)}"


def stripe():
    return "sk_live_" + rnd(24)


def randtok():
    return rnd(R.choice([20, 24, 32]))


def pw():
    return R.choice(["Tr0ub4dor", "Hunter2024x", "Summer9Rain", "M0nk3yBus", "Zebra77Lamp"]) + rnd(3, "0123456789!#")


makers = [gh, aws, slack, stripe, randtok, randtok, pw]


def sub_digits(v):
    return v.translate(SUB)


def sup_digits(v):
    return v.translate(SUP)


def circ_all(v):
    return circ(v)


for i in range(12):
    v = makers[i % len(makers)]()
    s(f"my token is {sub_digits(v)}", "subscript-" + makers[i % len(makers)].__name__)
for i in range(10):
    v = makers[(i + 2) % len(makers)]()
    s(f"here it is: {sup_digits(v)}", "superscript")
for i in range(8):
    v = makers[(i + 4) % len(makers)]()
    s(f"{circ_all(v)} is the key for prod", "circled")
for i in range(10):
    v = makers[(i + 1) % len(makers)]()
    s(f"Use {shy(v, R.choice([3, 4, 5]))} to log in.", "soft-hyphen")
for i, enc in enumerate([uesc, hexent, css, decent] * 3):
    v = makers[i % len(makers)]()
    s(f"pasting this: {enc(v)}", "escape-" + enc.__name__)
# mixed: subscript + soft hyphen
for i in range(3):
    v = makers[i]()
    s(f"the key: {shy(sub_digits(v), 6)}", "mixed-sub-shy")

# real BIP39 phrases with valid checksum
words = Path(sys.argv[1]).read_text().split()
assert len(words) == 2048


def bip39(nbytes):
    ent = bytes(R.getrandbits(8) for _ in range(nbytes))
    h = hashlib.sha256(ent).digest()
    bits = bin(int.from_bytes(ent, "big"))[2:].zfill(nbytes * 8) + bin(h[0])[2:].zfill(8)[: nbytes * 8 // 32]
    return " ".join(words[int(bits[i : i + 11], 2)] for i in range(0, len(bits), 11))


for i in range(8):
    p = bip39(16 if i % 2 == 0 else 32)
    form = [f'mnemonic = "{p}"', f'seed_phrase: "{p}"', f'RECOVERY_PHRASE="{p}"', f"my seed phrase is {p}"][i % 4]
    s(form, "bip39")

here = Path(__file__).parent
(here / "ordinary.jsonl").write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in ordinary))
(here / "secrets.jsonl").write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in secrets))
print(len(ordinary), len(secrets))
