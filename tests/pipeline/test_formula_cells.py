"""A CSV cell that looks like a spreadsheet formula is a warning that says how to quote it
(issue 33): a CSV file holds no formula's value, so ``=1+1`` would print as written."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli.app import main
from generator.cli.scaffold import new_kit
from generator.kit.formulas import looks_like_formula


@pytest.mark.parametrize("cell", ["=1+1", "=SUM(A1:A3)", "+A2*3", "-B7", "@SUM(A1:A2)", "-2*3", "+1+1"])
def test_formulas_are_found(cell: str) -> None:
    assert looks_like_formula(cell)


@pytest.mark.parametrize("cell", ["-3", "+1", "-2.5", "+1,000", "50%", "-1e3", "- draw a card", "@alice", "=", "-",
                                  " =1+1", "Gain +1 power", "+44 20 7946 0000"])
def test_numbers_and_text_are_not(cell: str) -> None:
    assert not looks_like_formula(cell)


def test_check_warns_of_a_formula_cell_naming_its_row_and_column_and_how_to_quote_it(tmp_path: Path) -> None:
    new_kit(tmp_path, "mygame", "My Game")
    csv = tmp_path / "data" / "mygame" / "cards" / "cards.csv"
    text = csv.read_text(encoding="utf-8")
    csv.write_text(text.replace("guard,Guard,2,unit,2,2,", "guard,Guard,2,unit,-2,=1+1,"), encoding="utf-8")
    result = CliRunner().invoke(main, ["--kit", str(tmp_path), "check"])
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.output.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1, result.output                  # -2 is a number, not a formula
    assert "cards.csv row 7, column cost: '=1+1' looks like a spreadsheet formula" in warnings[0]
    assert "begin the cell with a space (' =1+1')" in warnings[0]
    csv.write_text(text.replace("guard,Guard,2,unit,2,2,", "guard,Guard,2,unit,2, =1+1,"), encoding="utf-8")
    quoted = CliRunner().invoke(main, ["--kit", str(tmp_path), "check"])
    assert "warning:" not in quoted.output
