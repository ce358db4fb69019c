"""Reading YAML and CSV data files with positions kept, and validating them with pydantic.

Every value read from YAML remembers its line, every CSV record its row, so that a
validation error can say exactly where the problem is.
"""

from __future__ import annotations

import csv
import io
import pickle
import re
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence, TypeVar, cast

import yaml
from pydantic import BaseModel, ValidationError

from generator.core.contentcache import ContentCache
from generator.core.errors import DataError, Problem
from generator.core.inputs import note_read
from generator.core.limits import (
    ID_PATTERN,
    MAX_ALIAS_EXPANSION,
    MAX_NESTING,
    MAX_YAML_ALIASES,
    TooLarge,
    excerpt,
    nesting_depth,
    read_bounded,
)
from generator.core.jsontext import parse_json
from generator.core.usercache import kept_bytes, source_digest
from generator.core.words import counted
from generator.kit.language import current_language, translate_records, translate_yaml
from generator.kit.language_files import DataReader
from generator.kit.location import current_kit
from generator.kit.location import display_path as kit_display_path
from generator.kit.textdecode import not_utf8

M = TypeVar("M", bound=BaseModel)


class LineDict(dict):
    """A mapping read from YAML; ``lines[key]`` is the 1-based line of each key."""

    line: int = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lines: dict[Any, int] = {}


class LineList(list):
    """A sequence read from YAML; ``lines[i]`` is the 1-based line of item i."""

    line: int = 0

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.lines: list[int] = []


class _LineLoader(yaml.SafeLoader):
    """SafeLoader that builds LineDict/LineList so positions survive parsing."""


# The same loader over libyaml's parser, where PyYAML was built with it: parsing is most of
# the time a build spends reading its data. Its error messages are worded differently, so a
# file it refuses is parsed again by _LineLoader, whose message (or result) is the one given.
_FAST_LOADERS: tuple[type[yaml.CSafeLoader], ...] = ()
if yaml.__with_libyaml__:
    class _CLineLoader(yaml.CSafeLoader):
        """CSafeLoader building LineDict/LineList, like _LineLoader."""

    _FAST_LOADERS = (_CLineLoader,)


class TooManyAliases(yaml.MarkedYAMLError):
    """A YAML file whose aliases would expand past generator.core.limits' bounds (a "billion
    laughs"), or that refers to itself: refused before anything is built from it."""


def alias_problem(root: yaml.Node) -> TooManyAliases | None:
    """Why the aliases of a composed YAML document are refused, or None. An alias is the node
    it names, shared: each node is visited once (no recursion), and its size counted as if
    every alias in it were written out (``limits.MAX_ALIAS_EXPANSION`` more values at most)."""
    sizes: dict[int, int] = {}         # id(node) -> its values with aliases expanded, once done
    open_nodes: set[int] = set()       # nodes whose values are being counted: a path from the root
    aliases = 0
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        children = _children(node)
        if children_done:
            open_nodes.discard(id(node))
            sizes[id(node)] = 1 + sum(sizes[id(child)] for child in children)
        elif id(node) in open_nodes:
            return TooManyAliases(None, None, "an alias refers to the value it is part of", node.start_mark)
        elif id(node) in sizes:
            aliases += 1
            if aliases > MAX_YAML_ALIASES:
                return TooManyAliases(None, None, f"more than {MAX_YAML_ALIASES:,} aliases (*name)",
                                      node.start_mark)
        else:
            open_nodes.add(id(node))
            stack.append((node, True))
            stack.extend((child, False) for child in reversed(children))
    expanded = sizes[id(root)] - len(sizes)
    if expanded > MAX_ALIAS_EXPANSION:
        return TooManyAliases(None, None, f"its aliases (*name) expand to {expanded:,} more values than it "
                                          f"writes out; at most {MAX_ALIAS_EXPANSION:,} are allowed", root.start_mark)
    return None


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def _construct_document(loader: yaml.SafeLoader | yaml.CSafeLoader, node: yaml.Node) -> Any:
    """The document, once its aliases are within bounds (TooManyAliases otherwise)."""
    problem = alias_problem(node)
    if problem is not None:
        raise problem
    return yaml.constructor.BaseConstructor.construct_document(loader, node)


