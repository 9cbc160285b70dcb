"""A held-out split of credentials in TABLES, in PARENTHESES without a colon, led by ``$``, behind a CLAUSE before
the colon, given as the REPLY to a question, and tokens SPLIT over lines, with ordinary look-alikes, ``held14t``:
written by table18 at the start of stop 46 before any change, scored once at the end (main and the branch, same run).

Twelve languages (English, German, French, Spanish, Italian, Portuguese, Dutch, Polish, Turkish, Russian,
Japanese, Chinese) plus Korean and Vietnamese for the table and parenthesis shapes. A voice of its own (a
community garden, a choir, a ferry office, a dental practice). Groups:

- ``stated``: a password cell under a header that names the column (markdown with and without ``|---|``, tab
  separated, space aligned); ``(noun value)`` in running prose; a ``$``-led value of mixed classes after the noun;
  ``noun, <clause>: value``; a question about the password answered on the next dialogue line; a known token
  prefix wrapped over two or three lines at an odd boundary.
- ``prose``: tables of non-secret columns and tables whose password column holds only where it is kept;
  parentheses with versions, counts, ticket and error codes; ``$NAME`` / ``${NAME}`` references in docs; clauses
  about passwords with a colon that give no value; questions about the password answered with where it is; Stripe
  object ids (invoice, charge, customer, payment intent, subscription).

Rows are ``secret_rows.Row`` with ``half == "held14t"``. Run: ``python -m research secret_scanner --held14t``.
"""

from __future__ import annotations

import random
import string
from collections.abc import Iterator

from secret_rows import B62, Row, rand

HALF = "held14t"
SEED = 46_2026_12_07_14
PW = string.ascii_letters + string.digits + "#%*!?+@"
LOW = string.ascii_lowercase + string.digits
WORDS = ("fern", "harbor", "tulip", "anchor", "violet", "maple", "pebble", "cedar", "lantern", "heron", "clover")
PEOPLE = ("Ines", "Bartek", "Yuki", "Selin", "Mateo", "Greta", "Oleg", "Mei", "Joana", "Pieter")
HOSTS = ("ferry-pos", "choir-nas", "garden-pi", "dent-xray", "ticket-kiosk", "mail-relay")


def _pw(g: random.Random) -> str:
    kind = g.randrange(4)
    if kind == 0:
        return rand(g, PW, g.randint(10, 15)) + g.choice("7#%")
    if kind == 1:
        return str(g.randint(10_000_000, 999_999_999))
    if kind == 2:
        return f"{g.choice(WORDS)}-{g.choice(WORDS)}-{g.randint(10, 99)}"
    return rand(g, LOW, 11) + str(g.randint(1, 9))


def _dollar(g: random.Random) -> str:
    return "$" + rand(g, string.ascii_letters, 2) + rand(g, PW, 9) + g.choice("3#!")


# language -> (server, user, password, where-kept, role) table headers and words.
TABLE: dict[str, tuple[str, str, str, str, str]] = {
    "en": ("Host", "Login", "Password", "in the vault", "Role"),
    "de": ("Rechner", "Nutzer", "Kennwort", "im Tresor", "Rolle"),
    "fr": ("Machine", "Identifiant", "Mot de passe", "dans le coffre", "Rôle"),
    "es": ("Equipo", "Usuario", "Contraseña", "en la bóveda", "Rol"),
    "it": ("Macchina", "Utente", "Password", "nel vault", "Ruolo"),
    "pt": ("Máquina", "Usuário", "Senha", "no cofre", "Função"),
    "nl": ("Machine", "Gebruiker", "Wachtwoord", "in de kluis", "Rol"),
    "pl": ("Maszyna", "Użytkownik", "Hasło", "w sejfie", "Rola"),
    "tr": ("Makine", "Kullanıcı", "Şifre", "kasada", "Rol"),
    "ru": ("Машина", "Логин", "Пароль", "в сейфе", "Роль"),
    "ja": ("ホスト", "ユーザー", "パスワード", "金庫の中", "役割"),
    "zh": ("主机", "账号", "密码", "在保险库", "角色"),
    "ko": ("호스트", "사용자", "비밀번호", "금고에", "역할"),
    "vi": ("Máy", "Người dùng", "Mật khẩu", "trong két", "Vai trò"),
}


