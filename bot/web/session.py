"""One page's game, apart from any web server: the save read and kept by its bytes' digest,
written back when a tap changed the game, the checklist remembered beside it, a tap that was
made on another position refused, and every refusal or bad save said in words.

The server (``bot.web.app``, Starlette) and the offline app (``bot.web.browser``, Pyodide) are
thin adapters over ``PageSession``: the same answers from the same save. The save's lock is a
seam (``lock``) chosen by the entry point: the server passes the file lock of the terminal's
commands (``bot.savelock.save_lock``); the browser, one thread and no terminal beside it, none.
This module imports only the standard library and our own pure modules (the browser's rule,
docs/architecture.md).
"""

from __future__ import annotations

import hashlib
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any, Callable, Mapping

from bot.errors import ActionSyntaxError, RuleError
from bot.web import checklist
from bot.web.pages import render
from bot.web.view import BEHIND, Shown, View, position_mark
from generator.core.errors import DataError

#: A save's lock: a context held while the save is read, changed and written.
Lock = Callable[[Path], AbstractContextManager[Any]]
#: The answers a session gives: (HTTP status, html).
Answer = tuple[int, str]

SVG_TYPE = "image/svg+xml"
HTML_TYPE = "text/html; charset=utf-8"


def no_lock(save: Path) -> AbstractContextManager[Any]:
    """The lock of a page that is the save's only user (the browser: one thread, no terminal)."""
    return nullcontext()


class PageSession:
    """The page of the game saved in ``save``, played through ``view``: ``page()`` (the whole
    page), ``act(form)`` (one tap: the page's fragment), ``board()`` (the board's art). Each
    answer is a status and a body; a refusal, a bad or missing save is a status of 4xx with a
    message in words (never a traceback). ``token`` is written into the page (its POSTs carry
    it); ``options`` are the bot's load options (``Bot.load``)."""

    def __init__(self, view: View[Any], save: Path, token: str = "", options: Mapping[str, Any] | None = None,
                 lock: Lock = no_lock) -> None:
        self.view, self.save, self.token = view, Path(save), token
        self.options = dict(options or {})
        self.lock = lock
        self._kept: dict[str, Any] = {}      # the game last read or written, and the save's digest then

    # -- the save ----------------------------------------------------------------------
    def _signature(self) -> str:
        """The save as it is now: its bytes' digest (a command in a terminal may write other
        bytes of the same size within the same tick of the clock)."""
        return hashlib.sha256(self.save.read_bytes()).hexdigest()

    def load(self) -> Any:
        """The saved game (call under the lock): replayed from the save, unless the file is
        still the one this session last read or wrote."""
        sig = self._signature() if self.save.exists() else None
        if sig is None or self._kept.get("signature") != sig:
            self._kept.clear()
            game = self.view.bot.load(self.save, **self.options)
            self._kept.update(signature=sig, game=game)
        return self._kept["game"]

    def written(self, game: Any) -> None:
        """``game`` written as the save (call under the lock), and kept as the one read."""
        self.view.bot.write(game, self.save)
        self._kept.update(signature=self._signature(), game=game)

    def _remembered(self, game: Any, shown: Shown) -> Shown:
        """``shown`` with its new checklist kept beside the save, or, when it has none, the one
        kept for this position (a reloaded tab shows it again, with its ticks)."""
        at = position_mark(game.log)
        if shown.table:
            checklist.write(self.save, checklist.Checklist(at, shown.table_title, list(shown.table)))
            shown.ticked = []
        elif (kept := checklist.read(self.save, at)) is not None:
            shown.table, shown.table_title, shown.ticked = kept.lines, kept.title, kept.ticked
        return shown

    # -- the words of a failure ------------------------------------------------------------
    def _unreadable(self, err: OSError) -> Answer:
        status = 404 if isinstance(err, FileNotFoundError) else 409
        return status, f"cannot read the save {self.save}: {err.strerror or err}"

    def _failure(self, err: Exception) -> Answer | None:
        """The status and message of an expected failure; None for any other (a defect)."""
        if isinstance(err, (DataError, RuleError, ActionSyntaxError)):
            return 409, str(err)
        if isinstance(err, OSError):
            return self._unreadable(err)
        return None

    def problem_page(self, message: str) -> str:
        """A whole page saying ``message``."""
        return render("page.html", title=self.view.title, token=self.token,
                      body=render("problem.html", message=message))

    @staticmethod
    def problem(message: str) -> str:
        """A fragment saying ``message``."""
        return render("problem.html", message=message)

    # -- the answers -----------------------------------------------------------------------
    def page(self) -> Answer:
        """The whole page of the game as saved now."""
        try:
            with self.lock(self.save):
                game = self.load()
                shown = self._remembered(game, Shown())
            body = self.view.fragment(game, shown)
        except Exception as err:
            failed = self._failure(err)
            if failed is None:
                raise
            return failed[0], self.problem_page(failed[1])
        return 200, render("page.html", title=self.view.title, token=self.token, body=body)

    def board(self) -> tuple[int, bytes, str]:
        """The board's art (SVG, the same for the whole game), or a fragment saying why not."""
        try:
            with self.lock(self.save):
                game = self.load()
        except Exception as err:
            failed = self._failure(err)
            if failed is None:
                raise
            return failed[0], self.problem(failed[1]).encode(), HTML_TYPE
        return 200, self.view.board(game), SVG_TYPE

    def act(self, form: Mapping[str, str]) -> Answer:
        """One tap (the form the page posts): the page's fragment after it. A tap made on
        another position than the save's (``at``) is refused, nothing done; a tap the rules
        refuse leaves the game as it was and says why."""
        try:
            return 200, self._act(form)
        except Exception as err:
            failed = self._failure(err)
            if failed is None:
                raise
            return failed[0], self.problem(failed[1])

    def _act(self, form: Mapping[str, str]) -> str:
        view = self.view
        with self.lock(self.save):
            game = self.load()
            if form.get("at") and form["at"] != position_mark(game.log):      # made on another position
                return view.fragment(game, self._remembered(game, Shown(error=BEHIND)))
            if form.get("op") == "tick":              # a line of the checklist ticked: the page's memory only
                index = form.get("index", "")
                checklist.tick(self.save, position_mark(game.log), int(index) if index.isdigit() else -1)
                return view.fragment(game, self._remembered(game, Shown()))
            try:
                after, shown = view.handle(game, form)
            except (RuleError, ActionSyntaxError) as err:        # refused: the game is as it was
                after, shown = game, Shown(error=str(err), selected=form.get("sel", ""))
            except BaseException:
                self._kept.clear()                                 # half-changed, maybe: read the save again
                raise
            if after is not game or shown.changed:
                self.written(after)
            return view.fragment(after, self._remembered(after, shown))
