"""A kit built in another language: the language of this build, and the data read in it.

A game says in its game.yaml which languages it is translated into (``languages:``). A text
of its data files has a translation in one of two places: beside it (``name@sv`` next to
``name`` in a YAML mapping, a ``title@sv`` column next to ``title`` in a CSV file or a sheet),
or in the language's strings file (English text -> translated text, whole values of the printed
keys: a layout's ``"Road {{ road }}"`` as it is written, a game title; and the drawing code's
own words, which it asks for with ``words``). While a build speaks a language (``speaking``) every data file of
the game is read already translated, so the components, the text fitting and the preflight
see the translated text; the ``@`` keys and columns are dropped from every read, whatever
the language, so that the English build reads what it always read.

A text the game marks as printed (``languages: keys:``) that has no translation is a data
problem (``missing: error``, the default) or is printed in English with a warning
(``missing: fallback``). A translation is checked against the game's glossary: where the
English names a term of the rulebook, the translation must use the glossary's word for it.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from fnmatch import fnmatchcase
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

from generator.core.errors import DataError, Problem
from generator.core.inputs import note_read
from generator.core.limits import LANGUAGE_CODE_PATTERN, excerpt
from generator.core.notices import warn
from generator.kit.location import NotAKit, current_kit
from generator.kit.location import display_path as kit_display_path

if TYPE_CHECKING:
    from generator.kit.language_files import DataReader, Translation

#: A language's code in game.yaml and on the command line: ``sv``, ``de``, ``pt-br``.
LANGUAGE_CODE = re.compile(LANGUAGE_CODE_PATTERN)
#: A key or column with a translation: ``name@sv``.
TRANSLATED_KEY = re.compile(r"(?P<key>[^@]+)@(?P<code>[a-z]{2,3}(?:-[a-z0-9]{2,8})?)")
#: What is not words in a text: expressions and statements (their quoted literals are kept
#: apart, they may be words), inline icons (``:cavalry:``).
_EXPRESSION = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
_LITERAL = re.compile(r"'([^'\\]*)'|\"([^\"\\]*)\"")
_IDENTIFIER = re.compile(r"[a-z_][a-z0-9_-]*")     # a quoted name in an expression ('militia'): code, not words
_ICON = re.compile(r":[a-z0-9][a-z0-9_-]*:")
_LETTER = re.compile(r"[^\W\d_]")


_language: str | None = None
_translations: dict[tuple[str, str], "Translation"] = {}


def current_language() -> str | None:
    """The language this build speaks; None for the kit's own (English)."""
    return _language


@contextmanager
def speaking(code: str | None) -> Iterator[None]:
    """Read and draw the kit in ``code`` (None: as written) inside the block. A module value,
    not a context variable: the render workers, forked inside the block, speak it too."""
    global _language
    if code is not None and not LANGUAGE_CODE.fullmatch(code):
        raise ValueError(f"{excerpt(code)} is not a language code: expected two or three letters, like 'sv'")
    before, _language = _language, code
    _translations.clear()
    try:
        yield
    finally:
        _language = before
        _translations.clear()


def _game_folder(path: Path) -> Path | None:
    """The game folder (``data/<game>/``) holding ``path``, if it is a game's file."""
    try:
        data = current_kit().data.absolute()
    except NotAKit:                  # no kit in use (a file read on its own)
        return None
    parts = Path(path).absolute().relative_to(data).parts if Path(path).absolute().is_relative_to(data) else ()
    if len(parts) < 2 or not (data / parts[0] / "game.yaml").is_file():
        return None
    return data / parts[0]


def translation_for(path: Path, reader: "DataReader") -> "Translation | None":
    """The active language's translation of the game ``path`` belongs to (None when the
    build speaks the kit's own language, or the file is no game's). A game that does not
    name the language in its game.yaml is a DataError."""
    if _language is None:
        return None
    folder = _game_folder(path)
    if folder is None:
        return None
    key = (str(folder), _language)
    if key not in _translations:
        from generator.kit.language_files import load_translation     # pydantic: only for a translated build

        _translations[key] = load_translation(folder, _language, reader)
    return _translations[key]


def has_words(text: str) -> bool:
    """Whether ``text`` holds words to translate: letters outside its expressions and icons,
    or in the quoted text of its expressions."""
    return bool(_LETTER.search(_readable(text)))


