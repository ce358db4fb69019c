"""The preflight on whole kits: a new kit passes; a kit with a 5 pt text gets one finding
from ``check --preflight`` (exit 1, JSON), a build that warns and writes, or, strict, refuses;
the size found is the size in the PDF."""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf
import pytest
from click.testing import CliRunner

from generator.cli.app import main
from generator.cli.scaffold import new_kit


def _run(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(main, args)
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output


@pytest.fixture
def kit(tmp_path: Path, monkeypatch) -> Path:
    folder = tmp_path / "kit"
    new_kit(folder)
    monkeypatch.chdir(folder)
    return folder


def _small_ids(kit: Path, size: str = "5") -> None:
    """The card id at the foot of each card drawn at ``size`` pt instead of 6.5."""
    layout = kit / "data" / "mygame" / "layouts" / "card-front.yaml"
    text = layout.read_text(encoding="utf-8")
    assert "size: 6.5" in text
    layout.write_text(text.replace("size: 6.5", f"size: {size}"), encoding="utf-8")


def _game_yaml(kit: Path, extra: str) -> None:
    path = kit / "data" / "mygame" / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8") + extra, encoding="utf-8")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_new_kit_has_no_findings(kit: Path, paper: str) -> None:
    code, output = _run(["check", "--preflight", "--paper", paper])
    assert code == 0 and "preflight: no findings" in output, output


def test_a_5_pt_text_is_one_finding_exit_1_and_json(kit: Path) -> None:
    _small_ids(kit)
    code, output = _run(["check", "--preflight", "--json"])
    assert code == 1
    report = json.loads(output)
    findings = report["games"][0]["findings"]
    assert report["findings"] == 1 and len(findings) == 1
    assert findings[0]["rule"] == "text-size" and findings[0]["measured"] == "5 pt"
    assert findings[0]["file"] == "mygame/mygame-sheets-a4.pdf" and findings[0]["limit"] == "6 pt"
    assert findings[0]["what"] == "3 texts ('scout', 'guard', 'captain')"
    assert findings[0]["item"] == "scout, guard, captain"


def test_a_build_with_findings_writes_warns_and_reports_in_printing_md(kit: Path) -> None:
    _small_ids(kit)
    code, output = _run(["build"])
    assert code == 0, output
    assert "warning: preflight: mygame/mygame-sheets-a4.pdf, fronts 1" in output
    notes = (kit / "output" / "mygame" / "PRINTING.md").read_text(encoding="utf-8")
    assert "## Preflight" in notes and "preflight: 1 finding" in notes and "5 pt (limit 6 pt)" in notes
    # measured from the PDF itself: the ids are printed at 5 pt
    sheet = pymupdf.open(kit / "output" / "mygame" / "mygame-sheets-a4.pdf")
    sizes = {round(span["size"], 2) for block in sheet[0].get_text("dict")["blocks"]
             for line in block.get("lines", ()) for span in line["spans"] if span["text"] in ("scout", "guard")}
    assert sizes == {5.0}
    # a rebuild reuses every file, and still warns of what they hold
    code, output = _run(["build"])
    assert code == 0 and "reused" in output and "warning: preflight:" in output


def test_a_clean_build_says_no_findings_in_printing_md_and_a_new_finding_updates_it(kit: Path) -> None:
    code, output = _run(["build"])
    assert code == 0 and "preflight" not in output, output
    notes = kit / "output" / "mygame" / "PRINTING.md"
    assert "preflight: no findings" in notes.read_text(encoding="utf-8")
    layout = kit / "data" / "mygame" / "layouts" / "card-front.yaml"
    layout.write_text(layout.read_text(encoding="utf-8").replace('tint: gold', 'tint: "#8c3b36"'), encoding="utf-8")
    code, output = _run(["build"])
    assert code == 0 and "[contrast]" in output
    assert "symbol 'star' (#8c3b36 on #6d2c27)" in notes.read_text(encoding="utf-8")


def test_a_strict_game_refuses_to_build_on_a_finding_and_writes_nothing(kit: Path) -> None:
    _small_ids(kit)
    _game_yaml(kit, "preflight: strict\n")
    code, output = _run(["build"])
    assert code != 0 and "preflight: strict" in output and "'scout'" in output
    assert not (kit / "output" / "mygame").exists()


def test_a_lowered_floor_needs_a_reason_which_the_report_repeats(kit: Path) -> None:
    _small_ids(kit)
    _game_yaml(kit, "preflight:\n  mode: strict\n  text_pt: 5\n")
    code, output = _run(["check"])
    assert code != 0 and "game.yaml" in output and "reason" in output
    _game_yaml(kit, "  reason: the ids are for sorting only\n")
    code, output = _run(["check", "--preflight"])
    assert code == 0, output
    assert "text floor 5 pt, lowered in game.yaml: the ids are for sorting only" in output


EDGE_TO_EDGE = """layouts:
  edge-to-edge:
    type: template
    paper: a4
    cols: 3
    rows: 3
    width: 63.5
    height: 88.9
    left: 2
    top: 12
    col_pitch: 63.5
    row_pitch: 88.9
"""


def test_a_sheet_inked_in_the_margin_is_one_finding_and_margin_sets_it(kit: Path) -> None:
    (kit / "data" / "sheets").mkdir(parents=True)
    (kit / "data" / "sheets" / "layouts.yaml").write_text(EDGE_TO_EDGE, encoding="utf-8")
    game = kit / "data" / "mygame" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("sheet: cards ", "sheet: edge-to-edge "), encoding="utf-8")
    code, output = _run(["check", "--preflight"])
    margin = [line for line in output.splitlines() if line.endswith("[margin]")]
    assert code == 1 and len(margin) == 1, output
    assert margin[0].endswith("a shape inked in the printer margin: 2.0 mm from the left edge (limit 4.5 mm) [margin]")
    code, output = _run(["check", "--preflight", "--margin", "1.5"])
    assert "[margin]" not in output, output
    # the cards' own grid keeps clear of a wider margin: it lays out fewer cards instead
    game.write_text(game.read_text(encoding="utf-8").replace("sheet: edge-to-edge ", "sheet: cards "), encoding="utf-8")
    code, output = _run(["check", "--preflight", "--margin", "12"])
    assert code == 0, output


