"""The sheet packer (issue 20 item 6, issue 24's gutterfold): a game's pieces share sheets,
within 1.15x of the fewest pages they could fill, each back exactly behind its front (and a
gutterfold's back its mirror image about the fold), as measured in the PDF itself."""

from __future__ import annotations

import math

import pymupdf as fitz
import pytest

from generator.draw.pdf import render_pdf
from generator.loading.games import load_game
from generator.outputs.packed import items_of, packed_components
from generator.pieces.job import BuildOptions
from generator.preflight.paperuse import PaperUse, paper_use
from generator.printing.labelsheets import label_pages
from generator.printing.layouts import GridLayout, paper, unprintable_margin
from generator.printing.packed_sheets import (by_stock, duplex_pages, gutterfold_packing, gutterfold_pages, one_sided_pages,
                                              packed_pages,
                                              printable, runs_of)
from generator.printing.packing import BLOCK_GAP, Rect, Run, fewest_sheets, pack
from generator.printing.sheets import SheetSpec, sheet_pages

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
    pages = fewest = 0
    where = printable(spec.paper, spec.margin)
    for _, group in by_stock(items):          # each stock on sheets of its own
        duplex, one_sided = packed_pages(group, spec)
        pages += 2 * len(duplex) + len(one_sided)
        fewest += _fewest(runs_of([i for i in group if i.backed]), where, True) + \
            _fewest(runs_of([i for i in group if not i.backed]), where, False)
    for labels in (c for c in game.components if c.kind == "labels"):
        label_spec = labels.sheet_spec(options)
        pages += len(label_pages(labels.groups, label_spec, shared=True))
        gap = label_spec.layout.gap
        fewest += _fewest([Run(list(g.pieces), g.pieces[0].width, g.pieces[0].height, gap) for g in labels.groups],
                          where, False)
    assert pages <= TARGET * fewest, f"{game_id} on {paper_id}: {pages} pages, the fewest {fewest}"
    # the preflight's paper-use rule counts the same (its labels pages without drawing them)
    assert paper_use(game, options) == PaperUse(pages, fewest)


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


def _labels_crossed(pages) -> tuple[set[int], list[tuple[int, str]]]:
    """The pages with a label, and each line drawn across one (page index, label)."""
    document = fitz.open(stream=render_pdf(pages), filetype="pdf")
    labelled, crossed = set(), []
    for index, page in enumerate(document):
        spans = [s for b in page.get_text("dict")["blocks"] for line in b.get("lines", []) for s in line["spans"]
                 if "page " in s["text"] and " of " in s["text"]]
        assert len(spans) <= 1, (index, [s["text"] for s in spans])
        if not spans:
            continue
        labelled.add(index)
        box = fitz.Rect(spans[0]["bbox"])
        for drawing in page.get_drawings():
            for item in drawing["items"]:
                if item[0] != "l":
                    continue
                (x0, x1), (y0, y1) = sorted((item[1].x, item[2].x)), sorted((item[1].y, item[2].y))
                if x0 <= box.x1 and box.x0 <= x1 and y0 <= box.y1 and box.y0 <= y1:
                    crossed.append((index, spans[0]["text"]))
    return labelled, crossed


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
@pytest.mark.parametrize("guides", [False, True])
def test_no_crop_mark_guide_or_fold_line_runs_through_a_page_label(paper_id: str, guides: bool) -> None:
    game = load_game("stockholm1520")
    options = BuildOptions(paper=paper_id, guides=guides)
    zones = next(c for c in game.components if c.id == "zone-cards")
    own = sheet_pages(zones.pieces, zones.sheet_spec(options))[:2]        # --sheets per-component
    spec = SheetSpec(game.title, "pieces", paper(paper_id), GridLayout(type="grid"), unprintable_margin(), guides=guides)
    items = items_of(packed_components(game.components, options))
    duplex, _ = packed_pages(items, spec)
    shared = duplex_pages([duplex[0], duplex[-1]], spec)                   # a full page, and the mixed last one
    batalj = load_game("batalj")
    fold_paper, folded, _ = gutterfold_packing(items_of(packed_components(batalj.components, options)),
                                               _spec(batalj, paper_id))
    fold = gutterfold_pages(fold_paper, folded[:1], SheetSpec(batalj.title, "pieces", paper(paper_id),
                                                                GridLayout(type="grid"), unprintable_margin(),
                                                                guides=guides))
    pages = [*own, *shared, *fold]
    labelled, crossed = _labels_crossed(pages)
    assert not crossed
    # a gutterfold page may be filled to its margins (no room left for a label); the others have one
    assert labelled >= set(range(len(own) + len(shared)))


@pytest.mark.parametrize("paper_id", ["a4", "letter"])
@pytest.mark.parametrize("game_id", PIECE_GAMES)
def test_every_packed_page_says_which_side_it_is(game_id: str, paper_id: str) -> None:
    """A duplex sheet's pages say fronts or backs (a player who prints them one by one must know
    which goes in first), a one-sided page says so, whatever fills the page to its margins (Batalj's
    last card page once had no label: three rows of blocks left no margin for it); no line crosses it."""
    game = load_game(game_id)
    spec = _spec(game, paper_id)
    items = items_of(packed_components(game.components, BuildOptions(paper=paper_id, sheets="packed")))
    for _, group in by_stock(items):
        duplex, one_sided = packed_pages(group, spec)
        pages = [*duplex_pages(duplex, spec), *one_sided_pages(one_sided, spec)]
        labelled, crossed = _labels_crossed(pages)
        assert labelled == set(range(len(pages))), (game_id, paper_id, sorted(set(range(len(pages))) - labelled))
        assert not crossed
