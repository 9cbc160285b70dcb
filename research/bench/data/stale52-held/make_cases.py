"""Writes ``cases.json``: stale52-held, corrections in Korean, Japanese, Chinese, Turkish, Russian, Ukrainian, Arabic
and Hindi, and look-alikes that must retire nothing (held out, stop 49, #27).

Written before any product change of stop 49 and read once at the end. Same shape as stale50-held and
stale51-held (``research/bench/stale_cases.py`` holds the helpers; ``research/bench/stale50_held.py`` runs it): a
case is a run of sessions of one repository saved by the hook worker from the client's native transcript, plus
the agent's ``save_context`` calls. Classes by the correction's language (``ko``, ``ja``, ``zh``, ``tr``, ``ru``,
``uk``, ``ar``, ``hi``: 54 corrections; each language mixes a correction marked as one, a change said with a verb, an
"instead of", a value the agent said back first, a fact corrected twice), and ``control`` (27 look-alikes in those
languages and en/es: another place's value named by comparison, "also", history said as history, "like" / "as well
as"). New domains, none shared with stale50-held, stale51-held or the month banks.

Run ``python research/bench/data/stale52-held/make_cases.py`` to rewrite the file.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from stale_cases import fix, keep, s, u, write_cases

KO = [
    fix(
        "ko1",
        "ko",
        [
            s(u("우리 찻집 주문 시스템은 tea-pos-3 서버에서 돌아가요.", "알겠습니다.")),
            s(u("정정할게요: 주문 시스템은 tea-pos-3이 아니라 tea-pos-7에서 돌아가요.", "네, 반영할게요.")),
        ],
        "찻집 주문 시스템은 어느 서버에서 돌아가나요",
        "tea-pos-7",
        ["tea-pos-3"],
    ),
    fix(
        "ko2",
        "ko",
        [
            s(u("케이블카 첫 운행은 매일 08:30에 시작해요.", "기억해 둘게요.")),
            s(u("케이블카 첫 운행 시간이 08:30에서 09:10으로 바뀌었어요.", "알겠습니다.")),
        ],
        "케이블카 첫 운행은 몇 시인가요",
        "09:10",
        ["08:30"],
    ),
    fix(
        "ko3",
        "ko",
        [
            s(u("수족관 펭귄 먹이 시간은 14:00이에요.", "네.")),
            s(u("펭귄 먹이 시간은 14:00 말고 15:20이에요.", "수정했습니다.")),
        ],
        "수족관 펭귄 먹이 시간",
        "15:20",
        ["14:00"],
    ),
    fix(
        "ko4",
        "ko",
        [
            s(u("도서관 백업은 lib-nas-2에 저장돼요.", "알겠습니다.")),
            s(u("이제 도서관 백업은 lib-nas-2 대신 lib-nas-5에 저장돼요.", "네, 알겠어요.")),
        ],
        "도서관 백업은 어디에 저장되나요",
        "lib-nas-5",
        ["lib-nas-2"],
    ),
    fix(
        "ko5",
        "ko",
        [
            s(u("야시장 결제는 Toss로 받고 있어요.", "네.")),
            s(u("야시장 결제가 Toss에서 KakaoPay로 바뀌었어요.", "알겠습니다.")),
            s(u("아, 제가 잘못 말했어요. KakaoPay가 아니라 NaverPay예요.", "수정할게요.")),
        ],
        "야시장 결제 수단",
        "NaverPay",
        ["Toss", "KakaoPay"],
    ),
    fix(
        "ko6",
        "ko",
        [
            s(u("재활용 센터 수거 트럭은 route-b7 경로로 다녀요.", "알겠습니다.")),
            s(
                u("수거 트럭 일정 좀 정리해 줘.", "수거 트럭은 route-b7 경로로 다니는 것으로 알고 있어요."),
                u("아니요, 이제는 route-b7이 아니고 route-c2로 다녀요.", "수정했습니다."),
            ),
        ],
        "재활용 센터 수거 트럭 경로",
        "route-c2",
        ["route-b7"],
    ),
    fix(
        "ko7",
        "ko",
        [
            s(u("도자기 공방 예약 앱은 포트 7624에서 떠요.", "네.")),
            s(u("도자기 공방 예약 앱 포트는 7624가 아니고 7419예요.", "고쳤습니다.")),
        ],
        "도자기 공방 예약 앱 포트",
        "7419",
        ["7624"],
    ),
]

JA = [
    fix(
        "ja1",
        "ja",
        [
            s(u("温泉旅館の予約システムは onsen-res-2 で動いています。", "承知しました。")),
            s(u("訂正です。予約システムは onsen-res-2 ではなく onsen-res-6 で動いています。", "了解です。")),
        ],
        "温泉旅館の予約システムはどのサーバー",
        "onsen-res-6",
        ["onsen-res-2"],
    ),
    fix(
        "ja2",
        "ja",
        [
            s(u("ロープウェイの最終便は17:40です。", "覚えておきます。")),
            s(u("ロープウェイの最終便は17:40から18:15に変わりました。", "了解しました。")),
        ],
        "ロープウェイの最終便",
        "18:15",
        ["17:40"],
    ),
    fix(
        "ja3",
        "ja",
        [
            s(u("植物園の温室センサーは broker-a にデータを送っています。", "はい。")),
            s(u("温室センサーの送信先は broker-a じゃなくて broker-c です。", "直しておきます。")),
        ],
        "温室センサーの送信先",
        "broker-c",
        ["broker-a"],
    ),
    fix(
        "ja4",
        "ja",
        [
            s(u("魚市場の競りは毎朝05:20に始まります。", "承知しました。")),
            s(u("魚市場の競りの開始は05:20ではなく04:50になりました。", "了解です。")),
        ],
        "魚市場の競りは何時に始まる",
        "04:50",
        ["05:20"],
    ),
    fix(
        "ja5",
        "ja",
        [
            s(u("ボウリング場のスコア表示は Lanetalk を使っています。", "はい。")),
            s(u("スコア表示は Lanetalk から Bowlero に変わった。", "了解です。")),
            s(u("すみません、間違えました。Bowlero ではなく Kegel です。", "修正します。")),
        ],
        "ボウリング場のスコア表示",
        "Kegel",
        ["Lanetalk", "Bowlero"],
    ),
    fix(
        "ja6",
        "ja",
        [
            s(u("天文台の観測ログは毎晩 02:00 にバックアップされます。", "承知しました。")),
            s(
                u("バックアップの時間を確認して。", "観測ログは毎晩 02:00 にバックアップされる設定ですね。"),
                u("いいえ、02:00 じゃなくて、今は 03:30 にバックアップされます。", "了解です。"),
            ),
        ],
        "観測ログのバックアップ時間",
        "03:30",
        ["02:00"],
    ),
    fix(
        "ja7",
        "ja",
        [
            s(u("スケートリンクの整氷ログは rink-log-1 に保存しています。", "はい。")),
            s(u("整氷ログは rink-log-1 の代わりに rink-log-4 に保存するようになりました。", "了解です。")),
        ],
        "整氷ログの保存先",
        "rink-log-4",
        ["rink-log-1"],
    ),
]

ZH = [
    fix(
        "zh1",
        "zh",
        [
            s(u("夜市的收银系统跑在 pos-night-2 上。", "好的，记下了。")),
            s(u("更正：收银系统不是 pos-night-2，而是 pos-night-5。", "明白。")),
        ],
        "夜市收银系统跑在哪台服务器",
        "pos-night-5",
        ["pos-night-2"],
    ),
    fix(
        "zh2",
        "zh",
        [
            s(u("水库的水位传感器数据写到 influx-dam-1。", "好的。")),
            s(u("水位传感器的数据改成写到 influx-dam-3 了。", "收到。")),
        ],
        "水位传感器数据写到哪里",
        "influx-dam-3",
        ["influx-dam-1"],
    ),
    fix(
        "zh3",
        "zh",
        [
            s(u("米厂的库存表放在 Airtable 上。", "好的。")),
            s(u("米厂的库存表已经换成 Notion 了，不再用 Airtable。", "明白了。")),
        ],
        "米厂的库存表放在哪里",
        "Notion",
        ["Airtable"],
    ),
    fix(
        "zh4",
        "zh",
        [
            s(u("邮局快递接口的端口是 8080。", "记住了。")),
            s(u("邮局快递接口的端口从 8080 改成 8443 了。", "好的。")),
        ],
        "邮局快递接口端口",
        "8443",
        ["8080"],
    ),
    fix(
        "zh5",
        "zh",
        [
            s(u("博物馆导览 App 的后端用的是 Firebase。", "好的。")),
            s(u("博物馆导览 App 的后端换成 Supabase 了。", "收到。")),
            s(u("我说错了，后端不是 Supabase，而是 Appwrite。", "已更正。")),
        ],
        "博物馆导览 App 的后端",
        "Appwrite",
        ["Firebase", "Supabase"],
    ),
    fix(
        "zh6",
        "zh",
        [
            s(u("灯塔的监控画面保存在 lh-cam-1。", "好的。")),
            s(
                u("帮我确认一下监控存储。", "灯塔的监控画面保存在 lh-cam-1。"),
                u("不对，现在是 lh-cam-3，不是 lh-cam-1。", "明白，已更新。"),
            ),
        ],
        "灯塔的监控画面保存在哪里",
        "lh-cam-3",
        ["lh-cam-1"],
    ),
    fix(
        "zh7",
        "zh",
        [
            s(u("纺织厂的夜班从 22:00 开始。", "记下了。")),
            s(u("纺织厂夜班的开始时间改为 21:30，而不是 22:00。", "好的。")),
        ],
        "纺织厂夜班几点开始",
        "21:30",
        ["22:00"],
    ),
]

TR = [
    fix(
        "tr1",
        "tr",
        [
            s(u("Çay bahçesinin sipariş sunucusu cay-srv-2.", "Not aldım.")),
            s(u("Düzeltme: sipariş sunucusu artık cay-srv-2 değil, cay-srv-4.", "Tamam.")),
        ],
        "çay bahçesinin sipariş sunucusu hangisi",
        "cay-srv-4",
        ["cay-srv-2"],
    ),
    fix(
        "tr2",
        "tr",
        [
            s(u("Teleferiğin ilk seferi 08:00'de.", "Not ettim.")),
            s(u("Teleferiğin ilk seferi 08:00 yerine 08:45 oldu.", "Anladım.")),
        ],
        "teleferiğin ilk seferi ne zaman",
        "08:45",
        ["08:00"],
    ),
    fix(
        "tr3",
        "tr",
        [
            s(u("Akvaryumun yedekleri Backblaze'e gidiyor.", "Tamam.")),
            s(u("Akvaryumun yedekleri artık Backblaze'e değil, Wasabi'ye gidiyor.", "Anladım.")),
        ],
        "akvaryumun yedekleri nereye gidiyor",
        "Wasabi",
        ["Backblaze"],
    ),
    fix(
        "tr4",
        "tr",
        [
            s(u("Kütüphane rezervasyon servisinin portu 5012.", "Not aldım.")),
            s(u("Kütüphane rezervasyon servisinin portu 5012'den 5044'e değiştirildi.", "Tamam.")),
        ],
        "kütüphane rezervasyon servisinin portu",
        "5044",
        ["5012"],
    ),
    fix(
        "tr5",
        "tr",
        [
            s(u("Gece pazarında ödemeleri Iyzico ile alıyoruz.", "Tamam.")),
            s(u("Gece pazarında Iyzico'dan PayTR'ye geçtik.", "Anladım.")),
            s(u("Yanlış söyledim, PayTR değil, Param.", "Düzelttim.")),
        ],
        "gece pazarında ödemeler neyle alınıyor",
        "Param",
        ["Iyzico", "PayTR"],
    ),
    fix(
        "tr6",
        "tr",
        [
            s(u("Fırın her sabah 05:30'da açılıyor.", "Not ettim.")),
            s(
                u("Fırının saatlerini hatırlat.", "Fırın her sabah 05:30'da açılıyor."),
                u("Hayır, fırın artık 06:15'te açılıyor, 05:30'da değil.", "Düzelttim."),
            ),
        ],
        "fırın kaçta açılıyor",
        "06:15",
        ["05:30"],
    ),
    fix(
        "tr7",
        "tr",
        [
            s(u("Barajın sensör verisi InfluxDB'ye yazılıyor.", "Tamam.")),
            s(u("Barajın sensör verisi artık InfluxDB yerine TimescaleDB'ye yazılıyor.", "Anladım.")),
        ],
        "barajın sensör verisi nereye yazılıyor",
        "TimescaleDB",
        ["InfluxDB"],
    ),
]

RU = [
    fix(
        "ru1",
        "ru",
        [
            s(u("Сервер бронирования катка — rink-book-1.", "Записал.")),
            s(u("Поправка: сервер бронирования катка теперь rink-book-3, а не rink-book-1.", "Понял.")),
        ],
        "какой сервер бронирования катка",
        "rink-book-3",
        ["rink-book-1"],
    ),
    fix(
        "ru2",
        "ru",
        [
            s(u("Ночная смена на заводе начинается в 22:00.", "Записал.")),
            s(u("Ночная смена на заводе теперь начинается в 21:00 вместо 22:00.", "Понял.")),
        ],
        "когда начинается ночная смена на заводе",
        "21:00",
        ["22:00"],
    ),
    fix(
        "ru3",
        "ru",
        [
            s(u("Музей хранит фотографии экспонатов в Dropbox.", "Хорошо.")),
            s(u("Музей больше не хранит фотографии в Dropbox, теперь в pCloud.", "Понял.")),
        ],
        "где музей хранит фотографии экспонатов",
        "pCloud",
        ["Dropbox"],
    ),
    fix(
        "ru4",
        "ru",
        [
            s(u("Порт API библиотеки — 9100.", "Записал.")),
            s(u("Порт API библиотеки поменяли с 9100 на 9150.", "Понял.")),
        ],
        "какой порт у API библиотеки",
        "9150",
        ["9100"],
    ),
    fix(
        "ru5",
        "ru",
        [
            s(u("Касса кинотеатра работает на Evotor.", "Хорошо.")),
            s(u("Касса кинотеатра перешла с Evotor на Atol.", "Понял.")),
            s(u("Я ошибся: касса кинотеатра не на Atol, а на Shtrih-M.", "Исправил.")),
        ],
        "на чём работает касса кинотеатра",
        "Shtrih-M",
        ["Evotor", "Atol"],
    ),
    fix(
        "ru6",
        "ru",
        [
            s(u("Резервные копии бассейна уходят на backup-msk-2.", "Записал.")),
            s(
                u("Куда уходят копии?", "Резервные копии бассейна уходят на backup-msk-2."),
                u("Нет, уже не на backup-msk-2, а на backup-spb-1.", "Исправил."),
            ),
        ],
        "куда уходят резервные копии бассейна",
        "backup-spb-1",
        ["backup-msk-2"],
    ),
]

UK = [
    fix(
        "uk1",
        "uk",
        [
            s(u("Пекарня на Подолі відкривається о 06:30.", "Записав.")),
            s(u("Виправлення: пекарня на Подолі відкривається о 07:00, а не о 06:30.", "Зрозумів.")),
        ],
        "о котрій відкривається пекарня на Подолі",
        "07:00",
        ["06:30"],
    ),
    fix(
        "uk2",
        "uk",
        [
            s(u("Сервер електронної черги вокзалу — queue-lv-2.", "Записав.")),
            s(u("Сервер електронної черги вокзалу тепер queue-lv-5 замість queue-lv-2.", "Зрозумів.")),
        ],
        "який сервер електронної черги вокзалу",
        "queue-lv-5",
        ["queue-lv-2"],
    ),
    fix(
        "uk3",
        "uk",
        [
            s(u("Ботанічний сад надсилає щоденні звіти в Slack.", "Добре.")),
            s(u("Ботанічний сад більше не надсилає щоденні звіти в Slack, тепер у Teams.", "Зрозумів.")),
        ],
        "куди ботанічний сад надсилає звіти",
        "Teams",
        ["Slack"],
    ),
    fix(
        "uk4",
        "uk",
        [
            s(u("Порт трекера велопрокату — 6060.", "Записав.")),
            s(u("Порт трекера велопрокату змінили з 6060 на 6070.", "Зрозумів.")),
        ],
        "який порт трекера велопрокату",
        "6070",
        ["6060"],
    ),
    fix(
        "uk5",
        "uk",
        [
            s(u("Зоопарк веде облік тварин в Excel.", "Добре.")),
            s(u("Зоопарк перейшов з Excel на Airtable для обліку тварин.", "Зрозумів.")),
            s(u("Ні, я помилився: облік тварин не в Airtable, а в Baserow.", "Виправив.")),
        ],
        "де зоопарк веде облік тварин",
        "Baserow",
        ["Excel", "Airtable"],
    ),
    fix(
        "uk6",
        "uk",
        [
            s(u("Ковзанку заливають о 23:00 щоночі.", "Записав.")),
            s(
                u("Нагадай розклад заливки.", "Ковзанку заливають о 23:00 щоночі."),
                u("Ні, вже не о 23:00, а о 00:30.", "Виправив."),
            ),
        ],
        "коли заливають ковзанку",
        "00:30",
        ["23:00"],
    ),
]

AR = [
    fix(
        "ar1",
        "ar",
        [
            s(u("خادم حجز الفندق هو hotel-bk-2.", "تم التسجيل.")),
            s(u("تصحيح: خادم حجز الفندق الآن hotel-bk-6 وليس hotel-bk-2.", "حسناً.")),
        ],
        "ما هو خادم حجز الفندق",
        "hotel-bk-6",
        ["hotel-bk-2"],
    ),
    fix(
        "ar2",
        "ar",
        [
            s(u("يفتح المخبز الساعة 06:00 صباحاً.", "تم.")),
            s(u("المخبز يفتح الآن الساعة 06:45 بدلاً من 06:00.", "فهمت.")),
        ],
        "متى يفتح المخبز",
        "06:45",
        ["06:00"],
    ),
    fix(
        "ar3",
        "ar",
        [
            s(u("تُحفظ النسخ الاحتياطية للمكتبة في Dropbox.", "تم.")),
            s(u("لم نعد نحفظ النسخ الاحتياطية للمكتبة في Dropbox، بل في Wasabi.", "فهمت.")),
        ],
        "أين تحفظ النسخ الاحتياطية للمكتبة",
        "Wasabi",
        ["Dropbox"],
    ),
    fix(
        "ar4",
        "ar",
        [
            s(u("منفذ واجهة برمجة المتحف هو 7080.", "تم.")),
            s(u("تم تغيير منفذ واجهة برمجة المتحف من 7080 إلى 7090.", "فهمت.")),
        ],
        "ما منفذ واجهة برمجة المتحف",
        "7090",
        ["7080"],
    ),
    fix(
        "ar5",
        "ar",
        [
            s(u("نظام الدفع في السوق الليلي هو PayTabs.", "تم.")),
            s(u("انتقل السوق الليلي من PayTabs إلى HyperPay.", "فهمت.")),
            s(u("عذراً، أخطأت: نظام الدفع ليس HyperPay بل Moyasar.", "تم التصحيح.")),
        ],
        "ما نظام الدفع في السوق الليلي",
        "Moyasar",
        ["PayTabs", "HyperPay"],
    ),
    fix(
        "ar6",
        "ar",
        [
            s(u("كاميرات المرسى ترسل التسجيلات إلى nvr-port-1.", "تم.")),
            s(
                u("ذكرني أين تذهب التسجيلات.", "كاميرات المرسى ترسل التسجيلات إلى nvr-port-1."),
                u("لا، لم تعد nvr-port-1، أصبحت nvr-port-4.", "تم التصحيح."),
            ),
        ],
        "أين ترسل كاميرات المرسى التسجيلات",
        "nvr-port-4",
        ["nvr-port-1"],
    ),
    fix(
        "ar7",
        "ar",
        [
            s(u("تبدأ نوبة الليل في المصنع الساعة 22:00.", "تم.")),
            s(u("نوبة الليل في المصنع أصبحت تبدأ الساعة 23:00 وليس 22:00.", "فهمت.")),
        ],
        "متى تبدأ نوبة الليل في المصنع",
        "23:00",
        ["22:00"],
    ),
]

HI = [
    fix(
        "hi1",
        "hi",
        [
            s(u("चाय की दुकान का ऑर्डर सर्वर chai-pos-1 है।", "नोट कर लिया।")),
            s(u("सुधार: ऑर्डर सर्वर अब chai-pos-1 नहीं, chai-pos-4 है।", "ठीक है।")),
        ],
        "चाय की दुकान का ऑर्डर सर्वर कौन सा है",
        "chai-pos-4",
        ["chai-pos-1"],
    ),
    fix(
        "hi2",
        "hi",
        [
            s(u("केबल कार की पहली सवारी 07:30 बजे है।", "नोट कर लिया।")),
            s(u("केबल कार की पहली सवारी अब 07:30 की जगह 08:00 बजे है।", "समझ गया।")),
        ],
        "केबल कार की पहली सवारी कब है",
        "08:00",
        ["07:30"],
    ),
    fix(
        "hi3",
        "hi",
        [
            s(u("लाइब्रेरी का बैकअप Backblaze पर जाता है।", "ठीक है।")),
            s(u("लाइब्रेरी का बैकअप अब Backblaze के बजाय Wasabi पर जाता है।", "समझ गया।")),
        ],
        "लाइब्रेरी का बैकअप कहाँ जाता है",
        "Wasabi",
        ["Backblaze"],
    ),
    fix(
        "hi4",
        "hi",
        [
            s(u("बाइक ट्रैकर का पोर्ट 8200 है।", "नोट कर लिया।")),
            s(u("बाइक ट्रैकर का पोर्ट 8200 से बदलकर 8250 कर दिया गया है।", "समझ गया।")),
        ],
        "बाइक ट्रैकर का पोर्ट",
        "8250",
        ["8200"],
    ),
    fix(
        "hi5",
        "hi",
        [
            s(u("कैंटीन में भुगतान Razorpay से होता है।", "ठीक है।")),
            s(u("कैंटीन का भुगतान Razorpay से बदलकर Paytm पर आ गया है।", "समझ गया।")),
            s(u("माफ़ कीजिए, गलती हो गई: कैंटीन का भुगतान Paytm नहीं, PhonePe से होता है।", "ठीक किया।")),
        ],
        "कैंटीन में भुगतान किससे होता है",
        "PhonePe",
        ["Razorpay", "Paytm"],
    ),
    fix(
        "hi6",
        "hi",
        [
            s(u("अस्पताल की लैब रिपोर्ट lab-srv-2 पर जाती हैं।", "नोट कर लिया।")),
            s(
                u("रिपोर्ट कहाँ जाती हैं?", "अस्पताल की लैब रिपोर्ट lab-srv-2 पर जाती हैं।"),
                u("नहीं, अब lab-srv-2 पर नहीं, lab-srv-6 पर जाती हैं।", "ठीक किया।"),
            ),
        ],
        "अस्पताल की लैब रिपोर्ट कहाँ जाती हैं",
        "lab-srv-6",
        ["lab-srv-2"],
    ),
    fix(
        "hi7",
        "hi",
        [
            s(u("फैक्टरी की रात की शिफ्ट 22:00 बजे शुरू होती है।", "नोट कर लिया।")),
            s(u("फैक्टरी की रात की शिफ्ट अब 22:00 नहीं बल्कि 21:30 बजे शुरू होती है।", "समझ गया।")),
        ],
        "रात की शिफ्ट कब शुरू होती है",
        "21:30",
        ["22:00"],
    ),
]


def _pair(cid: str, first: str, second: str, groups: list[list[str]], ask: str) -> dict:
    """A look-alike of two sessions, one statement each."""
    return keep(cid, [s(u(first, "OK.")), s(u(second, "OK."))], groups, ask)


CONTROL = [
    # another place's value named by comparison: that place's memory stays
    _pair(
        "c01",
        "La tienda de Bilbao en la Gran Vía cierra a las 21:00.",
        "La tienda de Málaga cierra a las 22:00, no a las 21:00 como la de Bilbao.",
        [["Gran Vía", "21:00"]],
        "a qué hora cierra la tienda de Bilbao",
    ),
    _pair(
        "c02",
        "The Leeds depot's gate opens at 05:40.",
        "The York depot's gate opens at 06:10, not 05:40 like the Leeds one.",
        [["Leeds depot", "05:40"]],
        "when does the Leeds depot gate open",
    ),
    _pair(
        "c03",
        "부산 지점 창고는 18:00에 닫아요.",
        "대구 지점 창고는 부산 지점과 달리 18:00이 아니라 19:30에 닫아요.",
        [["부산 지점 창고", "18:00"]],
        "부산 지점 창고는 몇 시에 닫나요",
    ),
    _pair(
        "c04",
        "大阪店の閉店時間は20:00です。",
        "京都店は大阪店と違って、20:00ではなく21:00に閉店します。",
        [["大阪店の閉店時間", "20:00"]],
        "大阪店の閉店時間",
    ),
    _pair(
        "c05",
        "上海仓库的班车 07:10 出发。",
        "杭州仓库的班车和上海仓库不一样，不是 07:10，而是 07:40 出发。",
        [["上海仓库的班车", "07:10"]],
        "上海仓库的班车几点出发",
    ),
    _pair(
        "c06",
        "İzmir şubesi 19:00'da kapanıyor.",
        "Bursa şubesi, İzmir şubesi gibi 19:00'da değil, 20:00'de kapanıyor.",
        [["İzmir şubesi 19:00"]],
        "İzmir şubesi kaçta kapanıyor",
    ),
    _pair(
        "c07",
        "Склад в Казани закрывается в 20:00.",
        "Склад в Самаре закрывается в 21:00, а не в 20:00, как в Казани.",
        [["Склад в Казани", "20:00"]],
        "когда закрывается склад в Казани",
    ),
    _pair(
        "c08",
        "فرع جدة يغلق الساعة 22:00.",
        "فرع الرياض يغلق الساعة 23:00، وليس 22:00 مثل فرع جدة.",
        [["فرع جدة يغلق", "22:00"]],
        "متى يغلق فرع جدة",
    ),
    _pair(
        "c09",
        "पुणे गोदाम 18:00 बजे बंद होता है।",
        "नासिक गोदाम पुणे गोदाम की तरह 18:00 बजे नहीं, बल्कि 19:00 बजे बंद होता है।",
        [["पुणे गोदाम 18:00"]],
        "पुणे गोदाम कब बंद होता है",
    ),
    _pair(
        "c10",
        "Склад у Львові працює до 19:00.",
        "Склад у Києві працює до 21:00, а не до 19:00, як у Львові.",
        [["Склад у Львові", "19:00"]],
        "до котрої працює склад у Львові",
    ),
    # an addition: both values stay
    _pair(
        "c11",
        "야시장 결제는 KakaoPay로 받아요.",
        "야시장에서는 NaverPay도 받아요.",
        [["KakaoPay"], ["NaverPay"]],
        "야시장 결제 수단",
    ),
    _pair(
        "c12",
        "温泉の予約は Jalan で受けています。",
        "温泉の予約は Rakuten Travel でも受け付けています。",
        [["Jalan"], ["Rakuten"]],
        "温泉の予約はどこで受けていますか",
    ),
    _pair(
        "c13",
        "博物馆的门票通过 Meituan 售卖。",
        "博物馆的门票也可以通过 Ctrip 购买。",
        [["Meituan"], ["Ctrip"]],
        "博物馆门票在哪里买",
    ),
    _pair(
        "c14",
        "Fırın siparişleri Getir üzerinden alıyor.",
        "Fırın siparişleri Yemeksepeti üzerinden de alıyor.",
        [["Getir"], ["Yemeksepeti"]],
        "fırın siparişleri nereden alıyor",
    ),
    _pair(
        "c15",
        "Кинотеатр принимает оплату через SBP.",
        "Кинотеатр также принимает оплату через MirPay.",
        [["SBP"], ["MirPay"]],
        "как кинотеатр принимает оплату",
    ),
    _pair(
        "c16",
        "يقبل المتحف الدفع عبر Mada.",
        "يقبل المتحف أيضاً الدفع عبر STCPay.",
        [["Mada"], ["STCPay"]],
        "كيف يقبل المتحف الدفع",
    ),
    _pair(
        "c17",
        "लाइब्रेरी में भुगतान UPI से होता है।",
        "लाइब्रेरी में भुगतान RuPay कार्ड से भी होता है।",
        [["UPI"], ["RuPay"]],
        "लाइब्रेरी में भुगतान कैसे होता है",
    ),
    # history said as history: the standing value stays
    _pair(
        "c18",
        "케이블카 첫 운행은 08:30이에요.",
        "2019년에는 첫 운행이 08:30이 아니라 08:00이었어요.",
        [["케이블카 첫 운행은 08:30"]],
        "케이블카 첫 운행",
    ),
    _pair(
        "c19",
        "天文台のドームは22:00に閉まります。",
        "昔は天文台のドームは22:00ではなく23:00に閉まっていました。",
        [["ドームは22:00に閉まります"]],
        "天文台のドームは何時に閉まる",
    ),
    _pair(
        "c20",
        "游泳馆晚上 21:00 关门。",
        "以前游泳馆不是 21:00 关门，而是 22:00，那是 2019 年的事。",
        [["游泳馆晚上 21:00"]],
        "游泳馆几点关门",
    ),
    _pair(
        "c21",
        "Müzenin sunucusu muze-web-3.",
        "Eskiden, 2020'de, muze-web-3 yerine muze-web-1 kullanıyorduk.",
        [["Müzenin sunucusu muze-web-3"]],
        "müzenin sunucusu hangisi",
    ),
    _pair(
        "c22",
        "Каток открывается в 10:00.",
        "Раньше, до ремонта, каток открывался не в 10:00, а в 09:00.",
        [["Каток открывается в 10:00"]],
        "когда открывается каток",
    ),
    _pair(
        "c23",
        "يبدأ الدوام في المكتبة الساعة 08:00.",
        "في عام 2020 كان الدوام في المكتبة يبدأ الساعة 07:30 بدلاً من 08:00.",
        [["في المكتبة الساعة 08:00"]],
        "متى يبدأ الدوام في المكتبة",
    ),
    _pair(
        "c24",
        "संग्रहालय का सर्वर museum-7 है।",
        "पहले, 2020 में, museum-7 की जगह museum-2 इस्तेमाल होता था।",
        [["सर्वर museum-7"]],
        "संग्रहालय का सर्वर कौन सा है",
    ),
    # "like", "as well as": another thing said alike, the first stays
    _pair(
        "c25",
        "The Tromsø office uses Jira for tickets.",
        "The Bodø office uses Linear for tickets as well as Jira, like the Tromsø office.",
        [["Tromsø office uses Jira"]],
        "what does the Tromsø office use for tickets",
    ),
    _pair(
        "c26",
        "La sede de Cádiz usa Holded para facturar.",
        "La sede de Huelva factura con Sage, no con Holded como la de Cádiz.",
        [["sede de Cádiz usa Holded"]],
        "con qué factura la sede de Cádiz",
    ),
    _pair(
        "c27",
        "Київський склад відправляє посилки через NovaPoshta.",
        "Одеський склад, як і київський, відправляє посилки через NovaPoshta, а також через Ukrposhta.",
        [["Київський склад відправляє посилки через NovaPoshta"]],
        "через що відправляє посилки київський склад",
    ),
]

CASES = [*KO, *JA, *ZH, *TR, *RU, *UK, *AR, *HI, *CONTROL]

if __name__ == "__main__":
    write_cases(CASES, Path(__file__).resolve().parent)
