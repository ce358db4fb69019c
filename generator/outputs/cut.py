"""``--format cut``: beside a printed file, the cut line of every piece on each of its pages,
as SVG and as DXF (``generator.printing.cuts``), for a cutting machine (Silhouette, Cricut,
Brother ScanNCut) or a print shop's die line. A file of one page to cut has ``-cut.svg`` and
``-cut.dxf``; of several, ``-cut-<page>.svg`` and ``.dxf`` for each page with pieces on it
(a fronts page: backs are not cut)."""

from __future__ import annotations

from typing import Any, Callable, Iterator

from generator.pieces.faces import fingerprint
from generator.pieces.job import BuildOptions, OutputJob
from generator.pieces.offers import Cuts, Facts, Pages, Writer


def cuts_of(pages: Pages) -> Cuts | None:
    """The cut lines of a file of pages that has pieces to cut (a packed sheet file), else None."""
    if not pages.cuts:
        return None
    return Cuts(make=pages.make, stem=pages.stem, item=pages.item, key=pages.key, faces=pages.faces, facts=pages.facts,
                cuts=pages.cuts, title=pages.title)


def write(offer: Cuts, options: BuildOptions) -> Iterator[OutputJob]:
    """Two files (SVG, DXF) per page to cut of ``offer``; none when it has nothing to cut."""
    from generator.printing.cuts import to_dxf, to_svg

    count = len(offer.cuts)
    for number, cut in enumerate(offer.cuts, start=1):
        suffix = "-cut" if count == 1 else f"-cut-{number}"
        item = f"{offer.item} cut lines" + (f", page {number}" if count > 1 else "")
        title = f"{offer.title} - cut lines" + (f" of page {number}" if count > 1 else "")

        def svg(cut: Callable[[], Any] = cut, title: str = title) -> bytes:
            return to_svg(cut(), title).encode("utf-8")

        def dxf(cut: Callable[[], Any] = cut) -> bytes:
            return to_dxf(cut()).encode("ascii")
        facts = Facts(paper=offer.facts.paper, trim_mm=offer.facts.trim_mm, items=0, role="cut")
        for ending, render in ((".svg", svg), (".dxf", dxf)):
            yield offer.make(offer.file(suffix + ending), item, ending[1:], fingerprint(offer.key, "cut", number, ending),
                             render, offer.faces, **facts.fields())


WRITER = Writer("cut", Cuts, "the cut line of every piece of a sheet or a shaped piece's print file, as SVG and DXF", write)
