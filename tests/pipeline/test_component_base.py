"""The component base: faces remember what they read, jobs name what they depend on."""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from types import SimpleNamespace

from generator.components.base import Component, ComponentSpec

from generator.draw.scene import Scene
from generator.kit.datafiles import load_yaml
from generator.pieces.faces import Face


class Kind(Component):
    kind = "things"


def _component(kit: Path) -> Kind:
    game = SimpleNamespace(id="g", title="G", folder=kit / "data" / "g", kit=kit)
    return Kind(game, ComponentSpec(kind="things", id="x", title="X", source="x.yaml"))


def test_a_face_keeps_the_files_its_drawing_read(tmp_path: Path) -> None:
    data = tmp_path / "colours.yaml"
    data.write_text("ink: black\n", encoding="utf-8")
    face = Face(lambda: Scene(10, 10, title=str(load_yaml(data)["ink"])), [tmp_path / "layout.yaml"])
    assert face.inputs() == {tmp_path / "layout.yaml"}        # nothing read yet
    assert face.scene().title == "black" and face.scene() is face.scene()
    assert face.inputs() == {tmp_path / "layout.yaml", data.resolve()}


def test_a_jobs_key_names_the_files_known_before_drawing(tmp_path: Path) -> None:
    """Which files a face uses can change (another icon) while none of them changes."""
    thing = _component(tmp_path)
    path = PurePosixPath("g/things/x.svg")

    def key(*files: str) -> str:
        face = Face(lambda: Scene(1, 1), [tmp_path / "data" / "g" / name for name in files])
        return thing.job(path, "x", "svg", "key", lambda: b"", [face]).key

    assert key("a.svg") == key("a.svg") != key("b.svg")
    assert key() == "key"
