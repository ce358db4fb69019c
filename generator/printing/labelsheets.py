"""One-sided pieces (block labels, stickers) on sheets, a group to a set of pages.

Each group (the labels that go on one colour of block, say) starts a new page, headed with
the group's title, colour and label count. On a grid the labels are butted or spaced as
the sheet layout says, with thin cut lines through every trim edge; on a die-cut sticker
sheet (a template layout) each label sits centred on its sticker and no cut lines are drawn.
Every page carries a footer with game, component, group, page n of m and paper.
"""

from __future__ import annotations

import math

from dataclasses import dataclass, field
from typing import Sequence

from generator.core.errors import InputError
from generator.draw.marks import mark_icons
from generator.draw.page import Page
from generator.draw.richtext import Faces, Rich
from generator.draw.scene import Scene, Style
from generator.draw.textfit import TextOverflow
from generator.draw.typeset import draw_textbox
from generator.pieces.faces import Piece
from generator.printing.imposition import GUTTER_EDGE, Slot, grid_bounds, grid_slots, paginate, template_slots, trims
from generator.printing.layouts import GridLayout, Paper, TemplateLayout
from generator.printing.sheets import SheetSpec

CUT = Style(stroke="#8c8c8c", stroke_width=0.1)
SWATCH_EDGE = Style(stroke="#3b3b3b", stroke_width=0.2)
INK = "#2b2b2b"
HEADING = 13.0          # mm of the page the heading takes on a grid sheet
FOOTER = 5.0            # mm kept under the grid for the footer
CUT_OVERRUN = 2.0       # cut lines run this far past the grid
HEADING_CLEAR = 2.5     # mm between a heading's room and the labels under it (their bleed shows there)
SECTION_GAP = 3.5       # mm between a group's last labels and the next group's heading on a shared page


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


def label_pages(groups: Sequence[LabelGroup], spec: SheetSpec, shared: bool = False) -> list[Page]:
    """The pages of every group, in order: each group on pages of its own, or with ``shared``
    (on a grid, not a sticker template) the groups one under another, each under its heading,
    a page holding as many groups as fit."""
    if shared and isinstance(spec.layout, GridLayout):
        return _shared_pages(groups, spec)
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


@dataclass
class _Section:
    """Part of a group's labels on a page, under the group's heading at ``top``."""

    group: LabelGroup
    chunk: list[Piece]
    slots: list[Slot]
    top: float
    part: int = 1
    parts: int = 1


def label_page_count(groups: Sequence[LabelGroup], spec: SheetSpec, shared: bool = False) -> int:
    """How many pages ``label_pages`` lays the groups on, without drawing them."""
    if shared and isinstance(spec.layout, GridLayout):
        return len(_shared_sections(groups, spec))
    return sum(math.ceil(sum(p.quantity for p in g.pieces) / len(label_slots(spec.paper, g.pieces[0], spec)))
               for g in groups if g.pieces)


def _shared_pages(groups: Sequence[LabelGroup], spec: SheetSpec) -> list[Page]:
    pages = _shared_sections(groups, spec)
    return [_shared_page(sections, spec, number, len(pages)) for number, sections in enumerate(pages, start=1)]


