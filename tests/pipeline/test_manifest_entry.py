"""A manifest entry is one typed value (``generator.build.manifest_entry.ManifestEntry``): the
build writes every file's entry through it and reads a kept file's back through it. What a
build wrote reads back as the same entry; an entry edited to hold values of other types is
read as far as it is sound, never with a traceback."""

from __future__ import annotations

import json
from pathlib import PurePosixPath

from generator.build.manifest_entry import ManifestEntry
from generator.pieces.job import OutputJob

def _job() -> OutputJob:
    return OutputJob(PurePosixPath("g/cards/c1.pdf"), "g", "cards", "c1", "pdf", "k", lambda: b"", paper="a4",
                     trim_mm=(63.0, 88.0), items=1, extra={"back": True, "bleed": 3.0}, role="piece",
                     component="deck", refs=lambda: ["g/b.png", "g/a.png", "g/a.png"])


def test_an_entry_written_reads_back_the_same() -> None:
    entry = ManifestEntry.of_job(_job(), "ab" * 32, 1234, {"data/g/cards.csv": "cd" * 32})
    written = json.loads(json.dumps(entry.to_json()))
    assert list(written) == ["path", "game", "kind", "item", "format", "paper", "trim_mm", "items", "sha256", "bytes",
                             "key", "inputs", "role", "component", "extra", "refs"]
    assert written["trim_mm"] == [63.0, 88.0] and written["refs"] == ["g/a.png", "g/b.png"] and written["bytes"] == 1234
    assert ManifestEntry.from_json(written) == entry
    job = ManifestEntry.from_json(written).job()
    assert (job.path, job.role, job.trim_mm, job.items, job.extra) == (PurePosixPath("g/cards/c1.pdf"), "piece",
                                                                       (63.0, 88.0), 1, {"back": True, "bleed": 3.0})


def test_an_entry_of_other_types_is_read_as_far_as_it_is_sound() -> None:
    odd = {"path": "g/x.pdf", "game": 7, "role": "poster", "trim_mm": "63x88", "items": True, "extra": [1],
           "refs": "g/y.png", "preflight": "none", "bytes": "12"}
    entry = ManifestEntry.from_json(odd)
    assert entry == ManifestEntry(path="g/x.pdf")
    assert entry.job().role == ""


def test_every_key_the_build_writes_reads_back() -> None:
    """The hashes of a file's data inputs (``data_inputs``, last) are part of the entry too: an
    entry read and written again keeps every key, in its order."""
    written = {**ManifestEntry.of_job(_job(), "ab" * 32, 1234, {}).to_json(), "preflight": [],
               "data_inputs": {"data/g/cards.csv": "cd" * 32}}
    assert ManifestEntry.from_json(written).to_json() == written
    assert list(ManifestEntry.from_json(written).to_json()) == list(written)


def test_unknown_inputs_stay_unknown() -> None:
    """An entry without its inputs, its bytes or its key is never taken as current."""
    entry = ManifestEntry.from_json({"path": "g/x.pdf"})
    assert entry.inputs is None and entry.size is None and entry.to_json()["inputs"] is None
