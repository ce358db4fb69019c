"""``pnpkit batalj ...``: a Batalj battle at the table, the bot playing the enemy army.

Every command reads the save, does one battle step (or plays a card), writes the save
atomically and prints what happened with the rule it follows (or JSON with ``--json``). The
verbs every bot answers (new, status, log, undo, show, simulate) come from ``bot.verbs``; this
module says what is Batalj's (``BataljBot``) and adds its own verbs (place, fire, choose, ...).
Conventions shared with ``pnpkit bot`` (bot.commands): exit 0 done, 1 the rules refuse (nothing
changed), 2 bad file, data or input (an unknown area, card or word, a die of 7); never a traceback.

A step that rolls dice (fire, attack, counter) shows them, then asks the players' choices: at a
terminal it prompts for each; in a script it stops, saved, and ``pnpkit batalj choose ANSWER``
answers (``--json`` says the question and its options)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import click

from bot.batalj import GAME
from bot.batalj.changes import table_changes
from bot.batalj.explain import format_records, next_step, question_text, status_text
from bot.batalj.game import MAX_PLAYERS, MIN_PLAYERS, BattleGame
from bot.batalj.save import DEFAULT_SAVE, replay_save, write_save
from bot.commands import Seed, echo, friendly
from bot.errors import ActionSyntaxError, RuleError
from bot.replay import Replayed
from bot.verbs import Answer, Bot, bot_commands, saved_game
from bot.records import Record

if TYPE_CHECKING:
    from bot.web.view import View


def interactive() -> bool:
    """Whether the players sit at a terminal (the step's questions are then prompted)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _players_option(fn: Callable) -> Callable:
    return click.option("--players", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), required=True,
                        help="How many play.")(fn)


def _simulate_options(fn: Callable) -> Callable:
    fn = click.option("--players", type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS), default=3, show_default=True)(fn)
    fn = click.option("--seed", type=Seed(), default=0, show_default=True)(fn)
    return click.option("--battles", type=click.IntRange(1, 100_000), default=100, show_default=True)(fn)


def _ask_options(fn: Callable) -> Callable:
    fn = click.option("--dice", default="", metavar="D,D,..",
                      help="The enemy's dice, in the order it rolls them (default: the bot rolls).")(fn)
    fn = click.option("--seed", type=Seed(), default=0, show_default=True,
                      help="Seed for the enemy's dice not given, ties by die and the cards laid at random.")(fn)
    return click.argument("position", type=click.Path(dir_okay=False, path_type=Path))(fn)



def page() -> type[View[Any]]:
    """The bot's page (``serve``), imported when it is served."""
    from bot.batalj.web import BataljView
    return BataljView

