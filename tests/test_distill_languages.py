"""The offline distiller in languages beyond English, German, French and Spanish (issue 12, point 14): each keeps
its durable statements and drops greetings, thanks, questions and requests to the assistant."""

from __future__ import annotations

import pytest

from contextlamp.distill import OfflineDistiller, parse_transcript
from contextlamp.distill.language import detect_language
from contextlamp.distill.script import terms, word_count


def _distil(text: str) -> list[tuple[str, str, str]]:
    return [(i.content, i.memory_type, i.kind) for i in OfflineDistiller().distill(parse_transcript(text))]


# (language, transcript, substrings each of a different durable item, substrings no item may hold)
CASES = [
    (
        "zh",
        "User: 你好！\n"
        "Assistant: 你好！有什么可以帮你的？\n"
        "User: 我们的账本数据库是PostgreSQL 16，部署在法兰克福。我更喜欢用深色模式。\n"
        "User: 你能帮我看看这个错误吗？\n"
        "User: 为什么测试总是失败？\n"
        "User: 以后所有的服务都改用pnpm。\n"
        "User: 这个项目的前端由三个人维护。\n"
        "User: 谢谢，再见！",
        ["PostgreSQL 16", "深色模式", "改用pnpm", "三个人维护"],
        ["你好", "谢谢", "错误", "失败"],
    ),
    (
        "ja",
        "User: こんにちは！\n"
        "Assistant: こんにちは！何をお手伝いしましょうか？\n"
        "User: 元帳データベースはPostgreSQL 16で、フランクフルトで動いています。\n"
        "User: ダークモードのほうが好きです。\n"
        "User: このエラーを見てもらえますか？\n"
        "User: 本番のデプロイは毎週火曜日の午後に行います。\n"
        "User: ありがとうございます！",
        ["PostgreSQL 16", "ダークモード", "火曜日"],
        ["こんにちは", "ありがとう", "エラー"],
    ),
    (
        "ko",
        "User: 안녕하세요!\n"
        "Assistant: 안녕하세요! 무엇을 도와드릴까요?\n"
        "User: 저희 원장 데이터베이스는 프랑크푸르트에 있는 PostgreSQL 16입니다.\n"
        "User: 저는 다크 모드를 선호합니다.\n"
        "User: 이 오류 좀 봐 줄 수 있어요?\n"
        "User: 프런트엔드 팀은 세 명으로 구성되어 있습니다.\n"
        "User: 감사합니다!",
        ["PostgreSQL 16", "다크 모드", "세 명"],
        ["안녕", "감사", "오류"],
    ),
    (
        "ru",
        "User: Привет!\n"
        "Assistant: Здравствуйте! Чем могу помочь?\n"
        "User: Наша бухгалтерская база данных работает на PostgreSQL 16 во Франкфурте.\n"
        "User: Я предпочитаю тёмную тему во всех редакторах.\n"
        "User: Можешь посмотреть эту ошибку?\n"
        "User: Почему тесты падают\u00a0?\n"
        "User: Фронтенд у нас поддерживают три человека.\n"
        "User: Спасибо большое!",
        ["PostgreSQL 16", "тёмную тему", "три человека"],
        ["Привет", "Спасибо", "ошибку", "тесты"],
    ),
    (
        "ar",
        "User: مرحبا!\n"
        "Assistant: أهلاً! كيف يمكنني مساعدتك؟\n"
        "User: قاعدة بيانات الحسابات لدينا تعمل على PostgreSQL 16 في فرانكفورت.\n"
        "User: أفضل الوضع الداكن في كل المحررات.\n"
        "User: لماذا تفشل الاختبارات؟\n"
        "User: يعمل ثلاثة مهندسين على الواجهة الأمامية.\n"
        "User: شكرا جزيلا!",
        ["PostgreSQL 16", "الوضع الداكن", "ثلاثة مهندسين"],
        ["مرحبا", "شكرا", "الاختبارات"],
    ),
]


