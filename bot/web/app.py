"""The web application every bot's page shares (Starlette): the page, one POST that changes the
game, the vendored htmx; every request checked for the token (``bot.web.access``). The game's
side of each request is a ``bot.web.session.PageSession`` (the offline app runs the same one).

Each POST loads the save under its lock, lets the game's view act on it, writes it back when it
changed and answers the view's fragment: two tabs never lose each other's actions (the second
waits, then reads what the first wrote). The work of a request (tens of milliseconds) is done
on the server's one event loop, one request after the other: no thread is started (a thread
would wait on the lock no better, and would outlive the request). A refusal of the rules or a bad save is a message on
the page; anything else is a short message too, never a traceback (it is printed in the terminal).
"""

from __future__ import annotations

import html
import logging
import time
from pathlib import Path
from typing import Any, Awaitable, Callable
from urllib.parse import parse_qsl

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from bot.savelock import save_lock
from bot.web.access import (REFUSED, TOKEN_COOKIE, TOKEN_HEADER, TOKEN_PARAM, allowed, host_refused,
                            served_hosts)
from bot.web.pages import STATIC, render
from bot.web.session import PageSession
from bot.web.view import BOARD_URL, View

log = logging.getLogger("pnpkit.serve")

#: The vendored script (bot/web/static/htmx.min.js, htmx 2.0.11, 0BSD licence beside it).
HTMX = "htmx.min.js"
FORM_LIMIT = 4096            # bytes of a POST's form: a tap is a few words
FORM_TYPE = "application/x-www-form-urlencoded"


class TooLarge(Exception):
    """A request body past FORM_LIMIT: refused before more of it is read."""


async def bounded_body(request: Request, limit: int = FORM_LIMIT) -> bytes:
    """The body of a POST, refused (TooLarge) before it is read when its Content-Length says
    more than ``limit``, and as soon as a chunked body's running size passes it: a huge body
    never reaches memory."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.strip().isdigit() or int(declared) > limit):
        raise TooLarge
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise TooLarge
    return bytes(body)


def make_app(view: View[Any], save: Path, token: str, options: dict[str, Any] | None = None,
             hosts: frozenset[str] | None = None) -> Starlette:
    """The page for the game saved in ``save``, played through ``view``; it answers to
    ``hosts`` (``bot.web.access.served_hosts``; by default this computer's own names). The
    game's work is a ``PageSession`` under the terminal's file lock; this adds the web: the
    token, the host guard, the body's bound, gzip."""
    answered = hosts if hosts is not None else served_hosts()
    session = PageSession(view, save, token, options, lock=save_lock)

    async def page(request: Request) -> Response:
        status, body = session.page()
        response = HTMLResponse(body, status_code=status)
        if status == 200:
            response.set_cookie(TOKEN_COOKIE, token, httponly=True, samesite="strict")
        return response

    async def board(request: Request) -> Response:
        """The board picture; a save that is missing, broken or a folder is a 4xx with words."""
        status, body, media_type = session.board()
        if status != 200:
            return HTMLResponse(body.decode(), status_code=status)
        return Response(body, media_type=media_type, headers={"Cache-Control": "private, max-age=3600"})

    async def post(request: Request) -> Response:
        kind = request.headers.get("content-type", FORM_TYPE).split(";")[0].strip().lower()
        if kind != FORM_TYPE:
            return HTMLResponse(render("problem.html", message=f"a tap is sent as a form ({FORM_TYPE})"),
                                status_code=415)
        try:
            body = await bounded_body(request)
        except TooLarge:
            return HTMLResponse(render("problem.html", message=f"request too large: a tap is at most {FORM_LIMIT} "
                                                               "bytes"), status_code=413,
                                headers={"Connection": "close"})
        try:
            fields = dict(parse_qsl(body.decode("utf-8"), keep_blank_values=True, max_num_fields=50))
        except (UnicodeDecodeError, ValueError):
            return HTMLResponse(render("problem.html", message="a tap is a form of a few fields in UTF-8"),
                                status_code=400)
        start = time.perf_counter()
        status, fragment = session.act(fields)
        ms = (time.perf_counter() - start) * 1000
        if status != 200:
            return HTMLResponse(fragment, status_code=status)
        log.info("%s %.0f ms", fields.get("op", ""), ms)
        return HTMLResponse(fragment, headers={"Server-Timing": f"app;dur={ms:.1f}"})      # the tap's server time

    async def script(request: Request) -> Response:
        return Response((STATIC / HTMX).read_bytes(), media_type="text/javascript",
                        headers={"Cache-Control": "private, max-age=86400"})

    async def guard(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        wrong_host = host_refused(answered, request.headers.get("host"))
        if wrong_host:
            return HTMLResponse(f"<!doctype html><meta charset=utf-8><title>pnpkit: wrong host</title><p>"
                                f"{html.escape(wrong_host)}</p>", status_code=421)
        if not allowed(token, request.method, request.query_params.get(TOKEN_PARAM),
                       request.headers.get(TOKEN_HEADER), request.cookies.get(TOKEN_COOKIE)):
            return HTMLResponse(REFUSED, status_code=403)
        try:
            return await call_next(request)
        except Exception:                       # never a traceback on the page: it goes to the terminal
            log.exception("serving %s failed", request.url.path)
            return HTMLResponse(render("problem.html", message="something went wrong on the server (the "
                                                               "terminal says what): reload the page"), status_code=500)

    return Starlette(routes=[Route("/", page), Route("/act", post, methods=["POST"]),
                             Route(f"/static/{HTMX}", script), Route(BOARD_URL, board)],
                     middleware=[Middleware(GZipMiddleware, minimum_size=1000),
                                 Middleware(BaseHTTPMiddleware, dispatch=guard)])
