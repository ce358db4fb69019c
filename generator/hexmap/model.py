"""The hex map model: what a map file says, checked, in a form a bot and a painter can use.

A map file (YAML, see docs/map-format.md) is read with line numbers kept, its shape
checked with pydantic, then its meaning checked (hexes on the grid, adjacent hexside pairs,
known terrains; a game's overlay checks the keys it adds, ``generator.hexmap.overlay``). Every problem is collected and raised together as one
``DataError`` so a designer fixes the file in one pass.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from generator.core.errors import DataError, Problem
from generator.hexmap.geometry import (
    Axial,
    HexLayout,
    axial_distance,
    axial_neighbours,
    axial_to_offset,
    hex_id,
    offset_to_axial,
    parse_hex_id,
)


@dataclass(frozen=True)
class Terrain:
    """A kind of ground: how it is painted and whether units may stand on it."""

    name: str
    label: str
    fill: str
    passable: bool = True
    key: str = ""
    pattern: str | None = None   # a drawing hint: 'waves', 'trees', 'marsh', 'houses', 'hills', ...


@dataclass(frozen=True)
class Cell:
    """One hex of the grid."""

    id: str
    col: int
    row: int
    terrain: str
    playfield: bool = True
    label: str | None = None


@dataclass(frozen=True)
class Feature:
    """Something standing in one or more hexes: a castle, the port, a spawn space…
    ``options`` holds the keys a game's overlay adds to a feature (``feature_keys``)."""

    kind: str
    hexes: list[str]
    name: str = ""
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Hexside:
    """A line along hex edges: a river, a wall, a ford. ``sides`` are pairs of adjacent hexes."""

    kind: str
    sides: list[tuple[str, str]]
    name: str = ""


@dataclass(frozen=True)
class Label:
    """Free text on the map (district and water names), placed at a hex centre plus an offset."""

    text: str
    at: str
    dx_mm: float = 0.0
    dy_mm: float = 0.0
    size_pt: float = 12.0
    rotate: float = 0.0
    style: str = "land"          # 'land', 'water', 'title': the painter picks face and colour


class HexMap:
    """A loaded, checked hex map. Hex ids are the printed ``XXYY`` strings."""

    def __init__(self, *, id: str, title: str, cols: int, rows: int, layout: HexLayout,
                 terrains: dict[str, Terrain], cells: dict[str, Cell],
                 features: list[Feature], hexsides: list[Hexside] | None = None,
                 labels: list[Label] | None = None,
                 subtitle: str = "", notes: str = "", designed: str = "", decor: dict[str, str] | None = None,
                 legend: dict[str, str] | None = None, source: Path | None = None, art: str | None = None,
                 overlay: object = None) -> None:
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.notes = notes
        self.designed = designed      # the fields of the map that are ours (generator.kit.designed)
        self.cols = cols
        self.rows = rows
        self.layout = layout
        self.terrains = terrains
        self.cells = cells
        self.features = features
        self.hexsides = hexsides or []
        self.labels = labels or []
        self.decor = decor or {}
        self.legend = legend or {}      # feature kind -> the legend's words for it
        self.source = source
        self.art = art                  # the game whose registered art paints it (generator.hexmap.gameart)
        self.overlay = overlay          # what that game's map overlay made of its own keys (generator.hexmap.overlay)
        self._axial = {cid: offset_to_axial(c.col, c.row, layout.low_columns) for cid, c in cells.items()}

    def __repr__(self) -> str:
        return f"HexMap({self.id!r}, {self.cols}x{self.rows}, {len(self.features)} features)"

    # -- grid -------------------------------------------------------------------------
    def __contains__(self, hex_id_: object) -> bool:
        return hex_id_ in self.cells

    def axial(self, hex_id_: str) -> Axial:
        return self._axial[hex_id_]

    def neighbours(self, hex_id_: str) -> list[str]:
        """Hexes next to ``hex_id_`` that are on the grid, in the fixed order SE, NE, N, NW, SW, S
        (axial directions of geometry.AXIAL_DIRECTIONS)."""
        result = []
        for a in axial_neighbours(self._axial[hex_id_]):
            col, row = axial_to_offset(a, self.layout.low_columns)
            if 1 <= col <= self.cols and 1 <= row <= self.rows:
                result.append(hex_id(col, row))
        return result

    def adjacent(self, a: str, b: str) -> bool:
        return a in self._axial and b in self._axial and axial_distance(self._axial[a], self._axial[b]) == 1

    def distance(self, a: str, b: str) -> int:
        """Hexes between a and b, ignoring terrain."""
        return axial_distance(self._axial[a], self._axial[b])

    def passable(self, hex_id_: str) -> bool:
        """True when units may stand in the hex (its terrain is passable). The bridge is
        passable terrain; whether Danes may use it is a game state, not map data."""
        cell = self.cells.get(hex_id_)
        return cell is not None and self.terrains[cell.terrain].passable

    def centre(self, hex_id_: str) -> tuple[float, float]:
        """Centre of a hex in mm from the grid's top-left corner."""
        cell = self.cells[hex_id_]
        return self.layout.centre(cell.col, cell.row)

    # -- features ------------------------------------------------------------------------
    def features_of(self, kind: str) -> list[Feature]:
        return [f for f in self.features if f.kind == kind]

    def hexes_of(self, kind: str) -> list[str]:
        """Every hex holding a feature of ``kind``, in file order, without repeats."""
        seen: dict[str, None] = {}
        for f in self.features_of(kind):
            for h in f.hexes:
                seen.setdefault(h, None)
        return list(seen)

    def shortest_path(self, start: str, goal: str, blocked: Iterable[str] = ()) -> list[str] | None:
        """Breadth-first path over passable hexes in the fixed neighbour order (same answer
        every run). ``blocked`` hexes are avoided; None when there is no way."""
        blocked_set = set(blocked)
        if start == goal:
            return [start]
        previous: dict[str, str] = {start: start}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for n in self.neighbours(here):
                if n in previous or n in blocked_set or not self.passable(n):
                    continue
                previous[n] = here
                if n == goal:
                    path = [n]
                    while path[-1] != start:
                        path.append(previous[path[-1]])
                    return path[::-1]
                queue.append(n)
        return None


__all__ = ["Cell", "Feature", "HexMap", "Hexside", "Label", "Terrain", "parse_hex_id"]
