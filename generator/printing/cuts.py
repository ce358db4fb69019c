"""Cut files: the cut line of every piece on a printed page, for a cutting machine or a shop.

A ``CutSheet`` is one printed page's cut lines in that page's coordinates (mm, y down from
its top-left), each a closed polygon (``generator.pieces.outline`` flattens curves finely).
It is written as SVG (closed paths, stroke only, no fill: what Silhouette Studio, Cricut
Design Space and Brother's CanvasWorkspace import as cut lines, the page's size its canvas)
and as DXF (AutoCAD R12 ASCII, mm, one closed POLYLINE a piece on layer ``CUT``), so that
the file laid on the page's PDF or PNG at the same origin covers every piece exactly.

Home machines print or scan registration marks of their own, so the sheets' cut files carry
none. A print shop's cut file (beside a piece's own print file, whose page is the piece with
its bleed) has pnpkit's: an L-shaped mark at each corner of the page on layer
``REGISTRATION``, the corners of the print file's page, which the shop lines up with its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence
from xml.sax.saxutils import quoteattr

Point = tuple[float, float]

#: mm each leg of a print shop's corner registration mark runs along the page's edge.
REGISTRATION_LEG = 5.0


@dataclass(frozen=True)
class CutSheet:
    """One page's cut lines: ``paths`` (the piece's id, its closed polygon) on a page of
    ``width`` x ``height`` mm; ``registration``: a print shop's file, with corner marks."""

    width: float
    height: float
    paths: tuple[tuple[str, tuple[Point, ...]], ...]
    registration: bool = False

    def marks(self) -> list[tuple[Point, Point, Point]]:
        """The corner marks (each three points: along one edge, the corner, along the other)."""
        if not self.registration:
            return []
        w, h, leg = self.width, self.height, min(REGISTRATION_LEG, self.width / 3, self.height / 3)
        return [((leg, 0.0), (0.0, 0.0), (0.0, leg)), ((w - leg, 0.0), (w, 0.0), (w, leg)),
                ((w, h - leg), (w, h), (w - leg, h)), ((leg, h), (0.0, h), (0.0, h - leg))]


def _n(value: float) -> str:
    """A coordinate to a thousandth of a mm, without trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def to_svg(sheet: CutSheet, title: str = "") -> str:
    """The cut lines as an SVG of the page's size in mm: one closed path a piece, no fill,
    a hairline stroke (cutting software reads the path, not the stroke's width)."""
    w, h = _n(sheet.width), _n(sheet.height)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}">']
    if title:
        out.append(f"<title>{_text(title)}</title>")
    out.append('<g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">')
    for number, (name, ring) in enumerate(sheet.paths, start=1):
        d = "M" + " L".join(f"{_n(x)} {_n(y)}" for x, y in ring) + " Z"
        out.append(f"<path id=\"cut-{number}\" data-piece={quoteattr(_printable(name))} d=\"{d}\"/>")
    out.append("</g>")
    marks = sheet.marks()
    if marks:
        out.append('<g id="registration" fill="none" stroke="#000000" stroke-width="0.25">')
        for mark in marks:
            out.append('<polyline points="' + " ".join(f"{_n(x)},{_n(y)}" for x, y in mark) + '"/>')
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _text(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _printable(name: str) -> str:
    """A piece's id as an attribute's value: characters XML cannot hold are dropped."""
    return "".join(c for c in name if c.isprintable())


def to_dxf(sheet: CutSheet) -> str:
    """The cut lines as an AutoCAD R12 ASCII DXF in mm: the page's bottom-left at (0, 0),
    y up (DXF's way), one closed POLYLINE of VERTEXes a piece on layer CUT, the print
    shop's marks as open POLYLINEs on layer REGISTRATION."""
    groups: list[tuple[int, str]] = [
        (0, "SECTION"), (2, "HEADER"),
        (9, "$ACADVER"), (1, "AC1009"),
        (9, "$INSUNITS"), (70, "4"),          # millimetres
        (9, "$MEASUREMENT"), (70, "1"),       # metric
        (9, "$EXTMIN"), (10, "0"), (20, "0"),
        (9, "$EXTMAX"), (10, _n(sheet.width)), (20, _n(sheet.height)),
        (0, "ENDSEC"), (0, "SECTION"), (2, "ENTITIES")]

    def polyline(points: Sequence[Point], layer: str, closed: bool) -> None:
        groups.extend([(0, "POLYLINE"), (8, layer), (66, "1"), (10, "0"), (20, "0"), (30, "0"),
                       (70, "1" if closed else "0")])
        for x, y in points:
            groups.extend([(0, "VERTEX"), (8, layer), (10, _n(x)), (20, _n(sheet.height - y)), (30, "0")])
        groups.extend([(0, "SEQEND"), (8, layer)])
    for _, ring in sheet.paths:
        polyline(ring, "CUT", True)
    for mark in sheet.marks():
        polyline(mark, "REGISTRATION", False)
    groups.extend([(0, "ENDSEC"), (0, "EOF")])
    return "".join(f"{code:>3}\n{value}\n" for code, value in groups)


def read_dxf(text: str) -> list[tuple[str, bool, list[Point]]]:
    """The polylines of a DXF ``to_dxf`` wrote, back in page coordinates (y down): (layer,
    closed, points). For checks of the files written, and for anyone reading one back."""
    lines = text.splitlines()
    pairs = [(int(lines[i].strip()), lines[i + 1].strip()) for i in range(0, len(lines) - 1, 2)]
    height = 0.0
    for i, (code, value) in enumerate(pairs):
        if code == 9 and value == "$EXTMAX":
            height = float(pairs[i + 2][1])
    out: list[tuple[str, bool, list[Point]]] = []
    current: tuple[str, bool, list[Point]] | None = None
    entity = ""
    x = 0.0
    for code, value in pairs:
        if code == 0:
            entity = value
            if value == "POLYLINE":
                current = ("", False, [])
                out.append(current)
            continue
        if current is None:
            continue
        if entity == "POLYLINE" and code == 8:
            current = (value, current[1], current[2])
            out[-1] = current
        elif entity == "POLYLINE" and code == 70:
            current = (current[0], bool(int(value) & 1), current[2])
            out[-1] = current
        elif entity == "VERTEX" and code == 10:
            x = float(value)
        elif entity == "VERTEX" and code == 20:
            current[2].append((x, height - float(value)))
    return out
