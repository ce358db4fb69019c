"""The ``reference`` component kind: a player aid typeset from the game's data.

```yaml
- kind: reference
  id: player-aid
  title: Player aid
  source: reference.yaml                 # the content (generator.reference.content)
  template: reference/sheet.xml.j2       # the layout: pnpkit's (default) or the game's own
```

The template renders the content to the sheet XML; platypus sets it in columns on the
chosen paper; the recording canvas turns each page into a Scene, which the usual backends
write as one PDF (all pages) and an SVG and a PNG per page.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping

from pydantic import ValidationError

from generator.components.base import Component, ComponentSpec, source_file
from generator.core.errors import BuildError, DataError, InputError, Problem, ProblemCollector
from generator.core.inputs import note_read, recording
from generator.draw.page import Page
from generator.draw.scene import Scene
from generator.kit.datafiles import display_path, validation_problems
from generator.layout.assets import Assets
from generator.layout.style import GameStyle, load_style
from generator.pieces.faces import Face
from generator.pieces.job import BuildOptions
from generator.pieces.offers import Facts, Offer, Pages
from generator.printing import layouts as sheet_layouts
from generator.reference.content import ReferenceIn, load_reference
from generator.reference.templates import DEFAULT_TEMPLATE, TemplateProblem, render

if TYPE_CHECKING:       # the typesetting (reportlab's platypus) is imported when a sheet is set, not to load one
    from generator.reference.flowables import Builder
    from generator.reference.layout import SheetOverflow, Typeset
    from generator.reference.sheet import DiagramText, Sheet

KIND = "reference"
CHECKED_PAPERS = ("a4", "letter")


class ReferenceSpec(ComponentSpec):
    """A reference sheet's entry in game.yaml: its content (``source``) and its layout (``template``)."""

    template: str = DEFAULT_TEMPLATE


