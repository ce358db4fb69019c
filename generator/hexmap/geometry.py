"""Hex geometry for flat-topped hexes in numbered columns (wargame ``XXYY`` ids).

Axial coordinates (q, r) follow Red Blob Games' "Hexagonal Grids"; the printed id is
column then row, both from 01, ``0101`` at top left. Which columns sit half a hex lower
is a property of the map (``low_columns``: ``even`` or ``odd``, counted from 01).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator, Literal

LowColumns = Literal["even", "odd"]

# Fixed neighbour order (axial). On paper, for flat-topped hexes with y down, these are
# SE, NE, N, NW, SW, S. A fixed order makes every search deterministic, which a bot that
# explains itself needs.
AXIAL_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True, order=True)
class Axial:
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: "Axial") -> "Axial":
        return Axial(self.q + other.q, self.r + other.r)


def axial_distance(a: Axial, b: Axial) -> int:
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def axial_neighbours(a: Axial) -> list[Axial]:
    return [Axial(a.q + dq, a.r + dr) for dq, dr in AXIAL_DIRECTIONS]


def is_low(col: int, low_columns: LowColumns) -> bool:
    """True when 1-based column ``col`` sits half a hex lower than its neighbours."""
    return (col % 2 == 0) if low_columns == "even" else (col % 2 == 1)


def offset_to_axial(col: int, row: int, low_columns: LowColumns = "even") -> Axial:
    """1-based column/row to axial."""
    c, r = col - 1, row - 1
    # Zero-based: "even" (1-based) low columns are the zero-based odd ones ("odd-q").
    if low_columns == "even":
        return Axial(c, r - (c - (c & 1)) // 2)
    return Axial(c, r - (c + (c & 1)) // 2)


def axial_to_offset(a: Axial, low_columns: LowColumns = "even") -> tuple[int, int]:
    """Axial to 1-based (column, row)."""
    c = a.q
    if low_columns == "even":
        r = a.r + (c - (c & 1)) // 2
    else:
        r = a.r + (c + (c & 1)) // 2
    return c + 1, r + 1


def hex_id(col: int, row: int) -> str:
    """The printed id: two-digit column then two-digit row (``0907``)."""
    if not (0 <= col <= 99 and 0 <= row <= 99):
        raise ValueError(f"column and row must be 0-99, got {col}, {row}")
    return f"{col:02d}{row:02d}"


def parse_hex_id(text: str) -> tuple[int, int]:
    """``'0907'`` -> (9, 7). Raises ValueError with a plain message."""
    text = str(text).strip()
    if len(text) != 4 or not text.isdigit():
        raise ValueError(f"a hex id is four digits, column then row (like 0907), got {text!r}")
    return int(text[:2]), int(text[2:])


@dataclass(frozen=True)
class HexLayout:
    """Where hexes of a grid sit on paper, in millimetres from the grid's top-left."""

    flat_mm: float                  # across the flats (vertical distance between centres)
    low_columns: LowColumns = "even"

    @property
    def radius(self) -> float:
        """Centre to corner."""
        return self.flat_mm / SQRT3

    @property
    def col_step(self) -> float:
        return 1.5 * self.radius

    def centre(self, col: int, row: int) -> tuple[float, float]:
        """Centre of 1-based (col, row); y grows downwards."""
        x = self.radius + (col - 1) * self.col_step
        y = self.flat_mm / 2 + (row - 1) * self.flat_mm
        if is_low(col, self.low_columns):
            y += self.flat_mm / 2
        return x, y

    def corners(self, col: int, row: int) -> list[tuple[float, float]]:
        """Six corners, starting east, going clockwise on paper (y down)."""
        cx, cy = self.centre(col, row)
        rad = self.radius
        return [(cx + rad * math.cos(math.radians(60 * i)), cy + rad * math.sin(math.radians(60 * i)))
                for i in range(6)]

    def grid_size(self, cols: int, rows: int) -> tuple[float, float]:
        """Width and height of the bounding box of a cols x rows grid."""
        width = 2 * self.radius + (cols - 1) * self.col_step
        height = rows * self.flat_mm + (self.flat_mm / 2 if cols > 1 else 0)
        return width, height


def grid_hexes(cols: int, rows: int) -> Iterator[tuple[int, int]]:
    """Every (col, row) of a grid, column by column."""
    for col in range(1, cols + 1):
        for row in range(1, rows + 1):
            yield col, row