def _md(header: tuple[str, ...], rows: list[tuple[str, ...]], sep: bool) -> str:
    lines = ["| " + " | ".join(header) + " |"]
    if sep:
        lines.append("|" + "|".join("---" for _ in header) + "|")
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def _tab(header: tuple[str, ...], rows: list[tuple[str, ...]], spaces: bool) -> str:
    if not spaces:
        return "\n".join("\t".join(r) for r in [header, *rows])
    widths = [max(len(r[i]) for r in [header, *rows]) + 3 for i in range(len(header))]
    return "\n".join("".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in [header, *rows])


LAYOUTS = ("md sep", "md bare", "tab", "spaced")


def _layout(name: str, header: tuple[str, ...], rows: list[tuple[str, ...]]) -> str:
    if name.startswith("md"):
        return _md(header, rows, name == "md sep")
    return _tab(header, rows, name == "spaced")


def _tables(g: random.Random) -> Iterator[Row]:
    for lang, (host, user, pw, kept, role) in TABLE.items():
        for layout in LAYOUTS:
            secret = _pw(g)
            rows = [(g.choice(HOSTS), g.choice(("admin", "ops", "kasse", "root")), secret)]
            if g.random() < 0.5:
                rows.append((g.choice(HOSTS), "backup", _pw(g)))
            yield Row(HALF, "stated", f"table {layout} ({lang})", _layout(layout, (host, user, pw), rows), secret)
            plain = [(g.choice(HOSTS), g.choice(("admin", "ops")), g.choice(("owner", "viewer", "editor")))]
            plain.append((g.choice(HOSTS), g.choice(PEOPLE).lower(), str(g.randint(1, 40))))
            yield Row(HALF, "prose", f"ordinary table ({lang})", _layout(layout, (host, user, role), plain), "")
            if layout in ("md sep", "tab"):
                kept_rows = [(g.choice(HOSTS), "admin", kept), (g.choice(HOSTS), "ops", "—")]
                text = _layout(layout, (host, user, pw), kept_rows)
                yield Row(HALF, "prose", f"ordinary table ({lang})", text, "")


