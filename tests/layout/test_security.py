"""A kit from a stranger runs no code of theirs and reads no file outside the kit."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.core.errors import DataError, Problem
from generator.layout.expressions import ExpressionError, render
from generator.loading.games import load_game

from tests.layout.conftest import replace_in


def _problems() -> list[Problem]:
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    return caught.value.problems


@pytest.mark.parametrize("source", [
    "{{ ''.__class__.__mro__ }}",
    "{{ name.__class__.__mro__[1].__subclasses__() }}",
    "{{ cycler.__init__.__globals__ }}",
    "{{ name.upper.__globals__ }}",
    "{{ self.__init__ }}",
])
def test_reaching_python_internals_is_refused_by_the_sandbox(source: str) -> None:
    with pytest.raises(ExpressionError) as caught:
        render(source, {"name": "x", "item": {"name": "x"}})
    message = str(caught.value)
    # refused, or not there at all (a builtin has no __globals__): never Python's internals
    assert message.startswith(("refused by the sandbox: ", "no column or name", "no '__globals__'")), message


def test_the_sandbox_message_names_what_was_refused() -> None:
    with pytest.raises(ExpressionError, match=r"^refused by the sandbox: access to attribute '__class__' of 'str' "
                                              r"object is unsafe\.$"):
        render("{{ ''.__class__.__mro__ }}", {})


@pytest.mark.parametrize("source", [
    "{{ 'x' * 100000000 }}",
    "{{ [1] * 100000000 }}",
    "{{ 'x'.center(100000000) }}",
    "{{ 'x' | center(100000000) }}",
    "{{ '%100000000s' % 'x' }}",
    "{{ '{:>100000000}'.format('x') }}",
    "{{ 2 ** 100000000 }}",
    "{{ '%100000000s' | format('x') }}",
    "{% for i in range(10000000) %}{% endfor %}",
])
def test_expressions_that_would_make_huge_values_are_refused(source: str) -> None:
    with pytest.raises(ExpressionError, match="^refused by the sandbox: "):
        render(source, {})


def test_output_of_an_expression_is_bounded() -> None:
    with pytest.raises(ExpressionError, match="characters long; at most 10000"):
        render("{% for i in range(999) %}{{ 'abcdefghijklmno' }}{% endfor %}", {})


def test_an_expression_in_a_layout_that_reaches_for_internals_is_reported_with_its_line(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", "{{ strength }}", "{{ strength.__class__.__mro__ }}")
    (problem,) = [p for p in _problems() if p.field == "layers.5.text"]
    assert problem.message == ("items H-ASA, H-BJORN, H-EIR: refused by the sandbox: access to attribute "
                               "'__class__' of 'int' object is unsafe.")


def test_yaml_tags_that_build_python_objects_are_refused(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-back.yaml", "layers:", "evil: !!python/object/apply:os.system ['echo hi']\nlayers:")
    (problem,) = _problems()
    assert problem.file.endswith("hero-back.yaml") and "YAML syntax" in problem.message


# -- paths that leave the kit -------------------------------------------------------------

@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder beside the kit, holding files a hostile kit would like to read."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "frame.yaml").write_text("size: poker\nlayers: []\n")
    (folder / "secret.csv").write_text("id,name\nX,secret\n")
    (folder / "palette.yaml").write_text('ink: "#000000"\n')
    (folder / "evil.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>')
    (folder / "font.ttf").write_bytes(b"\0" * 16)
    (folder / "art.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    return folder


def _refused(problems: list[Problem], field: str) -> Problem:
    (problem,) = [p for p in problems if p.field == field]
    assert "outside the kit" in problem.message or "absolute path" in problem.message, problem.message
    return problem


@pytest.mark.parametrize("how", ["dotdot", "absolute", "symlink"])
def test_extends_outside_the_kit_is_refused(kit: Path, outside: Path, how: str) -> None:
    target = _path_to(kit / "layouts", outside / "frame.yaml", how)
    replace_in(kit / "layouts" / "hero-front.yaml", "extends: frame.yaml", f"extends: {target}")
    problem = _refused(_problems(), "extends")
    assert problem.file.endswith("hero-front.yaml")


@pytest.mark.parametrize("how", ["dotdot", "absolute", "symlink"])
def test_source_outside_the_kit_is_refused(kit: Path, outside: Path, how: str) -> None:
    target = _path_to(kit, outside / "secret.csv", how)
    replace_in(kit / "game.yaml", "source: heroes.csv", f"source: {target}")
    problem = _refused(_problems(), "components.0.source")
    assert problem.file.endswith("game.yaml")


@pytest.mark.parametrize("how", ["dotdot", "absolute", "symlink"])
def test_front_layout_outside_the_kit_is_refused(kit: Path, outside: Path, how: str) -> None:
    target = _path_to(kit, outside / "frame.yaml", how)
    replace_in(kit / "game.yaml", "front: layouts/hero-front.yaml", f"front: {target}")
    _refused(_problems(), "components.0.front")


@pytest.mark.parametrize("how", ["dotdot", "absolute", "symlink"])
def test_palette_and_tables_outside_the_kit_are_refused(kit: Path, outside: Path, how: str) -> None:
    replace_in(kit / "game.yaml", "palette: palette.yaml", f"palette: {_path_to(kit, outside / 'palette.yaml', how)}")
    replace_in(kit / "game.yaml", "houses: houses.yaml", f"houses: {_path_to(kit, outside / 'secret.csv', how + '2')}")
    problems = _problems()
    _refused(problems, "palette")
    _refused(problems, "tables.houses")


@pytest.mark.parametrize("how", ["dotdot", "absolute", "symlink"])
def test_font_file_outside_the_kit_is_refused(kit: Path, outside: Path, how: str) -> None:
    target = _path_to(kit, outside / "font.ttf", how)
    replace_in(kit / "game.yaml", "palette: palette.yaml", f"palette: palette.yaml\nfonts:\n  runes: {target}")
    _refused(_problems(), "fonts.runes")


@pytest.mark.parametrize("how", ["dotdot", "absolute", "symlink"])
def test_image_outside_the_kit_is_refused(kit: Path, outside: Path, how: str) -> None:
    target = _path_to(kit / "layouts", outside / "art.png", how)
    replace_in(kit / "layouts" / "hero-back.yaml", "layers:\n",
               f"layers:\n  - {{type: image, source: '{target}', x: 0, y: 0, w: 10, h: 10}}\n")
    problem = _refused(_problems(), "layers.0.source")
    assert problem.message.startswith("the back: ")


@pytest.mark.parametrize("how", ["dotdot", "absolute", "symlink"])
def test_icons_folder_outside_the_kit_is_refused(kit: Path, outside: Path, how: str) -> None:
    target = _path_to(kit, outside, how)
    replace_in(kit / "game.yaml", "palette: palette.yaml", f"palette: palette.yaml\nicons: {target}")
    _refused(_problems(), "icons")


def test_an_icon_symlinked_out_of_the_kit_is_refused(kit: Path, outside: Path) -> None:
    (kit / "icons").mkdir(exist_ok=True)
    os.symlink(outside / "evil.svg", kit / "icons" / "evil.svg")
    replace_in(kit / "layouts" / "hero-back.yaml", "layers:\n", "layers:\n  - {type: icon, name: evil, x: 0, y: 0, w: 9, h: 9}\n")
    _refused(_problems(), "layers.0.name")


def test_an_icon_name_is_not_a_path(kit: Path, outside: Path) -> None:
    replace_in(kit / "layouts" / "hero-back.yaml", "layers:\n",
               "layers:\n  - {type: icon, name: '../../../outside/evil', x: 0, y: 0, w: 9, h: 9}\n")
    (problem,) = [p for p in _problems() if p.field == "layers.0.name"]
    assert "unknown icon '../../../outside/evil'" in problem.message


def _path_to(base: Path, target: Path, how: str) -> str:
    """How a hostile kit names ``target`` from ``base``: with '..', absolutely, or through a symlink in the kit."""
    if how.startswith("dotdot"):
        return os.path.relpath(target, base)
    if how.startswith("absolute"):
        return str(target)
    link = base / f"link-{how}-{target.name}"
    os.symlink(target, link)
    return link.name


@pytest.mark.parametrize("how", ["dotdot", "absolute", "symlink"])
def test_any_components_source_outside_the_kit_is_refused(kit: Path, outside: Path, how: str) -> None:
    target = _path_to(kit, outside / "frame.yaml", how)
    with (kit / "game.yaml").open("a") as game_yaml:
        game_yaml.write(f"  - {{kind: map, id: board, title: Board, source: '{target}'}}\n")
    _refused(_problems(), "components.1.source")


def test_an_items_names_render_as_jinja2_would_and_keep_nothing_between_values() -> None:
    """Values rendered with an item's shared names (expressions.names) see the columns over
    the sandbox's globals, the bounded range(), and no {% set %} of another value."""
    from generator.layout.expressions import Names, names

    item = names({"min": "a column", "n": 3})
    assert isinstance(item, Names)
    plain = {"min": "a column", "n": 3}
    for source in ("{{ min }}", "{{ max(n, 5) }}", "{% set n = 9 %}{{ n }}", "{{ range(n) | list }}"):
        assert render(source, item) == render(source, plain)
    assert render("{{ n }}", item) == "3"                        # the set above stayed in its own value
    assert "n" in item and item["n"] == 3
    with pytest.raises(ExpressionError, match="refused by the sandbox"):
        render("{{ range(5000) | list }}", item)                # more than range() may give
    with pytest.raises(ExpressionError, match="no column or name 'missing'"):
        render("{{ missing }}", names({"item": {"n": 3}}))
