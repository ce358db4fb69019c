"""6.2 Propaganda: walking to a castle, defection, the replayed card."""

from bot.stockholm1520.rules.draws import finish_draws, start_draws
from bot.stockholm1520.rules.enemy import enemy_turn
from tests.bot.helpers import danish_moves, played, table


def test_propagandist_walks_one_space_toward_the_nearest_castle():
    t = table(danish=[("prop1", "propagandist", "0602")])
    log = played(enemy_turn, t)
    move = danish_moves(log)["prop1"]
    assert len(move["path"]) == 2 and move["path"][0] == "0602"
    assert "Norra" in move["reason"]


def test_arrival_raises_propaganda_defects_the_castle_and_replays_the_card():
    t = table(danish=[("prop1", "propagandist", "0404")])      # next to Norra (0403)
    start_draws(t, ["Z-B1-G"])
    enemy_turn(t)
    finish_draws(t)
    assert t.pos.propaganda == 1
    assert t.pos.defected_castles == ["Norra"]
    props = [u for u in t.pos.danish if u.type == "propagandist"]
    assert [(u.id, u.hex) for u in props] == [("prop2", "1405")]     # zone B's yellow space, a new walker (a new id)
    # the next propagandist heads for the castle not yet defected
    t.pos.phase = "enemy"
    log = played(enemy_turn, t)
    assert "Ostra" in danish_moves(log)["prop2"]["reason"]


def test_no_new_propagandist_once_every_castle_has_defected():
    t = table(danish=[("prop1", "propagandist", "0404")], defected_castles=["Ostra"])
    enemy_turn(t)
    assert t.pos.propaganda == 1 and sorted(t.pos.defected_castles) == ["Norra", "Ostra"]
    assert t.pos.danish == []
    assert t.pos.phase == "regroup"


def test_propagandists_may_share_a_space_with_danish_troops():
    t = table(danish=[("prop1", "propagandist", "0703"), ("x", "crossbowmen", "0502", "A", 1)])
    enemy_turn(t)
    assert t.pos.unit("x").hex == "0703"


def test_propagandist_never_attacks():
    t = table(swedish=[("m", "militia", "0503")], danish=[("prop1", "propagandist", "0602")])
    log = played(enemy_turn, t)
    assert danish_moves(log)["prop1"]["attack"] is None and t.pos.unit("m") is not None


def test_propagandists_move_after_the_troops():
    t = table(danish=[("prop1", "propagandist", "0602"), ("x", "crossbowmen", "1506", "B", 1)])
    log = played(enemy_turn, t)
    order = [r["unit"] for r in log if r["kind"] == "danish"]
    assert order == ["x", "prop1"]
