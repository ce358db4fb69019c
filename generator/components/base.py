"""The shared model of every printable component.

A *piece* is one physical thing (a card, a counter, a tile) with a trim size, a bleed, a
front and maybe a back. A *component* is a set of pieces printed together (a deck, a
counter sheet, a board). A component produces *output jobs*: one file each, with the
facts the manifest records and a cache key, rendered only when the key changed.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Callable, Iterable, Protocol

from generator.draw.scene import Scene


def fingerprint(*parts: Any) -> str:
    """A stable hash of JSON-able parts: what a drawing depends on."""
    blob = json.dumps(parts, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class Piece:
    """One physical piece. Scenes are drawn on first use and kept."""

    def __init__(self, id: str, title: str, width: float, height: float, bleed: float, data_hash: str,
                 draw_front: Callable[[], Scene], draw_back: Callable[[], Scene] | None = None,
                 quantity: int = 1, back_id: str = "back"):
        self.id = id
        self.title = title
        self.width = width
        self.height = height
        self.bleed = bleed
        self.data_hash = data_hash
        self.quantity = quantity
        self.back_id = back_id
        self._draw_front = draw_front
        self._draw_back = draw_back
        self._front: Scene | None = None
        self._back: Scene | None = None

    @property
    def has_back(self) -> bool:
        return self._draw_back is not None

    def front(self) -> Scene:
        """Full-bleed front: (width + 2 bleed) x (height + 2 bleed), trim at (bleed, bleed)."""
        if self._front is None:
            self._front = self._draw_front()
        return self._front

    def back(self) -> Scene:
        if self._draw_back is None:
            raise ValueError(f"piece {self.id} has no back")
        if self._back is None:
            self._back = self._draw_back()
        return self._back

    def trim_box(self) -> tuple[float, float, float, float]:
        return (self.bleed, self.bleed, self.width, self.height)


@dataclass(frozen=True)
class BuildOptions:
    """What the user asked of a build."""

    paper: str = "a4"
    formats: frozenset[str] = frozenset({"pdf", "svg"})
    guides: bool = False
    back_offset: tuple[float, float] = (0.0, 0.0)
    dpi: int = 300

    def key(self) -> dict[str, Any]:
        return {"paper": self.paper, "formats": sorted(self.formats), "guides": self.guides,
                "back_offset": list(self.back_offset), "dpi": self.dpi}


@dataclass
class OutputJob:
    """One file to write, with what the manifest says of it."""

    path: PurePosixPath             # relative to the output directory
    game: str
    kind: str
    item: str                       # item id, or a name for a file of many items
    format: str                     # pdf | svg | png | md
    key: str                        # cache key: same key, same bytes
    render: Callable[[], bytes]
    paper: str | None = None
    trim_mm: tuple[float, float] | None = None
    items: int = 1                  # pieces this file carries: 1 for a piece's own file, 0 for backs and notes
    extra: dict[str, Any] = field(default_factory=dict)


class Component(Protocol):
    """Anything a game's data defines that becomes files."""

    game_id: str
    kind: str
    id: str
    title: str

    def item_count(self) -> int: ...

    def jobs(self, options: BuildOptions, code_hash: str) -> Iterable[OutputJob]: ...


def source_file(game: Any, raw: Any, file: str, index: int, source: str, key: str = "source") -> Path:
    """The file a component entry names (its ``source``, or another ``key``), relative to
    game.yaml and inside the kit; a missing one, or one leading out of the kit, is reported
    at that key's line of game.yaml, where the user can fix it."""
    from generator.errors import DataError, Problem
    from generator.paths import OutsideKit, inside_kit

    lines = getattr(raw, "lines", {})

    def problem(message: str) -> DataError:
        return DataError([Problem(file, message, line=lines.get(key), field=f"components.{index}.{key}")])

    try:
        path = inside_kit(game.kit, Path(game.folder), source)
    except OutsideKit as err:
        raise problem(str(err)) from None
    if not path.is_file():
        raise problem(f"no file {source!r} in {Path(game.folder).name}/ (the path is relative to game.yaml)")
    return path
