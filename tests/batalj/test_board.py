"""Batalj's two-sided board: the Battlefield (front) and the Pillage map (back), from data and layouts."""

from __future__ import annotations

import math
from collections import deque
from pathlib import Path

import pymupdf as fitz
import pytest

from generator.build.engine import build
from generator.draw.scene import GroupItem, TextItem
from generator.kit.datafiles import load_yaml
from generator.loading.games import load_game
from generator.pieces.job import BuildOptions

ROOT = Path(__file__).resolve().parents[2]
PILLAGE = ROOT / "data" / "batalj" / "pillage-map.yaml"


def _texts(items) -> list[str]:
    found: list[str] = []
    for item in items:
        if isinstance(item, GroupItem):
            found += _texts(item.items)
        elif isinstance(item, TextItem):
            found.append(item.text)
    return found


@pytest.fixture(scope="module")
def board():
    (component,) = [c for c in load_game("batalj").components if c.kind == "board"]
    return component


def test_the_pillage_map_network_every_city_reachable_from_each_start() -> None:
    data = load_yaml(PILLAGE)
    spaces, roads = data["spaces"], data["roads"]
    starts = sorted(s["name"] for s in spaces.values() if s["start"])
    assert starts == ["Lübeck", "Stettin"]
    assert sum(1 for s in spaces.values() if not s["start"]) == 14
    neighbours: dict[str, set[str]] = {name: set() for name in spaces}
    for a, b in roads:
        assert a in spaces and b in spaces and a != b
        neighbours[a].add(b)
        neighbours[b].add(a)
    for start in (k for k, s in spaces.items() if s["start"]):
        seen, todo = {start}, deque([start])
        while todo:
            for nxt in neighbours[todo.popleft()] - seen:
                seen.add(nxt)
                todo.append(nxt)
        assert seen == set(spaces), f"from {start} not reachable: {set(spaces) - seen}"


def test_no_two_spaces_overlap_and_a_marker_fits_a_city() -> None:
    data = load_yaml(PILLAGE)
    radius = {True: data["radius"]["start"], False: data["radius"]["city"]}
    assert 2 * data["radius"]["city"] > 24                      # a Pillage marker is 24 mm across
    items = list(data["spaces"].values())
    for i, a in enumerate(items):
        assert 8 + radius[a["start"]] <= a["x"] <= 420 - 8 - radius[a["start"]]
        for b in items[i + 1:]:
            gap = math.dist((a["x"], a["y"]), (b["x"], b["y"])) - radius[a["start"]] - radius[b["start"]]
            assert gap > 8, (a["name"], b["name"])


def test_the_battlefield_prints_sectors_limits_sequence_and_die_results(board) -> None:
    (piece,) = board.pieces
    texts = _texts(piece.front().items)
    for label in ("ENEMY RESERVE", "SWEDISH RESERVE", "LEFT FLANK", "CENTRE", "RIGHT FLANK", "ENEMY LEFT FLANK",
                  "ENEMY CENTRE", "ENEMY RIGHT FLANK"):
        assert label in texts
    assert sum("At most 4 pieces" in t for t in texts) == 6
    joined = " ".join(texts)
    for step in range(1, 8):
        assert f"{step}. " in joined
    assert "5: ONE Soldier" in joined and "6: TWO Soldiers" in joined


def test_the_pillage_side_names_every_city(board) -> None:
    (piece,) = board.pieces
    texts = _texts(piece.back().items)
    for space in load_yaml(PILLAGE)["spaces"].values():
        assert space["name"] in texts or space["name"].upper() in texts


def test_the_tiles_cover_the_whole_board_with_overlaps(board) -> None:
    (piece,) = board.pieces
    plan = board.plan(piece, "a4")
    width, height = plan.board
    assert (width, height) == (426, 450)                            # 420 x 444 and 3 mm bleed
    assert len(plan.tiles) > 1
    for x, y in ((x, y) for x in range(0, 427, 3) for y in range(0, 451, 3)):
        assert any(tile.contains(x, y, x, y) for tile in plan.tiles), (x, y)


