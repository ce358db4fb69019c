"""``--format pdf``: a game's pieces on shared home-printing sheets (``--sheets packed``, the
default, or ``gutterfold``), one PDF for the pieces printed double-sided and one for the
one-sided pieces left over; with ``--sheets per-component`` each component writes its own
(``generator.components.base``) and this writer nothing."""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from typing import Any, Callable, Iterator, Sequence

from generator.draw.page import Page
from generator.outputs import pdf
from generator.pieces.faces import Face, fingerprint
from generator.pieces.job import BuildOptions, OutputJob
from generator.pieces.offers import Facts, GamePieces, Pages, PiecedComponent, Writer
from generator.pieces.roles import Role
from generator.printing import layouts as sheet_layouts
from generator.printing.layouts import GridLayout
from generator.printing.notes import media_of
from generator.printing.layouts import Paper
from generator.printing.packed_sheets import (Item, by_stock, components_of, cut_sheets, duplex_pages, gutterfold_pages,
                                              one_sided_pages, stock_sheets)
from generator.printing.packing import PackedPage
from generator.printing.sheets import SheetSpec
from generator.printing.stock import stock, stock_of

KIND = "sheets"


def packed_components(components: Sequence[PiecedComponent], options: BuildOptions) -> list[Any]:
    """The components whose pieces go on the game's shared sheets, in the game's order."""
    return [c for c in components if getattr(c, "packed", None) is not None and getattr(c, "packed")(options)]


def items_of(components: Sequence[Any]) -> list[Item]:
    """Every copy of every piece, in order, with its component's gutter and title."""
    items: list[Item] = []
    for component in components:
        layout = sheet_layouts.layouts()[component.sheet_name()]
        gap = layout.gap if isinstance(layout, GridLayout) else 0.0
        made = stock_of(component)
        # a shaped piece (a hex, a disc) keeps its own bleed all round: never butted
        items.extend(Item(piece, max(gap, 2 * piece.bleed) if piece.outline is not None else gap, component.title, made)
                     for piece in component.pieces for _ in range(piece.quantity))
    return items


def _maker(game: Any, components: Sequence[Any]) -> Callable[..., OutputJob]:
    """A job factory for the game's sheets: they depend on every packed component's inputs."""
    def make(path: PurePosixPath, item: str, format: str, key: str, render: Callable[[], bytes],
             faces: Sequence[Face] = (), **facts: Any) -> OutputJob:
        declared = frozenset().union(*(c.inputs for c in components), *(f.declared for f in faces))
        key = fingerprint(key, sorted(str(p) for p in declared))

        def inputs() -> frozenset[Path]:
            return frozenset().union(*(c.inputs for c in components), *(f.inputs() for f in faces))
        data_inputs = frozenset().union(*(getattr(c, "data_inputs", frozenset()) for c in components))
        return OutputJob(path, game.id, KIND, item, format, key, render, inputs=inputs, data_inputs=data_inputs,
                         **facts)
    return make


def _faces(components: Sequence[Any]) -> list[Face]:
    seen: dict[int, Face] = {}
    for component in components:
        for face in component.faces():
            seen.setdefault(id(face), face)
    return list(seen.values())