def _construct_mapping(loader: yaml.SafeLoader | yaml.CSafeLoader, node: yaml.MappingNode) -> LineDict:
    """A mapping with the line of each key; a key written twice is an error, but a key written
    over one a merge (``<<: *base``) brought in is an override, as YAML means it."""
    own = {id(key_node) for key_node, _ in node.value}
    loader.flatten_mapping(node)
    result = LineDict()
    result.line = node.start_mark.line + 1
    written: set[Any] = set()
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if id(key_node) in own:
            if key in written:
                raise yaml.MarkedYAMLError(
                    "while reading a mapping", node.start_mark,
                    f"duplicate key {key!r}", key_node.start_mark)
            written.add(key)
        result[key] = loader.construct_object(value_node, deep=True)
        result.lines[key] = key_node.start_mark.line + 1
    return result


def _construct_sequence(loader: yaml.SafeLoader | yaml.CSafeLoader, node: yaml.SequenceNode) -> LineList:
    result = LineList()
    result.line = node.start_mark.line + 1
    for child in node.value:
        result.append(loader.construct_object(child, deep=True))
        result.lines.append(child.start_mark.line + 1)
    return result


_LOADERS: tuple[type[yaml.SafeLoader] | type[yaml.CSafeLoader], ...] = (_LineLoader, *_FAST_LOADERS)
for _loader in _LOADERS:
    _loader.construct_document = _construct_document  # type: ignore[method-assign, assignment]
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def _parse_yaml(text: str) -> Any:
    """The YAML document in ``text``: by libyaml when it can, else (and for every error) by PyYAML."""
    for fast in _FAST_LOADERS:
        try:
            return yaml.load(text, Loader=fast)  # noqa: S506 - CSafeLoader subclass
        except TooManyAliases:
            raise
        except (yaml.YAMLError, RecursionError):
            pass
    return yaml.load(text, Loader=_LineLoader)  # noqa: S506 - SafeLoader subclass


def display_path(path: Path) -> str:
    """A file as messages name it: relative to the kit in use (``data/mygame/cards.csv``)."""
    return kit_display_path(path)


def read_bytes(path: Path) -> bytes:
    """A data file's bytes, read up to the size limit (generator.core.limits); a missing, huge or
    special (a device) file becomes a DataError naming it. The bytes read are what a build
    records of the file (generator.core.inputs), whatever it holds by the time the build ends."""
    try:
        data = _read_bytes(path)
    except DataError:
        note_read(path)
        raise
    note_read(path, data)
    return data


def _read_bytes(path: Path) -> bytes:
    try:
        if not Path(path).is_file():
            if Path(path).exists():
                raise _unreadable(path, "not a regular file (a folder or a device): expected a data file")
            raise FileNotFoundError(path)
        return read_bounded(path)
    except FileNotFoundError:
        raise _unreadable(path, "file not found") from None
    except TooLarge as err:
        raise _unreadable(path, str(err)) from None
    except OSError as err:
        raise _unreadable(path, f"cannot be read ({err.strerror or err})") from None


def _unreadable(path: Path, message: str) -> DataError:
    return DataError([Problem(display_path(path), message, unreadable=True)])


def read_text(path: Path, encoding: str = "utf-8", advice: str = "", table: bool = False) -> str:
    """A data file's text (``read_bytes``); a non-UTF-8 file becomes a DataError naming it and
    the line of its first bad byte (a ``table``'s row and column: ``textdecode.not_utf8``)."""
    data = read_bytes(path)
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as err:
        raise DataError([not_utf8(display_path(path), err, advice, table)]) from None


def refuse_outside_kit(path: Path) -> None:
    """Refuse (DataError) a file of the kit (a game.yaml, a layout, a CSV, a workbook) that
    lies in the kit folder but resolves outside it (a symlink, or a folder that is one),
    before it is opened: its content is never read or quoted."""
    given = Path(path).absolute()
    root = current_kit().root
    if given.is_relative_to(root.absolute()):
        try:
            outside = not given.resolve().is_relative_to(root.resolve())
        except (OSError, RuntimeError):           # a symlink loop
            outside = True
        if outside:
            note_read(path)
            raise DataError([Problem(given.relative_to(root.absolute()).as_posix(), "a symlink that leads outside the kit folder (or cannot be "
                                                         "followed); a kit may only use its own files",
                                     unreadable=True)])


