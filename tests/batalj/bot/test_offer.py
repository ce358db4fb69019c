"""The redeployment moves the page offers (bot.batalj.offer) are exactly those the rules accept:
checked against every move that can be written for a position, in positions reached by real
battles and in the issue's cases (forward into an empty enemy Sector; forward from the Reserve,
then reinforce)."""

from __future__ import annotations

from typing import Iterator

from bot.batalj.board import AREAS, MAX_PIECES, SECTORS
from bot.batalj.game import BattleGame
from bot.batalj.offer import allowed, offered, planned
from bot.batalj.redeployment import Move
from bot.batalj.state import Table
from tests.batalj.bot.helpers import table

SETUP = ("place left Uppland 3 1", "place centre Skåne 2", "place right Småland 2", "place reserve Gotland 4",
         "artillery 2", "ready")


def redeploy_positions(seeds: range, rounds: int = 4) -> Iterator[Table]:
    """The table at each step 5 of battles played with the bot's dice and default choices."""
    for seed in seeds:
        game = BattleGame(seed, 3, asks=False)
        for line in SETUP:
            game.apply(line)
        for _ in range(rounds):
            for step in ("fire", "attack", "counter"):
                if game.battle.phase == step:
                    game.apply(step)
            if game.battle.phase != "redeploy":
                break
            yield game.table
            game.apply("redeploy")


def every_move(t: Table) -> list[Move]:
    """Every move the redeploy grammar can say of this position (most refused by the rules)."""
    cards = list(t.battle.cards())
    moves = [Move(verb, card) for card in cards for verb in ("back", "forward")]
    moves += [Move("forward", card, to) for card in cards for to in SECTORS]
    moves += [Move(verb, card, None, n) for card in cards for verb in ("retire", "reinforce") for n in range(1, 6)]
    moves += [Move("commander", src, dst, n) for src in AREAS for dst in AREAS if src != dst for n in (1, 2)]
    return moves


def _key(m: Move) -> tuple[str, str, int]:
    """A move as the rules read it (``forward X`` from a Sector names its one destination)."""
    return m.verb, m.what, m.count


def test_the_offer_is_every_move_the_rules_accept_and_only_those() -> None:
    checked = 0
    for t in redeploy_positions(range(1, 4), rounds=3):
        for chosen in ([], *([m] for m in offered(t, [], "sr")[:2]), *([m] for m in offered(t, [], "s1")[:2])):
            after = planned(t, chosen)
            shown = {(m.verb, m.what, m.to, m.count) for area in AREAS for m in offered(t, chosen, area)}
            for m in shown:
                assert allowed(t, chosen, Move(m[0], m[1], m[2], m[3])), m
            for m in every_move(after):
                if allowed(t, chosen, m):
                    same = [s for s in shown if (s[0], s[1], s[3]) == _key(m) and (m.to is None or s[2] == m.to)]
                    assert same, f"{m} is allowed after {chosen} but not offered"
            checked += 1
    assert checked >= 10


def test_a_card_moves_forward_into_an_empty_enemy_sector() -> None:
    t = table("redeploy", {"s1": ("sweden", 3, 1, "Uppland"), "e2": ("enemy", 2, 0)})
    assert Move("forward", "Uppland", "e1") in offered(t, [], "s1")


def test_a_card_forward_from_the_reserve_is_then_reinforced_and_moves_sort_into_the_rules_order() -> None:
    t = table("redeploy", {"e1": ("enemy", 2, 0)}, sr=(4, 0))
    t.battle.reserves["sweden"].cards.append("Gotland")
    forward = Move("forward", "Gotland", "s1")
    assert forward in offered(t, [], "sr")
    again = offered(t, [forward], "s1")              # the card where the chosen move leaves it
    assert Move("reinforce", "Gotland", None, 2) in again
    assert Move("reinforce", "Gotland", None, MAX_PIECES) not in again     # the Reserve keeps a Soldier
    late = Move("reinforce", "Gotland", None, 2)
    assert planned(t, [late, forward]).battle.sectors["s1"].soldiers == 2   # tapped out of order, sorted


HOSTILE = ['x", "op": "undo', 'a\\b"c', "</script><script>alert(1)</script>", "O'Neill\\"]


def test_a_hostile_card_name_stays_one_value_of_the_redeployment_forms() -> None:
    """The page's redeployment buttons are forms (hidden fields and the button's own value,
    HTML-escaped by the templates): a Province card's name typed at the terminal holding ``"``,
    ``\\``, ``'`` or ``</script>`` stays one move of one field, naming its card."""
    import shlex
    from html.parser import HTMLParser

    from bot.batalj.cli import BOT as BATALJ_BOT
    from bot.batalj.redeployment import parse_moves
    from bot.web.view import Shown

    class Fields(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.fields: list[tuple[str, str]] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            found = dict(attrs)
            if tag in ("input", "button") and found.get("name"):
                self.fields.append((found["name"] or "", found.get("value") or ""))

    game = BattleGame(4, 3, asks=False)
    for line in (f"place s1 {shlex.quote(HOSTILE[0])} 3 1", f"place s2 {shlex.quote(HOSTILE[1])} 3",
                 f"place s3 {shlex.quote(HOSTILE[2])} 2", f"place sr {shlex.quote(HOSTILE[3])} 4", "artillery 2",
                 "ready enemy=3s1c,2s,4s1a,3s", "fire dice=6 enemy-dice=6", "attack dice=6,6,6,6", "counter"):
        game.apply(line)
    assert game.battle.phase == "redeploy"
    gathered = str(Move("retire", HOSTILE[0]))
    seen = 0
    for area in ("s1", "s2", "s3", "sr"):
        page = BATALJ_BOT.page().fragment(game, Shown(selected=area, extra={"moves": gathered}))
        assert "</script><script>" not in page
        parser = Fields()
        parser.feed(page)
        moves = [value for name, value in parser.fields if name == "moves"]
        assert moves and all(parse_moves(m) == parse_moves(gathered) for m in moves)
        offered_here = [value for name, value in parser.fields if name == "move"]
        seen += len(offered_here)
        for value in offered_here:
            (move,) = parse_moves(value)
            assert move.what in HOSTILE or move.verb == "commander", value
        assert {name for name, _ in parser.fields} <= {"op", "sel", "moves", "move", "index", "seed", "players",
                                                     "dice", "bot"}
    assert seen >= 3
