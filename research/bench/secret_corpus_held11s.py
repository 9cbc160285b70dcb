"""A held-out split of stated credentials and ordinary sentences, ``held11s``: written by stated14 before stop 44's
changes, scored once at the end (on main and on the branch, same session).

Two groups:

- ``stated``: a credential noun's slot holding its value in 16 languages (English, German, French, Spanish,
  Italian, Portuguese, Dutch, Polish, Swedish, Danish, Turkish, Russian, Ukrainian, Japanese, Korean, Chinese), in
  wordings no earlier split uses: word passphrases, Wi-Fi keys, alarm, safe and door codes, PINs said in groups,
  backup-code lists inside a sentence, a user and password pair, a security answer, a password said mid-sentence,
  and a value said before its noun ("X is the new password"). The voice is a bakery, a sailing club, a veterinary
  clinic and a grandmother's notebook, never the scanner's rules or an earlier split's templates.
- ``prose``: 500+ ordinary sentences in the same languages about credentials that hold none: policies, length
  rules, "the password field", resets, a network's name, where the password is written ("it's on the modem"),
  Italian unaccented "e" (and) after the noun, placeholders and masks.

For a code list, ``secret`` is one code in the middle of the list; for a grouped PIN, the whole group. Rows are
``secret_rows.Row`` with ``half == "held11s"``. Run: ``python -m research secret_scanner --held11s --corpus-only``.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable, Iterator

from secret_rows import Row

HALF = "held11s"
SEED = 44_2026_12_07_11
DIGITS = string.digits
LOWER = string.ascii_lowercase

WORDS = {
    "en": "pebble gravy tinsel nutmeg sparrow bramble pickle velvet quiver marble ginger puddle",
    "de": "Holunder Kiesel Pfanne Rübe Spatz Schleife Mörser Kachel Wimpel Harke Dachs Möwe",
    "fr": "galet navet moineau ruban mortier tuile fanion râteau blaireau mouette sureau",
    "es": "guijarro nabo gorrión cinta mortero teja banderín rastrillo tejón gaviota saúco",
    "it": "ciottolo rapa passero nastro mortaio tegola stendardo rastrello tasso gabbiano sambuco",
    "pt": "seixo nabo pardal fita pilão telha flâmula ancinho texugo gaivota sabugueiro",
    "nl": "kiezel raap mus lint vijzel dakpan wimpel hark das meeuw vlier",
    "pl": "kamyk rzepa wróbel wstążka moździerz dachówka proporczyk grabie borsuk mewa bez",
    "sv": "kisel rova sparv band mortel takpanna vimpel kratta grävling mås fläder",
    "da": "kiselsten roe spurv bånd morter tagsten vimpel rive grævling måge hyld",
    "tr": "çakıl şalgam serçe kurdele havan kiremit flama tırmık porsuk martı mürver",
    "ru": "галька репа воробей лента ступка черепица вымпел грабли барсук чайка бузина",
    "uk": "камінець ріпа горобець стрічка ступка черепиця вимпел граблі борсук чайка бузина",
    "ja": "こいし かぶ すずめ りぼん すりばち かわら はた くまで あなぐま かもめ",
    "ko": "조약돌 순무 참새 리본 절구 기와 깃발 갈퀴 오소리 갈매기",
    "zh": "卵石 芜菁 麻雀 丝带 研钵 瓦片 旗帜 耙子 獾 海鸥",
}
LATIN = [
    "pebble",
    "gravy",
    "tinsel",
    "nutmeg",
    "sparrow",
    "bramble",
    "pickle",
    "velvet",
    "quiver",
    "marble",
    "ginger",
    "puddle",
    "otter",
    "comet",
]
ANSWERS = ("Gwendolyn", "Skagen", "Pumpernickel", "Tbilisi", "Marzipan", "Ljubljana", "Ottoline", "Kestrel")


def _phrase(g: random.Random, lang: str) -> str:
    words = g.sample(WORDS[lang].split(), g.choice((3, 4)))
    if lang in ("ja", "zh", "ko"):
        return g.choice(("-", "_", ".")).join(words)
    return g.choice((" ", "-", ".", "_")).join(w.lower() for w in words)


def _wifi(g: random.Random, lang: str) -> str:
    if g.random() < 0.5:
        return "-".join(w.capitalize() for w in g.sample(LATIN, 2)) + str(g.randint(10, 999))
    return "".join(g.choice(LOWER + DIGITS) for _ in range(g.choice((10, 12))))


def _code(g: random.Random, lang: str) -> str:
    digits = "".join(g.choice(DIGITS) for _ in range(g.choice((4, 5, 6))))
    return digits + g.choice(("", "", "#", "*"))


def _grouped(g: random.Random, lang: str) -> str:
    digits = "".join(g.choice(DIGITS) for _ in range(g.choice((4, 6, 8))))
    style = g.randrange(3)
    if style == 0:
        return " ".join(digits)
    if style == 1:
        return "-".join(digits[i : i + 2] for i in range(0, len(digits), 2))
    return (
        " ".join(digits[i : i + 3] for i in range(0, len(digits), 3))
        if len(digits) == 6
        else digits[:4] + " " + digits[4:]
    )


def _codes(g: random.Random, lang: str) -> str:
    style = g.randrange(3)
    if style == 0:
        codes = ["".join(g.choice(DIGITS) for _ in range(g.choice((8, 10)))) for _ in range(g.randint(4, 6))]
    elif style == 1:
        codes = ["".join(g.choice(LOWER + DIGITS) for _ in range(5)) for _ in range(g.randint(4, 6))]
    else:
        codes = [
            "".join(g.choice(DIGITS) for _ in range(4)) + " " + "".join(g.choice(DIGITS) for _ in range(4))
            for _ in range(g.randint(3, 5))
        ]
    joiner = g.choice((", ", " · ", "; ", " / "))
    return joiner.join(codes)


def _password(g: random.Random, lang: str) -> str:
    word = g.choice(LATIN)
    word = word.capitalize() if g.random() < 0.6 else word
    return f"{word}{''.join(g.choice(DIGITS) for _ in range(g.randint(2, 4)))}{g.choice(('', '!', '?', '+', '&'))}"


def _answer(g: random.Random, lang: str) -> str:
    return g.choice(ANSWERS)


VALUE: dict[str, Callable[[random.Random, str], str]] = {
    "word passphrase": _phrase,
    "Wi-Fi key": _wifi,
    "alarm code": _code,
    "safe code": _code,
    "door code": _code,
    "grouped PIN": _grouped,
    "code list": _codes,
    "user and password": _password,
    "security answer": _answer,
    "password mid-sentence": _password,
    "value before noun": _password,
}

# (language, kind, template): the value is {v}.
STATED: tuple[tuple[str, str, str], ...] = (
    ("en", "word passphrase", "Grandma's e-reader unlocks with the passphrase {v} (she wrote it on the fridge)"),
    ("en", "Wi-Fi key", "for the sailing club hut the wifi key we settled on is {v}"),
    ("en", "alarm code", "Bakery alarm: disarm with {v} within 30 seconds of opening the door"),
    ("en", "safe code", "The combination for the clinic's drug safe is now {v}."),
    ("en", "grouped PIN", "Vet practice card PIN — {v} — don't write it on the card"),
    ("en", "code list", "Kept the sailing club's 2FA recovery codes {v} in the blue binder"),
    ("en", "user and password", "Till login for Saturday staff: user bakery2, password {v}"),
    ("en", "security answer", "For the bank's 'favourite childhood toy' question I answered {v}"),
    ("en", "password mid-sentence", "I typed {v} as the password for the boat's tablet and it took it"),
    ("en", "value before noun", "{v} is the new password for the booking laptop"),
    ("de", "word passphrase", "Oma hat als Passphrase {v} genommen, steht im Notizbuch"),
    ("de", "Wi-Fi key", "Der WLAN-Schlüssel im Vereinsheim lautet seit gestern {v}"),
    ("de", "alarm code", "Alarmanlage der Bäckerei: Code {v} eingeben, dann Taste Unscharf"),
    ("de", "safe code", "Die Kombination vom Praxistresor ist jetzt {v}"),
    ("de", "grouped PIN", "PIN der Vereinskarte lautet {v}"),
    ("de", "code list", "Die Notfallcodes fürs Praxis-Konto sind {v}, bitte ausdrucken"),
    ("de", "user and password", "Kasse Samstag: Benutzer aushilfe, Passwort {v}"),
    ("de", "security answer", "Bei der Sicherheitsfrage nach dem ersten Haustier hab ich {v} angegeben"),
    ("de", "password mid-sentence", "Ich habe {v} als Passwort fürs Boots-Tablet gesetzt"),
    ("de", "value before noun", "{v} ist das neue Passwort vom Buchungslaptop"),
    ("fr", "word passphrase", "Mamie a choisi la phrase secrète {v} pour sa liseuse"),
    ("fr", "Wi-Fi key", "La clé WiFi du club de voile, c'est {v} maintenant"),
    ("fr", "alarm code", "Alarme de la boulangerie : taper {v} pour désactiver"),
    ("fr", "safe code", "La combinaison du coffre de la clinique est {v}"),
    ("fr", "grouped PIN", "Le code confidentiel de la carte du cabinet : {v}"),
    ("fr", "code list", "J'ai noté les codes de récupération {v} dans le classeur bleu"),
    ("fr", "user and password", "Caisse du samedi : utilisateur vendeuse, mot de passe {v}"),
    ("fr", "security answer", "À la question du premier jouet, j'ai répondu {v}"),
    ("fr", "password mid-sentence", "J'ai mis {v} comme mot de passe sur la tablette du bateau"),
    ("fr", "value before noun", "{v} est le nouveau mot de passe de l'ordinateur des réservations"),
    ("es", "word passphrase", "La abuela puso como frase de paso {v} en su lector"),
    ("es", "Wi-Fi key", "La clave del wifi del club náutico ahora es {v}"),
    ("es", "alarm code", "Alarma de la panadería: marcar {v} al entrar"),
    ("es", "safe code", "La combinación de la caja fuerte de la clínica es {v}"),
    ("es", "grouped PIN", "PIN de la tarjeta de la clínica: {v}"),
    ("es", "code list", "Guardé los códigos de recuperación {v} en la carpeta azul"),
    ("es", "user and password", "Caja del sábado: usuario ayudante, contraseña {v}"),
    ("es", "security answer", "En la pregunta del primer juguete respondí {v}"),
    ("es", "password mid-sentence", "Puse {v} como contraseña en la tableta del barco"),
    ("es", "value before noun", "{v} es la nueva contraseña del portátil de reservas"),
    ("it", "word passphrase", "La nonna ha scelto come passphrase {v} per l'ebook reader"),
    ("it", "Wi-Fi key", "La chiave del wifi del circolo velico adesso è {v}"),
    ("it", "alarm code", "Allarme del forno: digitare {v} entro 30 secondi"),
    ("it", "safe code", "La combinazione della cassaforte dell'ambulatorio è {v}"),
    ("it", "grouped PIN", "Il PIN della carta dell'ambulatorio: {v}"),
    ("it", "code list", "Ho salvato i codici di recupero {v} nel raccoglitore blu"),
    ("it", "user and password", "Cassa del sabato: utente commessa, password {v}"),
    ("it", "security answer", "Alla domanda sul primo giocattolo ho risposto {v}"),
    ("it", "password mid-sentence", "Ho messo {v} come password sul tablet della barca"),
    ("it", "value before noun", "{v} è la nuova password del portatile delle prenotazioni"),
    ("pt", "word passphrase", "A avó escolheu a frase-passe {v} para o leitor digital"),
    ("pt", "Wi-Fi key", "A chave do wifi do clube de vela agora é {v}"),
    ("pt", "alarm code", "Alarme da padaria: digitar {v} ao entrar"),
    ("pt", "safe code", "A combinação do cofre da clínica é {v}"),
    ("pt", "grouped PIN", "PIN do cartão da clínica: {v}"),
    ("pt", "code list", "Guardei os códigos de recuperação {v} na pasta azul"),
    ("pt", "user and password", "Caixa de sábado: usuário ajudante, senha {v}"),
    ("pt", "security answer", "Na pergunta do primeiro brinquedo respondi {v}"),
    ("pt", "password mid-sentence", "Coloquei {v} como senha no tablet do barco"),
    ("pt", "value before noun", "{v} é a nova senha do notebook das reservas"),
    ("nl", "word passphrase", "Oma heeft als wachtzin {v} gekozen voor haar e-reader"),
    ("nl", "Wi-Fi key", "De wifi-sleutel van het clubhuis is nu {v}"),
    ("nl", "alarm code", "Alarm bakkerij: toets {v} binnen 30 seconden"),
    ("nl", "safe code", "De combinatie van de kluis in de praktijk is {v}"),
    ("nl", "grouped PIN", "Pincode van de praktijkpas: {v}"),
    ("nl", "code list", "De herstelcodes {v} liggen in de blauwe map"),
    ("nl", "user and password", "Kassa zaterdag: gebruiker hulp, wachtwoord {v}"),
    ("nl", "security answer", "Bij de vraag naar mijn eerste speelgoed heb ik {v} ingevuld"),
    ("nl", "password mid-sentence", "Ik heb {v} als wachtwoord op de boottablet gezet"),
    ("nl", "value before noun", "{v} is het nieuwe wachtwoord van de reserveringslaptop"),
    ("pl", "word passphrase", "Babcia ustawiła frazę hasła {v} na czytniku"),
    ("pl", "Wi-Fi key", "Klucz do wifi w klubie żeglarskim to teraz {v}"),
    ("pl", "alarm code", "Alarm piekarni: wpisać {v} po wejściu"),
    ("pl", "safe code", "Szyfr do sejfu w przychodni to {v}"),
    ("pl", "grouped PIN", "PIN do karty przychodni: {v}"),
    ("pl", "code list", "Zapisałam kody odzyskiwania {v} w niebieskim segregatorze"),
    ("pl", "user and password", "Kasa w sobotę: użytkownik pomoc, hasło {v}"),
    ("pl", "security answer", "Na pytanie o pierwszą zabawkę odpowiedziałam {v}"),
    ("pl", "password mid-sentence", "Ustawiłem {v} jako hasło na tablecie łodzi"),
    ("pl", "value before noun", "{v} to nowe hasło do laptopa rezerwacji"),
    ("sv", "word passphrase", "Mormor valde lösenfrasen {v} till läsplattan"),
    ("sv", "Wi-Fi key", "Wifi-nyckeln i klubbstugan är nu {v}"),
    ("sv", "alarm code", "Larmet på bageriet: slå {v} inom 30 sekunder"),
    ("sv", "safe code", "Kombinationen till kassaskåpet på kliniken är {v}"),
    ("sv", "grouped PIN", "Pinkoden till klinikens kort: {v}"),
    ("sv", "code list", "Återställningskoderna {v} ligger i den blå pärmen"),
    ("sv", "user and password", "Kassan på lördag: användare hjalp, lösenord {v}"),
    ("sv", "security answer", "På frågan om min första leksak svarade jag {v}"),
    ("sv", "password mid-sentence", "Jag satte {v} som lösenord på båtens surfplatta"),
    ("sv", "value before noun", "{v} är det nya lösenordet till bokningsdatorn"),
    ("da", "word passphrase", "Mormor valgte adgangssætningen {v} til sin læser"),
    ("da", "Wi-Fi key", "Wifi-koden i klubhuset er nu {v}"),
    ("da", "alarm code", "Alarmen i bageriet: tast {v} inden 30 sekunder"),
    ("da", "safe code", "Kombinationen til klinikkens pengeskab er {v}"),
    ("da", "grouped PIN", "Pinkoden til klinikkens kort: {v}"),
    ("da", "code list", "Gendannelseskoderne {v} ligger i den blå mappe"),
    ("da", "user and password", "Kassen lørdag: bruger hjaelper, adgangskode {v}"),
    ("da", "security answer", "Til spørgsmålet om mit første legetøj svarede jeg {v}"),
    ("da", "password mid-sentence", "Jeg satte {v} som adgangskode på bådens tablet"),
    ("da", "value before noun", "{v} er den nye adgangskode til bookingcomputeren"),
    ("tr", "word passphrase", "Babaannem e-okuyucusu için parola cümlesi olarak {v} seçti"),
    ("tr", "Wi-Fi key", "Yelken kulübünün wifi şifresi artık {v}"),
    ("tr", "alarm code", "Fırının alarmı: girişte {v} tuşlayın"),
    ("tr", "safe code", "Kliniğin kasasının şifresi {v}"),
    ("tr", "grouped PIN", "Klinik kartının PIN kodu: {v}"),
    ("tr", "code list", "Kurtarma kodlarını {v} mavi klasöre koydum"),
    ("tr", "user and password", "Cumartesi kasası: kullanıcı yardimci, şifre {v}"),
    ("tr", "security answer", "İlk oyuncağım sorusuna {v} diye cevap verdim"),
    ("tr", "password mid-sentence", "Teknenin tabletine şifre olarak {v} koydum"),
    ("tr", "value before noun", "{v} rezervasyon dizüstünün yeni şifresi"),
    ("ru", "word passphrase", "Бабушка выбрала кодовую фразу {v} для читалки"),
    ("ru", "Wi-Fi key", "Ключ от вайфая в яхт-клубе теперь {v}"),
    ("ru", "alarm code", "Сигнализация пекарни: набрать {v} при входе"),
    ("ru", "safe code", "Комбинация сейфа в клинике — {v}"),
    ("ru", "grouped PIN", "ПИН карты клиники: {v}"),
    ("ru", "code list", "Резервные коды {v} я положила в синюю папку"),
    ("ru", "user and password", "Касса в субботу: пользователь pomoshnik, пароль {v}"),
    ("ru", "security answer", "На вопрос о первой игрушке я ответила {v}"),
    ("ru", "password mid-sentence", "Я поставил {v} паролем на планшет лодки"),
    ("ru", "value before noun", "{v} — новый пароль от ноутбука бронирования"),
    ("uk", "word passphrase", "Бабуся обрала парольну фразу {v} для читалки"),
    ("uk", "Wi-Fi key", "Ключ від вайфаю в яхт-клубі тепер {v}"),
    ("uk", "alarm code", "Сигналізація пекарні: набрати {v} при вході"),
    ("uk", "safe code", "Комбінація сейфа в клініці — {v}"),
    ("uk", "grouped PIN", "ПІН картки клініки: {v}"),
    ("uk", "code list", "Резервні коди {v} я поклала в синю папку"),
    ("uk", "user and password", "Каса в суботу: користувач pomichnyk, пароль {v}"),
    ("uk", "security answer", "На питання про першу іграшку я відповіла {v}"),
    ("uk", "password mid-sentence", "Я поставив {v} паролем на планшет човна"),
    ("uk", "value before noun", "{v} — новий пароль від ноутбука бронювання"),
    ("ja", "word passphrase", "祖母は電子書籍リーダーのパスフレーズを{v}にしました"),
    ("ja", "Wi-Fi key", "ヨットクラブのWi-Fiのキーは今は{v}です"),
    ("ja", "alarm code", "パン屋の警報は入ってすぐ{v}を押して解除"),
    ("ja", "safe code", "医院の金庫の番号は{v}です"),
    ("ja", "grouped PIN", "医院のカードの暗証番号：{v}"),
    ("ja", "code list", "リカバリーコード{v}は青いファイルに入れました"),
    ("ja", "user and password", "土曜日のレジ：ユーザー tetsudai、パスワード {v}"),
    ("ja", "security answer", "最初のおもちゃの質問には{v}と答えました"),
    ("ja", "password mid-sentence", "船のタブレットにパスワードとして{v}を設定した"),
    ("ja", "value before noun", "{v} が予約用ノートPCの新しいパスワードです"),
    ("ko", "word passphrase", "할머니는 전자책 암호 문구를 {v}로 정하셨어요"),
    ("ko", "Wi-Fi key", "요트 클럽 와이파이 키는 이제 {v}입니다"),
    ("ko", "alarm code", "빵집 경보: 들어가서 {v} 누르고 해제"),
    ("ko", "safe code", "병원 금고 번호는 {v}"),
    ("ko", "grouped PIN", "병원 카드 PIN: {v}"),
    ("ko", "code list", "복구 코드 {v} 파란 파일에 넣어 뒀어요"),
    ("ko", "user and password", "토요일 계산대: 사용자 doumi, 비밀번호 {v}"),
    ("ko", "security answer", "첫 장난감 질문에 {v}라고 답했어요"),
    ("ko", "password mid-sentence", "배 태블릿에 비밀번호로 {v}를 설정했어요"),
    ("ko", "value before noun", "{v} 가 예약 노트북의 새 비밀번호예요"),
    ("zh", "word passphrase", "奶奶把阅读器的口令短语设成了{v}"),
    ("zh", "Wi-Fi key", "帆船俱乐部的无线网密钥现在是{v}"),
    ("zh", "alarm code", "面包店报警器：进门后输入{v}解除"),
    ("zh", "safe code", "诊所保险柜的密码组合是{v}"),
    ("zh", "grouped PIN", "诊所银行卡PIN：{v}"),
    ("zh", "code list", "恢复码{v}我放在蓝色文件夹里了"),
    ("zh", "user and password", "周六收银：用户 bangshou，密码 {v}"),
    ("zh", "security answer", "第一个玩具那个问题我答的是{v}"),
    ("zh", "password mid-sentence", "我把{v}设成了船上平板的密码"),
    ("zh", "value before noun", "{v} 是预订笔记本的新密码"),
)

# Ordinary sentences: {n} a number, {s} a product, {d} a small count, {w} a network or place name.
PROSE: tuple[tuple[str, str], ...] = (
    ("en", "The password field on the booking form must accept at least {n} characters."),
    ("en", "Passwords for the till expire every {d} months; the system asks for a new one."),
    ("en", "The Wi-Fi password is on the sticker under the {s}."),
    ("en", "Our guest network is called {w}, ask at the counter for the key."),
    ("en", "Reset the alarm code after staff changes; the installer explains how."),
    ("en", "Type your PIN and press OK; after {d} wrong tries the card is blocked."),
    ("en", "The safe's combination is kept by the practice manager, not in this notebook."),
    ("en", "Backup codes for {s} can be printed again from the security settings."),
    ("en", "Password: <your password here> is what the template shows."),
    ("en", "The login screen of the {s} asks for user and password, then a code by text."),
    ("en", "Pick a passphrase of {d} random words rather than one word with numbers."),
    ("en", "Nana forgot the door code again, so I left the side gate open until {d} pm."),
    ("en", "Security questions are optional on {s}; we turned them off."),
    ("en", "Our Wi-Fi is {w} and the password is on the back of the {s}."),
    ("en", "Stripe's docs list 4000 0566 5566 5556 as a test debit card for sandbox payments only."),
    ("de", "Passwort und Benutzername stehen in der Willkommensmail der {s}."),
    ("fr", "Le mot de passe est sur la {s}, au dos, à côté du numéro de série."),
    ("es", "La contraseña está en el router, detrás del {s}."),
    ("ja", "パスワードは{s}の裏にあります。"),
    ("ko", "비밀번호는 {d}자 이상, 특수문자 하나를 포함해야 해요."),
    ("de", "Das Passwortfeld im Buchungsformular muss mindestens {n} Zeichen annehmen."),
    ("de", "Kassenpasswörter laufen alle {d} Monate ab, dann fragt das System nach einem neuen."),
    ("de", "Das WLAN-Passwort steht auf dem Aufkleber unter der {s}."),
    ("de", "Unser Gästenetz heißt {w}, den Schlüssel gibt es an der Theke."),
    ("de", "Den Alarmcode nach Personalwechsel ändern, der Installateur erklärt es."),
    ("de", "PIN eingeben und OK drücken; nach {d} Fehlversuchen wird die Karte gesperrt."),
    ("de", "Die Kombination des Tresors kennt nur die Praxisleitung, nicht dieses Heft."),
    ("de", "Backup-Codes für {s} kann man in den Sicherheitseinstellungen neu drucken."),
    ("de", "Passwort: <dein Passwort> steht so in der Vorlage."),
    ("de", "Der Anmeldebildschirm der {s} fragt Benutzer und Passwort ab, dann einen SMS-Code."),
    ("de", "Lieber eine Passphrase aus {d} zufälligen Wörtern als ein Wort mit Zahlen."),
    ("de", "Oma hat den Türcode wieder vergessen, das Seitentor blieb bis {d} Uhr offen."),
    ("fr", "Le champ mot de passe du formulaire doit accepter au moins {n} caractères."),
    ("fr", "Les mots de passe de la caisse expirent tous les {d} mois."),
    ("fr", "Le mot de passe du WiFi est sur l'étiquette sous la {s}."),
    ("fr", "Notre réseau invité s'appelle {w}, demandez la clé au comptoir."),
    ("fr", "Changer le code de l'alarme après un départ, l'installateur explique comment."),
    ("fr", "Tapez votre code PIN puis OK ; après {d} erreurs la carte est bloquée."),
    ("fr", "La combinaison du coffre est gardée par la gérante, pas dans ce carnet."),
    ("fr", "Les codes de secours de {s} se réimpriment depuis les réglages de sécurité."),
    ("fr", "Mot de passe : <votre mot de passe> est ce qu'affiche le modèle."),
    ("fr", "L'écran de connexion de la {s} demande utilisateur et mot de passe, puis un code SMS."),
    ("fr", "Mieux vaut une phrase secrète de {d} mots au hasard qu'un mot avec des chiffres."),
    ("fr", "Mamie a encore oublié le digicode, j'ai laissé le portail ouvert jusqu'à {d} h."),
    ("es", "El campo de contraseña del formulario debe aceptar al menos {n} caracteres."),
    ("es", "Las contraseñas de la caja caducan cada {d} meses."),
    ("es", "La contraseña del wifi está en la pegatina debajo del {s}."),
    ("es", "Nuestra red de invitados se llama {w}, pide la clave en el mostrador."),
    ("es", "Cambia el código de la alarma cuando alguien se va; el instalador explica cómo."),
    ("es", "Marca tu PIN y pulsa OK; tras {d} intentos fallidos la tarjeta se bloquea."),
    ("es", "La combinación de la caja fuerte la guarda la gerente, no este cuaderno."),
    ("es", "Los códigos de respaldo de {s} se pueden volver a imprimir en seguridad."),
    ("es", "Contraseña: <tu contraseña> es lo que muestra la plantilla."),
    ("es", "La pantalla de acceso del {s} pide usuario y contraseña y luego un código por SMS."),
    ("es", "Mejor una frase de paso de {d} palabras al azar que una palabra con números."),
    ("es", "La abuela olvidó otra vez el código del portal, lo dejé abierto hasta las {d}."),
    ("it", "Il campo password del modulo deve accettare almeno {n} caratteri."),
    ("it", "Le password della cassa scadono ogni {d} mesi."),
    ("it", "La password del wifi è sul modem, sotto il {s}."),
    ("it", "La password è sul modem, chiedi a Giulia se non la trovi."),
    ("it", "La password è sull'etichetta dietro il {s}."),
    ("it", "La password e il nome utente li trovi nella mail di benvenuto del {s}."),
    ("it", "Ho perso la password e l'ho reimpostata dal sito del {s}."),
    ("it", "La password è scaduta e la cassa non si apriva fino alle {d}."),
    ("it", "Mi serve la password e anche il codice della porta, passo alle {d}."),
    ("it", "La nostra rete ospiti si chiama {w}, la chiave la dà il banco."),
    ("it", "Digita il PIN e premi OK; dopo {d} tentativi errati la carta si blocca."),
    ("it", "La combinazione della cassaforte la tiene la responsabile, non questo quaderno."),
    ("it", "Password: <la tua password> è quello che mostra il modello."),
    ("it", "Meglio una passphrase di {d} parole a caso che una parola con numeri."),
    ("it", "La nonna ha di nuovo dimenticato il codice del cancello, l'ho lasciato aperto fino alle {d}."),
    ("pt", "O campo de senha do formulário deve aceitar pelo menos {n} caracteres."),
    ("pt", "As senhas do caixa expiram a cada {d} meses."),
    ("pt", "A senha do wifi está na etiqueta embaixo do {s}."),
    ("pt", "Nossa rede de convidados se chama {w}, peça a chave no balcão."),
    ("pt", "Troque o código do alarme quando alguém sai; o instalador explica como."),
    ("pt", "Digite o PIN e aperte OK; depois de {d} erros o cartão é bloqueado."),
    ("pt", "A combinação do cofre fica com a gerente, não neste caderno."),
    ("pt", "Os códigos de backup do {s} podem ser impressos de novo nas configurações."),
    ("pt", "Senha: <sua senha> é o que o modelo mostra."),
    ("pt", "A tela de login do {s} pede usuário e senha e depois um código por SMS."),
    ("pt", "A senha é a mesma de sempre, está no modem da sala."),
    ("pt", "A avó esqueceu de novo o código do portão, deixei aberto até as {d}."),
    ("nl", "Het wachtwoordveld op het formulier moet minstens {n} tekens accepteren."),
    ("nl", "Kassawachtwoorden verlopen elke {d} maanden."),
    ("nl", "Het wifi-wachtwoord staat op de sticker onder de {s}."),
    ("nl", "Ons gastennetwerk heet {w}, vraag de sleutel aan de balie."),
    ("nl", "Wijzig de alarmcode als iemand vertrekt; de installateur legt het uit."),
    ("nl", "Toets je pincode en druk op OK; na {d} foute pogingen wordt de pas geblokkeerd."),
    ("nl", "De combinatie van de kluis bewaart de praktijkmanager, niet dit schrift."),
    ("nl", "Back-upcodes voor {s} kun je opnieuw afdrukken in de beveiligingsinstellingen."),
    ("nl", "Wachtwoord: <jouw wachtwoord> staat zo in het sjabloon."),
    ("nl", "Het inlogscherm van de {s} vraagt gebruiker en wachtwoord, daarna een sms-code."),
    ("nl", "Oma is de poortcode weer vergeten, ik liet het hek open tot {d} uur."),
    ("pl", "Pole hasła w formularzu musi przyjmować co najmniej {n} znaków."),
    ("pl", "Hasła do kasy wygasają co {d} miesiące."),
    ("pl", "Hasło do wifi jest na naklejce pod {s}."),
    ("pl", "Nasza sieć dla gości nazywa się {w}, klucz jest przy ladzie."),
    ("pl", "Zmień kod alarmu, gdy ktoś odchodzi; instalator wyjaśni jak."),
    ("pl", "Wpisz PIN i naciśnij OK; po {d} błędnych próbach karta zostanie zablokowana."),
    ("pl", "Szyfr do sejfu zna kierowniczka, nie ma go w tym zeszycie."),
    ("pl", "Kody zapasowe do {s} można wydrukować ponownie w ustawieniach."),
    ("pl", "Hasło: <twoje hasło> tak wygląda szablon."),
    ("pl", "Ekran logowania {s} prosi o użytkownika i hasło, a potem o kod SMS."),
    ("pl", "Babcia znów zapomniała kodu do furtki, zostawiłem ją otwartą do {d}."),
    ("sv", "Lösenordsfältet i formuläret måste ta emot minst {n} tecken."),
    ("sv", "Kassans lösenord går ut var {d}:e månad."),
    ("sv", "Wifi-lösenordet står på klistermärket under {s}."),
    ("sv", "Vårt gästnätverk heter {w}, fråga efter nyckeln i disken."),
    ("sv", "Byt larmkoden när någon slutar; installatören förklarar hur."),
    ("sv", "Slå din pinkod och tryck OK; efter {d} felaktiga försök spärras kortet."),
    ("sv", "Kombinationen till kassaskåpet har föreståndaren, inte den här boken."),
    ("sv", "Reservkoder för {s} kan skrivas ut igen i säkerhetsinställningarna."),
    ("sv", "Lösenord: <ditt lösenord> är vad mallen visar."),
    ("sv", "Inloggningen på {s} frågar efter användare och lösenord, sedan en sms-kod."),
    ("sv", "Mormor glömde portkoden igen, jag lät grinden stå öppen till {d}."),
    ("da", "Adgangskodefeltet i formularen skal kunne tage mindst {n} tegn."),
    ("da", "Kassens adgangskoder udløber hver {d}. måned."),
    ("da", "Wifi-koden står på mærkatet under {s}."),
    ("da", "Vores gæstenetværk hedder {w}, spørg efter koden ved disken."),
    ("da", "Skift alarmkoden når nogen stopper; installatøren forklarer hvordan."),
    ("da", "Tast din pinkode og tryk OK; efter {d} forkerte forsøg spærres kortet."),
    ("da", "Kombinationen til pengeskabet har klinikchefen, ikke denne bog."),
    ("da", "Backupkoder til {s} kan udskrives igen under sikkerhed."),
    ("da", "Adgangskode: <din adgangskode> er hvad skabelonen viser."),
    ("da", "Login-skærmen på {s} beder om bruger og adgangskode og derefter en sms-kode."),
    ("da", "Mormor glemte dørkoden igen, så lågen stod åben til klokken {d}."),
    ("tr", "Formdaki şifre alanı en az {n} karakter kabul etmeli."),
    ("tr", "Kasa şifreleri her {d} ayda bir sona eriyor."),
    ("tr", "Wifi şifresi {s} altındaki etikette yazıyor."),
    ("tr", "Misafir ağımızın adı {w}, anahtarı tezgâhtan isteyin."),
    ("tr", "Biri ayrılınca alarm kodunu değiştirin; kurulumcu nasıl olduğunu anlatıyor."),
    ("tr", "PIN'inizi girip OK'e basın; {d} hatalı denemeden sonra kart bloke olur."),
    ("tr", "Kasanın şifresini müdür biliyor, bu defterde yok."),
    ("tr", "{s} yedek kodları güvenlik ayarlarından yeniden yazdırılabilir."),
    ("tr", "Şifre: <şifreniz> şablonda böyle görünüyor."),
    ("tr", "{s} giriş ekranı kullanıcı adı ve şifre, sonra SMS kodu istiyor."),
    ("tr", "Babaannem yine kapı kodunu unuttu, bahçe kapısını saat {d}'e kadar açık bıraktım."),
    ("ru", "Поле пароля в форме должно принимать не меньше {n} символов."),
    ("ru", "Пароли кассы истекают каждые {d} месяца."),
    ("ru", "Пароль от вайфая написан на наклейке под {s}."),
    ("ru", "Наша гостевая сеть называется {w}, ключ спросите у стойки."),
    ("ru", "Меняйте код сигнализации, когда кто-то увольняется; установщик объяснит как."),
    ("ru", "Введите ПИН и нажмите OK; после {d} неверных попыток карта блокируется."),
    ("ru", "Комбинацию сейфа знает заведующая, в этой тетради её нет."),
    ("ru", "Резервные коды {s} можно распечатать заново в настройках безопасности."),
    ("ru", "Пароль: <ваш пароль> так показывает шаблон."),
    ("ru", "Экран входа {s} просит логин и пароль, потом код из СМС."),
    ("ru", "Бабушка опять забыла код от калитки, я оставил её открытой до {d} часов."),
    ("uk", "Поле пароля у формі має приймати щонайменше {n} символів."),
    ("uk", "Паролі каси спливають кожні {d} місяці."),
    ("uk", "Пароль від вайфаю є на наклейці під {s}."),
    ("uk", "Наша гостьова мережа називається {w}, ключ запитайте біля стійки."),
    ("uk", "Змінюйте код сигналізації, коли хтось звільняється; монтажник пояснить як."),
    ("uk", "Введіть ПІН і натисніть OK; після {d} невдалих спроб картку заблокують."),
    ("uk", "Комбінацію сейфа знає завідувачка, у цьому зошиті її немає."),
    ("uk", "Резервні коди {s} можна надрукувати знову в налаштуваннях безпеки."),
    ("uk", "Пароль: <ваш пароль> так показує шаблон."),
    ("uk", "Екран входу {s} просить логін і пароль, потім код з СМС."),
    ("uk", "Бабуся знову забула код від хвіртки, я лишив її відчиненою до {d} години."),
    ("ja", "予約フォームのパスワード欄は{n}文字以上を受け付ける必要があります。"),
    ("ja", "レジのパスワードは{d}か月ごとに期限が切れます。"),
    ("ja", "Wi-Fiのパスワードは{s}の下のシールに書いてあります。"),
    ("ja", "ゲスト用ネットワークの名前は{w}です。キーはカウンターで聞いてください。"),
    ("ja", "スタッフが辞めたら警報の暗証番号を変えてください。"),
    ("ja", "暗証番号を入れてOKを押します。{d}回間違えるとカードがロックされます。"),
    ("ja", "金庫の番号は院長だけが知っていて、このノートには書いていません。"),
    ("ja", "{s}のバックアップコードはセキュリティ設定から再発行できます。"),
    ("ja", "パスワード：<あなたのパスワード> とテンプレートに表示されます。"),
    ("ja", "{s}のログイン画面ではユーザー名とパスワード、そのあとSMSコードを聞かれます。"),
    ("ja", "祖母がまた門の暗証番号を忘れたので、{d}時まで門を開けておきました。"),
    ("ko", "예약 양식의 비밀번호 칸은 최소 {n}자를 받아야 합니다."),
    ("ko", "계산대 비밀번호는 {d}개월마다 만료됩니다."),
    ("ko", "와이파이 비밀번호는 {s} 아래 스티커에 적혀 있어요."),
    ("ko", "손님용 네트워크 이름은 {w}이고, 키는 카운터에 물어보세요."),
    ("ko", "직원이 그만두면 경보 비밀번호를 바꾸세요. 설치 기사가 방법을 알려 줍니다."),
    ("ko", "PIN을 입력하고 OK를 누르세요. {d}번 틀리면 카드가 잠깁니다."),
    ("ko", "금고 번호는 실장님만 알고 이 노트에는 없어요."),
    ("ko", "{s} 백업 코드는 보안 설정에서 다시 인쇄할 수 있습니다."),
    ("ko", "비밀번호: <비밀번호 입력> 이라고 템플릿에 나옵니다."),
    ("ko", "{s} 로그인 화면은 사용자 이름과 비밀번호, 그다음 문자 코드를 묻습니다."),
    ("ko", "할머니가 또 대문 비밀번호를 잊으셔서 {d}시까지 문을 열어 뒀어요."),
    ("zh", "预订表单的密码框必须接受至少{n}个字符。"),
    ("zh", "收银机的密码每{d}个月过期一次。"),
    ("zh", "无线网密码写在{s}下面的贴纸上。"),
    ("zh", "我们的访客网络叫{w}，密钥请到柜台问。"),
    ("zh", "有员工离职后请更换报警器密码，安装师傅会讲怎么改。"),
    ("zh", "输入PIN后按OK；错误{d}次后卡会被锁定。"),
    ("zh", "保险柜的密码只有店长知道，这个本子里没有。"),
    ("zh", "{s}的备用码可以在安全设置里重新打印。"),
    ("zh", "密码：<你的密码> 这是模板里显示的。"),
    ("zh", "{s}的登录页面要用户名和密码，然后是短信验证码。"),
    ("zh", "奶奶又忘了大门密码，我把门开到了{d}点。"),
)
PRODUCTS = ("FRITZ!Box 7530", "Speedport Smart 4", "Vodafone Station", "Livebox 6", "Zyxel VMG8825", "Sagemcom F@st")
NETWORKS = ("Bakkerij-Gast", "Sailclub-Guest", "Vet-Wartezimmer", "Casa-Rossi-5G", "Okonkwo-Home", "Forno-Ospiti")


def _prose(g: random.Random) -> Iterator[Row]:
    """Each prose template with four draws of its fields (distinct texts only)."""
    seen: set[str] = set()
    for language, template in PROSE:
        for _ in range(4):
            text = template.format(
                n=g.choice((8, 10, 12, 15, 16, 20)), s=g.choice(PRODUCTS), d=g.randint(2, 11), w=g.choice(NETWORKS)
            )
            if text not in seen:
                seen.add(text)
                yield Row(HALF, "prose", f"ordinary sentence ({language})", text, "")


def _middle(codes: str) -> str:
    parts = [p.strip() for p in codes.replace(" · ", ",").replace(" / ", ",").replace(";", ",").split(",")]
    return parts[len(parts) // 2]


def rows(seed: int = SEED) -> list[Row]:
    """Every row of the held11s split (deterministic for a seed): stated credentials, then ordinary sentences."""
    g = random.Random(seed)
    out: list[Row] = []
    for language, kind, template in STATED:
        value = VALUE[kind](g, language)
        secret = _middle(value) if kind == "code list" else value
        out.append(Row(HALF, "stated", f"stated {kind} ({language})", template.format(v=value), secret))
    return out + list(_prose(g))
