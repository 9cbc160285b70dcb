"""``contextlamp doctor``: verify every store of a data directory or database, and repair what can be.

Per store (``Store.check``): the engine's integrity check (SQLite ``PRAGMA integrity_check``), the recorded
embedding model and dimension, every entry with its full-text row and its one vector, no orphan
vectors or full-text rows, ``superseded_by`` naming an entry that exists. Then the values themselves: any
stored value an import would refuse (``limits``: longer than today's limits, NUL characters; written by an
older version or under a higher limit), named by field and limit, never quoted. Plus, across the control
plane: store files that belong to no user, project or team; and the embedding model itself (``model``: it
must load and embed one text), without which no save and no search works. Repairs re-embed missing vectors
with the configured model, rebuild a full-text index from the entries, delete orphans and revive entries
superseded by nothing; an engine-level corruption is only reported (restore the file from a backup, or
``contextlamp export`` what can still be read), and so are values outside the limits (forget the entry, or
raise the limit).
"""

from __future__ import annotations

from dataclasses import dataclass

from contextlamp.app.porter import Porter
from contextlamp.domain.embedding import Embedder
from contextlamp.domain.ports import EmbedFn
from contextlamp.errors import EmbeddingError
from contextlamp.storage import Finding, Project, StoreRegistry, Team, User
from contextlamp.text import kebab

LANGUAGE_SAMPLE = 200  # the most recent memories of each store read for the language hint (suggest_embedder)
MULTILINGUAL = "multilingual-e5"  # the embedder suggested when most memories are not English (docs/multilingual.md)
MULTILINGUAL_IDENTITY = "multilingual-e5-small-q4:384"
MIN_KNOWN = 5  # fewer memories of a known language than this: no suggestion (nothing to go on)
MODEL_PROBE = "contextlamp doctor: the embedding model turns this sentence into a vector."
UNIT_TOLERANCE = 1e-3  # rows are L2-normalised float32 (Embedder protocol); rounding stays far below this


@dataclass(frozen=True)
class StoreReport:
    """What ``check`` found in one store (an empty list: healthy). ``owner`` says whose store it is in words
    (``user alice``, ``project web-app of alice``, ``team platform``): the ids alone tell a person nothing."""

    store_id: str
    entries: int
    findings: list[Finding]
    owner: str = ""


def _owner_label(owner: User | Project | Team, names: dict[str, str]) -> str:
    if isinstance(owner, User):
        return f"user {owner.name}"
    if isinstance(owner, Project):
        return f"project {owner.slug} of {names.get(owner.owner_id, owner.owner_id)}"
    return f"team {owner.slug}"


def _known_store_ids(doctor: Doctor) -> list[str]:
    """Every store the control plane knows: each user's personal store and projects, each team."""
    return [owner.id for owner in _owners(doctor)]


def _owners(doctor: Doctor) -> list[User | Project | Team]:
    """The owner of every known store (its id is the store id): users, their projects, then teams."""
    control = doctor.registry.control
    owners: list[User | Project | Team] = []
    for user in control.users():
        owners.append(user)
        owners += control.projects(user.id)
    owners += control.teams()
    return owners


def _check_model(doctor: Doctor) -> list[Finding]:
    """Load the configured embedding model and embed one text: a ``model`` finding when it cannot (the
    model's own error), or when the vector is not one finite unit row of the model's dimension; ``[]`` when
    it works. Loading takes under a second (the ONNX model shipped in the package, its SHA-256 checked)."""
    embedder = doctor.embedder
    import numpy as np  # the probe's vector is the only array the doctor handles

    try:
        vectors = np.asarray(embedder.embed([MODEL_PROBE]))
    except EmbeddingError as exc:
        return [Finding("model", None, f"{embedder.identity} cannot embed: {exc}", False)]
    if vectors.shape != (1, embedder.dim) or not np.isfinite(vectors).all():
        detail = f"{embedder.identity} returned a {vectors.shape} array, not one finite row of {embedder.dim}"
        return [Finding("model", None, detail, False)]
    norm = float(np.linalg.norm(vectors[0]))
    if abs(norm - 1.0) > UNIT_TOLERANCE:
        return [Finding("model", None, f"{embedder.identity} returned a vector of length {norm:.4f}, not 1", False)]
    return []


