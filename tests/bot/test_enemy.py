"""2.0 step 2, 4.0, 5.0: the Danish troops' movement, order and attacks (test board)."""

from bot.stockholm1520.rules.common import recording
from bot.stockholm1520.rules.enemy import enemy_turn, move_order
from tests.bot.helpers import danish_moves, played, table


def test_troops_follow_their_road_cavalry_3_others_2():
    t = table(danish=[("c", "cavalry", "1506", "B", 1), ("x", "crossbowmen", "0502", "A", 1),
                      ("p", "pikemen", "0103", "D", 1)])
    log = played(enemy_turn, t)
    moves = danish_moves(log)
    assert moves["c"]["path"] == ["1506", "1405", "1306", "1206"]
    assert moves["x"]["path"] == ["0502", "0602", "0703"]
    assert moves["p"]["path"] == ["0103", "0203", "0304"]


def test_additional_movement_gives_one_more_space_to_the_named_type():
    t = table(danish=[("c", "cavalry", "1506", "B", 1), ("x", "crossbowmen", "0502", "A", 1)],
              extra_move=["crossbowmen"])
    log = played(enemy_turn, t)
    moves = danish_moves(log)
    assert len(moves["c"]["path"]) == 4          # unchanged: 3 spaces
    assert moves["x"]["path"] == ["0502", "0602", "0703", "0803"]
    assert "Additional movement" in moves["x"]["reason"]


def test_rulebook_example_4_0_cavalry_passes_pikemen_and_attacks_crossbowmen():
    # Road B1 runs 1506 > 1405 > 1306 > 1206. Swedish pikemen block 1405: cavalry would lose,
    # so it goes round by 1406, back on its road at 1306, next to the crossbowmen at 1305.
    t = table(swedish=[("pike1", "pikemen", "1405"), ("xbow1", "crossbowmen", "1305")],
              danish=[("c", "cavalry", "1506", "B", 1)])
    log = played(enemy_turn, t)
    move = danish_moves(log)["c"]
    assert move["path"] == ["1506", "1406", "1306"]
    assert move["attack"] == {"target": "xbow1", "outcome": "win"}
    assert "blocked at 1405" in move["reason"] and "passing by 1406" in move["reason"]
    assert "cavalry beats crossbowmen (5.0)" in move["reason"]
    assert [u.id for u in t.pos.swedish] == ["pike1"]
    assert t.pos.unit("c").hex == "1306"        # the winner stays where it stood (5.0)


def test_never_a_losing_attack():
    t = table(swedish=[("pike1", "pikemen", "1405")], danish=[("c", "cavalry", "1406", "B", 1)])
    log = played(enemy_turn, t)
    move = danish_moves(log)["c"]
    assert move["attack"] is None
    assert t.pos.unit("pike1") is not None


def test_same_type_attack_is_a_trade_both_destroyed():
    t = table(swedish=[("cav1", "cavalry", "1306")], danish=[("c", "cavalry", "1506", "B", 1)])
    log = played(enemy_turn, t)
    move = danish_moves(log)["c"]
    # cav1 holds road B1 at 1306: a unit it can kill, so it walks up the road to it (not round
    # it) and attacks from 1405; the attack ends its move
    assert move["path"] == ["1506", "1405"]
    assert move["attack"] == {"target": "cav1", "outcome": "trade"}
    assert t.pos.swedish == [] and t.pos.danish == []


def test_attack_prefers_a_win_to_a_trade():
    # At 1405 the cavalry stands next to Swedish cavalry (1305, trade) and crossbowmen (1505, win).
    t = table(swedish=[("cav1", "cavalry", "1305"), ("xbow1", "crossbowmen", "1505")],
              danish=[("c", "cavalry", "1405", "B", 1)])
    log = played(enemy_turn, t)
    assert danish_moves(log)["c"]["attack"] == {"target": "xbow1", "outcome": "win"}


def test_danish_troop_beats_the_militia():
    t = table(swedish=[("m", "militia", "1305")], danish=[("x", "pikemen", "1405", "B", 1)])
    log = played(enemy_turn, t)
    assert danish_moves(log)["x"]["attack"] == {"target": "m", "outcome": "win"}


def test_attacking_kristina_is_defeat():
    t = table(danish=[("c", "cavalry", "1005", "B", 1)])
    with recording() as log:
        assert enemy_turn(t) == "defeat"
    assert t.pos.result == "lost" and t.pos.phase == "over"
    assert danish_moves(log)["c"]["attack"] == {"target": "kristina", "outcome": "defeat"}


