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
```
``group`` is an expression over a label's row (or a column's name); the groups follow the
order in which their first label appears. Without ``group`` every label is one group,
headed with the component's title. The headings' expressions see ``group`` (its value),
``count`` (its labels, copies counted), ``tables``, ``game`` and ``palette``.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from pydantic import field_validator, model_validator

from generator.components.cards import Deck, DeckSpec
from generator.components.decks import load_deck
from generator.core.errors import DataError, Problem
from generator.layout.expressions import ExpressionError, render
from generator.layout.schema import IDENTIFIER, is_expression
from generator.layout.style import load_style
from generator.layout.values import to_colour
from generator.pieces.job import BuildOptions
from generator.pieces.offers import Facts, Offer, Pages
from generator.printing.labelsheets import LabelGroup, label_pages


class LabelsSpec(DeckSpec):
    """A labels entry of game.yaml: a layout deck without backs, grouped onto sheets."""

    sheet: str = "labels"
    group: str | None = None
    group_title: str | None = None
    group_colour: str | None = None
    group_note: str | None = None

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


def load_labels(game: Any, raw: dict, file: str, index: int) -> Labels:
    """Validate a labels entry, load its layout and rows like a deck, and group its labels."""
    labels = load_deck(game, raw, file, index, LabelsSpec, make=Labels)
    assert isinstance(labels, Labels) and isinstance(labels.spec, LabelsSpec)
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
        elif IDENTIFIER.match(spec.group) and spec.group in columns:
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

