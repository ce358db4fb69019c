"""What to put back on the table when actions are taken back (``pnpkit batalj undo``): area by
area, what stands there now and what must stand there again, as the Stockholm bot's undo lists
its pieces."""

from __future__ import annotations

from bot.batalj.board import ENEMY, SECTORS, SWEDEN, name
from bot.batalj.state import Battle

COLOUR = {SWEDEN: "blue", ENEMY: "red"}


def _count(n: int, what: str) -> str:
    return f"{n} {what}" + ("s" if n != 1 else "")


def _area(b: Battle, area: str) -> str:
    """The pieces, Cannons and cards in one area, as they are laid out on the board."""
    if area in ("sr", "er"):
        side = SWEDEN if area == "sr" else ENEMY
        r = b.reserves[side]
        parts = [_count(n, f"{COLOUR[side]} {kind}") for n, kind in ((r.soldiers, "Soldier"),
                                                                     (r.commanders, "Commander")) if n]
        if r.cannons:
            parts.append(_count(len(r.cannons), "Cannon") + f" (Styrka {', '.join(map(str, r.cannons))})")
        if r.cards:
            parts.append("Province card" + ("s " if len(r.cards) > 1 else " ") + ", ".join(r.cards))
        return ", ".join(parts) or "empty"
    g = b.sectors[area]
    if g.side is None and not g.card:
        return "empty"
    colour = COLOUR.get(g.side or SWEDEN, "blue")
    parts = [_count(n, f"{colour} {kind}") for n, kind in ((g.soldiers, "Soldier"), (g.commanders, "Commander")) if n]
    return (", ".join(parts) or "no piece") + (f" on Province card {g.card}" if g.card else "")


def table_changes(now: Battle, earlier: Battle) -> list[str]:
    """One line for each area that differs: what it holds now, and what it holds again once
    the actions are taken back (the enemy's Reserve and row first, as the board lies)."""
    lines = []
    for area in ("er", *SECTORS[1::2], *SECTORS[0::2], "sr"):
        was, is_ = _area(earlier, area), _area(now, area)
        if was != is_:
            lines.append(f"{name(area)}: {is_} -> {was}")
    return lines
