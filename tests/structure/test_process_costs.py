"""What a command's process pays besides its work: component kinds' modules imported only
for a game that names them, and no collector pass over everything at exit."""

from __future__ import annotations

import json
import subprocess
import sys


def _run(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout


def test_at_exit_the_collector_leaves_every_object_alone() -> None:
    # registered before the command line is imported, so it runs after pnpkit's own exit handler
    code = ("import atexit, gc\n"
            "atexit.register(lambda: print('frozen at exit:', gc.get_freeze_count() > 1000))\n"
            "import generator.cli.app\n"
            "print('frozen before:', gc.get_freeze_count() > 1000)\n")
    assert _run(code).split("\n")[:2] == ["frozen before: False", "frozen at exit: True"]


def test_loading_a_game_imports_only_the_component_kinds_it_names() -> None:
    code = ("import json, sys\nfrom generator.loading.games import load_game\nload_game('stockholm1520')\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('generator.components.'))))")
    modules = json.loads(_run(code))
    assert "generator.components.layout_deck" in modules                   # its decks
    assert not {"generator.components.board", "generator.components.labels",
                "generator.components.tiles"} & set(modules)                 # kinds it does not name
