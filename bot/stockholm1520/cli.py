"""``pnpkit bot ...``: play Stockholm 1520 at the table with the bot as the Danish army.

Every command reads the save file, does one thing, writes the save atomically and prints
what happened in plain words (or JSON with ``--json``). The verbs every bot answers (new,
status, log, undo, show, simulate, ask) come from ``bot.verbs``; this module says what is
Stockholm 1520's (``StockholmBot``) and adds its own verbs (place, next, move, attack, ...).
User errors print a message and exit non-zero, never a traceback (``bot.commands``).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import click

from bot.commands import EXIT_RULE, Seed, echo, friendly, json_option, random_seed, refusal
from bot.errors import ActionSyntaxError, RuleError
from bot.verbs import Answer, Bot, bot_commands, echo as answer, log_lines, status_answer
from bot.records import Record

if TYPE_CHECKING:           # the rules, the game's data and pydantic are imported by the verbs that use them
    from bot.replay import Replayed
    from bot.stockholm1520.game import Game
    from bot.web.view import View

#: The save a command reads and writes when not given ``--save``.
DEFAULT_SAVE = "stockholm1520.save.json"


def game_option(fn: Callable) -> Callable:
    return click.option("--game", "game_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
                        metavar="DIR", help="The game's folder, holding its game.yaml (default: the "
                                            "save's game, or stockholm1520, in the kit).")(fn)


def load_options(fn: Callable) -> Callable:
    """--game and --data-changed-ok: what a command on a saved game takes besides --save."""
    fn = click.option("--data-changed-ok", "data_changed_ok", is_flag=True,
                      help="Load a save made with other data files (named when refused); the save records "
                           "the new data when it is next written.")(fn)
    return game_option(fn)


def explain_option(fn: Callable) -> Callable:
    return click.option("--explain", is_flag=True,
                        help="Also print which step of the decision procedure (docs/bot.md) decided "
                             "each Danish action.")(fn)


def drawn_option(fn: Callable) -> Callable:
    return click.option("--drawn", "drawn", multiple=True, metavar="CARD-IDS",
                        help="Ids printed on the physical cards you drew, in order (repeat or separate "
                             "with spaces); without it the bot draws from its seeded decks.")(fn)


def cards_option(fn: Callable) -> Callable:
    return click.option("--cards", type=click.Choice(["virtual", "physical"]), default="virtual", show_default=True,
                        help="virtual: the bot draws from its seeded decks (you may still enter cards with "
                             "--drawn); physical: you draw every card from the printed decks and enter it, "
                             "the bot never draws one itself.")(fn)


def _cards(drawn: tuple[str, ...], extra: tuple[str, ...] = ()) -> tuple[str, ...]:
    return tuple(c.upper() for item in (*drawn, *extra) for c in re.split(r"[\s,]+", item) if c)


def _simulate_options(fn: Callable) -> Callable:
    fn = click.option("--player", type=click.Choice(["defensive", "random"]), default="defensive", show_default=True,
                      help="The Swedish player: the built-in defensive policy, or random legal actions.")(fn)
    fn = click.option("--check", "check_invariants", is_flag=True,
                      help="Check the engine's invariants after every action (slower).")(fn)
    fn = game_option(fn)
    fn = click.option("--seed", type=int, default=0, show_default=True)(fn)
    return click.option("--games", type=click.IntRange(min=1), default=100, show_default=True)(fn)


def _ask_options(fn: Callable) -> Callable:
    fn = click.option("--map", "map_file", hidden=True, default=None,
                      help="Not an option: the board comes with its game (--game DIR).")(fn)
    fn = game_option(explain_option(drawn_option(fn)))
    fn = click.option("--seed", type=int, default=0, show_default=True, help="Seed for cards drawn during the turn.")(fn)
    return click.argument("position", type=click.Path(dir_okay=False, path_type=Path))(fn)



def page() -> type[View[Any]]:
    """The bot's page (``serve``), imported when it is served."""
    from bot.stockholm1520.web import StockholmView
    return StockholmView

