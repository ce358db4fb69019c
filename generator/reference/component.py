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

import hashlib
from pathlib import Path, PurePosixPath
from typing import Any, Iterable

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from generator.components.base import BuildOptions, OutputJob, fingerprint, source_file
from generator.datafiles import display_path, validation_problems
from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.png import render_png
from generator.draw.svg import render_svg
from generator.errors import BuildError, DataError
from generator.layout.assets import Assets
from generator.layout.style import GameStyle, load_style
from generator.printing import layouts as sheet_layouts
from generator.reference.content import ReferenceIn, load_reference
from generator.reference.diagrams import draw_diagram
from generator.reference.flowables import Builder, DiagramText
from generator.reference.layout import PageSpec, SheetOverflow, Typeset, typeset
from generator.reference.sheet import Sheet, SheetError, read_sheet
from generator.reference.templates import DEFAULT_TEMPLATE, TemplateProblem, render

KIND = "reference"
CHECKED_PAPERS = ("a4", "letter")
PNG_DPI = 150


class ReferenceSpec(BaseModel):
    """A reference sheet's entry in game.yaml."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: str
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    title: str
    rule: str = ""
    source: str
    template: str = DEFAULT_TEMPLATE


class ReferenceSheet:
    """A loaded reference sheet: its content, the game's look, and its pages per paper."""

    kind = KIND

    def __init__(self, game: Any, spec: ReferenceSpec, content: ReferenceIn, style: GameStyle, source: Path) -> None:
        self.game = game
        self.game_id: str = game.id
        self.spec = spec
        self.id = spec.id
        self.title = spec.title
        self.content = content
        self.style = style
        self.source = source
        self.assets = Assets(style)
        self._xml: dict[str, str] = {}
        self._set: dict[str, Typeset] = {}

    # -- what it is -----------------------------------------------------------------------
    def item_count(self) -> int:
        return 1

    @property
    def pages(self) -> int:
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
                "component": {"id": self.id, "title": self.title, "rule": self.spec.rule},
                "sheet": data, "layout": data["layout"], "sections": data["sections"], "tables": self.style.tables,
                "palette": dict(self.style.palette), "paper": {"id": paper.id, "label": paper.label}}

    def xml(self, paper_id: str) -> str:
        """The sheet XML the template writes for ``paper_id``; BuildError if it cannot."""
        if paper_id not in self._xml:
            try:
                self._xml[paper_id] = render(self.style.kit, self.style.folder, self.spec.template,
                                             self.context(paper_id))
            except TemplateProblem as err:
                raise BuildError(f"{self.where(paper_id)}: template {err}") from None
        return self._xml[paper_id]

    # -- setting it -----------------------------------------------------------------------
    def typeset(self, paper_id: str) -> Typeset:
        """The pages on ``paper_id``; BuildError naming the section that does not fit."""
        if paper_id not in self._set:
            self._set[paper_id] = self._typeset(paper_id)
        return self._set[paper_id]

    def _typeset(self, paper_id: str) -> Typeset:
        where = self.where(paper_id)
        try:
            sheet = read_sheet(self.xml(paper_id), self.style.palette)
        except SheetError as err:
            raise BuildError(f"{where}: {err}") from None
        paper = sheet_layouts.paper(paper_id)
        faces = self.assets.faces()

        def builder(scale: float) -> Builder:
            return Builder(sheet, scale, faces, self.assets.icon, self._diagram)

        try:
            result = typeset(sheet, PageSpec(paper.width, paper.height, f"{self.game.title} - {self.title}"), builder)
        except SheetOverflow as err:
            raise BuildError(_overflow_message(where, sheet, err)) from None
        except SheetError as err:
            raise BuildError(f"{where}: {err}") from None
        if len(result.pages) != sheet.pages:
            raise BuildError(f"{where}: the sheet is set for {sheet.pages} pages but its content fills "
                             f"{len(result.pages)}; give layout pages: {len(result.pages)}")
        return result

    def _diagram(self, kind: str, spec: Any, width: float, text: DiagramText) -> Any:
        return draw_diagram(kind, spec, width, text, self.assets.icon)

    def draw_all(self) -> None:
        """Set the sheet on every paper pnpkit prints on (what ``check`` does)."""
        errors = []
        for paper in CHECKED_PAPERS:
            try:
                self.typeset(paper)
            except BuildError as err:
                errors.append(str(err))
        if errors:
            raise BuildError("\n".join(errors))

    # -- files ----------------------------------------------------------------------------
    def key(self, code_hash: str, paper_id: str) -> str:
        """What the pages depend on: the code, the sheet XML (content, tables and template), the
        game's icons and fonts, the paper."""
        return fingerprint(code_hash, KIND, self.xml(paper_id), _files_hash(self.style), paper_id,
                           sheet_layouts.paper(paper_id).model_dump())

    def jobs(self, options: BuildOptions, code_hash: str) -> Iterable[OutputJob]:
        paper = sheet_layouts.paper(options.paper)
        folder = PurePosixPath(self.game_id) / KIND
        stem = f"{self.id}-{paper.id}"
        key = self.key(code_hash, paper.id)
        title = f"{self.game.title} - {self.title}"

        def pdf() -> bytes:
            set_ = self.typeset(paper.id)
            return render_pdf([Page(scene) for scene in set_.pages], title=title,
                              subject=f"{paper.label}, body type {set_.body_size:g} pt")

        if "pdf" in options.formats:
            yield OutputJob(folder / f"{stem}.pdf", self.game_id, KIND, f"{self.id} ({paper.label})", "pdf", key, pdf,
                            paper=paper.id, extra={"pages": self.pages})
        for number in range(1, self.pages + 1):
            name = stem if self.pages == 1 else f"{stem}-{number}"
            item = f"{self.id} page {number}"
            if "svg" in options.formats:
                yield OutputJob(folder / f"{name}.svg", self.game_id, KIND, item, "svg", key,
                                (lambda n=number: render_svg(self.typeset(paper.id).pages[n - 1]).encode("utf-8")),
                                paper=paper.id, items=0)
            if "png" in options.formats:
                dpi = min(options.dpi, PNG_DPI * 2)
                yield OutputJob(folder / f"{name}.png", self.game_id, KIND, item, "png", fingerprint(key, dpi),
                                (lambda n=number: render_png(self.typeset(paper.id).pages[n - 1], dpi=dpi)),
                                paper=paper.id, items=0)


