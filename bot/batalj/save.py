"""A battle's save file: JSON with its format name and version, the seed, the players, the
enemy's strength deck it draws from (so a changed table never changes a saved battle) and the
log; the position is written too, for reading, and never trusted on load (the log is replayed).
The format, the JSON written and the replay are ``bot.batalj.savefile``'s (the offline app's
too); the fields are checked here with pydantic. Described once as a ``bot.save.SaveFormat``: written, read, bounded and locked as every bot's save is
(``bot.save``; the lock through bot.commands)."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from bot.batalj.game import MAX_PLAYERS, MIN_PLAYERS, BattleGame
from bot.batalj.savefile import DEFAULT_SAVE, replay_with, save_format, to_json, write_save
from bot.replay import Replayed
from bot.save_fields import pydantic_fields

__all__ = ["DEFAULT_SAVE", "SAVE", "SaveIn", "read_save", "replay_save", "to_json", "write_save"]


class _Card(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(min_length=1, max_length=40)
    pieces: str = Field(pattern=r"^(\ds)?(\dc)?(\da)?$", max_length=6)


class SaveIn(BaseModel):
    model_config = ConfigDict(extra="ignore")
    seed: StrictInt = Field(ge=-(2**63), le=2**63 - 1)
    players: StrictInt = Field(ge=MIN_PLAYERS, le=MAX_PLAYERS)
    enemy_deck: list[_Card] = Field(min_length=1, max_length=200)
    log: list[str]


#: 2: choices after the dice (rules edition 2); version 1 saves are still read and replayed.
SAVE = save_format(pydantic_fields(SaveIn))
FORMAT, VERSION, READABLE, COMMAND = SAVE.name, SAVE.version, SAVE.readable, SAVE.command


def read_save(path: Path) -> BattleGame:
    """Load a save and replay its log; DataError naming the file and field when it is not a
    Batalj save, is of another version, or a line cannot be replayed."""
    return replay_save(path).whole()


def replay_save(path: Path) -> Replayed[BattleGame]:
    """Load a save and replay its log up to the first line that cannot be replayed (``undo``
    can still take it back); DataError naming the file and field when it is not a Batalj
    save or is of another version."""
    return replay_with(SAVE, path, BattleGame)
