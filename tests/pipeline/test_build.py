"""Builds: incremental reuse, all-or-nothing writes, and the CLI around them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.build.engine import build
from generator.cli.app import main
from generator.outputs.registry import component_jobs
from generator.pieces.job import BuildOptions

OPTIONS = BuildOptions(paper="a4", formats=frozenset({"pdf", "svg"}))


def _snapshot(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in out.rglob("*") if p.is_file()}


def test_rebuild_after_one_card_changed_renders_only_what_it_affects(project_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = build(["stockholm1520"], OPTIONS, out, only={"cards"})
    assert not first.reused
    again = build(["stockholm1520"], OPTIONS, out, only={"cards"})
    assert not again.written and len(again.reused) == len(first.written)
    assert again.item_counts() == (0, 55 + 63)     # the cards, and the counters on the shared sheets

    csv = project_copy / "data" / "stockholm1520" / "cards" / "event_cards.csv"
    csv.write_text(csv.read_text().replace("lands after 5 turns", "lands after five turns"))
    third = build(["stockholm1520"], OPTIONS, out, only={"cards"})
    written = sorted(str(j.path) for j in third.written if "PRINTING.md" not in str(j.path))
    # the card sheets hold every card of the game (one stock a file: the counters are on the
    # board sheets, not drawn again): drawn again whole, never half
    assert written == ["stockholm1520/cards/event-cards/E-SHIP-front.svg", "stockholm1520/cards/event-cards/E-SHIP.pdf",
                       "stockholm1520/stockholm1520-proof.pdf", "stockholm1520/stockholm1520-proof.png",
                       "stockholm1520/stockholm1520-sheets-card-a4.pdf"]
    sheets = json.loads((out / "manifest.json").read_text())["files"]
    shared = next(e for e in sheets if e["path"] == "stockholm1520/stockholm1520-sheets-card-a4.pdf")
    assert shared["items"] == 48 + 9 + 2         # zone cards and event cards, and the track strips on card stock
    board = next(e for e in sheets if e["path"] == "stockholm1520/stockholm1520-sheets-board-a4.pdf")
    assert board["items"] == 63                  # the counters, on their own stock
    # the board sheets are reused: no counter is drawn again; the card sheets' strips (no file of
    # their own) are drawn again with them
    assert third.item_counts() == (1 + 2, 54)
    assert "(3 items rendered, 54 reused)" in third.summary()


def test_a_bad_data_file_writes_nothing(project_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(["stockholm1520"], OPTIONS, out, only={"cards"})
    before = _snapshot(out)
    csv = project_copy / "data" / "stockholm1520" / "cards" / "event_cards.csv"
    csv.write_text(csv.read_text().replace("E-BRIDGE,The Bridge,bridge,,danish,1", "E-BRIDGE,The Bridge,bridge,,danish,lots"))
    (project_copy / "data" / "stockholm1520" / "troops.yaml").write_text("troops: {}\n")  # a second bad file
    result = CliRunner().invoke(main, ["build", "stockholm1520", "--out", str(out)])
    assert result.exit_code == 2
    assert "event_cards.csv, row 8" in result.output and "field 'quantity'" in result.output
    assert "troops.yaml" in result.output
    assert "Traceback" not in result.output
    assert _snapshot(out) == before


def test_text_overflow_at_render_writes_nothing(project_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    csv = project_copy / "data" / "stockholm1520" / "cards" / "event_cards.csv"
    csv.write_text(csv.read_text().replace("The dotted bridge south of Stockholm", "Long " * 400))
    result = CliRunner().invoke(main, ["build", "stockholm1520", "--out", str(out)])
    assert result.exit_code == 2           # a data problem, as pnpkit check reports it
    assert "field 'layers.9.text'" in result.output and "item E-BRIDGE: text does not fit" in result.output
    assert not any(p.is_file() for p in out.rglob("*")) if out.exists() else True


def test_cli_build_list_check_and_help(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "out"
    result = runner.invoke(main, ["build", "stockholm1520", "--only", "cards", "--paper", "letter", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-1].startswith("Wrote ")
    assert (out / "stockholm1520/stockholm1520-sheets-card-letter.pdf").exists()
    manifest = json.loads((out / "manifest.json").read_text())
    assert {e["paper"] for e in manifest["files"] if e["paper"]} == {"letter"}

    listing = runner.invoke(main, ["list"])
    assert listing.exit_code == 0 and "zone-cards" in listing.output and "48 items" in listing.output
    checked = runner.invoke(main, ["check", "stockholm1520"])
    assert checked.exit_code == 0 and "valid" in checked.output
    for args in (["--help"], ["build", "--help"], ["list", "--help"], ["check", "--help"]):
        assert runner.invoke(main, args).exit_code == 0


def test_cli_rejects_bad_options(tmp_path: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(main, ["build", "--format", "pdf,gif", "--out", str(tmp_path)]).exit_code == 2
    assert runner.invoke(main, ["build", "--back-offset", "1", "--out", str(tmp_path)]).exit_code == 2
    bad_kind = runner.invoke(main, ["build", "--only", "cardz", "--out", str(tmp_path / "o")])
    assert bad_kind.exit_code == 2 and "no kind or component 'cardz'; choose a kind (board, cards" in bad_kind.output
    assert not (tmp_path / "o").exists()
    unknown = runner.invoke(main, ["build", "narnia", "--out", str(tmp_path)])
    assert unknown.exit_code == 2 and "no such game 'narnia'" in unknown.output


def test_png_output_sized_by_dpi(tmp_path: Path) -> None:
    import io

    from PIL import Image

    from generator.draw.png import render_png
    from generator.loading.games import load_game

    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "stockholm1520", "--only", "cards", "--format", "png", "--dpi", "72",
                                       "--out", str(out)])
    assert result.exit_code == 0, result.output
    image = Image.open(out / "stockholm1520/cards/zone-cards/Z-A1-R-front.png")
    assert image.size == (197, 269)  # 69.5 x 94.9 mm (trim + 3 mm bleed) at 72 dpi
    assert image.mode == "RGB"       # its ground covers it: no alpha channel
    assert image.info["dpi"] == pytest.approx((72, 72), abs=0.1)  # opens at its real size elsewhere
    assert (out / "stockholm1520/cards/zone-cards/back.png").exists()
    card = load_game("stockholm1520").components[0].pieces[0]
    assert Image.open(io.BytesIO(render_png(card.front(), dpi=300))).size == (821, 1121)  # the default, 300 dpi


def test_page_pictures_are_on_white_at_preview_dpi(tmp_path: Path) -> None:
    """A reference sheet is printed from its PDF; its PNG is a picture of the page on white at
    150 dpi (even when --dpi asks for more), rasterised from that PDF's own page."""
    from PIL import Image

    from generator.pieces.job import PREVIEW_DPI

    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "paxbaltica", "--only", "reference", "--format", "pdf,png",
                                       "--dpi", "300", "--out", str(out)])
    assert result.exit_code == 0, result.output
    for number in (1, 2):
        page = Image.open(out / f"paxbaltica/reference/reference-a4-{number}.png")
        assert page.mode == "RGB" and page.info["dpi"] == pytest.approx((PREVIEW_DPI, PREVIEW_DPI), abs=0.1)
        assert page.size == (1754, 1240)                     # A4 landscape at 150 dpi
        assert page.getpixel((3, 3)) == (255, 255, 255)      # the paper's margin
        assert len(page.crop((0, 0, 1754, 600)).getcolors(1 << 20) or []) > 50   # and the sheet's print on it


