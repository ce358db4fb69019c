"""``--format pdf``: a game's pieces on shared home-printing sheets (``--sheets packed``, the
default, or ``gutterfold``), one PDF for the pieces printed double-sided and one for the
one-sided pieces left over; with ``--sheets per-component`` each component writes its own
(``generator.components.base``) and this writer nothing."""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from typing import Any, Callable, Iterator, Sequence

from generator.outputs import pdf
from generator.pieces.faces import Face, fingerprint
from generator.pieces.job import BuildOptions, OutputJob
from generator.pieces.offers import GamePieces, Pages, PiecedComponent, Writer
from generator.printing import layouts as sheet_layouts
from generator.printing.layouts import GridLayout
from generator.printing.notes import media_of
from generator.printing.packed_sheets import (Item, components_of, duplex_pages, gutterfold_packing, gutterfold_pages,
                                              one_sided_pages, packed_pages)
from generator.printing.packing import PackedPage
from generator.printing.sheets import SheetSpec

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
        items.extend(Item(piece, gap, component.title) for piece in component.pieces for _ in range(piece.quantity))
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
    key = fingerprint(code_hash, "packed", options.sheets, game.title,
                      [c.key(code_hash, [(p.id, p.data_hash, p.quantity) for p in c.pieces]) for c in chosen],
                      [sheet_layouts.layouts()[c.sheet_name()].model_dump() for c in chosen], paper.model_dump(), margin,
                      options.guides, list(options.back_offset))
    make = _maker(game, chosen)
    faces = _faces(chosen)
    base = PurePosixPath(game.id)
    media = {c.title: media_of(c) for c in chosen}
    own_files = {c.title: bool(getattr(c, "piece_files", False)) for c in chosen}

    def facts(pages: Sequence[PackedPage[Item]], role: str) -> dict[str, Any]:
        """The manifest's facts of one file: its pieces, and the components and stock they are of."""
        names = components_of(b for p in pages for b in p.blocks)
        # the pieces with no file of their own (counters): the build's summary counts them by this file
        loose = sum(1 for p in pages for b in p.blocks for i in b.items if not own_files[i.component])
        return {"paper": paper.id, "items": _count(pages), "role": role,
                "extra": {"components": ", ".join(names), "media": "; ".join(dict.fromkeys(media[n] for n in names)),
                          "loose": loose, "component_ids": [c.id for c in chosen if c.title in names]}}
    # the packing is geometry only (no drawing): done now, so that a file that would be
    # empty (every one-sided piece fitted on the duplex sheets) is not planned
    if options.sheets == "gutterfold":
        fold_paper, folded, left = gutterfold_packing(items, spec)
        if folded:
            yield Pages(make=make, stem=base / f"{game.id}-gutterfold-{paper.id}", item="gutterfold sheets",
                        key=key, faces=faces, facts=facts(folded, "gutterfold"),
                        pages=lambda: gutterfold_pages(fold_paper, folded, spec),
                        title=f"{game.title} - gutterfold sheets", subject=f"{paper.label} gutterfold sheets, one-sided")
        duplex: list[PackedPage[Item]] = []
        one_sided = packed_pages(left, spec)[1] if left else []
    else:
        duplex, one_sided = packed_pages(items, spec)
    if duplex:
        yield Pages(make=make, stem=base / f"{game.id}-sheets-{paper.id}", item="shared sheets", key=key,
                    faces=faces, facts=facts(duplex, "duplex-sheets"),
                    pages=lambda: duplex_pages(duplex, spec), title=f"{game.title} - sheets", duplex=True,
                    subject=f"{paper.label} sheets, long-edge duplex")
    if one_sided:
        stem = base / (f"{game.id}-sheets-one-sided-{paper.id}" if duplex or options.sheets == "gutterfold"
                       else f"{game.id}-sheets-{paper.id}")
        yield Pages(make=make, stem=stem, item="one-sided sheets", key=key, faces=faces,
                    facts=facts(one_sided, "sheets"),
                    pages=lambda: one_sided_pages(one_sided, spec), title=f"{game.title} - one-sided sheets",
                    subject=f"{paper.label} sheets, one-sided")


def _count(pages: Sequence[PackedPage[Item]]) -> int:
    return sum(len(b.items) for p in pages for b in p.blocks)


def write(offer: GamePieces, options: BuildOptions) -> Iterator[OutputJob]:
    for pages in offers(offer.game, offer.components, options, offer.code_hash):
        yield from pdf.write(pages, options)


WRITER = Writer("pdf", GamePieces, "each game's pieces packed on shared sheets (--sheets)", write)
