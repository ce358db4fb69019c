"""The ``labels`` component kind: one-sided pieces (block labels, stickers) drawn from a
layout file, printed on sticker sheets a group to a set of pages.

```yaml
- kind: labels
  id: labels
  title: Block labels
  source: blocks.csv                 # one row per label (a quantity column for copies)
  front: layouts/block-label.yaml    # the label's face; labels have no back
  size: {width: 16, height: 16}      # optional: else the layout's size
  sheet: labels                      # a grid, or a die-cut sticker sheet, of data/sheets/layouts.yaml
  group: "{{ tables.nations[nation].block }}"                    # which sheets a label goes on
  group_title: "{{ tables.colours.blocks[group].name }} blocks"  # sees group and count
  group_colour: "{{ tables.colours.blocks[group].colour }}"
  group_note: "for {{ count }} blocks"
  clear: 0.5                         # mm every word and symbol of a label keeps from the others (at least 0.5)
  text_min: 7                        # pt: no text of a label prints smaller (at least 7)
```
Both are measured on every label as drawn (``generator.draw.clearance``), and a count of like
symbols (baggage circles, pips) must keep one line, as a name does: a label that breaks them
is a build error naming it, its data row and the marks, as published block labels keep one
size, no wrapped names or counts and clear space round every symbol.
``group`` is an expression over a label's row (or a column's name); the groups follow the
order in which their first label appears. Without ``group`` every label is one group,
headed with the component's title. The headings' expressions see ``group`` (its value),
``count`` (its labels, copies counted), ``tables``, ``game`` and ``palette``.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from pydantic import Field, field_validator, model_validator

from generator.components.cards import Deck, DeckSpec
from generator.components.decks import load_deck
from generator.core.errors import DataError, InputError, Problem
from generator.core.units import MM_PER_PT
from generator.draw.clearance import crowded, marks, wrapped_runs
from generator.draw.ink import drawn
from generator.draw.scene import Scene, TextItem
from generator.layout.expressions import ExpressionError, render
from generator.layout.schema import IDENTIFIER, is_expression
from generator.layout.style import load_style
from generator.layout.values import to_colour
from generator.pieces.job import BuildOptions
from generator.pieces.faces import Face
from generator.pieces.offers import Facts, Offer, Pages
from generator.printing.labelsheets import LabelGroup, label_pages


class LabelsSpec(DeckSpec):
    """A labels entry of game.yaml: a layout deck without backs, grouped onto sheets."""

    sheet: str = "labels"
    group: str | None = None
    group_title: str | None = None
    group_colour: str | None = None
    group_note: str | None = None
    clear: float = Field(0.5, ge=0.5, le=5.0)      # mm between a label's words and symbols
    text_min: float = Field(7.0, ge=7.0, le=72.0)   # pt: the smallest text a label prints

    @field_validator("back")
    @classmethod
    def _one_sided(cls, value: str | None) -> str | None:
        if value is not None:
            raise ValueError("labels are one-sided: a labels component takes no back")
        return value

    @model_validator(mode="after")
    def _from_a_layout(self) -> "LabelsSpec":
        if self.front is None or self.design is not None:
            raise ValueError("labels are drawn from a layout file: give front (and no design)")
        return self


class Labels(Deck):
    """Labels: the pieces of a layout deck, with the groups their sheets are printed in."""

    kind = "labels"
    table_piece = "token"      # a label is one-sided: stuck on a block
    noun = "labels"
    sheet_subject = "sticker sheets"
    piece_files = True
    packs = False           # sticker paper: its groups share pages of their own (generator.printing.labelsheets)

    groups: list[LabelGroup]

    def set_groups(self, groups: list[LabelGroup]) -> None:
        self.groups = groups

    def spec_key(self) -> Any:
        heads = [(g.key, g.title, g.colour, g.note, [p.id for p in g.pieces]) for g in self.groups]
        return [super().spec_key(), heads]

    def sheet_offers(self, options: BuildOptions, code_hash: str) -> Iterator[Offer]:
        """The sticker sheets: one PDF, each group on its own pages."""
        spec = self.sheet_spec(options)
        paper = spec.paper
        key = self.key(code_hash, [(p.data_hash, p.quantity) for p in self.pieces], paper.model_dump(),
                       spec.layout.model_dump(), spec.margin, "labels", options.sheets)
        shared = options.sheets != "per-component"
        first = self.pieces[0]
        yield Pages(make=self.job, stem=self.folder() / f"{self.id}-sheets-{paper.id}", item=f"{self.id} (all {self.noun})",
                    key=key, faces=self.faces(),
                    facts=Facts(trim_mm=(first.width, first.height), items=self.item_count(), paper=paper.id,
                                role="label-sheets"),
                    pages=lambda: label_pages(self.groups, spec, shared), title=f"{self.game.title} - {self.title}",
                    subject=f"{paper.label} {self.sheet_subject}, one-sided")


class CrowdedLabel(InputError):
    """A label whose words and symbols are too close, or whose text is too small, as a data
    problem (its row) that ``check`` reports with the rest."""

    def __init__(self, message: str, problem: Problem):
        super().__init__(message)
        self.problem = problem


def typography_problem(scene: Scene, clear: float, text_min: float) -> str | None:
    """What breaks a label's typography as drawn: text below ``text_min`` pt, or two marks
    closer than ``clear`` mm (the closest pair); None when it keeps both."""
    for d in drawn(scene.items):
        if isinstance(d.item, TextItem) and d.item.text.strip():
            printed = d.item.size_mm * d.scale / MM_PER_PT
            if printed < text_min - 0.01:
                return f"the text {d.item.text.strip()!r} prints at {printed:.1f} pt; a label's text is at least {text_min:g} pt"
    found = marks(scene.items)
    pairs = crowded(found, clear)
    if pairs:
        a, b, distance = pairs[0]
        return (f"{a.what} and {b.what} are {distance:.2f} mm apart; a label keeps {clear:g} mm clear space "
                "between its words and symbols")
    for first, count, lines in wrapped_runs(found):
        return (f"{count} alike ({first.what}) are set on {lines} lines; a label sets a count of like symbols "
                "on one line, as it never wraps a name")
    return None


def _checked(labels: Labels, spec: LabelsSpec) -> None:
    """Every label's front measured when it is drawn (``typography_problem``)."""
    rows = {getattr(card, "id", ""): card for card in labels.cards}
    for piece in labels.pieces:
        inner = piece.front_face
        row = rows.get(piece.id)
        origin = getattr(row, "origin", None)

        def draw(inner: Face = inner, label: str = piece.id, origin: Any = origin) -> Scene:
            scene = inner.check()
            wrong = typography_problem(scene, spec.clear, spec.text_min)
            if wrong:
                message = f"{labels.game.title}, {labels.title}, label {label}: {wrong}"
                where = origin.file if origin is not None else labels.game.folder.name + "/game.yaml"
                raise CrowdedLabel(message, Problem(where, message, row=getattr(origin, "row", None),
                                                    line=getattr(origin, "line", None)))
            return scene

        piece.front_face = Face(draw, inner.declared)


