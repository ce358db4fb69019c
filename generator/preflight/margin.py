"""Rule 3: nothing inked within the printer margin of a home-print sheet."""

from __future__ import annotations

from typing import Iterator

from generator.draw.ink import Drawn, describe, inks
from generator.preflight.findings import Finding
from generator.preflight.page import PrintedPage

RULE = "margin"
EDGES = ("left", "top", "right", "bottom")


def check(page: PrintedPage) -> Iterator[Finding]:
    """Each thing inked inside the margin, once per piece and kind on the page (every line of
    text, all lines, all shapes), at its closest to the paper's edge."""
    margin = page.limits.margin_mm
    worst: dict[tuple[str, str], tuple[float, str, Drawn]] = {}
    for d in page.items:
        if not inks(d):
            continue
        left, top, right, bottom = d.box
        distances = (left, top, page.width - right, page.height - bottom)
        closest = min(distances)
        if closest >= margin - 0.01:
            continue
        what = describe(d.item)
        key = (d.piece, what if what.startswith("text") else what.split(" ")[-1])
        if key not in worst or closest < worst[key][0]:
            worst[key] = (closest, EDGES[distances.index(closest)], d)
    for closest, edge, d in worst.values():
        yield page.finding(RULE, d, f"{describe(d.item)} inked in the printer margin",
                           f"{max(closest, 0.0):.1f} mm from the {edge} edge", f"{margin:g} mm")
