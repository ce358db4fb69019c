"""What a page inks and where: every drawn item of a scene with its place on the paper.

A scene nests groups that move, scale and clip what they hold; the rules need each item as
printed: its bounding box on the page (clipped), its scale (for text at print size), the
piece it belongs to (a group placed with a name) and the colour it paints.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator, Sequence

from generator.draw import fonts
from generator.draw.scene import (IDENTITY, SHADOW, CircleItem, Command, GroupItem, ImageItem, Item, Matrix, PathItem,
                                  TextItem, apply, multiply)

Box = tuple[float, float, float, float]     # left, top, right, bottom in mm on the page
Clip = tuple[Matrix, tuple[Command, ...]]    # a clip path (nonzero, as the PDF writer sets it) and its matrix to the page

PAPER = "#ffffff"


@dataclass(frozen=True)
class Drawn:
    """One item as printed: the item, its matrix to the page, its box on the page (clipped),
    the named groups it sits in (outermost first) and the opacity it is painted with.
    ``clips``: the clips in force whose outline is not the box itself (a rounded card, a hex,
    a rotated group): what it paints is inside every one of them, not only inside ``box``."""

    item: Item
    matrix: Matrix
    box: Box
    groups: tuple[GroupItem, ...]      # the groups it sits in, outermost first
    opacity: float
    shadow: bool = False                # part of a drop shadow (drawn in a group named ``shadow``)
    clips: tuple[Clip, ...] = ()        # outermost first

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(group.name for group in self.groups if group.name)

    @property
    def scale(self) -> float:
        a, b, c, d, _, _ = self.matrix
        return math.sqrt(abs(a * d - b * c))

    @property
    def piece(self) -> str:
        """The piece the item belongs to (the outermost named group: a piece on a sheet)."""
        return self.names[0] if self.names else ""


def _points(commands: Sequence[Command]) -> Iterator[tuple[float, float]]:
    for cmd in commands:
        for i in range(1, len(cmd) - 1, 2):
            yield cmd[i], cmd[i + 1]


def _box_of(points: Sequence[tuple[float, float]], matrix: Matrix, pad: float = 0.0) -> Box | None:
    if not points:
        return None
    a, b, c, d, e, f = matrix
    if b == 0.0 and c == 0.0 and len(points) == 4:     # a box moved and scaled: its corners suffice
        (x0, y0), (x1, y1) = points[0], points[2]
        xa, xb, ya, yb = a * x0 + e, a * x1 + e, d * y0 + f, d * y1 + f
        return min(xa, xb) - pad, min(ya, yb) - pad, max(xa, xb) + pad, max(ya, yb) + pad
    placed = [apply(matrix, p) for p in points]
    xs, ys = [p[0] for p in placed], [p[1] for p in placed]
    return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad


def _corners(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _intersect(a: Box, b: Box | None) -> Box | None:
    if b is None:
        return a
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[0] < box[2] and box[1] < box[3] else None


@lru_cache(maxsize=65536)
def text_box(item: TextItem) -> tuple[float, float, float, float]:
    """The text's box in its own coordinates: left, top (ascender), right, bottom (descender).
    Kept per item: a face placed on many pages is measured once."""
    m = fonts.metrics(item.face)
    width = item.width()
    x = item.x - (width / 2 if item.anchor == "middle" else width if item.anchor == "end" else 0.0)
    return (x, item.y - m.ascender / m.units_per_em * item.size_mm, x + width,
            item.y - m.descender / m.units_per_em * item.size_mm)


@lru_cache(maxsize=65536)
def _path_box(commands: tuple[Command, ...]) -> tuple[float, float, float, float] | None:
    points = list(_points(commands))
    if not points:
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def own_box(item: Item, matrix: Matrix) -> Box | None:
    """The box ``item`` (not a group) covers on the page, strokes included."""
    scale = math.sqrt(abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]))
    if isinstance(item, PathItem):
        pad = item.style.stroke_width * scale / 2 if item.style.stroke else 0.0
        local = _path_box(item.commands)
        return None if local is None else _box_of(_corners(*local), matrix, pad)
    if isinstance(item, CircleItem):
        pad = item.style.stroke_width * scale / 2 if item.style.stroke else 0.0
        return _box_of(_corners(item.cx - item.r, item.cy - item.r, item.cx + item.r, item.cy + item.r), matrix, pad)
    if isinstance(item, TextItem):
        if not item.text.strip():
            return None
        return _box_of(_corners(*text_box(item)), matrix)
    if isinstance(item, ImageItem):
        x, y, w, h = item.placement()
        box = _box_of(_corners(x, y, x + w, y + h), matrix)
        if box is not None and item.clipped:
            box = _intersect(box, _box_of(_corners(item.x, item.y, item.x + item.w, item.y + item.h), matrix))
        return box
    return None


def upright_rect(ring: Sequence[tuple[float, float]]) -> Box | None:
    """The rectangle an outline of four corners (a fifth repeating the first) with upright
    sides is: left, top, right, bottom; None for any other outline."""
    corners = list(ring)
    if len(corners) == 5 and corners[4] == corners[0]:
        corners = corners[:4]
    if len(corners) != 4:
        return None
    for i in range(4):
        (x1, y1), (x2, y2) = corners[i], corners[(i + 1) % 4]
        if (x1 == x2) == (y1 == y2):
            return None
    xs, ys = {x for x, _ in corners}, {y for _, y in corners}
    if len(xs) != 2 or len(ys) != 2:
        return None
    return min(xs), min(ys), max(xs), max(ys)


def boxed(commands: Sequence[Command], matrix: Matrix) -> bool:
    """Whether the outline is its own box on the page: one upright rectangle, moved and scaled
    but not turned (then the clip's box is the clip, and no point needs testing against it)."""
    if matrix[1] != 0.0 or matrix[2] != 0.0:
        return False
    ops = [cmd[0] for cmd in commands]
    if ops not in (["M", "L", "L", "L", "Z"], ["M", "L", "L", "L", "L", "Z"], ["M", "L", "L", "L"],
                   ["M", "L", "L", "L", "L"]):
        return False
    return upright_rect([(cmd[1], cmd[2]) for cmd in commands if cmd[0] != "Z"]) is not None


def drawn(items: Sequence[Item]) -> Iterator[Drawn]:
    """Every item (groups opened) in painting order, as printed; items clipped away are left out.
    A clip that is not an upright rectangle goes with each item it holds (``Drawn.clips``)."""
    def visit(items: Sequence[Item], matrix: Matrix, clip: Box | None, clips: tuple[Clip, ...],
              groups: tuple[GroupItem, ...], opacity: float, shadow: bool) -> Iterator[Drawn]:
        for item in items:
            if isinstance(item, GroupItem):
                inner = multiply(matrix, item.matrix)
                inner_clip, inner_clips = clip, clips
                if item.clip:
                    box = _box_of(list(_points(item.clip)), inner)
                    inner_clip = _intersect(box, clip) if box else clip
                    if inner_clip is None:
                        continue
                    if not boxed(item.clip, inner):
                        inner_clips = clips + ((inner, item.clip),)
                yield from visit(item.items, inner, inner_clip, inner_clips, groups + (item,),
                                 opacity * item.opacity, shadow or item.name == SHADOW)
                continue
            box = own_box(item, matrix)
            if box is None:
                continue
            box = _intersect(box, clip)
            if box is not None:
                yield Drawn(item, matrix, box, groups, opacity * getattr(item, "opacity", 1.0), shadow, clips)
    yield from visit(items, IDENTITY, None, (), (), 1.0, False)


def inks(d: Drawn) -> bool:
    """Whether the item puts ink on white paper (a white shape does not)."""
    item = d.item
    if d.opacity <= 0:
        return False
    if isinstance(item, (PathItem, CircleItem)):
        style = item.style
        if style.opacity <= 0:
            return False
        return (style.fill not in (None, PAPER)) or (style.stroke not in (None, PAPER) and style.stroke_width > 0)
    if isinstance(item, TextItem):
        return item.fill != PAPER
    return True


def describe(item: Item) -> str:
    """What the item is, for a finding."""
    if isinstance(item, TextItem):
        return f"text {item.text!r}"
    if isinstance(item, ImageItem):
        return "an image"
    if isinstance(item, CircleItem):
        return "a circle"
    if isinstance(item, PathItem):
        return "a line" if item.style.fill is None else "a shape"
    return "a drawing"
