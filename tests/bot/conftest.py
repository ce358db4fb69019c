"""Fixtures for the bot's tests; helpers live in tests/bot/helpers.py."""

import inspect

import pytest

from bot.stockholm1520.decks import Pile


@pytest.fixture
def no_virtual_draws(monkeypatch):
    """Fail the test if the bot draws a card of its own (but on the trial copy that counts the
    cards a step draws, to say so in a refusal or to split them between steps)."""
    take = Pile.take

    def only_entered(self, rng, wanted):
        trial = any(f.function in ("expected_cards", "draws_of") for f in inspect.stack(0))
        assert wanted is not None or trial, f"the bot drew a {self.name} card itself"
        return take(self, rng, wanted)
    monkeypatch.setattr(Pile, "take", only_entered)
