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
from functools import lru_cache
from typing import Any, Mapping

from generator.draw.svg import render_svg

from bot.batalj.board import ENEMY, NAMES, SECTORS, SWEDEN, SWEDISH_SECTORS
from bot.batalj.explain import format_records
from bot.batalj.game import BattleGame
from bot.batalj.show import COL_W, LEFT, RESERVE_Y, board_scene, pieces_layer, sector_origin
from bot.errors import RuleError
from bot.web.pages import render
from bot.web.view import Shown, View

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


@lru_cache(maxsize=1)
def _board() -> tuple[bytes, float, float, float]:
    board, bleed = board_scene()
    return render_svg(board).encode(), board.width, board.height, bleed


def battle_svg(game: BattleGame, picked: str = "") -> str:
    """The pieces over the board picture (``/board.svg``), each area a tappable rectangle."""
    _, width, height, bleed = _board()
    layer = render_svg(pieces_layer(game.battle, width, height, bleed)).strip()
    layer = re.sub(r"^<\?xml[^>]*>\s*", "", layer)
    head_end = layer.index(">")
    head = re.sub(r'\s(width|height)="[^"]*"', "", layer[:head_end])
    taps = []
    for area in (*SECTORS, "sr", "er"):
        if area in SECTORS:
            (x, y), w, h = sector_origin(area), COL_W, SECTOR_H
        else:
            x, y, w, h = LEFT, RESERVE_Y[SWEDEN if area == "sr" else ENEMY], RESERVE_W, RESERVE_H
        ring = ' stroke="#e0a800" stroke-width="2.5"' if area == picked else ""
        taps.append(f'<rect data-tap="{area}" x="{x + bleed:.1f}" y="{y + bleed:.1f}" width="{w:.1f}" height="{h:.1f}" '
                    f'rx="2" fill="#fff" fill-opacity="0"{ring}><title>{NAMES[area]}</title></rect>')
    under = f'<image href="/board.svg" x="0" y="0" width="{width:.2f}" height="{height:.2f}"/>'
    # cropped to the armies' areas: the rules' column at the right is on the printed board
    head = re.sub(r'viewBox="[^"]*"', f'viewBox="0 0 {bleed + LEFT + RESERVE_W + 10:.1f} {height:.1f}"', head, count=1)
    return head + ">" + under + layer[head_end + 1:].replace("</svg>", "".join(taps) + "</svg>")


def _name(card: str) -> str:
    """A card's name as a move names it: as it is, quoted when it holds a space or a sign."""
    return card if re.match(r"^[\w-]+$", card) else shlex.quote(card)


def redeploy_moves(game: BattleGame, area: str) -> list[str]:
    """The redeployment moves (step 5) a tap on ``area`` offers, in the grammar of
    ``pnpkit batalj redeploy``; the rules decide, when they are played, which are allowed."""
    b = game.battle
    moves: list[str] = []
    if area in b.sectors and b.sectors[area].card:
        card = _name(b.sectors[area].card or "")
        group = b.sectors[area]
        moves += [f"back {card}", f"retire {card} 1", f"reinforce {card} 1"]
        if group.commanders:
            moves += [f"commander {area} {to} 1" for to in ("sr", *SWEDISH_SECTORS) if to != area]
    if area == "sr":
        for card in b.reserves[SWEDEN].cards:
            moves += [f"forward {_name(card)} {s}" for s in SWEDISH_SECTORS if b.sectors[s].empty]
        if b.reserves[SWEDEN].commanders:
            moves += [f"commander sr {s} 1" for s in SWEDISH_SECTORS if b.sectors[s].holds(SWEDEN)]
    for s in ("e1", "e2", "e3"):
        if area == s and b.sectors[s].card:            # a Swedish card that advanced into an enemy Sector
            card = _name(b.sectors[s].card or "")
            moves += [f"back {card}", f"forward {card}"]
    return moves


class BataljView(View[BattleGame]):
    title = "Batalj"

    def board(self, game: BattleGame) -> bytes:
        return _board()[0]

    def handle(self, game: BattleGame, form: Mapping[str, str]) -> tuple[BattleGame, Shown]:
        op = form.get("op", "")
        if op == "tap":                                # an area tapped: its redeployment moves
            return game, Shown(selected=form.get("tap", ""), extra={"moves": form.get("moves", "")})
        if op == "add":                                # a redeployment move gathered, not played yet
            moves = [m for m in (form.get("moves", ""), form.get("move", "")) if m.strip()]
            return game, Shown(selected=form.get("sel", ""), extra={"moves": "; ".join(moves)})
        if op == "undo":
            if not game.log:
                raise RuleError("nothing to undo")
            undone = game.log[-1]
            earlier = game.undo(1)
            todo = self.bot.table_changes(game, earlier)
            return earlier, Shown(changed=True, done=[f"taken back: {undone}"], table=todo or ["nothing to change"],
                                  table_title="Put back on the table")
        line = self._line(game, op, form)
        records = game.apply(line)
        return game, Shown(changed=True, done=format_records(records).splitlines())

    def _line(self, game: BattleGame, op: str, form: Mapping[str, str]) -> str:
        """The bot's action line for a tap, built from checked values (never a typed line)."""
        if op == "place":
            area, card = form.get("area", ""), form.get("card", "").strip()
            if area not in AREA_WORDS or not CARD.match(card):
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
            phase = game.battle.phase
            if phase not in ROLLING:
                raise RuleError(f"no dice to roll now ({phase})")
            dice = form.get("dice", "").replace(" ", "")
            if dice and not DICE.match(dice):
                raise RuleError("dice are numbers 1-6, separated by commas")
            return f"{phase} dice={dice}" if dice else phase
        if op == "choose":
            answer = form.get("answer", "")
            question = game.question
            if question is None or answer not in question.options:
                raise RuleError("no such answer to the question now")
            return f"choose {shlex.quote(answer)}"
        if op == "redeploy":
            moves = form.get("moves", "")
            if len(moves) > 400:
                raise RuleError("too many moves")
            return f"redeploy {moves}".strip()
        raise RuleError(f"unknown request {op[:20]!r}")

    def _next_words(self, game: BattleGame) -> str:
        if game.question is not None:
            return "answer the question below"
        return NEXT.get(game.battle.phase) or self.bot.next_step(game)

    def fragment(self, game: BattleGame, shown: Shown) -> str:
        b = game.battle
        picked = shown.selected if shown.selected in (*SECTORS, "sr", "er") else ""
        moves = shown.extra.get("moves", "")
        offered = redeploy_moves(game, picked) if b.phase == "redeploy" and picked and game.question is None else []
        return render("batalj.html", TEMPLATES, b=b, svg=battle_svg(game, picked), shown=shown, question=game.question,
                      next=self._next_words(game), rolling=b.phase in ROLLING and game.question is None,
                      picked=picked, picked_name=NAMES.get(picked, ""), moves=moves, offered=offered,
                      areas=AREA_WORDS, names=NAMES)

