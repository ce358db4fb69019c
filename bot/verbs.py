"""The verbs every bot answers alike, made once: ``new``, ``status``, ``log``, ``undo``,
``show``, ``simulate`` and ``ask`` (``bot_commands``), and the way a game's own verbs play one
action (``Bot.act``). A game says what is its own by subclassing ``Bot`` (its save, its
records in words, its picture, its simulation); its CLI module then adds only its own verbs
to the group (``bot.stockholm1520.cli``, ``bot.batalj.cli``).

One output shape: every answer is plain text, or with ``--json`` one JSON object on stdout,
``{"ok": true, ...}`` or ``{"ok": false, "error": ...}``; the same keys for the same verb in
every game. Exit codes and error handling: ``bot.commands``.

The browser companion (``serve``, ``bot.web``) is one more verb made from the same ``Bot``:
a bot that names its page (``Bot.web``) gets it, and ``app``, the same page as an offline app
for the phone (``bot.web.offline``).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Generic, TypeVar

import click

from bot.commands import JsonErrorGroup, dumps, echo as say, Seed, friendly, friendly_unlocked, json_option, random_seed
from bot.errors import RuleError
from bot.replay import LoggedGame, Replayed, TakenBack, take_back
from bot.records import Record

if TYPE_CHECKING:
    from bot.web.view import View

GameT = TypeVar("GameT", bound=LoggedGame[Any])
Options = Callable[[Callable[..., Any]], Callable[..., Any]]
Answer = tuple[dict[str, Any], list[str]]         # the JSON fields, and the lines of text

#: The verbs ``bot_commands`` gives every bot (and ``serve`` and ``app`` when the bot has a page).
COMMON_VERBS = ("new", "status", "log", "undo", "show", "simulate", "ask")


def no_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    return fn


class Bot(ABC, Generic[GameT]):
    """What one game's bot says of itself to the verbs every bot answers."""

    #: The command group (``pnpkit bot``, ``pnpkit batalj``), the game's name in words, and
    #: the default save file.
    command: str
    title: str
    default_save: str
    #: Log verbs the bot plays on the table (cards, its own moves): undo asks before taking
    #: one back (``--yes`` does not ask).
    asks_first: tuple[str, ...] = ()
    #: What ``undo`` says before the list of what to do on the table.
    undo_heading: str = "on the table:"
    #: The picture ``show`` writes by default, and the range of its dpi.
    show_out: str = "position.png"
    show_dpi: tuple[float, float, float] = (60.0, 10.0, 300.0)        # default, least, most
    show_help: str = "The picture: .png, or .svg."

    # -- the save ------------------------------------------------------------------
    load_options: Options = staticmethod(no_options)    # options of a saved game's commands (besides --save)

    @abstractmethod
    def replay(self, save: Path, **options: Any) -> Replayed[GameT]:
        """The saved game replayed as far as its log goes."""

    def load(self, save: Path, **options: Any) -> GameT:
        """The saved game; DataError when its log does not replay whole."""
        return self.replay(save, **options).whole()

    @abstractmethod
    def write(self, game: Any, save: Path) -> None:
        """Write the game as its save (atomically)."""

    #: The help of ``new``, ``simulate`` and ``ask`` (what they do in this game).
    new_help: str = "Start a game and print the setup to make at the table."
    simulate_help: str = ("Play whole games, the bot against a built-in player; print the statistics (the same "
                          "seed gives the same games).")
    ask_help: str = "The bot's answer for a position given as a file, without a saved game."

    # -- a new game ----------------------------------------------------------------
    new_options: Options = staticmethod(no_options)

    @abstractmethod
    def new_game(self, seed: int, **options: Any) -> Any:
        """A game with no action yet."""

    @abstractmethod
    def new_answer(self, game: Any, save: Path, **options: Any) -> Answer:
        """What ``new`` says besides the seed and the save: the setup to make at the table."""

    # -- where a game stands, in words ---------------------------------------------
    @abstractmethod
    def identity(self, game: Any) -> dict[str, Any]:
        """Which game this is (seed, game, its setup), for ``status`` and ``log``."""

    @abstractmethod
    def phase(self, game: Any) -> str: ...

    @abstractmethod
    def next_step(self, game: Any) -> str:
        """What the players do next, in words."""

    @abstractmethod
    def position(self, game: Any) -> dict[str, Any]:
        """The position as JSON."""

    def standing(self, game: Any) -> dict[str, Any]:
        """What an action's answer adds to phase and position (the result, the round)."""
        return {}

    @abstractmethod
    def status(self, game: Any) -> Answer:
        """``status`` besides identity, phase and position: the JSON fields and the text."""

    @abstractmethod
    def records_text(self, records: list[Record], verbose: bool = False) -> str:
        """What one action did, in words."""

    def table_changes(self, before: Any, after: Any) -> list[str]:
        """What to do on the table to go from one game to the other (``undo``)."""
        return []

    # -- status without a replay (bot.status_cache) -----------------------------------
    def data_folder(self, document: Any, **options: Any) -> Path | None:
        """The game folder the save ``document`` (its JSON, as written) is played in with
        ``options``, found without reading the game; None: ``status`` always replays."""
        return None

    def status_inputs(self, game: Any, save: Path) -> tuple[Path, dict[Path, str]] | None:
        """The game folder and the data files (sha256 each) ``game``'s status was made from,
        when ``save`` holds that game with the data it was read from and the position its log
        gives; None: keep no answer for it."""
        return None

    # -- the other verbs ---------------------------------------------------------------
    @abstractmethod
    def draw(self, game: Any, out: Path, dpi: float) -> Answer:
        """``show``: draw the position; the files written (``files``) and what else to say."""

    # -- show without a replay (bot.status_cache) ---------------------------------------
    def picture(self, game: Any) -> tuple[dict[str, Any], Any] | None:
        """What ``show`` draws ``game`` from: JSON (the position in the painter's terms, what
        the answer says besides the files) and the objects of the game's data it draws with
        (its board, its pieces; pickled, they are kept while those data files are unchanged), or a
        function making them (called only when they are not kept already: a board read from the kit).
        Kept with the status (``status_inputs``), ``show`` then draws with ``draw_picture``
        without replaying. None: ``show`` replays and calls ``draw``."""
        return None

    def draw_picture(self, data: dict[str, Any], objects: Any, out: Path, dpi: float) -> Answer:
        """``show`` from ``picture``'s JSON (as read back) and objects: the answer ``draw``
        gives."""
        raise NotImplementedError(f"{type(self).__name__} draws no picture without its game")

    simulate_options: Options = staticmethod(no_options)

    @abstractmethod
    def simulate(self, **options: Any) -> Answer:
        """``simulate``: whole games played; the summary and its text."""

    #: The options of ``ask``: the position file (``bot.positionfile``) and what the answer needs.
    ask_options: Options

    #: The page of ``serve``: a function returning its ``bot.web.view.View`` class (which it
    #: imports when called: the CLI starts fast); None: this bot has no page.
    web: Callable[[], type[View[Any]]] | None = None

    @property
    def game_id(self) -> str:
        """The bot's package name (``bot.<game_id>``): the game the offline app bundles."""
        return type(self).__module__.split(".")[1]

    def page(self) -> View[Any]:
        """The page of ``serve``, playing this bot's saves."""
        assert self.web is not None, f"{self.title} has no page"
        return self.web()(self)

    @abstractmethod
    def ask(self, **options: Any) -> Answer:
        """``ask``: the bot's answer to a position given as a file, without a saved game: its
        actions in order (``actions``), ``result``, ``won`` and the ``position`` after them,
        in the position's own format (it can be asked again)."""

    # -- one action ------------------------------------------------------------------
    def act(self, save: Path, line: Any, as_json: bool, **options: Any) -> GameT:
        """Load, apply one action (kept only when the rules accept it), write back, report.
        ``line`` is the action, or a function making it from the game just loaded (a unit
        named by the start of its id: the save is replayed once)."""
        game = self.load(save, **options)
        records = game.apply(line(game) if callable(line) else line)
        self.write(game, save)
        self.report(game, game.log[-1], records, as_json)
        return game

    def report(self, game: Any, action: str, records: list[Record], as_json: bool,
               asking: bool = False) -> None:
        """An action's answer: what it did, and what comes next (unless a question about it is
        asked at once: ``asking``)."""
        if as_json:
            echo_json({"ok": True, "action": action, "records": records, "phase": self.phase(game),
                       **self.standing(game), "next": self.next_step(game), "position": self.position(game)})
            return
        text = self.records_text(records)
        if text:
            say(text)
        if not asking:
            say(f"-> {self.next_step(game)}")


