"""A Scene: one backend-neutral description of a picture, in millimetres, y down.

Components draw into a Scene once; the PDF, SVG and PNG backends read the same Scene, so
the formats cannot drift apart. Items are plain frozen values: a scene can be hashed,
compared and tested without rendering it.
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Iterator, Literal, Protocol, Sequence, Union

from generator.core.units import MM_PER_PT
from generator.draw import fonts
from generator.draw.colour import CURRENT_COLOUR, normalise
from generator.draw.images import RasterImage

Point = tuple[float, float]
# Path commands: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Q", x1, y1, x, y), ("Z",)
Command = tuple
Matrix = tuple[float, float, float, float, float, float]  # a b c d e f: x' = a x + c y + e, y' = b x + d y + f
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
Anchor = Literal["start", "middle", "end"]
SHADOW = "shadow"       # the name of a drop shadow's group (generator.draw.shadow; the preflight skips it)
Fit = Literal["contain", "cover", "stretch"]


@dataclass(frozen=True)
class Gradient:
    """A fill that blends colours: ``linear`` along the line from ``start`` to ``end``,
    ``radial`` outwards from ``start`` (the centre) to the circle of ``radius``. Points are in
    the shape's own coordinates (mm); ``stops`` are (offset 0-1, '#rrggbb'), in order. Past
    the ends the end colours continue (as PDF's Extend and SVG's pad spread)."""

    kind: Literal["linear", "radial"]
    stops: tuple[tuple[float, str], ...]
    start: Point
    end: Point = (0.0, 0.0)
    radius: float = 0.0

    def __post_init__(self) -> None:
        if len(self.stops) < 2:
            raise ValueError("a gradient needs at least two colours")
        stops = tuple((min(1.0, max(0.0, float(offset))), normalise(colour)) for offset, colour in self.stops)
        if any(b[0] < a[0] for a, b in zip(stops, stops[1:])):
            raise ValueError("a gradient's stops must go from 0 to 1 in order")
        object.__setattr__(self, "stops", stops)

    def at(self, point: Point) -> str:
        """The colour painted at ``point`` (the shape's coordinates)."""
        (x0, y0), (px, py) = self.start, point
        if self.kind == "linear":
            dx, dy = self.end[0] - x0, self.end[1] - y0
            length = dx * dx + dy * dy
            t = ((px - x0) * dx + (py - y0) * dy) / length if length else 0.0
        else:
            t = math.hypot(px - x0, py - y0) / self.radius if self.radius > 0 else 1.0
        return self.colour(t)

    def colour(self, t: float) -> str:
        """The colour at ``t`` (0-1) along the stops, blended channel by channel."""
        stops = self.stops
        if t <= stops[0][0]:
            return stops[0][1]
        for (o1, c1), (o2, c2) in zip(stops, stops[1:]):
            if t <= o2:
                f = (t - o1) / (o2 - o1) if o2 > o1 else 1.0
                return "#" + "".join(f"{round(int(c1[i:i + 2], 16) * (1 - f) + int(c2[i:i + 2], 16) * f):02x}"
                                     for i in (1, 3, 5))
        return stops[-1][1]


def _usable_dash(dash: tuple[float, ...]) -> bool:
    """Whether a dash pattern can be drawn: lengths none negative nor endless, not all 0. SVG
    draws any other solid; PDF readers refuse them (Ghostscript stops at [0 0] and [-1 2])."""
    return bool(dash) and all(math.isfinite(d) and d >= 0 for d in dash) and any(d > 0 for d in dash)


@dataclass(frozen=True)
class Style:
    """How a shape is painted. Colours are '#rrggbb'; widths in mm. With a ``gradient`` the
    shape is filled with it (``fill`` is then its first colour, for whoever reads one colour)."""

    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.25
    dash: tuple[float, ...] | None = None
    opacity: float = 1.0
    cap: Literal["butt", "round", "square"] = "butt"
    join: Literal["miter", "round", "bevel"] = "miter"
    fill_rule: Literal["nonzero", "evenodd"] = "nonzero"
    gradient: Gradient | None = None

    def __post_init__(self) -> None:
        if self.dash is not None and not _usable_dash(self.dash):
            object.__setattr__(self, "dash", None)      # SVG's rule, kept by every writer: drawn solid
        if self.gradient is not None and self.fill is None:
            object.__setattr__(self, "fill", self.gradient.stops[0][1])
        for name in ("fill", "stroke"):
            value = getattr(self, name)
            if value is not None and value != CURRENT_COLOUR:
                object.__setattr__(self, name, normalise(value))


@dataclass(frozen=True)
class PathItem:
    commands: tuple[Command, ...]
    style: Style


@dataclass(frozen=True)
class CircleItem:
    cx: float
    cy: float
    r: float
    style: Style


@dataclass(frozen=True)
class TextItem:
    """One line of text; (x, y) is on the baseline, aligned by ``anchor``."""

    x: float
    y: float
    text: str
    face: str
    size_pt: float
    fill: str
    anchor: Anchor = "start"
    opacity: float = 1.0
    letter_spacing: float = 0.0  # mm added after each character
    gradient: Gradient | None = None    # fills the glyphs instead of ``fill`` (then its first colour)

    def __post_init__(self) -> None:
        object.__setattr__(self, "fill", normalise(self.fill))

    @property
    def size_mm(self) -> float:
        return self.size_pt * MM_PER_PT

    def width(self) -> float:
        return fonts.text_width(self.text, self.face, self.size_mm) + self.letter_spacing * max(len(self.text) - 1, 0)

    def start_x(self) -> float:
        w = self.width()
        return self.x - (w / 2 if self.anchor == "middle" else w if self.anchor == "end" else 0.0)


@dataclass(frozen=True)
class GroupItem:
    items: tuple["Item", ...]
    matrix: Matrix = IDENTITY
    clip: tuple[Command, ...] | None = None   # in the group's own coordinates
    opacity: float = 1.0
    name: str = ""      # what the group is (a piece's id on a sheet), for the preflight's findings


@dataclass(frozen=True)
class ImageItem:
    """A raster image in the box (x, y, w, h): ``contain`` shows all of it, centred; ``cover``
    fills the box and is clipped to it; ``stretch`` fills the box, ignoring its aspect."""

    x: float
    y: float
    w: float
    h: float
    image: RasterImage
    fit: Fit = "contain"
    opacity: float = 1.0

    def __post_init__(self) -> None:
        if self.fit not in ("contain", "cover", "stretch"):
            raise ValueError(f"fit must be contain, cover or stretch, not {self.fit!r}")

    def placement(self) -> tuple[float, float, float, float]:
        """Where the whole image lands (x, y, w, h); with ``cover`` it overflows the box."""
        if self.fit == "stretch":
            return self.x, self.y, self.w, self.h
        sx, sy = self.w / self.image.width_px, self.h / self.image.height_px
        scale = min(sx, sy) if self.fit == "contain" else max(sx, sy)
        w, h = self.image.width_px * scale, self.image.height_px * scale
        return self.x + (self.w - w) / 2, self.y + (self.h - h) / 2, w, h

    @property
    def clipped(self) -> bool:
        return self.fit == "cover"


Item = Union[PathItem, CircleItem, TextItem, GroupItem, ImageItem]


def multiply(m1: Matrix, m2: Matrix) -> Matrix:
    """m1 applied after m2 (m1 * m2)."""
    a1, b1, c1, d1, e1, f1 = m1
    a2, b2, c2, d2, e2, f2 = m2
    return (a1 * a2 + c1 * b2, b1 * a2 + d1 * b2,
            a1 * c2 + c1 * d2, b1 * c2 + d1 * d2,
            a1 * e2 + c1 * f2 + e1, b1 * e2 + d1 * f2 + f1)


def make_matrix(translate: Point = (0.0, 0.0), rotate: float = 0.0, scale: float | Point = 1.0) -> Matrix:
    """Translate, then rotate (degrees, clockwise on paper), then scale, as SVG reads them."""
    sx, sy = (scale, scale) if isinstance(scale, (int, float)) else scale
    rad = math.radians(rotate)
    cos, sin = math.cos(rad), math.sin(rad)
    m = (1.0, 0.0, 0.0, 1.0, translate[0], translate[1])
    m = multiply(m, (cos, sin, -sin, cos, 0.0, 0.0))
    return multiply(m, (sx, 0.0, 0.0, sy, 0.0, 0.0))


def apply(m: Matrix, p: Point) -> Point:
    a, b, c, d, e, f = m
    return a * p[0] + c * p[1] + e, b * p[0] + d * p[1] + f


def rect_commands(x: float, y: float, w: float, h: float, radius: float = 0.0) -> tuple[Command, ...]:
    if radius <= 0:
        return (("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",))
    r = min(radius, w / 2, h / 2)
    k = 0.5523 * r  # cubic approximation of a quarter circle
    return (("M", x + r, y), ("L", x + w - r, y), ("C", x + w - r + k, y, x + w, y + r - k, x + w, y + r),
            ("L", x + w, y + h - r), ("C", x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h),
            ("L", x + r, y + h), ("C", x + r - k, y + h, x, y + h - r + k, x, y + h - r),
            ("L", x, y + r), ("C", x, y + r - k, x + r - k, y, x + r, y), ("Z",))


def polygon_commands(points: Sequence[Point], closed: bool = True) -> tuple[Command, ...]:
    if not points:
        return ()
    cmds: list[Command] = [("M", *points[0])] + [("L", *p) for p in points[1:]]
    if closed:
        cmds.append(("Z",))
    return tuple(cmds)


class Placeable(Protocol):
    """A drawing that places itself in a box (``generator.draw.icons.Icon``)."""

    @property
    def name(self) -> str: ...

    def placed(self, x: float, y: float, w: float, h: float, tint: str | None = None) -> GroupItem: ...


@dataclass
class Scene:
    """A picture of ``width`` x ``height`` mm that components draw into."""

    width: float
    height: float
    title: str = ""
    items: list[Item] = field(default_factory=list)
    _stack: list[list[Item]] = field(default_factory=list, repr=False)

    # -- adding items ------------------------------------------------------------------
    def add(self, item: Item) -> None:
        (self._stack[-1] if self._stack else self.items).append(item)

    def path(self, commands: Sequence[Command], style: Style) -> None:
        self.add(PathItem(tuple(tuple(c) for c in commands), style))

    def rect(self, x: float, y: float, w: float, h: float, style: Style, radius: float = 0.0) -> None:
        self.path(rect_commands(x, y, w, h, radius), style)

    def polygon(self, points: Sequence[Point], style: Style) -> None:
        self.path(polygon_commands(points, closed=True), style)

    def polyline(self, points: Sequence[Point], style: Style) -> None:
        self.path(polygon_commands(points, closed=False), style)

    def line(self, x1: float, y1: float, x2: float, y2: float, style: Style) -> None:
        self.path((("M", x1, y1), ("L", x2, y2)), style)

    def circle(self, cx: float, cy: float, r: float, style: Style) -> None:
        self.add(CircleItem(cx, cy, r, style))

    def text(self, x: float, y: float, text: str, *, face: str = "serif", size_pt: float = 10.0,
             fill: str = "#000000", anchor: Anchor = "start", opacity: float = 1.0,
             letter_spacing: float = 0.0, gradient: Gradient | None = None) -> TextItem:
        item = TextItem(x, y, text, face, size_pt, fill, anchor, opacity, letter_spacing, gradient)
        self.add(item)
        return item

    def image(self, image: RasterImage, x: float, y: float, w: float, h: float, fit: Fit = "contain",
              opacity: float = 1.0) -> ImageItem:
        """Draw a raster image into the box (x, y, w, h); see ImageItem for ``fit``."""
        item = ImageItem(x, y, w, h, image, fit, opacity)
        self.add(item)
        return item

    def icon(self, icon: "Placeable", x: float, y: float, w: float, h: float, tint: str | None = None,
             ornament: bool = False) -> GroupItem:
        """Draw an icon fitted into the box (x, y, w, h), keeping its aspect ratio, centred.
        ``tint`` colours its currentColor shapes (default black), or the whole icon if it has none.
        An ``ornament`` is decoration, not a symbol to read (the preflight does not measure it)."""
        item = icon.placed(x, y, w, h, tint)
        if ornament:
            item = replace(item, name=f"ornament {icon.name}")
        self.add(item)
        return item

    def place(self, other: "Scene", x: float = 0.0, y: float = 0.0, *, clip_to: tuple[float, float, float, float] | None = None,
              rotate: float = 0.0, scale: float = 1.0, name: str = "") -> None:
        """Draw another scene here with its top-left at (x, y); clip_to = (x, y, w, h) in its
        coordinates; ``name`` says what it is (a piece's id) in preflight findings."""
        clip = rect_commands(*clip_to) if clip_to else None
        self.add(GroupItem(tuple(other.items), make_matrix((x, y), rotate, scale), clip, name=name))

    @contextmanager
    def group(self, translate: Point = (0.0, 0.0), rotate: float = 0.0, scale: float | Point = 1.0,
              clip: Sequence[Command] | None = None, opacity: float = 1.0) -> Iterator[None]:
        """Items added inside the block are moved, rotated, scaled and clipped together."""
        self._stack.append([])
        try:
            yield
        finally:
            items = self._stack.pop()
            self.add(GroupItem(tuple(items), make_matrix(translate, rotate, scale),
                               tuple(tuple(c) for c in clip) if clip else None, opacity))

    # -- reading -------------------------------------------------------------------------
    def walk_text(self) -> Iterator[TextItem]:
        """Every text item, in drawing order (for tests and font subsetting)."""
        def visit(items: Sequence[Item]) -> Iterator[TextItem]:
            for item in items:
                if isinstance(item, TextItem):
                    yield item
                elif isinstance(item, GroupItem):
                    yield from visit(item.items)
        yield from visit(self.items)
