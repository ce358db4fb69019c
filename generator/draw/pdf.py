"""Scene -> PDF with reportlab: embedded, subset fonts; page boxes; print preferences."""

from __future__ import annotations

import io
import itertools
import weakref
from dataclasses import replace
from functools import lru_cache
from typing import Callable, Iterable, Sequence

from reportlab.lib.colors import Color
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas as rl_canvas

from generator.draw import fonts
from generator.draw.colour import concrete, normalise
from generator.draw.images import RasterImage
from generator.draw.page import Box, Page
from generator.preflight.capture import seen
from generator.draw.scene import (CircleItem, Command, Gradient, GroupItem, ImageItem, Item, PathItem, Point, Style,
                                  TextItem, rect_commands)
from generator.units import PT_PER_MM

_registered: set[str] = set()


def register_face(face: str) -> str:
    """Register a face with reportlab once; returns its PDF font name."""
    name = fonts.FACES[face].postscript_name
    if name not in _registered:
        pdfmetrics.registerFont(TTFont(name, str(fonts.font_file(face))))
        _registered.add(name)
    return name


@lru_cache(maxsize=4096)
def pdf_colour(hex_colour: str) -> Color:
    """'#rrggbb' as PDF writes it (six decimals): each channel a quarter step above its value,
    so that a renderer that truncates (MuPDF) and one that rounds both read the same 0-255.
    Made once per colour (a build paints a few hundred colours 100,000 times); reportlab
    reads a Color, never changes it."""
    rgb = normalise(hex_colour)
    channels = [int(rgb[i:i + 2], 16) for i in (1, 3, 5)]
    return Color(*(min(1.0, (c + 0.25) / 255) for c in channels))


def _build_path(c: rl_canvas.Canvas, commands: Sequence[Command]):
    p = c.beginPath()
    cx = cy = 0.0
    for cmd in commands:
        op = cmd[0]
        if op == "M":
            p.moveTo(cmd[1], cmd[2]); cx, cy = cmd[1], cmd[2]
        elif op == "L":
            p.lineTo(cmd[1], cmd[2]); cx, cy = cmd[1], cmd[2]
        elif op == "C":
            p.curveTo(*cmd[1:7]); cx, cy = cmd[5], cmd[6]
        elif op == "Q":
            x1, y1, x, y = cmd[1:5]
            p.curveTo(cx + 2 / 3 * (x1 - cx), cy + 2 / 3 * (y1 - cy), x + 2 / 3 * (x1 - x), y + 2 / 3 * (y1 - y), x, y)
            cx, cy = x, y
        elif op == "Z":
            p.close()
        else:
            raise ValueError(f"unknown path command {op!r}")
    return p


class _InForce:
    """The colours and stroke settings in force on the page, so that a setting already in
    force is not written again: a proof sheet wrote each of them for every path it stroked
    (figures: docs/benchmarks.md). ``save`` and ``restore`` are reportlab's
    saveState and restoreState (PDF's q and Q), which put the settings back as they were."""

    def __init__(self, c: rl_canvas.Canvas) -> None:
        self.c = c
        self.now: dict[str, object] = {}
        self.saved: list[dict[str, object]] = []

    def set(self, name: str, value: object, write: Callable[[], object]) -> None:
        if name not in self.now or self.now[name] != value:
            write()
            self.now[name] = value

    def save(self) -> None:
        self.c.saveState()
        self.saved.append(dict(self.now))

    def restore(self) -> None:
        self.c.restoreState()
        self.now = self.saved.pop()


_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


def _apply_style(pen: _InForce, style: Style, alpha: float) -> tuple[bool, bool]:
    c = pen.c
    if style.fill is not None:
        fill = concrete(style.fill)
        pen.set("fill", fill, lambda: c.setFillColor(pdf_colour(fill)))
        c.setFillAlpha(style.opacity * alpha)       # reportlab writes it only when it changes
    stroke = style.stroke is not None and style.stroke_width > 0
    if style.stroke is not None and stroke:
        colour = concrete(style.stroke)
        pen.set("stroke", colour, lambda: c.setStrokeColor(pdf_colour(colour)))
        c.setStrokeAlpha(style.opacity * alpha)
        pen.set("width", style.stroke_width, lambda: c.setLineWidth(style.stroke_width))
        pen.set("cap", style.cap, lambda: c.setLineCap(_CAPS[style.cap]))
        pen.set("join", style.join, lambda: c.setLineJoin(_JOINS[style.join]))
        dash = tuple(style.dash) if style.dash else ()
        pen.set("dash", dash, lambda: c.setDash(list(dash), 0))
    return style.fill is not None, stroke


