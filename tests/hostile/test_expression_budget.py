"""The work of a whole expression render is bounded (steps and the size of what it makes),
not each call alone: every way to multiply work is refused, in bounded time and memory."""

from __future__ import annotations

import time

import pytest

from generator.layout.expressions import ExpressionError, evaluate, names, render
from tests.hostile.conftest import GAME, Kit, refused_bounded

HOSTILE = {
    "nested loops": "{% for a in range(1000) %}{% for b in range(1000) %}{% for c in range(1000) %}"
                    "{% endfor %}{% endfor %}{% endfor %}",
    "loops over a text": "{% set s = 'x' * 1000 %}{% for a in s %}{% for b in s %}{% for c in s %}"
                         "{% endfor %}{% endfor %}{% endfor %}",
    "a macro calling itself twice": "{% macro m(n) %}{% if n %}{{ m(n - 1) }}{{ m(n - 1) }}{% endif %}{% endmacro %}"
                                    "{{ m(40) }}",
    "doubling through dict.update and ~": "{% set d = dict(s='x') %}{% for i in range(40) %}"
                                          "{% set _ = d.update(s=d.s ~ d.s) %}{% endfor %}{{ d.s | length }}",
    "doubling through +": "{% set d = dict(s='x') %}{% for i in range(40) %}{% set _ = d.update(s=d.s + d.s) %}"
                         "{% endfor %}{{ d.s | length }}",
    "doubling a list": "{% set d = dict(s=[1]) %}{% for i in range(40) %}{% set _ = d.update(s=d.s + d.s) %}"
                      "{% endfor %}{{ d.s | length }}",
    "a width through %*s": "{{ '%*s' % (9999 * 9999, 'x') }}",
    "a width through a format filter": "{{ '%*s' | format(9999 * 9999, 'x') }}",
    "a nested format width": "{{ '{:{}}'.format('x', 9999 * 9999) }}",
    "a join of a repeated list": "{{ (['x' * 9999] * 1000) | join }}",
    "a replace that grows": "{% set d = dict(s='xx') %}{% for i in range(30) %}"
                            "{% set _ = d.update(s=d.s.replace('x', 'xx')) %}{% endfor %}",
    "output written by loops": "{% for a in range(1000) %}{% for b in range(1000) %}x{% endfor %}{% endfor %}",
}


@pytest.mark.parametrize("source", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_expression_is_refused_quickly(source: str) -> None:
    started = time.process_time()          # CPU time: a loaded machine does not fail it
    with pytest.raises(ExpressionError) as err:
        render(source, names({}))
    assert time.process_time() - started < 5
    assert "\n" not in str(err.value) and len(str(err.value)) < 200


def test_a_hostile_repeat_expression_is_refused() -> None:
    with pytest.raises(ExpressionError, match="refused by the sandbox"):
        evaluate("{{ 'xy' * 5000 ~ 'xy' * 5000 }}", names({}))


def test_ordinary_expressions_stay_within_the_budget() -> None:
    assert render("{% for i in range(100) %}{{ i % 10 }}{% endfor %}", names({})) == "0123456789" * 10
    assert render("{{ '%05.1f' % 3.14159 }} {{ '{:>6}'.format('ab') }}", names({})) == "003.1     ab"
    assert render("{{ name ~ ' ' ~ power }}", names({"name": "Scout", "power": 3})) == "Scout 3"
    assert render("{% for i in range(3) %}{% for j in range(3) %}{{ i * j }}{% endfor %}{% endfor %}",
                  names({})) == "000012024"


def test_the_budget_is_one_renders_not_shared_between_renders() -> None:
    source = "{% for a in range(1000) %}{% for b in range(50) %}{% endfor %}{% endfor %}"
    for _ in range(5):          # 51,000 steps each; five of them together would pass the budget
        assert render(source, names({})) == ""


def test_a_hostile_layout_is_refused_naming_its_file_and_field(kit: Kit) -> None:
    kit.replace(f"{GAME}/layouts/card-front.yaml", 'text: "{{ id }}"',
                'text: "{% macro m(n) %}{% if n %}{{ m(n - 1) }}{{ m(n - 1) }}{% endif %}{% endmacro %}{{ m(60) }}"')
    for command in (("check", "mygame"), ("build", "mygame", "--format", "pdf", "--out", str(kit.out))):
        output = refused_bounded(kit, *command)
        assert "data/mygame/layouts/card-front.yaml:" in output and "field 'layers.12.text'" in output, output
        assert "loop steps and calls" in output
