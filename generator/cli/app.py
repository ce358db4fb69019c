"""The ``pnpkit`` command line: build kits, list and check data, hex grids, and the bot."""

from __future__ import annotations

import atexit
import gc
import math
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator

# A command makes many objects and few cycles (modules, pydantic's models, a game's data, its
# drawings): the collector's default pass every 700 new objects cost about a twelfth of a
# cold card build's CPU (passes every 10,000: 70-90 ms of it, every 100,000: 1-2 ms). Every
# 100,000 it still collects what cycles there are, a few MB at most.
gc.set_threshold(100_000, 10, 10)
# At exit every object is left out of the collector's last pass: the interpreter's
# finalisation would otherwise traverse all a command made (a build's games, drawings and
# pydantic's models: 0.1 s of a 1 s card build). Objects are still freed as their last
# reference goes; only garbage in reference cycles is left to the operating system. Files
# are written and closed by then, and the standard streams are flushed after it.
atexit.register(gc.freeze)
# pnpkit uses none of pydantic's plugins: looking for them (every installed distribution's
# entry points, read as the first model is made) cost each command about 8 ms. Set before any
# model is made; a user's own setting wins.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

import click

from generator import __version__
from generator.cli.options import (format_option, lang_option, margin_option, paper_option, selected, selection_options,
                                   sheets_option)
from generator.core.errors import BuildError, DataError, InputError, listed
from generator.core.limits import MAX_BACK_OFFSET_MM, excerpt, visible
from generator.core.notices import collecting
from generator.core.words import counted

if TYPE_CHECKING:                  # for types only: --help stays fast
    from generator.pieces.job import BuildOptions, OutputJob


# Commands that live with their subsystems, imported only when asked for (or listed by
# --help): name -> "module:attribute". Installed packages add theirs through the
# ``pnpkit.commands`` entry points (the bots), loaded the same way.
SUBSYSTEM_COMMANDS = {"map": "generator.cli.maps:map_group", "hexgrid": "generator.cli.maps:hexgrid_command",
                      "docs": "generator.cli.docs:docs_command", "verify": "generator.cli.verify:verify_command"}


class PnpkitGroup(click.Group):
    """Turns the project's own errors into clear messages and exit codes, never tracebacks.
    A command is imported when it is run, not when pnpkit starts: ``pnpkit bot status``
    imports the bot, not the hex maps or the build."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        from generator.kit.plugins import command_names

        return sorted({*self.commands, *SUBSYSTEM_COMMANDS, *command_names()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            from generator.kit.plugins import load_command

            command = load_command(SUBSYSTEM_COMMANDS.get(cmd_name), cmd_name)
            if command is None:
                return None
            self.add_command(command, cmd_name)
        return self.commands[cmd_name]

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The list of commands, as click writes it, with an installed command's summary read
        from its source when it is not imported yet (importing a bot takes longer than all
        of --help)."""
        from generator.kit.plugins import command_summary

        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(map(len, names), default=0)
        rows = []
        for name in names:
            summary = None if name in self.commands or name in SUBSYSTEM_COMMANDS else command_summary(name)
            if summary is not None:
                rows.append((name, click.Command(name, help=summary).get_short_help_str(limit)))
                continue
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except DataError as err:
            click.secho(f"Data problems ({len(err.problems)}):", fg="red", err=True)
            for line in listed(err.problems):
                click.echo(f"  {line}", err=True)
            ctx.exit(2)
        except BuildError as err:
            heading = "Check failed:" if ctx.invoked_subcommand == "check" else "Build failed; nothing was written:"
            click.secho(heading, fg="red", err=True)
            for line in str(err).splitlines():
                click.echo(f"  {visible(line)}", err=True)
            ctx.exit(2 if isinstance(err, InputError) else 1)      # README, Exit codes
        except OSError as err:
            from generator.kit.location import display_path

            where = f": {display_path(err.filename)}" if err.filename else ""
            click.secho(visible(f"error: cannot read or write a file ({err.strerror or err}){where}"), fg="red", err=True)
            ctx.exit(1)


