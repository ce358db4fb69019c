"""Troops that stand off their road follow rules 2.0 and 4.0 too (issue 14).

2.0 step 2: "Enemies move along the roads on which they spawned on ... Enemy units will enter
combat provided that a Swedish unit will die in the process." 4.0: a troop "will deviate from
[its road] if a troop stands in the way", goes round it "in the most efficient way possible"
and "will return to their road at the nearest possible moment". So a troop off its road (in
its lineup space, half-way round a block, landed by the ship) heads along its road toward
Kristina and attacks what it beats or trades with when it comes next to it; a way round
exists only to pass a unit it cannot beat, and ends on the first road space past that unit
it can reach. Small-map cases use the open ground of road D1 on the test board
(0103 > 0203 > 0304 > 0404 > 0505 > 0605 > 0706 > Kristina 0806; lineup 0102, 0202).
"""

from bot.stockholm1520.ask import answer
from bot.stockholm1520.rules.enemy import enemy_turn
from tests.bot.helpers import danish_moves, played, real_game, table


def _move(swedish, danish, **extra):
    t = table(swedish=swedish, danish=danish, **extra)
    log = played(enemy_turn, t)
    [move] = danish_moves(log).values()
    return move


def _real(swedish, danish, **extra):
    data = {"map": "stockholm1520", "round": 1, "propaganda": 0, "bridge_open": False,
            "swedish": [{"id": i, "type": ty, "hex": h} for i, ty, h in swedish],
            "danish": [{"id": i, "type": ty, "hex": h, "zone": z, "road": r} for i, ty, h, z, r in danish]}
    data.update(extra)
    [move] = [a for a in answer(data, real_game())["actions"] if a["kind"] == "danish"]
    return move


# -- a troop in its lineup space ---------------------------------------------------------------

def test_lineup_troop_joins_its_road_and_attacks_a_beatable_unit_two_spaces_down_2_0_step_2():
    # 2.0 step 2: crossbowmen two spaces down road D1 (0304) die to cavalry. From the lineup
    # space 0102 the cavalry joins its road at the entry and attacks from the road (0203);
    # it used to walk cross-country by 0202 and attack from 0303, off its road.
    move = _move([("x", "crossbowmen", "0304")], [("c", "cavalry", "0102", "D", 1)])
    assert move["path"] == ["0102", "0103", "0203"]
    assert move["attack"] == {"target": "x", "outcome": "win"}
    assert "back onto road D1 at 0103" in move["reason"]


def test_lineup_troop_walks_its_road_to_a_beatable_unit_three_spaces_down_2_0_step_2_and_4_0():
    # 4.0: "Enemies follow their assigned road": pikemen from the second lineup space 0202
    # join road D1 at 0203 and step along it to 0304, next to the cavalry at 0404 they beat.
    move = _move([("x", "cavalry", "0404")], [("p", "pikemen", "0202", "D", 1)])
    assert move["path"] == ["0202", "0203", "0304"]
    assert move["attack"] == {"target": "x", "outcome": "win"}
    assert all(h in ("0202", "0103", "0203", "0304") for h in move["path"])


def test_lineup_troop_walks_its_road_to_a_unit_it_trades_with_2_0_step_2():
    # 2.0 step 2: "they will sacrifice one of their own to kill a Swedish unit": the same type
    # three spaces down the road is walked up to along the road and attacked (a trade).
    move = _move([("x", "pikemen", "0404")], [("p", "pikemen", "0202", "D", 1)])
    assert move["path"] == ["0202", "0203", "0304"]
    assert move["attack"] == {"target": "x", "outcome": "trade"}


def test_lineup_troop_with_no_swede_about_joins_at_the_entry_4_0():
    move = _move([], [("p", "pikemen", "0102", "D", 1)])
    assert move["path"] == ["0102", "0103", "0203"]


# -- half-way round a block ---------------------------------------------------------------------

def test_mid_detour_troop_rejoins_the_first_road_space_past_the_block_4_0():
    # 4.0: "they will return to their road at the nearest possible moment". Cavalry half-way
    # round the pikemen at 0304 (it cannot beat them) stands at 0303; crossbowmen it beats
    # stand further down at 0605. It rejoins at 0404, the first road space past the pikemen,
    # and attacks from the road at 0505; it used to walk beside the road (0403 > 0504 > 0604).
    move = _move([("p", "pikemen", "0304"), ("x", "crossbowmen", "0605")], [("c", "cavalry", "0303", "D", 1)])
    assert move["path"] == ["0303", "0403", "0404", "0505"]
    assert move["attack"] == {"target": "x", "outcome": "win"}
    assert "back onto road D1 at 0404" in move["reason"]


def test_mid_detour_troop_rejoins_its_road_before_a_unit_it_trades_with_4_0_and_2_0_step_2():
    move = _move([("c1", "cavalry", "0304"), ("x", "crossbowmen", "0706")], [("x2", "crossbowmen", "0303", "D", 1)])
    assert move["path"] == ["0303", "0403", "0404"]
    assert move["attack"] is None


