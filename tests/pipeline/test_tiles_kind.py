"""The tiles kind: fronts and backs from layout files, each bound to its tile's row, butted on
sheets with mirrored backs; tiles whose backs are alike share one back."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from generator.build.engine import plan
from generator.core.errors import DataError
from generator.kit.location import Kit, use_kit
from generator.loading.games import load_game
from generator.pieces.job import BuildOptions

from tests.conftest import game_kit
from generator.outputs.registry import component_jobs

FRONT = """layers:
  - {type: rect, area: bleed, fill: "{{ '#cc3333' if side == 'red' else '#3333cc' }}"}
  - {type: text, x: 50%, y: 16, text: "{{ name }}", size: 9, align: center}
"""
BACK = """layers:
  - {type: rect, area: bleed, fill: "#dddddd"}
  - {type: text, x: 50%, y: 16, text: "{{ side | upper }}", size: 7, align: center}
"""
ROWS = "id,name,side,quantity\na,Alpha,red,2\nb,Beta,blue,1\nc,Gamma,red,1\n"


def _entry(extra: str = "") -> str:
    return ("id: chits\ntitle: Chits\ncomponents:\n  - kind: tiles\n    id: chits\n    title: Chits\n"
            "    source: chits.csv\n    front: front.yaml\n" + extra)


@pytest.fixture
def kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return game_kit(tmp_path, monkeypatch, "chits", {"front.yaml": FRONT, "back.yaml": BACK, "chits.csv": ROWS,
                                                     "game.yaml": _entry("    back: back.yaml\n")})


def _jobs(paper: str = "a4") -> dict:
    """The component's files, its sheets its own (``--sheets per-component``)."""
    tiles = load_game("chits").components[0]
    options = BuildOptions(paper=paper, formats=frozenset({"pdf", "svg"}), sheets="per-component")
    with use_kit(Kit(Path.cwd())):
        return {j.path.as_posix(): j for j in component_jobs(tiles, options, "code")}


def test_a_tile_without_a_size_is_30_mm_square_and_sits_on_the_tiles_sheet(kit: Path) -> None:
    tiles = load_game("chits").components[0]
    assert tiles.kind == "tiles" and tiles.spec.sheet == "tiles"
    assert {(p.width, p.height) for p in tiles.pieces} == {(30.0, 30.0)}
    assert tiles.item_count() == 4


def test_each_back_is_bound_to_its_own_row_and_alike_backs_are_shared(kit: Path) -> None:
    tiles = load_game("chits").components[0]
    backs = {p.id: [t.text for t in p.back().walk_text()] for p in tiles.pieces}
    assert backs == {"a": ["RED"], "b": ["BLUE"], "c": ["RED"]}
    pieces = {p.id: p for p in tiles.pieces}
    assert pieces["a"].back_face is pieces["c"].back_face and pieces["a"].back_face is not pieces["b"].back_face
    jobs = _jobs()
    assert sorted(p for p in jobs if p.endswith("-back.svg")) == ["chits/tiles/chits/a-back.svg",
                                                                  "chits/tiles/chits/b-back.svg"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_sheets_have_mirrored_backs_behind_their_fronts(kit: Path, paper: str) -> None:
    with pymupdf.open(stream=_jobs(paper)[f"chits/tiles/chits-sheets-{paper}.pdf"].render(), filetype="pdf") as doc:
        assert len(doc) == 2
        width = doc[0].rect.width

        def centres(page: pymupdf.Page, words: set[str]) -> list[tuple[str, float, float]]:
            return sorted((w[4], round((w[0] + w[2]) / 2), round((w[1] + w[3]) / 2))
                          for w in page.get_text("words") if w[4] in words)

        fronts = centres(doc[0], {"Alpha", "Beta", "Gamma"})
        backs = centres(doc[1], {"RED", "BLUE"})
        assert [name for name, _, _ in fronts] == ["Alpha", "Alpha", "Beta", "Gamma"]
        side = {"Alpha": "RED", "Beta": "BLUE", "Gamma": "RED"}
        for name, x, y in fronts:                       # long-edge duplex: the back is mirrored left-right
            assert any(word == side[name] and abs((width - x) - bx) <= 8 and abs(y - by) <= 4
                       for word, bx, by in backs), (name, x, y)


def test_tiles_without_a_back_print_one_sided(kit: Path) -> None:
    (kit / "game.yaml").write_text(_entry(), encoding="utf-8")
    jobs = _jobs()
    with pymupdf.open(stream=jobs["chits/tiles/chits-sheets-a4.pdf"].render(), filetype="pdf") as doc:
        assert len(doc) == 1
    assert not [p for p in jobs if p.endswith("-back.svg")]


def test_the_entry_size_wins_and_a_back_names_a_missing_column_by_item(kit: Path) -> None:
    (kit / "game.yaml").write_text(_entry("    back: back.yaml\n    size: {width: 25, height: 40}\n"), encoding="utf-8")
    assert {(p.width, p.height) for p in load_game("chits").components[0].pieces} == {(25.0, 40.0)}
    (kit / "back.yaml").write_text(BACK.replace("side | upper", "colour"), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_game("chits")
    assert "back.yaml:3" in str(err.value) and "items a, b, c" in str(err.value) and "'colour'" in str(err.value)


def test_a_python_design_is_refused(kit: Path) -> None:
    (kit / "game.yaml").write_text(_entry().replace("    front: front.yaml\n", "    design: anything\n"),
                                   encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_game("chits")
    assert "components.0" in str(err.value)


def test_a_tile_larger_than_the_paper_is_a_build_error_naming_it(kit: Path) -> None:
    from generator.core.errors import BuildError

    (kit / "game.yaml").write_text(_entry("    size: {width: 250, height: 40}\n"), encoding="utf-8")
    with pytest.raises(BuildError) as err:
        _jobs()["chits/tiles/chits-sheets-a4.pdf"].render()
    assert str(err.value).startswith("Chits, Chits: a 250 x 40 mm piece does not fit on A4")
    with use_kit(Kit(Path.cwd())), pytest.raises(BuildError) as err:        # the default: packed sheets
        for job in plan([load_game("chits")], BuildOptions(), None, "code"):
            job.render()
    assert str(err.value).startswith("Chits: a 250 x 40 mm piece does not fit the") and "--paper" in str(err.value)
