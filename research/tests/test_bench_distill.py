"""research/bench/distill.py: the labelled data set, the greedy matcher, the secret-leak scanner and the report
pipeline."""

from __future__ import annotations

import copy
import json
import sqlite3
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from contextlamp.app.service import Caller, MemoryService
from contextlamp.embedding import FakeEmbedder
from tests.scripts import load_script

bench = load_script("distill.py", "bench_distill")

AWS_KEY = "AKIAQ3XR7TZ2M9KD4PLW"
GH_TOKEN = "ghp_Xy7Lm2Qp9Rt4Vw8Zb3Nc6Hd1Jf5Gk0Ts2Ua8"
PG_URL = "postgres://app:Zq8Lm3Xv7Rt2Kp9W@db.internal.example:5432/app"
PEM = "\n".join(
    [
        "-----BEGIN RSA PRIVATE KEY-----",
        "MIIEowIBAAKCAQEAq7BFUpkGp3+LQmlQYSb4cHf3kWv9Wx1xqL0c8rN2JmY7Zt5H",
        "Qn4fVvX2Kc8pL1mR7sT0uW3yZ6aB9dE2gH5jK8lN1oP4qS7tV0wX3zA6cF9iJ2m+",
        "-----END RSA PRIVATE KEY-----",
    ]
)


# -- the data set ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cases() -> list[Any]:
    return bench.load_cases(bench.DEFAULT_DATA)


def test_every_data_file_is_valid(cases: list[Any]) -> None:
    files = sorted(f for f in bench.DEFAULT_DATA.glob("*.json") if f.name != bench.SPLIT_FILE)
    assert len(cases) == len(files) >= 84
    assert [c.id for c in cases] == [f.stem for f in files]
    assert len({bench.file_number(c.id) for c in cases}) == len(cases)  # NN prefixes are unique
    assert bench.dataset_problems(cases) == []


def test_data_set_mix(cases: list[Any]) -> None:
    non_english = [c for c in cases if c.language != "en"]
    assert len(non_english) >= 6
    assert {"de", "fr", "es"} <= {c.language for c in non_english}
    assert {c.format for c in cases} == set(bench.FORMATS)
    assert sum(1 for c in cases if not c.expected) >= 4  # pure chatter
    assert all(c.category is not None for c in cases)
    assert all(0 <= len(c.expected) <= 8 for c in cases)
    assert sum(len(c.expected) for c in cases) >= 120
    for c in cases:
        turns = c.transcript if isinstance(c.transcript, list) else None
        if turns is not None:
            assert 3 <= len(turns) <= 40, c.id
    assert any(isinstance(m["content"], list) for c in cases if isinstance(c.transcript, list) for m in c.transcript)
    assert {"zh", "ja", "ko"} <= {c.language for c in non_english}
    assert {c.category for c in cases} == set(bench.CATEGORIES)
    assert sum(1 for c in cases if bench.has_client_summary(c)) >= 4


def test_native_transcripts_are_the_clients_own_jsonl(cases: list[Any]) -> None:
    """claude-code and codex files hold one JSON object a line, in the shapes those clients write."""
    native = [c for c in cases if c.format in bench.NATIVE_FORMATS]
    assert (
        sum(1 for c in native if c.format == "claude-code") >= 8 and sum(1 for c in native if c.format == "codex") >= 5
    )
    for case in native:
        lines = [json.loads(line) for line in case.transcript.splitlines()]
        assert all(isinstance(line, dict) for line in lines), case.id
        if case.format == "claude-code":
            turns = [line for line in lines if line.get("type") in ("user", "assistant")]
            assert turns and all(line["isSidechain"] is False and line["uuid"] and line["timestamp"] for line in turns)
            assert all(line["message"]["role"] == line["type"] for line in turns), case.id
            parts = [
                p["type"]
                for line in turns
                if isinstance(line["message"]["content"], list)
                for p in line["message"]["content"]
            ]
            assert set(parts) <= {"text", "tool_use", "tool_result"}, case.id
        else:
            assert lines[0]["type"] == "session_meta", case.id
            assert {line["type"] for line in lines} <= {
                "session_meta",
                "response_item",
                "event_msg",
                "turn_context",
                "compacted",
            }
            users = [line["payload"] for line in lines if line["payload"].get("role") == "user"]
            assert users and all(p["content"][0]["type"] == "input_text" for p in users), case.id
    summaries = [c for c in native if bench.has_client_summary(c)]
    assert any(c.format == "claude-code" for c in summaries) and any(c.format == "codex" for c in summaries)
    assert not any(bench.has_client_summary(c) for c in cases if c.format not in bench.NATIVE_FORMATS)