# language -> credentials in parentheses without a colon ({v} the value), then ordinary parentheses ({n} a number).
PAREN: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "en": (
        (
            "Sign into the ferry booking admin (password {v}) and export the timetable.",
            "Garage unlocked (code {v}), bring the mower back.",
        ),
        (
            "Upgrade the ferry app (version 4.{n}.2) before Friday.",
            "We sold {n} tickets (about {n} more than May).",
            "The kiosk failed (error code 0x{n}F) twice.",
        ),
    ),
    "de": (
        (
            "Melde dich am Chor-NAS an (Passwort {v}) und lade die Noten hoch.",
            "Karte entsperrt (PIN {v}), du kannst tanken.",
        ),
        (
            "Bitte die App aktualisieren (Version 3.{n}) vor dem Konzert.",
            "Wir sind {n} Sänger (ohne die {n} Gäste).",
            "Der Drucker meldet einen Fehler (Code E{n}) seit Montag.",
        ),
    ),
    "fr": (
        (
            "Connecte-toi à la caisse du ferry (mot de passe {v}) pour clôturer.",
            "Le portail est ouvert (code {v}), entre directement.",
        ),
        (
            "Installe la mise à jour (version 2.{n}) avant le concert.",
            "On a reçu {n} inscriptions (dont {n} enfants).",
            "La borne affiche une erreur (code {n}) depuis hier.",
        ),
    ),
    "es": (
        (
            "Entra en el panel del jardín (contraseña {v}) y revisa el riego.",
            "Tarjeta desbloqueada (PIN {v}), ya puedes pagar.",
        ),
        (
            "Actualiza la app (versión 5.{n}) antes del ensayo.",
            "Vinieron {n} vecinos (y {n} niños).",
            "La máquina falló (código de error {n}) otra vez.",
        ),
    ),
    "it": (
        (
            "Accedi al gestionale del coro (password {v}) e carica gli spartiti.",
            "Cancello sbloccato (codice {v}), entra pure.",
        ),
        (
            "Aggiorna l'app (versione 1.{n}) prima del concerto.",
            "Siamo in {n} (più {n} ospiti).",
            "Il lettore dà errore (codice {n}) da ieri.",
        ),
    ),
    "pt": (
        ("Entra no painel da horta (senha {v}) e vê a rega.", "Cartão desbloqueado (PIN {v}), já podes pagar."),
        (
            "Atualiza a app (versão 6.{n}) antes do ensaio.",
            "Vieram {n} vizinhos (e {n} crianças).",
            "A máquina deu erro (código {n}) de novo.",
        ),
    ),
    "nl": (
        (
            "Log in op de kassa van de veerboot (wachtwoord {v}) en sluit de dag af.",
            "Poort open (code {v}), rij maar door.",
        ),
        (
            "Werk de app bij (versie 7.{n}) voor het concert.",
            "We waren met {n} (plus {n} gasten).",
            "De kiosk gaf een fout (foutcode {n}) vanmorgen.",
        ),
    ),
    "pl": (
        (
            "Zaloguj się do panelu ogrodu (hasło {v}) i sprawdź podlewanie.",
            "Karta odblokowana (PIN {v}), możesz płacić.",
        ),
        (
            "Zaktualizuj aplikację (wersja 2.{n}) przed próbą.",
            "Przyszło {n} osób (w tym {n} dzieci).",
            "Kiosk zgłosił błąd (kod {n}) rano.",
        ),
    ),
    "tr": (
        ("Feribot kasasına gir (şifre {v}) ve günü kapat.", "Kart açıldı (PIN {v}), artık ödeme yapabilirsin."),
        (
            "Uygulamayı güncelle (sürüm 3.{n}) provadan önce.",
            "{n} kişi geldi (ve {n} çocuk).",
            "Kiosk hata verdi (hata kodu {n}) sabah.",
        ),
    ),
    "ru": (
        ("Зайди в кассу парома (пароль {v}) и закрой смену.", "Карту разблокировали (ПИН {v}), можно платить."),
        (
            "Обнови приложение (версия 4.{n}) до репетиции.",
            "Пришло {n} человек (и {n} детей).",
            "Киоск выдал ошибку (код {n}) утром.",
        ),
    ),
    "ja": (
        (
            "フェリーの管理画面にログインして（パスワード{v}）時刻表を出してください。",
            "ゲートが開きました（暗証番号{v}）ので入ってください。",
        ),
        (
            "練習の前にアプリを更新してください（バージョン2.{n}）。",
            "{n}人が来ました（子ども{n}人を含む）。",
            "キオスクがエラーを出しました（エラーコード{n}）。",
        ),
    ),
    "zh": (
        ("登录渡轮后台（密码{v}）导出时刻表。", "卡已解锁（密码{v}），可以付款了。"),
        ("排练前请更新应用（版本3.{n}）。", "来了{n}个人（其中{n}个孩子）。", "售票机报错（错误代码{n}）了。"),
    ),
    "ko": (
        (
            "페리 관리자 페이지에 로그인해서 (비밀번호 {v}) 시간표를 내보내세요.",
            "카드 잠금이 풀렸어요 (PIN {v}), 이제 결제하세요.",
        ),
        (
            "연습 전에 앱을 업데이트하세요 (버전 2.{n}).",
            "{n}명이 왔어요 (아이 {n}명 포함).",
            "키오스크 오류가 났어요 (오류 코드 {n}).",
        ),
    ),
    "vi": (
        (
            "Đăng nhập trang quản trị phà (mật khẩu {v}) rồi xuất lịch chạy.",
            "Thẻ đã mở khóa (mã PIN {v}), bạn trả tiền được rồi.",
        ),
        (
            "Cập nhật ứng dụng (phiên bản 5.{n}) trước buổi tập.",
            "Có {n} người đến (gồm {n} trẻ em).",
            "Máy bán vé báo lỗi (mã lỗi {n}) sáng nay.",
        ),
    ),
}


def _parens(g: random.Random) -> Iterator[Row]:
    for lang, (stated, plain) in PAREN.items():
        for i, template in enumerate(stated):
            for _ in range(2):
                value = _pw(g) if i == 0 else str(g.randint(1000, 999_999))
                yield Row(HALF, "stated", f"paren ({lang})", template.format(v=value), value)
        for template in plain:
            yield Row(HALF, "prose", f"ordinary paren ({lang})", template.format(n=g.randint(2, 97)), "")


