"""Christina Regina's data as the tests read it: the files as written, and the rules' own numbers."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import yaml

from generator.kit.datafiles import read_csv

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "data" / "christinaregina"

FACTIONS = ("blue", "red", "green", "black", "purple")
METALS = ("white", "iron", "copper", "silver", "gold")

# Section 2, "Game Components", as the rulebook (version 1.4) states it.
SECTION_2 = {
    "faction cards": 20, "faction cards per colour": 4,
    "score cards": 10, "score cards iron/copper": 5, "score cards silver/gold": 5,
    "action cards": 10,
    "dagger cards": 10,
    # court tiles: metal -> (tiles, marked, of which with a faction colour)
    "tiles": {"white": (8, 0, 0), "iron": (16, 1, 10), "copper": (24, 2, 10), "silver": (16, 3, 10), "gold": (16, 4, 10)},
}

# Section 6: the influencers of each faction, in the order the rules list them (courts 1-4).
SECTION_6 = {
    "blue": ("Art and Science", "scroll", ["René Descartes", "George Stiernhielm", "Olof Rudbeck", "Carlo Fontana"]),
    "green": ("Politics", "shield", ["Gustav II Adolf", "Axel Oxenstierna", "Johan Adler Salvius", "Cardinal Mazarin"]),
    "red": ("Love", "heart", ["Fredrik Vilhelm", "Magnus Gabriel De la Gardie", "Karl Gustav", "Decio Azzolino"]),
    "black": ("Religion", "cross", ["Johannes Matthiæ Gothus", "Paolo Casati", "Don Antonio Pimentel", "Alexander VII"]),
    "purple": ("Family", "house", ["Maria Eleonora", "Ebba Lewenhaupt", "Ebba Sparre", "Christina Alexandra"]),
}
INFLUENCERS = [name for _, _, names in SECTION_6.values() for name in names]

# Section 6.2: the ten actions.
ACTIONS = ["Agitation", "Confidence", "Intrigue", "Invitation", "Manipulation", "Persuasion", "Protection",
           "Slander", "Veto", "Warning"]


def rows(name: str) -> list[dict[str, str]]:
    """Every row of a CSV file of the game, as written."""
    return [record for _, record in read_csv(GAME / name)]


def data(name: str) -> Any:
    return yaml.safe_load((GAME / name).read_text(encoding="utf-8"))


def copies(records: list[dict[str, str]], *keys: str) -> Counter:
    """Copies (the quantity column) per value of ``keys``."""
    counted: Counter = Counter()
    for record in records:
        counted[tuple(record[k] for k in keys)] += int(record["quantity"])
    return counted
