"""Units of print: everything in pnpkit is measured in millimetres unless it says pt or px."""

from __future__ import annotations

MM_PER_INCH = 25.4
PT_PER_MM = 72.0 / MM_PER_INCH
MM_PER_PT = MM_PER_INCH / 72.0


def parse_length_mm(text: str) -> float:
    """'16mm', '2.5in', '1.6cm', '45pt' or a bare number (mm) -> millimetres."""
    value = str(text).strip().lower()
    for suffix, factor in (("mm", 1.0), ("cm", 10.0), ("in", MM_PER_INCH), ("pt", MM_PER_PT)):
        if value.endswith(suffix):
            return float(value[: -len(suffix)].strip()) * factor
    return float(value)