class StockholmBot(Bot["Game"]):
    """Stockholm 1520's bot, as the verbs every bot answers see it."""

    command = "bot"
    title = "Stockholm 1520"
    default_save = DEFAULT_SAVE
    asks_first = ("round", "enemy")          # the bot plays these on the table (cards, Danish moves)
    show_out = "stockholm1520-position.svg"
    show_dpi = (100.0, 10.0, 600.0)
    show_help = "SVG file; a PNG is written beside it."
    new_help = "Start a game and print the setup instructions (2.0 Game setup)."
    simulate_help = ("Play whole games with the built-in Swedish player (--player: defensive, or random legal "
                     "actions); print the statistics.")
    ask_help = ("Answer the Danish turn for POSITION.json and exit (docs/bot-position-format.md). The position is "
                "played in the game of --game DIR (its board, counters and cards; default: Stockholm 1520 of the kit).")
    load_options = staticmethod(load_options)
    new_options = staticmethod(lambda fn: cards_option(game_option(fn)))
    simulate_options = staticmethod(_simulate_options)
    ask_options = staticmethod(_ask_options)
    web = staticmethod(page)

    def page(self) -> View[Any]:
        """The page of ``serve``, drawn with the art the offline app has baked (``bot.stockholm1520.layer_bake``)."""
        from bot.stockholm1520.layer_bake import terminal_art
        from bot.stockholm1520.web import StockholmView
        return StockholmView(self, terminal_art)

    def replay(self, save: Path, game_dir: Path | None = None, data_changed_ok: bool = False,
               **_: Any) -> Replayed[Game]:
        """The saved game replayed on the data of the game in ``game_dir`` (by default, the
        save's game in the kit)."""
        from bot.stockholm1520.gamedata import load_game_data
        from bot.stockholm1520.save import replay_save
        return replay_save(save, load_game_data(game_dir) if game_dir else None, data_changed_ok)

    def write(self, game: Game, save: Path) -> None:
        """Write the save, and keep its status for ``status`` (bot.status_cache)."""
        from bot.status_cache import remember_status
        from bot.stockholm1520.save import write_save
        write_save(game, save)
        remember_status(self, game, save, status_answer(self, game))

    def data_folder(self, document: Any, game_dir: Path | None = None, **_: Any) -> Path | None:
        from bot.gamefolder import game_folder
        if game_dir is not None:
            return Path(game_dir).resolve()
        game = document.get("game") if isinstance(document, dict) else None
        return game_folder(game).resolve() if isinstance(game, str) else None

    def status_inputs(self, game: Game, save: Path) -> tuple[Path, dict[Path, str]] | None:
        from bot.gamefolder import kit_root
        saved = json.loads(Path(save).read_text(encoding="utf-8"))
        if saved.get("data") != game.data.fingerprint or saved.get("position") != json.loads(json.dumps(game.pos.to_json())):
            return None
        kit = kit_root(game.data.folder)
        return game.data.folder, {kit / name: digest for name, digest in game.data.fingerprint.items()}

    def new_game(self, seed: int, cards: str = "virtual", game_dir: Path | None = None, **_: Any) -> Game:
        from bot.stockholm1520.game import Game
        from bot.stockholm1520.gamedata import load_game_data
        return Game(seed, load_game_data(game_dir), physical_deck=cards == "physical")

    def new_answer(self, game: Game, save: Path, cards: str = "virtual", **_: Any) -> Answer:
        from bot.stockholm1520.rules.setup import setup_spaces, suggested_spaces
        board, spaces = game.board, setup_spaces(game.table)
        first = suggested_spaces(game.table)[0]
        return ({"game": game.data.id, "map": board.id, "cards": cards, "stockholm_area": spaces,
                 "kristina": board.kristina},
                [f"New Stockholm 1520 game, seed {game.seed}, saved in {save}"
                 + (" (physical cards: enter every card you draw with --drawn)." if cards == "physical" else "."),
                 "Setup (2.0): place your six units, two cavalry, two crossbowmen, two pikemen, within the "
                 f"Stockholm area: {' '.join(spaces)} (Kristina is at {board.kristina}).",
                 f"  pnpkit bot place cavalry {first}   ... or: pnpkit bot place auto (the bot's suggested formation)",
                 "Then: pnpkit bot next (the round and the Danish turn; enter your cards with --drawn), your "
                 "moves (move / attack / upgrade), pnpkit bot next, ..."])

    def identity(self, game: Game) -> dict[str, Any]:
        return {"seed": game.seed, "game": game.data.id, "map": game.board.id,
                "cards": "physical" if game.physical_deck else "virtual"}

    def phase(self, game: Game) -> str:
        return game.pos.phase

    def next_step(self, game: Game) -> str:
        from bot.stockholm1520.explain import next_step
        return next_step(game.pos)

    def position(self, game: Game) -> dict[str, Any]:
        return game.pos.to_json()

    def standing(self, game: Game) -> dict[str, Any]:
        return {"result": game.pos.result}

    def status(self, game: Game) -> Answer:
        from bot.stockholm1520.explain import status_text
        decks = game.table.decks.to_json()
        return ({"decks": decks},
                [status_text(game.pos, decks, game.board),
                 "Cards: " + ("your physical decks: enter every card you draw with --drawn" if game.physical_deck
                              else "the bot's decks (you may enter cards you drew with --drawn)")])

    def records_text(self, records: list[Record], verbose: bool = False) -> str:
        from bot.stockholm1520.explain import format_records
        return format_records(records, verbose)

    def table_changes(self, before: Game, after: Game) -> list[str]:
        from bot.stockholm1520.table import changes
        return [c.text for c in changes(before.pos, after.pos, before.board)]

    def draw(self, game: Game, out: Path, dpi: float) -> Answer:
        data, objects = self.picture(game)
        return self.draw_picture(json.loads(json.dumps(data)), objects, out, dpi)

    def picture(self, game: Game) -> tuple[dict[str, Any], Any]:
        from generator.hexmap.gameart import game_art
        from bot.stockholm1520.picture import last_moves, painter_position
        hexmap = game.board.map
        return ({"position": painter_position(game), "last_moves": last_moves(game)},
                (hexmap, game.data.counters, game_art(hexmap.art).position))

    def draw_picture(self, data: dict[str, Any], objects: Any, out: Path, dpi: float) -> Answer:
        from bot.stockholm1520.show import draw_position
        hexmap, counters, art = objects
        files = draw_position(hexmap, counters, data["position"], out, dpi, art)
        moves = data["last_moves"]
        lines = ["wrote " + ", ".join(str(f) for f in files)]
        if moves:
            lines.append("last Danish moves (numbered on the arrows):")
            lines += [f"  {n}. {unit}: {' > '.join(path)}" for n, (unit, path) in enumerate(moves, start=1)]
        return ({"files": [str(f) for f in files],
                 "last_moves": [{"n": n, "unit": u, "path": p} for n, (u, p) in enumerate(moves, 1)]}, lines)

    def simulate(self, games: int = 100, seed: int = 0, game_dir: Path | None = None, check_invariants: bool = False,
                 player: str = "defensive", **_: Any) -> Answer:
        from bot.stockholm1520.gamedata import load_game_data
        from bot.stockholm1520.invariants import InvariantError, check
        from bot.stockholm1520.simulate import simulate
        try:
            summary = simulate(games, load_game_data(game_dir), seed, check=check if check_invariants else None,
                               player=player).to_json()
        except InvariantError as err:
            raise RuleError(f"engine invariant broken: {err}") from None
        lines = [f"{summary['games']} games (seeds {seed}-{seed + games - 1}): won {summary['won']}, "
                 f"lost {summary['lost']}, stalled {summary['stalled']}; win rate {summary['win_rate']:.1%}",
                 "rounds reached: " + ", ".join(f"round {k}: {v}" for k, v in summary["rounds_reached"].items())]
        if summary["causes_of_defeat"]:
            lines.append("causes of defeat (who attacked Kristina):")
            lines += [f"  {n:5}  {cause}" for cause, n in summary["causes_of_defeat"].items()]
        lines.append(f"{summary['seconds']} s, {summary['games_per_minute']} games/minute")
        return summary, lines

    def ask(self, **options: Any) -> Answer:
        return self._ask(**options)

    def _ask(self, position: Path, seed: int = 0, drawn: tuple[str, ...] = (), explain: bool = False,
             game_dir: Path | None = None, map_file: str | None = None, **_: Any) -> Answer:
        """Answer the Danish turn for POSITION.json (docs/bot-position-format.md), played in the
        game of --game DIR (its board, counters and cards; default: Stockholm 1520 of the kit)."""
        if map_file is not None:
            raise click.UsageError("a board is played with its game's counters and cards: give the game's folder "
                                   "with --game DIR (it holds game.yaml, which names the map file)")
        from bot.positionfile import read_position_file
        from bot.stockholm1520.ask import answer
        from bot.stockholm1520.gamedata import load_game_data
        from bot.stockholm1520.rules.procedure import describe as describe_steps
        data, line_of = read_position_file(position)
        result = answer(data, load_game_data(game_dir), str(position), seed, _cards(drawn) or None, line_of)
        lines = []
        for a in result["actions"]:
            if a["kind"] == "card":
                continue
            if not a["path"]:
                lines.append(f"{a['unit']}: {a['reason']}")
            else:
                attack = f"; attacks {a['attack']['target']} ({a['attack']['outcome']})" if a.get("attack") else ""
                lines.append(f"{a['unit']}: {' > '.join(a['path'])}{attack}\n   why: {a['reason']}")
            if explain and a.get("steps"):
                lines.append(f"   decided by: {describe_steps(a['steps'])} (docs/bot.md)")
        lines.append(f"result: {result['result']}" + (" (you win)" if result["won"] else ""))
        return result, lines


