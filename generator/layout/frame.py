"""The frame a face is drawn in: the full-bleed canvas, the trim and the safe zone (mm).

The layout library binds layouts in it (``generator.layout.resolve``, ``.context``), and
Python designs draw in it (``generator.components.cards.DeckDesign``).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.draw.scene import Scene


@dataclass(frozen=True)
class CardFrame:
    """Geometry a design draws in: full-bleed canvas, trim rectangle, safe rectangle (mm)."""

    width: float
    height: float
    bleed: float
    safe: float

    @property
    def canvas(self) -> tuple[float, float]:
        return self.width + 2 * self.bleed, self.height + 2 * self.bleed

    @property
    def trim(self) -> tuple[float, float, float, float]:
        return self.bleed, self.bleed, self.width, self.height

    @property
    def safe_box(self) -> tuple[float, float, float, float]:
        inset = self.bleed + self.safe
        return inset, inset, self.width - 2 * self.safe, self.height - 2 * self.safe

    def new_scene(self, title: str) -> Scene:
        return Scene(*self.canvas, title=title)
