"""A player's decisions as the table makes them, several actions at once: an attack that first
moves next to its target (``approach``), a whole turn on one line (``bot turn "xbow1>1006 x
A2-pike; cav1>1207"``), unit ids abbreviated (``cav`` for the only cavalry left, ``xbow2``).
Each is played as the single actions the log keeps (move, attack), all or none: the terminal
(``pnpkit bot attack/turn``) and the page (``bot.web``) share them."""

from __future__ import annotations

import re
from typing import Callable

from generator.core.limits import excerpt

from bot.errors import ActionSyntaxError, RuleError
from bot.stockholm1520.actions import Attack, Move
from bot.stockholm1520.game import Game
from bot.stockholm1520.reach import attack_space, reach
from bot.stockholm1520.rules.player import danish_target
from bot.stockholm1520.units import SHORT
from bot.records import Record

TURN_FORM = "UNIT>HEX, UNIT x TARGET, UNIT>HEX x TARGET; ... (e.g. \"xbow1>1006 x A2-pike; cav1>1207\")"


def unit_id(game: Game, word: str) -> str:
    """The Swedish unit a word names: its id, or the start of exactly one id (``cav`` when one
    cavalry is left, ``xbow`` likewise; a type's name too: ``cavalry``); RuleError naming the
    candidates otherwise. A word naming no Swedish unit is given back (the rules say why)."""
    ids = [u.id for u in game.pos.swedish]
    if word in ids:
        return word
    short = SHORT.get(word.lower(), word.lower())
    found = [i for i in ids if i.lower().startswith(short)]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        raise RuleError(f"{excerpt(word)} could be {' or '.join(found)}: name one")
    return word


def approach(game: Game, unit: str, target: str) -> Move | None:
    """The move that brings ``unit`` next to the Dane ``target`` (id or hex) first, to
    ``reach.attack_space`` (the space the page's list attacks from too); None when it is next
    to it already or cannot reach it (the attack then says why)."""
    dane = danish_target(game.table, target)
    found = reach(game.table, unit)
    for tg in found.targets:
        if tg.unit.id == dane.id:
            space = attack_space(game.table, found, tg)
            return None if space == found.unit.hex else Move(found.unit.id, space)
    return None


Records = list[list[Record]]


def all_or_none(game: Game, play: Callable[[], Records]) -> Records:
    """Play several actions (``play`` applies them to ``game``, each after the one before);
    when the rules refuse one, the game is as it was before the first."""
    table, count = game.table, len(game.log)
    try:
        return play()
    except (RuleError, ActionSyntaxError):
        game.table = table
        del game.log[count:], game.records[count:]
        raise


def _attack(game: Game, unit: str, target: str) -> Records:
    move = approach(game, unit, target)
    return ([game.apply(move)] if move else []) + [game.apply(Attack(unit, target))]


def attack_with_move(game: Game, unit: str, target: str) -> Records:
    """``attack UNIT TARGET``: move next to the target first when it must, then attack; both or neither."""
    unit = unit_id(game, unit)
    return all_or_none(game, lambda: _attack(game, unit, target))


STEP = re.compile(r"^(?P<unit>[\w-]+)\s*(?:>\s*(?P<hex>\d{4}))?\s*(?:x\s+(?P<target>[\w-]+))?$", re.I)


def parse_turn(game: Game, text: str) -> list[tuple[str, str | None, str | None]]:
    """The steps of a turn line: (unit, hex to move to or None, target to attack or None)."""
    steps = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        found = STEP.fullmatch(part)
        if found is None or not (found["hex"] or found["target"]):
            raise ActionSyntaxError(f"not a step of a turn: {excerpt(part)}; expected: {TURN_FORM}")
        steps.append((unit_id(game, found["unit"]), found["hex"], found["target"]))
    if not steps:
        raise ActionSyntaxError(f"no step given; expected: {TURN_FORM}")
    return steps


def play_turn(game: Game, text: str) -> Records:
    """A turn on one line, each step a move and/or an attack (moving next to the target first
    when it is not next to it), all or none."""
    steps = parse_turn(game, text)

    def play() -> Records:
        done: Records = []
        for unit, hex_id, target in steps:
            if hex_id:
                done.append(game.apply(Move(unit, hex_id)))
            if target:
                done += _attack(game, unit, target)
        return done

    try:
        return all_or_none(game, play)
    except (RuleError, ActionSyntaxError) as err:
        raise type(err)(f"{err} (nothing of the turn was played)") from None


__all__ = ["approach", "attack_with_move", "parse_turn", "play_turn", "unit_id"]