class ReferenceSheet(Component):
    """A loaded reference sheet: its content, the game's look, and its pages on each paper."""

    kind = KIND

    def __init__(self, game: Any, spec: ReferenceSpec, content: ReferenceIn, style: GameStyle, source: Path,
                 inputs: Iterable[Path] = ()) -> None:
        super().__init__(game, spec)
        # What it was loaded from (its content, the game's tables and style) reaches the sheet
        # only through its XML and the style's values, which its files' key holds (``offers``):
        # an edit of a table the sheet shows no part of (a card's text) keeps its files.
        self.data_inputs = frozenset(Path(p) for p in inputs)
        self.template = spec.template
        self.content = content
        self.style = style
        self.source = source
        self.assets = Assets(style)
        self.tables = dict(style.tables)
        self._set: dict[str, tuple[Typeset, frozenset[Path]]] = {}
        self._xml: dict[str, tuple[str, frozenset[Path]]] = {}

    # -- what it is -----------------------------------------------------------------------
    def item_count(self) -> int:
        return 1

    @property
    def pages(self) -> int:
        """How many pages the sheet has on every paper (its layout says; setting checks it)."""
        return self.content.layout.pages

    def where(self, paper_id: str) -> str:
        return f"{display_path(self.source)}: reference sheet {self.id!r} ({sheet_layouts.paper(paper_id).label})"

    # -- the template ---------------------------------------------------------------------
    def context(self, paper_id: str) -> dict[str, Any]:
        paper = sheet_layouts.paper(paper_id)
        data = self.content.model_dump(mode="json", by_alias=True)
        for section in data["sections"]:
            section["blocks"] = [_with_kind(block) for block in section["blocks"]]
        return {"game": {"id": self.game.id, "title": self.game.title, "subtitle": self.game.subtitle},
                "component": {"id": self.id, "title": self.title, "rule": self.spec.model_dump().get("rule", "")},
                "sheet": data, "layout": data["layout"], "sections": data["sections"], "tables": self.tables,
                "palette": dict(self.style.palette), "paper": {"id": paper.id, "label": paper.label}}

    def xml(self, paper_id: str) -> str:
        """The sheet XML the template writes for ``paper_id``, written once (noting the
        template files it read at every call); BuildError if it cannot."""
        if paper_id not in self._xml:
            with recording() as reads:
                try:
                    text = render(self.style.kit, self.style.folder, self.template, self.context(paper_id))
                except TemplateProblem as err:
                    raise InputError(f"{self.where(paper_id)}: template {err}") from None
            self._xml[paper_id] = (text, frozenset(reads))
        text, files = self._xml[paper_id]
        for path in files:
            note_read(path)
        return text

    def drawn_from(self, paper_id: str) -> list[Any]:
        """All the sheet is set from besides the files its setting reads (icons, fonts, a
        diagram's data): its XML, the palette, the fonts and icons by name, its pages."""
        faces = self.assets.faces()
        icons = {name: str(path) for name, path in self.assets.icon_files().items()}
        return [self.xml(paper_id), dict(self.style.palette), faces, icons, self.pages]

    # -- setting it -----------------------------------------------------------------------
    def typeset(self, paper_id: str) -> Typeset:
        """The pages on ``paper_id``, set once; BuildError naming the section that does not fit.
        Every call notes the files the setting read (templates, icons, fonts), so each page's
        face depends on them however many faces share one setting."""
        if paper_id not in self._set:
            with recording() as reads:
                result = self._typeset(paper_id)
            self._set[paper_id] = (result, frozenset(reads))
        result, files = self._set[paper_id]
        for path in files:
            note_read(path)
        return result

    def _typeset(self, paper_id: str) -> Typeset:
        from generator.reference.flowables import Builder
        from generator.reference.layout import PageSpec, SheetOverflow, typeset
        from generator.reference.sheet import SheetError, read_sheet

        where = self.where(paper_id)
        try:
            sheet = read_sheet(self.xml(paper_id), self.style.palette)
        except SheetError as err:
            raise InputError(f"{where}: {err}") from None
        paper = sheet_layouts.paper(paper_id)
        faces = self.assets.faces()

        def builder(scale: float) -> Builder:
            return Builder(sheet, scale, faces, self.assets.icon, self._diagram)

        try:
            result = typeset(sheet, PageSpec(paper.width, paper.height, f"{self.game.title} - {self.title}"), builder)
        except SheetOverflow as err:
            raise InputError(_overflow_message(where, sheet, err)) from None
        except SheetError as err:
            raise InputError(f"{where}: {err}") from None
        if len(result.pages) != self.pages:
            raise InputError(f"{where}: the sheet is set for {self.pages} pages but its content fills "
                             f"{len(result.pages)}; give layout pages: {len(result.pages)}")
        return result

    def _diagram(self, kind: str, spec: Any, width: float, text: DiagramText) -> Any:
        from generator.reference.diagrams import draw_diagram

        return draw_diagram(kind, spec, width, text, self.assets.icon, self.game.code)

    def columns_left(self, paper_id: str, number: int) -> tuple[tuple[int, float], ...]:
        """The columns of page ``number`` (from 1) the text left for the next, each with the
        share of it left blank (the preflight's column rule reads them)."""
        left = self.typeset(paper_id).columns_left[:-1]      # the last: where the text ends
        return tuple((column, share) for page, column, share in left if page == number)

    def page_faces(self, paper_id: str) -> list[Face]:
        return [Face(partial(self.page, paper_id, number)) for number in range(self.pages)]

    def page(self, paper_id: str, index: int) -> Scene:
        return self.typeset(paper_id).pages[index]

    def draw_all(self) -> None:
        """Set the sheet on every paper pnpkit prints on (what ``check`` does), but on a paper
        where the same sheet, under the key its PDF would have and from files unchanged, was
        set before without a problem (``generator.kit.checked``): setting is most of a check."""
        from generator.draw.glyphs import gaps
        from generator.kit.cachekeys import FileHashes, core_code_hash, game_code_hash
        from generator.kit.checked import checked_before, remember_checked

        code_hash = game_code_hash(self.game.code, core_code_hash())
        hashes = FileHashes()
        shown = display_path(self.source)
        problems: list[Problem] = []
        scenes: list[Scene] = []
        for paper in CHECKED_PAPERS:
            what = f"{self.game_id}/{self.id}/{paper}"
            with recording() as read:
                key = self.file_key(paper, code_hash)
                if checked_before(self.game.kit, what, key, hashes):
                    continue
                try:
                    pages = list(self.typeset(paper).pages)
                except BuildError as err:   # a section that does not fit, a template's mistake: the file's problem
                    problems.extend(self._problem(shown, line.removeprefix(f"{shown}: ")) for line in str(err).splitlines())
                    continue
            if gaps(pages):         # refused below with the key that holds the text: not checked yet
                scenes.extend(pages)
                continue
            remember_checked(self.game.kit, what, key, read, hashes)
        if problems:        # a text found at its key is one problem, not one per paper
            first: dict[Any, Problem] = {}
            for problem in problems:
                first.setdefault((problem.file, problem.line, problem.field) if problem.field else problem, problem)
            raise DataError(first.values())
        self.refuse_gaps(scenes)        # a diagram's labels, a table's cells: every text on the sheet

    def _problem(self, shown: str, message: str) -> Problem:
        """A problem of setting the sheet; a glyph its fonts lack is named at the key that holds
        the text (in the sheet's file or a table it reads), as every drawn text's is."""
        from generator.kit.locate import written_in

        code = _GLYPH_CODE.search(message)
        place = written_in([self.source, *self.inputs], chr(int(code.group(1), 16))) if code else None
        return replace(place, message=message) if place is not None else Problem(shown, message)

    def file_key(self, paper_id: str, code_hash: str) -> str:
        """The key of the sheet's files on ``paper_id``: the code, its entry, the paper and all
        it is set from (``drawn_from``; none when that cannot be made: setting it says why)."""
        try:
            drawn_from = self.drawn_from(paper_id)
        except (BuildError, DataError):
            drawn_from = []         # the template's (or a font's) problem is reported when the sheet is set
        return self.key(code_hash, sheet_layouts.paper(paper_id).model_dump(), drawn_from)

    # -- files ----------------------------------------------------------------------------
    def offers(self, options: BuildOptions, code_hash: str) -> Iterator[Offer]:
        """The sheet as one PDF (every page) and each page as a picture (of the page, for the
        screen: see ``generator.pieces.offers.Picture``), on the chosen paper."""
        paper = sheet_layouts.paper(options.paper)
        stem = f"{self.id}-{paper.id}"
        key = self.file_key(paper.id, code_hash)
        faces = self.page_faces(paper.id)

        def subject() -> str:
            return f"{paper.label}, body type {self.typeset(paper.id).body_size:g} pt"

        document = Pages(make=self.job, stem=self.folder() / stem, item=f"{self.id} ({paper.label})", key=key,
                         faces=faces, facts=Facts(paper=paper.id, extra={"pages": self.pages}, role="document"),
                         pages=lambda: [Page(face.scene(), columns_left=self.columns_left(paper.id, number))
                                        for number, face in enumerate(faces, start=1)],
                         title=f"{self.game.title} - {self.title}",
                         subject=subject)
        yield document
        for number, face in enumerate(faces, start=1):
            name = stem if self.pages == 1 else f"{stem}-{number}"
            yield self.picture(self.folder() / name, face.scene, [face], key, f"{self.id} page {number}",
                               pdf=document.pdf, pdf_page=number - 1, page=True, paper=paper.id, items=0,
                               role="picture")