def read_kit_text(path: Path, encoding: str = "utf-8", advice: str = "", table: bool = False) -> str:
    """``read_text`` of a file of the kit, refused if it leads outside the kit (``refuse_outside_kit``)."""
    refuse_outside_kit(path)
    return read_text(path, encoding, advice, table)


def read_kit_bytes(path: Path) -> bytes:
    """``read_bytes`` of a file of the kit, refused if it leads outside the kit (``refuse_outside_kit``)."""
    refuse_outside_kit(path)
    return read_bytes(path)


def flow_depth(text: str) -> int:
    """How deep YAML flow collections ([...], {...}) nest in ``text``, outside quoted scalars
    and comments: a cheap bound checked before parsing, which an unclosed run of brackets would
    otherwise turn into a syntax error at the end of the file. A quote opens a scalar only
    where one may begin, a '#' a comment only after a space, as in YAML."""
    depth = deepest = 0
    quote = ""
    comment = False
    before = "\n"
    for ch in text:
        if comment:
            comment = ch != "\n"
        elif quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"" and before in " \t\n:[{,-":
            quote = ch
        elif ch == "#" and before in " \t\n":
            comment = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth = max(depth - 1, 0)
        before = ch
    return deepest


#: YAML documents parsed in this process, by their text (kept pickled: each use gets its own
#: copy): ``watch`` loads a game again at every save, and a build reads a layout file twice.
_PARSED: dict[str, bytes] = {}
PARSED_KEPT = 512                   # documents kept
PARSED_TEXT_MAX = 256 * 1024        # characters of the largest document kept


def load_yaml(path: Path) -> Any:
    """Parse a YAML file, keeping line numbers; syntax errors become a DataError, and so do
    a file nested deeper than generator.core.limits.MAX_NESTING or over its size limit. It is
    read in the build's language (generator.kit.language)."""
    return translate_yaml(load_yaml_as_written(path), path, READER)


def load_yaml_as_written(path: Path, text: str | None = None) -> Any:
    """``load_yaml`` in the language the file is written in: its ``key@xx`` entries kept.
    ``text``: the file's content, when it was read already."""
    text = read_kit_text(path) if text is None else text
    held = _PARSED.get(text)
    if held is None:
        # parsed before by another process (the user cache): a build loads a game's dozens of
        # files, each parsed by libyaml with this module's constructors of line-numbered values
        key = "\0".join((source_digest("generator.kit.datafiles", "generator.core.limits"), yaml.__version__, text))
        held = kept_bytes("yaml", str(path), key.encode("utf-8", "surrogatepass"),
                          lambda: pickle.dumps(_parsed_yaml(path, text), protocol=pickle.HIGHEST_PROTOCOL))
        if len(text) <= PARSED_TEXT_MAX:
            if len(_PARSED) >= PARSED_KEPT:
                del _PARSED[next(iter(_PARSED))]
            _PARSED[text] = held
    try:
        data = pickle.loads(held)
    except (ValueError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError, IndexError):
        _PARSED.pop(text, None)         # a damaged entry of the user cache: parsed here
        data = _parsed_yaml(path, text)
    return data


def _parsed_yaml(path: Path, text: str) -> Any:
    """``text``, the content of ``path``, parsed and checked (``load_yaml``)."""
    # refused before parsing: [[[[... never closed included (no deeper than its brackets: most
    # files have too few to be measured, a character at a time)
    if text.count("[") + text.count("{") > MAX_NESTING and flow_depth(text) > MAX_NESTING:
        raise DataError([_too_deep(path)])
    try:
        data = _parse_yaml(text)
    except TooManyAliases as err:
        line = err.problem_mark.line + 1 if err.problem_mark else None
        raise DataError([Problem(display_path(path), f"refused: {err.problem}", line=line, unreadable=True)]) from None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else None
        raise DataError([Problem(display_path(path), f"YAML syntax: {err.problem}", line=line,
                                 unreadable=True)]) from None
    except yaml.YAMLError as err:
        raise DataError([Problem(display_path(path), f"YAML syntax: {err}", unreadable=True)]) from None
    except RecursionError:
        raise DataError([_too_deep(path)]) from None
    if nesting_depth(data) > MAX_NESTING:
        raise DataError([_too_deep(path)])
    return data


