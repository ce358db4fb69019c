"""``--format svg``: one drawing (a piece's face, a back, a board, a page) as SVG."""

from __future__ import annotations

from typing import Iterator

from generator.pieces.job import BuildOptions, OutputJob
from generator.pieces.offers import Picture, Writer


def write(offer: Picture, options: BuildOptions) -> Iterator[OutputJob]:
    def render() -> bytes:
        from generator.draw.svg import render_svg

        return render_svg(offer.draw()).encode("utf-8")
    yield offer.make(offer.file(".svg"), offer.item, "svg", offer.key, render, offer.faces, **offer.facts.fields())


WRITER = Writer("svg", Picture, "each face, board and page as SVG", write)
