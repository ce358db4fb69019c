"""docs/designing.md works as written: its shell blocks, run in order in an empty folder with
the installed ``pnpkit``, make a kit and build a deck, a second deck, tiles, labels and a deck
from a sheet of a workbook."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pymupdf

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "designing.md"
BLOCK = re.compile(r"^```sh\n(.*?)^```", re.S | re.M)
PT_PER_MM = 72 / 25.4


def shell_blocks(text: str) -> list[str]:
    return BLOCK.findall(text)


def test_the_doc_shows_its_commands_in_shell_blocks() -> None:
    blocks = shell_blocks(DOC.read_text(encoding="utf-8"))
    assert blocks[0].startswith("pnpkit new my-kit\ncd my-kit\npnpkit build\n")
    assert sum(block.count("pnpkit build") for block in blocks) >= 5


def test_the_commands_of_designing_md_build_what_it_says(tmp_path: Path) -> None:
    script = "set -euo pipefail\n" + "\n".join(shell_blocks(DOC.read_text(encoding="utf-8")))
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    env.pop("PYTHONPATH", None)
    done = subprocess.run(["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stderr
    assert "warning" not in done.stdout + done.stderr              # the steps as written build clean

    kit = tmp_path / "my-kit"
    cards = kit / "output" / "mygame" / "cards"
    manifest = json.loads((kit / "output" / "manifest.json").read_text())["files"]
    sheets = {e["path"].rsplit("/", 1)[-1]: e for e in manifest if re.search(r"-sheets(-[a-z-]+)?-a4\.pdf$", e["path"])}
    # the sample deck with the added healer: 3 + 2 + 1 + 1 cards; the events 2 + 1 + 2 and the six recruits
    # of the workbook on the game's card sheets; tiles 8 + 6 + 4 on its board sheets (one stock a file); the
    # labels 2 + 1 + 1 on their sticker sheet
    assert {name: entry["items"] for name, entry in sheets.items()} == {"mygame-sheets-card-a4.pdf": 7 + 5 + 6,
                                                                        "mygame-sheets-board-a4.pdf": 18 + 12,
                                                                        "labels-sheets-a4.pdf": 4}
    assert sorted(p.name for p in (cards / "cards").glob("*.pdf")) == [
        "captain.pdf", "guard.pdf", "healer.pdf", "scout.pdf"]
    # the Letter sheets of step 2 hold the deck before the healer: the A4 build removed them, and said so
    assert not (kit / "output" / "mygame" / "mygame-sheets-letter.pdf").exists()
    assert "Removed" in done.stdout and "mygame-sheets-letter.pdf" in done.stdout

    shared = pymupdf.open(kit / "output" / "mygame" / "mygame-sheets-card-a4.pdf")
    # the 7 cards; the 5 events (butted, not beside another deck's cards); the 6 recruits: three
    # fronts pages, each with its backs page, every page on card stock
    assert shared.page_count == 6
    fronts = [shared[i].get_text() for i in (0, 2, 4)]
    assert "HEALER" in fronts[0].upper() and "No unit may move this round." in fronts[1]
    assert all("on card stock" in page.get_text() for page in shared)
    tiles = pymupdf.open(kit / "output" / "mygame" / "mygame-sheets-board-a4.pdf")
    assert tiles.page_count == 2 and all("on board" in page.get_text() for page in tiles)
    assert tiles[1].get_text().split().count("Forest") == 6     # each tile's back names its own terrain
    assert {tuple(e["trim_mm"]) for e in manifest if "/tiles/tiles/" in e["path"]} == {(30, 30)}

    labels = pymupdf.open(cards / "labels-sheets-a4.pdf")
    assert labels.page_count == 1
    assert (round(labels[0].rect.width / PT_PER_MM), round(labels[0].rect.height / PT_PER_MM)) == (210, 297)
    assert labels[0].get_text().count("Scouts") == 2              # the units label, twice

    recruits = " ".join(page.get_text() for page in shared).split()
    assert recruits.count("pikeman") == 3 and "KNIGHT" in " ".join(recruits).upper()
    assert "1.0" not in recruits and "Notes" not in recruits     # the power 1.0 prints as 1; the notes sheet is not read

    # step 9: pips, a hexagon and a span on the cards, and the units fanned in a hand
    guard = pymupdf.open(cards / "cards" / "guard.pdf")[0]
    spans = {span["text"].strip(): span for block in guard.get_text("dict")["blocks"]
             for line in block.get("lines", ()) for span in line["spans"]}
    assert spans["one"]["color"] == 0x7a2e2a and spans["one"]["size"] > 1.15 * spans["Blocks"]["size"]
    pips = [d for d in guard.get_drawings() if d.get("fill") and len(d["items"]) >= 8]
    assert len(pips) == 2, "the filled pips and the empty ones"
    hand = kit / "output" / "mygame" / "hand" / "cards.png"
    assert hand.is_file() and hand.stat().st_size > 10_000

    # step 10: hex counters nested beside the tiles, and a cut file beside each sheet file
    folder = kit / "output" / "mygame"
    assert {p.name for p in folder.glob("mygame-sheets-*-cut*")} == {
        "mygame-sheets-board-a4-cut.svg", "mygame-sheets-board-a4-cut.dxf",
        *(f"mygame-sheets-card-a4-cut-{n}.{ending}" for n in (1, 2, 3) for ending in ("svg", "dxf"))}
    board_cut = (folder / "mygame-sheets-board-a4-cut.svg").read_text("utf-8")
    assert board_cut.count("<path ") == 18 + 12 and 'fill="none"' in board_cut
    # and the label sheet's, and each hex's own print file's (a print shop's die line)
    assert sum(1 for e in manifest if e.get("role") == "cut") == 8 + 2 + 4

    assert f"Kit: {kit.resolve()} (found from the current directory)" in done.stdout
    for line in ("cards      cards", "cards      events", "tiles      tiles", "cards      labels"):
        assert line in done.stdout