# language -> (dollar-led stated, clause before the colon, clause prose with no value, $VAR docs).
CLAUSE: dict[str, tuple[str, str, str, str]] = {
    "en": (
        "The choir NAS password is {d}",
        "Ferry kiosk password, spelled backwards so nobody copies it: {v}",
        "The admin password, as we agreed last week: only Greta keeps it.",
        "Set the password to ${VAR} in the unit file, never inline.",
    ),
    "de": (
        "Das Kennwort vom Chor-NAS lautet {d}",
        "Kennwort der Fähre, rückwärts geschrieben damit es keiner kopiert: {v}",
        "Das Admin-Kennwort, wie letzte Woche besprochen: nur Greta hat es.",
        "Das Passwort kommt aus $VAR, nie direkt in die Datei.",
    ),
    "fr": (
        "Le mot de passe du NAS de la chorale est {d}",
        "Mot de passe de la borne, écrit à l'envers pour qu'on ne le copie pas : {v}",
        "Le mot de passe admin, comme convenu la semaine dernière : seule Greta le garde.",
        "Le mot de passe vient de ${VAR}, jamais en clair dans le fichier.",
    ),
    "es": (
        "La contraseña del NAS del coro es {d}",
        "Contraseña del quiosco, escrita al revés para que nadie la copie: {v}",
        "La contraseña de admin, como acordamos: solo Greta la guarda.",
        "La contraseña se lee de $VAR, nunca se escribe en el archivo.",
    ),
    "it": (
        "La password del NAS del coro è {d}",
        "Password del chiosco, scritta al contrario così nessuno la copia: {v}",
        "La password admin, come deciso la settimana scorsa: la tiene solo Greta.",
        "La password arriva da ${VAR}, mai scritta nel file.",
    ),
    "pt": (
        "A senha do NAS do coral é {d}",
        "Senha do quiosque, escrita ao contrário para ninguém copiar: {v}",
        "A senha de admin, como combinamos: só a Greta guarda.",
        "A senha vem de $VAR, nunca escrita no arquivo.",
    ),
    "nl": (
        "Het wachtwoord van de koor-NAS: {d}",
        "Wachtwoord van de kiosk, achterstevoren geschreven zodat niemand het kopieert: {v}",
        "Het beheerderswachtwoord, zoals vorige week afgesproken: alleen Greta heeft het.",
        "Het wachtwoord komt uit ${VAR}, nooit in het bestand.",
    ),
    "pl": (
        "Hasło do NAS-a chóru: {d}",
        "Hasło do kiosku, zapisane od tyłu żeby nikt nie skopiował: {v}",
        "Hasło administratora, jak ustaliliśmy: ma je tylko Greta.",
        "Hasło czytamy z $VAR, nigdy nie wpisujemy go do pliku.",
    ),
    "tr": (
        "Koro NAS şifresi: {d}",
        "Kiosk şifresi, kimse kopyalamasın diye tersten yazıldı: {v}",
        "Yönetici şifresi, geçen hafta konuştuğumuz gibi: sadece Greta'da.",
        "Şifre ${VAR} değişkeninden gelir, dosyaya yazılmaz.",
    ),
    "ru": (
        "Пароль от NAS хора: {d}",
        "Пароль киоска, записан задом наперёд чтобы никто не скопировал: {v}",
        "Пароль администратора, как договорились: он только у Греты.",
        "Пароль берётся из $VAR, в файл его не пишем.",
    ),
    "ja": (
        "合唱団のNASのパスワード：{d}",
        "キオスクのパスワード、コピーされないよう逆さに書いたもの：{v}",
        "管理者パスワード、先週決めた通り：Gretaさんだけが持っています。",
        "パスワードは ${VAR} から読み込み、ファイルには書かないこと。",
    ),
    "zh": (
        "合唱团NAS的密码：{d}",
        "售票机密码，倒着写的免得别人抄：{v}",
        "管理员密码，按上周说好的：只有Greta保管。",
        "密码从 $VAR 读取，不要写进文件。",
    ),
}
VARS = ("DB_PASSWORD", "FERRY_ADMIN_PASS", "CHOIR_NAS_PW", "SMTP_PASSWORD", "GARDEN_TOKEN")


def _clauses(g: random.Random) -> Iterator[Row]:
    for lang, (dollar, clause, plain, docs) in CLAUSE.items():
        for _ in range(2):
            d = _dollar(g)
            yield Row(HALF, "stated", f"dollar-led ({lang})", dollar.format(d=d), d)
            v = _pw(g)
            yield Row(HALF, "stated", f"clause before colon ({lang})", clause.format(v=v), v)
        yield Row(HALF, "prose", f"ordinary clause ({lang})", plain, "")
        for _ in range(2):
            yield Row(HALF, "prose", f"ordinary $VAR ({lang})", docs.replace("VAR", g.choice(VARS)), "")
        yield Row(HALF, "prose", f"ordinary $VAR ({lang})", dollar.format(d="$" + g.choice(VARS)), "")