BOT = StockholmBot()


@bot_commands(BOT)
def bot_group() -> None:
    """Stockholm 1520: the bot plays the Danish army; you defend Stockholm on the printed board."""


def saved_game_options(fn: Callable) -> Callable:
    """--save, --game, --data-changed-ok and --json: what a command on a saved game takes."""
    from bot.verbs import saved_game
    return saved_game(BOT)(fn)


def do_action(save: Path, line: str | Callable[[Game], str], as_json: bool, **options: Any) -> Game:
    """Load, apply one action (kept only when the rules accept it), write back, report;
    ``line`` may be made from the loaded game (``Bot.act``: one replay)."""
    from bot.stockholm1520.actions import parse_action
    if callable(line):
        made = line
        return BOT.act(save, lambda game: parse_action(made(game)), as_json, **options)
    return BOT.act(save, parse_action(line), as_json, **options)


@bot_group.command("place")
@click.argument("troop")
@click.argument("hex_id", required=False)
@saved_game_options
@friendly
def place_cmd(troop: str, hex_id: str | None,
              save: Path, as_json: bool, **load: Any) -> None:
    """Setup: place a unit (TYPE HEX), or `place auto` for the rest."""
    do_action(save, f"place {troop} {hex_id}" if hex_id else f"place {troop}", as_json, **load)


