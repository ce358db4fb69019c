"""Scene -> SVG, text drawn as glyph outlines so every viewer shows the kit's typefaces.

Each glyph used is defined once in <defs> (in font units) and placed with <use>; a text
line is a group carrying its words in ``aria-label``, so the SVG stays accessible and
searchable by tools that read labels. svgwrite escapes all text taken from data.
"""

from __future__ import annotations

import base64
from typing import Sequence

import svgwrite

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


class _SvgWriter:
    def __init__(self, scene: Scene):
        self.scene = scene
        self.dwg = svgwrite.Drawing(size=(f"{_fmt(scene.width)}mm", f"{_fmt(scene.height)}mm"),
                                    viewBox=f"0 0 {_fmt(scene.width)} {_fmt(scene.height)}",
                                    profile="full", debug=False)
        if scene.title:
            self.dwg.set_desc(title=scene.title)
        self.glyphs: dict[tuple[str, str], str] = {}
        self.clip_count = 0

    def glyph_ref(self, face: str, glyph: str) -> str:
        key = (face, glyph)
        if key not in self.glyphs:
            ident = f"g{len(self.glyphs)}"
            self.dwg.defs.add(self.dwg.path(d=fonts.metrics(face).outline(glyph) or "M0 0", id=ident))
            self.glyphs[key] = ident
        return self.glyphs[key]

    def add_items(self, parent, items: Sequence[Item], alpha: float = 1.0) -> None:
        dwg = self.dwg
        for item in items:
            if isinstance(item, PathItem):
                if item.style.fill is None and not item.style.stroke:
                    continue
                parent.add(dwg.path(d=path_data(item.commands), **_style_attrs(item.style, alpha)))
            elif isinstance(item, CircleItem):
                parent.add(dwg.circle(center=(_fmt(item.cx), _fmt(item.cy)), r=_fmt(item.r),
                                      **_style_attrs(item.style, alpha)))
            elif isinstance(item, TextItem):
                self.add_text(parent, item, alpha)
            elif isinstance(item, ImageItem):
                self.add_image(parent, item, alpha)
            elif isinstance(item, GroupItem):
                group = dwg.g()
                if item.matrix != (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
                    group["transform"] = "matrix(" + " ".join(_fmt(v, 6) for v in item.matrix) + ")"
                if item.clip:
                    inner = dwg.g(clip_path=self.clip_ref(item.clip))
                    group.add(inner)
                    self.add_items(inner, item.items, alpha * item.opacity)
                else:
                    self.add_items(group, item.items, alpha * item.opacity)
                parent.add(group)

    def clip_ref(self, commands: Sequence[Command]) -> str:
        self.clip_count += 1
        clip = self.dwg.clipPath(id=f"c{self.clip_count}")
        clip.add(self.dwg.path(d=path_data(commands)))
        self.dwg.defs.add(clip)
        return f"url(#c{self.clip_count})"

    def add_image(self, parent, item: ImageItem, alpha: float) -> None:
        uri = f"data:{item.image.mime};base64," + base64.b64encode(item.image.data).decode("ascii")
        if item.clipped:
            # SVG's own "cover": the image scaled to fill its box and clipped to it
            x, y, w, h, aspect = item.x, item.y, item.w, item.h, "xMidYMid slice"
        else:
            x, y, w, h = item.placement()
            aspect = "none"   # placement() already kept the aspect, or was asked not to
        image = self.dwg.image(href=uri, insert=(_fmt(x, 4), _fmt(y, 4)), size=(_fmt(w, 4), _fmt(h, 4)))
        image["preserveAspectRatio"] = aspect
        opacity = item.opacity * alpha
        if opacity < 1:
            image["opacity"] = _fmt(opacity)
        parent.add(image)

    def add_text(self, parent, item: TextItem, alpha: float) -> None:
        m = fonts.metrics(item.face)
        scale = item.size_mm / m.units_per_em
        group = self.dwg.g(fill=item.fill, **{"aria-label": item.text})
        opacity = item.opacity * alpha
        if opacity < 1:
            group["opacity"] = _fmt(opacity)
        x = item.start_x()
        for char in item.text:
            name = m.glyph_name(char)
            if not char.isspace():
                ref = self.glyph_ref(item.face, name)
                use = self.dwg.use(f"#{ref}")
                use["transform"] = f"matrix({_fmt(scale, 7)} 0 0 {_fmt(-scale, 7)} {_fmt(x)} {_fmt(item.y)})"
                group.add(use)
            x += m.advances.get(name, 0) * scale + item.letter_spacing
        parent.add(group)

    def render(self) -> str:
        self.add_items(self.dwg, self.scene.items)
        return self.dwg.tostring()


def render_svg(scene: Scene) -> str:
    """The scene as a standalone SVG document (width and height in mm)."""
    return '<?xml version="1.0" encoding="utf-8"?>\n' + _SvgWriter(scene).render() + "\n"