def _readable(text: str) -> str:
    """The words of a text: outside expressions and icons, and the quoted text inside them."""
    literals = " ".join(m.group(1) or m.group(2) or "" for e in _EXPRESSION.findall(text) for m in _LITERAL.finditer(e)
                        if not _IDENTIFIER.fullmatch(m.group(1) or m.group(2) or ""))
    return _ICON.sub(" ", _EXPRESSION.sub(" ", text) + " " + _ICON.sub(" ", literals))


def _glossary_problem(translation: "Translation", english: str, translated: str) -> str | None:
    """Why ``translated`` does not render ``english`` with the glossary's terms, or None."""
    said, meant = _readable(english).lower(), _readable(translated).lower()
    for term, words in translation.glossary.items():
        if re.search(rf"(?<![\w-]){re.escape(term.lower())}(s|es)?(?![\w-])", said) and \
                not any(word.lower() in meant for word in words):
            return (f"the glossary ({kit_display_path(translation.glossary_file or translation.folder)}) says "
                    f"{excerpt(term)} is {' or '.join(excerpt(w) for w in words)} in {translation.code}, but the "
                    f"translation {excerpt(translated)} of {excerpt(english)} does not use it")
    return None


class _Reading:
    """One file's translation: its problems and where they are."""

    def __init__(self, translation: "Translation | None", path: Path) -> None:
        self.translation = translation
        self.shown = kit_display_path(path)
        self.problems: list[Problem] = []
        self.patterns: tuple[str, ...] = ()
        if translation is not None:
            relative = Path(path).absolute().relative_to(translation.folder.absolute()).as_posix() \
                if Path(path).absolute().is_relative_to(translation.folder.absolute()) else Path(path).name
            self.patterns = tuple(p for files, names in translation.keys.items()
                                  if fnmatchcase(relative, files) for p in names)

    def printed(self, path: tuple[Any, ...]) -> bool:
        """Whether the value at ``path`` (keys and list places) is printed text (``keys``)."""
        dotted = ".".join(str(part) for part in path)
        return any(fnmatchcase(dotted, p) if "." in p else (bool(path) and str(path[-1]) == p) for p in self.patterns)

    def translated(self, english: str, inline: str | None, printed: bool, **where: Any) -> str:
        """``english`` in the language spoken: its inline translation, else the strings file's;
        a printed text with neither is missing."""
        t = self.translation
        if t is None:
            return english
        # the strings file translates printed text only: a value of the same words that the
        # data means as a setting (a layout's orientation: landscape) is left as it is
        found = inline if inline not in (None, "") else t.strings.get(english) if printed else None
        if found is None:
            if printed and has_words(english):
                self._missing(english, "", **where)
            return english
        problem = _glossary_problem(t, english, found) if t.glossary else None
        if problem:
            self.problems.append(Problem(self.shown, problem, **where))
        return found

    def missing_words(self, english: str) -> None:
        """pnpkit's own words, printed on the game's pages, have no translation."""
        t = self.translation
        assert t is not None
        self._missing(english, f"pnpkit prints {excerpt(english)} on this game's pages, and it has no translation "
                               f"into {t.code}: add it to {self._strings_file()} as written here")

    def _strings_file(self) -> str:
        t = self.translation
        assert t is not None
        return kit_display_path(t.strings_file) if t.strings_file else "a strings file (languages: strings:)"

    def _missing(self, english: str, said: str = "", **where: Any) -> None:
        t = self.translation
        assert t is not None
        message = said or (f"no translation into {t.code} of {excerpt(english)}: give one beside it (a key or column "
                           f"'{where.get('field') or 'name'}@{t.code}') or in {self._strings_file()}")
        if t.missing == "fallback":
            warn(f"{self.shown}: {message}; printed as written")
        else:
            self.problems.append(Problem(self.shown, message, **where))

    def finish(self) -> None:
        if self.problems:
            raise DataError(self.problems)


def translate_yaml(data: Any, path: Path, reader: "DataReader") -> Any:
    """A YAML file's data as the build's language reads it (``data`` is changed in place):
    ``key@xx`` entries dropped, those of the language spoken replacing their key's value, and
    values the strings file translates replaced. Raises DataError on missing translations
    (``missing: error``) and on translations that do not use the glossary's terms."""
    translation = translation_for(path, reader)
    if translation is None and not _has_translated_keys(data):
        return data
    reading = _Reading(translation, path)
    # game.yaml's own languages: block is what says how to translate, not text to translate
    own = data.pop("languages", None) if Path(path).name == "game.yaml" and isinstance(data, dict) else None
    result = _walk(reading, data, printed=False, line=getattr(data, "line", None), path=())
    if own is not None:
        data["languages"] = own
    reading.finish()
    return result


