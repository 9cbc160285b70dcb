"""A held-out split of stated credentials of the classes breaker47 stored most (recovery keys, security answers,
passphrases, alarm/door/locker/safe codes, "changed the password to X"), and of ordinary sentences that mention
the same credentials without a value, ``held16s``: written by stated51 before stop 48's changes, scored once at the
end (main and the branch, same session).

Two groups, in 16 languages (English, German, French, Spanish, Italian, Portuguese, Dutch, Swedish, Polish,
Turkish, Russian, Arabic, Persian, Hebrew, Hindi, Thai):

- ``stated`` (6 templates x 3 values per language): a recovery key after a colon or dash (dashed groups, BitLocker
  digit groups, spaced lower-case groups); the answer given to a bank's security question (a Latin word, or a word
  of the language's own script); a passphrase (four words joined by spaces, dashes or dots); an alarm code reset
  "to" a value and a hotel safe's code set "to" a value (digits, digits grouped by spaces, a word with digits, and in
  Arabic, Persian, Hindi and Thai digits of the script); a password changed "to" a value.
- ``prose`` (7 templates, three draws each, distinct texts only, per language): the same credentials named without
  a value: where the printed key is kept, what the question asks, how many words a passphrase has, who changes the
  alarm code, how many digits a locker takes, who changed the password.

Written after reading breaker47's summary in note47 (classes only, not its sentences) and before any change; voices
(a studio, a hotel, a shared mailbox), names and values no earlier split uses. Rows are ``secret_rows.Row`` with
``half == "held16s"``. Run: ``python -m research secret_scanner --held16s``.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable, Iterator

from secret_rows import Row

HALF = "held16s"
SEED = 48_2026_12_07_16

PEOPLE = ("Amara", "Bruno", "Chiara", "Dmitri", "Esra", "Farid", "Greta", "Hana", "Idris", "Jonas", "Leila", "Milo")
PASS_WORDS = (
    "copper", "lantern", "velvet", "orbit", "walnut", "harbor", "pickle", "tundra", "saffron", "glacier", "mosaic",
    "thimble", "juniper", "anchor", "marble", "falcon", "meadow", "cobalt", "pebble", "quartz",
)  # fmt: skip
CODE_WORDS = ("Heron", "Bramble", "Kestrel", "Nutmeg", "Osprey", "Puffin", "Thistle", "Willow")
ANSWERS_LATIN = (
    "Wrenfield", "Oldenhove", "Pumpernickel", "Castelbuono", "Tavistock", "Marigold", "Bréhat", "Zwiebelturm",
    "Kittering", "Vallombrosa", "Hasselbach", "Quimperlé",
)  # fmt: skip
ANSWERS_NATIVE = {
    "ru": ("Ярославль", "Мурзик", "Берёзовка"),
    "ar": ("الزرقاء", "بسكويت", "طنطا"),
    "fa": ("کاشان", "پیشی", "ملایر"),
    "he": ("טבריה", "שוקו", "נהריה"),
    "hi": ("बरेली", "मोती", "अलवर"),
    "th": ("ลำปาง", "ส้มโอ", "ขนมปัง"),
}
NATIVE = {"ar": "٠١٢٣٤٥٦٧٨٩", "fa": "۰۱۲۳۴۵۶۷۸۹", "hi": "०१२३४५६७८९", "th": "๐๑๒๓๔๕๖๗๘๙"}


def _recovery(g: random.Random, shape: int) -> tuple[str, str]:
    alnum = string.ascii_uppercase + string.digits
    if shape == 0:
        return "dashed groups", "-".join("".join(g.choice(alnum) for _ in range(4)) for _ in range(5))
    if shape == 1:
        return "digit groups", "-".join(f"{g.randint(0, 999_999):06d}" for _ in range(8))
    lower = string.ascii_lowercase + string.digits
    return "spaced groups", " ".join("".join(g.choice(lower) for _ in range(4)) for _ in range(4))


def _passphrase(g: random.Random, shape: int) -> tuple[str, str]:
    words = g.sample(PASS_WORDS, 4)
    joiner, name = ((" ", "spaced words"), ("-", "dashed words"), (".", "dotted words"))[shape]
    return name, joiner.join(words)


def _code(g: random.Random, shape: int, language: str) -> tuple[str, str]:
    if shape == 0:
        return "digits", str(g.randint(10_000, 99_999_999))
    if shape == 1:
        if language in NATIVE:
            digits = str(g.randint(1000, 999_999))
            return "native digits", digits.translate(str.maketrans("0123456789", NATIVE[language]))
        return "spaced digits", " ".join(str(g.randint(10, 99)) for _ in range(g.choice((2, 3, 4))))
    return "word with digits", g.choice(CODE_WORDS) + str(g.randint(10, 9999)) + g.choice(("!", "#", "", "?"))


def _password(g: random.Random, shape: int) -> tuple[str, str]:
    if shape == 0:
        return "name with digits", g.choice(ANSWERS_LATIN[:8]) + g.choice("#._!") + str(g.randint(100, 9999))
    if shape == 1:
        return "leet words", g.choice(("tromb0ne", "c4ramel", "m1stral", "b4rnacle")) + "." + g.choice(CODE_WORDS)
    pool = string.ascii_letters + string.digits + "!#%&*"
    return "random", "".join(g.choice(pool) for _ in range(g.randint(10, 14))) + str(g.randint(0, 9))


def _answer(g: random.Random, shape: int, language: str) -> tuple[str, str]:
    if shape == 2 and language in ANSWERS_NATIVE:
        return "own-script word", g.choice(ANSWERS_NATIVE[language])
    return "word", g.sample(ANSWERS_LATIN, 3)[shape]  # a fresh sample each draw; distinctness checked below


# language -> six stated templates, in the order: recovery key {k}, security answer {a}, passphrase {pp},
# alarm code {c}, safe code {c}, changed password {w}.
STATED: dict[str, tuple[str, ...]] = {
    "en": (
        "Recovery key for the encrypted laptop drive, in case the TPM resets: {k}",
        "When the bank asks my mother's birthplace as the security question, the answer on file is {a}.",
        "Passphrase for the offline backup disk — {pp}",
        "Our studio alarm code got reset to {c} this morning.",
        "I set the code of the hotel room safe to {c}.",
        "I changed the password on the shared mailbox to {w} yesterday.",
    ),
    "de": (
        "Wiederherstellungsschlüssel für die verschlüsselte Laptop-Platte, falls das TPM zickt: {k}",
        "Bei der Sicherheitsfrage der Bank nach dem Geburtsort meiner Mutter habe ich als Antwort {a} hinterlegt.",
        "Passphrase für die Offline-Backup-Platte — {pp}",
        "Der Alarmcode vom Atelier wurde heute früh auf {c} zurückgesetzt.",
        "Den Code vom Hotelsafe habe ich auf {c} gestellt.",
        "Ich habe das Passwort vom gemeinsamen Postfach gestern auf {w} geändert.",
    ),
    "fr": (
        "Clé de récupération du disque chiffré du portable, au cas où le TPM se réinitialise : {k}",
        "À la question de sécurité de la banque sur le lieu de naissance de ma mère, j'ai répondu {a}.",
        "Phrase secrète du disque de sauvegarde hors ligne — {pp}",
        "Le code de l'alarme de l'atelier a été remis à {c} ce matin.",
        "J'ai réglé le code du coffre-fort de la chambre d'hôtel sur {c}.",
        "J'ai changé le mot de passe de la boîte mail partagée en {w} hier.",
    ),
    "es": (
        "Clave de recuperación del disco cifrado del portátil, por si el TPM se reinicia: {k}",
        "En la pregunta de seguridad del banco sobre dónde nació mi madre, la respuesta que puse es {a}.",
        "Frase de contraseña del disco de copias sin conexión — {pp}",
        "El código de la alarma del estudio quedó en {c} esta mañana.",
        "Puse el código de la caja fuerte del hotel en {c}.",
        "Ayer cambié la contraseña del buzón compartido a {w}.",
    ),
    "it": (
        "Chiave di ripristino del disco cifrato del portatile, se il TPM si azzera: {k}",
        "Alla domanda di sicurezza della banca sul luogo di nascita di mia madre ho risposto {a}.",
        "Passphrase del disco di backup offline — {pp}",
        "Il codice dell'allarme dello studio stamattina è stato reimpostato a {c}.",
        "Ho impostato il codice della cassaforte della camera d'albergo su {c}.",
        "Ieri ho cambiato la password della casella condivisa in {w}.",
    ),
    "pt": (
        "Chave de recuperação do disco criptografado do notebook, caso o TPM resete: {k}",
        "Na pergunta de segurança do banco sobre onde minha mãe nasceu, a resposta cadastrada é {a}.",
        "Frase-senha do disco de backup offline — {pp}",
        "O código do alarme do estúdio foi redefinido para {c} hoje cedo.",
        "Deixei o código do cofre do quarto do hotel em {c}.",
        "Ontem mudei a senha da caixa de e-mail compartilhada para {w}.",
    ),
    "nl": (
        "Herstelsleutel voor de versleutelde laptopschijf, voor als de TPM reset: {k}",
        "Bij de beveiligingsvraag van de bank naar de geboorteplaats van mijn moeder staat als antwoord {a}.",
        "Wachtwoordzin voor de offline back-upschijf — {pp}",
        "De alarmcode van het atelier is vanochtend teruggezet naar {c}.",
        "Ik heb de code van de hotelkluis op {c} gezet.",
        "Gisteren heb ik het wachtwoord van de gedeelde mailbox veranderd in {w}.",
    ),
    "sv": (
        "Återställningsnyckel för den krypterade laptopdisken, ifall TPM:en nollställs: {k}",
        "På bankens säkerhetsfråga om var min mamma föddes har jag svarat {a}.",
        "Lösenfrasen till den frånkopplade backupdisken — {pp}",
        "Larmkoden till ateljén återställdes i morse till {c}.",
        "Jag satte koden till hotellrummets kassaskåp till {c}.",
        "Igår bytte jag lösenordet till den delade brevlådan till {w}.",
    ),
    "pl": (
        "Klucz odzyskiwania do zaszyfrowanego dysku laptopa, gdyby TPM się wyzerował: {k}",
        "Na pytanie bezpieczeństwa w banku o miejsce urodzenia mamy odpowiedziałem {a}.",
        "Fraza hasła do dysku z kopią offline — {pp}",
        "Kod alarmu w pracowni od rana jest ustawiony na {c}.",
        "Kod do sejfu w pokoju hotelowym ustawiłem na {c}.",
        "Wczoraj zmieniłem hasło do wspólnej skrzynki na {w}.",
    ),
    "tr": (
        "Şifreli dizüstü diskinin kurtarma anahtarı, TPM sıfırlanırsa diye: {k}",
        "Bankanın annemin doğum yeriyle ilgili güvenlik sorusuna cevap olarak {a} yazdım.",
        "Çevrimdışı yedek diskin parola cümlesi — {pp}",
        "Atölyenin alarm kodu bu sabah {c} olarak sıfırlandı.",
        "Otel odasındaki kasanın kodunu {c} yaptım.",
        "Dün ortak posta kutusunun şifresini {w} olarak değiştirdim.",
    ),
    "ru": (
        "Ключ восстановления для зашифрованного диска ноутбука, на случай сброса TPM: {k}",
        "На контрольный вопрос банка о месте рождения мамы я ответил {a}.",
        "Парольная фраза от офлайн-диска с бэкапами — {pp}",
        "Код сигнализации в мастерской с утра сброшен на {c}.",
        "Код сейфа в гостиничном номере я поставил {c}.",
        "Вчера я сменил пароль от общего ящика на {w}.",
    ),
    "ar": (
        "مفتاح الاسترداد لقرص الحاسوب المحمول المشفّر، في حال أُعيد ضبط TPM: {k}",
        "في سؤال الأمان لدى البنك عن مكان ولادة أمي كانت إجابتي {a}.",
        "عبارة المرور لقرص النسخ الاحتياطي غير المتصل — {pp}",
        "أُعيد ضبط رمز إنذار المرسم صباح اليوم إلى {c}.",
        "ضبطت رمز خزنة غرفة الفندق على {c}.",
        "غيّرت أمس كلمة مرور صندوق البريد المشترك إلى {w}.",
    ),
    "fa": (
        "کلید بازیابی دیسک رمزگذاری‌شده لپ‌تاپ، اگر TPM ریست شد: {k}",
        "برای سؤال امنیتی بانک درباره محل تولد مادرم جواب {a} را ثبت کرده‌ام.",
        "عبارت عبور دیسک پشتیبان آفلاین — {pp}",
        "کد دزدگیر کارگاه امروز صبح به {c} برگردانده شد.",
        "کد گاوصندوق اتاق هتل را روی {c} گذاشتم.",
        "دیروز رمز عبور صندوق ایمیل مشترک را به {w} تغییر دادم.",
    ),
    "he": (
        "מפתח השחזור של הדיסק המוצפן במחשב הנייד, למקרה שה-TPM יתאפס: {k}",
        "בשאלת האבטחה של הבנק על מקום הלידה של אמא שלי עניתי {a}.",
        "ביטוי הסיסמה של דיסק הגיבוי הלא מקוון — {pp}",
        "קוד האזעקה של הסטודיו אופס הבוקר ל-{c}.",
        "קבעתי את הקוד של הכספת בחדר במלון על {c}.",
        "אתמול שיניתי את הסיסמה של תיבת הדואר המשותפת ל-{w}.",
    ),
    "hi": (
        "लैपटॉप की एन्क्रिप्टेड डिस्क की रिकवरी की, अगर TPM रीसेट हो जाए: {k}",
        "बैंक के सुरक्षा प्रश्न में माँ के जन्मस्थान का जवाब मैंने {a} दिया है।",
        "ऑफ़लाइन बैकअप डिस्क का पासफ़्रेज़ — {pp}",
        "स्टूडियो के अलार्म का कोड आज सुबह {c} कर दिया गया।",
        "होटल के कमरे की तिजोरी का कोड मैंने {c} रखा है।",
        "कल मैंने साझा मेलबॉक्स का पासवर्ड बदलकर {w} कर दिया।",
    ),
    "th": (
        "คีย์กู้คืนของดิสก์แล็ปท็อปที่เข้ารหัสไว้ เผื่อ TPM รีเซ็ต: {k}",
        "คำถามความปลอดภัยของธนาคารเรื่องบ้านเกิดของแม่ ฉันตอบว่า {a}",
        "วลีรหัสผ่านของดิสก์สำรองข้อมูลออฟไลน์ — {pp}",
        "รหัสสัญญาณกันขโมยของสตูดิโอถูกรีเซ็ตเป็น {c} เมื่อเช้านี้",
        "ฉันตั้งรหัสตู้เซฟในห้องโรงแรมเป็น {c}",
        "เมื่อวานฉันเปลี่ยนรหัสผ่านของกล่องอีเมลที่ใช้ร่วมกันเป็น {w}",
    ),
}

# Ordinary sentences ({p} a person, {n} a count): the same credentials, never a value.
PROSE: dict[str, tuple[str, ...]] = {
    "en": (
        "I printed the recovery key for the laptop and put it in the drawer with {p}'s passport.",
        "The security question for the bank asks for my first teacher's name, and {p} forgot it too.",
        "A passphrase of {n} random words is easier to remember than a short password.",
        "The alarm code at the studio gets changed every time someone leaves; {p} handles it.",
        "Lockers at the pool take a {n}-digit code you choose yourself.",
        "The hotel safe code resets when you check out, so write it down somewhere private, says {p}.",
        "{p} changed the password on the shared mailbox yesterday and will tell everyone in person.",
    ),
    "de": (
        "Den Wiederherstellungsschlüssel für den Laptop habe ich ausgedruckt und zu {p}s Reisepass gelegt.",
        "Die Sicherheitsfrage der Bank will den Namen meiner ersten Lehrerin, und {p} weiß ihn auch nicht mehr.",
        "Eine Passphrase aus {n} zufälligen Wörtern merkt man sich leichter als ein kurzes Passwort.",
        "Der Alarmcode vom Atelier wird geändert, sobald jemand aufhört; {p} kümmert sich darum.",
        "Die Schließfächer im Schwimmbad nehmen einen {n}-stelligen Code, den man selbst wählt.",
        "Der Code vom Hotelsafe wird beim Auschecken zurückgesetzt, schreib ihn dir privat auf, sagt {p}.",
        "{p} hat gestern das Passwort vom gemeinsamen Postfach geändert und sagt es allen persönlich.",
    ),
    "fr": (
        "J'ai imprimé la clé de récupération du portable et je l'ai rangée avec le passeport de {p}.",
        "La question de sécurité de la banque demande le nom de ma première institutrice, {p} l'a oublié aussi.",
        "Une phrase secrète de {n} mots au hasard se retient mieux qu'un mot de passe court.",
        "Le code de l'alarme de l'atelier change chaque fois que quelqu'un part ; c'est {p} qui s'en occupe.",
        "Les casiers de la piscine prennent un code à {n} chiffres qu'on choisit soi-même.",
        "Le code du coffre de l'hôtel est remis à zéro au départ, note-le quelque part, dit {p}.",
        "{p} a changé hier le mot de passe de la boîte mail partagée et le dira à chacun en personne.",
    ),
    "es": (
        "Imprimí la clave de recuperación del portátil y la guardé con el pasaporte de {p}.",
        "La pregunta de seguridad del banco pide el nombre de mi primera maestra, y {p} tampoco lo recuerda.",
        "Una frase de contraseña de {n} palabras al azar se recuerda mejor que una contraseña corta.",
        "El código de la alarma del estudio se cambia cada vez que alguien se va; de eso se encarga {p}.",
        "Las taquillas de la piscina usan un código de {n} cifras que eliges tú.",
        "El código de la caja fuerte del hotel se borra al salir, apúntalo en un sitio privado, dice {p}.",
        "{p} cambió ayer la contraseña del buzón compartido y se la dirá a cada uno en persona.",
    ),
    "it": (
        "Ho stampato la chiave di ripristino del portatile e l'ho messa con il passaporto di {p}.",
        "La domanda di sicurezza della banca chiede il nome della mia prima maestra, e {p} non lo ricorda.",
        "Una passphrase di {n} parole a caso si ricorda meglio di una password corta.",
        "Il codice dell'allarme dello studio cambia ogni volta che qualcuno se ne va; se ne occupa {p}.",
        "Gli armadietti della piscina usano un codice di {n} cifre scelto da te.",
        "Il codice della cassaforte dell'albergo si azzera al check-out, annotalo in privato, dice {p}.",
        "{p} ha cambiato ieri la password della casella condivisa e la dirà a ciascuno di persona.",
    ),
    "pt": (
        "Imprimi a chave de recuperação do notebook e guardei junto com o passaporte de {p}.",
        "A pergunta de segurança do banco pede o nome da minha primeira professora, e {p} também não lembra.",
        "Uma frase-senha de {n} palavras aleatórias é mais fácil de lembrar que uma senha curta.",
        "O código do alarme do estúdio muda toda vez que alguém sai; quem cuida disso é {p}.",
        "Os armários da piscina usam um código de {n} dígitos que você mesmo escolhe.",
        "O código do cofre do hotel é apagado no check-out, anote num lugar reservado, diz {p}.",
        "{p} mudou ontem a senha da caixa compartilhada e vai contar a cada um pessoalmente.",
    ),
    "nl": (
        "Ik heb de herstelsleutel van de laptop geprint en bij het paspoort van {p} gelegd.",
        "De beveiligingsvraag van de bank vraagt de naam van mijn eerste juf, en {p} weet die ook niet meer.",
        "Een wachtwoordzin van {n} willekeurige woorden onthoud je makkelijker dan een kort wachtwoord.",
        "De alarmcode van het atelier wordt veranderd zodra iemand vertrekt; {p} regelt dat.",
        "De kluisjes in het zwembad werken met een code van {n} cijfers die je zelf kiest.",
        "De code van de hotelkluis wordt bij het uitchecken gewist, schrijf hem privé op, zegt {p}.",
        "{p} heeft gisteren het wachtwoord van de gedeelde mailbox veranderd en vertelt het iedereen persoonlijk.",
    ),
    "sv": (
        "Jag skrev ut återställningsnyckeln till laptopen och lade den bredvid {p}s pass.",
        "Bankens säkerhetsfråga vill ha namnet på min första lärare, och {p} minns det inte heller.",
        "En lösenfras på {n} slumpade ord är lättare att minnas än ett kort lösenord.",
        "Larmkoden till ateljén byts varje gång någon slutar; det sköter {p}.",
        "Skåpen på badhuset tar en {n}-siffrig kod som man väljer själv.",
        "Koden till hotellets kassaskåp nollställs vid utcheckning, skriv ner den privat, säger {p}.",
        "{p} bytte lösenordet till den delade brevlådan igår och berättar det för var och en personligen.",
    ),
    "pl": (
        "Wydrukowałem klucz odzyskiwania do laptopa i schowałem go w szufladzie; wie o tym {p}.",
        "Pytanie bezpieczeństwa w banku dotyczy imienia mojej pierwszej nauczycielki, a {p} też go nie pamięta.",
        "Frazę hasła z {n} losowych słów łatwiej zapamiętać niż krótkie hasło.",
        "Kod alarmu w pracowni zmienia się, gdy ktoś odchodzi; zajmuje się tym {p}.",
        "Szafki na basenie mają kod z {n} cyfr, który wybierasz sam.",
        "Kod do sejfu w hotelu kasuje się przy wymeldowaniu, zapisz go gdzieś prywatnie, mówi {p}.",
        "{p} zmienił wczoraj hasło do wspólnej skrzynki i powie je każdemu osobiście.",
    ),
    "tr": (
        "Dizüstünün kurtarma anahtarını yazdırıp {p}'nin pasaportunun yanına koydum.",
        "Bankanın güvenlik sorusu ilk öğretmenimin adını soruyor, {p} de hatırlamıyor.",
        "{n} rastgele kelimeden oluşan bir parola cümlesi kısa bir şifreden daha kolay akılda kalır.",
        "Atölyenin alarm kodu biri ayrıldığında değişiyor; bu işi {p} yapıyor.",
        "Havuzdaki dolaplar kendi seçtiğin {n} haneli bir kodla açılıyor.",
        "Otel kasasının kodu çıkışta siliniyor, bir yere gizlice not et, diyor {p}.",
        "{p} dün ortak posta kutusunun şifresini değiştirdi ve herkese yüz yüze söyleyecek.",
    ),
    "ru": (
        "Я распечатал ключ восстановления ноутбука и убрал его в ящик, {p} знает где.",
        "Контрольный вопрос банка — имя моей первой учительницы, и {p} его тоже не помнит.",
        "Парольную фразу из {n} случайных слов запомнить легче, чем короткий пароль.",
        "Код сигнализации в мастерской меняют, когда кто-то уходит; этим занимается {p}.",
        "Шкафчики в бассейне открываются кодом из {n} цифр, который выбираешь сам.",
        "Код гостиничного сейфа сбрасывается при выезде, запиши его где-нибудь, говорит {p}.",
        "{p} вчера сменил пароль от общего ящика и скажет его каждому лично.",
    ),
    "ar": (
        "طبعت مفتاح الاسترداد للحاسوب المحمول ووضعته مع جواز سفر {p}.",
        "سؤال الأمان في البنك يطلب اسم معلمتي الأولى، و{p} أيضًا لا يتذكره.",
        "عبارة مرور من {n} كلمات عشوائية أسهل في التذكر من كلمة مرور قصيرة.",
        "رمز إنذار المرسم يتغير كلما غادر أحد؛ و{p} هو من يتولى ذلك.",
        "خزائن المسبح تعمل برمز من {n} أرقام تختاره بنفسك.",
        "رمز خزنة الفندق يُمسح عند المغادرة، فاكتبه في مكان خاص، يقول {p}.",
        "غيّر {p} أمس كلمة مرور صندوق البريد المشترك وسيخبر كل واحد بها شخصيًا.",
    ),
    "fa": (
        "کلید بازیابی لپ‌تاپ را چاپ کردم و کنار پاسپورت {p} گذاشتم.",
        "سؤال امنیتی بانک اسم اولین معلمم را می‌خواهد و {p} هم یادش نیست.",
        "عبارت عبوری از {n} کلمه تصادفی راحت‌تر از یک رمز کوتاه در یاد می‌ماند.",
        "کد دزدگیر کارگاه هر بار که کسی می‌رود عوض می‌شود؛ {p} این کار را می‌کند.",
        "کمدهای استخر با کدی {n} رقمی که خودت انتخاب می‌کنی باز می‌شوند.",
        "کد گاوصندوق هتل موقع تسویه پاک می‌شود، جایی خصوصی یادداشتش کن، {p} می‌گوید.",
        "{p} دیروز رمز عبور صندوق ایمیل مشترک را عوض کرد و به هر کس حضوری می‌گوید.",
    ),
    "he": (
        "הדפסתי את מפתח השחזור של המחשב הנייד ושמתי אותו ליד הדרכון של {p}.",
        "שאלת האבטחה של הבנק מבקשת את שם המורה הראשונה שלי, וגם {p} לא זוכר אותו.",
        "ביטוי סיסמה של {n} מילים אקראיות קל יותר לזכור מסיסמה קצרה.",
        "קוד האזעקה של הסטודיו מתחלף בכל פעם שמישהו עוזב; {p} מטפל בזה.",
        "הלוקרים בבריכה נפתחים בקוד של {n} ספרות שבוחרים לבד.",
        "הקוד של הכספת במלון נמחק בצ'ק-אאוט, תרשום אותו במקום פרטי, אומר {p}.",
        "{p} שינה אתמול את הסיסמה של תיבת הדואר המשותפת ויגיד אותה לכל אחד באופן אישי.",
    ),
    "hi": (
        "मैंने लैपटॉप की रिकवरी की छापकर {p} के पासपोर्ट के साथ रख दी।",
        "बैंक का सुरक्षा प्रश्न मेरी पहली टीचर का नाम पूछता है, और {p} को भी याद नहीं।",
        "{n} बेतरतीब शब्दों का पासफ़्रेज़ छोटे पासवर्ड से ज़्यादा आसानी से याद रहता है।",
        "स्टूडियो के अलार्म का कोड हर बार किसी के जाने पर बदला जाता है; यह {p} देखता है।",
        "स्विमिंग पूल के लॉकर {n} अंकों के कोड से खुलते हैं जो आप खुद चुनते हैं।",
        "होटल की तिजोरी का कोड चेक-आउट पर मिट जाता है, इसे कहीं निजी जगह लिख लो, {p} कहता है।",
        "{p} ने कल साझा मेलबॉक्स का पासवर्ड बदला और हर किसी को खुद बताएगा।",
    ),
    "th": (
        "ฉันพิมพ์คีย์กู้คืนของแล็ปท็อปแล้วเก็บไว้กับหนังสือเดินทางของ{p}",
        "คำถามความปลอดภัยของธนาคารถามชื่อครูคนแรกของฉัน และ{p}ก็จำไม่ได้เหมือนกัน",
        "วลีรหัสผ่านจากคำสุ่ม {n} คำจำง่ายกว่ารหัสผ่านสั้น ๆ",
        "รหัสสัญญาณกันขโมยของสตูดิโอจะเปลี่ยนทุกครั้งที่มีคนลาออก {p}เป็นคนดูแล",
        "ตู้ล็อกเกอร์ที่สระว่ายน้ำใช้รหัส {n} หลักที่เลือกเอง",
        "รหัสตู้เซฟของโรงแรมจะถูกล้างตอนเช็กเอาต์ จดไว้ในที่ส่วนตัวนะ {p}บอก",
        "{p}เปลี่ยนรหัสผ่านของกล่องอีเมลที่ใช้ร่วมกันเมื่อวาน และจะบอกทุกคนด้วยตัวเอง",
    ),
}

CLASSES = ("recovery key", "security answer", "passphrase", "alarm code", "safe code", "changed password")


def _value(g: random.Random, cls: str, shape: int, language: str) -> tuple[str, str]:
    makers: dict[str, Callable[[], tuple[str, str]]] = {
        "recovery key": lambda: _recovery(g, shape),
        "security answer": lambda: _answer(g, shape, language),
        "passphrase": lambda: _passphrase(g, shape),
        "alarm code": lambda: _code(g, shape, language),
        "safe code": lambda: _code(g, (shape + 1) % 3, language),
        "changed password": lambda: _password(g, shape),
    }
    return makers[cls]()


def _stated(g: random.Random) -> Iterator[Row]:
    for language, templates in STATED.items():
        for cls, template in zip(CLASSES, templates, strict=True):
            seen: set[str] = set()
            for shape in range(3):
                value_type, value = _value(g, cls, shape, language)
                while value in seen:  # two draws of one answer would be one row twice
                    value_type, value = _value(g, cls, shape, language)
                seen.add(value)
                text = template.format(k=value, a=value, pp=value, c=value, w=value)
                yield Row(HALF, "stated", f"stated {cls} {value_type} ({language})", text, value)


def _prose(g: random.Random) -> Iterator[Row]:
    """Each prose template with three draws of its fields (distinct texts only)."""
    seen: set[str] = set()
    for language, templates in PROSE.items():
        for template in templates:
            people = g.sample(PEOPLE, 3)
            counts = g.sample((4, 5, 6, 8, 10, 12), 3)
            for person, count in zip(people, counts, strict=True):
                text = template.format(p=person, n=count)
                if text not in seen:
                    seen.add(text)
                    yield Row(HALF, "prose", f"ordinary sentence ({language})", text, "")


def rows(seed: int = SEED) -> list[Row]:
    """Every row of the held16s split (deterministic for a seed): stated credentials, then ordinary sentences."""
    g = random.Random(seed)
    return list(_stated(g)) + list(_prose(g))
