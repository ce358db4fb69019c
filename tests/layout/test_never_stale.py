"""Whatever a build leaves in the output folder is current: a partial build keeps the game-wide
files (TTS save, proof sheet, PRINTING.md) in step with every component, and removes (saying
so) the files of an earlier build that it did not redraw and whose inputs changed."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from generator.cli.app import main

from tests.layout.conftest import replace_in

TILES = """  - kind: tiles
    id: crests
    title: Crests
    source: heroes.csv
    front: layouts/hero-back.yaml
"""


def _with_tiles(kit: Path) -> None:
    (kit / "game.yaml").write_text((kit / "game.yaml").read_text(encoding="utf-8") + TILES, encoding="utf-8")


def _build(*args: str) -> str:
    result = CliRunner().invoke(main, ["build", "heroes", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_a_partial_build_keeps_the_tts_save_and_printing_notes_whole(kit: Path, tmp_path: Path) -> None:
    _with_tiles(kit)
    out = tmp_path / "out"
    _build("--only", "tiles", "--format", "pdf,tts", "--out", str(out))
    saves = list((out / "heroes").rglob("*.json"))
    assert saves, list((out / "heroes").rglob("*"))
    text = "".join(path.read_text(encoding="utf-8") for path in saves)
    assert "Hero cards" in text and "Crests" in text          # both components, not only the tiles
    notes = (out / "heroes" / "PRINTING.md").read_text(encoding="utf-8")
    assert "heroes-sheets-card-a4.pdf" in notes and "heroes-sheets-board-a4.pdf" in notes and "crests" in notes


def test_files_of_an_earlier_build_drawn_from_a_changed_layout_are_removed_and_said(kit: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build("--format", "png", "--out", str(out))
    pngs = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.png"))
    assert pngs
    replace_in(kit / "layouts" / "hero-front.yaml", "size: 12, colour: paper", "size: 11, colour: paper")
    said = _build("--out", str(out))          # PDF and SVG only, as watch draws
    assert "Removed" in said and "drawn from data changed since" in said
    left = {p.relative_to(out).as_posix() for p in out.rglob("*.png")}
    fronts = [p for p in pngs if "H-ASA" in p]
    assert fronts and not set(fronts) & left         # the old fronts' pictures are gone
    listed = {entry["path"] for entry in json.loads((out / "manifest.json").read_text())["files"]}
    assert not set(fronts) & listed
    assert left <= listed                             # what is left is what the manifest vouches for


def test_files_whose_inputs_did_not_change_are_kept(kit: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build("--format", "png", "--out", str(out))
    pngs = sorted(out.rglob("*.png"))
    said = _build("--out", str(out))
    assert "Removed" not in said
    assert sorted(out.rglob("*.png")) == pngs


def test_the_files_of_a_card_whose_row_is_gone_are_removed(kit: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build("--out", str(out))
    cards = out / "heroes" / "cards" / "heroes"
    assert (cards / "H-EIR.pdf").is_file()
    lines = (kit / "heroes.csv").read_text(encoding="utf-8").splitlines(keepends=True)
    (kit / "heroes.csv").write_text("".join(line for line in lines if not line.startswith("H-EIR")), encoding="utf-8")
    said = _build("--out", str(out))
    assert "Removed 2 files" in said and "H-EIR.pdf" in said
    assert not (cards / "H-EIR.pdf").exists() and not (cards / "H-EIR-front.svg").exists()
    assert (cards / "H-ASA.pdf").is_file()


def test_the_sheets_of_another_paper_go_when_a_row_is_added_and_the_other_cards_are_reused(kit: Path,
                                                                                           tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build("--out", str(out))
    said = _build("--paper", "letter", "--out", str(out))
    assert "Removed" not in said                      # the A4 sheets hold the deck as it is: kept
    sheets = out / "heroes"                           # the game's shared sheets
    assert (sheets / "heroes-sheets-a4.pdf").is_file() and (sheets / "heroes-sheets-letter.pdf").is_file()
    with (kit / "heroes.csv").open("a", encoding="utf-8") as csv:
        csv.write('H-ULF,Ulf,bear,2,1,"Ulf guards the hall."\n')
    said = _build("--out", str(out))
    assert "Removed 1 file" in said and "heroes-sheets-letter.pdf" in said
    assert not (sheets / "heroes-sheets-letter.pdf").exists()
    assert "1 item rendered, 3 reused" in said        # the new card alone is drawn; the others' files are reused
