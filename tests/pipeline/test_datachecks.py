"""game.yaml ``checks:``: what a data file must hold, reported by file, row or line, and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import game_kit

from generator.core.errors import DataError
from generator.loading.games import load_game



@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return game_kit(tmp_path, monkeypatch, "g", {
        "kinds.yaml": "horse: {}\nfoot: {}\n",
        "units.csv": "id,kind,size\nu1,horse,2\nu2,foot,3\n",
        "units.yaml": "- {id: a, size: 1}\n- {id: b,\n   size: 9}\n"})


def _game_yaml(folder: Path, checks: str) -> None:
    (folder / "game.yaml").write_text("id: g\ntitle: G\ntables: {kinds: kinds.yaml}\nchecks:\n" + checks,
                                      encoding="utf-8")


def _problems() -> list[str]:
    with pytest.raises(DataError) as err:
        load_game("g")
    return [str(p) for p in err.value.problems]


def test_good_data_passes(game: Path) -> None:
    _game_yaml(game, "  units.csv:\n    columns: {kind: {table: kinds}, size: {integer: true, min: 1, max: 3}}\n")
    assert load_game("g").id == "g"


def test_a_yaml_list_reports_the_line_of_the_bad_value(game: Path) -> None:
    _game_yaml(game, "  units.yaml:\n    columns: {size: {integer: true, max: 4}}\n")
    problems = _problems()
    assert len(problems) == 1 and problems[0].endswith("units.yaml:3: field 'size': expected a whole number of "
                                                       "at most 4, got '9'")


def test_a_required_column_left_blank_and_a_missing_column(game: Path) -> None:
    (game / "units.csv").write_text("id,kind,size\nu1,,2\n", encoding="utf-8")
    _game_yaml(game, "  units.csv:\n    columns: {kind: {required: true}, colour: {one_of: [red]}}\n")
    problems = _problems()
    assert any("units.csv, row 1: field 'colour': no column 'colour'" in p for p in problems)
    assert any("units.csv, row 2: field 'kind': required but empty" in p for p in problems)


def test_mistakes_in_the_checks_themselves_name_game_yaml(game: Path) -> None:
    _game_yaml(game, "  units.csv:\n    columns: {kind: {table: sorts}, size: {min: 3, max: 1}}\n"
                     "  nothing.csv: {}\n  ../../../outside.csv: {}\n")
    problems = _problems()
    assert any("game.yaml:6: field 'checks.units.csv.columns.size': min 3 is above max 1" in p for p in problems), problems
    assert any("game.yaml:7: field 'checks.nothing.csv': no file 'nothing.csv'" in p for p in problems)
    assert any("game.yaml:8: field 'checks.../../../outside.csv'" in p and "outside the kit" in p for p in problems)


def test_a_table_the_checks_name_must_exist(game: Path) -> None:
    _game_yaml(game, "  units.csv:\n    columns: {kind: {table: sorts}}\n")
    problems = _problems()
    assert len(problems) == 1 and "no table 'sorts' under tables: (known: kinds)" in problems[0]
