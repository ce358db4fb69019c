"""A position's layer drawn as SVG with string work alone, for the page in the terminal's server
and in the offline app alike (one way to draw a position): discs, paths and text, the text as
glyph outlines taken from a glyph table baked at export time (``Glyphs``: each face's glyphs
for the characters a page may show), written as ``generator.draw.svg`` writes a scene's part
(its elements, and the definitions they use), so both pages show the kit's typefaces.

Every value is escaped as ElementTree escapes it (and a text's label through the project's
escaper: a control or bidi character shows as its escape); a character the table lacks is drawn
as ``?`` (a page never fails over a name typed with a rare letter).
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterator, Sequence

from generator.core.limits import visible

Point = tuple[float, float]
MM_PER_PT = 25.4 / 72
#: Drawn for a character the glyph table lacks.
MISSING = "?"

_TEXT_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"))
_ATTRIBUTE_ESCAPES = _TEXT_ESCAPES + (('"', "&quot;"), ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;"))


def number(value: float, places: int = 3) -> str:
    """A coordinate as the SVG writer writes one (no trailing zeros, never -0)."""
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _escaped(text: str, escapes: tuple[tuple[str, str], ...]) -> str:
    for char, entity in escapes:
        if char in text:
            text = text.replace(char, entity)
    return text


def element(tag: str, attrs: dict[str, str | None], inner: str = "", text: str = "") -> str:
    """One element: its attributes in name order (empty ones left out), escaped; an element
    with nothing inside closed as ``<tag ... />``."""
    head = "<" + tag + "".join(f' {name}="{_escaped(value, _ATTRIBUTE_ESCAPES)}"'
                               for name, value in sorted(attrs.items()) if value)
    body = (_escaped(text, _TEXT_ESCAPES) if text else "") + inner
    return f"{head}>{body}</{tag}>" if body else head + " />"


@dataclass(frozen=True)
class Face:
    """One face's glyphs: units per em, weight, italic, the glyph of each character, and each
    glyph's advance (font units) and outline (SVG path data in font units)."""

    units_per_em: int
    weight: int
    italic: bool
    glyph_of: dict[str, str]
    advances: dict[str, int]
    outlines: dict[str, str]
    _index: dict[str, int] = field(default_factory=dict, init=False, repr=False, compare=False)
    _lines: dict[str, "Line"] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._index.update({name: n for n, name in enumerate(sorted(self.outlines))})

    def number_of(self, glyph: str) -> int:
        """The glyph's place in the table (the same on every page: its definition's id)."""
        return self._index.get(glyph, -1)

    def glyph(self, char: str) -> str:
        return self.glyph_of.get(char) or self.glyph_of.get(MISSING, "")

    def width(self, text: str, size_mm: float) -> float:
        """``text``'s width at ``size_mm`` (advances only, no kerning: as the SVG writer places it)."""
        return self.line(text).advance * size_mm / self.units_per_em

    def line(self, text: str) -> "Line":
        """``text`` set in this face (its glyphs and where each starts, in font units): kept,
        as a page draws the same labels tap after tap."""
        found = self._lines.get(text)
        if found is None:
            glyphs, units = [], 0
            for char in text:
                glyph = self.glyph(char)
                if not char.isspace() and glyph:
                    glyphs.append((glyph, units))
                units += self.advances.get(glyph, 0)
            if len(self._lines) >= KEPT:
                self._lines.clear()
            found = self._lines[text] = Line(tuple(glyphs), units)
        return found


@dataclass(frozen=True)
class Line:
    """A line of text set in a face: each drawn glyph with where it starts, and the line's
    advance (font units)."""

    placed: tuple[tuple[str, int], ...]
    advance: int


