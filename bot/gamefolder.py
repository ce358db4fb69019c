"""How a bot finds its game and the game's components: the one way every bot reads the kit.

A bot plays with what the kit prints, so it reads its game's folder (``data/<game>/`` of the
kit pnpkit works on, else the bundled one) and the components its game.yaml lists: an entry
found by kind (and id), a file inside the kit, or the component itself loaded by the
generator's own loader (as ``pnpkit build`` loads it), never a hand-built copy.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from generator.core.errors import DataError, Problem
from generator.kit.location import bundled_kit
from generator.kit.paths import OutsideKit, data_dir, inside_kit


def game_folder(game_id: str) -> Path:
    """The folder of the game ``game_id`` in the kit pnpkit works on, or among the bundled
    games when that kit does not hold it (then the kit's own path, for the message)."""
    for data in (data_dir(), bundled_kit().data):
        if (data / game_id / "game.yaml").is_file():
            return data / game_id
    return data_dir() / game_id


def kit_root(folder: Path) -> Path:
    """The kit holding a game folder (``<kit>/data/<game>``)."""
    return Path(folder).resolve().parent.parent


def game_file(folder: Path, relative: str, field: str = "") -> Path:
    """A file of the game, named relative to its folder, refused (DataError naming game.yaml's
    ``field``) when it leads out of the kit."""
    try:
        return inside_kit(kit_root(folder), Path(folder), relative)
    except OutsideKit as err:
        from generator.kit.datafiles import display_path
        raise DataError([Problem(display_path(Path(folder) / "game.yaml"), str(err), field=field or None)]) from None


@dataclass(frozen=True)
class Entry:
    """One component of a game.yaml: where it is in the list, and what it says."""

    folder: Path
    index: int
    spec: Mapping[str, Any]

    @property
    def shown(self) -> str:
        from generator.kit.datafiles import display_path
        return display_path(self.folder / "game.yaml")

    def source(self) -> Path:
        """The file its ``source`` names, inside the kit."""
        value = self.spec.get("source")
        if not isinstance(value, str):
            raise DataError([Problem(self.shown, f"component {self.spec.get('id')!r} names no source file",
                                     field=f"components.{self.index}.source")])
        return game_file(self.folder, value, f"components.{self.index}.source")


def component_entries(folder: Path, kind: str, component_id: str | None = None) -> list[Entry]:
    """The components of ``kind`` (and ``component_id``) that the game in ``folder`` lists."""
    from generator.loading.games import load_game_file

    return [Entry(Path(folder), i, c) for i, c in enumerate(load_game_file(folder).components)
            if isinstance(c, dict) and c.get("kind") == kind and (component_id is None or c.get("id") == component_id)]


def component_entry(folder: Path, kind: str, component_id: str | None = None, need: str = "the bot") -> Entry:
    """The one component of ``kind`` (and ``component_id``); DataError naming game.yaml when
    there is none or more than one (``need`` says who needs it)."""
    found = component_entries(folder, kind, component_id)
    if len(found) != 1:
        from generator.kit.datafiles import display_path
        what = f"one {kind!r} component" + (f" with id {component_id!r}" if component_id else "")
        raise DataError([Problem(display_path(Path(folder) / "game.yaml"), f"{need} needs {what}, found {len(found)}",
                                 field="components")])
    return found[0]


def load_component(folder: Path, kind: str, component_id: str | None = None, need: str = "the bot") -> Any:
    """The component loaded as a build loads it (its kind's loader, the game's code
    registered), and only it: quick, for a bot that draws on one board."""
    from generator.loading.games import Game, game_code_of, load_game_file
    from generator.loading.kinds import KINDS

    entry = component_entry(folder, kind, component_id, need)
    spec = load_game_file(folder)
    game_code_of(folder)
    game = Game(spec.id, spec.title, spec.subtitle, Path(folder), code=spec.code)
    return KINDS[kind](game, dict(entry.spec), entry.shown, entry.index)


__all__ = ["Entry", "component_entries", "component_entry", "game_file", "game_folder", "kit_root", "load_component"]


#: The most files a game folder is hashed with (``folder_files``): a game's folder holds some 70.
MAX_FOLDER_FILES = 2_000


def folder_files(folder: Path) -> dict[Path, str] | None:
    """Every regular file in a game folder (symlinks not followed) and its sha256: what an
    answer drawn from the folder's components (a board, its art) is kept under, by content
    (``bot.status_cache``); None when the folder holds more than MAX_FOLDER_FILES or a file
    that cannot be read (keep no answer then)."""
    import os
    import stat

    from generator.kit.cachekeys import file_sha256

    found: dict[Path, str] = {}
    for top, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            path = Path(top) / name
            if not stat.S_ISREG(os.lstat(path).st_mode):
                continue
            digest = file_sha256(path)
            if digest is None or len(found) >= MAX_FOLDER_FILES:
                return None
            found[path] = digest
    return found
