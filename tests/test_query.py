"""Full-text queries are built safely from any text."""

from __future__ import annotations

import sqlite3

import pytest

from contextlamp.retrieval.query import content_terms, query_terms
from contextlamp.storage.sqlite import fts_match

ADVERSARIAL = [
    '"',
    "'",
    "-",
    "*",
    "AND",
    "OR",
    "NOT",
    "NEAR(a b)",
    "C++",
    "node.js",
    "50%",
    "why?",
    "a:b",
    "col:term",
    "^start",
    "(unbalanced",
    'say "hi',
    "🙂",
    "naïve café",
    "数据库",
    "\ud800 lone",
    "x" * 10_000,
]


@pytest.mark.parametrize("text", ADVERSARIAL)
def test_any_text_becomes_a_valid_match_expression(text: str) -> None:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE VIRTUAL TABLE t USING fts5(body, tokenize='porter unicode61 remove_diacritics 2')")
    conn.execute("INSERT INTO t(body) VALUES ('node js and C plus plus, 50 percent, why not')")
    for mode in ("and", "or"):
        match = fts_match(content_terms(text), mode)
        if match is not None:
            conn.execute("SELECT rowid FROM t WHERE t MATCH ?", (match,)).fetchall()


def test_operators_are_searched_as_words() -> None:
    assert fts_match(["not", "and"], "or") == '"not" OR "and"'
    assert fts_match(['say"'], "and") == '"say"""'


def test_stop_words_are_dropped_unless_nothing_else_remains() -> None:
    assert content_terms("What is the package manager we use?") == ["package", "manager", "use"]
    assert content_terms("who are you") == ["who", "are", "you"]


def test_terms_are_normalised_and_deduplicated() -> None:
    assert query_terms("Ｐｎｐｍ pnpm PNPM") == ["pnpm"]


def test_a_query_in_another_language_drops_that_language_s_articles_but_an_english_one_keeps_its_words() -> None:
    # "el"/"se"/"de" would match every Spanish memory by its articles (a cross-language question then ranked an
    # unrelated Spanish memory first: tests/test_embedding_e5.py); English words that are articles elsewhere
    # ("son", "van", "die") stay searchable in an English question
    # (the question words "cuándo", "wann" are in those languages' stop-word lists too: retrieval/function_words)
    assert content_terms("¿Cuándo se prueba el generador de respaldo?") == ["prueba", "generador", "respaldo"]
    assert content_terms("Wann wird der Generator getestet?") == ["generator", "getestet"]
    assert content_terms("When does my son drive the van?") == ["son", "drive", "van"]


def test_a_query_drops_the_function_words_of_its_own_language_in_any_script() -> None:
    # issue #32 item 4: these words matched the wrong memory in the multilingual bench (research/bench/multilingual.py)
    assert content_terms("Wie früh muss ich freie Tage beantragen?") == ["früh", "freie", "tage", "beantragen"]
    assert content_terms("Quand vérifie-t-on l'alimentation électrique d'urgence ?") == [
        "vérifie",
        "alimentation",
        "électrique",
        "urgence",
    ]
    assert content_terms("Кто отвечает за группу аналитики?") == ["отвечает", "группу", "аналитики"]
    # Japanese: the hiragana (particles, endings) are dropped and the kanji/katakana stretches kept as bigrams
    assert content_terms("会社の車を返すとき、燃料はどうなっているべきですか？") == ["会社", "車", "返", "燃料"]
    # Chinese: a bigram of two stop characters ("我们") goes, the others stay
    assert "我们" not in content_terms("我们哪天停止往发布线上合并代码？")
    assert {"发布", "合并", "代码"} <= set(content_terms("我们哪天停止往发布线上合并代码？"))
    # English questions are untouched, even with a word that is a function word elsewhere ("on", "die", "van")
    assert content_terms("Is it on?") == ["is", "it", "on"]
    assert content_terms("Did the plant die in the van?") == ["plant", "die", "van"]


def test_the_language_of_a_query_comes_from_its_script_then_its_stop_words() -> None:
    from contextlamp.retrieval.function_words import query_languages, stop_words
    from contextlamp.retrieval.query import STOP_WORDS

    assert query_languages("Em que cidade o Marco trabalha agora?", STOP_WORDS) == ("pt",)
    assert query_languages("Qui doit valider les grosses factures ?", STOP_WORDS) == ("fr",)
    assert query_languages("Кто утверждает крупные платежи?", STOP_WORDS) == ("ru",)
    assert query_languages("من يجب أن يوافق على المبالغ الكبيرة؟", STOP_WORDS) == ("ar",)
    assert query_languages("큰 금액의 대금은 누가 승인해야 하나요?", STOP_WORDS) == ("ko",)
    assert query_languages("高額な支払いは誰が承認しますか？", STOP_WORDS) == ("ja",)
    assert query_languages("大额账单要由谁批准？", STOP_WORDS) == ("zh",)
    # English, and a tie with another language, stay English; a text with no letter tells nothing
    assert query_languages("Who signs off on large invoices?", STOP_WORDS) == ()
    assert query_languages("a fix in prod", STOP_WORDS) == ()
    assert query_languages("404 → 200 !!", STOP_WORDS) == ()
    with pytest.raises(ValueError, match="language"):
        stop_words("xx")
