"""A held-out split of credentials laid out around their value, and of ordinary lines of the same layouts without a
secret, ``held16v``: written by shape51 before stop 48's layout changes, scored once at the end (main and the branch,
same session).

Layouts (12 languages: English, German, French, Spanish, Italian, Portuguese, Dutch, Polish, Turkish, Russian,
Swedish, Indonesian):

- ``stated`` rows: the value said before its noun ("<v> is the new password for the router", "<v>, that's the gate
  code"); the value in quotes of the language ("changed the router password to „<v>“"); a JSON object, a YAML block
  and two Markdown tables (noun as column head, noun as row label) labelled with the language's own credential noun;
  English keypad codes followed by a joining word ("the gate code is <v> so the courier can get in"). Values: mixed
  passwords, word passphrases, 4-8 digit codes, codes with ``#`` or dashes.
- ``evasion`` rows: a vendor token (GitHub, GitLab, Slack, Stripe, npm) broken over two lines.
- ``prose`` rows (ordinary): the same layouts around public values: a number before "is the port", a quoted theme
  name, JSON/YAML configs and settings tables with public fields in the language's own words, a password-policy
  number in JSON, English "the room number is <n> so …".

Voices (a router, a garage, a courier, a studio), names and values no earlier split uses. Rows are
``secret_rows.Row`` with ``half == "held16v"``; the rows are also written to ``data/secrets/held16v.jsonl`` (the
committed copy; ``rows()`` reads it when present and checks it against the generator in the research tests).
Run: ``python -m research secret_scanner --held16v``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path

from secret_rows import B62, Row, rand

HALF = "held16v"
SEED = 48_2026_12_07_16
DATA = Path(__file__).resolve().parent / "data" / "secrets" / "held16v.jsonl"

WORDS = ("velvet", "harbor", "copper", "lantern", "meadow", "pebble", "thistle", "orchid", "quarry", "saffron")
USERS = ("lena", "bart", "yusuf", "inka", "oriol", "maren")


def _password(g: random.Random) -> str:
    return rand(g, B62, g.randint(4, 6)) + g.choice("!#%*") + rand(g, B62, g.randint(3, 6))


def _phrase(g: random.Random) -> str:
    return "-".join(g.sample(WORDS, 3)) + f"-{g.randint(10, 99)}"


def _code(g: random.Random) -> str:
    shape = g.choice(("digits", "hash", "dash"))
    if shape == "digits":
        return str(g.randint(1000, 99_999_999))
    if shape == "hash":
        return f"{g.randint(1000, 999_999)}#"
    return "-".join(f"{g.randint(10, 99)}" for _ in range(3))


VALUE: dict[str, Callable[[random.Random], str]] = {"pw": _password, "phrase": _phrase, "code": _code}

# language -> (template, value kind). {v} the value, {u} a user. Layout names are the row kinds.
STATED: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "value_first": ("{v} is the new password for the staging router", "pw"),
        "value_first_dash": ("{v}, that's the PIN for the garage keypad now", "code"),
        "quoted": ('She changed the router passphrase to "{v}" this morning.', "phrase"),
        "quoted_q": ("The garage PIN? It's '{v}'.", "code"),
        "json": ('{{"user": "{u}", "wifi_password": "{v}"}}', "phrase"),
        "yaml": ("router:\n  user: {u}\n  passcode: {v}", "code"),
        "table_col": ("| Device | Password |\n|---|---|\n| Router | {v} |", "pw"),
        "table_row": ("| Setting | Value |\n|---|---|\n| Garage PIN | {v} |", "code"),
    },
    "de": {
        "value_first": ("{v} ist das neue Passwort für den Router", "pw"),
        "value_first_dash": ("{v} – das ist der Code fürs Garagentor", "code"),
        "quoted": ("Sie hat das Router-Passwort heute früh auf „{v}“ geändert.", "phrase"),
        "quoted_q": ("Die Garagen-PIN lautet '{v}'.", "code"),
        "json": ('{{"benutzer": "{u}", "passwort": "{v}"}}', "pw"),
        "yaml": ("wlan:\n  ssid: Haus-5G\n  kennwort: {v}", "phrase"),
        "table_col": ("| Gerät | Passwort |\n|---|---|\n| Router | {v} |", "pw"),
        "table_row": ("| Einstellung | Wert |\n|---|---|\n| Geheimzahl | {v} |", "code"),
    },
    "fr": {
        "value_first": ("{v} est le nouveau mot de passe du routeur", "pw"),
        "value_first_dash": ("{v}, c'est le code du portail du garage", "code"),
        "quoted": ("Elle a changé le mot de passe du routeur en « {v} » ce matin.", "phrase"),
        "quoted_q": ('Le code PIN du garage, c\'est "{v}".', "code"),
        "json": ('{{"utilisateur": "{u}", "mot_de_passe": "{v}"}}', "pw"),
        "yaml": ("wifi:\n  ssid: Maison-5G\n  mot de passe: {v}", "phrase"),
        "table_col": ("| Appareil | Mot de passe |\n|---|---|\n| Routeur | {v} |", "pw"),
        "table_row": ("| Réglage | Valeur |\n|---|---|\n| Code du portail | {v} |", "code"),
    },
    "es": {
        "value_first": ("{v} es la nueva contraseña del router", "pw"),
        "value_first_dash": ("{v}, ese es el código de la puerta del garaje", "code"),
        "quoted": ('Cambió la contraseña del router a "{v}" esta mañana.', "phrase"),
        "quoted_q": ("El PIN del garaje es «{v}».", "code"),
        "json": ('{{"usuario": "{u}", "contraseña": "{v}"}}', "pw"),
        "yaml": ("wifi:\n  ssid: Casa-5G\n  clave: {v}", "phrase"),
        "table_col": ("| Equipo | Contraseña |\n|---|---|\n| Router | {v} |", "pw"),
        "table_row": ("| Ajuste | Valor |\n|---|---|\n| Código del portón | {v} |", "code"),
    },
    "it": {
        "value_first": ("{v} è la nuova password del router", "pw"),
        "value_first_dash": ("{v}, questo è il codice del cancello del garage", "code"),
        "quoted": ('Ha cambiato la password del router in "{v}" stamattina.', "phrase"),
        "quoted_q": ("Il PIN del garage è «{v}».", "code"),
        "json": ('{{"utente": "{u}", "codice_allarme": "{v}"}}', "code"),
        "yaml": ("wifi:\n  ssid: Casa-5G\n  chiave: {v}", "phrase"),
        "table_col": ("| Dispositivo | Password |\n|---|---|\n| Router | {v} |", "pw"),
        "table_row": ("| Impostazione | Valore |\n|---|---|\n| Codice del cancello | {v} |", "code"),
    },
    "pt": {
        "value_first": ("{v} é a nova senha do roteador", "pw"),
        "value_first_dash": ("{v}, esse é o código do portão da garagem", "code"),
        "quoted": ('Ela mudou a senha do roteador para "{v}" hoje de manhã.', "phrase"),
        "quoted_q": ("O PIN da garagem é '{v}'.", "code"),
        "json": ('{{"usuario": "{u}", "senha": "{v}"}}', "pw"),
        "yaml": ("wifi:\n  ssid: Casa-5G\n  senha: {v}", "phrase"),
        "table_col": ("| Aparelho | Senha |\n|---|---|\n| Roteador | {v} |", "pw"),
        "table_row": ("| Configuração | Valor |\n|---|---|\n| Código do portão | {v} |", "code"),
    },
    "nl": {
        "value_first": ("{v} is het nieuwe wachtwoord van de router", "pw"),
        "value_first_dash": ("{v}, dat is de code van de garagepoort", "code"),
        "quoted": ('Ze heeft het wachtwoord van de router vanochtend veranderd in "{v}".', "phrase"),
        "quoted_q": ("De pincode van de garage is '{v}'.", "code"),
        "json": ('{{"gebruiker": "{u}", "wachtwoord": "{v}"}}', "pw"),
        "yaml": ("wifi:\n  ssid: Thuis-5G\n  wachtwoord: {v}", "phrase"),
        "table_col": ("| Apparaat | Wachtwoord |\n|---|---|\n| Router | {v} |", "pw"),
        "table_row": ("| Instelling | Waarde |\n|---|---|\n| Pincode garage | {v} |", "code"),
    },
    "pl": {
        "value_first": ("{v} to nowe hasło do routera", "pw"),
        "value_first_dash": ("{v} – to jest kod do bramy garażu", "code"),
        "quoted": ("Rano zmieniła hasło do routera na „{v}”.", "phrase"),
        "quoted_q": ('PIN do garażu to "{v}".', "code"),
        "json": ('{{"użytkownik": "{u}", "hasło": "{v}"}}', "pw"),
        "yaml": ("wifi:\n  ssid: Dom-5G\n  hasło: {v}", "phrase"),
        "table_col": ("| Urządzenie | Hasło |\n|---|---|\n| Router | {v} |", "pw"),
        "table_row": ("| Ustawienie | Wartość |\n|---|---|\n| Kod do bramy | {v} |", "code"),
    },
    "tr": {
        "value_first": ("{v} modemin yeni şifresi", "pw"),
        "value_first_dash": ("{v}, bu garaj kapısının kodu", "code"),
        "quoted": ('Bu sabah modemin parolasını "{v}" olarak değiştirdi.', "phrase"),
        "quoted_q": ("Garajın PIN kodu '{v}'.", "code"),
        "json": ('{{"kullanıcı": "{u}", "şifre": "{v}"}}', "pw"),
        "yaml": ("wifi:\n  ssid: Ev-5G\n  parola: {v}", "phrase"),
        "table_col": ("| Cihaz | Şifre |\n|---|---|\n| Modem | {v} |", "pw"),
        "table_row": ("| Ayar | Değer |\n|---|---|\n| Garaj kapısı kodu | {v} |", "code"),
    },
    "ru": {
        "value_first": ("{v} — новый пароль от роутера", "pw"),
        "value_first_dash": ("{v}, это код от ворот гаража", "code"),
        "quoted": ("Утром она поменяла пароль от роутера на «{v}».", "phrase"),
        "quoted_q": ('PIN-код от гаража — "{v}".', "code"),
        "json": ('{{"пользователь": "{u}", "пароль": "{v}"}}', "pw"),
        "yaml": ("wifi:\n  ssid: Dom-5G\n  пароль: {v}", "phrase"),
        "table_col": ("| Устройство | Пароль |\n|---|---|\n| Роутер | {v} |", "pw"),
        "table_row": ("| Настройка | Значение |\n|---|---|\n| Код от ворот | {v} |", "code"),
    },
    "sv": {
        "value_first": ("{v} är det nya lösenordet till routern", "pw"),
        "value_first_dash": ("{v}, det är koden till garageporten", "code"),
        "quoted": ('Hon bytte routerns lösenord till "{v}" i morse.', "phrase"),
        "quoted_q": ("PIN-koden till garaget är '{v}'.", "code"),
        "json": ('{{"användare": "{u}", "lösenord": "{v}"}}', "pw"),
        "yaml": ("wifi:\n  ssid: Hemma-5G\n  lösenord: {v}", "phrase"),
        "table_col": ("| Enhet | Lösenord |\n|---|---|\n| Router | {v} |", "pw"),
        "table_row": ("| Inställning | Värde |\n|---|---|\n| Portkod | {v} |", "code"),
    },
    "id": {
        "value_first": ("{v} adalah kata sandi baru router", "pw"),
        "value_first_dash": ("{v}, itu kode gerbang garasi", "code"),
        "quoted": ('Dia mengganti kata sandi router menjadi "{v}" tadi pagi.', "phrase"),
        "quoted_q": ("PIN garasi adalah '{v}'.", "code"),
        "json": ('{{"pengguna": "{u}", "kata_sandi": "{v}"}}', "pw"),
        "yaml": ("wifi:\n  ssid: Rumah-5G\n  sandi: {v}", "phrase"),
        "table_col": ("| Perangkat | Kata sandi |\n|---|---|\n| Router | {v} |", "pw"),
        "table_row": ("| Pengaturan | Nilai |\n|---|---|\n| Kode gerbang | {v} |", "code"),
    },
}

# English keypad codes followed by a joining word (the rule read the value only at a clause end).
KEYPAD_JOINED = (
    "The gate code is {v} so the courier can get in",
    "the storage unit code is {v} and nobody else has it",
    "The alarm code for the studio is {v}, so don't post it in the channel",
    "the door code at the studio is {v} which I changed yesterday",
    "Garage keypad code is {v} so you can drop the bikes off",
    "the safe code is {v} but only for emergencies",
    "the code for the side gate is {v} so text me when you're in",
    "the lockbox code is {v} then press the star key",
)


def _gh(g: random.Random) -> str:
    return "ghp_" + rand(g, B62, 36)


def _gl(g: random.Random) -> str:
    return "glpat-" + rand(g, B62, 20)


def _slack(g: random.Random) -> str:
    return f"xoxb-{g.randint(10**11, 10**12 - 1)}-{g.randint(10**12, 10**13 - 1)}-{rand(g, B62, 24)}"


def _stripe(g: random.Random) -> str:
    return "sk_live_" + rand(g, B62, 24)


def _npm(g: random.Random) -> str:
    return "npm_" + rand(g, B62, 36)


TOKENS: tuple[tuple[str, Callable[[random.Random], str]], ...] = (
    ("github", _gh),
    ("gitlab", _gl),
    ("slack", _slack),
    ("stripe", _stripe),
    ("npm", _npm),
)

SPLIT = (
    "{n} token (it wrapped in the chat):\n{a}\n{b}",
    "Here is the {n} token, split because of the line limit:\n{a}\n{b}",
    "token part 1: {a}\ntoken part 2: {b}",
    "The {n} key, copy both lines together:\n{a}\n{b}",
)

# language -> ordinary templates ({n} a number, {w} a theme name, {k} a small number, {u} a user).
PROSE: dict[str, tuple[str, ...]] = {
    "en": (
        "{n} is the port the dashboard listens on",
        "{n}, that's the room for Friday's review",
        'She changed the dashboard theme to "{w}" this morning.',
        '{{"user": "{u}", "port": {n}, "language": "en"}}',
        '{{"password_min_length": {k}, "expiry_days": 90}}',
        "router:\n  ssid: Home-5G\n  channel: {k}",
        "| Device | Port |\n|---|---|\n| Router | {n} |",
        "| Setting | Value |\n|---|---|\n| Timeout | {k} |",
    ),
    "de": (
        "{n} ist der Port, auf dem das Dashboard läuft",
        "{n} – das ist der Raum für die Besprechung am Freitag",
        "Sie hat das Design des Dashboards heute früh auf „{w}“ geändert.",
        '{{"benutzer": "{u}", "port": {n}, "sprache": "de"}}',
        '{{"passwort_mindestlänge": {k}, "ablauf_tage": 90}}',
        "wlan:\n  ssid: Haus-5G\n  kanal: {k}",
        "| Gerät | Port |\n|---|---|\n| Router | {n} |",
        "| Einstellung | Wert |\n|---|---|\n| Zeitlimit | {k} |",
    ),
    "fr": (
        "{n} est le port sur lequel écoute le tableau de bord",
        "{n}, c'est la salle de la réunion de vendredi",
        "Elle a changé le thème du tableau de bord en « {w} » ce matin.",
        '{{"utilisateur": "{u}", "port": {n}, "langue": "fr"}}',
        '{{"longueur_min_mot_de_passe": {k}, "jours_expiration": 90}}',
        "wifi:\n  ssid: Maison-5G\n  canal: {k}",
        "| Appareil | Port |\n|---|---|\n| Routeur | {n} |",
        "| Réglage | Valeur |\n|---|---|\n| Délai | {k} |",
    ),
    "es": (
        "{n} es el puerto donde escucha el panel",
        "{n}, esa es la sala de la reunión del viernes",
        'Cambió el tema del panel a "{w}" esta mañana.',
        '{{"usuario": "{u}", "puerto": {n}, "idioma": "es"}}',
        '{{"longitud_minima_contraseña": {k}, "dias_caducidad": 90}}',
        "wifi:\n  ssid: Casa-5G\n  canal: {k}",
        "| Equipo | Puerto |\n|---|---|\n| Router | {n} |",
        "| Ajuste | Valor |\n|---|---|\n| Tiempo de espera | {k} |",
    ),
    "it": (
        "{n} è la porta su cui ascolta la dashboard",
        "{n}, questa è la sala della riunione di venerdì",
        'Ha cambiato il tema della dashboard in "{w}" stamattina.',
        '{{"utente": "{u}", "porta": {n}, "lingua": "it"}}',
        '{{"lunghezza_minima_password": {k}, "giorni_scadenza": 90}}',
        "wifi:\n  ssid: Casa-5G\n  canale: {k}",
        "| Dispositivo | Porta |\n|---|---|\n| Router | {n} |",
        "| Impostazione | Valore |\n|---|---|\n| Timeout | {k} |",
    ),
    "pt": (
        "{n} é a porta em que o painel escuta",
        "{n}, essa é a sala da reunião de sexta",
        'Ela mudou o tema do painel para "{w}" hoje de manhã.',
        '{{"usuario": "{u}", "porta": {n}, "idioma": "pt"}}',
        '{{"tamanho_minimo_senha": {k}, "dias_validade": 90}}',
        "wifi:\n  ssid: Casa-5G\n  canal: {k}",
        "| Aparelho | Porta |\n|---|---|\n| Roteador | {n} |",
        "| Configuração | Valor |\n|---|---|\n| Tempo limite | {k} |",
    ),
    "nl": (
        "{n} is de poort waarop het dashboard luistert",
        "{n}, dat is de zaal voor de vergadering van vrijdag",
        'Ze heeft het thema van het dashboard vanochtend veranderd in "{w}".',
        '{{"gebruiker": "{u}", "poort": {n}, "taal": "nl"}}',
        '{{"minimale_wachtwoordlengte": {k}, "verloopdagen": 90}}',
        "wifi:\n  ssid: Thuis-5G\n  kanaal: {k}",
        "| Apparaat | Poort |\n|---|---|\n| Router | {n} |",
        "| Instelling | Waarde |\n|---|---|\n| Time-out | {k} |",
    ),
    "pl": (
        "{n} to port, na którym słucha panel",
        "{n} – to jest sala na piątkowe spotkanie",
        "Rano zmieniła motyw panelu na „{w}”.",
        '{{"użytkownik": "{u}", "port": {n}, "język": "pl"}}',
        '{{"minimalna_długość_hasła": {k}, "dni_ważności": 90}}',
        "wifi:\n  ssid: Dom-5G\n  kanał: {k}",
        "| Urządzenie | Port |\n|---|---|\n| Router | {n} |",
        "| Ustawienie | Wartość |\n|---|---|\n| Limit czasu | {k} |",
    ),
    "tr": (
        "{n} panelin dinlediği port",
        "{n}, bu cuma toplantısının salonu",
        'Bu sabah panelin temasını "{w}" olarak değiştirdi.',
        '{{"kullanıcı": "{u}", "port": {n}, "dil": "tr"}}',
        '{{"en_kısa_şifre_uzunluğu": {k}, "geçerlilik_günü": 90}}',
        "wifi:\n  ssid: Ev-5G\n  kanal: {k}",
        "| Cihaz | Port |\n|---|---|\n| Modem | {n} |",
        "| Ayar | Değer |\n|---|---|\n| Zaman aşımı | {k} |",
    ),
    "ru": (
        "{n} — порт, на котором слушает панель",
        "{n}, это зал для совещания в пятницу",
        "Утром она поменяла тему панели на «{w}».",
        '{{"пользователь": "{u}", "порт": {n}, "язык": "ru"}}',
        '{{"минимальная_длина_пароля": {k}, "срок_дней": 90}}',
        "wifi:\n  ssid: Dom-5G\n  канал: {k}",
        "| Устройство | Порт |\n|---|---|\n| Роутер | {n} |",
        "| Настройка | Значение |\n|---|---|\n| Тайм-аут | {k} |",
    ),
    "sv": (
        "{n} är porten som panelen lyssnar på",
        "{n}, det är rummet för mötet på fredag",
        'Hon bytte panelens tema till "{w}" i morse.',
        '{{"användare": "{u}", "port": {n}, "språk": "sv"}}',
        '{{"minsta_lösenordslängd": {k}, "giltighetsdagar": 90}}',
        "wifi:\n  ssid: Hemma-5G\n  kanal: {k}",
        "| Enhet | Port |\n|---|---|\n| Router | {n} |",
        "| Inställning | Värde |\n|---|---|\n| Tidsgräns | {k} |",
    ),
    "id": (
        "{n} adalah port yang dipakai dasbor",
        "{n}, itu ruang rapat hari Jumat",
        'Dia mengganti tema dasbor menjadi "{w}" tadi pagi.',
        '{{"pengguna": "{u}", "port": {n}, "bahasa": "id"}}',
        '{{"panjang_minimal_sandi": {k}, "hari_berlaku": 90}}',
        "wifi:\n  ssid: Rumah-5G\n  kanal: {k}",
        "| Perangkat | Port |\n|---|---|\n| Router | {n} |",
        "| Pengaturan | Nilai |\n|---|---|\n| Batas waktu | {k} |",
    ),
}

PROSE_JOINED = (
    "The room number is {n} so take the lift to the third floor",
    "the build number is {n} and it passed every check",
    "The ticket for the studio move is {n}, so link it in the channel",
    "the order number at the print shop is {n} which I placed yesterday",
    "Platform for the night train is {n} so you can wait inside",
    "the batch size is {n} but only for the nightly run",
    "the extension for the front desk is {n} so call when you're in",
    "the invoice number is {n} then add the VAT line",
)

THEMES = ("Nord", "Solarized Dark", "ocean-blue", "Compact 2", "Midnight", "paper-light")


def _stated(g: random.Random) -> Iterator[Row]:
    for lang, layouts in STATED.items():
        for layout, (template, value_kind) in layouts.items():
            for _ in range(2):
                v = VALUE[value_kind](g)
                yield Row(HALF, "stated", f"{layout}_{lang}", template.format(v=v, u=g.choice(USERS)), v)
    for template in KEYPAD_JOINED:
        for _ in range(2):
            v = _code(g)
            yield Row(HALF, "stated", "keypad_joined_en", template.format(v=v), v)
    for template in SPLIT:
        for name, make in TOKENS:
            token = make(g)
            cut = len(token) // 2 + g.randint(-3, 3)
            text = template.format(n=name, a=token[:cut], b=token[cut:])
            yield Row(HALF, "evasion", f"split_{name}", text, token)


def _prose(g: random.Random) -> Iterator[Row]:
    seen: set[str] = set()
    for lang, templates in PROSE.items():
        for i, template in enumerate(templates):
            for _ in range(3):
                text = template.format(
                    n=g.choice((g.randint(1024, 65_535), g.randint(100, 999))),
                    w=g.choice(THEMES),
                    k=g.randint(6, 48),
                    u=g.choice(USERS),
                )
                if text not in seen:
                    seen.add(text)
                    yield Row(HALF, "prose", f"layout{i}_{lang}", text, "")
    for template in PROSE_JOINED:
        for _ in range(2):
            text = template.format(n=g.randint(1000, 99_999))
            if text not in seen:
                seen.add(text)
                yield Row(HALF, "prose", "joined_en", text, "")


def generate(seed: int = SEED) -> list[Row]:
    """Every row of the held16v split from the templates (deterministic for a seed): stated and split, then
    ordinary."""
    g = random.Random(seed)
    return list(_stated(g)) + list(_prose(g))


def rows() -> list[Row]:
    """The held16v rows: the committed ``data/secrets/held16v.jsonl`` when present, else ``generate()``."""
    if not DATA.exists():
        return generate()
    with DATA.open(encoding="utf-8") as handle:
        return [Row(**json.loads(line)) for line in handle if line.strip()]


def write(path: Path = DATA) -> int:
    """Write ``generate()`` to ``path`` as JSON lines; returns the row count."""
    made = generate()
    with path.open("w", encoding="utf-8") as handle:
        for row in made:
            handle.write(json.dumps(row.__dict__, ensure_ascii=False) + "\n")
    return len(made)


if __name__ == "__main__":
    print(write())
