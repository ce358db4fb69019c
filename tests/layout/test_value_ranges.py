"""Every number a layout writes is held to a sane range as the file is read (one problem
naming the file, line and field), and a value an expression gives is held to the same range
when it is bound: a 1e300 stroke or a dash of zeros never reaches a PDF."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from pydantic import BaseModel, ValidationError

from generator.cli.app import main
from generator.core.errors import DataError
from generator.layout import schema
from generator.layout.schema import Bounds, LayoutFile, bounds_of
from generator.loading.games import load_game
from tests.layout.conftest import line_of, replace_in

# A layer of each type with every field it needs, to plant one value in.
LAYERS: dict[str, dict[str, Any]] = {
    "rect": {"type": "rect", "x": 1, "y": 1, "w": 5, "h": 5, "stroke": "#000000"},
    "ellipse": {"type": "ellipse", "area": "trim"},
    "line": {"type": "line", "x1": 0, "y1": 0, "x2": 5, "y2": 5},
    "polygon": {"type": "polygon", "points": [[0, 0], [5, 5]]},
    "text": {"type": "text", "x": 1, "y": 5, "text": "A"},
    "textbox": {"type": "textbox", "area": "safe", "text": "A"},
    "icon": {"type": "icon", "area": "safe", "name": "star"},
    "image": {"type": "image", "area": "safe", "source": "a.png"},
    "group": {"type": "group"},
    "regular": {"type": "regular", "x": 5, "y": 5, "radius": 3},
    "star": {"type": "star", "x": 5, "y": 5, "radius": 3},
    "arc": {"type": "arc", "x": 5, "y": 5, "radius": 3, "stroke": "#000000"},
    "arrow": {"type": "arrow", "x1": 0, "y1": 0, "x2": 5, "y2": 5},
    "pips": {"type": "pips", "x": 5, "y": 5, "count": 3},
}
MODELS: dict[str, type[BaseModel]] = {
    "rect": schema.RectLayer, "ellipse": schema.EllipseLayer, "line": schema.LineLayer,
    "polygon": schema.PolygonLayer, "text": schema.TextLayer, "textbox": schema.TextboxLayer,
    "icon": schema.IconLayer, "image": schema.ImageLayer, "group": schema.GroupLayer,
    "regular": schema.RegularLayer, "star": schema.StarLayer, "arc": schema.ArcLayer, "arrow": schema.ArrowLayer,
    "pips": schema.PipsLayer}
LENGTHS = ("x", "y", "w", "h", "inset", "x1", "y1", "x2", "y2", "max_width")


def _numeric_fields() -> list[tuple[str, str]]:
    """(layer type, field) for every field of a layer model that holds one number."""
    found = []
    for kind, model in MODELS.items():
        for name, field in model.model_fields.items():
            if bounds_of(model, name) is not None or name in LENGTHS and name in model.model_fields:
                found.append((kind, name))
            elif field.annotation is not None and "Number" in str(field.annotation):     # pragma: no cover
                found.append((kind, name))
    return found


def test_every_number_a_layer_takes_has_a_range() -> None:
    """The class: a numeric field added without a range (or a length without its bound) fails here."""
    assert sorted(MODELS) == sorted(schema.LAYER_TYPES) == sorted(LAYERS), "a layer type this test does not check"
    unbounded = []
    for kind, model in MODELS.items():
        for name, field in model.model_fields.items():
            validators = [getattr(m, "func", None) for m in field.metadata]
            takes_number = any(getattr(v, "__name__", "") in ("_number",) for v in validators)
            if takes_number and bounds_of(model, name) is None:
                unbounded.append(f"{kind}.{name}")
    for model in (schema.Shadow, schema.GradientFill):
        for name in model.model_fields:
            validators = [getattr(m, "func", None) for m in model.model_fields[name].metadata]
            if any(getattr(v, "__name__", "") == "_number" for v in validators) and bounds_of(model, name) is None:
                unbounded.append(f"{model.__name__}.{name}")
    assert unbounded == []
    assert len(_numeric_fields()) > 30


def _refusal(layer: dict[str, Any]) -> list[dict[str, Any]]:
    with pytest.raises(ValidationError) as caught:
        LayoutFile.model_validate({"layers": [layer]})
    return list(caught.value.errors())


@pytest.mark.parametrize("value", [1e300, -1e300, float("inf"), float("nan"), "1e300"])
def test_a_huge_or_endless_number_in_any_numeric_field_is_refused_as_read(value: Any) -> None:
    for kind, name in _numeric_fields():
        layer = {**LAYERS[kind], name: value}
        if kind in ("ellipse", "textbox", "icon", "image") and name in ("x", "y", "w", "h"):
            layer = {k: v for k, v in layer.items() if k != "area"} | {"x": 1, "y": 1, "w": 5, "h": 5, name: value}
        errors = _refusal(layer)
        assert [e["loc"][-1] for e in errors] == [name], (kind, name, errors)
        assert "expected" in errors[0]["msg"], (kind, name, errors)


def test_in_range_values_and_expressions_are_taken_as_written() -> None:
    layout = LayoutFile.model_validate({"layers": [
        {"type": "rect", "area": "trim", "stroke": "ink", "stroke_width": 100, "dash": [0, 1.5], "opacity": 0,
         "radius": "{{ r }}"},
        {"type": "text", "x": "50%", "y": 5, "text": "A", "size": 0.5, "letter_spacing": -10,
         "shadow": {"x": -50, "blur": 20, "opacity": "{{ o }}"}},
        {"type": "group", "rotate": -360, "scale": 0.01, "layers": []},
    ]})
    assert len(layout.layers) == 3


@pytest.mark.parametrize("dash, expected", [
    ([0, 0], "a dash pattern's lengths are all 0"),
    ([-1, 2], "expected dash and gap lengths from 0 to 1000 mm, got -1"),
    ([1.0e+300, 1], "expected dash and gap lengths from 0 to 1000 mm, got 1e+300"),
    ([], "at least 1 item"),
    ([1] * 17, "at most 16 items"),
])
def test_a_dash_pattern_no_reader_takes_is_refused_as_read(dash: list[float], expected: str) -> None:
    errors = _refusal({**LAYERS["line"], "dash": dash})
    assert errors[0]["loc"][-1] == "dash" or errors[0]["loc"][-2] == "dash", errors
    assert expected in errors[0]["msg"], errors


def test_bounds_say_what_is_expected_in_words() -> None:
    assert Bounds(0, 100, "mm").problem(1e300) == "expected a number from 0 to 100 mm, got 1e+300"
    assert Bounds(0, 100, "mm").problem(float("nan")) == "expected a number from 0 to 100 mm, got nan"
    assert Bounds(0, 5, above=True).problem(0) == "expected a number more than 0 to 5, got 0"
    assert Bounds(0, 5).problem(5) is None


def _problems() -> list[Any]:
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    return caught.value.problems


def test_a_kit_with_a_huge_stroke_is_refused_once_naming_file_line_and_field(kit: Path) -> None:
    text = replace_in(kit / "layouts" / "hero-front.yaml", "stroke_width: 0.4", "stroke_width: 1.0e+300")
    [problem] = _problems()
    assert problem.file.endswith("layouts/hero-front.yaml")
    assert problem.line == line_of(text, "1.0e+300")
    assert problem.field == "layers.3.stroke_width"
    assert problem.message == "expected a number from 0 to 100 mm, got 1e+300"


def test_a_zero_dash_is_refused_by_check_with_file_line_and_field(kit: Path) -> None:
    text = replace_in(kit / "layouts" / "hero-front.yaml", "stroke_width: 0.4", "stroke_width: 0.4\n    dash: [0, 0]")
    result = CliRunner().invoke(main, ["check", "heroes"])
    assert result.exit_code == 2, result.output
    line = line_of(text, "dash: [0, 0]")
    assert (f"data/heroes/layouts/hero-front.yaml:{line}: field 'layers.3.dash': a dash pattern's lengths are all 0"
            in result.output), result.output
    assert "Traceback" not in result.output


def test_an_expression_is_held_to_the_same_range_when_bound(kit: Path) -> None:
    layout = kit / "layouts" / "hero-front.yaml"
    replace_in(layout, "stroke_width: 0.4", "stroke_width: 0.4\n    dash: ['{{ strength - strength }}', 0]")
    problems = [p for p in _problems() if p.field == "layers.3.dash"]
    assert problems and all("a dash pattern's lengths are all 0" in p.message for p in problems), problems
    replace_in(layout, "dash: ['{{ strength - strength }}', 0]", "opacity: '{{ strength }}'")
    problems = [p.message for p in _problems() if p.field == "layers.3.opacity"]
    assert any("expected a number from 0 to 1, got 5" in message for message in problems), problems   # Björn's