def _examine(doctor: Doctor, repair: bool, model_works: bool) -> tuple[list[StoreReport], list[str]]:
    """Check every known store; returns the reports and the store files no user, project or team owns
    (SQLite only; they are reported, never deleted: delete them by hand after a look). With ``model_works``
    false (``check_model`` found a problem) nothing is re-embedded: those findings stay unrepaired.

    Raises:
        StorageError: a store cannot be opened at all.
    """
    reports: list[StoreReport] = []
    embed = doctor.entry_embedding if model_works else None
    owners = _owners(doctor)
    names = {o.id: o.name for o in owners if isinstance(o, User)}
    for owner in owners:
        store = doctor.registry.store(owner.id)
        findings = store.check(embed, repair)
        findings += [
            Finding("limits", at, problem, False) for at, problem in doctor.porter.stored_problems(owner.id, owner)
        ]
        reports.append(StoreReport(owner.id, store.count(), findings, _owner_label(owner, names)))
    unowned: list[str] = []
    stores_dir = doctor.registry.home / "stores"
    if doctor.registry.backend == "sqlite" and stores_dir.is_dir():
        known = {r.store_id for r in reports}
        unowned = sorted(p.name for p in stores_dir.glob("*.db") if p.stem not in known)
    return reports, unowned


def _suggest_embedder(doctor: Doctor, now: int) -> list[str]:
    """A suggestion (one sentence) to move to ``multilingual-e5`` when most memories are not English
    (``domain.language``: the ``LANGUAGE_SAMPLE`` most recent live memories of every store), the embedder is
    another, and at least ``MIN_KNOWN`` memories have a known language; else ``[]``."""
    from contextlamp.domain.language import not_english_share

    if doctor.embedder.identity == MULTILINGUAL_IDENTITY:
        return []
    texts: list[str] = []
    for owner in _owners(doctor):
        store = doctor.registry.store(owner.id)
        texts += [e.content for e in store.entries(store.recent(LANGUAGE_SAMPLE, now, None)).values()]
    share, known = not_english_share(texts)
    if known < MIN_KNOWN or share <= 0.5:
        return []
    return [
        f"{share:.0%} of your memories are not in English, and {doctor.embedder.identity} is English-first: "
        f"multilingual-e5 finds memories in about 100 languages and across them. Install it with "
        f"pip install 'contextlamp[multilingual]', then run contextlamp reembed --to {MULTILINGUAL} "
        f"and set CONTEXTLAMP_EMBEDDER={MULTILINGUAL} (docs/multilingual.md)."
    ]


class Doctor:
    """Checks of the model and of every store, with their collaborators passed in.

    Args:
        registry: the stores and the control plane to check.
        embedder: the configured embedding model (``check_model`` loads and probes it).
        entry_embedding: an entry's texts -> its stored ``(chunks, dim)`` vectors (the service's), used to re-embed.
        porter: reports stored values an import would refuse (``Porter.stored_problems``).
    """

    def __init__(self, registry: StoreRegistry, embedder: Embedder, entry_embedding: EmbedFn, porter: Porter) -> None:
        self.registry = registry
        self.embedder = embedder
        self.entry_embedding = entry_embedding
        self.porter = porter

    def known_store_ids(self) -> list[str]:
        """Every store the control plane knows: each user's personal store and projects, each team."""
        return _known_store_ids(self)

    def suggest_embedder(self, now: int) -> list[str]:
        """Advice on the embedding model (not a problem: ``doctor`` still exits 0); see ``_suggest_embedder``."""
        return _suggest_embedder(self, now)

    def unread_projects(self) -> list[str]:
        """Advice (not a problem: ``doctor`` still exits 0) on projects split from a repository of their name
        (docs/routing.md, "One home"): a project no repository maps to whose slug is the name of a repository that
        has its own project, so agents in that repository never read it. One line each, naming both and the
        repository's folders. A project made elsewhere is never joined automatically (a clone of
        ``attacker/payroll`` must not join the user's ``payroll``), so this is said instead."""
        control = self.registry.control
        lines: list[str] = []
        for user in control.users():
            projects = control.projects(user.id)
            paths: dict[str, list[str]] = {}
            for project_id, path in control.project_paths(user.id):
                paths.setdefault(project_id, []).append(path)
            named: dict[str, list[Project]] = {}
            for project in projects:
                for identity in control.repository_identities(project.id):
                    name = identity.rstrip("/").rsplit("/", 1)[-1]
                    named.setdefault(kebab(name), []).append(project)
            for project in projects:
                if control.repository_identities(project.id):
                    continue
                for other in dict.fromkeys(named.get(project.slug, [])):
                    where = ", ".join(paths.get(other.id, [])) or "a repository"
                    lines.append(
                        f"project {project.slug} of {user.name} is not read in {where}, the repository of its name, "
                        f"whose project is {other.slug}: read it there with --project {project.slug} "
                        f"(a project made outside a repository is never joined automatically)"
                    )
        return lines

    def check_model(self) -> list[Finding]:
        """Probe the embedding model: ``[]`` when it works, else one ``model`` finding (see ``_check_model``)."""
        return _check_model(self)

    def examine(self, repair: bool, model_works: bool = True) -> tuple[list[StoreReport], list[str]]:
        """Check (and with ``repair`` fix) every known store (see ``_examine``).

        Raises:
            StorageError: a store cannot be opened at all.
        """
        return _examine(self, repair, model_works)
