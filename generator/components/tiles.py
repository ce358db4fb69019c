"""The ``tiles`` component kind: square or rectangular pieces with a front and a back, both
drawn from layout files for each item, imposed butted on sheets like cards.

```yaml
- kind: tiles
  id: court-tiles
  title: Court tiles
  source: tiles.csv                  # one row per tile design (a quantity column for copies)
  front: layouts/tile-front.yaml
  back: layouts/tile-back.yaml       # optional; it sees the tile's row, like the front
  size: {width: 30, height: 30}      # optional: else the front layout's, else 30 x 30 mm
  sheet: tiles                       # a sheet layout of data/sheets/layouts.yaml (default tiles)
```
A tile's back is bound to its own row, so tiles of one deck may show different backs (a
level, a side, a terrain); tiles whose backs come out the same share one back drawing and
one back file. Backs pages are mirrored for long-edge duplex, as for cards. Counters,
markers and chits of any game are tiles too.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import model_validator

from generator.components.cards import Deck, DeckSpec
from generator.components.decks import load_deck
from generator.kit.sizes import Size

DEFAULT_SIZE = Size(width=30.0, height=30.0)


class TilesSpec(DeckSpec):
    """A tiles entry of game.yaml: a layout deck whose back layout sees each tile's row."""

    size: str | Size = DEFAULT_SIZE
    sheet: str = "tiles"

    @model_validator(mode="after")
    def _from_layouts(self) -> "TilesSpec":
        if self.front is None or self.design is not None:
            raise ValueError("tiles are drawn from layout files: give front (and back), not design")
        return self


class Tiles(Deck):
    """Tiles: one piece per tile design, each with its own front and its own back."""

    kind = "tiles"
    table_piece = "tile"
    noun = "tiles"
    sheet_subject = "tile sheets"
    item_backs: ClassVar[bool] = True


def load_tiles(game: Any, raw: dict, file: str, index: int) -> Tiles:
    """Validate a tiles entry of game.yaml and load its layouts and rows like a deck."""
    tiles = load_deck(game, raw, file, index, TilesSpec, make=Tiles)
    assert isinstance(tiles, Tiles)
    return tiles