def test_a_way_round_rejoins_the_road_at_the_nearest_moment_4_0():
    # 4.0, the rulebook's example: the way round the pikemen at 0304 goes back onto road D1
    # at 0404, the first road space past them, although crossbowmen it beats stand further
    # down (0605); it used to keep walking beside the road toward 0706.
    move = _move([("p", "pikemen", "0304"), ("x", "crossbowmen", "0605")], [("c", "cavalry", "0203", "D", 1)])
    assert move["path"] == ["0203", "0204", "0305", "0404"]
    assert "blocked at 0304" in move["reason"] and "back on the road at 0404" in move["reason"]


def test_a_unit_it_kills_on_a_road_cut_further_on_is_still_walked_up_to_2_0_step_2():
    # Road C1 is cut at the choke point 0309 (pikemen there and on the ford 1309: the cavalry
    # cannot pass); crossbowmen it beats stand before the cut at 0310. From its lineup space
    # it joins its road and attacks them from it, instead of "moving as close as possible".
    move = _move([("p", "pikemen", "0309"), ("p2", "pikemen", "1309"), ("x", "crossbowmen", "0310")],
                 [("c", "cavalry", "0111", "C", 1)])
    assert move["path"] == ["0111", "0211", "0311"]
    assert move["attack"] == {"target": "x", "outcome": "win"}
    assert "blocked completely" not in move["reason"]


# -- landed by the ship -------------------------------------------------------------------------

def test_ship_troop_heads_for_its_road_not_straight_at_kristina_6_2_ship_and_2_0_step_2():
    # 6.2 Ship, rules-notes 17/19: the troop keeps its zone card's road (A2) and joins it;
    # it used to walk from the port (1007) straight to a space next to Kristina (0908 > 0807).
    move = _move([("p", "pikemen", "0907"), ("p2", "pikemen", "0906")], [("s", "cavalry", "1007", "A", 2)])
    assert move["path"] == ["1007", "1006", "1005", "0905"]
    assert "back onto road A2 at 0805" in move["reason"]
    assert move["attack"] is None


# -- the real board -----------------------------------------------------------------------------

def test_real_board_lineup_troop_attacks_on_its_own_road_not_from_another_roads_crossing_2_0():
    # D1 pikemen in their lineup space 0208, Swedish cavalry two spaces down road D1 (0508):
    # the pikemen join D1 at its entry 0308 and attack from 0407; they used to head for
    # road D2's crossing (0309 > 0409).
    move = _real([("c1", "cavalry", "0508")], [("D1-pike", "pikemen", "0208", "D", 1)])
    assert move["path"] == ["0208", "0308", "0407"]
    assert move["attack"] == {"target": "c1", "outcome": "win"}


def test_real_board_lineup_troop_does_not_cut_across_other_roads_4_0():
    # C1 cavalry in its lineup space 0213; crossbowmen on the Langholmen ford 0311, on its
    # road. It joins C1 at the entry and attacks from 0312; it used to cross by roads C2-C4's
    # 0412 > 0411.
    move = _real([("x1", "crossbowmen", "0311")], [("C1-cav", "cavalry", "0213", "C", 1)])
    assert move["path"] == ["0213", "0313", "0312"]
    assert move["attack"] == {"target": "x1", "outcome": "win"}


def test_real_board_mid_detour_troop_rejoins_its_road_past_the_block_4_0():
    # A1 cavalry beside the pikemen holding 0404, crossbowmen further down at 0406: back onto
    # A1 at 0405 (the first road space past the pikemen) and attacks; it used to call the road
    # "blocked completely".
    move = _real([("p", "pikemen", "0404"), ("x1", "crossbowmen", "0406")], [("A1-cav", "cavalry", "0304", "A", 1)])
    assert move["path"] == ["0304", "0305", "0405"]
    assert move["attack"] == {"target": "x1", "outcome": "win"}
    assert "back onto road A1 at 0405" in move["reason"] and "blocked completely" not in move["reason"]


def test_real_board_ship_troop_joins_its_road_6_2_ship():
    # The ship's pikemen land at the port 1209 with road B2 on their card; crossbowmen (which
    # beat them) hold 1109, Swedish cavalry stand on B2 at 1008. They join B2 at 1108 and
    # attack the cavalry; they used to walk to 1110 and attack Kristina off their road.
    move = _real([("x1", "crossbowmen", "1109"), ("c1", "cavalry", "1008")],
                 [("ship-pike", "pikemen", "1209", "B", 2)])
    assert move["path"] == ["1209", "1208", "1108"]
    assert move["attack"] == {"target": "c1", "outcome": "win"}
    assert "back onto road B2 at 1108" in move["reason"]