def echo_json(data: dict[str, Any]) -> None:
    say(dumps(data))


def echo(as_json: bool, answer: Answer) -> None:
    fields, lines = answer
    if as_json:
        echo_json({"ok": True, **fields})
    elif lines:
        say("\n".join(lines))


def log_lines(bot: Bot[Any], game: LoggedGame[Any], verbose: bool = False) -> list[str]:
    """Every action so far, numbered, each with what it did (indented beneath)."""
    lines = []
    for n, (line, records) in enumerate(zip(game.log, game.records), start=1):
        lines.append(f"{n}. {line}")
        text = bot.records_text(records, verbose)
        if text:
            lines.append("   " + text.replace("\n", "\n   "))
    return lines


def save_option(bot: Bot[Any]) -> Options:
    return click.option("--save", "save", type=click.Path(dir_okay=False, path_type=Path), default=bot.default_save,
                        show_default=True, help="The save file.")


def saved_game(bot: Bot[Any]) -> Options:
    """The options of a command on a saved game: --save, the bot's own, --json."""
    def options(fn: Callable[..., Any]) -> Callable[..., Any]:
        return save_option(bot)(bot.load_options(json_option(fn)))
    return options


def bot_commands(bot: Bot[Any]) -> Callable[[Callable[[], None]], click.Group]:
    """A decorator making the function it decorates the bot's command group (its docstring the
    group's help, read by ``pnpkit --help`` without importing the bot), with the verbs every
    bot answers (``COMMON_VERBS``)."""
    def make(fn: Callable[[], None]) -> click.Group:
        group = click.group(bot.command, cls=JsonErrorGroup)(fn)
        assert isinstance(group, JsonErrorGroup)
        _common_verbs(group, bot)
        return group
    return make


