"""A JPEG's decoding is bounded by its own measure: its scans are counted from the markers
before a pixel is decoded, and a file of too many (or too many pixels times scans) is
refused, naming the limit, without decoding it."""

from __future__ import annotations

import io
import re
import time
from pathlib import Path

import pytest
from PIL import Image

from generator.core.errors import DataError
from generator.draw import images
from generator.draw.images import MAX_JPEG_SCANS, decode_image, load_image
from generator.draw.jpegscans import _NEXT_MARKER, jpeg_scans


def progressive(size: tuple[int, int] = (64, 48)) -> bytes:
    buffer = io.BytesIO()
    Image.effect_noise(size, 40).convert("RGB").save(buffer, format="JPEG", progressive=True, quality=90)
    return buffer.getvalue()


def repeated_scan(times: int) -> bytes:
    """A progressive JPEG with its smallest scan repeated ``times`` more times before its end:
    a few bytes each, and each a pass of the decoder over the whole picture."""
    data = progressive()
    scans = []
    for found in re.finditer(rb"\xff\xda", data):
        start = found.start()
        header_end = start + 2 + int.from_bytes(data[start + 2:start + 4], "big")
        following = _NEXT_MARKER.search(data, header_end)
        assert following is not None
        scans.append(data[start:following.start()])
    assert data.endswith(b"\xff\xd9")
    return data[:-2] + min(scans, key=len) * times + b"\xff\xd9"


def test_scans_are_counted_from_the_markers() -> None:
    data = progressive()
    assert jpeg_scans(data, 1000) == 10                     # libjpeg's progressive script for colour
    baseline = io.BytesIO()
    Image.new("RGB", (8, 8)).save(baseline, format="JPEG")
    assert jpeg_scans(baseline.getvalue(), 1000) == 1
    # a marker-like pair inside an APPn segment (here a comment full of them) is not a scan
    commented = data[:2] + b"\xff\xfe" + (2 + 400).to_bytes(2, "big") + b"\xff\xda" * 200 + data[2:]
    assert jpeg_scans(commented, 1000) == 10
    assert jpeg_scans(b"not a jpeg", 10) == 0


def test_a_jpeg_of_endless_scans_is_refused_before_decoding(monkeypatch: pytest.MonkeyPatch) -> None:
    bomb = repeated_scan(30_000)                            # about 330 kB
    decoded = []
    monkeypatch.setattr(Image.Image, "load", lambda self: decoded.append(self))
    started = time.process_time()
    with pytest.raises(images.ImageFault) as caught:
        decode_image(bomb)
    assert time.process_time() - started < 1.0              # CPU: the count stops past the limit
    assert decoded == []                                    # not one pixel decoded
    assert str(caught.value).startswith(f"the JPEG image has more than {MAX_JPEG_SCANS} scans")
    assert "baseline (not progressive) JPEG or as PNG" in str(caught.value)
    assert jpeg_scans(bomb, MAX_JPEG_SCANS) == MAX_JPEG_SCANS + 1


def test_a_kits_jpeg_of_too_many_scans_names_the_file_and_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "art.jpg"
    path.write_bytes(repeated_scan(MAX_JPEG_SCANS))
    with pytest.raises(DataError) as caught:
        load_image(path, shown="art/art.jpg")
    assert str(caught.value).startswith(f"art/art.jpg: the JPEG image has more than {MAX_JPEG_SCANS} scans")


def test_many_scans_of_many_pixels_are_bounded_as_decoding_work(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(images, "MAX_SCAN_PIXELS", 64 * 48 * 9)
    with pytest.raises(images.ImageFault, match=r"has 10 scans of 3,072 pixels \(30,720 pixels to decode\); "
                                                 r"images may need at most 27,648"):
        decode_image(progressive())
    monkeypatch.setattr(images, "MAX_SCAN_PIXELS", 64 * 48 * 10)
    assert decode_image(progressive()).mime == "image/jpeg"     # at the bound: taken, its bytes as they are
