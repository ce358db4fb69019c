"""The sheet packer (issue 20 item 6, issue 24's gutterfold): a game's pieces share sheets,
within 1.15x of the fewest pages they could fill, each back exactly behind its front (and a
gutterfold's back its mirror image about the fold), as measured in the PDF itself."""

from __future__ import annotations

import math

import pymupdf as fitz
import pytest

from generator.draw.pdf import render_pdf
from generator.games import load_game
from generator.outputs.job import BuildOptions
from generator.outputs.packed import items_of, packed_components
from generator.printing.labelsheets import label_pages
from generator.printing.layouts import GridLayout, paper, unprintable_margin
from generator.printing.packed_sheets import (duplex_pages, gutterfold_packing, gutterfold_pages, packed_pages,
                                              printable, runs_of)
from generator.printing.packing import BLOCK_GAP, Rect, Run, fewest_sheets, pack
from generator.printing.sheets import SheetSpec

PIECE_GAMES = ["stockholm1520", "paxbaltica", "christinaregina", "batalj"]
TARGET = 1.15
PT = 72 / 25.4


def _spec(game, paper_id: str) -> SheetSpec:
    return SheetSpec(game.title, "pieces", paper(paper_id), GridLayout(type="grid"), unprintable_margin())


def _fewest(runs, where: Rect, duplex: bool) -> int:
    return math.ceil(fewest_sheets(runs, where) - 1e-9) * (2 if duplex else 1) if runs else 0


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
@pytest.mark.parametrize("game_id", PIECE_GAMES)
def test_piece_sheets_take_at_most_115_percent_of_the_fewest_pages(game_id: str, paper_id: str) -> None:
    game = load_game(game_id)
    spec = _spec(game, paper_id)
    options = BuildOptions(paper=paper_id)
    items = items_of(packed_components(game.components, BuildOptions(paper=paper_id, sheets="packed")))
    duplex, one_sided = packed_pages(items, spec)
    pages = 2 * len(duplex) + len(one_sided)
    where = printable(spec.paper, spec.margin)
    fewest = _fewest(runs_of([i for i in items if i.backed]), where, True) + \
        _fewest(runs_of([i for i in items if not i.backed]), where, False)
    for labels in (c for c in game.components if c.kind == "labels"):
        label_spec = labels.sheet_spec(options)
        pages += len(label_pages(labels.groups, label_spec, shared=True))
        gap = label_spec.layout.gap
        fewest += _fewest([Run(list(g.pieces), g.pieces[0].width, g.pieces[0].height, gap) for g in labels.groups],
                          where, False)
    assert pages <= TARGET * fewest, f"{game_id} on {paper_id}: {pages} pages, the fewest {fewest}"


def test_a_decks_last_page_is_filled_by_the_next_deck_and_small_pieces_fill_the_room() -> None:
    big, small = Run(list(range(11)), 63.5, 88.9), Run(list(range(30)), 20.0, 20.0, gap=2.0)
    pages, left = pack([big, small], Rect(0, 0, 200, 280))
    assert not left and len(pages) == 2            # 9 cards, then 2 cards with the 30 counters beside and below
    second = pages[1]
    assert sorted(len(b.items) for b in second.blocks)[-1] <= 30 and sum(len(b.items) for b in second.blocks) == 32
    rects = [b.bounds for b in second.blocks]
    for i, a in enumerate(rects):                  # blocks never overlap: BLOCK_GAP apart one way or the other
        for b in rects[i + 1:]:
            apart_x = a.right + BLOCK_GAP <= b.x + 1e-6 or b.right + BLOCK_GAP <= a.x + 1e-6
            apart_y = a.bottom + BLOCK_GAP <= b.y + 1e-6 or b.bottom + BLOCK_GAP <= a.y + 1e-6
            assert apart_x or apart_y


def _filled_rects(page) -> list[tuple[float, float, float, float]]:
    return [(d["rect"].x0 / PT, d["rect"].y0 / PT, d["rect"].width / PT, d["rect"].height / PT)
            for d in page.get_drawings() if d.get("fill") is not None]


def _has(rects, x: float, y: float, w: float, h: float) -> bool:
    return any(abs(a - x) < 0.05 and abs(b - y) < 0.05 and abs(c - w) < 0.05 and abs(d - h) < 0.05
               for a, b, c, d in rects)


def _card_pieces(game, pieces):
    cards = {p.id: p for c in game.components if c.kind == "cards" for p in c.pieces}
    return [(cards[pid], box) for pid, box in pieces if pid in cards]


def test_each_back_lands_exactly_behind_its_front_measured_in_the_pdf() -> None:
    game = load_game("christinaregina")
    spec = _spec(game, "letter")
    items = items_of(packed_components(game.components, BuildOptions(paper="letter", sheets="packed")))
    pages = duplex_pages(packed_pages(items, spec)[0], spec)
    document = fitz.open(stream=render_pdf(pages), filetype="pdf")
    measured = 0
    for index in range(0, len(pages), 2):
        fronts, backs = _filled_rects(document[index]), _filled_rects(document[index + 1])
        for piece, (x, y, w, h) in _card_pieces(game, pages[index].pieces):
            b = piece.bleed                        # a card's ground runs into its bleed: its rectangle is the art's
            assert _has(fronts, x - b, y - b, w + 2 * b, h + 2 * b), (piece.id, index)
            mirrored_x = spec.paper.width - x - w
            assert _has(backs, mirrored_x - b, y - b, w + 2 * b, h + 2 * b), (piece.id, index)
            measured += 1
    assert measured == sum(c.item_count() for c in game.components if c.kind == "cards")


def test_gutterfold_backs_are_mirror_images_of_their_fronts_about_the_fold_in_the_pdf() -> None:
    game = load_game("batalj")
    spec = _spec(game, "a4")
    items = items_of(packed_components(game.components, BuildOptions(sheets="gutterfold")))
    fold_paper, packed, left = gutterfold_packing(items, spec)
    assert not left and fold_paper.width > fold_paper.height     # four cards a page, turned, beat three upright
    pages = gutterfold_pages(fold_paper, packed, spec)
    document = fitz.open(stream=render_pdf(pages), filetype="pdf")
    fold = fold_paper.width / 2
    measured = 0
    for index, page in enumerate(pages):
        rects = _filled_rects(document[index])
        fronts = [(p, box) for p, box in _card_pieces(game, page.pieces) if box[0] + box[2] <= fold]
        backs = {round(box[0], 3) for _, box in _card_pieces(game, page.pieces) if box[0] >= fold}
        for piece, (x, y, w, h) in fronts:
            b = piece.bleed
            mirror = 2 * fold - (x + w)            # the back's left edge: the front's right edge reflected
            assert round(mirror, 3) in backs
            assert _has(rects, x - b, y - b, w + 2 * b, h + 2 * b) and _has(rects, mirror - b, y - b, w + 2 * b, h + 2 * b)
            measured += 1
        drawn = document[index].get_drawings()     # the fold line itself, dashed, down the middle
        assert any(abs(d["rect"].x0 / PT - fold) < 0.01 and abs(d["rect"].x1 / PT - fold) < 0.01 and d.get("dashes")
                   for d in drawn)
    assert measured == sum(c.item_count() for c in game.components if c.kind == "cards")