def _common_verbs(group: click.Group, bot: Bot[Any]) -> None:
    _new(group, bot)
    _status(group, bot)
    _log(group, bot)
    _undo(group, bot)
    _show(group, bot)
    _simulate(group, bot)
    _ask(group, bot)
    if bot.web is not None:
        _serve(group, bot)
        _app(group, bot)


def _new(group: click.Group, bot: Bot[Any]) -> None:
    @group.command("new", help=bot.new_help)
    @click.option("--seed", type=Seed(), default=None, help="Seed for the bot's chance (default: random, printed).")
    @click.option("--force", is_flag=True, help="Overwrite an existing save file.")
    @bot.new_options
    @save_option(bot)
    @json_option
    @friendly
    def new_cmd(seed: int | None, force: bool, save: Path, as_json: bool, **options: Any) -> None:
        if save.exists() and not force:
            raise RuleError(f"{save} already holds a game: continue it, pass --force to start over, "
                            "or use --save FILE")
        seed = random_seed() if seed is None else seed
        game = bot.new_game(seed, **options)
        bot.write(game, save)
        fields, lines = bot.new_answer(game, save, **options)
        echo(as_json, ({"seed": seed, **fields, "save": str(save), "next": bot.next_step(game)}, lines))


def _status(group: click.Group, bot: Bot[Any]) -> None:
    @group.command("status")
    @saved_game(bot)
    @friendly_unlocked
    def status_cmd(save: Path, as_json: bool, **options: Any) -> None:
        """Where the game stands, and what to do next."""
        from bot.status_cache import cached_status, remember_status

        answer = cached_status(bot, save, options)      # kept for the save's bytes when it was written
        if answer is None:
            from bot.savelock import save_lock
            with save_lock(save):
                game = bot.load(save, **options)
                answer = status_answer(bot, game)
                remember_status(bot, game, save, answer)
        echo(as_json, answer)


def status_answer(bot: Bot[Any], game: Any) -> Answer:
    """What ``status`` says of ``game``: the JSON fields and the text."""
    fields, lines = bot.status(game)
    return ({**bot.identity(game), "actions": len(game.log), "phase": bot.phase(game), **bot.standing(game),
             "next": bot.next_step(game), **fields, "position": bot.position(game)}, lines)


