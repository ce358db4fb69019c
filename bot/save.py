"""The save file: JSON with a format name and version, the seed, the map and the log.

Every write goes to a temporary file in the same directory and is moved over the old one
with ``os.replace``, so a crash never leaves half a save. A corrupt or foreign file gives a
clear DataError and is never touched.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from generator.atomic import write_atomic
from generator.errors import DataError, Problem

from bot.actions import ActionSyntaxError
from bot.game import Game
from bot.rules import RuleError

FORMAT = "pnpkit-stockholm1520-save"
VERSION = 1
DEFAULT_SAVE = "stockholm1520.save.json"


def to_json(game: Game) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "seed": game.seed, "map": game.map_ref,
            "log": game.log, "position": game.pos.to_json()}


def write_save(game: Game, path: Path) -> None:
    """Atomic write (temp file, fsync, rename): a crash never leaves half a save."""
    write_atomic(Path(path), json.dumps(to_json(game), indent=2, ensure_ascii=False) + "\n")


def read_save(path: Path) -> Game:
    """Load and replay a save; DataError naming the file and field when it is not a save."""
    path = Path(path)
    shown = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError([Problem(shown, "no saved game here: start one with `pnpkit bot new` (or pass --save FILE)")]) from None
    except (UnicodeDecodeError, OSError) as err:
        raise DataError([Problem(shown, f"cannot read the save file: {err}")]) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise DataError([Problem(shown, f"not valid JSON (corrupt save?): {err.msg}", line=err.lineno)]) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DataError([Problem(shown, f"not a Stockholm 1520 save file (expected \"format\": \"{FORMAT}\")",
                                 field="format")])
    version = data.get("version")
    if version != VERSION:
        raise DataError([Problem(shown, f"save format version {version!r}; this pnpkit reads version {VERSION}",
                                 field="version")])
    problems = []
    seed, map_ref, log = data.get("seed"), data.get("map"), data.get("log")
    if isinstance(seed, bool) or not isinstance(seed, int):
        problems.append(Problem(shown, f"expected a whole number, got {seed!r}", field="seed"))
    if not isinstance(map_ref, str) or not map_ref:
        problems.append(Problem(shown, f"expected a map id or path, got {map_ref!r}", field="map"))
    if not isinstance(log, list) or not all(isinstance(x, str) for x in log):
        problems.append(Problem(shown, "expected a list of action lines", field="log"))
    if problems:
        raise DataError(problems)
    try:
        game = Game(seed, map_ref)
    except DataError as err:
        raise DataError([Problem(shown, f"cannot load the game's map {map_ref!r}", field="map"), *err.problems]) from None
    for i, line in enumerate(log):
        try:
            game.apply(line, atomic=False)
        except (ActionSyntaxError, RuleError) as err:
            raise DataError([Problem(shown, f"action {i + 1} {line!r} cannot be replayed: {err}",
                                     field=f"log[{i}]")]) from None
    return game
