"""Every mistake of a kit in one run (issue 33): eight planted mistakes of different kinds,
one run of ``check`` and one of ``build`` report all of them, grouped by file, each naming its
file and, in a workbook, its sheet, row and column; nothing is written."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli.app import main
from tests.pipeline.planted_kit import PLANTED, planted_kit


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("planted")
    planted_kit(root)
    return root


def _run(kit: Path, *args: str) -> tuple[int, list[str]]:
    result = CliRunner().invoke(main, ["--kit", str(kit), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    lines = result.output.splitlines()
    return result.exit_code, [line.strip() for line in lines[lines.index("Data problems (8):") + 1:]]


def _files_grouped(lines: list[str]) -> None:
    files = [line.split(":")[0].split(",")[0] for line in lines]
    seen: list[str] = []
    for file in files:
        assert file not in seen or seen[-1] == file, f"{file} is not grouped: {lines}"
        if not seen or seen[-1] != file:
            seen.append(file)


@pytest.mark.parametrize("command", [["check"], ["build", "--format", "pdf"]])
def test_one_run_reports_every_planted_mistake(kit: Path, command: list[str]) -> None:
    code, lines = _run(kit, *command)
    assert code == 2
    assert len(lines) == len(PLANTED), lines
    for mistake, (file, place) in PLANTED.items():
        assert any(file in line and place in line for line in lines), f"{mistake}: {file} {place} not in {lines}"
    _files_grouped(lines)
    assert not (kit / "output").exists()


def test_a_file_that_does_not_parse_says_so_and_hides_only_its_own_content(kit: Path) -> None:
    _, lines = _run(kit, "check")
    aid = [line for line in lines if "aid.yaml" in line]
    assert len(aid) == 1 and aid[0].startswith("data/mygame/aid.yaml:6: YAML syntax")
    assert aid[0].endswith("; the rest of this file is checked once it can be read")
