"""Rule: a game's piece sheets take at most ``LIMIT`` times the fewest pages its pieces could fill.

The fewest pages: each piece counts at least its area with its gutter, and at least its
share of a page of that piece alone, a butted deck's last row counted whole (no other deck
may butt against it; ``generator.printing.packing.fewest_sheets``), on the printable area;
pieces with backs fill fronts and backs pages, labels their own sticker pages, and each
stock (``generator.printing.stock``) pages of its own, as no sheet holds two. The pages: the
sheets as this build lays them out (``--sheets``), counted from the same packing and pagination the sheets are drawn from, without drawing. The pieces measured
are those that can share a game's sheets (on a grid sheet layout) and the labels on a grid;
a sticker template has fixed places, and a board is tiled, so they are not measured.

A piece sheet of a component's own (a kind whose pieces do not join the shared sheets) is
measured as well: a page its pieces leave mostly blank (``MOSTLY_BLANK``), whose pieces would
go in the room the game's shared sheets of the same stock leave (packed there, those sheets
take no more pages), is a finding: the pieces belong on those sheets (issue 38: two track
strips on an A4 card sheet of their own).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Sequence

from generator.core.errors import BuildError
from generator.pieces.job import BuildOptions
from generator.preflight.findings import Finding

RULE = "paper-use"
LIMIT = 1.15
MOSTLY_BLANK = 0.5      # a page whose pieces, with their gutters, cover less of its printable area


@dataclass(frozen=True)
class PaperUse:
    """A game's piece-sheet pages, and the fewest its pieces could fill."""

    pages: int
    fewest: int

    @property
    def ratio(self) -> float:
        return self.pages / self.fewest if self.fewest else 1.0


def _labels_on_a_grid(game: Any) -> list[Any]:
    from generator.printing import layouts as sheet_layouts

    return [c for c in game.components if c.kind == "labels" and c.pieces
            and isinstance(sheet_layouts.layouts().get(c.sheet_name()), sheet_layouts.GridLayout)]


def measured_components(game: Any) -> list[Any]:
    """The components whose pieces the rule measures, in the game's order."""
    from generator.outputs.packed import packed_components

    sharing = {id(c) for c in packed_components(game.components, BuildOptions(sheets="packed"))}
    labels = {id(c) for c in _labels_on_a_grid(game)}
    return [c for c in game.components if id(c) in sharing or id(c) in labels]


def _fewest(runs: Sequence[Any], where: Any, sides: int) -> int:
    from generator.printing.packing import fewest_sheets

    return math.ceil(fewest_sheets(runs, where) - 1e-9) * sides if runs else 0


def paper_use(game: Any, options: BuildOptions) -> PaperUse | None:
    """The game's piece-sheet pages as ``options`` lay them out, and the fewest; None when the
    game has no measured pieces or they do not fit the paper (the build says so itself)."""
    from generator.outputs.packed import items_of, packed_components
    from generator.printing import layouts as sheet_layouts
    from generator.printing.imposition import slots_for
    from generator.printing.labelsheets import label_page_count
    from generator.printing.layouts import GridLayout
    from generator.printing.packed_sheets import by_stock, printable, runs_of, stock_sheets
    from generator.printing.packing import Run
    from generator.printing.sheets import SheetSpec

    sharing = packed_components(game.components, replace(options, sheets="packed"))
    labels = _labels_on_a_grid(game)
    if not sharing and not labels:
        return None
    paper = sheet_layouts.paper(options.paper)
    margin = sheet_layouts.printer_margin(options)
    where = printable(paper, margin)
    items = items_of(sharing)
    groups = by_stock(items)
    fewest = sum(_fewest(runs_of([i for i in g if i.backed]), where, 2) +
                 _fewest(runs_of([i for i in g if not i.backed]), where, 1) for _, g in groups)
    pages = 0
    try:
        if options.sheets == "per-component":
            for component in sharing:
                spec = component.sheet_spec(options)
                first = component.pieces[0]
                per_page = len(slots_for(spec.paper, first.width, first.height, spec.layout, spec.margin))
                pages += math.ceil(component.item_count() / per_page) * (2 if spec.backs else 1)
        else:
            spec = SheetSpec(game.title, "pieces", paper, GridLayout(type="grid"), margin)
            for _, group in groups:         # each stock on sheets of its own
                pages += stock_sheets(group, spec, options.sheets == "gutterfold").page_count
        for component in labels:
            spec = component.sheet_spec(options)
            pages += label_page_count(component.groups, spec, shared=options.sheets != "per-component")
            gap = spec.layout.gap
            fewest += _fewest([Run([p for p in g.pieces for _ in range(p.quantity)], g.pieces[0].width,
                                   g.pieces[0].height, gap) for g in component.groups if g.pieces], where, 1)
    except BuildError:
        return None
    return PaperUse(pages, fewest)