def test_a_grey_on_grey_symbol_in_a_kit_is_one_contrast_finding(kit: Path) -> None:
    layout = kit / "data" / "mygame" / "layouts" / "card-front.yaml"
    text = layout.read_text(encoding="utf-8")
    layout.write_text(text.replace('tint: gold', 'tint: "#8c3b36"'), encoding="utf-8")
    code, output = _run(["check", "--preflight"])
    assert code == 1 and "preflight: 1 finding" in output
    assert "symbol 'star' (#8c3b36 on #6d2c27): 1.37:1 (limit 3:1) [contrast]" in output


def test_a_colour_set_read_from_a_table_reports_the_pair_that_merges(kit: Path) -> None:
    (kit / "data" / "mygame" / "sides.yaml").write_text(
        "sides:\n  danes: {colour: '#9c2a22'}\n  swedes: {colour: '#3f6b32'}\n  poles: {colour: paper}\n",
        encoding="utf-8")
    game = kit / "data" / "mygame" / "game.yaml"
    text = game.read_text(encoding="utf-8").replace("components:", "tables:\n  sides: sides.yaml\ncomponents:")
    game.write_text(text + "preflight:\n  colour_sets:\n    sides: {table: sides.sides}\n", encoding="utf-8")
    code, output = _run(["check", "--preflight"])
    assert code == 1 and "preflight: 1 finding" in output, output
    assert "colour set sides: danes (#9c2a22) and swedes (#3f6b32) merge under deuteranopia" in output
    game.write_text(text + "preflight:\n  colour_sets:\n    sides: {table: sides.nations}\n", encoding="utf-8")
    code, output = _run(["check", "--preflight"])
    assert code != 0 and "preflight.colour_sets.sides.table" in output and "no 'nations'" in output


RESERVE = """  - kind: cards
    id: reserve
    title: Reserve
    source: cards/reserve.csv
    front: layouts/card-front.yaml
    back: layouts/card-back.yaml
    sheet: cards
"""