@pytest.mark.parametrize(("language", "transcript", "kept", "dropped"), CASES, ids=[c[0] for c in CASES])
def test_durable_statements_are_kept_and_noise_dropped(
    language: str, transcript: str, kept: list[str], dropped: list[str]
) -> None:
    items = [text for text, _, _ in _distil(transcript)]
    for needle in kept:
        assert sum(needle in text for text in items) == 1, (needle, items)
    for needle in dropped:
        assert not any(needle in text for text in items), (needle, items)
    assert len(items) == len(kept), items  # nothing else: no greeting, thanks, question or request


def test_the_language_is_read_from_the_script() -> None:
    assert detect_language("我们的账本数据库是PostgreSQL 16，部署在法兰克福。") == "zh"
    assert detect_language("元帳データベースはPostgreSQL 16です。") == "ja"  # kana besides the ideographs
    assert detect_language("저는 다크 모드를 선호합니다.") == "ko"
    assert detect_language("Мы используем PostgreSQL и Redis.") == "ru"
    assert detect_language("نحن نستخدم PostgreSQL") == "ar"
    assert detect_language("We deploy on Fridays and we use pnpm.") == "en"


@pytest.mark.parametrize(
    ("transcript", "kept", "dropped"),
    [
        (  # Greek: no cue list; its question mark is ";"
            "User: Γεια σας!\nUser: Η βάση δεδομένων μας τρέχει σε PostgreSQL 16 στη Φρανκφούρτη.\n"
            "User: Γιατί αποτυγχάνουν τα τεστ;\nUser: Ευχαριστώ!",
            ["PostgreSQL 16"],
            ["Γεια", "Ευχαριστώ", "τεστ"],
        ),
        (  # Hindi
            "User: नमस्ते!\nUser: हमारा डेटाबेस फ्रैंकफर्ट में PostgreSQL 16 पर चलता है।\nUser: धन्यवाद!",
            ["PostgreSQL 16"],
            ["नमस्ते", "धन्यवाद"],
        ),
        (  # Italian: Latin script, no cue list; a statement without numbers or cue words is kept too
            "User: Ciao!\nUser: Sono intollerante al lattosio da sempre.\nUser: Grazie mille!",
            ["intollerante"],
            ["Ciao", "Grazie"],
        ),
    ],
    ids=["el", "hi", "it"],
)
def test_a_language_without_cues_keeps_its_statements(transcript: str, kept: list[str], dropped: list[str]) -> None:
    items = [text for text, _, _ in _distil(transcript)]
    assert len(items) == len(kept) and all(any(k in t for t in items) for k in kept), items
    assert not any(d in t for t in items for d in dropped), items


def test_chinese_and_japanese_sentences_are_split_at_full_width_marks() -> None:
    items = _distil("User: 我们的账本数据库是PostgreSQL 16。我们的缓存服务用的是Redis 7。你们用什么？")
    assert [t for t, _, _ in items] == ["我们的账本数据库是PostgreSQL 16。", "我们的缓存服务用的是Redis 7。"]
    items = _distil("User: 元帳データベースはPostgreSQL 16です。キャッシュにはRedis 7を使っています。")
    assert len(items) == 2


def test_short_chinese_acknowledgements_are_dropped_by_length_and_lists() -> None:
    assert _distil("User: 好的，明白了。\nUser: 收到！\nUser: 没问题，谢谢你的帮助！") == []
    assert _distil("User: はい、わかりました。\nUser: よろしくお願いします！") == []


def test_chinese_questions_without_a_question_mark_are_dropped() -> None:
    assert _distil("User: 你能帮我写一个部署脚本吗") == []


def test_word_count_and_terms_treat_unspaced_scripts_by_characters() -> None:
    assert word_count("We use pnpm") == 3
    assert word_count("我们使用PostgreSQL") == 3  # four ideographs are two words, plus one Latin word
    assert terms("账本数据库 v16") == ["账本", "本数", "数据", "据库", "v16"]
    assert terms("Our DB") == ["our", "db"]


def test_a_correction_in_chinese_replaces_the_statement_it_corrects() -> None:
    items = _distil(
        "User: 我们的账本数据库是MySQL 8。\nUser: 我们的缓存服务用的是Redis 7。\n"
        "User: 更正：我们的账本数据库是PostgreSQL 16，不是MySQL。"
    )
    assert [t for t, _, _ in items] == ["我们的缓存服务用的是Redis 7。", "我们的账本数据库是PostgreSQL 16，不是MySQL。"]
