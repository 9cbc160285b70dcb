"""A held-out split of codes and passwords stated with words between the credential noun and the value, and of
ordinary sentences about such codes without a value, ``held15s``: written by stated50 before stop 47's changes,
scored once at the end (main and the branch, same session).

Two groups, in 21 languages (English, German, French, Spanish, Italian, Portuguese, Dutch, Polish, Turkish,
Russian, Ukrainian, Arabic, Persian, Hebrew, Hindi, Chinese, Japanese, Korean, Vietnamese, Thai, Indonesian; the
last six and Ukrainian/Persian/Hebrew are languages the branch was not tuned on):

- ``stated`` (4 templates x 3-4 value types per language): a credential noun (PIN, door/alarm/gate code, lock
  combination, verification code, password) followed by words naming what it opens ("for the back door of the
  bakery", "of the padlock of the bike shed"), then a copula, a colon or a dash, then the value: 4-6 digits,
  grouped digits ("7-21-40", "3390#", "58 17 26"), a word with digits, and in Arabic, Persian, Hindi and Thai the
  same digits written in the language's own script.
- ``prose`` (6 templates, three draws each, distinct texts only, per language): the same nouns and the same words
  naming what they open, then where the code is kept, who has it, when it changes or how long it must be; some
  carry a number that is no value (days, digits, a date).

Voices (a bakery, a rowing club, a bike shed, a print shop), names and values no earlier split uses. Rows are
``secret_rows.Row`` with ``half == "held15s"``. Run: ``python -m research secret_scanner --held15s``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from secret_rows import Row

HALF = "held15s"
SEED = 47_2026_12_07_15

WORDS = ("Falcon", "Tulip", "Badger", "Cedar", "Comet", "Maple", "Otter", "Plover", "Quince", "Raven", "Sable")
PEOPLE = ("Ana", "Dario", "Halima", "Ivo", "Keiko", "Lotte", "Mehdi", "Noor", "Pavel", "Rosa", "Tariq", "Wen")
NATIVE = {
    "ar": "٠١٢٣٤٥٦٧٨٩",
    "fa": "۰۱۲۳۴۵۶۷۸۹",
    "hi": "०१२३४५६७८९",
    "th": "๐๑๒๓๔๕๖๗๘๙",
}


def _digits(g: random.Random) -> str:
    return str(g.randint(1000, 999_999))


def _grouped(g: random.Random) -> str:
    shape = g.choice(("dash", "hash", "space"))
    if shape == "dash":
        return "-".join(str(g.randint(1, 39)) for _ in range(3))
    if shape == "hash":
        return f"{g.randint(1000, 99_999)}#"
    return " ".join(f"{g.randint(10, 99)}" for _ in range(3))


def _word(g: random.Random) -> str:
    return g.choice(WORDS) + str(g.randint(10, 999)) + g.choice(("", "!", "#", "*"))


VALUE: dict[str, Callable[[random.Random], str]] = {"digits": _digits, "grouped": _grouped, "word": _word}

# language -> four stated templates ({v} the value, {p} a person). Words always stand between noun and value.
STATED: dict[str, tuple[str, ...]] = {
    "en": (
        "The PIN for the back door of the bakery is {v}",
        "Your verification code for the print shop portal is {v}.",
        "Code for the alarm panel in the boathouse: {v}",
        "The combination of the padlock on the bike shed is {v}, {p} says.",
    ),
    "de": (
        "Die PIN für die Hintertür der Bäckerei ist {v}",
        "Dein Bestätigungscode für das Portal der Druckerei lautet {v}.",
        "Code für die Alarmanlage im Bootshaus: {v}",
        "Die Kombination vom Vorhängeschloss am Fahrradschuppen ist {v}, sagt {p}.",
    ),
    "fr": (
        "Le code PIN de la porte arrière de la boulangerie est {v}",
        "Ton code de vérification pour le portail de l'imprimerie est {v}.",
        "Code du boîtier d'alarme du hangar à aviron : {v}",
        "La combinaison du cadenas de l'abri à vélos est {v}, d'après {p}.",
    ),
    "es": (
        "El PIN de la puerta trasera de la panadería es {v}",
        "Tu código de verificación para el portal de la imprenta es {v}.",
        "Código de la central de alarma del club de remo: {v}",
        "La combinación del candado del cobertizo de bicis es {v}, dice {p}.",
    ),
    "it": (
        "Il PIN della porta sul retro del panificio è {v}",
        "Il tuo codice di verifica per il portale della tipografia è {v}.",
        "Codice della centralina d'allarme della rimessa barche: {v}",
        "La combinazione del lucchetto della rastrelliera bici è {v}, dice {p}.",
    ),
    "pt": (
        "O PIN da porta dos fundos da padaria é {v}",
        "Seu código de verificação para o portal da gráfica é {v}.",
        "Código do painel de alarme do galpão de remo: {v}",
        "A combinação do cadeado do bicicletário é {v}, segundo {p}.",
    ),
    "nl": (
        "De pincode van de achterdeur van de bakkerij is {v}",
        "Je verificatiecode voor het portaal van de drukkerij is {v}.",
        "Code voor het alarmpaneel in het botenhuis: {v}",
        "De combinatie van het hangslot van de fietsenstalling is {v}, zegt {p}.",
    ),
    "pl": (
        "PIN do tylnych drzwi piekarni to {v}",
        "Twój kod weryfikacyjny do portalu drukarni to {v}.",
        "Kod do centralki alarmu w hangarze wioślarskim: {v}",
        "Szyfr do kłódki na wiacie rowerowej to {v}, mówi {p}.",
    ),
    "tr": (
        "Fırının arka kapısının PIN'i {v}",
        "Matbaa portalı için doğrulama kodun {v}.",
        "Kürek kulübündeki alarm panelinin kodu: {v}",
        "Bisiklet barınağındaki asma kilidin şifresi {v}, {p} söyledi.",
    ),
    "ru": (
        "PIN от задней двери пекарни — {v}",
        "Твой код подтверждения для портала типографии: {v}.",
        "Код от пульта сигнализации в эллинге: {v}",
        "Комбинация замка на велосипедном навесе — {v}, говорит {p}.",
    ),
    "uk": (
        "PIN від задніх дверей пекарні — {v}",
        "Твій код підтвердження для порталу друкарні: {v}.",
        "Код від пульта сигналізації в елінгу: {v}",
        "Комбінація замка на велосипедному навісі — {v}, каже {p}.",
    ),
    "ar": (
        "الرقم السري للباب الخلفي للمخبز هو {v}",
        "رمز التحقق الخاص بك لبوابة المطبعة هو {v}.",
        "رمز لوحة الإنذار في نادي التجديف: {v}",
        "رقم قفل مخزن الدراجات هو {v}، حسب {p}.",
    ),
    "fa": (
        "رمز در پشتی نانوایی {v} است",
        "کد تأیید شما برای پورتال چاپخانه {v} است.",
        "کد پنل دزدگیر باشگاه قایقرانی: {v}",
        "رمز قفل انبار دوچرخه {v} است، به گفته {p}.",
    ),
    "he": (
        "הקוד של הדלת האחורית של המאפייה הוא {v}",
        "קוד האימות שלך לפורטל של בית הדפוס הוא {v}.",
        "קוד ללוח האזעקה במועדון החתירה: {v}",
        "השילוב של המנעול של מחסן האופניים הוא {v}, לפי {p}.",
    ),
    "hi": (
        "बेकरी के पीछे वाले दरवाज़े का पिन {v} है",
        "प्रिंट शॉप पोर्टल के लिए आपका सत्यापन कोड {v} है।",
        "नाव घर के अलार्म पैनल का कोड: {v}",
        "साइकिल शेड के ताले का कॉम्बिनेशन {v} है, {p} ने बताया।",
    ),
    "zh": (
        "面包店后门的密码是{v}",
        "你在印刷店门户的验证码是 {v}。",
        "划船俱乐部报警面板的密码：{v}",
        "自行车棚挂锁的密码是 {v}，{p}说的。",
    ),
    "ja": (
        "パン屋の裏口の暗証番号は{v}です",
        "印刷所のポータルの確認コードは {v} です。",
        "艇庫の警報パネルのコード：{v}",
        "自転車置き場の南京錠の番号は {v} だと{p}さんが言っていました。",
    ),
    "ko": (
        "빵집 뒷문 비밀번호는 {v}입니다",
        "인쇄소 포털 인증 코드는 {v} 입니다.",
        "조정 클럽 경보 패널 코드: {v}",
        "자전거 보관소 자물쇠 번호는 {v}라고 {p}가 말했어요.",
    ),
    "vi": (
        "Mã PIN cửa sau của tiệm bánh là {v}",
        "Mã xác minh của bạn cho cổng thông tin nhà in là {v}.",
        "Mã bảng báo động ở câu lạc bộ chèo thuyền: {v}",
        "Mã khóa số của nhà để xe đạp là {v}, {p} nói vậy.",
    ),
    "th": (
        "รหัสประตูหลังของร้านเบเกอรี่คือ {v}",
        "รหัสยืนยันของคุณสำหรับพอร์ทัลโรงพิมพ์คือ {v}",
        "รหัสแผงสัญญาณกันขโมยที่ชมรมพายเรือ: {v}",
        "รหัสกุญแจที่โรงจอดจักรยานคือ {v} {p} บอกไว้",
    ),
    "id": (
        "PIN pintu belakang toko roti adalah {v}",
        "Kode verifikasi kamu untuk portal percetakan adalah {v}.",
        "Kode panel alarm di klub dayung: {v}",
        "Kombinasi gembok gudang sepeda itu {v}, kata {p}.",
    ),
}

# Ordinary sentences ({p} a person, {n} a number that is no value): the same nouns and objects, never a value.
PROSE: dict[str, tuple[str, ...]] = {
    "en": (
        "The alarm code for the garage at the bakery is in the blue binder {p} keeps at the counter.",
        "Ask {p} for the PIN of the back door of the warehouse.",
        "The code for the side gate of the rowing club changes every {n} days.",
        "The combination of the padlock on the bike shed is known only to {p}.",
        "The password for the tablet at the print shop must be at least {n} characters long.",
        "The door code of the storage room was changed on Monday after {p} left.",
    ),
    "de": (
        "Der Alarmcode für die Garage der Bäckerei steht im blauen Ordner, den {p} an der Theke hat.",
        "Frag {p} nach der PIN für die Hintertür des Lagers.",
        "Der Code für das Seitentor des Ruderclubs ändert sich alle {n} Tage.",
        "Die Kombination vom Vorhängeschloss am Fahrradschuppen kennt nur {p}.",
        "Das Passwort für das Tablet in der Druckerei muss mindestens {n} Zeichen lang sein.",
        "Der Türcode vom Lagerraum wurde am Montag geändert, nachdem {p} gegangen ist.",
    ),
    "fr": (
        "Le code de l'alarme du garage de la boulangerie est dans le classeur bleu que {p} garde au comptoir.",
        "Demande à {p} le code PIN de la porte arrière de l'entrepôt.",
        "Le code du portail latéral du club d'aviron change tous les {n} jours.",
        "La combinaison du cadenas de l'abri à vélos, seul {p} la connaît.",
        "Le mot de passe de la tablette de l'imprimerie doit faire au moins {n} caractères.",
        "Le code de la porte du local de stockage a été changé lundi après le départ de {p}.",
    ),
    "es": (
        "El código de la alarma del garaje de la panadería está en la carpeta azul que {p} tiene en el mostrador.",
        "Pídele a {p} el PIN de la puerta trasera del almacén.",
        "El código de la puerta lateral del club de remo cambia cada {n} días.",
        "La combinación del candado del cobertizo de bicis solo la sabe {p}.",
        "La contraseña de la tableta de la imprenta debe tener al menos {n} caracteres.",
        "El código de la puerta del trastero se cambió el lunes después de que {p} se fuera.",
    ),
    "it": (
        "Il codice dell'allarme del garage del panificio è nel raccoglitore blu che {p} tiene al banco.",
        "Chiedi a {p} il PIN della porta sul retro del magazzino.",
        "Il codice del cancello laterale del circolo di canottaggio cambia ogni {n} giorni.",
        "La combinazione del lucchetto della rastrelliera bici la conosce solo {p}.",
        "La password del tablet della tipografia deve avere almeno {n} caratteri.",
        "Il codice della porta del ripostiglio è stato cambiato lunedì dopo che {p} se n'è andato.",
    ),
    "pt": (
        "O código do alarme da garagem da padaria está na pasta azul que {p} guarda no balcão.",
        "Peça a {p} o PIN da porta dos fundos do armazém.",
        "O código do portão lateral do clube de remo muda a cada {n} dias.",
        "A combinação do cadeado do bicicletário só {p} conhece.",
        "A senha do tablet da gráfica precisa ter pelo menos {n} caracteres.",
        "O código da porta do depósito foi trocado na segunda depois que {p} saiu.",
    ),
    "nl": (
        "De alarmcode van de garage van de bakkerij staat in de blauwe map die {p} bij de toonbank heeft.",
        "Vraag {p} om de pincode van de achterdeur van het magazijn.",
        "De code van het zijhek van de roeiclub verandert elke {n} dagen.",
        "De combinatie van het hangslot van de fietsenstalling kent alleen {p}.",
        "Het wachtwoord van de tablet in de drukkerij moet minstens {n} tekens lang zijn.",
        "De deurcode van de opslagruimte is maandag veranderd nadat {p} vertrok.",
    ),
    "pl": (
        "Kod alarmu do garażu piekarni jest w niebieskim segregatorze, który {p} trzyma przy ladzie.",
        "Zapytaj {p} o PIN do tylnych drzwi magazynu.",
        "Kod do bocznej bramy klubu wioślarskiego zmienia się co {n} dni.",
        "Szyfr do kłódki na wiacie rowerowej zna tylko {p}.",
        "Hasło do tabletu w drukarni musi mieć co najmniej {n} znaków.",
        "Kod do drzwi magazynku zmieniono w poniedziałek, po odejściu {p}.",
    ),
    "tr": (
        "Fırının garajının alarm kodu, {p}'nin tezgâhta tuttuğu mavi klasörde.",
        "Deponun arka kapısının PIN'ini {p}'ye sor.",
        "Kürek kulübünün yan kapısının kodu her {n} günde bir değişiyor.",
        "Bisiklet barınağındaki asma kilidin şifresini sadece {p} biliyor.",
        "Matbaadaki tabletin şifresi en az {n} karakter olmalı.",
        "Depo odasının kapı kodu {p} ayrıldıktan sonra pazartesi değiştirildi.",
    ),
    "ru": (
        "Код сигнализации гаража пекарни лежит в синей папке, которую {p} держит у прилавка.",
        "Спроси у {p} PIN от задней двери склада.",
        "Код от боковых ворот гребного клуба меняется каждые {n} дней.",
        "Комбинацию замка на велосипедном навесе знает только {p}.",
        "Пароль от планшета в типографии должен быть не короче {n} символов.",
        "Код от двери кладовой поменяли в понедельник, после того как {p} ушёл.",
    ),
    "uk": (
        "Код сигналізації гаража пекарні лежить у синій папці, яку {p} тримає біля прилавка.",
        "Запитай у {p} PIN від задніх дверей складу.",
        "Код від бічних воріт веслувального клубу змінюється кожні {n} днів.",
        "Комбінацію замка на велосипедному навісі знає тільки {p}.",
        "Пароль від планшета в друкарні має бути не коротшим за {n} символів.",
        "Код від дверей комори змінили в понеділок, після того як {p} пішов.",
    ),
    "ar": (
        "رمز إنذار مرآب المخبز موجود في الملف الأزرق الذي يحتفظ به {p} عند الكاونتر.",
        "اسأل {p} عن الرقم السري للباب الخلفي للمستودع.",
        "رمز البوابة الجانبية لنادي التجديف يتغير كل {n} يومًا.",
        "رقم قفل مخزن الدراجات لا يعرفه إلا {p}.",
        "يجب أن تكون كلمة مرور جهاز المطبعة اللوحي {n} أحرف على الأقل.",
        "تم تغيير رمز باب المخزن يوم الاثنين بعد أن غادر {p}.",
    ),
    "fa": (
        "کد دزدگیر پارکینگ نانوایی در پوشه آبی است که {p} کنار پیشخوان نگه می‌دارد.",
        "رمز در پشتی انبار را از {p} بپرس.",
        "کد در کناری باشگاه قایقرانی هر {n} روز عوض می‌شود.",
        "رمز قفل انبار دوچرخه را فقط {p} می‌داند.",
        "رمز عبور تبلت چاپخانه باید حداقل {n} کاراکتر باشد.",
        "کد در انباری روز دوشنبه بعد از رفتن {p} عوض شد.",
    ),
    "he": (
        "קוד האזעקה של המוסך של המאפייה נמצא בקלסר הכחול ש{p} שומר ליד הדלפק.",
        "תבקש מ{p} את הקוד של הדלת האחורית של המחסן.",
        "הקוד של השער הצדדי של מועדון החתירה מתחלף כל {n} ימים.",
        "את השילוב של המנעול של מחסן האופניים רק {p} יודע.",
        "הסיסמה של הטאבלט בבית הדפוס חייבת להיות לפחות {n} תווים.",
        "קוד הדלת של חדר האחסון שונה ביום שני אחרי ש{p} עזב.",
    ),
    "hi": (
        "बेकरी के गैराज का अलार्म कोड नीली फ़ाइल में है जो {p} काउंटर पर रखता है।",
        "गोदाम के पिछले दरवाज़े का पिन {p} से पूछ लो।",
        "रोइंग क्लब के साइड गेट का कोड हर {n} दिन में बदलता है।",
        "साइकिल शेड के ताले का कॉम्बिनेशन सिर्फ़ {p} को पता है।",
        "प्रिंट शॉप के टैबलेट का पासवर्ड कम से कम {n} अक्षरों का होना चाहिए।",
        "स्टोर रूम के दरवाज़े का कोड सोमवार को {p} के जाने के बाद बदला गया।",
    ),
    "zh": (
        "面包店车库的报警密码在{p}放在柜台的蓝色文件夹里。",
        "仓库后门的PIN码去问{p}。",
        "划船俱乐部侧门的密码每{n}天换一次。",
        "自行车棚挂锁的密码只有{p}知道。",
        "印刷店平板的密码至少要{n}个字符。",
        "储藏室的门禁密码在{p}走后周一换过了。",
    ),
    "ja": (
        "パン屋のガレージの警報コードは、{p}さんがカウンターに置いている青いファイルにあります。",
        "倉庫の裏口の暗証番号は{p}さんに聞いてください。",
        "ボートクラブの通用門のコードは{n}日ごとに変わります。",
        "自転車置き場の南京錠の番号は{p}さんしか知りません。",
        "印刷所のタブレットのパスワードは{n}文字以上にしてください。",
        "倉庫部屋のドアのコードは{p}さんが辞めた後、月曜日に変更されました。",
    ),
    "ko": (
        "빵집 차고 경보 코드는 {p}가 카운터에 두는 파란 바인더에 있어요.",
        "창고 뒷문 비밀번호는 {p}에게 물어보세요.",
        "조정 클럽 옆문 코드는 {n}일마다 바뀝니다.",
        "자전거 보관소 자물쇠 번호는 {p}만 알아요.",
        "인쇄소 태블릿 비밀번호는 최소 {n}자 이상이어야 합니다.",
        "창고방 문 코드는 {p}가 떠난 뒤 월요일에 바뀌었어요.",
    ),
    "vi": (
        "Mã báo động của gara tiệm bánh nằm trong bìa hồ sơ màu xanh mà {p} để ở quầy.",
        "Hỏi {p} mã PIN cửa sau của nhà kho nhé.",
        "Mã cổng phụ của câu lạc bộ chèo thuyền đổi {n} ngày một lần.",
        "Mã khóa số của nhà để xe đạp chỉ {p} biết.",
        "Mật khẩu máy tính bảng ở nhà in phải dài ít nhất {n} ký tự.",
        "Mã cửa phòng kho đã được đổi vào thứ Hai sau khi {p} nghỉ.",
    ),
    "th": (
        "รหัสกันขโมยของโรงรถร้านเบเกอรี่อยู่ในแฟ้มสีน้ำเงินที่{p}เก็บไว้ที่เคาน์เตอร์",
        "ถาม{p}เรื่องรหัสประตูหลังของโกดังนะ",
        "รหัสประตูข้างของชมรมพายเรือเปลี่ยนทุก {n} วัน",
        "รหัสกุญแจของโรงจอดจักรยานมีแค่{p}ที่รู้",
        "รหัสผ่านแท็บเล็ตของโรงพิมพ์ต้องยาวอย่างน้อย {n} ตัวอักษร",
        "รหัสประตูห้องเก็บของเปลี่ยนเมื่อวันจันทร์หลังจากที่{p}ลาออก",
    ),
    "id": (
        "Kode alarm garasi toko roti ada di map biru yang disimpan {p} di meja kasir.",
        "Tanya {p} soal PIN pintu belakang gudang.",
        "Kode gerbang samping klub dayung berganti setiap {n} hari.",
        "Kombinasi gembok gudang sepeda hanya diketahui {p}.",
        "Kata sandi tablet di percetakan harus minimal {n} karakter.",
        "Kode pintu ruang penyimpanan diganti hari Senin setelah {p} keluar.",
    ),
}


def _native(value: str, language: str) -> str:
    return value.translate(str.maketrans("0123456789", NATIVE[language]))


def _stated(g: random.Random) -> Iterator[Row]:
    for language, templates in STATED.items():
        for number, template in enumerate(templates):
            kinds = list(VALUE.items())
            if language in NATIVE:
                kinds.append(("native digits", lambda r, lang=language: _native(_digits(r), lang)))
            for value_type, make in kinds:
                value = make(g)
                text = template.format(v=value, p=g.choice(PEOPLE))
                clause = "colon" if number == 2 else "copula"
                yield Row(HALF, "stated", f"stated {value_type} words then {clause} ({language})", text, value)


def _prose(g: random.Random) -> Iterator[Row]:
    """Each prose template with three draws of its fields (distinct texts only)."""
    seen: set[str] = set()
    for language, templates in PROSE.items():
        for template in templates:
            for _ in range(3):
                text = template.format(p=g.choice(PEOPLE), n=g.choice((4, 6, 8, 10, 12, 14, 30, 90)))
                if text not in seen:
                    seen.add(text)
                    yield Row(HALF, "prose", f"ordinary sentence ({language})", text, "")


def rows(seed: int = SEED) -> list[Row]:
    """Every row of the held15s split (deterministic for a seed): stated credentials, then ordinary sentences."""
    g = random.Random(seed)
    return list(_stated(g)) + list(_prose(g))
