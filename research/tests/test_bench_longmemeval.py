"""research/bench/retrieval_longmemeval.py: date parsing, gzip loading and exact recall on a tiny LongMemEval-format
file."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.scripts import load_script

bench = load_script("retrieval_longmemeval.py", "retrieval_longmemeval")


def _turn(role: str, content: str, has_answer: bool | None = None) -> dict[str, Any]:
    turn: dict[str, Any] = {"role": role, "content": content}
    if has_answer is not None:
        turn["has_answer"] = has_answer
    return turn


def _question(
    qid: str,
    qtype: str,
    question: str,
    answer_ids: list[str],
    sessions: dict[str, list[dict[str, Any]]],
    dates: list[str],
) -> dict[str, Any]:
    return {
        "question_id": qid,
        "question_type": qtype,
        "question": question,
        "question_date": "2023/06/01 (Thu) 09:00",
        "answer": "x",
        "answer_session_ids": answer_ids,
        "haystack_session_ids": list(sessions),
        "haystack_dates": dates,
        "haystack_sessions": list(sessions.values()),
    }


def _dataset() -> list[dict[str, Any]]:
    adopted = "I adopted a golden retriever named Biscuit."
    q1 = {  # the evidence content appears in two sessions: one memory covering both turns
        "a0": [_turn("user", "Can you suggest a pasta recipe for dinner?"), _turn("assistant", "Try carbonara.")],
        "a1": [_turn("user", adopted, True), _turn("assistant", "Congratulations on the new puppy!", False)],
        "a2": [_turn("user", "   ", True), _turn("assistant", "Anything else today?"), _turn("user", adopted, True)],
    }
    q2 = {  # two evidence turns; only the first shares a word with the question
        "b0": [_turn("user", "My violin recital is on Friday.", True), _turn("assistant", "Good luck with it!")],
        "b1": [_turn("user", "I am going hiking this weekend."), _turn("assistant", "Sounds fun, enjoy it.", True)],
        "b2": [
            _turn("user", "Here is mine -----BEGIN RSA PRIVATE KEY----- abc"),  # refused: a secret
            _turn("assistant", "Please never share private keys."),
            _turn("user", "word " * 9000),  # 45,000 bytes: truncated to 32 KiB
            _turn("assistant", "Noted."),
        ],
    }
    q3 = {  # no has_answer turn: scored at the session level only
        "c0": [_turn("user", "I started pottery classes."), _turn("assistant", "Pottery is relaxing.")],
        "c1": [_turn("user", "I moved to Lisbon last spring."), _turn("assistant", "Lisbon has lovely tiles.")],
    }
    dates = ["2023/05/18 (Thu) 10:00", "2023/05/20 (Sat) 02:21", "someday"]
    return [
        _question("q1", "single-session-user", "Which golden retriever did I adopt?", ["a1", "a2"], q1, dates),
        _question("q2", "multi-session", "When is my violin recital?", ["b0", "b1"], q2, dates),
        _question("q3", "single-session-user", "Where did I move last spring?", ["c1", "zz"], q3, dates[:2]),
    ]


def _write(path: Path, compress: bool = False) -> Path:
    raw = json.dumps(_dataset()).encode("utf-8")
    path.write_bytes(gzip.compress(raw) if compress else raw)
    return path


def test_parse_date_is_lenient_and_returns_utc_ms() -> None:
    assert bench.parse_date("2023/05/20 (Sat) 02:21") == 1684549260000
    assert bench.parse_date("2023-05-20T02:21:00") == 1684549260000
    assert bench.parse_date(" 2023/5/20  (Sat)  2:21 ") == 1684549260000
    assert bench.parse_date("2023/05/20") == 1684540800000  # a date alone is midnight
    assert bench.parse_date("2023/13/40 (Sat) 02:21") is None
    assert bench.parse_date("someday") is None
    assert bench.parse_date(None) is None


def test_read_json_gunzips_by_suffix_or_magic_bytes(tmp_path: Path) -> None:
    plain = _write(tmp_path / "plain.json")
    by_suffix = _write(tmp_path / "data.json.gz", compress=True)
    by_magic = _write(tmp_path / "data.bin", compress=True)
    assert bench.read_json(plain) == bench.read_json(by_suffix) == bench.read_json(by_magic) == _dataset()


def test_small_helpers() -> None:
    assert bench.hits([(0, 1), (2, 0)], [{(0, 1)}, {(9, 9)}, {(2, 0)}], 1) == (1.0, 0.0)
    assert bench.hits([(0, 1), (2, 0)], [{(0, 1)}, {(9, 9)}, {(2, 0)}], 3) == (1.0, 1.0)
    assert bench.hits(["s1"], [set(), {"s2"}], 5) == (0.0, 0.0)
    assert bench.fit_content("héllo", 2) == ("h", True)  # never splits the two-byte é
    assert bench.fit_content("héllo", 6) == ("héllo", False)
    assert bench.parse_ks("5, 1,5") == [1, 5]
    for bad in ("0", "51", "", "a"):
        with pytest.raises(Exception, match="from 1 to 50"):
            bench.parse_ks(bad)


def test_load_questions_keeps_order_evidence_and_known_sessions(tmp_path: Path) -> None:
    q1, q2, q3 = bench.load_questions(_write(tmp_path / "data.json"))
    assert [t.key for t in q1.turns] == [(0, 0), (0, 1), (1, 0), (1, 1), (2, 1), (2, 2)]  # blank (2, 0) dropped
    assert q1.turns[2].content == "user: I adopted a golden retriever named Biscuit."
    assert [t.session_ms for t in q1.turns][2:] == [1684549260000, 1684549260000, None, None]
    assert q1.evidence_turns == ((1, 0), (2, 2)) and q1.evidence_sessions == ("a1", "a2")
    assert q2.evidence_turns == ((0, 0), (1, 1)) and q2.question_type == "multi-session"
    assert q3.evidence_turns == () and q3.evidence_sessions == ("c1",)  # "zz" is not in the haystack
    assert q1.date_ms == bench.parse_date("2023/06/01 (Thu) 09:00")


def test_summarise_marks_a_level_without_evidence_as_none() -> None:
    scores = {"recall_any@1": 1.0, "recall_all@1": 0.0}
    record = {"type": "t", "turn": None, "session": dict.fromkeys(bench.METHODS, scores)}
    summary = bench.summarise([record], [1])
    assert summary["turn"]["keyword"] == {"recall_any@1": None, "recall_all@1": None}
    assert summary["by_type"]["t"]["session"]["hybrid"] == scores


@pytest.mark.parametrize("name", ["data.json", "data.json.gz"])
def test_main_reports_exact_recall(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    data, out = _write(tmp_path / name, compress=name.endswith(".gz")), tmp_path / "out.json"
    assert (
        bench.main(["--data", str(data), "--k", "1,5", "--embedder", "fake", "--workers", "1", "--json", str(out)]) == 0
    )
    report = json.loads(out.read_text(encoding="utf-8"))
    keys = {"recall_any@1", "recall_any@5", "recall_all@1", "recall_all@5"}
    assert set(report) == {"n_questions", "turn", "session", "by_type"} and report["n_questions"] == 3
    assert set(report["by_type"]) == {"single-session-user", "multi-session"}
    for block in [report, *report["by_type"].values()]:
        for level in ("turn", "session"):
            assert set(block[level]) == {"hybrid", "previous", "keyword", "semantic"}
            assert all(set(v) == keys for v in block[level].values())
    # keyword lists hold only the turns sharing a question word: q1's deduped pair, q2's first evidence, q3's c1
    assert report["turn"]["keyword"] == {
        "recall_any@1": 1.0,
        "recall_any@5": 1.0,
        "recall_all@1": 0.5,
        "recall_all@5": 0.5,
    }
    assert report["session"]["keyword"] == pytest.approx(
        {"recall_any@1": 1.0, "recall_any@5": 1.0, "recall_all@1": 2 / 3, "recall_all@5": 2 / 3}
    )
    single, multi = report["by_type"]["single-session-user"], report["by_type"]["multi-session"]
    assert single["turn"]["keyword"]["recall_all@1"] == 1.0  # one memory covers both evidence turns
    assert single["session"]["keyword"]["recall_all@1"] == 1.0  # ... and both their sessions
    assert multi["turn"]["keyword"] == {
        "recall_any@1": 1.0,
        "recall_any@5": 1.0,
        "recall_all@1": 0.0,
        "recall_all@5": 0.0,
    }
    assert multi["session"]["keyword"]["recall_all@5"] == 0.0
    # q1 and q3 stores hold at most five memories: every ranking listing them all covers the evidence by k=5
    for method in ("hybrid", "semantic"):
        assert single["turn"][method]["recall_all@5"] == 1.0
        assert single["session"][method]["recall_all@5"] == 1.0
    captured = capsys.readouterr()
    assert "overall" in captured.out and "multi-session" in captured.out and "ms/query" in captured.out
    assert "[1/3] q1: 3 sessions, 6 turns" in captured.err and "q1:" not in captured.out
    assert "q2 b2#0: not saved" in captured.err
    assert "1 with a secret, 0 invalid; 1 truncated" in captured.err


def test_main_limit_takes_the_first_questions(tmp_path: Path) -> None:
    data, out = _write(tmp_path / "data.json"), tmp_path / "out.json"
    assert bench.main(["--data", str(data), "--k", "1", "--embedder", "fake", "--limit", "2", "--json", str(out)]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["n_questions"] == 2
    assert report["session"]["keyword"] == {"recall_any@1": 1.0, "recall_all@1": 0.5}


def test_records_of_a_run_cut_short_give_the_same_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, out, records = _write(tmp_path / "data.json"), tmp_path / "out.json", tmp_path / "records.jsonl"
    assert (
        bench.main(
            ["--data", str(data), "--k", "1", "--embedder", "fake", "--json", str(out), "--records", str(records)]
        )
        == 0
    )
    lines = records.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3 and all(json.loads(line)["seconds"] >= 0 for line in lines)
    whole = capsys.readouterr()
    assert "s (get_context" in whole.err  # the per-question time
    records.write_text("\n".join(lines[:2]) + "\n", encoding="utf-8")  # as if cut short after two questions
    assert bench.main(["--data", str(data), "--k", "1", "--summarise", str(records)]) == 0
    partial = capsys.readouterr().out
    assert "(2 questions)" in partial and "overall" in partial


def test_workers_and_per_turn_saves_give_the_same_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two worker processes, and one save_context a turn instead of a batch a session, score exactly as one process
    saving a session a batch does."""
    data = _write(tmp_path / "data.json")
    reports = []
    for n, extra in enumerate((["--workers", "1"], ["--workers", "2"], ["--workers", "1", "--per-turn"])):
        out = tmp_path / f"out{n}.json"
        assert bench.main(["--data", str(data), "--k", "1,5", "--embedder", "fake", "--json", str(out), *extra]) == 0
        report = json.loads(out.read_text(encoding="utf-8"))
        # hybrid and previous are left out: on the fake embedder's tiny stores their fusion meets exact ties, which the
        # random memory ids break differently from run to run
        reports.append(
            [report["n_questions"]]
            + [
                b[level][m]
                for b in (report, *report["by_type"].values())
                for level in ("turn", "session")
                if b[level]
                for m in ("keyword", "semantic")
            ]
        )
    assert reports[0] == reports[1] == reports[2]
    err = capsys.readouterr().err
    assert (
        "2 worker(s)" in err and err.count("q2 b2#0: not saved") >= 2
    )  # refused on both paths (a worker prints on its own fd)


