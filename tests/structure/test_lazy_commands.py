"""Start-up: a command imports what it uses. ``pnpkit --help`` lists every command, the
installed ones (the bots) too, without importing them; a bot's command does not import
the other bot, the build or the hex-map commands."""

from __future__ import annotations

import json
import subprocess
import sys

# modules that take long to import (packages' own __init__ files only hold docstrings)
HEAVY = ("bot.commands", "bot.save", "bot.stockholm1520.", "bot.batalj.", "generator.build.engine", "generator.draw",
         "generator.loading.games", "generator.hexmap.model", "generator.build.render_pool", "pydantic", "reportlab", "fontTools",
         "PIL", "pymupdf", "pypdfium2")


def _imported_after(args: list[str]) -> tuple[str, list[str]]:
    """What ``pnpkit ARGS`` prints and the heavy modules it imported, in a fresh process."""
    code = ("import json, sys\nfrom click.testing import CliRunner\nfrom generator.cli.app import main\n"
            f"result = CliRunner().invoke(main, {args!r}, prog_name=\"pnpkit\")\n"
            f"print(json.dumps([result.output, sorted(m for m in sys.modules if m.startswith({HEAVY!r}))]))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    output, modules = json.loads(done.stdout)
    return output, modules


def test_help_lists_every_command_and_imports_none_of_the_heavy_ones() -> None:
    output, modules = _imported_after(["--help"])
    for name in ("build", "watch", "check", "map", "hexgrid", "bot", "batalj"):
        assert f"\n  {name} " in output
    assert "Stockholm 1520: the bot plays the Danish army" in output        # read from the bot's source
    assert modules == []


def test_a_bot_command_imports_its_bot_only() -> None:
    output, modules = _imported_after(["bot", "--help"])
    assert "Usage: pnpkit bot" in output and "status" in output
    assert any(m.startswith("bot.stockholm1520") for m in modules)
    assert not any(m.startswith(("bot.batalj.", "generator.build.engine")) for m in modules)