def _parse_offset(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[float, float]:
    if not value:
        return (0.0, 0.0)
    try:
        x, y = (float(part) for part in value.split(","))
    except ValueError:
        x = y = math.nan
    if not (math.isfinite(x) and math.isfinite(y)):
        raise click.BadParameter("expected two numbers in mm, X,Y (for example 1.5,-0.5)") from None
    if abs(x) > MAX_BACK_OFFSET_MM or abs(y) > MAX_BACK_OFFSET_MM:
        raise click.BadParameter(f"an offset over {MAX_BACK_OFFSET_MM:g} mm is not a printer's drift; "
                                 "measure again with the duplex test")
    return (x, y)


def _print_warnings(warnings: list[str]) -> None:
    """Warnings of a valid kit that may print badly, after the command's work (stderr)."""
    for message in warnings:
        click.secho(f"warning: {visible(message)}", fg="yellow", err=True)


@click.group(cls=PnpkitGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnpkit")
@click.option("--kit", "kit_dir", type=click.Path(file_okay=False, path_type=Path), metavar="DIR",
              help="The kit to work on: a folder holding data/<game>/game.yaml. Default: the current "
                   "directory or its nearest parent that is a kit, else the games bundled with pnpkit.")
@click.pass_context
def main(ctx: click.Context, kit_dir: Path | None) -> None:
    """pnpkit: print-and-play kits from data files and layout files (cards, tiles, labels,
    hex maps, boards, reference sheets) as PDF, SVG and PNG, with print-shop and Tabletop
    Simulator exports. It comes with five games from Swedish history and their solo bots.

    \b
    Quick start:
      pnpkit new my-kit                a kit of your own, with a sample deck
      pnpkit build                     build every game of the kit into <kit>/output
      pnpkit build GAME --only cards --paper letter
      pnpkit check                     validate all data without rendering
      pnpkit docs [TOPIC]              the documentation (pnpkit docs designing)
      pnpkit bot new --seed 7          start a game against the solo bot
    """
    from generator.kit.location import NotAKit, find_kit, use_kit

    try:
        kit = find_kit(kit_dir)
    except NotAKit as err:
        raise click.BadParameter(str(err), param_hint="--kit") from None
    ctx.obj = ctx.with_resource(use_kit(kit))


@main.command()
@click.argument("games", nargs=-1)
@click.option("--only", "only", multiple=True, metavar="KIND|ID",
              help="Build only this kind of component (cards, map, counters, ...; calibration for the test pages) "
                   "or this component (its id in game.yaml: markers). Repeatable.")
@paper_option()
@format_option("pdf,svg", tail=" See docs/exports.md.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output directory.  [default: <kit>/output; ./output for the bundled games]")
@click.option("--guides", is_flag=True, help="Full-length cut lines instead of short crop marks.")
@click.option("--back-offset", callback=_parse_offset, metavar="X,Y",
              help="Shift the backs pages by X,Y mm (right, down) to correct a duplex printer; see duplex-test.pdf.")
@click.option("--dpi", type=click.IntRange(72, 1200), default=300, show_default=True, help="Resolution of PNG output.")
@click.option("--force", is_flag=True, help="Render every file again, even those the last build left up to date, and replace "
                   "files in the output folder that the build did not write.")
@click.option("--tts-url", "asset_url", default="", metavar="URL",
              help="Where the Tabletop Simulator images will be hosted (the output folder's URL).  [default: the output folder on this computer]")
@click.option("--jobs", "-j", "jobs_n", type=click.IntRange(1, None), default=None,
              help="Processes rendering at once.  [default: every core]")
@margin_option()
@sheets_option()
@lang_option()
@selection_options
def build(games: tuple[str, ...], only: tuple[str, ...], paper: str, formats: frozenset[str], out_dir: Path | None,
          guides: bool, back_offset: tuple[float, float], dpi: int, force: bool, asset_url: str, jobs_n: int | None,
          margin: float | None, sheets: str, lang: str | None, rows: Any, where: tuple[Any, ...]) -> None:
    """Build GAMES (default: all of the kit) into the output directory.

    Only files whose data or code changed are rendered again; the rest are reused (--force
    renders everything). With any data problem or render error, nothing is written.
    --rows and --where draw some items of each deck (and leave the game-wide files as they are).
    """
    from generator.build.engine import build as run_build
    from generator.pieces.job import BuildOptions

    from generator.build.kit_files import KIT_KIND
    from generator.loading.kinds import KINDS, every_kind

    known = sorted(KINDS) + [KIT_KIND]
    unknown = [kind for kind in only if kind not in known]
    if unknown:                    # a kind of a game's own code, or a component's id? (each costs a read)
        from generator.loading.games import component_ids

        ids = component_ids(list(games) or None)
        known = every_kind() + [KIT_KIND]
        unknown = [word for word in only if word not in known and word not in ids]
        if unknown:
            raise click.BadParameter(f"no kind or component {', '.join(map(excerpt, unknown))}; choose a kind "
                                     f"({', '.join(known)}) or a component ({', '.join(ids) or 'none'})",
                                     param_hint="--only")
    from generator.kit.location import current_kit

    from generator.kit.paths import output_problem

    from generator.kit.language import speaking

    out_dir = out_dir or current_kit().output_dir()
    out_dir = out_dir / lang if lang else out_dir       # the English build's files keep their names
    refused = output_problem(out_dir)
    if refused:
        raise click.BadParameter(refused, param_hint="--out")
    options = BuildOptions(paper=paper, formats=formats, guides=guides, back_offset=back_offset, dpi=dpi,
                           asset_url=asset_url.rstrip("/") + "/" if asset_url else "", margin=margin, sheets=sheets,
                           select=selected(rows, where))

    def progress(jobs: Iterable[OutputJob]) -> Iterator[OutputJob]:
        with click.progressbar(jobs, label="Building", file=sys.stderr, show_pos=True,
                               item_show_func=lambda j: str(j.path) if j else "") as bar:
            yield from bar

    with collecting() as warnings, speaking(lang):
        result = run_build(list(games) or None, options, out_dir, only=set(only) or None,
                           progress=progress, force=force, jobs_n=jobs_n,
                           waiting=lambda message: click.echo(visible(message), err=True))
    _print_warnings(warnings)
    if not result.written and not result.reused:
        click.echo(f"Nothing to build: no component {', '.join(map(excerpt, only))} in {', '.join(games) or 'any game'}.")
    click.echo(result.summary())


@main.command()
@click.argument("games", nargs=-1)
@paper_option()
@format_option("pdf,svg")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output directory.  [default: <kit>/output]")
@click.option("--jobs", "-j", "jobs_n", type=click.IntRange(1, None), default=None,
              help="Processes rendering at once.  [default: every core]")
@sheets_option()
def watch(games: tuple[str, ...], paper: str, formats: frozenset[str], out_dir: Path | None,
          jobs_n: int | None, sheets: str) -> None:
    """Build GAMES, then rebuild after every save in the kit's data/ folder.

    One line per rebuild; a broken file prints its error and keeps the last good output.
    """
    from generator.build.watch import watch as run_watch
    from generator.kit.location import current_kit
    from generator.kit.paths import output_problem
    from generator.pieces.job import BuildOptions

    out_dir = out_dir or current_kit().output_dir()
    refused = output_problem(out_dir)
    if refused:
        raise click.BadParameter(refused, param_hint="--out")
    run_watch(games or None, BuildOptions(paper=paper, formats=formats, sheets=sheets), out_dir, click.echo, jobs_n=jobs_n)


@main.command("list")
def list_games() -> None:
    """Games, their component kinds and item counts."""
    from generator.kit.location import current_kit
    from generator.loading.games import load_games

    kit = current_kit()
    click.echo(f"Kit: {kit.describe()}")
    games = load_games(kit=kit)
    if not games:
        click.echo("    (no games)")
    for game in games:
        click.secho(f"{game.id}  {game.title}", bold=True)
        if not game.components:
            click.echo("    (no components yet)")
        for component in game.components:
            designs = len(getattr(component, "cards", ())) or None
            extra = f" ({designs} designs)" if designs and designs != component.item_count() else ""
            click.echo(f"    {component.kind:<10} {component.id:<20} {component.item_count():>4} items  "
                       f"{component.title}{extra}")


@main.command()
@click.argument("games", nargs=-1)
@paper_option(help="The paper the kit will be built for: every sheet must fit it.")
@click.option("--preflight", is_flag=True,
              help="Also draw the sheets printed at home and measure them (text size, the printer's margin...); "
                   "exits non-zero on any finding.")
@click.option("--json", "as_json", is_flag=True, help="With --preflight: the report as JSON on standard output.")
@margin_option()
@click.option("--jobs", "-j", "jobs_n", type=click.IntRange(1, None), default=None,
              help="With --preflight: processes drawing at once.  [default: every core]")
@sheets_option()
@lang_option()
def check(games: tuple[str, ...], paper: str, preflight: bool, as_json: bool, margin: float | None,
          jobs_n: int | None, sheets: str, lang: str | None) -> None:
    """Validate all data and lay out every piece, without writing files: refuses all that
    ``build`` on the same paper would. With --preflight, measure what the sheets print."""
    from generator.build.engine import check as run_check
    from generator.build.engine import preflight_only
    from generator.pieces.job import BuildOptions

    from generator.kit.language import speaking

    options = BuildOptions(paper=paper, margin=margin, sheets=sheets)
    if preflight:
        with speaking(lang):
            _preflight(list(games) or None, options, as_json, jobs_n)
        return
    if as_json:
        raise click.BadParameter("--json is the preflight's report: give --preflight too", param_hint="--json")
    with collecting() as warnings, speaking(lang):
        loaded = run_check(list(games) or None, options, say=lambda message: click.echo(visible(message), err=True))
        if lang:        # pnpkit's own words are asked for as pages are drawn: draw the printed sheets too
            preflight_only(list(games) or None, options, jobs_n)
    _print_warnings(warnings)
    count = sum(c.item_count() for g in loaded for c in g.components)
    click.echo(f"All data is valid: {counted(len(loaded), 'games')}, {counted(count, 'items')}.")


def _preflight(games: list[str] | None, options: BuildOptions, as_json: bool, jobs_n: int | None) -> None:
    """``check --preflight``: every game's report; exit 1 on any finding (a warning is reported only)."""
    from generator.build.engine import preflight_only
    from generator.preflight.report import as_json as report_json

    with collecting() as warnings:
        reports = preflight_only(games, options, jobs_n)
    if as_json:
        click.echo(report_json(reports))
    else:
        _print_warnings(warnings)
        for report in reports:
            click.secho(report.game, bold=True)
            for line in report.lines():
                click.echo(f"    {visible(line)}")
    if any(report.faults for report in reports):
        sys.exit(1)


@main.command("new")
@click.argument("folder", type=click.Path(path_type=Path))
@click.option("--game", "game_id", default="mygame", show_default=True, metavar="ID",
              help="The sample game's id: its folder under data/ and the start of its file names.")
@click.option("--title", default="My Game", show_default=True, help="The sample game's title.")
def new(folder: Path, game_id: str, title: str) -> None:
    """Make a kit in FOLDER (new or empty) with a sample game: a deck from a CSV file,
    front and back layout files, an icon and a palette. No Python; it builds at once."""
    from generator.cli.scaffold import ScaffoldError, new_kit

    try:
        written = new_kit(folder, game_id, title)
    except ScaffoldError as err:
        raise click.UsageError(str(err)) from None
    click.echo(f"Made a kit in {folder} with the sample game {game_id}:")
    for path in written:
        click.echo(f"  {path}")
    click.echo(f"Next: cd {folder} && pnpkit build    (then open output/{game_id}/PRINTING.md)")