def check(game: Any, options: BuildOptions, files: Sequence[str]) -> list[Finding]:
    """A finding when the piece sheets (``files``) take more than ``LIMIT`` times the fewest pages."""
    use = paper_use(game, options)
    if use is None or not files or use.pages <= LIMIT * use.fewest + 1e-9:
        return []
    return [Finding(RULE, files[0], "", "", f"{use.pages} pages of piece sheets ({', '.join(files)}) where the "
                    f"pieces could fill {use.fewest}", f"{use.ratio:.2f}x the fewest pages", f"{LIMIT:g}x")]


@dataclass(frozen=True)
class LoneSheet:
    """A component's own sheet page that its pieces leave mostly blank, and would fit elsewhere."""

    component: str          # its id
    page: int               # from 1
    pieces: int
    covered: float          # the share of the printable area its pieces (with gutters) cover
    stock: str


def _own_sheet_components(game: Any, options: BuildOptions) -> list[Any]:
    """The components that print pieces on a grid on sheets of their own in a build that
    shares sheets: a kind that does not pack (labels are measured with their groups above)."""
    from generator.outputs.packed import packed_components
    from generator.printing import layouts as sheet_layouts

    if options.sheets == "per-component":      # the user chose one component a sheet
        return []
    sharing = {id(c) for c in packed_components(game.components, options)}
    return [c for c in game.components if c.pieces and c.imposed and c.kind != "labels" and id(c) not in sharing
            and isinstance(sheet_layouts.layouts().get(c.sheet_name()), sheet_layouts.GridLayout)]


def _sheet_pages(items: Sequence[Any], options: BuildOptions) -> int:
    """The pages the shared sheets of ``items`` (one stock) take as this build lays them out."""
    from generator.printing import layouts as sheet_layouts
    from generator.printing.layouts import GridLayout
    from generator.printing.packed_sheets import stock_sheets
    from generator.printing.sheets import SheetSpec

    spec = SheetSpec("", "pieces", sheet_layouts.paper(options.paper), GridLayout(type="grid"),
                     sheet_layouts.printer_margin(options))
    return stock_sheets(items, spec, options.sheets == "gutterfold").page_count


def lone_sheets(game: Any, options: BuildOptions) -> list[LoneSheet]:
    """Each component's own sheet page its pieces leave mostly blank while they would fit in
    the room the shared sheets of their stock leave (no page more). The shared sheets' own
    error (a piece larger than the paper) is the build's and goes through (BuildError); a
    component's piece the shared sheets could not take leaves it on its own sheet."""
    from generator.outputs.packed import items_of, packed_components
    from generator.printing import layouts as sheet_layouts
    from generator.printing.imposition import slots_for
    from generator.printing.packed_sheets import Item, printable
    from generator.printing.stock import stock_of

    found: list[LoneSheet] = []
    shared = items_of(packed_components(game.components, options))
    for component in _own_sheet_components(game, options):
        spec = component.sheet_spec(options)
        first = component.pieces[0]
        per_page = len(slots_for(spec.paper, first.width, first.height, spec.layout, spec.margin))
        copies = [p for p in component.pieces for _ in range(p.quantity)]
        pages = math.ceil(len(copies) / per_page)
        last = copies[(pages - 1) * per_page:]
        gap = spec.layout.gap if isinstance(spec.layout, sheet_layouts.GridLayout) else 0.0
        area = printable(spec.paper, spec.margin)
        covered = sum((p.width + gap) * (p.height + gap) for p in last) / (area.w * area.h)
        made = stock_of(component)
        same = [i for i in shared if i.stock == made]
        if covered >= MOSTLY_BLANK or not same:
            continue
        moved = [Item(p, gap, component.title, made) for p in last]
        without = _sheet_pages(same, options)       # the shared sheets' own error goes through
        try:
            with_them = _sheet_pages([*same, *moved], options)
        except BuildError:          # a piece the shared sheets cannot take (their edge room): it stays on its own
            continue
        if with_them <= without:
            found.append(LoneSheet(component.id, pages, len(last), covered, made))
    return found


def check_lone(game: Any, options: BuildOptions, files: dict[str, str]) -> list[Finding]:
    """A finding for each lone sheet page (``lone_sheets``), on its component's sheet file
    (``files``: by component id)."""
    from generator.printing.stock import stock

    return [Finding(RULE, files[lone.component], f"page {lone.page}", lone.component,
                    f"{lone.pieces} piece{'s' if lone.pieces != 1 else ''} on a page of their own, which would fit in "
                    f"the room the shared sheets on {stock(lone.stock).label} leave",
                    f"{lone.covered:.0%} of the printable area covered", f"{MOSTLY_BLANK:.0%}, or on the shared sheets")
            for lone in lone_sheets(game, options) if lone.component in files]
