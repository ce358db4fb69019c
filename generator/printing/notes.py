"""What PRINTING.md says of each file of a game's folder: what it is and what to print it on.

Files of one kind of role in one folder (a deck's 48 card PDFs) make one row, with a name
pattern, how many there are and the first and last; every file of the build is in a row.
The words come from the file's ``role`` (``OutputJob.role``) and its component's kind; none
names a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any, Sequence

from generator.core.words import counted  # noqa: F401 (the writers name it from here too)
from generator.pieces.job import OutputJob
from generator.pieces.roles import PER_ITEM_ROLES

#: What to print each kind of component on, at home or at a print shop.
MEDIA: dict[str, str] = {
    "cards": "card stock of 250-300 g/m² (or 80-120 g/m² paper, to play in sleeves)",
    "counters": "thick card of 300 g/m² or more (or sticker paper stuck on 1.5-2 mm board)",
    "map": "matte paper of 120-160 g/m²",
    "labels": "sticker paper (or the die-cut sticker sheet its layout names)",
    "tiles": "thick card of 300 g/m² or more (or paper glued on 1.5-2 mm board)",
    "board": "matte paper of 120-160 g/m²",
    "reference": "paper of 120-160 g/m² (or card stock of 250 g/m², to last beside the board)",
}
DEFAULT_MEDIA = "paper of 120-160 g/m²"

#: ISO sheets a print shop has, smallest first, for a full-size page (portrait, mm).
ISO = (("A3", 297, 420), ("A2", 420, 594), ("A1", 594, 841), ("A0", 841, 1189))


@dataclass(frozen=True)
class Row:
    file: str           # a path, or a pattern with * for one name of many
    what: str
    print_on: str


def media(kind: str, own: str = "") -> str:
    """What to print a component on: its own words (game.yaml ``print_on``) or its kind's."""
    return own or MEDIA.get(kind, DEFAULT_MEDIA)


def media_of(component: Any) -> str:
    """What to print this component on: game.yaml's words (a fold-over standee says thin card,
    not board), else its kind's (a game's own kind says them itself: ``Component.print_on``),
    unless its pieces' stock is not its kind's usual one (round markers of a deck of cards are
    board): then the stock's words."""
    from generator.printing.stock import stock, stock_of

    own = getattr(component.spec, "print_on", "") or component.print_on
    if own or getattr(component, "pieces", None) is None:
        return media(component.kind, own)
    usual = {"cards": "card", "counters": "board", "tiles": "board", "labels": "sticker"}.get(component.kind)
    name = stock_of(component)
    return media(component.kind) if usual in (None, name) and component.kind in MEDIA else stock(name).words


def sheet_for(trim: tuple[float, float] | None) -> str:
    """The smallest ISO sheet a full-size page fits on ('A2'), either way round."""
    if not trim:
        return "a large sheet"
    w, h = sorted(trim)
    return next((f"{name} ({a} x {b} mm)" for name, a, b in ISO if w <= a and h <= b), "a poster sheet")


def pages(job: OutputJob) -> str:
    """A piece's PDF pages: 'front and back pages', or 'front page' for a piece without a back."""
    return "front and back pages" if job.extra.get("back", True) else "front page"


def bleed(job: OutputJob, article: str = "") -> str:
    """A piece PDF's own bleed as PRINTING.md says it: 'with 3 mm bleed' ('with a 3 mm bleed'
    given the article 'a'), 'without bleed' for a piece drawn to its trim."""
    mm = job.extra.get("bleed", 3.0)
    return f"with {article + ' ' if article else ''}{mm:g} mm bleed" if mm > 0 else "without bleed"


def _size(trim: tuple[float, float] | None) -> str:
    return f"{trim[0]:.0f} x {trim[1]:.0f} mm" if trim else ""


