"""A group's SVG written once and put back in later documents (``svg_parts``, ``render_svg``'s
``parts``): ``bot show`` writes the board's part of a cropped picture only once per crop."""

from __future__ import annotations

import pytest

from generator.draw.scene import Gradient, GroupItem, Item, Scene, Style, rect_commands
from generator.draw.svg import SvgPartMismatch, render_svg, svg_parts

SHADED = Style(fill="#336699", gradient=Gradient("linear", ((0.0, "#ffffff"), (1.0, "#000000")), (0.0, 0.0), (10.0, 0.0)))


def _board() -> tuple[GroupItem, ...]:
    s = Scene(50, 50)
    s.rect(1, 1, 10, 10, SHADED)
    s.text(5, 20, "Stockholm", face="serif-bold", size_pt=9)
    with s.group(translate=(2, 3), clip=rect_commands(0, 0, 20, 20)):
        s.rect(0, 0, 5, 5, Style(fill="#aa0000"))
    return tuple(s.items)


def _document(board: tuple[Item, ...], after_board: str = "Sto") -> Scene:
    """A picture like a cropped position: a clip, the board's items, pieces with text over them."""
    s = Scene(60, 60, title="a position")
    s.rect(0, 0, 60, 60, Style(fill="#f4ead0"))
    with s.group(translate=(-1, -1), clip=rect_commands(1, 1, 40, 40)):
        for item in board:
            s.add(item)
        s.rect(3, 3, 4, 4, SHADED)                              # the board's gradient, used again
        s.text(8, 30, after_board, face="serif-bold", size_pt=9)  # the board's glyphs, and new ones
    s.text(30, 55, "Round 3", face="serif", size_pt=8)
    return s


def test_a_kept_part_writes_the_same_document():
    whole = render_svg(_document(_board()))
    made, parts = svg_parts(_document((GroupItem(_board(), name="board"),)), ["board"])
    assert made == whole                                        # the named group only names its items
    kept = render_svg(_document((GroupItem((), name="board"),), "Stockholm Round 3"), parts)
    assert kept == render_svg(_document(_board(), "Stockholm Round 3"))
    assert kept.count("<linearGradient") == 1 and "pnpkit-splice" not in kept


def test_a_part_after_other_items_is_refused():
    _, parts = svg_parts(_document((GroupItem(_board(), name="board"),)), ["board"])
    s = Scene(60, 60)
    s.text(1, 10, "x", face="serif", size_pt=8)                 # a glyph defined before the part's
    with s.group(clip=rect_commands(1, 1, 40, 40)):
        s.add(GroupItem((), name="board"))
    with pytest.raises(SvgPartMismatch):
        render_svg(s, parts)
