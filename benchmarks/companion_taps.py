"""Taps a Stockholm 1520 round takes on the companion page: figures printed, never asserted (the
targets of issue 36: a median of at most 12 taps a round with the bot's decks, 18 with the
printed decks).

Run from the repository: ``python benchmarks/companion_taps.py [--seeds 1-5] [--rounds 3]
[--cards physical]``. For each seed it serves a new game's page (uvicorn in a thread, as the
browser tests do) and plays it in headless Chromium at phone size (390 x 844), tapping the
actions ``bot simulate``'s Swedish player chooses (``bot.stockholm1520.policy``) on the list of
units beside the board (``bot.stockholm1520.unit_list``): the button of a move; of a move and
the attack or upgrade the same unit makes from there when the player decides both at once
and the list has that button (else the move's button, then the attack's); "+N more" first when
the button is folded away; "Attack anyway" when asked; "End turn"; "Play on" for the round and
the Danish turns; and with ``--cards physical`` each card a step draws in the picker (one of
those it offers, drawn with the game's seed). Every click is a tap, "more" and the
confirmations too; a round's taps run from its first tap to the next round's first. It prints
each round's count and the median, with how the taps split.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))     # the repository's tests/ (its browser helpers)

from bot.stockholm1520.actions import Action, Attack, EndTurn, Move, Upgrade   # noqa: E402
from bot.stockholm1520.game import Game                                      # noqa: E402
from bot.stockholm1520.gamedata import load_game_data                        # noqa: E402
from bot.stockholm1520.policy import Policy                                  # noqa: E402
from bot.stockholm1520.save import read_save, write_save                     # noqa: E402

TOKEN = "taps"


@dataclass
class Taps:
    """The taps of a game, by round and by kind."""

    by_round: Counter = field(default_factory=Counter)
    cards: Counter = field(default_factory=Counter)                 # by round: the printed cards entered
    extra: Counter = field(default_factory=Counter)                 # by round: taps that are no decision ("more", "Attack anyway")
    kinds: Counter = field(default_factory=Counter)
    rng: random.Random = field(default_factory=random.Random)        # the printed cards drawn


class Player:
    """``bot simulate``'s Swedish player, a decision at a time: an action, or a move and the
    attack or upgrade the same unit makes right after it (one decision: where to strike from).
    An action looked at but not played yet is kept for the next call (the policy hands out its
    plan in order)."""

    def __init__(self) -> None:
        self.policy = Policy()
        self.kept: list[Action] = []

    def decision(self, game: Game, save: Path) -> list[Action]:
        first = self.kept.pop(0) if self.kept else self.policy.next_action(game.table)
        if not isinstance(first, Move):
            return [first]
        trial = read_save(save)
        trial.apply(first)
        follow = self.policy.next_action(trial.table)
        if isinstance(follow, (Attack, Upgrade)) and follow.unit == first.unit:
            return [first, follow]
        self.kept = [follow]
        return [first]


def click(d: Any, css: str | Any) -> None:
    """One tap on what ``css`` finds (or on that element); waits for the page's game part to be swapped."""
    from selenium.webdriver.common.by import By

    from tests.web.browser import swaps, wait_swapped
    before = swaps(d)
    target = d.find_element(By.CSS_SELECTOR, css) if isinstance(css, str) else css
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
    d.execute_script("arguments[0].click()", target)
    wait_swapped(d, before, timeout=30)


def _has(d: Any, css: str) -> bool:
    return bool(d.find_elements("css selector", css))


def _option(d: Any, unit: str, hex_id: str = "", target: str = "", troop: str = "") -> Any:
    """The list's button that plays exactly this (None when the list has none)."""
    want = {"op": "act", "unit": unit, "hex": hex_id, "target": target, "troop": troop}
    for button in d.find_elements("css selector", f"#units .unit-row[data-row='{unit}'] button.opt"):
        if json.loads(button.get_attribute("hx-vals")) == want:
            return button
    return None


