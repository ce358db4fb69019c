"""One bad colour value is one message, at its line, found when the data is read (issue 33):
not one per paper and per file, never a traceback, and a message that lists the palette."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli.app import main
from generator.cli.scaffold import new_kit

CASES = {   # game, file, what is written, what it becomes, where the one message points
    "a reference sheet's colour": ("christinaregina", "reference.yaml", 'colours: {rule: "#5b2a6e"}',
                                   'colours: {rule: "#5b2a6"}', "reference.yaml:13: field 'layout.colours.rule'"),
    "a map terrain's fill": ("breitenfeld1631", "map.yaml", 'fill: "#e4d6a8"', 'fill: "#e4d6a"',
                             "map.yaml:27: field 'terrains.0.fill'"),
    "a track box's colour": ("stockholm1520", "tracks.yaml", 'tag: M, colour: "#2f5a8a"}', 'tag: M, colour: "#2f5a8"}',
                             "tracks.yaml:29: field 'tracks.1.boxes.2.colour'"),
}


@pytest.mark.parametrize("command", ["check", "build"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_one_bad_colour_is_one_message(project_copy: Path, case: str, command: str) -> None:
    game, file, old, new, where = CASES[case]
    path = project_copy / "data" / game / file
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    args = [command, game] + (["--format", "pdf,svg", "--out", str(project_copy / "out")] if command == "build" else [])
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception, SystemExit)
    assert "Data problems (1):" in result.output, result.output
    assert where in result.output


def test_mix_names_the_palette(tmp_path: Path) -> None:
    new_kit(tmp_path, "mygame", "My Game")
    front = tmp_path / "data" / "mygame" / "layouts" / "card-front.yaml"
    front.write_text(front.read_text(encoding="utf-8").replace("mix('ink', 0.35)", "mix('inc', 0.35)"), encoding="utf-8")
    result = CliRunner().invoke(main, ["--kit", str(tmp_path), "check"])
    assert result.exit_code == 2
    assert ("mix: unknown colour 'inc': expected a palette name (accent, gold, hero, ink, paper, unit) or '#rrggbb'"
            in result.output), result.output
    assert result.output.count("unknown colour") == 1
