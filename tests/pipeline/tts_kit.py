"""A kit with one component of each kind of piece a table export places (a deck, square tiles,
round markers, one-sided labels, a two-sided board, a fold-over standee), for the export tests."""

from __future__ import annotations

from pathlib import Path

from generator.cli.scaffold import new_kit

GAME = "sample"

LAYOUTS = {
    "tile.yaml": "size: {width: 60, height: 60}\nbleed: 2\nsafe: 2\nlayers:\n"
                 "  - {type: rect, area: bleed, fill: '#2a6f4e'}\n"
                 "  - {type: text, x: 50%, y: 50%, text: '{{ title }}', size: 9, align: center}\n",
    "tile-back.yaml": "size: {width: 60, height: 60}\nbleed: 2\nsafe: 2\nlayers:\n"
                      "  - {type: rect, area: bleed, fill: '#6f2a2a'}\n",
    "marker.yaml": "size: {width: 25, height: 25}\nbleed: 1.5\nsafe: 2\nlayers:\n"
                   "  - {type: rect, area: bleed, fill: '#f0e6c8'}\n"
                   "  - {type: ellipse, x: 50%, y: 50%, w: 24, h: 24, origin: center, fill: '#c9a227'}\n",
    "label.yaml": "size: {width: 19, height: 19}\nbleed: 1.5\nsafe: 1\nlayers:\n"
                  "  - {type: rect, area: bleed, fill: '#1f3b73'}\n",
    "board.yaml": "size: {width: 400, height: 300}\nbleed: 3\nsafe: 5\nlayers:\n"
                  "  - {type: rect, area: bleed, fill: '#d8c9a0'}\n"
                  "  - {type: text, x: 50%, y: 50%, text: '{{ title }}', size: 40, align: center}\n",
    "board-back.yaml": "size: {width: 400, height: 300}\nbleed: 3\nsafe: 5\nlayers:\n"
                       "  - {type: rect, area: bleed, fill: '#a0b8d8'}\n",
    "standee.yaml": "size: {width: 30, height: 100}\nbleed: 2\nsafe: 1\nlayers:\n"
                    "  - {type: rect, area: bleed, fill: '#ffffff'}\n"
                    "  - {type: rect, x: 0, y: 10, w: 30, h: 40, fill: '#ff0000'}\n"
                    "  - {type: rect, x: 0, y: 50, w: 30, h: 40, fill: '#0000ff'}\n",
}

DATA = {
    "tiles.csv": "id,title,quantity\nforest,Forest,3\nlake,Lake,2\n",
    "markers.csv": "id,title,quantity\ngold,Gold,4\n",
    "labels.csv": "id,title,quantity\nking,King,1\nknight,Knight,2\n",
    "boards.yaml": "- {id: map, title: The map}\n",
    "hero.csv": "id,title,quantity\nhero,The Hero,1\n",
}

COMPONENTS = """
  - {kind: tiles, id: lands, title: Land tiles, source: tiles.csv, front: layouts/tile.yaml, back: layouts/tile-back.yaml}
  - {kind: tiles, id: markers, title: Gold markers, source: markers.csv, front: layouts/marker.yaml, piece: round}
  - {kind: labels, id: labels, title: Block labels, source: labels.csv, front: layouts/label.yaml}
  - {kind: board, id: board, title: The board, source: boards.yaml, front: layouts/board.yaml,
     back: layouts/board-back.yaml}
  - {kind: tiles, id: hero, title: The hero, source: hero.csv, front: layouts/standee.yaml, piece: standee,
     standee: {front: [50, 90], back: [10, 50]}}
"""


def table_kit(root: Path) -> Path:
    """The scaffold's kit (its deck of cards) and one component of every other kind of piece."""
    new_kit(root, GAME, "Sample")
    game = root / "data" / GAME
    for name, text in LAYOUTS.items():
        (game / "layouts" / name).write_text(text, encoding="utf-8")
    for name, text in DATA.items():
        (game / name).write_text(text, encoding="utf-8")
    (game / "game.yaml").write_text((game / "game.yaml").read_text(encoding="utf-8") + COMPONENTS, encoding="utf-8")
    return root


def add_cards(kit: Path, game: str, count: int) -> None:
    """``count`` more rows in the scaffold's card list, copies of its first card (ids x-000...)."""
    csv_path = kit / "data" / game / "cards" / "cards.csv"
    lines = csv_path.read_text().splitlines()
    data = [line for line in lines if not line.startswith("#")]
    header, first = data[0], data[1]
    id_column = header.split(",").index("id")
    rows = []
    for n in range(count):
        cells = first.split(",")
        cells[id_column] = f"x-{n:03d}"
        rows.append(",".join(cells))
    csv_path.write_text("\n".join(lines + rows) + "\n")
