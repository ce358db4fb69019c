"""A battle as the terminal starts it: ``bot.batalj.battlegame.LoggedBattle`` drawing, when no
deck is given, from the kit's designed strength table (read and checked, ``load_strength_deck``)."""

from __future__ import annotations

from bot.batalj.battlegame import EDITION, MAX_PLAYERS, MIN_PLAYERS, LoggedBattle
from bot.batalj.strength_table import load_strength_deck
from bot.batalj.strength import Strength

__all__ = ["EDITION", "MAX_PLAYERS", "MIN_PLAYERS", "BattleGame"]


class BattleGame(LoggedBattle):
    """One battle of Batalj with the bot as the enemy; the kit's strength deck by default."""

    def __init__(self, seed: int, players: int, strength_deck: list[Strength] | None = None,
                 edition: int = EDITION, asks: bool = True) -> None:
        super().__init__(seed, players, strength_deck if strength_deck is not None else load_strength_deck(),
                         edition, asks)
