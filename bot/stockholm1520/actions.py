"""Player and table actions as small values that round-trip to one line of text.

The log of a game is these lines; ``parse_action(str(a)) == a`` for every action.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.core.limits import excerpt

from bot.errors import ActionSyntaxError
from bot.stockholm1520.units import TROOPS


@dataclass(frozen=True)
class Action:
    def __str__(self) -> str:  # pragma: no cover - subclasses override
        raise NotImplementedError


@dataclass(frozen=True)
class Place(Action):
    """Setup (2.0): put one of the six units on a space of the Stockholm area."""
    troop: str
    hex: str

    def __str__(self) -> str:
        return f"place {self.troop} {self.hex}"


@dataclass(frozen=True)
class PlaceAuto(Action):
    """Setup with the bot's suggested formation for the units not placed yet."""

    def __str__(self) -> str:
        return "place auto"


@dataclass(frozen=True)
class NewRound(Action):
    """2.0 step 1: event card, zone cards, spawns. ``drawn``: ids of physical cards, in order."""
    drawn: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join(("round",) + self.drawn)


@dataclass(frozen=True)
class EnemyTurn(Action):
    """2.0 step 2. ``drawn``: zone cards a replayed Propaganda card needs, if entered by hand."""
    drawn: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join(("enemy",) + self.drawn)


@dataclass(frozen=True)
class Move(Action):
    unit: str
    hex: str

    def __str__(self) -> str:
        return f"move {self.unit} {self.hex}"


@dataclass(frozen=True)
class Attack(Action):
    unit: str
    target: str

    def __str__(self) -> str:
        return f"attack {self.unit} {self.target}"


@dataclass(frozen=True)
class Upgrade(Action):
    unit: str
    troop: str

    def __str__(self) -> str:
        return f"upgrade {self.unit} {self.troop}"


@dataclass(frozen=True)
class EndTurn(Action):
    def __str__(self) -> str:
        return "end-turn"


FORMS = {
    "place": "place TYPE HEX (TYPE: cavalry, crossbowmen, pikemen) or place auto",
    "round": "round [CARD-ID ...]",
    "enemy": "enemy [CARD-ID ...]",
    "move": "move UNIT HEX",
    "attack": "attack UNIT TARGET",
    "upgrade": "upgrade UNIT TYPE",
    "end-turn": "end-turn",
}


def _hex(text: str, form: str) -> str:
    t = text.strip()
    if len(t) != 4 or not t.isdigit():
        raise ActionSyntaxError(f"a hex id is four digits, column then row (like 0907), got {excerpt(text)}; expected: {form}")
    return t


def parse_action(text: str) -> Action:
    """One log line to an Action; ActionSyntaxError saying the expected form."""
    words = text.split()
    if not words:
        raise ActionSyntaxError("empty action")
    verb, args = words[0].lower(), words[1:]
    if verb not in FORMS:
        raise ActionSyntaxError(f"unknown action {excerpt(verb)} (actions: {', '.join(FORMS)})")
    form = FORMS[verb]
    if verb == "place":
        if args == ["auto"]:
            return PlaceAuto()
        if len(args) != 2 or args[0].lower() not in TROOPS:
            raise ActionSyntaxError(f"expected: {form}")
        return Place(args[0].lower(), _hex(args[1], form))
    if verb in ("round", "enemy"):
        cards = tuple(a.upper() for a in args)
        return NewRound(cards) if verb == "round" else EnemyTurn(cards)
    if verb in ("move", "attack"):
        if len(args) != 2:
            raise ActionSyntaxError(f"expected: {form}")
        return Move(args[0], _hex(args[1], form)) if verb == "move" else Attack(args[0], args[1])
    if verb == "upgrade":
        if len(args) != 2 or args[1].lower() not in TROOPS:
            raise ActionSyntaxError(f"expected: {form} with TYPE one of {', '.join(TROOPS)}")
        return Upgrade(args[0], args[1].lower())
    if args:
        raise ActionSyntaxError(f"expected: {form}")
    return EndTurn()


__all__ = ["Action", "ActionSyntaxError", "Attack", "EndTurn", "EnemyTurn", "Move", "NewRound", "Place",
           "PlaceAuto", "Upgrade", "parse_action"]
