"""Scene -> SVG, text drawn as glyph outlines so every viewer shows the kit's typefaces.

Each glyph used is defined once in <defs> (in font units) and placed with <use>; a text
line is a group carrying its words in ``aria-label``, so the SVG stays accessible and
searchable by tools that read labels. All text taken from data is escaped (_Element.write).
"""

from __future__ import annotations

import base64
from typing import Sequence


from generator.draw import fonts
from generator.draw.colour import concrete
from generator.draw.scene import CircleItem, Command, GroupItem, ImageItem, Item, PathItem, Scene, Style, TextItem


def _fmt(value: float, places: int = 3) -> str:
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def path_data(commands: Sequence[Command]) -> str:
    parts = []
    for cmd in commands:
        parts.append(cmd[0] + " ".join(_fmt(v) for v in cmd[1:]))
    return " ".join(parts)


def _style_attrs(style: Style, alpha: float = 1.0) -> dict[str, str]:
    attrs = {"fill": concrete(style.fill) if style.fill else "none"}
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


class _Element:
    """One SVG element: its tag, its attributes (None or empty: left out) and its children or text."""

    __slots__ = ("tag", "attrs", "children", "text")

    def __init__(self, tag: str, attrs: dict[str, str | None], text: str = "") -> None:
        self.tag = tag
        self.attrs = attrs
        self.children: list[_Element] = []
        self.text = text

    def add(self, child: "_Element") -> "_Element":
        self.children.append(child)
        return child

    def write(self, out: list[str]) -> None:
        """The element as XML, as ElementTree writes it: attributes sorted by name, text and
        attribute values escaped, an element with neither children nor text closed by " />"."""
        out.append("<" + self.tag)
        for name, value in sorted(self.attrs.items()):
            if value:
                out.append(f' {name}="{_escape_attribute(value)}"')
        if not self.children and not self.text:
            out.append(" />")
            return
        out.append(">")
        if self.text:
            out.append(_escape_text(self.text))
        for child in self.children:
            child.write(out)
        out.append(f"</{self.tag}>")


def _escape_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _escape_attribute(text: str) -> str:
    return (_escape_text(text).replace('"', "&quot;").replace("\r", "&#13;").replace("\n", "&#10;")
            .replace("\t", "&#09;"))


def _attrs(style: dict[str, str]) -> dict[str, str | None]:
    """Style keywords as attribute names (stroke_width: stroke-width)."""
    return {name.replace("_", "-"): value for name, value in style.items()}


class _SvgWriter:
    def __init__(self, scene: Scene):
        self.scene = scene
        self.root = _Element("svg", {
            "baseProfile": "full", "version": "1.1", "xmlns": "http://www.w3.org/2000/svg",
            "xmlns:xlink": "http://www.w3.org/1999/xlink", "xmlns:ev": "http://www.w3.org/2001/xml-events",
            "width": f"{_fmt(scene.width)}mm", "height": f"{_fmt(scene.height)}mm",
            "viewBox": f"0 0 {_fmt(scene.width)} {_fmt(scene.height)}"})
        if scene.title:
            self.root.add(_Element("title", {}, scene.title))
        self.defs = self.root.add(_Element("defs", {}))
        self.glyphs: dict[tuple[str, str], str] = {}
        self.clip_count = 0

    def glyph_ref(self, face: str, glyph: str) -> str:
        key = (face, glyph)
        if key not in self.glyphs:
            ident = f"g{len(self.glyphs)}"
            self.defs.add(_Element("path", {"d": fonts.metrics(face).outline(glyph) or "M0 0", "id": ident}))
            self.glyphs[key] = ident
        return self.glyphs[key]

    def add_items(self, parent: _Element, items: Sequence[Item], alpha: float = 1.0) -> None:
        for item in items:
            if isinstance(item, PathItem):
                if item.style.fill is None and not item.style.stroke:
                    continue
                parent.add(_Element("path", {"d": path_data(item.commands), **_attrs(_style_attrs(item.style, alpha))}))
            elif isinstance(item, CircleItem):
                parent.add(_Element("circle", {"cx": _fmt(item.cx), "cy": _fmt(item.cy), "r": _fmt(item.r),
                                               **_attrs(_style_attrs(item.style, alpha))}))
            elif isinstance(item, TextItem):
                self.add_text(parent, item, alpha)
            elif isinstance(item, ImageItem):
                self.add_image(parent, item, alpha)
            elif isinstance(item, GroupItem):
                group = _Element("g", {})
                if item.matrix != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
                    group.attrs["transform"] = "matrix(" + " ".join(_fmt(v, 6) for v in item.matrix) + ")"
                if item.clip:
                    inner = group.add(_Element("g", {"clip-path": self.clip_ref(item.clip)}))
                    self.add_items(inner, item.items, alpha * item.opacity)
                else:
                    self.add_items(group, item.items, alpha * item.opacity)
                parent.add(group)

    def clip_ref(self, commands: Sequence[Command]) -> str:
        self.clip_count += 1
        clip = self.defs.add(_Element("clipPath", {"id": f"c{self.clip_count}"}))
        clip.add(_Element("path", {"d": path_data(commands)}))
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
        parent.add(_Element("image", {"xlink:href": uri, "x": _fmt(x, 4), "y": _fmt(y, 4), "width": _fmt(w, 4),
                                      "height": _fmt(h, 4), "preserveAspectRatio": aspect,
                                      "opacity": _fmt(opacity) if opacity < 1 else None}))

    def add_text(self, parent: _Element, item: TextItem, alpha: float) -> None:
        m = fonts.metrics(item.face)
        scale = item.size_mm / m.units_per_em
        opacity = item.opacity * alpha
        group = _Element("g", {"fill": item.fill, "aria-label": item.text,
                               "opacity": _fmt(opacity) if opacity < 1 else None})
        x = item.start_x()
        matrix = f"matrix({_fmt(scale, 7)} 0 0 {_fmt(-scale, 7)} "
        y = f" {_fmt(item.y)})"
        for char in item.text:
            name = m.glyph_name(char)
            if not char.isspace():
                ref = self.glyph_ref(item.face, name)
                group.add(_Element("use", {"transform": matrix + _fmt(x) + y, "xlink:href": f"#{ref}"}))
            x += m.advances.get(name, 0) * scale + item.letter_spacing
        parent.add(group)

    def render(self) -> str:
        self.add_items(self.root, self.scene.items)
        out: list[str] = []
        self.root.write(out)
        return "".join(out)


def render_svg(scene: Scene) -> str:
    """The scene as a standalone SVG document (width and height in mm)."""
    return '<?xml version="1.0" encoding="utf-8"?>\n' + _SvgWriter(scene).render() + "\n"
