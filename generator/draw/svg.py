"""Scene -> SVG, text drawn as glyph outlines so every viewer shows the kit's typefaces.

Each glyph used is defined once in <defs> (in font units) and placed with <use>; a text
line is a group carrying its words in ``aria-label``, so the SVG stays accessible and
searchable by tools that read labels. All text taken from data is escaped as ElementTree
escapes it: the document is written as ElementTree wrote it, by a writer of its own (which
does not build a tree of ElementTree's elements only to walk it again).
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Any, Collection, Mapping, Sequence, Union


from generator.draw import fonts
from generator.draw import glyphs as glyphs_check
from generator.draw.colour import concrete
from generator.draw.scene import (CircleItem, Command, Gradient, GroupItem, ImageItem, Item, PathItem, Scene, Style,
                                  TextItem)


def _fmt(value: float, places: int = 3) -> str:
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def path_data(commands: Sequence[Command]) -> str:
    parts = []
    for cmd in commands:
        parts.append(cmd[0] + " ".join(_fmt(v) for v in cmd[1:]))
    return " ".join(parts)


def _style_attrs(style: Style, alpha: float = 1.0, fill: str | None = None) -> dict[str, str]:
    """The paint of a shape as attributes; ``fill`` overrides the fill (a gradient's url)."""
    attrs = {"fill": fill or (concrete(style.fill) if style.fill else "none")}
    if style.fill and style.fill_rule == "evenodd":
        attrs["fill_rule"] = "evenodd"
    if style.stroke and style.stroke_width > 0:
        attrs.update(stroke=concrete(style.stroke), stroke_width=_fmt(style.stroke_width))
        if style.cap != "butt":
            attrs["stroke_linecap"] = style.cap
        if style.join != "miter":
            attrs["stroke_linejoin"] = style.join
        if style.dash:
            attrs["stroke_dasharray"] = " ".join(_fmt(d) for d in style.dash)
    opacity = style.opacity * alpha
    if opacity < 1:
        attrs["opacity"] = _fmt(opacity)
    return attrs


# What ElementTree escapes, in its order: in text, and in an attribute's value (its quotes too,
# and the white space a parser would fold).
_TEXT_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"))
_ATTRIBUTE_ESCAPES = _TEXT_ESCAPES + (('"', "&quot;"), ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;"))


def _escaped(text: str, escapes: tuple[tuple[str, str], ...]) -> str:
    for char, entity in escapes:
        if char in text:
            text = text.replace(char, entity)
    return text


class _Element:
    """One element of the document, written as ElementTree writes one: its attributes in
    the order held, an element with neither text nor children as ``<tag ... />``."""

    __slots__ = ("tag", "attrs", "text", "children")

    def __init__(self, tag: str, attrs: list[tuple[str, str]], text: str = "") -> None:
        self.tag = tag
        self.attrs = attrs
        self.text = text
        self.children: list[_Node] = []

    def write(self, out: list[str]) -> None:
        out.append("<" + self.tag)
        for name, value in self.attrs:
            out.append(f' {name}="{_escaped(value, _ATTRIBUTE_ESCAPES)}"')
        if self.text or self.children:
            out.append(">")
            if self.text:
                out.append(_escaped(self.text, _TEXT_ESCAPES))
            for child in self.children:
                child.write(out)
            out.append(f"</{self.tag}>")
        else:
            out.append(" />")


@dataclass(frozen=True)
class _Written:
    """Text written before (a kept part's), put in the document as it is."""

    text: str

    def write(self, out: list[str]) -> None:
        out.append(self.text)


_Node = Union[_Element, _Written]


def _element(tag: str, attrs: dict[str, str | None], text: str = "") -> _Element:
    """One SVG element; attributes that are None or empty are left out, the rest in name order
    (the bytes do not depend on how they were built)."""
    return _Element(tag, [(name, value) for name, value in sorted(attrs.items()) if value], text)


def _add(parent: _Element, child: _Node) -> _Node:
    parent.children.append(child)
    return child


def _attrs(style: dict[str, str]) -> dict[str, str | None]:
    """Style keywords as attribute names (stroke_width: stroke-width)."""
    return {name.replace("_", "-"): value for name, value in style.items()}


@dataclass(frozen=True)
class SvgPart:
    """A group's items as one document wrote them (``svg_parts``), to write again in another
    unchanged (``render_svg``'s ``parts``): their elements' text, the <defs> they added, and
    the writer's glyph, gradient and clip ids before and after them (the text is only right
    after the same ones)."""

    before: tuple[Any, ...]
    after: tuple[Any, ...]
    elements: str
    defs: str


class SvgPartMismatch(ValueError):
    """A kept part met a document whose earlier items left other ids than its own did."""


class _SvgWriter:
    def __init__(self, scene: Scene, parts: Mapping[str, SvgPart] | None = None, record: Collection[str] = ()):
        self.scene = scene
        self.parts = parts or {}
        self.record = record
        self.made: dict[str, SvgPart] = {}
        self.root = _element("svg", {
            "baseProfile": "full", "version": "1.1", "xmlns": "http://www.w3.org/2000/svg",
            "xmlns:xlink": "http://www.w3.org/1999/xlink", "xmlns:ev": "http://www.w3.org/2001/xml-events",
            "width": f"{_fmt(scene.width)}mm", "height": f"{_fmt(scene.height)}mm",
            "viewBox": f"0 0 {_fmt(scene.width)} {_fmt(scene.height)}"})
        if scene.title:
            _add(self.root, _element("title", {}, scene.title))
        self.defs = _element("defs", {})
        _add(self.root, self.defs)
        self.glyphs: dict[tuple[str, str], str] = {}
        self.clip_count = 0
        self.gradients: dict[Gradient, str] = {}

    def glyph_ref(self, face: str, glyph: str) -> str:
        key = (face, glyph)
        if key not in self.glyphs:
            ident = f"g{len(self.glyphs)}"
            _add(self.defs, _element("path", {"d": fonts.metrics(face).outline(glyph) or "M0 0", "id": ident}))
            self.glyphs[key] = ident
        return self.glyphs[key]

    def add_items(self, parent: _Element, items: Sequence[Item], alpha: float = 1.0) -> None:
        for item in items:
            if isinstance(item, PathItem):
                if item.style.fill is None and not item.style.stroke:
                    continue
                fill = self.gradient_ref(item.style.gradient) if item.style.gradient is not None else None
                _add(parent, _element("path", {"d": path_data(item.commands),
                                               **_attrs(_style_attrs(item.style, alpha, fill))}))
            elif isinstance(item, CircleItem):
                _add(parent, _element("circle", {"cx": _fmt(item.cx), "cy": _fmt(item.cy), "r": _fmt(item.r),
                                               **_attrs(_style_attrs(item.style, alpha))}))
            elif isinstance(item, TextItem):
                self.add_text(parent, item, alpha)
            elif isinstance(item, ImageItem):
                self.add_image(parent, item, alpha)
            elif isinstance(item, GroupItem) and item.name and item.name in self.parts:
                self.put_part(parent, self.parts[item.name], alpha)
            elif isinstance(item, GroupItem) and item.name and item.name in self.record:
                self.make_part(parent, item, alpha)
            elif isinstance(item, GroupItem):
                group = _element("g", {})
                if item.matrix != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
                    group.attrs.append(("transform", "matrix(" + " ".join(_fmt(v, 6) for v in item.matrix) + ")"))
                if item.clip:
                    inner = _element("g", {"clip-path": self.clip_ref(item.clip)})
                    _add(group, inner)
                    self.add_items(inner, item.items, alpha * item.opacity)
                else:
                    self.add_items(group, item.items, alpha * item.opacity)
                _add(parent, group)

    def _state(self, alpha: float) -> tuple[Any, ...]:
        return tuple(self.glyphs.items()), tuple(self.gradients.items()), self.clip_count, alpha

    def make_part(self, parent: _Element, group: GroupItem, alpha: float) -> None:
        """The group's items written in ``parent`` (as the parent's own: the group only names
        them) and kept as a part."""
        if group.matrix != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0) or group.clip or group.opacity != 1.0:
            raise ValueError(f"the part {group.name!r} is a group that moves, clips or fades its items")
        before, start, defs_start = self._state(alpha), len(parent.children), len(self.defs.children)
        self.add_items(parent, group.items, alpha)
        self.made[group.name] = SvgPart(before, self._state(alpha), _text(parent.children[start:]),
                                        _text(self.defs.children[defs_start:]))

    def put_part(self, parent: _Element, part: SvgPart, alpha: float) -> None:
        """A kept part's text where its group stands."""
        if self._state(alpha) != part.before:
            raise SvgPartMismatch("the kept part was written after other items")
        for text, where in ((part.elements, parent), (part.defs, self.defs)):
            if text:
                _add(where, _Written(text))
        glyphs, gradients, self.clip_count, _ = part.after
        self.glyphs, self.gradients = dict(glyphs), dict(gradients)

    def gradient_ref(self, gradient: Gradient) -> str:
        """A gradient defined once in <defs> (in the user space of the shape that uses it, as
        the PDF's shading is); returns the fill that names it."""
        ident = self.gradients.get(gradient)
        if ident is None:
            ident = self.gradients[gradient] = f"gr{len(self.gradients) + 1}"
            (x0, y0), (x1, y1) = gradient.start, gradient.end
            if gradient.kind == "linear":
                element = _element("linearGradient", {"id": ident, "gradientUnits": "userSpaceOnUse", "x1": _fmt(x0, 4),
                                                      "y1": _fmt(y0, 4), "x2": _fmt(x1, 4), "y2": _fmt(y1, 4)})
            else:
                element = _element("radialGradient", {"id": ident, "gradientUnits": "userSpaceOnUse", "cx": _fmt(x0, 4),
                                                      "cy": _fmt(y0, 4), "r": _fmt(gradient.radius, 4)})
            for offset, colour in gradient.stops:
                _add(element, _element("stop", {"offset": _fmt(offset, 4), "stop-color": colour}))
            _add(self.defs, element)
        return f"url(#{ident})"

    def clip_ref(self, commands: Sequence[Command]) -> str:
        self.clip_count += 1
        clip = _element("clipPath", {"id": f"c{self.clip_count}"})
        _add(self.defs, clip)
        _add(clip, _element("path", {"d": path_data(commands)}))
        return f"url(#c{self.clip_count})"

    def add_image(self, parent: _Element, item: ImageItem, alpha: float) -> None:
        uri = f"data:{item.image.mime};base64," + base64.b64encode(item.image.data).decode("ascii")
        if item.clipped:
            # SVG's own "cover": the image scaled to fill its box and clipped to it
            x, y, w, h, aspect = item.x, item.y, item.w, item.h, "xMidYMid slice"
        else:
            x, y, w, h = item.placement()
            aspect = "none"   # placement() already kept the aspect, or was asked not to
        opacity = item.opacity * alpha
        _add(parent, _element("image", {"xlink:href": uri, "x": _fmt(x, 4), "y": _fmt(y, 4), "width": _fmt(w, 4),
                                      "height": _fmt(h, 4), "preserveAspectRatio": aspect,
                                      "opacity": _fmt(opacity) if opacity < 1 else None}))

    def add_text(self, parent: _Element, item: TextItem, alpha: float) -> None:
        m = fonts.metrics(item.face)
        scale = item.size_mm / m.units_per_em
        opacity = item.opacity * alpha
        weight, italic = fonts.weight_and_italic(item.face)
        group = _element("g", {"fill": item.fill, "aria-label": item.text,
                               "opacity": _fmt(opacity) if opacity < 1 else None,
                               # the glyphs are outlines; these say what face they are, for tools that read text
                               "font-weight": str(weight) if weight != 400 else None,
                               "font-style": "italic" if italic else None})
        x = item.start_x()
        matrix = f"matrix({_fmt(scale, 7)} 0 0 {_fmt(-scale, 7)} "
        y = f" {_fmt(item.y)})"
        glyphs = group
        if item.gradient is not None:   # the glyphs clip a box painted with the gradient
            self.clip_count += 1
            glyphs = _element("clipPath", {"id": f"c{self.clip_count}"})
            _add(self.defs, glyphs)
        placed = glyphs.children
        for char in item.text:
            name = m.glyph_name(char)
            if name == ".notdef" and not char.isspace():
                glyphs_check.refuse(item.face, item.text)   # never an empty box where a glyph is missing
            if not char.isspace():
                ref = self.glyph_ref(item.face, name)
                placed.append(_Element("use", [("transform", matrix + _fmt(x) + y), ("xlink:href", f"#{ref}")]))
            x += m.advances.get(name, 0) * scale + item.letter_spacing
        if item.gradient is not None:
            top, bottom = item.y - m.ascender * scale, item.y - m.descender * scale
            _add(group, _element("rect", {"x": _fmt(item.start_x()), "y": _fmt(top), "width": _fmt(x - item.start_x()),
                                          "height": _fmt(bottom - top), "fill": self.gradient_ref(item.gradient),
                                          "clip-path": f"url(#c{self.clip_count})"}))
        _add(parent, group)

    def render(self) -> str:
        self.add_items(self.root, self.scene.items)
        out = ['<?xml version="1.0" encoding="utf-8"?>\n']
        self.root.write(out)
        out.append("\n")
        return "".join(out)


def _text(nodes: Sequence[_Node]) -> str:
    out: list[str] = []
    for node in nodes:
        node.write(out)
    return "".join(out)


def render_svg(scene: Scene, parts: Mapping[str, SvgPart] | None = None) -> str:
    """The scene as a standalone SVG document (width and height in mm). ``parts``: a group
    named as one of them (its items left out) is written as that part was (``svg_parts``);
    SvgPartMismatch if the items before it are not those it was written after."""
    return _SvgWriter(scene, parts).render()


def svg_parts(scene: Scene, names: Collection[str]) -> tuple[str, dict[str, SvgPart]]:
    """``render_svg(scene)``, and the parts it wrote for the groups ``names`` name (each group
    only names its items: no transform, clip or opacity), to write them again."""
    writer = _SvgWriter(scene, record=names)
    return writer.render(), writer.made
