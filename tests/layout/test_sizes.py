"""Square, jumbo and any size in millimetres, for a layout or a deck."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from click.testing import CliRunner

from generator.cli.app import main
from generator.core.errors import DataError
from generator.core.units import PT_PER_MM
from generator.loading.games import load_game

from tests.layout.conftest import replace_in

SMALL_FRONT = """extends: frame.yaml
layers:
  - {type: text, x: 50%, y: 50%, text: "{{ name }}", font: title-bold, size: 8, align: center}
"""


@pytest.fixture(autouse=True)
def _small_front(kit: Path) -> None:
    """A front that fits any face: the example's fills a poker card."""
    (kit / "layouts" / "hero-front.yaml").write_text(SMALL_FRONT, encoding="utf-8")


@pytest.mark.parametrize("size, trim", [("square", (63.5, 63.5)), ("square-70", (70, 70)),
                                        ("jumbo", (88.9, 146.05)), ("70x120", (70, 120)), ("52.5 x 80 mm", (52.5, 80))])
def test_a_layout_size_by_name_or_in_mm(kit: Path, size: str, trim: tuple[float, float]) -> None:
    replace_in(kit / "layouts" / "frame.yaml", "size: poker", f"size: {size}")
    piece = load_game("heroes").components[0].pieces[0]
    assert (piece.width, piece.height) == pytest.approx(trim)


def test_a_deck_size_in_mm_is_the_pdfs_trim(kit: Path, tmp_path: Path) -> None:
    replace_in(kit / "game.yaml", "    source: heroes.csv", "    size: 70x70\n    source: heroes.csv")
    result = CliRunner().invoke(main, ["build", "heroes", "--format", "pdf", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    page = pymupdf.open(next((tmp_path / "out").rglob("H-ASA.pdf")))[0]
    assert (round(page.rect.width / PT_PER_MM, 1), round(page.rect.height / PT_PER_MM, 1)) == (76.0, 76.0)  # 3 mm bleed


def test_a_size_out_of_bounds_or_unknown_is_named(kit: Path) -> None:
    replace_in(kit / "layouts" / "frame.yaml", "size: poker", "size: 70x99999")
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    assert any("unknown size '70x99999'" in p.message and "'WIDTHxHEIGHT' in mm" in p.message
               for p in caught.value.problems)
