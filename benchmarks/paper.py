"""Paper benchmark: each bundled game's piece-sheet pages against the fewest its pieces could
fill, on A4 and Letter, for each ``--sheets`` mode; the default (packed) against the target of
at most 1.15x (issue 20 item 6). Printed, never asserted; counted as the preflight's paper-use
rule counts them (``generator.preflight.paperuse``), from the packing, without drawing.

Run from the repository: ``python benchmarks/paper.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import verdict  # noqa: E402

from generator.kit.location import bundled_kit  # noqa: E402
from generator.loading.games import load_games  # noqa: E402
from generator.pieces.job import SHEET_MODES, BuildOptions  # noqa: E402
from generator.preflight.paperuse import LIMIT, paper_use  # noqa: E402

PAPERS = ("a4", "letter")


def main() -> None:
    games = load_games(None, bundled_kit())
    default = BuildOptions().sheets
    print(f"piece-sheet pages / the fewest pages the pieces could fill (target for --sheets {default}: "
          f"at most {LIMIT:g}x)")
    for game in games:
        for paper in PAPERS:
            cells = []
            for mode in SHEET_MODES:
                use = paper_use(game, BuildOptions(paper=paper, sheets=mode))
                cells.append(f"{mode} " + ("-" if use is None else f"{use.pages}/{use.fewest} = {use.ratio:.2f}x"))
                if mode == default and use is not None:
                    cells[-1] += f" {verdict(use.ratio <= LIMIT + 1e-9)}"
            print(f"  {game.id:16} {paper:6} " + "   ".join(cells))


if __name__ == "__main__":
    main()