def test_a_batch_save_stores_what_single_saves_store(tmp_path: Path) -> None:
    """A haystack saved a session a batch holds the same memories (content, time order, chunks' vectors) as one
    save_context a turn: the same turns dedupe to one memory, the secret is refused, the long turn truncated."""
    from collections import Counter

    from contextlamp.embedding import create_embedder

    question = bench.load_questions(_write(tmp_path / "data.json"))[1]
    embedder = create_embedder("fake")
    stored = []
    for per_turn in (False, True):
        skips: Counter[str] = Counter()
        with bench.question_store(question, embedder, skips, per_turn) as (service, caller, clock, turns):
            listed = service.list_context(caller, limit=50).items
            store = service.registry.store(caller.principal.user_id)
            entries = store.entries([m.id for m in listed])
            vector = bench.embed_queries(embedder, [question.text])[0]
            found = store.vector_search(vector, 50, clock(), None)
            contents = store.entries([i for i, _ in found])
            cosines = sorted((contents[i].content, round(c, 5)) for i, c in found)  # the same stored vectors
            stored.append(
                (
                    sorted((entries[m.id].content, [t.key for t in turns[m.id]]) for m in listed),
                    [entries[m.id].content for m in sorted(listed, key=lambda m: entries[m.id].created_at)],
                    sorted((entries[m.id].content, entries[m.id].created_at // 60_000) for m in listed),  # session time
                    cosines,
                    dict(skips),
                )
            )
    assert stored[0] == stored[1]
    assert stored[0][4] == {"truncated": 1, "secret": 1} and stored[0][3]
    assert len(stored[0][0]) == 7  # 8 non-blank turns, one refused


def test_haystack_sessions_cut_at_each_new_session() -> None:
    turns = [bench.Turn((s, t), f"s{s}", "x", None) for s, t in ((0, 0), (0, 1), (2, 0), (2, 3), (1, 0))]
    assert [[t.key for t in run] for run in bench.haystack_sessions(turns)] == [
        [(0, 0), (0, 1)],
        [(2, 0), (2, 3)],
        [(1, 0)],
    ]


def test_indexing_digest_follows_index_code_not_ranking_code(tmp_path: Path) -> None:
    """A kept store is rebuilt when code its build ran changes; a ranking module's change re-ranks it instead."""
    source = tmp_path / "contextlamp"
    (source / "retrieval").mkdir(parents=True)
    (source / "app").mkdir()
    (source / "retrieval" / "search.py").write_text("RANK = 1\n", encoding="utf-8")
    (source / "app" / "saving.py").write_text("SAVE = 1\n", encoding="utf-8")
    first = bench.indexing_digest(source)
    (source / "retrieval" / "search.py").write_text("RANK = 2\n", encoding="utf-8")
    (source / "retrieval" / "evidence.py").write_text("FLOOR = 1\n", encoding="utf-8")  # the floor: query time too
    assert bench.indexing_digest(source) == first
    (source / "app" / "saving.py").write_text("SAVE = 2\n", encoding="utf-8")
    assert bench.indexing_digest(source) != first
    assert all((bench.SOURCE / name).is_file() for name in bench.QUERY_TIME)  # no stale names


def test_a_run_says_how_many_texts_the_vector_cache_served(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The summary on stderr tells a cold run (the model's time) from one the disk cache served."""
    data, cache_dir = _write(tmp_path / "data.json"), tmp_path / "vectors"
    argv = [
        "--data",
        str(data),
        "--k",
        "1",
        "--embedder",
        "minilm-int8",
        "--workers",
        "1",
        "--vector-cache",
        str(cache_dir),
    ]
    counts: list[tuple[int, int]] = []
    for _ in range(2):
        assert bench.main(argv) == 0
        found = re.search(r"vector cache: (\d+) texts read back, (\d+) run through the model", capsys.readouterr().err)
        assert found is not None
        counts.append((int(found[1]), int(found[2])))
    (_, cold_runs), (warm_read, warm_runs) = counts
    assert cold_runs > 0 and warm_runs == 0 and warm_read >= cold_runs


def test_types_keeps_only_the_named_question_types(tmp_path: Path) -> None:
    data, out = _write(tmp_path / "data.json"), tmp_path / "out.json"
    args = ["--data", str(data), "--k", "1", "--embedder", "fake", "--workers", "1", "--json", str(out)]
    assert bench.main([*args, "--types", "multi-session"]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["n_questions"] == 1 and set(report["by_type"]) == {"multi-session"}


def _scores(out: Path) -> list[Any]:
    report = json.loads(out.read_text(encoding="utf-8"))
    return [report[level] for level in ("turn", "session")]


def test_kept_stores_are_built_once_reused_and_refused_when_stale(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--keep-stores builds each question's store once; a second run reuses it (no turn is saved again) and scores
    the same; a store built from other turns is refused with exit 2, naming what differs; an unfinished build (no
    build.json) is built again."""
    data, keep = _write(tmp_path / "data.json"), tmp_path / "keep"
    args = ["--data", str(data), "--k", "1,5", "--embedder", "fake", "--workers", "1", "--keep-stores", str(keep)]
    assert bench.main([*args, "--json", str(tmp_path / "a.json")]) == 0
    assert sorted(p.name for p in keep.iterdir()) == ["q1", "q2", "q3"]
    assert all((keep / q / "build.json").is_file() for q in ("q1", "q2", "q3"))
    first = capsys.readouterr().err
    assert "q2 b2#0: not saved" in first
    assert bench.main([*args, "--json", str(tmp_path / "b.json")]) == 0
    second = capsys.readouterr().err
    assert ": not saved" not in second  # nothing was saved again ...
    assert "1 with a secret, 0 invalid; 1 truncated" in second  # ... and the build's skips are still reported
    a, b = _scores(tmp_path / "a.json"), _scores(tmp_path / "b.json")
    assert [lvl["keyword"] for lvl in a] == [lvl["keyword"] for lvl in b]
    assert [lvl["semantic"] for lvl in a] == [lvl["semantic"] for lvl in b]

    changed = _dataset()
    changed[0]["haystack_sessions"][0][1]["content"] = "Try a risotto instead."
    data.write_text(json.dumps(changed), encoding="utf-8")
    assert bench.main(args) == 2
    err = capsys.readouterr().err
    assert "q1" in err and "turns_sha256" in err and "other settings" in err

    _write(data)
    (keep / "q3" / "build.json").unlink()  # as if the build was cut short
    assert bench.main([*args, "--json", str(tmp_path / "c.json")]) == 0
    assert "[3/3] q3" in capsys.readouterr().err and (keep / "q3" / "build.json").is_file()
    assert _scores(tmp_path / "c.json")[1]["keyword"] == b[1]["keyword"]


def test_variants_rank_the_same_store_with_other_weights(tmp_path: Path) -> None:
    """--variant NAME=JSON adds a ranking per variant from the same store: no change ranks as hybrid, neighbours
    off as previous; --built-only runs only the questions whose kept store is built."""
    data, keep, out = _write(tmp_path / "data.json"), tmp_path / "keep", tmp_path / "out.json"
    args = ["--data", str(data), "--k", "1,5", "--embedder", "fake", "--workers", "1", "--keep-stores", str(keep)]
    assert bench.main([*args, "--limit", "1"]) == 0
    variants = ["--variant", "same=", "--variant", 'off={"neighbours": 0}', "--json", str(out)]
    assert bench.main([*args, "--built-only", *variants]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["n_questions"] == 1
    for level in ("turn", "session"):
        assert report[level]["same"] == report[level]["hybrid"] and report[level]["off"] == report[level]["previous"]
    with pytest.raises(SystemExit):
        bench.main([*args, "--variant", 'bad={"no_such_weight": 1}'])
    with pytest.raises(SystemExit):
        bench.main([*args, "--variant", "hybrid={}"])
