"""Per card, against protograf: Stockholm 1520's card faces built by ``pnpkit`` against
protograf drawing the zone cards from a CSV file, whole processes alternately (issue 25).

protograf is not a dependency: install it in a virtual environment of its own and name its
Python. Run from the repository:

    python -m venv /tmp/protograf && /tmp/protograf/bin/pip install protograf==0.5.2
    python benchmarks/protograf_cards.py --protograf /tmp/protograf/bin/python [--repeat 5]

- pnpkit: ``pnpkit build stockholm1520 --only cards --force`` (pdf and svg): the 57 card
  designs (48 zone, 9 event) as faces, single-card PDFs and sheets, fonts cut already;
- protograf: 42 zone cards (the first 42 rows of the same deck, written to a CSV file),
  poker-sized, each a coloured band with the troop's name, its colour and move, the zone
  in large capitals, the road, the zone's name and the card's id, to one PDF of sheets.

The figure: pnpkit's seconds a card over protograf's (target: at most 0.5x). Without
``--protograf`` only pnpkit's own time a card is printed, and the comparison is said to be
missing. Figures printed, never asserted.
"""

from __future__ import annotations

import argparse
import csv
import tempfile
from pathlib import Path

from measure import machine_line, median, run, verdict

PROTOGRAF_CARDS = 42
ZONE_COLUMNS = ("id", "troop_name", "colour", "colour_name", "movement", "zone", "road", "zone_name")

# The protograf script: its documented Create / Data / Deck / Card / Save calls, the text
# from the CSV file through its templating (T).
PROTOGRAF_SCRIPT = '''
from protograf import *
Create(filename={pdf!r}, margin=10, units="mm", paper="A4")
Data(filename={csv!r})
Deck(cards={cards}, card_size="poker", units="mm")
band = rectangle(x=0, y=0, width=63.5, height=20, fill_stroke=T("{{{{ colour }}}}"))
title = text(x=31.75, y=8, font_size=16, stroke="white", text=T("{{{{ troop_name|upper }}}}"))
kind = text(x=31.75, y=15, font_size=10, stroke="white", text=T("{{{{ colour_name }}}} - moves {{{{ movement }}}}"))
frame = rectangle(x=3, y=3, width=57.5, height=82.9, stroke="#3b2a1a", stroke_width=1.2, fill=None)
zone = text(x=31.75, y=55, font_size=26, stroke="#3b2a1a", text=T("ZONE {{{{ zone }}}}"))
rule = line(x=12, y=58, x1=51.5, y1=58, stroke="#b08d3c", stroke_width=1)
road = text(x=31.75, y=66, font_size=18, stroke="#3b2a1a", text=T("Road {{{{ road }}}}"))
place = text(x=31.75, y=73, font_size=11, stroke="#6b5a4a", text=T("{{{{ zone_name }}}}"))
ident = rectangle(x=19, y=77, width=25.5, height=7, stroke="#3b2a1a", fill="#fbf5e6", rounding=1.5)
label = text(x=31.75, y=82, font_size=9, stroke="#3b2a1a", text=T("{{{{ id }}}}"))
Card("*", band, title, kind, frame, zone, rule, road, place, ident, label)
Save()
'''


def zone_rows(count: int) -> list[dict[str, object]]:
    """The first ``count`` rows of Stockholm 1520's zone deck, as pnpkit reads them."""
    from generator.loading.games import load_games

    game = load_games(["stockholm1520"])[0]
    deck = next(c for c in game.components if c.id == "zone-cards")
    return [{key: row.columns[key] for key in ZONE_COLUMNS} for row in deck.cards[:count]]  # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--protograf", type=Path, default=None, help="the Python of a venv with protograf installed")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each (median)")
    args = parser.parse_args()
    print(machine_line())
    with tempfile.TemporaryDirectory(prefix="pnpkit-protograf-") as name:
        temp = Path(name)
        rows = zone_rows(PROTOGRAF_CARDS)
        table = temp / "zones.csv"
        with table.open("w", newline="", encoding="utf-8") as out:
            writer = csv.DictWriter(out, fieldnames=ZONE_COLUMNS)
            writer.writeheader()
            writer.writerows(rows)
        script = temp / "zones.py"
        script.write_text(PROTOGRAF_SCRIPT.format(pdf=str(temp / "zones.pdf"), csv=str(table), cards=len(rows)))
        build = ["build", "stockholm1520", "--only", "cards", "--force", "--out", str(temp / "pnpkit")]
        run(build)                                          # fonts cut, bytecode written: as a user's second build
        ours, theirs = [], []
        for _ in range(max(1, args.repeat)):
            ours.append(run(build))
            if args.protograf is not None:
                theirs.append(run([], cwd=temp, command=[str(args.protograf), str(script)]))
        faces = 57
        (wall, cpu) = median(ours)
        print(f"pnpkit, Stockholm's {faces} card designs (pdf+svg, sheets, single cards): {wall:6.2f} s   CPU {cpu:5.2f} s"
              f"   {wall / faces * 1000:5.1f} ms a card")
        if not theirs:
            print("protograf: not measured (no --protograf given): no comparison, target not judged")
            return
        (their_wall, their_cpu) = median(theirs)
        pdf = temp / "zones.pdf"
        print(f"protograf, {len(rows)} zone cards from CSV to PDF ({pdf.stat().st_size // 1000} kB): {their_wall:6.2f} s"
              f"   CPU {their_cpu:5.2f} s   {their_wall / len(rows) * 1000:5.1f} ms a card")
        ratio = (wall / faces) / (their_wall / len(rows))
        cpu_ratio = (cpu / faces) / (their_cpu / len(rows))
        print(f"  pnpkit / protograf, a card: {ratio:.2f}x (CPU {cpu_ratio:.2f}x)   {verdict(ratio <= 0.5)} (target <= 0.5x)")


if __name__ == "__main__":
    main()
