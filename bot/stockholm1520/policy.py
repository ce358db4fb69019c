"""The built-in Swedish player for ``simulate``: a careful defender, deterministic and fast.

Each player turn it builds a few whole-turn plans on a copy of the game and plays the Danes'
answer to each (the real rules, on the copy); it keeps the plan whose answer hurts least
(defeat, units lost, Danes killed, how close the Danes stand, how many can be answered). A plan:

1. *Strike*: attack a Dane with type advantage (red > green > blue > red, 5.0), most dangerous
   first, from a space where no other Dane that kills the attacker can come next to it next
   turn. The bold plan also strikes from an exposed space when the Dane is close to Kristina.
2. *Block*: every Dane that could step next to Kristina next turn gets a unit in its way,
   preferably one it cannot beat (it waits there and dies next turn; the Danes never attack
   unless a Swedish unit dies, 2.0), on a space no Dane that kills the blocker can reach.
3. *Guard*: the other units go to the safe space nearest Kristina; between rounds, to the
   ring round her, away from where a fresh Dane could strike on its first move.
4. The militia walks to the training zone and becomes the type the army lacks most.

"Could reach" is cautious: every space within the Dane's movement over ground it may use, not
through Swedish units, never further from Kristina than one step back. ``random_action`` is a
random legal player for testing the engine.

Speed without changing a decision (docs/balance.md, Speed): a mode that would take the same
option as an earlier plan of the turn at each of its strike and block steps plays the same turn
and is not built again (``_Built``); each step of a plan decides once per position
(``_decided``); a plan whose actions equal an earlier one's is not scored again; ``simulate``
keeps the chosen plan's trial of the Danes' turn as the game's (``Policy.known_answer``); and
the searches (a Dane's reach, a unit's spaces and walks, the Danes' road values and moves) are
kept in the table's memo on only what they depend on, shared by the games of a simulation;
a trial copy of the table keeps only its RNG's state until it draws (``Table.rng``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import AbstractSet, Any, Callable

from bot.stockholm1520.actions import Action, Attack, EndTurn, Move, Upgrade
from bot.stockholm1520.rules import RuleError, perform, recording
from bot.stockholm1520.rules.enemy import enemy_turn
from bot.stockholm1520.rules.player import reachable
from bot.stockholm1520.state import Table, Unit
from bot.stockholm1520.units import TROOPS
from bot.records import Record

INF = float("inf")
#: The plans tried each turn: strike from safe spaces only (careful, wall) or also exposed
#: (bold); block with a safe unit first (careful) or with one the Dane cannot beat (wall, bold).
MODES = ("careful", "bold")
#: Tried too when every plan above loses a unit: no strikes at all (hold), a wall of units the
#: Danes cannot beat (wall), everything at the nearest Dane it beats (charge).
FALLBACK = ("hold", "wall", "charge")
#: A Dane this many spaces (over the ground) from Kristina or closer is worth an exposed strike.
URGENT = 4

Do = Callable[[Action], None]          # plays one action of a plan on its copy of the game
Signature = tuple[Any, ...]            # a position as a plan's next action expects it


@dataclass
class Answer:
    """The Danes' turn played on a trial copy: the position it was played from (``before``:
    position, decks, RNG state) and the table and records after it. When the game reaches
    exactly that position, this is its enemy turn (the rules are deterministic)."""

    before: tuple[Any, ...]
    table: Table
    records: list[Record]


def _table_state(t: Table) -> tuple[Any, ...]:
    """Everything an enemy turn depends on (virtual decks)."""
    return t.pos, (t.decks.zone, t.decks.event, t.decks.held), t.rng_state()


class Policy:
    """The built-in Swedish player of one game. The whole turn is planned at its first action
    (several plans, each scored by the Danes' answer on a copy); the following calls hand out
    the rest of the chosen plan, as long as the position is the one the plan expects."""

    def __init__(self) -> None:
        self._plan: list[Action] = []
        self._sigs: list[Signature] = []            # the position each planned action expects
        self._seen: set[tuple[Any, ...]] = set()    # player-turn positions met this round
        self._round: int | None = None
        self._answer: Answer | None = None          # the chosen plan's trial of the Danes' turn

    def next_action(self, t: Table) -> Action:
        """One legal action for the current position (EndTurn when nothing is worth doing)."""
        if self._plan and self._sigs and self._sigs[0] == _signature(t):
            self._sigs.pop(0)
            return self._plan.pop(0)
        self._answer = None
        if t.pos.phase == "player":
            actions, sigs = self._plan_turn(t)
        else:
            actions, sigs, _, _ = _build(t, "careful")
        self._plan, self._sigs = actions[1:], sigs[1:]
        return actions[0]

    def known_answer(self, t: Table) -> Answer | None:
        """The Danes' turn from ``t`` when the chosen plan's trial already played it from this
        very position (else None): ``simulate`` keeps it instead of playing it again. Once."""
        found, self._answer = self._answer, None
        if (found is None or t.pos.phase != "enemy" or t.decks.by_hand
                or self._plan or _table_state(t) != found.before):
            return None
        return found

    def _plan_turn(self, t: Table) -> tuple[list[Action], list[Signature]]:
        """The best of the plans; 'charge' when this round has met the position before (a
        stand-off), the fallback plans too when every plan loses a unit."""
        if self._round != t.pos.round:
            self._seen.clear()
            self._round = t.pos.round
        where = (tuple((u.id, u.hex) for u in t.pos.swedish), tuple((u.id, u.hex) for u in t.pos.danish))
        modes = ("charge",) if where in self._seen else MODES
        self._seen.add(where)
        scores: dict[tuple[Action, ...], _Scored] = {}
        built: list[_Built] = []
        options = [_plan(t, mode, scores, built) for mode in modes]
        if modes == MODES and min(o[2].lost for o in options) > 0:   # every plan loses a unit: look harder
            options += [_plan(t, mode, scores, built) for mode in FALLBACK if mode not in modes]
        actions, sigs, scored = max(options, key=lambda o: o[2].score)
        self._answer = scored.answer
        return actions, sigs


def _signature(t: Table) -> Signature:
    pos = t.pos
    return (pos.round, pos.turn, pos.phase,
            tuple((u.id, u.hex, u.moved, u.done) for u in pos.swedish), tuple((u.id, u.hex) for u in pos.danish))


@dataclass
class _Scored:
    """A plan's score, the Swedish units the Danes' answer kills (99 for defeat), the answer."""

    score: float
    lost: int
    answer: Answer | None


_Planned = tuple[list[Action], list[Signature], "_Scored"]


@dataclass
class _Built:
    """A plan of this turn: the mode that built it, the plan, and each choice it made where
    modes may differ (the strike and block steps)."""

    mode: str
    planned: _Planned
    choices: Choices                    # (step, every mode's option there)

    def followed_by(self, mode: str) -> bool:
        """Would ``mode`` take the same option at each of these steps? Then it reaches the same
        positions and plays the same turn (the hunt differs only in a charge)."""
        if (mode == "charge") != (self.mode == "charge"):
            return False
        return all(_option(step, mode, options) == _option(step, self.mode, options)
                   for step, options in self.choices)


def _option(step: str, mode: str, options: tuple[Any, ...]) -> Any:
    """What ``mode`` does at a step with these options (indexed as STRIKE_CLASS, BLOCK_FIRST;
    hold strikes nothing)."""
    if step == "strike":
        return None if mode == "hold" else options[STRIKE_CLASS.get(mode, 0)]
    return options[mode in BLOCK_FIRST]


def _plan(t: Table, mode: str, scores: dict[tuple[Action, ...], _Scored], built: list[_Built]) -> _Planned:
    """A whole player turn, scored by the Danes' answer played on a copy. ``scores``: each turn
    already played from this position (plans often coincide; the same actions lead to the
    same answer). ``built``: the plans of this turn so far; a mode that would choose as one of
    them at each step plays the same turn: it is not built again."""
    for plan in built:
        if plan.followed_by(mode):
            return plan.planned
    actions, sigs, work, choices = _build(t, mode)
    key = tuple(actions)
    scored = scores.get(key)
    if scored is None:
        scored = scores[key] = _score(t, work)
    planned = actions, sigs, scored
    built.append(_Built(mode, planned, choices))
    return planned


def _score(t: Table, work: Table) -> _Scored:
    """The Danes' answer to a turn played on ``work`` (from ``t``), scored."""
    kills = len(t.pos.danish) - len(work.pos.danish)
    ours = len(t.pos.swedish)       # a trade in our own turn costs a unit too
    answer = None
    if work.pos.phase == "enemy":
        before = work.pos.copy(), (work.decks.zone.copy(), work.decks.event.copy(), list(work.decks.held)), work.rng_state()
        with recording() as records:
            enemy_turn(work)
        answer = Answer(before, work, records)
    if work.pos.result == "lost":
        return _Scored(-10_000.0, 99, answer)
    if work.pos.result == "won":
        return _Scored(10_000.0, 0, answer)
    lost = ours - len(work.pos.swedish)
    board, pos = work.board, work.pos
    distance = sum(min(board.ground_distance(e.hex, pos.bridge_open), 12) for e in pos.danish if e.type in TROOPS)
    return _Scored(30.0 * kills - 45.0 * lost + distance, lost, answer)


def _build(t: Table, mode: str) -> tuple[list[Action], list[Signature], Table, list[tuple[str, tuple[Any, ...]]]]:
    """Play one plan on a copy: strike, block, guard, militia; then end the turn. The actions,
    the position each expects, the copy after them, and every mode's options at each strike
    and block step (``_Built``)."""
    work = t.clone()
    actions: list[Action] = []
    sigs: list[Signature] = []
    choices: list[tuple[str, tuple[Any, ...]]] = []

    def do(act: Action) -> None:
        sig = _signature(work)
        try:
            perform(work, act)
        except RuleError:      # a stale idea of the board (a space taken meanwhile): skip it
            return
        sigs.append(sig)
        actions.append(act)

    if work.pos.phase == "player":
        _strike(work, do, mode, choices)
    fixed = {u.hex for u in work.pos.swedish if u.done}
    if work.pos.phase in ("player", "regroup"):
        free = [u for u in work.pos.swedish if not u.done and u.type in TROOPS]
        if work.pos.phase == "player":
            _block(work, do, free, fixed, mode, choices)
        _hunt(work, do, free, fixed, mode == "charge")
        _guard(work, do, free, fixed)
        for u in list(work.pos.swedish):
            if u.type == "militia" and not u.done and work.pos.phase in ("player", "regroup"):
                _militia(work, do, u)
    if work.pos.phase in ("player", "regroup"):
        do(EndTurn())
    return actions, sigs, work, choices


# -- where the Danes could be next turn --------------------------------------------------

def _reach(t: Table, dane: Unit, blockers: set[str]) -> frozenset[str]:
    """Spaces ``dane`` could stand on during its next move (cautious, see the module doc)."""
    reach = t.data.searches.store("danish reach", 20000)
    moves = t.movement(dane)
    # Blockers further than its move cannot change where it could stand.
    key = (dane.hex, moves, t.pos.bridge_open, t.board.around(dane.hex, moves).intersection(blockers))
    found = reach.get(key)
    if found is None:
        found = reach[key] = frozenset(_search_reach(t, dane, blockers))
    return found


def _search_reach(t: Table, dane: Unit, blockers: set[str]) -> set[str]:
    board, bo = t.board, t.pos.bridge_open
    gd = board.ground_distances(bo)
    allowed = _danish_steps(t, bo, gd[dane.hex] + 1 if dane.hex in gd else None)
    nbrs = board.nbrs
    seen = {dane.hex}
    frontier = [dane.hex]
    for _ in range(t.movement(dane)):
        step = []
        for h in frontier:
            for n in nbrs[h]:
                if n not in seen and n in allowed and n not in blockers:
                    seen.add(n)
                    step.append(n)
        if not step:
            break
        frontier = step
    return seen


def _danish_steps(t: Table, bridge_open: bool, cap: int | None) -> frozenset[str]:
    """Spaces a Dane may step on in a cautious reach: its ground, not Kristina, no further
    than ``cap`` from her (None: any distance; units aside; cached per game)."""
    steps = t.data.searches.store("danish steps", 256)
    key = (bridge_open, cap)
    found = steps.get(key)
    if found is None:
        board = t.board
        gd = board.ground_distances(bridge_open)
        found = steps[key] = frozenset(h for h in board.danish_ground(bridge_open)
                                       if h != board.kristina and (cap is None or gd.get(h, INF) <= cap))
    return found


class _Threat:
    """Per Dane: where it could stand and the spaces next to those (where it could strike).
    Depends only on the Danes, the blockers, the bridge and the movement cards: shared by every
    plan of a turn through the table's memo (``threat``)."""

    def __init__(self, t: Table, blockers: set[str]) -> None:
        self.combat = t.units.combat
        self.reach: dict[str, frozenset[str]] = {}
        self.strike: dict[str, frozenset[str]] = {}
        self._danes = [(d.id, d.type) for d in t.pos.danish]
        self._killers: dict[str, tuple[list[tuple[str, frozenset[str]]], set[str]]] = {}
        zones = t.data.searches.store("strike zones", 20000)
        nbrs = t.board.nbrs
        for d in t.pos.danish:
            if d.type not in TROOPS:
                continue
            r = _reach(t, d, blockers)
            s = zones.get(r)
            if s is None:
                s = set(r)
                for h in r:
                    s.update(nbrs[h])
                s = zones[r] = frozenset(s)
            self.reach[d.id], self.strike[d.id] = r, s

    def _of(self, unit_type: str) -> tuple[list[tuple[str, frozenset[str]]], set[str]]:
        """The Danes that kill ``unit_type`` with where they could strike, and all those spaces."""
        found = self._killers.get(unit_type)
        if found is None:
            killers = [(i, self.strike[i]) for i, tp in self._danes
                       if i in self.strike and self.combat(tp, unit_type) != "loss"]
            unsafe: set[str] = set()
            for _, s in killers:
                unsafe |= s
            found = self._killers[unit_type] = (killers, unsafe)
        return found

    def unsafe(self, unit_type: str) -> AbstractSet[str]:
        """Where some Dane that kills ``unit_type`` could come next to it."""
        return self._of(unit_type)[1]

    def safe(self, hex_id: str, unit_type: str, skip: str | None = None) -> bool:
        """No Dane (but ``skip``) that kills ``unit_type`` can come next to ``hex_id``."""
        killers, unsafe = self._of(unit_type)
        if hex_id not in unsafe:
            return True
        if skip is None:
            return False
        return not any(hex_id in s for i, s in killers if i != skip)


def _threat(t: Table, blockers: set[str]) -> _Threat:
    """The ``_Threat`` of the position's Danes against ``blockers`` (cached)."""
    threats = t.data.searches.store("threat", 4000)
    pos = t.pos
    key = (tuple((d.id, d.type, d.hex) for d in pos.danish), frozenset(blockers), pos.bridge_open, tuple(pos.extra_move))
    found = threats.get(key)
    if found is None:
        found = threats[key] = _Threat(t, blockers)
    return found


def _ring(t: Table) -> list[str]:
    board = t.board
    return [h for h in board.nbrs[board.kristina] if h in board.passable]


def _gd(t: Table, hex_id: str) -> float:
    return t.board.ground_distance(hex_id, t.pos.bridge_open)


def _spaces(t: Table, unit: Unit) -> dict[str, int]:
    """Where ``unit`` can end this turn, staying put included (cached on the units within its
    move: those further off change nothing)."""
    if unit.done:
        return {unit.hex: 0}
    pos = t.pos
    spaces = t.data.searches.store("swedish spaces", 20000)
    left = max(t.movement(unit) - unit.moved, 0)
    near = t.board.around(unit.hex, left)
    key = (unit.hex, left, near.intersection([u.hex for u in pos.danish]), near.intersection([u.hex for u in pos.swedish]))
    found = spaces.get(key)
    if found is None:
        found = reachable(t, unit)
        found[unit.hex] = 0
        spaces[key] = found
    return found


# -- the three steps of a plan ----------------------------------------------------------

def _state(t: Table) -> tuple[Any, ...]:
    """All a step of a plan reads of the position: plans of one turn (careful, bold, ...) often
    reach the same position, and a step decides the same there (``_decided``)."""
    pos = t.pos
    return (pos.phase, pos.bridge_open, tuple(pos.extra_move), tuple(pos.defected_castles),
            tuple((u.id, u.type, u.hex, u.moved, u.done) for u in pos.swedish),
            tuple((u.id, u.type, u.hex) for u in pos.danish))


def _decided(t: Table, step: str, args: tuple[Any, ...], decide: Callable[[], Any]) -> Any:
    """``decide()`` for this step in this position, computed once (kept in the table's memo)."""
    decisions = t.data.searches.store("plan steps", 20000)
    key = (step, args, _state(t))
    if key not in decisions:
        decisions[key] = decide()
    return decisions[key]


#: Which strikes a mode allows: 0 safe wins only (careful, wall), 1 also exposed wins on a Dane
#: close to Kristina (bold), 2 anything, trades too (charge); hold strikes nothing.
STRIKE_CLASS = {"bold": 1, "charge": 2}
#: The modes that block with a unit the Dane cannot beat first (else with a safe unit first).
BLOCK_FIRST = frozenset({"wall", "bold"})

Choices = list[tuple[str, tuple[Any, ...]]]     # each step's options for every mode (``_Built``)


def _strike(t: Table, do: Do, mode: str, choices: Choices) -> None:
    for _ in range(12):
        options = tuple(_decided(t, "strike", (), lambda: _strike_choices(t)))
        choices.append(("strike", options))
        choice = _option("strike", mode, options)
        if choice is None:
            return
        uid, did, h = choice
        u = next(x for x in t.pos.swedish if x.id == uid)
        if h != u.hex:
            do(Move(uid, h))
        do(Attack(uid, did))
        if t.pos.phase != "player":
            return


def _strike_choices(t: Table) -> list[tuple[str, str, str] | None]:
    """The strike each class of ``STRIKE_CLASS`` makes now (unit, Dane, space), None for none:
    one pass over the candidates serves them all."""
    nbrs, combat, home = t.board.nbrs, t.units.combat, _home_distances(t)
    pos = t.pos
    threat = _threat(t, {u.hex for u in pos.swedish})
    best: list[tuple[tuple[Any, ...], tuple[str, str, str]] | None] = [None, None, None]
    danes = [(d, _urgency(t, d)) for d in pos.danish]
    for u in pos.swedish:
        if u.done or u.type not in TROOPS:
            continue
        near = t.board.around(u.hex, max(t.movement(u) - u.moved, 0) + 1)    # no strike from further
        targets = [(d, urgency, outcome) for d, urgency in danes if d.hex in near
                   for outcome in (combat(u.type, d.type),) if outcome == "win" or outcome == "trade"]
        if not targets:
            continue
        spaces = _spaces(t, u)
        for d, urgency, outcome in targets:
            urgent = d.type in TROOPS and urgency <= URGENT
            for h in nbrs[d.hex]:       # the spaces next to the Dane it can reach (keys differ by h)
                steps = spaces.get(h)
                if steps is None:
                    continue
                safe = threat.safe(h, u.type, skip=d.id)
                key = (not safe, outcome != "win", urgency, home.get(h, INF), steps, u.id, h)
                allowed = (outcome == "win" and safe, outcome == "win" and (safe or urgent), True)
                for cls in range(3):
                    found = best[cls]
                    if allowed[cls] and (found is None or key < found[0]):
                        best[cls] = (key, (u.id, d.id, h))
    return [b[1] if b else None for b in best]


def _urgency(t: Table, dane: Unit) -> float:
    """How soon a strike on ``dane`` is due: a troop's distance to Kristina, a propagandist's
    to a castle (after the troops), Christian II last."""
    if dane.type in TROOPS:
        return _gd(t, dane.hex)
    if dane.type == "propagandist":
        return 6 + _castle_distance(t, dane.hex)
    return 20


def _block(t: Table, do: Do, free: list[Unit], fixed: set[str], mode: str, choices: Choices) -> None:
    for _ in range(8):
        if not free:
            return
        options = _decided(t, "block", (frozenset(fixed), tuple(u.id for u in free)),
                           lambda: _block_choices(t, free, fixed))
        choices.append(("block", options))
        choice = _option("block", mode, options)
        if choice is None:
            return
        uid, h = choice
        u = next(x for x in free if x.id == uid)
        if h != u.hex:
            do(Move(uid, h))
        fixed.add(h)
        free.remove(u)


def _block_choices(t: Table, free: list[Unit], fixed: set[str]) -> tuple[tuple[str, str] | None, tuple[str, str] | None]:
    """The unit and space that block the Dane closest to Kristina best, preferring a space it
    is safe on [0] or a unit the Dane cannot beat [1]; None when nothing blocks it."""
    ring = set(_ring(t))
    threat = _threat(t, fixed)
    threats = [d for d in t.pos.danish if d.id in threat.reach and threat.reach[d.id] & ring - fixed]
    if not threats:
        return None, None
    d = min(threats, key=lambda e: (_gd(t, e.hex), e.id))
    path = threat.reach[d.id]
    now = len(path & ring - fixed)
    best: list[tuple[tuple[Any, ...], tuple[str, str]] | None] = [None, None]
    lefts: dict[str, int] = {}          # per space: the ring spaces the Dane still reaches
    for u in free:
        beaten = t.units.combat(u.type, d.type) != "win"
        for h, steps in _spaces(t, u).items():
            # A space off the Dane's reach blocks nothing: its reach stays the same.
            if h in fixed or h not in path:
                continue
            left = lefts.get(h, -1)
            if left < 0:
                blocked = fixed | {h}
                left = lefts[h] = len(_reach(t, d, blocked) & ring - blocked)
            if left >= now:
                continue
            safe = threat.safe(h, u.type)
            for beat_first, key in enumerate(((not safe, left, beaten, steps, u.id, h),
                                              (left, beaten, not safe, steps, u.id, h))):
                found = best[beat_first]
                if found is None or key < found[0]:
                    best[beat_first] = (key, (u.id, h))
    return best[0][1] if best[0] else None, best[1][1] if best[1] else None


def _hunt(t: Table, do: Do, free: list[Unit], fixed: set[str], charge: bool) -> None:
    """Walk toward prey: one unit after each propagandist (every defected castle is one more
    Dane a round); in a stand-off (``charge``) every unit after the nearest Dane it beats."""
    pos = t.pos
    charge = charge or not any(d.type in TROOPS for d in pos.danish)
    prey = [d for d in pos.danish if d.type == "propagandist" or (charge and d.type != "propagandist")]
    for d in sorted(prey, key=lambda e: (e.type != "propagandist", e.id)):
        hunters = [u for u in free if t.units.combat(u.type, d.type) == "win"]
        if charge and not hunters:
            hunters = [u for u in free if t.units.combat(u.type, d.type) == "trade"]
        if not hunters:
            continue
        far = t.board.land_distances(d.hex)
        u = min(hunters, key=lambda u: (far.get(u.hex, INF), u.id))
        threat = _threat(t, fixed | {x.hex for x in free})
        spaces = _spaces(t, u)
        best = min(spaces, key=lambda h: (not threat.safe(h, u.type) and not charge, far.get(h, INF), spaces[h], h))
        if far.get(best, INF) >= far.get(u.hex, INF):
            continue
        if best != u.hex:
            do(Move(u.id, best))
        fixed.add(best)
        free.remove(u)


def _guard(t: Table, do: Do, free: list[Unit], fixed: set[str]) -> None:
    choices = _decided(t, "guard", (frozenset(fixed), tuple(u.id for u in free)),
                       lambda: _guard_choices(t, free, fixed))
    for uid, h in choices:
        u = next(x for x in free if x.id == uid)
        if h != u.hex:
            do(Move(uid, h))
        fixed.add(h)
        free.remove(u)


def _guard_choices(t: Table, free: list[Unit], fixed: set[str]) -> list[tuple[str, str]]:
    """Where each free unit goes, in order: the safe space nearest Kristina (between rounds,
    out of a fresh Dane's first move), the ring first; units on an unsafe space move first."""
    regroup = t.pos.phase == "regroup"
    ring = set(_ring(t))
    threat = None if regroup else _threat(t, fixed | {u.hex for u in free})
    home = _home_distances(t)
    # Each unit's spaces in the order of preference (keys differ by unit and space).
    options: dict[str, list[tuple[Any, ...]]] = {}
    for u in free:
        unsafe = threat.unsafe(u.type) if threat else _start_unsafe(t, u.type)
        here_safe = u.hex not in unsafe
        options[u.id] = sorted((here_safe, h in unsafe, h not in ring, home.get(h, INF), steps, u.id, h)
                               for h, steps in _spaces(t, u).items())
    left, taken = list(free), set(fixed)
    chosen: list[tuple[str, str]] = []
    while left:
        best = None
        for u in left:
            key = next((k for k in options[u.id] if k[-1] not in taken), None)
            if key is not None and (best is None or key < best[0]):
                best = (key, u, key[-1])
        if best is None:
            break
        _, u, h = best
        chosen.append((u.id, h))
        taken.add(h)
        left.remove(u)
    return chosen


def _start_unsafe(t: Table, unit_type: str) -> AbstractSet[str]:
    """Between rounds: the spaces a fresh Dane (entry or lineup space, any type that kills
    ``unit_type``) could come next to on its first move (cached per game)."""
    found = t.data.searches.store("start unsafe", 64)
    key = (t.pos.bridge_open, unit_type)
    if key not in found:
        near = t.board.near_entries
        found[key] = frozenset().union(*(near(t.pos.bridge_open, t.units.moves[killer]) for killer in TROOPS
                                         if t.units.combat(killer, unit_type) != "loss"))
    return found[key]


def _home_distances(t: Table) -> dict[str, int]:
    """Steps over land from every space to Kristina."""
    return t.board.land_distances(t.board.kristina)


def _castle_distance(t: Table, hex_id: str) -> int:
    board = t.board
    goals = [h for c in board.castles if c.name not in t.pos.defected_castles for h in c.hexes]
    return min((board.distance(hex_id, g) for g in goals), default=20)


def _militia(t: Table, do: Do, unit: Unit) -> None:
    """Attack a Dane close to Kristina (both die, 3.1), else walk to training and upgrade."""
    board, pos = t.board, t.pos
    if pos.phase == "player":
        near = [d for d in pos.danish if d.type in TROOPS and board.adjacent(unit.hex, d.hex) and _gd(t, d.hex) <= URGENT]
        if near:
            do(Attack(unit.id, min(near, key=lambda d: (_gd(t, d.hex), d.id)).id))
            return
    if unit.hex in board.training:
        counts = {tp: sum(1 for u in pos.swedish if u.type == tp) for tp in TROOPS}
        wanted = {tp: sum(1 for e in pos.danish if e.type == t.units.beats[tp]) for tp in TROOPS}
        troop = min(TROOPS, key=lambda tp: (counts[tp] - wanted[tp], TROOPS.index(tp)))
        do(Upgrade(unit.id, troop))
        return
    spaces = reachable(t, unit)
    taken = {u.hex for u in pos.units()}
    free = [h for h in sorted(board.training) if h not in taken]
    if not spaces or not free:
        return

    def to_training(h: str) -> float:
        return min(t.board.land_distances(f).get(h, INF) for f in free)

    best = min(spaces, key=lambda h: (to_training(h), spaces[h], h))
    if to_training(best) < to_training(unit.hex):
        do(Move(unit.id, best))
        if unit.hex in board.training and not unit.done:
            _militia(t, do, unit)


def random_action(t: Table, rng: random.Random) -> Action:
    """A random legal action (seeded ``rng``): a Swedish player that explores odd positions,
    for testing the engine's invariants rather than for playing well."""
    pos = t.pos
    units = [u for u in pos.swedish if not u.done]
    rng.shuffle(units)
    for unit in units:
        if pos.phase == "player":
            targets = [e for e in pos.danish if t.board.adjacent(unit.hex, e.hex)]
            if targets and rng.random() < 0.7:
                return Attack(unit.id, rng.choice(targets).id)
        if unit.type == "militia" and unit.hex in t.board.training and rng.random() < 0.5:
            return Upgrade(unit.id, rng.choice(TROOPS))
        spaces = sorted(reachable(t, unit))
        if spaces and rng.random() < 0.6:
            return Move(unit.id, rng.choice(spaces))
    return EndTurn()