@bot_group.command("round")
@click.argument("cards", nargs=-1)
@drawn_option
@saved_game_options
@friendly
def round_cmd(cards: tuple[str, ...], drawn: tuple[str, ...],
              save: Path, as_json: bool, **load: Any) -> None:
    """New round: event card, zone cards, spawns (2.0 step 1)."""
    do_action(save, " ".join(("round",) + _cards(drawn, cards)), as_json, **load)


@bot_group.command("enemy")
@click.argument("cards", nargs=-1)
@drawn_option
@saved_game_options
@friendly
def enemy_cmd(cards: tuple[str, ...], drawn: tuple[str, ...],
              save: Path, as_json: bool, **load: Any) -> None:
    """The Danish turn: every action with its path and reason (2.0 step 2)."""
    do_action(save, " ".join(("enemy",) + _cards(drawn, cards)), as_json, **load)


@bot_group.command("next")
@click.argument("cards", nargs=-1)
@drawn_option
@click.option("--terse", is_flag=True, help="One line per physical action on the table, nothing else (and the "
                                             "end of the round or the game).")
@click.option("--preview", is_flag=True, help="Say what the Danes would do now, and save nothing (the cards the "
                                               "bot draws for it are drawn again when it is played).")
@click.option("--ask/--no-ask", "ask", default=None,
              help="Physical cards: ask for each card when a step draws it, saying what to do with the piles "
                   "(default: at a terminal, unless --json).")