def test_split_puts_every_file_in_one_half_with_every_stratum_held_out(cases: list[Any]) -> None:
    """The held-out half is the files written after the first 86 (blind to the code, see the data README); the
    first 86 are the tuning half. Each half holds every stratum (category x client summary or turns)."""
    split = bench.load_split(bench.DEFAULT_DATA)
    assert bench.split_problems(split, cases) == []
    assert all((bench.half_of(split, c) == "tuning") == (bench.file_number(c.id) <= 86) for c in cases)
    strata = {bench.stratum(c) for c in cases}
    for half in bench.SPLITS:
        assert {bench.stratum(c) for c in cases if bench.half_of(split, c) == half} == strata, half
    held = [c for c in cases if bench.half_of(split, c) == "heldout"]
    assert len(held) >= 44 and {c.format for c in held} == set(bench.FORMATS)
    assert sum(1 for c in held if c.language != "en") >= 10
    assert {"zh", "ja", "ko"} <= {c.language for c in held}
    assert sum(1 for c in held if c.secrets) >= 4 and sum(1 for c in held if not c.expected) >= 4


def test_split_problems_reject_a_file_in_both_halves_or_in_none(cases: list[Any]) -> None:
    split = bench.load_split(bench.DEFAULT_DATA)
    moved = split["heldout"][0]
    both = {"tuning": [*split["tuning"], moved], "heldout": split["heldout"]}
    assert bench.split_problems(both, cases) == [f"{moved}: in both halves"]
    none = {"tuning": split["tuning"], "heldout": split["heldout"][1:]}
    assert bench.split_problems(none, cases) == [f"{moved}: in no half of the split"]


def test_file_names_take_two_or_three_digits() -> None:
    doc = copy.deepcopy(_valid_doc())
    assert bench.case_problems({**doc, "id": "112-example"}, "112-example.json") == []
    assert any("NN-short-slug" in p for p in bench.case_problems({**doc, "id": "1120-example"}, "1120-example.json"))
    assert (bench.file_number("07-example"), bench.file_number("112-example"), bench.file_number("x")) == (7, 112, 0)


def test_make_split_is_seeded_and_reports_bad_splits(cases: list[Any]) -> None:
    assert bench.make_split(cases) == bench.make_split(cases, bench.SPLIT_SEED)
    assert bench.make_split(cases, 1) != bench.make_split(cases, 2)
    split = bench.make_split(cases)
    assert bench.split_problems(split, cases) == []
    first = split["tuning"][0]
    broken = {"tuning": [*split["tuning"][1:], "99-nope.json"], "heldout": [*split["heldout"], split["heldout"][0]]}
    problems = bench.split_problems(broken, cases)
    assert (
        f"{first}: in no half of the split" in problems and "99-nope.json: in the split but not a data file" in problems
    )
    assert f"{split['heldout'][0]}: listed twice in heldout" in problems


