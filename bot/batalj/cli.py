"""``pnpkit batalj ...``: a Batalj battle at the table, the bot playing the enemy army.

Every command reads the save, does one battle step (or plays a card), writes the save
atomically and prints what happened with the rule it follows (or JSON with ``--json``).
Conventions shared with ``pnpkit bot`` (bot.commands): exit 0 done, 1 the rules refuse (nothing
changed), 2 bad file, data or input (an unknown area, card or word, a die of 7); never a traceback.

A step that rolls dice (fire, attack, counter) shows them, then asks the players' choices: at a
terminal it prompts for each; in a script it stops, saved, and ``pnpkit batalj choose ANSWER``
answers (``--json`` says the question and its options)."""

from __future__ import annotations

import functools
import json
import shlex
import sys
from pathlib import Path
from typing import Any, Callable

import click

from bot.commands import EXIT_DATA, JsonErrorGroup, Seed, emit_error, friendly_for, json_option, random_seed
from bot.batalj.changes import table_changes
from bot.batalj.explain import format_records, next_step, question_text, status_text
from bot.batalj.game import MAX_PLAYERS, MIN_PLAYERS, BattleGame
from bot.batalj.save import DEFAULT_SAVE, read_save, write_save
from bot.batalj.state import BadInput, RuleError

_refusals = friendly_for((RuleError,))