def test_board_files_full_size_and_tiled(tmp_path: Path, board) -> None:
    build(["batalj"], BuildOptions(formats=frozenset({"pdf"})), tmp_path, only={"board"})
    folder = tmp_path / "batalj" / "board" / "board"
    for side in ("front", "back"):
        full = fitz.open(folder / f"BOARD-{side}-fullsize.pdf")
        assert len(full) == 1
        trim = full[0].trimbox
        assert (round(trim.width * 25.4 / 72), round(trim.height * 25.4 / 72)) == (420, 444)
        plan = board.plan(board.pieces[0], "a4", side)            # each side tiled round its own keep boxes
        tiled = fitz.open(folder / f"BOARD-{side}-a4-tiled.pdf")
        assert len(tiled) == 1 + len(plan.tiles)                     # the assembly page, then the tiles
        assert f"A1, row 1 of {plan.rows}" in tiled[1].get_text() and plan.crossed() == []
    notes = (tmp_path / "batalj" / "PRINTING.md").read_text(encoding="utf-8")
    for side in ("front", "back"):
        assert f"print `board/board/BOARD-{side}-a4-tiled.pdf` one-sided" in notes
    mixing = notes.split("## Notes for this game")[1].split("##")[0]       # game.yaml's printing notes
    assert "same Event back" in mixing and "sleeve" in mixing and "base game" in mixing
    front = fitz.open(folder / "BOARD-front-fullsize.pdf")[0].get_text()
    assert "THE BATTLE" in front and "Repeat steps 2-6" in front
    # measured from the PDF: each Reserve (74 mm tall) holds a Province card's place, a poker card (63.5 x
    # 88.9 mm) lying sideways, inside its box ("At least one Province card MUST be placed in the Reserve")
    page = fitz.open(folder / "BOARD-front-fullsize.pdf")[0]
    mm = 25.4 / 72
    rects = [d["rect"] for d in page.get_drawings() if d.get("rect") is not None]
    boxes = [r for r in rects if round(r.width * mm) == 268 and round(r.height * mm) == 74]
    places = [r for r in rects if abs(r.width * mm - 88.9) < 0.3 and abs(r.height * mm - 63.5) < 0.3]
    assert len(boxes) == 2 and len(places) >= 2
    for box in boxes:
        assert any(box.contains(p) for p in places), box
    words = " ".join(front.split())
    assert "strength cards are turned here" in words and "Province cards from the Province deck" in words


def test_changing_the_pillage_map_changes_its_side_only(tmp_path: Path) -> None:
    import json
    import shutil

    from generator.kit.location import use_kit

    root = tmp_path / "kit"
    shutil.copytree(ROOT / "data" / "sheets", root / "data" / "sheets")
    shutil.copytree(ROOT / "data" / "batalj", root / "data" / "batalj")
    options = BuildOptions(formats=frozenset({"svg"}))

    def shas(out: Path) -> dict[str, str]:
        return {e["path"]: e["sha256"] for e in json.loads((out / "manifest.json").read_text())["files"]}

    with use_kit(root):
        build(["batalj"], options, root / "out")
        before = shas(root / "out")
        data = root / "data" / "batalj" / "pillage-map.yaml"
        data.write_text(data.read_text(encoding="utf-8").replace("name: Wismar,", "name: Wismaria,"), encoding="utf-8")
        build(["batalj"], options, root / "out")
        after = shas(root / "out")
    changed = {path for path, digest in after.items() if digest != before.get(path)}
    # the proof sheet shows every face, the board's back too
    assert changed == {"batalj/board/board/BOARD-back.svg", "batalj/batalj-proof.pdf", "batalj/batalj-proof.png"}


def test_one_reading_of_the_enemys_strength_everywhere() -> None:
    """The board, the reference sheet, the bot's docs and the rules notes all say Province cards
    (docs/batalj-rules-notes.md says why); none says Regent cards give the enemy's strength."""
    board = " ".join(load_yaml(ROOT / "data" / "batalj" / "battle.yaml")["steps"])
    reference = (ROOT / "data" / "batalj" / "reference.yaml").read_text(encoding="utf-8")
    bot = (ROOT / "docs" / "batalj-bot.md").read_text(encoding="utf-8")
    notes = " ".join((ROOT / "docs" / "batalj-rules-notes.md").read_text(encoding="utf-8").split())
    assert "players + 1 Province cards from the Province deck" in board
    assert "one province card more than there are players** from the province deck" in reference
    assert "players + 1 Province cards from the Province deck" in bot
    assert "draw players + 1 Province cards from the Province deck; each Troop symbol is a red Soldier" in notes
    for text in (board, reference, bot):
        assert "regent card more" not in text.lower() and "by its regent cards" not in text.lower()
