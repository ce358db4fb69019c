"""Stockholm's event cards set their rule text in the middle of the room the picture leaves:
as much blank above the text (to the picture's foot) as below it (to the id plate), on every
card of the deck, measured on the card as printed (issue 38: a box starting 5 mm under the
picture set short texts low, the blank above them 3-4 mm larger)."""

from __future__ import annotations

import pytest

from generator.draw.png import render_image
from generator.loading.games import load_game

DPI = 200
DARK = 150           # a pixel darker than this (0-255) is ink: text, a picture's outline, the plate's
FROM_MM, TO_MM = 27.0, 80.6     # under the flags, down to the plate's top (the frame: trim height less 8.2 mm)
MOST_UNEVEN = 2.0    # mm the blank above and below the text may differ


def _ink_runs(image, bleed: float, x0: float, x1: float) -> list[tuple[float, float]]:
    """The runs of rows (mm from the trim's top) with ink between x0 and x1."""
    per_mm = DPI / 25.4
    runs: list[list[float]] = []
    inked_before = False
    step = 0.1
    for i in range(int((TO_MM - FROM_MM) / step)):
        y = FROM_MM + i * step
        row = round((y + bleed) * per_mm)
        inked = any(image.getpixel((x, row)) < DARK for x in range(round((x0 + bleed) * per_mm), round((x1 + bleed) * per_mm)))
        if inked and not inked_before:
            runs.append([y, y])
        elif inked:
            runs[-1][1] = y
        inked_before = inked
    return [(a, b) for a, b in runs]


@pytest.fixture(scope="module")
def events():
    deck = next(c for c in load_game("stockholm1520").components if c.id == "event-cards")
    return deck.pieces


def test_the_rule_text_sits_in_the_middle_of_the_room_below_the_picture(events) -> None:
    for piece in events:
        image = render_image(piece.front(), DPI).convert("L")
        runs = _ink_runs(image, piece.bleed, 8.0, piece.width - 8.0)
        # the picture: the first run (from under the flags); the text: the runs after the widest gap
        gaps = [(runs[i + 1][0] - runs[i][1], i) for i in range(len(runs) - 1)]
        _, cut = max(gaps)
        picture_foot = runs[cut][1]
        text_top, text_foot = runs[cut + 1][0], runs[-1][1]
        above, below = text_top - picture_foot, TO_MM - text_foot
        assert abs(above - below) <= MOST_UNEVEN, f"{piece.id}: {above:.1f} mm above the text, {below:.1f} mm below"
        assert below > 3.0, f"{piece.id}: the text runs onto the plate"
