"""The real board and the kit's card data: the bot reads them, and they agree."""

from bot.stockholm1520.game import Game
from tests.bot.helpers import real_game


def test_the_real_board_has_everything_the_rules_need():
    board = real_game().board
    assert board.id == "stockholm1520"
    assert board.kristina and board.port and board.militia_space and board.bridge and board.training
    assert len(board.castles) >= 1
    assert sorted(board.roads) == [(z, n) for z, count in (("A", 3), ("B", 5), ("C", 5), ("D", 3))
                                   for n in range(1, count + 1)]
    assert board.propagandist_spawn("D", 1) == board.propagandist_spawn("D", 2) != board.propagandist_spawn("D", 3)


def test_zone_deck_is_one_card_per_colour_zone_and_road_from_the_kit():
    cards = real_game().zone_cards
    assert len(cards) == 48 and len({c.id for c in cards}) == 48
    assert {c.id for c in cards} >= {"Z-A2-R", "Z-C4-B", "Z-D3-G"}
    kinds = {c.kind for c in real_game().event_cards}
    assert kinds == {"additional_movement", "bridge", "christian", "propaganda", "ship"}


def test_a_round_on_the_real_board():
    game = Game(1, real_game())
    game.apply("place auto")
    game.apply("round")
    assert game.pos.phase == "enemy" and len(game.pos.danish) >= 4
    game.apply("enemy")
    assert game.pos.phase in ("player", "regroup", "over")


def _c5_walk(bridge_open: bool, turns: int = 3):
    from bot.stockholm1520.ask import answer
    data = {"map": "stockholm1520", "round": 1, "propaganda": 0, "bridge_open": bridge_open,
            "swedish": [{"id": "cav1", "type": "cavalry", "hex": "1208"}],
            "danish": [{"id": "C5-cav", "type": "cavalry", "hex": "0915", "zone": "C", "road": 5}]}
    path, reasons = ["0915"], []
    for _ in range(turns):
        result = answer(data, real_game())
        act = result["actions"][0]
        path += act["path"][1:]
        reasons.append(act["reason"])
        data = result["position"]
        if result["result"] != "continue":
            break
    return path, reasons, result


def test_c5_troop_is_held_by_the_closed_bridge_and_crosses_once_it_opens():
    board = real_game().board
    bridge = next(iter(board.bridge))
    assert bridge in board.road("C", 5).path
    closed, why, _ = _c5_walk(False)
    assert bridge not in closed
    assert "closed bridge" in why[0]
    # blocked by terrain, it walks toward the next crossing (the ford), away from the bridge
    assert board.ground_distance(closed[-1], False) < board.ground_distance("0915", False)
    closed2, _, still = _c5_walk(False, turns=2)
    opened, _, result = _c5_walk(True, turns=2)
    assert bridge in opened
    # same two turns: over the bridge it stands next to Kristina and attacks her (defeat); round
    # by the ford it is still far away
    assert result["result"] == "defeat" and still["result"] == "continue"
    assert board.ground_distance(closed2[-1], True) >= 6
