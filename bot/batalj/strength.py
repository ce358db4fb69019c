"""The enemy's strength cards: what each drawn card gives (Soldiers, Commanders, Cannons),
from the designed table data/batalj/enemy-strength.yaml or as the players enter it
(``3s1c`` = three Soldiers and a Commander, ``2s1a`` = two Soldiers and a Cannon). The table
is read and checked by ``bot.batalj.strength_table`` (the terminal; the offline app has it baked)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.core.limits import excerpt

PIECES = re.compile(r"^(?:(\d)s)?(?:(\d)c)?(?:(\d)a)?$")


@dataclass(frozen=True)
class Strength:
    """One strength card: the red pieces it gives."""

    id: str
    soldiers: int = 0
    commanders: int = 0
    cannons: int = 0

    def __str__(self) -> str:
        parts = [f"{n}{k}" for n, k in ((self.soldiers, "s"), (self.commanders, "c"), (self.cannons, "a")) if n]
        return "".join(parts) or "0s"


def parse_strength(word: str, index: int) -> Strength:
    """A card's pieces as entered (``3s1c``); ValueError with what was expected."""
    match = PIECES.fullmatch(word.strip().lower())
    if not word.strip() or not match:
        raise ValueError(f"enemy card {index}: {excerpt(word)} is not a count of pieces (expected e.g. 3s, 2s1c, 2s1a: "
                         "s Soldiers, c Commanders, a Cannons)")
    s, c, a = (int(g or 0) for g in match.groups())
    return Strength(f"entered {index}", s, c, a)

