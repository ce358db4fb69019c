"""What a reader reads on a drawing: its words and its symbols, each with its box.

Found from the drawing itself, so that whatever a kit draws (a city's name, a track's
numbers, an edge label, an icon) is known without a list kept by hand: the tiler keeps
them whole (no seam through a word) and the preflight sees a seam or other ink across one.
A word is a text run that inks; a symbol is an icon (a group drawn as ``icon NAME``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from generator.core.limits import excerpt
from generator.draw.ink import Box, Drawn, drawn, inks
from generator.draw.scene import Item, TextItem

ICON = "icon "      # the name an icon's group is drawn with (generator.draw.icons)


@dataclass(frozen=True)
class Readable:
    """A word (``text``) or a symbol (``icon NAME``) as drawn, and its box on the drawing."""

    what: str           # "text 'Wismar'", "symbol ringwall"
    box: Box
    text: str = ""      # the words, for a text


def _icon(d: Drawn) -> str:
    """The outermost icon the item is part of ('' when none)."""
    return next((g.name for g in d.groups if g.name.startswith(ICON)), "")


def readables(items: Sequence[Item]) -> list[Readable]:
    """Every word and symbol the items draw, in painting order."""
    return list(readables_of(drawn(items)))


def readables_of(every: Iterable[Drawn]) -> Iterator[Readable]:
    """As ``readables``, from items already opened (``generator.draw.ink.drawn``)."""
    icons: dict[int, tuple[str, list[float]]] = {}
    for d in every:
        icon = _icon(d)
        if icon:
            group = next(g for g in d.groups if g.name == icon)
            name, box = icons.setdefault(id(group), (icon, [*d.box]))
            box[:] = [min(box[0], d.box[0]), min(box[1], d.box[1]), max(box[2], d.box[2]), max(box[3], d.box[3])]
            continue
        if isinstance(d.item, TextItem) and d.item.text.strip() and inks(d):
            yield Readable(f"text {excerpt(d.item.text, 60)}", d.box, d.item.text)
    for name, (x0, y0, x1, y1) in icons.values():
        yield Readable(f"symbol {name.removeprefix(ICON)}", (x0, y0, x1, y1))