def describe(jobs: Sequence[OutputJob], title: str, noun: str, paper_label: str, own_media: str = "") -> tuple[str, str]:
    """(what the files are, what to print them on) from their role: one file, or several of one
    role in one folder (named by their first and last). ``own_media``: the component's own
    words for what to print it on, if it has them."""
    job = jobs[0]
    role, kind, fmt = job.role, job.kind, job.format
    one = noun[:-1] if noun.endswith("s") else noun
    many = f"{len(jobs)} files, {jobs[0].item} … {jobs[-1].item}" if len(jobs) > 1 else ""
    if role in ("sheets", "duplex-sheets"):
        what = f"{title}: {'the ' if job.items != 1 else ''}{counted(job.items, noun)} on {paper_label} sheets"
        if role == "duplex-sheets":
            return (what + ", each fronts page followed by its backs page",
                    f"{paper_label} {media(kind, own_media)}, double-sided, flip on the long edge, at 100 %")
        return what, f"{paper_label} {media(kind, own_media)}, one-sided, at 100 %"
    if role == "gutterfold":
        return (f"{title}: {counted(job.items, noun)} on {paper_label} sheets, fronts on the left half, backs on the right",
                f"{paper_label} {media(kind, own_media)}, one-sided, at 100 %; fold on the middle line, glue, cut")
    if role == "label-sheets":
        return (f"{title}: the {counted(job.items, noun)} on {paper_label} sheets, each group under its heading",
                f"{paper_label} {media(kind, own_media)}, one-sided, at 100 %")
    if role == "tiles":
        return (f"{title}: {job.item} on {paper_label}, with an assembly page first",
                f"{paper_label} {media(kind, own_media)}, one-sided, at 100 %; glue the tiles on card")
    if role == "fullsize":
        return (f"{title}: {job.item}, one page of {_size(job.trim_mm)}",
                f"a print shop: one sheet of {sheet_for(job.trim_mm)} or larger, {media(kind, own_media)}, at 100 %")
    if role == "piece":
        cut = f"they cut along its {job.extra['outline']} outline (`--format cut` writes it beside the PDF)" \
            if job.extra.get("outline") else "they cut at the trim box"
        return (f"{title}: one PDF per {one} ({many or job.item}), its {pages(job)} {bleed(job)}, "
                f"{_size(job.trim_mm)} trimmed", f"a print shop, on {media(kind, own_media)}: {cut}")
    if role == "document":
        count = job.extra.get("pages", 1)
        return (f"{title}: {count} page{'s' if count != 1 else ''} on {paper_label}",
                f"{paper_label} {media(kind, own_media)}, one-sided, at 100 %")
    if role == "notes":
        return "how to print this folder (this file)", "nothing: read it"
    if role == "shop" and fmt == "csv":
        return f"{title}: the upload list, each face's file and copies", "nothing: read it while uploading"
    if role == "shop":
        return f"{title}: for The Game Crafter ({many or job.item})", "nothing: upload it to The Game Crafter (tgc/README.md)"
    if role == "shop-notes":
        return ("what to upload to The Game Crafter, and what no product of theirs fits",
                "nothing: read it before uploading")
    if role == "proof":
        return ("the proof sheet: every component at a glance, to check the build",
                "nothing: look at it on the screen (or print it once on plain paper to check)")
    if role == "showcase":
        return (f"{title}: a few faces fanned on a table ({job.item}), for a store or BoardGameGeek page",
                "nothing: a picture for the screen")
    if role == "hand":
        return (f"{title}: a few cards fanned as held in a hand ({job.item})", "nothing: a picture for the screen")
    if role == "cut":
        said = job.item if title == job.item else f"{title}: {job.item}"
        return (f"{said}, as {fmt.upper()}" + (f" ({many})" if many else ""),
                "nothing: import it into a cutting machine's software (docs/exports.md, Cut files)")
    if role == "tts":
        return (f"{title}: for Tabletop Simulator ({job.item}" + (f"; {many}" if many else "") + ")",
                "nothing: load it in Tabletop Simulator")
    screen = "nothing: a picture for the screen" + (f" ({job.extra['dpi']} dpi)" if "dpi" in job.extra else "")
    if fmt == "svg":
        screen = "nothing: the artwork with text as outlines, to look at or edit"
    if role == "preview":
        return f"{title}: the first fronts page, to check before printing", screen
    if role == "back":
        if many:
            return f"{title}: the backs of the {noun}, one file for each back drawn differently ({many})", screen
        return f"{title}: the back of the {noun}", screen
    if role == "picture":
        if many:
            return f"{title}: each {one} as a picture ({many})", screen
        return f"{title}: the whole {one} as a picture" if kind == "map" else f"{title}: {job.item} as a picture", screen
    return f"{title}: {job.item}" + (f" ({many})" if many else ""), screen


def rows(jobs: Sequence[OutputJob], base: PurePosixPath, components: dict[str, Any], paper_label: str) -> list[Row]:
    """One row per file, or per group of files of one role and format in one folder."""
    groups: dict[tuple[str, str, str, str], list[OutputJob]] = {}
    for job in jobs:
        rel = job.path.relative_to(base)
        name = rel.name
        key = job.item.removesuffix(" back") if job.role == "back" else job.item    # a tile's own back: 'iron-blue back'
        pattern = name.replace(key, "*", 1) if job.role in PER_ITEM_ROLES and key in name else name
        groups.setdefault((str(rel.parent), pattern, job.role, job.format), []).append(job)
    out = []
    for (folder, pattern, _, _), members in groups.items():
        comp = components.get(members[0].component)
        title = comp.title if comp is not None else members[0].item
        noun = getattr(comp, "noun", "pieces") if comp is not None else "pieces"
        own = getattr(getattr(comp, "spec", None), "print_on", "") or str(members[0].extra.get("media", ""))  # shared sheets: their pieces'
        what, print_on = describe(members, title, noun, paper_label, own or (comp.print_on if comp is not None else ""))
        name = pattern if len(members) > 1 else members[0].path.name
        out.append(Row(name if folder == "." else f"{folder}/{name}", what, print_on))
    return out


__all__ = ["MEDIA", "Row", "bleed", "counted", "describe", "media", "media_of", "pages", "rows", "sheet_for"]
