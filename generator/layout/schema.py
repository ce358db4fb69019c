"""The pydantic models of a layout file: what keys each layer takes and what they hold.

Values that may depend on the item (positions, colours, texts...) are kept as written:
a number, or a string that is a length ("50%"), a name, or a jinja2 expression
("{{ strength * 2 }}"). They are evaluated per item by ``generator.layout.resolve``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Sequence, Union

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from generator.core.limits import (MAX_BLUR_MM, MAX_GRADIENT_STOPS, MAX_KEYWORDS, MAX_SHADOW_MM, MAX_SPAN_SIZE,
                                   MIN_SPAN_SIZE)
from generator.kit.sizes import Size

NAME = re.compile(r"^[a-z][a-z0-9_-]*$")
IDENTIFIER = re.compile(r"^[a-z_][a-z0-9_]*$")
NUMBER = re.compile(r"^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$")
PERCENT = re.compile(r"^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*%\s*$")
HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")

# Names an expression sees besides the item's columns (generator.layout.context): no var may take one.
RESERVED = ("item", "game", "deck", "component", "tables", "palette", "trim", "bleed", "safe", "index", "copy")
LAYER_TYPES = ("rect", "ellipse", "line", "polygon", "regular", "star", "arc", "arrow", "pips", "text", "textbox",
               "icon", "image", "group")
AREAS = ("bleed", "trim", "safe")


def is_expression(value: Any) -> bool:
    """A string holding jinja2 markup; anything else is taken as written."""
    return isinstance(value, str) and ("{{" in value or "{%" in value or "{#" in value)


MAX_MM = 10_000.0   # no face is 10 m wide: a larger length is a mistake, not a design


@dataclass(frozen=True)
class Bounds:
    """The range a numeric field's value must fall in: a number written in the file is held
    to it when the file is read (one message for the file, not one per item), a value an
    expression gives when it is bound for an item (generator.layout.resolve), by the same
    words. Past these a value draws nothing sensible, and some (a 1e300 stroke) make a file
    a printer's RIP rejects."""

    low: float
    high: float
    unit: str = ""
    above: bool = False         # the value must be more than ``low``, not equal to it

    def problem(self, value: float) -> str | None:
        """What is wrong with ``value`` in words, or None when it is in range."""
        inside = math.isfinite(value) and (self.low < value if self.above else self.low <= value) \
            and value <= self.high
        if inside:
            return None
        unit = f" {self.unit}" if self.unit else ""
        low = f"more than {self.low:g}" if self.above else f"from {self.low:g}"
        return f"expected a number {low} to {self.high:g}{unit}, got {value:g}"

    def __call__(self, value: Any) -> Any:
        """The pydantic check of a value as written: a number (or numeric text) in range;
        an expression is held to the range once it has a value."""
        number = _literal(value)
        problem = None if number is None else self.problem(number)
        if problem:
            raise ValueError(problem)
        return value


