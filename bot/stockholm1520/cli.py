"""``pnpkit bot ...``: play Stockholm 1520 at the table with the bot as the Danish army.

Every command reads the save file, does one thing, writes the save atomically and prints
what happened in plain words (or JSON with ``--json``). User errors print a message and
exit non-zero, never a traceback.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Callable

import click

from bot import commands
from bot.commands import json_option
from bot.stockholm1520.actions import ActionSyntaxError, parse_action
from bot.stockholm1520.explain import format_records, next_step, status_text
from bot.stockholm1520.game import Game
from bot.stockholm1520.gamedata import load_game_data
from bot.stockholm1520.procedure import describe as describe_steps
from bot.stockholm1520.rules import RuleError
from bot.stockholm1520.rules.setup import setup_spaces, suggested_spaces
from bot.stockholm1520.save import DEFAULT_SAVE, read_save, replay_save, write_save
from bot.stockholm1520.table import changes

EXIT_RULE = commands.EXIT_RULE
EXIT_DATA = commands.EXIT_DATA
friendly = commands.friendly_for((RuleError, ActionSyntaxError))


def game_option(fn: Callable) -> Callable:
    return click.option("--game", "game_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
                        metavar="DIR", help="The game's folder, holding its game.yaml (default: the "
                                            "save's game, or stockholm1520, in the kit).")(fn)


def save_option(fn: Callable) -> Callable:
    return click.option("--save", "save", type=click.Path(dir_okay=False, path_type=Path),
                        default=DEFAULT_SAVE, show_default=True, help="The save file.")(fn)


def saved_game_options(fn: Callable) -> Callable:
    """--save, --game and --data-changed-ok: what a command on a saved game takes."""
    fn = click.option("--data-changed-ok", "data_changed_ok", is_flag=True,
                      help="Load a save made with other data files (named when refused); the save records "
                           "the new data when it is next written.")(fn)
    return save_option(game_option(fn))


def load(save: Path, game_dir: Path | None, data_changed_ok: bool) -> Game:
    """The saved game, replayed on the data of the game in ``game_dir`` (by default, the
    save's game in the kit)."""
    return read_save(save, load_game_data(game_dir) if game_dir else None, data_changed_ok)


def explain_option(fn: Callable) -> Callable:
    return click.option("--explain", is_flag=True,
                        help="Also print which step of the decision procedure (docs/bot.md) decided "
                             "each Danish action.")(fn)


def drawn_option(fn: Callable) -> Callable:
    return click.option("--drawn", "drawn", multiple=True, metavar="CARD-IDS",
                        help="Ids printed on the physical cards you drew, in order (repeat or separate "
                             "with spaces); without it the bot draws from its seeded decks.")(fn)


def _cards(drawn: tuple[str, ...], extra: tuple[str, ...] = ()) -> tuple[str, ...]:
    return tuple(c.upper() for item in (*drawn, *extra) for c in re.split(r"[\s,]+", item) if c)


def _report(game: Game, action: str, records: list[dict[str, Any]], as_json: bool, verbose: bool = False) -> None:
    if as_json:
        click.echo(json.dumps({"ok": True, "action": action, "records": records, "phase": game.pos.phase,
                               "result": game.pos.result, "next": next_step(game.pos),
                               "position": game.pos.to_json()}, ensure_ascii=False))
        return
    text = format_records(records, verbose)
    if text:
        click.echo(text)
    click.echo(f"-> {next_step(game.pos)}")


def do_action(save: Path, game_dir: Path | None, data_changed_ok: bool, line: str, as_json: bool) -> Game:
    """Load, apply one action, write back (only when the rules accept it), report."""
    game = load(save, game_dir, data_changed_ok)
    records = game.apply(parse_action(line))
    write_save(game, save)
    _report(game, str(parse_action(line)), records, as_json)
    return game


_BotGroup = commands.JsonErrorGroup
_Seed = commands.Seed


@click.group("bot", cls=_BotGroup)
def bot_group() -> None:
    """Stockholm 1520: the bot plays the Danish army; you defend Stockholm on the printed board."""


def cards_option(fn: Callable) -> Callable:
    return click.option("--cards", type=click.Choice(["virtual", "physical"]), default="virtual", show_default=True,
                        help="virtual: the bot draws from its seeded decks (you may still enter cards with "
                             "--drawn); physical: you draw every card from the printed decks and enter it, "
                             "the bot never draws one itself.")(fn)


@bot_group.command("new")
@click.option("--seed", type=_Seed(), default=None, help="Seed for the virtual decks (default: random).")
@click.option("--force", is_flag=True, help="Overwrite an existing save file.")
@cards_option
@game_option
@save_option
@json_option
@friendly
def new_cmd(seed: int | None, force: bool, cards: str, game_dir: Path | None, save: Path, as_json: bool) -> None:
    """Start a game and print the setup instructions (2.0 Game setup)."""
    if save.exists() and not force:
        raise RuleError(f"{save} already holds a game: continue it, pass --force to start over, or use --save FILE")
    if seed is None:
        import random
        seed = random.SystemRandom().randrange(1, 10**6)
    game = Game(seed, load_game_data(game_dir), physical_deck=cards == "physical")
    write_save(game, save)
    board = game.board
    if as_json:
        click.echo(json.dumps({"ok": True, "seed": seed, "game": game.data.id, "map": board.id, "save": str(save),
                               "cards": cards,
                               "stockholm_area": setup_spaces(game.table), "kristina": board.kristina,
                               "next": next_step(game.pos)}))
        return
    first = suggested_spaces(game.table)[0]
    click.echo(f"New Stockholm 1520 game, seed {seed}, saved in {save}"
               + (" (physical cards: enter every card you draw with --drawn)." if cards == "physical" else "."))
    click.echo("Setup (2.0): place your six units, two cavalry, two crossbowmen, two pikemen, within the "
               f"Stockholm area: {' '.join(setup_spaces(game.table))} (Kristina is at {board.kristina}).")
    click.echo(f"  pnpkit bot place cavalry {first}   ... or: pnpkit bot place auto (the bot's suggested formation)")
    click.echo("Then: pnpkit bot next (the round and the Danish turn; enter your cards with --drawn), your "
               "moves (move / attack / upgrade), pnpkit bot next, ...")


@bot_group.command("place")
@click.argument("troop")
@click.argument("hex_id", required=False)
@saved_game_options
@json_option
@friendly
def place_cmd(troop: str, hex_id: str | None,
              save: Path, game_dir: Path | None, data_changed_ok: bool, as_json: bool) -> None:
    """Setup: place a unit (TYPE HEX), or `place auto` for the rest."""
    do_action(save, game_dir, data_changed_ok, f"place {troop} {hex_id}" if hex_id else f"place {troop}", as_json)


@bot_group.command("round")
@click.argument("cards", nargs=-1)
@drawn_option
@saved_game_options
@json_option
@friendly
def round_cmd(cards: tuple[str, ...], drawn: tuple[str, ...],
              save: Path, game_dir: Path | None, data_changed_ok: bool, as_json: bool) -> None:
    """New round: event card, zone cards, spawns (2.0 step 1)."""
    do_action(save, game_dir, data_changed_ok, " ".join(("round",) + _cards(drawn, cards)), as_json)


@bot_group.command("enemy")
@click.argument("cards", nargs=-1)
@drawn_option
@saved_game_options
@json_option
@friendly
def enemy_cmd(cards: tuple[str, ...], drawn: tuple[str, ...],
              save: Path, game_dir: Path | None, data_changed_ok: bool, as_json: bool) -> None:
    """The Danish turn: every action with its path and reason (2.0 step 2)."""
    do_action(save, game_dir, data_changed_ok, " ".join(("enemy",) + _cards(drawn, cards)), as_json)


@bot_group.command("next")
@click.argument("cards", nargs=-1)
@drawn_option
@click.option("--terse", is_flag=True, help="One line per physical action on the table, nothing else.")
@saved_game_options
@json_option
@friendly
def next_cmd(cards: tuple[str, ...], drawn: tuple[str, ...], terse: bool,
             save: Path, game_dir: Path | None, data_changed_ok: bool, as_json: bool) -> None:
    """Play whatever comes next (end your turn, the next round, the Danish turn) up to your
    next turn, and print what to do on the table as a checklist."""
    from bot.stockholm1520.advance import advance, checklist
    game = load(save, game_dir, data_changed_ok)
    done = advance(game, _cards(drawn, cards))
    write_save(game, save)
    if as_json:
        click.echo(json.dumps({"ok": True, "actions": done.actions, "table": [c.text for c in done.table],
                               "records": done.records, "phase": game.pos.phase, "result": game.pos.result,
                               "next": next_step(game.pos), "position": game.pos.to_json()}, ensure_ascii=False))
        return
    lines = checklist(done, terse)
    if lines:
        click.echo("\n".join(lines))
    if not terse:
        click.echo(f"-> {next_step(game.pos)}")


@bot_group.command("move")
@click.argument("unit")
@click.argument("hex_id")
@saved_game_options
@json_option
@friendly
def move_cmd(unit: str, hex_id: str,
             save: Path, game_dir: Path | None, data_changed_ok: bool, as_json: bool) -> None:
    """Move one of your units (refused with the reason when it breaks a rule)."""
    do_action(save, game_dir, data_changed_ok, f"move {unit} {hex_id}", as_json)


@bot_group.command("attack")
@click.argument("unit")
@click.argument("target")
@saved_game_options
@json_option
@friendly
def attack_cmd(unit: str, target: str,
               save: Path, game_dir: Path | None, data_changed_ok: bool, as_json: bool) -> None:
    """Attack an adjacent Danish unit (5.0)."""
    do_action(save, game_dir, data_changed_ok, f"attack {unit} {target}", as_json)


@bot_group.command("upgrade")
@click.argument("unit")
@click.argument("troop")
@saved_game_options
@json_option
@friendly
def upgrade_cmd(unit: str, troop: str,
                save: Path, game_dir: Path | None, data_changed_ok: bool, as_json: bool) -> None:
    """Train a militia in the training zone into a troop (3.1)."""
    do_action(save, game_dir, data_changed_ok, f"upgrade {unit} {troop}", as_json)


@bot_group.command("end-turn")
@saved_game_options
@json_option
@friendly
def end_turn_cmd(save: Path, game_dir: Path | None, data_changed_ok: bool,
                 as_json: bool) -> None:
    """End your turn (or the regroup turn)."""
    do_action(save, game_dir, data_changed_ok, "end-turn", as_json)


@bot_group.command("status")
@saved_game_options
@json_option
@friendly
def status_cmd(save: Path, game_dir: Path | None, data_changed_ok: bool,
               as_json: bool) -> None:
    """Where the game stands."""
    game = load(save, game_dir, data_changed_ok)
    if as_json:
        click.echo(json.dumps({"ok": True, "seed": game.seed, "game": game.data.id, "map": game.board.id,
                               "cards": "physical" if game.physical_deck else "virtual",
                               "actions": len(game.steps),
                               "phase": game.pos.phase, "next": next_step(game.pos),
                               "decks": game.table.decks.to_json(), "position": game.pos.to_json()}, ensure_ascii=False))
        return
    click.echo(status_text(game.pos, game.table.decks.to_json(), game.board))
    click.echo("Cards: " + ("your physical decks: enter every card you draw with --drawn" if game.physical_deck
                            else "the bot's decks (you may enter cards you drew with --drawn)"))


@bot_group.command("log")
@click.option("--verbose", is_flag=True, help="Show every card drawn too.")
@saved_game_options
@json_option
@friendly
def log_cmd(verbose: bool,
            save: Path, game_dir: Path | None, data_changed_ok: bool, as_json: bool) -> None:
    """Every action of the game so far with what it did."""
    game = load(save, game_dir, data_changed_ok)
    if as_json:
        click.echo(json.dumps({"ok": True, "seed": game.seed, "game": game.data.id, "map": game.board.id,
                               "log": [{"n": i + 1, "action": str(s.action), "records": s.records}
                                       for i, s in enumerate(game.steps)]}, ensure_ascii=False))
        return
    for i, step in enumerate(game.steps, start=1):
        click.echo(f"[{i}] {step.action}")
        text = format_records(step.records, verbose)
        if text:
            click.echo("    " + text.replace("\n", "\n    "))


#: Log actions the bot plays on the table (cards, Danish moves): taking one back asks first.
BOT_ACTIONS = ("round", "enemy")


@bot_group.command("undo")
@click.argument("count", type=click.IntRange(min=1), default=1)
@click.option("--yes", is_flag=True, help="Take back a Danish turn or a round start without asking.")
@saved_game_options
@json_option
@friendly
def undo_cmd(count: int, yes: bool,
             save: Path, game_dir: Path | None, data_changed_ok: bool, as_json: bool) -> None:
    """Take back the last COUNT actions (default 1), Danish turns and card draws included.
    Lists the pieces to put back on the table; a Danish turn or a round start is taken back
    only after you confirm (or with --yes)."""
    replayed = replay_save(save, load_game_data(game_dir) if game_dir else None, data_changed_ok)
    broken = len(replayed.unreplayed)       # lines at the end that cannot be replayed: undo takes them first
    if replayed.broken and count < broken:
        raise replayed.broken
    game = replayed.game
    if count - broken > len(game.steps):
        raise RuleError(f"only {len(game.steps) + broken} action(s) to undo")
    undone = game.log[len(game.log) - (count - broken):] + replayed.unreplayed
    earlier = game.undo(count - broken)
    todo = [c.text for c in changes(game.pos, earlier.pos, game.board)]
    ask = any(line.split()[:1] and line.split()[0] in BOT_ACTIONS for line in undone) and not yes
    if ask and as_json:
        raise RuleError(f"taking back {'; '.join(undone)} changes the table ({'; '.join(todo) or 'nothing to move'}): "
                        f"pass --yes to do it")
    if not as_json:
        click.echo("to take back: " + "; ".join(undone))
        click.echo("on the table:" if todo else "on the table: nothing to change")
        for n, line in enumerate(todo, start=1):
            click.echo(f"  {n}. {line}")
        if ask and not click.confirm("Take these back?", default=False):
            click.echo("nothing taken back")
            return
    write_save(earlier, save)
    if as_json:
        click.echo(json.dumps({"ok": True, "undone": undone, "table": todo, "phase": earlier.pos.phase,
                               "next": next_step(earlier.pos), "position": earlier.pos.to_json()}))
        return
    click.echo("undone: " + "; ".join(undone))
    click.echo(f"-> {next_step(earlier.pos)}")


PLAY_HELP = """Type an action: place TYPE HEX | place auto | next [CARDS] | move UNIT HEX | attack UNIT TARGET |
upgrade UNIT TYPE (or the single steps: round [CARDS] | enemy [CARDS] | end-turn); or: status, log,
undo [N], help, quit. Press Enter alone to do the obvious next step (place auto, or next)."""


@bot_group.command("play")
@click.option("--seed", type=_Seed(), default=None, help="Seed for a new game.")
@saved_game_options
@json_option
@friendly
def play_cmd(seed: int | None, save: Path, game_dir: Path | None, data_changed_ok: bool, as_json: bool) -> None:
    """Interactive: walks you through a whole game, saving after every action."""
    if save.exists():
        game = load(save, game_dir, data_changed_ok)
        _say(as_json, {"event": "loaded", "save": str(save)}, f"Continuing the game in {save}.")
    else:
        if seed is None:
            import random
            seed = random.SystemRandom().randrange(1, 10**6)
        game = Game(seed, load_game_data(game_dir))
        write_save(game, save)
        _say(as_json, {"event": "new", "seed": seed, "save": str(save)},
             f"New game, seed {seed}, saved in {save}. Stockholm area: {' '.join(game.board.stockholm)}.")
    if not as_json:
        click.echo(PLAY_HELP)
    while game.pos.phase != "over":
        if not as_json:
            click.echo(status_text(game.pos, None, game.board))
        try:
            line = click.prompt(f"[{game.pos.phase}]", default="", show_default=False).strip()
        except (click.Abort, EOFError):
            break
        if line in ("quit", "exit", "q"):
            break
        game = _play_line(game, line, save, as_json)
    if game.pos.phase == "over":
        _say(as_json, {"event": "over", "result": game.pos.result}, next_step(game.pos))


def _play_line(game: Game, line: str, save: Path, as_json: bool) -> Game:
    """One line typed in ``play``: a question, an undo, or an action (Enter alone: the obvious
    next step); the game after it, saved when it changed."""
    if line == "help":
        click.echo(PLAY_HELP)
    elif line == "status":
        click.echo(status_text(game.pos, game.table.decks.to_json(), game.board))
    elif line == "log":
        click.echo("\n".join(f"[{i}] {a}" for i, a in enumerate(game.log, start=1)))
    elif line.startswith("undo"):
        parts = line.split()
        n = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 1
        if n > len(game.steps):
            _say(as_json, {"ok": False, "error": "nothing to undo"}, "nothing to undo")
            return game
        game = game.undo(n)
        write_save(game, save)
        _say(as_json, {"ok": True, "undone": n}, f"undone {n} action(s)")
    elif line.split()[:1] == ["next"] or (not line and game.pos.phase != "setup"):
        from bot.stockholm1520.advance import advance, checklist
        try:
            done = advance(game, _cards(tuple(line.split()[1:])))
        except RuleError as err:
            _say(as_json, {"ok": False, "error": str(err)}, f"refused: {err}")
            return game
        write_save(game, save)
        _say(as_json, {"ok": True, "actions": done.actions, "table": [c.text for c in done.table]},
             "\n".join(checklist(done)))
    else:
        line = line or "place auto"
        try:
            records = game.apply(parse_action(line))
        except (RuleError, ActionSyntaxError) as err:
            _say(as_json, {"ok": False, "error": str(err)}, f"refused: {err}")
            return game
        write_save(game, save)
        _report(game, line, records, as_json)
    return game


def _say(as_json: bool, data: dict[str, Any], text: str) -> None:
    click.echo(json.dumps(data) if as_json else text)


@bot_group.command("ask")
@click.argument("position", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for cards drawn during the turn.")
@drawn_option
@explain_option
@game_option
@click.option("--map", "map_file", hidden=True, default=None,
              help="Not an option: the board comes with its game (--game DIR).")
@json_option
@friendly
def ask_cmd(position: Path, seed: int, drawn: tuple[str, ...], explain: bool, game_dir: Path | None,
            map_file: str | None, as_json: bool) -> None:
    """Answer the Danish turn for POSITION.json and exit (docs/bot-position-format.md).
    The position is played in the game of --game DIR (its board, counters and cards; default:
    Stockholm 1520 of the kit)."""
    if map_file is not None:
        raise click.UsageError("a board is played with its game's counters and cards: give the game's folder "
                               "with --game DIR (it holds game.yaml, which names the map file)")
    from bot.stockholm1520.ask import answer, read_position_file
    result = answer(read_position_file(position), load_game_data(game_dir), str(position), seed, _cards(drawn) or None)
    if as_json:
        click.echo(json.dumps(result, ensure_ascii=False, indent=2))
        return
    for a in result["actions"]:
        if a["kind"] == "card":
            continue
        if not a["path"]:
            click.echo(f"{a['unit']}: {a['reason']}")
        else:
            path = " > ".join(a["path"])
            attack = f"; attacks {a['attack']['target']} ({a['attack']['outcome']})" if a.get("attack") else ""
            click.echo(f"{a['unit']}: {path}{attack}\n   why: {a['reason']}")
        if explain and a.get("steps"):
            click.echo(f"   decided by: {describe_steps(a['steps'])} (docs/bot.md)")
    click.echo(f"result: {result['result']}" + (" (you win)" if result["won"] else ""))


@bot_group.command("simulate")
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@game_option
@click.option("--check", "check_invariants", is_flag=True,
              help="Check the engine's invariants after every action (slower).")
@click.option("--player", type=click.Choice(["defensive", "random"]), default="defensive", show_default=True,
              help="The Swedish player: the built-in defensive policy, or random legal actions.")
@json_option
@friendly
def simulate_cmd(games: int, seed: int, game_dir: Path | None, check_invariants: bool, player: str,
                 as_json: bool) -> None:
    """Play whole games with the built-in defensive Swedish player; print the statistics."""
    from bot.stockholm1520.invariants import InvariantError, check
    from bot.stockholm1520.simulate import simulate
    try:
        summary = simulate(games, load_game_data(game_dir), seed, check=check if check_invariants else None,
                           player=player).to_json()
    except InvariantError as err:
        raise RuleError(f"engine invariant broken: {err}") from None
    if as_json:
        click.echo(json.dumps(summary))
        return
    click.echo(f"{summary['games']} games (seeds {seed}-{seed + games - 1}): won {summary['won']}, "
               f"lost {summary['lost']}, stalled {summary['stalled']}; win rate {summary['win_rate']:.1%}")
    click.echo("rounds reached: " + ", ".join(f"round {k}: {v}" for k, v in summary["rounds_reached"].items()))
    if summary["causes_of_defeat"]:
        click.echo("causes of defeat (who attacked Kristina):")
        for cause, n in summary["causes_of_defeat"].items():
            click.echo(f"  {n:5}  {cause}")
    click.echo(f"{summary['seconds']} s, {summary['games_per_minute']} games/minute")


@bot_group.command("show")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=Path("stockholm1520-position.svg"),
              show_default=True, help="SVG file; a PNG is written beside it.")
@click.option("--dpi", type=click.FloatRange(min=10, max=600), default=100.0, show_default=True,
              help="Resolution of the PNG.")
@saved_game_options
@json_option
@friendly
def show_cmd(out: Path, dpi: float,
             save: Path, game_dir: Path | None, data_changed_ok: bool, as_json: bool) -> None:
    """Draw the current position on the board (SVG + PNG), the last Danish moves as numbered
    arrows."""
    from bot.stockholm1520.show import draw, last_moves
    game = load(save, game_dir, data_changed_ok)
    files = draw(game, out, dpi)
    moves = last_moves(game)
    if as_json:
        click.echo(json.dumps({"ok": True, "files": [str(f) for f in files],
                               "last_moves": [{"n": n, "unit": u, "path": p} for n, (u, p) in enumerate(moves, 1)]}))
        return
    click.echo("wrote " + ", ".join(str(f) for f in files))
    if moves:
        click.echo("last Danish moves (numbered on the arrows):")
        for n, (unit, path) in enumerate(moves, start=1):
            click.echo(f"  {n}. {unit}: {' > '.join(path)}")


@bot_group.command("reach")
@click.argument("unit")
@click.option("--png", "png", type=click.Path(dir_okay=False, path_type=Path), default=None, metavar="FILE",
              help="Also draw the board with the spaces and the Danes it could attack marked (an SVG is "
                   "written beside it).")
@click.option("--dpi", type=click.FloatRange(min=10, max=600), default=100.0, show_default=True,
              help="Resolution of the PNG.")
@saved_game_options
@json_option
@friendly
def reach_cmd(unit: str, png: Path | None, dpi: float,
              save: Path, game_dir: Path | None, data_changed_ok: bool, as_json: bool) -> None:
    """Where one of your units may move this turn and whom it could attack from there."""
    from bot.stockholm1520.reach import describe, highlight, reach
    from bot.stockholm1520.show import draw
    game = load(save, game_dir, data_changed_ok)
    found = reach(game.table, unit)
    files = draw(game, png.with_suffix(".svg"), dpi, highlight(found)) if png is not None else []
    if as_json:
        click.echo(json.dumps({"ok": True, "unit": found.unit.id, "left": found.left, "spaces": found.spaces,
                               "attacks": [{"unit": tg.unit.id, "hex": tg.unit.hex, "outcome": tg.outcome,
                                            "from": tg.spaces} for tg in found.targets],
                               "files": [str(f) for f in files]}))
        return
    click.echo("\n".join(describe(found)))
    if files:
        click.echo("wrote " + ", ".join(str(f) for f in files))


@bot_group.command("bench")
@click.option("--games", type=click.IntRange(min=1), default=200, show_default=True)
@game_option
@json_option
@friendly
def bench_cmd(games: int, game_dir: Path | None, as_json: bool) -> None:
    """Time one enemy turn and games simulated per minute (one core)."""
    from bot.stockholm1520.bench import run
    result = run(load_game_data(game_dir), games)
    if as_json:
        click.echo(json.dumps(result))
        return
    from bot.stockholm1520.bench import describe
    click.echo(describe(result))


__all__ = ["bot_group"]
