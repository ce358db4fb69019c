"""A preflight finding and the limits it is measured against."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

DEFAULT_TEXT_PT = 6.0        # the usual floor of published games (GUIDE.md, "Preflight")
DEFAULT_MARGIN_MM = 4.5      # what home printers leave unprinted at each edge
#: Rules whose findings are warnings: printed and kept as the others are, but they stop no
#: strict build and fail no ``check --preflight`` (the safe zone: small pieces of the bundled
#: games keep their words nearer their trim than 3 mm, by design or not yet mended).
WARNING_RULES = frozenset({"safe-zone"})


@dataclass(frozen=True)
class Limits:
    """What the rules measure against: the game's text floor (and why it was lowered), the
    printer margin of the build."""

    text_pt: float = DEFAULT_TEXT_PT
    text_reason: str = ""
    margin_mm: float = DEFAULT_MARGIN_MM


@dataclass(frozen=True)
class Finding:
    """One thing that will not print well: where it is, what it is, the measure and the limit."""

    rule: str           # text-size, margin, contrast, ...
    file: str           # the output file, relative to the output folder
    page: str           # the page's label ("fronts 2", "tile A1") or its number
    item: str           # the piece (card id) or the element of the page
    what: str           # the text, or what was drawn
    measured: str       # "5.0 pt", "1.2 mm from the edge"
    limit: str          # "6 pt", "4.5 mm"

    @property
    def warning(self) -> bool:
        """A warning (``WARNING_RULES``): reported, but it stops nothing."""
        return self.rule in WARNING_RULES

    def message(self) -> str:
        where = ", ".join(part for part in (self.file, self.page, self.item) if part)
        tag = f"{self.rule}, a warning" if self.warning else self.rule
        return f"{where}: {self.what}: {self.measured} (limit {self.limit}) [{tag}]"

    def to_json(self) -> dict[str, str]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> "Finding":
        return cls(**{name: str(data.get(name, "")) for name in cls.__dataclass_fields__})
