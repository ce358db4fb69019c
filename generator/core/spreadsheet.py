"""Cells of a CSV pnpkit writes, made safe to open in a spreadsheet.

A cell starting with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage return, which some
spreadsheets skip before one) is read by Excel, LibreOffice and Google Sheets as a formula:
``=HYPERLINK(...)`` from a stranger's kit would run, and an ordinary title such as "+1 Attack"
would show as an error. Such a cell is written with a leading apostrophe, which spreadsheets
take as "this is text" (OWASP's advice on CSV injection).
"""

from __future__ import annotations

import csv
import io
from typing import Any, Iterable, Mapping, Sequence

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """``value`` as a spreadsheet will show it: text starting with a formula character gets a
    leading ``'``; numbers (a count of -1 is still a number) and other text are unchanged."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_bytes(fieldnames: Sequence[str], rows: Iterable[Mapping[str, Any]]) -> bytes:
    """A UTF-8 CSV of ``rows`` under a header of ``fieldnames``, every text cell made safe."""
    out = io.StringIO()
    # rows end in CR LF (RFC 4180): a cell holding either character is then quoted
    writer = csv.DictWriter(out, fieldnames=list(fieldnames), lineterminator="\r\n")
    writer.writeheader()
    writer.writerows({name: safe_cell(value) for name, value in row.items()} for row in rows)
    return out.getvalue().encode("utf-8")
