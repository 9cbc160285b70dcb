"""A held-out split of stated credentials under nouns breaker48 did not use, and of ordinary sentences with the same
nouns and with public codes, ``held17n``: written by noun52 before stop 49's changes, scored at main (start) and at
the end only.

Seventeen languages (English, German, French, Spanish, Italian, Portuguese, Dutch, Polish, Turkish, Russian, Arabic,
Persian, Hindi, Thai, Chinese, Japanese, Korean), eight credential nouns each: an alarm code, a safe combination, a
voicemail PIN, a garage door code, a padlock combination, a gym locker code, a hardware wallet PIN and the keypad code
at an allotment garden (each with the thing or place it opens, in the language's own words).

- ``stated`` (two of three frames per noun: "for your info, <noun> is now <v>", "for the record, since yesterday
  <noun> is <v>", "write it down, <noun>: <v>"): the value is ASCII digits, digits of the language's own script
  (Arabic-Indic, Persian, Devanagari, Thai) or full-width digits (zh/ja/ko), digits spelled out (en/de/fr/es), keypad
  digits with a star or hash, or a dashed combination.
- ``prose``: each noun in three mentions without a value (how many digits it has, as a numeral; who knows where it
  is written; never paste it into a ticket), and six public-code sentences per language (a postal code, an error
  code, a promo code, a dialling code, "the PIN has four digits", an HTTP status code), some in the script's digits.

Rows are ``secret_rows.Row`` with ``half == "held17n"``. Run: ``python -m research secret_scanner --held17n``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from secret_rows import Row

HALF = "held17n"
SEED = 49_2026_12_07_17

NATIVE = {
    "ar": "٠١٢٣٤٥٦٧٨٩",
    "fa": "۰۱۲۳۴۵۶۷۸۹",
    "hi": "०१२३४५६७८९",
    "th": "๐๑๒๓๔๕๖๗๘๙",
    "zh": "０１２３４５６７８９",
    "ja": "０１２３４５６７８９",
    "ko": "０１２３４５６７８９",
}
SPELLED = {
    "en": ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"),
    "de": ("null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun"),
    "fr": ("zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf"),
    "es": ("cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve"),
}

# language -> (eight nouns, three stated frames {n} {v}, three mentions {N}/{n} {k}, six public-code sentences)
LANGS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "en": (
        (
            "the alarm code for the bakery",
            "the combination of the office safe",
            "my voicemail PIN",
            "the garage door code",
            "the padlock combination on the shed",
            "the gym locker code",
            "the PIN of my hardware wallet",
            "the keypad code at the allotment",
        ),
        (
            "Heads up: {n} is now {v}.",
            "For the record, since yesterday {n} is {v}.",
            "Write it down somewhere, {n}: {v}",
        ),
        (
            "{N} has {k} digits and changes every quarter.",
            "Does anyone know where {n} is written down?",
            "{N} must never end up in a ticket or a chat.",
        ),
        (
            "The zip code for the warehouse is {zip}.",
            "Error code {e} shows up after the update.",
            "Promo code {promo} gives 10 % off until Sunday.",
            "The area code for Leeds is 0113.",
            "The PIN is four digits and the PUK is eight.",
            "The HTTP status code is 503 when the gateway is down.",
        ),
    ),
    "de": (
        (
            "der Alarmcode der Bäckerei",
            "die Kombination des Bürotresors",
            "meine Mailbox-PIN",
            "der Garagentorcode",
            "die Zahlenkombination des Vorhängeschlosses am Schuppen",
            "der Spindcode im Fitnessstudio",
            "die PIN meiner Hardware-Wallet",
            "der Tastencode am Schrebergarten",
        ),
        (
            "Zur Info: {n} ist jetzt {v}.",
            "Fürs Protokoll, seit gestern lautet {n} {v}.",
            "Schreib es dir auf, {n}: {v}",
        ),
        (
            "{N} hat {k} Stellen und wird jedes Quartal geändert.",
            "Weiß jemand, wo {n} aufgeschrieben ist?",
            "{N} gehört nie in ein Ticket oder einen Chat.",
        ),
        (
            "Die Postleitzahl vom Lager ist {zip}.",
            "Fehlercode {e} erscheint nach dem Update.",
            "Der Gutscheincode {promo} gibt 10 % Rabatt bis Sonntag.",
            "Die Vorwahl von Köln ist 0221.",
            "Die PIN hat vier Stellen, die PUK acht.",
            "Der Statuscode ist 503, wenn das Gateway ausfällt.",
        ),
    ),
    "fr": (
        (
            "le code de l'alarme de la boulangerie",
            "la combinaison du coffre du bureau",
            "le code PIN de ma messagerie vocale",
            "le code de la porte du garage",
            "la combinaison du cadenas de l'abri",
            "le code du casier de la salle de sport",
            "le PIN de mon portefeuille matériel",
            "le code du clavier au jardin partagé",
        ),
        (
            "Pour info : {n} est maintenant {v}.",
            "Pour mémoire, depuis hier {n} c'est {v}.",
            "Note-le quelque part, {n} : {v}",
        ),
        (
            "{N} a {k} chiffres et change chaque trimestre.",
            "Quelqu'un sait où est noté {n} ?",
            "{N} ne doit jamais finir dans un ticket ni dans un chat.",
        ),
        (
            "Le code postal de l'entrepôt est {zip}.",
            "Le code d'erreur {e} apparaît après la mise à jour.",
            "Le code promo {promo} donne 10 % de réduction jusqu'à dimanche.",
            "L'indicatif de Lyon est le 04.",
            "Le code PIN fait quatre chiffres et le PUK huit.",
            "Le code HTTP est 503 quand la passerelle tombe.",
        ),
    ),
    "es": (
        (
            "el código de la alarma de la panadería",
            "la combinación de la caja fuerte de la oficina",
            "el PIN de mi buzón de voz",
            "el código de la puerta del garaje",
            "la combinación del candado del cobertizo",
            "el código de la taquilla del gimnasio",
            "el PIN de mi monedero hardware",
            "el código del teclado del huerto urbano",
        ),
        (
            "Para que lo sepas: {n} ahora es {v}.",
            "Que conste, desde ayer {n} es {v}.",
            "Apúntalo en algún sitio, {n}: {v}",
        ),
        (
            "{N} tiene {k} cifras y cambia cada trimestre.",
            "¿Alguien sabe dónde está apuntado {n}?",
            "{N} nunca debe acabar en un ticket ni en un chat.",
        ),
        (
            "El código postal del almacén es {zip}.",
            "El código de error {e} aparece tras la actualización.",
            "El código promocional {promo} da un 10 % de descuento hasta el domingo.",
            "El prefijo de Madrid es el 91.",
            "El PIN tiene cuatro cifras y el PUK ocho.",
            "El código de estado es 503 cuando cae la pasarela.",
        ),
    ),
    "it": (
        (
            "il codice dell'allarme del panificio",
            "la combinazione della cassaforte dell'ufficio",
            "il PIN della mia segreteria telefonica",
            "il codice della porta del garage",
            "la combinazione del lucchetto della rimessa",
            "il codice dell'armadietto della palestra",
            "il PIN del mio wallet hardware",
            "il codice del tastierino dell'orto comunale",
        ),
        (
            "Per tua info: {n} adesso è {v}.",
            "Per la cronaca, da ieri {n} è {v}.",
            "Segnatelo da qualche parte, {n}: {v}",
        ),
        (
            "{N} ha {k} cifre e cambia ogni trimestre.",
            "Qualcuno sa dove è scritto {n}?",
            "{N} non deve mai finire in un ticket o in una chat.",
        ),
        (
            "Il CAP del magazzino è {zip}.",
            "Il codice di errore {e} compare dopo l'aggiornamento.",
            "Il codice sconto {promo} dà il 10 % fino a domenica.",
            "Il prefisso di Milano è 02.",
            "Il PIN ha quattro cifre e il PUK otto.",
            "Il codice di stato è 503 quando il gateway cade.",
        ),
    ),
    "pt": (
        (
            "o código do alarme da padaria",
            "a combinação do cofre do escritório",
            "o PIN do meu correio de voz",
            "o código do portão da garagem",
            "a combinação do cadeado do barracão",
            "o código do cacifo do ginásio",
            "o PIN da minha carteira de hardware",
            "o código do teclado da horta comunitária",
        ),
        ("Só para saberes: {n} agora é {v}.", "Para constar, desde ontem {n} é {v}.", "Anota isto num sítio, {n}: {v}"),
        (
            "{N} tem {k} dígitos e muda todos os trimestres.",
            "Alguém sabe quem guarda {n}?",
            "{N} nunca deve ir parar a um ticket nem a um chat.",
        ),
        (
            "O código postal do armazém é {zip}.",
            "O código de erro {e} aparece depois da atualização.",
            "O código promocional {promo} dá 10 % de desconto até domingo.",
            "O indicativo de Lisboa é 21.",
            "O PIN tem quatro dígitos e o PUK oito.",
            "O código de estado é 503 quando o gateway cai.",
        ),
    ),
    "nl": (
        (
            "de alarmcode van de bakkerij",
            "de combinatie van de kluis op kantoor",
            "mijn voicemail-pincode",
            "de code van de garagedeur",
            "de cijfercombinatie van het hangslot van de schuur",
            "de code van het kluisje in de sportschool",
            "de pincode van mijn hardware wallet",
            "de code van het toetsenpaneel bij de volkstuin",
        ),
        ("Ter info: {n} is nu {v}.", "Voor de duidelijkheid, sinds gisteren is {n} {v}.", "Schrijf het op, {n}: {v}"),
        (
            "{N} heeft {k} cijfers en verandert elk kwartaal.",
            "Weet iemand wie {n} bewaart?",
            "{N} hoort nooit in een ticket of een chat.",
        ),
        (
            "De postcode van het magazijn is {zip} AB.",
            "Foutcode {e} verschijnt na de update.",
            "Kortingscode {promo} geeft 10 % korting tot zondag.",
            "Het netnummer van Utrecht is 030.",
            "De pincode heeft vier cijfers en de PUK acht.",
            "De statuscode is 503 als de gateway uitvalt.",
        ),
    ),
    "pl": (
        (
            "kod alarmu w piekarni",
            "szyfr do sejfu w biurze",
            "PIN do mojej poczty głosowej",
            "kod do bramy garażowej",
            "szyfr kłódki na szopie",
            "kod do szafki na siłowni",
            "PIN do mojego portfela sprzętowego",
            "kod do klawiatury na działce",
        ),
        ("Dla informacji: {n} to teraz {v}.", "Gwoli ścisłości, od wczoraj {n} to {v}.", "Zapisz to gdzieś, {n}: {v}"),
        (
            "{N} ma {k} cyfr i zmienia się co kwartał.",
            "Ktoś wie, kto przechowuje {n}?",
            "{N} nigdy nie może trafić do zgłoszenia ani na czat.",
        ),
        (
            "Kod pocztowy magazynu to {zip}.",
            "Kod błędu {e} pojawia się po aktualizacji.",
            "Kod rabatowy {promo} daje 10 % zniżki do niedzieli.",
            "Numer kierunkowy Krakowa to 12.",
            "PIN ma cztery cyfry, a PUK osiem.",
            "Kod statusu to 503, gdy brama pada.",
        ),
    ),
    "tr": (
        (
            "fırının alarm kodu",
            "ofis kasasının şifresi",
            "sesli mesaj PIN'im",
            "garaj kapısının kodu",
            "kulübedeki asma kilidin şifresi",
            "spor salonundaki dolabın kodu",
            "donanım cüzdanımın PIN'i",
            "bahçe parselinin tuş takımı kodu",
        ),
        ("Bilgin olsun: {n} artık {v}.", "Kayıt için söylüyorum, dünden beri {n} {v}.", "Bir yere not et, {n}: {v}"),
        (
            "{N} {k} haneli ve her çeyrekte değişiyor.",
            "{N} nerede yazılı, bilen var mı?",
            "{N} asla bir bilete ya da sohbete yapıştırılmamalı.",
        ),
        (
            "Deponun posta kodu {zip}.",
            "Güncellemeden sonra {e} hata kodu çıkıyor.",
            "{promo} indirim kodu pazara kadar %10 indirim veriyor.",
            "Ankara'nın alan kodu 312.",
            "PIN dört haneli, PUK ise sekiz haneli.",
            "Ağ geçidi düştüğünde durum kodu 503 oluyor.",
        ),
    ),
    "ru": (
        (
            "код сигнализации в пекарне",
            "код сейфа в офисе",
            "PIN голосовой почты",
            "код от гаражных ворот",
            "код навесного замка на сарае",
            "код шкафчика в спортзале",
            "PIN аппаратного кошелька",
            "код кодового замка на огороде",
        ),
        ("К сведению: {n} теперь {v}.", "Для протокола, со вчерашнего дня {n} — {v}.", "Запиши где-нибудь, {n}: {v}"),
        (
            "{N} состоит из {k} цифр и меняется каждый квартал.",
            "Кто-нибудь знает, где записан {n}?",
            "{N} никогда не должен попасть в тикет или чат.",
        ),
        (
            "Почтовый индекс склада — {zip}.",
            "Код ошибки {e} появляется после обновления.",
            "Промокод {promo} даёт скидку 10 % до воскресенья.",
            "Телефонный код Москвы — 495.",
            "PIN состоит из четырёх цифр, а PUK из восьми.",
            "Код состояния 503, когда шлюз падает.",
        ),
    ),
    "ar": (
        (
            "رمز إنذار المخبز",
            "رمز خزنة المكتب",
            "الرقم السري للبريد الصوتي",
            "رمز باب المرآب",
            "رمز القفل في المخزن",
            "رمز الخزانة في النادي الرياضي",
            "الرقم السري لمحفظتي الرقمية",
            "رمز لوحة المفاتيح في الحديقة المجتمعية",
        ),
        ("للعلم: {n} الآن {v}.", "للتوثيق، منذ أمس صار {n} {v}.", "اكتبه في مكان ما، {n}: {v}"),
        ("{n} من {k} أرقام ويتغير كل ربع سنة.", "هل يعرف أحد أين كُتب {n}؟", "لا يجوز أبدًا لصق {n} في تذكرة أو محادثة."),
        (
            "الرمز البريدي للمستودع هو {zip}.",
            "يظهر رمز الخطأ {e} بعد التحديث.",
            "رمز الخصم {promo} يعطي خصمًا 10٪ حتى الأحد.",
            "رمز الاتصال الدولي لمصر هو 20.",
            "الرقم السري من أربعة أرقام ورمز PUK من ثمانية.",
            "رمز الحالة 503 عندما تتعطل البوابة.",
        ),
    ),
    "fa": (
        (
            "کد دزدگیر نانوایی",
            "رمز گاوصندوق دفتر",
            "پین پیغام‌گیر صوتی من",
            "کد در پارکینگ",
            "رمز قفل آویز انباری",
            "کد کمد باشگاه",
            "پین کیف پول سخت‌افزاری من",
            "کد صفحه‌کلید باغچه",
        ),
        ("محض اطلاع: {n} حالا {v} است.", "برای ثبت، از دیروز {n} شده {v}.", "یک جا یادداشتش کن، {n}: {v}"),
        (
            "{n} {k} رقمی است و هر فصل عوض می‌شود.",
            "کسی می‌داند {n} کجا نوشته شده؟",
            "{n} هرگز نباید در تیکت یا چت کپی شود.",
        ),
        (
            "کد پستی انبار {zip} است.",
            "بعد از به‌روزرسانی کد خطای {e} نمایش داده می‌شود.",
            "کد تخفیف {promo} تا یکشنبه ۱۰٪ تخفیف می‌دهد.",
            "پیش‌شماره تهران ۰۲۱ است.",
            "پین چهار رقمی است و PUK هشت رقمی.",
            "وقتی درگاه از کار می‌افتد کد وضعیت ۵۰۳ است.",
        ),
    ),
    "hi": (
        (
            "बेकरी का अलार्म कोड",
            "दफ़्तर की तिजोरी का कॉम्बिनेशन",
            "मेरे वॉइसमेल का पिन",
            "गैराज के दरवाज़े का कोड",
            "गोदाम के ताले का कॉम्बिनेशन",
            "जिम के लॉकर का कोड",
            "मेरे हार्डवेयर वॉलेट का पिन",
            "सामुदायिक बगीचे के कीपैड का कोड",
        ),
        ("जानकारी के लिए: {n} अब {v} है।", "रिकॉर्ड के लिए, कल से {n} {v} है।", "कहीं लिख लो, {n}: {v}"),
        (
            "{n} {k} अंकों का है और हर तिमाही बदलता है।",
            "किसी को पता है {n} कहाँ लिखा है?",
            "{n} कभी भी टिकट या चैट में नहीं डालना चाहिए।",
        ),
        (
            "गोदाम का पिन कोड {zip} है।",
            "अपडेट के बाद एरर कोड {e} आता है।",
            "प्रोमो कोड {promo} से रविवार तक 10 % छूट मिलती है।",
            "दिल्ली का एसटीडी कोड 011 है।",
            "पिन चार अंकों का होता है और PUK आठ का।",
            "गेटवे बंद होने पर स्टेटस कोड 503 आता है।",
        ),
    ),
    "th": (
        (
            "รหัสสัญญาณกันขโมยของร้านเบเกอรี่",
            "รหัสตู้เซฟในออฟฟิศ",
            "PIN ข้อความเสียงของฉัน",
            "รหัสประตูโรงรถ",
            "รหัสแม่กุญแจที่โรงเก็บของ",
            "รหัสล็อกเกอร์ที่ฟิตเนส",
            "PIN กระเป๋าเงินฮาร์ดแวร์ของฉัน",
            "รหัสแป้นกดที่แปลงผักชุมชน",
        ),
        ("แจ้งให้ทราบ: {n}ตอนนี้คือ {v}", "บันทึกไว้นะ ตั้งแต่เมื่อวาน{n}เป็น {v}", "จดไว้ที่ไหนสักแห่ง {n}: {v}"),
        ("{n}มี {k} หลักและเปลี่ยนทุกไตรมาส", "มีใครรู้ไหมว่า{n}จดไว้ที่ไหน", "ห้ามวาง{n}ในตั๋วหรือแชทเด็ดขาด"),
        (
            "รหัสไปรษณีย์ของโกดังคือ {zip}",
            "หลังอัปเดตขึ้นรหัสข้อผิดพลาด {e}",
            "โค้ดส่วนลด {promo} ลด 10% ถึงวันอาทิตย์",
            "รหัสทางไกลของเชียงใหม่คือ 053",
            "PIN มีสี่หลักและ PUK มีแปดหลัก",
            "รหัสสถานะเป็น 503 เมื่อเกตเวย์ล่ม",
        ),
    ),
    "zh": (
        (
            "面包店的报警器密码",
            "办公室保险柜的密码组合",
            "我的语音信箱PIN",
            "车库门密码",
            "棚屋挂锁的密码",
            "健身房储物柜的密码",
            "我的硬件钱包PIN码",
            "菜园键盘锁的密码",
        ),
        ("告诉你一声：{n}现在是{v}。", "记一下，从昨天起{n}改成了{v}。", "找个地方记下来，{n}：{v}"),
        ("{n}有{k}位，每个季度换一次。", "有人知道{n}写在哪里吗？", "{n}绝不能贴到工单或聊天里。"),
        (
            "仓库的邮政编码是{zip}。",
            "更新后出现错误代码{e}。",
            "优惠码{promo}到周日打九折。",
            "北京的区号是010。",
            "PIN码是四位，PUK码是八位。",
            "网关宕机时状态码是503。",
        ),
    ),
    "ja": (
        (
            "パン屋の警報装置の暗証番号",
            "事務所の金庫のダイヤル番号",
            "留守番電話の暗証番号",
            "ガレージのドアの暗証コード",
            "物置の南京錠の番号",
            "ジムのロッカーの暗証番号",
            "ハードウェアウォレットのPIN",
            "市民農園のキーパッドの暗証番号",
        ),
        ("お知らせ：{n}は今{v}です。", "念のため、昨日から{n}は{v}になりました。", "どこかにメモして、{n}：{v}"),
        (
            "{n}は{k}桁で、四半期ごとに変わります。",
            "{n}がどこに書いてあるか誰か知っていますか？",
            "{n}をチケットやチャットに貼ってはいけません。",
        ),
        (
            "倉庫の郵便番号は{zip}です。",
            "アップデート後にエラーコード{e}が出ます。",
            "クーポンコード{promo}で日曜まで10％オフ。",
            "大阪の市外局番は06です。",
            "PINは4桁、PUKは8桁です。",
            "ゲートウェイが落ちるとステータスコードは503です。",
        ),
    ),
    "ko": (
        (
            "빵집 경보기 비밀번호",
            "사무실 금고 비밀번호",
            "음성사서함 PIN",
            "차고 문 비밀번호",
            "창고 자물쇠 번호",
            "헬스장 사물함 비밀번호",
            "하드웨어 지갑 PIN",
            "주말농장 키패드 비밀번호",
        ),
        ("참고로 {n} 이제 {v}입니다.", "기록용: 어제부터 {n} 바뀌었어요, 새 번호 {v}.", "어딘가 적어 둬, {n}: {v}"),
        (
            "{n} {k}자리이고 분기마다 바뀝니다.",
            "{n} 어디 적혀 있는지 아는 사람?",
            "{n} 절대 티켓이나 채팅에 붙여 넣지 마세요.",
        ),
        (
            "창고 우편번호는 {zip}입니다.",
            "업데이트 후 오류 코드 {e}가 떠요.",
            "할인 코드 {promo}로 일요일까지 10% 할인.",
            "서울 지역번호는 02입니다.",
            "PIN은 4자리, PUK는 8자리입니다.",
            "게이트웨이가 죽으면 상태 코드는 503입니다.",
        ),
    ),
}

ZIPS = {
    "en": ("94110", "10027", "60614"), "de": ("50667", "80331", "04109"), "fr": ("69002", "75011", "33000"),
    "es": ("28013", "08001", "41004"), "it": ("20121", "00184", "40126"), "pt": ("1100-148", "4050-262", "3000-214"),
    "nl": ("3511", "1012", "2513"), "pl": ("00-950", "31-042", "80-831"), "tr": ("06420", "34430", "35210"),
    "ru": ("190000", "101000", "620014"), "ar": ("11511", "21500", "31111"), "fa": ("۱۴۱۵۶۳۴۳۱۱", "۸۱۳۵۸۴۶۷۳۱"),
    "hi": ("110001", "400001", "560001"), "th": ("10200", "50200", "๑๐๒๐๐"), "zh": ("100010", "200001", "５１００００"),
    "ja": ("150-0002", "530-0001", "１００－０００５"), "ko": ("04524", "06236", "48058"),
}  # fmt: skip
ERRORS = ("0x80070005", "E-4021", "ERR_1042", "404", "E17")
PROMOS = ("SPRING25", "WELCOME10", "BLACKFRI30", "SUMMER2025")
KINDS = ("ascii digits", "script digits", "spelled digits", "keypad or dashed")


def _digits(g: random.Random) -> str:
    return str(g.randint(1000, 99_999_999))


def _value(g: random.Random, language: str, kind: str, noun: int) -> tuple[str, str]:
    """(value kind, value) of one stated row; spelled digits fall back to script digits, then to keypad digits."""
    if kind == "spelled digits":
        if language in SPELLED:
            return kind, " ".join(SPELLED[language][int(d)] for d in str(g.randint(1000, 999_999)))
        kind = "script digits"
    if kind == "script digits":
        if language in NATIVE:
            return kind, _digits(g).translate(str.maketrans("0123456789", NATIVE[language]))
        kind = "keypad or dashed"
    if kind == "keypad or dashed":
        if noun in (1, 4):  # the two combinations
            return "dashed combination", "-".join(f"{g.randint(0, 39):02d}" for _ in range(3))
        return "keypad digits", g.choice(("*", "#", "")) + str(g.randint(1000, 999_999)) + g.choice(("#", "*"))
    return "ascii digits", _digits(g)


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _stated(g: random.Random) -> Iterator[Row]:
    for language, (nouns, frames, _mentions, _public) in LANGS.items():
        for i, noun in enumerate(nouns):
            for j in (i % 3, (i + 1) % 3):
                kind, value = _value(g, language, KINDS[(2 * i + j) % 4], i)
                text = _upper(frames[j].format(n=noun, v=value))
                yield Row(HALF, "stated", f"stated {kind} ({language})", text, value)


def _prose(g: random.Random) -> Iterator[Row]:
    for language, (nouns, _frames, mentions, public) in LANGS.items():
        for noun in nouns:
            for mention in mentions:
                count = g.randint(5, 8) if language == "pl" else g.randint(4, 8)
                text = mention.format(N=_upper(noun), n=noun, k=count)
                yield Row(HALF, "prose", f"ordinary mention ({language})", text, "")
        for sentence in public:
            text = sentence.format(zip=g.choice(ZIPS[language]), e=g.choice(ERRORS), promo=g.choice(PROMOS))
            yield Row(HALF, "prose", f"ordinary public code ({language})", text, "")


def rows(seed: int = SEED) -> list[Row]:
    """Every row of the held17n split (deterministic for a seed): stated credentials, then ordinary sentences."""
    g = random.Random(seed)
    return list(_stated(g)) + list(_prose(g))
