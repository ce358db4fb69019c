"""Imposition geometry: butted trims, centring, mirrored backs, sticker templates."""

from __future__ import annotations

import pytest

from generator.printing.imposition import LayoutError, back_slot, cut_lines, grid_slots, template_slots
from generator.printing.layouts import GridLayout, layouts, paper

POKER = (63.5, 88.9)
BUTTED = GridLayout(type="grid", gap=0)


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
def test_poker_cards_fit_three_by_three_butted(paper_id: str) -> None:
    sheet = paper(paper_id)
    slots = grid_slots(sheet, *POKER, BUTTED, margin=4.5)
    assert len(slots) == 9
    xs, ys = cut_lines(slots)
    assert xs == pytest.approx([(sheet.width - 190.5) / 2 + 63.5 * i for i in range(4)])
    assert ys == pytest.approx([(sheet.height - 266.7) / 2 + 88.9 * i for i in range(4)])
    # neighbours share their trim line exactly: one cut separates two cards
    assert slots[0].right == pytest.approx(slots[1].x)
    assert slots[0].bottom == pytest.approx(slots[3].y)


def test_letter_leaves_a_quarter_inch_above_and_below() -> None:
    slots = grid_slots(paper("letter"), *POKER, BUTTED, margin=4.5)
    assert slots[0].y == pytest.approx(6.35)


def test_backs_mirror_columns_for_long_edge_duplex() -> None:
    sheet = paper("a4")
    slots = grid_slots(sheet, *POKER, BUTTED, margin=4.5)
    for slot in slots:
        back = back_slot(slot, sheet)
        mirror = next(s for s in slots if s.row == slot.row and s.col == 2 - slot.col)
        assert back.x == pytest.approx(mirror.x) and back.y == pytest.approx(mirror.y)


def test_back_offset_shifts_backs() -> None:
    sheet = paper("a4")
    slot = grid_slots(sheet, *POKER, BUTTED, margin=4.5)[0]
    moved = back_slot(slot, sheet, (1.5, -0.5))
    still = back_slot(slot, sheet)
    assert (moved.x - still.x, moved.y - still.y) == pytest.approx((1.5, -0.5))


def test_piece_too_big_for_paper_is_a_clear_error() -> None:
    with pytest.raises(LayoutError, match="does not fit on A4"):
        grid_slots(paper("a4"), 250, 100, BUTTED, margin=4.5)


def test_sticker_sheet_template_positions() -> None:
    layout = layouts()["avery-5160"]
    slots = template_slots(paper("letter"), 66.675, 25.4, layout)
    assert len(slots) == 30
    assert (slots[0].x, slots[0].y) == pytest.approx((4.7625, 12.7))
    assert slots[1].x - slots[0].x == pytest.approx(69.85)
    assert slots[-1].bottom == pytest.approx(279.4 - 12.7)


def test_sticker_sheet_is_for_one_paper() -> None:
    with pytest.raises(LayoutError, match="made for letter"):
        template_slots(paper("a4"), 20, 20, layouts()["avery-5160"])
