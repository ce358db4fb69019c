"""Sheets as drawn: crop marks or guides, mirrored and offset backs, page labels."""

from __future__ import annotations

import pytest

from generator.draw.scene import GroupItem, PathItem
from generator.loading.games import load_game
from generator.printing.layouts import layouts, paper, unprintable_margin
from generator.printing.sheets import SheetSpec, sheet_pages


@pytest.fixture(scope="module")
def event_deck():
    return next(c for c in load_game("stockholm1520").components if c.id == "event-cards")


def _spec(**options) -> SheetSpec:
    return SheetSpec("Stockholm 1520", "Event cards", paper("a4"), layouts()["cards"], unprintable_margin(), **options)


def _placements(scene) -> list[tuple[float, float]]:
    return [(round(i.matrix[4], 3), round(i.matrix[5], 3)) for i in scene.items if isinstance(i, GroupItem)]


def _lines(scene) -> list[tuple[float, float, float, float]]:
    return [(i.commands[0][1], i.commands[0][2], i.commands[1][1], i.commands[1][2]) for i in scene.items
            if isinstance(i, PathItem) and len(i.commands) == 2]


def test_fronts_then_backs_with_mirrored_columns(event_deck) -> None:
    front, back = sheet_pages(event_deck.pieces, _spec())
    fronts, backs = _placements(front.scene), _placements(back.scene)
    assert len(fronts) == len(backs) == 9
    a4 = paper("a4")
    for (fx, fy), (bx, by) in zip(fronts, backs):
        # a card's art is placed bleed-left of its trim: mirror the trim, not the art
        assert bx + 3 + 63.5 == pytest.approx(a4.width - (fx + 3)) and by == pytest.approx(fy)


def test_back_offset_moves_every_back(event_deck) -> None:
    plain = _placements(sheet_pages(event_deck.pieces, _spec())[1].scene)
    moved = _placements(sheet_pages(event_deck.pieces, _spec(back_offset=(1.5, -0.5)))[1].scene)
    assert [(round(x + 1.5, 3), round(y - 0.5, 3)) for x, y in plain] == moved


def test_crop_marks_stay_outside_the_grid_and_guides_run_margin_to_margin(event_deck) -> None:
    a4 = paper("a4")
    marks = _lines(sheet_pages(event_deck.pieces, _spec())[0].scene)
    left, top = (a4.width - 190.5) / 2, (a4.height - 266.7) / 2
    assert len(marks) == 4 * 2 + 4 * 2  # 4 vertical cut lines marked top and bottom, 4 horizontal left and right
    for x1, y1, x2, y2 in marks:
        inside_x = left < min(x1, x2) and max(x1, x2) < a4.width - left
        inside_y = top < min(y1, y2) and max(y1, y2) < a4.height - top
        assert not (inside_x and inside_y), "a crop mark on the art"
        assert max(abs(x2 - x1), abs(y2 - y1)) <= 5.0
    spec = _spec(guides=True)
    guides = _lines(sheet_pages(event_deck.pieces, spec)[0].scene)
    end = spec.margin + 0.05        # full length, but its ink (0.1 mm wide) within what a home printer prints
    assert any(y1 == pytest.approx(end) and y2 == pytest.approx(a4.height - end) for _, y1, _, y2 in guides)
    assert any(x1 == pytest.approx(end) and x2 == pytest.approx(a4.width - end) for x1, _, x2, _ in guides)


def test_guides_put_no_ink_in_the_printer_margin(event_deck) -> None:
    from generator.preflight.findings import Limits
    from generator.preflight.margin import check as margin
    from generator.preflight.page import PrintedPage

    page = sheet_pages(event_deck.pieces, _spec(guides=True))[0]
    assert [f for f in margin(PrintedPage(page, "f.pdf", 1, Limits())) if "line" in str(f)] == []


def test_page_label_names_game_deck_page_and_paper(event_deck) -> None:
    front, back = sheet_pages(event_deck.pieces, _spec())
    labels = [t.text for t in front.scene.walk_text() if "page 1 of 1" in t.text]
    assert labels and "Stockholm 1520" in labels[0] and "Event cards" in labels[0] and "A4" in labels[0]
    assert any("backs" in t.text for t in back.scene.walk_text())


def test_pieces_set_apart_by_a_gutter_each_show_their_own_bleed_in_it(event_deck) -> None:
    """A grid with a gap: between pieces each shows half the gap of its bleed, so a miscut of
    less than that shows the piece's own colour; the preflight's cutting rule agrees (and with
    the butted sheet too: the event cards' edges are all parchment)."""
    from generator.preflight.cutting import check as cutting
    from generator.preflight.findings import Limits
    from generator.preflight.page import PrintedPage
    from generator.printing.layouts import GridLayout

    butted = sheet_pages(event_deck.pieces, _spec())[0]
    spaced = sheet_pages(event_deck.pieces, SheetSpec("Stockholm 1520", "Event cards", paper("a4"),
                                                      GridLayout(type="grid", gap=3.0), unprintable_margin()))[0]
    first, second = spaced.pieces[0][1], spaced.pieces[1][1]
    assert second[0] - (first[0] + first[2]) == pytest.approx(3.0)
    clips = [item.clip for item in spaced.scene.items if isinstance(item, GroupItem) and item.name]
    xs = [c[1] for c in clips[1] if len(c) > 2]    # the second card's clip (in its art's mm, bleed 3)
    assert min(xs) == pytest.approx(3.0 - 1.5)      # shows 1.5 mm of its bleed to its left
    assert list(cutting(PrintedPage(butted, "f.pdf", 1, Limits()))) == []     # parchment meets parchment
    assert list(cutting(PrintedPage(spaced, "f.pdf", 1, Limits()))) == []
