"""``--format cut`` for a game's shared sheets (``--sheets packed`` or ``gutterfold``): the cut
files beside each of its sheet files, as ``generator.outputs.cut`` writes them."""

from __future__ import annotations

from typing import Iterator

from generator.outputs import cut, packed
from generator.pieces.job import BuildOptions, OutputJob
from generator.pieces.offers import GamePieces, Writer


def write(offer: GamePieces, options: BuildOptions) -> Iterator[OutputJob]:
    for pages in packed.offers(offer.game, offer.components, options, offer.code_hash):
        lines = cut.cuts_of(pages)
        if lines is not None:
            yield from cut.write(lines, options)


WRITER = Writer("cut", GamePieces, "the cut lines of each game's shared sheets, as SVG and DXF", write)
