"""The board kind: one large face from a layout file, full size for a print shop and on the
paper for home printers: one page when it fits, else tiled with an assembly page, the pages
beginning on the board's own lines when it names them."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from generator.components.base import BuildOptions
from generator.errors import DataError
from generator.games import load_game
from generator.kit_location import Kit, use_kit
from generator.printing.tiling import plan_tiles

from tests.conftest import game_kit

MM = 72 / 25.4

# a grid of 30 mm squares, 10 across and 8 down, from (20, 20): 340 x 280 mm in all
LAYOUT = """size: {width: 340, height: 280}
layers:
  - {type: rect, area: trim, fill: "#f4f0e0"}
  - type: group
    repeat: 80
    as: cell
    x: "{{ 20 + (cell % 10) * 30 }}"
    y: "{{ 20 + (cell // 10) * 30 }}"
    layers:
      - {type: rect, x: 0, y: 0, w: 30, h: 30, stroke: "#333333"}
      - {type: text, x: 15, y: 17, text: "S{{ cell }}", size: 8, align: center}
"""
CUTS = "    cuts:\n      x: [20, 50, 80, 110, 140, 170, 200, 230, 260, 290, 320]\n" \
       "      y: [20, 50, 80, 110, 140, 170, 200, 230, 260]\n"


def _entry(extra: str = "") -> str:
    return ("id: mats\ntitle: Mats\ncomponents:\n  - kind: board\n    id: grid\n    title: The grid\n"
            "    front: grid.yaml\n" + extra)


@pytest.fixture
def kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return game_kit(tmp_path, monkeypatch, "mats", {"grid.yaml": LAYOUT, "game.yaml": _entry(CUTS)})


def _jobs(paper: str = "a4") -> dict:
    board = load_game("mats").components[0]
    with use_kit(Kit(Path.cwd())):
        return {j.path.as_posix(): j for j in board.jobs(BuildOptions(paper=paper, formats=frozenset({"pdf", "svg"})),
                                                          "code")}


def test_a_board_writes_full_size_on_the_paper_and_svg(kit: Path) -> None:
    assert set(_jobs()) == {"mats/board/grid-fullsize.pdf", "mats/board/grid-a4.pdf", "mats/board/grid.svg"}
    with pymupdf.open(stream=_jobs()["mats/board/grid-fullsize.pdf"].render(), filetype="pdf") as doc:
        assert len(doc) == 1 and (round(doc[0].trimbox.width / MM), round(doc[0].trimbox.height / MM)) == (340, 280)
        assert "S79" in doc[0].get_text()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_board_larger_than_the_paper_is_tiled_on_its_lines(kit: Path, paper: str) -> None:
    with pymupdf.open(stream=_jobs(paper)[f"mats/board/grid-{paper}.pdf"].render(), filetype="pdf") as doc:
        assert "assembling the board" in doc[0].get_text()
        tiles = list(doc)[1:]
        assert len(tiles) == 4
        seen = set().union(*({w for w in page.get_text().split() if w.startswith("S")} for page in tiles))
        assert {f"S{n}" for n in range(80)} <= seen                   # every space is on some page
    plan = plan_tiles(340, 280, paper, [20 + 30 * k for k in range(11)], [20 + 30 * k for k in range(9)])
    assert all(tile.x in [0] + [20 + 30 * k for k in range(11)] for tile in plan.tiles)
    for n in range(80):                                                  # and whole on one page at least
        x, y = 20 + (n % 10) * 30, 20 + (n // 10) * 30
        assert any(tile.contains(x, y, x + 30, y + 30) for tile in plan.tiles), n


def test_a_board_that_fits_is_one_page_with_crop_marks(kit: Path) -> None:
    (kit / "grid.yaml").write_text(LAYOUT.replace("{width: 340, height: 280}", "{width: 150, height: 100}")
                                   .replace("repeat: 80", "repeat: 4"), encoding="utf-8")
    (kit / "game.yaml").write_text(_entry(), encoding="utf-8")
    with pymupdf.open(stream=_jobs()["mats/board/grid-a4.pdf"].render(), filetype="pdf") as doc:
        assert len(doc) == 1 and "S3" in doc[0].get_text() and "assembling" not in doc[0].get_text()


def test_a_board_takes_no_back(kit: Path) -> None:
    (kit / "game.yaml").write_text(_entry("    back: grid.yaml\n"), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_game("mats")
    assert "takes no back" in str(err.value)
