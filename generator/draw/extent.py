"""Where a scene's items lie: generous boxes (x0, y0, x1, y1, in the scene's millimetres),
or None where one cannot be known cheaply. A tiled board culls its items by them; a kept
picture redraws the rows an item changed in (``generator.draw.png_bands``)."""

from __future__ import annotations

from typing import Iterable

from generator.draw.scene import CircleItem, GroupItem, ImageItem, Item, Matrix, PathItem, TextItem, apply

Box = tuple[float, float, float, float]
MITER_REACH = 5.0       # a miter join reaches at most this many stroke widths past its point (PDF's limit is 10 half-widths)


def leaf_box(item: Item) -> Box | None:
    """A generous bounding box of a path, circle or text, or None (a group, an image)."""
    if isinstance(item, PathItem):
        xs = [v for c in item.commands for v in c[1::2]]
        ys = [v for c in item.commands for v in c[2::2]]
        if not xs:
            return None
        pad = item.style.stroke_width if item.style.stroke else 0.0
        return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad
    if isinstance(item, CircleItem):
        pad = item.r + item.style.stroke_width
        return item.cx - pad, item.cy - pad, item.cx + pad, item.cy + pad
    if isinstance(item, TextItem):
        x0 = item.start_x()
        return x0 - 1, item.y - item.size_mm * 1.2, x0 + item.width() + 1, item.y + item.size_mm * 0.5
    return None


def item_box(item: Item) -> Box | None:
    """Where anything ``item`` paints may lie: a group's clip or its items (through its
    matrix), an image's box, a stroke's miters; None if a part cannot be bounded."""
    if isinstance(item, GroupItem):
        if item.clip is not None:
            inner = _points_box(((c[i], c[i + 1]) for c in item.clip for i in range(1, len(c) - 1, 2)))
        else:
            inner = union(item_box(child) for child in item.items)
        return None if inner is None else _transformed(inner, item.matrix)
    if isinstance(item, ImageItem):
        return item.x, item.y, item.x + item.w, item.y + item.h
    box = leaf_box(item)
    if box is not None and isinstance(item, PathItem) and item.style.stroke:
        pad = item.style.stroke_width * MITER_REACH
        box = (box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad)
    return box


def union(boxes: Iterable[Box | None]) -> Box | None:
    """The box around all ``boxes`` (None if one is None; an empty box for none at all)."""
    x0 = y0 = float("inf")
    x1 = y1 = float("-inf")
    for box in boxes:
        if box is None:
            return None
        x0, y0, x1, y1 = min(x0, box[0]), min(y0, box[1]), max(x1, box[2]), max(y1, box[3])
    return (x0, y0, x1, y1) if x0 <= x1 else (0.0, 0.0, 0.0, 0.0)


def _points_box(points: Iterable[tuple[float, float]]) -> Box | None:
    listed = list(points)
    if not listed:
        return None
    xs, ys = [p[0] for p in listed], [p[1] for p in listed]
    return min(xs), min(ys), max(xs), max(ys)


def _transformed(box: Box, matrix: Matrix) -> Box | None:
    x0, y0, x1, y1 = box
    return _points_box(apply(matrix, corner) for corner in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)))
