"""What to do on the physical table to go from one position to another: take pieces off, move
them, put pieces on, set the markers. ``bot next`` prints it after the bot's turn (a
checklist), ``bot undo`` before taking actions back (the pieces to put back)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.stockholm1520.board import Board
from bot.stockholm1520.state import Position, Unit


@dataclass(frozen=True)
class Change:
    """One physical action; ``kind``: 'off', 'move', 'on', 'marker' or 'cards' (the piles)."""

    kind: str
    text: str
    unit: str = ""
    hexes: tuple[str, ...] = ()


def _piece(u: Unit) -> str:
    side = "Swedish" if u.side == "swedish" else "Danish"
    return f"{side} {u.type} {u.id}"


def changes(before: Position, after: Position, board: Board | None = None) -> list[Change]:
    """The physical actions that turn the table of ``before`` into ``after``: the markers
    first, then pieces taken off (so their spaces are free), moved, put on."""
    was = {u.id: u for u in before.units()}
    now = {u.id: u for u in after.units()}
    out = _markers(before, after, board)
    out += [Change("off", f"take {_piece(u)} off {u.hex}", u.id, (u.hex,)) for i, u in was.items() if i not in now]
    out += [Change("move", f"move {_piece(u)} {was[i].hex} > {u.hex}", u.id, (was[i].hex, u.hex))
            for i, u in now.items() if i in was and was[i].hex != u.hex]
    out += [Change("on", f"put {_piece(u)} on {u.hex}", u.id, (u.hex,)) for i, u in now.items() if i not in was]
    return out


def _markers(before: Position, after: Position, board: Board | None) -> list[Change]:
    out = []
    if before.round != after.round and after.round:
        out.append(Change("marker", f"set the round marker to {after.round}"))
    if before.propaganda != after.propaganda:
        out.append(Change("marker", f"set the propaganda meter to {after.propaganda}"))
    for name in after.defected_castles:
        if name not in before.defected_castles:
            out.append(Change("marker", f"mark castle {name} as defected (Danish)"))
    for name in before.defected_castles:
        if name not in after.defected_castles:
            out.append(Change("marker", f"castle {name} is Swedish again: take its defection marker off"))
    if before.bridge_open != after.bridge_open:
        out.append(Change("marker", "the bridge is open to the Danes" if after.bridge_open
                          else "the bridge is closed to the Danes again"))
    out += _ship(before, after, board)
    return out


def _ship(before: Position, after: Position, board: Board | None) -> list[Change]:
    def where(pos: Position) -> str | None:
        if pos.ship is None:
            return None
        return (board.ship_at(pos.ship.turns_left) if board is not None else None) or f"{pos.ship.turns_left} turns out"

    a, b = where(before), where(after)
    if a == b:
        return []
    if a is None:
        return [Change("marker", f"put the ship on {b} (it lands with {after.ship.troop if after.ship else '?'})")]
    if b is None:
        return [Change("marker", f"take the ship off {a}")]
    return [Change("marker", f"move the ship {a} > {b}")]


__all__ = ["Change", "changes"]
