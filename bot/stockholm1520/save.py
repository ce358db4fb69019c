"""The save file: JSON with a format name and version, the seed, the game, a fingerprint of the
game's data, and the log.

The game is its seed and log replayed on the game's data; the fingerprint (sha256 of every
data file read, by kit-relative path) says whether that data is still what the save was made
with. Loading against changed data names the files that changed and refuses, unless asked to
go on (``data_changed_ok``); the save then records the new fingerprint when it is next written.

The format, the JSON written, the data's check and the replay are ``bot.stockholm1520.savefile``'s
(the offline app's too); the fields are checked here with pydantic, and the saved position with
the position file's checks. Described once as a ``bot.save.SaveFormat``: written, read, bounded and locked as every bot's save
is (``bot.save``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from generator.core.errors import DataError, Problem
from bot.replay import Replayed
from bot.save_fields import pydantic_fields
from bot.stockholm1520.game import Game
from bot.stockholm1520.gamedata import GameData, game_folder, load_game_data
from bot.stockholm1520.savefile import check_data, replay_with, save_format, to_json, write_save

__all__ = ["COMMAND", "FORMAT", "READABLE", "SAVE", "VERSION", "SaveIn", "check_data", "check_position", "read_save",
           "replay_save", "to_json", "write_save"]


class SaveIn(BaseModel):
    """What a save holds besides its format and version."""

    model_config = ConfigDict(extra="ignore")
    seed: StrictInt = Field(ge=-(2**63), le=2**63 - 1)
    game: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    data: dict[str, str]
    log: list[str]
    #: Where the cards come from: the bot's seeded decks, or the player's physical deck (every
    #: draw entered with --drawn). Saves without it are virtual.
    cards: Literal["virtual", "physical"] = "virtual"


#: 3: a new unit never takes an id used before in the game (issue 23); version 2 still read.
SAVE = save_format(pydantic_fields(SaveIn))
FORMAT, VERSION, READABLE, COMMAND = SAVE.name, SAVE.version, SAVE.readable, SAVE.command


def check_position(saved: Any, game: Game, shown: str) -> None:
    """A save's ``position`` edited by hand into one the rules do not allow (a unit off the
    map, two on a space, a round of -3) is refused at load, naming the field. The log is what
    counts: a legal position that the log does not give (a save of an older pnpkit) is
    replaced by the log's own when the save is next written."""
    from bot.stockholm1520.positions import position_from_json

    if saved == json.loads(json.dumps(game.pos.to_json())):
        return
    try:
        position_from_json(saved, shown, game.data)
    except DataError as err:
        raise DataError([Problem(shown, f"{p.message} (the position was edited by hand? the log is what counts: "
                                        "edit the log, or remove the field \"position\")",
                                 field=f"position.{p.field}" if p.field else "position")
                         for p in err.problems]) from None


def replay_save(path: Path, data: GameData | None = None, data_changed_ok: bool = False) -> Replayed[Game]:
    """Load a save and replay its log up to the first line that cannot be replayed (``undo``
    can still take that line back: ``bot.replay.replay_saved``); DataError naming the file
    and field when it is not a save, is of another game, was made with other data, or holds
    a position edited by hand into one the rules do not allow."""
    return replay_with(SAVE, path, data or (lambda game: load_game_data(game_folder(game))), data_changed_ok,
                       check_position)


def read_save(path: Path, data: GameData | None = None, data_changed_ok: bool = False) -> Game:
    """Load and replay a save on ``data`` (by default, the game of the save's id in the kit);
    DataError naming the file and field when it is not a save, is of another game, was made
    with other data, cannot be replayed, or holds a position its log does not give."""
    return replay_save(path, data, data_changed_ok).whole()
