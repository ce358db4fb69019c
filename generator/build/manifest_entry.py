"""One file's entry in ``manifest.json`` (the ledger, ``generator.build.ledger``), as a typed
value: what the build writes of a file it made, and what it reads back of a file it keeps.

The manifest is JSON that anyone can edit, so reading an entry takes what has the expected
type and leaves the rest at its default (``from_json``; what decides reuse, its key, inputs and
size, then reads as unknown, so such a file is drawn again); writing gives the JSON object in the
one order the manifest has always had (``to_json``). ``entries_by_path`` reads a manifest's
``files`` list: the one place a manifest's entries are read."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any, Iterable, Mapping, Sequence

from generator.pieces.job import OutputJob
from generator.pieces.roles import Role, role_of
from generator.preflight.findings import Finding


def _not_rendered() -> bytes:
    raise RuntimeError("a reused file is not rendered")


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


@dataclass(frozen=True)
class ManifestEntry:
    """A file of the output folder: what wrote it (game, kind, item, component, role), what
    it is (format, paper, trimmed size, pieces it carries, ``extra`` for PRINTING.md), its
    bytes (``sha256``, ``size``), what it was drawn from (``key``, ``inputs``: input name to
    sha256), the files of the folder it links to (``refs``) and, for a file printed at home,
    what the preflight found on it (``preflight``, None for the others). ``size`` and
    ``inputs`` are None when the manifest does not record them (unknown: not reusable)."""

    path: str
    game: str = ""
    kind: str = ""
    item: str = ""
    format: str = ""
    paper: str | None = None
    trim_mm: tuple[float, float] | None = None
    items: int = 0
    sha256: str = ""
    size: int | None = None
    key: str = ""
    inputs: Mapping[str, str | None] | None = None
    role: Role = ""
    component: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)
    refs: tuple[str, ...] = ()
    preflight: tuple[Mapping[str, Any], ...] | None = None
    data_inputs: Mapping[str, str | None] | None = None     # the hashes of its items' data (OutputJob.data_inputs)

    @classmethod
    def of_job(cls, job: OutputJob, data_hash: str, size: int, read: Mapping[str, str | None],
               findings: Sequence[Finding] = ()) -> "ManifestEntry":
        """The entry of a file the build wrote now: ``data_hash`` and ``size`` of its bytes,
        ``read`` its inputs, ``findings`` the preflight's (kept, so that a reused file reports
        what it was found to hold)."""
        return cls(path=str(job.path), game=job.game, kind=job.kind, item=job.item, format=job.format,
                   paper=job.paper, trim_mm=job.trim_mm, items=job.items, sha256=data_hash, size=size, key=job.key,
                   inputs=read, role=job.role, component=job.component, extra=job.extra,
                   refs=tuple(sorted(dict.fromkeys(str(ref) for ref in job.refs()))),
                   preflight=tuple(f.to_json() for f in findings) if job.preflight is not None else None)

    @classmethod
    def from_json(cls, entry: Mapping[str, Any]) -> "ManifestEntry":
        """An entry as a manifest holds it; a field of another type is taken as missing."""
        trim = entry.get("trim_mm")
        extra, refs, found, inputs = entry.get("extra"), entry.get("refs"), entry.get("preflight"), entry.get("inputs")
        items, size, data_inputs = entry.get("items"), entry.get("bytes"), entry.get("data_inputs")
        return cls(path=str(entry["path"]), game=_text(entry.get("game")), kind=_text(entry.get("kind")),
                   item=_text(entry.get("item")), format=_text(entry.get("format")),
                   paper=entry.get("paper") if isinstance(entry.get("paper"), str) else None,
                   trim_mm=(trim[0], trim[1]) if isinstance(trim, list) and len(trim) == 2 else None,
                   items=items if isinstance(items, int) and not isinstance(items, bool) else 0,
                   sha256=_text(entry.get("sha256")),
                   size=size if isinstance(size, int) and not isinstance(size, bool) else None,
                   key=_text(entry.get("key")), inputs=dict(inputs) if isinstance(inputs, dict) else None,
                   role=role_of(entry.get("role")),
                   component=_text(entry.get("component")), extra=dict(extra) if isinstance(extra, dict) else {},
                   refs=tuple(str(ref) for ref in refs) if isinstance(refs, list) else (),
                   preflight=tuple(f for f in found if isinstance(f, dict)) if isinstance(found, list) else None,
                   data_inputs=dict(data_inputs) if isinstance(data_inputs, dict) else None)

    def to_json(self) -> dict[str, Any]:
        """The manifest's JSON object of the entry, its keys in the manifest's order."""
        entry: dict[str, Any] = {"path": self.path, "game": self.game, "kind": self.kind, "item": self.item,
                                 "format": self.format, "paper": self.paper,
                                 "trim_mm": list(self.trim_mm) if self.trim_mm else None, "items": self.items,
                                 "sha256": self.sha256, "bytes": self.size, "key": self.key, "inputs": self.inputs,
                                 "role": self.role, "component": self.component}
        if self.extra:                          # what PRINTING.md says of it (generator.printing.notes)
            entry["extra"] = self.extra
        if self.refs:                           # the files it links to (generator.build.ledger)
            entry["refs"] = list(self.refs)
        if self.preflight is not None:
            entry["preflight"] = list(self.preflight)
        if self.data_inputs is not None:        # what its items were read from, as it was (generator.build.engine)
            entry["data_inputs"] = self.data_inputs
        return entry

    def job(self) -> OutputJob:
        """The job the entry was written by, as far as a build's summary and PRINTING.md (which
        describes each file of the ledger) need it: it cannot be rendered again."""
        return OutputJob(PurePosixPath(self.path), self.game, self.kind, self.item, self.format, self.key, _not_rendered,
                         paper=self.paper, trim_mm=self.trim_mm, items=self.items, extra=dict(self.extra),
                         role=self.role, component=self.component)


def entries_by_path(files: object) -> dict[str, ManifestEntry]:
    """A manifest's ``files`` list as entries by path: the one place a manifest's entries are
    read. The manifest is a file anyone can edit: what is not an object with a path is left out
    (its file then counts as one the build did not write)."""
    listed: Iterable[object] = files if isinstance(files, list) else ()
    entries = (ManifestEntry.from_json(entry) for entry in listed
               if isinstance(entry, dict) and isinstance(entry.get("path"), str))
    return {entry.path: entry for entry in entries}
