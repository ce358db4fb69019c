"""What a reference sheet says: its sections and their blocks, as a game's data file holds them.

```yaml
tables: {events: cards/events.csv}  # data files the sheet reads, besides game.yaml's tables
title: Breitenfeld 1631            # default: the game's title
subtitle: Player aid
footer: "Rules: the Breitenfeld player aid"
layout: {orientation: landscape, columns: 3, pages: 1, size: 8.5}
sections:
  - title: Visibility
    rule: Visibility                # every section names the rule it summarises
    blocks:
      - text: "The Imperialist rolls a die at the start of each turn."
      - table:
          columns: [{title: Die, align: c, width: 10}, {title: Visibility}]
          rows: {from: visibility.rolls, each: ["{{ roll }}", "{{ name }}"]}
      - list: ["Moderate: movement allowances halved", {text: "...", rule: "6.2"}]
```

Blocks: ``text``, ``note``, ``list`` (bullets), ``steps`` (numbered; ``numbering: A`` for
letters), ``terms`` (a term in bold and its text), ``table``, ``diagram`` (see
``generator.reference.diagrams``), ``box`` (blocks on a tint), ``break`` (``column`` or
``page``). A block may have a ``title`` (set as a subheading) and a ``rule``.

Facts that live in a game table (game.yaml ``tables:``) are read, not copied: wherever a list
goes, ``{from: table.path, each: ..., where: ...}`` makes it from the table's rows, each
value of ``each`` a jinja2 expression (sandboxed) over the row's fields; any other text may
name the tables too (``"Game turn zero is {{ tables.visibility.start }}."``). A path walks mappings
by key and lists by index or by an element's ``id``; a mapping of mappings gives rows with
their key as ``key``. Inside a list, such a mapping adds its rows in place.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, Mapping

from pydantic import ConfigDict, Field, ValidationError, field_validator, model_validator

from generator.core.errors import DataError, Problem
from generator.core.models import Strict
from generator.kit.datafiles import display_path, load_yaml, validation_problems
from generator.kit.paths import OutsideKit, inside_kit
from generator.kit.workbooks import split_sheet
from generator.layout.expressions import ExpressionError, render
from generator.layout.schema import IDENTIFIER
from generator.layout.style import TABLE_SUFFIXES, read_table

MAX_ROWS = 500
BLOCK_KINDS = ("text", "note", "list", "steps", "terms", "table", "diagram", "box", "break")


class ItemIn(Strict):
    text: str
    rule: str = ""
    items: list["ItemIn"] = []

    @model_validator(mode="before")
    @classmethod
    def _plain(cls, value: Any) -> Any:
        return {"text": value} if isinstance(value, (str, int, float)) else value


class TermIn(Strict):
    term: str
    text: str
    rule: str = ""


class ColumnIn(Strict):
    title: str = ""
    align: Literal["l", "c", "r"] = "l"
    width: str = "*"                  # millimetres ("12") or a share of the rest ("*", "2*")

    @field_validator("width", mode="before")
    @classmethod
    def _text(cls, value: Any) -> Any:
        return str(value) if isinstance(value, (int, float)) else value


class TableIn(Strict):
    columns: list[ColumnIn] = Field(min_length=1, max_length=8)
    rows: list[list[str]] = Field(min_length=1, max_length=MAX_ROWS)
    header: bool = True
    stripe: bool = True

    @field_validator("rows", mode="before")
    @classmethod
    def _cells(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [[str(cell) for cell in row] if isinstance(row, list) else row for row in value]
        return value

    @model_validator(mode="after")
    def _shape(self) -> "TableIn":
        for index, row in enumerate(self.rows):
            if len(row) != len(self.columns):
                raise ValueError(f"row {index + 1} has {len(row)} cells for {len(self.columns)} columns")
        return self


Items = list[ItemIn]        # aliases: BlockIn has a field named ``list``
Terms = list[TermIn]
Blocks = list["BlockIn"]


class BlockIn(Strict):
    title: str = ""
    rule: str = ""
    keep: bool = False               # keep the block in the column of the block after it
    text: str | None = None
    note: str | None = None
    list: Items | None = None
    steps: Items | None = None
    numbering: Literal["1", "A", "a"] = "1"
    terms: Terms | None = None
    table: TableIn | None = None
    diagram: dict[str, Any] | None = None
    box: Blocks | None = None
    break_: Literal["column", "page"] | None = Field(None, alias="break")

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    @model_validator(mode="after")
    def _one_kind(self) -> "BlockIn":
        given = [kind for kind in BLOCK_KINDS if getattr(self, "break_" if kind == "break" else kind) is not None]
        if len(given) != 1:
            raise ValueError(f"a block has exactly one of {', '.join(BLOCK_KINDS)}; this one has "
                             f"{', '.join(given) or 'none'}")
        if self.diagram is not None and not isinstance(self.diagram.get("kind"), str):
            raise ValueError("a diagram names its kind (cycle, sectors, track, boxes, markers)")
        return self

    @property
    def kind(self) -> str:
        return next(k for k in BLOCK_KINDS if getattr(self, "break_" if k == "break" else k) is not None)


class SectionIn(Strict):
    title: str = Field(min_length=1)
    rule: str = Field(min_length=1)
    blocks: Blocks = Field(min_length=1)
    break_before: Literal["column", "page"] | None = None


class LayoutIn(Strict):
    """Settings the template reads (pnpkit's templates: orientation, columns, pages, size)."""

    orientation: Literal["portrait", "landscape"] = "portrait"
    columns: int = Field(2, ge=1, le=3)
    pages: int = Field(1, ge=1, le=2)
    size: float = Field(8.5, ge=7.0, le=14.0)       # body type in pt, before any shrinking
    colours: dict[str, str] = {}                     # the sheet's colours (rule, head, line...; see sheet.Colours)


class ReferenceIn(Strict):
    tables: dict[str, str] = {}      # the sheet's own data files, beside the game's tables
    title: str = ""
    subtitle: str = ""
    footer: str = ""
    layout: LayoutIn = LayoutIn()
    sections: list[SectionIn] = Field(min_length=1, max_length=60)


def load_reference(path: Path, tables: Mapping[str, Any], kit: Path) -> ReferenceIn:
    """The reference file, its ``from:`` lists made from the game's tables and its own
    (``tables:``, files relative to the reference file, inside the kit); DataError lists every
    problem with its line."""
    shown = display_path(path)
    raw = load_yaml(path)
    if not isinstance(raw, dict):
        raise DataError([Problem(shown, "a reference file is a mapping with sections: (and title, layout...)")])
    problems: list[Problem] = []
    own = _own_tables(raw, path, kit, tables, shown, problems)
    bound = _bind({key: value for key, value in raw.items() if key != "tables"}, {**tables, **own}, shown,
                  problems, ())
    if problems:
        raise DataError(problems)
    try:
        return ReferenceIn.model_validate(bound)
    except ValidationError as err:
        raise DataError(validation_problems(shown, err, raw)) from None


def _own_tables(raw: Mapping[str, Any], path: Path, kit: Path, game_tables: Mapping[str, Any], shown: str,
                problems: list[Problem]) -> dict[str, Any]:
    """The data files a reference file names under ``tables:`` (a sheet reads the rules' facts
    where they live, without making them tables of the game's layouts)."""
    value = raw.get("tables") or {}
    lines = getattr(raw, "lines", {})
    if not isinstance(value, dict):
        problems.append(Problem(shown, "expected a mapping of table names to data files (YAML or CSV)",
                                line=lines.get("tables"), field="tables"))
        return {}
    found = {}
    for name, relative in value.items():
        line = getattr(value, "lines", {}).get(name, lines.get("tables"))
        if not isinstance(name, str) or not IDENTIFIER.fullmatch(name) or name in game_tables:
            problems.append(Problem(shown, f"a table name is lower-case letters, digits and '_', and not one of the "
                                           f"game's tables; got {name!r}", line=line, field=f"tables.{name}"))
            continue
        relative_file, sheet = split_sheet(str(relative))
        try:
            file = inside_kit(kit, path.parent, relative_file)
        except OutsideKit as err:
            problems.append(Problem(shown, str(err), line=line, field=f"tables.{name}"))
            continue
        if file.suffix.lower() not in TABLE_SUFFIXES or not file.is_file():
            problems.append(Problem(shown, f"no YAML, CSV or workbook file {relative_file!r} beside the reference file",
                                    line=line, field=f"tables.{name}"))
            continue
        found[name] = read_table(file, sheet)
    return found


# -- binding lists to tables -------------------------------------------------------------------
def _is_binding(value: Any) -> bool:
    return isinstance(value, dict) and "from" in value


def _bind(value: Any, tables: Mapping[str, Any], shown: str, problems: list[Problem], where: tuple[Any, ...],
          line: int | None = None) -> Any:
    """``value`` with every ``{from: ...}`` replaced by the rows it makes."""
    if _is_binding(value):
        return _rows(value, tables, shown, problems, where, line)
    if isinstance(value, dict):
        lines = getattr(value, "lines", {})
        return {key: _bind(item, tables, shown, problems, where + (key,), lines.get(key, line))
                for key, item in value.items()}
    if isinstance(value, list):
        lines = getattr(value, "lines", [])
        out: list[Any] = []
        for index, item in enumerate(value):
            item_line = lines[index] if index < len(lines) else line
            bound = _bind(item, tables, shown, problems, where + (index,), item_line)
            if _is_binding(item) and isinstance(bound, list):
                out.extend(bound)
            else:
                out.append(bound)
        return out
    if isinstance(value, str) and ("{{" in value or "{%" in value):
        try:
            return render(value, {"tables": tables})
        except ExpressionError as err:
            problems.append(Problem(shown, str(err), line=line, field=".".join(str(p) for p in where)))
    return value


def _rows(binding: dict, tables: Mapping[str, Any], shown: str, problems: list[Problem], where: tuple[Any, ...],
          line: int | None) -> list[Any]:
    field = ".".join(str(p) for p in where)
    lines = getattr(binding, "lines", {})
    unknown = set(binding) - {"from", "each", "where"}
    if unknown:
        problems.append(Problem(shown, f"a list made from a table has from, each and where; not "
                                       f"{', '.join(sorted(map(str, unknown)))}", line=line, field=field))
        return []
    path = binding["from"]
    try:
        rows = rows_of(tables, path)
    except LookupError as err:
        problems.append(Problem(shown, str(err), line=lines.get("from", line), field=f"{field}.from"))
        return []
    out = []
    for index, row in enumerate(rows):
        fields = row if isinstance(row, dict) else {}
        context = {**fields, "row": row, "item": fields, "index": index, "tables": tables}
        try:
            if "where" in binding and _evaluate(binding["where"], context).strip().lower() in ("", "false", "0", "none"):
                continue
            out.append(_evaluate(binding.get("each", row), context) if "each" in binding else row)
        except ExpressionError as err:
            key = "where" if "where" in binding and not out else "each"
            problems.append(Problem(shown, f"row {index + 1} of {path}: {err}", line=lines.get(key, line),
                                    field=f"{field}.{key}"))
            return []
    return out


def _evaluate(template: Any, context: Mapping[str, Any]) -> Any:
    """Every string of ``template`` with ``{{``/``{%`` rendered for the row; other values as they are."""
    if isinstance(template, str):
        return render(template, context) if ("{{" in template or "{%" in template) else template
    if isinstance(template, dict):
        return {key: _evaluate(item, context) for key, item in template.items()}
    if isinstance(template, list):
        return [_evaluate(item, context) for item in template]
    return template


def rows_of(tables: Mapping[str, Any], path: Any) -> list[Any]:
    """The rows at ``path`` (``table.key.0.id``) of the game's tables; LookupError says where it stops."""
    if not isinstance(path, str) or not path:
        raise LookupError(f"expected a path into the game's tables like 'troops.troops', got {path!r}")
    parts = path.split(".")
    if parts[0] not in tables:
        known = ", ".join(sorted(tables)) or "none (game.yaml has no tables:)"
        raise LookupError(f"no table {parts[0]!r} (the game's tables: {known})")
    value: Any = tables[parts[0]]
    walked = parts[0]
    for part in parts[1:]:
        value = _step(value, part, walked)
        walked += f".{part}"
    if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
        return [{"key": key, **item} for key, item in value.items()]
    if not isinstance(value, list):
        raise LookupError(f"{path} is not a list of rows (nor a mapping of them)")
    if len(value) > MAX_ROWS:
        raise LookupError(f"{path} has {len(value)} rows; a reference block takes at most {MAX_ROWS}")
    return list(value)


def _step(value: Any, part: str, walked: str) -> Any:
    if isinstance(value, dict):
        if part in value:
            return value[part]
        raise LookupError(f"{walked} has no {part!r} (it has {', '.join(map(str, value)) or 'nothing'})")
    if isinstance(value, list):
        if part.isdigit() and int(part) < len(value):
            return value[int(part)]
        for item in value:
            if isinstance(item, dict) and item.get("id") == part:
                return item
        raise LookupError(f"{walked} has no element {part!r} (by index or id)")
    raise LookupError(f"{walked} is a value, not a table: it has no {part!r}")

