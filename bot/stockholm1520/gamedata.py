"""The game the bot plays, read through the game's game.yaml: the board (its ``map``
component), the units (its ``counters`` component and the troops file), the zone deck and the
event deck (its ``event-cards`` component), so the bot plays with exactly what the kit prints.

The game is a folder (``data/<game>/`` of a kit); ``game_folder`` finds one in the kit pnpkit
works on, Stockholm 1520 by default. ``GameData.fingerprint`` records every file read (sha256 per
kit-relative path), so a save made with other data can say which files changed. What is read
is handed to the rules as plain data (``bot.stockholm1520.data``): the offline app reads the same
data baked (``bot.stockholm1520.baked``).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Mapping

from generator.core.errors import DataError, Problem
from generator.core.inputs import recording
from generator.hexmap.counters import CounterSet
from generator.kit.datafiles import display_path
from generator.loading.games import load_game_counters, load_game_file, load_game_map
from games.stockholm1520 import cards as kit_cards
from games.stockholm1520.carddata import ZoneCard

from bot import gamefolder
from bot.gamefolder import kit_root
from bot.stockholm1520.board import Board
from bot.stockholm1520.data import GameData, changed_files
from bot.stockholm1520.mapplan import plan_of
from bot.stockholm1520.units import MOVING_TYPES, Units

__all__ = ["GAME", "GameData", "changed_files", "game_folder", "load_game_data", "read_game_data"]

GAME = "stockholm1520"
#: The component of game.yaml holding the event deck the bot draws from.
EVENT_DECK = "event-cards"


def game_folder(game_id: str = GAME) -> Path:
    """The folder of the game ``game_id`` (Stockholm 1520's by default): ``bot.gamefolder``."""
    return gamefolder.game_folder(game_id)


#: The components of game.yaml the bot reads: (kind, id) by role.
COMPONENTS = {"map": ("map", None), "counters": ("counters", None), "events": ("cards", EVENT_DECK)}


def _components(folder: Path) -> dict[str, gamefolder.Entry]:
    """The map, counters and event-deck entries of game.yaml, each found once (every missing
    one named at once)."""
    found: dict[str, gamefolder.Entry] = {}
    problems = []
    for role, (kind, cid) in COMPONENTS.items():
        try:
            found[role] = gamefolder.component_entry(folder, kind, cid)
        except DataError as err:
            problems += err.problems
    if problems:
        raise DataError(problems)
    return found


def _units(counters: CounterSet, troops: Mapping[str, kit_cards.Troop], shown: str) -> Units:
    moves: dict[str, int] = {}
    for name, kind in counters.look.types.items():
        if kind.movement is not None:
            moves[name] = kind.movement
    missing = [t for t in MOVING_TYPES if t not in moves]
    if missing:
        raise DataError([Problem(shown, f"the bot needs the movement of {', '.join(missing)} "
                                        "(types: in the counters file, or the troops file)")])
    moves.setdefault("christian", 0)      # a stationary non-combat unit (3.2)
    return Units(moves, {n: t.beats for n, t in troops.items()}, {n: t.colour_name.lower() for n, t in troops.items()})


def _check_zone_cards(cards: list[ZoneCard], board: Board, shown: str) -> None:
    """Every zone card names a road of the board, and every road has its cards."""
    problems = [Problem(shown, f"zone card {c.id} names road {c.zone}{c.road}, which the map does not have")
                for c in cards if (c.zone, c.road) not in board.roads]
    have = {(c.zone, c.road) for c in cards}
    problems += [Problem(shown, f"road {zone}{number} is on the map but no zone card names it")
                 for zone, number in board.roads if (zone, number) not in have]
    if problems:
        raise DataError(problems)


def fingerprint(files: set[Path], kit: Path) -> dict[str, str]:
    """sha256 of each file inside ``kit``, by its kit-relative path (files outside are left out)."""
    result = {}
    for path in sorted(files):
        if path.is_relative_to(kit) and path.is_file():
            result[path.relative_to(kit).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return result


def read_game_data(folder: Path) -> GameData:
    """Read the game in ``folder`` through its game.yaml; DataError naming every problem."""
    folder = Path(folder).resolve()
    shown = display_path(folder / "game.yaml")
    if not (folder / "game.yaml").is_file():
        raise DataError([Problem(shown, "no game here: a game folder holds a game.yaml")])
    with recording() as reads:
        spec = load_game_file(folder)
        entries = _components(folder)
        hexmap = load_game_map(entries["map"].source())
        board = Board(plan_of(hexmap), hexmap)
        counters = load_game_counters(entries["counters"].source())
        units = _units(counters, kit_cards.load_troops(folder), shown)
        zone_cards = [kit_cards.plain_zone_card(c) for c in kit_cards.load_zone_cards(folder)]
        event_cards = [kit_cards.plain_event_card(c) for c in kit_cards.load_event_cards(folder, entries["events"].source())]
    _check_zone_cards(zone_cards, board, shown)
    return GameData(spec.id, folder, board, units, counters, tuple(zone_cards), tuple(event_cards),
                    fingerprint(reads, kit_root(folder)))


_LOADED: dict[Path, GameData] = {}


def load_game_data(folder: Path | None = None) -> GameData:
    """``read_game_data``, kept while none of the files it read has changed."""
    folder = Path(folder or game_folder()).resolve()
    data = _LOADED.get(folder)
    if data is None or fingerprint({kit_root(folder) / p for p in data.fingerprint}, kit_root(folder)) != data.fingerprint:
        data = _LOADED[folder] = read_game_data(folder)
    return data
