"""Block labels set as published block games set them (issue 38): one name size for the sheet
(at least 7 pt), names never wrapped, 0.5 mm clear space round every symbol; a label that
breaks it is a build error naming the label and its data row."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.components.labels import typography_problem
from generator.core.errors import DataError
from generator.core.units import MM_PER_PT
from generator.draw.ink import drawn
from generator.draw.scene import TextItem
from generator.kit.location import Kit, use_kit
from generator.loading.games import load_game

NAME_FACES = {"serif-semibold", "serif-italic"}


@pytest.fixture(scope="module")
def labels() -> Any:
    return next(c for c in load_game("paxbaltica").components if c.id == "labels")


def _names(scene: Any) -> list[tuple[str, float, float]]:
    """(text, printed pt, baseline) of a label's name: its texts in the names' faces."""
    return [(d.item.text, round(d.item.size_mm * d.scale / MM_PER_PT, 2), round(d.matrix[5] + d.item.y * d.scale, 2))
            for d in drawn(scene.items) if isinstance(d.item, TextItem) and d.item.face in NAME_FACES
            and d.item.text.strip()]


def test_every_name_is_set_in_one_size_of_at_least_7_pt_on_one_line(labels: Any) -> None:
    sizes = set()
    for piece in labels.pieces:
        names = _names(piece.front())
        assert names, piece.id
        assert len({baseline for _, _, baseline in names}) == 1, (piece.id, names)   # never wrapped
        sizes |= {size for _, size, _ in names}
    assert len(sizes) == 1 and min(sizes) >= 7.0, sizes


def test_every_label_keeps_its_clear_space(labels: Any) -> None:
    for piece in labels.pieces:
        assert typography_problem(piece.front(), 0.5, 7.0) is None, piece.id


def _refused_with(pax_kit: Path, old: str, new: str) -> str:
    """The error the labels are refused with once the layout's one line ``old`` reads ``new``."""
    layout = pax_kit / "layouts" / "block-label.yaml"
    text = layout.read_text(encoding="utf-8")
    assert text.count(old) == 1
    layout.write_text(text.replace(old, new), encoding="utf-8")
    with use_kit(Kit(pax_kit.parent.parent)):
        labels = next(c for c in load_game("paxbaltica").components if c.id == "labels")
        with pytest.raises(DataError) as err:
            labels.draw_all()
    return str(err.value)


def test_labels_closer_than_the_clear_space_are_refused_naming_label_and_row(pax_kit: Path) -> None:
    message = _refused_with(pax_kit, "x: 3.4, y: 1.55,", "x: 2.6, y: 1.55,")     # two circles touch
    assert "label se-karl-xii" in message and "blocks.csv" in message and "row 9" in message
    assert "a shape and a shape" in message and "0.5 mm clear space" in message
    assert "se-lewenhaupt" not in message          # one baggage train: nothing to touch


def test_a_count_of_like_symbols_on_two_lines_is_refused_as_a_wrapped_name_is(pax_kit: Path) -> None:
    """Karl XII's second baggage circle once sat on a line of its own, under the first (issue
    38): a count of like symbols is read along one line, as a name is; the same rule that
    refuses a wrapped name refuses it."""
    message = _refused_with(pax_kit, "x: 3.4, y: 1.55,", "x: 1.55, y: 3.4,")     # down the corner
    assert "label se-karl-xii" in message and "row 9" in message
    assert "2 alike (a shape) are set on 2 lines" in message and "on one line" in message
    assert "se-rehnskiold" not in message          # one baggage train: one line


def test_labels_that_keep_it_are_not(pax_kit: Path) -> None:
    with use_kit(Kit(pax_kit.parent.parent)):
        labels = next(c for c in load_game("paxbaltica").components if c.id == "labels")
        labels.draw_all()


def test_text_below_the_labels_minimum_is_refused(pax_kit: Path) -> None:
    message = _refused_with(pax_kit, "  name_pt: 7 ", "  name_pt: 6.5 ")
    assert "prints at 6.5 pt; a label's text is at least 7 pt" in message
