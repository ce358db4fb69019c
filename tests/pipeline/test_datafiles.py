"""Loading YAML and CSV: positions are kept and every error names file, line or row, field."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from generator.core.errors import DataError
from generator.kit.datafiles import load_yaml, read_csv, validate_csv, validate_yaml


class Thing(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    count: int


class Things(BaseModel):
    model_config = ConfigDict(extra="forbid")
    things: list[Thing]


def test_yaml_keeps_line_numbers(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("# note\nthings:\n  - name: a\n    count: 1\n  - name: b\n    count: 2\n")
    data = load_yaml(path)
    assert data.lines["things"] == 2
    assert data["things"].lines == [3, 5]
    assert data["things"][1].lines["count"] == 6


def test_validation_error_points_at_the_line_and_field(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("things:\n  - name: a\n    count: 1\n  - name: b\n    count: many\n")
    with pytest.raises(DataError) as caught:
        validate_yaml(path, Things)
    (problem,) = caught.value.problems
    assert problem.line == 5
    assert problem.field == "things.1.count"
    assert "valid integer" in problem.message and "'many'" in problem.message
    assert str(problem).startswith(f"{path}:5: field 'things.1.count':")


def test_every_error_is_reported_at_once(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("things:\n  - name: a\n  - nme: b\n    count: 2\n")
    with pytest.raises(DataError) as caught:
        validate_yaml(path, Things)
    messages = {(p.field, p.message) for p in caught.value.problems}
    assert ("things.0.count", "required but missing") in messages
    assert ("things.1.nme", "unknown field (check the spelling)") in messages
    assert ("things.1.name", "required but missing") in messages


def test_yaml_syntax_error_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("a: 1\nb: [1, 2\nc: 3\n")
    with pytest.raises(DataError) as caught:
        load_yaml(path)
    assert caught.value.problems[0].message.startswith("YAML syntax")
    assert caught.value.problems[0].line is not None


def test_duplicate_yaml_key_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "dup.yaml"
    path.write_text("a: 1\na: 2\n")
    with pytest.raises(DataError, match="duplicate key 'a'"):
        load_yaml(path)


def test_missing_file_is_a_data_error(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="file not found"):
        load_yaml(tmp_path / "nope.yaml")


def test_csv_rows_are_numbered_as_a_spreadsheet_shows_them(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text("# a note\nName,Count\n\nx,1\n# skipped\ny,2\n")
    rows = read_csv(path)
    assert rows == [(4, {"name": "x", "count": "1"}), (6, {"name": "y", "count": "2"})]


def test_csv_errors_name_row_and_field(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text("name,count\nx,1\ny,two\nz,\n")
    with pytest.raises(DataError) as caught:
        validate_csv(path, Thing)
    problems = {(p.row, p.field) for p in caught.value.problems}
    assert problems == {(3, "count"), (4, "count")}
    assert "row 3" in str(caught.value.problems[0])


def test_csv_missing_column_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text("name\nx\n")
    with pytest.raises(DataError, match="missing column"):
        validate_csv(path, Thing, required=("name", "count"))


def test_csv_unclosed_quote_and_semicolons_are_named(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text('name,count\nx,"1\ny,2\n')
    with pytest.raises(DataError, match="a quote that is never closed"):
        read_csv(path)
    path.write_text("name;count\nx;1\n")
    with pytest.raises(DataError, match="separated by commas"):
        read_csv(path)


def test_csv_cells_may_hold_line_breaks(tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    path.write_text('name,count\n"two\nlines",1\ny,2\n')
    assert read_csv(path) == [(2, {"name": "two\nlines", "count": "1"}), (3, {"name": "y", "count": "2"})]


def test_long_wrong_values_are_shortened_in_messages(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("things:\n  - name: a\n    count: " + "x" * 500 + "\n")
    with pytest.raises(DataError) as caught:
        validate_yaml(path, Things)
    assert len(str(caught.value)) < 250
