"""A position (units, last moves, highlights on a map) checked against the map's hexes: the one
check for the printed picture of a position (``generator.hexart.position``) and the page's
(a bot's layer, in the browser too). Standard library only."""

from __future__ import annotations

from typing import Any, Collection, Mapping

from generator.core.errors import Problem

Position = Mapping[str, Any]

#: Keys of a position that hold lists of objects but not units.
NOT_UNITS = frozenset({"highlight"})


def unit_lists(position: Position) -> dict[str, list[dict[str, Any]]]:
    """The units of each side: every key of the position holding a list of units (objects)."""
    return {key: value for key, value in position.items()
            if key not in NOT_UNITS and isinstance(value, list) and value and all(isinstance(u, dict) for u in value)}


def off_the_map(hexes: Collection[str], position: Position, where: str = "the map") -> list[Problem]:
    """What of ``position`` is not among ``hexes`` (``where`` names the map in the messages)."""
    found = []
    for side, units in unit_lists(position).items():
        for i, unit in enumerate(units):
            if unit.get("hex") not in hexes:
                found.append(Problem("position", f"{side}[{i}] ({unit.get('id')}): hex {unit.get('hex')!r} is not on {where}"))
    for i, path in enumerate(position.get("last_moves") or []):
        bad = [h for h in path if h not in hexes]
        if bad:
            found.append(Problem("position", f"last_moves[{i}]: {', '.join(map(str, bad))} not on the map"))
    for i, mark in enumerate(position.get("highlight") or []):
        if not isinstance(mark, dict) or mark.get("hex") not in hexes:
            found.append(Problem("position", f"highlight[{i}]: expected {{\"hex\", \"label\", \"kind\"}} with a hex "
                                             f"of {where}, got {mark!r}"))
    return found
