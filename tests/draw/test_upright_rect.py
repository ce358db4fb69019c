"""``ink.upright_rect``: the one test of an outline being an upright rectangle, used by the clip
test (``ink.boxed``) and the preflight's ground (``preflight.behind``)."""

from __future__ import annotations

from generator.draw.ink import boxed, upright_rect
from generator.draw.scene import IDENTITY, rect_commands


def test_an_upright_rectangle_closed_or_not_and_nothing_else() -> None:
    square = [(1.0, 2.0), (5.0, 2.0), (5.0, 6.0), (1.0, 6.0)]
    assert upright_rect(square) == upright_rect([*square, square[0]]) == (1.0, 2.0, 5.0, 6.0)
    assert upright_rect([(0.0, 0.0), (4.0, 1.0), (3.0, 5.0), (-1.0, 4.0)]) is None       # turned
    assert upright_rect([(0.0, 0.0), (4.0, 0.0), (4.0, 4.0)]) is None                     # three corners
    assert upright_rect([*square, (2.0, 2.0)]) is None                                     # a fifth not the first
    assert boxed(rect_commands(1, 2, 4, 4), IDENTITY) and not boxed(rect_commands(1, 2, 4, 4), (0.0, 1.0, -1.0, 0.0, 0, 0))
