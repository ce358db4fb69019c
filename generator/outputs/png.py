"""``--format png``: one drawing as PNG, at ``--dpi`` (a board at ``PREVIEW_DPI`` at most; a
page of paper, a picture of it for the screen, on white)."""

from __future__ import annotations

from typing import Iterator

from generator.pieces.faces import fingerprint
from generator.pieces.job import PREVIEW_DPI, BuildOptions, OutputJob
from generator.pieces.offers import Picture, Writer


def write(offer: Picture, options: BuildOptions) -> Iterator[OutputJob]:
    dpi = min(options.dpi, PREVIEW_DPI) if offer.page else offer.dpi or options.dpi
    paper = "#ffffff" if offer.page else None
    pdf = offer.pdf if "pdf" in options.formats else None     # rasterise the PDF only if it is made anyway

    def render() -> bytes:
        from generator.draw.png import pdf_png, render_png

        if pdf is not None:
            return pdf_png(pdf(), offer.draw(), dpi=dpi, background=paper, page_index=offer.pdf_page)
        return render_png(offer.draw(), dpi=dpi, background=paper)
    yield offer.make(offer.file(".png"), offer.item, "png", fingerprint(offer.key, dpi), render, offer.faces,
                     **offer.facts.more(dpi=dpi).fields())


WRITER = Writer("png", Picture, f"each face, board and page as PNG at --dpi, boards and pages at {PREVIEW_DPI} dpi "
                "at most", write)