def _log(group: click.Group, bot: Bot[Any]) -> None:
    @group.command("log")
    @click.option("--verbose", is_flag=True, help="Say everything each action did (every card drawn too).")
    @saved_game(bot)
    @friendly
    def log_cmd(verbose: bool, save: Path, as_json: bool, **options: Any) -> None:
        """Every action of the game so far, numbered, with what it did and why."""
        game = bot.load(save, **options)
        echo(as_json, ({**bot.identity(game), "log": [{"n": n, "action": line, "records": records} for n, (line, records)
                                                      in enumerate(zip(game.log, game.records), start=1)]},
                       log_lines(bot, game, verbose)))


def _undo(group: click.Group, bot: Bot[Any]) -> None:
    asks = (f" Taking back {', '.join(bot.asks_first)} asks first (--yes does not)." if bot.asks_first else "")

    @group.command("undo", help="Take back the last COUNT actions (default 1); the rest is replayed from the seed "
                                "(the same chance). Lists what to do on the table; a last action that no longer "
                                f"replays can be taken back too.{asks}")
    @click.argument("count", type=click.IntRange(min=1), default=1)
    @click.option("--yes", is_flag=True, help="Take back the bot's own actions without asking.")
    @saved_game(bot)
    @friendly
    def undo_cmd(count: int, yes: bool, save: Path, as_json: bool, **options: Any) -> None:
        taken = take_back(bot.replay(save, **options), count)
        todo = bot.table_changes(taken.before, taken.after)
        ask = not yes and any(line.split()[:1] and line.split()[0] in bot.asks_first for line in taken.undone)
        if ask and as_json:
            raise RuleError(f"taking back {'; '.join(taken.undone)} changes the table "
                            f"({'; '.join(todo) or 'nothing to move'}): pass --yes to do it")
        if not as_json:
            say("to take back: " + "; ".join(taken.undone))
            say(bot.undo_heading if todo else "on the table: nothing to change")
            for n, line in enumerate(todo, start=1):
                say(f"  {n}. {line}")
            if ask and not click.confirm("Take these back?", default=False):
                say("nothing taken back")
                return
        bot.write(taken.after, save)
        echo(as_json, undo_answer(bot, taken, todo))


def undo_answer(bot: Bot[Any], taken: TakenBack[Any], todo: list[str]) -> Answer:
    """What an undo says (``undo``, and ``play``'s undo): the lines taken back, what to do on
    the table, and where the game stands."""
    earlier = taken.after
    return ({"undone": taken.undone, "table": todo, "phase": bot.phase(earlier), **bot.standing(earlier),
             "next": bot.next_step(earlier), "position": bot.position(earlier)},
            ["undone: " + "; ".join(taken.undone), f"-> {bot.next_step(earlier)}"])


def _show(group: click.Group, bot: Bot[Any]) -> None:
    dpi, least, most = bot.show_dpi

    @group.command("show")
    @click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=Path(bot.show_out),
                  show_default=True, help=bot.show_help)
    @click.option("--dpi", type=click.FloatRange(min=least, max=most), default=dpi, show_default=True,
                  help="Resolution of the PNG.")
    @saved_game(bot)
    @friendly_unlocked
    def show_cmd(out: Path, dpi: float, save: Path, as_json: bool, **options: Any) -> None:
        """Draw the position on the printed board, to compare with the table."""
        from bot.status_cache import kept_picture, made as objects_of, remember_status

        kept = kept_picture(bot, save, options)         # kept for the save's bytes when it was written
        if kept is None:
            from bot.savelock import save_lock
            with save_lock(save):
                game = bot.load(save, **options)
                remember_status(bot, game, save, status_answer(bot, game))
            made = bot.picture(game)
            if made is None:
                echo(as_json, bot.draw(game, out, dpi))
                return
            kept = json.loads(json.dumps(made[0])), objects_of(made[1])     # as it is read back when kept
        echo(as_json, bot.draw_picture(*kept, out, dpi))


def _simulate(group: click.Group, bot: Bot[Any]) -> None:
    @group.command("simulate", help=bot.simulate_help)
    @bot.simulate_options
    @json_option
    @friendly
    def simulate_cmd(as_json: bool, **options: Any) -> None:
        echo(as_json, bot.simulate(**options))


def _ask(group: click.Group, bot: Bot[Any]) -> None:
    @group.command("ask", help=bot.ask_help)
    @bot.ask_options
    @json_option
    @friendly
    def ask_cmd(as_json: bool, **options: Any) -> None:
        echo(as_json, bot.ask(**options))