def _with_kind(block: dict[str, Any]) -> dict[str, Any]:
    """A block as the template sees it: its fields, and ``kind`` naming which one it has."""
    kinds = ("text", "note", "list", "steps", "terms", "table", "diagram", "box", "break")
    block = dict(block)
    block["kind"] = next(k for k in kinds if block.get(k) is not None)
    if block.get("box") is not None:
        block["box"] = [_with_kind(inner) for inner in block["box"]]
    return block


_GLYPH_CODE = re.compile(r"no glyph for .*?\(U\+([0-9A-F]{4,6})\)")


def _overflow_message(where: str, sheet: Sheet, err: SheetOverflow) -> str:
    pages = "1 page" if sheet.pages == 1 else f"{sheet.pages} pages"
    detail = f" ({err.detail})" if err.detail else ""
    return (f"{where}: the section {err.section!r} does not fit on {pages}{detail}; shorten it or the sections "
            f"before it, or allow another page (layout pages), more columns or landscape")


def load_reference_component(game: Any, raw: dict, file: str, index: int) -> ReferenceSheet:
    """Validate a reference entry of game.yaml and read its content (and the game's tables)."""
    try:
        spec = ReferenceSpec.model_validate(raw)
    except ValidationError as err:
        raise DataError(validation_problems(file, err, raw, loc_prefix=("components", index))) from None
    path = source_file(game, raw, file, index, spec.source)
    problems = ProblemCollector()
    with recording() as reads:
        style = problems.run_partial(load_style, game.kit, game.folder)
        content = problems.run(load_reference, path, style.tables, game.kit) if style is not None else None
    if content is not None and style is not None:
        problems.extend(_colour_problems(path, content.layout.colours, style.palette))
    problems.raise_if_any()
    assert style is not None and content is not None
    return ReferenceSheet(game, spec, content, style, path, reads)


def _colour_problems(path: Path, colours: Mapping[str, str], palette: Mapping[str, str]) -> list[Problem]:
    """The sheet's colours (``layout: colours:``) that are neither '#rrggbb' nor a palette name:
    one problem each, at its line, found once (not again for every paper and every file)."""
    from generator.kit.datafiles import LineDict, display_path, load_yaml
    from generator.reference.sheet import SheetError, colour_value

    found = []
    raw = load_yaml(path)
    layout = raw.get("layout") if isinstance(raw, LineDict) else None
    written = layout.get("colours") if isinstance(layout, LineDict) else None
    for name, value in colours.items():
        try:
            colour_value(value, palette, "")
        except SheetError as err:
            line = written.lines.get(name) if isinstance(written, LineDict) else None
            found.append(Problem(display_path(path), str(err).removeprefix(": "), line=line, field=f"layout.colours.{name}"))
    return found
