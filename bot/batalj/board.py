"""The Battlefield's eight areas and which way each army faces (rules: "New rules for War").

Areas are named by column as the Swedish players see the board: ``s1 s2 s3`` are Sweden's
left flank, centre and right flank; ``e1 e2 e3`` the red Sectors facing them (the enemy's
right flank, centre and left flank); ``sr`` and ``er`` the two Reserves. A group attacks
only the area straight ahead in its column ("not diagonal or sideways")."""

from __future__ import annotations

import unicodedata
from typing import Literal

#: The two armies of a battle.
Side = Literal["sweden", "enemy"]
SWEDEN: Side = "sweden"
ENEMY: Side = "enemy"
SWEDISH_SECTORS = ("s1", "s2", "s3")
ENEMY_SECTORS = ("e1", "e2", "e3")
SECTORS = ("s1", "e1", "s2", "e2", "s3", "e3")         # column by column, the Swedish side first
RESERVE = {SWEDEN: "sr", ENEMY: "er"}
AREAS = (*SECTORS, "sr", "er")
MAX_PIECES = 4                                        # Soldiers + Commanders in a Sector

NAMES = {"s1": "Swedish left flank", "s2": "Swedish centre", "s3": "Swedish right flank",
         "e1": "enemy right flank", "e2": "enemy centre", "e3": "enemy left flank",
         "sr": "Swedish Reserve", "er": "enemy Reserve"}

ALIASES = {"left": "s1", "centre": "s2", "center": "s2", "right": "s3", "reserve": "sr",
           "enemy-right": "e1", "enemy-centre": "e2", "enemy-center": "e2", "enemy-left": "e3",
           "enemy-reserve": "er"}


def fold(word: str) -> str:
    """A name as people type it: no accents, any case (``Östergötland`` = ``ostergotland``)."""
    plain = unicodedata.normalize("NFKD", word.strip())
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold()


def area_id(word: str) -> str | None:
    """The area a player's word names (``s2``, ``S2``, ``centre``, ``enemy-left``), or None."""
    word = fold(word)
    return word if word in AREAS else ALIASES.get(word)


def column(sector: str) -> int:
    return int(sector[1])


def other(side: Side) -> Side:
    return ENEMY if side == SWEDEN else SWEDEN


def home_sectors(side: Side) -> tuple[str, ...]:
    return SWEDISH_SECTORS if side == SWEDEN else ENEMY_SECTORS


def opposite(sector: str) -> str:
    """The Sector across the front in the same column."""
    return ("e" if sector[0] == "s" else "s") + sector[1]


def ahead(area: str, side: Side) -> str:
    """The area straight ahead of a group of ``side`` standing in ``area``: the opposite
    Sector from its own Sector, the adversary's Reserve from an advanced position."""
    if area in home_sectors(side):
        return opposite(area)
    return RESERVE[other(side)]


def behind(area: str, side: Side) -> str:
    """One step backwards for ``side``: from an advanced position to its own Sector of the
    column, from its own Sector to its Reserve."""
    if area in home_sectors(side):
        return RESERVE[side]
    return opposite(area)


def adjective(side: Side) -> str:
    return "Swedish" if side == SWEDEN else "enemy"


def name(area: str) -> str:
    return f"{NAMES[area]} ({area})"
