"""Positions for the battle bot's tests, written as the board reads."""

from __future__ import annotations

import random
from typing import Any

from bot.batalj.state import Battle, Group, Reserve, Table


def table(phase: str = "attack", sectors: dict[str, tuple[Any, ...]] | None = None,
          sr: tuple[int, int] = (3, 0), er: tuple[int, int] = (3, 0), seed: int = 0, players: int = 3,
          cannons: tuple[list[int], list[int]] = ([], [])) -> Table:
    """A table in ``phase``; ``sectors`` maps an area to (side, soldiers, commanders[, card])."""
    b = Battle(players, phase=phase, round=1)
    for area, spec in (sectors or {}).items():
        side, soldiers, commanders = spec[0], spec[1], spec[2]
        card = spec[3] if len(spec) > 3 else (f"Card{area}" if side == "sweden" else None)
        b.sectors[area] = Group(side, soldiers, commanders, card)
    b.reserves["sweden"] = Reserve(sr[0], sr[1], list(cannons[0]))
    b.reserves["enemy"] = Reserve(er[0], er[1], list(cannons[1]))
    return Table(b, random.Random(seed))


def dice(t: Table, sweden: list[int] | None = None, enemy: list[int] | None = None) -> Table:
    t.entered = {"sweden": list(sweden or []), "enemy": list(enemy or [])}
    return t


def texts(t: Table) -> str:
    return "\n".join(r["text"] for r in t.records)
