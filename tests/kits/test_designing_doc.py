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
    sheets = {e["path"].rsplit("/", 1)[-1]: e for e in manifest if e["path"].endswith("-sheets-a4.pdf")}
    # the sample deck with the added healer: 3 + 2 + 1 + 1 cards; the events 2 + 1 + 2; tiles 8 + 6 + 4; labels 2 + 1 + 1
    assert {name: entry["items"] for name, entry in sheets.items()} == {
        "cards-sheets-a4.pdf": 7, "events-sheets-a4.pdf": 5, "tiles-sheets-a4.pdf": 18, "labels-sheets-a4.pdf": 4,
        "recruits-sheets-a4.pdf": 6}
    assert sorted(p.name for p in (cards / "cards").glob("*.pdf")) == [
        "captain.pdf", "guard.pdf", "healer.pdf", "scout.pdf"]
    # the Letter sheets of step 2 hold the deck before the healer: the A4 build removed them, and said so
    assert not (cards / "cards-sheets-letter.pdf").exists()
    assert "Removed" in done.stdout and "cards-sheets-letter.pdf" in done.stdout

    deck = pymupdf.open(cards / "cards-sheets-a4.pdf")
    assert deck.page_count == 2                                   # 7 cards: one fronts page and its backs
    assert deck[0].get_text().count("Healer".upper()) + deck[0].get_text().count("Healer") >= 1

    events = pymupdf.open(cards / "events-sheets-a4.pdf")
    assert events.page_count == 2 and "No unit may move this round." in events[0].get_text()

    tiles = pymupdf.open(kit / "output" / "mygame" / "tiles" / "tiles-sheets-a4.pdf")
    assert tiles.page_count == 2                                  # fronts, then their backs
    assert tiles[1].get_text().split().count("Forest") == 6       # each back names its own terrain
    assert {tuple(e["trim_mm"]) for e in manifest if "/tiles/" in e["path"]} == {(30, 30)}

    labels = pymupdf.open(cards / "labels-sheets-a4.pdf")
    assert labels.page_count == 1
    assert (round(labels[0].rect.width / PT_PER_MM), round(labels[0].rect.height / PT_PER_MM)) == (210, 297)
    assert labels[0].get_text().count("Scouts") == 2              # the units label, twice

    recruits = pymupdf.open(cards / "recruits-sheets-a4.pdf")[0].get_text().split()
    assert recruits.count("pikeman") == 3 and "KNIGHT" in " ".join(recruits).upper()
    assert "1.0" not in recruits and "Notes" not in recruits     # the power 1.0 prints as 1; the notes sheet is not read

    assert f"Kit: {kit.resolve()} (found from the current directory)" in done.stdout
    for line in ("cards      cards", "cards      events", "tiles      tiles", "cards      labels"):
        assert line in done.stdout