def _too_deep(path: Path) -> Problem:
    return Problem(display_path(path), f"nested more than {MAX_NESTING} levels deep; a data file this deep is refused",
                   unreadable=True)


def load_json(path: Path) -> Any:
    """Parse a JSON file (a save, a position) within the size and nesting limits; anything
    else wrong with it becomes a DataError naming the file and line."""
    return parse_json(read_text(path), display_path(path))


def line_of(data: Any, loc: Sequence[Any]) -> int | None:
    """The deepest known line along a pydantic error location in YAML data."""
    line = getattr(data, "line", None) or None
    node = data
    for key in loc:
        if isinstance(node, LineDict) and key in node:
            line = node.lines.get(key, line)
            node = node[key]
        elif isinstance(node, LineList) and isinstance(key, int) and 0 <= key < len(node):
            line = node.lines[key]
            node = node[key]
        else:
            break
    return line


def _field_name(loc: Sequence[Any]) -> str:
    return ".".join(str(part) for part in loc) if loc else ""


def describe_error(err: Mapping[str, Any]) -> str:
    """A pydantic error as 'expected …, got …' in plain words."""
    message = err["msg"]
    if message.startswith("Value error, "):
        message = message[len("Value error, "):]
    if err["type"] == "missing":
        return "required but missing"
    if err["type"] == "extra_forbidden":
        return "unknown field (check the spelling)"
    if err["type"] == "union_tag_invalid":
        ctx = err.get("ctx", {})
        return f"{ctx.get('discriminator', 'type')} must be one of {ctx.get('expected_tags')}, got {ctx.get('tag')!r}"
    if err["type"] in ("dict_type", "model_type", "model_attributes_type"):
        return f"expected a mapping (name: value lines), got {_kind_of(err.get('input'))}"
    if err["type"] == "list_type":
        return f"expected a list (lines starting with '- '), got {_kind_of(err.get('input'))}"
    given = err.get("input")
    if err["type"] == "string_pattern_mismatch":
        pattern = err.get("ctx", {}).get("pattern")
        expected = NAME_PATTERNS.get(pattern, "text of another form")
        return f"expected {expected}, got {excerpt(given)}"
    if isinstance(given, (str, int, float, bool)) and err["type"] not in ("value_error", "assertion_error"):
        return f"{message[0].lower()}{message[1:]}, got {excerpt(given)}"
    return message


# What a pattern of a data model asks for, in words (a message never shows a regex).
NAME_PATTERNS: dict[str, str] = {
    ID_PATTERN: "a name of lower-case letters, digits and '-' (like 'event-cards'); "
                             "it names output files, so no '/', '.' or spaces",
    r"^#[0-9a-fA-F]{6}$": "a colour like '#1f4e79'",
    r"^[A-Z]$": "one capital letter",
    r"^[a-z0-9][a-z0-9_-]*$": "a name of lower-case letters, digits, '_' and '-'",
}


