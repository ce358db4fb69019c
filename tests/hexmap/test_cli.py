"""The map commands, through click's test runner."""

from __future__ import annotations

from click.testing import CliRunner

from generator.cli.maps import hexgrid_command, map_group
from generator.components.hexgrid import make_grid

from .conftest import SMALL, write_map


def test_hexgrid_blank(tmp_path):
    result = CliRunner().invoke(hexgrid_command, ["--cols", "23", "--rows", "17", "--size", "16mm",
                                                  "--out", str(tmp_path), "--format", "pdf"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "hexgrid-23x17-16mm-fullsize.pdf").exists()


def test_hexgrid_with_terrain(tmp_path):
    terrain = tmp_path / "terrain.yaml"
    terrain.write_text("terrains:\n  - {name: clear, key: C, fill: '#ffffff'}\n  - {name: woods, key: F, fill: '#a9c08a'}\n"
                       "terrain_rows: |\n  C F C\n  F F C\n", encoding="utf-8")
    grid = make_grid(3, 2, 16, terrain_file=terrain)
    assert grid.cells["0201"].terrain == "woods" and grid.cells["0301"].terrain == "clear"


def test_hexgrid_rejects_silly_size(tmp_path):
    result = CliRunner().invoke(hexgrid_command, ["--size", "2mm", "--out", str(tmp_path)])
    assert result.exit_code != 0 and "not printable" in result.output


def test_map_show_position(tmp_path):
    import json

    from .conftest import BOARD
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps({"round": 1, "red": [{"id": "cav1", "type": "horse", "hex": "0802"}], "blue": []}),
                   encoding="utf-8")
    result = CliRunner().invoke(map_group, ["show", str(BOARD), str(pos), "--out", str(tmp_path / "p.svg"), "--dpi", "15"])
    assert result.exit_code == 0, result.output
    assert "cav1" in (tmp_path / "p.svg").read_text(encoding="utf-8")
    assert (tmp_path / "p.png").read_bytes()[:4] == b"\x89PNG"


def test_map_build_any_file(tmp_path):
    path = write_map(tmp_path, SMALL)
    result = CliRunner().invoke(map_group, ["build", str(path), "--out", str(tmp_path / "out"), "--format", "svg,pdf"])
    assert result.exit_code == 0, result.output
    # the names a game's build gives a map (generator.components.map_offers), the map's id as the stem
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["small-a4-tiled.pdf", "small-fullsize.pdf",
                                                                     "small.svg"]


def test_hexgrid_that_fits_one_sheet_is_also_printed_on_the_paper(tmp_path):
    import pymupdf
    from click.testing import CliRunner

    from generator.cli.app import main

    result = CliRunner().invoke(main, ["hexgrid", "--cols", "3", "--rows", "3", "--paper", "letter", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    page = pymupdf.open(tmp_path / "hexgrid-3x3-16mm-letter.pdf")[0]
    assert (round(page.rect.width / 72 * 25.4, 1), round(page.rect.height / 72 * 25.4, 1)) == (215.9, 279.4)
    assert "0202" in page.get_text()


def test_hexgrid_of_the_largest_hexes_is_tiled(tmp_path):
    """30 x 30 hexes of 100 mm (inside --cols, --rows and --size): every page of the tiled
    PDF written, the first the assembly page (no AssertionError)."""
    import pymupdf

    from generator.cli.app import main

    result = CliRunner().invoke(main, ["hexgrid", "--cols", "30", "--rows", "30", "--size", "100mm", "--format", "pdf",
                                       "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    pages = pymupdf.open(tmp_path / "hexgrid-30x30-100mm-a4-tiled.pdf")
    assert len(pages) > 30 and "assembling the map" in pages[0].get_text().lower()


def test_hexgrid_on_a_paper_too_small_for_its_hexes_is_refused_in_words(tmp_path):
    from generator.cli.app import main
    from generator.cli.scaffold import new_kit

    kit = tmp_path / "kit"
    new_kit(kit)
    (kit / "data" / "sheets").mkdir()
    (kit / "data" / "sheets" / "papers.yaml").write_text("papers:\n  card: {label: Card, width: 60.0, height: 90.0}\n")
    result = CliRunner().invoke(main, ["--kit", str(kit), "hexgrid", "--size", "100mm", "--paper", "card",
                                       "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and isinstance(result.exception, (SystemExit, type(None))), result.output
    assert "cannot be tiled on card" in result.output and "--size" in result.output
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())
