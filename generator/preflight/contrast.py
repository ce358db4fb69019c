"""Rule 2: text and symbols stand out from what is drawn behind them (WCAG contrast).

Text needs 4.5:1 (3:1 from 18 pt, or 14 pt bold) against the ground under it, sampled along
the line; a symbol (an icon) needs 3:1 between its best-contrasting ink and the ground at its
centre, painted before it. Where an image lies under the point the ground is not known and
nothing is claimed."""

from __future__ import annotations

from typing import Iterator

from generator.draw.ink import Drawn, text_box
from generator.draw.scene import CircleItem, GroupItem, Item, PathItem, TextItem, apply
from generator.preflight.behind import Ground
from generator.preflight.findings import Finding
from generator.preflight.page import PrintedPage
from generator.preflight.wcag import GRAPHICS, LARGE_TEXT, TEXT, over, ratio

RULE = "contrast"
SAMPLES = (0.15, 0.5, 0.85)     # along the line of text
# Over a gradient the ground changes under the text (and in a gradient its ink): the worst pair
# is looked for over the whole box of the text, at these fractions of its width and height.
ACROSS = tuple(i / 10 for i in range(11))
DOWN = (0.2, 0.5, 0.8)


def _large(size_pt: float, face: str) -> bool:
    return size_pt >= 18.0 or (size_pt >= 14.0 and "bold" in face)


def _ratio_text(ground: Ground, d: Drawn, order: int) -> tuple[float, str, str] | None:
    item = d.item
    assert isinstance(item, TextItem)
    left, top, right, bottom = text_box(item)
    mid_y = item.y - item.size_mm * 0.3                 # half the x-height above the baseline
    points = [(left + (right - left) * t, mid_y) for t in SAMPLES]
    if item.gradient is not None or ground.varies_under(d.box):
        points = [(left + (right - left) * t, top + (bottom - top) * u) for t in ACROSS for u in DOWN]
    worst: tuple[float, str, str] | None = None
    for x, y in points:
        px, py = apply(d.matrix, (x, y))
        behind = ground.colour_at(px, py, order)
        if behind is None:
            continue
        fill = item.gradient.at((x, y)) if item.gradient is not None else item.fill
        ink = over(fill, behind, d.opacity)
        measured = ratio(ink, behind)
        if worst is None or measured < worst[0]:
            worst = (measured, fill, behind)
    return worst


def _inks(items: tuple[Item, ...]) -> set[str]:
    found: set[str] = set()
    for item in items:
        if isinstance(item, GroupItem):
            found |= _inks(item.items)
        elif isinstance(item, (PathItem, CircleItem)):
            style = item.style
            if style.fill and style.fill.startswith("#"):
                found.add(style.fill)
            if style.stroke and style.stroke.startswith("#") and style.stroke_width >= 0.2:
                found.add(style.stroke)
    return found


def check(page: PrintedPage) -> Iterator[Finding]:
    ground = page.ground
    for order, d in enumerate(page.items):
        item = d.item
        if not isinstance(item, TextItem) or not item.text.strip() or (page.overview and d.scale < 0.999) or d.shadow:
            continue
        found = _ratio_text(ground, d, order)
        if found is None:
            continue
        measured, ink, behind = found
        limit = LARGE_TEXT if _large(item.size_pt * d.scale, item.face) else TEXT
        if measured < limit - 0.005:
            yield page.finding(RULE, d, f"text {item.text.strip()!r} ({ink} on {behind})", f"{measured:.2f}:1",
                               f"{limit:g}:1")
    yield from _symbols(page, ground)


def _symbols(page: PrintedPage, ground: Ground) -> Iterator[Finding]:
    """Each icon placed on the page (a group named ``icon ...``), against the ground at its centre."""
    placed: dict[tuple[int, ...], list] = {}        # one placement of an icon: first item, its box
    for order, d in enumerate(page.items):
        if d.shadow:
            continue
        for depth, group in enumerate(d.groups):
            if not group.name.startswith("icon "):
                continue
            key = tuple(id(g) for g in d.groups[:depth + 1])
            if key not in placed:
                placed[key] = [order, d, group, list(d.box)]
            else:
                box = placed[key][3]
                box[:] = [min(box[0], d.box[0]), min(box[1], d.box[1]), max(box[2], d.box[2]), max(box[3], d.box[3])]
            break
    for order, d, group, box in placed.values():
        inks = _inks(group.items)
        if not inks or (page.overview and d.scale < 0.999):
            continue
        behind = ground.colour_at((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, order)
        if behind is None:
            continue
        best = max(sorted(inks), key=lambda ink: ratio(ink, behind))
        measured = ratio(best, behind)
        if measured < GRAPHICS - 0.005:
            yield page.finding(RULE, d, f"symbol {group.name.removeprefix('icon ')!r} ({best} on {behind})",
                               f"{measured:.2f}:1", f"{GRAPHICS:g}:1")
