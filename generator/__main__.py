"""``python -m generator``: the ``pnpkit`` command, run from this checkout's code (a worktree's
own, where the installed ``pnpkit`` script would import the installed copy)."""

from generator.cli.app import main

main(prog_name="pnpkit")
