"""Corrections said in Korean, Japanese, Chinese, Turkish, Russian, Ukrainian, Arabic and Hindi retire the memory
they correct (issue #27.2, ``domain/named_scripts``): a value glued to its particle or case suffix is the same
value ("tea-app-1，而是", "heat-srv-1이 아니라", "nvr-1'e değil"); a marker after it ("A 아니라",
"A ではなく", "A değil", "A की जगह") or before it ("不是 A", "вместо A", "وليس A") names it as old,
and so does "from A" with a verb of change ("A에서 B로 바뀌었어요", "从 A 改成 B", "с A на B
поменяли", "من A إلى B"). Look-alikes retire nothing: another place named by comparison ("como la de
Valencia", "like the Derby one", "광주 창고처럼", "名古屋店と違って", "和成都仓库不一样", "как в Туле",
"مثل فرع الدمام", "इंदौर गोदाम की तरह"), history opening the sentence ("昔は", "以前",
"2020년에는", "Раньше", "Eskiden", "पहले", "سابقاً"), "as well as ..., like ...". Cases
written for this change (stale52's tuning cases), none from a held-out set."""

from __future__ import annotations

import time

import pytest

from contextlamp.domain.corrections import correction_kind, may_correct
from contextlamp.domain.lookalikes import compared
from contextlamp.domain.named_scripts import marked, spaced
from contextlamp.domain.replied import reply_corrections


def _retires(older: str, newer: str) -> bool:
    return may_correct(newer) and correction_kind(newer, older) is not None


CORRECTIONS = [
    # a number that could be a year opening an English correction is no history ("Use 2048 ...": blind9's wording)
    ("The pass scheduler uses 384 for its batch.", "Use 2048 for the pass scheduler's batch; 384 is no longer used."),
    ("보일러 관리 서버는 heat-srv-1이에요.", "정정: 보일러 관리 서버는 heat-srv-1이 아니라 heat-srv-4예요."),
    ("정비 로봇 펌웨어는 3.2.1이에요.", "정비 로봇 펌웨어는 3.2.1 말고 3.4.0이에요."),
    ("the crane's nightly job kicks off at 02:17 UTC", "정정: crane 야간 작업은 03:04에 돌아요, 02:17가 아니라요"),
    ("by the way, the winch runs firmware 4.1.7", "정정: winch 펌웨어는 4.2.0예요, 4.1.7 아니고요"),
    ("세탁실 예약 앱은 Calendly를 써요.", "세탁실 예약 앱이 Calendly에서 Acuity로 바뀌었어요."),
    ("画廊の在庫は gal-db-1 に保存しています。", "画廊の在庫は gal-db-1 ではなく gal-db-3 に保存しています。"),
    ("画廊の開館時間は10:00です。", "画廊の開館時間は10:00から10:30に変わりました。"),
    ("茶馆的点单系统在 tea-app-1 上。", "茶馆的点单系统不是 tea-app-1，而是 tea-app-2。"),
    ("茶馆的端口是 7001。", "茶馆的端口从7001改成7005了。"),
    ("Otoparkın kamera kayıtları nvr-1'e gidiyor.", "Otoparkın kamera kayıtları artık nvr-1'e değil, nvr-3'e gidiyor."),
    ("Otoparkın portu 4400.", "Otoparkın portu 4400 yerine 4410 oldu."),
    ("Сервер парковки — park-db-1.", "Сервер парковки теперь park-db-2, а не park-db-1."),
    ("Порт парковки 7300.", "Порт парковки поменяли с 7300 на 7310."),
    ("Сервер пральні — wash-1.", "Сервер пральні тепер wash-3 замість wash-1."),
    ("خادم المغسلة هو wash-srv-1.", "خادم المغسلة الآن wash-srv-2 وليس wash-srv-1."),
    ("منفذ المغسلة هو 5500.", "تم تغيير منفذ المغسلة من 5500 إلى 5510."),
    ("धुलाई का सर्वर wash-9 है।", "धुलाई का सर्वर अब wash-9 नहीं, wash-12 है।"),
    ("धुलाई का पोर्ट 6100 है।", "धुलाई का पोर्ट 6100 से बदलकर 6150 कर दिया गया है।"),
]
LOOKALIKES = [
    # an addition: "also" said in the language ("也", "также", "भी", "도"), an old value named "not only"
    ("茶馆的点单系统在 tea-app-1 上。", "茶馆的点单系统也在 tea-app-2 上，不是只有 tea-app-1。"),
    ("Сервер парковки — park-db-1.", "Сервер парковки также park-db-2, а не только park-db-1."),
    ("धुलाई का सर्वर wash-9 है।", "धुलाई का सर्वर wash-12 भी है, सिर्फ wash-9 नहीं।"),
    (
        "La tienda de Valencia cierra a las 20:00.",
        "La tienda de Sevilla cierra a las 21:00, no a las 20:00 como la de Valencia.",
    ),
    ("The Derby depot's gate opens at 05:10.", "The Hull depot's gate opens at 06:20, not 05:10 like the Derby one."),
    ("광주 창고는 17:00에 닫아요.", "울산 창고는 광주 창고처럼 17:00이 아니라 18:00에 닫아요."),
    ("名古屋店は19:00に閉店します。", "神戸店は名古屋店と違って、19:00ではなく20:00に閉店します。"),
    ("成都仓库 08:10 开门。", "重庆仓库和成都仓库不一样，不是 08:10，而是 08:40 开门。"),
    ("Konya şubesi 18:00'de kapanıyor.", "Kayseri şubesi, Konya şubesi gibi 18:00'de değil, 19:00'da kapanıyor."),
    ("Склад в Туле закрывается в 19:00.", "Склад в Твери закрывается в 20:00, а не в 19:00, как в Туле."),
    ("فرع الدمام يغلق الساعة 21:00.", "فرع مكة يغلق الساعة 22:00، وليس 21:00 مثل فرع الدمام."),
    ("इंदौर गोदाम 17:00 बजे बंद होता है।", "भोपाल गोदाम इंदौर गोदाम की तरह 17:00 बजे नहीं, बल्कि 18:00 बजे बंद होता है।"),
    ("세탁실 예약 앱은 09:00에 열려요.", "2020년에는 세탁실 예약 앱이 09:00이 아니라 08:00에 열렸어요."),
    ("画廊の開館時間は10:00です。", "昔は画廊の開館時間は10:00ではなく09:00でした。"),
    ("茶馆 22:00 关门。", "以前茶馆不是 22:00 关门，而是 23:00。"),
    ("Otoparkın sunucusu park-3.", "Eskiden park-3 yerine park-1 kullanıyorduk."),
    ("Парковка открывается в 07:00.", "Раньше парковка открывалась не в 07:00, а в 06:00."),
    ("Пральня відкривається о 08:00.", "Раніше пральня відкривалася не о 08:00, а о 07:00."),
    ("धुलाई का सर्वर wash-9 है।", "पहले wash-9 की जगह wash-2 इस्तेमाल होता था।"),
    ("يبدأ الدوام في المغسلة الساعة 09:00.", "سابقاً كان الدوام في المغسلة يبدأ الساعة 08:00 بدلاً من 09:00."),
    ("The Oslo office uses Jira for tickets.", "The Bergen office uses Linear as well as Jira, like the Oslo office."),
]


