"""PRINTING.md lists every file of the build with what to print it on, and speaks of what the
game has: a map-only game's notes speak of maps, not cards (issue 14)."""

from __future__ import annotations

import re
from dataclasses import replace
from fnmatch import fnmatch
from pathlib import Path, PurePosixPath

import pytest

from generator.build.engine import plan
from generator.kit.cachekeys import core_code_hash
from generator.loading.games import load_games
from generator.pieces.job import BuildOptions

OPTIONS = BuildOptions(paper="a4", formats=frozenset({"pdf", "svg", "png"}))


GAMES = sorted(p.parent.name for p in (Path(__file__).resolve().parents[2] / "data").glob("*/game.yaml"))


@pytest.fixture(scope="module")
def jobs():
    return plan(load_games(GAMES), OPTIONS, None, core_code_hash())


def _notes(jobs, game: str) -> str:
    job = next(j for j in jobs if j.game == game and j.path.name == "PRINTING.md")
    return job.render().decode("utf-8")


def _table(text: str) -> list[tuple[str, str, str]]:
    rows = re.findall(r"^\| `([^`]+)` \| (.+?) \| (.+?) \|$", text, flags=re.M)
    assert rows
    return rows


@pytest.mark.parametrize("game", GAMES)
def test_every_file_of_the_build_is_in_the_table_once_with_what_to_print_it_on(jobs, game):
    rows = _table(_notes(jobs, game))
    files = [str(j.path.relative_to(PurePosixPath(game))) for j in jobs if j.game == game]
    assert len(files) > 3
    for f in files:
        matching = [r for r in rows if fnmatch(f, r[0]) and r[0].count("/") == f.count("/")]
        assert len(matching) == 1, (f, matching)
    for path, what, print_on in rows:
        assert what.strip() and print_on.strip()
        assert any(fnmatch(f, path) for f in files), f"a row for no file: {path}"
        if path.endswith(".pdf") and "proof" not in path:          # a PDF is for printing: on what?
            assert not print_on.startswith("nothing"), (path, print_on)


def test_what_to_print_on_follows_the_file(jobs):
    rows = {path: (what, on) for path, what, on in _table(_notes(jobs, "stockholm1520"))}
    shared = rows["stockholm1520-sheets-card-a4.pdf"]     # one stock a file: the cards on card stock
    assert shared[1].startswith("A4 card stock") and "double-sided" in shared[1] and "thick card" not in shared[1]
    assert "the 59 pieces" in shared[0]                     # 48 zone and 9 event cards, 2 track strips
    board = rows["stockholm1520-sheets-board-a4.pdf"]     # the counters on board
    assert board[1].startswith("A4 thick card") and "card stock" not in board[1] and "the 63 pieces" in board[0]
    per_component = plan(load_games(["stockholm1520"]), replace(OPTIONS, sheets="per-component"), None,
                         core_code_hash())
    own = {path: (what, on) for path, what, on in _table(_notes(per_component, "stockholm1520"))}
    assert own["cards/zone-cards-sheets-a4.pdf"][1].startswith("A4 card stock") and \
        "double-sided" in own["cards/zone-cards-sheets-a4.pdf"][1]
    assert "thick card" in own["counters/counters-sheets-a4.pdf"][1] and "thick card" not in own["cards/zone-cards-sheets-a4.pdf"][1]
    assert rows["map/board-fullsize.pdf"][1].startswith("a print shop: one sheet of A1")
    assert rows["map/board.png"][1] == "nothing: a picture for the screen (150 dpi)"
    assert rows["cards/zone-cards/*-front.png"][1] == "nothing: a picture for the screen (300 dpi)"
    assert "48 files, Z-A1-R" in rows["cards/zone-cards/*.pdf"][0]


def test_a_map_only_game_speaks_of_maps_not_cards(jobs):
    text = _notes(jobs, "breitenfeld1631")
    assert "Battle map" in text and "full size" in text
    assert "cards" not in text.lower() and "each card" not in text.lower() and "TrimBox" not in text
    assert "duplex" not in text                      # nothing of it is double-sided
    assert "duplex-test" in _notes(jobs, "stockholm1520")