def _literal(value: Any) -> float | None:
    """A value written as a number (or as text reading as one), else None (an expression)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str) and NUMBER.fullmatch(value):
        return float(value)
    return None


def _length(value: float | str) -> float | str:
    if isinstance(value, str) and not is_expression(value) and not (NUMBER.fullmatch(value) or PERCENT.fullmatch(value)):
        raise ValueError(f"expected a length: a number (mm), a percentage of the trim like '50%', "
                         f"or an expression '{{{{ ... }}}}', got {value!r}")
    percent = PERCENT.fullmatch(value) if isinstance(value, str) else None
    number = float(value.strip().rstrip("%").strip()) if percent and isinstance(value, str) else _literal(value)
    if number is not None and not (math.isfinite(number) and abs(number) <= MAX_MM):
        raise ValueError(f"expected a length from -{MAX_MM:g} to {MAX_MM:g} "
                         f"{'%' if percent else 'mm'}, got {value!r}")
    return value


def _number(value: float | str) -> float | str:
    if isinstance(value, str) and not is_expression(value) and not NUMBER.fullmatch(value):
        raise ValueError(f"expected a number or an expression '{{{{ ... }}}}', got {value!r}")
    return value


def _whole(value: float | str) -> float | str:
    """A count written as a number must be a whole one (an expression is held to it when bound)."""
    number = _literal(value)
    if number is not None and not number.is_integer():
        raise ValueError(f"expected a whole number, got {number:g}")
    return value


def bounds_of(model: type[BaseModel], key: str) -> Bounds | None:
    """The range a field of a layout model is held to (None: a field that is not a number)."""
    field = model.model_fields.get(key)
    if field is None:
        return None
    return next((m for m in field.metadata if isinstance(m, Bounds)), None)


def _dash(value: list[float | str] | None) -> list[float | str] | None:
    """A dash pattern as written: lengths of dashes and gaps, none negative, not all 0 (PDF
    readers refuse such a pattern: Ghostscript stops at it); expressions are held to the
    same once bound (``dash_problem``)."""
    numbers = [_literal(part) for part in value or ()]
    if value is not None and all(n is not None for n in numbers):
        problem = dash_problem([n for n in numbers if n is not None])
        if problem:
            raise ValueError(problem)
    return value


def dash_problem(lengths: Sequence[float]) -> str | None:
    """What is wrong with a dash pattern, in words, or None."""
    bad = [n for n in lengths if not (math.isfinite(n) and 0 <= n <= MAX_DASH_MM)]
    if bad:
        return (f"expected dash and gap lengths from 0 to {MAX_DASH_MM:g} mm, got {bad[0]:g} "
                "(write [dash, gap], e.g. [1.2, 0.8])")
    if lengths and not any(lengths):
        return "a dash pattern's lengths are all 0: give a dash or a gap more than 0 (e.g. [1.2, 0.8]), or no dash"
    return None


def _colour(value: str) -> str:
    if not (is_expression(value) or HEX.fullmatch(value) or NAME.fullmatch(value)):
        raise ValueError(f"expected a colour: a palette name, '#rrggbb', 'none' or an expression, got {value!r}")
    return value


Length = Annotated[Union[float, str], AfterValidator(_length)]
Number = Annotated[Union[float, str], AfterValidator(_number)]
# The ranges of the numbers a layout writes (what a print-and-play piece can use, with room).
OPACITY = Bounds(0.0, 1.0)
STROKE_WIDTH = Bounds(0.0, 100.0, "mm")
CORNER = Bounds(0.0, MAX_MM, "mm")                      # a rectangle's corner radius
TYPE_SIZE = Bounds(0.5, 500.0, "pt")
LETTER_SPACING = Bounds(-10.0, 50.0, "mm")
LEADING = Bounds(0.5, 5.0, "times the type size")
TURN = Bounds(-360.0, 360.0, "degrees")
SCALE = Bounds(0.01, 100.0)
FRACTION = Bounds(-10.0, 10.0, "times the box")         # a radial gradient's centre, in fractions of its box
REACH = Bounds(0.0, 100.0, "times the reach", above=True)   # a radial gradient's radius
OFFSET = Bounds(0.0, 1.0)                               # a gradient stop's place
SHADOW_SHIFT = Bounds(-MAX_SHADOW_MM, MAX_SHADOW_MM, "mm")
BLUR = Bounds(0.0, MAX_BLUR_MM, "mm")
Opacity = Annotated[Union[float, str], AfterValidator(_number), AfterValidator(OPACITY), OPACITY]
StrokeWidth = Annotated[Union[float, str], AfterValidator(_number), AfterValidator(STROKE_WIDTH), STROKE_WIDTH]
Corner = Annotated[Union[float, str], AfterValidator(_number), AfterValidator(CORNER), CORNER]
TypeSize = Annotated[Union[float, str], AfterValidator(_number), AfterValidator(TYPE_SIZE), TYPE_SIZE]
LetterSpacing = Annotated[Union[float, str], AfterValidator(_number), AfterValidator(LETTER_SPACING), LETTER_SPACING]
Leading = Annotated[Union[float, str], AfterValidator(_number), AfterValidator(LEADING), LEADING]
Turn = Annotated[Union[float, str], AfterValidator(_number), AfterValidator(TURN), TURN]
Scale = Annotated[Union[float, str], AfterValidator(_number), AfterValidator(SCALE), SCALE]
Fraction = Annotated[Union[float, str], AfterValidator(_number), AfterValidator(FRACTION), FRACTION]
Reach = Annotated[Union[float, str], AfterValidator(_number), AfterValidator(REACH), REACH]
Offset = Annotated[Union[float, str], AfterValidator(_number), AfterValidator(OFFSET), OFFSET]
ShadowShift = Annotated[Union[float, str], AfterValidator(_number), AfterValidator(SHADOW_SHIFT), SHADOW_SHIFT]
Blur = Annotated[Union[float, str], AfterValidator(_number), AfterValidator(BLUR), BLUR]
SIDES = Bounds(3, 64, "sides")                          # a regular polygon's sides
TIPS = Bounds(2, 64, "points")                          # a star's points
INNER = Bounds(0.0, 1.0, "times the radius", above=True)   # a star's notches, from its centre
HOLE = Bounds(0.0, 0.99, "times the radius")            # a ring slice's hole (0: a pie slice)
RADIUS = Bounds(0.0, MAX_MM, "mm", above=True)          # a shape's radius, a pip's size, an arrow's widths
ANGLE = Bounds(-720.0, 720.0, "degrees")                # where an arc starts and ends
COUNT = Bounds(0, 1000, "shapes")                       # pips in a row or grid
Sides = Annotated[Union[float, str], AfterValidator(_number), AfterValidator(SIDES), AfterValidator(_whole), SIDES]
Tips = Annotated[Union[float, str], AfterValidator(_number), AfterValidator(TIPS), AfterValidator(_whole), TIPS]
Inner = Annotated[Union[float, str], AfterValidator(_number), AfterValidator(INNER), INNER]
Hole = Annotated[Union[float, str], AfterValidator(_number), AfterValidator(HOLE), HOLE]
Radius = Annotated[Union[float, str], AfterValidator(_length), AfterValidator(RADIUS), RADIUS]
Angle = Annotated[Union[float, str], AfterValidator(_number), AfterValidator(ANGLE), ANGLE]
Count = Annotated[Union[float, str], AfterValidator(_number), AfterValidator(COUNT), AfterValidator(_whole), COUNT]
MAX_DASH_MM = 1_000.0
MAX_DASH_PARTS = 16
Dash = Annotated[list[Number], Field(min_length=1, max_length=MAX_DASH_PARTS), AfterValidator(_dash)]
Colour = Annotated[str, AfterValidator(_colour)]
Text = Union[str, int, float]


def condition(value: bool | str) -> bool | str:
    """``when: kind == 'army'`` is read as ``when: "{{ kind == 'army' }}"``."""
    if isinstance(value, str) and not is_expression(value):
        return "{{ " + value + " }}"
    return value


Condition = Annotated[Union[bool, str], AfterValidator(condition)]


class Shadow(BaseModel):
    """A drop shadow: the layer drawn again beneath itself in one colour, moved by x, y mm,
    blurred by ``blur`` mm (0: a sharp copy)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    x: ShadowShift = 0.5
    y: ShadowShift = 0.5
    colour: Colour = "#000000"
    opacity: Opacity = 0.5
    blur: Blur = 0.0