@pytest.mark.parametrize(("older", "newer"), CORRECTIONS)
def test_a_correction_in_these_languages_retires_the_old_value(older: str, newer: str) -> None:
    assert _retires(older, newer)


@pytest.mark.parametrize(("older", "newer"), LOOKALIKES)
def test_a_comparison_or_history_retires_nothing(older: str, newer: str) -> None:
    assert not _retires(older, newer)


def test_a_value_glued_to_its_particle_reads_as_the_value() -> None:
    assert spaced("서버는 heat-srv-1이에요") == "서버는 heat-srv-1 이에요"
    assert spaced("端口从7001改成7005了。") == "端口从 7001 改成 7005 了."
    assert spaced("kayıtlar nvr-1'e gidiyor, 5012'den") == "kayıtlar nvr-1 gidiyor, 5012 'den"
    assert spaced("Henrik's laptop isn't here") == "Henrik's laptop isn't here"  # ASCII: unchanged


@pytest.mark.parametrize(
    "hostile",
    [
        "tea-app-1이 아니라 " * 12000,
        "和和和和和像像像一样" * 20000,
        "大阪店と違って" * 25000,
        "nvr-1'den değil " * 12000,
        "不是a不是" * 40000,
        "от с з من 5500 " * 14000,
        "like the Leeds one " * 10000,
        "부산 지점처럼 " * 15000,
        "пекарня как в Туле " * 10000,
    ],
)
def test_the_script_readings_stay_linear(hostile: str) -> None:
    """200 KB of each marker costs within 10x of prose of the same size."""
    prose = ("港口每天早上接收货船，下午检查集装箱。" * 8000)[: len(hostile)]

    def cost(text: str) -> float:
        start = time.perf_counter()
        spaced(text)
        marked(text)
        may_correct(text)
        correction_kind(text, "茶馆的端口是 7001。")
        compared(text, "The Leeds depot 부산 지점 в Туле")
        return time.perf_counter() - start

    cost(prose)  # the best of three runs each: the machine is shared
    assert min(cost(hostile) for _ in range(3)) < 10 * max(min(cost(prose) for _ in range(3)), 0.005)


REPLIES = [
    # the agent said the old value back; the user's reply names no subject
    ("Сервер стоит на park-db-1.", "Нет, уже не на park-db-1, а на park-db-7.", ("park-db-1", "park-db-7")),
    ("보일러 서버는 heat-srv-1로 알고 있어요.", "아니요, 지금은 heat-srv-5예요.", ("heat-srv-1", "heat-srv-5")),
    (
        "画廊の在庫は gal-db-1 に保存する設定ですね。",
        "いいえ、gal-db-1 じゃなくて gal-db-4 です。",
        ("gal-db-1", "gal-db-4"),
    ),
    ("茶馆的点单系统在 tea-app-1 上。", "不对，是 tea-app-9。", ("tea-app-1", "tea-app-9")),
    ("धुलाई का सर्वर wash-9 है।", "नहीं, अब wash-30 है।", ("wash-9", "wash-30")),
    ("خادم المغسلة هو wash-srv-1.", "لا، أصبح wash-srv-8.", ("wash-srv-1", "wash-srv-8")),
    ("Пральня працює на wash-2.", "Ні, вже не на wash-2, а на wash-6.", ("wash-2", "wash-6")),
]


@pytest.mark.parametrize(("before", "reply", "pair"), REPLIES)
def test_a_reply_in_these_languages_corrects_the_value_said_before(before: str, reply: str, pair: tuple) -> None:
    assert reply_corrections(before, reply) == [pair]


@pytest.mark.parametrize(
    ("before", "reply"),
    [
        ("茶馆的点单系统在 tea-app-1 上。", "也在 tea-app-9 上。"),
        ("Сервер стоит на park-db-1.", "Да, park-db-1, и ещё park-db-7 тоже."),
        ("धुलाई का सर्वर wash-9 है।", "इस बार wash-30 इस्तेमाल करो।"),
    ],
)
def test_an_addition_or_a_one_off_reply_corrects_nothing(before: str, reply: str) -> None:
    assert reply_corrections(before, reply) == []
