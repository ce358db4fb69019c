"""A battle's save file: JSON with its format name and version, the seed, the players, the
enemy's strength deck it draws from (so a changed table never changes a saved battle) and the
log; the position is written too, for reading, and never trusted on load (the log is replayed).
Described once as a ``bot.save.SaveFormat``: written, read, bounded and locked as every bot's save is
(``bot.save``; the lock through bot.commands)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from generator.core.errors import DataError, Problem

from bot.batalj.game import MAX_PLAYERS, MIN_PLAYERS, BattleGame
from bot.batalj.strength import Strength, parse_strength
from bot.replay import Replayed, replay_save as replay_read
from bot.save import SaveFormat, write_document

DEFAULT_SAVE = "batalj.save.json"


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
SAVE = SaveFormat(name="pnpkit-batalj-save", version=2, readable=(1, 2), what="Batalj battle",
                  command="pnpkit batalj", model=SaveIn,
                  missing="no battle saved here: start one with `pnpkit batalj new --players N` (or pass --save FILE)")
FORMAT, VERSION, READABLE, COMMAND = SAVE.name, SAVE.version, SAVE.readable, SAVE.command


def to_json(game: BattleGame) -> dict[str, Any]:
    return SAVE.document(game.edition, seed=game.seed, players=game.players,
                         enemy_deck=[{"id": c.id, "pieces": str(c)} for c in game.strength_deck],
                         log=game.log, position=game.battle.to_json())


def write_save(game: BattleGame, path: Path) -> None:
    """The battle written as its save (``bot.save.write_document``)."""
    write_document(to_json(game), path)


def read_save(path: Path) -> BattleGame:
    """Load a save and replay its log; DataError naming the file and field when it is not a
    Batalj save, is of another version, or a line cannot be replayed."""
    return replay_save(path).whole()


def replay_save(path: Path) -> Replayed[BattleGame]:
    """Load a save and replay its log up to the first line that cannot be replayed (``undo``
    can still take it back); DataError naming the file and field when it is not a Batalj
    save or is of another version."""
    saved = SAVE.read(Path(path))
    return replay_read(saved, BattleGame(saved.fields.seed, saved.fields.players, _deck(saved.fields, saved.shown),
                                         edition=saved.version))


def _deck(saved: SaveIn, shown: str) -> list[Strength]:
    """The saved strength deck; DataError naming the file and the card's field when a card's
    pieces are not a count of pieces."""
    deck = []
    for i, card in enumerate(saved.enemy_deck):
        try:
            s = parse_strength(card.pieces, i + 1)
        except ValueError as err:
            raise DataError([Problem(shown, str(err), field=f"enemy_deck[{i}].pieces")]) from None
        deck.append(Strength(card.id, s.soldiers, s.commanders, s.cannons))
    return deck
