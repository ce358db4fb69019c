"""A game kept as its seed and its log of actions: the position is the log replayed, an
action is tried on a copy and kept only when the rules accept it, and undo replays all but
the last lines. Each game's rules give the fresh table, the copy and the way one line acts."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Generic, Sequence, TypeVar

from generator.errors import DataError, Problem

TableT = TypeVar("TableT")
GameT = TypeVar("GameT", bound="LoggedGame[Any]")


class LoggedGame(ABC, Generic[TableT]):
    """Seed + log; ``table`` is the log replayed. Subclasses say how a table starts, is copied,
    and takes one line (returning the line as the log keeps it, and what it did)."""

    def __init__(self, seed: int) -> None:
        self.seed = int(seed)
        self.table: TableT = self.fresh_table()
        self.log: list[str] = []
        self.records: list[list[dict[str, Any]]] = []

    @abstractmethod
    def fresh_table(self) -> TableT:
        """The table before the first action, its chance seeded from ``self.seed``."""

    @abstractmethod
    def copy_table(self, table: TableT) -> TableT:
        """An independent copy (an action refused on it leaves the game unchanged)."""

    @abstractmethod
    def perform(self, table: TableT, line: str) -> tuple[str, list[dict[str, Any]]]:
        """Apply one line by the rules (raising the game's refusal when they refuse it); the
        line as it is logged and the records that explain it."""

    def apply(self, line: str, atomic: bool = True) -> list[dict[str, Any]]:
        """Apply one action; a refused one changes nothing."""
        work = self.copy_table(self.table) if atomic else self.table
        logged, records = self.perform(work, line)
        self.table = work
        self.log.append(logged)
        self.records.append(records)
        return records

    def replayed(self: GameT, log: Sequence[str]) -> GameT:
        """A new game of the same seed and setup with ``log`` applied line by line."""
        game = self.restart()
        for line in log:
            game.apply(line, atomic=False)
        return game

    @abstractmethod
    def restart(self: GameT) -> GameT:
        """The same game with no action applied."""

    def undo(self: GameT, count: int = 1) -> GameT:
        """The game with the last ``count`` actions taken back (the rest replayed)."""
        if count < 1 or count > len(self.log):
            raise ValueError(f"can undo 1-{len(self.log)} action(s), not {count}")
        return self.replayed(self.log[:len(self.log) - count])


def replay_saved(game: GameT, log: Sequence[str], shown: str,
                 refusals: tuple[type[BaseException], ...]) -> GameT:
    """Replay a save's ``log`` on a fresh ``game``; a line the rules now refuse is a DataError
    naming the save, the action and its place in the log."""
    for i, line in enumerate(log):
        try:
            game.apply(line, atomic=False)
        except refusals as err:
            raise DataError([Problem(shown, f"action {i + 1} {line!r} cannot be replayed: {err}",
                                     field=f"log[{i}]")]) from None
    return game
