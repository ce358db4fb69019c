"""The game as setup + log: text round trip of actions, replay determinism, undo, refusals."""

import pytest

from bot.stockholm1520.actions import ActionSyntaxError, Attack, EndTurn, EnemyTurn, Move, NewRound, Place, PlaceAuto, Upgrade, parse_action
from bot.stockholm1520.game import Game
from bot.stockholm1520.policy import Policy
from bot.stockholm1520.rules import RuleError, perform
from tests.bot.helpers import TESTGAME, small_game


@pytest.mark.parametrize("action", [Place("cavalry", "0705"), PlaceAuto(), NewRound(), NewRound(("E-SHIP", "Z-A1-R")),
                                    EnemyTurn(), EnemyTurn(("Z-B1-G",)), Move("cav1", "0907"), Attack("cav1", "A1-xbow"),
                                    Upgrade("militia1", "pikemen"), EndTurn()])
def test_actions_round_trip_through_text(action):
    assert parse_action(str(action)) == action


@pytest.mark.parametrize("text,message", [("fly cav1", "unknown action"), ("move cav1", "expected: move UNIT HEX"),
                                          ("move cav1 97", "four digits"), ("upgrade m1 dragons", "TYPE one of")])
def test_bad_action_text_says_the_expected_form(text, message):
    with pytest.raises(ActionSyntaxError, match=message):
        parse_action(text)


def play(seed: int, actions: int = 80) -> Game:
    game = Game(seed, small_game())
    policy = Policy()
    game.apply("place auto")
    while len(game.log) < actions and game.pos.phase != "over":
        phase = game.pos.phase
        game.apply("round" if phase == "round" else "enemy" if phase == "enemy" else policy.next_action(game.table))
    return game


def test_replaying_the_log_rebuilds_the_game_exactly():
    game = play(11)
    again = Game.replay(game.seed, game.data, game.log)
    assert again.pos.to_json() == game.pos.to_json()
    assert again.records == game.records
    assert again.table.decks.to_json() == game.table.decks.to_json()


def test_the_table_holds_the_position_the_decks_and_the_rng_and_an_action_returns_its_records():
    # Issue 21 item 5: what an action did is its result (the game's log keeps it), not the table's.
    game = play(3, 12)
    table = game.table
    assert set(vars(table)) == {"data", "board", "units", "pos", "decks", "_rng", "_rng_state"}
    before = game.table.clone()
    records = game.apply("round" if game.pos.phase == "round" else "enemy" if game.pos.phase == "enemy" else "end-turn")
    assert records and game.records[-1] is records and set(vars(game.table)) == set(vars(before))
    again = perform(before, parse_action(game.log[-1]))
    assert again == records and before.pos.to_json() == game.pos.to_json()


def test_same_seed_same_game_other_seed_other_cards():
    a, b, c = play(5, 40), play(5, 40), play(6, 40)
    assert a.log == b.log and a.pos.to_json() == b.pos.to_json()
    assert a.records != c.records


def test_undo_any_number_of_actions_equals_the_shorter_log():
    game = play(3, 60)
    for n in (1, 2, 7, len(game.log)):
        undone = game.undo(n)
        assert undone.pos.to_json() == Game.replay(game.seed, game.data, game.log[:len(game.log) - n]).pos.to_json()
    assert game.undo(len(game.log)).pos.phase == "setup"


def test_a_refused_action_changes_nothing():
    game = play(2, 4)
    before = (game.pos.to_json(), list(game.log), game.table.decks.to_json())
    with pytest.raises(RuleError, match="not now: it is your turn"):
        game.apply("round E-SHIP Z-A1-R")          # the player's turn, not the round phase
    with pytest.raises(RuleError, match="no Swedish unit 'nobody'"):
        game.apply("move nobody 0705")
    assert (game.pos.to_json(), list(game.log), game.table.decks.to_json()) == before


def test_entered_cards_are_taken_from_the_piles():
    game = Game(1, small_game())
    game.apply("place auto")
    game.apply("round E-SHIP Z-C2-B Z-A1-R Z-A2-G Z-B1-B Z-D3-R")
    assert game.pos.ship.troop == "pikemen"
    assert "E-SHIP" in game.table.decks.event.discard
    assert len(game.table.decks.event.draw) == 8      # 9 event cards in the deck data, one drawn


def test_same_answers_whatever_the_python_hash_seed():
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    code = ("import json; from bot.stockholm1520.gamedata import load_game_data; from bot.stockholm1520.simulate import simulate; "
            "s = simulate(15, load_game_data(%r), seed=3).to_json(); "
            "s.pop('seconds'); s.pop('games_per_minute'); print(json.dumps(s, sort_keys=True))" % str(TESTGAME))
    outs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(root))
        outs.append(subprocess.run([sys.executable, "-c", code], env=env, cwd=root, capture_output=True,
                                   text=True, check=True).stdout)
    assert outs[0] == outs[1] and json.loads(outs[0])["games"] == 15


def test_a_clone_draws_what_the_original_would_and_neither_changes_the_other():
    """A clone keeps only its RNG's state until it draws (``Table.rng``): both still draw the
    same cards, in the same order, whichever draws first."""
    from tests.bot.helpers import table

    original = table(seed=5)
    expected = table(seed=5).rng.random()        # an untouched table of the same seed
    copy = original.clone()
    assert copy.rng_state() == original.rng_state()
    first = [copy.rng.random() for _ in range(3)]
    assert copy.rng_state() != original.rng_state()       # the clone drew; the original did not
    assert [original.rng.random() for _ in range(3)] == first
    assert first[0] == expected
    again = original.clone()
    assert again.rng.random() == original.rng.random()
