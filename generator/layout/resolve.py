"""One item's layers -> concrete drawing operations, with every value bound.

This is where a layout meets its data: expressions are rendered for the item, lengths
become millimetres on the full-bleed canvas, colour and font names are looked up, icons
and images are read. Whatever cannot be bound (a missing column, an unknown colour, a
text box reaching off the canvas...) becomes a ``Binding`` naming the layout file, line
and field; the layer is skipped and the rest still resolved, so every problem shows at once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping, Sequence

from generator.core.errors import DataError
from generator.core.limits import excerpt
from generator.core.units import MM_PER_PT
from generator.draw import fonts, inline, richtext, shapes
from generator.draw.icons import Icon
from generator.draw.inline import MarkupError
from generator.draw.richtext import Faces, Keyword, Rich
from generator.draw.scene import (IDENTITY, Anchor, Command, Gradient, Matrix, Style, apply, make_matrix, multiply,
                                  polygon_commands, rect_commands)
from generator.layout.assets import Assets
from generator.layout.context import item_context
from generator.layout.expressions import ExpressionError, Names, evaluate, render
from generator.layout.files import Layout, PlacedLayer, Var, Where
from generator.layout.frame import CardFrame
from generator.layout.ops import GroupOp, IconOp, ImageOp, Op, ShadowOp, ShapeOp, TextboxOp, TextOp, ellipse_commands
from generator.layout.selection import parse_rows
from generator.layout.schema import (FRACTION, OFFSET, REACH, TURN, ArcLayer, ArrowLayer, Bounds, EllipseLayer,
                                     GradientFill, GroupLayer, IconLayer, ImageLayer, LineLayer, PipsLayer, PolygonLayer,
                                     RectLayer, RegularLayer, Shadow, StarLayer, TextboxLayer, TextLayer, bounds_of,
                                     dash_problem, is_expression)
from generator.layout.values import coerce_cell, to_colour, to_flag, to_length, to_number

ORIGIN_FACTORS = {"top-left": (0.0, 0.0), "top": (0.5, 0.0), "top-right": (1.0, 0.0),
                  "left": (0.0, 0.5), "center": (0.5, 0.5), "right": (1.0, 0.5),
                  "bottom-left": (0.0, 1.0), "bottom": (0.5, 1.0), "bottom-right": (1.0, 1.0)}
ANCHORS: dict[str, Anchor] = {"left": "start", "center": "middle", "right": "end"}
TOLERANCE = 0.01  # mm: rounding, not a design
MAX_REPEAT = 1_000         # repetitions of one repeated group
MAX_REPEATS_PER_FACE = 10_000   # all repetitions of one face, nested ones multiplied


@dataclass(frozen=True)
class Binding:
    """A value of a layout that could not be bound for one item."""

    where: Where
    key: str | None
    message: str
    of_value: bool = False      # the value drawn is at fault (an icon or glyph it names), not the layout


class _LayerError(Exception):
    def __init__(self, key: str | None, message: str, of_value: bool = False):
        super().__init__(message)
        self.key = key
        self.of_value = of_value


@dataclass(frozen=True)
class _Frame:
    """Where a layer's coordinates go: ``origin`` is added to them, ``to_canvas`` maps the result
    onto the canvas (the identity unless a group turns or scales)."""

    origin: tuple[float, float]
    to_canvas: Matrix = IDENTITY


class Resolver:
    """Binds one face's layout to items; ``resolve`` gives the ops of one item and what failed."""

    def __init__(self, layout: Layout, assets: Assets, face: CardFrame, shared: Mapping[str, Any]):
        self.layout = layout
        self.assets = assets
        self.face = face
        self.shared = shared
        self.palette: Mapping[str, str] = shared["palette"]
        self._repeats = 0
        self._index: int | None = None
        self._keywords: tuple[dict[str, Keyword], list[Binding]] | None = None

    def resolve(self, columns: Mapping[str, Any], place: Mapping[str, int] | None = None) -> tuple[list[Op], list[Binding]]:
        self._repeats = 0
        self._index = (place or {}).get("index")      # the row's number, which a layer's rows pick
        context = item_context(self.shared, columns, place)
        bindings: list[Binding] = list(self.keywords()[1])
        for var in self.layout.vars:
            try:
                context[var.name] = _var_value(var, context)
            except ExpressionError as err:
                bindings.append(Binding(var.where, var.name, str(err)))
                return [], bindings
        ops = self._layers(self.layout.layers, context, _Frame((self.face.bleed, self.face.bleed)), bindings)
        return ops, bindings

    def keywords(self) -> tuple[dict[str, Keyword], list[Binding]]:
        """The layout's keywords with their faces and colours found, and what could not be found."""
        if self._keywords is None:
            styles: dict[str, Keyword] = {}
            failed: list[Binding] = []
            for word, style, where in self.layout.keywords:
                try:
                    face = self.assets.face(style.font.strip()) if style.font else None
                except ValueError as err:
                    failed.append(Binding(where, "font", str(err)))
                    continue
                try:
                    colour = to_colour(style.colour, self.palette) if style.colour else None
                except ValueError as err:
                    failed.append(Binding(where, "colour", str(err)))
                    continue
                styles[word] = Keyword(face, colour, style.scale(), style.caps)
            self._keywords = (styles, failed)
        return self._keywords

    # -- walking layers ------------------------------------------------------------------
    def _layers(self, placed: Sequence[PlacedLayer], context: dict[str, Any], frame: _Frame,
                bindings: list[Binding]) -> list[Op]:
        ops: list[Op] = []
        for layer in placed:
            try:
                if layer.layer.when is not None and not to_flag(_Values(layer, context).raw("when")):
                    continue
                if layer.layer.rows is not None and self._index not in parse_rows(layer.layer.rows):
                    continue
                made = self._layer(layer, context, frame, bindings)
                shadow = self._shadow(_Values(layer, context), made) if layer.layer.shadow is not None and made else None
                if shadow is not None:
                    made = [shadow, *made]
                ops.extend(made)
            except _LayerError as err:
                bindings.append(Binding(layer.where, err.key, str(err), err.of_value))
        return ops

    def _layer(self, placed: PlacedLayer, context: dict[str, Any], frame: _Frame,
               bindings: list[Binding]) -> list[Op]:
        layer = placed.layer
        if isinstance(layer, GroupLayer) and layer.repeat is not None:
            return self._repeated(placed, context, frame, bindings)
        values = _Values(placed, context)
        opacity = values.number("opacity")
        if isinstance(layer, GroupLayer):
            return self._group(placed, values, context, frame, bindings, opacity)
        if isinstance(layer, (RectLayer, EllipseLayer)):
            x, y, w, h = self._box(values, frame)
            commands = rect_commands(x, y, w, h, values.number("radius")) if isinstance(layer, RectLayer) \
                else ellipse_commands(x, y, w, h)
            return [ShapeOp(commands, self._style(values, opacity, fill=True, commands=commands))]
        if isinstance(layer, LineLayer):
            ox, oy = frame.origin
            x1, x2 = (values.length(key, self.face.width) + ox for key in ("x1", "x2"))
            y1, y2 = (values.length(key, self.face.height) + oy for key in ("y1", "y2"))
            return [ShapeOp((("M", x1, y1), ("L", x2, y2)), self._style(values, opacity, fill=False))]
        if isinstance(layer, PolygonLayer):
            points = [self._point(values, point, frame) for point in layer.points]
            corner = values.number("corner")
            commands = shapes.rounded(points, corner) if layer.closed and corner > 0 \
                else polygon_commands(points, closed=layer.closed)
            return [ShapeOp(commands, self._style(values, opacity, fill=True, commands=commands))]
        if isinstance(layer, (RegularLayer, StarLayer, ArcLayer, ArrowLayer)):
            commands = self._outline(values, frame)
            if not commands:
                return []
            filled = not isinstance(layer, ArcLayer) or layer.pie
            return [ShapeOp(commands, self._style(values, opacity, fill=filled, commands=commands))]
        if isinstance(layer, PipsLayer):
            return self._pips(values, frame, opacity)
        if isinstance(layer, TextLayer):
            return self._text(values, frame, opacity)
        if isinstance(layer, TextboxLayer):
            return self._textbox(values, frame, opacity)
        if isinstance(layer, IconLayer):
            return self._icon(values, frame, opacity)
        if isinstance(layer, ImageLayer):
            return self._image(values, frame, opacity)
        raise _LayerError("type", f"layer type {type(layer).__name__} is not drawn")  # pragma: no cover

    def _group(self, placed: PlacedLayer, values: "_Values", context: dict[str, Any], frame: _Frame,
               bindings: list[Binding], opacity: float) -> list[Op]:
        dx, dy = values.length("x", self.face.width), values.length("y", self.face.height)
        rotate, scale = values.number("rotate"), values.number("scale")
        ox, oy = frame.origin
        if rotate == 0.0 and scale == 1.0 and opacity >= 1.0:
            return self._layers(placed.children, context, _Frame((ox + dx, oy + dy), frame.to_canvas), bindings)
        translate = (ox + dx, oy + dy)
        inner = _Frame((0.0, 0.0), multiply(frame.to_canvas, make_matrix(translate, rotate, scale)))
        ops = self._layers(placed.children, context, inner, bindings)
        return [GroupOp(tuple(ops), translate, rotate, scale, opacity)]

    def _repeated(self, placed: PlacedLayer, context: dict[str, Any], frame: _Frame,
                  bindings: list[Binding]) -> list[Op]:
        """A group drawn once per value of its ``repeat``, each seeing the value and its index."""
        layer = placed.layer
        values = _repeat_values(layer.repeat, context)
        self._repeats += len(values)
        if self._repeats > MAX_REPEATS_PER_FACE:
            raise _LayerError("repeat", f"more than {MAX_REPEATS_PER_FACE:,} repetitions on one face")
        ops: list[Op] = []
        for index, value in enumerate(values):
            inner = Names({**context, layer.as_: value, f"{layer.as_}_index": index})
            each = _Values(placed, inner)
            ops.extend(self._group(placed, each, inner, frame, bindings, each.number("opacity")))
        return ops

    # -- geometry ------------------------------------------------------------------------
    def _box(self, values: "_Values", frame: _Frame) -> tuple[float, float, float, float]:
        """The layer's box in the frame's coordinates: x, y, w, h or an area, inset, then moved by origin."""
        layer = values.layer
        face = self.face
        if layer.area is not None:
            x, y, w, h = {"bleed": (-face.bleed, -face.bleed, face.width + 2 * face.bleed, face.height + 2 * face.bleed),
                          "trim": (0.0, 0.0, face.width, face.height),
                          "safe": (face.safe, face.safe, face.width - 2 * face.safe, face.height - 2 * face.safe),
                          }[layer.area]
        else:
            x, y = values.length("x", face.width), values.length("y", face.height)
            w, h = values.length("w", face.width), values.length("h", face.height)
        inset = values.length("inset", face.width)
        x, y, w, h = x + inset, y + inset, w - 2 * inset, h - 2 * inset
        for key, size in (("w", w), ("h", h)):
            if size <= 0:
                raise _LayerError(key if layer.area is None else "inset",
                                  f"the box is {w:.2f} x {h:.2f} mm: width and height must be more than 0")
        fx, fy = ORIGIN_FACTORS[layer.origin]
        ox, oy = frame.origin
        return x - w * fx + ox, y - h * fy + oy, w, h

    def _point(self, values: "_Values", point: Sequence[Any], frame: _Frame) -> tuple[float, float]:
        x = values.convert("points", point[0], lambda v: to_length(v, self.face.width))
        y = values.convert("points", point[1], lambda v: to_length(v, self.face.height))
        return x + frame.origin[0], y + frame.origin[1]

    def _centre(self, values: "_Values", frame: _Frame) -> tuple[float, float]:
        return (values.length("x", self.face.width) + frame.origin[0],
                values.length("y", self.face.height) + frame.origin[1])

    def _outline(self, values: "_Values", frame: _Frame) -> tuple[Command, ...]:
        """A shape of the library (generator.draw.shapes) as path commands on the canvas."""
        layer = values.layer
        if isinstance(layer, ArrowLayer):
            ox, oy = frame.origin
            x1, x2 = (values.length(key, self.face.width) + ox for key in ("x1", "x2"))
            y1, y2 = (values.length(key, self.face.height) + oy for key in ("y1", "y2"))
            points = shapes.arrow_points(x1, y1, x2, y2, values.measure("width", self.face.width),
                                         values.measure("head_width", self.face.width),
                                         values.measure("head_length", self.face.width), layer.double)
            return polygon_commands(points) if points else ()
        cx, cy = self._centre(values, frame)
        radius, rotate = values.measure("radius", self.face.width), values.number("rotate")
        if isinstance(layer, ArcLayer):
            return shapes.arc(cx, cy, radius, values.number("start") + rotate, values.number("end") + rotate,
                              layer.pie, values.number("inner"))
        if isinstance(layer, RegularLayer):
            points = shapes.regular_points(cx, cy, radius, values.whole("sides"), rotate)
        else:
            points = shapes.star_points(cx, cy, radius, values.whole("points"), values.number("inner"), rotate)
        return shapes.rounded(points, values.number("corner"))

    def _pips(self, values: "_Values", frame: _Frame, opacity: float) -> list[Op]:
        """Shapes in a row or grid: the first ``filled`` in the fill, the rest in ``empty``."""
        layer = values.layer
        count = values.whole("count")
        columns = values.whole("columns") if layer.columns is not None else count
        if columns < 1 and count:
            raise _LayerError("columns", "expected at least 1 column")
        size = values.measure("size", self.face.width)
        step_x = values.length("step_x", self.face.width) if layer.step_x is not None else size * 1.5
        step_y = values.length("step_y", self.face.height) if layer.step_y is not None else size * 1.5
        cx, cy = self._centre(values, frame)
        filled = min(count, values.whole("filled")) if layer.filled is not None else count
        rotate, corner = values.number("rotate"), values.number("corner")
        outlines: list[tuple[Command, ...]] = []
        for px, py in shapes.grid_centres(cx, cy, count, columns, step_x, step_y):
            if layer.shape == "circle":
                outlines.append(ellipse_commands(px - size / 2, py - size / 2, size, size))
                continue
            if layer.shape == "square":
                points = shapes.regular_points(px, py, size / 2 * 2 ** 0.5, 4, rotate + 45.0)
            elif layer.shape == "regular":
                points = shapes.regular_points(px, py, size / 2, values.whole("sides"), rotate)
            else:
                points = shapes.star_points(px, py, size / 2, values.whole("points"), values.number("inner"), rotate)
            outlines.append(shapes.rounded(points, corner))
        ops: list[Op] = []
        for part, painted in ((outlines[:filled], True), (outlines[filled:], False)):
            commands = tuple(c for outline in part for c in outline)
            if not commands:
                continue
            style = self._style(values, opacity, fill=painted, commands=commands)
            if not painted and layer.empty is not None:
                style = replace(style, fill=values.colour("empty", self.palette))
            ops.append(ShapeOp(commands, style))
        return ops

    def _check_on_canvas(self, key: str, what: str, frame: _Frame, points: Sequence[tuple[float, float]]) -> None:
        """A text that would be cut off: refused where the layout can still be fixed."""
        cw, ch = self.face.canvas
        for point in points:
            px, py = apply(frame.to_canvas, point)
            if not (-TOLERANCE <= px <= cw + TOLERANCE and -TOLERANCE <= py <= ch + TOLERANCE):
                b = self.face.bleed
                raise _LayerError(key, f"the {what} reaches outside the canvas: ({px - b:.1f}, {py - b:.1f}) mm from the "
                                       f"trim's top-left corner, but the face is {self.face.width:g} x "
                                       f"{self.face.height:g} mm with {b:g} mm bleed around it")

    # -- painting ------------------------------------------------------------------------
    def _style(self, values: "_Values", opacity: float, fill: bool,
               commands: Sequence[Command] = ()) -> Style:
        layer = values.layer
        dash = None
        if layer.dash:
            dash = tuple(float(values.convert("dash", part, to_number)) for part in layer.dash)
            problem = dash_problem(dash)
            if problem:
                raise _LayerError("dash", problem)
        gradient = self._gradient(values, commands) if fill and isinstance(layer.fill, GradientFill) else None
        colour = values.colour("fill", self.palette) if fill and gradient is None else None
        return Style(fill=colour, stroke=values.colour("stroke", self.palette),
                     stroke_width=values.number("stroke_width"), dash=dash, opacity=opacity,
                     cap=layer.cap, join=layer.join, gradient=gradient)

    def _gradient(self, values: "_Values", commands: Sequence[Command], key: str = "fill") -> Gradient:
        """The layer's gradient ``key`` (its fill, a text's colour) laid over the box of its
        shape or text (see schema.GradientFill)."""
        spec: GradientFill = getattr(values.layer, key)
        count = len(spec.stops)
        stops = []
        for index, stop in enumerate(spec.stops):
            offset, colour = stop if isinstance(stop, tuple) else (index / (count - 1), stop)
            at = _within(key, values.convert(key, offset, to_number), OFFSET, "a gradient stop's offset")
            painted = values.convert(key, colour, lambda v: to_colour(v, self.palette))
            if painted is None:
                raise _LayerError(key, "a gradient's colours cannot be 'none'")
            stops.append((float(at), painted))
        if any(b[0] < a[0] for a, b in zip(stops, stops[1:])):
            raise _LayerError(key, "a gradient's stop offsets must grow from 0 to 1")
        xs = [c[i] for c in commands for i in range(1, len(c), 2)]
        ys = [c[i] for c in commands for i in range(2, len(c), 2)]
        left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
        w, h = right - left, bottom - top
        if spec.gradient == "linear":
            angle = math.radians(_within(key, values.convert(key, spec.angle, to_number), TURN, "a gradient's angle"))
            dx, dy = math.cos(angle), math.sin(angle)
            half = (abs(w * dx) + abs(h * dy)) / 2
            cx, cy = left + w / 2, top + h / 2
            return Gradient("linear", tuple(stops), (cx - dx * half, cy - dy * half), (cx + dx * half, cy + dy * half))
        fx, fy = (_within(key, values.convert(key, v, to_number), FRACTION, "a radial gradient's centre")
                  for v in spec.centre)
        cx, cy = left + fx * w, top + fy * h
        reach = max(math.hypot(cx - x, cy - y) for x in (left, right) for y in (top, bottom))
        radius = _within(key, values.convert(key, spec.radius, to_number), REACH, "a radial gradient's radius")
        return Gradient("radial", tuple(stops), (cx, cy), radius=radius * reach)

    def _shadow(self, values: "_Values", ops: list[Op]) -> ShadowOp | None:
        """The layer's drop shadow, drawn beneath its ops (None for a shadow coloured 'none')."""
        spec = values.layer.shadow

        def number(key: str) -> float:
            bounds = bounds_of(Shadow, key)
            assert bounds is not None
            return _within("shadow", values.convert("shadow", getattr(spec, key), to_number), bounds,
                           f"a shadow's {key}")

        colour = values.convert("shadow", spec.colour, lambda v: to_colour(v, self.palette))
        shadow = ShadowOp(tuple(ops), number("x"), number("y"), colour or "#000000", number("opacity"), number("blur"))
        return shadow if colour is not None else None

    def _font(self, values: "_Values", key: str) -> str | None:
        value = getattr(values.layer, key)
        if value is None:
            return None
        name = str(values.render(key, value)).strip()
        try:
            return self.assets.face(name)
        except ValueError as err:
            raise _LayerError(key, str(err)) from None

    def _rich(self, values: "_Values", text: str) -> tuple[str, Rich]:
        """The text's face and what its markup may use (faces, icons, keywords), every glyph
        and icon it names checked now, so a missing one is a problem of the layout's field."""
        face = self._font(values, "font")
        assert face is not None
        faces = Faces.of(face, self._font(values, "bold_font"), self._font(values, "italic_font"))
        icons = {}
        try:
            names = [run.icon for run in inline.runs(text) if run.icon is not None]
        except MarkupError as err:
            raise _LayerError("text", str(err), of_value=True) from None
        for name in names:
            try:
                icons[name] = self.assets.icon(name)
            except (ValueError, DataError) as err:
                raise _LayerError("text", f"inline icon :{name}: - {err}", of_value=True) from None
        span_fonts, span_colours = self._span_names(text)
        rich = Rich(faces, icons, self.keywords()[0], span_fonts, span_colours)
        try:
            missing = richtext.missing_glyphs(richtext.segments(text, rich))
        except MarkupError as err:
            raise _LayerError("text", self._font_names(str(err)), of_value=True) from None
        if missing:
            lacking, chars, where = missing
            raise _LayerError("text", self._font_names(f"the font {lacking!r} cannot draw {chars} (in {where!r}): "
                                                       "change the text or the font"), of_value=True)
        return face, rich

    def _span_names(self, text: str) -> tuple[dict[str, str], dict[str, str]]:
        """The fonts (name -> face) and colours (name -> '#rrggbb') the text's spans name, each
        found now, so an unknown one is a problem of the layer's text."""
        found_fonts: dict[str, str] = {}
        found_colours: dict[str, str] = {}
        for run in inline.runs(text):
            font, colour = run.span.font, run.span.colour
            if font is not None and font not in found_fonts:
                try:
                    found_fonts[font] = self.assets.face(font.strip())
                except ValueError as err:
                    raise _LayerError("text", f"a span's font {excerpt(font)}: {err}", of_value=True) from None
            if colour is not None and colour not in found_colours:
                try:
                    painted = to_colour(colour.strip(), self.palette)
                except ValueError as err:
                    raise _LayerError("text", f"a span's colour {excerpt(colour)}: {err}", of_value=True) from None
                if painted is None:
                    raise _LayerError("text", "a span's colour cannot be 'none'", of_value=True)
                found_colours[colour] = painted
        return found_fonts, found_colours

    def _font_names(self, message: str) -> str:
        """A message with the faces of kit fonts named as the layouts name them."""
        for name, face in self.assets.faces().items():
            if face != name:
                message = message.replace(repr(face), repr(name))
        return message

    def _text(self, values: "_Values", frame: _Frame, opacity: float) -> list[Op]:
        layer = values.layer
        text = str(values.raw("text"))
        face, rich = self._rich(values, text)
        size = values.number("size")
        x = values.length("x", self.face.width) + frame.origin[0]
        y = values.length("y", self.face.height) + frame.origin[1]
        max_width = values.length("max_width", self.face.width) if layer.max_width is not None else None
        min_size = values.number("min_size") if layer.min_size is not None else min(6.0, size)
        self._check_on_canvas("y", "text", frame, [(x, y)])
        letter_spacing = values.number("letter_spacing")
        gradient = None
        if isinstance(layer.colour, GradientFill):      # over the line's box at its size
            m, size_mm = fonts.metrics(face), size * MM_PER_PT
            w = richtext.width(richtext.segments(text, rich), size_mm, letter_spacing)
            left = x - {"left": 0.0, "center": w / 2, "right": w}[layer.align]
            top, bottom = y - m.ascender / m.units_per_em * size_mm, y - m.descender / m.units_per_em * size_mm
            gradient = self._gradient(values, rect_commands(left, top, max(w, 0.01), bottom - top), "colour")
        colour = gradient.stops[0][1] if gradient else values.colour("colour", self.palette)
        if colour is None or not text:
            return []
        return [TextOp(x, y, text, face, size, colour, ANCHORS[layer.align], letter_spacing,
                       opacity, max_width, min_size, rich, values.where, gradient)]

    def _textbox(self, values: "_Values", frame: _Frame, opacity: float) -> list[Op]:
        layer = values.layer
        text = str(values.raw("text"))
        face, rich = self._rich(values, text)
        size = values.number("size")
        min_size = values.number("min_size")
        if min_size > size:
            raise _LayerError("min_size", f"min_size {min_size:g} is larger than size {size:g}")
        x, y, w, h = self._box(values, frame)
        gradient = self._gradient(values, rect_commands(x, y, w, h), "colour") \
            if isinstance(layer.colour, GradientFill) else None
        colour = gradient.stops[0][1] if gradient else values.colour("colour", self.palette)
        self._check_on_canvas("x" if layer.area is None else "area", "text box", frame,
                              [(x, y), (x + w, y), (x, y + h), (x + w, y + h)])
        if colour is None or not text.strip():
            return []
        return [TextboxOp((x, y, w, h), text, face, size, min_size, colour, layer.align, layer.valign,
                          values.number("leading"), layer.max_lines, opacity, rich, values.where, gradient)]

    def _icon(self, values: "_Values", frame: _Frame, opacity: float) -> list[Op]:
        name = str(values.raw("name")).strip()
        try:
            icon = self.assets.icon(name)
        except ValueError as err:
            raise _LayerError("name", str(err)) from None
        except DataError as err:
            raise _LayerError("name", f"icon {name!r}: {err}") from None
        tint = values.colour("tint", self.palette) if values.layer.tint is not None else None
        return [IconOp(icon, self._box(values, frame), tint, opacity, bool(values.layer.ornament))]

    def _image(self, values: "_Values", frame: _Frame, opacity: float) -> list[Op]:
        source = str(values.raw("source")).strip()
        try:
            path = self.assets.image_path(values.where.folder, source)
            image = self.assets.image(path)
        except ValueError as err:   # OutsideKit is a ValueError
            raise _LayerError("source", str(err)) from None
        except DataError as err:
            raise _LayerError("source", f"image {source!r}: {err}") from None
        return [ImageOp(image, self._box(values, frame), values.layer.fit, opacity)]


