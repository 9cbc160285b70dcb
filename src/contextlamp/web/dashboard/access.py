"""Who may act as the signed-in user: personal access tokens and connected apps (OAuth grants).

- ``GET /tokens``: the user's tokens (``Accounts.tokens``: name, created, expiry, last use, state; never a token
  itself, only its hash is stored); ``POST /tokens``: a new one (``Accounts.create_token``; name and lifetime
  from ``LIFETIMES``) once the user typed their password again (``WebPages.confirm_password``: a token outlives
  the session, so a stolen session must not mint one), shown on the answer page once and never again (the page
  is ``no-store``);
  ``POST /tokens/{id}/revoke``: revoke one of the user's tokens (``Accounts.revoke_token(id, user)``).
- ``GET /apps``: the apps the user connected through the OAuth sign-in (``OAuthService.connected_apps``: the
  client's self-declared name, redirect URIs, when connected and last used); ``POST /apps/{id}/revoke``:
  disconnect one (``OAuthService.revoke_app``: every token of that grant stops working at once).

Every POST carries the session's CSRF token and comes from this server's origin (``Board.action``); an id of
someone else's token or app gets the not-found page, exactly like an unknown one.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from contextlamp.app.accounts import parse_duration
from contextlamp.errors import InvalidArgumentError
from contextlamp.web.dashboard.board import Board, Signed

# The lifetimes offered for a new token: (value for parse_duration, label). The first is the default, the CLI's
# (``contextlamp token create --expires-in 90d``).
LIFETIMES: tuple[tuple[str, str], ...] = (
    ("90d", "90 days"),
    ("30d", "30 days"),
    ("7d", "7 days"),
    ("365d", "1 year"),
    ("never", "never expires"),
)


def routes(board: Board) -> list[Route]:
    """``/tokens``, ``/tokens/{token_id}/revoke``, ``/apps``, ``/apps/{grant_id}/revoke``."""
    accounts = board.wired.accounts
    oauth = board.wired.oauth

    async def tokens_page(
        request: Request, signed: Signed, status: int = 200, issued: str = "", error: str = "", name: str = ""
    ) -> Response:
        found = await board.call(accounts.tokens, signed.user.id)
        now = accounts.clock()
        rows = [(t, _state(t.revoked_at, t.expires_at, now)) for t in reversed(found)]  # newest first
        return board.render(
            request,
            signed,
            "tokens.html",
            status=status,
            tokens=rows,
            lifetimes=LIFETIMES,
            issued=issued,
            error=error,
            given=name,
        )

    async def tokens(request: Request, signed: Signed) -> Response:
        return await tokens_page(request, signed)

    async def create(request: Request, signed: Signed, form: dict[str, str]) -> Response:
        name = form.get("name", "").strip()
        lifetime = form.get("expires_in", LIFETIMES[0][0])
        # a token outlives the session (for ever, at most): a stolen or forgotten session must not mint one
        wrong = await board.pages.confirm_password(request, signed.user, form.get("password", ""))
        if wrong:
            return await tokens_page(request, signed, 400, error=wrong, name=name[:100])
        try:
            if lifetime not in {value for value, _label in LIFETIMES}:
                allowed = ", ".join(value for value, _label in LIFETIMES)
                raise InvalidArgumentError("expires_in", f"allowed values: {allowed}")
            issued = await board.call(accounts.create_token, signed.user.id, name, parse_duration(lifetime))
        except InvalidArgumentError as exc:  # said on the page, the name kept
            return await tokens_page(request, signed, 400, error=str(exc), name=name[:100])
        return await tokens_page(request, signed, issued=issued.token)

    async def revoke(request: Request, signed: Signed, _form: dict[str, str]) -> Response:
        token_id = str(request.path_params["token_id"])
        record = await board.call(accounts.revoke_token, token_id, signed.user.id)  # NotFoundError: 404 page
        return board.render(request, signed, "revoked.html", what="Token", label=record.name, back="/tokens")

    async def apps(request: Request, signed: Signed) -> Response:
        found = await board.call(oauth.connected_apps, signed.user.id)
        return board.render(request, signed, "apps.html", apps=found)

    async def disconnect(request: Request, signed: Signed, _form: dict[str, str]) -> Response:
        grant_id = str(request.path_params["grant_id"])
        mine = {a.grant.id: a.client_name for a in await board.call(oauth.connected_apps, signed.user.id)}
        await board.call(oauth.revoke_app, signed.user.id, grant_id)  # NotFoundError: the 404 page
        return board.render(request, signed, "revoked.html", what="App", label=mine.get(grant_id, ""), back="/apps")

    return [
        Route("/tokens", board.page(tokens), methods=["GET"]),
        Route("/tokens", board.action(create), methods=["POST"]),
        Route("/tokens/{token_id}/revoke", board.action(revoke), methods=["POST"]),
        Route("/apps", board.page(apps), methods=["GET"]),
        Route("/apps/{grant_id}/revoke", board.action(disconnect), methods=["POST"]),
    ]


def _state(revoked_at: int | None, expires_at: int | None, now: int) -> str:
    """``revoked``, ``expired`` or ``active`` (the CLI's ``token list`` words)."""
    if revoked_at is not None:
        return "revoked"
    return "expired" if expires_at is not None and expires_at <= now else "active"