def _serve(group: click.Group, bot: Bot[Any]) -> None:
    @group.command("serve")
    @click.option("--port", type=click.IntRange(0, 65535), default=8520, show_default=True,
                  help="The port to listen on (0: any free one).")
    @click.option("--lan", is_flag=True, help="Listen on the local network too (for a phone): prints the URL "
                                              "with its token and a QR code. Default: this computer only.")
    @click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME",
                  help="A host name of your own the page may be opened at too (a name in /etc/hosts, mDNS's "
                       "NAME.local); by default it answers only at localhost, 127.0.0.1 and the address it serves "
                       "on, so a web site pointing its name at this computer gets no answer. Repeatable.")
    @saved_game(bot)
    def serve_cmd(port: int, lan: bool, save: Path, as_json: bool, allow_hosts: tuple[str, ...] = (),
                  **options: Any) -> None:
        """A page for the saved game in the browser (a phone beside the board): tap to play.
        With --json the address is one JSON line ({"ok", "url", "port"}), for a script."""
        from bot.commands import EXIT_INPUT, emit_error
        from bot.savelock import save_lock
        from generator.core.errors import DataError
        try:
            with save_lock(save):
                bot.load(save, **options)          # a save that does not load is said here, not on the page
            from bot.web.serve import serve
            serve(bot.page(), save, port, lan, options, as_json, allow_hosts)
        except DataError as err:
            emit_error(as_json, str(err), EXIT_INPUT)
        except OSError as err:
            emit_error(as_json, f"cannot listen on port {port}: {err.strerror or err} (try --port N)", EXIT_INPUT)


def _app(group: click.Group, bot: Bot[Any]) -> None:
    @group.command("app")
    @click.argument("out", type=click.Path(file_okay=False, path_type=Path))
    @click.option("--pyodide-url", metavar="URL", default=None,
                  help="Load Pyodide from this HTTPS address when the app starts (e.g. its official CDN, "
                       "https://cdn.jsdelivr.net/pyodide/vVERSION/full/) instead of bundling it (~12 MB): "
                       "the first start then needs the network.")
    @click.option("--seed", type=Seed(), default=None,
                  help="The seed of the app's first game (the one `new --seed` starts); default: each phone "
                       "starts its own.")
    @json_option
    @friendly
    def app_cmd(out: Path, pyodide_url: str | None, seed: int | None, as_json: bool) -> None:
        """Write an offline app of this bot into the folder OUT: a static, installable web app (a
        manifest, a service worker, icons) running the same bot code in the phone's browser with
        Pyodide, the save kept on the phone (export and import it as the terminal's file).
        Publish OUT on any HTTPS static host (docs/app.md)."""
        from bot.commands import EXIT_INPUT, emit_error
        from bot.web.offline.export import AppSpec, Refused, export
        from bot.web.bundle import ImpureImport
        from bot.web.offline.pyodide import VERSION, Unavailable
        from generator.core.limits import excerpt

        spec = AppSpec(bot.game_id, bot.title, bot.command, bot.default_save, seed)
        try:
            done = export(spec, out, pyodide_url)
        except (Refused, Unavailable) as err:
            emit_error(as_json, str(err), EXIT_INPUT)
        except ImpureImport as err:           # pnpkit's own defect: said in words, nothing written
            emit_error(as_json, f"this bot cannot run in the browser yet: {err}", EXIT_INPUT)
        mb = 1024 * 1024
        echo(as_json, ({"out": str(out), "files": done.files, "bytes": done.total, "pyodide_bytes": done.pyodide,
                        "pyodide": done.pyodide_from},
                       [f"wrote the {bot.title} app in {out}/: {len(done.files)} files, {done.total / mb:.1f} MB"
                        + (f" (Pyodide {done.pyodide / mb:.1f} MB of it)" if done.pyodide else ""),
                        f"Pyodide: {done.pyodide_from}",
                        *([f"note: {excerpt(pyodide_url, 80)} does not name Pyodide {VERSION}, the version the app's "
                           "Python is tested on: another version may not start it"]
                          if pyodide_url and VERSION not in pyodide_url else []),
                        "publish the folder on an HTTPS static host (docs/app.md); to try it here: "
                        f"python -m http.server -d {out} 8000, then open http://localhost:8000/"]))


__all__ = ["Bot", "COMMON_VERBS", "bot_commands", "echo", "echo_json", "log_lines", "saved_game", "status_answer", "undo_answer"]
