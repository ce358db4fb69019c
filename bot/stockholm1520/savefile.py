"""Stockholm 1520's save file, the part the offline app shares with the terminal: its format,
the JSON written, the check that a save is of this game's data, and the log replayed. The
fields are checked by the caller's ``Validate``: pydantic in the terminal
(``bot.stockholm1520.save``), the standard library in the app (``plain_fields``, the same bounds).
Standard library only."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from generator.core.errors import DataError, Problem
from generator.core.limits import excerpt

from bot.replay import Replayed, replay_save as replay_read
from bot.save import SaveFormat, Validate, log_of, seed_of, write_document
from bot.stockholm1520.data import GameData, changed_files
from bot.stockholm1520.game import EDITIONS, Game

DEFAULT_SAVE = "stockholm1520.save.json"
GAME_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
CARDS = ("virtual", "physical")


def save_format(validate: Validate[Any]) -> SaveFormat[Any]:
    """Stockholm 1520's save, its fields checked by ``validate``. 3: a new unit never takes an
    id used before in the game (issue 23); a version 2 save is still read, replayed with the ids
    it was played with, and written back as version 2 (its log names those ids)."""
    return SaveFormat(name="pnpkit-stockholm1520-save", version=3, readable=EDITIONS, what="Stockholm 1520",
                      command="pnpkit bot", validate=validate,
                      missing="no saved game here: start one with `pnpkit bot new` (or pass --save FILE)")


@dataclass(frozen=True)
class Fields:
    """A save's fields (as ``bot.stockholm1520.save.SaveIn`` has them)."""

    seed: int
    game: str
    data: dict[str, str]
    log: list[str]
    cards: str = "virtual"


def _problem(shown: str, field: str, message: str) -> DataError:
    return DataError([Problem(shown, message, field=field)])


def plain_fields(data: Any, shown: str) -> Fields:
    """A save's fields checked with the standard library (the browser has no pydantic)."""
    seed = seed_of(data, shown)
    game = data.get("game")
    if not isinstance(game, str) or not GAME_ID.fullmatch(game):
        raise _problem(shown, "game", f"expected a game's id (a-z, 0-9, - and _), not {excerpt(game)}")
    files = data.get("data")
    if not isinstance(files, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in files.items()):
        raise _problem(shown, "data", "expected the files the game was read from: {path: sha256}")
    log = log_of(data, shown)
    cards = data.get("cards", "virtual")
    if cards not in CARDS:
        raise _problem(shown, "cards", f"expected virtual or physical, not {excerpt(cards)}")
    return Fields(seed, game, dict(files), log, cards)


def to_json(game: Game) -> dict[str, Any]:
    return save_format(plain_fields).document(game.edition, seed=game.seed, game=game.data.id, map=game.board.id,
                                              cards="physical" if game.physical_deck else "virtual",
                                              data=dict(game.data.fingerprint), log=game.log,
                                              position=game.pos.to_json())


def write_save(game: Game, path: Path) -> None:
    """The game written as its save (``bot.save.write_document``)."""
    write_document(to_json(game), path)


def check_data(saved: Any, data: GameData, shown: str, data_changed_ok: bool) -> None:
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


#: A check of a save's ``position`` against the game its log gives (the terminal's).
PositionCheck = Callable[[Any, Game, str], None]


def replay_with(fmt: SaveFormat[Any], path: Path, data: GameData | Callable[[str], GameData],
                data_changed_ok: bool = False, check_position: PositionCheck | None = None) -> Replayed[Game]:
    """Load a save (its fields checked as ``fmt`` says) and replay its log on ``data`` up to the
    first line that cannot be replayed; DataError naming the file and field when it is not a
    save, is of another game, or was made with other data. ``check_position``: the saved
    position checked too (the terminal's; the app replaces it by the log's when it writes).
    ``data`` may be a function of the save's game id (the terminal finds the game's folder)."""
    saved = fmt.read(Path(path))
    fields = saved.fields
    if not isinstance(data, GameData):
        data = data(fields.game)
    check_data(fields, data, saved.shown, data_changed_ok)
    replayed = replay_read(saved, Game(fields.seed, data, physical_deck=fields.cards == "physical",
                                     edition=saved.version))
    if check_position and replayed.broken is None and "position" in saved.document and not data_changed_ok:
        check_position(saved.document["position"], replayed.game, saved.shown)
    return replayed
