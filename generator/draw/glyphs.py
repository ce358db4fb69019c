"""Text a face cannot draw: found in a drawn scene, and refused by the writers.

A character a font lacks prints as an empty box (glyph 0). Every text a kit draws (a card's,
a track's tag, a legend, a table's cell, a map's names) goes through a Scene, so one walk of
its text finds them all; the PDF and SVG writers refuse one that reaches them (GlyphGap), so
no file is ever written with a gap.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from generator.core.errors import InputError
from generator.core.limits import excerpt
from generator.draw import fonts
from generator.draw.scene import Scene


@dataclass(frozen=True)
class Gap:
    """A text drawn in ``face`` with ``chars`` the face has no glyph for."""

    face: str
    text: str
    chars: tuple[str, ...]

    def message(self) -> str:
        shown = ", ".join(f"{char} (U+{ord(char):04X})" for char in self.chars)
        return (f"the font {self.face!r} has no glyph for {shown} in {excerpt(self.text)}: "
                "change the text or the font")


class GlyphGap(InputError):
    """Text that would print with empty boxes; ``gaps`` says which."""

    def __init__(self, gaps: Iterable[Gap], where: str = "") -> None:
        self.gaps = tuple(gaps)
        lead = f"{where}: " if where else ""
        super().__init__("\n".join(f"{lead}{gap.message()}" for gap in self.gaps))


def gaps(scenes: Iterable[Scene]) -> list[Gap]:
    """Every text of the scenes with characters its face cannot draw, once each."""
    found: dict[tuple[str, str], Gap] = {}
    for scene in scenes:
        for item in scene.walk_text():
            if (item.face, item.text) in found:
                continue
            missing = fonts.missing_chars(item.text, item.face)
            if missing:
                found[(item.face, item.text)] = Gap(item.face, item.text, tuple(sorted(missing)))
    return list(found.values())


def refuse(face: str, text: str) -> None:
    """Raise GlyphGap if ``face`` cannot draw a character of ``text`` (the writers' last check)."""
    missing = fonts.missing_chars(text, face)
    if missing:
        raise GlyphGap([Gap(face, text, tuple(sorted(missing)))])
