"""Batalj's page: the printed Battlefield with the Sectors and Reserves, a button a battle step.

Setup: place a Province card (area, card, Soldiers, Commanders), Artillery, "Ready". Each
step (fire, attack, counter): tap the dice you rolled (big buttons, in the order the bot asks)
and "Roll these", or "Let the bot roll"; then the choices after the dice as buttons (where hits
fall, a Commander retreating: ``pnpkit batalj choose``). Redeployment: tap a Swedish Sector (or
a card in the Reserve) for its moves, tap the moves (they gather in order), "Redeploy". Every
line is built here from the tapped values and played by the bot's own rules (``BataljBot``).
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Mapping, Sequence

from bot.batalj.attack import attackers
from bot.batalj.board import ENEMY, NAMES, SECTORS, SWEDEN
from bot.batalj.explain import format_records
from bot.batalj.battlegame import LoggedBattle
from bot.batalj.offer import allowed, offered, planned, words
from bot.batalj.redeployment import Move, in_order, parse_moves
from bot.batalj.state import Battle
from bot.batalj.baked import BoardArt
from bot.batalj.pieces import COL_W, LEFT, RESERVE_Y, draw_pieces, sector_origin
from bot.errors import RuleError
from bot.replay import take_back
from bot.web.pages import render
from bot.web.picture import PagePicture, Region, page_svg
from bot.web.sketch import Layer, Paint, Sketch
from bot.web.view import PagedBot, Shown, View, board_href, new_seed, position_mark

SECTOR_H = 110.0                  # a Sector's height on the board (data/batalj/layouts/battlefield.yaml)
RESERVE_W, RESERVE_H = 268.0, 74.0
ROLLING = ("fire", "attack", "counter")
AREA_WORDS = {"s1": "left", "s2": "centre", "s3": "right", "sr": "reserve"}
#: What to do next, in the page's words.
NEXT = {"setup": "place your Province cards (at most one a Sector, at least one in the Reserve) and Artillery, then Ready",
        "fire": "step 2: all Artillery fires: your dice, or let the bot roll",
        "attack": "step 3: Sweden attacks: your dice, or let the bot roll",
        "counter": "step 4: the enemy counter-attacks: its dice, or let the bot roll",
        "redeploy": "step 5: your redeployment, then the enemy's (step 6)"}
DICE = re.compile(r"^[1-6](,[1-6]){0,39}$")
CARD = re.compile(r"^[^\s;'\"<>]{1,40}$")

TEMPLATES = Path(__file__).parent / "templates"


class _SketchPainter:
    """The pieces (``bot.batalj.pieces``) drawn as the page's layer."""

    def __init__(self, sketch: Sketch) -> None:
        self.sketch = sketch
        self.moved = sketch.moved

    def circle(self, cx: float, cy: float, r: float, fill: str, stroke: str, stroke_width: float) -> None:
        self.sketch.circle(cx, cy, r, Paint(fill, stroke, stroke_width))

    def polygon(self, points: Sequence[tuple[float, float]], fill: str, stroke: str, stroke_width: float) -> None:
        self.sketch.polygon(points, Paint(fill, stroke, stroke_width))

    def rect(self, x: float, y: float, w: float, h: float, fill: str, stroke: str, stroke_width: float,
             radius: float) -> None:
        self.sketch.rect(x, y, w, h, Paint(fill, stroke, stroke_width), radius)

    def text(self, x: float, y: float, text: str, face: str, size_pt: float, fill: str, anchor: str) -> None:
        self.sketch.text(x, y, text, face, size_pt, fill, anchor)


def pieces_layer(battle: Battle, art: BoardArt) -> Layer:
    """The battle's pieces, cards and status line as the page's layer over the board."""
    sketch = Sketch(art.glyphs)
    draw_pieces(_SketchPainter(sketch), battle, art.bleed)
    return Layer(art.width, art.height, *sketch.parts())


def battle_svg(battle: Battle, art: BoardArt, picked: str = "") -> str:
    """The pieces over the board picture (``/board.svg``), each area a tappable rectangle,
    cropped to the armies' areas (the rules' column at the right is on the printed board):
    one picture (``bot.web.picture``)."""
    height, bleed = art.height, art.bleed
    regions = []
    for area in (*SECTORS, "sr", "er"):
        if area in SECTORS:
            (x, y), w, h = sector_origin(area), COL_W, SECTOR_H
        else:
            x, y, w, h = LEFT, RESERVE_Y[SWEDEN if area == "sr" else ENEMY], RESERVE_W, RESERVE_H
        picked_here = area == picked                     # the area picked: ringed
        regions.append(Region(box=(x + bleed, y + bleed, w, h), radius=2.0, tap=area, title=NAMES[area],
                              stroke="#e0a800" if picked_here else "", stroke_width=2.5 if picked_here else 0.0))
    return page_svg(PagePicture(board_href(art.svg), pieces_layer(battle, art), regions,
                                (0.0, 0.0, bleed + LEFT + RESERVE_W + 10, height)))


