"""What each piece is printed on: its stock (card, board, sticker, paper, folding card).

A sheet is printed on one stock: cards want 250-300 g/m² card, counters and tiles board (or
sticker paper mounted on board, which a duplex print cannot be), labels sticker paper, a
fold-over standee card that folds. So the packer gives every stock its own files and the
preflight counts the fewest pages per stock. A piece's stock is game.yaml's ``stock:``, else
its component kind's own (``Component.stock``), else what the piece is on a table
(``piece:`` or the kind's usual shape), else its kind's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

StockName = Literal["card", "board", "sticker", "paper", "folding card"]


@dataclass(frozen=True)
class Stock:
    """A stock by name: how page labels and file names say it, and what to print it on."""

    name: str
    label: str          # "card stock": on a page label
    slug: str           # "card": in a file name
    words: str          # PRINTING.md's "print on"


STOCKS: dict[str, Stock] = {s.name: s for s in (
    Stock("card", "card stock", "card", "card stock of 250-300 g/m² (or 80-120 g/m² paper, to play in sleeves)"),
    Stock("board", "board", "board", "thick card of 300 g/m² or more (or sticker paper stuck on 1.5-2 mm board)"),
    Stock("sticker", "sticker paper", "sticker", "sticker paper (or the die-cut sticker sheet its layout names)"),
    Stock("paper", "paper", "paper", "paper of 120-160 g/m²"),
    Stock("folding card", "folding card", "folding-card", "card stock of 160-250 g/m² that folds cleanly (not board)"),
)}

#: The stock of a piece by what it is on a table (``generator.components.base.PIECE_SHAPES``).
SHAPE_STOCK: dict[str, str] = {"card": "card", "tile": "board", "round": "board", "hex": "board", "token": "board",
                               "board": "paper", "standee": "folding card"}
#: Kinds whose pieces are one stock whatever their shape (a label is a sticker, even a round one).
KIND_STOCK: dict[str, str] = {"labels": "sticker", "map": "paper", "board": "paper", "reference": "paper"}


def stock_of(component: Any) -> str:
    """The stock a component's pieces are printed on (a key of ``STOCKS``)."""
    own = getattr(getattr(component, "spec", None), "stock", None) or getattr(component, "stock", "")
    if own:
        return str(own)
    if _on_a_label_sheet(component):
        return "sticker"
    if component.kind in KIND_STOCK:
        return KIND_STOCK[component.kind]
    return SHAPE_STOCK.get(str(getattr(component, "piece_shape", "card")), "card")


def _on_a_label_sheet(component: Any) -> bool:
    """Whether the component's pieces go on a label or die-cut sheet (a layout of ``type:
    template``): that sheet is the stock, whatever the pieces are."""
    from generator.printing.layouts import TemplateLayout, layouts

    sheet = getattr(getattr(component, "spec", None), "sheet", None)
    return isinstance(sheet, str) and isinstance(layouts().get(sheet), TemplateLayout)


def stock(name: str) -> Stock:
    """The stock of that name (an unknown name, from a game's own kind, as plain words)."""
    return STOCKS.get(name) or Stock(name, name, name.replace(" ", "-"), name)