@saved_game_options
@friendly
def next_cmd(cards: tuple[str, ...], drawn: tuple[str, ...], terse: bool, preview: bool, ask: bool | None,
             save: Path, as_json: bool, **load: Any) -> None:
    """Play whatever comes next (end your turn, the next round, the Danish turn) up to your
    next turn, and print what to do on the table as a checklist."""
    from bot.stockholm1520.advance import advance
    game = BOT.load(save, **load)
    entered = list(_cards(drawn, cards))
    if ask if ask is not None else (sys.stdin.isatty() and not as_json):
        done = _asking_cards(game, entered)
    else:
        done = advance(game, entered)
    if not preview:
        BOT.write(game, save)
    fields, lines = next_answer(game, done, terse)
    if preview:
        lines = ["preview: nothing saved; the Danes would do this now"] + lines
    answer(as_json, ({"preview": preview, **fields}, lines))


def next_answer(game: Game, done: Any, terse: bool = False) -> Answer:
    """What ``next`` says (and ``play``'s next): the actions played, the checklist for the
    table, and where the game stands."""
    from bot.stockholm1520.advance import checklist
    lines = checklist(done, terse)
    if not terse:
        lines.append(f"-> {BOT.next_step(game)}")
    return ({"actions": done.actions, "table": [c.text for c in done.table], "records": done.records,
             "phase": BOT.phase(game), **BOT.standing(game), "next": BOT.next_step(game),
             "position": BOT.position(game)}, lines)


def _asking_cards(game: Game, chosen: list[str]) -> Any:
    """``next`` that asks for each card at the moment a step draws it (``picker``), saying what
    to do with the piles; an empty answer stops (nothing is played)."""
    from bot.stockholm1520.picker import CardQuestion, try_next
    from bot.stockholm1520.rules.draws import CardError
    asked = False
    while True:
        try:
            found = try_next(game, chosen)
        except CardError as err:
            if not asked:                   # the cards given with the command: refused as they are
                raise
            echo(f"refused: {err}", err=True)     # a card typed in answer: ask again
            chosen.pop()
            continue
        if not isinstance(found, CardQuestion):
            return found
        asked = True
        echo("\n".join(found.lines()))
        card = click.prompt("card drawn", default="", show_default=False).strip().upper()
        if not card:
            raise RuleError("no card entered: nothing played")
        chosen.append(card)


@bot_group.command("move")
@click.argument("unit")
@click.argument("hex_id")
@saved_game_options
@friendly
def move_cmd(unit: str, hex_id: str,
             save: Path, as_json: bool, **load: Any) -> None:
    """Move one of your units (refused with the reason when it breaks a rule). UNIT may be
    abbreviated: the start of one unit's id (cav, xbow2)."""
    from bot.stockholm1520.turn import unit_id
    do_action(save, lambda game: f"move {unit_id(game, unit)} {hex_id}", as_json, **load)


@bot_group.command("attack")
@click.argument("unit")
@click.argument("target")
@saved_game_options
@friendly
def attack_cmd(unit: str, target: str,
               save: Path, as_json: bool, **load: Any) -> None:
    """Attack a Danish unit (5.0), by its id or hex: your unit first moves next to it when it
    must and can (the space no other Dane could attack next turn, else the nearest: as the
    page's list and a tap on the Dane); both or neither."""
    from bot.stockholm1520.turn import attack_with_move
    _play_several(save, as_json, load, lambda game: attack_with_move(game, unit, target))


