"""A typo in a data file's header is caught: an error for a near miss of a column pnpkit
reads, a warning (with the closest known name) for a column nothing reads."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli.app import main
from generator.core.errors import DataError
from generator.core.notices import collecting
from generator.layout.columns import names_in
from generator.loading.games import load_game

from tests.layout.conftest import replace_in

HEADER = "id,name,house,strength,quantity,text"


def test_a_near_miss_of_quantity_is_an_error_naming_file_and_column(kit: Path) -> None:
    replace_in(kit / "heroes.csv", HEADER, "id,name,house,strength,quantitiy,text")
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    [problem] = [p for p in caught.value.problems if p.field == "quantitiy"]
    assert problem.file.endswith("heroes/heroes.csv")
    assert "unknown column 'quantitiy': did you mean quantity?" in problem.message


def test_check_fails_on_it_with_exit_code_2(kit: Path) -> None:
    replace_in(kit / "heroes.csv", HEADER, "di,name,house,strength,quantity,text")
    result = CliRunner().invoke(main, ["check", "heroes"])
    assert result.exit_code == 2, result.output
    assert "unknown column 'di': did you mean id?" in result.output


def test_a_column_no_layout_reads_is_a_warning_with_the_closest_name(kit: Path) -> None:
    # 'strenth' is read by nothing, and the front reads 'strength' (the layout no longer does, here)
    replace_in(kit / "heroes.csv", HEADER, "id,name,house,strength,quantity,text,strenth,artist")
    text = (kit / "heroes.csv").read_text(encoding="utf-8").splitlines()
    (kit / "heroes.csv").write_text("\n".join([text[0]] + [line + ",5,Anna" for line in text[1:]]) + "\n",
                                    encoding="utf-8")
    with collecting() as warnings:
        load_game("heroes")
    assert any("heroes.csv: column 'strenth' is read by no layout, check or pnpkit: did you mean strength?" in w
               for w in warnings), warnings
    assert any("column 'artist' is read by no layout, check or pnpkit" in w and "did you mean" not in w
               for w in warnings), warnings


def test_columns_a_check_names_or_notes_are_not_reported(kit: Path) -> None:
    replace_in(kit / "heroes.csv", HEADER, "id,name,house,strength,quantity,text,artist,rule")
    text = (kit / "heroes.csv").read_text(encoding="utf-8").splitlines()
    (kit / "heroes.csv").write_text("\n".join([text[0]] + [line + ",Anna,2.1" for line in text[1:]]) + "\n",
                                    encoding="utf-8")
    replace_in(kit / "game.yaml", "components:", "checks:\n  heroes.csv:\n    columns:\n      artist: {required: true}\n"
                                                 "components:")
    with collecting() as warnings:
        load_game("heroes")
    assert not [w for w in warnings if "is read by no layout" in w], warnings


def test_the_names_an_expression_reads() -> None:
    assert names_in("{{ palette[house] | mix('ink', 0.2) }}") == {"palette", "house"}
    assert names_in("{{ item.cost + item['kind'] }}") == {"item", "cost", "kind"}
    assert names_in("strength >= 4") == {"strength"}
    assert names_in("{% for x in range(3) %}{{ x }}{% endfor %}") == set()   # range is a global


def test_near_misses() -> None:
    from generator.core.near_miss import closest
    assert closest("di", ["id", "quantity"]) == "id"
    assert closest("quantitiy", ["id", "quantity"]) == "quantity"
    assert closest("qty", ["id", "quantity"]) is None
    assert closest("artist", ["id", "name", "title"]) is None
