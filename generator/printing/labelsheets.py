"""One-sided pieces (block labels, stickers) on sheets, a group to a set of pages.

Each group (the labels that go on one colour of block, say) starts a new page, headed with
the group's title, colour and label count. On a grid the labels are butted or spaced as
the sheet layout says, with thin cut lines through every trim edge; on a die-cut sticker
sheet (a template layout) each label sits centred on its sticker and no cut lines are drawn.
Every page carries a footer with game, component, group, page n of m and paper.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from generator.draw.marks import mark_icons
from generator.draw.page import Page
from generator.draw.scene import Scene, Style
from generator.draw.textfit import TextOverflow
from generator.draw.richtext import Faces, Rich
from generator.draw.typeset import draw_textbox
from generator.pieces import Piece
from generator.printing.imposition import Slot, grid_bounds, grid_slots, paginate, template_slots, trims
from generator.printing.layouts import GridLayout, Paper, TemplateLayout
from generator.printing.sheets import SheetSpec

CUT = Style(stroke="#8c8c8c", stroke_width=0.1)
SWATCH_EDGE = Style(stroke="#3b3b3b", stroke_width=0.2)
INK = "#2b2b2b"
HEADING = 13.0          # mm of the page the heading takes on a grid sheet
FOOTER = 5.0            # mm kept under the grid for the footer
CUT_OVERRUN = 2.0       # cut lines run this far past the grid


@dataclass
class LabelGroup:
    """The labels of one group: a heading (title, swatch colour, a note) and its pieces."""

    key: str
    title: str
    colour: str | None = None
    note: str = ""
    pieces: list[Piece] = field(default_factory=list)

    @property
    def count(self) -> int:
        return sum(piece.quantity for piece in self.pieces)


def label_slots(paper: Paper, piece: Piece, spec: SheetSpec) -> list[Slot]:
    """Where labels go on one page: a template's stickers, or a grid below the heading."""
    layout = spec.layout
    if isinstance(layout, TemplateLayout):
        return template_slots(paper, piece.width, piece.height, layout)
    below = Paper(id=paper.id, label=paper.label, width=paper.width, height=paper.height - HEADING - FOOTER)
    return [Slot(s.x, s.y + HEADING, s.w, s.h, s.col, s.row)
            for s in grid_slots(below, piece.width, piece.height, layout, spec.margin)]


def label_pages(groups: Sequence[LabelGroup], spec: SheetSpec) -> list[Page]:
    """The pages of every group, in order; a group never shares a page with another."""
    pages: list[Page] = []
    for group in groups:
        if not group.pieces:
            continue
        slots = label_slots(spec.paper, group.pieces[0], spec)
        copies = [piece for piece in group.pieces for _ in range(piece.quantity)]
        chunks = paginate(copies, len(slots))
        for number, chunk in enumerate(chunks, start=1):
            pages.append(_page(group, chunk, slots[:len(chunk)], spec, number, len(chunks)))
    return pages


def _page(group: LabelGroup, chunk: Sequence[Piece], slots: Sequence[Slot], spec: SheetSpec,
          number: int, total: int) -> Page:
    paper = spec.paper
    scene = Scene(paper.width, paper.height,
                  title=f"{spec.game_title} - {spec.component_title} - {group.title} - page {number} of {total}")
    template = isinstance(spec.layout, TemplateLayout)
    bounds = grid_bounds(slots)
    pages = f"page {number} of {total}" if total > 1 else "one page"
    _heading(scene, group, f"{group.count} labels · {pages}", spec, top_room=bounds[1])
    for piece, slot in zip(chunk, slots):
        scene.place(piece.front(), slot.x - piece.bleed, slot.y - piece.bleed, name=piece.id,
                    clip_to=_visible(piece, slot, bounds, spec))
    if not template:
        _cut_lines(scene, slots)
    footer = (f"{spec.game_title} · {spec.component_title} · {group.title} · {pages} · {paper.label}, "
              "print at 100 % (actual size)")
    if paper.height - bounds[3] >= spec.margin + 3.0:
        scene.text(paper.width / 2, paper.height - spec.margin - 0.8, footer, face="serif", size_pt=7.0, fill=INK,
                   anchor="middle")
    return Page(scene, label=f"{group.key} {number}", pieces=trims(chunk, slots))