def load_labels(game: Any, raw: dict, file: str, index: int) -> Labels:
    """Validate a labels entry, load its layout and rows like a deck, and group its labels."""
    labels = load_deck(game, raw, file, index, LabelsSpec, make=Labels)
    assert isinstance(labels, Labels) and isinstance(labels.spec, LabelsSpec)
    _checked(labels, labels.spec)
    labels.set_groups(_groups(game, labels.spec, labels, raw, file, index))
    return labels


def _groups(game: Any, spec: LabelsSpec, labels: Labels, raw: Mapping[str, Any], file: str,
            index: int) -> list[LabelGroup]:
    style = load_style(game.kit, game.folder)
    shared = {"tables": style.tables, "palette": dict(style.palette),
              "game": {"id": game.id, "title": game.title, "subtitle": getattr(game, "subtitle", "")}}
    lines = getattr(raw, "lines", {})

    def fail(key: str, message: str) -> DataError:
        return DataError([Problem(file, message, line=lines.get(key), field=f"components.{index}.{key}")])

    def value(key: str, source: str, context: Mapping[str, Any], who: str) -> str:
        try:
            return render(source, context).strip() if is_expression(source) else source
        except ExpressionError as err:
            raise fail(key, f"{who}: {err}") from None

    groups: dict[str, LabelGroup] = {}
    for card, piece in zip(labels.cards, labels.pieces):
        columns = dict(getattr(card, "columns", {}))
        if spec.group is None:
            key = ""
        elif is_expression(spec.group):
            key = value("group", spec.group, {**columns, **shared, "item": columns}, f"item {piece.id}")
        elif IDENTIFIER.fullmatch(spec.group) and spec.group in columns:
            key = str(columns[spec.group])
        else:
            raise fail("group", f"expected a column of the labels' rows or an expression '{{{{ ... }}}}', "
                                f"got {spec.group!r} (columns: {', '.join(sorted(columns))})")
        groups.setdefault(key, LabelGroup(key, key or spec.title)).pieces.append(piece)
    for key, group in groups.items():
        context = {**shared, "group": key, "count": group.count}
        who = f"group {key!r}" if key else "the labels"
        if spec.group_title is not None:
            group.title = value("group_title", spec.group_title, context, who)
        if spec.group_note is not None:
            group.note = value("group_note", spec.group_note, context, who)
        if spec.group_colour is not None:
            colour = value("group_colour", spec.group_colour, context, who)
            try:
                group.colour = to_colour(colour, style.palette)
            except ValueError as err:
                raise fail("group_colour", f"{who}: {err}") from None
    return list(groups.values())

