"""The docs and the bot agree: every `pnpkit bot ...` example of the README and of
docs/bot-position-format.md is a command line the CLI takes, and `bot new` suggests a
placement that `bot place` accepts (issue 14)."""

import re
import shlex
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from bot.stockholm1520.cli import bot_group

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", ROOT / "docs" / "bot-position-format.md", ROOT / "docs" / "bot.md"]


def _examples() -> list[tuple[str, str]]:
    """(file, command line) for every `pnpkit bot` line in a code block; `a | b` are two."""
    found = []
    for doc in DOCS:
        in_code = False
        for line in doc.read_text(encoding="utf-8").splitlines():
            if line.startswith("```"):
                in_code = not in_code
                continue
            if in_code and line.startswith("pnpkit bot "):
                command = line.split("  #")[0].strip()[len("pnpkit bot "):]
                command = re.sub(r"[\[\]]", "", command)
                first, *others = [part.strip() for part in command.split("|")]
                found.append((doc.name, first))
                found += [(doc.name, other) for other in others]
    return found


EXAMPLES = _examples()


def test_the_docs_have_bot_examples():
    names = {shlex.split(c)[0] for _, c in EXAMPLES}
    assert {"new", "place", "next", "reach", "move", "attack", "status", "undo", "show", "ask", "simulate"} <= names


@pytest.mark.parametrize("doc,command", EXAMPLES, ids=[f"{d}: {c}" for d, c in EXAMPLES])
def test_every_documented_bot_command_is_one_the_cli_takes(doc, command):
    words = shlex.split(command)
    cmd = bot_group.get_command(click.Context(bot_group), words[0])
    assert cmd is not None, f"{doc}: no command {words[0]!r}"
    with cmd.make_context(words[0], words[1:]) as ctx:       # parses and checks every option and argument
        assert ctx.params is not None


def test_new_suggests_a_placement_that_place_accepts(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    out = runner.invoke(bot_group, ["new", "--seed", "3"]).output
    suggestion = re.search(r"pnpkit bot (place \w+ \d{4})", out)
    assert suggestion, out
    r = runner.invoke(bot_group, suggestion.group(1).split())
    assert r.exit_code == 0, r.output
    area = re.search(r"Stockholm area: ([\d ]+) \(Kristina is at (\d{4})\)", out)
    assert area and area.group(2) not in area.group(1).split()
