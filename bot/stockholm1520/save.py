"""The save file: JSON with a format name and version, the seed, the game, a fingerprint of the
game's data, and the log.

The game is its seed and log replayed on the game's data; the fingerprint (sha256 of every
data file read, by kit-relative path) says whether that data is still what the save was made
with. Loading against changed data names the files that changed and refuses, unless asked to
go on (``data_changed_ok``); the save then records the new fingerprint when it is next written.

Described once as a ``bot.save.SaveFormat``: written, read, bounded and locked as every bot's save
is (``bot.save``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from generator.core.errors import DataError, Problem
from bot.replay import Replayed, replay_save as replay_read
from bot.save import SaveFormat, write_document
from bot.save_fields import pydantic_fields
from bot.stockholm1520.game import EDITIONS, Game
from bot.stockholm1520.gamedata import GameData, changed_files, game_folder, load_game_data


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


#: 3: a new unit never takes an id used before in the game (issue 23). A version 2 save is still
#: read, replayed with the ids it was played with, and written back as version 2 (its log names
#: those ids).
SAVE = SaveFormat(name="pnpkit-stockholm1520-save", version=3, readable=EDITIONS, what="Stockholm 1520",
                  command="pnpkit bot", validate=pydantic_fields(SaveIn),
                  missing="no saved game here: start one with `pnpkit bot new` (or pass --save FILE)")
FORMAT, VERSION, READABLE, COMMAND = SAVE.name, SAVE.version, SAVE.readable, SAVE.command


def to_json(game: Game) -> dict[str, Any]:
    return SAVE.document(game.edition, seed=game.seed, game=game.data.id, map=game.board.id,
                         cards="physical" if game.physical_deck else "virtual", data=dict(game.data.fingerprint),
                         log=game.log, position=game.pos.to_json())


def write_save(game: Game, path: Path) -> None:
    """The game written as its save (``bot.save.write_document``)."""
    write_document(to_json(game), path)


def check_data(saved: SaveIn, data: GameData, shown: str, data_changed_ok: bool) -> None:
    """Refuse a save of another game, or made with other data unless ``data_changed_ok``."""
    if saved.game != data.id:
        raise DataError([Problem(shown, f"a save of the game {saved.game!r}, not of {data.id!r} "
                                        f"({data.folder}); give its game folder with --game DIR", field="game")])
    changed = changed_files(saved.data, data.fingerprint)
    if changed and not data_changed_ok:
        raise DataError([Problem(shown, "the game's data changed since this save was made, so replaying its log "
                                        "may not give the same game; pass --data-changed-ok to go on with the "
                                        "new data", field="data"),
                         *(Problem(shown, line, field="data") for line in changed)])


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
    and field when it is not a save, is of another game, or was made with other data."""
    saved = SAVE.read(Path(path))
    fields = saved.fields
    if data is None:
        data = load_game_data(game_folder(fields.game))
    check_data(fields, data, saved.shown, data_changed_ok)
    replayed = replay_read(saved, Game(fields.seed, data, physical_deck=fields.cards == "physical",
                                     edition=saved.version))
    if replayed.broken is None and "position" in saved.document and not data_changed_ok:
        check_position(saved.document["position"], replayed.game, saved.shown)
    return replayed


def read_save(path: Path, data: GameData | None = None, data_changed_ok: bool = False) -> Game:
    """Load and replay a save on ``data`` (by default, the game of the save's id in the kit);
    DataError naming the file and field when it is not a save, is of another game, was made
    with other data, cannot be replayed, or holds a position its log does not give."""
    return replay_save(path, data, data_changed_ok).whole()