def _kind_of(value: Any) -> str:
    """A YAML value's kind as a user knows it: 'a list', 'a mapping', 'text', 'a number'."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return f"the number {excerpt(value)}"
    if isinstance(value, str):
        return f"the text {excerpt(value)}"
    return "nothing" if value is None else type(value).__name__


def validation_problems(file: str, err: ValidationError, data: Any = None,
                        row: int | None = None, loc_prefix: Sequence[Any] = ()) -> list[Problem]:
    """Turn a pydantic ValidationError into Problems that point at lines or rows. A value
    that may take several forms (``size: poker`` or ``{width:, height:}``) reports the form
    it was written in, not each form it is not."""
    problems = []
    for loc, item in plain_errors(err, data):
        line = line_of(data, loc) if data is not None else None
        field = _field_name(tuple(loc_prefix) + loc)
        problems.append(Problem(file, describe_error(item), line=line, field=field or None, row=row,
                                unreadable=not loc and item["type"] in _SHAPE_ERRORS))
    return problems


def plain_errors(err: ValidationError, data: Any,
                 loc_of: Callable[[Sequence[Any]], Sequence[Any]] = tuple) -> list[tuple[tuple[Any, ...], Any]]:
    """pydantic's errors as (path in the data, error): the names of union forms dropped from
    each path, and the "wrong form" errors of a union left out when the form written has an
    error of its own. ``loc_of`` first rewrites a location (a caller's own tags)."""
    items = [(_data_loc(loc_of(item["loc"]), data), item) for item in err.errors()]
    deeper = {loc[:i] for loc, item in items if not item["type"].endswith("_type") for i in range(len(loc) + 1)}
    return [(loc, item) for loc, item in items
            if not (item["type"].endswith("_type") and loc in deeper
                    and any(other is not item and other_loc[:len(loc)] == loc for other_loc, other in items))]


_SHAPE_ERRORS = {"dict_type", "model_type", "model_attributes_type", "list_type"}
_FORM_TAGS = {"str", "int", "float", "bool", "dict", "list", "tuple", "none", "literal"}


def _data_loc(loc: Sequence[Any], data: Any) -> tuple[Any, ...]:
    """A pydantic error location without the names of union forms (``str``, ``Size``):
    the path of keys and indexes in the data, as the user wrote it."""
    kept = []
    node = data
    for part in loc:
        in_data = isinstance(node, dict) and part in node
        tag = isinstance(node, dict) and part in node.values()       # a discriminated union's form
        if isinstance(part, str) and not in_data and (part in _FORM_TAGS or part[:1].isupper() or "[" in part or tag):
            continue
        kept.append(part)
        if in_data or (isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)):
            node = node[part]
        else:
            node = None
    return tuple(kept)


#: validate_yaml's models, kept by the file's text, path, model and language
#: (generator.core.contentcache: by content, never by the file's time).
_VALIDATED: ContentCache[BaseModel] = ContentCache(256)


def validate_yaml_cached(path: Path, model: type[M]) -> M:
    """validate_yaml, kept for the same text of the file: cheap to call often. The text read
    is the text validated, so an edit at any moment is seen by the next call."""
    path = Path(path)
    note_read(path)
    text = read_kit_text(path)
    key = (str(path.resolve()), model, current_language() or "")      # the model itself: two may share a name
    value = _VALIDATED.get(key, text.encode("utf-8", "surrogatepass"), lambda: _validated(path, text, model))
    return cast(M, value)       # kept under the model's name: a value of that model


def validate_yaml(path: Path, model: type[M]) -> M:
    """Load a YAML file and validate it into ``model``; every error at once."""
    return _validated(path, None, model)


def _validated(path: Path, text: str | None, model: type[M]) -> M:
    """``validate_yaml`` of ``text``, the file's content (None: read it)."""
    data = translate_yaml(load_yaml_as_written(path, text), path, READER)
    if data is None:
        raise DataError([Problem(display_path(path), "file is empty", unreadable=True)])
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise DataError(validation_problems(display_path(path), err, data)) from None


def read_csv(path: Path) -> list[tuple[int, dict[str, str]]]:
    """Rows of a CSV file as (row number as a spreadsheet shows it, record).

    Blank lines and lines whose first cell starts with '#' are skipped, so designers can
    keep notes in the sheet. Header names are stripped and lower-cased.
    """
    text = read_kit_text(path, "utf-8-sig", "; save the sheet as CSV UTF-8", table=True)
    # newline="": lines end in LF, CR LF or a lone CR (Excel for Mac), and a line break inside
    # a quoted cell is kept as written
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        rows = list(reader)
    except csv.Error as err:
        raise DataError([Problem(display_path(path), f"CSV syntax: {err} (a quote that is never closed?)",
                                 row=reader.line_num, unreadable=True)]) from None
    header = next((cells for cells in rows if _is_header(cells)), None)
    if header is not None and len(header) == 1 and ";" in header[0]:
        raise DataError([Problem(display_path(path), "the header is one column holding ';': save the sheet as "
                                 "CSV separated by commas", row=rows.index(header) + 1)])
    records = table_records(display_path(path), enumerate(rows, start=1))
    _warn_of_formulas(display_path(path), header or [], rows, records)
    return translate_records(records, path, READER)