def test_killers_move_first_then_zone_then_road():
    # D1's pikemen can kill the cavalry at 0305 (next to 0304): it moves first, before zone A.
    t = table(swedish=[("cav1", "cavalry", "0305")],
              danish=[("a", "crossbowmen", "1002", "A", 2), ("b", "crossbowmen", "0502", "A", 1),
                      ("d", "pikemen", "0203", "D", 1), ("c", "crossbowmen", "1506", "B", 1)])
    order = [(u.id, killer) for u, killer in move_order(t)]
    assert order == [("d", True), ("b", False), ("a", False), ("c", False)]


def test_ties_on_one_road_the_troop_further_along_moves_first_and_no_two_share_a_space():
    # Both on road A1: the front pikemen move first (0602 > 0703 > 0803); the cavalry's third
    # space would be 0803, taken, so it stops at 0703 (Danish troops never share a space).
    t = table(danish=[("back", "cavalry", "0502", "A", 1), ("front", "pikemen", "0602", "A", 1)])
    assert [u.id for u, _ in move_order(t)] == ["front", "back"]
    log = played(enemy_turn, t)
    hexes = [u.hex for u in t.pos.danish]
    assert len(hexes) == len(set(hexes))
    assert t.pos.unit("front").hex == "0803"
    assert t.pos.unit("back").hex == "0703"
    assert "0803 is taken by another Danish troop" in danish_moves(log)["back"]["reason"]


def test_a_troop_stops_short_rather_than_share_a_space():
    # Crossbowmen (2) behind pikemen that cannot move: blocked by Swedish crossbowmen at 0804
    # on road A1 and by Swedish pikemen round about, the pikemen stay; the crossbowmen stop behind.
    t = table(swedish=[("x1", "crossbowmen", "0804"), ("x2", "crossbowmen", "0704"), ("x3", "crossbowmen", "0904")],
              danish=[("p", "pikemen", "0803", "A", 1), ("c", "cavalry", "0703", "A", 1)])
    enemy_turn(t)
    hexes = [u.hex for u in t.pos.danish]
    assert len(hexes) == len(set(hexes))


def test_choke_point_blocked_completely_moves_as_close_as_possible():
    # The bridge is closed; Swedish pikemen hold both gaps (0309, 1309): road C1 is cut.
    t = table(swedish=[("p1", "pikemen", "0309"), ("p2", "pikemen", "1309")],
              danish=[("c", "cavalry", "0311", "C", 1)])
    log = played(enemy_turn, t)
    move = danish_moves(log)["c"]
    assert move["path"] == ["0311", "0310"]
    assert "blocked completely at 0309" in move["reason"]
    t2 = table(swedish=[("p1", "pikemen", "0309"), ("p2", "pikemen", "1309")],
               danish=[("c", "cavalry", "0310", "C", 1)])
    t2_log = played(enemy_turn, t2)
    assert danish_moves(t2_log)["c"]["path"] == ["0310"]        # nowhere closer: it waits


def test_a_way_round_far_from_the_road_does_not_count_the_choke_point_is_blocked():
    # Only 0309 is held, but the other way over the water (the ford at 1309) is far from
    # road C1: the road is blocked completely at a choke point; the troop waits (2.0).
    t = table(swedish=[("p1", "pikemen", "0309")], danish=[("c", "cavalry", "0310", "C", 1)])
    log = played(enemy_turn, t)
    move = danish_moves(log)["c"]
    assert move["path"] == ["0310"]
    assert "blocked completely at 0309" in move["reason"]


def test_a_wall_of_three_is_passed_within_two_spaces_of_the_road():
    # Road B1 1506 > 1405 > 1306 > 1206; a wall across it at 1405 and both sides.
    t = table(swedish=[("p1", "pikemen", "1405"), ("p2", "pikemen", "1406"), ("p3", "pikemen", "1404")],
              danish=[("c", "cavalry", "1506", "B", 1)])
    log = played(enemy_turn, t)
    move = danish_moves(log)["c"]
    assert "blocked at 1405" in move["reason"] and "blocked completely" not in move["reason"]
    assert move["path"][0] == "1506" and len(move["path"]) == 4          # it moves its 3 spaces
    assert all(t.board.distance(h, "1405") <= 3 for h in move["path"])


