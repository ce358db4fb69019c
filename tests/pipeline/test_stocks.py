"""One stock a sheet (issue 35, item 1): cards, board pieces, stickers and folding card never
share a sheet file or a duplex pair; the stock is named in the file name (when a game's sheets
are of more than one) and on every page's label; PRINTING.md says one stock a file; the
paper-use rule counts the fewest pages stock by stock."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from click.testing import CliRunner

from generator.cli.app import main
from generator.cli.scaffold import new_kit
from generator.loading.games import load_game
from generator.outputs.packed import items_of, offers, packed_components
from generator.pieces.job import BuildOptions
from generator.printing.stock import STOCKS, stock_of

MARKERS = """  - kind: cards
    id: markers
    title: Markers
    source: cards/cards.csv
    front: layouts/card-front.yaml
    back: layouts/card-back.yaml
    sheet: cards
    piece: tile
"""


def _build() -> str:
    result = CliRunner().invoke(main, ["build"])
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    return result.output


@pytest.fixture
def kit(tmp_path: Path, monkeypatch) -> Path:
    folder = tmp_path / "kit"
    new_kit(folder)
    monkeypatch.chdir(folder)
    return folder


def _labels(pdf: Path) -> list[str]:
    """Each page's label: the line of text that says 'page N of M'."""
    out = []
    for page in pymupdf.open(pdf):
        spans = [s["text"] for b in page.get_text("dict")["blocks"] for line in b.get("lines", ())
                 for s in line["spans"] if " of " in s["text"] and "page " in s["text"]]
        out.append(" ".join(spans))
    return out


def test_cards_and_board_pieces_of_one_kit_get_a_file_each_named_by_stock(kit: Path) -> None:
    game = kit / "data" / "mygame" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + MARKERS, encoding="utf-8")
    _build()
    out = kit / "output" / "mygame"
    sheets = sorted(p.name for p in out.glob("mygame-sheets*.pdf"))
    assert sheets == ["mygame-sheets-board-a4.pdf", "mygame-sheets-card-a4.pdf"]
    for name, said, other in (("card", "on card stock", "Markers"), ("board", "on board", "Cards ·")):
        labels = _labels(out / f"mygame-sheets-{name}-a4.pdf")
        assert labels and all(said in label for label in labels), labels
        assert not any(other in label for label in labels), labels
    notes = (out / "PRINTING.md").read_text(encoding="utf-8")
    rows = [line for line in notes.splitlines() if line.startswith("| `mygame-sheets")]
    assert len(rows) == 2
    for row in rows:                          # one stock a file: card words or board words, never both
        print_on = row.split("|")[3]
        assert (STOCKS["card"].words in print_on) != (STOCKS["board"].words in print_on), row


def test_a_kit_of_one_stock_keeps_one_file_whose_pages_name_the_stock(kit: Path) -> None:
    _build()
    out = kit / "output" / "mygame"
    assert sorted(p.name for p in out.glob("mygame-sheets*.pdf")) == ["mygame-sheets-a4.pdf"]
    labels = _labels(out / "mygame-sheets-a4.pdf")
    assert labels and all("on card stock" in label for label in labels), labels


@pytest.mark.parametrize(("game_id", "sheets"), [(g, s) for g in ("stockholm1520", "christinaregina", "batalj")
                                                  for s in ("packed", "gutterfold")] + [("paxbaltica", "packed")])
def test_no_sheet_file_of_a_bundled_game_holds_two_stocks(game_id: str, sheets: str) -> None:
    game = load_game(game_id)
    options = BuildOptions(sheets=sheets)
    chosen = packed_components(game.components, options)
    stock_by_piece = {p.id: stock_of(c) for c in chosen for p in c.pieces}
    files = list(offers(game, game.components, options, "test"))
    assert files
    for offer in files:
        stocks = {stock_by_piece[pid] for page in offer.pages() for pid, _ in page.pieces}
        assert len(stocks) == 1, (offer.stem, stocks)
    # every piece is on some sheet
    assert sum(offer.facts.items for offer in files) == len(items_of(chosen))


def test_the_stock_of_a_piece_comes_from_game_yaml_its_kind_or_its_shape() -> None:
    batalj = {c.id: stock_of(c) for c in load_game("batalj").components}
    assert batalj["events"] == "card" and batalj["markers"] == "board" and batalj["pawns"] == "board"
    regina = {c.id: stock_of(c) for c in load_game("christinaregina").components}
    assert regina["queen"] == "folding card" and regina["court-tiles"] == "board"


STICKERS = """  - kind: cards
    id: stickers
    title: Box stickers
    source: cards/cards.csv
    front: layouts/sticker.yaml
    bleed: 0
    sheet: avery-l7160
"""
STICKER = ("size: {width: 63.5, height: 38.1}\nbleed: 0\nsafe: 2\nlayers:\n"
           "  - {type: text, x: 50%, y: 50%, text: '{{ name }}', size: 12, align: center}\n")


def test_pieces_on_a_label_template_are_stickers_whatever_their_kind(kit: Path) -> None:
    """A deck laid on a die-cut label sheet (a layout of ``type: template``) is printed on that
    sticker sheet, not on card stock: its stock, its page label and PRINTING.md say so."""
    game = kit / "data" / "mygame" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + STICKERS, encoding="utf-8")
    (kit / "data" / "mygame" / "layouts" / "sticker.yaml").write_text(STICKER, encoding="utf-8")
    stickers = next(c for c in load_game("mygame").components if c.id == "stickers")
    assert stock_of(stickers) == "sticker"
    _build()
    notes = (kit / "output" / "mygame" / "PRINTING.md").read_text(encoding="utf-8")
    [line] = [line for line in notes.splitlines() if line.startswith("- **Box stickers**")]
    assert STOCKS["sticker"].words in line and "card stock" not in line
