"""``pnpkit check`` sets a reference sheet again only when what it is set from changed: the
same key its PDF would have, and the files its setting read (generator.kit.checked)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.build.engine import check
from generator.components.reference import CHECKED_PAPERS, ReferenceSheet
from generator.core.errors import BuildError, DataError

from tests.reference.conftest import replace_in


@pytest.fixture
def sets(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The papers the sheet is set on, in order, by every check of the test (its kit, in a
    folder of its own, has entries of its own in the user cache)."""
    done: list[str] = []
    plain = ReferenceSheet._typeset

    def counted(self: ReferenceSheet, paper_id: str):
        done.append(paper_id)
        return plain(self, paper_id)

    monkeypatch.setattr(ReferenceSheet, "_typeset", counted)
    return done


def test_a_second_check_sets_nothing_and_a_changed_word_sets_that_sheet_again(kit: Path, sets: list[str]) -> None:
    check(["mini"])
    assert sets == list(CHECKED_PAPERS)
    sets.clear()
    check(["mini"])
    assert sets == []
    replace_in(kit / "reference.yaml", "Draw a card", "Draw two cards")
    check(["mini"])
    assert sets == list(CHECKED_PAPERS)


def test_a_changed_file_the_setting_read_sets_it_again(kit: Path, sets: list[str]) -> None:
    check(["mini"])
    sets.clear()
    replace_in(kit / "icons" / "crown.svg", "M1 9", "M2 9")      # an icon of a table cell: read as it is set
    check(["mini"])
    assert sets == list(CHECKED_PAPERS)


def test_a_sheet_that_does_not_fit_is_found_again_every_time(kit: Path, sets: list[str]) -> None:
    replace_in(kit / "reference.yaml", ":crown:", ":crwn:")         # no such icon: found as it is set
    for _ in range(2):
        sets.clear()
        with pytest.raises((BuildError, DataError)):
            check(["mini"])
        assert sets == list(CHECKED_PAPERS)
