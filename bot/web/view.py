"""What a game's page says of itself to the shared web application (``bot.web.app``): the
bot whose save it plays, how the game is drawn as the page's main fragment, and what one POST
does to the game."""

from __future__ import annotations

import hashlib
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Generic, Mapping, Protocol, TypeVar

from bot.errors import RuleError
from bot.records import Record

GameT = TypeVar("GameT")


@dataclass
class Shown:
    """What the page shows besides the game: the unit selected, an error, what was done and
    what to do on the table (a checklist), and whether the game changed (to be saved)."""

    selected: str = ""
    error: str = ""
    done: list[str] = field(default_factory=list)
    table: list[str] = field(default_factory=list)
    table_title: str = ""
    changed: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    ticked: list[int] = field(default_factory=list)          # the checklist's lines ticked on the page


class PagedBot(Protocol):
    """What the page asks of a bot (a ``bot.verbs.Bot`` answers it): said here, not imported,
    so that the verbs can make ``serve`` from this package without an import circle."""

    def load(self, save: Path, **options: Any) -> Any: ...

    def write(self, game: Any, save: Path) -> None: ...

    def next_step(self, game: Any) -> str: ...

    def records_text(self, records: list[Record], verbose: bool = False) -> str: ...

    def table_changes(self, before: Any, after: Any) -> list[str]: ...


#: What a page that is behind is told instead of acting on a position it does not show.
BEHIND = ("this page is behind: here is the position now (another tab or a terminal command played since); "
          "nothing was done, tap again")


def position_mark(log: list[str]) -> str:
    """The position a page shows, as the log that made it: its length and a digest of its lines
    (an undo and a new action give another mark, though the length is the same). Every POST of
    the page carries it (``at``): one made on another position is refused, never applied."""
    digest = hashlib.sha256("\n".join(log).encode()).hexdigest()[:10]
    return f"{len(log)}.{digest}"


def new_seed(typed: str) -> int:
    """The seed of a new game started from the page: the one typed, else a fresh one (shown, so
    the game can be started again at a terminal)."""
    typed = typed.strip()
    if not typed:
        return random.SystemRandom().randrange(1, 10**6)
    if not typed.isdigit() or len(typed) > 9:
        raise RuleError("a seed is a whole number of at most nine digits (or leave it empty: any)")
    return int(typed)


#: Where the page finds the board's art (``View.board``), the same for every game.
BOARD_URL = "/board.svg"


@lru_cache(maxsize=8)
@lru_cache(maxsize=8)
def board_href(art: bytes) -> str:
    """The board's URL as the page names it: keyed by the art's content, so a browser that kept
    another game's board (another save, or another server on the same port) never shows it.
    Kept: every tap names the board, and the art (most of a megabyte) is the same bytes object
    tap after tap (bytes keep their hash, so the lookup does not read them again)."""
    return f"{BOARD_URL}?v={hashlib.sha256(art).hexdigest()[:16]}"


class View(ABC, Generic[GameT]):
    """One game's page, playing the saves of ``bot`` (handed in by ``serve``)."""

    title: str

    def __init__(self, bot: PagedBot) -> None:
        self.bot = bot

    @abstractmethod
    def fragment(self, game: GameT, shown: Shown) -> str:
        """The page's main part (``<div id="game">``), swapped whole after every tap."""

    @abstractmethod
    def board(self, game: GameT) -> bytes:
        """The board's art as an SVG document (the same for the whole game: the browser keeps it)."""

    @abstractmethod
    def handle(self, game: GameT, form: Mapping[str, str]) -> tuple[GameT, Shown]:
        """One tap: the game after it (the same object when only the view changed, unless
        ``Shown.changed``) and what to show; RuleError/ActionSyntaxError when refused."""
