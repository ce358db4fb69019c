"""One printed page as the rules see it: its file, its label, the paper, its drawn items."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from generator.draw.ink import Drawn, drawn
from generator.draw.page import Page
from generator.preflight.behind import Ground
from generator.preflight.findings import Finding, Limits


@dataclass
class PrintedPage:
    """A page of a home-print file: ``file`` relative to the output folder, ``number`` from 1."""

    page: Page
    file: str
    number: int
    limits: Limits

    @property
    def label(self) -> str:
        return self.page.label or f"page {self.number}"

    @property
    def width(self) -> float:
        return self.page.scene.width

    @property
    def height(self) -> float:
        return self.page.scene.height

    @property
    def overview(self) -> bool:
        """A tiled board's assembly page: the board drawn small to show where tiles go."""
        return self.page.label == "assembly"

    @cached_property
    def items(self) -> list[Drawn]:
        return list(drawn(self.page.scene.items))

    @cached_property
    def ground(self) -> Ground:
        """What is painted where on the page, for the rules that read the colour behind a point."""
        return Ground(self.items)

    def finding(self, rule: str, d: Drawn | None, what: str, measured: str, limit: str, item: str = "") -> Finding:
        """A finding on this page, about ``d``'s piece (or ``item``)."""
        return Finding(rule, self.file, self.label, item or (d.piece if d else ""), what, measured, limit)
