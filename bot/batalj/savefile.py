"""A battle's save file, the part the offline app shares with the terminal: its format, the
JSON written, and a save's fields made into a battle (the log replayed). The fields are checked
by the caller's ``Validate``: pydantic in the terminal (``bot.batalj.save``), the standard
library in the browser (``plain_fields`` here, the same bounds)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence, TypeVar

from generator.core.errors import DataError, Problem
from generator.core.limits import excerpt

from bot.batalj.battlegame import MAX_PLAYERS, MIN_PLAYERS, LoggedBattle
from bot.batalj.strength import PIECES, Strength, parse_strength
from bot.replay import Replayed, replay_save as replay_read
from bot.save import SaveFormat, Validate, log_of, seed_of, whole_number, write_document

DEFAULT_SAVE = "batalj.save.json"
NAME, VERSION, READABLE = "pnpkit-batalj-save", 2, (1, 2)
MAX_DECK = 200
Battles = TypeVar("Battles", bound=LoggedBattle)


def save_format(validate: Validate[Any]) -> SaveFormat[Any]:
    """Batalj's save, its fields checked by ``validate``. 2: choices after the dice (rules
    edition 2); version 1 saves are still read and replayed."""
    return SaveFormat(name=NAME, version=VERSION, readable=READABLE, what="Batalj battle", command="pnpkit batalj",
                      validate=validate,
                      missing="no battle saved here: start one with `pnpkit batalj new --players N` (or pass --save FILE)")


@dataclass(frozen=True)
class Card:
    """A strength card as saved."""

    id: str
    pieces: str


@dataclass(frozen=True)
class Fields:
    """A save's fields (as ``bot.batalj.save.SaveIn`` has them)."""

    seed: int
    players: int
    enemy_deck: Sequence[Card]
    log: list[str]


def plain_fields(data: Any, shown: str) -> Fields:
    """A save's fields checked with the standard library (the browser has no pydantic)."""
    seed = seed_of(data, shown)
    players = whole_number(data, "players", MIN_PLAYERS, MAX_PLAYERS, shown)
    deck = data.get("enemy_deck")
    if not isinstance(deck, list) or not 1 <= len(deck) <= MAX_DECK:
        raise DataError([Problem(shown, f"expected a list of 1 to {MAX_DECK} cards", field="enemy_deck")])
    cards = []
    for i, card in enumerate(deck):
        where = f"enemy_deck[{i}]"
        if not isinstance(card, dict) or set(card) != {"id", "pieces"}:
            raise DataError([Problem(shown, "expected a card: {\"id\": ..., \"pieces\": ...}", field=where)])
        ident, pieces = card["id"], card["pieces"]
        if not isinstance(ident, str) or not 1 <= len(ident) <= 40:
            raise DataError([Problem(shown, "expected a text of 1 to 40 characters", field=f"{where}.id")])
        if not isinstance(pieces, str) or len(pieces) > 6 or not PIECES.fullmatch(pieces):
            raise DataError([Problem(shown, f"expected pieces such as 3s1c, not {excerpt(pieces)}", field=f"{where}.pieces")])
        cards.append(Card(ident, pieces))
    return Fields(seed, players, tuple(cards), log_of(data, shown))


def to_json(game: LoggedBattle) -> dict[str, Any]:
    return save_format(plain_fields).document(game.edition, seed=game.seed, players=game.players,
                                              enemy_deck=[{"id": c.id, "pieces": str(c)} for c in game.strength_deck],
                                              log=game.log, position=game.battle.to_json())


def write_save(game: LoggedBattle, path: Path) -> None:
    """The battle written as its save (``bot.save.write_document``)."""
    write_document(to_json(game), path)


def replay_with(fmt: SaveFormat[Any], path: Path, kind: type[Battles] = LoggedBattle) -> Replayed[Battles]:  # type: ignore[assignment]
    """Load a save (its fields checked as ``fmt`` says) and replay its log up to the first line
    that cannot be replayed (``undo`` can still take it back); DataError naming the file and
    field when it is not a Batalj save or is of another version."""
    saved = fmt.read(Path(path))
    return replay_read(saved, kind(saved.fields.seed, saved.fields.players, deck(saved.fields, saved.shown),
                                         edition=saved.version))


def deck(saved: Any, shown: str) -> list[Strength]:
    """The saved strength deck; DataError naming the file and the card's field when a card's
    pieces are not a count of pieces."""
    cards = []
    for i, card in enumerate(saved.enemy_deck):
        try:
            s = parse_strength(card.pieces, i + 1)
        except ValueError as err:
            raise DataError([Problem(shown, str(err), field=f"enemy_deck[{i}].pieces")]) from None
        cards.append(Strength(card.id, s.soldiers, s.commanders, s.cannons))
    return cards
