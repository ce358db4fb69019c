"""The battle's actions as log lines (the save file keeps them; replaying them from the seed
rebuilds the battle). One line per command at the table:

    place AREA CARD SOLDIERS [COMMANDERS]      artillery STYRKA
    ready [enemy=3s1c,2s,...]                  fire [dice=..] [enemy-dice=..] [targets=e1,..] [hits-on=s2,..] [keep-commanders]
    attack [from=s1,sr | none] [dice=..] [reserve-target=e2]
    counter [dice=..] [keep-commanders]        redeploy [MOVE; MOVE; ...]
    play CARD [ARG]                            choose ANSWER [ANSWER ...]

``fire``, ``attack`` and ``counter`` roll their dice and stop at the first choice the players
make after them (where a hit falls, which piece is lost); ``choose`` answers it and the step goes
on (it is played again from its start with the same dice and every answer so far). Options
given with the step answer those questions in advance.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field

from bot.batalj.artillery import artillery_fire
from bot.batalj.attack import attackers, enemy_counter_attack, swedish_attack
from bot.batalj.board import AREAS, ENEMY, SWEDEN, area_id
from bot.batalj.events import card_key, check_argument, play_event
from bot.batalj.placement import place_swedish_artillery, place_swedish_card, start_battle
from bot.batalj.redeployment import enemy_redeployment, parse_moves, swedish_redeployment
from bot.batalj.state import BattleOver, NeedChoice, Pending, RuleError, Table
from bot.batalj.strength import Strength, parse_strength
from bot.errors import ActionSyntaxError
from generator.core.limits import excerpt

VERBS = ("place", "artillery", "ready", "fire", "attack", "counter", "redeploy", "play", "choose", "end")
STEPS = ("fire", "attack", "counter")            # the steps that roll dice and may ask
OPTIONS = {"fire": {"dice", "enemy-dice", "targets", "hits-on", "keep-commanders"},
           "attack": {"from", "none", "dice", "reserve-target"},
           "counter": {"dice", "keep-commanders"},
           "ready": {"enemy"},
           "end": {"agreed"}}
FLAGS = ("keep-commanders", "none", "agreed")
LOSS_ANSWERS = ("soldier", "commander")


@dataclass
class Action:
    verb: str
    args: list[str] = field(default_factory=list)
    options: dict[str, str] = field(default_factory=dict)
    text: str = ""

    def __str__(self) -> str:
        return self.text


def dice_of(text: str) -> list[int]:
    """Dice as typed (``3,5`` or ``3 5``); ActionSyntaxError when one is not 1-6."""
    dice = [w for w in text.replace(",", " ").split() if w]
    if not all(w.isdigit() and 1 <= int(w) <= 6 for w in dice) or len(dice) > 60:
        raise ActionSyntaxError(f"dice are whole numbers 1-6 separated by commas, not {excerpt(text)}")
    return [int(w) for w in dice]


def _area(word: str) -> str:
    area = area_id(word)
    if area is None:
        raise ActionSyntaxError(f"{excerpt(word)} is not an area of the Battlefield ({' '.join(AREAS)}, or left, "
                                "centre, right, reserve, enemy-left, ...)")
    return area


def _areas(text: str) -> list[str]:
    return [_area(w) for w in text.replace(",", " ").split() if w]


def _answer(word: str) -> str:
    """An answer to a question: an area (``e2``, ``left``) or a loss (``soldier``, ``commander``)."""
    w = word.strip().lower()
    if w in LOSS_ANSWERS:
        return w
    if w in ("s", "c"):
        return {"s": "soldier", "c": "commander"}[w]
    area = area_id(w)
    if area is None:
        raise ActionSyntaxError(f"{excerpt(word)} is not an answer: an area ({' '.join(AREAS)}, left, centre, ...) or "
                                "soldier / commander")
    return area


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
        raise ActionSyntaxError(f"{excerpt(line)}: {err}") from None
    if not words or words[0] not in VERBS:
        raise ActionSyntaxError(f"unknown action {excerpt(line)}: expected one of {', '.join(VERBS)}")
    verb, args, options = words[0], [], {}
    for w in words[1:]:
        key, eq, value = w.partition("=")
        if eq or (w in FLAGS and verb in OPTIONS):
            if key not in OPTIONS.get(verb, set()):
                raise ActionSyntaxError(f"{verb} takes no option {excerpt(key)}")
            options[key] = value if eq else "yes"
        else:
            args.append(w)
    if verb == "place" and (len(args) not in (3, 4) or not all(a.isdigit() for a in args[2:])):
        raise ActionSyntaxError("place AREA CARD SOLDIERS [COMMANDERS]")
    if verb == "place" and area_id(args[0]) not in ("s1", "s2", "s3", "sr"):
        raise ActionSyntaxError(f"{args[0]!r} is not an area the Swedish troops are placed in: s1, s2, s3 (left, "
                                "centre, right) or reserve")
    if verb == "choose":
        if not args:
            raise ActionSyntaxError("choose ANSWER [ANSWER ...]: an area (e2, left, ...) or soldier / commander")
        args = [_answer(a) for a in args]
    if "none" in options and "from" in options:
        raise ActionSyntaxError("attack --none attacks with no area: it takes no --from")
    for key in ("dice", "enemy-dice"):
        if key in options:
            dice_of(options[key])
    for key in ("targets", "hits-on", "from", "reserve-target"):
        if key in options:
            _areas(options[key])
    if verb == "end" and (args or "agreed" not in options):
        raise ActionSyntaxError("end agreed: the players end the battle by agreement (it ends by the rules only "
                                "when a Reserve has no Soldier)")
    if verb == "artillery" and (len(args) != 1 or not args[0].isdigit()):
        raise ActionSyntaxError("artillery STYRKA (1, 2 or 3)")
    if verb == "play":
        if not args or len(args) > 2 or card_key(args[0]) is None:
            raise ActionSyntaxError(f"play CARD [ARG]: {args[0] + ' is not a battle card; ' if args else ''}CARD is "
                                    "one of supply, fortune, kliszow, narva, breitenfeld, belt, poltava, steel, "
                                    "incursion, surprise, burst (or its printed id)")
        key = card_key(args[0]) or ""
        try:
            arg = check_argument(key, args[1] if len(args) > 1 else "")
        except ValueError as err:
            raise ActionSyntaxError(str(err)) from None
        args = [key, *([arg] if arg else [])]
    if verb in ("ready", "fire", "attack", "counter") and args:
        raise ActionSyntaxError(f"{verb} takes options only (key=value), not {' '.join(args)}")
    parts = [verb, *(shlex.quote(a) for a in args), *(k if v == "yes" and k in FLAGS else f"{k}={v}"
                                                      for k, v in sorted(options.items()))]
    return Action(verb, args, options, " ".join(parts))


def perform(t: Table, action: Action, strength_deck: list[Strength]) -> None:
    """Apply one action to the table by the rules; RuleError when they refuse it. The battle
    ending mid-step (BattleOver) stops the step there; a step reaching a choice of the
    players' waits for ``choose`` (``t.pending``)."""
    if t.pending is not None and action.verb != "choose":
        raise RuleError(f"first answer the question of `{t.pending.line.split()[0]}`: {t.pending.question.text} "
                        f"(pnpkit batalj choose {'|'.join(t.pending.question.options)})")
    if action.verb == "choose":
        _resume(t, action.args, strength_deck)
        return
    _step(t, action, strength_deck, t.clone() if action.verb in STEPS else None, [])


