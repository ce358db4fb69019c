"""Text set into a scene: wrapped and shrunk into a box (``generator.draw.textfit``), and
lines of rich text (``**bold**``, ``*italic*``, keywords, ``:name:`` icons; see
``generator.draw.richtext``).

Typesetting sits above the picture model: a Scene holds plain text items, and this module
measures, breaks and places them (the scene knows nothing of fitting, faces or icons).
"""

from __future__ import annotations

from typing import Sequence

from generator.core.units import MM_PER_PT
from generator.draw import fonts, inline, richtext
from generator.draw.inline import Icons
from generator.draw.richtext import Faces, Rich, Segment
from generator.draw.scene import Anchor, Gradient, Scene
from generator.draw.textfit import FittedText, fit_text


def draw_textbox(scene: Scene, x: float, y: float, w: float, h: float, text: str, *, face: str = "serif",
                 size_pt: float = 10.0, min_size_pt: float = 6.0, fill: str = "#000000",
                 align: str = "left", valign: str = "top", leading: float = 1.2,
                 max_lines: int | None = None, rich: Rich | None = None, gradient: Gradient | None = None) -> FittedText:
    """Wrap and shrink ``text`` into the box; raises TextOverflow when it cannot fit.

    With ``rich``, the text's markup is read (``**bold**``, ``*italic*``, keywords, ``:name:``
    icons; an unknown icon raises inline.UnknownIcon); without, the text is drawn as it is."""
    fitted = fit_text(text, face, size_pt, w, h, min_size_pt=min_size_pt, leading=leading, max_lines=max_lines,
                      rich=rich)
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
        if rich is None:
            scene.text(tx, y + offset + baseline, line[0].text, face=face, size_pt=fitted.size_pt, fill=fill,
                       anchor=anchor, gradient=gradient)
        else:
            draw_segments(scene, tx, y + offset + baseline, line, face=face, size_pt=fitted.size_pt, fill=fill,
                          anchor=anchor, gradient=gradient)
    return fitted


def draw_line(scene: Scene, x: float, y: float, text: str, *, icons: Icons, face: str = "serif",
              size_pt: float = 10.0, fill: str = "#000000", anchor: Anchor = "start", opacity: float = 1.0,
              letter_spacing: float = 0.0, rich: Rich | None = None) -> float:
    """One line of markup text (``:name:`` icons, ``**bold**``, ``*italic*``, escapes) with its
    baseline at y, aligned at x by ``anchor``; returns the line's width. ``rich`` gives the
    faces and keywords (default: ``face``'s family and ``icons``)."""
    rich = rich or Rich(Faces.of(face), icons)
    return draw_segments(scene, x, y, richtext.segments(text, rich), face=face, size_pt=size_pt, fill=fill,
                         anchor=anchor, opacity=opacity, letter_spacing=letter_spacing)


def draw_segments(scene: Scene, x: float, y: float, parts: Sequence[Segment], *, face: str = "serif",
                  size_pt: float = 10.0, fill: str = "#000000", anchor: Anchor = "start", opacity: float = 1.0,
                  letter_spacing: float = 0.0, gradient: Gradient | None = None) -> float:
    """One line of segments with its baseline at y, aligned at x by ``anchor``; returns its
    width. Icons painted currentColor take the text's colour; icons with colours of their
    own keep them; a keyword's segment has its own colour."""
    size_mm = size_pt * MM_PER_PT
    total = richtext.width(parts, size_mm, letter_spacing)
    cursor = x - (total / 2 if anchor == "middle" else total if anchor == "end" else 0.0)
    for part in richtext.merged(parts):
        colour = part.fill or fill
        if part.icon is not None:
            box = inline.icon_box(part.icon, cursor, y, face, size_mm * part.scale)
            scene.add(part.icon.placed(*box, tint=colour, only_current=True, opacity=opacity))
            cursor += box[2] + letter_spacing
        else:
            item = scene.text(cursor, y, part.text, face=part.face, size_pt=size_pt * part.scale, fill=colour,
                              opacity=opacity,
                              letter_spacing=letter_spacing, gradient=gradient if part.fill is None else None)
            cursor += item.width() + letter_spacing
    return total
