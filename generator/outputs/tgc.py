"""``--format tgc``: The Game Crafter's uploads. Each piece goes to the product for its kind
(``Component.piece_shape``) and size (``generator.outputs.shops``): its front PNG (and its
back, or the component's one shared back) at the product's pixel size with 1/8 in bleed, and
per component a CSV of ids, counts, files and products. Per game a README lists every
component's product, and each piece no product fits as not uploadable, with the reason and
the nearest product."""

from __future__ import annotations

from functools import partial
from pathlib import PurePosixPath
from typing import Any, Iterator, Sequence

from generator.core import spreadsheet
from generator.core.units import MM_PER_INCH
from generator.outputs.shops import Match, mm, product_for, shop
from generator.pieces.faces import Face, Piece, back_names, fingerprint
from generator.pieces.job import BuildOptions, OutputJob
from generator.pieces.offers import GamePieces, PiecedComponent as Component, Writer
from generator.printing.notes import counted


def folder(component: Component) -> PurePosixPath:
    return PurePosixPath(component.game_id) / "tgc" / component.id


def match(component: Component, piece: Piece) -> Match | str:
    """The piece's product, or why it has none."""
    return product_for(component.piece_shape, piece.width, piece.height, piece.back_face is not None)


def face_png(face: Face, piece: Piece, pixels: tuple[int, int]) -> bytes:
    """The face at the product's pixel size, trim inset by the shop's bleed."""
    from generator.draw.png import png_bytes, render_image
    from generator.outputs.fitting import fitted

    data = shop()
    mm = [px / data.dpi * MM_PER_INCH for px in pixels]
    scene = fitted(face.scene(), piece, mm[0], mm[1], data.bleed_px / data.dpi * MM_PER_INCH)
    image = render_image(scene, dpi=data.dpi, size=pixels).convert("RGB")
    return png_bytes(image, data.dpi)


def _backs(pieces: Sequence[Piece]) -> dict[int, str]:
    """File name of each back face (by identity): ``back.png`` when all pieces share one."""
    return {key: f"{stem}.png" for key, stem in back_names(pieces).items()}


def uploadable(component: Component) -> list[tuple[Piece, Match]]:
    return [(piece, found) for piece in component.table_pieces() if isinstance(found := match(component, piece), Match)]


def rows(component: Component) -> list[dict[str, str | int]]:
    """The CSV: one row per uploadable piece with what to upload and how many copies to order."""
    pieces = uploadable(component)
    backs = _backs([piece for piece, _ in pieces])
    return [{"id": piece.id, "title": piece.title, "count": piece.quantity, "front": f"{piece.id}-front.png",
             "back": backs.get(id(piece.back_face), "") if piece.back_face is not None else "",
             "product": found.label, "pixels": f"{found.pixels[0]}x{found.pixels[1]}"}
            for piece, found in pieces]


def csv_bytes(table: list[dict[str, str | int]]) -> bytes:
    """The upload list, safe to open in a spreadsheet (a title "=HYPERLINK(...)" stays text)."""
    return spreadsheet.csv_bytes(["id", "title", "count", "front", "back", "product", "pixels"], table)


def readme(game: Any, components: Sequence[Component]) -> str:
    """What to upload of the game, component by component, and what cannot be (the pieces of
    a component that miss for one reason in one line)."""
    lines = [f"# {game.title}: uploads for The Game Crafter", "",
             "Each folder holds one component's faces at its product's pixel size (300 dpi, 1/8 in of bleed on",
             "every side); its CSV gives each face's copies. In The Game Crafter's game editor add the product,",
             "set its back from the back file and add the fronts, each with the CSV's count.", ""]
    unsold: list[str] = []
    for component in components:
        found = [(piece, match(component, piece)) for piece in component.table_pieces()]
        products = sorted({m.product.name for _, m in found if isinstance(m, Match)})
        if products:
            count = sum(piece.quantity for piece, m in found if isinstance(m, Match))
            lines.append(f"- **{component.title}** (`{component.id}/`, `{component.id}.csv`): "
                         f"{', '.join(products)}; {counted(count, 'pieces')}")
        missed: dict[str, list[Piece]] = {}
        for piece, m in found:
            if isinstance(m, str):
                missed.setdefault(m, []).append(piece)
        for reason, pieces in missed.items():
            ids = ", ".join(f"`{p.id}`" for p in pieces[:3]) + (f" and {len(pieces) - 3} more" if len(pieces) > 3 else "")
            sizes = sorted({f"{mm(p.width)} x {mm(p.height)} mm" for p in pieces})
            unsold.append(f"- **{component.title}**: {ids} ({counted(sum(p.quantity for p in pieces), 'pieces')}, "
                          f"{', '.join(sizes)}): {reason}")
    if len(lines) == 6:
        lines.append("Nothing of this game fits a product of The Game Crafter.")
    if unsold:
        lines += ["", "## Not uploadable", "",
                  "No product of The Game Crafter fits these pieces; they are not in the folders above.", "", *unsold]
    return "\n".join(lines) + "\n"


def write(offer: GamePieces, options: BuildOptions) -> Iterator[OutputJob]:
    """Every component's uploads, then the game's README."""
    if not offer.table:
        return
    lists: list[str] = []           # the README names each upload list (the ledger's refs)
    for component in offer.table:
        for job in component_jobs(component, offer.code_hash):
            if job.format == "csv":
                lists.append(str(job.path))
            yield job
    text = readme(offer.game, offer.table)
    inputs = frozenset().union(*(c.inputs for c in offer.table))
    yield OutputJob(PurePosixPath(offer.game.id) / "tgc" / "README.md", offer.game.id, "tgc", "upload notes", "md",
                    fingerprint(offer.code_hash, "tgc-readme", text), lambda: text.encode("utf-8"), items=0,
                    inputs=lambda: inputs, role="shop-notes", refs=lambda: lists)


def component_jobs(component: Component, code_hash: str) -> Iterator[OutputJob]:
    pieces = uploadable(component)
    if not pieces:
        return
    where = folder(component)
    sizes = shop().model_dump(mode="json")
    for piece, found in pieces:
        yield component.job(where / f"{piece.id}-front.png", piece.id, "png",
                            component.key(code_hash, "tgc", piece.data_hash, found.pixels, sizes),
                            partial(face_png, piece.front_face, piece, found.pixels), [piece.front_face],
                            trim_mm=(piece.width, piece.height), role="shop")
    backs = _backs([piece for piece, _ in pieces])
    for piece, found in pieces:
        back = piece.back_face
        if back is None or id(back) not in backs:
            continue
        name = backs.pop(id(back))
        data = "back" if name == "back.png" else piece.data_hash
        yield component.job(where / name, f"{component.id} {name[:-4]}", "png",
                            component.key(code_hash, "tgc", "back", data, found.pixels, sizes),
                            partial(face_png, back, piece, found.pixels), [back], items=0,
                            trim_mm=(piece.width, piece.height), role="shop")
    table = rows(component)
    named = list(dict.fromkeys(str(where / str(row[side])) for row in table for side in ("front", "back") if row[side]))
    yield component.job(where.with_name(f"{component.id}.csv"), f"{component.id} (upload list)", "csv",
                        component.key(code_hash, "tgc-csv", table), lambda: csv_bytes(table), items=0,
                        role="shop", refs=lambda: named)   # its faces: the ledger's refs


WRITER = Writer("tgc", GamePieces, "The Game Crafter uploads: each face at its product's pixel size, a CSV, "
                "and a README of what is not uploadable", write)
