"""Text set into a scene: wrapped and shrunk into a box (``generator.draw.textfit``), and
lines with inline icons (``:name:``, ``generator.draw.inline``).

Typesetting sits above the picture model: a Scene holds plain text items, and this module
measures, breaks and places them (the scene knows nothing of fitting or icons).
"""

from __future__ import annotations

from generator.draw import fonts, inline
from generator.draw.inline import IconRef, Icons
from generator.draw.scene import Anchor, Scene
from generator.draw.textfit import FittedText, fit_text
from generator.units import MM_PER_PT


def draw_textbox(scene: Scene, x: float, y: float, w: float, h: float, text: str, *, face: str = "serif",
                 size_pt: float = 10.0, min_size_pt: float = 6.0, fill: str = "#000000",
                 align: str = "left", valign: str = "top", leading: float = 1.2,
                 max_lines: int | None = None, icons: Icons | None = None) -> FittedText:
    """Wrap and shrink ``text`` into the box; raises TextOverflow when it cannot fit.

    With ``icons``, ``:name:`` draws that icon inline (see inline.py) and an unknown name
    raises inline.UnknownIcon; without, the text is drawn as it is."""
    fitted = fit_text(text, face, size_pt, w, h, min_size_pt=min_size_pt, leading=leading, max_lines=max_lines,
                      icons=icons)
    m = fonts.metrics(face)
    size_mm = fitted.size_pt * MM_PER_PT
    used = fitted.baselines[-1] + (-m.descender / m.units_per_em) * size_mm if fitted.lines else 0.0
    offset = {"top": 0.0, "middle": (h - used) / 2, "bottom": h - used}[valign]
    anchors: dict[str, tuple[Anchor, float]] = {"left": ("start", x), "center": ("middle", x + w / 2),
                                                "right": ("end", x + w)}
    anchor, tx = anchors[align]
    for line, baseline in zip(fitted.lines, fitted.baselines):
        if not line:
            continue
        if icons is None:
            scene.text(tx, y + offset + baseline, line, face=face, size_pt=fitted.size_pt, fill=fill, anchor=anchor)
        else:
            draw_line(scene, tx, y + offset + baseline, line, icons=icons, face=face, size_pt=fitted.size_pt,
                      fill=fill, anchor=anchor)
    return fitted


def draw_line(scene: Scene, x: float, y: float, text: str, *, icons: Icons, face: str = "serif",
              size_pt: float = 10.0, fill: str = "#000000", anchor: Anchor = "start", opacity: float = 1.0,
              letter_spacing: float = 0.0) -> float:
    """One line of markup text (``:name:`` icons, ``\\:`` colons) with its baseline at y,
    aligned at x by ``anchor``; returns the line's width. Icons painted currentColor take the
    text's colour; icons with colours of their own keep them."""
    size_mm = size_pt * MM_PER_PT
    total = inline.width(text, face, size_mm, icons, letter_spacing)
    cursor = x - (total / 2 if anchor == "middle" else total if anchor == "end" else 0.0)
    for piece in inline.pieces(text):
        if isinstance(piece, IconRef):
            icon = inline.lookup(icons, piece.name)
            box = inline.icon_box(icon, cursor, y, face, size_mm)
            scene.add(icon.placed(*box, tint=fill, only_current=True, opacity=opacity))
            cursor += box[2] + letter_spacing
        else:
            item = scene.text(cursor, y, piece, face=face, size_pt=size_pt, fill=fill, opacity=opacity,
                              letter_spacing=letter_spacing)
            cursor += item.width() + letter_spacing
    return total
