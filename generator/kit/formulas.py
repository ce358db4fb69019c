"""Cells of a CSV file that look like spreadsheet formulas (``=1+1``, ``+A2*3``, ``@SUM(A1:A3)``).

A CSV file holds text, not what a formula comes to: pnpkit prints ``=1+1`` as written, and a
spreadsheet that opens the file computes it instead (or runs it: a formula in a shared file is
how spreadsheets are attacked). Such a cell is a warning that says how to quote it. A plain
signed number (``-3``, ``+1``, ``-2.5``) is a number, not a formula.
"""

from __future__ import annotations

import re
from typing import Sequence

from generator.core.limits import excerpt

_NUMBER = re.compile(r"[+-]?(?:\d[\d,]*(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?%?")
# after +, - or @: a function call, a cell reference, or arithmetic on numbers
_EXPRESSION = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*\s*\(|\$?[A-Za-z]{1,3}\$?\d+\b|[\d.]+\s*[-+*/^&]\s*[\w(.$]")


def looks_like_formula(cell: str) -> bool:
    """Whether a cell, as written (before its spaces are dropped), is a spreadsheet formula."""
    if len(cell) < 2 or cell[0] not in "=+-@":
        return False
    if cell[0] == "=":
        return bool(cell[1:].strip())
    if _NUMBER.fullmatch(cell):
        return False
    return bool(_EXPRESSION.match(cell[1:]))


def formula_warnings(shown: str, header: Sequence[str], rows: Sequence[tuple[int, Sequence[str]]]) -> list[str]:
    """A warning for each cell of ``rows`` (row number, cells as written) that looks like a formula."""
    found = []
    for number, cells in rows:
        for index, cell in enumerate(cells):
            if looks_like_formula(cell):
                column = header[index] if index < len(header) and header[index] else f"{index + 1}"
                found.append(f"{shown} row {number}, column {column}: {excerpt(cell)} looks like a spreadsheet "
                             "formula: a CSV file holds no formula's value, so pnpkit prints it as written, and a "
                             "spreadsheet opening the file computes it. Write the value it comes to, or, to print "
                             f"the text, begin the cell with a space (' {cell[:20]}'): a spreadsheet then keeps it as "
                             "text, and pnpkit drops the space")
    return found