def _draw_items(pen: _InForce, items: Sequence[Item], alpha: float) -> None:
    c = pen.c
    for item in items:
        if isinstance(item, PathItem) and item.style.gradient is not None:
            _draw_gradient(pen, item, alpha)
        elif isinstance(item, PathItem):
            fill, stroke = _apply_style(pen, item.style, alpha)
            if fill or stroke:
                even_odd = item.style.fill_rule == "evenodd"
                c.drawPath(_build_path(c, item.commands), stroke=int(stroke), fill=int(fill),
                           fillMode=rl_canvas.FILL_EVEN_ODD if even_odd else rl_canvas.FILL_NON_ZERO)
        elif isinstance(item, CircleItem):
            fill, stroke = _apply_style(pen, item.style, alpha)
            if fill or stroke:
                c.circle(item.cx, item.cy, item.r, stroke=int(stroke), fill=int(fill))
        elif isinstance(item, TextItem):
            _draw_text(pen, item, alpha)
        elif isinstance(item, ImageItem):
            _draw_image(pen, item, alpha)
        elif isinstance(item, GroupItem):
            pen.save()
            c.transform(*item.matrix)
            if item.clip:
                c.clipPath(_build_path(c, item.clip), stroke=0, fill=0)
            _draw_items(pen, item.items, alpha * item.opacity)
            pen.restore()
        else:  # pragma: no cover - the Item union is closed
            raise TypeError(f"cannot draw {type(item).__name__}")


def _draw_gradient(pen: _InForce, item: PathItem, alpha: float) -> None:
    """A shape filled with a gradient: the shading painted inside the shape as a clip, then
    its stroke, if it has one, over it."""
    c = pen.c
    style = item.style
    gradient = style.gradient
    assert gradient is not None
    even_odd = style.fill_rule == "evenodd"
    mode = rl_canvas.FILL_EVEN_ODD if even_odd else rl_canvas.FILL_NON_ZERO
    pen.save()
    c.setFillAlpha(style.opacity * alpha)
    c.clipPath(_build_path(c, item.commands), stroke=0, fill=0, fillMode=mode)
    _shade(c, gradient)
    pen.restore()
    if style.stroke is not None and style.stroke_width > 0:
        _, stroke = _apply_style(pen, replace(style, fill=None, gradient=None), alpha)
        c.drawPath(_build_path(c, item.commands), stroke=int(stroke), fill=0)


def _draw_image(pen: _InForce, item: ImageItem, alpha: float) -> None:
    c = pen.c
    x, y, w, h = item.placement()
    pen.save()
    if item.clipped:
        c.clipPath(_build_path(c, rect_commands(item.x, item.y, item.w, item.h)), stroke=0, fill=0)
    c.setFillAlpha(item.opacity * alpha)
    c.translate(x, y + h)
    c.scale(w, -h)  # images stand upright on the y-down page
    c.doForm(_image_form(c, item.image))
    pen.restore()


_image_forms: "weakref.WeakKeyDictionary[rl_canvas.Canvas, dict[RasterImage, str]]" = weakref.WeakKeyDictionary()


def _image_form(c: rl_canvas.Canvas, image: RasterImage) -> str:
    """The name of a form drawing ``image`` in the unit square, made the first time the file
    (the canvas) draws it: reportlab decodes and hashes an image's pixels at every drawImage,
    so an image placed a thousand times is decoded once and each placement is one "Do"."""
    forms = _image_forms.setdefault(c, {})
    name = forms.get(image)
    if name is None:
        name = f"PnpImage{len(forms)}"
        c.beginForm(name, 0, 0, 1, 1)
        c.drawImage(ImageReader(io.BytesIO(image.data)), 0, 0, 1, 1, mask="auto")
        c.endForm()
        forms[image] = name
    return name


