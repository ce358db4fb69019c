"""Reading a layout file and the files it ``extends``, into one ``Layout``.

A base layout's layers are drawn first; its size, bleed and safe zone are the defaults of
the layout extending it, and palettes and vars merge (the extending file wins). Every
expression is compiled here, so a syntax error is found before any item is drawn.
Paths stay inside the kit; a chain of ``extends`` that comes back on itself is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Sequence

from pydantic import ValidationError

from generator.core.errors import DataError, Problem
from generator.kit.datafiles import LineDict, LineList, describe_error, display_path, line_of, load_yaml, plain_errors
from generator.kit.paths import OutsideKit, inside_kit, not_a_file
from generator.kit.sizes import SIZE_WORDS, Size, find_size, named_sizes
from generator.layout.expressions import ExpressionError, compile_template
from generator.layout.schema import LAYER_TYPES, GroupLayer, KeywordStyle, LayoutFile, condition, is_expression

MAX_EXTENDS = 16


@dataclass(frozen=True)
class Where:
    """Where a layer was written: the file shown in messages, its YAML mapping, its field path."""

    file: str
    raw: Any
    field: str
    folder: Path = Path(".")   # the folder of the file: image paths are relative to it

    def line(self, key: str | None = None) -> int | None:
        lines = getattr(self.raw, "lines", {})
        if key is not None and key in lines:
            return int(lines[key])
        return getattr(self.raw, "line", None) or None

    def problem(self, message: str, key: str | None = None) -> Problem:
        field = f"{self.field}.{key}" if key else self.field
        return Problem(self.file, message, line=self.line(key), field=field)


@dataclass(frozen=True)
class PlacedLayer:
    """A layer with where it was written, and its children if it is a group."""

    layer: Any
    where: Where
    children: tuple["PlacedLayer", ...] = ()


@dataclass(frozen=True)
class Var:
    name: str
    value: Any
    where: Where


@dataclass(frozen=True)
class Layout:
    """One face's layout with its bases merged in."""

    path: Path
    shown: str
    size: Size | None
    bleed: float | None
    safe: float | None
    palette: dict[str, str]
    palette_where: dict[str, Where]
    vars: tuple[Var, ...]
    layers: tuple[PlacedLayer, ...]
    files: tuple[Path, ...]
    keywords: tuple[tuple[str, KeywordStyle, Where], ...] = ()     # word -> its style, where it was written


def load_layout(path: Path, kit: Path, chain: Sequence[Path] = ()) -> Layout:
    """The layout at ``path`` (a file inside ``kit``) with everything it extends merged in."""
    path = Path(path).resolve()
    shown = display_path(path)
    raw = load_yaml(path)
    if raw is None:
        raw = LineDict()
    if not isinstance(raw, dict):
        raise DataError([Problem(shown, "a layout file is a mapping (size:, layers: ...), "
                                        f"got {type(raw).__name__}", line=getattr(raw, "line", None) or None)])
    try:
        spec = LayoutFile.model_validate(raw)
    except ValidationError as err:
        raise DataError(_schema_problems(shown, err, raw)) from None
    problems = list(_syntax_problems(shown, raw))
    size = _size(spec, shown, raw, problems)
    base = _base(spec, path, kit, shown, raw, chain, problems) if spec.extends else None
    if problems:
        raise DataError(problems)
    folder = path.parent
    own_layers = tuple(_placed(layer, Where(shown, raw["layers"][i], f"layers.{i}", folder))
                       for i, layer in enumerate(spec.layers))
    own_vars = tuple(Var(name, value, Where(shown, raw.get("vars"), "vars", folder))
                     for name, value in spec.vars.items())
    own_palette_where = {name: Where(shown, raw.get("palette"), "palette", folder) for name in spec.palette}
    own_keywords = tuple((word, style, Where(shown, raw.get("keywords"), f"keywords.{word}", folder))
                         for word, style in spec.keywords.items())
    if base is None:
        return Layout(path, shown, size, spec.bleed, spec.safe, dict(spec.palette), own_palette_where, own_vars,
                      own_layers, (path,), own_keywords)
    mine = {word for word, _, _ in own_keywords}
    return Layout(path, shown, size or base.size,
                  spec.bleed if spec.bleed is not None else base.bleed,
                  spec.safe if spec.safe is not None else base.safe,
                  {**base.palette, **spec.palette}, {**base.palette_where, **own_palette_where},
                  _merge_vars(base.vars, own_vars), base.layers + own_layers, base.files + (path,),
                  tuple(k for k in base.keywords if k[0] not in mine) + own_keywords)


