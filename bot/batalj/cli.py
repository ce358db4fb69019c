"""``pnpkit batalj ...``: a Batalj battle at the table, the bot playing the enemy army.

Every command reads the save, does one battle step (or plays a card), writes the save
atomically and prints what happened with the rule it follows (or JSON with ``--json``).
Conventions shared with ``pnpkit bot`` (bot.commands): exit 0 done, 1 the rules refuse (nothing
changed), 2 bad file or data; never a traceback."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any, Callable

import click

from bot.commands import JsonErrorGroup, Seed, friendly_for, json_option, random_seed
from bot.batalj.actions import ActionSyntaxError
from bot.batalj.explain import format_records, next_step, status_text
from bot.batalj.game import MAX_PLAYERS, MIN_PLAYERS, BattleGame
from bot.batalj.save import DEFAULT_SAVE, read_save, write_save
from bot.batalj.state import RuleError

friendly = friendly_for((RuleError, ActionSyntaxError, ValueError))


def save_option(fn: Callable) -> Callable:
    return click.option("--save", "save", type=click.Path(dir_okay=False, path_type=Path), default=DEFAULT_SAVE,
                        show_default=True, help="The battle's save file.")(fn)


def dice_option(fn: Callable) -> Callable:
    return click.option("--dice", default="", metavar="D,D,..",
                        help="The dice rolled at the table, in the order the bot asks (default: the bot rolls).")(fn)


def keep_option(fn: Callable) -> Callable:
    return click.option("--keep-commanders", "keep", is_flag=True,
                        help="Your losses: lose Soldiers before retreating Commanders (default: a Commander "
                             "retreats instead of a Soldier being lost).")(fn)


def _report(game: BattleGame, records: list[dict[str, Any]], as_json: bool) -> None:
    b = game.battle
    if as_json:
        click.echo(json.dumps({"ok": True, "action": game.log[-1], "records": records, "phase": b.phase,
                               "round": b.round, "winner": b.winner, "next": next_step(b),
                               "position": b.to_json()}, ensure_ascii=False))
        return
    text = format_records(records)
    if text:
        click.echo(text)
    click.echo(f"-> {next_step(b)}")


def do_action(save: Path, line: str, as_json: bool) -> None:
    """Load, apply one action (kept only when the rules accept it), write back, report."""
    game = read_save(save)
    records = game.apply(line)
    write_save(game, save)
    _report(game, records, as_json)


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
    click.echo(f"Then: pnpkit batalj ready (the bot draws {players + 1} strength cards for the enemy; "
               "with physical cards: --enemy 3s1c,2s,...)")


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
              help="The pieces on the enemy cards drawn at the table (players + 1 cards); default: the bot draws.")
@save_option
@json_option
@friendly
def ready_cmd(enemy: str, save: Path, as_json: bool) -> None:
    """End step 1: the bot draws and places the enemy army."""
    do_action(save, _line("ready", _opt("enemy", enemy)), as_json)


@batalj_group.command("fire")
@dice_option
@click.option("--enemy-dice", default="", metavar="D,..", help="The enemy Cannons' dice (default: the bot rolls).")
@click.option("--targets", default="", metavar="e1,..", help="The enemy Sector each Swedish hit falls on, in order.")
@click.option("--hits-on", default="", metavar="s1,..", help="Where the enemy's hits fall on you, in order.")
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
@click.option("--reserve-target", default="", metavar="SECTOR", help="The enemy Sector your Reserve attacks.")
@save_option
@json_option
@friendly
def attack_cmd(areas: str, dice: str, reserve_target: str, save: Path, as_json: bool) -> None:
    """Step 3: Sweden attacks; the enemy's losses are removed (it retreats Commanders first)."""
    do_action(save, _line("attack", _opt("from", areas), _opt("dice", dice), _opt("reserve-target", reserve_target)),
              as_json)


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
        click.echo(json.dumps({"ok": True, "seed": game.seed, "players": game.players, "phase": b.phase,
                               "round": b.round, "winner": b.winner, "next": next_step(b),
                               "position": b.to_json()}, ensure_ascii=False))
        return
    click.echo(status_text(b))


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
    """Take back the last COUNT actions (the rest is replayed from the seed: the same dice)."""
    game = read_save(save)
    if count > len(game.log):
        raise RuleError(f"only {len(game.log)} action(s) to undo")
    undone = game.log[-count:]
    earlier = game.undo(count)
    write_save(earlier, save)
    if as_json:
        click.echo(json.dumps({"ok": True, "undone": undone, "phase": earlier.battle.phase,
                               "next": next_step(earlier.battle), "position": earlier.battle.to_json()},
                              ensure_ascii=False))
        return
    click.echo("undone: " + "; ".join(undone))
    click.echo(f"-> {next_step(earlier.battle)}")


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