def test_the_closed_bridge_is_never_crossed_and_the_open_bridge_is_road():
    closed = table(danish=[("c", "cavalry", "0810", "C", 3)])
    closed_log = played(enemy_turn, closed)
    path = danish_moves(closed_log)["c"]["path"]
    assert "0809" not in path                      # the other crossings are far: it waits
    assert "blocked completely at 0809 by the closed bridge" in danish_moves(closed_log)["c"]["reason"]
    opened = table(danish=[("c", "cavalry", "0810", "C", 3)], bridge_open=True)
    opened_log = played(enemy_turn, opened)
    assert danish_moves(opened_log)["c"]["path"] == ["0810", "0809", "0808", "0807"]


def test_blocked_by_terrain_it_keeps_getting_closer_and_never_walks_back_and_forth():
    # Road C3 runs over the closed bridge; "as close as possible" is measured over the
    # ground, so the troop walks toward the ford at 1309 and on to Kristina.
    t = table(swedish=[("far", "pikemen", "0102")], danish=[("c", "cavalry", "0810", "C", 3)])
    seen = []
    for _ in range(8):
        t.pos.phase = "enemy"
        if enemy_turn(t) == "defeat":
            break
        seen.append(t.pos.unit("c").hex)
    assert t.pos.result == "lost"
    assert len(seen) == len(set(seen))                 # never the same space twice
    assert "0809" not in seen


def test_off_road_troop_returns_to_its_road_at_the_nearest_point():
    # A1 troop standing off its road at 0702 (next to road space 0602 and 0703).
    t = table(danish=[("x", "pikemen", "0702", "A", 1)])
    log = played(enemy_turn, t)
    move = danish_moves(log)["x"]
    assert move["path"] == ["0702", "0703", "0803"]
    assert "back onto road A1 at 0703" in move["reason"]


def test_danes_pass_over_each_other_but_not_over_swedes():
    # Christian II never moves; standing on road A1 he is passed over by the cavalry.
    t = table(danish=[("k", "christian", "0602"), ("c", "cavalry", "0502", "A", 1)])
    log = played(enemy_turn, t)
    assert danish_moves(log)["c"]["path"] == ["0502", "0602", "0703", "0803"]
    assert t.pos.unit("k").hex == "0602"


def test_a_swedish_unit_on_the_last_road_space_is_passed_to_another_space_next_to_kristina():
    # Road A1 ends 0804 > 0805 > Kristina 0806. Swedish cavalry on 0805: the pikemen cannot
    # beat it (they trade? no: pikemen beat cavalry) - use crossbowmen, who lose to cavalry.
    t = table(swedish=[("cav1", "cavalry", "0805")], danish=[("x", "crossbowmen", "0803", "A", 1)],
              extra_move=["crossbowmen"])
    log = played(enemy_turn, t)
    move = danish_moves(log)["x"]
    assert "blocked completely" not in move["reason"]
    assert move["attack"] == {"target": "kristina", "outcome": "defeat"}
    assert t.board.adjacent(move["path"][-1], "0806")


def test_kristina_surrounded_by_swedes_is_a_complete_block():
    ring = [("s%d" % i, "cavalry" if i % 2 else "pikemen", h) for i, h in
            enumerate(["0907", "0906", "0805", "0706", "0707", "0807"])]
    t = table(swedish=ring, danish=[("x", "crossbowmen", "0703", "A", 1)])
    log = played(enemy_turn, t)
    move = danish_moves(log)["x"]
    assert move["attack"] is None or move["attack"]["target"] != "kristina"
    assert "every space next to Kristina is held by a Swedish unit" in move["reason"]    # seen as blocked
    assert t.pos.result is None


def test_the_way_round_a_unit_it_cannot_kill_may_start_before_the_block():
    # Road B1 held at 1306 by cavalry, which beats crossbowmen: going round by 1406 at once
    # (1506 > 1406 > 1307 > 1206) is quicker than stepping to 1405 first; never forward and back.
    t = table(swedish=[("c", "cavalry", "1306")], danish=[("x", "crossbowmen", "1506", "B", 1)],
              extra_move=["crossbowmen"])
    log = played(enemy_turn, t)
    move = danish_moves(log)["x"]
    assert move["path"] == ["1506", "1406", "1307", "1206"]
    assert move["attack"] is None and "blocked at 1306" in move["reason"]


def test_a_free_road_is_followed_even_where_a_shortcut_exists():
    # Road C2 bends: 0512 > 0511 > 0410 > 0310 > 0309; with nothing in the way it walks the road.
    t = table(danish=[("x", "crossbowmen", "0512", "C", 2)])
    log = played(enemy_turn, t)
    assert danish_moves(log)["x"]["path"] == ["0512", "0511", "0410"]
