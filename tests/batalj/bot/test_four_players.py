"""A battle of four players, the largest the kit's pawns are counted for, played through: the
pieces on the board never outnumber the printed pawns (tests/batalj/test_cards.py's PAWNS)."""

from __future__ import annotations

from bot.batalj.board import ENEMY, SECTORS, SWEDEN
from bot.batalj.game import BattleGame
from bot.batalj.state import Battle
from tests.batalj.test_cards import PAWNS


def _on_board(b: Battle) -> dict[tuple[str, str], int]:
    counts = {(side, kind): 0 for side in (SWEDEN, ENEMY) for kind in ("soldier", "commander", "cannon")}
    for s in SECTORS:
        g = b.sectors[s]
        if g.side:
            counts[(g.side, "soldier")] += g.soldiers
            counts[(g.side, "commander")] += g.commanders
    for side, r in b.reserves.items():
        counts[(side, "soldier")] += r.soldiers
        counts[(side, "commander")] += r.commanders
        counts[(side, "cannon")] += len(r.cannons)
    return counts


def test_a_four_player_battle_played_through_within_the_printed_pawns() -> None:
    """Four players' army at its fullest (a Province card of 4 and a Fältherre in each Sector, the
    Reserve's cards, the three Artillery cards), five enemy cards of the designed table, Supply
    train and Poltava played; every choice after the dice answered; to the end."""
    game = BattleGame(22, 4)
    for line in ("place left Uppland 3 1", "place centre Skåne 3 1", "place right Småland 3 1",
                 "place reserve Gotland 3 1", "place reserve Dalarna 2", "artillery 1", "artillery 2", "artillery 3",
                 "ready enemy=4s,4s,4s1c,4s1a,4s1c1a", "play supply", "play poltava"):
        game.apply(line)
    most = _on_board(game.battle)
    rounds_asked = 0
    while game.battle.phase != "over" and game.battle.round < 40:
        if game.question is not None:
            rounds_asked += 1
            line = "choose " + game.question.options[-1]
        else:
            line = {"fire": "fire", "attack": "attack", "counter": "counter", "redeploy": "redeploy"}[game.battle.phase]
        game.apply(line)
        most = {k: max(v, _on_board(game.battle)[k]) for k, v in most.items()}
    assert game.battle.phase == "over" and game.battle.winner in (SWEDEN, ENEMY)
    assert rounds_asked > 0
    for key, printed in PAWNS.items():
        assert most[key] <= printed, (key, most[key], printed)
    assert most[(ENEMY, "soldier")] == 25 and most[(SWEDEN, "cannon")] == 3     # 5 x 4 + Poltava's 5
