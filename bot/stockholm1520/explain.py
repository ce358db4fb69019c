"""Plain words for what happened and where things stand: each Danish action with its path of
printed hex ids, the attack and its outcome, and why, with the rule section."""

from __future__ import annotations

from typing import Any

from bot.stockholm1520.rules.common import PHASE_HELP
from bot.stockholm1520.state import Position
from bot.records import Record

OUTCOME_WORDS = {"win": "wins", "trade": "both destroyed", "loss": "attacker destroyed", "defeat": "GAME LOST"}


def format_record(r: Record) -> str:
    """One record in words: a unit's path and attack with the reason, else the reason."""
    kind, why = r.kind, r.words
    if kind in ("danish", "swedish"):
        side = "Dane" if kind == "danish" else "You"
        path = r.fact("path") or []
        route = " > ".join(path) if len(path) > 1 else f"stays at {path[0]}" if path else ""
        text = f"{side:4} {r.fact('unit')}: {route}"
        attack = r.fact("attack")
        if attack:
            text += f"; attacks {attack['target']} ({OUTCOME_WORDS.get(attack['outcome'], attack['outcome'])})"
        return f"{text}\n       why: {why}"
    if kind == "spawn":
        return f"  +  {r.fact('unit')} at {r.fact('path')[0]}: {why}"
    return {"ship": f"  ~  {why}", "turn": f"== {why}", "round": f"=== {why} ===",
            "end": f"*** {why}"}.get(kind, f"   {why}")


def format_records(records: list[Record], verbose: bool = False) -> str:
    quiet = set() if verbose else {"card"}
    return "\n".join(format_record(r) for r in records if r.kind not in quiet)


def next_step(pos: Position) -> str:
    if pos.phase == "over":
        return "the game is over: you " + ("win!" if pos.result == "won" else "lose.")
    return PHASE_HELP[pos.phase]


def status_text(pos: Position, decks: dict[str, Any] | None = None, board: Any = None) -> str:
    lines = [f"Round {pos.round}, turn {pos.turn}, phase: {pos.phase} - {next_step(pos)}",
             f"Propaganda {pos.propaganda}; bridge {'OPEN to the Danes' if pos.bridge_open else 'closed'}"
             + (f"; additional movement: {', '.join(pos.extra_move)}" if pos.extra_move else "")
             + (f"; defected castles: {', '.join(pos.defected_castles)}" if pos.defected_castles else "")]
    if pos.ship:
        where = board.ship_at(pos.ship.turns_left) if board is not None else None
        lines.append(f"Ship with {pos.ship.troop} lands in {pos.ship.turns_left} enemy turn(s)"
                     + (f"; put the ship at {where}" if where else ""))
    lines.append("Swedish: " + (", ".join(f"{u.id} {u.type} {u.hex}" + (" (done)" if u.done else
                                                                          f" ({u.moved} moved)" if u.moved else "")
                                           for u in pos.swedish) or "none"))
    lines.append("Danish:  " + (", ".join(f"{u.id} {u.type} {u.hex}" for u in pos.danish) or "none"))
    if decks:
        lines.append(f"Zone deck: {decks['zone']['draw']} to draw, {len(decks['zone']['discard'])} discarded; "
                     f"event deck: {decks['event']['draw']} to draw, discarded {' '.join(decks['event']['discard']) or 'none'}"
                     + (f"; out until the round ends: {' '.join(decks['held'])}" if decks['held'] else ""))
    return "\n".join(lines)
