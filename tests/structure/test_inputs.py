"""Reads of data files are recorded for the cache keys that depend on them."""

from pathlib import Path

from generator.core.inputs import recording
from generator.kit.datafiles import load_yaml, read_csv


def test_reads_inside_a_recording_are_noted_in_every_open_recording(tmp_path: Path) -> None:
    yaml_file = tmp_path / "a.yaml"
    yaml_file.write_text("x: 1\n", encoding="utf-8")
    csv_file = tmp_path / "b.csv"
    csv_file.write_text("id,quantity\nA,1\n", encoding="utf-8")
    with recording() as outer:
        load_yaml(yaml_file)
        with recording() as inner:
            read_csv(csv_file)
    load_yaml(yaml_file)  # outside any recording: noted nowhere
    assert outer == {yaml_file.resolve(), csv_file.resolve()}
    assert inner == {csv_file.resolve()}