def _name(card: str) -> str:
    """A card's name as a move names it: as it is, quoted when it holds a space or a sign."""
    return card if re.fullmatch(r"^[\w-]+$", card) else shlex.quote(card)


def chosen_moves(text: str) -> list[Move]:
    """The redeployment moves gathered on the page (as ``redeploy`` takes them), in the rules' order."""
    if len(text) > 600:
        raise RuleError("too many moves: Clear, and tap them again")
    try:
        return in_order(parse_moves(text))
    except ValueError as err:
        raise RuleError(str(err)) from None


def joined(moves: list[Move]) -> str:
    return "; ".join(str(m) for m in moves)


def rollers(game: LoggedBattle) -> tuple[list[str], list[str]]:
    """Who rolls at this step, in the order the dice are taken: the Swedish dice's rollers, then
    the enemy's (the enemy's Cannons at step 2; the enemy's attackers at step 4)."""
    t, phase = game.table, game.battle.phase
    if phase == "fire":
        return ([f"Swedish Cannon {i} (Styrka {s})" for i, s in enumerate(t.battle.reserves[SWEDEN].cannons, 1)],
                [f"enemy Cannon {i}" for i in range(1, len(t.battle.reserves[ENEMY].cannons) + 1)])
    if phase == "attack":
        return [NAMES[a] for a in attackers(t, SWEDEN)], []
    if phase == "counter":
        return [], [NAMES[a] for a in attackers(t, ENEMY)]
    return [], []


