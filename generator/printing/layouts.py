"""Papers and sheet layouts, read from ``data/sheets`` (data, not code): the bundled
definitions, extended and overridden entry by entry by the kit's own ``data/sheets/``."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from generator.core.limits import MAX_PAPER_MM, MAX_SHEET_SLOTS, MIN_PAPER_MM
from generator.kit.datafiles import validate_yaml_cached
from generator.kit.location import sheet_files
from generator.pieces.job import BuildOptions


class Paper(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = ""
    label: str
    width: float = Field(ge=MIN_PAPER_MM, le=MAX_PAPER_MM)      # past these no printer takes it, and
    height: float = Field(ge=MIN_PAPER_MM, le=MAX_PAPER_MM)     # listing its slots has no bound


class PapersFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    papers: dict[str, Paper] = {}
    unprintable_margin: float | None = Field(None, ge=0, le=20)   # mm; 4.5 unless a file says


class GridLayout(BaseModel):
    """As many pieces as fit, butted (gap 0) or spaced, centred on the paper."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["grid"]
    gap: float = Field(0.0, ge=0, le=MAX_PAPER_MM)
    cols: int | None = Field(None, ge=1, le=MAX_SHEET_SLOTS)
    rows: int | None = Field(None, ge=1, le=MAX_SHEET_SLOTS)
    description: str = ""


class TemplateLayout(BaseModel):
    """Fixed label positions of a sticker or die-cut sheet."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["template"]
    paper: str
    cols: int = Field(ge=1, le=MAX_SHEET_SLOTS)
    rows: int = Field(ge=1, le=MAX_SHEET_SLOTS)
    width: float = Field(gt=0, le=MAX_PAPER_MM)
    height: float = Field(gt=0, le=MAX_PAPER_MM)
    left: float = Field(ge=0, le=MAX_PAPER_MM)
    top: float = Field(ge=0, le=MAX_PAPER_MM)
    col_pitch: float = Field(gt=0, le=MAX_PAPER_MM)
    row_pitch: float = Field(gt=0, le=MAX_PAPER_MM)
    description: str = ""


Layout = Annotated[Union[GridLayout, TemplateLayout], Field(discriminator="type")]


class LayoutsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    layouts: dict[str, Layout] = {}


DEFAULT_UNPRINTABLE_MARGIN = 4.5


def _papers_files() -> list[PapersFile]:
    return [validate_yaml_cached(path, PapersFile) for path in sheet_files("papers.yaml")]


def papers() -> dict[str, Paper]:
    merged = {key: paper for data in _papers_files() for key, paper in data.papers.items()}
    return {key: paper.model_copy(update={"id": key}) for key, paper in merged.items()}


def unprintable_margin() -> float:
    given = [data.unprintable_margin for data in _papers_files() if data.unprintable_margin is not None]
    return given[-1] if given else DEFAULT_UNPRINTABLE_MARGIN


def printer_margin(options: BuildOptions) -> float:
    """What home printers leave unprinted at each edge: ``--margin``, else the sheet data's."""
    return unprintable_margin() if options.margin is None else options.margin


def layouts() -> dict[str, GridLayout | TemplateLayout]:
    return {key: layout for path in sheet_files("layouts.yaml")
            for key, layout in validate_yaml_cached(path, LayoutsFile).layouts.items()}


def paper(paper_id: str) -> Paper:
    known = papers()
    if paper_id not in known:
        raise KeyError(f"unknown paper {paper_id!r}; known: {', '.join(known)}")
    return known[paper_id]