def _shared_sections(groups: Sequence[LabelGroup], spec: SheetSpec) -> list[list[_Section]]:
    """The sections of each shared page: the groups one under another, split where a page ends."""
    paper = spec.paper
    layout = spec.layout
    assert isinstance(layout, GridLayout)
    gap = layout.gap
    edge = spec.margin + (GUTTER_EDGE if gap > 0 else 0.0)
    first_top = spec.margin                     # a page's first heading starts at the margin
    limit = paper.height - FOOTER - edge        # labels end above the footer
    pages: list[list[_Section]] = [[]]
    y = first_top
    for group in groups:
        if not group.pieces:
            continue
        piece = group.pieces[0]
        columns = sorted({s.x for s in grid_slots(paper, piece.width, piece.height, layout, spec.margin)})
        pitch = piece.height + gap
        copies = [p for p in group.pieces for _ in range(p.quantity)]
        sections: list[_Section] = []
        while copies:
            grid_top = max(y, edge) + HEADING + HEADING_CLEAR
            rows = int((limit - grid_top + gap) // pitch) if limit > grid_top else 0
            if rows < 1:
                if not pages[-1]:
                    raise InputError(f"{spec.game_title}, {spec.component_title}: a {piece.width:g} x {piece.height:g} mm "
                                     f"label does not fit under its heading on {paper.label}")
                pages.append([])
                y = first_top
                continue
            n = min(len(copies), rows * len(columns))
            slots = [Slot(columns[i % len(columns)], grid_top + (i // len(columns)) * pitch, piece.width, piece.height,
                          i % len(columns), i // len(columns)) for i in range(n)]
            section = _Section(group, copies[:n], slots, y)
            pages[-1].append(section)
            sections.append(section)
            copies = copies[n:]
            y = max(s.bottom for s in slots) + SECTION_GAP
        for part, section in enumerate(sections, start=1):
            section.part, section.parts = part, len(sections)
    return pages


def _shared_page(sections: Sequence[_Section], spec: SheetSpec, number: int, total: int) -> Page:
    paper = spec.paper
    scene = Scene(paper.width, paper.height, title=f"{spec.game_title} - {spec.component_title} - page {number} of {total}")
    for section in sections:
        count = f"{section.group.count} labels" + (f" · part {section.part} of {section.parts}" if section.parts > 1 else "")
        _heading(scene, section.group, count, spec, top_room=HEADING + spec.margin, top=section.top)
        bounds = grid_bounds(section.slots)
        for piece, slot in zip(section.chunk, section.slots):
            scene.place(piece.front(), slot.x - piece.bleed, slot.y - piece.bleed, name=piece.id,
                        clip_to=_visible(piece, slot, bounds, spec))
        _cut_lines(scene, section.slots)
    every = [s for section in sections for s in section.slots]
    footer = (f"{spec.game_title} · {spec.component_title} · page {number} of {total} · {paper.label}, "
              "print at 100 % (actual size)")
    if paper.height - grid_bounds(every)[3] >= spec.margin + 3.0:
        scene.text(paper.width / 2, paper.height - spec.margin - 0.8, footer, face="serif", size_pt=7.0, fill=INK,
                   anchor="middle")
    pieces = tuple(entry for section in sections for entry in trims(section.chunk, section.slots))
    return Page(scene, label=f"labels {number}", pieces=pieces)


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


def _heading(scene: Scene, group: LabelGroup, count: str, spec: SheetSpec, top_room: float,
             top: float | None = None) -> None:
    """The group's swatch, title, count and note, in the room above the labels (none if too
    little): from the margin, or from ``top`` (a group under another on a shared page)."""
    margin = spec.margin if top is None else top
    room = top_room - spec.margin - 1.0
    if room < 6.0:
        return
    size = min(11.0, room * 1.6)
    x = spec.margin + 1.0
    if group.colour:
        swatch = min(8.0, room - 1.0)
        scene.rect(x, margin + 0.5, swatch, swatch, Style(fill=group.colour, stroke=SWATCH_EDGE.stroke,
                                                           stroke_width=SWATCH_EDGE.stroke_width), radius=0.8)
        x += swatch + 3.0
    title = scene.text(x, margin + 0.5 + size * 0.3528, group.title, face="title-bold", size_pt=size, fill=INK)
    line = f"{count} · {group.note}" if group.note else count
    width = spec.paper.width - spec.margin - 1.0 - x
    try:
        draw_textbox(scene, x, title.y + 1.2, width, max(room - size * 0.3528 - 1.0, 2.5), line, face="serif",
                      size_pt=8.0, min_size_pt=5.5, fill=INK, rich=Rich(Faces.of("serif"), mark_icons()))   # a note may say what :designed: means
    except TextOverflow:
        scene.text(x, title.y + 3.5, count, face="serif", size_pt=7.0, fill=INK)
