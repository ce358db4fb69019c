"""Papers and sheet layouts, read from ``data/sheets`` (data, not code)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, PositiveFloat, PositiveInt

from generator.datafiles import validate_yaml_cached
from generator.paths import data_dir


class Paper(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = ""
    label: str
    width: PositiveFloat
    height: PositiveFloat


class PapersFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    papers: dict[str, Paper]
    unprintable_margin: float = Field(4.5, ge=0, le=20)


class GridLayout(BaseModel):
    """As many pieces as fit, butted (gap 0) or spaced, centred on the paper."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["grid"]
    gap: float = Field(0.0, ge=0)
    cols: PositiveInt | None = None
    rows: PositiveInt | None = None
    description: str = ""


class TemplateLayout(BaseModel):
    """Fixed label positions of a sticker or die-cut sheet."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["template"]
    paper: str
    cols: PositiveInt
    rows: PositiveInt
    width: PositiveFloat
    height: PositiveFloat
    left: float = Field(ge=0)
    top: float = Field(ge=0)
    col_pitch: PositiveFloat
    row_pitch: PositiveFloat
    description: str = ""


Layout = Annotated[Union[GridLayout, TemplateLayout], Field(discriminator="type")]


class LayoutsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    layouts: dict[str, Layout]


def sheets_dir() -> Path:
    return data_dir() / "sheets"


def _papers_file(path: Path) -> PapersFile:
    return validate_yaml_cached(path, PapersFile)


def papers() -> dict[str, Paper]:
    data = _papers_file(sheets_dir() / "papers.yaml")
    return {key: paper.model_copy(update={"id": key}) for key, paper in data.papers.items()}


def unprintable_margin() -> float:
    return _papers_file(sheets_dir() / "papers.yaml").unprintable_margin


def _layouts_file(path: Path) -> LayoutsFile:
    return validate_yaml_cached(path, LayoutsFile)


def layouts() -> dict[str, GridLayout | TemplateLayout]:
    return dict(_layouts_file(sheets_dir() / "layouts.yaml").layouts)


def paper(paper_id: str) -> Paper:
    known = papers()
    if paper_id not in known:
        raise KeyError(f"unknown paper {paper_id!r}; known: {', '.join(known)}")
    return known[paper_id]