@dataclass(frozen=True)
class Glyphs:
    """The glyph table a page draws its text with, by face name."""

    faces: dict[str, Face]
    #: Each line of text as drawn (its element, and the glyphs it uses) by where and how it is
    #: drawn: a page draws the same labels in the same places tap after tap. Kept per table, as
    #: the glyphs' ids are the table's own; emptied when full.
    _drawn: dict[tuple[Any, ...], tuple[str, tuple[str, ...]]] = field(default_factory=dict, init=False, repr=False,
                                                                       compare=False)
    _definitions: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict, init=False, repr=False,
                                                                 compare=False)

    def number_of(self, face: str) -> int:
        """The face's place in the table (its glyphs' ids begin with it)."""
        return sorted(self.faces).index(face)

    def kept_line(self, key: tuple[Any, ...],
                  draw: Callable[[], tuple[str, tuple[str, ...]]]) -> tuple[str, tuple[str, ...]]:
        """The line drawn at ``key`` (where and how: ``Sketch.text``'s arguments) as kept, else
        ``draw()`` kept under it."""
        found = self._drawn.get(key)
        if found is None:
            if len(self._drawn) >= KEPT:
                self._drawn.clear()
            found = self._drawn[key] = draw()
        return found

    def definition(self, face: str, glyph: str) -> tuple[str, str]:
        """The glyph's id and its definition (its outline as a path of that id): kept, as every
        page defines the glyphs of its labels again."""
        found = self._definitions.get((face, glyph))
        if found is None:                    # at most every glyph of the table, once
            ident = f"g{self.number_of(face)}-{self.faces[face].number_of(glyph)}"
            found = self._definitions[face, glyph] = (
                ident, element("path", {"d": self.faces[face].outlines.get(glyph) or "M0 0", "id": ident}))
        return found

    @classmethod
    def from_json(cls, data: bytes) -> "Glyphs":
        """The table as baked (``bot.web.glyph_bake``)."""
        raw: dict[str, Any] = json.loads(data)
        return cls({name: Face(int(f["units_per_em"]), int(f["weight"]), bool(f["italic"]), dict(f["glyph_of"]),
                               {k: int(v) for k, v in f["advances"].items()}, dict(f["outlines"]))
                    for name, f in raw["faces"].items()})


@dataclass(frozen=True)
class Paint:
    """A shape's fill and edge (empty: none), the edge's caps and joins (empty: butt, miter),
    and its opacity."""

    fill: str = ""
    stroke: str = ""
    stroke_width: float = 0.0
    cap: str = ""
    join: str = ""
    opacity: float = 1.0

    def attrs(self) -> dict[str, str | None]:
        out: dict[str, str | None] = {"fill": self.fill or "none"}
        if self.stroke and self.stroke_width > 0:
            out.update({"stroke": self.stroke, "stroke-width": number(self.stroke_width),
                        "stroke-linecap": self.cap or None, "stroke-linejoin": self.join or None})
        if self.opacity < 1:
            out["opacity"] = number(self.opacity)
        return out


def rect_path(x: float, y: float, w: float, h: float, radius: float = 0.0) -> list[tuple[Any, ...]]:
    """A rectangle (its corners rounded by ``radius``) as path commands."""
    if radius <= 0:
        return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
    r = min(radius, w / 2, h / 2)
    k = 0.5523 * r                 # a quarter circle as a cubic
    return [("M", x + r, y), ("L", x + w - r, y), ("C", x + w - r + k, y, x + w, y + r - k, x + w, y + r),
            ("L", x + w, y + h - r), ("C", x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h),
            ("L", x + r, y + h), ("C", x + r - k, y + h, x, y + h - r + k, x, y + h - r),
            ("L", x, y + r), ("C", x, y + r - k, x + r - k, y, x + r, y), ("Z",)]


def path_data(commands: Sequence[tuple[Any, ...]]) -> str:
    return " ".join(cmd[0] + " ".join(number(v) for v in cmd[1:]) for cmd in commands)


#: How many drawn lines or shapes are kept (a game's pages draw a few hundred).
KEPT = 4096


@lru_cache(maxsize=KEPT)
def _path_element(commands: tuple[tuple[Any, ...], ...], paint: "Paint") -> str:
    """A path as written: kept, as a page draws the same shapes (a counter's shadow, a hex's
    ring) tap after tap and writing numbers is most of a tap's drawing."""
    return element("path", {"d": path_data(commands), **paint.attrs()})


@lru_cache(maxsize=KEPT)
def _rect_element(x: float, y: float, w: float, h: float, paint: "Paint", radius: float) -> str:
    return _path_element(tuple(rect_path(x, y, w, h, radius)), paint)


