"""The offline app's entry (run in the phone's browser by Pyodide): a bot's page over a save
kept in the browser's storage, played by the same rules, policy and page as the server's.

``open_session`` opens the page of ``game_id``'s save (a new game when there is none) on the
game's data baked at export time (``bot.<game>.bake``), read back by the game's own browser
module (``bot.<game>.browser``, found by the game's id: this shared package names no game).
This module and all it imports use only the standard library, our own modules and jinja2 +
markupsafe (``bot.web.bundle`` checks it; docs/architecture.md, "The browser's rule").

What the app calls, with ``bot.web.bundle.browser_files(game)`` written under its Python root
(the baked data under ``baked/<game>/``):

- ``open_session(game, root / "baked" / game, save, seed=None, **options)`` -> ``PageSession``:
  ``page()`` and ``act(form)`` -> (status, html), ``board()`` -> (status, bytes, media type);
- ``decision_digests(game, root / "baked" / game, range(50))`` -> [(player, seed, hash)], to
  compare with ``benchmarks/bot_decisions.py``'s rows for the same seeds.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from typing import Any, Protocol

from bot.web.session import PageSession, no_lock
from bot.web.view import PagedBot, View

GAME_ID = re.compile(r"^[a-z][a-z0-9_]{0,39}$")


class BrowserBot(PagedBot, Protocol):
    """What a game's browser module hands the page: a ``PagedBot`` that can also start a game."""

    def new_game(self, seed: int, **options: Any) -> Any: ...


class BrowserGame(Protocol):
    """A game's browser module (``bot.<game>.browser``)."""

    def browser_bot(self, baked: Path) -> BrowserBot: ...

    def browser_view(self, bot: BrowserBot, baked: Path) -> View[Any]: ...


def _bot_module(game_id: str, name: str) -> Any:
    """The module ``name`` of the bot of ``game_id``; ValueError for an id that names no bot."""
    if not GAME_ID.fullmatch(game_id):
        raise ValueError(f"not a game id: {game_id[:40]!r}")
    try:
        return importlib.import_module(f"bot.{game_id}.{name}")
    except ModuleNotFoundError as err:
        if err.name not in (f"bot.{game_id}", f"bot.{game_id}.{name}"):
            raise
        raise ValueError(f"no bot plays {game_id!r} in the browser") from None


def game_module(game_id: str) -> BrowserGame:
    """The browser module of the game ``game_id`` (its page); ValueError for an id that names no bot."""
    module: BrowserGame = _bot_module(game_id, "browser")
    return module


def open_session(game_id: str, baked: Path, save: Path, seed: int | None = None,
                 **options: Any) -> PageSession:
    """The page of the game saved in ``save`` (in the browser's storage), on the data baked
    in ``baked``; when there is no save yet, a new game (of ``seed``, else a fresh one) is
    started and saved first. ``options``: how the new game is played (``cards``, ``players``)."""
    from bot.web.view import new_seed

    module = game_module(game_id)
    bot = module.browser_bot(Path(baked))
    save = Path(save)
    if not save.exists():
        bot.write(bot.new_game(seed if seed is not None else new_seed(""), **options), save)
    return PageSession(module.browser_view(bot, Path(baked)), save, token="", lock=no_lock)


def decision_digests(game_id: str, baked: Path, seeds: range) -> list[tuple[str, int, str]]:
    """The hashes of the decisions of the games the terminal's ``simulate`` plays for ``seeds``
    (benchmarks/bot_decisions.py's rows: player, seed, hash), played here on the baked data
    (``bot.<game>.selfplay``: the rules and the policy without the page)."""
    return list(_bot_module(game_id, "selfplay").decision_digests(Path(baked), seeds))