@bot_group.command("turn")
@click.argument("steps")
@saved_game_options
@friendly
def turn_cmd(steps: str, save: Path, as_json: bool, **load: Any) -> None:
    """Your whole turn on one line: "xbow1>1006 x A2-pike; cav1>1207" (UNIT>HEX moves, x TARGET
    attacks, moving next to it first when it must); all of it or nothing."""
    from bot.stockholm1520.turn import play_turn
    _play_several(save, as_json, load, lambda game: play_turn(game, steps))


def _play_several(save: Path, as_json: bool, load: dict[str, Any],
                  play: Callable[[Game], list[list[Record]]]) -> None:
    """Load, play several actions (all or none), write back, report each."""
    game = BOT.load(save, **load)
    count = len(game.log)
    done = play(game)
    BOT.write(game, save)
    played = game.log[count:]
    lines = []
    for line, records in zip(played, done):
        text = BOT.records_text(records)
        lines.append(f"{line}: {text}" if text else line)
    lines.append(f"-> {BOT.next_step(game)}")
    answer(as_json, ({"actions": played, "records": [r for rs in done for r in rs], "phase": BOT.phase(game),
                      **BOT.standing(game), "next": BOT.next_step(game), "position": BOT.position(game)}, lines))


@bot_group.command("upgrade")
@click.argument("unit")
@click.argument("troop")
@saved_game_options
@friendly
def upgrade_cmd(unit: str, troop: str,
                save: Path, as_json: bool, **load: Any) -> None:
    """Train a militia in the training zone into a troop (3.1)."""
    from bot.stockholm1520.turn import unit_id
    do_action(save, lambda game: f"upgrade {unit_id(game, unit)} {troop}", as_json, **load)


@bot_group.command("end-turn")
@saved_game_options
@friendly
def end_turn_cmd(save: Path, as_json: bool, **load: Any) -> None:
    """End your turn (or the regroup turn)."""
    do_action(save, "end-turn", as_json, **load)


PLAY_HELP = """Type an action: place TYPE HEX | place auto | next [CARDS] | move UNIT HEX | attack UNIT TARGET |
upgrade UNIT TYPE (or the single steps: round [CARDS] | enemy [CARDS] | end-turn); or: status, log,
undo [N], help, quit. Press Enter alone to do the obvious next step (place auto, or next)."""


@bot_group.command("play")
@click.option("--seed", type=Seed(), default=None, help="Seed for a new game.")
@saved_game_options
@friendly
def play_cmd(seed: int | None, save: Path, as_json: bool, **load: Any) -> None:
    """Interactive: walks you through a whole game, saving after every action. Each answer is
    the one the single command gives (with --json, one JSON object a line); a refused line is
    said and the game goes on, and the session then exits 1 (a script fed a line the rules
    refuse fails)."""
    if save.exists():
        game = BOT.load(save, **load)
        answer(as_json, ({"event": "loaded", "save": str(save)}, [f"Continuing the game in {save}."]))
    else:
        seed = random_seed() if seed is None else seed
        game = BOT.new_game(seed, **load)
        BOT.write(game, save)
        answer(as_json, ({"event": "new", "seed": seed, "save": str(save)},
                         [f"New game, seed {seed}, saved in {save}. Stockholm area: {' '.join(game.board.stockholm)}."]))
    if not as_json:
        echo(PLAY_HELP)
    refused = 0
    while game.pos.phase != "over":
        if not as_json:
            from bot.stockholm1520.explain import status_text
            echo(status_text(game.pos, None, game.board))
        try:
            line = click.prompt(f"[{game.pos.phase}]", default="", show_default=False).strip()
        except (click.Abort, EOFError):
            break
        if line in ("quit", "exit", "q"):
            break
        try:
            game = _play_line(game, line, save, as_json)
        except (RuleError, ActionSyntaxError) as err:
            refused += 1
            refusal(as_json, str(err))
    if game.pos.phase == "over":
        answer(as_json, ({"event": "over", "result": game.pos.result}, [BOT.next_step(game)]))
    if refused:
        if not as_json:
            echo(f"{refused} line(s) refused in this session", err=True)
        sys.exit(EXIT_RULE)


