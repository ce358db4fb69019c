"""``pnpkit verify [OUT]``: check an output folder against its ledger (``manifest.json``):
files missing or changed since the build, files linking to a file not present, files the
build did not write. Exit 0 when the folder is as built, 1 with findings, 2 when the folder
has no ledger to check against (the project's rule: bad input 2, findings 1)."""

from __future__ import annotations

import sys
from pathlib import Path

import click


@click.command("verify")
@click.argument("out_dir", metavar="[OUT]", required=False, type=click.Path(file_okay=False, path_type=Path))
@click.option("--out", "out_option", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The output folder, as build --out names it (the same as OUT).")
def verify_command(out_dir: Path | None, out_option: Path | None) -> None:
    """Check an output folder against its ledger (manifest.json).

    OUT (default: the kit's output folder) must hold what its builds wrote: every file
    there and unchanged, every link of an export or of PRINTING.md naming a file present,
    no file the build did not write. Exit 0 when it does, 1 with findings, 2 without a ledger."""
    from generator.build.ledger import LedgerError, verify
    from generator.kit.location import current_kit

    if out_dir is not None and out_option is not None and out_dir != out_option:
        raise click.BadParameter(f"two folders given: {out_dir} and {out_option}; give one", param_hint="--out")
    folder = out_dir or out_option or current_kit().output_dir()
    try:
        findings = verify(folder)
    except LedgerError as err:
        click.secho(f"error: {err}", fg="red", err=True)
        sys.exit(2)
    for finding in findings:
        click.echo(str(finding))
    if findings:
        counts = ", ".join(f"{sum(f.what == what for f in findings)} {what}"
                           for what in dict.fromkeys(f.what for f in findings))
        click.secho(f"{folder}: {counts}; rebuild to make it true again (pnpkit build)", fg="red", err=True)
        sys.exit(1)
    click.echo(f"{folder}: every file is as the build wrote it, and every link resolves.")