def _step(t: Table, action: Action, strength_deck: list[Strength], before: Table | None, answers: list[str]) -> None:
    """Play one action; a step that stops at a question is left pending (``before``: the table
    it starts from), its answers so far kept."""
    t.answers = list(answers)
    try:
        _perform(t, action, strength_deck)
    except BattleOver:
        t.entered = {side: [] for side in t.entered}
        t.answers, t.preset, t.settled = [], {}, set()
        return
    except NeedChoice as asked:
        if before is None:
            raise RuleError(f"{action.verb} cannot stop at a question") from None
        t.pending = Pending(action.text, before, list(answers), asked.question, len(t.records))
        t.entered = {side: [] for side in t.entered}
        t.answers, t.preset, t.settled = [], {}, set()
        return
    left = sum(len(d) for d in t.entered.values())
    if left:            # never more than could roll (checked first): an attack the step's losses made impossible
        t.say("note", f"Not rolled: {left} die/dice entered for an attack that could no longer be made "
                      "(nothing left to attack).", "Attack")
    if t.answers:
        raise RuleError(f"{len(t.answers)} answer(s) more than this step asks for: {' '.join(t.answers)}")
    unused = {kind: n for kind, n in ((k, len(v)) for k, v in t.preset.items()) if n}
    if unused:
        t.say("note", "Not needed: " + ", ".join(f"{n} {PRESET_NAMES[k]}" for k, n in unused.items())
              + " named in advance (fewer hits than named).", "The players' choices")
    t.preset, t.settled = {}, set()


PRESET_NAMES = {"target": "Sector(s) for Swedish Cannon hits", "hit": "Sector(s) for enemy Cannon hits",
                "reserve": "Sector for the Reserve's hits"}