def _with_kind(block: dict[str, Any]) -> dict[str, Any]:
    """A block as the template sees it: its fields, and ``kind`` naming which one it has."""
    kinds = ("text", "note", "list", "steps", "terms", "table", "diagram", "box", "break")
    block = dict(block)
    block["kind"] = next(k for k in kinds if block.get(k) is not None)
    if block.get("box") is not None:
        block["box"] = [_with_kind(inner) for inner in block["box"]]
    return block


def _overflow_message(where: str, sheet: Sheet, err: SheetOverflow) -> str:
    pages = "1 page" if sheet.pages == 1 else f"{sheet.pages} pages"
    detail = f" ({err.detail})" if err.detail else ""
    return (f"{where}: the section {err.section!r} does not fit on {pages}{detail}; shorten it or the sections "
            f"before it, or allow another page (layout pages), more columns or landscape")


def _files_hash(style: GameStyle) -> str:
    """The bytes of the game's icons and font files (anything a sheet may draw)."""
    digest = hashlib.sha256()
    paths: list[Path] = sorted(style.icons_dir.glob("*.svg")) if style.icons_dir else []
    paths += sorted(p for p in style.font_files.values() if isinstance(p, Path))
    for path in paths:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def load_reference_component(game: Any, raw: dict, file: str, index: int) -> ReferenceSheet:
    """Validate a reference entry of game.yaml and read its content."""
    try:
        spec = ReferenceSpec.model_validate(raw)
    except ValidationError as err:
        raise DataError(validation_problems(file, err, raw, loc_prefix=("components", index))) from None
    path = source_file(game, raw, file, index, spec.source)
    style = load_style(game.kit, game.folder)
    content = load_reference(path, style.tables)
    return ReferenceSheet(game, spec, content, style, path)
