"""Text fits its box: wraps, shrinks to 6 pt at least, and otherwise fails naming card and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.build.engine import check
from generator.core.errors import BuildError, DataError
from generator.core.units import MM_PER_PT
from generator.draw import fonts
from generator.draw.richtext import text_of
from generator.draw.textfit import TextOverflow, fit_text, wrap


def test_wrap_keeps_every_line_inside_the_width() -> None:
    text = "Draw a zone card: a propagandist spawns on that zone's yellow-bordered space."
    wrapped = wrap(text, "serif", 10 * MM_PER_PT, 40.0)
    assert wrapped is not None
    lines = [text_of(line) for line in wrapped]
    assert len(lines) > 1
    assert " ".join(lines) == text
    assert all(fonts.text_width(line, "serif", 10 * MM_PER_PT) <= 40.0 for line in lines)


def test_short_text_keeps_its_size() -> None:
    assert fit_text("Ship", "serif", 10, 40, 10).size_pt == 10


def test_long_text_shrinks_but_not_below_the_floor() -> None:
    text = "word " * 60
    fitted = fit_text(text, "serif", 12, 50, 40)
    assert 6 <= fitted.size_pt < 12
    with pytest.raises(TextOverflow):
        fit_text(text * 10, "serif", 12, 50, 40)


def test_overflowing_card_text_fails_the_check_naming_card_and_field(project_copy: Path) -> None:
    csv = project_copy / "data" / "stockholm1520" / "cards" / "event_cards.csv"
    long_text = " ".join(["The Danish fleet sails."] * 40)
    csv.write_text(csv.read_text().replace(
        "A Danish ship sails for Stockholm's port and lands after 5 turns. Draw a zone card: the troop it shows comes ashore with the ship.",
        long_text))
    with pytest.raises(DataError) as caught:
        check(["stockholm1520"])
    assert "field 'layers.9.text': Stockholm 1520, Event cards, item E-SHIP: text does not fit" in str(caught.value)
    assert "event-front.yaml:" in str(caught.value)
    assert "6 pt" in str(caught.value)
