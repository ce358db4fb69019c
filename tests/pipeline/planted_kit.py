"""A designer's small kit (``pnpkit new``'s, its deck moved to a workbook, a player aid added)
with eight mistakes planted, one of each kind a designer makes in one sitting (issue 33)."""

from __future__ import annotations

import csv
from pathlib import Path

import openpyxl

from generator.cli.scaffold import new_kit

GAME = "mygame"
LONG = " ".join(["Every unit you play this turn gets one more power until the round ends."] * 6)

# what each planted mistake's message must name: (file, what the message holds)
PLANTED = {
    "yaml indent": ("data/mygame/aid.yaml:6", "YAML syntax"),
    "formula without a value": ("data/mygame/cards/cards.xlsx, sheet Cards", "row 3, column F (cost)"),
    "duplicate id": ("data/mygame/cards/cards.xlsx, sheet Cards", "row 4, column A (id)"),
    "wrong colour": ("data/mygame/palette.yaml:6", "'gold'"),
    "missing icon": ("data/mygame/cards/cards.xlsx, sheet Cards", "row 2, column G (text)): inline icon :shield:"),
    "misspelt header": ("data/mygame/cards/cards.xlsx, sheet Cards, column C (quantiy)", "did you mean quantity"),
    "text that does not fit": ("does not fit", "cards.xlsx, sheet Cards, row 5, column G (text)"),
    "glyph the font lacks": ("cannot draw", "cards.xlsx, sheet Cards, row 6, column B (name)"),
}


def planted_kit(root: Path) -> Path:
    """The kit in ``root`` with the eight mistakes of PLANTED; returns the game's folder."""
    new_kit(root, GAME, "My Game")
    game = root / "data" / GAME
    rows = list(csv.reader(line for line in (game / "cards" / "cards.csv").read_text(encoding="utf-8").splitlines()
                           if not line.startswith("#")))
    (game / "cards" / "cards.csv").unlink()
    header = ["quantiy" if name == "quantity" else name for name in rows[0]]        # misspelt header
    scout, guard, captain = rows[1], rows[2], rows[3]
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Cards"
    sheet.append(header)
    sheet.append([*scout[:6], "Look at the top card :shield: of the deck."])     # row 2: an icon the kit lacks
    sheet.append([*guard[:5], "=1+1", guard[6]])                               # row 3: a formula, no saved value
    sheet.append(["scout", "Scout again", 1, "unit", 1, 1, "A second scout."])  # row 4: a duplicate id
    sheet.append([*captain[:6], LONG])                                          # row 5: text that does not fit
    sheet.append(["sage", "Sage \u2654", 1, "hero", 2, 3, "Wise."])               # row 6: a glyph no font has
    book.save(game / "cards" / "cards.xlsx")
    yaml = (game / "game.yaml").read_text(encoding="utf-8").replace("cards/cards.csv", "cards/cards.xlsx")
    yaml += ("\n  - kind: reference\n    id: aid\n    title: Player aid\n    source: aid.yaml\n")
    (game / "game.yaml").write_text(yaml, encoding="utf-8")
    (game / "aid.yaml").write_text("title: Player aid\nsections:\n  - title: Your turn\n    blocks:\n"
                                   "     - text: Draw a card.\n      - text: Play a card.\n", encoding="utf-8")  # indent
    palette = (game / "palette.yaml").read_text(encoding="utf-8").replace('gold: "#c8a04a"', 'gold: "#c8a04"')
    (game / "palette.yaml").write_text(palette, encoding="utf-8")           # a wrong colour
    return game
