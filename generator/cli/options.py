"""Command-line options shared by the commands of several modules, read against the kit in use."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import click


def _paper(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """A paper of the kit's sheets (the bundled A4, Letter, A3, and any the kit adds)."""
    from generator.core.errors import DataError
    from generator.printing.layouts import papers

    try:
        known = papers()
    except DataError:
        return value        # a broken papers file: the command reports it with every other problem
    chosen = value if value in known else value.lower()
    if chosen not in known:
        raise click.BadParameter(f"unknown paper {value!r}; choose from {', '.join(known)}")
    return chosen


def paper_option(default: str = "a4", help: str = "Paper for the home-printing sheets.") -> Callable:
    """``--paper``: any paper of the kit in use, checked once the kit is known."""
    return click.option("--paper", default=default, show_default=True, callback=_paper, metavar="PAPER",
                        help=f"{help} a4, letter, a3, or one of the kit's data/sheets/papers.yaml.")


def margin_option() -> Callable:
    """``--margin MM``: what the home printer leaves unprinted at each edge."""
    return click.option("--margin", type=click.FloatRange(0.0, 20.0), default=None, metavar="MM",
                        help="The printer's unprintable margin: nothing is inked within it on a home-print sheet, "
                             "and the preflight measures it.  [default: 4.5, or the kit's data/sheets/papers.yaml]")


def lang_option() -> Callable:
    """``--lang CODE``: build or check the kit in a language its games are translated into."""
    def checked(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
        from generator.kit.language import LANGUAGE_CODE

        if value is not None and not LANGUAGE_CODE.fullmatch(value):
            raise click.BadParameter(f"{value!r} is not a language code: two or three lower-case letters, like sv",
                                     param_hint="--lang")
        return value

    return click.option("--lang", "lang", default=None, metavar="CODE", callback=checked,
                        help="The language to print in, one of the games' game.yaml languages: (sv...); the files "
                             "go to a folder of that name in the output directory.  [default: as the data is written]")


def sheets_option() -> Callable:
    """``--sheets``: how pieces go on the home-printing sheets (``generator.pieces.job.SHEET_MODES``)."""
    from generator.pieces.job import SHEET_MODES

    said = "; ".join(f"{name}: {what}" for name, what in SHEET_MODES.items())
    return click.option("--sheets", "sheets", type=click.Choice(list(SHEET_MODES)), default="packed", show_default=True,
                        help=f"How pieces go on the home-printing sheets. {said}.")


def _selection(ctx: click.Context, param: click.Parameter, value: object) -> object:
    """``--rows`` and ``--where`` read as they are given, refused with what is expected."""
    from generator.layout.selection import parse_rows, parse_where

    try:
        if param.name == "rows":
            return None if value is None else parse_rows(str(value))
        return tuple(parse_where(str(v)) for v in value) if isinstance(value, tuple) else value
    except ValueError as err:
        raise click.BadParameter(str(err)) from None


def selection_options(command: Callable) -> Callable:
    """``--rows 1-9`` and ``--where kind=hero``: the items of each deck a command draws."""
    command = click.option("--where", "where", multiple=True, metavar="COLUMN=VALUE", callback=_selection,
                           help="Draw only the items whose COLUMN has this value (COLUMN=A,B: either; COLUMN!=A: "
                                "not A; case ignored). Repeatable: every one must hold.")(command)
    return click.option("--rows", "rows", default=None, metavar="RANGES", callback=_selection,
                        help="Draw only these items of each deck, by their row number from 1: 1-9, 3, "
                             "1-3,7,12- (12 to the end).")(command)


def selected(rows: Any, where: tuple[Any, ...]) -> Any:
    """The Selection ``--rows`` and ``--where`` make (None: every item)."""
    from generator.layout.selection import Selection

    return Selection(rows, tuple(where)) if rows is not None or where else None


def default_output(sub: str = "") -> Path:
    """Where a command writes unless ``--out`` says: ``<kit>/output[/sub]`` (``./output`` for
    the bundled games)."""
    from generator.kit.location import current_kit

    out = current_kit().output_dir()
    return out / sub if sub else out


def shown(path: Path) -> str:
    """A written file as a command reports it: relative to the kit."""
    from generator.kit.location import display_path

    return display_path(path)


#: Offers a hex map outside a game has (``pnpkit map build``, ``pnpkit hexgrid``): its
#: formats are those of the writers that take one of them.
MAP_OFFERS = ("Board", "Pages", "Picture")


def _offer_types(offers: tuple[str, ...] | None) -> tuple[type, ...] | None:
    from generator.pieces import offers as kinds
    return None if offers is None else tuple(getattr(kinds, name) for name in offers)


class _FormatOption(click.Option):
    """``--format``, whose help lists the writer registry's formats when it is shown: the
    writers are imported then, or when the option is read, not when the CLI starts."""

    def __init__(self, *args: object, offers: tuple[str, ...] | None = None, lead: str = "", tail: str = "",
                 **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.offers, self.lead, self.tail = offers, lead, tail

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        from generator.outputs.registry import describe

        self.help = f"{self.lead}{describe(_offer_types(self.offers))}.{self.tail}"
        return super().get_help_record(ctx)


def _formats(offers: tuple[str, ...] | None) -> Callable[[click.Context, click.Parameter, str], frozenset[str]]:
    def parse(ctx: click.Context, param: click.Parameter, value: str) -> frozenset[str]:
        from generator.outputs.registry import formats, parse_formats

        try:
            return parse_formats(value, formats(_offer_types(offers)))
        except ValueError as err:
            raise click.BadParameter(str(err)) from None
    return parse


def format_option(default: str, offers: tuple[str, ...] | None = None, tail: str = "") -> Callable:
    """``--format``: comma-separated formats of the writer registry (``generator.outputs``);
    ``offers`` (names of ``generator.pieces.offers`` classes) keeps those of writers that
    take one of them."""
    return click.option("--format", "formats", cls=_FormatOption, default=default, show_default=True,
                        callback=_formats(offers), offers=offers, lead="Comma-separated output formats: ", tail=tail)
