"""The furniture of a period map: frame, place names, hex ids, legend, cartouche, compass, scale.

Ornament positions come from the map's ``decor`` entry (a hex id each); missing ones are
left out, so a designer decides what the sheet shows.
"""

from __future__ import annotations


from generator.core.units import MM_PER_PT
from generator.draw import fonts
from generator.draw.scene import Scene, Style
from generator.hexart import symbols as sym
from generator.hexart.ground import knock_out, word_corners
from generator.hexart.style import (
    FACE_ITALIC, FACE_LABEL, FACE_TEXT, FACE_TITLE, INK, PALETTE, PARCHMENT, PARCHMENT_DARK,
)
from generator.hexmap.model import HexMap, Label
from generator.hexmap.overlay import LegendEntry
from generator.kit.language import words

Point = tuple[float, float]


def draw_hex_ids(s: Scene, hexmap: HexMap, size_pt: float | None = None, colour: str = INK, halo: bool = True,
                 hidden: set[str] | frozenset[str] = frozenset()) -> None:
    """The XXYY id at the top of every hex (but the ``hidden`` ones, under an ornament), above
    where a counter sits: lining figures (the title face; the text face's old-style figures
    shrink at this size), full ink on a parchment halo, so it reads on any terrain when printed."""
    flat = hexmap.layout.flat_mm
    size_pt = size_pt if size_pt is not None else hex_id_size(flat)
    size = size_pt * MM_PER_PT
    top = flat / 2
    w = fonts.text_width("0000", HEX_ID_FACE, size) + 1.4
    for hid, cell in hexmap.cells.items():
        if hid in hidden:
            continue
        x, y = hexmap.centre(hid)
        base = y - top + 0.7 + size * 0.72
        if halo:
            s.rect(x - w / 2, base - size * 0.72 - 0.35, w, size * 0.72 + 0.8, Style(fill=PARCHMENT, opacity=0.8),
                   radius=0.6)
        s.text(x, base, hid, face=HEX_ID_FACE, size_pt=size_pt, fill=colour,
               anchor="middle", opacity=1.0 if cell.playfield else OFF_PLAYFIELD)


#: The face of the hex ids: Cinzel's figures are lining, as tall as capitals.
HEX_ID_FACE = FACE_LABEL


OFF_PLAYFIELD = 0.8         # a hex id outside the playfield, fainter but still 4.5:1 on parchment
HEX_ID_SMALLEST = 6.0       # pt: the floor of printed text (generator.preflight.textsize)


def hex_id_size(flat_mm: float) -> float:
    """Point size of the hex ids: 7 pt in hexes of 26 mm or more, smaller in smaller hexes,
    never under the 6 pt a printed game's text keeps to."""
    return max(HEX_ID_SMALLEST, min(7.0, flat_mm * 0.27))


def hex_id_clearance(flat_mm: float) -> float:
    """How far below a hex's top edge its id ends (mm): outlines drawn inside a hex keep
    clear of it."""
    return 0.7 + hex_id_size(flat_mm) * MM_PER_PT * 0.72 + 0.8


LABEL_STYLES: dict[str, tuple[str, str, float, float]] = {
    # style: face, colour, letter spacing (share of size), opacity
    # full ink, and a water blue darker than the water's lines: 4.5:1 on any terrain (preflight)
    "land": (FACE_LABEL, INK, 0.18, 1.0),
    "water": (FACE_ITALIC, PALETTE["water_label"], 0.12, 1.0),
    "title": (FACE_TITLE, PALETTE["rubric"], 0.2, 1.0),
    "small": (FACE_ITALIC, INK, 0.0, 0.9),
}


