"""A CSV saved by Excel for Mac (lines ending in a lone carriage return) is read like any other."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.kit.datafiles import read_csv
from tests.hostile.conftest import GAME, Kit


@pytest.mark.parametrize("ending", ["\r", "\r\n", "\n"])
def test_each_line_end_reads_the_same_rows(tmp_path: Path, ending: str) -> None:
    path = tmp_path / "cards.csv"
    path.write_bytes(ending.join(["# notes", "id,name,text", 'a,Alpha,"two' + ending + 'lines"', "b,Beta,x", ""])
                     .encode("utf-8"))
    rows = read_csv(path)
    assert [(row, record["id"], record["text"]) for row, record in rows] == [(3, "a", "two" + ending + "lines"),
                                                                              (4, "b", "x")]


def test_a_kit_whose_csv_ends_lines_in_cr(kit: Kit) -> None:
    path = kit.path(f"{GAME}/cards/cards.csv")
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r"))
    run = kit.run("check", "mygame")
    assert run.code == 0 and "6 items" in run.output, run.output
    path.write_bytes(path.read_bytes().replace(b"guard,Guard,2", b"guard,Guard,two"))
    assert b"\n" not in path.read_bytes()
    for output in kit.check_and_build_refuse("mygame"):
        assert "data/mygame/cards/cards.csv, row 7: field 'quantity'" in output, output
