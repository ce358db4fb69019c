"""The page's checklist of what to change on the table, kept beside the save
(``SAVE.checklist.json``) with the position it belongs to, so that a reloaded tab (a phone
locked, a browser restarted) shows it again with the lines already ticked.

The file is written under the save's lock, atomically, whenever a tap makes a new checklist or
ticks a line; it is shown only while the save's position is the one it was made for (after a
command in a terminal, or another tab's action, it is left unshown). It is the page's memory,
not the game's: deleting it loses nothing of the game."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from generator.core.atomic import write_atomic

MAX_LINES = 200


@dataclass
class Checklist:
    """A checklist: its title, its lines, which are ticked, and the position it is for."""

    at: str
    title: str
    lines: list[str]
    ticked: list[int] = field(default_factory=list)


def path_for(save: Path) -> Path:
    return save.with_name(save.name + ".checklist.json")


def read(save: Path, at: str) -> Checklist | None:
    """The checklist kept for the position ``at``, or None (none kept, another position, or a
    file this page did not write: it is only the page's memory, so it is ignored, not refused)."""
    try:
        data = json.loads(path_for(save).read_text(encoding="utf-8"))
        found = Checklist(str(data["at"]), str(data["title"]), [str(x) for x in data["lines"]][:MAX_LINES],
                          sorted({int(i) for i in data["ticked"]}))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return found if found.at == at else None


def write(save: Path, checklist: Checklist) -> None:
    write_atomic(path_for(save), json.dumps(checklist.__dict__, ensure_ascii=False, indent=1))


def tick(save: Path, at: str, index: int) -> Checklist | None:
    """Line ``index`` ticked, or unticked when it was; None when no checklist is kept for ``at``."""
    found = read(save, at)
    if found is None or not 0 <= index < len(found.lines):
        return found
    ticked = set(found.ticked) ^ {index}
    found.ticked = sorted(ticked)
    write(save, found)
    return found