def draw_labels(s: Scene, hexmap: HexMap, labels: list[Label]) -> None:
    """Place names, spaced like an engraver's lettering; a title (a town on busy ground) over a parchment plate."""
    for lab in labels:
        face, colour, spacing, opacity = LABEL_STYLES.get(lab.style, LABEL_STYLES["land"])
        x, y = hexmap.centre(lab.at)
        x, y = x + lab.dx_mm, y + lab.dy_mm
        size_mm = lab.size_pt * MM_PER_PT
        if lab.style != "title":    # a road, a river or a ripple under the name stops short of its letters
            knock_out(s, hexmap, word_corners(0, size_mm * 0.33, lab.text, face, lab.size_pt,
                                              letter_spacing=size_mm * spacing, origin=(x, y), rotate=lab.rotate))
        with s.group(translate=(x, y), rotate=lab.rotate):
            if lab.style == "title":
                # a title lies on busy ground (a town's houses and roads): a parchment plate keeps it legible
                w = fonts.text_width(lab.text, face, size_mm) + size_mm * spacing * max(len(lab.text) - 1, 0)
                s.rect(-w / 2 - 1.2, -size_mm * 0.55, w + 2.4, size_mm * 1.1, Style(fill=PARCHMENT, opacity=0.8),
                       radius=1.0)
            s.text(0, size_mm * 0.33, lab.text, face=face, size_pt=lab.size_pt, fill=colour, anchor="middle",
                   opacity=opacity, letter_spacing=size_mm * spacing)


