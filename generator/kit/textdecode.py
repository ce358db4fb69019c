"""Where a data file stops being UTF-8: the line of its first bad byte and, in a CSV, the
row and column it falls in (a sheet saved as Latin-1 or Windows-1252 by a spreadsheet), so
that the designer can find the cell to fix, not only learn that one exists."""

from __future__ import annotations

import csv
import io

from generator.core.errors import Problem


def not_utf8(shown: str, err: UnicodeDecodeError, advice: str = "", table: bool = False) -> Problem:
    """The problem of a file whose bytes ``err`` could not decode (``err.object``): its line,
    the byte in hexadecimal and its place in the line; in a table (``table``: a CSV), the
    row as a spreadsheet numbers it and the column's header name."""
    data = bytes(err.object)
    start = err.start
    line = data.count(b"\n", 0, start) + 1
    line_start = data.rfind(b"\n", 0, start) + 1
    byte = data[start:start + 1].hex().upper()
    guess = "UTF-16" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else "Latin-1 or Windows-1252"
    message = (f"not UTF-8 text: byte 0x{byte}, byte {start - line_start + 1} of line {line}, is not UTF-8 "
               f"({err.reason}; saved as {guess}?){advice}")
    if not table:
        return Problem(shown, message, line=line, unreadable=True)
    row, column = _cell(data[:start].decode("utf-8", "replace"))
    return Problem(shown, message, line=line, row=row, field=column, unreadable=True)


def _cell(before: str) -> tuple[int, str | None]:
    """The row (numbered as a spreadsheet shows it) and column name of the cell a CSV's text
    ``before`` ends in: the text is read with a marker in place of the bad byte."""
    rows = list(csv.reader(io.StringIO(before + "\0", newline="")))
    if not rows:
        return 1, None
    header = next((cells for cells in rows[:-1] if cells and any(c.strip() for c in cells)
                   and not cells[0].startswith("#")), None)
    index = len(rows[-1]) - 1
    name = header[index].strip().lower() if header is not None and index < len(header) else None
    return len(rows), name or None
