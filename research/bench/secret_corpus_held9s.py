"""A held-out split of stated credentials and ordinary sentences, ``held9s``: written by stated13 before stop 43's
changes, scored once at the end (on the branch point and on the branch, same session).

Only two groups (formats and evasions are ``held9f``'s, by secrets13):

- ``stated``: a credential noun and its value in 18 languages (English, German, French, Spanish, Italian,
  Portuguese, Dutch, Polish, Swedish, Turkish, Russian, Japanese, Korean, Chinese, Indonesian, Czech, Romanian,
  Finnish), casual and formal: passwords of words, of digits, mixed; PINs said with spaces; door and gate codes;
  lists of backup codes; security answers; a password said in passing; Wi-Fi keys; a user name and password pair.
  The voice is a family's household notes, a small dental practice, a youth football club and a print shop, never
  the scanner's rules or an earlier split's templates.
- ``prose``: 500+ ordinary sentences in the same languages that mention passwords, PINs, keys, codes and Wi-Fi
  names in passing and hold none: policies, expiries, resets, field rules, lockouts, product and order codes,
  documented placeholders and defaults, network names.

For a code list, ``secret`` is one code in the middle of the list. Rows are ``secret_rows.Row`` with
``half == "held9s"``. Run: ``python -m research secret_scanner --held9s --corpus-only``.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable, Iterator

from secret_rows import Row

HALF = "held9s"
SEED = 43_2026_12_07_02
LOWER = string.ascii_lowercase
DIGITS = string.digits

WORDS = {
    "en": "harbour thistle copper meadow lantern walrus pepper orchard cobalt biscuit falcon saddle",
    "de": "Kastanie Eimer Wolke Laterne Zwiebel Ofen Brezel Nebel Igel Kompass Tanne Rabe",
    "fr": "citron falaise moulin lanterne hibou cerise tonnerre bouleau crayon marmite sapin",
    "es": "naranja tejado molino farol lechuza cereza trueno almendra pincel cazuela pino",
    "it": "limone scogliera mulino lanterna gufo ciliegia tuono mandorla matita pentola pino",
    "pt": "laranja telhado moinho lanterna coruja cereja trovão amêndoa pincel panela pinheiro",
    "nl": "kastanje emmer wolk lantaarn ui oven krakeling mist egel kompas den raaf",
    "pl": "kasztan wiadro chmura latarnia cebula piec precel mgła jeż kompas jodła kruk",
    "sv": "kastanj hink moln lykta lök ugn kringla dimma igelkott kompass gran korp",
    "tr": "kestane kova bulut fener soğan fırın simit sis kirpi pusula çam karga",
    "ru": "каштан ведро облако фонарь лук печка крендель туман ёжик компас ель ворон",
    "ja": "くり バケツ くも ちょうちん たまねぎ かまど きり はりねずみ らしんばん もみ からす",
    "ko": "밤나무 양동이 구름 등불 양파 화덕 안개 고슴도치 나침반 전나무 까마귀",
    "zh": "栗子 水桶 云朵 灯笼 洋葱 炉子 雾气 刺猬 罗盘 杉树 乌鸦",
    "id": "kastanye ember awan lentera bawang tungku kabut landak kompas cemara gagak",
    "cs": "kaštan kbelík mrak lucerna cibule kamna preclík mlha ježek kompas jedle havran",
    "ro": "castan găleată nor felinar ceapă cuptor covrig ceață arici busolă brad corb",
    "fi": "kastanja ämpäri pilvi lyhty sipuli uuni rinkeli sumu siili kompassi kuusi korppi",
}
ANSWERS = (
    "Biscuit",
    "Pirkko",
    "Tamsin",
    "Oskarshamn",
    "Zubrowka",
    "Kalimera",
    "Matsumoto",
    "Brindle",
    "Valparaíso",
    "Hedwig",
    "Olomouc",
    "Mirela",
)
LATIN_WORDS = [*WORDS["en"].split(), "tulip", "radish", "ferret", "quartz", "tundra", "mango", "kettle"]


def _word(g: random.Random, lang: str) -> str:
    return g.choice(WORDS[lang].split())


def _password(g: random.Random, lang: str) -> str:
    word = g.choice(LATIN_WORDS).capitalize()
    return f"{word}{g.choice('!#$%&*?')}{''.join(g.choice(DIGITS) for _ in range(g.randint(2, 4)))}"


def _casual(g: random.Random, lang: str) -> str:
    if g.random() < 0.3:
        return (
            g.choice(("qwer", "asdf", "zxcv", "1q2w"))
            + "".join(g.choice(DIGITS) for _ in range(4))
            + g.choice(("", "!"))
        )
    return g.choice(LATIN_WORDS) + "".join(g.choice(DIGITS) for _ in range(g.randint(2, 3)))


def _phrase(g: random.Random, lang: str) -> str:
    words = g.sample(WORDS[lang].split(), 3)
    joiner = g.choice(("-", " ", ".")) if lang not in ("ja", "zh") else g.choice(("-", "・" if lang == "ja" else "-"))
    return joiner.join(words) + (f"-{g.randint(10, 99)}" if g.random() < 0.4 else "")


def _pin(g: random.Random, lang: str) -> str:
    digits = "".join(g.choice(DIGITS) for _ in range(g.choice((4, 4, 6))))
    style = g.randrange(3)
    if style == 0:
        return digits
    if style == 1:
        return " ".join(digits[i : i + 2] for i in range(0, len(digits), 2))
    return " ".join(digits)


def _door(g: random.Random, lang: str) -> str:
    return "".join(g.choice(DIGITS) for _ in range(g.choice((4, 5)))) + g.choice(("", "#", "*"))


def _codes(g: random.Random, lang: str) -> str:
    if g.random() < 0.5:
        codes = ["".join(g.choice(DIGITS) for _ in range(8)) for _ in range(g.randint(4, 6))]
    else:
        codes = [
            "".join(g.choice(LOWER + DIGITS) for _ in range(4))
            + "-"
            + "".join(g.choice(LOWER + DIGITS) for _ in range(4))
            for _ in range(g.randint(4, 6))
        ]
    return g.choice((", ", " ", "; ")).join(codes)


def _answer(g: random.Random, lang: str) -> str:
    return g.choice(ANSWERS)


def _middle(codes: str) -> str:
    parts = [p for p in codes.replace(",", " ").replace(";", " ").split() if p]
    return parts[len(parts) // 2]


VALUE: dict[str, Callable[[random.Random, str], str]] = {
    "password": _password,
    "casual password": _casual,
    "passphrase": _phrase,
    "PIN": _pin,
    "door code": _door,
    "backup codes": _codes,
    "security answer": _answer,
    "password in passing": _password,
    "Wi-Fi key": _phrase,
    "user and password": _casual,
}

# (language, kind, template): the value is {v}.
STATED: tuple[tuple[str, str, str], ...] = (
    ("en", "casual password", "fyi mum's laptop pw is now {v}"),
    ("en", "casual password", "ok the new pass for the printer admin page: {v}"),
    ("en", "passphrase", "Practice NAS passphrase (don't lose it): {v}"),
    ("en", "PIN", "the kids' tablet PIN is {v}, tell Nana"),
    ("en", "door code", "Back gate keypad code {v} — changed on Monday"),
    ("en", "backup codes", "Recovery codes for the clinic's Google account: {v}"),
    ("en", "security answer", "Security question 'name of your first school' → answer: {v}"),
    ("en", "password in passing", "the scanner login is scan and {v} works for it"),
    ("en", "Wi-Fi key", "Waiting room Wi-Fi key = {v}"),
    ("en", "user and password", "Club tablet: coach / {v}"),
    ("de", "casual password", "Passwort fürs Vereinstablet ist jetzt {v}"),
    ("de", "passphrase", "Die Passphrase für den Tresor-USB-Stick lautet „{v}“"),
    ("de", "PIN", "Meine Handy-PIN: {v}"),
    ("de", "door code", "Code für die Garage ist {v}"),
    ("de", "backup codes", "Wiederherstellungscodes fürs Praxis-Konto: {v}"),
    ("de", "security answer", "Sicherheitsfrage Geburtsort der Mutter – Antwort {v}"),
    ("de", "password in passing", "Melde dich mit druck an, Kennwort {v}, dann geht's"),
    ("de", "Wi-Fi key", "WLAN-Schlüssel Wartezimmer: {v}"),
    ("de", "user and password", "Zugang Kassensystem: kasse / {v}"),
    ("fr", "casual password", "le mdp de la box c'est {v}"),
    ("fr", "password", "Mot de passe du compte Ameli : {v}"),
    ("fr", "passphrase", "Phrase de passe du coffre : {v}"),
    ("fr", "PIN", "code PIN de la carte bleue de papa : {v}"),
    ("fr", "door code", "Digicode de l'immeuble : {v}"),
    ("fr", "backup codes", "Codes de secours du compte du club : {v}"),
    ("fr", "security answer", "Question secrète (nom de mon premier animal) : {v}"),
    ("fr", "Wi-Fi key", "Clé Wi-Fi du cabinet = {v}"),
    ("fr", "user and password", "identifiant accueil, mot de passe {v}"),
    ("es", "casual password", "la contra del router es {v}"),
    ("es", "password", "Contraseña de la cuenta del club: {v}"),
    ("es", "passphrase", "Frase de contraseña del disco cifrado: {v}"),
    ("es", "PIN", "El PIN del móvil de la abuela es {v}"),
    ("es", "door code", "Código del portal: {v}"),
    ("es", "backup codes", "Códigos de respaldo de la cuenta de la imprenta: {v}"),
    ("es", "security answer", "Pregunta de seguridad, ciudad donde nací: {v}"),
    ("es", "Wi-Fi key", "Clave del wifi de la sala de espera: {v}"),
    ("es", "password in passing", "entra como recepcion y con {v} ya te deja"),
    ("it", "casual password", "la pw del pc in segreteria è {v}"),
    ("it", "password", "Password della posta della parrocchia: {v}"),
    ("it", "passphrase", "La passphrase del backup è {v}"),
    ("it", "PIN", "Il PIN del bancomat di nonna è {v}"),
    ("it", "door code", "Codice del cancello: {v}"),
    ("it", "backup codes", "Codici di backup dell'account della squadra: {v}"),
    ("it", "security answer", "Domanda di sicurezza, nome del primo cane: {v}"),
    ("it", "Wi-Fi key", "Chiave Wi-Fi dello studio: {v}"),
    ("it", "user and password", "accesso gestionale: utente segreteria, password {v}"),
    ("pt", "casual password", "a senha nova do notebook é {v}"),
    ("pt", "password", "Senha do internet banking da gráfica: {v}"),
    ("pt", "passphrase", "Frase-senha do cofre de senhas: {v}"),
    ("pt", "PIN", "PIN do cartão do clube: {v}"),
    ("pt", "door code", "Código do portão da garagem: {v}"),
    ("pt", "backup codes", "Códigos de recuperação da conta do consultório: {v}"),
    ("pt", "security answer", "Pergunta de segurança — nome de solteira da mãe: {v}"),
    ("pt", "Wi-Fi key", "Senha do Wi-Fi dos pacientes: {v}"),
    ("pt", "user and password", "login balcao e senha {v}"),
    ("nl", "casual password", "ww van de printer is {v}"),
    ("nl", "password", "Wachtwoord van de clubmail: {v}"),
    ("nl", "passphrase", "Wachtzin voor de versleutelde schijf: {v}"),
    ("nl", "PIN", "Pincode van de pinpas van oma: {v}"),
    ("nl", "door code", "Code van het hek is {v}"),
    ("nl", "backup codes", "Herstelcodes van het praktijkaccount: {v}"),
    ("nl", "security answer", "Beveiligingsvraag naam eerste huisdier: {v}"),
    ("nl", "Wi-Fi key", "Wifi-wachtwoord wachtkamer: {v}"),
    ("pl", "casual password", "hasło do laptopa to teraz {v}"),
    ("pl", "password", "Hasło do konta bankowego drukarni: {v}"),
    ("pl", "passphrase", "Fraza hasła do sejfu: {v}"),
    ("pl", "PIN", "PIN do karty babci: {v}"),
    ("pl", "door code", "Kod do furtki: {v}"),
    ("pl", "backup codes", "Kody zapasowe do konta klubu: {v}"),
    ("pl", "security answer", "Pytanie pomocnicze: imię pierwszego psa – {v}"),
    ("pl", "Wi-Fi key", "Hasło do Wi-Fi w poczekalni: {v}"),
    ("sv", "casual password", "lösen till skrivaren är {v}"),
    ("sv", "password", "Lösenord till klubbens konto: {v}"),
    ("sv", "passphrase", "Lösenfras för backupdisken: {v}"),
    ("sv", "PIN", "Pinkoden till mormors kort är {v}"),
    ("sv", "door code", "Portkoden är {v}"),
    ("sv", "backup codes", "Reservkoder för mottagningens konto: {v}"),
    ("sv", "security answer", "Säkerhetsfråga, mammas flicknamn: {v}"),
    ("sv", "Wi-Fi key", "Wifi-lösenordet i väntrummet: {v}"),
    ("tr", "casual password", "modemin şifresi {v}"),
    ("tr", "password", "Kulüp e-postasının parolası: {v}"),
    ("tr", "passphrase", "Yedek diskin parola cümlesi: {v}"),
    ("tr", "PIN", "Babamın kart PIN'i {v}"),
    ("tr", "door code", "Bahçe kapısının kodu {v}"),
    ("tr", "backup codes", "Muayenehane hesabının yedek kodları: {v}"),
    ("tr", "security answer", "Güvenlik sorusu, ilk okulumun adı: {v}"),
    ("tr", "Wi-Fi key", "Bekleme salonu Wi-Fi şifresi: {v}"),
    ("ru", "casual password", "пароль от ноута теперь {v}"),
    ("ru", "password", "Пароль от почты клуба: {v}"),
    ("ru", "passphrase", "Парольная фраза для архива: {v}"),
    ("ru", "PIN", "ПИН-код бабушкиной карты: {v}"),
    ("ru", "door code", "Код домофона {v}"),
    ("ru", "backup codes", "Резервные коды аккаунта типографии: {v}"),
    ("ru", "security answer", "Контрольный вопрос, девичья фамилия матери: {v}"),
    ("ru", "Wi-Fi key", "Пароль от вайфая в приёмной: {v}"),
    ("ja", "casual password", "ノートPCのパスは{v}だよ"),
    ("ja", "password", "クラブのメールのパスワード：{v}"),
    ("ja", "passphrase", "バックアップ用パスフレーズは「{v}」"),
    ("ja", "PIN", "おばあちゃんのカードの暗証番号は{v}"),
    ("ja", "door code", "裏口のドアの暗証番号：{v}"),
    ("ja", "backup codes", "医院アカウントのバックアップコード：{v}"),
    ("ja", "security answer", "秘密の質問（母の旧姓）の答え：{v}"),
    ("ja", "Wi-Fi key", "待合室のWi-Fiのパスワードは{v}"),
    ("ko", "casual password", "노트북 비번 {v}로 바꿨어"),
    ("ko", "password", "클럽 메일 비밀번호: {v}"),
    ("ko", "passphrase", "백업 디스크 암호 문구: {v}"),
    ("ko", "PIN", "할머니 카드 핀번호는 {v}"),
    ("ko", "door code", "현관 도어락 번호 {v}"),
    ("ko", "backup codes", "병원 계정 백업 코드: {v}"),
    ("ko", "security answer", "보안 질문 첫 애완동물 이름 답: {v}"),
    ("ko", "Wi-Fi key", "대기실 와이파이 비번: {v}"),
    ("zh", "casual password", "笔记本的密码改成{v}了"),
    ("zh", "password", "俱乐部邮箱密码：{v}"),
    ("zh", "passphrase", "备份盘的口令短语是{v}"),
    ("zh", "PIN", "奶奶银行卡的PIN码：{v}"),
    ("zh", "door code", "后门门禁密码 {v}"),
    ("zh", "backup codes", "诊所账号的备用验证码：{v}"),
    ("zh", "security answer", "密保问题 母亲的姓氏 答案：{v}"),
    ("zh", "Wi-Fi key", "候诊室WiFi密码：{v}"),
    ("id", "casual password", "pw laptop sekarang {v}"),
    ("id", "password", "Kata sandi email klub: {v}"),
    ("id", "passphrase", "Frasa sandi untuk disk cadangan: {v}"),
    ("id", "PIN", "PIN ATM nenek {v}"),
    ("id", "door code", "Kode pintu gudang: {v}"),
    ("id", "backup codes", "Kode cadangan akun klinik: {v}"),
    ("id", "security answer", "Pertanyaan keamanan, nama hewan pertama: {v}"),
    ("id", "Wi-Fi key", "Password wifi ruang tunggu: {v}"),
    ("cs", "casual password", "heslo k notebooku je teď {v}"),
    ("cs", "password", "Heslo k e-mailu klubu: {v}"),
    ("cs", "passphrase", "Heslová fráze k záložnímu disku: {v}"),
    ("cs", "PIN", "PIN babiččiny karty je {v}"),
    ("cs", "door code", "Kód od branky: {v}"),
    ("cs", "backup codes", "Záložní kódy účtu ordinace: {v}"),
    ("cs", "security answer", "Bezpečnostní otázka, jméno prvního psa: {v}"),
    ("cs", "Wi-Fi key", "Heslo na wifi v čekárně: {v}"),
    ("ro", "casual password", "parola de la laptop e acum {v}"),
    ("ro", "password", "Parola contului de e-mail al clubului: {v}"),
    ("ro", "PIN", "PIN-ul cardului bunicii este {v}"),
    ("ro", "door code", "Codul de la interfon: {v}"),
    ("ro", "backup codes", "Codurile de rezervă ale contului cabinetului: {v}"),
    ("ro", "security answer", "Întrebarea de securitate, numele primului câine: {v}"),
    ("ro", "Wi-Fi key", "Parola wifi din sala de așteptare: {v}"),
    ("fi", "casual password", "läppärin salis on nyt {v}"),
    ("fi", "password", "Seuran sähköpostin salasana: {v}"),
    ("fi", "passphrase", "Varmuuskopiolevyn salalause: {v}"),
    ("fi", "PIN", "Mummon kortin PIN-koodi on {v}"),
    ("fi", "door code", "Oven ovikoodi: {v}"),
    ("fi", "backup codes", "Vastaanoton tilin varakoodit: {v}"),
    ("fi", "security answer", "Turvakysymys, ensimmäisen lemmikin nimi: {v}"),
    ("fi", "Wi-Fi key", "Odotushuoneen wifi-salasana: {v}"),
    ("en", "PIN", "new bank card came, pin's {v}"),
    ("en", "password in passing", "Logged into the router with admin and {v}, all fine"),
    ("de", "security answer", "Antwort auf „Name des ersten Haustiers“: {v}"),
    ("fr", "password in passing", "connecte-toi avec compta et {v}, ça marche"),
    ("es", "user and password", "usuario caja, contraseña {v}"),
    ("it", "password in passing", "ho fatto login come admin con {v} e funziona"),
)

# Ordinary sentences: (language, template); {n} a number, {s} a product, {d} a small number of days.
PROSE: tuple[tuple[str, str], ...] = (
    ("en", "Passwords on the practice PCs must be at least {n} characters long."),
    ("en", "The reset link for your {s} password expires after {d} days."),
    ("en", "Your PIN will be locked after {d} wrong attempts."),
    ("en", "The guest Wi-Fi network is called Harbour-Guest-{n}."),
    ("en", "Remember to change the default password of the new {s} before it goes on the network."),
    ("en", "Order code {n}-B covers the toner for the big printer."),
    ("en", "In the docs the API key field shows YOUR_API_KEY as a placeholder."),
    ("en", "Backup codes for {s} can be regenerated from the security settings page."),
    ("en", "The password field in {s} should accept spaces and emoji."),
    ("en", "We rotate the Wi-Fi passphrase every {d} months now."),
    ("en", "The two-factor code arrives by SMS and is valid for {d} minutes."),
    ("en", "My password expired during the holidays, so IT had to reset it."),
    ("de", "Das Passwort muss mindestens {n} Zeichen haben und darf keine Namen enthalten."),
    ("de", "Nach {d} falschen Eingaben wird die PIN gesperrt."),
    ("de", "Der Link zum Zurücksetzen des Kennworts ist {d} Tage gültig."),
    ("de", "Das Gäste-WLAN heißt Praxis-Gast-{n}."),
    ("de", "Bestellnummer {n} ist der Toner für den großen Drucker."),
    ("de", "Bitte das Standardpasswort des neuen {s} vor der Inbetriebnahme ändern."),
    ("de", "In der Anleitung steht als Platzhalter DEIN_API_SCHLUESSEL."),
    ("de", "Die Wiederherstellungscodes für {s} findest du in den Sicherheitseinstellungen."),
    ("de", "Mein Passwort ist im Urlaub abgelaufen, die IT hat es zurückgesetzt."),
    ("de", "Der Bestätigungscode per SMS gilt {d} Minuten."),
    ("fr", "Le mot de passe doit contenir au moins {n} caractères."),
    ("fr", "Après {d} essais ratés, le code PIN est bloqué."),
    ("fr", "Le lien de réinitialisation du mot de passe expire au bout de {d} jours."),
    ("fr", "Pour les patients, le nom du wifi affiché en salle est Cabinet-Invites-{n}."),
    ("fr", "Pensez à changer le mot de passe par défaut du nouveau {s}."),
    ("fr", "La référence {n} correspond au toner de la grande imprimante."),
    ("fr", "Dans la doc, le champ clé API affiche VOTRE_CLE_API comme exemple."),
    ("fr", "Les codes de secours de {s} se régénèrent depuis les paramètres de sécurité."),
    ("fr", "Mon mot de passe a expiré pendant les vacances."),
    ("fr", "Le code de vérification reçu par SMS reste valable {d} minutes."),
    ("es", "Para el club, la contraseña tiene que llevar como mínimo {n} caracteres."),
    ("es", "Tras {d} intentos fallidos el PIN se bloquea."),
    ("es", "El enlace para restablecer la contraseña caduca en {d} días."),
    ("es", "La red wifi de invitados se llama Club-Invitados-{n}."),
    ("es", "Hay que cambiar la contraseña por defecto del nuevo {s} antes de conectarlo."),
    ("es", "El código de pedido {n} es el del tóner de la impresora grande."),
    ("es", "En la documentación la clave de API aparece como TU_CLAVE_API."),
    ("es", "Los códigos de respaldo de {s} se pueden regenerar en la configuración."),
    ("es", "Mi contraseña caducó durante las vacaciones."),
    ("es", "El código de verificación por SMS dura {d} minutos."),
    ("it", "La password deve avere almeno {n} caratteri."),
    ("it", "Dopo {d} tentativi sbagliati il PIN viene bloccato."),
    ("it", "Il link per reimpostare la password scade dopo {d} giorni."),
    ("it", "La rete wifi degli ospiti si chiama Studio-Ospiti-{n}."),
    ("it", "Ricordati di cambiare la password predefinita del nuovo {s}."),
    ("it", "Il codice articolo {n} è quello del toner della stampante grande."),
    ("it", "Nella documentazione la chiave API è indicata come LA_TUA_CHIAVE_API."),
    ("it", "I codici di backup di {s} si rigenerano dalle impostazioni di sicurezza."),
    ("it", "Mi è scaduta la password mentre ero in ferie, domani chiamo l'assistenza."),
    ("it", "Il codice di verifica via SMS vale {d} minuti."),
    ("pt", "A senha precisa ter pelo menos {n} caracteres."),
    ("pt", "Depois de {d} tentativas erradas o PIN é bloqueado."),
    ("pt", "O link para redefinir a senha expira em {d} dias."),
    ("pt", "A rede Wi-Fi de visitantes se chama Consultorio-Visitas-{n}."),
    ("pt", "Troque a senha padrão do novo {s} antes de ligar na rede."),
    ("pt", "O código do pedido {n} é do toner da impressora grande."),
    ("pt", "Na documentação a chave de API aparece como SUA_CHAVE_API."),
    ("pt", "Os códigos de recuperação do {s} podem ser gerados de novo nas configurações."),
    ("pt", "Minha senha expirou durante as férias."),
    ("pt", "O código de verificação por SMS vale {d} minutos."),
    ("nl", "Het wachtwoord moet minstens {n} tekens lang zijn."),
    ("nl", "Na {d} foute pogingen wordt de pincode geblokkeerd."),
    ("nl", "De link om je wachtwoord te resetten verloopt na {d} dagen."),
    ("nl", "Het gastnetwerk heet Praktijk-Gast-{n}."),
    ("nl", "Verander het standaardwachtwoord van de nieuwe {s} voordat hij aan het netwerk gaat."),
    ("nl", "Bestelcode {n} is de toner voor de grote printer."),
    ("nl", "In de handleiding staat JOUW_API_SLEUTEL als voorbeeld."),
    ("nl", "Herstelcodes voor {s} kun je opnieuw aanmaken in de beveiligingsinstellingen."),
    ("nl", "Mijn wachtwoord is tijdens de vakantie verlopen."),
    ("nl", "De verificatiecode per sms is {d} minuten geldig."),
    ("pl", "Hasło musi mieć co najmniej {n} znaków."),
    ("pl", "Po {d} błędnych próbach PIN zostaje zablokowany."),
    ("pl", "Link do resetu hasła wygasa po {d} dniach."),
    ("pl", "Sieć Wi-Fi dla gości nazywa się Klub-Goscie-{n}."),
    ("pl", "Zmień domyślne hasło nowego {s} przed podłączeniem."),
    ("pl", "Kod zamówienia {n} to toner do dużej drukarki."),
    ("pl", "W dokumentacji klucz API jest pokazany jako TWOJ_KLUCZ_API."),
    ("pl", "Kody zapasowe do {s} można wygenerować ponownie w ustawieniach."),
    ("pl", "Moje hasło wygasło w czasie urlopu."),
    ("pl", "Kod weryfikacyjny z SMS-a jest ważny {d} minut."),
    ("sv", "Lösenordet måste ha minst {n} tecken."),
    ("sv", "Efter {d} felaktiga försök spärras pinkoden."),
    ("sv", "Länken för att återställa lösenordet går ut efter {d} dagar."),
    ("sv", "Gästnätverket heter Mottagning-Gast-{n}."),
    ("sv", "Byt standardlösenordet på den nya {s} innan den kopplas in."),
    ("sv", "Artikelnummer {n} är tonern till den stora skrivaren."),
    ("sv", "I dokumentationen står DIN_API_NYCKEL som platshållare."),
    ("sv", "Reservkoderna för {s} kan skapas om under säkerhetsinställningarna."),
    ("sv", "Mitt lösenord gick ut under semestern."),
    ("sv", "Verifieringskoden via sms gäller i {d} minuter."),
    ("tr", "Parola en az {n} karakter olmalı."),
    ("tr", "{d} hatalı denemeden sonra PIN kilitlenir."),
    ("tr", "Şifre sıfırlama bağlantısı {d} gün sonra geçersiz olur."),
    ("tr", "Misafir Wi-Fi ağının adı Klinik-Misafir-{n}."),
    ("tr", "Yeni {s} cihazının varsayılan şifresini ağa bağlamadan önce değiştirin."),
    ("tr", "Sipariş kodu {n} büyük yazıcının tonerine ait."),
    ("tr", "Belgelerde API anahtarı SENIN_API_ANAHTARIN olarak gösteriliyor."),
    ("tr", "{s} yedek kodları güvenlik ayarlarından yeniden üretilebilir."),
    ("tr", "Şifrem tatildeyken süresi doldu."),
    ("tr", "SMS ile gelen doğrulama kodu {d} dakika geçerli."),
    ("ru", "Пароль должен быть не короче {n} символов."),
    ("ru", "После {d} неверных попыток ПИН-код блокируется."),
    ("ru", "Ссылка для сброса пароля действует {d} дней."),
    ("ru", "Гостевая сеть Wi-Fi называется Klinika-Guest-{n}."),
    ("ru", "Смените пароль по умолчанию на новом {s} до подключения."),
    ("ru", "Артикул {n} — это тонер для большого принтера."),
    ("ru", "В документации ключ API показан как ВАШ_КЛЮЧ_API."),
    ("ru", "Резервные коды для {s} можно создать заново в настройках безопасности."),
    ("ru", "Мой пароль истёк, пока я был в отпуске."),
    ("ru", "Код подтверждения из СМС действует {d} минут."),
    ("ja", "パスワードは{n}文字以上にしてください。"),
    ("ja", "暗証番号を{d}回間違えるとロックされます。"),
    ("ja", "パスワード再設定のリンクは{d}日で期限切れになります。"),
    ("ja", "来客用Wi-Fiのネットワーク名はClinic-Guest-{n}です。"),
    ("ja", "新しい{s}の初期パスワードは設置前に変更してください。"),
    ("ja", "品番{n}は大きいプリンターのトナーです。"),
    ("ja", "ドキュメントではAPIキーの欄にYOUR_API_KEYと書かれています。"),
    ("ja", "{s}のバックアップコードはセキュリティ設定から再発行できます。"),
    ("ja", "休暇中にパスワードの有効期限が切れました。"),
    ("ja", "SMSの確認コードは{d}分間有効です。"),
    ("ko", "비밀번호는 {n}자 이상이어야 합니다."),
    ("ko", "PIN을 {d}번 틀리면 잠깁니다."),
    ("ko", "비밀번호 재설정 링크는 {d}일 후에 만료됩니다."),
    ("ko", "손님용 와이파이 이름은 Clinic-Guest-{n}입니다."),
    ("ko", "새 {s}의 기본 비밀번호는 설치 전에 바꿔 주세요."),
    ("ko", "주문 코드 {n}은 큰 프린터의 토너입니다."),
    ("ko", "문서에는 API 키 자리에 YOUR_API_KEY라고 적혀 있습니다."),
    ("ko", "{s} 백업 코드는 보안 설정에서 다시 만들 수 있습니다."),
    ("ko", "휴가 중에 비밀번호가 만료됐어요."),
    ("ko", "문자로 받은 인증 코드는 {d}분 동안 유효합니다."),
    ("zh", "密码至少需要{n}个字符。"),
    ("zh", "PIN码输错{d}次后会被锁定。"),
    ("zh", "重置密码的链接{d}天后失效。"),
    ("zh", "访客WiFi的名称是Clinic-Guest-{n}。"),
    ("zh", "新的{s}接入网络前请先修改默认密码。"),
    ("zh", "订货编号{n}是大打印机的碳粉。"),
    ("zh", "文档里API密钥一栏写的是YOUR_API_KEY。"),
    ("zh", "{s}的备用验证码可以在安全设置里重新生成。"),
    ("zh", "我的密码在休假期间过期了。"),
    ("zh", "短信验证码{d}分钟内有效。"),
    ("id", "Kata sandi minimal {n} karakter."),
    ("id", "Setelah {d} kali salah, PIN akan diblokir."),
    ("id", "Tautan untuk mengatur ulang kata sandi kedaluwarsa dalam {d} hari."),
    ("id", "Nama jaringan wifi tamu adalah Klinik-Tamu-{n}."),
    ("id", "Ganti kata sandi bawaan {s} yang baru sebelum dipasang."),
    ("id", "Kode pesanan {n} adalah toner untuk printer besar."),
    ("id", "Di dokumentasi kunci API ditulis sebagai KUNCI_API_ANDA."),
    ("id", "Kode cadangan {s} bisa dibuat ulang di pengaturan keamanan."),
    ("id", "Kata sandi saya kedaluwarsa waktu liburan."),
    ("id", "Kode verifikasi lewat SMS berlaku {d} menit."),
    ("cs", "Heslo musí mít alespoň {n} znaků."),
    ("cs", "Po {d} chybných pokusech se PIN zablokuje."),
    ("cs", "Odkaz na obnovení hesla vyprší za {d} dní."),
    ("cs", "Síť wifi pro hosty se jmenuje Ordinace-Host-{n}."),
    ("cs", "Před připojením změňte výchozí heslo nového {s}."),
    ("cs", "Objednací kód {n} je toner do velké tiskárny."),
    ("cs", "V dokumentaci je klíč API uveden jako VAS_API_KLIC."),
    ("cs", "Záložní kódy pro {s} lze znovu vygenerovat v nastavení zabezpečení."),
    ("cs", "Moje heslo vypršelo během dovolené."),
    ("cs", "Ověřovací kód z SMS platí {d} minut."),
    ("ro", "Parola trebuie să aibă cel puțin {n} caractere."),
    ("ro", "După {d} încercări greșite, PIN-ul se blochează."),
    ("ro", "Linkul de resetare a parolei expiră după {d} zile."),
    ("ro", "Rețeaua wifi pentru oaspeți se numește Cabinet-Oaspeti-{n}."),
    ("ro", "Schimbați parola implicită a noului {s} înainte de instalare."),
    ("ro", "Codul de comandă {n} este tonerul pentru imprimanta mare."),
    ("ro", "În documentație cheia API apare ca CHEIA_TA_API."),
    ("ro", "Codurile de rezervă pentru {s} se pot genera din nou din setări."),
    ("ro", "Parola mea a expirat în concediu."),
    ("ro", "Codul de verificare prin SMS e valabil {d} minute."),
    ("fi", "Salasanassa pitää olla vähintään {n} merkkiä."),
    ("fi", "PIN-koodi lukittuu {d} väärän yrityksen jälkeen."),
    ("fi", "Salasanan palautuslinkki vanhenee {d} päivässä."),
    ("fi", "Vierasverkon nimi on Vastaanotto-Vieras-{n}."),
    ("fi", "Vaihda uuden {s} oletussalasana ennen käyttöönottoa."),
    ("fi", "Tilauskoodi {n} on ison tulostimen väriaine."),
    ("fi", "Ohjeessa API-avaimen paikalla lukee SINUN_API_AVAIN."),
    ("fi", "Palvelun {s} varakoodit voi luoda uudelleen suojausasetuksista."),
    ("fi", "Salasanani vanheni loman aikana."),
    ("fi", "Tekstiviestillä tullut vahvistuskoodi on voimassa {d} minuuttia."),
    ("en", "The door code for the storeroom changes every {d} weeks; ask the front desk."),
    ("en", "Ticket {n}: user forgot their PIN again, sent the reset instructions."),
    ("de", "Der Türcode fürs Lager wird alle {d} Wochen geändert, frag am Empfang."),
    ("de", "Ticket {n}: Nutzer hat die PIN vergessen, Anleitung zum Zurücksetzen geschickt."),
    ("fr", "Le code de la porte du stock change toutes les {d} semaines, demandez à l'accueil."),
    ("fr", "Ticket {n} : l'utilisateur a encore oublié son code PIN."),
    ("es", "El código de la puerta del almacén cambia cada {d} semanas, pregunta en recepción."),
    ("es", "Incidencia {n}: el usuario olvidó otra vez su PIN."),
    ("it", "Il codice della porta del magazzino cambia ogni {d} settimane, chiedi in reception."),
    ("it", "Ticket {n}: l'utente ha di nuovo dimenticato il PIN."),
    ("pt", "O código da porta do depósito muda a cada {d} semanas, pergunte na recepção."),
    ("pt", "Chamado {n}: o usuário esqueceu o PIN de novo."),
    ("nl", "De deurcode van de opslag verandert elke {d} weken, vraag het bij de balie."),
    ("nl", "Ticket {n}: gebruiker is zijn pincode weer vergeten."),
    ("pl", "Kod do drzwi magazynu zmienia się co {d} tygodni, zapytaj w recepcji."),
    ("pl", "Zgłoszenie {n}: użytkownik znowu zapomniał PIN-u."),
    ("sv", "Dörrkoden till förrådet byts var {d}:e vecka, fråga i receptionen."),
    ("sv", "Ärende {n}: användaren har glömt sin pinkod igen."),
    ("tr", "Depo kapısının kodu her {d} haftada bir değişiyor, resepsiyona sorun."),
    ("tr", "Talep {n}: kullanıcı PIN'ini yine unutmuş."),
    ("ru", "Код от двери склада меняется каждые {d} недель, спросите на ресепшене."),
    ("ru", "Заявка {n}: пользователь снова забыл ПИН-код."),
    ("ja", "倉庫のドアの暗証番号は{d}週間ごとに変わるので受付で聞いてください。"),
    ("ja", "チケット{n}：利用者がまた暗証番号を忘れました。"),
    ("ko", "창고 문 비밀번호는 {d}주마다 바뀌니 안내 데스크에 물어보세요."),
    ("ko", "티켓 {n}: 사용자가 또 PIN을 잊어버렸습니다."),
    ("zh", "仓库门的密码每{d}周更换一次，请问前台。"),
    ("zh", "工单{n}：用户又忘了PIN码。"),
    ("id", "Kode pintu gudang diganti setiap {d} minggu, tanya di resepsionis."),
    ("id", "Tiket {n}: pengguna lupa PIN lagi."),
    ("cs", "Kód od dveří skladu se mění každé {d} týdny, zeptejte se na recepci."),
    ("cs", "Požadavek {n}: uživatel zase zapomněl PIN."),
    ("ro", "Codul ușii de la depozit se schimbă la fiecare {d} săptămâni, întrebați la recepție."),
    ("ro", "Tichetul {n}: utilizatorul și-a uitat iar PIN-ul."),
    ("fi", "Varaston ovikoodi vaihtuu {d} viikon välein, kysy vastaanotosta."),
    ("fi", "Tiketti {n}: käyttäjä unohti taas PIN-koodinsa."),
)
PRODUCTS = (
    "Synology DS923+",
    "FRITZ!Box 7590",
    "Ubiquiti U6",
    "Nextcloud",
    "Moodle",
    "Brother MFC",
    "Netgear Orbi",
    "TP-Link Deco",
)


def _prose(g: random.Random) -> Iterator[Row]:
    """Each prose template with three draws of its fields (distinct texts only)."""
    seen: set[str] = set()
    for language, template in PROSE:
        for _ in range(3):
            text = template.format(
                n=g.choice((8, 10, 12, 14, 16, 2041, 3317, 5520)), s=g.choice(PRODUCTS), d=g.randint(2, 30)
            )
            if text not in seen:
                seen.add(text)
                yield Row(HALF, "prose", f"ordinary sentence ({language})", text, "")


def rows(seed: int = SEED) -> list[Row]:
    """Every row of the held9s split (deterministic for a seed): stated credentials, then ordinary sentences."""
    g = random.Random(seed)
    out: list[Row] = []
    for language, kind, template in STATED:
        value = VALUE[kind](g, language)
        secret = _middle(value) if kind == "backup codes" else value
        out.append(Row(HALF, "stated", f"stated {kind} ({language})", template.format(v=value), secret))
    return out + list(_prose(g))