def _resume(t: Table, answers: list[str], strength_deck: list[Strength]) -> None:
    """``choose``: the waiting step played again from its start (the same dice) with every
    answer so far; only what follows the last question is recorded."""
    pending = t.pending
    if pending is None:
        raise RuleError("no question is waiting: `choose` answers a question of fire, attack or counter")
    work = pending.before.clone()
    _step(work, parse_action(pending.line), strength_deck, pending.before, pending.answers + answers)
    t.battle, t.rng, t.entered, t.pending = work.battle, work.rng, work.entered, work.pending
    t.records = work.records[pending.shown:]


def _at_most(dice: list[int], most: int, whose: str, each: str) -> None:
    """Dice entered are checked against what the step rolls before any is rolled: a die too many
    is a typing slip, refused before the step can stop at a question with it still waiting."""
    if len(dice) > most:
        raise RuleError(f"{len(dice)} of {whose} entered, more dice than this step rolls: it rolls {most} "
                        f"(one for {each})" + ("" if most else ": enter none"))


def _perform(t: Table, a: Action, strength_deck: list[Strength]) -> None:
    o = a.options
    if t.battle.phase == "over" and a.verb != "play":
        raise RuleError("the battle is over: " + ("Sweden won" if t.battle.winner == "sweden" else "the enemy won"
                                                  if t.battle.winner else "it was ended by agreement"))
    if a.verb == "place":
        place_swedish_card(t, _area(a.args[0]), a.args[1], int(a.args[2]), int(a.args[3]) if len(a.args) > 3 else 0)
    elif a.verb == "artillery":
        place_swedish_artillery(t, int(a.args[0]))
    elif a.verb == "ready":
        if "enemy" in o:
            try:
                drawn = [parse_strength(w, i) for i, w in enumerate(o["enemy"].split(","), start=1)]
            except ValueError as err:
                raise ActionSyntaxError(str(err)) from None
        else:
            deck = list(strength_deck)
            t.rng.shuffle(deck)
            drawn = deck[:t.battle.players + 1]
            if len(drawn) < t.battle.players + 1:
                raise RuleError(f"the strength table holds {len(deck)} cards: too few for {t.battle.players} players")
        start_battle(t, drawn, laid="enemy" in o and t.edition >= 2)
    elif a.verb == "fire":
        t.entered = {SWEDEN: dice_of(o.get("dice", "")), ENEMY: dice_of(o.get("enemy-dice", ""))}
        _at_most(t.entered[SWEDEN], len(t.battle.reserves[SWEDEN].cannons), "your dice", "a Swedish Cannon")
        _at_most(t.entered[ENEMY], len(t.battle.reserves[ENEMY].cannons), "the enemy's dice", "an enemy Cannon")
        t.preset = {"target": _areas(o.get("targets", "")), "hit": _areas(o.get("hits-on", ""))}
        t.settled = {"loss"} if "keep-commanders" in o else set()
        artillery_fire(t)
    elif a.verb == "attack":
        t.entered[SWEDEN] = dice_of(o.get("dice", ""))
        chosen = [] if "none" in o else _areas(o["from"]) if "from" in o else None
        if t.battle.phase == "attack":
            _at_most(t.entered[SWEDEN], len(attackers(t, SWEDEN) if chosen is None else set(chosen)), "your dice",
                     "an attacking area")
        t.preset = {"reserve": _areas(o.get("reserve-target", ""))[:1]}
        swedish_attack(t, chosen)
    elif a.verb == "counter":
        t.entered[ENEMY] = dice_of(o.get("dice", ""))
        if t.battle.phase == "counter":
            _at_most(t.entered[ENEMY], len(attackers(t, ENEMY)), "the enemy's dice", "an area of the enemy that attacks")
        t.settled = {"loss"} if "keep-commanders" in o else set()
        enemy_counter_attack(t)
    elif a.verb == "redeploy":
        swedish_redeployment(t, parse_moves("; ".join(a.args)))
        enemy_redeployment(t)
    elif a.verb == "play":
        play_event(t, card_key(a.args[0]) or "", a.args[1] if len(a.args) > 1 else "")
    elif a.verb == "end":
        end_by_agreement(t)


def end_by_agreement(t: Table) -> None:
    """``end agreed``: the players end a battle the rules would let go on (a stalled one: no
    attack can reach anything); it has no winner. Kept in the log, so the save says so."""
    b = t.battle
    if b.phase == "setup":
        raise RuleError("the battle has not begun: there is nothing to end (start it with `ready`)")
    b.phase, b.ended = "over", "agreement"
    t.say("end", "The players end the battle by agreement: it has no winner (the rules end a battle only when a "
                 "Reserve has no Soldier: \"Repeat step 2-6 until the Reserve on either side is empty\").",
          "The players' agreement")
