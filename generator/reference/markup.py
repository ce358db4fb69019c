"""Running text of a reference sheet: plain words with a little markup, made into the
fragments reportlab's paragraphs break into lines.

In the data (and in what a template writes), text may hold ``**bold**``, ``*italic*`` and
``:icon:`` (an icon of the game's icons folder, at the text's size, as on cards); ``\\*``
and ``\\:`` are a literal star and colon. A template may also wrap text in ``<b>``, ``<i>``,
``<ref>`` (a rule reference, in the sheet's ``ref`` style) and ``<br/>``. Nothing else is
read: the text never reaches reportlab's own markup parser, so data cannot name files or
fonts through it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, replace
from typing import Callable, Iterator

from reportlab.lib.abag import ABag
from reportlab.lib.colors import HexColor
from reportlab.platypus.paraparser import ParaFrag

from generator.draw import fonts, inline
from generator.draw.icons import Icon
from generator.draw.inline import MarkupError, UnknownIcon
from generator.draw.recorder import Picture, pdf_font
from generator.draw.scene import Scene



@dataclass(frozen=True)
class Face:
    """How a run of text is set: faces for plain, bold and italic, size (pt) and colour."""

    regular: str
    bold: str
    italic: str
    size: float
    colour: str

    def face(self, bold: bool, italic: bool) -> str:
        return self.bold if bold else self.italic if italic else self.regular


@dataclass(frozen=True)
class _Span:
    bold: bool = False
    italic: bool = False
    ref: bool = False


def _frag(text: str, face: str, size: float, colour: str) -> ParaFrag:
    frag = ParaFrag()
    frag.text = text
    frag.fontName = pdf_font(face)
    frag.fontSize = size
    frag.textColor = HexColor(colour)
    frag.rise = 0
    frag.greek = 0
    frag.link = []
    frag.us_lines = []
    frag.bold = 0
    frag.italic = 0
    return frag


def icon_frag(icon: Icon, face: str, size: float, colour: str) -> ParaFrag:
    """An icon standing in the line: an em tall, centred on the capitals' middle (as on cards)."""
    m = fonts.metrics(face)
    cap = m.cap_height / m.units_per_em * size
    height = size
    width = icon.aspect * size

    def draw(w: float, h: float) -> Scene:
        scene = Scene(w, h)
        scene.add(icon.placed(0.0, 0.0, w, h, tint=colour, only_current=True))
        return scene

    frag = _frag("", face, size, colour)
    frag.cbDefn = ABag(kind="img", image=Picture(icon.name, draw), width=width, height=height,
                       valign=cap / 2 - height / 2)
    return frag


class Runs:
    """Turns an element's text and inline children into fragments, in one face and a ref face."""

    def __init__(self, body: Face, ref: Face, icon: Callable[[str], Icon]) -> None:
        self.body = body
        self.ref = ref
        self.icon = icon

    def frags(self, element: ET.Element) -> list[ParaFrag]:
        """The fragments of ``element``'s content; MarkupError names what cannot be read."""
        out = list(self._element(element, _Span()))
        if not out:
            out.append(_frag("", self.body.regular, self.body.size, self.body.colour))
        return out

    def _element(self, element: ET.Element, span: _Span) -> Iterator[ParaFrag]:
        if element.text:
            yield from self._text(element.text, span)
        for child in element:
            tag = child.tag
            if tag in ("b", "i", "ref"):
                inner = replace(span, bold=span.bold or tag == "b", italic=span.italic or tag == "i",
                                ref=span.ref or tag == "ref")
                yield from self._element(child, inner)
            elif tag == "br":
                frag = _frag("", self.body.regular, self.body.size, self.body.colour)
                frag.lineBreak = True
                yield frag
            else:
                raise MarkupError(f"<{tag}> is not allowed in running text (only <b>, <i>, <ref> and <br/>)")
            if child.tail:
                yield from self._text(child.tail, span)

    def _text(self, text: str, span: _Span) -> Iterator[ParaFrag]:
        """The fragments of one stretch of text, read by inline.runs (the markup layouts read too)."""
        face = self.ref if span.ref else self.body
        for run in inline.runs(text, span.bold, span.italic, spans=False):
            name = face.face(run.bold, run.italic)
            if run.icon is not None:
                try:
                    found = self.icon(run.icon)
                except (KeyError, ValueError, UnknownIcon) as err:
                    raise MarkupError(str(err)) from None
                yield icon_frag(found, name, face.size, face.colour)
                continue
            missing = fonts.missing_chars(run.text, name)
            if missing:
                shown = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in sorted(missing))
                raise MarkupError(f"the font {name!r} has no glyph for {shown} in {run.text.strip()!r}")
            yield _frag(run.text, name, face.size, face.colour)