def _draw_text(pen: _InForce, item: TextItem, alpha: float) -> None:
    c = pen.c
    name = register_face(item.face)
    pen.save()
    c.translate(item.start_x(), item.y)
    c.scale(1, -1)  # the page is y-down; glyphs must stand upright
    pen.set("fill", item.fill, lambda: c.setFillColor(pdf_colour(item.fill)))
    c.setFillAlpha(item.opacity * alpha)
    text = c.beginText(0, 0)
    text.setFont(name, item.size_mm)
    if item.letter_spacing:
        text.setCharSpace(item.letter_spacing)
    if item.gradient is not None:
        text.setTextRenderMode(7)       # the glyphs clip what is painted next: the gradient
    text.textOut(item.text)
    c.drawText(text)
    if item.gradient is not None:
        _shade(c, item.gradient, lambda p: (p[0] - item.start_x(), item.y - p[1]))
    pen.restore()


def _shade(c: rl_canvas.Canvas, gradient: Gradient, to_here: Callable[[Point], Point] = lambda p: p) -> None:
    """Paint ``gradient`` over the clip in force; ``to_here`` maps its points into the space
    drawn in now (text is drawn in a space of its own, moved to its start and flipped)."""
    colours = [pdf_colour(colour) for _, colour in gradient.stops]
    offsets = [offset for offset, _ in gradient.stops]
    if gradient.kind == "linear":
        c.linearGradient(*to_here(gradient.start), *to_here(gradient.end), colours, offsets, extend=True)
    else:
        c.radialGradient(*to_here(gradient.start), gradient.radius, colours, offsets, extend=True)


def _pdf_box(box: Box, page_height: float) -> tuple[float, float, float, float]:
    x, y, w, h = box
    return (x * PT_PER_MM, (page_height - y - h) * PT_PER_MM, (x + w) * PT_PER_MM, (page_height - y) * PT_PER_MM)


def render_pdf(pages: Iterable[Page], *, title: str = "", author: str = "pnpkit",
               duplex: bool = False, subject: str = "") -> bytes:
    """All pages as one PDF document. Deterministic output: same scenes, same bytes.
    ``pages`` may be made one at a time (a generator): each is drawn, then let go, so a
    map of a hundred tiles holds one tile's scene at a time."""
    remaining = iter(pages)
    opening = next(remaining, None)
    if opening is None:
        raise ValueError("a PDF needs at least one page")
    initial = register_face("serif")
    buffer = io.BytesIO()
    first = opening.scene
    c = rl_canvas.Canvas(buffer, pagesize=(first.width * PT_PER_MM, first.height * PT_PER_MM),
                         invariant=1, pageCompression=1, initialFontName=initial, initialFontSize=10)
    c.setTitle(title)
    c.setAuthor(author)
    c.setCreator("pnpkit")
    c.setSubject(subject)
    # Print at 100 %: "fit to page" is the most common print-and-play failure.
    c.setViewerPreference("PrintScaling", "None")
    if duplex:
        c.setViewerPreference("Duplex", "DuplexFlipLongEdge")
    for index, page in enumerate(itertools.chain([opening], remaining)):
        seen(page, index)               # the preflight looks at what is printed (generator.preflight)
        scene = page.scene
        c.setPageSize((scene.width * PT_PER_MM, scene.height * PT_PER_MM))
        if page.trim:
            c.setTrimBox(_pdf_box(page.trim, scene.height))
        if page.bleed:
            c.setBleedBox(_pdf_box(page.bleed, scene.height))
        pen = _InForce(c)               # a new page starts with PDF's defaults
        pen.save()
        c.translate(0, scene.height * PT_PER_MM)
        c.scale(PT_PER_MM, -PT_PER_MM)
        c.setFont(initial, 10)
        _draw_items(pen, scene.items, 1.0)
        pen.restore()
        c.showPage()
    c.save()
    return buffer.getvalue()
