"""Scene -> PDF with reportlab: embedded, subset fonts; page boxes; print preferences."""

from __future__ import annotations

import io
import itertools
from functools import lru_cache
from typing import Iterable, Sequence

from reportlab.lib.colors import Color
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas as rl_canvas

from generator.draw import fonts
from generator.draw.colour import concrete, normalise
from generator.draw.page import Box, Page
from generator.draw.scene import CircleItem, Command, GroupItem, ImageItem, Item, PathItem, Style, TextItem, rect_commands
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


def _apply_style(c: rl_canvas.Canvas, style: Style, alpha: float) -> tuple[bool, bool]:
    if style.fill is not None:
        c.setFillColor(pdf_colour(concrete(style.fill)))
        c.setFillAlpha(style.opacity * alpha)
    stroke = style.stroke is not None and style.stroke_width > 0
    if style.stroke is not None and stroke:
        c.setStrokeColor(pdf_colour(concrete(style.stroke)))
        c.setStrokeAlpha(style.opacity * alpha)
        c.setLineWidth(style.stroke_width)
        c.setLineCap({"butt": 0, "round": 1, "square": 2}[style.cap])
        c.setLineJoin({"miter": 0, "round": 1, "bevel": 2}[style.join])
        c.setDash(list(style.dash) if style.dash else [], 0)
    return style.fill is not None, stroke


def _draw_items(c: rl_canvas.Canvas, items: Sequence[Item], alpha: float) -> None:
    for item in items:
        if isinstance(item, PathItem):
            fill, stroke = _apply_style(c, item.style, alpha)
            if fill or stroke:
                even_odd = item.style.fill_rule == "evenodd"
                c.drawPath(_build_path(c, item.commands), stroke=int(stroke), fill=int(fill),
                           fillMode=rl_canvas.FILL_EVEN_ODD if even_odd else rl_canvas.FILL_NON_ZERO)
        elif isinstance(item, CircleItem):
            fill, stroke = _apply_style(c, item.style, alpha)
            if fill or stroke:
                c.circle(item.cx, item.cy, item.r, stroke=int(stroke), fill=int(fill))
        elif isinstance(item, TextItem):
            _draw_text(c, item, alpha)
        elif isinstance(item, ImageItem):
            _draw_image(c, item, alpha)
        elif isinstance(item, GroupItem):
            c.saveState()
            c.transform(*item.matrix)
            if item.clip:
                c.clipPath(_build_path(c, item.clip), stroke=0, fill=0)
            _draw_items(c, item.items, alpha * item.opacity)
            c.restoreState()
        else:  # pragma: no cover - the Item union is closed
            raise TypeError(f"cannot draw {type(item).__name__}")


def _draw_image(c: rl_canvas.Canvas, item: ImageItem, alpha: float) -> None:
    x, y, w, h = item.placement()
    c.saveState()
    if item.clipped:
        c.clipPath(_build_path(c, rect_commands(item.x, item.y, item.w, item.h)), stroke=0, fill=0)
    c.setFillAlpha(item.opacity * alpha)
    c.translate(x, y + h)
    c.scale(1, -1)  # images stand upright on the y-down page
    c.drawImage(ImageReader(io.BytesIO(item.image.data)), 0, 0, w, h, mask="auto")
    c.restoreState()


def _draw_text(c: rl_canvas.Canvas, item: TextItem, alpha: float) -> None:
    name = register_face(item.face)
    c.saveState()
    c.translate(item.start_x(), item.y)
    c.scale(1, -1)  # the page is y-down; glyphs must stand upright
    c.setFillColor(pdf_colour(item.fill))
    c.setFillAlpha(item.opacity * alpha)
    text = c.beginText(0, 0)
    text.setFont(name, item.size_mm)
    if item.letter_spacing:
        text.setCharSpace(item.letter_spacing)
    text.textOut(item.text)
    c.drawText(text)
    c.restoreState()


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
    for page in itertools.chain([opening], remaining):
        scene = page.scene
        c.setPageSize((scene.width * PT_PER_MM, scene.height * PT_PER_MM))
        if page.trim:
            c.setTrimBox(_pdf_box(page.trim, scene.height))
        if page.bleed:
            c.setBleedBox(_pdf_box(page.bleed, scene.height))
        c.saveState()
        c.translate(0, scene.height * PT_PER_MM)
        c.scale(PT_PER_MM, -PT_PER_MM)
        c.setFont(initial, 10)
        _draw_items(c, scene.items, 1.0)
        c.restoreState()
        c.showPage()
    c.save()
    return buffer.getvalue()
