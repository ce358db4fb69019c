"""A board's ``cuts``: its tiled pages begin on the lines it names, so that every space
between two lines is whole on at least one page."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from generator.core.errors import DataError
from generator.kit.location import Kit, use_kit
from generator.loading.games import load_game
from generator.pieces.job import BuildOptions

from tests.conftest import game_kit
from generator.outputs.registry import component_jobs

# a grid of 30 mm squares, 10 across and 8 down, from (20, 20): 340 x 280 mm in all
LAYOUT = """size: {width: 340, height: 280}
bleed: 2
layers:
  - {type: rect, area: bleed, fill: "#f4f0e0"}
  - type: group
    repeat: 80
    as: cell
    x: "{{ 20 + (cell % 10) * 30 }}"
    y: "{{ 20 + (cell // 10) * 30 }}"
    layers:
      - {type: rect, x: 0, y: 0, w: 30, h: 30, stroke: "#333333"}
      - {type: text, x: 15, y: 17, text: "S{{ cell }}", size: 8, align: center}
"""
XS = [20 + 30 * k for k in range(11)]
YS = [20 + 30 * k for k in range(9)]
CUTS = f"    cuts:\n      x: {XS}\n      y: {YS}\n"


def _entry(extra: str = "") -> str:
    return ("id: mats\ntitle: Mats\ncomponents:\n  - kind: board\n    id: grid\n    title: The grid\n"
            "    source: boards.yaml\n    front: grid.yaml\n" + extra)


@pytest.fixture
def kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return game_kit(tmp_path, monkeypatch, "mats", {"grid.yaml": LAYOUT, "boards.yaml": "- {id: grid, title: Grid}\n",
                                                    "game.yaml": _entry(CUTS)})


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pages_begin_on_the_cuts_and_every_space_is_whole_on_one(kit: Path, paper: str) -> None:
    board = load_game("mats").components[0]
    piece = board.pieces[0]
    plan = board.plan(piece, paper)
    assert len(plan.tiles) == 4
    assert {t.x for t in plan.tiles} <= {0.0} | {x + 2 for x in XS} and {t.y for t in plan.tiles} <= {0.0} | {y + 2 for y in YS}
    for n in range(80):                                  # the canvas has a 2 mm bleed: spaces sit 2 mm further
        x, y = 2 + 20 + (n % 10) * 30, 2 + 20 + (n // 10) * 30
        assert any(tile.contains(x, y, x + 30, y + 30) for tile in plan.tiles), n
    with use_kit(Kit(Path.cwd())):
        job = next(j for j in component_jobs(board, BuildOptions(paper=paper, formats=frozenset({"pdf"})), "code")
                   if j.path.name.endswith("-tiled.pdf"))
        with pymupdf.open(stream=job.render(), filetype="pdf") as doc:
            assert "begin on the board's own lines" in " ".join(doc[0].get_text().split())
            assert len(doc) == 5


def test_without_cuts_the_tiler_still_keeps_the_spaces_it_reads_whole(kit: Path) -> None:
    """No cuts named: the 30 mm spaces are read from the drawing (issue 35), so the pages
    begin on the lines they share, never inside one."""
    (kit / "game.yaml").write_text(_entry(), encoding="utf-8")
    board = load_game("mats").components[0]
    plan = board.plan(board.pieces[0], "a4")
    inside = [(a + 0.2, a + 29.8) for a in (x + 2 for x in XS[:-1])]
    assert not any(lo < t.x < hi for t in plan.tiles for lo, hi in inside)


def test_cuts_are_lists_of_lengths(kit: Path) -> None:
    (kit / "game.yaml").write_text(_entry("    cuts: {x: [10, wide]}\n"), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_game("mats")
    assert "components.0.cuts.x.1" in str(err.value)


def test_no_seam_crosses_a_box_to_keep_whole(kit: Path) -> None:
    box = "    keep:\n      - {name: legend, x: 100, y: 100, w: 120, h: 40}\n"
    (kit / "game.yaml").write_text(_entry(box), encoding="utf-8")
    board = load_game("mats").components[0]
    for paper in ("a4", "letter"):
        plan = board.plan(board.pieces[0], paper)
        assert plan.keep == (("legend", (102.0, 102.0, 222.0, 142.0)),)       # moved by the 2 mm bleed
        assert plan.crossed() == []
        assert not [t.x for t in plan.tiles if 99.0 < t.x < 225.0] and not [t.y for t in plan.tiles if 99.0 < t.y < 145.0]
    # without it a seam runs through the box
    (kit / "game.yaml").write_text(_entry(), encoding="utf-8")
    plain = load_game("mats").components[0]
    plan = plain.plan(plain.pieces[0], "a4")
    assert any(102.0 < t.x < 222.0 for t in plan.tiles) or any(102.0 < t.y < 142.0 for t in plan.tiles)


def test_a_box_for_the_back_only_leaves_the_front_alone(kit: Path) -> None:
    box = "    keep:\n      - {name: legend, side: back, x: 100, y: 100, w: 120, h: 40}\n"
    (kit / "game.yaml").write_text(_entry(box), encoding="utf-8")
    board = load_game("mats").components[0]
    assert board.plan(board.pieces[0], "a4", "front").keep == ()
    assert [name for name, _ in board.plan(board.pieces[0], "a4", "back").keep] == ["legend"]


def test_a_keep_box_is_checked_like_any_data(kit: Path) -> None:
    (kit / "game.yaml").write_text(_entry("    keep:\n      - {name: legend, side: top, x: -4, y: 1, w: 10, h: 5}\n"),
                                   encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_game("mats")
    assert "components.0.keep.0.side" in str(err.value) and "components.0.keep.0.x" in str(err.value)
