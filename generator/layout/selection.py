"""Which items of a deck are drawn: row ranges (``1-9``, ``1-3,7,12-``) and a column's values
(``kind=hero``, ``kind=hero,villain``), as nanDECK's ranges and Squib's ``range`` pick cards.

One reader for both places a selection is written: a layer's ``rows:`` in a layout (the layer
is drawn on those items only) and ``pnpkit build --rows/--where`` (the build draws those items
only). A row's number is its place in the deck, from 1 (the ``index`` a layout sees).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

from generator.core.limits import excerpt

RANGE = re.compile(r"^\s*(\d+)?\s*(-)?\s*(\d+)?\s*$")
MAX_ROW = 100_000
WHERE = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_ -]*?)\s*(!?=)\s*(.*)$")


@dataclass(frozen=True)
class Rows:
    """Row numbers as ranges from ``first`` to ``last`` (both included; None: no end)."""

    spans: tuple[tuple[int, int | None], ...]

    def __contains__(self, number: object) -> bool:
        return isinstance(number, int) and any(lo <= number and (hi is None or number <= hi) for lo, hi in self.spans)

    def __str__(self) -> str:
        return ",".join(f"{lo}" if hi == lo else f"{lo}-{'' if hi is None else hi}" for lo, hi in self.spans)


@lru_cache(maxsize=1024)
def parse_rows(text: str | int) -> Rows:
    """``"1-9"``, ``"3"``, ``"1-3, 7, 12-"`` (12 to the end) as Rows; ValueError saying what is
    expected otherwise."""
    spans: list[tuple[int, int | None]] = []
    for part in str(text).split(","):
        match = RANGE.fullmatch(part)
        if not part.strip() or match is None or (match.group(1) is None):
            raise ValueError(f"expected row numbers from 1 as ranges like '1-9', '3' or '1-3,7,12-' (12 to the end), "
                             f"got {excerpt(str(text))}")
        first = int(match.group(1))
        last = None if match.group(2) and match.group(3) is None else int(match.group(3) or first)
        if first < 1 or first > MAX_ROW or (last is not None and (last < first or last > MAX_ROW)):
            raise ValueError(f"a row range runs from 1 up, its first number no more than its last, got "
                             f"{excerpt(part.strip())}")
        spans.append((first, last))
    return Rows(tuple(spans))


@dataclass(frozen=True)
class Where:
    """A column's value: the item is picked when its ``column`` is one of ``values`` (compared
    as text, spaces around and case ignored), or, with ``negated``, none of them."""

    column: str
    values: frozenset[str]
    negated: bool = False

    def picks(self, columns: Mapping[str, Any]) -> bool:
        value = columns.get(self.column)
        found = value is not None and _text(value) in self.values
        return found != self.negated

    def __str__(self) -> str:
        return f"{self.column}{'!=' if self.negated else '='}{','.join(sorted(self.values))}"


def parse_where(text: str) -> Where:
    """``kind=hero``, ``kind=hero,villain`` (either), ``kind!=hero`` as a Where."""
    match = WHERE.fullmatch(text)
    if match is None or not match.group(3).strip():
        raise ValueError(f"expected COLUMN=VALUE (or COLUMN=A,B for either, COLUMN!=VALUE for neither), "
                         f"got {excerpt(text)}")
    values = frozenset(_text(v) for v in match.group(3).split(",") if v.strip())
    return Where(match.group(1).strip(), values, match.group(2) == "!=")


def _text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip().casefold()


@dataclass(frozen=True)
class Selection:
    """The items a build draws: those whose row number is in ``rows`` (when given) and whose
    columns meet every ``where``."""

    rows: Rows | None = None
    where: tuple[Where, ...] = ()

    def picks(self, number: int, columns: Mapping[str, Any]) -> bool:
        return (self.rows is None or number in self.rows) and all(w.picks(columns) for w in self.where)

    def columns(self) -> set[str]:
        """The columns the selection reads."""
        return {w.column for w in self.where}

    def __str__(self) -> str:
        said = ([f"--rows {self.rows}"] if self.rows else []) + [f"--where {w}" for w in self.where]
        return " ".join(said)
