"""A held-out split of credentials in lists, seed phrases in prose, numbers before their noun and secret nouns
with hex values, and ordinary sentences where a credential noun is followed by where it is kept, ``held13s``:
written by stated16 before stop 45's second-round changes, scored once at the end (integ45 and the branch, same
session).

Two groups, in 12 languages (English, German, French, Spanish, Italian, Portuguese, Dutch, Polish, Turkish,
Russian, Japanese, Chinese):

- ``stated`` (8 per language): a list of two or three logins written ``place user / password`` or ``user:
  password``; a BIP39 seed phrase of 12-24 words after a wallet noun, numbered, or before its noun; a number said
  before the password noun or in answer to the noun's question; a client secret, signing secret or API secret
  given in hex after its noun.
- ``prose`` (7 templates, three draws each, per language): a credential noun followed by where it is kept or who
  knows it, rules about credentials, lists of logins that name only the account or the sign-in method, a shopping
  list of ordinary words, numbers before nouns that are no credential (order, port, ticket), and a secret noun
  followed by how often it is rotated.

Values, words and voices (a bakery, a rowing club, a print shop) no earlier split uses. Rows are
``secret_rows.Row`` with ``half == "held13s"``. Run: ``python -m research secret_scanner --held13s --corpus-only``.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable, Iterator

from secret_rows import Row

HALF = "held13s"
SEED = 45_2026_12_07_13

# A slice of the BIP39 English list (BIP-0039 english.txt) the phrases are drawn from.
_BIP = (
    "garment gasp gauge gaze general genius genre gentle genuine gesture ghost giant gift giggle ginger giraffe "
    "girl give glad glance glare glass glide glimpse globe gloom glory glove glow glue goat goddess gold good "
    "goose gorilla gospel gossip govern gown grab grace grain grant grape grass gravity great green grid grief "
    "grit grocery group grow grunt guard guess guide guilt guitar gun gym habit hair half hammer hamster hand "
    "happy harbor hard harsh harvest hat have hawk hazard head health heart heavy hedgehog height hello helmet "
    "help hen hero hidden high hill hint hip hire history hobby hockey hold hole holiday hollow home honey hood "
    "hope horn horror horse hospital host hotel hour hover hub huge human humble humor hundred hungry hunt"
)
BIP = tuple(_BIP.split())
HEX = "0123456789abcdef"
PW = string.ascii_letters + string.digits + "%&#!?*+"
PLACES = ("oven PC", "till", "club laptop", "boathouse NAS", "plotter", "label printer", "CCTV box")
PEOPLE = ("Ravi", "Lotte", "Noor", "Kasia", "Emre", "Dmitri", "Hana", "Wei", "Paulo", "Chiara")
SHOP = ("apple", "butter", "honey", "ginger", "banana", "bread", "coffee", "lemon", "garlic", "cheese", "grape")


def _seed(g: random.Random) -> str:
    return " ".join(g.choice(BIP) for _ in range(g.choice((12, 12, 15, 18, 24))))


def _numbered(g: random.Random) -> str:
    return " ".join(f"{i}. {g.choice(BIP)}" for i in range(1, 13))


def _pw(g: random.Random) -> str:
    return "".join(g.choice(PW) for _ in range(g.randint(10, 14))) + g.choice("7#%")


def _digits(g: random.Random) -> str:
    return str(g.randint(10_000_000, 99_999_999)) if g.random() < 0.7 else str(g.randint(100_000, 999_999))


def _hex(g: random.Random) -> str:
    return "".join(g.choice(HEX) for _ in range(g.choice((32, 40, 48))))


VALUE: dict[str, Callable[[random.Random], str]] = {"S": _seed, "N": _numbered, "D": _digits, "H": _hex}

# language -> (kind, value type, template). "L" rows are lists: {a} and {b} are two passwords; the secret is {a}.
STATED: dict[str, tuple[tuple[str, str, str], ...]] = {
    "en": (
        ("login list", "L", "Bakery accounts — till admin / {a}; label printer ops / {b}"),
        ("seed after noun", "S", "Trezor wallet words for the club: {v}"),
        ("seed numbered", "N", "The cold wallet backup, in order: {v}"),
        ("seed before noun", "S", "{v} — that's the recovery phrase of the rowing club wallet."),
        ("digits before noun", "D", "{v} is the new PIN for the boathouse alarm, by the way."),
        ("digits answer", "D", "The admin password of the plotter? It's {v}."),
        ("secret hex", "H", "Stripe signing secret for the bakery shop: {v}"),
        ("secret hex 2", "H", "The webhook secret of the print shop is {v}"),
    ),
    "de": (
        ("login list", "L", "Konten der Bäckerei: Kasse chef / {a}; Etikettendrucker lager / {b}"),
        ("seed after noun", "S", "Wiederherstellungswörter der Vereins-Wallet: {v}"),
        ("seed numbered", "N", "Backup der Cold Wallet, der Reihe nach: {v}"),
        ("seed before noun", "S", "{v} – das ist die Seed-Phrase der Ruderclub-Wallet."),
        ("digits before noun", "D", "{v} ist jetzt das Kennwort vom Kassen-PC."),
        ("digits answer", "D", "Das Admin-Passwort vom Plotter? Es ist {v}."),
        ("secret hex", "H", "Signatur-Geheimnis für den Bäckerei-Shop: {v}"),
        ("secret hex 2", "H", "Das Client-Secret der Druckerei lautet {v}"),
    ),
    "fr": (
        ("login list", "L", "Comptes de la boulangerie : caisse patron / {a} ; imprimante stock / {b}"),
        ("seed after noun", "S", "Mots de récupération du portefeuille du club : {v}"),
        ("seed numbered", "N", "Sauvegarde du portefeuille froid, dans l'ordre : {v}"),
        ("seed before noun", "S", "{v} : c'est la phrase de récupération du portefeuille du club."),
        ("digits before noun", "D", "{v}, c'est le nouveau mot de passe du PC de la caisse."),
        ("digits answer", "D", "Le mot de passe admin du traceur ? C'est {v}."),
        ("secret hex", "H", "Secret de signature de la boutique en ligne : {v}"),
        ("secret hex 2", "H", "Le secret client de l'imprimerie est {v}"),
    ),
    "es": (
        ("login list", "L", "Cuentas de la panadería: caja jefe / {a}; impresora almacén / {b}"),
        ("seed after noun", "S", "Palabras de recuperación de la cartera del club: {v}"),
        ("seed numbered", "N", "Copia de la cartera fría, en orden: {v}"),
        ("seed before noun", "S", "{v}: esa es la frase semilla de la cartera del club de remo."),
        ("digits before noun", "D", "{v} es ahora la contraseña del PC de la caja."),
        ("digits answer", "D", "¿La contraseña de admin del plotter? Es {v}."),
        ("secret hex", "H", "Secreto de firma de la tienda online: {v}"),
        ("secret hex 2", "H", "El secreto de cliente de la imprenta es {v}"),
    ),
    "it": (
        ("login list", "L", "Account del forno: cassa capo / {a}; stampante magazzino / {b}"),
        ("seed after noun", "S", "Parole di recupero del wallet del circolo: {v}"),
        ("seed numbered", "N", "Backup del cold wallet, in ordine: {v}"),
        ("seed before noun", "S", "{v}: questa è la frase seed del wallet del circolo."),
        ("digits before noun", "D", "{v} è la nuova password del PC della cassa."),
        ("digits answer", "D", "La password admin del plotter? È {v}."),
        ("secret hex", "H", "Segreto di firma del negozio online: {v}"),
        ("secret hex 2", "H", "Il client secret della tipografia è {v}"),
    ),
    "pt": (
        ("login list", "L", "Contas da padaria: caixa chefe / {a}; impressora estoque / {b}"),
        ("seed after noun", "S", "Palavras de recuperação da carteira do clube: {v}"),
        ("seed numbered", "N", "Backup da carteira fria, em ordem: {v}"),
        ("seed before noun", "S", "{v} — essa é a frase semente da carteira do clube."),
        ("digits before noun", "D", "{v} é a nova senha do PC do caixa."),
        ("digits answer", "D", "A senha de admin do plotter? É {v}."),
        ("secret hex", "H", "Segredo de assinatura da loja online: {v}"),
        ("secret hex 2", "H", "O segredo do cliente da gráfica é {v}"),
    ),
    "nl": (
        ("login list", "L", "Accounts van de bakkerij: kassa baas / {a}; labelprinter magazijn / {b}"),
        ("seed after noun", "S", "Herstelwoorden van de clubwallet: {v}"),
        ("seed numbered", "N", "Back-up van de cold wallet, op volgorde: {v}"),
        ("seed before noun", "S", "{v} — dat is de herstelzin van de wallet van de roeiclub."),
        ("digits before noun", "D", "{v} is nu het wachtwoord van de kassa-pc."),
        ("digits answer", "D", "Het beheerderswachtwoord van de plotter? Het is {v}."),
        ("secret hex", "H", "Ondertekeningsgeheim van de webwinkel: {v}"),
        ("secret hex 2", "H", "Het clientgeheim van de drukkerij is {v}"),
    ),
    "pl": (
        ("login list", "L", "Konta piekarni: kasa szef / {a}; drukarka etykiet magazyn / {b}"),
        ("seed after noun", "S", "Słowa odzyskiwania portfela klubu: {v}"),
        ("seed numbered", "N", "Kopia zimnego portfela, po kolei: {v}"),
        ("seed before noun", "S", "{v} — to fraza odzyskiwania portfela klubu wioślarskiego."),
        ("digits before noun", "D", "{v} to teraz hasło do komputera przy kasie."),
        ("digits answer", "D", "Hasło admina plotera? To {v}."),
        ("secret hex", "H", "Sekret podpisu sklepu internetowego: {v}"),
        ("secret hex 2", "H", "Sekret klienta drukarni to {v}"),
    ),
    "tr": (
        ("login list", "L", "Fırın hesapları: kasa patron / {a}; etiket yazıcısı depo / {b}"),
        ("seed after noun", "S", "Kulüp cüzdanının kurtarma kelimeleri: {v}"),
        ("seed numbered", "N", "Soğuk cüzdan yedeği, sırasıyla: {v}"),
        ("seed before noun", "S", "{v} — kürek kulübü cüzdanının kurtarma ifadesi bu."),
        ("digits before noun", "D", "{v} artık kasa bilgisayarının parolası."),
        ("digits answer", "D", "Çiziciyi yöneten hesabın şifresi mi? {v}."),
        ("secret hex", "H", "Online mağazanın imza sırrı: {v}"),
        ("secret hex 2", "H", "Matbaanın istemci gizli anahtarı {v}"),
    ),
    "ru": (
        ("login list", "L", "Учётки пекарни: касса шеф / {a}; принтер этикеток склад / {b}"),
        ("seed after noun", "S", "Слова восстановления кошелька клуба: {v}"),
        ("seed numbered", "N", "Резервная копия холодного кошелька, по порядку: {v}"),
        ("seed before noun", "S", "{v} — это сид-фраза кошелька гребного клуба."),
        ("digits before noun", "D", "{v} — теперь пароль от компьютера на кассе."),
        ("digits answer", "D", "Пароль админа плоттера? Это {v}."),
        ("secret hex", "H", "Секрет подписи интернет-магазина: {v}"),
        ("secret hex 2", "H", "Клиентский секрет типографии — {v}"),
    ),
    "ja": (
        ("login list", "L", "パン屋のアカウント：レジ tencho / {a}、ラベルプリンター souko / {b}"),
        ("seed after noun", "S", "クラブのウォレットの復元ワード：{v}"),
        ("seed numbered", "N", "コールドウォレットのバックアップ（順番通り）：{v}"),
        ("seed before noun", "S", "{v} がボート部のウォレットのシードフレーズです。"),
        ("digits before noun", "D", "{v} がレジのパソコンの新しいパスワードです。"),
        ("digits answer", "D", "プロッターの管理者パスワード？{v} です。"),
        ("secret hex", "H", "ネットショップの署名シークレット：{v}"),
        ("secret hex 2", "H", "印刷所のクライアントシークレットは {v} です"),
    ),
    "zh": (
        ("login list", "L", "面包店账号：收银 laoban / {a}；标签打印机 cangku / {b}"),
        ("seed after noun", "S", "俱乐部钱包的恢复词：{v}"),
        ("seed numbered", "N", "冷钱包备份，按顺序：{v}"),
        ("seed before noun", "S", "{v} 是赛艇俱乐部钱包的助记词。"),
        ("digits before noun", "D", "{v} 是收银电脑的新密码。"),
        ("digits answer", "D", "绘图仪的管理员密码？是 {v}。"),
        ("secret hex", "H", "网店的签名密钥：{v}"),
        ("secret hex 2", "H", "印刷厂的客户端密钥是 {v}"),
    ),
}

# Ordinary sentences: {p} a person, {n} a number, {m} a large number, {w} a shopping list, {h} a place.
PROSE: dict[str, tuple[str, ...]] = {
    "en": (
        "Till password: in the grey envelope in the safe, ask {p}.",
        "Recovery phrase: written on the steel plate in the bank box, never typed anywhere.",
        "Logins: till via the staff badge; label printer via {p}'s SSO account.",
        "Shopping list for Saturday: {w}",
        "{m} is the order number for the new {h}, not the serial.",
        "Client secret: rotate it every {n} days and keep it in the vault only.",
        "Wi-Fi name: Bakery-{n} (the key is with {p} at the counter).",
    ),
    "de": (
        "Kassenpasswort: liegt im grauen Umschlag im Safe, frag {p}.",
        "Wiederherstellungsphrase: auf der Stahlplatte im Bankfach, nie irgendwo eingetippt.",
        "Zugänge: Kasse über den Mitarbeiterausweis; Etikettendrucker über das SSO-Konto von {p}.",
        "Einkaufsliste für Samstag: {w}",
        "{m} ist die Bestellnummer für den neuen {h}, nicht die Seriennummer.",
        "Client-Secret: alle {n} Tage rotieren und nur im Tresor aufbewahren.",
        "WLAN-Name: Baeckerei-{n} (den Schlüssel hat {p} an der Theke).",
    ),
    "fr": (
        "Mot de passe de la caisse : dans l'enveloppe grise du coffre, demande à {p}.",
        "Phrase de récupération : gravée sur la plaque d'acier au coffre de la banque, jamais tapée.",
        "Accès : caisse avec le badge du personnel ; imprimante avec le compte SSO de {p}.",
        "Liste de courses pour samedi : {w}",
        "{m} est le numéro de commande du nouveau {h}, pas le numéro de série.",
        "Secret client : à changer tous les {n} jours et à garder seulement dans le coffre.",
        "Nom du Wi-Fi : Boulangerie-{n} (la clé, c'est {p} au comptoir qui l'a).",
    ),
    "es": (
        "Contraseña de la caja: en el sobre gris de la caja fuerte, pregunta a {p}.",
        "Frase de recuperación: grabada en la placa de acero del banco, nunca escrita en un ordenador.",
        "Accesos: caja con la tarjeta del personal; impresora con la cuenta SSO de {p}.",
        "Lista de la compra del sábado: {w}",
        "{m} es el número de pedido del nuevo {h}, no el de serie.",
        "Secreto de cliente: rotarlo cada {n} días y guardarlo solo en la bóveda.",
        "Nombre del wifi: Panaderia-{n} (la clave la tiene {p} en el mostrador).",
    ),
    "it": (
        "Password della cassa: nella busta grigia in cassaforte, chiedi a {p}.",
        "Frase di recupero: incisa sulla piastra d'acciaio in banca, mai digitata.",
        "Accessi: cassa con il badge del personale; stampante con l'account SSO di {p}.",
        "Lista della spesa per sabato: {w}",
        "{m} è il numero d'ordine del nuovo {h}, non il seriale.",
        "Client secret: da ruotare ogni {n} giorni e tenere solo nel vault.",
        "Nome della Wi-Fi: Forno-{n} (la chiave ce l'ha {p} al banco).",
    ),
    "pt": (
        "Senha do caixa: no envelope cinza do cofre, pergunte a {p}.",
        "Frase de recuperação: gravada na placa de aço no banco, nunca digitada.",
        "Acessos: caixa pelo crachá da equipe; impressora pela conta SSO de {p}.",
        "Lista de compras de sábado: {w}",
        "{m} é o número do pedido do novo {h}, não o número de série.",
        "Segredo do cliente: trocar a cada {n} dias e guardar só no cofre.",
        "Nome do Wi-Fi: Padaria-{n} (a chave está com {p} no balcão).",
    ),
    "nl": (
        "Kassawachtwoord: in de grijze envelop in de kluis, vraag {p}.",
        "Herstelzin: gegraveerd in de stalen plaat in de bankkluis, nooit ergens ingetypt.",
        "Toegang: kassa met de personeelspas; labelprinter met het SSO-account van {p}.",
        "Boodschappenlijst voor zaterdag: {w}",
        "{m} is het bestelnummer van de nieuwe {h}, niet het serienummer.",
        "Clientgeheim: elke {n} dagen vervangen en alleen in de kluis bewaren.",
        "Wifinaam: Bakkerij-{n} (de sleutel heeft {p} aan de toonbank).",
    ),
    "pl": (
        "Hasło do kasy: w szarej kopercie w sejfie, zapytaj {p}.",
        "Fraza odzyskiwania: wygrawerowana na stalowej płytce w banku, nigdy nie wpisywana.",
        "Dostępy: kasa przez identyfikator; drukarka przez konto SSO {p}.",
        "Lista zakupów na sobotę: {w}",
        "{m} to numer zamówienia nowego {h}, nie numer seryjny.",
        "Sekret klienta: zmieniać co {n} dni i trzymać tylko w sejfie.",
        "Nazwa Wi-Fi: Piekarnia-{n} (klucz ma {p} przy ladzie).",
    ),
    "tr": (
        "Kasa şifresi: kasadaki gri zarfta, {p}'ye sor.",
        "Kurtarma ifadesi: bankadaki çelik plakada yazılı, hiçbir yere girilmedi.",
        "Girişler: kasa personel kartıyla; yazıcı {p}'nin SSO hesabıyla.",
        "Cumartesi alışveriş listesi: {w}",
        "{m} yeni {h} için sipariş numarası, seri numarası değil.",
        "İstemci sırrı: her {n} günde bir değiştirilir ve sadece kasada tutulur.",
        "Wi-Fi adı: Firin-{n} (anahtar tezgahta {p}'de).",
    ),
    "ru": (
        "Пароль от кассы: в сером конверте в сейфе, спроси у {p}.",
        "Фраза восстановления: выбита на стальной пластине в банковской ячейке, нигде не вводилась.",
        "Доступы: касса по пропуску; принтер через SSO-аккаунт {p}.",
        "Список покупок на субботу: {w}",
        "{m} — номер заказа на новый {h}, не серийный номер.",
        "Клиентский секрет: менять каждые {n} дней и хранить только в хранилище.",
        "Имя Wi-Fi: Pekarnya-{n} (ключ у {p} за стойкой).",
    ),
    "ja": (
        "レジのパスワード：金庫の灰色の封筒の中です。{p}さんに聞いてください。",
        "復元フレーズ：銀行の貸金庫の鋼板に刻んであり、どこにも入力していません。",
        "ログイン：レジは社員証、プリンターは{p}さんのSSOアカウントで。",
        "土曜日の買い物リスト：{w}",
        "{m} は新しい{h}の注文番号で、シリアル番号ではありません。",
        "クライアントシークレット：{n}日ごとに更新し、保管庫にだけ置くこと。",
        "Wi-Fi名：Panya-{n}（キーはカウンターの{p}さんが持っています）。",
    ),
    "zh": (
        "收银密码：在保险柜的灰色信封里，问{p}。",
        "恢复短语：刻在银行保管箱的钢板上，从未输入过任何地方。",
        "登录方式：收银用员工卡；打印机用{p}的SSO账号。",
        "周六购物清单：{w}",
        "{m} 是新{h}的订单号，不是序列号。",
        "客户端密钥：每{n}天轮换一次，只放在保管库里。",
        "Wi-Fi名称：Mianbao-{n}（密钥在柜台的{p}那里）。",
    ),
}


def _stated(g: random.Random) -> Iterator[Row]:
    for language, templates in STATED.items():
        for kind, value_type, template in templates:
            if value_type == "L":
                a, b = _pw(g), _pw(g)
                yield Row(HALF, "stated", f"stated {kind} ({language})", template.format(a=a, b=b), a)
                continue
            value = VALUE[value_type](g)
            yield Row(HALF, "stated", f"stated {kind} ({language})", template.format(v=value), value)


def _prose(g: random.Random) -> Iterator[Row]:
    """Each prose template with three draws of its fields (distinct texts only)."""
    seen: set[str] = set()
    for language, templates in PROSE.items():
        for template in templates:
            for _ in range(3):
                shop = ", ".join(g.sample(SHOP, g.randint(5, 9)))
                text = template.format(
                    p=g.choice(PEOPLE),
                    n=g.choice((30, 45, 60, 90, 7, 12, 24)),
                    m=g.randint(10_000_000, 99_999_999),
                    w=shop,
                    h=g.choice(PLACES),
                )
                if text not in seen:
                    seen.add(text)
                    yield Row(HALF, "prose", f"ordinary sentence ({language})", text, "")


def rows(seed: int = SEED) -> list[Row]:
    """Every row of the held13s split (deterministic for a seed): stated credentials, then ordinary sentences."""
    g = random.Random(seed)
    return list(_stated(g)) + list(_prose(g))
