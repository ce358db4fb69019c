"""``--format pdf``: a board larger than the paper, tiled onto it (``STEM-PAPER-tiled.pdf``):
an assembly page, then one page per tile with alignment marks in the overlaps
(``generator.printing.tiling``). A map gets this name however it is built (a game's
build, ``pnpkit map build``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from generator.core.words import counted
from generator.pieces.faces import fingerprint
from generator.pieces.job import BuildOptions, OutputJob
from generator.pieces.offers import Board, Writer


def write(offer: Board, options: BuildOptions) -> Iterator[OutputJob]:
    paper = options.paper
    plan = offer.plan(paper)

    def render() -> bytes:
        """Each tile cut from the board as it is drawn and let go after it: memory holds the
        board and one tile, whatever the tiles."""
        from generator.draw.page import Page
        from generator.draw.pdf import render_pdf
        from generator.printing.tiling import Culler, tile_facts, tile_page

        board = offer.tiled(plan)

        def pages() -> Iterator[Page]:
            yield Page(offer.assembly(board, plan), label="assembly")
            index = Culler(board.items)     # the board indexed once for all its tiles
            for tile in plan.tiles:
                yield Page(tile_page(board, plan, tile, offer.title, index), label=tile.name,
                           tile=tile_facts(plan, tile))
        return render_pdf(pages(), title=f"{offer.document}, tiled on {paper.upper()}", subject=offer.subject)

    facts = replace(offer.facts, paper=paper, role="tiles").more(tiles=len(plan.tiles))
    yield offer.make(offer.file(f"-{paper}-tiled.pdf"), f"{offer.item} ({counted(len(plan.tiles), 'tiles')})", "pdf",
                     fingerprint(offer.key, paper), render, offer.faces, **facts.fields())


WRITER = Writer("pdf", Board, "boards tiled on the paper, with an assembly page", write)
