"""The built-in Swedish player (bot.stockholm1520.policy): behaviour a competent defender shows, on the
small test board (tests/bot/helpers.py). The strength itself is measured by `simulate`."""

from bot.stockholm1520.actions import EndTurn
from bot.stockholm1520.policy import Policy
from bot.stockholm1520.rules import perform
from bot.stockholm1520.rules.enemy import enemy_turn
from tests.bot.helpers import table


def _play_turns(t, turns: int) -> None:
    """The policy's turn, then the Danes', ``turns`` times (or until the round or game ends)."""
    policy = Policy()
    for _ in range(turns):
        for _ in range(40):
            action = policy.next_action(t)
            perform(t, action)
            if isinstance(action, EndTurn) or t.pos.phase != "player":
                break
        if t.pos.phase != "enemy":
            return
        enemy_turn(t)
        if t.pos.phase != "player":
            return


def test_a_propagandist_is_hunted_down_before_it_reaches_a_castle():
    # Nobody is next to it: a player who waits at home lets it reach Norra (0403) and the
    # propaganda meter climbs (6.2). The policy sends a unit after it.
    t = table(swedish=[("cav1", "cavalry", "0906"), ("pike1", "pikemen", "0707")],
              danish=[("prop1", "propagandist", "0602")], phase="player")
    _play_turns(t, 4)
    assert t.pos.propaganda == 0 and not t.pos.defected_castles
    assert not any(u.type == "propagandist" for u in t.pos.danish)
