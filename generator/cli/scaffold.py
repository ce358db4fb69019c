"""``pnpkit new DIR``: a kit of one's own, with a sample game that builds at once.

The kit is copied from ``templates/new-kit`` (shipped with the package): data and layout
files only, no Python. Files ending ``.j2`` are rendered with the game's id and title; the
folder ``GAME`` takes the game's id; ``gitignore`` becomes ``.gitignore`` (package data
leaves dot-files out).
"""

from __future__ import annotations

import json
import re
from pathlib import Path, PurePosixPath

from jinja2 import Environment, StrictUndefined

from generator.kit.location import templates_dir

SCAFFOLD = "new-kit"
GAME_FOLDER = "GAME"
RENAMED = {"gitignore": ".gitignore"}
GAME_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


class ScaffoldError(ValueError):
    """The kit cannot be made where or as asked."""


def scaffold_files(game_id: str) -> dict[PurePosixPath, Path]:
    """Where each file of the new kit goes (relative to the kit) -> its template."""
    source = templates_dir() / SCAFFOLD
    files = {}
    for template in sorted(p for p in source.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        parts = [game_id if part == GAME_FOLDER else RENAMED.get(part, part)
                 for part in template.relative_to(source).parts]
        target = PurePosixPath(*parts)
        if target.suffix == ".j2":
            target = target.with_suffix("")
        files[target] = template
    return files


def new_kit(folder: Path, game_id: str = "mygame", title: str = "My Game") -> list[PurePosixPath]:
    """Make a kit in ``folder`` (new or empty) holding one sample game; the files written,
    relative to the kit. ScaffoldError if the folder holds anything or the id is unusable."""
    if not GAME_ID.fullmatch(game_id):
        raise ScaffoldError(f"a game id is lower-case letters, digits, '-' and '_' (it names a folder and "
                            f"files), got {game_id!r}")
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise ScaffoldError(f"{folder} is a file; give a new or empty folder")
    if folder.is_dir() and any(folder.iterdir()):
        raise ScaffoldError(f"{folder} is not empty; give a new or empty folder (nothing was written)")
    environment = Environment(undefined=StrictUndefined, keep_trailing_newline=True, autoescape=False)
    environment.filters["quoted"] = lambda text: json.dumps(str(text), ensure_ascii=False)   # a YAML string
    context = {"game_id": game_id, "title": title}
    written = []
    for target, template in scaffold_files(game_id).items():
        path = folder.joinpath(*target.parts)
        path.parent.mkdir(parents=True, exist_ok=True)
        if template.suffix == ".j2":
            path.write_text(environment.from_string(template.read_text(encoding="utf-8")).render(**context),
                            encoding="utf-8")
        else:
            path.write_bytes(template.read_bytes())
        written.append(target)
    return written