# language -> (question, answer with the value, answer with where it is).
DIALOGUE: dict[str, tuple[str, str, str]] = {
    "en": ("Ines: what was the ferry kiosk password again?", "Me: {v}", "Me: no idea, ask {p} at the office."),
    "de": ("Ines: Wie war nochmal das Kennwort vom Fährkiosk?", "Ich: {v}", "Ich: keine Ahnung, frag {p} im Büro."),
    "fr": ("— C'était quoi déjà le mot de passe de la borne ?", "— {v}", "— Aucune idée, demande à {p} au bureau."),
    "es": ("—¿Cuál era la contraseña del quiosco?", "—{v}", "—Ni idea, pregúntale a {p} en la oficina."),
    "it": ("— Qual era la password del chiosco?", "— {v}", "— Non lo so, chiedi a {p} in ufficio."),
    "pt": ("— Qual era a senha do quiosque?", "— {v}", "— Não sei, pergunta ao {p} no escritório."),
    "nl": (
        "Ines: wat was het wachtwoord van de kiosk ook alweer?",
        "Ik: {v}",
        "Ik: geen idee, vraag het {p} op kantoor.",
    ),
    "pl": ("Ines: jakie było hasło do kiosku?", "Ja: {v}", "Ja: nie wiem, zapytaj {p} w biurze."),
    "tr": ("Ines: kioskun şifresi neydi?", "Ben: {v}", "Ben: bilmiyorum, ofiste {p}'ya sor."),
    "ru": ("Инес: какой там пароль от киоска?", "Я: {v}", "Я: не знаю, спроси у {p} в офисе."),
    "ja": ("「キオスクのパスワードって何だっけ？」", "「{v}だよ」", "「知らない、事務所の{p}さんに聞いて」"),
    "zh": ("“售票机的密码是什么来着？”", "“{v}”", "“不知道，去问办公室的{p}。”"),
}


def _dialogue(g: random.Random) -> Iterator[Row]:
    for lang, (question, answer, elsewhere) in DIALOGUE.items():
        for _ in range(2):
            v = _pw(g)
            yield Row(HALF, "stated", f"dialogue reply ({lang})", question + "\n" + answer.format(v=v), v)
        text = question + "\n" + elsewhere.format(p=g.choice(PEOPLE))
        yield Row(HALF, "prose", f"ordinary dialogue ({lang})", text, "")


SPLIT_TOKENS = (
    ("ghp_", 36),
    ("glpat-", 20),
    ("hf_", 34),
    ("npm_", 36),
    ("xoxb-", 40),
    ("AKIA", 16),
    ("sk-proj-", 40),
    ("dop_v1_", 64),
)


def _wrapped(g: random.Random) -> Iterator[Row]:
    for prefix, n in SPLIT_TOKENS:
        body = rand(g, B62 if prefix != "AKIA" else string.ascii_uppercase + string.digits, n)
        if prefix == "dop_v1_":
            body = rand(g, "0123456789abcdef", n)
        token = prefix + body
        for cut in (g.randint(2, len(prefix) + 3), g.randint(len(prefix) + 4, len(token) - 8)):
            second = g.randint(cut + 3, len(token) - 2)
            text = f"token (my terminal wrapped it):\n{token[:cut]}\n{token[cut:second]}\n{token[second:]}"
            yield Row(HALF, "evasion", f"wrapped token {prefix}", text, token)


STRIPE = ("in_", "ch_", "pi_", "cus_", "sub_", "txn_", "re_", "prod_", "price_", "evt_")


def _stripe(g: random.Random) -> Iterator[Row]:
    for prefix in STRIPE:
        for _ in range(2):
            oid = prefix + ("1" if g.random() < 0.5 else "") + rand(g, B62, 24)
            text = g.choice(
                (
                    f"The ferry refund went through: Stripe object {oid} is marked paid.",
                    f"Choir dues for {g.choice(PEOPLE)} are on invoice {oid}, see the dashboard.",
                    f"Dispute opened against {oid} — {g.choice(PEOPLE)} will answer it Monday.",
                )
            )
            yield Row(HALF, "prose", "ordinary stripe id", text, "")


def rows(seed: int = SEED) -> list[Row]:
    """Every row of the held14t split (deterministic for a seed)."""
    g = random.Random(seed)
    out = [*_tables(g), *_parens(g), *_clauses(g), *_dialogue(g), *_wrapped(g), *_stripe(g)]
    seen: set[str] = set()
    return [r for r in out if not (r.text in seen or seen.add(r.text))]