def _play_line(game: Game, line: str, save: Path, as_json: bool) -> Game:
    """One line typed in ``play``: a question, an undo, or an action (Enter alone: the obvious
    next step); the game after it, saved when it changed. RuleError or ActionSyntaxError when
    it is refused (nothing changed)."""
    from bot.stockholm1520.actions import parse_action
    from bot.replay import take_back
    from bot.verbs import undo_answer
    if line == "help":
        echo(PLAY_HELP)
    elif line == "status":
        answer(as_json, status_answer(BOT, game))
    elif line == "log":
        answer(as_json, ({**BOT.identity(game), "log": [{"n": n, "action": a, "records": r} for n, (a, r)
                                                       in enumerate(zip(game.log, game.records), start=1)]},
                         log_lines(BOT, game)))
    elif line.split()[:1] == ["undo"]:
        parts = line.split()
        if len(parts) > 2 or (len(parts) == 2 and not parts[1].isdigit()):
            raise ActionSyntaxError("expected: undo [N], N a count of actions")
        taken = take_back(game, int(parts[1]) if len(parts) == 2 else 1)
        BOT.write(taken.after, save)
        answer(as_json, undo_answer(BOT, taken, BOT.table_changes(taken.before, taken.after)))
        return taken.after
    elif line.split()[:1] == ["next"] or (not line and game.pos.phase != "setup"):
        from bot.stockholm1520.advance import advance
        cards = list(_cards(tuple(line.split()[1:])))
        done = advance(game, cards) if as_json else _asking_cards(game, cards)    # cards asked as drawn
        BOT.write(game, save)
        answer(as_json, next_answer(game, done))
    else:
        records = game.apply(parse_action(line or "place auto"))
        BOT.write(game, save)
        BOT.report(game, game.log[-1], records, as_json)
    return game


@bot_group.command("reach")
@click.argument("unit")
@click.option("--png", "png", type=click.Path(dir_okay=False, path_type=Path), default=None, metavar="FILE",
              help="Also draw the board with the spaces and the Danes it could attack marked (an SVG is "
                   "written beside it).")
@click.option("--dpi", type=click.FloatRange(min=10, max=600), default=100.0, show_default=True,
              help="Resolution of the PNG.")
@saved_game_options
@friendly
def reach_cmd(unit: str, png: Path | None, dpi: float,
              save: Path, as_json: bool, **load: Any) -> None:
    """Where one of your units may move this turn and whom it could attack from there."""
    from bot.stockholm1520.reach import danish_threats, describe, highlight, reach
    from bot.stockholm1520.show import draw
    from bot.stockholm1520.turn import unit_id
    game = BOT.load(save, **load)
    found = reach(game.table, unit_id(game, unit))
    threats = danish_threats(game.table, found.unit.type)        # the Danes that would attack this unit
    files = draw(game, png.with_suffix(".svg"), dpi, highlight(found)) if png is not None else []
    lines = describe(found, threats) + (["wrote " + ", ".join(str(f) for f in files)] if files else [])
    answer(as_json, ({"unit": found.unit.id, "left": found.left, "spaces": found.spaces,
                      "attacks": [{"unit": tg.unit.id, "hex": tg.unit.hex, "outcome": tg.outcome, "from": tg.spaces}
                                  for tg in found.targets],
                      "threatened": sorted(threats & (set(found.spaces) | {found.unit.hex})),
                      "files": [str(f) for f in files]}, lines))


@bot_group.command("bench")
@click.option("--games", type=click.IntRange(min=1), default=200, show_default=True)
@game_option
@json_option
@friendly
def bench_cmd(games: int, game_dir: Path | None, as_json: bool) -> None:
    """Time one enemy turn and games simulated per minute (one core)."""
    from bot.stockholm1520.bench import run
    from bot.stockholm1520.gamedata import load_game_data
    from bot.stockholm1520.bench import describe
    result = run(load_game_data(game_dir), games)
    answer(as_json, (result, [describe(result)]))


__all__ = ["bot_group"]
