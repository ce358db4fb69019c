"""A game kept as its seed and its log of actions: the position is the log replayed, an
action is tried on a copy and kept only when the rules accept it, and undo replays all but
the last lines. Each game's rules give the fresh table, the copy and the way one line acts;
every bot (``bot.stockholm1520.game``, ``bot.batalj.game``) is one of these."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Generic, Sequence, TypeVar

from generator.core.errors import DataError, Problem
from generator.core.limits import excerpt

from bot.errors import ActionSyntaxError, RuleError
from bot.save import MAX_LOG_ACTIONS, Saved
from bot.records import Record

TableT = TypeVar("TableT")
GameT = TypeVar("GameT", bound="LoggedGame[Any]")


class LoggedGame(ABC, Generic[TableT]):
    """Seed + log; ``table`` is the log replayed. Subclasses say how a table starts, is copied,
    and takes one line (returning the line as the log keeps it, and what it did).
    ``replaying`` is true while a log is replayed (a game may be lenient then: the lines were
    accepted once)."""

    def __init__(self, seed: int) -> None:
        self.seed = int(seed)
        self.table: TableT = self.fresh_table()
        self.log: list[str] = []
        self.records: list[list[Record]] = []
        self.replaying = False

    @abstractmethod
    def fresh_table(self) -> TableT:
        """The table before the first action, its chance seeded from ``self.seed``."""

    @abstractmethod
    def copy_table(self, table: TableT) -> TableT:
        """An independent copy (an action refused on it leaves the game unchanged)."""

    @abstractmethod
    def perform(self, table: TableT, line: Any) -> tuple[str, list[Record]]:
        """Apply one line (or the game's action value) by the rules, raising RuleError or
        ActionSyntaxError when they refuse it; the line as it is logged and the records that
        explain it."""

    @abstractmethod
    def restart(self: GameT) -> GameT:
        """The same game with no action applied."""

    def apply(self, line: Any, atomic: bool = True) -> list[Record]:
        """Apply one action; a refused one changes nothing (unless ``atomic`` is off: then the
        game is to be thrown away when it is refused)."""
        if len(self.log) >= MAX_LOG_ACTIONS:
            raise RuleError(f"the game's log holds {len(self.log):,} actions, the most a save holds: nothing more "
                            "can be played in it")
        work = self.copy_table(self.table) if atomic else self.table
        logged, records = self.perform(work, line)
        self.table = work
        self.log.append(logged)
        self.records.append(records)
        return records

    def replayed(self: GameT, log: Sequence[str]) -> GameT:
        """A new game of the same seed and setup with ``log`` applied line by line."""
        game = self.restart()
        game.replaying = True
        try:
            for line in log:
                game.apply(line, atomic=False)
        finally:
            game.replaying = False
        return game

    def undo(self: GameT, count: int = 1) -> GameT:
        """The game with the last ``count`` actions taken back (the rest replayed)."""
        if count < 0 or count > len(self.log):
            raise ValueError(f"can undo 0-{len(self.log)} action(s), not {count}")
        return self.replayed(self.log[:len(self.log) - count])


@dataclass
class Replayed(Generic[GameT]):
    """A saved log replayed as far as it goes: ``broken`` is the problem of the first line that
    cannot be replayed (None when every line can), ``unreplayed`` that line and those after
    it; ``undo`` can still take them back."""

    game: GameT
    unreplayed: list[str]
    broken: DataError | None

    def whole(self) -> GameT:
        """The game, when every line replayed; else the problem of the first that did not."""
        if self.broken is not None:
            raise self.broken
        return self.game


def replay_saved(game: GameT, log: Sequence[str], shown: str, command: str) -> Replayed[GameT]:
    """Replay a save's ``log`` on a fresh ``game`` up to the first line the rules now refuse;
    its problem names the save, the action (a short excerpt) and its place in the log, and
    how ``command undo N`` takes it back."""
    game.replaying = True
    try:
        for i, line in enumerate(log):
            try:
                game.apply(line, atomic=False)
            except (ActionSyntaxError, RuleError) as err:
                broken = DataError([Problem(shown, f"action {i + 1} {excerpt(line)} cannot be replayed: "
                                                   f"{err}; `{command} undo {len(log) - i}` "
                                                   "takes it back", field=f"log[{i}]")])
                return Replayed(game.replayed(log[:i]), list(log[i:]), broken)
    finally:
        game.replaying = False
    return Replayed(game, [], None)


def replay_save(saved: Saved[Any], game: GameT) -> Replayed[GameT]:
    """A save as read (``bot.save.SaveFormat.read``) replayed on ``game``, fresh: every bot's
    save is replayed so (``replay_saved``)."""
    return replay_saved(game, saved.log, saved.shown, saved.command)


@dataclass
class TakenBack(Generic[GameT]):
    """What ``take_back`` did: the game before and after, the lines taken back (in the order
    they were played) and what each of those that still replayed had done (a step that drew a
    printed card says so: its card goes back to its pile)."""

    before: GameT
    after: GameT
    undone: list[str]
    records: list[list[Record]]


def take_back(saved: Replayed[GameT] | GameT, count: int = 1) -> TakenBack[GameT]:
    """The one undo of every bot (``undo``, ``play``'s undo, the pages' undo button): the last
    ``count`` actions taken back and the rest replayed from the seed (the same chance).

    ``saved`` is a game, or a save replayed as far as it goes: its lines that no longer replay
    are taken back first (and only all of them, or the problem of the first is raised).
    RuleError when there are fewer than ``count`` actions."""
    replayed = saved if isinstance(saved, Replayed) else Replayed(saved, [], None)
    broken = len(replayed.unreplayed)
    if replayed.broken is not None and count < broken:
        raise replayed.broken
    game = replayed.game
    kept = count - broken
    if count < 1 or kept > len(game.log):
        total = len(game.log) + broken
        raise RuleError("nothing to undo" if total == 0 else f"only {total} action(s) to undo")
    at = len(game.log) - kept
    return TakenBack(before=game, after=game.undo(kept), undone=game.log[at:] + replayed.unreplayed,
                     records=game.records[at:])