class BataljBot(Bot[BattleGame]):
    """Batalj's battle bot, as the verbs every bot answers see it."""

    command = "batalj"
    title = "Batalj"
    default_save = DEFAULT_SAVE
    undo_heading = "on the table (now -> again):"
    show_out = "batalj-position.png"
    show_dpi = (60.0, 10.0, 300.0)
    new_help = "Start a battle (step 1: place your troops, then `ready`)."
    simulate_help = ("Play whole battles, the enemy by the rules and Sweden by a simple documented policy "
                     "(docs/batalj-bot.md): win rates and battle lengths.")
    new_options = staticmethod(_players_option)
    web = staticmethod(page)
    simulate_options = staticmethod(_simulate_options)
    ask_options = staticmethod(_ask_options)
    ask_help = ("Answer what the enemy army does from the battle's position in POSITION.json (the enemy's part of "
                "its step: ready, fire, counter or redeploy) and exit (docs/batalj-bot.md).")

    def page(self) -> View[Any]:
        """The page of ``serve``, drawn on the art the offline app has baked (``bot.batalj.bake``)."""
        from bot.batalj.bake import terminal_art
        from bot.batalj.web import BataljView
        return BataljView(self, terminal_art())

    def replay(self, save: Path, **_: Any) -> Replayed[BattleGame]:
        return replay_save(save)

    def write(self, game: BattleGame, save: Path) -> None:
        """Write the save, and keep its status and picture (bot.status_cache)."""
        from bot.status_cache import remember_status
        from bot.verbs import status_answer
        write_save(game, save)
        remember_status(self, game, save, status_answer(self, game))

    def data_folder(self, document: Any, **_: Any) -> Path | None:
        from bot.gamefolder import game_folder
        return game_folder(GAME).resolve()

    def status_inputs(self, game: BattleGame, save: Path) -> tuple[Path, dict[Path, str]] | None:
        """A battle's status is its save's alone (the enemy's deck is in it); its picture is
        drawn on the kit's board: kept under every file of the game's folder."""
        import json
        from bot.gamefolder import folder_files, game_folder
        saved = json.loads(Path(save).read_text(encoding="utf-8"))
        if saved.get("position") != json.loads(json.dumps(game.battle.to_json())):
            return None
        folder = game_folder(GAME).resolve()
        files = folder_files(folder)
        return None if files is None else (folder, files)

    def picture(self, game: BattleGame) -> tuple[dict[str, Any], Any]:
        from bot.batalj.show import board_scene
        return {"battle": game.battle.to_json()}, board_scene       # read only when not kept already

    def draw_picture(self, data: dict[str, Any], objects: Any, out: Path, dpi: float) -> Answer:
        from bot.batalj.show import battle_from_json, write_position
        write_position(battle_from_json(data["battle"]), out, dpi, objects)
        return {"files": [str(out)]}, [f"wrote {out}"]

    def new_game(self, seed: int, players: int = 3, **_: Any) -> BattleGame:
        return BattleGame(seed, players)

    def new_answer(self, game: BattleGame, save: Path, **_: Any) -> Answer:
        players = game.players
        return ({"players": players},
                [f"New Batalj battle, {players} player(s), seed {game.seed}, saved in {save}.",
                 "Step 1: place your Province cards (at most one a Sector, at least one in the Reserve) and "
                 "Artillery:",
                 "  pnpkit batalj place left Uppland 3 1     (area, card, Soldiers, Commanders)",
                 "  pnpkit batalj place reserve Gotland 3    pnpkit batalj artillery 2",
                 f"Then: pnpkit batalj ready (the enemy's strength: {players + 1} Province cards, a red Soldier for "
                 "each Troop symbol; the bot draws them, or enter the cards laid at the table: --enemy "
                 "3s,2s1c,... in the order they lie, e1 e2 e3 then the Reserve)"])

    def identity(self, game: BattleGame) -> dict[str, Any]:
        return {"seed": game.seed, "game": "batalj", "players": game.players}

    def phase(self, game: BattleGame) -> str:
        return game.battle.phase

    def next_step(self, game: BattleGame) -> str:
        return next_step(game.battle, game.question)

    def position(self, game: BattleGame) -> dict[str, Any]:
        return game.battle.to_json()

    def standing(self, game: BattleGame) -> dict[str, Any]:
        q = game.question
        return {"round": game.battle.round, "winner": game.battle.winner, "question": q.to_json() if q else None}

    def status(self, game: BattleGame) -> Answer:
        return {}, [status_text(game.battle, game.question)]

    def records_text(self, records: list[Record], verbose: bool = False) -> str:
        return format_records(records)

    def table_changes(self, before: BattleGame, after: BattleGame) -> list[str]:
        return table_changes(before.battle, after.battle)

    def draw(self, game: BattleGame, out: Path, dpi: float) -> Answer:
        from bot.status_cache import made
        data, objects = self.picture(game)
        return self.draw_picture(data, made(objects), out, dpi)

    def simulate(self, battles: int = 100, seed: int = 0, players: int = 3, **_: Any) -> Answer:
        from bot.batalj.simulate import report_text, simulate
        result = simulate(battles, seed, players)
        return result, [report_text(result)]

    def ask(self, **options: Any) -> Answer:
        return self._ask(**options)

    def _ask(self, position: Path, seed: int = 0, dice: str = "", **_: Any) -> Answer:
        """``ask``: the enemy's part of the position's step (``bot.batalj.ask``)."""
        from bot.batalj.actions import dice_of
        from bot.batalj.ask import answer, answer_lines
        from bot.positionfile import read_position_file
        data, line_of = read_position_file(position)
        result = answer(data, str(position), seed, dice_of(dice), line_of)
        return result, answer_lines(result)

    def act(self, save: Path, line: Any, as_json: bool, **options: Any) -> BattleGame:
        """One action (``Bot.act``); at a terminal, then each choice the step waits for, asked
        and applied the same way."""
        game = self.load(save)
        records = game.apply(line)
        self.write(game, save)
        asking = not as_json and interactive()
        self.report(game, game.log[-1], records, as_json, asking and game.question is not None)
        while asking and game.question is not None:
            echo(question_text(game.question))
            try:
                answer = click.prompt("your choice", prompt_suffix=": ")
            except click.Abort:
                echo(f"\n-> {self.next_step(game)}")
                return game
            try:
                records = game.apply(_line("choose", shlex.quote(answer.strip())))
            except (RuleError, ActionSyntaxError) as err:
                echo(f"error: {err}", err=True)
                continue
            self.write(game, save)
            self.report(game, game.log[-1], records, False, game.question is not None)
        return game


BOT = BataljBot()


@bot_commands(BOT)
def batalj_group() -> None:
    """Svea Rike: Batalj: a battle at the table, the bot playing the enemy army by the rules."""


saved_game_options = saved_game(BOT)


def dice_option(fn: Callable) -> Callable:
    return click.option("--dice", default="", metavar="D,D,..",
                        help="The dice rolled at the table, in the order the bot asks (default: the bot rolls).")(fn)


