"""Who may use the page: whoever holds its token (``secrets.token_urlsafe``), printed in the
terminal in the page's URL. A GET carries it in the URL (``?t=``) or in the cookie the page sets
(same site only, for the board picture); a POST, the only kind of request that changes the
save, in the ``X-Token`` header, which another web site's page cannot set on a request to this
one (a cross-site POST is refused even on 127.0.0.1)."""

from __future__ import annotations

import secrets

from generator.core.limits import excerpt
from typing import Iterable

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


#: The names this computer answers to itself: the page serves them always.
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")


def host_name(header: str | None) -> str:
    """The name of a ``Host`` header without its port (``[::1]:8520`` is ``::1``), lower case."""
    text = (header or "").strip().lower()
    if text.startswith("["):
        return text[1:text.find("]")] if "]" in text else text
    return text.rsplit(":", 1)[0] if text.count(":") == 1 else text


def served_hosts(bound: Iterable[str] = (), allowed_names: Iterable[str] = ()) -> frozenset[str]:
    """The hosts a page answers to: this computer's own names, the addresses it is bound to
    and the names the player allowed (``--allow-host``)."""
    return frozenset(host_name(h) for h in (*LOCAL_HOSTS, *bound, *allowed_names) if h)


def host_refused(hosts: frozenset[str], header: str | None) -> str | None:
    """Why a request's ``Host`` is refused, or None: a page answers only at the names it
    serves on, so a page of another site whose name was pointed at this computer (DNS
    rebinding) is not answered whatever it sends."""
    name = host_name(header)
    if name in hosts:
        return None
    return (f"This page does not answer to the host name {excerpt(name) if name else '(none)'}: open it at "
            f"{', '.join(sorted(hosts))} (a name of your own: serve --allow-host NAME).")


def url(host: str, port: int, token: str) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/?{TOKEN_PARAM}={token}"