def test_sheets_of_their_own_for_two_small_decks_are_one_paper_use_finding(kit: Path) -> None:
    """Two decks of 2 and 3 cards: one sheet packed (no finding), two with --sheets
    per-component: 4 pages where the pieces could fill 2, over 1.15 times the fewest."""
    cards = kit / "data" / "mygame" / "cards"
    rows = (cards / "cards.csv").read_text(encoding="utf-8").splitlines()
    head = [r for r in rows if r.startswith("#") or r.startswith("id,")]
    (cards / "cards.csv").write_text("\n".join([*head, "scout,Scout,2,unit,1,1,Look at the top card."]) + "\n",
                                     encoding="utf-8")
    (cards / "reserve.csv").write_text("\n".join([*head, "guard,Guard,3,unit,2,2,Blocks one attack."]) + "\n",
                                       encoding="utf-8")
    _game_yaml(kit, RESERVE)
    code, output = _run(["check", "--preflight", "--json"])
    assert code == 0 and json.loads(output)["findings"] == 0, output
    code, output = _run(["check", "--preflight", "--json", "--sheets", "per-component"])
    findings = json.loads(output)["games"][0]["findings"]
    assert code == 1 and len(findings) == 1, output
    found = findings[0]
    assert found["rule"] == "paper-use" and found["file"] == "mygame/cards/cards-sheets-a4.pdf"
    assert found["measured"] == "2.00x the fewest pages" and found["limit"] == "1.15x"
    assert found["what"] == ("4 pages of piece sheets (mygame/cards/cards-sheets-a4.pdf, "
                             "mygame/cards/reserve-sheets-a4.pdf) where the pieces could fill 2")
    # measured as the PDFs have it: a build writes 2 + 2 pages, the default build 2
    code, output = _run(["build", "--sheets", "per-component"])
    assert code == 0 and "[paper-use]" in output, output
    out = kit / "output" / "mygame"
    assert [pymupdf.open(out / "cards" / f"{deck}-sheets-a4.pdf").page_count for deck in ("cards", "reserve")] == [2, 2]
    code, output = _run(["build"])
    assert code == 0 and "[paper-use]" not in output and pymupdf.open(out / "mygame-sheets-a4.pdf").page_count == 2


def _map(kit: Path, rows: int, legend: str) -> None:
    """A map of 24 columns of 16 mm hexes and ``rows`` rows, a camp, and the legend at 1205 (1202 on a
    low map: one row lower it would run past the map's edge) with ``legend`` as the camp's words,
    added to the kit's game."""
    terrain = "\n".join("  " + " ".join("L" for _ in range(24)) for _ in range(rows))
    (kit / "data" / "mygame" / "map.yaml").write_text(f"""id: field
title: Field
grid: {{cols: 24, rows: {rows}, flat_mm: 16}}
terrains:
  - {{name: land, key: L, fill: "#ddcb98"}}
terrain_rows: |
{terrain}
features:
  - {{kind: camp, hexes: ["0502"], name: Camp}}
decor:
  legend: "12{min(rows - 1, 5):02d}"
legend:
  camp: "{legend}"
""", encoding="utf-8")
    path = kit / "data" / "mygame" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    entry = "  - {kind: map, id: field, title: Field, source: map.yaml}\n"
    if entry not in text:
        path.write_text(text.replace("components:\n", "components:\n" + entry, 1), encoding="utf-8")


def _findings(paper: str = "a4") -> list[dict]:
    code, output = _run(["check", "--preflight", "--json", "--paper", paper])
    return json.loads(output)["games"][0]["findings"]


def test_a_legend_wider_than_a_tile_is_one_tiling_finding(kit: Path) -> None:
    # 308 mm: wider than a tile (281 mm on A4), within the map (337 mm): a wider one is refused
    _map(kit, 10, "A camp where the troops of either side may rest and gather again before the next battle")
    found = _findings()
    assert [(f["rule"], f["file"], f["item"], f["limit"]) for f in found] == \
        [("tiling", "mygame/map/field-a4-tiled.pdf", "legend", "no seam across a legend or title")]
    _map(kit, 10, "Camp")                          # a legend that fits a tile: the seams go round it
    assert _findings() == [] and _findings("letter") == []


def test_a_map_tiled_into_low_strips_is_one_mostly_blank_finding(kit: Path) -> None:
    _map(kit, 3, "Camp")
    found = _findings()
    assert [(f["rule"], f["what"], f["item"], f["limit"]) for f in found] == \
        [("tiling", "tile page mostly blank", "A1, B1", "at most 50%")]
    assert found[0]["measured"].endswith("% of the page blank") and int(found[0]["measured"][:2]) > 50