def test_a_piece_pdf_is_described_with_its_own_bleed() -> None:
    """Cards have 3 mm, Christina Regina's tiles 2 mm, a sheet drawn to its trim none."""
    from generator.pieces.job import OutputJob
    from generator.printing.notes import bleed

    def piece(mm: float) -> OutputJob:
        return OutputJob(PurePosixPath("g/x.pdf"), "g", "cards", "x", "pdf", "", lambda: b"", role="piece",
                         extra={"bleed": mm})

    assert bleed(piece(3.0)) == "with 3 mm bleed" and bleed(piece(2.0), "a") == "with a 2 mm bleed"
    assert bleed(piece(1.5)) == "with 1.5 mm bleed" and bleed(piece(0.0), "a") == "without bleed"


# "You will also need" (issue 38): every PRINTING.md opens with what the kit does not make


@pytest.mark.parametrize("game", GAMES)
def test_every_printing_md_opens_with_what_else_the_player_needs(jobs, game):
    text = _notes(jobs, game)
    sections = re.findall(r"^## (.+)$", text, flags=re.M)
    assert sections[0] == "You will also need", sections
    body = text.split("## You will also need\n", 1)[1].split("\n## ", 1)[0].split("\nBuilt by", 1)[0]
    lines = [line for line in body.splitlines() if line.strip()]
    assert lines and (all(re.fullmatch(r"- .+ \(rules: .+\)", line) for line in lines)
                      or lines == ["Nothing else: this kit holds every part the rules use."]), lines


def test_what_else_is_needed_comes_from_the_game_data(jobs):
    pax, breitenfeld, batalj = (_notes(jobs, g) for g in ("paxbaltica", "breitenfeld1631", "batalj"))
    assert "map" in pax and "51 wooden blocks" in pax and "cubes" in pax
    assert "counters" in breitenfeld and "order of battle" in breitenfeld and "Artillery Fire table" in breitenfeld
    assert "base game, Svea Rike" in batalj and "die" in batalj


def test_pax_baltica_asks_for_the_blocks_its_order_of_battle_holds():
    """The line's counts are the data's: blocks.csv by nation, nations.yaml's block colour."""
    import csv
    from collections import Counter

    import yaml

    folder = Path(__file__).resolve().parents[2] / "data" / "paxbaltica"
    nations = yaml.safe_load((folder / "nations.yaml").read_text(encoding="utf-8"))
    rows = [r for r in csv.DictReader(line for line in (folder / "blocks.csv").open(encoding="utf-8")
                                      if not line.startswith("#"))]
    colours = Counter(nations[r["nation"]]["block"] for r in rows)
    game = next(g for g in load_games(["paxbaltica"]))
    line = next(what for what, _ in game.also_need or [] if "blocks" in what)
    assert f"{len(rows)} wooden blocks in {len(colours)} colours" .replace(" 4 ", " four ") in line
    for colour, count in colours.items():
        assert f"{count} {colour}" in line


def test_a_game_that_does_not_say_has_no_section_and_a_bad_entry_is_refused(tmp_path, monkeypatch):
    from generator.cli.scaffold import new_kit
    from generator.core.errors import DataError
    from generator.kit.location import Kit
    from generator.loading.games import load_game

    root = tmp_path / "kit"
    new_kit(root, "mygame", "My Game")
    assert load_game("mygame", Kit(root)).also_need is None
    path = root / "data" / "mygame" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "also_need:\n  - {what: Two dice}\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_game("mygame", Kit(root))
    message = str(err.value)
    assert "game.yaml" in message and "also_need" in message and "rule" in message


def test_stockholms_strips_share_the_card_sheets_with_crop_marks(jobs):
    """Stockholm's track strips are pieces on the shared card sheets, cut along their crop
    marks, not a page of their own without any (issue 38)."""
    notes = _notes(jobs, "stockholm1520")
    assert "tracks/tracks-a4.pdf" not in notes
    line = next(line for line in notes.splitlines() if "stockholm1520-sheets-card-a4.pdf" in line and line.startswith("- "))
    assert "Propaganda meter and round track" in line and "then along the crop marks" in line