def _size(spec: LayoutFile, shown: str, raw: Any, problems: list[Problem]) -> Size | None:
    if isinstance(spec.size, str):
        found = find_size(spec.size)
        if found is None:
            problems.append(Problem(shown, f"unknown size {spec.size!r}; known: {', '.join(named_sizes())}; or "
                                           f"{SIZE_WORDS}", line=raw.lines.get("size"), field="size"))
        return found
    return spec.size


def _base(spec: LayoutFile, path: Path, kit: Path, shown: str, raw: Any, chain: Sequence[Path],
          problems: list[Problem]) -> Layout | None:
    """The layout ``extends`` names, or None with a problem that says why it cannot be read."""
    assert spec.extends is not None
    line = raw.lines.get("extends")

    def refuse(message: str) -> None:
        problems.append(Problem(shown, message, line=line, field="extends"))

    try:
        target = inside_kit(kit, path.parent, spec.extends)
    except OutsideKit as err:
        refuse(str(err))
        return None
    seen = [*chain, path]
    if target in seen:
        loop = " -> ".join(display_path(p) for p in [*seen[seen.index(target):], target])
        refuse(f"extends goes round in a circle: {loop}")
        return None
    if len(seen) >= MAX_EXTENDS:
        refuse(f"more than {MAX_EXTENDS} layouts extend one another")
        return None
    fault = not_a_file(target, spec.extends, "layout file")
    if fault:
        refuse(f"{fault} (the path is relative to {path.parent.name}/)")
        return None
    try:
        return load_layout(target, kit, seen)
    except DataError as err:
        problems.extend(err.problems)
        return None


def _merge_vars(base: tuple[Var, ...], own: tuple[Var, ...]) -> tuple[Var, ...]:
    """Base vars in their order, each replaced by the extending file's value of that name; new ones after."""
    mine = {var.name: var for var in own}
    merged = [mine.pop(var.name, var) for var in base]
    return tuple(merged + [var for var in own if var.name in mine])


def _placed(layer: Any, where: Where) -> PlacedLayer:
    children: tuple[PlacedLayer, ...] = ()
    if isinstance(layer, GroupLayer):
        raw_children = where.raw.get("layers") or []
        children = tuple(_placed(child, Where(where.file, raw_children[i], f"{where.field}.layers.{i}", where.folder))
                         for i, child in enumerate(layer.layers))
    return PlacedLayer(layer, where, children)


def _schema_problems(shown: str, err: ValidationError, raw: Any) -> list[Problem]:
    """pydantic's errors with the layer type dropped from their path (layers.2.fill, not layers.2.rect.fill)."""
    problems = []
    for loc, item in plain_errors(err, raw, _drop_tags):
        if item["type"] == "union_tag_not_found":
            message = f"every layer needs a type: one of {', '.join(LAYER_TYPES)}"
        elif item["type"] == "union_tag_invalid":
            message = f"unknown layer type {item['input'].get('type')!r}; expected one of {', '.join(LAYER_TYPES)}"
            loc = (*loc, "type")
        else:
            message = describe_error(dict(item))
        problems.append(Problem(shown, message, line=line_of(raw, loc), field=".".join(str(p) for p in loc) or None))
    return problems


def _drop_tags(loc: Sequence[Any]) -> tuple[Any, ...]:
    kept: list[Any] = []
    for i, part in enumerate(loc):
        if part in LAYER_TYPES and i > 0 and isinstance(loc[i - 1], int):
            continue
        kept.append(part)
    return tuple(kept)


def _syntax_problems(shown: str, raw: Any, field: str = "") -> Iterator[Problem]:
    """Every expression of the file compiled once; syntax errors at their line."""
    items: Iterator[tuple[Any, Any, int | None]]
    if isinstance(raw, LineDict):
        items = ((key, value, raw.lines.get(key)) for key, value in raw.items())
    elif isinstance(raw, LineList):
        items = ((i, value, raw.lines[i]) for i, value in enumerate(raw))
    else:
        return
    for key, value, line in items:
        path = f"{field}.{key}" if field else str(key)
        if key == "when" and isinstance(value, str):
            value = condition(value)
        if is_expression(value):
            try:
                compile_template(value)
            except ExpressionError as err:
                yield Problem(shown, str(err), line=line, field=path)
        else:
            yield from _syntax_problems(shown, value, path)

