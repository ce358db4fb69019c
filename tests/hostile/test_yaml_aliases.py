"""YAML aliases are bounded at parse time (a "billion laughs" is refused at once), and merge
keys (``<<: *base`` then an override) work, in layout files as anywhere."""

from __future__ import annotations

import pytest

from generator.core.limits import MAX_YAML_ALIASES
from generator.kit.datafiles import TooManyAliases, alias_problem
from tests.hostile.conftest import GAME, Kit, refused_bounded


def _laughs(levels: int, width: int = 9) -> str:
    text = "ink: '#000000'\nlol0: &lol0 [" + ",".join(['"lol"'] * width) + "]\n"
    for level in range(1, levels + 1):
        text += f"lol{level}: &lol{level} [" + ",".join([f"*lol{level - 1}"] * width) + "]\n"
    return text


def test_a_billion_laughs_is_refused_at_once(kit: Kit) -> None:
    kit.path(f"{GAME}/palette.yaml").write_text(_laughs(9), encoding="utf-8")
    for command in (("check", "mygame"), ("build", "mygame", "--format", "pdf", "--out", str(kit.out))):
        output = refused_bounded(kit, *command)
        assert "data/mygame/palette.yaml:1: refused: its aliases (*name) expand to" in output, output
        assert "at most 100,000 are allowed" in output


@pytest.mark.parametrize(("text", "said"), [
    ("a: &a [1, *a]\n", "an alias refers to the value it is part of"),
    ("a: &a {b: *a}\n", "an alias refers to the value it is part of"),
    ("a: &a 1\nb: [" + ", ".join(["*a"] * (MAX_YAML_ALIASES + 1)) + "]\n", "more than 1,000 aliases"),
    (_laughs(5, 10), "expand to"),
])
def test_aliases_past_the_bounds(text: str, said: str) -> None:
    import yaml

    problem = alias_problem(yaml.compose(text, Loader=yaml.SafeLoader))
    assert isinstance(problem, TooManyAliases) and said in str(problem.problem)


def test_aliases_within_the_bounds_are_read() -> None:
    import yaml

    from generator.kit.datafiles import _parse_yaml

    assert alias_problem(yaml.compose(_laughs(3), Loader=yaml.SafeLoader)) is None
    assert _parse_yaml("a: &a [1, 2]\nb: [*a, *a]\n") == {"a": [1, 2], "b": [[1, 2], [1, 2]]}


def test_merge_keys_in_a_layout(kit: Kit) -> None:
    from generator.layout.files import load_layout

    path = kit.path(f"{GAME}/layouts/card-front.yaml")
    with path.open("a", encoding="utf-8") as layout:
        layout.write("  - &band {type: rect, x: 3, y: 70, w: 57.5, h: 4, fill: ink}\n"
                     "  - <<: *band\n    y: 76\n    fill: paper\n")
    run = kit.run("check", "mygame")
    assert run.code == 0 and not run.crashed, run.output
    *_, band, over = load_layout(path, kit.root).layers
    assert (band.layer.y, band.layer.fill, over.layer.y, over.layer.fill) == (70, "ink", 76, "paper")
    assert over.layer.h == band.layer.h == 4


def test_a_key_written_twice_is_still_an_error(kit: Kit) -> None:
    kit.path(f"{GAME}/palette.yaml").write_text("ink: '#000000'\nink: '#ffffff'\n", encoding="utf-8")
    for output in kit.check_and_build_refuse("mygame"):
        assert "data/mygame/palette.yaml:2: YAML syntax: duplicate key 'ink'" in output
