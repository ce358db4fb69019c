"""The game the bot plays, as plain data: its board, units, decks and the fingerprint of the
files it was read from. Read from the kit in the terminal (``bot.stockholm1520.gamedata``, with
the kit's checks) and from the baked files in the offline app (``bot.stockholm1520.baked``);
the rules see only this. Standard library only."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from games.stockholm1520.carddata import EventCard, ZoneCard

from bot.stockholm1520.board import Board
from bot.stockholm1520.memo import Memo
from bot.stockholm1520.units import Units


@dataclass(frozen=True)
class GameData:
    """Everything the bot reads from a game's folder, read once."""

    id: str                                 # the game's id (game.yaml's ``id``)
    folder: Path                            # the game's folder (the baked data's, in the app)
    board: Board
    units: Units
    counters: Any                           # the printed pieces (a CounterSet), for pictures; None in the app
    zone_cards: tuple[ZoneCard, ...]
    event_cards: tuple[EventCard, ...]
    fingerprint: dict[str, str] = field(default_factory=dict)   # kit-relative path -> sha256
    #: The searches' results over this data, kept while it is loaded (bot.stockholm1520.search).
    searches: Memo = field(default_factory=Memo, compare=False, repr=False)


def changed_files(saved: Mapping[str, str], now: Mapping[str, str]) -> list[str]:
    """What differs between two fingerprints, one line per file: changed, new, or gone."""
    lines = [f"{path}: changed" for path in sorted(saved) if path in now and now[path] != saved[path]]
    lines += [f"{path}: new" for path in sorted(now) if path not in saved]
    lines += [f"{path}: gone" for path in sorted(saved) if path not in now]
    return lines
