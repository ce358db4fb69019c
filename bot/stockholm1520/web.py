"""Stockholm 1520's page: the board with the pieces, a tap a decision.

Beside the board (below it on a phone), every unit that can act with its moves, attacks and
upgrades as buttons, one tap a decision (``bot.stockholm1520.unit_list``). Or tap one of your
units: where it may go (blue, with its steps), which Danes it could attack (red rings) and
which hexes the Danes could attack next turn (red tint); tap a hex to move there, a Dane to
move next to it and attack in one step. An attack that can cost the unit asks first.
"End turn" plays the Danes up to your next turn (``bot next``) and lists what to change on the
table, with numbered arrows on the board and each Danish move's reason and rules on a tap. Undo takes back your last action
(or the whole Danish turn) and lists the pieces to put back. With the physical decks, a card
picker asks for each card exactly when a step draws it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, Mapping

from generator.core.limits import excerpt

from bot.errors import RuleError
from bot.stockholm1520.actions import Action, Attack, Move, Place, Upgrade, parse_action
from bot.stockholm1520.advance import Advance, checklist
from bot.stockholm1520.explain import next_step
from bot.stockholm1520.data import GameData
from bot.stockholm1520.game import Game
from bot.stockholm1520.picker import CardQuestion, try_next
from bot.replay import take_back
from bot.stockholm1520.piles import undo_pile_changes
from bot.stockholm1520.reach import OUTCOME_WORDS, danish_threats, highlight, reach
from bot.stockholm1520.rules.procedure import describe as describe_steps
from bot.stockholm1520.page_layer import LayerArt, position_svg
from bot.stockholm1520.picture import last_moves, painter_position
from bot.stockholm1520.rules.player import danish_target
from bot.stockholm1520.turn import all_or_none, attack_with_move
from bot.stockholm1520.unit_list import unit_rows
from bot.stockholm1520.units import SHORT, SWEDISH_TYPES, TROOPS
from bot.web.pages import render
from bot.web.view import PagedBot, Shown, View, new_seed, position_mark

#: The phases in which the player acts on the board.
PLAYER_PHASES = ("player", "regroup")
#: Lines a button may send as they are (anything else is a tap, a selection or a card).
PLAIN_LINES = re.compile(r"^(place auto|end-turn|upgrade \S{1,24} (cavalry|crossbowmen|pikemen))$")

TEMPLATES = Path(__file__).parent / "templates"


class StockholmView(View[Game]):
    """Stockholm 1520's page, drawn with the art of a game's data (``art``: baked from the kit,
    ``bot.stockholm1520.layer_bake``)."""

    title = "Stockholm 1520"

    def __init__(self, bot: PagedBot, art: Callable[[GameData], LayerArt]) -> None:
        super().__init__(bot)
        self.art = art

    def board(self, game: Game) -> bytes:
        return self.art(game.data).board

    # -- taps ------------------------------------------------------------------------
    def handle(self, game: Game, form: Mapping[str, str]) -> tuple[Game, Shown]:
        op = form.get("op", "")
        sel = form.get("sel", "")
        if op == "tap":
            return self._tap(game, form.get("tap", ""), sel, form.get("confirm") == "1")
        if op == "act":
            return self._act(game, form)
        if op == "select":
            return game, Shown(selected=sel)
        if op == "line":
            line = form.get("line", "").strip()
            if not PLAIN_LINES.fullmatch(line):
                raise RuleError(f"not an action of this page: {line[:40]!r}")
            records = game.apply(parse_action(line))
            return game, Shown(changed=True, done=[self.bot.records_text(records)] if records else [])
        if op == "next":
            return self._next(game, form)
        if op == "new":
            seed = new_seed(form.get("seed", ""))
            physical = form.get("cards") == "physical"
            fresh = Game(seed, game.data, physical_deck=physical)
            return fresh, Shown(changed=True, done=[f"New game, seed {seed} (pnpkit bot new --seed {seed}"
                                                    + (" --cards physical" if physical else "")
                                                    + " starts the same one): place your six units"])
        if op == "undo":
            if form.get("picking"):                      # in the card picker: one answer back
                return self._unpick(game, form.get("cards", "").split())
            return self._undo(game)
        raise RuleError(f"unknown request {op[:20]!r}")

    def _risk(self, game: Game, sel: str, dane_type: str) -> str:
        """What an attack may cost by the combat table (5.0), in words, or "" for a sure win."""
        unit = next((u for u in game.pos.swedish if u.id == sel), None)
        if unit is None:
            return ""
        outcome = game.table.units.combat(unit.type, dane_type)
        return "" if outcome == "win" else OUTCOME_WORDS[outcome]

    def _tap(self, game: Game, hex_id: str, sel: str, confirmed: bool = False) -> tuple[Game, Shown]:
        pos = game.pos
        if hex_id not in game.board.nbrs:
            raise RuleError(f"{hex_id[:8]!r} is not a hex of the board")
        if pos.phase == "setup":
            if not sel.startswith("place:"):
                return game, Shown(error="choose which unit to place first (the buttons under the board)")
            troop = sel.split(":", 1)[1]
            records = game.apply(Place(troop, hex_id))
            left = self._unplaced(game)
            return game, Shown(changed=True, selected=f"place:{troop}" if troop in left else "",
                               done=[self.bot.records_text(records)])
        if pos.phase not in PLAYER_PHASES:
            return game, Shown(error=f"not your turn: {next_step(pos)}")
        here = pos.at(hex_id)
        swede = next((u for u in here if u.side == "swedish"), None)
        dane = next((u for u in here if u.side == "danish"), None)
        if swede is not None:
            if swede.id == sel:
                return game, Shown(done=[f"{sel} put down: tap a unit (or its button) to choose again"])
            return game, Shown(selected=swede.id)
        if not sel:
            return game, Shown(error="tap one of your units first")
        if dane is not None:
            outcome = self._risk(game, sel, dane.type)
            if outcome and not confirmed:
                return game, Shown(selected=sel, extra={"confirm": {"hex": hex_id, "dane": dane.id, "words": outcome}})
            return self._attack(game, sel, dane.id)
        records = game.apply(Move(sel, hex_id))
        return game, Shown(changed=True, selected=sel, done=[self.bot.records_text(records)])

    def _act(self, game: Game, form: Mapping[str, str]) -> tuple[Game, Shown]:
        """A button of the unit list: a unit's move, its attack (moving first when the button says
        so) or its upgrade (likewise), played all or none; an attack that can cost the unit asks
        "Attack anyway?" first, as a tap on the Dane does."""
        pos = game.pos
        if pos.phase not in PLAYER_PHASES:
            return game, Shown(error=f"not your turn: {next_step(pos)}")
        unit, hex_id = form.get("unit", ""), form.get("hex", "")
        target, troop = form.get("target", ""), form.get("troop", "")
        if hex_id and hex_id not in game.board.nbrs:
            raise RuleError(f"{excerpt(hex_id)} is not a hex of the board")
        if target and troop:
            raise RuleError("a unit attacks or is upgraded in a turn, not both (4.0; rules notes 35)")
        if troop and troop not in TROOPS:
            raise RuleError(f"upgrade to one of {', '.join(TROOPS)}, not {excerpt(troop)}")
        if target:
            dane = danish_target(game.table, target)
            outcome = self._risk(game, unit, dane.type)
            if outcome and form.get("confirm") != "1":
                return game, Shown(extra={"confirm": {
                    "dane": dane.id, "words": outcome, "hex": dane.hex,
                    "vals": {"op": "act", "unit": unit, "hex": hex_id, "target": dane.id, "troop": ""}}})
        actions: list[Action] = [Move(unit, hex_id)] if hex_id else []
        actions += [Attack(unit, target)] if target else [Upgrade(unit, troop)] if troop else []
        if not actions:
            raise RuleError("a button of the list names a move, an attack or an upgrade: reload the page")
        done = all_or_none(game, lambda: [game.apply(action) for action in actions])
        return game, Shown(changed=True, done=[text for text in map(self.bot.records_text, done) if text])

    def _attack(self, game: Game, sel: str, target: str) -> tuple[Game, Shown]:
        """Move next to the Dane (when needed) and attack it: both or neither."""
        done = [self.bot.records_text(records) for records in attack_with_move(game, sel, target)]
        return game, Shown(changed=True, done=[d for d in done if d])

    def _next(self, game: Game, form: Mapping[str, str]) -> tuple[Game, Shown]:
        """End the turn and play the Danes up to your next turn (``bot next``); with the
        physical decks, first each card a step draws (``bot.stockholm1520.picker``), one tap a card."""
        chosen = (form.get("cards", "") + " " + form.get("card", "")).split()
        done = try_next(game, chosen)
        if isinstance(done, CardQuestion):
            return game, Shown(extra={"question": done})
        return game, self._played(done)

    def _unpick(self, game: Game, chosen: list[str]) -> tuple[Game, Shown]:
        """Undo in the card picker takes back the last card answered (nothing is saved until the
        step has all its cards); with none answered yet, the picker closes, nothing played."""
        if not chosen:
            return game, Shown(done=["card picker closed: nothing was played (the cards drawn go back on "
                                     "top of their piles)"])
        back = chosen[-1]
        asked = try_next(game, chosen[:-1])
        if not isinstance(asked, CardQuestion):         # cannot be: it needed the card taken back
            raise RuleError("the step no longer needs that card: reload the page")
        return game, Shown(done=[f"card {back} taken back: put it back on top of its pile"], extra={"question": asked})

    def _played(self, done: Advance) -> Shown:
        """The Danish turn's checklist (``bot next``'s): the round's event first, then the
        changes to make on the table, numbered as the list shows them."""
        lines = checklist(done)
        cut = lines.index("On the table:") if "On the table:" in lines else len(lines)
        table = [re.sub(r"^\s*\d+\.\s*", "", line) for line in lines[cut + 1:]]
        return Shown(changed=True, table=table, table_title="On the table", done=lines[:cut])

    def _undo(self, game: Game) -> tuple[Game, Shown]:
        """Take back the last action; a Danish turn, the round and the end of your turn before it
        are taken back together (back to where you last acted)."""
        count = 1
        while count < len(game.log) and game.log[len(game.log) - count].split()[0] in ("round", "enemy", "end-turn") \
                and game.log[len(game.log) - count - 1].split()[0] in ("round", "enemy", "end-turn"):
            count += 1
        taken = take_back(game, count)
        earlier, undone = taken.after, taken.undone
        todo = self.bot.table_changes(game, earlier)
        if game.physical_deck:                 # the printed cards those steps drew go back to their decks
            records = [r for step in taken.records for r in step]
            todo += undo_pile_changes(game.table.decks, earlier.table.decks, records)
        return earlier, Shown(changed=True, done=["taken back: " + "; ".join(undone)],
                              table=todo or ["nothing to change"],
                              table_title="Put back on the table")

    # -- the page --------------------------------------------------------------------
    def _unplaced(self, game: Game) -> list[str]:
        placed = [u.type for u in game.pos.swedish]
        left = []
        for troop in TROOPS:
            left += [troop] * max(2 - placed.count(troop), 0)
        return sorted(set(left), key=TROOPS.index)

    def fragment(self, game: Game, shown: Shown) -> str:
        pos, board = game.pos, game.board
        selected = shown.selected if any(u.id == shown.selected for u in pos.swedish) else ""
        found = reach(game.table, selected) if selected and pos.phase in PLAYER_PHASES else None
        marks = highlight(found) + [{"hex": found.unit.hex, "label": found.unit.id, "kind": "note"}] if found else None
        # the hexes a Dane would attack next turn, among those that matter now: where the selected
        # unit may go (a Dane that would lose to it does not attack it), and your units where they stand
        threats = danish_threats(game.table, found.unit.type) & (set(found.spaces) | {found.unit.hex}) if found else set()
        at_risk = {u.hex for u in pos.swedish if found and u.hex in danish_threats(game.table, u.type)}
        position = painter_position(game, marks)
        tappable = set(board.land) | {u.hex for u in pos.danish}
        svg = position_svg(self.art(game.data), position, tappable, threats, crop=self._action(game))
        question = shown.extra.get("question")
        zones = self._zone_groups(game, question) if isinstance(question, CardQuestion) else []
        likeliest = self._likeliest(game, question) if isinstance(question, CardQuestion) and not zones else []
        moves = self._danish_moves(game) if not found else []
        return render("stockholm.html", TEMPLATES, at=position_mark(game.log),
                      pos=pos, svg=svg, shown=shown, selected=selected or shown.selected,
                      next=self._next_words(game), found=found, outcome_words=OUTCOME_WORDS, question=question,
                      threatened=sorted(at_risk),
                      unplaced=self._unplaced(game) if pos.phase == "setup" else [],
                      rows=unit_rows(game.table), moves=moves, player=pos.phase in PLAYER_PHASES,
                      types=SWEDISH_TYPES, zones=zones, likeliest=likeliest, short=SHORT)

    def _zone_groups(self, game: Game, question: CardQuestion) -> list[tuple[str, list[tuple[int, list[tuple[str, str, str]]]]]]:
        """A zone card's possible cards grouped by zone, then road, each as printed: its troop in
        the troop's colour (the card's colour names the troop, 1.2.1); [] for an event card."""
        cards = game.table.decks.zone_cards
        if not question.what.startswith("zone card"):
            return []
        groups: dict[str, dict[int, list[tuple[str, str, str]]]] = {}
        for card_id, _ in question.options:
            card = cards.get(card_id)
            if card is None:
                return []
            colour = game.data.units.colour.get(card.troop, "")
            groups.setdefault(card.zone, {}).setdefault(card.road, []).append((card_id, card.troop, colour))
        order = {troop: n for n, troop in enumerate(TROOPS)}         # red, green, blue: as the rulebook lines them up
        return [(zone, [(road, sorted(found, key=lambda c: order.get(c[1], 9))) for road, found in sorted(roads.items())])
                for zone, roads in sorted(groups.items())]

    def _likeliest(self, game: Game, question: CardQuestion) -> list[tuple[str, str, int, int]]:
        """The cards a question may be, the likeliest first: (id, title, copies of it in the pile the
        card is drawn from, cards in that pile). The event deck holds some cards twice (Ship,
        Propaganda): those come first, each with its chance."""
        decks = game.table.decks
        pile = decks.event if question.what.startswith("event") else decks.zone
        cards = list(pile.discard if question.reshuffle else pile.draw)
        for card in [] if question.reshuffle else question.chosen:
            if card in cards:
                cards.remove(card)
        copies = {card_id: max(cards.count(card_id), 1) for card_id, _ in question.options}
        return sorted(((card_id, title, copies[card_id], max(len(cards), 1)) for card_id, title in question.options),
                      key=lambda c: (-c[2], c[0]))

    def _next_words(self, game: Game) -> str:
        """What to do next, in the page's words (taps, not commands)."""
        phase = game.pos.phase
        if phase == "setup":
            return "place your six units in the Stockholm area: choose a unit, then tap a hex"
        if phase == "player":
            return "your turn: a unit's button in the list, or tap a unit, then where it goes or whom it attacks"
        if phase == "regroup":
            return "regroup turn (2.0 step 4): move your units, then end the turn"
        if phase == "round":
            return "a new round (2.0 step 1): its event, zone cards and spawns, then the Danish turn: the button below"
        if phase == "enemy":
            return "the Danish turn (2.0 step 2): the button below"
        return next_step(game.pos)

    def _action(self, game: Game) -> set[str]:
        """The hexes the picture is cropped to: every piece, Kristina, the last Danish paths, and
        every space a Swedish unit could reach (so selecting a unit never moves the crop: the
        picture keeps its place and scale between taps); the Stockholm area in setup."""
        hexes = {u.hex for u in game.pos.units()} | {game.board.kristina}
        hexes |= {h for _, path in last_moves(game) for h in path}
        for unit in game.pos.swedish:
            hexes |= set(game.board.around(unit.hex, game.table.movement(unit)))
        if game.pos.phase == "setup":
            hexes |= set(game.board.stockholm)
        return hexes

    def _danish_moves(self, game: Game) -> list[dict[str, Any]]:
        """The last Danish turn's moves and attacks, numbered as the arrows, with reasons and rules."""
        numbered = {unit: n for n, (unit, _) in enumerate(last_moves(game), start=1)}
        for line, records in zip(reversed(game.log), reversed(game.records)):
            if not line.startswith("enemy"):
                if any(r["kind"] == "danish" for r in records):
                    break
                continue
            out = []
            for r in records:
                if r["kind"] != "danish":
                    continue
                path = r.get("path") or []
                attack = r.get("attack")
                what = " > ".join(path) if len(path) > 1 else "stays"
                if attack:
                    what += f"; attacks {attack['target']} ({attack['outcome']})"
                out.append({"n": numbered.get(str(r["unit"])), "unit": r["unit"], "what": what,
                            "reason": r.get("reason", ""),
                            "rules": describe_steps(r["steps"]) if r.get("steps") else ""})
            return out
        return []

