"""What an expression can name while one item is drawn.

The item's columns by name (CSV numbers as numbers: generator.layout.rows), and beside
them: ``item`` (all the columns, also those whose name is taken below), ``game`` (id,
title, subtitle), ``deck`` and ``component`` (id, title, rule), ``tables`` (game.yaml's
tables), ``palette`` (colour names -> '#rrggbb'), ``trim`` (width, height in mm), ``bleed``
and ``safe`` (mm); ``index`` (the row's place in the deck, from 1) and ``copy`` (which copy
of the row, from 1).
"""

from __future__ import annotations

from typing import Any, Mapping

from generator.layout.frame import CardFrame
from generator.layout.expressions import Names, names


def shared_context(game: Mapping[str, Any], deck: Mapping[str, Any], tables: Mapping[str, Any],
                   palette: Mapping[str, str], face: CardFrame, faces: Mapping[str, str]) -> dict[str, Any]:
    """The names every item of a face shares."""
    return {"game": dict(game), "deck": dict(deck), "component": dict(deck), "tables": tables,
            "palette": dict(palette), "trim": {"width": face.width, "height": face.height},
            "bleed": face.bleed, "safe": face.safe, "_faces": dict(faces)}


def item_context(shared: Mapping[str, Any], columns: Mapping[str, Any], place: Mapping[str, int] | None = None) -> Names:
    """The item's place (``index``, ``copy``), its columns (a column named ``index`` wins),
    then the shared names (which win: a column named ``game`` is ``item.game``)."""
    return names({**(place or {}), **columns, **shared, "item": dict(columns)})
