"""Every card face keeps its text inside the safe zone, no two texts collide, and the printed id shows."""

from __future__ import annotations

import pytest

from generator.draw import fonts
from generator.draw.scene import GroupItem, TextItem
from generator.loading.games import load_game


@pytest.fixture(scope="module")
def decks():
    return [c for c in load_game("stockholm1520").components if c.kind == "cards"]


def _text_boxes(scene):
    for item in scene.items:
        if isinstance(item, TextItem):
            m = fonts.metrics(item.face)
            top = item.y - m.cap_height / m.units_per_em * item.size_mm
            bottom = item.y - m.descender / m.units_per_em * item.size_mm
            yield item, (item.start_x(), top, item.start_x() + item.width(), bottom)
        assert not (isinstance(item, GroupItem) and any(isinstance(i, TextItem) for i in item.items)), \
            "text inside a transformed group escapes this check"


def test_all_text_stays_inside_the_safe_zone(decks) -> None:
    checked = 0
    for deck in decks:
        sx, sy, sw, sh = deck.frame.safe_box
        for piece in deck.pieces:
            boxes = list(_text_boxes(piece.front()))
            for item, (left, top, right, bottom) in boxes:
                assert left >= sx - 0.01 and right <= sx + sw + 0.01, (piece.id, item.text)
                assert top >= sy - 0.01 and bottom <= sy + sh + 0.01, (piece.id, item.text, top, sy)
                checked += 1
            for i, (a, box_a) in enumerate(boxes):
                for b, box_b in boxes[i + 1:]:
                    overlap = (min(box_a[2], box_b[2]) - max(box_a[0], box_b[0]),
                               min(box_a[3], box_b[3]) - max(box_a[1], box_b[1]))
                    assert min(overlap) <= 0.05, (piece.id, a.text, b.text)
        for item, (left, top, right, bottom) in _text_boxes(deck.back_scene()):
            assert sx - 0.01 <= left and right <= sx + sw + 0.01 and sy - 0.01 <= top and bottom <= sy + sh + 0.01
    assert checked > 300


def test_every_front_shows_its_printed_id(decks) -> None:
    for deck in decks:
        for piece in deck.pieces:
            texts = [item.text for item in piece.front().walk_text()]
            assert piece.id in texts, piece.id
