"""Counters painted: ``draw_face`` paints a face at any size; the counter sheet and the
position view both use it, so the printed counters and the bot's pictures match."""

from __future__ import annotations

from generator.core.units import MM_PER_PT
from generator.draw import fonts
from generator.draw.scene import Scene, Style
from generator.hexart.emblems import draw_emblem
from generator.hexart.style import FACE_BOLD, FACE_LABEL, INK
from generator.hexmap.counterlook import CREAM, CounterLook, Face


def _flag_band(s: Scene, x: float, y: float, w: float, h: float, flag: tuple[str, str]) -> None:
    """A Nordic-cross flag across the top of the counter."""
    field, cross = flag
    s.rect(x, y, w, h, Style(fill=field))
    t = h * 0.26
    s.rect(x + w * 0.22, y, t, h, Style(fill=cross))
    s.rect(x, y + (h - t) / 2, w, t, Style(fill=cross))


def _fitted(text: str, face: str, start_pt: float, width: float) -> float:
    """The largest size from ``start_pt`` down to 3 pt (steps of 0.2) at which ``text`` fits."""
    pt = start_pt
    while pt > 3.0 and fonts.text_width(text, face, pt * MM_PER_PT) > width:
        pt -= 0.2
    return pt


def draw_face(s: Scene, face: Face, x: float, y: float, size: float, look: CounterLook | None = None) -> None:
    """One counter face with its top-left at (x, y), ``size`` mm square."""
    look = look or CounterLook()
    kind, side = look.type(face.type), look.side(face.side)
    u = size / 20.0
    s.rect(x, y, size, size, Style(fill=kind.colour, stroke=INK, stroke_width=0.25 * u), radius=1.2 * u)
    s.rect(x + 0.9 * u, y + 0.9 * u, size - 1.8 * u, size - 1.8 * u, Style(stroke=side.rim, stroke_width=0.45 * u),
           radius=0.8 * u)
    band = 4.6 * u
    if side.flag:
        _flag_band(s, x + 1.6 * u, y + 1.6 * u, size - 3.2 * u, band, side.flag)
    if face.movement:
        cx, cy = x + size - 4.0 * u, y + 1.6 * u + band / 2
        s.circle(cx, cy, 2.0 * u, Style(fill=CREAM, stroke=INK, stroke_width=0.2 * u))
        s.text(cx, cy + 1.05 * u, str(face.movement), face=FACE_BOLD, size_pt=8.0 * u, fill=INK, anchor="middle")
    ink = INK if kind.dark_text else CREAM
    accent = kind.accent or kind.colour
    if face.note:
        draw_emblem(s, look.emblem(kind.emblem), x + size / 2, y + size * 0.6, size * 0.32, ink, accent)
    else:
        draw_emblem(s, look.emblem(kind.emblem), x + size / 2, y + size * 0.53, size * 0.42, ink, accent)
    label = face.label.upper()
    # the name: 6 pt on a 20 mm counter (the print floor), across the width inside the rim
    s.text(x + size / 2, y + size - 2.3 * u, label, face=FACE_LABEL,
           size_pt=_fitted(label, FACE_LABEL, 6.0 * u, size - 2.8 * u), fill=ink, anchor="middle")
    if face.note:
        s.text(x + size / 2, y + 3.9 * u + band, face.note, face=FACE_BOLD,
               size_pt=_fitted(face.note, FACE_BOLD, 5.0 * u, size - 3.4 * u), fill=ink, anchor="middle")


def counter_scene(face: Face, size: float, look: CounterLook | None = None, bleed: float = 0.0) -> Scene:
    """A face on its own canvas, as the sheet imposer wants it: ``bleed`` mm of the body's
    colour around the trim, so that a miscut shows the counter, not white or a neighbour."""
    s = Scene(size + 2 * bleed, size + 2 * bleed, title=face.label)
    if bleed > 0:
        s.rect(0.0, 0.0, size + 2 * bleed, size + 2 * bleed, Style(fill=(look or CounterLook()).type(face.type).colour))
    draw_face(s, face, bleed, bleed, size, look)
    return s
