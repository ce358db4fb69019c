"""Whole battles with random event cards and random redeployment entries mixed into the
simulated player's lines: whatever the rules accept keeps the board legal (at most four pieces
a Sector, never a lone Commander, one side an area, a Soldier in each Reserve until the end)."""

from __future__ import annotations

import random

from bot.batalj.board import AREAS, SECTORS
from bot.batalj.events import BATTLE_CARDS
from bot.batalj.game import BattleGame
from bot.batalj.policy import army, next_line
from bot.batalj.state import Battle, RuleError
from bot.errors import ActionSyntaxError


def legal(b: Battle) -> None:
    for s in SECTORS:
        g = b.sectors[s]
        assert 0 <= g.soldiers and 0 <= g.commanders and g.pieces <= 4, (s, g)
        assert not (g.commanders and not g.soldiers), (s, g)
        assert (g.side is None) == (g.pieces == 0), (s, g)
        assert g.card is None or g.side == "sweden", (s, g)
    if b.phase != "over":
        assert all(r.soldiers >= 1 for r in b.reserves.values()), b.reserves


def test_random_battles_stay_legal() -> None:
    accepted = refused = ended = asked = 0
    cards: set[str] = set()
    for seed in range(20):
        r = random.Random(seed)
        game = BattleGame(seed, r.randint(2, 6))
        for line in army(game.players):
            game.apply(line)
        for _ in range(400):
            if game.battle.phase == "over":
                ended += 1
                break
            if game.question is not None:            # the players' choice after the dice, at random
                line = "choose " + r.choice([*game.question.options, "er"])
            elif r.random() < 0.15:
                key = r.choice(sorted(BATTLE_CARDS))
                arg = r.choice(AREAS + ('soldier', 'enemy', 'sweden:1')) if BATTLE_CARDS[key].needs else ""
                line = f"play {key} {arg}"
            elif r.random() < 0.3 and game.battle.phase == "redeploy":
                line = "redeploy " + "; ".join(f"{r.choice(['back', 'retire', 'forward', 'reinforce'])} "
                                               f"{r.choice(['West', 'Middle', 'East'])} {r.choice(['', 's1', 'e2', '2'])}"
                                               for _ in range(r.randint(1, 3)))
            else:
                line = next_line(game.table)
            before = game.battle.to_json()
            try:
                game.apply(line)
            except (RuleError, ActionSyntaxError):
                refused += 1
                assert game.battle.to_json() == before            # a refusal changes nothing
                continue
            accepted += 1
            if line.startswith("play"):
                cards.add(line.split()[1])
            if game.question is None:
                legal(game.battle)
            else:
                asked += 1
    assert asked > 50 and accepted > 250 and refused > 25 and ended > 15 and len(cards) >= 8
