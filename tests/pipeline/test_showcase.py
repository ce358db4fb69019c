"""``--format showcase``: a few faces fanned on a table, a PNG of a fixed size for a store page;
the faces are there, turned, where the layout put them, over a wooden ground."""

from __future__ import annotations

import io
import math
from pathlib import Path, PurePosixPath

import pytest
from click.testing import CliRunner
from PIL import Image

from generator.cli.app import main
from generator.cli.scaffold import new_kit
from generator.draw.scene import Scene, Style
from generator.outputs import registry
from generator.outputs.showcase import DPI, MOST_FACES, SIZE_PX, PLANKS, layout
from generator.pieces.faces import Face, Piece
from generator.pieces.job import BuildOptions
from generator.pieces.offers import Pieces

COLOURS = ["#d0342c", "#2c5fd0", "#2ca05a", "#e0b020", "#8a2cd0", "#20c0c0"]
BACK = "#202020"


def _solid(w: float, h: float, colour: str) -> Face:
    def draw() -> Scene:
        s = Scene(w + 2, h + 2)                       # 1 mm bleed
        s.rect(0, 0, w + 2, h + 2, Style(fill=colour))
        return s
    return Face(draw)


class Deck:
    """A stand-in for a pieced component: six cards of one colour each, one shared back."""

    id, title, game_id, inputs = "deck", "Deck", "game", frozenset()

    def __init__(self, w: float = 63.5, h: float = 88.9, back: bool = True, shape: str = "card") -> None:
        self.piece_shape = shape
        shared = _solid(w, h, BACK) if back else None
        self.pieces = [Piece(f"c{i}", f"Card {i}", w, h, 1.0, f"h{i}", _solid(w, h, c), shared)
                       for i, c in enumerate(COLOURS)]

    def key(self, code_hash: str, *parts: object) -> str:
        return f"{code_hash}-{parts!r}"

    def job(self, path, item, format, key, render, faces=(), **facts):
        from generator.pieces.job import OutputJob
        return OutputJob(path, self.game_id, "deck", item, format, key, render, **facts)

    def item_count(self) -> int:
        return len(self.pieces)


def _rgb(image: Image.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    px = image.getpixel((int(x_mm / 25.4 * DPI), int(y_mm / 25.4 * DPI)))
    assert isinstance(px, tuple)
    return px[0], px[1], px[2]


def _near(rgb: tuple[int, int, int], colour: str, tolerance: int = 10) -> bool:
    return all(abs(a - int(colour[i:i + 2], 16)) <= tolerance for a, i in zip(rgb, (1, 3, 5)))


def _job(deck: Deck):
    jobs = list(registry.planned([Pieces(deck, "code")], BuildOptions(formats=frozenset({"showcase"}))))
    assert [j.path for j in jobs] == [PurePosixPath("game/showcase/deck.png")]
    return jobs[0]


@pytest.mark.parametrize("size", [(63.5, 88.9), (50.0, 50.0)])      # a deck of cards, square tiles
def test_the_showcase_fans_the_first_faces_turned_on_a_table(size: tuple[float, float]) -> None:
    deck = Deck(*size)
    image = Image.open(io.BytesIO(_job(deck).render())).convert("RGB")
    assert image.size == SIZE_PX
    placed = layout(deck)
    assert [p.piece.id for p in placed] == [f"c{i}" for i in range(MOST_FACES)] + ["c0"] * 3     # 5 fronts, 3 backs
    fronts = placed[:MOST_FACES]
    assert [round(p.angle) for p in fronts] == [-18, -9, 0, 9, 18]
    for p, colour in zip(fronts, COLOURS):
        rad = math.radians(p.angle)
        # the face's own corner region, turned with it: near its top corner on the side the
        # next face does not cover (the left for the last one, which lies on top)
        for fx, fy in ((0.0, 0.0), (-0.4, -0.42)):
            dx, dy = fx * p.w, fy * p.h
            x = p.cx + dx * math.cos(rad) - dy * math.sin(rad)
            y = p.cy + dx * math.sin(rad) + dy * math.cos(rad)
            if p is not fronts[-1] and fx == 0.0:
                continue                           # a face's middle lies under the next one
            assert _near(_rgb(image, x, y), colour), (p.piece.id, fx, fy, _rgb(image, x, y))
    stack = placed[-1]
    assert _near(_rgb(image, stack.cx, stack.cy), BACK)
    corner = _rgb(image, 30.0, 2.0)                # the table, darkened towards its rim
    assert not any(_near(corner, c, 40) for c in COLOURS) and corner[0] > corner[2]
    assert any(_near(_rgb(image, 160.0, y), PLANKS[0], 30) for y in (5.0, 18.0, 100.0, 190.0))


def test_round_pieces_lie_on_the_table_as_discs() -> None:
    deck = Deck(40.0, 40.0, shape="round")
    image = Image.open(io.BytesIO(_job(deck).render())).convert("RGB")
    top = layout(deck)[MOST_FACES - 1]             # the last face of the fan lies on top
    rad = math.radians(top.angle)

    def at(fx: float, fy: float) -> tuple[int, int, int]:
        dx, dy = fx * top.w, fy * top.h
        return _rgb(image, top.cx + dx * math.cos(rad) - dy * math.sin(rad),
                    top.cy + dx * math.sin(rad) + dy * math.cos(rad))
    assert _near(at(0.0, 0.0), COLOURS[MOST_FACES - 1])
    assert _near(at(0.3, 0.0), COLOURS[MOST_FACES - 1])           # inside the disc
    assert not _near(at(0.45, 0.45), COLOURS[MOST_FACES - 1], 40)  # the square's corner: the table shows
    square = Image.open(io.BytesIO(_job(Deck(40.0, 40.0)).render())).convert("RGB")
    top_square = layout(Deck(40.0, 40.0))[MOST_FACES - 1]
    dx = dy = 0.45 * top_square.w
    r = math.radians(top_square.angle)
    corner = _rgb(square, top_square.cx + dx * math.cos(r) - dy * math.sin(r), top_square.cy + dx * math.sin(r) + dy * math.cos(r))
    assert _near(corner, COLOURS[MOST_FACES - 1])                  # a square tile keeps its corners


def test_without_backs_the_fan_takes_the_whole_table() -> None:
    placed = layout(Deck(back=False))
    assert len(placed) == MOST_FACES and abs(sum(p.cx for p in placed) / len(placed) - 160.0) < 20.0


def test_build_format_showcase_writes_a_png_per_deck_of_a_new_kit(tmp_path: Path, monkeypatch) -> None:
    new_kit(tmp_path / "kit")
    monkeypatch.chdir(tmp_path / "kit")
    result = CliRunner().invoke(main, ["build", "--format", "showcase"])
    assert result.exit_code == 0, result.output
    written = sorted((tmp_path / "kit" / "output").rglob("showcase/*.png"))
    assert written and all(Image.open(p).size == SIZE_PX for p in written)
    notes = (tmp_path / "kit" / "output" / "mygame" / "PRINTING.md").read_text(encoding="utf-8")
    assert "BoardGameGeek" in notes
