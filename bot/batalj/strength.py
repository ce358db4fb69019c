"""The enemy's strength cards: what each drawn card gives (Soldiers, Commanders, Cannons),
from the designed table data/batalj/enemy-strength.yaml or as the players enter it
(``3s1c`` = three Soldiers and a Commander, ``2s1a`` = two Soldiers and a Cannon)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from generator.core.errors import DataError
from generator.kit.datafiles import display_path, load_yaml, validation_problems

from bot.batalj import GAME
from bot.gamefolder import game_folder
from generator.core.limits import excerpt

TABLE = "enemy-strength.yaml"
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


class _Card(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(min_length=1, max_length=20)
    soldiers: int = Field(default=0, ge=0, le=9)
    commanders: int = Field(default=0, ge=0, le=9)
    cannons: int = Field(default=0, ge=0, le=9)


class _Table(BaseModel):
    model_config = ConfigDict(extra="forbid")
    cards: list[_Card] = Field(min_length=1, max_length=200)


def table_path() -> Path:
    """The strength table of Batalj's folder (the kit in use, else the bundled one)."""
    return game_folder(GAME) / TABLE


def load_strength_deck(path: Path | None = None) -> list[Strength]:
    """The designed strength deck; DataError naming the file, line and field when it is wrong."""
    path = path or table_path()
    raw = load_yaml(path)
    try:
        table = _Table.model_validate(raw)
    except ValidationError as err:
        raise DataError(validation_problems(display_path(path), err, raw)) from None
    return [Strength(c.id, c.soldiers, c.commanders, c.cannons) for c in table.cards]


def parse_strength(word: str, index: int) -> Strength:
    """A card's pieces as entered (``3s1c``); ValueError with what was expected."""
    match = PIECES.match(word.strip().lower())
    if not word.strip() or not match:
        raise ValueError(f"enemy card {index}: {excerpt(word)} is not a count of pieces (expected e.g. 3s, 2s1c, 2s1a: "
                         "s Soldiers, c Commanders, a Cannons)")
    s, c, a = (int(g or 0) for g in match.groups())
    return Strength(f"entered {index}", s, c, a)

