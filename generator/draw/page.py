"""A printable page: a scene plus the boxes a print shop reads."""

from __future__ import annotations

from dataclasses import dataclass

from generator.draw.scene import Scene

Box = tuple[float, float, float, float]  # x, y, width, height in mm, y down from the top-left


@dataclass(frozen=True)
class Page:
    """One page of a document. MediaBox is the whole scene; trim and bleed boxes are optional."""

    scene: Scene
    trim: Box | None = None
    bleed: Box | None = None
    label: str = ""
    #: Where each piece's trim lies on a sheet of pieces, by its id: the cuts the preflight
    #: checks (generator.preflight.cutting); empty on other pages.
    pieces: tuple[tuple[str, Box], ...] = ()