def offers(game: Any, components: Sequence[PiecedComponent], options: BuildOptions, code_hash: str) -> Iterator[Pages]:
    """The game's shared sheets as offers of pages (none when no component packs)."""
    chosen = packed_components(components, options)
    if not chosen:
        return
    paper = sheet_layouts.paper(options.paper)
    margin = sheet_layouts.printer_margin(options)
    spec = SheetSpec(game.title, "pieces", paper, GridLayout(type="grid"), margin, guides=options.guides,
                     back_offset=options.back_offset)
    items = items_of(chosen)
    base = PurePosixPath(game.id)
    media = {c.title: media_of(c) for c in chosen}

    def media_words(pages: Sequence[PackedPage[Item]]) -> str:
        """What to print the file on: its pieces' own words when all agree, else their stock's."""
        names = components_of(b for p in pages for b in p.blocks)
        said = list(dict.fromkeys(media[n] for n in names))
        stocks = list(dict.fromkeys(i.stock for p in pages for b in p.blocks for i in b.items))
        return said[0] if len(said) == 1 else stock(stocks[0]).words
    own_files = {c.title: bool(getattr(c, "piece_files", False)) for c in chosen}

    def facts(pages: Sequence[PackedPage[Item]], role: Role) -> Facts:
        """The manifest's facts of one file: its pieces, and the components and stock they are of."""
        names = components_of(b for p in pages for b in p.blocks)
        # the pieces with no file of their own (counters): the build's summary counts them by this file
        loose = sum(1 for p in pages for b in p.blocks for i in b.items if not own_files[i.component])
        return Facts(paper=paper.id, items=_count(pages), role=role,
                     extra={"components": ", ".join(names), "media": media_words(pages),
                            "loose": loose, "component_ids": [c.id for c in chosen if c.title in names]})
    # the packing is geometry only (no drawing): done now, so that a file that would be
    # empty (every one-sided piece fitted on the duplex sheets) is not planned. Each stock
    # has files of its own (one paper in the printer a file); their names say the stock
    # when the game's sheets are of more than one
    groups = by_stock(items)
    for name, stocked in groups:
        # a stock's files depend on its own components only: a changed counter redraws no card sheet
        own = [c for c in chosen if stock_of(c) == name]
        key = fingerprint(code_hash, "packed", options.sheets, game.title, name,
                          [c.key(code_hash, [(p.id, p.data_hash, p.quantity) for p in c.pieces]) for c in own],
                          [sheet_layouts.layouts()[c.sheet_name()].model_dump() for c in own], paper.model_dump(),
                          margin, options.guides, list(options.back_offset))
        make, faces = _maker(game, own), _faces(own)

        def offer(stem: PurePosixPath, item: str, pages: Callable[[], list[Page]], facts_of: Facts,
                  key: str = key, make: Callable[..., OutputJob] = make, faces: list[Face] = faces,
                  **more: Any) -> Pages:
            return Pages(make=make, stem=stem, item=item, key=key, faces=faces, facts=facts_of, pages=pages, **more)
        named = f"-{stock(name).slug}" if len(groups) > 1 else ""
        yield from _stock_offers(stocked, spec, options, base, game, named, stock(name).label, offer, facts)


def _stock_offers(items: Sequence[Item], spec: SheetSpec, options: BuildOptions, base: PurePosixPath, game: Any,
                  named: str, words: str, offer: Callable[..., Pages],
                  facts: Callable[[Sequence[PackedPage[Item]], Role], Facts]) -> Iterator[Pages]:
    """The files of one stock's pieces: gutterfold, duplex and one-sided sheets as asked."""
    paper = spec.paper
    sheets = stock_sheets(items, spec, options.sheets == "gutterfold")
    duplex, one_sided, folded = sheets.duplex, sheets.one_sided, sheets.folded
    if folded and sheets.fold_paper is not None:
        fold_paper: Paper = sheets.fold_paper
        yield offer(base / f"{game.id}-gutterfold{named}-{paper.id}", "gutterfold sheets" + (f" on {words}" if named else ""),
                    lambda: gutterfold_pages(fold_paper, folded, spec), facts(folded, "gutterfold"),
                    cuts=cut_sheets(folded, fold_paper),
                    title=f"{game.title} - gutterfold sheets ({words})",
                    subject=f"{paper.label} gutterfold sheets on {words}, one-sided")
    if duplex:
        yield offer(base / f"{game.id}-sheets{named}-{paper.id}", "shared sheets" + (f" on {words}" if named else ""),
                    lambda: duplex_pages(duplex, spec), facts(duplex, "duplex-sheets"), cuts=cut_sheets(duplex, paper),
                    title=f"{game.title} - sheets ({words})", duplex=True,
                    subject=f"{paper.label} sheets on {words}, long-edge duplex")
    if one_sided:
        stem = base / (f"{game.id}-sheets{named}-one-sided-{paper.id}" if duplex or options.sheets == "gutterfold"
                       else f"{game.id}-sheets{named}-{paper.id}")
        yield offer(stem, "one-sided sheets" + (f" on {words}" if named else ""), lambda: one_sided_pages(one_sided, spec),
                    facts(one_sided, "sheets"), cuts=cut_sheets(one_sided, paper), title=f"{game.title} - one-sided sheets ({words})",
                    subject=f"{paper.label} sheets on {words}, one-sided")


def _count(pages: Sequence[PackedPage[Item]]) -> int:
    return sum(len(b.items) for p in pages for b in p.blocks)


def write(offer: GamePieces, options: BuildOptions) -> Iterator[OutputJob]:
    for pages in offers(offer.game, offer.components, options, offer.code_hash):
        yield from pdf.write(pages, options)


WRITER = Writer("pdf", GamePieces, "each game's pieces packed on shared sheets (--sheets)", write)
