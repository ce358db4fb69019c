"""docs/layout-format.md shows the example as it is, and documents every layer and key."""

from __future__ import annotations

import re
import typing

import pytest

from generator.layout import schema
from tests.layout.conftest import EXAMPLE, ROOT

DOC = (ROOT / "docs" / "layout-format.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["game.yaml", "heroes.csv", "layouts/frame.yaml", "layouts/hero-front.yaml",
                                  "layouts/hero-back.yaml"])
def test_the_worked_example_in_the_docs_is_the_example_folder(name: str) -> None:
    shown = re.search(rf"### {re.escape(name)}\n\n```[a-z]*\n(.*?)```", DOC, re.S)
    assert shown, f"docs/layout-format.md shows no {name}"
    assert shown.group(1) == (EXAMPLE / name).read_text(encoding="utf-8")


LAYERS = typing.get_args(typing.get_args(schema.Layer)[0])


@pytest.mark.parametrize("model", LAYERS, ids=lambda m: m.__name__)
def test_every_layer_type_and_key_is_documented(model: type) -> None:
    layer_type = typing.get_args(model.model_fields["type"].annotation)[0]
    assert f"\n### {layer_type}\n" in DOC
    for name, field in model.model_fields.items():
        key = field.alias or name          # 'as' is written as_ in Python
        assert f"`{key}`" in DOC, f"{layer_type}: key {key} is not documented"


def test_every_key_of_the_layout_file_is_documented() -> None:
    for key in schema.LayoutFile.model_fields:
        assert re.search(rf"^{key}:", DOC, re.M), key
