"""The web application every bot's page shares (Starlette): the page, one POST that changes the
game, the vendored htmx; every request checked for the token (``bot.web.access``).

Each POST loads the save under its lock, lets the game's view act on it, writes it back when it
changed and answers the view's fragment: two tabs never lose each other's actions (the second
waits, then reads what the first wrote). The work of a request (tens of milliseconds) is done
on the server's one event loop, one request after the other: no thread is started (a thread
would wait on the lock no better, and would outlive the request). A refusal of the rules or a bad save is a message on
the page; anything else is a short message too, never a traceback (it is printed in the terminal).
"""

from __future__ import annotations

import hashlib

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

from bot.errors import ActionSyntaxError, RuleError
from bot.save import save_lock
from bot.web import checklist
from bot.web.access import (REFUSED, TOKEN_COOKIE, TOKEN_HEADER, TOKEN_PARAM, allowed, host_refused,
                            served_hosts)
from bot.web.pages import STATIC, render
from bot.web.view import BEHIND, BOARD_URL, Shown, View, position_mark
from generator.core.errors import DataError

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
    ``hosts`` (``bot.web.access.served_hosts``; by default this computer's own names)."""
    load_options = dict(options or {})
    answered = hosts if hosts is not None else served_hosts()

    def problem_page(message: str) -> str:
        return render("page.html", title=view.title, token=token, body=render("problem.html", message=message))

    kept: dict[str, Any] = {}          # the game last read or written, and the save's file as it was then

    def signature() -> str:
        """The save as it is now: its bytes' digest (a command in a terminal may write other
        bytes of the same size within the same tick of the clock)."""
        return hashlib.sha256(save.read_bytes()).hexdigest()

    def load() -> Any:
        """The saved game (under the lock): replayed from the save, unless the file is still
        the one this server last read or wrote (a command in a terminal writes a new file)."""
        sig = signature() if save.exists() else None
        if sig is None or kept.get("signature") != sig:
            kept.clear()
            game = view.bot.load(save, **load_options)
            kept.update(signature=sig, game=game)
        return kept["game"]

    def written(game: Any) -> None:
        view.bot.write(game, save)
        kept.update(signature=signature(), game=game)

    def remembered(game: Any, shown: Shown) -> Shown:
        """``shown`` with its new checklist kept beside the save, or, when it has none, the one
        kept for this position (a reloaded tab shows it again, with its ticks)."""
        at = position_mark(game.log)
        if shown.table:
            checklist.write(save, checklist.Checklist(at, shown.table_title, list(shown.table)))
            shown.ticked = []
        elif (kept := checklist.read(save, at)) is not None:
            shown.table, shown.table_title, shown.ticked = kept.lines, kept.title, kept.ticked
        return shown

    async def page(request: Request) -> Response:
        try:
            with save_lock(save):
                game = load()
                shown = remembered(game, Shown())
            body = view.fragment(game, shown)
        except (DataError, RuleError, ActionSyntaxError) as err:
            return HTMLResponse(problem_page(str(err)), status_code=409)
        except OSError as err:
            return HTMLResponse(problem_page(unreadable(err)), status_code=unreadable_status(err))
        response = HTMLResponse(render("page.html", title=view.title, token=token, body=body))
        response.set_cookie(TOKEN_COOKIE, token, httponly=True, samesite="strict")
        return response

    def unreadable(err: OSError) -> str:
        return f"cannot read the save {save}: {err.strerror or err}"

    def unreadable_status(err: OSError) -> int:
        return 404 if isinstance(err, FileNotFoundError) else 409

    async def board(request: Request) -> Response:
        """The board picture; a save that is missing, broken or a folder is a 4xx with words."""
        try:
            with save_lock(save):
                game = load()
        except (DataError, RuleError, ActionSyntaxError) as err:
            return HTMLResponse(render("problem.html", message=str(err)), status_code=409)
        except OSError as err:
            return HTMLResponse(render("problem.html", message=unreadable(err)), status_code=unreadable_status(err))
        return Response(view.board(game), media_type="image/svg+xml", headers={"Cache-Control": "private, max-age=3600"})

    def act(form: dict[str, str]) -> tuple[str, float]:
        start = time.perf_counter()
        with save_lock(save):
            game = load()
            if form.get("at") and form["at"] != position_mark(game.log):      # made on another position
                return view.fragment(game, remembered(game, Shown(error=BEHIND))), (time.perf_counter() - start) * 1000
            if form.get("op") == "tick":                  # a line of the checklist ticked: the page's memory only
                index = form.get("index", "")
                checklist.tick(save, position_mark(game.log), int(index) if index.isdigit() else -1)
                return view.fragment(game, remembered(game, Shown())), (time.perf_counter() - start) * 1000
            try:
                after, shown = view.handle(game, form)
            except (RuleError, ActionSyntaxError) as err:        # refused: the game is as it was
                after, shown = game, Shown(error=str(err), selected=form.get("sel", ""))
            except BaseException:
                kept.clear()                                       # half-changed, maybe: read the save again
                raise
            if after is not game or shown.changed:
                written(after)
            shown_html = view.fragment(after, remembered(after, shown))
        ms = (time.perf_counter() - start) * 1000
        log.info("%s %.0f ms", form.get("op", ""), ms)
        return shown_html, ms

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
        try:
            page, ms = act(fields)
        except (DataError, RuleError, ActionSyntaxError) as err:
            return HTMLResponse(render("problem.html", message=str(err)), status_code=409)
        except OSError as err:
            return HTMLResponse(render("problem.html", message=unreadable(err)), status_code=unreadable_status(err))
        return HTMLResponse(page, headers={"Server-Timing": f"app;dur={ms:.1f}"})      # the tap's server time

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