def _warn_of_formulas(shown: str, header: Sequence[str], rows: Sequence[Sequence[str]],
                      records: Sequence[tuple[int, Mapping[str, str]]]) -> None:
    """Warn of the records' cells that look like spreadsheet formulas (generator.kit.formulas)."""
    from generator.core.notices import warn
    from generator.kit.formulas import formula_warnings

    names = [name.strip().lower() for name in header]
    for message in formula_warnings(shown, names, [(number, rows[number - 1]) for number, _ in records]):
        warn(message)


class SheetRecord(dict):
    """A row of a workbook's sheet (generator.kit.workbooks), as a CSV record: column name ->
    text. ``letters[name]`` is the column's letter (``C``), which messages name."""

    def __init__(self, *args: Any, letters: Mapping[str, str]) -> None:
        super().__init__(*args)
        self.letters = letters


def column_letter(record: Mapping[str, Any], name: str) -> str | None:
    """The letter of column ``name`` when ``record`` is a row of a workbook's sheet, else None."""
    return record.letters.get(name) if isinstance(record, SheetRecord) else None


def _is_header(cells: Sequence[str]) -> bool:
    return bool(cells) and any(c.strip() for c in cells) and not cells[0].startswith("#")


def table_records(shown: str, rows: Iterable[tuple[int, Sequence[str]]],
                  letter: Callable[[int], str] | None = None) -> list[tuple[int, dict[str, str]]]:
    """(row, record) of the numbered rows of a table (a CSV file, or a workbook's sheet whose
    columns have ``letter``s): the first row that is not blank or a '#' note is the header,
    its names stripped and lower-cased; blank rows and rows whose first cell starts with '#'
    are skipped. In a sheet a column without a name in the header is left out (a value in it
    is an error); a CSV row may not have more cells than the header."""
    header: list[str] | None = None
    letters: dict[str, str] = {}
    records: list[tuple[int, dict[str, str]]] = []
    for number, cells in rows:
        if header is None:
            if _is_header(cells):
                header = [h.strip().lower() for h in cells]
                letters = {name: letter(i) for i, name in enumerate(header) if name} if letter else {}
            continue
        if not cells or not any(c.strip() for c in cells) or cells[0].lstrip().startswith("#"):
            continue
        unnamed = [i for i, c in enumerate(cells) if c.strip() and (i >= len(header) or (letter and not header[i]))]
        if unnamed and letter is not None:
            raise DataError([Problem(shown, "a value in a column with no name in the header row: name the column "
                                            "or clear it", row=number, column=letter(i)) for i in unnamed])
        if unnamed:
            raise DataError([Problem(shown, f"{counted(len(cells), 'cells')} but the header has {counted(len(header), 'columns')}", row=number)])
        record = {name: (cells[i].strip() if i < len(cells) else "") for i, name in enumerate(header)
                  if name or letter is None}
        bad = [Problem(shown, f"a control character in {excerpt(value)}: text of a card holds "
                              "letters, digits, punctuation and line breaks", row=number, field=name,
                       column=letters.get(name))
               for name, value in record.items() if _CONTROL.search(value)]
        if bad:
            raise DataError(bad)
        records.append((number, SheetRecord(record, letters=letters) if letter else record))
    if header is None:
        raise DataError([Problem(shown, "no header row")])
    return records


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")   # no tab or line break


#: How generator.kit.language reads a game's language files (game.yaml, strings, glossary).
READER = DataReader(load_yaml_as_written, validation_problems)


def validate_csv(path: Path, model: type[M], required: Sequence[str] = ()) -> list[tuple[int, M]]:
    """Validate each CSV row into ``model``; every bad row is reported."""
    shown = display_path(path)
    rows = read_csv(path)
    problems: list[Problem] = []
    header = set(rows[0][1]) if rows else set()
    missing = [c for c in required if c not in header] if rows else []
    if missing:
        raise DataError([Problem(shown, f"missing column(s): {', '.join(missing)}", row=1)])
    result = []
    for row, record in rows:
        cleaned = {k: v for k, v in record.items() if v != ""}
        try:
            result.append((row, model.model_validate(cleaned)))
        except ValidationError as err:
            problems.extend(validation_problems(shown, err, row=row))
    if problems:
        raise DataError(problems)
    return result
