"""Bad label data is refused with its file, row and column, never a traceback (game.yaml checks:)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.errors import DataError
from generator.loading.games import load_game


def _row_of(path: Path, fragment: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1) if fragment in line)


def _change(path: Path, old: str, new: str) -> int:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return _row_of(path, new)


def _refused(game: Path) -> list[str]:
    with pytest.raises(DataError) as err:
        load_game("paxbaltica")
    return [str(problem) for problem in err.value.problems]


def test_the_real_data_passes(pax_kit: Path) -> None:
    assert load_game("paxbaltica").id == "paxbaltica"


def test_an_unknown_nation(pax_kit: Path) -> None:
    row = _change(pax_kit / "blocks.csv", "se-lewenhaupt,sweden,", "se-lewenhaupt,swedne,")
    problems = _refused(pax_kit)
    assert len(problems) == 1
    assert f"blocks.csv, row {row}: field 'nation': unknown nation 'swedne'" in problems[0]
    assert "nations.yaml" in problems[0] and "sweden" in problems[0]


@pytest.mark.parametrize("rating", ["E1", "A7", "A0", "a3", "3A", "AA"])
def test_a_rating_outside_a1_to_d6(pax_kit: Path, rating: str) -> None:
    row = _change(pax_kit / "blocks.csv", "Pommerska,3,B1,", f"Pommerska,3,{rating},")
    problems = _refused(pax_kit)
    assert problems == [f"{_shown(pax_kit)}, row {row}: field 'rating': expected a combat rating from A1 to D6: "
                        f"a letter A-D and a number 1-6 (2.1), got '{rating}'"]


@pytest.mark.parametrize("strength", ["0", "1", "5", "-1", "2.5", "four"])
def test_a_strength_outside_2_to_4(pax_kit: Path, strength: str) -> None:
    row = _change(pax_kit / "blocks.csv", "Karl XII,4,A3", f"Karl XII,{strength},A3")
    problems = _refused(pax_kit)
    assert problems == [f"{_shown(pax_kit)}, row {row}: field 'strength': expected a maximum strength from 2 to 4 "
                        f"(2.1), got '{strength}'"]


def test_a_duplicate_block(pax_kit: Path) -> None:
    path = pax_kit / "blocks.csv"
    first = _row_of(path, "dk-reventlov,")
    with path.open("a", encoding="utf-8") as out:
        out.write("dk-reventlov-2,denmark,army,Reventlov,4,B2,2,infantry,1,,,,6.4,,a second Reventlov\n")
    last = len(path.read_text(encoding="utf-8").splitlines())
    problems = _refused(pax_kit)
    assert problems == [f"{_shown(pax_kit)}, row {last}: field 'nation, name, reform': duplicate: row {first} has "
                        "the same nation 'denmark', name 'Reventlov', reform ''"]


def test_a_reformed_twin_is_not_a_duplicate_but_a_second_one_is(pax_kit: Path) -> None:
    path = pax_kit / "blocks.csv"
    with path.open("a", encoding="utf-8") as out:
        out.write("ru-repnin-r2,russia,army,Repnin,4,B2,2,infantry,1,,reformed,,2.1,,again\n")
    problems = _refused(pax_kit)
    assert len(problems) == 1 and "duplicate" in problems[0] and "reform 'reformed'" in problems[0]


def test_every_bad_cell_is_reported_at_once(pax_kit: Path) -> None:
    path = pax_kit / "blocks.csv"
    _change(path, "Karl XII,4,A3", "Karl XII,9,Z3")
    _change(path, "ot-tatars,ottoman,", "ot-tatars,turkey,")
    problems = _refused(pax_kit)
    assert [p.split(": field ")[1].split(":")[0] for p in problems] == ["'strength'", "'rating'", "'nation'"]


def _shown(game: Path) -> str:
    from generator.kit.datafiles import display_path

    return display_path(game / "blocks.csv")