def keep_option(fn: Callable) -> Callable:
    return click.option("--keep-commanders", "keep", is_flag=True,
                        help="In advance (scripts): lose Soldiers rather than retreat Commanders (default: asked "
                             "loss by loss).")(fn)


def do_action(save: Path, line: str, as_json: bool) -> None:
    """Load, apply one action (kept only when the rules accept it), write back, report."""
    BOT.act(save, line, as_json)


def _opt(key: str, value: str) -> str:
    return f"{key}={value.replace(' ', '')}" if value else ""


def _line(*parts: str) -> str:
    return " ".join(p for p in parts if p)


@batalj_group.command("place")
@click.argument("area")
@click.argument("card")
@click.argument("soldiers", type=click.IntRange(0, 40))
@click.argument("commanders", type=click.IntRange(0, 40), default=0)
@saved_game_options
@friendly
def place_cmd(area: str, card: str, soldiers: int, commanders: int, save: Path, as_json: bool) -> None:
    """Place a Province card with its pieces: AREA (left, centre, right or reserve) CARD SOLDIERS [COMMANDERS]."""
    do_action(save, _line("place", shlex.quote(area), shlex.quote(card), str(soldiers), str(commanders)), as_json)


@batalj_group.command("artillery")
@click.argument("styrka", type=click.IntRange(1, 3))
@saved_game_options
@friendly
def artillery_cmd(styrka: int, save: Path, as_json: bool) -> None:
    """A Swedish Artillery card: a Cannon of its Styrka (1-3) in the Reserve."""
    do_action(save, f"artillery {styrka}", as_json)


@batalj_group.command("ready")
@click.option("--enemy", default="", metavar="3s1c,2s,..",
              help="The pieces of the enemy's Province cards laid at the table (players + 1 cards, as they lie: "
                   "e1, e2, e3, then the Reserve); default: the bot draws.")
@saved_game_options
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
@saved_game_options
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
@saved_game_options
@friendly
def attack_cmd(areas: str, dice: str, none: bool, reserve_target: str, save: Path, as_json: bool) -> None:
    """Step 3: Sweden attacks; the enemy's losses are removed (it retreats Commanders first)."""
    do_action(save, _line("attack", _opt("from", areas), "none" if none else "", _opt("dice", dice),
                          _opt("reserve-target", reserve_target)), as_json)


@batalj_group.command("choose")
@click.argument("answers", nargs=-1, required=True)
@saved_game_options
@friendly
def choose_cmd(answers: tuple[str, ...], save: Path, as_json: bool) -> None:
    """Answer the question the step waits for (an area: e2, left...; or soldier / commander);
    several answers answer the next questions in turn."""
    do_action(save, _line("choose", *(shlex.quote(a) for a in answers)), as_json)


@batalj_group.command("counter")
@dice_option
@keep_option
@saved_game_options
@friendly
def counter_cmd(dice: str, keep: bool, save: Path, as_json: bool) -> None:
    """Step 4: the enemy counter-attacks wherever it can; your losses are removed."""
    do_action(save, _line("counter", _opt("dice", dice), "keep-commanders" if keep else ""), as_json)


@batalj_group.command("redeploy")
@click.argument("moves", nargs=-1)
@saved_game_options
@friendly
def redeploy_cmd(moves: tuple[str, ...], save: Path, as_json: bool) -> None:
    """Step 5 and 6: your moves ("back CARD; retire CARD [N]; forward CARD [SECTOR]; reinforce CARD [N];
    commander FROM TO [N]", in that order, or none), then the enemy redeploys."""
    do_action(save, _line("redeploy", " ".join(moves)), as_json)


@batalj_group.command("play")
@click.argument("card")
@click.argument("arg", required=False, default="")
@saved_game_options
@friendly
def play_cmd(card: str, arg: str, save: Path, as_json: bool) -> None:
    """Play a battle card: supply, fortune, kliszow/narva/breitenfeld/belt SECTOR, poltava, steel,
    incursion [soldier|commander|cannon], surprise SECTOR, burst [enemy|sweden:STYRKA]."""
    do_action(save, _line("play", shlex.quote(card), shlex.quote(arg) if arg else ""), as_json)


@batalj_group.command("end")
@click.option("--agreed", is_flag=True, help="The players agree to end the battle (required: by the rules a battle "
                                              "ends only when a Reserve has no Soldier).")
@saved_game_options
@friendly
def end_cmd(agreed: bool, save: Path, as_json: bool) -> None:
    """End the battle by the players' agreement (a stalled battle: no attack can reach anything).
    It has no winner; the save records it ("ended by agreement")."""
    if not agreed:
        raise ActionSyntaxError("a battle ends by the rules only when a Reserve has no Soldier; to end it by the "
                                "players' agreement: pnpkit batalj end --agreed")
    do_action(save, "end agreed", as_json)
