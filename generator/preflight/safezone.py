"""Rule: no text of a cut piece within the safe zone inside its trim.

A cut wanders (GUIDE.md: about 1.5 mm) and a card is read in the hand: what is meant to be
read keeps ``SAFE`` mm clear of the trim (the print trade's safe zone, 1/8 in), so that a
miscut never takes a letter and the text never crowds the cut edge. On a sheet of pieces (a
page that says where each piece's trim lies), each line of a piece's text is measured by its
letters' box (cap height to a little below the baseline, where it shows) against the trim of
the copy of that piece it lies in.

Its findings are warnings (``findings.WARNING_RULES``): small pieces (counters, block labels)
keep their words nearer the trim than a card's safe zone.
"""

from __future__ import annotations

from typing import Iterator

from generator.core.limits import excerpt
from generator.draw.ink import Drawn
from generator.draw.scene import TextItem, apply
from generator.preflight.collisions import CAP, FOOT
from generator.preflight.findings import Finding
from generator.preflight.page import PrintedPage

RULE = "safe-zone"
SAFE = 3.0          # mm inside the trim (GUIDE.md: safe zone 3 mm, 1/8 in)
EDGES = ("left", "top", "right", "bottom")

Box = tuple[float, float, float, float]


def _letters(d: Drawn) -> Box | None:
    """The box of a text's letters on the page (cap height to a little below the baseline),
    where it shows; None for a blank text."""
    item = d.item
    assert isinstance(item, TextItem)
    if not item.text.strip():
        return None
    x0 = item.start_x()
    x1 = x0 + item.width()
    top, foot = item.y - CAP * item.size_mm, item.y + FOOT * item.size_mm
    corners = [apply(d.matrix, p) for p in ((x0, top), (x1, top), (x0, foot), (x1, foot))]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    box = (max(min(xs), d.box[0]), max(min(ys), d.box[1]), min(max(xs), d.box[2]), min(max(ys), d.box[3]))
    return box if box[0] < box[2] and box[1] < box[3] else None


def _trim_of(box: Box, trims: list[Box]) -> Box | None:
    """Of the trims of the piece's copies on the page, the one the text's middle lies in."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return next((t for t in trims if t[0] <= cx <= t[0] + t[2] and t[1] <= cy <= t[1] + t[3]), None)


def check(page: PrintedPage) -> Iterator[Finding]:
    """Each line of text of a piece closer than ``SAFE`` to its trim, at its closest."""
    trims: dict[str, list[Box]] = {}
    for name, trim in page.page.pieces:
        trims.setdefault(name, []).append(trim)
    if not trims:
        return
    for d in page.items:
        if not isinstance(d.item, TextItem) or d.shadow or d.piece not in trims:
            continue
        box = _letters(d)
        if box is None:
            continue
        own = _trim_of(box, trims[d.piece])
        if own is None:
            continue
        x, y, w, h = own
        distances = (box[0] - x, box[1] - y, x + w - box[2], y + h - box[3])
        closest = min(distances)
        if closest < SAFE - 0.01:
            yield page.finding(RULE, d, f"text {excerpt(d.item.text.strip(), 60)}",
                               f"{max(closest, 0.0):.1f} mm inside the {EDGES[distances.index(closest)]} trim",
                               f"{SAFE:g} mm")