@dataclass
class Sketch:
    """A layer being drawn: its elements and the glyph definitions they use."""

    glyphs: Glyphs
    _out: list[list[str]] = field(default_factory=lambda: [[]])
    _defs: list[str] = field(default_factory=list)
    _ids: dict[tuple[str, str], str] = field(default_factory=dict)
    _defined: set[str] = field(default_factory=set)

    def _add(self, text: str) -> None:
        self._out[-1].append(text)

    def raw(self, text: str) -> None:
        """An element written already (escaped by its writer: ``element``)."""
        self._add(text)

    def define(self, ident: str, text: str) -> None:
        """A definition (``text``, an element with ``id=ident``) written once, whoever uses it."""
        if ident not in self._defined:
            self._defined.add(ident)
            self._defs.append(text)

    def circle(self, cx: float, cy: float, r: float, paint: Paint) -> None:
        self._add(element("circle", {"cx": number(cx), "cy": number(cy), "r": number(r), **paint.attrs()}))

    def path(self, commands: Sequence[tuple[Any, ...]], paint: Paint) -> None:
        self._add(_path_element(tuple(commands), paint))

    def polygon(self, points: Sequence[Point], paint: Paint) -> None:
        self.path([("M", *points[0]), *(("L", *p) for p in points[1:]), ("Z",)], paint)

    def rect(self, x: float, y: float, w: float, h: float, paint: Paint, radius: float = 0.0) -> None:
        self._add(_rect_element(x, y, w, h, paint, radius))

    def _glyph_ref(self, face: str, glyph: str) -> str:
        key = (face, glyph)
        if key not in self._ids:             # named by face and glyph: the same id on every page (the page keeps it once)
            self._ids[key], definition = self.glyphs.definition(face, glyph)
            self._defs.append(definition)
        return self._ids[key]

    def text(self, x: float, y: float, text: str, face: str, size_pt: float, fill: str, anchor: str = "start") -> None:
        """A line of text as outlines, its words in ``aria-label``; ``anchor``: start, middle, end."""
        written, glyphs = self.glyphs.kept_line((x, y, text, face, size_pt, fill, anchor),
                                                lambda: self._line(x, y, text, face, size_pt, fill, anchor))
        for glyph in glyphs:
            self._glyph_ref(face, glyph)
        self._add(written)

    def _line(self, x: float, y: float, text: str, face: str, size_pt: float, fill: str,
              anchor: str) -> tuple[str, tuple[str, ...]]:
        f = self.glyphs.faces[face]
        size = size_pt * MM_PER_PT
        scale = size / f.units_per_em
        line = f.line(text)
        w = line.advance * size / f.units_per_em
        at = x - (w / 2 if anchor == "middle" else w if anchor == "end" else 0.0)
        uses = []                         # each glyph placed along the line in font units: one transform for the line
        for glyph, units in line.placed:
            ref = self._glyph_ref(face, glyph)
            uses.append(f'<use x="{units}" xlink:href="#{ref}" />' if units else f'<use xlink:href="#{ref}" />')
        return element("g", {"fill": fill, "aria-label": visible(text, keep=""),
                             "font-weight": str(f.weight) if f.weight != 400 else None,
                             "font-style": "italic" if f.italic else None,
                             "transform": f"matrix({number(scale, 7)} 0 0 {number(-scale, 7)} {number(at)} {number(y)})"},
                       "".join(uses)), tuple(glyph for glyph, _ in line.placed)

    @contextmanager
    def moved(self, dx: float, dy: float) -> Iterator[None]:
        """What is drawn inside, moved by (dx, dy)."""
        self._out.append([])
        try:
            yield
        finally:
            inner = "".join(self._out.pop())
            self._add(element("g", {"transform": f"matrix(1 0 0 1 {number(dx, 6)} {number(dy, 6)})"}, inner))

    def parts(self) -> tuple[str, str]:
        """The layer's elements, and the definitions they use."""
        return "".join(self._out[0]), "".join(self._defs)


@dataclass(frozen=True)
class Layer:
    """A position's layer as written: its size (mm), its elements and definitions, a title."""

    width: float
    height: float
    elements: str
    defs: str
    title: str = ""
