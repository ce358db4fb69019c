"""Rule 1: text at print size is at least the game's floor (6 pt unless game.yaml says)."""

from __future__ import annotations

from typing import Iterator

from generator.draw.scene import TextItem
from generator.preflight.findings import Finding
from generator.preflight.page import PrintedPage

RULE = "text-size"


def _pt(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") + " pt"


def check(page: PrintedPage) -> Iterator[Finding]:
    """Every line of text printed smaller than the floor. On a board's assembly page the board
    is shown small to say where the tiles go: its text is not meant to be read there."""
    floor = page.limits.text_pt
    for d in page.items:
        item = d.item
        if not isinstance(item, TextItem) or not item.text.strip():
            continue
        if page.overview and d.scale < 0.999:
            continue
        size = item.size_pt * d.scale
        if size < floor - 0.005:
            yield page.finding(RULE, d, f"text {item.text.strip()!r}", _pt(size), _pt(floor))