def test_secrets_are_present_and_of_every_required_kind(cases: list[Any]) -> None:
    with_secrets = [c for c in cases if c.secrets]
    assert len(with_secrets) >= 4
    for case in with_secrets:
        assert case.expected, f"{case.id}: a file with secrets must still have items to keep"
        for secret in case.secrets:
            assert secret in case.text, case.id
            assert secret in case.argument, case.id  # what save_session receives holds it too
            assert all(len(n) >= bench.MIN_NEEDLE for n in bench.secret_needles(secret))
    every = [s for c in with_secrets for s in c.secrets]
    assert any(s.startswith("AKIA") and len(s) == 20 and s[4:].isupper() for s in every)
    assert any(s.startswith("ghp_") and len(s) == 40 for s in every)
    assert any("-----BEGIN" in s and "PRIVATE KEY-----" in s for s in every)
    assert any(s.startswith("postgres://") and "@" in s for s in every)
    assert any("password = " in c.text for c in with_secrets)


def test_chatter_files_have_no_secrets_and_no_items(cases: list[Any]) -> None:
    chatter = [c for c in cases if c.category == "chatter"]
    assert len(chatter) >= 4
    assert all(not c.expected and not c.secrets for c in chatter)


def _valid_doc() -> dict[str, Any]:
    return {
        "id": "07-example",
        "description": "a small valid example",
        "language": "en",
        "format": "json",
        "transcript": [
            {"role": "user", "content": f"my key is {AWS_KEY}. we deploy on Tuesdays"},
            {"role": "assistant", "content": [{"type": "text", "text": "Noted."}]},
        ],
        "expected": [{"content": "Deploys happen on Tuesdays", "memory_type": "instruction", "kind": "note"}],
        "secrets": [AWS_KEY],
    }


def test_case_problems_accepts_a_valid_doc_and_loads_it(tmp_path: Path) -> None:
    assert bench.case_problems(_valid_doc(), "07-example.json") == []
    path = tmp_path / "07-example.json"
    path.write_text(json.dumps(_valid_doc()), encoding="utf-8")
    case = bench.load_case(path)
    assert case.expected[0].memory_type == "instruction" and case.secrets == (AWS_KEY,)
    assert json.loads(case.argument) == _valid_doc()["transcript"]
    assert case.text.endswith("Noted.")


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d.pop("secrets"), "missing keys ['secrets']"),
        (lambda d: d.update(extra=1), "unknown keys ['extra']"),
        (lambda d: d.update(id="08-other"), "must equal the file name"),
        (lambda d: d.update(language="english"), "two-letter"),
        (lambda d: d.update(format="yaml"), "format 'yaml'"),
        (lambda d: d.update(category="misc"), "category 'misc'"),
        (lambda d: d.update(format="plain"), "needs a non-blank string"),
        (lambda d: d["transcript"].append({"role": "user"}), "transcript[2].content"),
        (lambda d: d["transcript"].append({"role": "user", "content": [{"type": "image"}]}), "content[0]"),
        (lambda d: d["expected"][0].update(memory_type="memo"), "memory_type 'memo'"),
        (lambda d: d["expected"][0].update(kind="idea"), "kind 'idea'"),
        (lambda d: d["expected"].append(dict(d["expected"][0])), "duplicate"),
        (lambda d: d["expected"].append({"content": "x"}), "exactly content, memory_type, kind"),
        (lambda d: d.update(secrets=["AKIANOTINTHETEXT0000"]), "not found in the transcript"),
        (lambda d: d["expected"][0].update(content=f"the key {AWS_KEY}"), "appears in an expected item"),
    ],
)
def test_case_problems_names_each_schema_violation(change: Any, problem: str) -> None:
    doc = copy.deepcopy(_valid_doc())
    change(doc)
    problems = bench.case_problems(doc, "07-example.json")
    assert any(problem in p for p in problems), problems


