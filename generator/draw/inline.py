"""Icons inside text: ``:name:`` draws the kit's icon ``name`` where it stands in a line.

The markup: ``:cavalry:`` is an icon (a name starts with a letter, then letters, digits,
``-`` or ``_``, so times and ratios such as 12:30 or 3:2:1 stay text); ``\\:`` is a literal
colon, for the rare text that needs ``:word:`` as it is. Text is read as markup only when
the caller passes a mapping of icons (possibly empty); with none, text is plain.

An icon is as tall as the type's em and as wide as its aspect ratio makes it (its advance);
its em box is centred on the middle of the capitals, so it sits on the baseline beside them
and reaches a little below it, like a symbol set in the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Mapping, Union

from generator.draw import fonts

if TYPE_CHECKING:
    from generator.draw.icons import Icon

Icons = Mapping[str, "Icon"]
TOKEN = re.compile(r"\\:|:([A-Za-z][A-Za-z0-9_-]*):")


class UnknownIcon(LookupError):
    """Text names an icon the kit does not have."""

    def __init__(self, name: str, known: Iterable[str] = ()):
        self.name = name
        self.known = sorted(known)
        hint = f"; known icons: {', '.join(self.known)}" if self.known else "; the kit has no icons"
        super().__init__(f"unknown icon ':{name}:'{hint} (write \\: for a literal colon)")

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class IconRef:
    """An icon's place in a line of text."""

    name: str


Piece = Union[str, IconRef]


def pieces(text: str) -> list[Piece]:
    """Text split into runs of plain text (escapes resolved) and icon references."""
    out: list[Piece] = []
    buffer: list[str] = []
    last = 0
    for match in TOKEN.finditer(text):
        buffer.append(text[last:match.start()])
        if match.group(1) is None:
            buffer.append(":")
        else:
            if buffer and "".join(buffer):
                out.append("".join(buffer))
            buffer = []
            out.append(IconRef(match.group(1)))
        last = match.end()
    buffer.append(text[last:])
    if "".join(buffer):
        out.append("".join(buffer))
    return out


def icon_names(text: str) -> list[str]:
    """The icons a text names, in order (for checks before drawing)."""
    return [p.name for p in pieces(text) if isinstance(p, IconRef)]


def lookup(icons: Icons, name: str) -> "Icon":
    """The icon ``name``; UnknownIcon if the kit has none of that name."""
    try:
        return icons[name]
    except KeyError:
        raise UnknownIcon(name, icons.keys()) from None


def advance(icon: "Icon", size_mm: float) -> float:
    return icon.aspect * size_mm


def icon_box(icon: "Icon", x: float, baseline: float, face: str, size_mm: float) -> tuple[float, float, float, float]:
    """Where an inline icon starting at x is drawn: an em tall, centred on the capitals' middle."""
    m = fonts.metrics(face)
    middle = baseline - m.cap_height / m.units_per_em * size_mm / 2
    return x, middle - size_mm / 2, advance(icon, size_mm), size_mm


def width(text: str, face: str, size_mm: float, icons: Icons | None, letter_spacing: float = 0.0) -> float:
    """Width of one line in the unit of ``size_mm``; icons count as their advance, and as one
    character for letter spacing."""
    if icons is None:
        return fonts.text_width(text, face, size_mm) + letter_spacing * max(len(text) - 1, 0)
    total = 0.0
    count = 0
    for piece in pieces(text):
        if isinstance(piece, IconRef):
            total += advance(lookup(icons, piece.name), size_mm)
            count += 1
        else:
            total += fonts.text_width(piece, face, size_mm)
            count += len(piece)
    return total + letter_spacing * max(count - 1, 0)