def _rows(value: str | int) -> str | int:
    """A layer's ``rows``: row ranges as ``generator.layout.selection`` reads them."""
    from generator.layout.selection import parse_rows

    parse_rows(value)
    return value


class _Layer(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    when: Condition | None = None
    rows: Annotated[Union[int, str], AfterValidator(_rows)] | None = None    # drawn on these items only: "1-9"
    opacity: Opacity = 1.0
    shadow: Shadow | None = None


class GradientFill(BaseModel):
    """A fill blending colours over the shape's box: ``linear`` at ``angle`` degrees (0: left
    to right, 90: top to bottom), or ``radial`` from ``centre`` (fractions of the box) out to
    ``radius`` (a fraction of the distance to the box's farthest corner). ``stops`` are
    colours, evenly spaced, or [offset 0-1, colour] pairs."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    gradient: Literal["linear", "radial"]
    stops: list[Union[tuple[Offset, Colour], Colour]] = Field(min_length=2, max_length=MAX_GRADIENT_STOPS)
    angle: Turn = 90.0
    centre: tuple[Fraction, Fraction] = (0.5, 0.5)
    radius: Reach = 1.0


Fill = Union[GradientFill, Colour]


class _Box(_Layer):
    """A layer placed in a box: x, y, w, h (with ``origin`` naming the point x, y is),
    or a whole ``area`` of the face, shrunk by ``inset`` (negative grows it)."""

    x: Length | None = None
    y: Length | None = None
    w: Length | None = None
    h: Length | None = None
    area: Literal["bleed", "trim", "safe"] | None = None
    inset: Length = 0.0
    origin: Literal["top-left", "top", "top-right", "left", "center", "right",
                    "bottom-left", "bottom", "bottom-right"] = "top-left"

    @model_validator(mode="after")
    def _placed(self) -> "_Box":
        given = [name for name in ("x", "y", "w", "h") if getattr(self, name) is not None]
        if self.area is not None and given:
            raise ValueError(f"give either area or x, y, w, h, not both (got area and {', '.join(given)})")
        if self.area is None and len(given) < 4:
            missing = [name for name in ("x", "y", "w", "h") if getattr(self, name) is None]
            raise ValueError(f"needs x, y, w and h (or area: bleed, trim or safe); missing {', '.join(missing)}")
        return self


class _Stroke(BaseModel):
    stroke: Colour | None = None
    stroke_width: StrokeWidth = 0.25
    dash: Dash | None = None
    cap: Literal["butt", "round", "square"] = "butt"
    join: Literal["miter", "round", "bevel"] = "miter"


class RectLayer(_Box, _Stroke):
    type: Literal["rect"]
    fill: Fill | None = None
    radius: Corner = 0.0


class EllipseLayer(_Box, _Stroke):
    type: Literal["ellipse"]
    fill: Fill | None = None


class LineLayer(_Layer, _Stroke):
    type: Literal["line"]
    x1: Length
    y1: Length
    x2: Length
    y2: Length
    stroke: Colour = "#000000"


class PolygonLayer(_Layer, _Stroke):
    type: Literal["polygon"]
    points: list[tuple[Length, Length]] = Field(min_length=2, max_length=1000)
    closed: bool = True
    fill: Fill | None = None
    corner: Corner = 0.0                # rounds every corner of a closed polygon by this radius (mm)


class _Centred(_Layer, _Stroke):
    """A shape of the library placed by its centre (x, y) and the ``radius`` of the circle
    its corners lie on, turned by ``rotate`` degrees clockwise."""

    x: Length
    y: Length
    radius: Radius
    rotate: Turn = 0.0
    fill: Fill | None = None


class RegularLayer(_Centred):
    """A regular polygon: a hexagon (6 sides, the default), an octagon (8)...; its first
    corner points up (rotate 30 for a flat-topped hexagon); ``corner`` rounds its corners."""

    type: Literal["regular"]
    sides: Sides = 6
    corner: Corner = 0.0


class StarLayer(_Centred):
    """A star of ``points`` tips on the radius, its notches at ``inner`` times the radius."""

    type: Literal["star"]
    points: Tips = 5
    inner: Inner = 0.5
    corner: Corner = 0.0


class ArcLayer(_Centred):
    """An arc of the circle from angle ``start`` to ``end`` (degrees clockwise from pointing
    right: 0 right, 90 down, -90 up). ``pie``: closed through the centre, a slice to fill;
    ``inner`` (with pie): a slice of a ring, its hole that fraction of the radius."""

    type: Literal["arc"]
    start: Angle = -90.0
    end: Angle = 0.0
    pie: bool = False
    inner: Hole = 0.0

    @model_validator(mode="after")
    def _drawn(self) -> "ArcLayer":
        if not self.pie and self.stroke is None:
            raise ValueError("an arc without pie: true is a line: give it a stroke (or pie: true and a fill)")
        if not self.pie and self.fill is not None:
            raise ValueError("an arc without pie: true is a line, with no fill: give it pie: true to fill a slice")
        return self


class ArrowLayer(_Layer, _Stroke):
    """An arrow from (x1, y1) to its tip at (x2, y2): a shaft ``width`` mm wide, a head
    ``head_width`` wide and ``head_length`` long; ``double`` heads both ends."""

    type: Literal["arrow"]
    x1: Length
    y1: Length
    x2: Length
    y2: Length
    width: Radius = 1.0
    head_width: Radius = 3.0
    head_length: Radius = 3.0
    double: bool = False
    fill: Fill | None = "#000000"


class PipsLayer(_Layer, _Stroke):
    """``count`` shapes in rows of ``columns`` (default: all in one row), the first centred at
    (x, y), the next ``step_x`` mm to the right, each row ``step_y`` mm down: pips, tracks,
    boxes to tick. The first ``filled`` (default: all) are painted with ``fill``, the rest
    with ``empty``; ``shape`` is circle, square, regular (``sides``) or star (``points``)."""

    type: Literal["pips"]
    x: Length
    y: Length
    count: Count
    columns: Count | None = None
    step_x: Length | None = None        # default: 1.5 times the size
    step_y: Length | None = None
    shape: Literal["circle", "square", "regular", "star"] = "circle"
    size: Radius = 3.0                  # across the shape's circle (mm)
    sides: Sides = 6
    points: Tips = 5
    inner: Inner = 0.5
    rotate: Turn = 0.0
    corner: Corner = 0.0
    filled: Count | None = None
    fill: Fill | None = "#000000"
    empty: Colour | None = None


class TextLayer(_Layer):
    """One line of text; y is its baseline. ``max_width`` shrinks it (down to
    ``min_size``) to fit, else the build fails naming the item and field."""

    type: Literal["text"]
    x: Length
    y: Length
    text: Text
    font: str = "serif"
    bold_font: str | None = None        # the face of **bold** words (default: the font's own bold)
    italic_font: str | None = None      # the face of *italic* words
    size: TypeSize = 10.0
    colour: Fill = "#000000"            # a colour, or a gradient over the text's box
    align: Literal["left", "center", "right"] = "left"
    letter_spacing: LetterSpacing = 0.0
    max_width: Length | None = None
    min_size: TypeSize | None = None


class TextboxLayer(_Box):
    type: Literal["textbox"]
    text: Text
    font: str = "serif"
    bold_font: str | None = None
    italic_font: str | None = None
    size: TypeSize = 10.0
    min_size: TypeSize = 6.0
    colour: Fill = "#000000"            # a colour, or a gradient over the box
    align: Literal["left", "center", "right"] = "left"
    valign: Literal["top", "middle", "bottom"] = "top"
    leading: Leading = 1.2
    max_lines: int | None = Field(None, ge=1, le=500)


class IconLayer(_Box):
    type: Literal["icon"]
    name: str
    tint: Colour | None = None
    ornament: bool = False          # decoration, not a symbol to read: the preflight's contrast rule skips it


class ImageLayer(_Box):
    type: Literal["image"]
    source: str
    fit: Literal["contain", "cover", "stretch"] = "contain"


class GroupLayer(_Layer):
    """Layers drawn together, moved to (x, y), turned by ``rotate`` degrees and scaled.
    With ``repeat`` (a list, or a count n for 0..n-1) the group is drawn once per value,
    each time seeing the value as ``as`` (default ``each``) and its place as ``<as>_index``."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    type: Literal["group"]
    x: Length = 0.0
    y: Length = 0.0
    rotate: Turn = 0.0
    scale: Scale = 1.0
    repeat: Union[int, list[Any], str, None] = None
    as_: str = Field("each", alias="as", pattern=IDENTIFIER.pattern)
    layers: list["Layer"] = Field(default_factory=list, max_length=1000)

    @model_validator(mode="after")
    def _repeat_name(self) -> "GroupLayer":
        if self.as_ in RESERVED:
            raise ValueError(f"'as' may not take a name expressions already have ({', '.join(RESERVED)}); "
                             f"got {self.as_!r}")
        return self


Layer = Annotated[Union[RectLayer, EllipseLayer, LineLayer, PolygonLayer, RegularLayer, StarLayer, ArcLayer,
                        ArrowLayer, PipsLayer, TextLayer, TextboxLayer, IconLayer, ImageLayer, GroupLayer],
                  Field(discriminator="type")]
GroupLayer.model_rebuild()


KEYWORD = re.compile(r"^\w[\w' -]{0,58}\w$|^\w$")


def _percentage(value: str) -> str:
    """A span's or keyword's size: a percentage of the text's, in the range a span takes."""
    number = float(value.strip().rstrip("%")) / 100 if PERCENT.fullmatch(value) else float("nan")
    if not MIN_SPAN_SIZE <= number <= MAX_SPAN_SIZE:
        raise ValueError(f"expected a percentage of the text's size from {MIN_SPAN_SIZE:.0%} to "
                         f"{MAX_SPAN_SIZE:.0%}, like '120%', got {value!r}")
    return value


class KeywordStyle(BaseModel):
    """How a keyword is set in every text of the layout: what a span sets (a font, a colour,
    a size as a percentage of the text's, small capitals or capitals), as it is written
    (``generator.draw.inline``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    font: str | None = None
    colour: Colour | None = None
    size: Annotated[str, AfterValidator(_percentage)] | None = None
    caps: Literal["small", "all"] | None = None

    def scale(self) -> float:
        """The keyword's size, times the text's."""
        return float(self.size.strip().rstrip("%")) / 100 if self.size else 1.0

    @model_validator(mode="after")
    def _something(self) -> "KeywordStyle":
        if self.font is None and self.colour is None and self.size is None and self.caps is None:
            raise ValueError("give a keyword a font, a colour, a size or caps")
        if is_expression(self.colour) or (self.font is not None and is_expression(self.font)):
            raise ValueError("a keyword's font and colour are names, not expressions (they are the same on every item)")
        return self


class LayoutFile(BaseModel):
    """One layout file as written (before ``extends`` is followed)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    size: str | Size | None = None
    bleed: float | None = Field(None, ge=0, le=10)
    safe: float | None = Field(None, ge=0, le=20)
    extends: str | None = None
    palette: dict[str, Colour] = Field(default_factory=dict)
    vars: dict[str, Text | bool] = Field(default_factory=dict)
    keywords: dict[str, KeywordStyle] = Field(default_factory=dict, max_length=MAX_KEYWORDS)
    layers: list[Layer] = Field(default_factory=list, max_length=1000)

    @model_validator(mode="after")
    def _names(self) -> "LayoutFile":
        bad = [name for name in self.palette if not NAME.fullmatch(str(name))]
        if bad:
            raise ValueError("palette names are lower-case letters, digits, '_' and '-', starting with a letter; "
                             f"got {', '.join(repr(b) for b in bad)}")
        bad = [name for name in self.vars if not IDENTIFIER.fullmatch(str(name))]
        if bad:
            raise ValueError("vars names are lower-case letters, digits and '_', not starting with a digit "
                             f"(expressions name them); got {', '.join(repr(b) for b in bad)}")
        bad = [word for word in self.keywords if not KEYWORD.fullmatch(str(word))]
        if bad:
            raise ValueError("a keyword is a word or phrase of letters, digits, spaces, '-' and \"'\" (at most 60 "
                             f"characters); got {', '.join(repr(b) for b in bad)}")
        taken = [name for name in self.vars if name in RESERVED]
        if taken:
            raise ValueError(f"vars may not take the names expressions already have ({', '.join(RESERVED)}); "
                             f"got {', '.join(repr(t) for t in taken)}")
        return self
