"""What a board is drawn with around its hexes: a module of its own, below the painter, so
the hooks a game's map overlay offers (``generator.hexmap.overlay``) can name it."""

from __future__ import annotations

from dataclasses import dataclass

#: Width of the band of column and row numbers along the grid's edges, in mm.
COORDINATE_BAND = 5.0


@dataclass(frozen=True)
class MapOptions:
    """What to draw around the hexes."""

    margin_mm: float = 16.0
    hex_ids: bool = True
    ornaments: bool = True
    frame: bool = True
    plain: bool = False          # a designer's blank grid: white paper, black lines, no texture
    coordinates: bool = True     # column numbers above and below the grid, row numbers beside it

    @property
    def band_mm(self) -> float:
        """The strip between the grid and the margin that holds the column and row numbers."""
        return COORDINATE_BAND if self.coordinates else 0.0

    @property
    def outer_mm(self) -> float:
        """Everything between the grid and the board's edge: the numbers' band and the margin."""
        return self.margin_mm + self.band_mm