def test_a_file_in_the_way_stops_the_build_before_anything_is_written(tmp_path: Path) -> None:
    out = tmp_path / "out"
    (out / "stockholm1520").mkdir(parents=True)
    (out / "stockholm1520" / "cards").write_text("not a folder")
    result = CliRunner().invoke(main, ["build", "stockholm1520", "--only", "cards", "--out", str(out)])
    assert result.exit_code == 1
    assert "cards is a file, not a folder" in result.output and "Traceback" not in result.output
    assert sorted(p.name for p in out.rglob("*")) == ["cards", "stockholm1520"]


def test_a_killed_builds_staging_folder_is_cleared(project_copy: Path, tmp_path: Path) -> None:
    from generator.build.ownership import make_staging

    out = tmp_path / "out"
    out.mkdir()
    (make_staging(out) / "x").mkdir()           # a build killed while staging: its marked folder
    (out / ".pnpkit-staging-users" / "x").mkdir(parents=True)    # a user's folder of the same name
    (out / ".pnpkit-staging-unmarked").mkdir()   # a build killed between making its folder and marking it
    build(["stockholm1520"], OPTIONS, out, only={"calibration"})
    assert [p.name for p in out.glob(".pnpkit-staging-*")] == [".pnpkit-staging-users"]


def test_check_reads_the_shared_sheet_data_and_reports_each_problem_once(project_copy: Path) -> None:
    layouts = project_copy / "data" / "sheets" / "layouts.yaml"
    layouts.write_text(layouts.read_text().replace("type: grid", "type: gird"))
    zones = project_copy / "data" / "stockholm1520" / "zones.yaml"
    zones.write_text(zones.read_text().replace("roads: 5          # designed\n", "roads: five\n"))
    result = CliRunner().invoke(main, ["check"])
    assert result.exit_code == 2
    assert "layouts.yaml:9: field 'layouts.cards': 'type' must be one of 'grid', 'template', got 'gird'" in result.output
    assert result.output.count("zones.B.roads") == 1


def test_a_deck_without_a_back_writes_no_back_files_and_one_sided_sheets(tmp_path: Path) -> None:
    import pymupdf

    from generator.components.cards import Deck
    from generator.loading.games import load_game

    class FrontOnly:
        """The event design, drawing no back."""

        has_back = False

        def __init__(self, design):
            self.design = design

        def draw_front(self, card, deck, frame):
            return self.design.draw_front(card, deck, frame)

    game = load_game("stockholm1520")
    events = next(c for c in game.components if c.id == "event-cards")
    deck = Deck(game, events.spec, events.cards, FrontOnly(events.design))
    jobs = {str(j.path): j for j in component_jobs(deck, BuildOptions(formats=frozenset({"pdf", "svg", "png"}),
                                                           sheets="per-component"), "code")}
    assert not [p for p in jobs if "back" in p]
    assert "stockholm1520/cards/event-cards/E-SHIP-front.png" in jobs
    sheets = pymupdf.open(stream=jobs["stockholm1520/cards/event-cards-sheets-a4.pdf"].render(), filetype="pdf")
    assert deck.item_count() == 9 and len(sheets) == 1  # 9 cards fill one page; no backs page follows
    assert "fronts" in sheets[0].get_text() and "backs" not in sheets[0].get_text()
    card = pymupdf.open(stream=jobs["stockholm1520/cards/event-cards/E-SHIP.pdf"].render(), filetype="pdf")
    assert len(card) == 1
