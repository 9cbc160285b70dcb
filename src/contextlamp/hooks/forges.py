"""One identity per repository across the URL forms its forge documents (issue #27.3; docs/hooks.md, "Projects
from repositories"; breaker stop 39 section 10).

A network remote's identity is ``git:<host>[:<port>]/<path>`` (``hooks.repo.normalised_remote`` reads the URL):

- **Port.** A port that is not its scheme's default (``https`` 443, ``http`` 80, ``ssh``/``git+ssh`` 22, ``git``
  9418; RFC 3986 section 6.2.3) is part of the identity: two forges on one host (``https://forge.lan:3000`` and
  ``https://forge.lan:8080``) are two. Default ports are dropped, so ``git@host:a/b`` (SSH, port 22) and
  ``https://host/a/b`` (port 443) stay one repository.
- **www.** ``www.<host>`` is ``<host>`` (``https://www.github.com/acme/payroll`` is GitHub's ``acme/payroll``;
  every forge serves its repositories under both names), so a clone made from a browser's address bar joins the
  others.
- **Forge forms.** Where a forge documents several addresses for one repository, they map to one (the table is
  in docs/routing.md, "One identity per repository"): Azure DevOps' ``dev.azure.com/<org>/<project>/_git/<repo>``,
  ``ssh.dev.azure.com:v3/<org>/<project>/<repo>``, ``<org>.visualstudio.com/[DefaultCollection/]<project>/_git/
  <repo>`` and ``vs-ssh.visualstudio.com:v3/…`` are ``git:dev.azure.com/<org>/<project>/<repo>``; the SSH-over-443
  hosts ``ssh.github.com``, ``altssh.gitlab.com`` and ``altssh.bitbucket.org`` are their forge's host; AWS
  CodeCommit's ``codecommit::<region>://[profile@]<repo>`` is its HTTPS address's identity.

Identities stored by an older version (port dropped, no forge forms: ``former_identity``) still find their project
(``Scope._mapped_project`` looks them up when the current identity maps to none, and maps the current one to it).
"""

from __future__ import annotations

import re
from urllib.parse import unquote

DEFAULT_PORTS = {"http": 80, "https": 443, "ssh": 22, "git+ssh": 22, "ssh+git": 22, "git": 9418}
# hosts that are another address of a forge's SSH endpoint (SSH over port 443), and the forge they belong to
SSH_ALIASES = {
    "ssh.github.com": "github.com",
    "altssh.gitlab.com": "gitlab.com",
    "altssh.bitbucket.org": "bitbucket.org",
}
AZURE = "dev.azure.com"
WWW = "www."  # dropped before a host of two labels or more: a forge's web name is its host's
_AZURE_LEGACY = re.compile(r"(?P<org>[a-z0-9][a-z0-9-]*)\.visualstudio\.com")
_CODECOMMIT = re.compile(r"codecommit::(?P<region>[a-z0-9-]+)://(?:[^@/]+@)?(?P<repo>[^/@]+?)/?", re.IGNORECASE)


def codecommit_identity(url: str) -> str | None:
    """The identity of a git-remote-codecommit URL (``codecommit::<region>://[profile@]<repo>``) as its HTTPS
    form's, else None (any other text; the region-less ``codecommit://`` form names no host and is not read)."""
    found = _CODECOMMIT.fullmatch(url.strip())
    if found is None:
        return None
    return f"git:git-codecommit.{found['region'].lower()}.amazonaws.com/v1/repos/{found['repo'].lower()}"


def network_identity(scheme: str | None, host: str, port: int | None, path: str) -> str | None:
    """The identity of a network remote (module doc): ``scheme`` the URL's (None for scp-like ``host:path``,
    which is SSH), ``host`` as written, ``port`` the URL's or None, ``path`` percent-decoded for URLs. None when
    no host or path is left. Linear in the path's length."""
    host = host.strip("[]").rstrip(".").lower()
    if host.startswith(WWW) and host.count(".") >= 2:  # the same site: www.github.com serves github.com
        host = host[len(WWW) :]
    segments = _segments(path)
    if not host or not segments:
        return None
    azure = _azure(host, segments)
    if azure is not None:
        return azure
    if host in SSH_ALIASES:
        return f"git:{SSH_ALIASES[host]}/{'/'.join(segments)}"
    default = DEFAULT_PORTS.get((scheme or "ssh").lower())
    kept = f":{port}" if port is not None and port != default else ""
    return f"git:{host}{kept}/{'/'.join(segments)}"


def former_identity(host: str, path: str) -> str | None:
    """The identity an older version stored for a network remote (port dropped, no forge forms), so a mapping
    made then is still found; None when no host or path is left."""
    host = host.strip("[]").rstrip(".").lower()
    segments = _segments(path)
    return f"git:{host}/{'/'.join(segments)}" if host and segments else None


def _segments(path: str) -> list[str]:
    cleaned = "/".join(p for p in path.replace("\\", "/").split("/") if p and p != ".")
    if cleaned.endswith(".git"):
        cleaned = cleaned[:-4]
    return [p for p in cleaned.strip("/").lower().split("/") if p]


def _azure(host: str, segments: list[str]) -> str | None:
    """``git:dev.azure.com/<org>/<project>/<repo>`` for an Azure DevOps address (module doc), else None."""
    parts = [unquote(p) for p in segments]
    if host in ("ssh.dev.azure.com", "vs-ssh.visualstudio.com"):
        if len(parts) == 4 and parts[0] == "v3":
            return _azure_identity(parts[1], parts[2], parts[3])
        return None
    legacy = _AZURE_LEGACY.fullmatch(host)
    if host == AZURE and parts:
        org, rest = parts[0], parts[1:]
    elif legacy is not None and legacy["org"] != "vs-ssh":
        org, rest = legacy["org"], parts[1:] if parts and parts[0] == "defaultcollection" else parts
    else:
        return None
    if "_git" not in rest:
        return None
    at = rest.index("_git")
    after = [p for p in rest[at + 1 :] if p not in ("_optimized", "_full")]
    if at > 1 or len(after) != 1:
        return None
    project = rest[0] if at == 1 else after[0]  # ``org/_git/repo``: the project has the repository's name
    return _azure_identity(org, project, after[0])


def _azure_identity(org: str, project: str, repo: str) -> str:
    return f"git:{AZURE}/{org}/{project}/{repo}"