class _Values:
    """One layer's values for one item: rendered, converted, or a _LayerError naming the key."""

    def __init__(self, placed: PlacedLayer, context: Mapping[str, Any]):
        self.layer: Any = placed.layer
        self.where = placed.where
        self.context = context

    def raw(self, key: str) -> Any:
        return self.render(key, getattr(self.layer, key))

    def render(self, key: str, value: Any) -> Any:
        if not is_expression(value):
            return value
        try:
            return render(value, self.context)
        except ExpressionError as err:
            raise _LayerError(key, str(err)) from None

    def convert(self, key: str, value: Any, convert: Callable[[Any], Any]) -> Any:
        try:
            return convert(self.render(key, value))
        except ValueError as err:
            raise _LayerError(key, str(err)) from None

    def number(self, key: str) -> float:
        """The field's number for this item, held to the range the schema gives the field."""
        number = float(self.convert(key, getattr(self.layer, key), to_number))
        bounds = bounds_of(type(self.layer), key)
        problem = bounds.problem(number) if bounds is not None else None
        if problem:
            raise _LayerError(key, problem)
        return number

    def length(self, key: str, along: float) -> float:
        return float(self.convert(key, getattr(self.layer, key), lambda v: to_length(v, along)))

    def measure(self, key: str, along: float) -> float:
        """A length held to the range the schema gives the field (a radius more than 0...)."""
        length = self.length(key, along)
        bounds = bounds_of(type(self.layer), key)
        problem = bounds.problem(length) if bounds is not None else None
        if problem:
            raise _LayerError(key, problem)
        return length

    def whole(self, key: str) -> int:
        """A count (sides, points, pips): a whole number in the field's range."""
        number = self.number(key)
        if not number.is_integer():
            raise _LayerError(key, f"expected a whole number, got {number:g}")
        return int(number)

    def colour(self, key: str, palette: Mapping[str, str]) -> str | None:
        value = getattr(self.layer, key)
        if value is None:
            return None
        return self.convert(key, value, lambda v: to_colour(v, palette))


