"""The designed strength table, data/batalj/enemy-strength.yaml, read and checked (pydantic):
the terminal's. The offline app reads the same deck baked at export time (``bot.batalj.bake``)."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from generator.core.errors import DataError
from generator.kit.datafiles import display_path, load_yaml, validation_problems

from bot.batalj import GAME
from bot.batalj.strength import Strength
from bot.gamefolder import game_folder

TABLE = "enemy-strength.yaml"


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