def test_load_cases_reports_every_bad_file(tmp_path: Path) -> None:
    (tmp_path / "01-good.json").write_text(json.dumps({**_valid_doc(), "id": "01-good"}), encoding="utf-8")
    (tmp_path / "02-broken.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "Bad_Name.json").write_text(json.dumps({**_valid_doc(), "id": "Bad_Name"}), encoding="utf-8")
    (tmp_path / "notes.md").write_text("ignored", encoding="utf-8")
    with pytest.raises(bench.DataError) as info:
        bench.load_cases(tmp_path)
    message = str(info.value)
    assert "02-broken.json: cannot read" in message and "Bad_Name.json" in message and "01-good" not in message
    assert bench.dataset_problems([]) != []


# -- matching ------------------------------------------------------------------------------------------------


def _unit(rows: list[list[float]]) -> np.ndarray:
    m = np.array(rows, dtype=np.float32)
    return m / np.linalg.norm(m, axis=1, keepdims=True)


def test_similarity_is_cosine_of_unit_rows() -> None:
    d = _unit([[1, 0, 0], [1, 1, 0]])
    e = _unit([[1, 0, 0], [0, 0, 1]])
    scores = bench.similarity(d, e)
    assert scores.shape == (2, 2)
    assert scores[0, 0] == pytest.approx(1.0) and scores[0, 1] == pytest.approx(0.0)
    assert scores[1, 0] == pytest.approx(2**-0.5)
    assert bench.similarity(np.zeros((0, 3), dtype=np.float32), e).shape == (0, 2)
    assert bench.similarity(d, np.zeros((0, 3), dtype=np.float32)).shape == (2, 0)


def test_greedy_match_is_one_to_one_best_first() -> None:
    scores = np.array(
        [
            [0.90, 0.85, 0.10],  # d0 is the best match of e0 and of e1: it takes e0
            [0.88, 0.20, 0.10],  # d1 only fits e0, already taken
            [0.10, 0.80, 0.76],  # d2 takes e1 (its best), so e2 stays open
            [0.30, 0.30, 0.74],  # d3 fits e2, but below 0.75
        ],
        dtype=np.float32,
    )
    pairs = bench.greedy_match(scores, 0.75)
    assert [(p.distilled, p.expected) for p in pairs] == [(0, 0), (2, 1)]
    assert [p.score for p in pairs] == pytest.approx([0.90, 0.80])
    # e2 (0.76 with d2) is left: d2 is already used, and d3's 0.74 is below the threshold
    assert bench.greedy_match(scores, 0.74)[-1] == bench.Pair(3, 2, pytest.approx(0.74))


def test_greedy_match_threshold_is_inclusive_and_ties_are_deterministic() -> None:
    scores = np.array([[0.75, 0.75], [0.75, 0.75]], dtype=np.float32)
    pairs = bench.greedy_match(scores, 0.75)
    assert [(p.distilled, p.expected) for p in pairs] == [(0, 0), (1, 1)]
    assert bench.greedy_match(scores, 0.7501) == []
    assert bench.greedy_match(np.zeros((0, 3), dtype=np.float32), 0.5) == []
    assert bench.greedy_match(np.zeros((2, 0), dtype=np.float32), 0.5) == []


def test_group_figures_micro_averages_and_rematches() -> None:
    def result(n_expected: int, distilled_types: list[str], scores: list[list[float]]) -> Any:
        case = SimpleNamespace(expected=tuple(bench.ExpectedItem(f"e{i}", "fact", "fact") for i in range(n_expected)))
        distilled = [bench.Distilled(f"ctx_{i}", f"d{i}", t, "fact") for i, t in enumerate(distilled_types)]
        matrix = np.array(scores, dtype=np.float32).reshape(len(distilled_types), n_expected)
        r = bench.CaseResult(case, distilled=distilled, scores=matrix)
        r.pairs = bench.greedy_match(matrix, 0.75)
        return r

    a = result(2, ["fact", "task", "fact"], [[0.9, 0.1], [0.1, 0.8], [0.2, 0.2]])  # 2 matched, 1 type wrong
    b = result(2, [], [])  # distilled nothing
    c = result(0, ["fact"], [])  # chatter with one false positive
    figures = bench.group_figures([a, b, c])
    assert figures["files"] == 3 and figures["matched"] == 2
    assert figures["precision"] == pytest.approx(2 / 4) and figures["recall"] == pytest.approx(2 / 4)
    assert figures["f1"] == pytest.approx(0.5) and figures["memory_type_accuracy"] == pytest.approx(0.5)
    assert bench.group_figures([a], threshold=0.85)["matched"] == 1
    assert bench.group_figures([b])["precision"] is None and bench.group_figures([b])["f1"] is None


# -- secrets -------------------------------------------------------------------------------------------------


def test_secret_needles_cover_the_parts_a_store_could_keep() -> None:
    assert bench.secret_needles(AWS_KEY)[0] == AWS_KEY
    assert "Xy7Lm2Qp9Rt4Vw8Zb3Nc6Hd1Jf5Gk0Ts2Ua8" in bench.secret_needles(GH_TOKEN)
    assert "Zq8Lm3Xv7Rt2Kp9W" in bench.secret_needles(PG_URL)  # the URL's password alone
    assert "postgres" not in " ".join(bench.secret_needles(PG_URL)[1:])  # no plain words as needles
    pem = bench.secret_needles(PEM)
    assert "MIIEowIBAAKCAQEAq7BFUpkGp3+LQmlQYSb4cHf3kWv9Wx1xqL0c8rN2JmY7Zt5H" in pem
    assert not any(n.startswith("-----") and n != PEM.strip() for n in pem)
    assert "Hunter2Kq7vR2mZx9" in bench.secret_needles("password = Hunter2Kq7vR2mZx9!")
    assert bench.mask(PEM) == "BEGIN RSA PRIVATE KEY block"
    assert bench.mask(AWS_KEY) == "AKIA…(20 chars)"


def test_find_leaks_scans_texts_and_every_file_including_wal(tmp_path: Path) -> None:
    secrets = [AWS_KEY, PEM, PG_URL, GH_TOKEN]
    stores = tmp_path / "stores"
    stores.mkdir()
    (tmp_path / "control.db").write_bytes(b"SQLite format 3\x00 nothing here postgres internal")
    (stores / "usr_a.db").write_bytes(b"\x00\x01 binary " + AWS_KEY.lower().encode() + b" tokenised \x00")
    (stores / "usr_a.db-wal").write_bytes(b"\x00 page with zq8lm3xv7rt2kp9w in it")  # the URL password
    (stores / "usr_a.db-shm").write_bytes(b"\x00" * 64)
    texts = {
        "content ctx_1": "deploy key line: Qn4fVvX2Kc8pL1mR7sT0uW3yZ6aB9dE2gH5jK8lN1oP4qS7tV0wX3zA6cF9iJ2m+",
        "content ctx_2": "We deploy on Tuesdays",
    }
    leaks = bench.find_leaks(secrets, texts, tmp_path)
    assert {(leak.secret, leak.where) for leak in leaks} == {
        (0, "file stores/usr_a.db"),
        (1, "content ctx_1"),
        (2, "file stores/usr_a.db-wal"),
    }
    assert bench.find_leaks(secrets, {"content ctx_2": "We deploy on Tuesdays"}, None) == []
    # a token split by a full-text tokenizer and prefix-compressed still shows its middle
    (stores / "usr_a.db").write_bytes(b"...qm2qp9rt4vw8zb3nc6hd1jf5gk0tsuu...")
    assert [leak.secret for leak in bench.find_leaks([GH_TOKEN], {}, tmp_path)] == [0]


def test_redact_hides_every_needle() -> None:
    text = f"key {AWS_KEY.lower()} and line Qn4fVvX2Kc8pL1mR7sT0uW3yZ6aB9dE2gH5jK8lN1oP4qS7tV0wX3zA6cF9iJ2m+ ok"
    assert bench.redact(text, [AWS_KEY, PEM]) == "key [SECRET] and line [SECRET] ok"
    assert bench.redact("nothing here", [AWS_KEY]) == "nothing here"


def test_find_leaks_reads_a_real_sqlite_wal(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / "s.db")
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA wal_autocheckpoint=0")
        conn.execute("CREATE TABLE t (x TEXT)")
        conn.execute("INSERT INTO t VALUES (?)", (f"oops {AWS_KEY}",))
        conn.commit()
        where = {leak.where for leak in bench.find_leaks([AWS_KEY], {}, tmp_path)}
        assert "file s.db-wal" in where
    finally:
        conn.close()


# -- the pipeline, with a stand-in save_session ---------------------------------------------------------------


def _stub_save_session(self: MemoryService, caller: Caller, transcript: str) -> Any:
    """Keeps every line that starts with ``KEEP `` (through save_context); leaks secrets into the summary
    when a line says ``LEAK``. Enough to drive run_case without the real distiller."""
    ids, saved, deduped = [], 0, 0
    text = bench.transcript_text(json.loads(transcript)) if transcript.startswith("[") else transcript
    for line in text.splitlines():
        line = line.lstrip("-*•0123456789.) ")  # a digest's list markers
        if line.startswith("KEEP "):
            kind = "decision" if "decided" in line else "note"
            outcome = self.save_context(caller, line.removeprefix("KEEP "), kind=kind)
            ids.append(outcome.id)
            deduped += outcome.deduped
            saved += not outcome.deduped
    leak = "LEAK" in transcript
    self._stub_sessions = getattr(self, "_stub_sessions", {})
    session_id = f"ses_{len(self._stub_sessions)}" if ids else None
    if session_id is not None:
        store = self.registry.store(caller.principal.user_id)
        learnings = []
        for i in dict.fromkeys(ids):
            entry = store.get(i)
            learnings.append({"id": i, "text": entry.content, "memory_type": entry.memory_type, "kind": entry.kind})
        summary = transcript if leak else "a session"
        self._stub_sessions[session_id] = SimpleNamespace(label="stub", summary=summary, learnings=learnings)
    return SimpleNamespace(saved=saved, deduped=deduped, total=len(ids), session_id=session_id)


def _stub_resume_session(self: MemoryService, caller: Caller, session_id: str | None = None) -> Any:
    return SimpleNamespace(session=self._stub_sessions[session_id])


def _write(
    directory: Path, n: int, slug: str, fmt: str, transcript: Any, expected: list[Any], secrets: list[str]
) -> None:
    doc = {
        "id": f"{n:02d}-{slug}",
        "description": slug,
        "category": "chatter" if not expected else "coding",
        "language": "en",
        "format": fmt,
        "transcript": transcript,
        "expected": [{"content": c, "memory_type": m, "kind": k} for c, m, k in expected],
        "secrets": secrets,
    }
    (directory / f"{doc['id']}.json").write_text(json.dumps(doc), encoding="utf-8")


def test_main_runs_end_to_end_with_a_stand_in_distiller(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(MemoryService, "save_session", _stub_save_session, raising=False)
    monkeypatch.setattr(MemoryService, "resume_session", _stub_resume_session, raising=False)
    data, out = tmp_path / "data", tmp_path / "out.json"
    data.mkdir()
    _write(
        data,
        1,
        "plain",
        "plain",
        "User: hi\nKEEP we decided to use pnpm in all repos\nKEEP deploys happen on tuesdays\nKEEP lunch was nice",
        [
            ("We decided to use pnpm in all repos", "event", "decision"),
            ("Deploys happen on Tuesdays", "instruction", "note"),
            ("Dana reviews all migrations", "fact", "fact"),
        ],
        [],
    )
    _write(
        data,
        2,
        "json-secret",
        "json",
        [
            {"role": "user", "content": f"my key {AWS_KEY}"},
            {"role": "user", "content": "KEEP staging bucket is b1"},
            {"role": "assistant", "content": [{"type": "text", "text": "ok"}]},
        ],
        [("Staging bucket is b1", "fact", "fact")],
        [AWS_KEY],
    )
    _write(
        data,
        3,
        "leaky",
        "digest",
        f"KEEP the bucket is b2\nLEAK {GH_TOKEN}",
        [("The bucket is b2", "fact", "fact")],
        [GH_TOKEN],
    )
    _write(data, 4, "chatter", "quoted", "> User: hello\n> Assistant: hi!", [], [])
    args = ["--data", str(data), "--embedder", "fake", "--threshold", "0.75", "--json", str(out)]
    assert bench.main(args) == 1  # file 03 leaked its token through the session summary
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["threshold"] == 0.75 and report["n_files"] == 4
    overall = report["overall"]
    assert (overall["expected"], overall["distilled"], overall["matched"]) == (5, 5, 4)
    assert overall["precision"] == pytest.approx(0.8) and overall["recall"] == pytest.approx(0.8)
    assert overall["memory_type_accuracy"] == pytest.approx(0.75)  # the stub never says "instruction"
    assert set(report["by_format"]) == {"plain", "json", "digest", "quoted"}
    assert report["by_format"]["quoted"]["distilled"] == 0
    assert report["pure_chatter"] == {"files": 1, "saved_nothing_and_no_session": 1, "distilled_items": 0}
    assert report["secrets"]["secrets"] == 2 and report["secrets"]["leaked"] == 1
    assert {leak["file"] for leak in report["secrets"]["leaks"]} == {"03-leaky"}
    assert GH_TOKEN not in out.read_text(encoding="utf-8")  # the report masks secrets
    assert set(report["sensitivity"]) == {"0.65", "0.75", "0.85"}
    captured = capsys.readouterr()
    assert "match threshold 0.75" in captured.out and "LEAK 03-leaky" in captured.out
    assert GH_TOKEN not in captured.out
    assert "01-plain: distilled 3, matched 2 / expected 3" in captured.err


def test_main_without_save_session_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for owner in MemoryService.__mro__:  # the class that defines it (the façade, app/service.py)
        if "save_session" in vars(owner):
            monkeypatch.delattr(owner, "save_session")
    data = tmp_path / "data"
    data.mkdir()
    _write(data, 1, "chatter", "plain", "User: hi\nAssistant: hello", [], [])
    assert bench.main(["--data", str(data), "--embedder", "fake"]) == 2
    assert "no save_session" in capsys.readouterr().err


def test_run_case_on_a_real_store_scans_the_wal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A distiller that saves a fragment of a secret too short for any secret scanner to flag is caught."""

    def sloppy(self: MemoryService, caller: Caller, transcript: str) -> Any:
        outcome = self.save_context(caller, "ticket m3Xv7Rt2 closed")  # the middle of the URL's password
        assert not outcome.deduped
        return SimpleNamespace(saved=1, deduped=0, total=1, session_id=None)  # breaks the contract

    monkeypatch.setattr(MemoryService, "save_session", sloppy, raising=False)
    case = bench.Case("01-x", tmp_path / "01-x.json", "d", "en", "plain", None, f"User: {PG_URL}", (), (PG_URL,))
    result = bench.run_case(case, FakeEmbedder(), 0.75)
    assert result.error is None and len(result.distilled) == 1
    assert {leak.where.split()[0] for leak in result.leaks} >= {"content", "file"}
    assert "session_id missing with total 1" in result.notes


# -- the three paths ------------------------------------------------------------------------------------------


def test_digest_arguments_are_the_expected_items_one_per_line(cases: list[Any]) -> None:
    from contextlamp.distill import parse_transcript

    markers: set[str] = set()
    for case in (c for c in cases if c.expected):
        lines = bench.digest_argument(case).splitlines()
        assert len(lines) == len(case.expected), case.id
        for line, item in zip(lines, case.expected, strict=True):
            assert line.endswith(item.content)
            markers.add(line[: len(line) - len(item.content)].lstrip("0123456789") or "bare")
        assert [t.role for t in parse_transcript(bench.digest_argument(case))] == ["digest"], case.id
        labelled = bench.digest_argument(case, labelled=True).splitlines()
        assert all(item.content in line for line, item in zip(labelled, case.expected, strict=True))
    assert {"- ", ". ", "bare", "* ", ") ", "• "} <= markers
    item = bench.ExpectedItem
    assert bench.type_label(item("Never force-push", "instruction", "preference")) == "Rule"
    assert bench.type_label(item("We chose Stripe", "event", "decision")) == "Decision"
    assert bench.type_label(item("Launch is on May 4", "event", "note")) == "Event"
    assert bench.type_label(item("Likes tea", "fact", "preference")) == "Preference"
    assert bench.type_label(item("Task: renew the cert", "task", "note")) == ""
    assert bench.type_label(item("Renew the cert", "task", "note")) == "Task"


def test_main_reports_every_path_per_half(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(MemoryService, "save_session", _stub_save_session, raising=False)
    monkeypatch.setattr(MemoryService, "resume_session", _stub_resume_session, raising=False)
    data, out = tmp_path / "data", tmp_path / "out.json"
    data.mkdir()
    _write(data, 1, "kept", "plain", "User: hi\nKEEP we use pnpm", [("KEEP we use pnpm", "event", "decision")], [])
    _write(data, 2, "chatty", "plain", "User: hi\nKEEP hello there", [], [])  # chatter that saves: counted
    summary_line = json.dumps({"type": "user", "isCompactSummary": True, "message": {"role": "user", "content": "x"}})
    _write(data, 3, "compacted", "claude-code", summary_line, [("KEEP staging is b1", "fact", "fact")], [])
    (data / "split.json").write_text(
        json.dumps({"tuning": ["01-kept.json", "03-compacted.json"], "heldout": ["02-chatty.json"]}), encoding="utf-8"
    )
    assert bench.main(["--data", str(data), "--embedder", "fake", "--json", str(out)]) == 0
    paths = json.loads(out.read_text(encoding="utf-8"))["paths"]
    assert list(paths) == ["digest", "labelled digest", "client summary", "offline"]
    assert all(list(halves) == ["tuning", "heldout", "all"] for halves in paths.values())
    digest = paths["digest"]
    assert (digest["all"]["files"], digest["tuning"]["files"], digest["heldout"]["files"]) == (2, 2, 0)
    assert digest["all"]["matched"] == 2 and digest["all"]["precision"] == pytest.approx(1.0)  # KEEP lines kept
    assert paths["client summary"]["all"]["files"] == 1 and paths["offline"]["all"]["files"] == 2
    offline = paths["offline"]
    assert (offline["heldout"]["chatter_files"], offline["heldout"]["chatter_saved"]) == (1, 1)
    assert offline["all"]["secrets_stored"] == 0 and offline["all"]["seconds_per_transcript"] >= 0
    printed = capsys.readouterr()
    assert "save_session per path" in printed.out and "cosine >= 0.75" in printed.out
    assert "01-kept [digest]: distilled 1" in printed.err and "01-kept [labelled digest]: distilled 0" in printed.err
    # one half only, one path only
    assert bench.main(["--data", str(data), "--embedder", "fake", "--json", str(out), "--split", "heldout"]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["n_files"] == 1
    assert bench.main(["--data", str(data), "--embedder", "fake", "--json", str(out), "--paths", "offline"]) == 0
    assert list(json.loads(out.read_text(encoding="utf-8"))["paths"]) == ["offline"]
    assert bench.main(["--data", str(data), "--embedder", "fake", "--paths", "nope"]) == 2
    # a split that leaves a file out is bad data
    (data / "split.json").write_text(json.dumps({"tuning": ["01-kept.json"], "heldout": []}), encoding="utf-8")
    assert bench.main(["--data", str(data), "--embedder", "fake"]) == 2
    assert "02-chatty.json: in no half of the split" in capsys.readouterr().err
