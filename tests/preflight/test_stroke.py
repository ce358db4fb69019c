"""Where a stroke paints, as PDF paints it (``generator.preflight.stroke``): a line's ends by
its cap, a corner by its join and the miter limit, a dashed line only in its dashes."""

from __future__ import annotations

import pytest

from generator.preflight.stroke import Stroke

LINE = [([(0.0, 0.0), (10.0, 0.0)], False)]         # a 2 mm wide line from x 0 to 10 (half 1)
CORNER = [([(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)], False)]


@pytest.mark.parametrize("cap, past_end", [("butt", False), ("square", True), ("round", True)])
def test_a_line_s_end_is_cut_by_its_cap(cap: str, past_end: bool) -> None:
    stroke = Stroke(LINE, 1.0, cap=cap)
    assert stroke.paints(5.0, 0.9) and not stroke.paints(5.0, 1.1)
    assert stroke.paints(10.5, 0.0) is past_end
    assert stroke.paints(-0.5, 0.0) is past_end
    assert stroke.paints(10.8, 0.8) is (cap == "square")       # a square cap's corner, not a round one's


def test_a_mitred_corner_is_painted_to_its_tip_a_round_one_is_not() -> None:
    assert Stroke(CORNER, 1.0, join="miter").paints(10.9, -0.9)
    assert not Stroke(CORNER, 1.0, join="round").paints(10.9, -0.9)


def test_past_the_miter_limit_a_corner_is_bevelled() -> None:
    sharp = [([(0.0, 0.0), (10.0, 0.0), (0.0, 0.5)], False)]  # turns back almost on itself
    assert not Stroke(sharp, 1.0, join="miter").paints(14.0, 0.1)


def test_a_dashed_line_paints_only_its_dashes_afresh_on_each_subpath() -> None:
    stroke = Stroke(LINE + [([(0.0, 5.0), (10.0, 5.0)], False)], 1.0, dash=(2.0, 3.0))
    assert stroke.paints(1.0, 0.0) and not stroke.paints(3.0, 0.0) and stroke.paints(6.0, 0.0)
    assert stroke.paints(1.0, 5.0) and not stroke.paints(3.0, 5.0)


def test_a_closed_outline_is_stroked_across_its_closing_side() -> None:
    square = [([(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)], True)]
    stroke = Stroke(square, 1.0, join="miter")
    assert stroke.paints(0.0, 5.0) and stroke.paints(-0.9, -0.9)      # the closing side and its mitred corner
    assert not stroke.paints(5.0, 5.0)
