"""The battle's actions as log lines (the save file keeps them; replaying them from the seed
rebuilds the battle). One line per command at the table:

    place AREA CARD SOLDIERS [COMMANDERS]      artillery STYRKA
    ready [enemy=3s1c,2s,...]                  fire [dice=..] [enemy-dice=..] [targets=e1,..] [hits-on=s2,..] [keep-commanders]
    attack [from=s1,sr] [dice=..] [reserve-target=e2]
    counter [dice=..] [keep-commanders]        redeploy [MOVE; MOVE; ...]
    play CARD [ARG]
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field

from bot.errors import ActionSyntaxError
from bot.batalj.artillery import artillery_fire
from bot.batalj.attack import enemy_counter_attack, swedish_attack
from bot.batalj.board import AREAS, ENEMY, SWEDEN, area_id
from bot.batalj.events import card_key, play_event
from bot.batalj.placement import place_swedish_artillery, place_swedish_card, start_battle
from bot.batalj.redeployment import enemy_redeployment, parse_moves, swedish_redeployment
from bot.batalj.state import BattleOver, RuleError, Table
from bot.batalj.strength import Strength, parse_strength

VERBS = ("place", "artillery", "ready", "fire", "attack", "counter", "redeploy", "play")
OPTIONS = {"fire": {"dice", "enemy-dice", "targets", "hits-on", "keep-commanders"},
           "attack": {"from", "dice", "reserve-target"},
           "counter": {"dice", "keep-commanders"},
           "ready": {"enemy"}}


@dataclass
class Action:
    verb: str
    args: list[str] = field(default_factory=list)
    options: dict[str, str] = field(default_factory=dict)
    text: str = ""

    def __str__(self) -> str:
        return self.text


def _dice(text: str) -> list[int]:
    dice = [w for w in text.replace(",", " ").split() if w]
    if not all(w.isdigit() and 1 <= int(w) <= 6 for w in dice) or len(dice) > 60:
        raise ActionSyntaxError(f"dice are whole numbers 1-6 separated by commas, not {text!r}")
    return [int(w) for w in dice]


def _areas(text: str) -> list[str]:
    found = []
    for word in (w for w in text.replace(",", " ").split() if w):
        area = area_id(word)
        if area is None:
            raise ActionSyntaxError(f"{word!r} is not an area of the Battlefield ({' '.join(AREAS)}, or left, "
                                    "centre, right, reserve, enemy-left, ...)")
        found.append(area)
    return found


def parse_action(line: str) -> Action:
    """A log line as an Action; ActionSyntaxError saying what was expected."""
    if len(line) > 2000:
        raise ActionSyntaxError("an action line of at most 2000 characters")
    if line.strip().startswith("redeploy"):
        rest = line.strip()[len("redeploy"):]
        try:
            moves = parse_moves(rest)
        except ValueError as err:
            raise ActionSyntaxError(str(err)) from None
        return Action("redeploy", [str(m) for m in moves], {}, ("redeploy " + "; ".join(map(str, moves))).strip())
    try:
        words = shlex.split(line)
    except ValueError as err:
        raise ActionSyntaxError(f"{line!r}: {err}") from None
    if not words or words[0] not in VERBS:
        raise ActionSyntaxError(f"unknown action {line!r}: expected one of {', '.join(VERBS)}")
    verb, args, options = words[0], [], {}
    for w in words[1:]:
        key, eq, value = w.partition("=")
        if eq or w == "keep-commanders":
            if key not in OPTIONS.get(verb, set()):
                raise ActionSyntaxError(f"{verb} takes no option {key!r}")
            options[key] = value if eq else "yes"
        else:
            args.append(w)
    if verb == "place" and (len(args) not in (3, 4) or not all(a.isdigit() for a in args[2:])):
        raise ActionSyntaxError("place AREA CARD SOLDIERS [COMMANDERS]")
    if verb == "artillery" and (len(args) != 1 or not args[0].isdigit()):
        raise ActionSyntaxError("artillery STYRKA (1, 2 or 3)")
    if verb == "play" and (not args or len(args) > 2 or card_key(args[0]) is None):
        raise ActionSyntaxError("play CARD [ARG]: CARD is one of supply, fortune, kliszow, narva, breitenfeld, belt, "
                                "poltava, steel, incursion, surprise, burst (or its printed id)")
    if verb in ("ready", "fire", "attack", "counter") and args:
        raise ActionSyntaxError(f"{verb} takes options only (key=value), not {' '.join(args)}")
    parts = [verb, *(shlex.quote(a) for a in args), *(k if v == "yes" and k == "keep-commanders" else f"{k}={v}"
                                                      for k, v in sorted(options.items()))]
    return Action(verb, args, options, " ".join(parts))


def perform(t: Table, action: Action, strength_deck: list[Strength]) -> None:
    """Apply one action to the table by the rules; RuleError when they refuse it. The battle
    ending mid-step (BattleOver) stops the step there."""
    try:
        _perform(t, action, strength_deck)
    except BattleOver:
        t.entered = {side: [] for side in t.entered}
        return
    left = sum(len(d) for d in t.entered.values())
    if left:
        raise RuleError(f"{left} die/dice entered but not rolled (more dice than this step rolls)")


def _perform(t: Table, a: Action, strength_deck: list[Strength]) -> None:
    o = a.options
    if t.battle.phase == "over" and a.verb != "play":
        raise RuleError("the battle is over: " + ("Sweden won" if t.battle.winner == "sweden" else "the enemy won"
                                                  if t.battle.winner else "it ended undecided"))
    if a.verb == "place":
        area = area_id(a.args[0])
        if area is None:
            raise RuleError(f"{a.args[0]!r} is not an area: s1, s2, s3 (left, centre, right) or reserve")
        place_swedish_card(t, area, a.args[1], int(a.args[2]), int(a.args[3]) if len(a.args) > 3 else 0)
    elif a.verb == "artillery":
        place_swedish_artillery(t, int(a.args[0]))
    elif a.verb == "ready":
        if "enemy" in o:
            try:
                drawn = [parse_strength(w, i) for i, w in enumerate(o["enemy"].split(","), start=1)]
            except ValueError as err:
                raise RuleError(str(err)) from None
        else:
            deck = list(strength_deck)
            t.rng.shuffle(deck)
            drawn = deck[:t.battle.players + 1]
            if len(drawn) < t.battle.players + 1:
                raise RuleError(f"the strength table holds {len(deck)} cards: too few for {t.battle.players} players")
        start_battle(t, drawn)
    elif a.verb == "fire":
        t.entered = {SWEDEN: _dice(o.get("dice", "")), ENEMY: _dice(o.get("enemy-dice", ""))}
        artillery_fire(t, _areas(o.get("targets", "")), _areas(o.get("hits-on", "")), "keep-commanders" in o)
    elif a.verb == "attack":
        t.entered[SWEDEN] = _dice(o.get("dice", ""))
        chosen = _areas(o["from"]) if "from" in o else None
        target = _areas(o["reserve-target"])[0] if o.get("reserve-target") else None
        swedish_attack(t, chosen, target)
    elif a.verb == "counter":
        t.entered[ENEMY] = _dice(o.get("dice", ""))
        enemy_counter_attack(t, "keep-commanders" in o)
    elif a.verb == "redeploy":
        swedish_redeployment(t, parse_moves("; ".join(a.args)))
        enemy_redeployment(t)
    elif a.verb == "play":
        play_event(t, card_key(a.args[0]) or "", a.args[1] if len(a.args) > 1 else "")
