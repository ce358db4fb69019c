"""Who may use the page: whoever holds its token (``secrets.token_urlsafe``), printed in the
terminal in the page's URL. A GET carries it in the URL (``?t=``) or in the cookie the page sets
(same site only, for the board picture); a POST, the only kind of request that changes the
save, in the ``X-Token`` header, which another web site's page cannot set on a request to this
one (a cross-site POST is refused even on 127.0.0.1)."""

from __future__ import annotations

import secrets

TOKEN_PARAM = "t"
TOKEN_HEADER = "X-Token"
TOKEN_COOKIE = "pnpkit_token"


def new_token() -> str:
    return secrets.token_urlsafe(18)


def allowed(token: str, method: str, query: str | None, header: str | None, cookie: str | None = None) -> bool:
    """Whether a request may go on: GET/HEAD with the token in the URL, header or cookie, POST
    with it in the header; every other method refused."""
    if method in ("GET", "HEAD"):
        given = header or query or cookie
    elif method == "POST":
        given = header
    else:
        return False
    return given is not None and secrets.compare_digest(given.encode(), token.encode())


REFUSED = ("<!doctype html><meta charset=utf-8><title>pnpkit: no entry</title>"
           "<p style='font:1.3rem sans-serif;margin:2rem'>This page needs its link with the token, as "
           "printed in the terminal by <code>pnpkit ... serve</code>.</p>")


def url(host: str, port: int, token: str) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/?{TOKEN_PARAM}={token}"
