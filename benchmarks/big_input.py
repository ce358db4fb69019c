"""Big input stays linear: figures printed, never asserted (the machine decides how fast is fast).

Run from the repository: ``python benchmarks/big_input.py [--cases check,deck,map,csv]
[--sizes 5000,10000,40000]``. Each case runs ``pnpkit`` in a child process on a kit made in a
temporary folder, and prints its wall time and peak memory (the child's maximum resident set):

- ``check``: ``pnpkit check`` of N cards (layout-file decks of at most 5,000 cards, the limit
  of one deck), for each size: the time per card should stay flat as N grows (linear);
- ``deck``: ``pnpkit build`` (pdf) of a deck of 2,000 cards;
- ``map``: ``pnpkit map check`` and ``pnpkit map build`` (pdf; then pdf, svg and png at 100 dpi) of a
  99 x 99 map;
- ``csv``: ``pnpkit check`` of a kit whose card file is 50 MB: refused at once (the size
  limit of docs/limits.md), never read whole.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from generator.cli.scaffold import new_kit

PNPKIT = str(Path(sys.executable).parent / "pnpkit")


def run(args: list[str]) -> tuple[float, float, int, str]:
    """Seconds, peak MB, exit status and the last line of output of ``pnpkit ARGS``."""
    started = time.perf_counter()
    child = subprocess.Popen([PNPKIT, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    assert child.stdout is not None
    output = child.stdout.read().decode("utf-8", "replace")
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    lines = [line for line in output.splitlines() if line.strip()]
    return time.perf_counter() - started, usage.ru_maxrss / 1024, child.returncode, (lines[-1] if lines else "")


DECK_MAX = 5000     # rows of one layout deck (generator.layout.rows.MAX_ITEMS): more cards, more decks


def deck_kit(folder: Path, cards: int) -> Path:
    """A scaffolded kit of ``cards`` cards, in decks of at most 5,000 (the limit of one deck)."""
    root = folder / f"kit-{cards}"
    new_kit(root, "mygame", "My Game")
    game = root / "data" / "mygame"
    csv = game / "cards" / "cards.csv"
    header = [line for line in csv.read_text(encoding="utf-8").splitlines() if line.startswith("id,")]
    entry = (game / "game.yaml").read_text(encoding="utf-8").split("components:\n", 1)[1]
    decks = []
    for deck, start in enumerate(range(0, cards, DECK_MAX)):
        rows = [f"c{i},Card {i},1,{'hero' if i % 7 == 0 else 'unit'},{i % 9},Blocks one attack each round."
                for i in range(start, min(cards, start + DECK_MAX))]
        (game / "cards" / f"cards{deck}.csv").write_text("\n".join(header + rows) + "\n", encoding="utf-8")
        decks.append(entry.replace("id: cards ", f"id: cards{deck} ").replace("cards/cards.csv", f"cards/cards{deck}.csv"))
    text = (game / "game.yaml").read_text(encoding="utf-8").split("components:\n", 1)[0]
    (game / "game.yaml").write_text(text + "components:\n" + "".join(decks), encoding="utf-8")
    return root


def map_file(folder: Path, size: int) -> Path:
    """A ``size`` x ``size`` map of four terrains, seeded."""
    rng = random.Random(size)
    rows = [" ".join(rng.choice("LLLFFHMW") for _ in range(size)) for _ in range(size)]
    path = folder / f"map-{size}.yaml"
    path.write_text("\n".join([
        f"id: big{size}", f"title: Map of {size} x {size}",
        f"grid: {{cols: {size}, rows: {size}, flat_mm: 20, low_columns: even}}",
        "terrains:",
        '  - {name: land, key: L, label: Fields, fill: "#ddcb98", pattern: fields}',
        '  - {name: woods, key: F, label: Woods, fill: "#b3b27c", pattern: trees}',
        '  - {name: marsh, key: M, label: Marsh, fill: "#c9c699", pattern: marsh}',
        '  - {name: hills, key: H, label: Heights, fill: "#d4b580", pattern: hills}',
        '  - {name: water, key: W, label: Water, fill: "#a8bdb3", passable: false, pattern: waves}',
        "terrain_rows: |", *(f"  {row}" for row in rows)]) + "\n", encoding="utf-8")
    return path


def show(label: str, seconds: float, mb: float, code: int, last: str, per: int | None = None) -> None:
    each = f"  {seconds / per * 1000:6.2f} ms/card" if per else ""
    print(f"{label:<28} {seconds:7.1f} s {mb:7.0f} MB  exit {code}{each}  | {last[:90]}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", default="check,deck,map,csv")
    parser.add_argument("--sizes", default="5000,10000,40000", help="deck sizes for the check case")
    parser.add_argument("--map-size", type=int, default=99)
    args = parser.parse_args()
    cases = set(args.cases.split(","))
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        show("pnpkit --version (startup)", *run(["--version"]))
        if "check" in cases:
            for size in (int(s) for s in args.sizes.split(",")):
                kit = deck_kit(folder, size)
                show(f"check, {size} cards", *run(["--kit", str(kit), "check", "mygame"]), per=size)
        if "deck" in cases:
            kit = deck_kit(folder, 2000)
            show("build pdf, 2000 cards", *run(["--kit", str(kit), "build", "mygame", "--format", "pdf",
                                                 "--out", str(folder / "deck-out")]), per=2000)
        if "map" in cases:
            path = map_file(folder, args.map_size)
            size = f"{args.map_size} x {args.map_size}"
            show(f"map check, {size}", *run(["map", "check", str(path)]))
            show(f"map build pdf, {size}", *run(["map", "build", str(path), "--format", "pdf",
                                                   "--out", str(folder / "map-out")]))
            show(f"map build pdf,svg,png, {size}", *run(["map", "build", str(path), "--out", str(folder / "map-all")]))
        if "csv" in cases:
            kit = deck_kit(folder, 10)
            csv = kit / "data" / "mygame" / "cards" / "cards0.csv"
            row = "c{},Card,1,unit,1," + "x" * 80 + "\n"
            with open(csv, "a", encoding="utf-8") as handle:
                for i in range(50 * 1024 * 1024 // len(row) + 1):
                    handle.write(row.format(i))
            show(f"check, {csv.stat().st_size / 2**20:.0f} MB CSV", *run(["--kit", str(kit), "check", "mygame"]))


if __name__ == "__main__":
    main()