def _within(key: str, value: Any, bounds: Bounds, what: str) -> float:
    """``value`` (a number) if ``bounds`` take it, else a _LayerError on ``key`` saying ``what`` it is."""
    number = float(value)
    problem = bounds.problem(number)
    if problem:
        raise _LayerError(key, f"{what}: {problem}")
    return number


def _repeat_values(repeat: Any, context: Mapping[str, Any]) -> list[Any]:
    """What a group repeats over: a list (or a mapping's keys), or a count n meaning 0..n-1."""
    value = repeat
    if isinstance(repeat, str):
        try:
            value = evaluate(repeat, context)
        except ExpressionError as err:
            raise _LayerError("repeat", str(err)) from None
    if isinstance(value, bool):
        raise _LayerError("repeat", f"expected a list or a count, got {value!r}")
    if isinstance(value, (int, float)) and float(value).is_integer():
        value = range(int(value)) if 0 <= value <= MAX_REPEAT else value
    if isinstance(value, Mapping):
        value = list(value)
    if not isinstance(value, (list, tuple, range)):
        raise _LayerError("repeat", f"expected a list or a count from 0 to {MAX_REPEAT}, got {value!r}")
    if len(value) > MAX_REPEAT:
        raise _LayerError("repeat", f"{len(value):,} repetitions; a group repeats at most {MAX_REPEAT:,} times")
    return list(value)


def _var_value(var: Var, context: Mapping[str, Any]) -> Any:
    """A var as later values see it: rendered for the item, and a number if it reads as one."""
    if not is_expression(var.value):
        return var.value
    return coerce_cell(render(var.value, context))
