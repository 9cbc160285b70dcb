"""A held-out split of credential nouns followed by where the credential is kept, who has it or a rule, and of
stated credentials whose value is a word, digits, a random mix or a passphrase, ``held14w``: written by where17
before stop 46's changes, scored once at the end (main and the branch, same session).

Two groups, in 14 languages (English, German, French, Spanish, Italian, Portuguese, Dutch, Polish, Turkish,
Russian, Japanese, Chinese, Korean, Swedish):

- ``prose`` (8 templates, five draws each, distinct texts only, per language): a credential noun (password, PIN,
  Wi-Fi key, recovery codes, API token, passphrase, alarm code, security answer) followed by where it is kept, who
  has it, a verb of keeping, or a rule (length, expiry, who may change it). None carries a value.
- ``stated`` (4 templates x 4 value types per language): the noun then its value as a word with digits, 6-8 digits,
  a random mix or a word passphrase, after a colon, after the copula, and followed by a clause that itself says
  where something is kept or who has it ("... is Harbour42 and the card is in the drawer").

Voices (a vet clinic, a sailing school, a ceramics studio), names and values no earlier split uses. Rows are
``secret_rows.Row`` with ``half == "held14w"``. Run: ``python -m research secret_scanner --held14w``.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable, Iterator

from secret_rows import Row

HALF = "held14w"
SEED = 46_2026_12_07_14

WORDS = (
    "Kestrel",
    "Marigold",
    "Pelican",
    "Juniper",
    "Saffron",
    "Osprey",
    "Tamarind",
    "Walrus",
    "Quokka",
    "Heron",
    "Larkspur",
    "Nutmeg",
    "Puffin",
    "Cobalt",
    "Fennel",
    "Wombat",
    "Bramble",
    "Cormorant",
    "Mistral",
    "Lupin",
)
PHRASE = (
    "anchor",
    "biscuit",
    "canyon",
    "dolphin",
    "ember",
    "fjord",
    "glacier",
    "hazel",
    "indigo",
    "jasper",
    "kettle",
    "lagoon",
    "meadow",
    "nectar",
    "orchid",
    "pepper",
    "quiver",
    "raven",
    "sorrel",
    "thistle",
    "umber",
    "velvet",
)
MIX = string.ascii_letters + string.digits + "#%&!?@*"
PEOPLE = ("Ines", "Tobiah", "Mirela", "Oskar", "Yuki", "Farid", "Greta", "Liang", "Soraya", "Bartek", "Anouk")


def _word(g: random.Random) -> str:
    return g.choice(WORDS) + str(g.randint(10, 9999)) + g.choice(("", "!", "#", "?"))


def _digits(g: random.Random) -> str:
    return str(g.randint(100_000, 99_999_999))


def _random(g: random.Random) -> str:
    value = "".join(g.choice(MIX) for _ in range(g.randint(10, 15)))
    return value + g.choice("7#k%")


def _passphrase(g: random.Random) -> str:
    words = g.sample(PHRASE, g.randint(3, 4))
    joiner = g.choice(("-", ".", "_"))
    tail = [str(g.randint(2, 99))] if g.random() < 0.6 else []
    return joiner.join(words + tail)


VALUE: dict[str, Callable[[random.Random], str]] = {
    "word": _word,
    "digits": _digits,
    "random": _random,
    "passphrase": _passphrase,
}

# language -> four stated templates ({v} the value); the third and fourth go on after the value.
STATED: dict[str, tuple[str, ...]] = {
    "en": (
        "Clinic router password: {v}",
        "The password for the sailing school laptop is {v}",
        "The studio kiln PC password is {v} and the spare key is in the blue drawer.",
        "Admin password of the booking tablet: {v}, {p} has the other one.",
    ),
    "de": (
        "Router-Passwort der Praxis: {v}",
        "Das Kennwort für den Laptop der Segelschule ist {v}",
        "Das Passwort vom Brennofen-PC ist {v} und der Ersatzschlüssel liegt in der blauen Schublade.",
        "Admin-Passwort des Buchungstablets: {v}, das andere hat {p}.",
    ),
    "fr": (
        "Mot de passe du routeur de la clinique : {v}",
        "Le mot de passe du portable de l'école de voile est {v}",
        "Le mot de passe du PC du four est {v} et la clé de secours est dans le tiroir bleu.",
        "Mot de passe admin de la tablette de réservation : {v}, {p} a l'autre.",
    ),
    "es": (
        "Contraseña del router de la clínica: {v}",
        "La contraseña del portátil de la escuela de vela es {v}",
        "La contraseña del PC del horno es {v} y la llave de repuesto está en el cajón azul.",
        "Contraseña de admin de la tableta de reservas: {v}, {p} tiene la otra.",
    ),
    "it": (
        "Password del router della clinica: {v}",
        "La password del portatile della scuola di vela è {v}",
        "La password del PC del forno è {v} e la chiave di riserva è nel cassetto blu.",
        "Password admin del tablet delle prenotazioni: {v}, l'altra ce l'ha {p}.",
    ),
    "pt": (
        "Senha do roteador da clínica: {v}",
        "A senha do notebook da escola de vela é {v}",
        "A senha do PC do forno é {v} e a chave reserva está na gaveta azul.",
        "Senha de admin do tablet de reservas: {v}, a outra está com {p}.",
    ),
    "nl": (
        "Routerwachtwoord van de kliniek: {v}",
        "Het wachtwoord van de laptop van de zeilschool is {v}",
        "Het wachtwoord van de oven-pc is {v} en de reservesleutel ligt in de blauwe la.",
        "Beheerderswachtwoord van de boekingstablet: {v}, {p} heeft het andere.",
    ),
    "pl": (
        "Hasło do routera w klinice: {v}",
        "Hasło do laptopa szkoły żeglarskiej to {v}",
        "Hasło do komputera przy piecu to {v}, a zapasowy klucz leży w niebieskiej szufladzie.",
        "Hasło admina tabletu rezerwacji: {v}, drugie ma {p}.",
    ),
    "tr": (
        "Kliniğin modem şifresi: {v}",
        "Yelken okulunun dizüstü bilgisayarının şifresi {v}",
        "Fırın bilgisayarının şifresi {v} ve yedek anahtar mavi çekmecede duruyor.",
        "Rezervasyon tabletinin yönetici şifresi: {v}, diğeri {p}'de.",
    ),
    "ru": (
        "Пароль от роутера клиники: {v}",
        "Пароль от ноутбука парусной школы — {v}",
        "Пароль от компьютера у печи {v}, а запасной ключ лежит в синем ящике.",
        "Пароль админа планшета бронирования: {v}, второй у {p}.",
    ),
    "ja": (
        "クリニックのルーターのパスワード：{v}",
        "ヨット教室のノートPCのパスワードは {v} です",
        "窯のPCのパスワードは {v} で、予備の鍵は青い引き出しにあります。",
        "予約タブレットの管理者パスワード：{v}、もう一つは{p}さんが持っています。",
    ),
    "zh": (
        "诊所路由器的密码：{v}",
        "帆船学校笔记本的密码是 {v}",
        "窑炉电脑的密码是 {v}，备用钥匙在蓝色抽屉里。",
        "预约平板的管理员密码：{v}，另一个在{p}那里。",
    ),
    "ko": (
        "병원 공유기 비밀번호: {v}",
        "요트 학교 노트북 비밀번호는 {v} 입니다",
        "가마 PC 비밀번호는 {v} 이고 예비 열쇠는 파란 서랍에 있어요.",
        "예약 태블릿 관리자 비밀번호: {v}, 다른 하나는 {p}가 갖고 있어요.",
    ),
    "sv": (
        "Klinikens routerlösenord: {v}",
        "Lösenordet till seglarskolans laptop är {v}",
        "Lösenordet till ugnsdatorn är {v} och reservnyckeln ligger i den blå lådan.",
        "Adminlösenord till bokningsplattan: {v}, {p} har det andra.",
    ),
}

# Ordinary sentences: {p} a person, {n} a number. A credential noun, then where / who / a rule; never a value.
PROSE: dict[str, tuple[str, ...]] = {
    "en": (
        "The clinic Wi-Fi password is kept in the locked drawer at reception.",
        "The alarm code for the boathouse is with {p}; call before you come.",
        "The kiln PIN sits on a card taped inside the cupboard door.",
        "The new password must be at least {n} characters long and include a symbol.",
        "Recovery codes: printed once, sealed in an envelope in the office safe.",
        "The API token lives in the team vault, ask {p} for access.",
        "Booking system passwords expire every {n} days, and only {p} can reset them.",
        "The security answer is known only to {p}, who set up the account.",
    ),
    "de": (
        "Das WLAN-Passwort der Praxis wird in der abgeschlossenen Schublade am Empfang aufbewahrt.",
        "Der Alarmcode fürs Bootshaus ist bei {p}; ruf vorher an.",
        "Die PIN vom Brennofen klebt auf einer Karte innen an der Schranktür.",
        "Das neue Kennwort muss mindestens {n} Zeichen lang sein und ein Sonderzeichen enthalten.",
        "Wiederherstellungscodes: einmal ausgedruckt, im Umschlag im Bürosafe versiegelt.",
        "Der API-Token steckt im Team-Tresor, frag {p} nach Zugang.",
        "Passwörter im Buchungssystem laufen alle {n} Tage ab, und nur {p} kann sie zurücksetzen.",
        "Die Sicherheitsantwort kennt nur {p}, die das Konto eingerichtet hat.",
    ),
    "fr": (
        "Le mot de passe Wi-Fi de la clinique est rangé dans le tiroir fermé de l'accueil.",
        "Le code de l'alarme du hangar à bateaux, c'est {p} qui l'a ; appelle avant de venir.",
        "Le code PIN du four est noté sur une carte scotchée dans la porte du placard.",
        "Le nouveau mot de passe doit faire au moins {n} caractères et contenir un symbole.",
        "Codes de récupération : imprimés une fois, scellés dans une enveloppe au coffre du bureau.",
        "Le jeton d'API se trouve dans le coffre de l'équipe, demande l'accès à {p}.",
        "Les mots de passe du système de réservation expirent tous les {n} jours, seul {p} peut les réinitialiser.",
        "La réponse secrète n'est connue que de {p}, qui a créé le compte.",
    ),
    "es": (
        "La contraseña del wifi de la clínica se guarda en el cajón cerrado de recepción.",
        "El código de la alarma del cobertizo lo tiene {p}; llama antes de venir.",
        "El PIN del horno está en una tarjeta pegada dentro de la puerta del armario.",
        "La nueva contraseña debe tener al menos {n} caracteres e incluir un símbolo.",
        "Códigos de recuperación: impresos una vez, sellados en un sobre en la caja fuerte de la oficina.",
        "El token de la API está en la bóveda del equipo, pide acceso a {p}.",
        "Las contraseñas del sistema de reservas caducan cada {n} días y solo {p} puede restablecerlas.",
        "La respuesta de seguridad solo la conoce {p}, que creó la cuenta.",
    ),
    "it": (
        "La password del Wi-Fi della clinica è custodita nel cassetto chiuso della reception.",
        "Il codice dell'allarme della rimessa ce l'ha {p}; chiama prima di venire.",
        "Il PIN del forno sta su un cartoncino attaccato dentro l'anta dell'armadio.",
        "La nuova password deve avere almeno {n} caratteri e contenere un simbolo.",
        "Codici di recupero: stampati una volta, sigillati in una busta nella cassaforte dell'ufficio.",
        "Il token dell'API si trova nel vault del team, chiedi l'accesso a {p}.",
        "Le password del sistema di prenotazione scadono ogni {n} giorni e solo {p} può reimpostarle.",
        "La risposta di sicurezza la conosce solo {p}, che ha aperto l'account.",
    ),
    "pt": (
        "A senha do Wi-Fi da clínica fica guardada na gaveta trancada da recepção.",
        "O código do alarme do galpão dos barcos está com {p}; liga antes de vir.",
        "O PIN do forno está num cartão colado por dentro da porta do armário.",
        "A nova senha precisa ter pelo menos {n} caracteres e um símbolo.",
        "Códigos de recuperação: impressos uma vez, lacrados num envelope no cofre do escritório.",
        "O token da API fica no cofre da equipe, peça acesso a {p}.",
        "As senhas do sistema de reservas expiram a cada {n} dias e só {p} pode redefini-las.",
        "A resposta de segurança só {p} sabe, foi quem criou a conta.",
    ),
    "nl": (
        "Het wifiwachtwoord van de kliniek wordt bewaard in de afgesloten la bij de balie.",
        "De alarmcode van het botenhuis heeft {p}; bel even voordat je komt.",
        "De pincode van de oven staat op een kaartje binnen in de kastdeur.",
        "Het nieuwe wachtwoord moet minstens {n} tekens lang zijn en een symbool bevatten.",
        "Herstelcodes: één keer afgedrukt, verzegeld in een envelop in de kantoorkluis.",
        "Het API-token zit in de teamkluis, vraag {p} om toegang.",
        "Wachtwoorden van het boekingssysteem verlopen elke {n} dagen en alleen {p} kan ze resetten.",
        "Het beveiligingsantwoord kent alleen {p}, die het account heeft aangemaakt.",
    ),
    "pl": (
        "Hasło do Wi-Fi kliniki jest przechowywane w zamkniętej szufladzie w recepcji.",
        "Kod alarmu do hangaru ma {p}; zadzwoń, zanim przyjdziesz.",
        "PIN do pieca jest na karteczce przyklejonej od środka do drzwi szafki.",
        "Nowe hasło musi mieć co najmniej {n} znaków i zawierać symbol.",
        "Kody odzyskiwania: wydrukowane raz, zaklejone w kopercie w sejfie biura.",
        "Token API jest w sejfie zespołu, poproś {p} o dostęp.",
        "Hasła w systemie rezerwacji wygasają co {n} dni i tylko {p} może je zresetować.",
        "Odpowiedź na pytanie bezpieczeństwa zna tylko {p}, która zakładała konto.",
    ),
    "tr": (
        "Kliniğin Wi-Fi şifresi resepsiyondaki kilitli çekmecede saklanıyor.",
        "Kayıkhanenin alarm kodu {p}'de; gelmeden önce ara.",
        "Fırının PIN'i dolap kapağının içine yapıştırılmış bir kartta yazılı.",
        "Yeni parola en az {n} karakter olmalı ve bir sembol içermeli.",
        "Kurtarma kodları: bir kez yazdırıldı, ofis kasasında mühürlü bir zarfta.",
        "API anahtarı ekip kasasında duruyor, erişim için {p}'ye sor.",
        "Rezervasyon sistemindeki şifrelerin süresi her {n} günde bir doluyor, yalnızca {p} sıfırlayabilir.",
        "Güvenlik sorusunun cevabını sadece hesabı açan {p} biliyor.",
    ),
    "ru": (
        "Пароль от Wi-Fi клиники хранится в запертом ящике на ресепшене.",
        "Код сигнализации лодочного сарая у {p}; позвони перед приходом.",
        "ПИН-код печи записан на карточке, приклеенной внутри дверцы шкафа.",
        "Новый пароль должен быть не короче {n} символов и содержать символ.",
        "Коды восстановления: распечатаны один раз и запечатаны в конверте в сейфе офиса.",
        "API-токен лежит в командном хранилище, попроси доступ у {p}.",
        "Пароли в системе бронирования истекают каждые {n} дней, сбросить их может только {p}.",
        "Ответ на секретный вопрос знает только {p}, которая создавала аккаунт.",
    ),
    "ja": (
        "クリニックのWi-Fiパスワードは受付の鍵付き引き出しに保管してあります。",
        "艇庫の警報コードは{p}さんが知っています。来る前に電話してください。",
        "窯の暗証番号は戸棚の扉の内側に貼ったカードに書いてあります。",
        "新しいパスワードは{n}文字以上で、記号を含める必要があります。",
        "リカバリーコード：一度だけ印刷して、事務所の金庫の封筒に封印してあります。",
        "APIトークンはチームの保管庫にあるので、{p}さんにアクセスを頼んでください。",
        "予約システムのパスワードは{n}日ごとに期限切れになり、リセットできるのは{p}さんだけです。",
        "秘密の質問の答えは、アカウントを作った{p}さんしか知りません。",
    ),
    "zh": (
        "诊所的Wi-Fi密码放在前台上锁的抽屉里。",
        "船库的报警密码在{p}那里，来之前先打电话。",
        "窑炉的PIN码写在贴在柜门内侧的卡片上。",
        "新密码必须至少{n}个字符，并且包含一个符号。",
        "恢复码：只打印了一次，封在办公室保险柜的信封里。",
        "API令牌存放在团队保管库里，找{p}申请权限。",
        "预约系统的密码每{n}天过期一次，只有{p}能重置。",
        "安全问题的答案只有开户的{p}知道。",
    ),
    "ko": (
        "병원 와이파이 비밀번호는 접수처의 잠긴 서랍에 보관돼 있어요.",
        "보트 창고 경보 코드는 {p}가 알고 있어요; 오기 전에 전화하세요.",
        "가마 PIN은 찬장 문 안쪽에 붙인 카드에 적혀 있어요.",
        "새 비밀번호는 최소 {n}자 이상이어야 하고 기호를 포함해야 합니다.",
        "복구 코드: 한 번만 인쇄해서 사무실 금고의 봉투에 봉인해 뒀어요.",
        "API 토큰은 팀 금고에 있으니 {p}에게 접근 권한을 요청하세요.",
        "예약 시스템 비밀번호는 {n}일마다 만료되고 {p}만 재설정할 수 있어요.",
        "보안 질문 답은 계정을 만든 {p}만 알아요.",
    ),
    "sv": (
        "Klinikens wifi-lösenord förvaras i den låsta lådan i receptionen.",
        "Larmkoden till båthuset har {p}; ring innan du kommer.",
        "Ugnens pinkod står på ett kort som sitter innanför skåpdörren.",
        "Det nya lösenordet måste vara minst {n} tecken långt och innehålla en symbol.",
        "Återställningskoder: utskrivna en gång, förseglade i ett kuvert i kontorets kassaskåp.",
        "API-token ligger i teamets valv, be {p} om åtkomst.",
        "Lösenorden i bokningssystemet går ut var {n}:e dag och bara {p} kan återställa dem.",
        "Säkerhetssvaret vet bara {p}, som skapade kontot.",
    ),
}


def _stated(g: random.Random) -> Iterator[Row]:
    for language, templates in STATED.items():
        for number, template in enumerate(templates):
            for value_type, make in VALUE.items():
                value = make(g)
                text = template.format(v=value, p=g.choice(PEOPLE))
                clause = "value then clause" if number >= 2 else "noun then value"
                yield Row(HALF, "stated", f"stated {value_type} {clause} ({language})", text, value)


def _prose(g: random.Random) -> Iterator[Row]:
    """Each prose template with five draws of its fields (distinct texts only)."""
    seen: set[str] = set()
    for language, templates in PROSE.items():
        for template in templates:
            for _ in range(5):
                text = template.format(p=g.choice(PEOPLE), n=g.choice((8, 10, 12, 14, 16, 30, 60, 90)))
                if text not in seen:
                    seen.add(text)
                    yield Row(HALF, "prose", f"ordinary sentence ({language})", text, "")


def rows(seed: int = SEED) -> list[Row]:
    """Every row of the held14w split (deterministic for a seed): stated credentials, then ordinary sentences."""
    g = random.Random(seed)
    return list(_stated(g)) + list(_prose(g))