def play_tap(d: Any, save: Path, player: Player, taps: Taps) -> Game:
    """The taps of one decision ``bot simulate``'s Swedish player makes on the page from the
    saved game (one tap, or "more" first, or "Attack anyway" after); the game as it was before."""
    game = read_save(save)
    pos = game.pos
    offered = d.find_elements("css selector", "#picker button[name='card']")
    # "Play on" a new round is its first tap; the cards the new round draws after the regroup turn are its own
    r = pos.round + 1 if pos.phase == "round" or (offered and pos.phase == "regroup") else pos.round

    def tap(css: str | Any, kind: str) -> None:
        click(d, css)
        taps.by_round[r] += 1
        taps.kinds[kind] += 1

    def press(button: Any, kind: str) -> None:
        if not button.is_displayed():               # folded away: "+N more" first (opens in the page: no request)
            more = button.find_element("xpath", "ancestor::details/summary")
            d.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click()", more)
            taps.by_round[r] += 1
            taps.extra[r] += 1
            taps.kinds["more"] += 1
        tap(button, kind)
        if _has(d, "#attack-anyway"):
            tap("#attack-anyway", "attack anyway")
            taps.extra[r] += 1

    if offered:                                         # the printed decks: the card drawn, shuffled by the seed
        card = taps.rng.choice(sorted(b.get_attribute("value") for b in offered))    # whatever order the page shows
        tap(f"#picker button[name='card'][value='{card}']", "card")
        taps.cards[r] += 1
        return game
    if pos.phase not in ("player", "regroup"):
        tap("#end-turn", "play on")
        return game
    decision = player.decision(game, save)
    action = decision[0]
    if isinstance(action, EndTurn):
        tap("#end-turn", "end of turn")
        return game
    if len(decision) == 2:                              # a move and what the unit does from there
        follow = decision[1]
        both = _option(d, action.unit, action.hex, getattr(follow, "target", ""), getattr(follow, "troop", ""))
        if both is not None:
            press(both, "move and attack" if isinstance(follow, Attack) else "move and upgrade")
            return game
        player.kept = [follow]                          # not a button of the list: the move, then that
    if isinstance(action, Move):
        button, kind = _option(d, action.unit, action.hex), "move"
    elif isinstance(action, Attack):
        button, kind = _option(d, action.unit, target=action.target), "attack"
    elif isinstance(action, Upgrade):
        button, kind = _option(d, action.unit, troop=action.troop), "upgrade"
    else:
        raise RuntimeError(f"the policy chose {action}: not a tap of this page")
    if button is None:
        raise RuntimeError(f"the policy chose {action}: no button of the list plays it")
    press(button, kind)
    return game


def play(d: Any, url: str, save: Path, rounds: int, until_over: bool = False, most: int = 2000) -> tuple[Taps, Game]:
    """Tap a served game from its first round through ``rounds`` rounds (or to its end)."""
    d.get(url)
    player, taps = Player(), Taps(rng=random.Random(read_save(save).seed))
    for _ in range(most):
        game = read_save(save)
        pos = game.pos
        if pos.phase == "over" or (not until_over and (pos.round > rounds or (pos.phase == "round" and pos.round == rounds))):
            return taps, game
        play_tap(d, save, player, taps)
    raise RuntimeError(f"the game did not end in {most} decisions")


def new_save(folder: Path, seed: int, physical: bool = False) -> Path:
    save = folder / f"seed{seed}.save.json"
    game = Game(seed, load_game_data(None), physical_deck=physical)
    game.apply("place auto")
    write_save(game, save)
    return save


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="1-5", help="seeds, as 1-5 or 1,3,7")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cards", choices=("virtual", "physical"), default="virtual",
                        help="the bot's decks, or the printed decks entered card by card (the first card offered)")
    args = parser.parse_args(argv)
    first, _, last = args.seeds.partition("-")
    seeds = list(range(int(first), int(last) + 1)) if last else [int(s) for s in args.seeds.split(",")]

    from bot.stockholm1520.cli import BOT
    from tests.web.browser import Served, start_driver
    d = start_driver()
    counts: list[int] = []
    decisions: list[int] = []
    cards: list[int] = []
    kinds: Counter = Counter()
    try:
        with tempfile.TemporaryDirectory() as folder:
            for seed in seeds:
                save = new_save(Path(folder), seed, args.cards == "physical")
                page = Served(BOT.page(), save, TOKEN)
                try:
                    taps, game = play(d, page.url(), save, args.rounds)
                finally:
                    page.stop()
                over = game.pos.phase == "over"
                whole = [n for r, n in sorted(taps.by_round.items()) if 1 <= r <= args.rounds
                         and not (over and r == game.pos.round)]                  # a round lost midway is not whole
                counts += whole
                decisions += [n - taps.extra[r] for r, n in sorted(taps.by_round.items()) if 1 <= r <= args.rounds
                              and not (over and r == game.pos.round)]
                cards += [taps.cards[r] for r, n in sorted(taps.by_round.items()) if 1 <= r <= args.rounds
                          and not (over and r == game.pos.round)]
                kinds += taps.kinds
                print(f"seed {seed}: taps a round {', '.join(f'round {r}: {n}' for r, n in sorted(taps.by_round.items()))}"
                      + (f" (lost in round {game.pos.round})" if game.pos.phase == "over" and game.pos.result != "won"
                         else ""))
    finally:
        d.quit()
    if counts:
        print(f"{len(counts)} whole rounds: median {statistics.median(counts)} taps, fewest {min(counts)}, most "
              f"{max(counts)}; taps by kind: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
        print(f"decisions a round (the taps less 'more' and 'Attack anyway'): median {statistics.median(decisions)}"
              + (f"; printed cards entered a round: median {statistics.median(cards)}" if any(cards) else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