class BataljView(View[LoggedBattle]):
    """Batalj's page, drawn on ``art`` (baked from the kit: ``bot.batalj.bake``)."""

    title = "Batalj"

    def __init__(self, bot: PagedBot, art: BoardArt) -> None:
        super().__init__(bot)
        self.art = art

    def board(self, game: LoggedBattle) -> bytes:
        return self.art.svg

    def handle(self, game: LoggedBattle, form: Mapping[str, str]) -> tuple[LoggedBattle, Shown]:
        op = form.get("op", "")
        if op == "tap":                                # an area tapped: its redeployment moves
            return game, Shown(selected=form.get("tap", ""), extra={"moves": form.get("moves", "")})
        if op in ("add", "drop"):                      # a redeployment move gathered (or dropped), not played yet
            chosen = chosen_moves(form.get("moves", ""))
            if op == "drop":
                index = form.get("index", "")
                if not index.isdigit() or int(index) >= len(chosen):
                    raise RuleError("no such move to take back")
                del chosen[int(index)]
                return game, Shown(selected=form.get("sel", ""), extra={"moves": joined(chosen)})
            added = chosen_moves(form.get("move", ""))
            if len(added) != 1 or not allowed(game.table, chosen, added[0]):
                return game, Shown(error="the rules do not allow that move after the others: tap the area again",
                                   selected=form.get("sel", ""), extra={"moves": joined(chosen)})
            return game, Shown(selected=form.get("sel", ""), extra={"moves": joined(in_order([*chosen, *added]))})
        if op == "new":
            seed, players = new_seed(form.get("seed", "")), form.get("players", "3")
            if players not in ("2", "3", "4", "5", "6"):
                raise RuleError("a battle is played by 2 to 6 players")
            fresh = type(game)(seed, int(players), game.strength_deck)
            return fresh, Shown(changed=True, done=[f"New battle, {players} players, seed {seed} (pnpkit batalj new "
                                                    f"--players {players} --seed {seed} starts the same one)",
                                                    NEXT["setup"]])
        if op == "undo":
            taken = take_back(game)
            earlier = taken.after
            todo = self.bot.table_changes(game, earlier)
            return earlier, Shown(changed=True, done=["taken back: " + "; ".join(taken.undone)],
                                  table=todo or ["nothing to change"],
                                  table_title="Put back on the table")
        line = self._line(game, op, form)
        records = game.apply(line)
        return game, Shown(changed=True, done=format_records(records).splitlines())

    def _line(self, game: LoggedBattle, op: str, form: Mapping[str, str]) -> str:
        """The bot's action line for a tap, built from checked values (never a typed line)."""
        if op == "place":
            area, card = form.get("area", ""), form.get("card", "").strip()
            if area not in AREA_WORDS or not CARD.fullmatch(card):
                raise RuleError("choose an area and give the Province card's name (one word, as printed)")
            soldiers, commanders = form.get("soldiers", "0"), form.get("commanders", "0")
            if not (soldiers.isdigit() and commanders.isdigit()) or int(soldiers) > 40 or int(commanders) > 40:
                raise RuleError("Soldiers and Commanders are numbers from 0 to 40")
            return f"place {AREA_WORDS[area]} {_name(card)} {int(soldiers)} {int(commanders)}"
        if op == "artillery" and form.get("styrka") in ("1", "2", "3"):
            return f"artillery {form['styrka']}"
        if op == "ready":
            return "ready"
        if op == "end":
            return "end agreed"
        if op == "roll":
            return self._roll(game, form)
        if op == "choose":
            answer = form.get("answer", "")
            question = game.question
            if question is None or answer not in question.options:
                raise RuleError("no such answer to the question now")
            return f"choose {shlex.quote(answer)}"
        if op == "redeploy":
            return f"redeploy {joined(chosen_moves(form.get('moves', '')))}".strip()
        raise RuleError(f"unknown request {op[:20]!r}")

    def _roll(self, game: LoggedBattle, form: Mapping[str, str]) -> str:
        """A step's line from the dice tapped: none (the bot rolls them all), the Swedish ones
        (the bot rolls the enemy's), or every die the step rolls; at step 3, only the areas
        left ticked attack (a Sector may abstain)."""
        phase = game.battle.phase
        if phase not in ROLLING:
            raise RuleError(f"no dice to roll now ({phase})")
        dice = "" if form.get("bot") else form.get("dice", "").replace(" ", "")
        if dice and not DICE.fullmatch(dice):
            raise RuleError("dice are numbers 1-6, separated by commas")
        got = dice.split(",") if dice else []
        ours, theirs = rollers(game)
        line: str = phase
        if phase == "attack":
            able = attackers(game.table, SWEDEN)
            attacking = [a for a in able if form.get(f"from_{a}")]
            ours = [NAMES[a] for a in attacking]
            if attacking != able:
                line += f" from={','.join(attacking)}" if attacking else " none"
        if len(got) not in {0, len(ours), len(ours) + len(theirs)}:
            counts = sorted({n for n in (len(ours), len(ours) + len(theirs)) if n})
            raise RuleError(f"{len(got)} dice tapped: this step rolls {' or '.join(map(str, counts))} "
                            f"({', '.join([*ours, *theirs])}): Clear and tap them again, or let the bot roll")
        if phase == "fire":
            mine, enemy = got[:len(ours)], got[len(ours):]
            return line + (f" dice={','.join(mine)}" if mine else "") + (f" enemy-dice={','.join(enemy)}" if enemy else "")
        return line + (f" dice={dice}" if dice else "")

    def _next_words(self, game: LoggedBattle) -> str:
        if game.question is not None:
            return "answer the question below"
        return NEXT.get(game.battle.phase) or self.bot.next_step(game)

    def fragment(self, game: LoggedBattle, shown: Shown) -> str:
        b = game.battle
        picked = shown.selected if shown.selected in (*SECTORS, "sr", "er") else ""
        moves, shown_battle, offers = shown.extra.get("moves", ""), b, []
        chosen: list[Move] = []
        if b.phase == "redeploy" and game.question is None:
            try:
                chosen = chosen_moves(moves)
                shown_battle = planned(game.table, chosen).battle       # the board as the moves leave it
            except RuleError:
                chosen, moves = [], ""
            offers = [(str(m), words(m)) for m in offered(game.table, chosen, picked)] if picked else []
        ours, theirs = rollers(game)
        able = attackers(game.table, SWEDEN) if b.phase == "attack" else []
        return render("batalj.html", TEMPLATES, at=position_mark(game.log),
                      b=b, svg=battle_svg(shown_battle, self.art, picked), shown=shown,
                      question=game.question, next=self._next_words(game),
                      rolling=b.phase in ROLLING and game.question is None, picked=picked,
                      picked_name=NAMES.get(picked, ""), moves=joined(chosen), chosen=[words(m) for m in chosen],
                      offered=offers, areas=AREA_WORDS, names=NAMES, ours=ours, theirs=theirs, able=able)
