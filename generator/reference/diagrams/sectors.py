"""``sectors``: a battlefield of facing rows of sectors between two reserves, with arrows in
the direction of attack and a note in each sector."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from generator.core.units import MM_PER_PT
from generator.draw.colour import mix
from generator.draw.scene import Scene, Style
from generator.reference.diagrams.base import INK, Colour, Drawing, Spec, arrow


class SectorRow(Spec):
    label: str
    colour: Colour
    sectors: list[str] = Field(min_length=1, max_length=5)


class Reserve(Spec):
    label: str
    colour: Colour
    note: str = ""


class SectorsSpec(Spec):
    kind: Literal["sectors"]
    far: Reserve
    rows: list[SectorRow] = Field(min_length=2, max_length=2)
    near: Reserve
    note: str = ""                 # in every sector
    arrow: str = "attack"


def draw(spec: Any, width: float, d: Drawing) -> Scene:
    width = min(width, 90.0)
    size = d.size
    line = size * MM_PER_PT * 1.2
    reserve_h = line * (2.2 if spec.far.note or spec.near.note else 1.6) + 2.0
    count = len(spec.rows[0].sectors)
    if len(spec.rows[1].sectors) != count:
        raise ValueError("both rows need the same number of sectors")
    sector_h = line * (3.2 if spec.note else 2.2) + 2.0
    gap = 7.0
    height = 2 * reserve_h + 2 * sector_h + 3 * gap
    scene = Scene(width, height)
    col_w = width / count
    y = 0.0
    _reserve(scene, d, spec.far, 0.0, y, width, reserve_h)
    rows_y = [reserve_h + gap, reserve_h + gap + sector_h + gap]
    for row, ry in zip(spec.rows, rows_y):
        for i, name in enumerate(row.sectors):
            x = i * col_w
            scene.rect(x + 1.0, ry, col_w - 2.0, sector_h, Style(fill=mix(row.colour, "#ffffff", 0.8), stroke=row.colour,
                                                                 stroke_width=0.5), radius=1.0)
            scene.text(x + col_w / 2, ry + line, name, face=d.face("bold"), size_pt=size, fill=INK, anchor="middle")
            if spec.note:
                scene.text(x + col_w / 2, ry + 2.1 * line, spec.note, face=d.face("italic"), size_pt=size, fill=INK,
                           anchor="middle")
        scene.text(width - 1.0, ry - 1.0, row.label, face=d.face("italic"), size_pt=size, fill=row.colour, anchor="end")
    near_y = rows_y[1] + sector_h + gap
    _reserve(scene, d, spec.near, 0.0, near_y, width, reserve_h)
    for i in range(count):
        x = i * col_w + col_w / 2
        arrow(scene, (x, rows_y[0] + sector_h), (x, rows_y[1]), 0.6, INK, 0.45)
        arrow(scene, (x, rows_y[1]), (x, rows_y[0] + sector_h), 0.6, INK, 0.45)
        arrow(scene, (x, near_y), (x, rows_y[1] + sector_h), 0.6, spec.rows[1].colour, 0.4)
        arrow(scene, (x, reserve_h), (x, rows_y[0]), 0.6, spec.rows[0].colour, 0.4)
    mid = rows_y[0] + sector_h + gap / 2 + size * MM_PER_PT * 0.35
    scene.text(col_w * 0.5 + 2.5, mid, spec.arrow, face=d.face("italic"), size_pt=size, fill=INK)
    return scene


def _reserve(scene: Scene, d: Drawing, reserve: Reserve, x: float, y: float, w: float, h: float) -> None:
    size = d.size
    line = size * MM_PER_PT * 1.2
    scene.rect(x + 1.0, y, w - 2.0, h, Style(fill=mix(reserve.colour, "#ffffff", 0.65), stroke=reserve.colour,
                                             stroke_width=0.6), radius=1.5)
    first = y + h / 2 + size * MM_PER_PT * 0.35 - (line / 2 if reserve.note else 0.0)
    scene.text(x + w / 2, first, reserve.label, face=d.face("bold"), size_pt=size, fill=INK, anchor="middle")
    if reserve.note:
        scene.text(x + w / 2, first + line, reserve.note, face=d.face("italic"), size_pt=size, fill=INK,
                   anchor="middle")
