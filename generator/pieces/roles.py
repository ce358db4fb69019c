"""What an output file is for: its role, the one word the build, the preflight and PRINTING.md
read of a file (``OutputJob.role``, the manifest's ``role``).

``Role`` names every role; ``ROLES`` is the one table of what each means. The preflight's
files, the paper use's sheets and PRINTING.md's groups are read from the table, not from lists
of names kept apart, so a new role is added here once and mypy finds every place that must
know it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

Role = Literal["", "sheets", "duplex-sheets", "gutterfold", "label-sheets", "tiles", "document", "fullsize",
               "piece", "picture", "back", "preview", "notes", "test", "shop", "shop-notes", "proof",
               "showcase", "hand", "tts", "cut"]


@dataclass(frozen=True)
class RoleMeaning:
    """What a role says of its files. ``home_print``: a PDF printed at home, which the preflight
    inspects. ``piece_sheets``: sheets of pieces, whose paper use is measured.
    ``per_item``: one file per item (a card's PDF), listed by PRINTING.md as one row with a
    name pattern. ``screen``: a picture for the screen (its SVG and PNG). ``export``: the
    ``--format`` of the files of an export (tts, tgc, showcase, hand), whatever their own."""

    means: str
    home_print: bool = False
    piece_sheets: bool = False
    per_item: bool = False
    screen: bool = False
    export: str = ""


ROLES: dict[Role, RoleMeaning] = {
    "": RoleMeaning("a file of no role of its own (a lone map's or hex grid's pages)"),
    "sheets": RoleMeaning("pieces on home-printing sheets, one-sided", home_print=True, piece_sheets=True),
    "duplex-sheets": RoleMeaning("pieces on home-printing sheets, each fronts page followed by its backs page",
                                 home_print=True, piece_sheets=True),
    "gutterfold": RoleMeaning("pieces on one-sided sheets, fronts and backs folded on the middle line",
                              home_print=True, piece_sheets=True),
    "label-sheets": RoleMeaning("labels on sticker sheets", home_print=True, piece_sheets=True),
    "tiles": RoleMeaning("a board tiled onto the paper, with an assembly page", home_print=True),
    "document": RoleMeaning("a reference sheet's pages", home_print=True),
    "fullsize": RoleMeaning("a board or map as one page at full size, for a print shop"),
    "piece": RoleMeaning("one piece's PDF with bleed, for a print shop", per_item=True),
    "picture": RoleMeaning("a drawing for the screen (a face, a board, a page)", per_item=True, screen=True),
    "back": RoleMeaning("a back as a picture", per_item=True, screen=True),
    "preview": RoleMeaning("the first page of a component's sheets as a picture", screen=True),
    "notes": RoleMeaning("PRINTING.md: how to print the folder"),
    "test": RoleMeaning("the kit's calibration and duplex test pages"),
    "shop": RoleMeaning("an upload to The Game Crafter (a face, a deck's list)", per_item=True, export="tgc"),
    "shop-notes": RoleMeaning("The Game Crafter's README: what to upload", export="tgc"),
    "proof": RoleMeaning("the proof sheet: every component at a glance"),
    "showcase": RoleMeaning("a few faces fanned on a table, for a store page", export="showcase"),
    "hand": RoleMeaning("a few cards fanned as held in a hand", export="hand"),
    "tts": RoleMeaning("Tabletop Simulator's saved object, its pictures and documents", export="tts"),
    "cut": RoleMeaning("the cut lines of a sheet or a shaped piece, for a cutting machine (SVG, DXF)", export="cut"),
}

#: The files printed at home: what the preflight inspects.
HOME_PRINT_ROLES: frozenset[Role] = frozenset(role for role, meaning in ROLES.items() if meaning.home_print)
#: The files of piece sheets, whose paper use is measured.
PIECE_ROLES: frozenset[Role] = frozenset(role for role, meaning in ROLES.items() if meaning.piece_sheets)
#: The pictures for the screen.
SCREEN_ROLES: frozenset[Role] = frozenset(role for role, meaning in ROLES.items() if meaning.screen)
#: The files of one item each, grouped by PRINTING.md under a name pattern.
PER_ITEM_ROLES: frozenset[Role] = frozenset(role for role, meaning in ROLES.items() if meaning.per_item)


def exported(fmt: str) -> frozenset[Role]:
    """The roles of the files an export format (``--format tgc``) writes."""
    return frozenset(role for role, meaning in ROLES.items() if meaning.export == fmt)


def role_of(value: object) -> Role:
    """A role read from a manifest (a file anyone can edit): the role it names, or ``""`` for
    anything that names none (a missing key, a role of another version): such a file is
    described by its name only."""
    return next((role for role in get_args(Role) if role == value), "")
