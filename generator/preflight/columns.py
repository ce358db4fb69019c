"""Rule: a column of a page of text is not left mostly blank while the text goes on in the next.

A reference sheet set in columns that breaks a column a third empty (a section kept whole that
did not fit below, a forced break) reads as unfinished and wastes the page: balance the
columns (move a section, break earlier or later), size the sheet, or set it on fewer pages.
The column the text ends in may be as short as it is. The typesetter says how much of each
column it left (``generator.draw.page.Page.columns_left``); this rule holds it to ``MOST_BLANK``.
"""

from __future__ import annotations

from typing import Iterator

from generator.preflight.findings import Finding
from generator.preflight.page import PrintedPage

RULE = "blank-column"
MOST_BLANK = 0.25       # share of a column's height the text may leave blank before it moves on


def check(page: PrintedPage) -> Iterator[Finding]:
    for column, blank in page.page.columns_left:
        if blank > MOST_BLANK + 1e-9:
            yield page.finding(RULE, None, "the text leaves the column for the next with the rest of it blank",
                               f"{blank:.0%} of the column blank", f"{MOST_BLANK:.0%}", item=f"column {column}")
