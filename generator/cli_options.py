"""Command-line options shared by the commands of several modules, read against the kit in use."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import click


def _paper(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """A paper of the kit's sheets (the bundled A4, Letter, A3, and any the kit adds)."""
    from generator.errors import DataError
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


def default_output(sub: str = "") -> Path:
    """Where a command writes unless ``--out`` says: ``<kit>/output[/sub]`` (``./output`` for
    the bundled games)."""
    from generator.kit_location import current_kit

    out = current_kit().output_dir()
    return out / sub if sub else out


def shown(path: Path) -> str:
    """A written file as a command reports it: relative to the kit."""
    from generator.kit_location import display_path

    return display_path(path)
