"""One rule of exit codes for every command (issue 33, README "Exit codes"): 2 for bad input
(a data problem, text or a reference sheet that does not fit, a glyph no font has, a bad
option), 1 for the findings and failures of a valid kit (the preflight's findings, a folder
that cannot be written), 0 when done. Each case is a command a designer runs."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Callable

import pytest
from click.testing import CliRunner

from generator.cli.app import main
from generator.cli.scaffold import new_kit

ROOT = Path(__file__).resolve().parents[2]


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _bad_quantity(kit: Path) -> None:
    _replace(kit / "data" / "mygame" / "cards" / "cards.csv", "guard,Guard,2,", "guard,Guard,two,")


def _long_text(kit: Path) -> None:
    _replace(kit / "data" / "mygame" / "cards" / "cards.csv", "Blocks one attack each round.",
             " ".join(["Blocks one attack each round."] * 20))


def _aid_too_long(kit: Path) -> None:
    shutil.copytree(ROOT / "data" / "christinaregina", kit / "data" / "christinaregina")
    filler = "".join(f"      - text: \"{'A rule that goes on and on. ' * 12}\"\n" for _ in range(40))
    with (kit / "data" / "christinaregina" / "reference.yaml").open("a", encoding="utf-8") as file:
        file.write(f"\n  - title: Too much\n    blocks:\n{filler}")


def _small_ids(kit: Path) -> None:
    _replace(kit / "data" / "mygame" / "layouts" / "card-front.yaml", "size: 6.5", "size: 5")


def _strict_small_ids(kit: Path) -> None:
    _small_ids(kit)
    path = kit / "data" / "mygame" / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "preflight: strict\n", encoding="utf-8")


def _output_is_a_file(kit: Path) -> None:
    (kit / "output").write_text("not a folder", encoding="utf-8")


def _bad_map(kit: Path) -> None:
    (kit / "my-map.yaml").write_text("id: m\ntitle: M\ngrid: {cols: 0, rows: 3, flat_mm: 20}\n", encoding="utf-8")


def _nothing(kit: Path) -> None:
    pass


CASES: dict[str, tuple[Callable[[Path], None], list[str], int]] = {
    "check, a data problem": (_bad_quantity, ["check"], 2),
    "build, a data problem": (_bad_quantity, ["build", "--format", "pdf"], 2),
    "check, card text that does not fit": (_long_text, ["check"], 2),
    "build, card text that does not fit": (_long_text, ["build", "--format", "pdf"], 2),
    "check, a player aid that does not fit": (_aid_too_long, ["check", "christinaregina"], 2),
    "build, a player aid that does not fit": (_aid_too_long, ["build", "christinaregina", "--format", "pdf"], 2),
    "map check, a bad map": (_bad_map, ["map", "check", "my-map.yaml"], 2),
    "build, an unknown paper": (_nothing, ["build", "--paper", "a7"], 2),
    "check --preflight, a finding": (_small_ids, ["check", "--preflight"], 1),
    "build, a strict game's finding": (_strict_small_ids, ["build", "--format", "pdf"], 1),
    "build, the output folder is a file": (_output_is_a_file, ["build", "--format", "pdf"], 1),
    "check, all is well": (_nothing, ["check"], 0),
}


@pytest.mark.parametrize("case", list(CASES))
def test_every_command_keeps_the_rule(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str) -> None:
    plant, args, expected = CASES[case]
    kit = tmp_path / "kit"
    new_kit(kit)
    plant(kit)
    monkeypatch.chdir(kit)
    result = CliRunner().invoke(main, args)
    assert "Traceback" not in result.output
    assert result.exit_code == expected, f"{case}: {result.output}"
