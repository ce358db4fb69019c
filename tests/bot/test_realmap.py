"""The real board and the kit's card data: the bot reads them, and they agree."""

from bot.board import load_board
from bot.cards import event_cards, zone_cards
from bot.game import Game


def test_the_real_board_has_everything_the_rules_need():
    board = load_board()
    assert board.id == "stockholm1520"
    assert board.kristina and board.port and board.militia_space and board.bridge and board.training
    assert len(board.castles) >= 1
    assert sorted(board.roads) == [(z, n) for z, count in (("A", 3), ("B", 5), ("C", 5), ("D", 3))
                                   for n in range(1, count + 1)]
    assert board.propagandist_spawn("D", 1) == board.propagandist_spawn("D", 2) != board.propagandist_spawn("D", 3)


def test_zone_deck_is_one_card_per_colour_zone_and_road_from_the_kit():
    cards = zone_cards(load_board())
    assert len(cards) == 48 and len({c.id for c in cards}) == 48
    assert {c.id for c in cards} >= {"Z-A2-R", "Z-C4-B", "Z-D3-G"}
    kinds = {c.kind for c in event_cards()}
    assert kinds == {"additional_movement", "bridge", "christian", "propaganda", "ship"}


def test_a_round_on_the_real_board():
    game = Game(1)
    game.apply("place auto")
    game.apply("round")
    assert game.pos.phase == "enemy" and len(game.pos.danish) >= 4
    game.apply("enemy")
    assert game.pos.phase in ("player", "regroup", "over")
