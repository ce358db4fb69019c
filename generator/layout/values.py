"""A layout value as written or as an expression rendered it -> what drawing needs:
a number, a length in mm, a colour, a flag. Errors are ValueErrors in plain words."""

from __future__ import annotations

import math
from typing import Any, Mapping

from generator.draw.colour import normalise
from generator.layout.schema import HEX, NUMBER, PERCENT

MAX_MM = 10_000.0   # no face is 10 m wide: a larger value is a mistake, not a design
FALSE_WORDS = frozenset({"", "false", "no", "0", "0.0", "none", "off"})


def to_number(value: Any) -> float:
    """A number, or a string that reads as one ("12", " 2.5 ")."""
    if isinstance(value, bool):
        raise ValueError(f"expected a number, got {value!r}")
    if isinstance(value, (int, float)):
        number = float(value)
    elif isinstance(value, str) and NUMBER.fullmatch(value):
        number = float(value)
    else:
        raise ValueError(f"expected a number, got {value!r}")
    if not math.isfinite(number) or abs(number) > MAX_MM:
        raise ValueError(f"expected a number between -{MAX_MM:g} and {MAX_MM:g}, got {value!r}")
    return number


def to_length(value: Any, along: float) -> float:
    """Millimetres: a number is mm, "25%" is a quarter of ``along`` (the trim's width or height)."""
    if isinstance(value, str) and PERCENT.fullmatch(value):
        return to_number(value.strip().rstrip("%")) / 100.0 * along
    try:
        return to_number(value)
    except ValueError:
        raise ValueError(f"expected a length: a number (mm) or a percentage of the trim like '50%', "
                         f"got {value!r}") from None


def to_colour(value: Any, palette: Mapping[str, str]) -> str | None:
    """'#rrggbb' from a palette name or a hex colour; 'none' (or nothing) paints nothing."""
    text = str(value).strip()
    if text.lower() in ("none", ""):
        return None
    if text in palette:
        return palette[text]
    if HEX.fullmatch(text):
        return normalise(text)
    known = ", ".join(sorted(palette)) or "none defined"
    raise ValueError(f"unknown colour {text!r}: expected a palette name ({known}), '#rrggbb' or 'none'")


def to_flag(value: Any) -> bool:
    """True unless the value is false or renders to '', false, no, 0, none or off (any case)."""
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() not in FALSE_WORDS


def coerce_cell(value: Any) -> Any:
    """A CSV cell as an expression sees it: "3" is 3, "2.5" is 2.5, anything else stays as written.
    A number written with a leading zero ("007") stays text: it is a code, not a count."""
    if not isinstance(value, str) or not NUMBER.fullmatch(value):
        return value
    text = value.strip()
    digits = text.lstrip("+-")
    if len(digits) > 1 and digits[0] == "0" and digits[1] != ".":
        return value
    try:
        return int(text) if "." not in text else float(text)
    except ValueError:
        return value
