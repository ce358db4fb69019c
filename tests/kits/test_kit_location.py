"""Which kit pnpkit works on (--kit, else the working directory or a parent, else the bundled
games), where its output goes, its own sheet definitions, and how messages name its files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pymupdf
import pytest
import yaml
from click.testing import CliRunner

from generator.cli.app import main
from generator.kit.datafiles import display_path
from generator.kit.location import BUNDLED, FOUND, GIVEN, bundled_root, current_kit, find_kit, use_kit

ROOT = Path(__file__).resolve().parents[2]


def _empty_game_kit(folder: Path, game: str = "empty") -> Path:
    """A kit whose one game has no components: quick to list and build."""
    (folder / "data" / game).mkdir(parents=True)
    (folder / "data" / game / "game.yaml").write_text(f"id: {game}\ntitle: Nothing yet\n", encoding="utf-8")
    return folder


def _event_cards_kit(folder: Path) -> Path:
    """A kit holding Stockholm 1520 with only its event deck (9 cards)."""
    shutil.copytree(ROOT / "data" / "stockholm1520", folder / "data" / "stockholm1520")
    game_file = folder / "data" / "stockholm1520" / "game.yaml"
    spec = yaml.safe_load(game_file.read_text(encoding="utf-8"))
    spec["components"] = [c for c in spec["components"] if c["id"] == "event-cards"]
    game_file.write_text(yaml.safe_dump(spec, sort_keys=False), encoding="utf-8")
    return folder


def _invoke(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(main, args)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_kit_option_wins_over_the_kit_around_the_working_directory(tmp_path: Path, monkeypatch) -> None:
    here = _empty_game_kit(tmp_path / "here", "here")
    other = _empty_game_kit(tmp_path / "other", "other")
    monkeypatch.chdir(here / "data")
    code, output = _invoke(["list"])
    assert code == 0 and output.splitlines()[0] == f"Kit: {here.resolve()} ({FOUND})"
    assert "here  Nothing yet" in output and "other" not in output
    code, output = _invoke(["--kit", str(other), "list"])
    assert code == 0 and output.splitlines()[0] == f"Kit: {other.resolve()} ({GIVEN})"
    assert "other  Nothing yet" in output and "here  " not in output


def test_the_nearest_parent_holding_a_game_is_the_kit_and_output_goes_into_it(tmp_path: Path, monkeypatch) -> None:
    kit = _event_cards_kit(tmp_path / "kit")
    monkeypatch.chdir(kit / "data" / "stockholm1520" / "cards")
    assert find_kit() == find_kit(start=kit / "data" / "stockholm1520" / "cards")
    assert current_kit().root == kit.resolve() and current_kit().how == FOUND
    code, output = _invoke(["build", "--only", "cards", "--format", "pdf"])
    assert code == 0, output
    assert output.strip().endswith("-> output")       # named from the kit, wherever the command ran
    assert (kit / "output" / "stockholm1520" / "stockholm1520-sheets-a4.pdf").is_file()
    assert not (kit / "data" / "stockholm1520" / "cards" / "output").exists()


def test_outside_any_kit_the_bundled_games_build_into_the_working_directory(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    kit = current_kit()
    assert kit.how == BUNDLED and kit.root == bundled_root() and kit.output_dir() == tmp_path / "output"
    code, output = _invoke(["list"])
    assert code == 0 and output.splitlines()[0] == f"Kit: the games bundled with pnpkit ({bundled_root()})"
    assert "stockholm1520  Stockholm 1520" in output
    code, output = _invoke(["build", "--only", "calibration"])
    assert code == 0, output
    assert (tmp_path / "output" / "calibration-a4.pdf").is_file()


def test_a_folder_that_is_no_kit_is_refused_with_the_reason(tmp_path: Path) -> None:
    kit = _empty_game_kit(tmp_path / "kit")
    code, output = _invoke(["--kit", str(tmp_path / "nowhere"), "list"])
    assert code == 2 and "is not a folder" in output
    (tmp_path / "blank").mkdir()
    code, output = _invoke(["--kit", str(tmp_path / "blank"), "list"])
    assert code == 2 and "holds no data/<game>/game.yaml" in output and "pnpkit new DIR" in output
    code, output = _invoke(["--kit", str(kit / "data"), "list"])
    assert code == 2 and f"the kit holding it is {kit.resolve()}" in output


def test_a_kits_own_sheets_extend_and_override_the_bundled_ones(tmp_path: Path) -> None:
    kit = _event_cards_kit(tmp_path / "kit")
    sheets = kit / "data" / "sheets"
    sheets.mkdir()
    (sheets / "papers.yaml").write_text("papers:\n  a5: {label: A5, width: 148, height: 210}\n", encoding="utf-8")
    (sheets / "sizes.yaml").write_text("sizes:\n  poker: {width: 60, height: 84}\n", encoding="utf-8")
    (sheets / "layouts.yaml").write_text("layouts:\n  roomy: {type: grid, gap: 2}\n", encoding="utf-8")
    with use_kit(kit):
        from generator.kit.sizes import named_sizes
        from generator.printing.layouts import layouts, papers

        assert {"a4", "letter", "a3", "a5"} <= set(papers())
        assert named_sizes()["poker"].width == 60 and named_sizes()["bridge"].width == 57.15
        assert {"cards", "avery-5160", "roomy"} <= set(layouts())

    out = tmp_path / "out"
    code, output = _invoke(["--kit", str(kit), "build", "--only", "cards", "--paper", "a5", "--format", "pdf",
                            "--out", str(out)])
    assert code == 0, output
    page = pymupdf.open(out / "stockholm1520" / "stockholm1520-sheets-a5.pdf")[0].rect
    assert (round(page.width / 72 * 25.4), round(page.height / 72 * 25.4)) == (148, 210)
    entries = json.loads((out / "manifest.json").read_text())["files"]
    assert {tuple(e["trim_mm"]) for e in entries if e["kind"] == "cards"} == {(60, 84)}

    code, output = _invoke(["--kit", str(kit), "build", "--paper", "b5", "--out", str(out)])
    assert code == 2 and "unknown paper 'b5'; choose from a4, letter, a3, a5" in output
    code, output = _invoke(["build", "--paper", "a5", "--out", str(out)])    # the repository's kit has no A5
    assert code == 2 and "unknown paper 'a5'" in output


def test_messages_name_the_kits_files_relative_to_the_kit(tmp_path: Path, monkeypatch) -> None:
    kit = _event_cards_kit(tmp_path / "kit")
    csv = kit / "data" / "stockholm1520" / "cards" / "event_cards.csv"
    csv.write_text(csv.read_text().replace("E-BRIDGE,The Bridge,bridge,,danish,1", "E-BRIDGE,The Bridge,bridge,,danish,lots"))
    (kit / "data" / "sheets").mkdir()
    (kit / "data" / "sheets" / "papers.yaml").write_text("papers:\n  a5: {label: A5, width: wide, height: 210}\n")
    monkeypatch.chdir(tmp_path)
    code, output = _invoke(["--kit", "kit", "check"])
    assert code == 2
    assert "  data/stockholm1520/cards/event_cards.csv, row 8: field 'quantity'" in output
    assert "  data/sheets/papers.yaml:2: field 'papers.a5.width'" in output
    assert str(tmp_path) not in output


def test_the_bot_and_the_map_commands_work_on_the_kit_given(tmp_path: Path, monkeypatch) -> None:
    kit = tmp_path / "kit"
    shutil.copytree(ROOT / "data" / "stockholm1520", kit / "data" / "stockholm1520")
    (kit / "data" / "stockholm1520" / "map.yaml").write_text("this: is not a map\n")
    monkeypatch.chdir(tmp_path)
    code, output = _invoke(["--kit", "kit", "bot", "new", "--seed", "1", "--save", "a.json"])
    assert code == 2 and "map.yaml" in output and not (tmp_path / "a.json").exists()
    code, output = _invoke(["bot", "new", "--seed", "1", "--save", "b.json"])     # outside the kit: the bundled game
    assert code == 0, output

    elsewhere = _empty_game_kit(tmp_path / "elsewhere")                            # no Stockholm 1520 of its own
    with use_kit(elsewhere):
        from bot.stockholm1520.gamedata import game_folder

        assert game_folder() == bundled_root() / "data" / "stockholm1520"
    with use_kit(kit):
        assert game_folder() == kit / "data" / "stockholm1520"

    code, output = _invoke(["--kit", "kit", "hexgrid", "--cols", "3", "--rows", "3", "--format", "svg"])
    assert code == 0, output
    assert output.split() == ["output/hexgrid/hexgrid-3x3-16mm.svg"]
    assert (kit / "output" / "hexgrid" / "hexgrid-3x3-16mm.svg").is_file()


def test_library_callers_choose_a_kit_with_use_kit(tmp_path: Path) -> None:
    from generator.loading.games import discover_games, load_games

    kit = _empty_game_kit(tmp_path / "kit", "solo")
    with use_kit(kit) as chosen:
        assert chosen.how == GIVEN and discover_games() == ["solo"]
        assert [g.title for g in load_games()] == ["Nothing yet"]
        assert display_path(kit / "data" / "solo" / "game.yaml") == "data/solo/game.yaml"
        assert display_path(bundled_root() / "data" / "sheets" / "papers.yaml") == "<pnpkit>/data/sheets/papers.yaml"
    assert "solo" not in discover_games()
    with pytest.raises(ValueError, match="is not a kit"):
        with use_kit(tmp_path):
            pass
