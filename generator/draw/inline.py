"""Markup inside text: ``:name:`` draws the kit's icon ``name`` where it stands in a line,
``**bold**`` and ``*italic*`` set words in the text's bold and italic faces. This is the one
reader of that markup: layouts (``generator.draw.richtext``) and reference sheets
(``generator.reference.markup``) both take their runs from ``runs``.

The markup: ``:cavalry:`` is an icon (a name starts with a letter, then letters, digits,
``-`` or ``_``, so times and ratios such as 12:30 or 3:2:1 stay text); ``\\:``, ``\\*`` and
``\\\\`` are a literal colon, star and backslash, for the rare text that needs them. Text is
read as markup only when the caller passes a mapping of icons (possibly empty); with none,
text is plain.

An icon is as tall as the type's em and as wide as its aspect ratio makes it (its advance);
its em box is centred on the middle of the capitals, so it sits on the baseline beside them
and reaches a little below it, like a symbol set in the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Iterator, Mapping, Union

from generator.draw import fonts

if TYPE_CHECKING:
    from generator.draw.icons import Icon

Icons = Mapping[str, "Icon"]
TOKEN = re.compile(r"\\([*:\\])|(\*{1,3})|:([A-Za-z][A-Za-z0-9_-]*):")


class MarkupError(ValueError):
    """Text the markup cannot read (an unknown icon, an unclosed ``**``, a glyph the font lacks)."""


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


@dataclass(frozen=True)
class Run:
    """A stretch of text in one emphasis, or one icon (``icon`` set, ``text`` empty)."""

    text: str
    bold: bool = False
    italic: bool = False
    icon: str | None = None


def runs(text: str, bold: bool = False, italic: bool = False) -> Iterator[Run]:
    """``text`` as runs of one emphasis and icons, escapes resolved; ``bold`` and ``italic``
    are the emphasis it starts in (a reference sheet's ``<b>``). MarkupError for an unclosed
    or overlapping mark."""
    buffer: list[str] = []
    opened: list[str] = []
    now_bold, now_italic = bold, italic

    def flush() -> Iterator[Run]:
        if buffer:
            chunk = "".join(buffer)
            buffer.clear()
            if chunk:
                yield Run(chunk, now_bold, now_italic)

    last = 0
    for match in TOKEN.finditer(text):
        buffer.append(text[last:match.start()])
        last = match.end()
        escaped, mark, icon = match.groups()
        if escaped:
            buffer.append(escaped)
        elif mark:
            yield from flush()
            _mark(opened, mark, text)
            now_bold = bold or "**" in opened or "***" in opened
            now_italic = italic or "*" in opened or "***" in opened
        else:
            yield from flush()
            yield Run("", now_bold, now_italic, icon)
    buffer.append(text[last:])
    yield from flush()
    if opened:
        raise MarkupError(f"'{opened[-1]}' is opened and never closed in {text!r} (write \\* for a star)")


def _mark(opened: list[str], mark: str, text: str) -> None:
    """Open or close ``mark`` on the stack of marks open. ``***`` opens bold and italic at
    once (either may close first) and closes both when they were opened last."""
    top = opened[-1] if opened else None
    if top == mark:
        opened.pop()
    elif top == "***" and mark in ("*", "**"):
        opened[-1] = "**" if mark == "*" else "*"          # the other one stays open
    elif mark == "***" and len(opened) >= 2 and set(opened[-2:]) == {"*", "**"}:
        del opened[-2:]
    elif mark in opened or (mark == "***" and ("*" in opened or "**" in opened)) \
            or (mark != "***" and "***" in opened):
        raise MarkupError(f"'{mark}' marks overlap in {text!r}: close the inner one first")
    else:
        opened.append(mark)


def pieces(text: str) -> list[Piece]:
    """Text split into runs of plain text (escapes resolved, emphasis marks dropped) and
    icon references."""
    out: list[Piece] = []
    for run in runs(text):
        if run.icon is not None:
            out.append(IconRef(run.icon))
        elif out and isinstance(out[-1], str):
            out[-1] += run.text
        else:
            out.append(run.text)
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
