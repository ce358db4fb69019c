"""Things that must hold after every action of every game: used by the tests and by
``pnpkit bot simulate --check`` to run them over as many games as you like."""

from __future__ import annotations

from bot.stockholm1520.game import Game


class InvariantError(AssertionError):
    """The engine broke a rule it must never break."""


def check(game: Game) -> None:
    """No two units on one space (propagandists may share), nobody in water or on Kristina's
    space, no Dane on the closed bridge nor crossing it, Swedes inside the playfield, every
    Danish path made of adjacent spaces, a finished game has a result, and no new unit has an
    id given before in the game (issue 23)."""
    pos, board = game.pos, game.board
    stacking = [u.hex for u in pos.units() if u.type != "propagandist"]
    if len(stacking) != len(set(stacking)):
        raise InvariantError(f"two units on one space: {pos.to_json()}")
    for u in pos.units():
        if u.hex not in board.passable:
            raise InvariantError(f"{u.id} on impassable ground at {u.hex}")
        if u.hex == board.kristina:
            raise InvariantError(f"{u.id} on Kristina's space")
        if u.side == "danish" and not pos.bridge_open and u.hex in board.bridge:
            raise InvariantError(f"{u.id} on the closed bridge")
        if u.side == "swedish" and u.hex not in board.playfield:
            raise InvariantError(f"{u.id} outside the playfield at {u.hex}")
    if pos.ids_given is not None and not {u.id for u in pos.units()} <= pos.ids_given:
        raise InvariantError(f"a unit whose id was not given by the rules: {sorted({u.id for u in pos.units()} - pos.ids_given)}")
    if game.records and game.edition >= 3:
        given = [r["unit"] for r in game.records[-1] if r["kind"] == "spawn"
                 or (r["kind"] == "swedish" and "trained into" in r.get("reason", ""))]
        earlier = {u for records in game.records[:-1] for r in records if r["kind"] in ("spawn", "swedish")
                   for u in [r.get("unit")] if u}
        reused = sorted(set(given) & earlier)
        if reused:
            raise InvariantError(f"an id given again: {reused}")
    if pos.phase == "over" and pos.result not in ("won", "lost"):
        raise InvariantError("game over without a result")
    if game.records:
        for r in game.records[-1]:
            path = r.get("path") or []
            if r["kind"] != "danish" or len(path) < 2:
                continue
            if not all(board.adjacent(a, b) for a, b in zip(path, path[1:])):
                raise InvariantError(f"{r['unit']} jumped: {path}")
            if not pos.bridge_open and set(path) & board.bridge:
                raise InvariantError(f"{r['unit']} crossed the closed bridge: {path}")