def draw_frame(s: Scene, x: float, y: float, w: float, h: float) -> None:
    """Double rule with a chequered scale border, as on old printed maps."""
    s.rect(x, y, w, h, Style(stroke=INK, stroke_width=0.9))
    s.rect(x + 3.2, y + 3.2, w - 6.4, h - 6.4, Style(stroke=INK, stroke_width=0.3))
    step = 10.0
    for horizontal, (x0, y0, length) in ((True, (x + 3.2, y + 0.0, w - 6.4)), (True, (x + 3.2, y + h - 3.2, w - 6.4)),
                                         (False, (x + 0.0, y + 3.2, h - 6.4)), (False, (x + w - 3.2, y + 3.2, h - 6.4))):
        n = int(length // step)
        for i in range(n):
            if i % 2:
                continue
            a = i * step
            b = min(a + step, length)
            if horizontal:
                s.rect(x0 + a, y0 + 0.8, b - a, 1.6, Style(fill=INK, opacity=0.75))
            else:
                s.rect(x0 + 0.8, y0 + a, 1.6, b - a, Style(fill=INK, opacity=0.75))


def draw_parchment(s: Scene, w: float, h: float, seed: int = 7) -> None:
    """Paper tone with darker edges and a few faint stains: aged, but printable."""
    import random
    s.rect(0, 0, w, h, Style(fill=PARCHMENT))
    for i in range(10):
        inset = i * 1.6
        s.rect(inset, inset, w - 2 * inset, h - 2 * inset, Style(stroke=PARCHMENT_DARK, stroke_width=1.8, opacity=0.16))
    rng = random.Random(seed)
    for _ in range(int(w * h / 9000) + 3):
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        r = rng.uniform(8, 30)
        s.circle(cx, cy, r, Style(fill=PARCHMENT_DARK, opacity=0.09))


COMPASS_PLATE = 1.25        # the compass's parchment plate, in radii of its rose


def draw_compass(s: Scene, x: float, y: float, radius: float = 15.0) -> None:
    s.circle(x, y, radius * COMPASS_PLATE, Style(fill=PARCHMENT, opacity=0.85))
    sym.compass_rose(s, x, y, radius)


def draw_scale(s: Scene, hexmap: HexMap, x: float, y: float, hexes: int = 5) -> tuple[float, float]:
    """A scale bar in hexes and a 100 mm check ruler (prints at 100 % or not at all)."""
    step = hexmap.layout.flat_mm
    w = max(hexes * step, 100.0) + 12
    s.rect(x - 6, y - 11, w, 27, Style(fill=PARCHMENT, stroke=INK, stroke_width=0.3, opacity=0.92))
    for i in range(hexes):
        s.rect(x + i * step, y, step, 2.2, Style(fill=INK if i % 2 == 0 else PARCHMENT, stroke=INK, stroke_width=0.2))
        s.text(x + i * step, y - 1.2, str(i), face=FACE_TEXT, size_pt=7, fill=INK, anchor="middle")
    s.text(x + hexes * step, y - 1.2, str(hexes), face=FACE_TEXT, size_pt=7, fill=INK, anchor="middle")
    s.text(x + hexes * step / 2, y - 5.5, words("Scale of hexes"), face=FACE_ITALIC, size_pt=8, fill=INK, anchor="middle")
    ry = y + 7.5
    s.line(x, ry, x + 100, ry, Style(stroke=INK, stroke_width=0.3))
    for mm in range(0, 101, 5):
        tick = 2.2 if mm % 50 == 0 else 1.5 if mm % 10 == 0 else 0.8
        s.line(x + mm, ry, x + mm, ry + tick, Style(stroke=INK, stroke_width=0.2))
    s.text(x + 50, ry + 6.0, words("100 mm: measure this to check the print is at 100 %"), face=FACE_ITALIC,
           size_pt=6.5, fill=INK, anchor="middle")
    return w, 27


def draw_cartouche(s: Scene, x: float, y: float, w: float, h: float, title: str, subtitle: str, note: str,
                   notes: str = "") -> None:
    """A title panel with scrolled ends, centred on (x, y); ``notes``, the map's own line under the
    size note, may carry pnpkit's marks (``:designed:``)."""
    left, top = x - w / 2, y - h / 2
    curl = 6.0
    s.rect(left, top, w, h, Style(fill=PARCHMENT, stroke=INK, stroke_width=0.8))
    s.rect(left + 2, top + 2, w - 4, h - 4, Style(stroke=INK, stroke_width=0.25))
    for side in (-1, 1):
        cx = x + side * (w / 2)
        for cy in (top, top + h):
            s.circle(cx, cy, curl / 2, Style(fill=PARCHMENT, stroke=INK, stroke_width=0.5))
            s.circle(cx, cy, curl / 5, Style(fill=INK))
    face = FACE_TITLE
    size = 28.0
    while size > 10 and fonts.text_width(title, face, size * MM_PER_PT) > w - 16:
        size -= 1
    if ":designed:" in title:       # a map whose geography is ours: the mark set after its title
        from generator.draw.marks import mark_icons
        from generator.draw.typeset import draw_line

        draw_line(s, x, top + h * 0.42, title, icons=mark_icons(), face=face, size_pt=size, fill=PALETTE["rubric"],
                  anchor="middle")
    else:
        s.text(x, top + h * 0.42, title, face=face, size_pt=size, fill=PALETTE["rubric"], anchor="middle")
    s.line(x - w * 0.3, top + h * 0.52, x + w * 0.3, top + h * 0.52, Style(stroke=INK, stroke_width=0.3))
    s.circle(x, top + h * 0.52, 0.9, Style(fill=INK))
    if subtitle:
        s.text(x, top + h * 0.68, subtitle, face=FACE_ITALIC, size_pt=11, fill=INK, anchor="middle")
    if note:
        s.text(x, top + h * (0.8 if notes else 0.86), note, face=FACE_TEXT, size_pt=7, fill=INK, anchor="middle")
    if notes:
        from generator.draw.marks import mark_icons         # the icons' SVG reader: only for notes
        from generator.draw.typeset import draw_line

        draw_line(s, x, top + h * 0.91, notes, icons=mark_icons(), face=FACE_ITALIC, size_pt=7, fill=INK,
                  anchor="middle")


def draw_legend(s: Scene, x: float, y: float, entries: list[LegendEntry], columns: int = 3,
                col_w: float = 44.0, row_h: float = 8.5, title: str | None = None) -> tuple[float, float]:
    """A boxed key: swatch and words, in columns. Returns its size."""
    rows = -(-len(entries) // columns)
    w = columns * col_w + 6
    h = rows * row_h + 14
    s.rect(x, y, w, h, Style(fill=PARCHMENT, stroke=INK, stroke_width=0.6, opacity=0.96))
    s.rect(x + 1.5, y + 1.5, w - 3, h - 3, Style(stroke=INK, stroke_width=0.2))
    s.text(x + w / 2, y + 7.5, title or words("Legend"), face=FACE_TITLE, size_pt=11, fill=INK, anchor="middle")
    for i, entry in enumerate(entries):
        c, r = divmod(i, rows)
        ex, ey = x + 4 + c * col_w, y + 13 + r * row_h
        entry.draw(s, ex + 5, ey + row_h / 2 - 0.3)
        s.text(ex + 11, ey + row_h / 2 + 1.1, entry.label, face=FACE_TEXT, size_pt=7.5, fill=INK)
    return w, h
