"""Unit types, their movement (3.1, 3.2) and the combat table (5.0).

Which types there are is the rulebook's (3.1, 3.2); how far each moves, which troop beats
which and the troops' colours are the kit's data (troops.yaml, counters.yaml), read once per
game into ``Units`` (``bot.stockholm1520.gamedata``), so the printed pieces and the bot cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Mapping

from games.stockholm1520.carddata import TROOPS

SWEDISH_TYPES: tuple[str, ...] = TROOPS + ("militia",)
DANISH_TYPES: tuple[str, ...] = TROOPS + ("propagandist", "christian")
#: Types whose movement the rules use: the troops, the militia (3.1), the propagandist (6.2).
MOVING_TYPES: tuple[str, ...] = TROOPS + ("militia", "propagandist")

#: Short names used in unit ids ("cav1", "A2-xbow").
SHORT: dict[str, str] = {"cavalry": "cav", "crossbowmen": "xbow", "pikemen": "pike", "militia": "militia",
                         "propagandist": "prop", "christian": "christian"}

Outcome = Literal["win", "trade", "loss"]


@dataclass(frozen=True)
class Units:
    """The kit's facts about the units: spaces per turn, the troop cycle, colour names."""

    moves: Mapping[str, int]          # spaces a turn, per type (3.1, 3.2)
    beats: Mapping[str, str]          # troop -> the troop it beats (5.0)
    colour: Mapping[str, str]         # troop -> its colour's name on the zone cards ("red")

    def combat(self, attacker: str, defender: str) -> Outcome:
        """Result of ``attacker`` attacking ``defender`` (types), from the attacker's side.

        5.0 for troops; the militia destroys what it attacks and dies with it, except a
        propagandist (3.1); a propagandist loses to every unit (6.2); any Swedish troop kills
        Christian II (3.2); a Danish troop that attacks the militia wins (rules-notes: militia).
        """
        if defender == "propagandist":
            return "win"
        if attacker == "militia":
            return "trade"
        if defender in ("christian", "militia"):
            return "win"
        if attacker == defender:
            return "trade"
        if self.beats.get(attacker) == defender:
            return "win"
        return "loss"
