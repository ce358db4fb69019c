"""``--format pdf``: pages of paper as one PDF (home-printing sheets, a piece with bleed for a
print shop, a board full size, a reference sheet)."""

from __future__ import annotations

from typing import Iterator

from generator.pieces.job import BuildOptions, OutputJob
from generator.pieces.offers import Pages, Writer


def write(offer: Pages, options: BuildOptions) -> Iterator[OutputJob]:
    yield offer.make(offer.file(".pdf"), offer.item, "pdf", offer.key, offer.pdf, offer.faces, **offer.facts.fields())


WRITER = Writer("pdf", Pages, "sheets, pieces, boards and documents as PDF", write)
