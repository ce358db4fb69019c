"""Physical-card mode: with the printed decks, the bot never draws a card itself; every draw
(the round's cards, a replayed Propaganda card's zone card) is asked for, and a wrong --drawn
says how many cards the step draws and in what order (issue 14)."""

import json

import pytest

from bot.stockholm1520.game import Game
from bot.stockholm1520.rules import RuleError
from bot.stockholm1520.save import read_save, to_json
from tests.bot.helpers import small_game

# Road A's propagandist spawns on 0602, two spaces from the castle Norra (0403): it arrives in
# the second enemy turn and the card is replayed. The troops come the long way (zone C).
ROUND = "round E-PROPAGANDA Z-A1-R Z-C3-B Z-C3-G Z-C3-R Z-C2-B"


def _to_the_replay(physical_deck: bool = False) -> Game:
    game = Game(1, small_game(), physical_deck)
    game.apply("place auto")
    game.apply(ROUND)
    game.apply("enemy")
    game.apply("end-turn")
    return game


def test_a_round_with_entered_cards_asks_for_the_replayed_propaganda_card(no_virtual_draws):
    game = _to_the_replay()
    with pytest.raises(RuleError) as err:
        game.apply("enemy")                        # prop1 reaches Norra: the card is replayed
    assert ("This step draws 1 card, in this order: 1. the zone card for the propagandist of the replayed "
            "Propaganda card; you entered none") in str(err.value)
    assert game.log[-1] == "end-turn"              # refused: nothing changed
    game.apply("enemy Z-B1-R")
    assert "Norra" in game.pos.defected_castles
    assert [u.hex for u in game.pos.danish if u.type == "propagandist"] == ["1405"]    # zone B's space


def test_too_many_cards_for_an_enemy_turn_says_what_it_draws():
    game = _to_the_replay()
    with pytest.raises(RuleError, match=r"Z-A2-R not used\. This step draws 1 card.*you entered 2: Z-B1-R Z-A2-R"):
        game.apply("enemy Z-B1-R Z-A2-R")


def test_a_physical_game_asks_for_the_round_cards_and_counts_them_in_order(no_virtual_draws):
    game = Game(1, small_game(), physical_deck=True)
    game.apply("place auto")
    with pytest.raises(RuleError) as err:
        game.apply("round")
    assert ("This step draws 5 cards, in this order: 1. the event card; 2-5. 4 zone cards for the Danish "
            "troops; you entered none") in str(err.value)
    with pytest.raises(RuleError) as err:
        game.apply("round E-SHIP Z-A1-R Z-B1-R Z-C1-R Z-D1-R")
    assert ("This step draws 6 cards, in this order: 1. the event card; 2. the zone card for the ship's troop; "
            "3-6. 4 zone cards for the Danish troops; you entered 5") in str(err.value)
    with pytest.raises(RuleError, match="Z-A1-R is not an event card.*1. the event card"):
        game.apply("round Z-A1-R Z-B1-R Z-C1-R Z-D1-R Z-D2-R")
    game.apply("round E-SHIP Z-A1-R Z-B1-R Z-C1-R Z-D1-R Z-D2-R")
    assert game.pos.ship is not None and game.pos.phase == "enemy"


def test_a_physical_game_is_saved_as_physical():
    game = Game(1, small_game(), physical_deck=True)
    assert to_json(game)["cards"] == "physical"
    assert to_json(Game(1, small_game()))["cards"] == "virtual"


def test_an_older_save_with_a_virtual_draw_in_an_entered_round_still_loads(tmp_path):
    # Saves written before this rule could hold a replayed card the bot drew itself.
    game = _to_the_replay()
    data = to_json(game)
    data["log"].append("enemy")
    data.pop("cards")
    path = tmp_path / "old.save.json"
    path.write_text(json.dumps(data))
    loaded = read_save(path, small_game())
    assert loaded.log[-1] == "enemy" and "Norra" in loaded.pos.defected_castles
    with pytest.raises(RuleError, match="more cards needed: the zone card for the propagandist"):
        # but a new action is asked for its cards again
        loaded.undo(1).apply("enemy")


def test_the_checklist_says_what_to_do_with_the_piles(no_virtual_draws):
    # Issue 23: a zone card drawn in a Danish turn goes on the discard pile; at the round's end a
    # Propaganda card kept aside is shuffled back into the event deck (6.2).
    from bot.stockholm1520.advance import advance
    from bot.stockholm1520.piles import pile_changes
    game = _to_the_replay(physical_deck=True)
    done = advance(game, ["Z-B1-R"])
    texts = [c.text for c in done.table]
    assert "put zone card Z-B1-R on the zone discard pile" in texts
    before = game.table.decks.copy()
    after = game.table.decks.copy()
    assert before.held == ["E-PROPAGANDA"]
    after.end_round(game.table.rng)
    assert [c.text for c in pile_changes(before, after, [{"kind": "end", "result": "round over"}])] == [
        "the round is over: shuffle E-PROPAGANDA back into the event deck (6.2)"]
