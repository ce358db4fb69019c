"""The cell of an item's data that a problem of its face comes from.

A layer's value that cannot be drawn for one item (an icon the kit lacks in its text, a
glyph no font has, text that does not fit) is most often the item's own value: the problem,
a problem of the layout's layer, names the data file, sheet, row and column the value came
from too. A value that reads several columns, or none, names the item's row only.
"""

from __future__ import annotations

from typing import Any, Mapping

from generator.layout.columns import names_in
from generator.layout.files import Where
from generator.layout.rows import Row
from generator.layout.schema import is_expression


def column_read(where: Where, key: str | None, columns: Mapping[str, Any]) -> str | None:
    """The one column of ``columns`` that the layer's ``key`` reads, if it reads exactly one."""
    raw = where.raw
    template = raw.get(key) if key and isinstance(raw, Mapping) else None
    if not isinstance(template, str) or not is_expression(template):
        return None
    read = [name for name in names_in(template) if name in columns]
    return read[0] if len(read) == 1 else None


def cell_of(row: Row | None, where: Where, key: str | None) -> str | None:
    """The cell of ``row`` that the layer's ``key`` shows ("cards.xlsx, sheet Units, row 7,
    column G (text)"); None when no one cell is to blame."""
    if row is None or row.origin is None:
        return None
    column = column_read(where, key, row.columns)
    return row.origin.cell(column) if column is not None else None