def friendly(fn: Callable) -> Callable:
    """bot.commands' conventions, and bad input (BadInput) answered like a bad option: exit 2."""
    @functools.wraps(fn)
    def bad_input(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except BadInput as err:
            emit_error(bool(kwargs.get("as_json")), str(err), EXIT_DATA)
    return _refusals(bad_input)


def interactive() -> bool:
    """Whether the players sit at a terminal (the step's questions are then prompted)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def save_option(fn: Callable) -> Callable:
    return click.option("--save", "save", type=click.Path(dir_okay=False, path_type=Path), default=DEFAULT_SAVE,
                        show_default=True, help="The battle's save file.")(fn)


def dice_option(fn: Callable) -> Callable:
    return click.option("--dice", default="", metavar="D,D,..",
                        help="The dice rolled at the table, in the order the bot asks (default: the bot rolls).")(fn)


def keep_option(fn: Callable) -> Callable:
    return click.option("--keep-commanders", "keep", is_flag=True,
                        help="In advance (scripts): lose Soldiers rather than retreat Commanders (default: asked "
                             "loss by loss).")(fn)


def _report(game: BattleGame, records: list[dict[str, Any]], as_json: bool, asking: bool = False) -> None:
    b = game.battle
    q = game.question
    if as_json:
        click.echo(json.dumps({"ok": True, "action": game.log[-1], "records": records, "phase": b.phase,
                               "round": b.round, "winner": b.winner, "question": q.to_json() if q else None,
                               "next": next_step(b, q), "position": b.to_json()}, ensure_ascii=False))
        return
    text = format_records(records)
    if text:
        click.echo(text)
    if not asking:
        click.echo(f"-> {next_step(b, q)}")


def do_action(save: Path, line: str, as_json: bool) -> None:
    """Load, apply one action (kept only when the rules accept it), write back, report; at a
    terminal, ask each choice the step waits for and apply the answer the same way."""
    game = read_save(save)
    records = game.apply(line)
    write_save(game, save)
    asking = not as_json and interactive()
    _report(game, records, as_json, asking and game.question is not None)
    while asking and game.question is not None:
        click.echo(question_text(game.question))
        try:
            answer = click.prompt("your choice", prompt_suffix=": ")
        except click.Abort:
            click.echo(f"\n-> {next_step(game.battle, game.question)}")
            return
        try:
            records = game.apply(_line("choose", shlex.quote(answer.strip())))
        except (RuleError, BadInput) as err:
            click.echo(f"error: {err}", err=True)
            continue
        write_save(game, save)
        _report(game, records, False, game.question is not None)


def _opt(key: str, value: str) -> str:
    return f"{key}={value.replace(' ', '')}" if value else ""


def _line(*parts: str) -> str:
    return " ".join(p for p in parts if p)


@click.group("batalj", cls=JsonErrorGroup)
def batalj_group() -> None:
    """Svea Rike: Batalj: a battle at the table, the bot playing the enemy army by the rules."""


@batalj_group.command("new")
@click.option("--players", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), required=True, help="How many play.")
@click.option("--seed", type=Seed(), default=None, help="Seed for the bot's dice and draws (default: random).")
@click.option("--force", is_flag=True, help="Overwrite an existing save file.")
@save_option
@json_option
@friendly
def new_cmd(players: int, seed: int | None, force: bool, save: Path, as_json: bool) -> None:
    """Start a battle (step 1: place your troops, then `ready`)."""
    if save.exists() and not force:
        raise RuleError(f"{save} already holds a battle: continue it, pass --force to start over, or use --save FILE")
    seed = random_seed() if seed is None else seed
    game = BattleGame(seed, players)
    write_save(game, save)
    if as_json:
        click.echo(json.dumps({"ok": True, "seed": seed, "players": players, "save": str(save),
                               "next": next_step(game.battle)}))
        return
    click.echo(f"New Batalj battle, {players} player(s), seed {seed}, saved in {save}.")
    click.echo("Step 1: place your Province cards (at most one a Sector, at least one in the Reserve) and Artillery:")
    click.echo("  pnpkit batalj place left Uppland 3 1     (area, card, Soldiers, Commanders)")
    click.echo("  pnpkit batalj place reserve Gotland 3    pnpkit batalj artillery 2")
    click.echo(f"Then: pnpkit batalj ready (the enemy's strength: {players + 1} Province cards, a red Soldier for "
               "each Troop symbol; the bot draws them, or enter the cards laid at the table: --enemy 3s,2s1c,... "
               "in the order they lie, e1 e2 e3 then the Reserve)")


@batalj_group.command("place")
@click.argument("area")
@click.argument("card")
@click.argument("soldiers", type=click.IntRange(0, 40))
@click.argument("commanders", type=click.IntRange(0, 40), default=0)
@save_option
@json_option
@friendly
def place_cmd(area: str, card: str, soldiers: int, commanders: int, save: Path, as_json: bool) -> None:
    """Place a Province card with its pieces: AREA (left, centre, right or reserve) CARD SOLDIERS [COMMANDERS]."""
    do_action(save, _line("place", shlex.quote(area), shlex.quote(card), str(soldiers), str(commanders)), as_json)


@batalj_group.command("artillery")
@click.argument("styrka", type=click.IntRange(1, 3))
@save_option
@json_option
@friendly
def artillery_cmd(styrka: int, save: Path, as_json: bool) -> None:
    """A Swedish Artillery card: a Cannon of its Styrka (1-3) in the Reserve."""
    do_action(save, f"artillery {styrka}", as_json)


@batalj_group.command("ready")
@click.option("--enemy", default="", metavar="3s1c,2s,..",
              help="The pieces of the enemy's Province cards laid at the table (players + 1 cards, as they lie: "
                   "e1, e2, e3, then the Reserve); default: the bot draws.")
@save_option
@json_option
@friendly
def ready_cmd(enemy: str, save: Path, as_json: bool) -> None:
    """End step 1: the bot draws and places the enemy army."""
    do_action(save, _line("ready", _opt("enemy", enemy)), as_json)


@batalj_group.command("fire")
@dice_option
@click.option("--enemy-dice", default="", metavar="D,..", help="The enemy Cannons' dice (default: the bot rolls).")
@click.option("--targets", default="", metavar="e1,..",
              help="In advance (scripts): the enemy Sector each Swedish hit falls on, in order (default: asked).")
@click.option("--hits-on", default="", metavar="s1,..",
              help="In advance (scripts): where the enemy's hits fall on you, in order (default: asked).")
@keep_option
@save_option
@json_option
@friendly
def fire_cmd(dice: str, enemy_dice: str, targets: str, hits_on: str, keep: bool, save: Path, as_json: bool) -> None:
    """Step 2: all Artillery fires, Swedish then enemy."""
    do_action(save, _line("fire", _opt("dice", dice), _opt("enemy-dice", enemy_dice), _opt("targets", targets),
                          _opt("hits-on", hits_on), "keep-commanders" if keep else ""), as_json)


@batalj_group.command("attack")
@click.option("--from", "areas", default="", metavar="s1,sr,..", help="The Swedish areas that attack (default: all "
                                                                       "that can).")
@dice_option
@click.option("--none", "none", is_flag=True, help="No Swedish area attacks this round.")
@click.option("--reserve-target", default="", metavar="SECTOR",
              help="The enemy Sector your Reserve's hits fall on, if it hits (default: asked after the roll).")
@save_option
@json_option
@friendly
def attack_cmd(areas: str, dice: str, none: bool, reserve_target: str, save: Path, as_json: bool) -> None:
    """Step 3: Sweden attacks; the enemy's losses are removed (it retreats Commanders first)."""
    do_action(save, _line("attack", _opt("from", areas), "none" if none else "", _opt("dice", dice),
                          _opt("reserve-target", reserve_target)), as_json)


@batalj_group.command("choose")
@click.argument("answers", nargs=-1, required=True)
@save_option
@json_option
@friendly
def choose_cmd(answers: tuple[str, ...], save: Path, as_json: bool) -> None:
    """Answer the question the step waits for (an area: e2, left...; or soldier / commander);
    several answers answer the next questions in turn."""
    do_action(save, _line("choose", *(shlex.quote(a) for a in answers)), as_json)


@batalj_group.command("counter")
@dice_option
@keep_option
@save_option
@json_option
@friendly
def counter_cmd(dice: str, keep: bool, save: Path, as_json: bool) -> None:
    """Step 4: the enemy counter-attacks wherever it can; your losses are removed."""
    do_action(save, _line("counter", _opt("dice", dice), "keep-commanders" if keep else ""), as_json)


@batalj_group.command("redeploy")
@click.argument("moves", nargs=-1)
@save_option
@json_option
@friendly
def redeploy_cmd(moves: tuple[str, ...], save: Path, as_json: bool) -> None:
    """Step 5 and 6: your moves ("back CARD; retire CARD [N]; forward CARD [SECTOR]; reinforce CARD [N];
    commander FROM TO [N]", in that order, or none), then the enemy redeploys."""
    do_action(save, _line("redeploy", " ".join(moves)), as_json)


@batalj_group.command("play")
@click.argument("card")
@click.argument("arg", required=False, default="")
@save_option
@json_option
@friendly
def play_cmd(card: str, arg: str, save: Path, as_json: bool) -> None:
    """Play a battle card: supply, fortune, kliszow/narva/breitenfeld/belt SECTOR, poltava, steel,
    incursion [soldier|commander|cannon], surprise SECTOR, burst [enemy|sweden:STYRKA]."""
    do_action(save, _line("play", shlex.quote(card), shlex.quote(arg) if arg else ""), as_json)


@batalj_group.command("status")
@save_option
@json_option
@friendly
def status_cmd(save: Path, as_json: bool) -> None:
    """Where every piece stands, and what to do next."""
    game = read_save(save)
    b = game.battle
    if as_json:
        q = game.question
        click.echo(json.dumps({"ok": True, "seed": game.seed, "players": game.players, "phase": b.phase,
                               "round": b.round, "winner": b.winner, "question": q.to_json() if q else None,
                               "next": next_step(b, q), "position": b.to_json()}, ensure_ascii=False))
        return
    click.echo(status_text(b, game.question))


@batalj_group.command("log")
@save_option
@json_option
@friendly
def log_cmd(save: Path, as_json: bool) -> None:
    """Every action so far with what it did and why."""
    game = read_save(save)
    if as_json:
        click.echo(json.dumps({"ok": True, "log": [{"action": line, "records": records}
                                                   for line, records in zip(game.log, game.records)]},
                              ensure_ascii=False))
        return
    for n, (line, records) in enumerate(zip(game.log, game.records), start=1):
        click.echo(f"{n}. {line}")
        text = format_records(records)
        if text:
            click.echo("   " + text.replace("\n", "\n   "))


@batalj_group.command("undo")
@click.argument("count", type=click.IntRange(min=1), default=1)
@save_option
@json_option
@friendly
def undo_cmd(count: int, save: Path, as_json: bool) -> None:
    """Take back the last COUNT actions (the rest is replayed from the seed: the same dice), and
    list what to put back on the table."""
    game = read_save(save)
    if count > len(game.log):
        raise RuleError(f"only {len(game.log)} action(s) to undo")
    undone = game.log[-count:]
    earlier = game.undo(count)
    todo = table_changes(game.battle, earlier.battle)
    write_save(earlier, save)
    q = earlier.question
    if as_json:
        click.echo(json.dumps({"ok": True, "undone": undone, "table": todo, "phase": earlier.battle.phase,
                               "question": q.to_json() if q else None, "next": next_step(earlier.battle, q),
                               "position": earlier.battle.to_json()}, ensure_ascii=False))
        return
    click.echo("undone: " + "; ".join(undone))
    click.echo("on the table (now -> again):" if todo else "on the table: nothing to change")
    for n, line in enumerate(todo, start=1):
        click.echo(f"  {n}. {line}")
    click.echo(f"-> {next_step(earlier.battle, q)}")


@batalj_group.command("simulate")
@click.option("--battles", type=click.IntRange(1, 100_000), default=100, show_default=True)
@click.option("--seed", type=Seed(), default=0, show_default=True)
@click.option("--players", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=3, show_default=True)
@json_option
@friendly
def simulate_cmd(battles: int, seed: int, players: int, as_json: bool) -> None:
    """Play whole battles, the enemy by the rules and Sweden by a simple documented policy
    (docs/batalj-bot.md): win rates and battle lengths."""
    from bot.batalj.simulate import report_text, simulate
    result = simulate(battles, seed, players)
    click.echo(json.dumps({"ok": True, **result}) if as_json else report_text(result))


@batalj_group.command("show")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=Path("batalj-position.png"),
              show_default=True, help="The picture: .png, or .svg.")
@click.option("--dpi", type=click.FloatRange(min=10, max=300), default=60.0, show_default=True)
@save_option
@json_option
@friendly
def show_cmd(out: Path, dpi: float, save: Path, as_json: bool) -> None:
    """Draw the position on the printed Battlefield, to compare with the table."""
    from bot.batalj.show import write_position
    game = read_save(save)
    write_position(game.battle, out, dpi)
    click.echo(json.dumps({"ok": True, "out": str(out)}) if as_json else f"wrote {out}")