def _has_translated_keys(data: Any) -> bool:
    if isinstance(data, dict):
        return any(isinstance(k, str) and "@" in k for k in data) or any(_has_translated_keys(v) for v in data.values())
    if isinstance(data, list):
        return any(_has_translated_keys(v) for v in data)
    return False


def _walk(reading: _Reading, node: Any, printed: bool, line: int | None, path: tuple[Any, ...]) -> Any:
    code = reading.translation.code if reading.translation else None
    key = next((str(part) for part in reversed(path) if isinstance(part, str)), None)
    if isinstance(node, dict):
        lines: dict[Any, int] = getattr(node, "lines", {})
        inline: dict[str, Any] = {}
        for name in [k for k in node if isinstance(k, str) and TRANSLATED_KEY.fullmatch(k)]:
            match = TRANSLATED_KEY.fullmatch(name)
            assert match is not None
            value = node.pop(name)
            if match["code"] == code:
                inline[match["key"]] = (value, lines.get(name))
        for name in list(node):
            below = printed or reading.printed((*path, name))
            where = lines.get(name, line)
            if name in inline:
                value, inline_line = inline[name]
                original = node[name]
                if isinstance(original, str) and isinstance(value, str):
                    node[name] = reading.translated(original, value, below, line=inline_line, field=f"{name}@{code}")
                else:
                    node[name] = value            # a translated list or mapping: taken as written
                continue
            node[name] = _walk(reading, node[name], below, where, (*path, name))
        return node
    if isinstance(node, list):
        item_lines: list[int] = getattr(node, "lines", [])
        for i, value in enumerate(node):
            node[i] = _walk(reading, value, printed, item_lines[i] if i < len(item_lines) else line, (*path, i))
        return node
    if isinstance(node, str):
        return reading.translated(node, None, printed, line=line, field=key)
    return node


def translate_records(records: list[tuple[int, dict[str, str]]], path: Path,
                      reader: "DataReader") -> list[tuple[int, dict[str, str]]]:
    """A table's rows (CSV or a workbook's sheet) as the build's language reads them:
    ``column@xx`` columns dropped, those of the language spoken replacing their column where
    not blank, and cells the strings file translates replaced (``translate_yaml``)."""
    translation = translation_for(path, reader)
    if translation is None and not any("@" in name for _, record in records[:1] for name in record):
        return records
    reading = _Reading(translation, path)
    code = translation.code if translation else None
    for number, record in records:
        inline = {}
        for name in [n for n in record if TRANSLATED_KEY.fullmatch(n)]:
            match = TRANSLATED_KEY.fullmatch(name)
            assert match is not None
            value = record.pop(name)
            if match["code"] == code:
                inline[match["key"]] = value
        if translation is None:
            continue
        for name, value in record.items():
            if value == "":
                continue
            printed = reading.printed((name,)) or name in inline
            column = getattr(record, "letters", {}).get(name)
            field_name = f"{name}@{code}" if inline.get(name) else name
            record[name] = reading.translated(value, inline.get(name), printed, row=number, field=field_name,
                                              column=column)
    reading.finish()
    return records


def words(english: str, **values: Any) -> str:
    """The drawing code's own words (a scale's caption, a sheet's heading) in the build's
    language, from the game's strings file, which holds ``english`` as written here, with its
    ``{name}`` fields (``"page {page} of {pages}"``); ``values`` fill them. A missing
    translation is a DataError (``missing: error``) or English with a warning."""
    template = _words_template(english)
    try:
        return template.format(**values) if values else template
    except (KeyError, IndexError, ValueError):     # a translation that names other fields
        return english.format(**values) if values else english


def _words_template(english: str) -> str:
    if _language is None:
        return english
    spoken = [t for (_, code), t in _translations.items() if code == _language]
    if not spoken:
        return english
    for translation in spoken:
        if translation.strings_file is not None:
            note_read(translation.strings_file)
        found = translation.strings.get(english)
        if found is not None:
            return found
    translation = spoken[0]
    reading = _Reading(translation, translation.strings_file or translation.folder / "game.yaml")
    reading.missing_words(english)
    reading.finish()
    return english
