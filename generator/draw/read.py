"""What a reader reads on a drawing: its words and its symbols, each with its box.

Found from the drawing itself, so that whatever a kit draws (a city's name, a track's
numbers, an edge label, an icon) is known without a list kept by hand: the tiler keeps
them whole (no seam through a word) and the preflight sees a seam or other ink across one.
A word is a text run that inks; a symbol is an icon (a group drawn as ``icon NAME``); a
named space is a closed outlined shape a piece stands on (a city's circle, a stack box, a
track's space), told by its drawing: closed, stroked, from ``SPACE_MIN`` to ``SPACE_MAX`` mm
across, not a hexagon (a hex grid's cells are kept whole by the seams on hex boundaries) and not
part of a symbol. A space drawn inside another (a city's inner ring) is part of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from generator.core.limits import excerpt
from generator.draw.ink import Box, Drawn, drawn, inks
from generator.draw.scene import CircleItem, Item, PathItem, TextItem

ICON = "icon "      # the name an icon's group is drawn with (generator.draw.icons)
SPACE_MIN = 9.0     # mm: the smallest side of a space a piece stands on (a 10 mm counter's, less a little)
SPACE_MAX = 60.0    # mm: the largest (a start space holding every player); larger closed shapes are areas
HEXAGON = 6         # corners of a hex cell
SHARED = 0.1        # mm inside a space's outline that a seam on the outline does not count as crossing


@dataclass(frozen=True)
class Readable:
    """A word (``text``) or a symbol (``icon NAME``) as drawn, and its box on the drawing."""

    what: str           # "text 'Wismar'", "symbol ringwall", "space (a circle 31 x 31 mm)"
    box: Box
    text: str = ""      # the words, for a text


def _icon(d: Drawn) -> str:
    """The outermost icon the item is part of ('' when none)."""
    return next((g.name for g in d.groups if g.name.startswith(ICON)), "")


def _corners(item: PathItem) -> int:
    return sum(1 for cmd in item.commands if cmd[0] in "ML")


def space_box(d: Drawn) -> Box:
    """A space's own area: inside its outline's middle, so that a seam may run on the line two
    spaces share (a grid's cells, a track's boxes side by side)."""
    item = d.item
    assert isinstance(item, (CircleItem, PathItem))
    inset = item.style.stroke_width * d.scale / 2 + SHARED
    return d.box[0] + inset, d.box[1] + inset, d.box[2] - inset, d.box[3] - inset


def space_kind(d: Drawn) -> str:
    """What closed outlined shape a piece stands on ``d`` is ('a circle', 'a box', 'a shape'),
    or '' when it is none (open, unstroked, a hexagon, too small or too large)."""
    item = d.item
    if isinstance(item, CircleItem):
        kind, style = "a circle", item.style
    elif isinstance(item, PathItem) and item.commands and item.commands[-1][0] == "Z":
        corners = _corners(item)
        if corners == HEXAGON:
            return ""
        kind = "a circle" if corners == 1 else "a box" if corners == 4 else "a shape"
        style = item.style
    else:
        return ""
    if not style.stroke or style.stroke_width <= 0 or style.opacity <= 0 or d.opacity <= 0 or d.shadow:
        return ""
    w, h = d.box[2] - d.box[0], d.box[3] - d.box[1]
    return kind if SPACE_MIN <= min(w, h) and max(w, h) <= SPACE_MAX else ""


def _within(box: Box, outer: Box) -> bool:
    return outer[0] <= box[0] and box[2] <= outer[2] and outer[1] <= box[1] and box[3] <= outer[3]


def readables(items: Sequence[Item]) -> list[Readable]:
    """Every word and symbol the items draw, in painting order."""
    return list(readables_of(drawn(items)))


def readables_of(every: Iterable[Drawn]) -> Iterator[Readable]:
    """As ``readables``, from items already opened (``generator.draw.ink.drawn``)."""
    icons: dict[int, tuple[str, list[float]]] = {}
    spaces: list[tuple[str, Box]] = []
    for d in every:
        icon = _icon(d)
        if icon:
            group = next(g for g in d.groups if g.name == icon)
            name, box = icons.setdefault(id(group), (icon, [*d.box]))
            box[:] = [min(box[0], d.box[0]), min(box[1], d.box[1]), max(box[2], d.box[2]), max(box[3], d.box[3])]
            continue
        kind = space_kind(d)
        if kind:
            spaces.append((kind, space_box(d)))
            continue
        if isinstance(d.item, TextItem) and d.item.text.strip() and inks(d):
            yield Readable(f"text {excerpt(d.item.text, 60)}", d.box, d.item.text)
    for name, (x0, y0, x1, y1) in icons.values():
        yield Readable(f"symbol {name.removeprefix(ICON)}", (x0, y0, x1, y1))
    for i, (kind, area) in enumerate(spaces):
        if not any(j != i and _within(area, other) and (other != area or j < i) for j, (_, other) in enumerate(spaces)):
            w, h = area[2] - area[0] + 2 * SHARED, area[3] - area[1] + 2 * SHARED
            yield Readable(f"space ({kind} {w:.0f} x {h:.0f} mm)", area)
