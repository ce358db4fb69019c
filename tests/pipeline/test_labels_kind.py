"""The labels kind: one-sided pieces from a layout file, on sticker sheets a group to a page set."""

from __future__ import annotations

import shutil
from pathlib import Path

import pymupdf
import pytest

from generator.core.errors import DataError
from generator.kit.location import Kit, use_kit
from generator.loading.games import load_game
from generator.outputs.registry import component_jobs
from generator.pieces.job import BuildOptions
from generator.printing.imposition import LayoutError

ROOT = Path(__file__).resolve().parents[2]

LAYOUT = """size: {width: 20, height: 20}
bleed: 1.5
safe: 1
layers:
  - {type: rect, area: bleed, fill: "{{ '#ffcc00' if side == 'gold' else '#3366cc' }}"}
  - {type: text, x: 10, y: 11, text: "{{ name }}", size: 8, align: center}
"""
ROWS = "id,name,side,quantity\na,Alpha,gold,1\nb,Beta,blue,2\nc,Gamma,gold,1\nd,Delta,blue,1\n"


def _entry(extra: str = "") -> str:
    return ("id: stickers\ntitle: Stickers\ntables: {sides: sides.yaml}\ncomponents:\n"
            "  - kind: labels\n    id: labels\n    title: Unit labels\n    source: labels.csv\n"
            "    front: label.yaml\n" + extra)


@pytest.fixture
def kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "kit"
    shutil.copytree(ROOT / "data" / "sheets", root / "data" / "sheets")
    game = root / "data" / "stickers"
    game.mkdir(parents=True)
    (game / "label.yaml").write_text(LAYOUT, encoding="utf-8")
    (game / "labels.csv").write_text(ROWS, encoding="utf-8")
    (game / "sides.yaml").write_text("gold: {name: Gold, colour: '#ffcc00'}\nblue: {name: Blue, colour: '#3366cc'}\n",
                                     encoding="utf-8")
    (game / "game.yaml").write_text(_entry(), encoding="utf-8")
    monkeypatch.chdir(root)
    return game


def _sheets(paper: str = "a4", sheets: str = "packed") -> pymupdf.Document:
    labels = load_game("stickers").components[0]
    with use_kit(Kit(Path.cwd())):
        job = next(j for j in component_jobs(labels, BuildOptions(paper=paper, formats=frozenset({"pdf"}), sheets=sheets), "code")
                   if j.path.name.endswith(f"sheets-{paper}.pdf"))
        return pymupdf.open(stream=job.render(), filetype="pdf")


def test_without_groups_every_label_is_on_the_component_s_pages(kit: Path) -> None:
    doc = _sheets()
    assert len(doc) == 1
    text = doc[0].get_text()
    assert "Unit labels" in text and "5 labels" in text                  # Beta counts twice
    assert text.count("Beta") == 2 and all(name in text for name in ("Alpha", "Gamma", "Delta"))


def test_groups_by_an_expression_each_on_its_own_pages_headed_with_title_count_and_note(kit: Path) -> None:
    (kit / "game.yaml").write_text(_entry(
        "    group: \"{{ side }}\"\n    group_title: \"{{ tables.sides[group].name }} labels\"\n"
        "    group_colour: \"{{ tables.sides[group].colour }}\"\n    group_note: \"{{ count }} to cut\"\n"), encoding="utf-8")
    doc = _sheets(sheets="per-component")
    pages = [page.get_text() for page in doc]
    assert len(pages) == 2
    assert "Gold labels" in pages[0] and "2 labels" in pages[0] and "2 to cut" in pages[0]
    assert "Alpha" in pages[0] and "Gamma" in pages[0] and "Beta" not in pages[0]
    assert "Blue labels" in pages[1] and "3 labels" in pages[1] and pages[1].count("Beta") == 2
    shared = [page.get_text() for page in _sheets()]          # the default: groups share pages
    assert len(shared) == 1
    gold, blue = shared[0].index("Gold labels"), shared[0].index("Blue labels")
    assert gold < shared[0].index("Alpha") < blue < shared[0].index("Beta")
    swatch = doc[0].get_pixmap(dpi=50).pixel(int(6 / 25.4 * 50), int(8 / 25.4 * 50))
    assert swatch == (255, 204, 0)                                      # the group's colour


def test_group_by_a_column_name(kit: Path) -> None:
    (kit / "game.yaml").write_text(_entry("    group: side\n"), encoding="utf-8")
    assert [g.title for g in load_game("stickers").components[0].groups] == ["gold", "blue"]


def test_grid_sheets_draw_cut_lines_and_a_template_places_labels_on_its_stickers(kit: Path) -> None:
    grid = _sheets()[0]
    lines = [d for d in grid.get_drawings() if d.get("color") and abs(d["width"] - 0.1 * 72 / 25.4) < 0.01]
    assert len(lines) >= 2 + 5 * 1                                      # a line through every trim edge
    (kit / "game.yaml").write_text(_entry("    sheet: avery-l7120\n"), encoding="utf-8")
    sheet = _sheets()[0]
    words = {w[4]: w for w in sheet.get_text("words")}
    x0, y0, x1, y1 = words["Alpha"][:4]
    centre = ((x0 + x1) / 2 * 25.4 / 72, (y0 + y1) / 2 * 25.4 / 72)
    assert abs(centre[0] - (7.5 + 17.5)) < 1.0                          # first sticker: 7.5 + 35 / 2
    assert not [d for d in sheet.get_drawings() if d.get("color") and abs(d["width"] - 0.1 * 72 / 25.4) < 0.01]


def test_a_template_for_another_paper_is_refused_by_name(kit: Path) -> None:
    (kit / "game.yaml").write_text(_entry("    sheet: avery-l7120\n"), encoding="utf-8")
    with pytest.raises(LayoutError, match="this sticker sheet is made for a4, not US Letter"):
        _sheets("letter")


@pytest.mark.parametrize("extra, message", [
    ("    back: label.yaml\n", "labels are one-sided: a labels component takes no back"),
    ("    group: sidez\n", "expected a column of the labels' rows or an expression"),
    ("    group: \"{{ sidez }}\"\n", "item a: no column or name 'sidez'"),
    ("    group: side\n    group_colour: \"{{ 'fuchsia-ish' }}\"\n", "unknown colour 'fuchsia-ish'"),
])
def test_bad_entries_are_refused_naming_the_field(kit: Path, extra: str, message: str) -> None:
    (kit / "game.yaml").write_text(_entry(extra), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_game("stickers")
    assert message in str(err.value) and "field 'components.0." in str(err.value)
