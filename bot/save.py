"""The save file: JSON with a format name and version, the seed, the game, a fingerprint of the
game's data, and the log.

The game is its seed and log replayed on the game's data; the fingerprint (sha256 of every
data file read, by kit-relative path) says whether that data is still what the save was made
with. Loading against changed data names the files that changed and refuses, unless asked to
go on (``data_changed_ok``); the save then records the new fingerprint when it is next written.

Every write goes to a temporary file in the same directory and is moved over the old one
with ``os.replace``, so a crash never leaves half a save. A corrupt or foreign file gives a
clear DataError and is never touched.
"""

from __future__ import annotations

import json
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Literal

from filelock import FileLock, Timeout

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError

from generator.atomic import write_atomic
from generator.datafiles import load_json, validation_problems
from generator.errors import DataError, Problem

from bot.stockholm1520.actions import ActionSyntaxError
from bot.stockholm1520.game import Game
from bot.stockholm1520.gamedata import GameData, changed_files, game_folder, load_game_data
from bot.stockholm1520.rules import RuleError

FORMAT = "pnpkit-stockholm1520-save"
VERSION = 2
DEFAULT_SAVE = "stockholm1520.save.json"


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


def to_json(game: Game) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "seed": game.seed, "game": game.data.id, "map": game.board.id,
            "cards": "physical" if game.physical_deck else "virtual",
            "data": dict(game.data.fingerprint), "log": game.log, "position": game.pos.to_json()}


def write_save(game: Game, path: Path) -> None:
    """Atomic write (temp file, fsync, rename): a crash never leaves half a save. A save that
    is a symlink is written through (the file it points to is replaced, the link kept); a
    read-only save is refused, never replaced."""
    target = Path(path).resolve() if Path(path).is_symlink() else Path(path)
    if target.exists() and not (target.stat().st_mode & 0o222 and os.access(target, os.W_OK)):   # root: the mode
        raise DataError([Problem(str(path), "the save file is read-only: nothing was written (make it writable, "
                                            "or give another file with --save)")])
    write_atomic(target, json.dumps(to_json(game), indent=2, ensure_ascii=False) + "\n")


LOCK_WAIT_S = 30.0


@contextmanager
def save_lock(path: Path) -> Iterator[None]:
    """Hold the save's lock (a file beside the save it names, symlinks followed) while a command
    reads and writes it: a second command waits, then reads what the first one wrote."""
    target = Path(path).resolve()
    lock = FileLock(str(target.with_name(f".{target.name}.lock")), timeout=LOCK_WAIT_S)
    try:
        with lock:
            yield
    except Timeout:
        raise DataError([Problem(str(path), f"another bot command has held this save for {LOCK_WAIT_S:g} s; "
                                            "wait for it to finish and try again")]) from None


def _read_json(path: Path, shown: str) -> Any:
    """The save's JSON, read within the size and nesting limits of generator.limits."""
    if not path.exists():
        raise DataError([Problem(shown, "no saved game here: start one with `pnpkit bot new` (or pass --save FILE)")])
    try:
        return load_json(path)
    except DataError as err:
        raise DataError([Problem(shown, p.message, line=p.line) for p in err.problems]) from None


def _read_fields(data: Any, shown: str) -> SaveIn:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DataError([Problem(shown, f"not a Stockholm 1520 save file (expected \"format\": \"{FORMAT}\")",
                                 field="format")])
    version = data.get("version")
    if version != VERSION:
        raise DataError([Problem(shown, f"save format version {version!r}; this pnpkit reads version {VERSION}",
                                 field="version")])
    try:
        return SaveIn.model_validate(data)
    except ValidationError as err:
        raise DataError(validation_problems(shown, err)) from None


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


def read_save(path: Path, data: GameData | None = None, data_changed_ok: bool = False) -> Game:
    """Load and replay a save on ``data`` (by default, the game of the save's id in the kit);
    DataError naming the file and field when it is not a save, is of another game, was made
    with other data, or cannot be replayed."""
    path = Path(path)
    shown = str(path)
    saved = _read_fields(_read_json(path, shown), shown)
    if data is None:
        data = load_game_data(game_folder(saved.game))
    check_data(saved, data, shown, data_changed_ok)
    game = Game(saved.seed, data, physical_deck=saved.cards == "physical")
    game.table.replaying = True
    for i, line in enumerate(saved.log):
        try:
            game.apply(line, atomic=False)
        except (ActionSyntaxError, RuleError) as err:
            raise DataError([Problem(shown, f"action {i + 1} {line!r} cannot be replayed: {err}",
                                     field=f"log[{i}]")]) from None
    game.table.replaying = False
    return game
