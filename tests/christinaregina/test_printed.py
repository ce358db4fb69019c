"""What ``pnpkit build christinaregina`` prints, on A4 and Letter: every component as PDF and
SVG (its pieces packed on the game's shared sheets, or with ``--sheets per-component`` each
on sheets of its own), the names searchable in the PDFs, and the tile backs behind their own
fronts."""

from __future__ import annotations

from collections import Counter

import pymupdf
import pytest

from generator.build.engine import plan
from generator.draw.scene import GroupItem
from generator.kit.cachekeys import core_code_hash
from generator.loading.games import load_game
from generator.pieces.job import BuildOptions, OutputJob
from generator.printing import layouts as sheet_layouts
from generator.printing.sheets import sheet_pages

from tests.christinaregina.conftest import ACTIONS, INFLUENCERS, SECTION_2

PAPERS = ("a4", "letter")


@pytest.fixture(scope="module")
def game():
    return load_game("christinaregina")


@pytest.fixture(scope="module", params=PAPERS)
def jobs(request, game) -> dict[str, OutputJob]:
    options = BuildOptions(paper=request.param, formats=frozenset({"pdf", "svg"}))
    return {str(job.path): job for job in plan([game], options, None, core_code_hash())}


@pytest.fixture(scope="module")
def own_jobs(jobs, game) -> dict[str, OutputJob]:
    """The files of a ``--sheets per-component`` build on the paper of ``jobs``."""
    options = BuildOptions(paper=_paper(jobs), formats=frozenset({"pdf", "svg"}), sheets="per-component")
    return {str(job.path): job for job in plan([game], options, None, core_code_hash())}


def _paper(jobs: dict[str, OutputJob]) -> str:
    return next(job.paper for job in jobs.values() if job.paper)


def _text(job: OutputJob) -> str:
    with pymupdf.open(stream=job.render(), filetype="pdf") as pdf:
        return " ".join(" ".join(page.get_text().split()) for page in pdf)


def test_every_component_is_written_as_pdf_and_svg(jobs: dict[str, OutputJob], own_jobs: dict[str, OutputJob]) -> None:
    paper = _paper(jobs)
    cards = jobs[f"christinaregina/christinaregina-sheets-card-{paper}.pdf"]        # one stock a file
    board = jobs[f"christinaregina/christinaregina-sheets-board-{paper}.pdf"]
    one_sided = jobs[f"christinaregina/christinaregina-sheets-folding-card-{paper}.pdf"]   # the Queen: no back
    assert cards.role == board.role == "duplex-sheets" and one_sided.role == "sheets" and one_sided.items == 1
    assert cards.items == 50 and board.items == 80
    assert cards.items + board.items + one_sided.items == sum(c.item_count() for c in load_game("christinaregina").components
                                                 if c.kind in ("cards", "tiles"))
    for deck in ("faction-cards", "action-cards", "dagger-cards", "score-cards"):
        assert f"christinaregina/cards/{deck}-sheets-{paper}.pdf" in own_jobs
        assert f"christinaregina/cards/{deck}-sheets-{paper}.pdf" not in jobs     # on the shared sheets
        assert any(p.startswith(f"christinaregina/cards/{deck}/") and p.endswith("-front.svg") for p in jobs)
        assert f"christinaregina/cards/{deck}/back.svg" in jobs
    for tiles in ("court-tiles", "queen"):
        assert f"christinaregina/tiles/{tiles}-sheets-{paper}.pdf" in own_jobs
    assert sum(p.startswith("christinaregina/tiles/court-tiles/") and p.endswith("-front.svg") for p in jobs) == 29   # 1 White, 20 faction, 8 non-colored (4 metals, + and -)
    # one back per metal: the tiles whose backs are alike share one drawing
    assert sum(p.startswith("christinaregina/tiles/court-tiles/") and p.endswith("-back.svg") for p in jobs) == 5
    assert "christinaregina/tiles/queen/queen-front.svg" in jobs
    assert {f"christinaregina/board/court/court-front-{paper}-tiled.pdf",
            "christinaregina/board/court/court-front-fullsize.pdf", "christinaregina/board/court/court-front.svg"} <= set(jobs)
    counts = {job.item: job.items for job in own_jobs.values() if job.format == "pdf" and job.paper}
    assert counts["court-tiles (all tiles)"] == 80 and counts["faction-cards (all cards)"] == SECTION_2["faction cards"]


def test_influencer_and_action_names_are_searchable_text(own_jobs: dict[str, OutputJob]) -> None:
    jobs = own_jobs                 # each component's own sheets, to tell which text is on which
    paper = _paper(jobs)
    factions = _text(jobs[f"christinaregina/cards/faction-cards-sheets-{paper}.pdf"])
    tiles = _text(jobs[f"christinaregina/tiles/court-tiles-sheets-{paper}.pdf"])
    actions = _text(jobs[f"christinaregina/cards/action-cards-sheets-{paper}.pdf"])
    for name in INFLUENCERS:
        assert name.upper() in factions.upper(), name
        assert tiles.count(name) == 2, name                       # two tiles per faction and court
    for name in ACTIONS:
        assert name.upper() in actions and f"{name} lets the player" in actions or f"{name} must be played" in actions


