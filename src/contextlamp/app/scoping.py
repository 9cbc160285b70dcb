"""Which stores a call may touch: the caller's personal store, their projects (by id or slug, created on
first save, or the project of the repository a local server runs in) and their teams. A collaborator of
``MemoryService`` (app/service.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from contextlamp.app.state import MAX_SLUG_CHARS, Caller, RepositoryRef
from contextlamp.app.validate import Arguments
from contextlamp.domain.models import Entry, Principal
from contextlamp.domain.rules import is_expired
from contextlamp.errors import InvalidArgumentError
from contextlamp.retrieval.search import ScopedStore
from contextlamp.storage import Project, Store, StoreRegistry, Team
from contextlamp.text import kebab


class Scope:
    """The stores a caller may touch, over ``registry`` (its control plane holds users, projects, teams and
    repository mappings); references are checked by ``arguments``; ``clock`` gives ms since the epoch."""

    def __init__(self, registry: StoreRegistry, arguments: Arguments, clock: Callable[[], int]) -> None:
        self.registry = registry
        self.arguments = arguments
        self.clock = clock

    def principal(self, user_name: str) -> Principal:
        """The principal for a local user name, registering the user on first sight."""
        return Principal(user_id=self.registry.control.ensure_user(user_name, self.clock()), name=user_name)

    def project(self, principal: Principal, ref: Any, create: bool) -> Project | None:
        """The principal's project named by ``ref`` (id or slug; None when ``ref`` is None), created with
        ``create`` when a new slug names none.

        Raises:
            InvalidArgumentError: not a reference, or (without ``create``, or for an id) names none of theirs.
        """
        if ref is None:
            return None
        raw = self.arguments.ref("project", ref)
        if not raw:
            raise InvalidArgumentError("project", "must be a project id (prj_…) or slug, got an empty string")
        control = self.registry.control
        found = control.find_project(principal.user_id, raw)
        if found is None and not raw.startswith("prj_"):
            found = control.find_project(principal.user_id, kebab(raw))
        if found is not None:
            return found
        slug = kebab(raw)
        if not create or raw.startswith("prj_"):  # never repeats the value: it may be a pasted credential
            raise InvalidArgumentError("project", "names none of your projects (give the id or slug of one of them)")
        if not slug:
            raise InvalidArgumentError("project", "a new project's slug needs at least one letter or digit")
        if len(slug) > MAX_SLUG_CHARS:
            raise InvalidArgumentError("project", f"a slug is at most {MAX_SLUG_CHARS} characters")
        return control.create_project(principal.user_id, slug, self.clock())

    def named_project(self, caller: Caller, ref: Any) -> Project | None:
        """The project a save names (``project``, created on first use), which becomes the home of the caller's
        repository (``Caller.repository``) when that repository has none yet and the named project has the
        repository's name (``RepositoryRef.name``) and no repository: ``save --project payroll`` typed in the
        payroll repository before any hook ran there is its project, never a second one beside it (breaker stop
        38 finding 2; docs/routing.md). A project another repository maps to is never joined this way.

        Raises:
            InvalidArgumentError: as ``project``.
        """
        found = self.project(caller.principal, ref, create=True)
        repository = caller.repository
        if found is None or repository is None or found.slug != repository.name:
            return found
        owner = caller.principal.user_id
        if self._mapped_project(owner, repository) is not None or self.registry.control.repository_identities(found.id):
            return found
        return self.project_for_repository(caller, repository, found.slug)

    def project_for_repository(self, caller: Caller, repository: RepositoryRef, slug: str | None = None) -> Project:
        """The caller's project for ``repository`` (issues #15.4, #27.3): the project its identity maps to; else
        the project its folder was mapped to before identities were recorded (a mapping made by an older version,
        adopted once, unless that project already belongs to another identity: a folder reused by another
        repository); else a new project, mapped to the identity from now on. The new project is ``slug`` when
        given (created on first use, as saving to a new slug does: an import that wrote into it), else the
        repository's name when no project has that slug, then ``<owner>-<name>``, then ``<name>-2``, ...: never
        an existing project by name, so a clone of ``attacker/payroll`` does not join the user's ``payroll``.
        The folder is mapped to the project too (``contextlamp projects`` shows it).

        Raises:
            InvalidArgumentError: ``slug`` has no letter or digit, or is longer than a slug may be.
        """
        control = self.registry.control
        owner = caller.principal.user_id
        now = self.clock()
        found = self._mapped_project(owner, repository)
        if found is None:
            if slug is not None:
                target = self.project(caller.principal, slug, create=True)
                assert target is not None  # a slug always names (or creates) a project
            else:
                target = control.create_project(owner, self._free_slug(owner, repository), now)
            found = control.map_repository(owner, repository.identity, target.id, now)
        mapped = control.project_for_path(owner, repository.root)
        if mapped is None or mapped.id != found.id:
            control.map_path(owner, repository.root, found.id, now)
        return found

    def repository_project_of(self, caller: Caller) -> Project | None:
        """The project the caller's repository (``Caller.repository``) maps to, else None; creates no project
        (a folder mapping of an older version is adopted, ``project_for_repository``)."""
        return self.repository_project(caller, create=False)

    def unread_namesake(self, caller: Caller, home: Project) -> Project | None:
        """The caller's project of the caller's repository's name that the repository does not read
        (docs/routing.md, "One home"): its slug is ``RepositoryRef.name``, it is not ``home`` (the repository's
        project) and no repository maps to it (made with ``--project`` outside any). None when there is none, or
        the caller has no repository. The read-only session start asks the same
        (``storage.readonly.ReadOnlyHome.unread_namesake``)."""
        repository = caller.repository
        if repository is None or home.slug == repository.name:
            return None
        control = self.registry.control
        found = control.find_project(caller.principal.user_id, repository.name)
        if found is None or found.id == home.id or found.slug != repository.name:
            return None
        return None if control.repository_identities(found.id) else found

    def free_project_slug(self, principal: Principal, repository: RepositoryRef) -> str:
        """The slug a new project for ``repository`` would get (``project_for_repository``)."""
        return self._free_slug(principal.user_id, repository)

    def repository_project(self, caller: Caller, create: bool) -> Project | None:
        """The project of the repository the caller's local server runs in (``Caller.repository``): the one it
        maps to (None when it maps to none and ``create`` is false), or with ``create`` the one
        ``project_for_repository`` makes. None for a caller without a repository (HTTP, the CLI)."""
        if caller.repository is None:
            return None
        if create:
            return self.project_for_repository(caller, caller.repository)
        return self._mapped_project(caller.principal.user_id, caller.repository)

    def _mapped_project(self, owner: str, repository: RepositoryRef) -> Project | None:
        """The project ``repository``'s identity maps to, else the one an identity an older version gave it maps
        to (``RepositoryRef.former``, then mapped to the current identity too), adopting a folder mapping made
        before identities (``project_for_repository``), else None."""
        control = self.registry.control
        found = control.project_for_repository(owner, repository.identity)
        if found is not None:
            return found
        for former in repository.former:  # an identity an older version stored (hooks/forges.py): keep its project
            found = control.project_for_repository(owner, former)
            if found is not None:
                return control.map_repository(owner, repository.identity, found.id, self.clock())
        legacy = control.project_for_path(owner, repository.root)
        if legacy is not None and not control.repository_identities(legacy.id):
            return control.map_repository(owner, repository.identity, legacy.id, self.clock())
        return None

    def _free_slug(self, owner: str, repository: RepositoryRef) -> str:
        """The first slug no project of ``owner`` has: the repository's name, ``<owner>-<name>``, ``<name>-2``..."""
        name = kebab(repository.name)[:MAX_SLUG_CHARS].strip("-") or "repository"
        candidates = [name]
        if repository.owner and kebab(repository.owner):
            candidates.append(f"{kebab(repository.owner)}-{name}"[:MAX_SLUG_CHARS].strip("-"))
        control = self.registry.control
        for slug in candidates:
            if control.find_project(owner, slug) is None:
                return slug
        number = 2
        while True:
            suffix = f"-{number}"
            slug = name[: MAX_SLUG_CHARS - len(suffix)].strip("-") + suffix
            if control.find_project(owner, slug) is None:
                return slug
            number += 1

    def team(self, principal: Principal, ref: Any, field: str = "team") -> tuple[Team, str]:
        """The caller's team with id or slug ``ref`` and the caller's role in it. A team the caller is not in
        gets the same error as a team that does not exist."""
        raw = self.arguments.ref(field, ref)
        for team, role in self.registry.control.memberships(principal.user_id):
            if raw in (team.id, team.slug) or (raw and kebab(raw) == team.slug):
                return team, role
        raise InvalidArgumentError(field, "names none of your teams (give the id or slug of one of them)")

    def team_stores(self, principal: Principal) -> list[ScopedStore]:
        """The stores of every team the principal belongs to, scoped ``team:<id>``."""
        return [self.team_scoped(team) for team, _ in self.registry.control.memberships(principal.user_id)]

    def team_scoped(self, team: Team) -> ScopedStore:
        """``team``'s store, scoped ``team:<id>``."""
        return ScopedStore(self.registry.store(team.id), f"team:{team.id}", 2)

    def personal(self, principal: Principal) -> ScopedStore:
        """The principal's personal store, scoped ``personal``."""
        return ScopedStore(self.registry.store(principal.user_id), "personal", 0)

    def scoped(self, project: Project) -> ScopedStore:
        """``project``'s store, scoped ``project:<id>``."""
        return ScopedStore(self.registry.store(project.id), f"project:{project.id}", 1)

    def find(self, principal: Principal, entry_id: str, project: Any) -> tuple[Store, Entry] | None:
        """The live entry ``entry_id`` and its store: in ``project`` when given, else in the principal's personal
        store or any of their projects; None when there is none (expired tasks count as gone).

        Raises:
            InvalidArgumentError: ``project`` is not a reference to one of the principal's projects.
        """
        target = self.project(principal, project, create=False)
        if target is not None:
            candidates = [self.scoped(target).store]
        else:
            candidates = [self.personal(principal).store]
            candidates += [self.scoped(p).store for p in self.registry.control.projects(principal.user_id)]
        now = self.clock()
        for store in candidates:
            entry = store.get(entry_id)
            if entry is not None and not is_expired(entry, now):
                return store, entry
        return None

    def find_team_learning(self, principal: Principal, entry_id: str) -> tuple[Store, Entry] | None:
        """A team learning the caller may forget: theirs, or any in a team they administer.

        Raises:
            InvalidArgumentError: the caller is a member who neither contributed it nor administers the team.
        """
        now = self.clock()
        for team, role in self.registry.control.memberships(principal.user_id):
            store = self.registry.store(team.id)
            entry = store.get(entry_id)
            if entry is None or is_expired(entry, now):
                continue
            if entry.contributed_by != principal.user_id and role != "admin":
                raise InvalidArgumentError(
                    "id",
                    f"{entry_id} is a learning of team {team.slug}: only its contributor or a team admin can forget it",
                )
            return store, entry
        return None

    def learnings(self, principal: Principal, refs: Sequence[tuple[str, str]]) -> list[Entry]:
        """The entries behind ``(store_id, entry_id)`` refs that still exist in the principal's own stores,
        in ref order, expired tasks left out; one ownership look-up and one read per store."""
        owned = {principal.user_id} | {p.id for p in self.registry.control.projects(principal.user_id)}
        by_store: dict[str, list[str]] = {}
        for store_id, entry_id in refs:
            if store_id in owned:
                by_store.setdefault(store_id, []).append(entry_id)
        found: dict[tuple[str, str], Entry] = {}
        now = self.clock()
        for store_id, ids in by_store.items():
            entries = self.registry.store(store_id).entries(ids).items()
            found.update(((store_id, i), e) for i, e in entries if not is_expired(e, now))
        return [found[ref] for ref in refs if ref in found]

    def projects(self, principal: Principal) -> list[Project]:
        """The principal's projects, oldest first."""
        return self.registry.control.projects(principal.user_id)

    def team_memberships(self, principal: Principal) -> list[tuple[Team, str]]:
        """The teams the principal belongs to, with their role in each (``admin`` or ``member``)."""
        return self.registry.control.memberships(principal.user_id)

    def project_paths(self, principal: Principal) -> dict[str, list[str]]:
        """The repository folders mapped to each of the principal's projects: ``{project id: [path, ...]}``,
        oldest mapping first; a project no repository maps to is absent."""
        paths: dict[str, list[str]] = {}
        for project_id, path in self.registry.control.project_paths(principal.user_id):
            paths.setdefault(project_id, []).append(path)
        return paths