def _visible(piece: Piece, slot: Slot, bounds: tuple[float, float, float, float],
             spec: SheetSpec) -> tuple[float, float, float, float]:
    """The part of a label's canvas shown: its trim, and as much bleed as its neighbours and the
    sheet allow (half the gap between labels; on the grid's outer edges, all of it; on a
    sticker, up to the sticker's edge)."""
    b = piece.bleed
    layout = spec.layout
    if isinstance(layout, TemplateLayout):
        dx = min(b, (layout.width - piece.width) / 2)
        dy = min(b, (layout.height - piece.height) / 2)
        return (b - dx, b - dy, piece.width + 2 * dx, piece.height + 2 * dy)
    half = min(b, layout.gap / 2) if isinstance(layout, GridLayout) else 0.0
    left, top, right, bottom = bounds
    ext = [b if abs(slot.x - left) < 1e-6 else half, b if abs(slot.y - top) < 1e-6 else half,
           b if abs(slot.right - right) < 1e-6 else half, b if abs(slot.bottom - bottom) < 1e-6 else half]
    return (b - ext[0], b - ext[1], piece.width + ext[0] + ext[2], piece.height + ext[1] + ext[3])


def _cut_lines(scene: Scene, slots: Sequence[Slot]) -> None:
    """A thin line along every trim edge of every label (none across empty places): where
    the scissors go. Edges on the outside of the labels run a little further, into the margin."""
    edges = {(round(s.x, 4), round(s.y, 4), round(s.right, 4), round(s.bottom, 4)) for s in slots}
    left, top, right, bottom = grid_bounds(slots)
    for x0, y0, x1, y1 in sorted(edges):
        for x in (x0, x1):
            scene.line(x, y0 - (CUT_OVERRUN if abs(y0 - top) < 1e-6 else 0.0),
                       x, y1 + (CUT_OVERRUN if not _starts_at(slots, x0, y1) else 0.0), CUT)
        for y in (y0, y1):
            scene.line(x0 - (CUT_OVERRUN if abs(x0 - left) < 1e-6 else 0.0), y,
                       x1 + (CUT_OVERRUN if not _starts_at(slots, x1, y0) else 0.0), y, CUT)


def _starts_at(slots: Sequence[Slot], x: float, y: float) -> bool:
    """Whether a label's top-left corner is at (x, y): a neighbour below or to the right."""
    return any(abs(s.x - x) < 1e-6 and abs(s.y - y) < 1e-6 for s in slots)


def _heading(scene: Scene, group: LabelGroup, count: str, spec: SheetSpec, top_room: float) -> None:
    """The group's swatch, title, count and note, in the room above the labels (none if too little)."""
    margin = spec.margin
    room = top_room - margin - 1.0
    if room < 6.0:
        return
    size = min(11.0, room * 1.6)
    x = margin + 1.0
    if group.colour:
        swatch = min(8.0, room - 1.0)
        scene.rect(x, margin + 0.5, swatch, swatch, Style(fill=group.colour, stroke=SWATCH_EDGE.stroke,
                                                           stroke_width=SWATCH_EDGE.stroke_width), radius=0.8)
        x += swatch + 3.0
    title = scene.text(x, margin + 0.5 + size * 0.3528, group.title, face="title-bold", size_pt=size, fill=INK)
    line = f"{count} · {group.note}" if group.note else count
    width = spec.paper.width - margin - 1.0 - x
    try:
        draw_textbox(scene, x, title.y + 1.2, width, max(room - size * 0.3528 - 1.0, 2.5), line, face="serif",
                      size_pt=8.0, min_size_pt=5.5, fill=INK, rich=Rich(Faces.of("serif"), mark_icons()))   # a note may say what :designed: means
    except TextOverflow:
        scene.text(x, title.y + 3.5, count, face="serif", size_pt=7.0, fill=INK)
