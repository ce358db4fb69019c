"""What a game's page says of itself to the shared web application (``bot.web.app``): the
bot whose save it plays, how the game is drawn as the page's main fragment, and what one POST
does to the game."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Generic, Mapping, TypeVar

from bot.verbs import Bot

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


class View(ABC, Generic[GameT]):
    """One game's page."""

    bot: Bot[Any]
    title: str

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
