"""Templates run in the sandbox, from the kit only; data cannot write XML."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.errors import BuildError
from generator.loading.games import load_game
from tests.reference.conftest import replace_in

OWN = """\
{%- import "reference/blocks.xml.j2" as blocks -%}
<sheet columns="1">
{{ blocks.styles(9) }}
<section title="Only"><heading>{{ sheet.title }} by our own template</heading>
{% for section in sections %}{% for b in section.blocks %}{{ blocks.block(b) }}{% endfor %}{% endfor %}
</section></sheet>
"""


def _sheet():
    return next(c for c in load_game("mini").components if c.kind == "reference")


def _words(sheet) -> set[str]:
    return {item.text for item in sheet.typeset("a4").pages[0].walk_text()}


def _use_template(kit: Path, name: str, text: str | None = None) -> None:
    if text is not None:
        (kit / "templates").mkdir(exist_ok=True)
        (kit / "templates" / "own.xml.j2").write_text(text, encoding="utf-8")
    replace_in(kit / "game.yaml", "source: reference.yaml}", f"source: reference.yaml, template: {name}}}")


def test_a_game_may_bring_its_own_template_using_pnpkits_macros(kit: Path) -> None:
    _use_template(kit, "templates/own.xml.j2", OWN)
    words = _words(_sheet())
    assert "Mini Game by our own template" in words
    assert "Draw a card" in words


def test_data_cannot_write_xml(kit: Path) -> None:
    replace_in(kit / "reference.yaml", '"Draw a card"', '"Draw a card</item></list><script/><list><item>x"')
    words = _words(_sheet())
    assert 'Draw a card</item></list><script/><list><item>x' in words


@pytest.mark.parametrize("body, message", [
    ("{{ ''.__class__.__mro__ }}", "sandbox"),
    ("{{ no_such_name }}", "undefined"),
    ("{% for %}", "line 1"),
])
def test_a_bad_template_is_a_build_error_in_words(kit: Path, body: str, message: str) -> None:
    _use_template(kit, "templates/own.xml.j2", body)
    with pytest.raises(BuildError, match=message):
        _sheet().typeset("a4")


@pytest.mark.parametrize("name", ["../../../etc/passwd.j2", "/etc/passwd.j2", "reference.yaml"])
def test_a_template_outside_the_kit_or_not_a_template_is_refused(kit: Path, name: str) -> None:
    _use_template(kit, name)
    with pytest.raises(BuildError, match="no template"):
        _sheet().typeset("a4")


def test_a_reference_files_own_table_must_stay_in_the_kit(kit: Path) -> None:
    from generator.core.errors import DataError

    replace_in(kit / "reference.yaml", "title: Mini Game\n", "tables: {secrets: ../../../../etc/hosts}\ntitle: Mini Game\n")
    with pytest.raises(DataError, match="outside the kit"):
        load_game("mini")