def test_the_court_sheet_is_tiled_with_an_assembly_page(jobs: dict[str, OutputJob]) -> None:
    paper = _paper(jobs)
    with pymupdf.open(stream=jobs[f"christinaregina/board/court/court-front-{paper}-tiled.pdf"].render(),
                      filetype="pdf") as pdf:
        assert pdf.page_count == 5                                # assembly, then A1 B1 A2 B2
        assert "assembling the board" in pdf[0].get_text()
        assert "begin on the board's own lines" in " ".join(pdf[0].get_text().split())
        assert all(page.rect.width > page.rect.height for page in pdf[1:])    # landscape tiles
        assert "WHITE" in " ".join(page.get_text() for page in pdf[1:])
    with pymupdf.open(stream=jobs["christinaregina/board/court/court-front-fullsize.pdf"].render(),
                      filetype="pdf") as pdf:
        assert (round(pdf[0].trimbox.width / 72 * 25.4), round(pdf[0].trimbox.height / 72 * 25.4)) == (380, 316)


@pytest.mark.parametrize("paper", PAPERS)
def test_tile_backs_sit_behind_their_own_fronts(game, paper: str) -> None:
    """On each backs page, behind every tile's front (mirrored for long-edge duplex) is that tile's back."""
    tiles = next(c for c in game.components if c.id == "court-tiles")
    spec = tiles.sheet_spec(BuildOptions(paper=paper))
    pages = sheet_pages(tiles.pieces, spec)
    fronts = {tuple(p.front().items): p for p in tiles.pieces}
    width = sheet_layouts.paper(paper).width
    checked = 0
    for front_page, back_page in zip(pages[0::2], pages[1::2]):
        backs = {(round(g.matrix[4], 3), round(g.matrix[5], 3)): g.items
                 for g in back_page.scene.items if isinstance(g, GroupItem)}
        for group in (g for g in front_page.scene.items if isinstance(g, GroupItem) and g.items in fronts):
            piece = fronts[group.items]
            x, y = group.matrix[4], group.matrix[5]
            mirrored = (round(width - x - piece.width - 2 * piece.bleed, 3), round(y, 3))
            assert backs[mirrored] == tuple(piece.back().items), (piece.id, paper)
            checked += 1
    assert checked == 80


def test_the_backs_say_each_tiles_metal(own_jobs: dict[str, OutputJob]) -> None:
    jobs = own_jobs
    paper = _paper(jobs)
    with pymupdf.open(stream=jobs[f"christinaregina/tiles/court-tiles-sheets-{paper}.pdf"].render(),
                      filetype="pdf") as pdf:
        words = Counter(w for page in list(pdf)[1::2] for w in page.get_text().split())
    assert {metal.upper(): words[metal.upper()] for metal in SECTION_2["tiles"]} == \
        {metal.upper(): count for metal, (count, _, _) in SECTION_2["tiles"].items()}


def test_printing_notes_name_each_component_s_own_sheets(game, own_jobs: dict[str, OutputJob]) -> None:
    """'faction-cards' holds 'action-cards': each deck still gets its own file; the court is joined from tiles."""
    from generator.build.kit_files import printing_notes_job

    jobs = own_jobs
    paper = _paper(jobs)
    notes = printing_notes_job(game, list(jobs.values()), BuildOptions(paper=paper, sheets="per-component"),
                               "code").render().decode()
    assert f"**Action cards** (10 cards): print `cards/action-cards-sheets-{paper}.pdf` double-sided" in notes
    assert f"**Court tiles** (80 tiles): print `tiles/court-tiles-sheets-{paper}.pdf` double-sided" in notes
    assert f"print `board/court/court-front-{paper}-tiled.pdf` one-sided" in notes
    assert f"**Reference sheet** (1 page): print `reference/reference-{paper}.pdf` one-sided" in notes
    # the tiles' own bleed (2 mm, tile-front.yaml), as their PDFs have it; the cards' 3 mm
    assert "its front and back pages with 2 mm bleed, 30 x 30 mm trimmed" in notes
    assert "Each of the tiles of **Court tiles** also has its own PDF (front and back pages) with a 2 mm bleed" in notes
    assert "its front and back pages with 3 mm bleed, 64 x 89 mm trimmed" in notes
    with pymupdf.open(stream=jobs["christinaregina/tiles/court-tiles/iron-blue.pdf"].render(), filetype="pdf") as pdf:
        page = pdf[0]
        assert round((page.bleedbox.width - page.trimbox.width) / 2 / 72 * 25.4, 2) == 2.0
    # the five backs of the court tiles, one per metal, in one row that says what they are
    assert ("| `tiles/court-tiles/*-back.svg` | Court tiles: the backs of the tiles, one file for each back drawn "
            "differently (5 files, white-0 back … gold-blue back) |") in notes
