"""Unit types, their movement (3.1, 3.2) and the combat table (5.0)."""

from __future__ import annotations

from typing import Literal

TROOPS: tuple[str, ...] = ("cavalry", "crossbowmen", "pikemen")
SWEDISH_TYPES: tuple[str, ...] = TROOPS + ("militia",)
DANISH_TYPES: tuple[str, ...] = TROOPS + ("propagandist", "christian")

#: Spaces per turn (3.1, 3.2). Christian II is a "stationary non-combat unit" (3.2).
MOVES: dict[str, int] = {"cavalry": 3, "crossbowmen": 2, "pikemen": 2, "militia": 2,
                         "propagandist": 1, "christian": 0}

#: Red > Green > Blue > Red (5.0): cavalry beats crossbowmen, who beat pikemen, who beat cavalry.
BEATS: dict[str, str] = {"cavalry": "crossbowmen", "crossbowmen": "pikemen", "pikemen": "cavalry"}

COLOUR: dict[str, str] = {"cavalry": "red", "crossbowmen": "green", "pikemen": "blue"}
LETTER_TO_TROOP: dict[str, str] = {"R": "cavalry", "G": "crossbowmen", "B": "pikemen"}
TROOP_TO_LETTER: dict[str, str] = {v: k for k, v in LETTER_TO_TROOP.items()}
#: Short names used in unit ids ("cav1", "A2-xbow").
SHORT: dict[str, str] = {"cavalry": "cav", "crossbowmen": "xbow", "pikemen": "pike", "militia": "militia",
                         "propagandist": "prop", "christian": "christian"}

Outcome = Literal["win", "trade", "loss"]


def combat(attacker: str, defender: str) -> Outcome:
    """Result of ``attacker`` attacking ``defender`` (types), from the attacker's side.

    5.0 for troops; the militia destroys what it attacks and dies with it, except a
    propagandist (3.1); a propagandist loses to every unit (6.2); any Swedish troop kills
    Christian II (3.2); a Danish troop that attacks the militia wins (rules-notes: militia).
    """
    if defender == "propagandist":
        return "win"
    if attacker == "militia":
        return "trade"
    if defender == "christian":
        return "win"
    if defender == "militia":
        return "win"
    if attacker == defender:
        return "trade"
    if BEATS.get(attacker) == defender:
        return "win"
    return "loss"


def kills(attacker: str, defender: str) -> bool:
    """True when the attack destroys the defender (a win or a trade)."""
    return combat(attacker, defender) in ("win", "trade")


def plural(unit_type: str) -> str:
    """'cavalry', 'crossbowmen', 'pikemen' read as plurals already; others get words."""
    return {"militia": "militia", "propagandist": "propagandist", "christian": "Christian II"}.get(unit_type, unit_type)
