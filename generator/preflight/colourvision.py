"""Rule 2, colour-coded sets: colours that code something (nations, factions, troops, metals)
stay apart for players with colour-vision deficiency, or the pieces carry a second cue.

Each colour is seen as a protanope, a deuteranope and a tritanope sees it (Machado, Oliveira
and Fernandes 2009, severity 1, on linear sRGB) and every pair of the set is compared by
CIEDE2000 (Sharma, Wu and Dalal 2005). A pair closer than MERGE under any of the three
merges; the finding names the pair and who sees it merge."""

from __future__ import annotations

import math
from itertools import combinations
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping

from generator.draw.colour import normalise

if TYPE_CHECKING:
    from generator.preflight.findings import Finding

MERGE = 10.0         # CIEDE2000: below this two small printed areas read as one colour

# Machado et al. 2009, severity 1.0: linear RGB -> linear RGB as seen
SIMULATIONS: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}

Linear = tuple[float, float, float]
Lab = tuple[float, float, float]


def _linear(colour: str) -> Linear:
    rgb = normalise(colour)

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    return channel(int(rgb[1:3], 16)), channel(int(rgb[3:5], 16)), channel(int(rgb[5:7], 16))


def seen_as(colour: str, deficiency: str) -> Linear:
    """The linear RGB a viewer with ``deficiency`` sees for ``colour`` (clipped to the gamut)."""
    r, g, b = _linear(colour)
    return tuple(min(1.0, max(0.0, row[0] * r + row[1] * g + row[2] * b))  # type: ignore[return-value]
                 for row in SIMULATIONS[deficiency])


def lab(rgb: Linear) -> Lab:
    """CIE L*a*b* (D65) of a linear sRGB colour."""
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1: Lab, lab2: Lab) -> float:
    """The CIEDE2000 colour difference (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (dH / s_h) ** 2 + r_t * (dc / s_c) * (dH / s_h))


def merging(colours: Mapping[str, str]) -> Iterator[tuple[str, str, str, float]]:
    """Each pair of the set (by name) that merges, with the deficiency it merges under and the
    difference then: the closest deficiency for each pair."""
    for (n1, c1), (n2, c2) in combinations(colours.items(), 2):
        closest = min((ciede2000(lab(seen_as(c1, d)), lab(seen_as(c2, d))), d) for d in SIMULATIONS)
        if closest[0] < MERGE:
            yield n1, n2, closest[1], closest[0]


def set_findings(file: str, sets: Iterable[tuple[str, Mapping[str, str], str]]) -> list["Finding"]:
    """The findings of a game's colour-coded sets: (name, colours by name, second cue or '')."""
    from generator.preflight.findings import Finding

    found: list[Finding] = []
    for name, colours, cue in sets:
        if cue:
            continue
        for n1, n2, deficiency, delta in merging(colours):
            found.append(Finding("colour-vision", file, "", f"colour set {name}",
                                 f"{n1} ({colours[n1]}) and {n2} ({colours[n2]}) merge under {deficiency}",
                                 f"CIEDE2000 {delta:.1f}", f"{MERGE:g}, or a second cue"))
    return found


def game_findings(game: Any) -> list["Finding"]:
    """The findings of the colour sets a game's game.yaml declares (``preflight: colour_sets``),
    their palette names read through the game's palette."""
    from generator.kit.datafiles import display_path
    from generator.layout.style import load_style

    from generator.core.errors import DataError, Problem

    sets = game.preflight.colour_sets
    if not sets:
        return []
    style = load_style(game.kit, game.folder)
    shown = display_path(game.folder / "game.yaml")
    problems = []
    resolved = []
    for name, spec in sets:
        where = f"preflight.colour_sets.{name}"
        try:
            named = _entries(style.tables, spec.table, spec.field) if spec.table else {c: c for c in spec.colours}
        except LookupError as err:
            problems.append(Problem(shown, str(err), field=f"{where}.table"))
            continue
        found = {}
        for entry, colour in named.items():
            try:
                found[entry] = normalise(style.palette.get(colour, colour))
            except (ValueError, TypeError):
                problems.append(Problem(shown, f"{entry}: {colour!r} is neither a colour of the palette nor '#rrggbb'",
                                        field=where))
        resolved.append((name, found, spec.cue.strip()))
    if problems:
        raise DataError(problems)
    return set_findings(shown, resolved)


def _entries(tables: Mapping[str, Any], path: str, field: str) -> dict[str, Any]:
    """``field`` of each entry of the table ``path`` names (``troops.troops``), by entry key."""
    parts = path.split(".")
    data: Any = tables.get(parts[0])
    if data is None:
        raise LookupError(f"no table {parts[0]!r} in game.yaml's tables (known: {', '.join(tables) or 'none'})")
    for key in parts[1:]:
        if not isinstance(data, Mapping) or key not in data:
            raise LookupError(f"the table {path!r} has no {key!r}")
        data = data[key]
    rows = data.items() if isinstance(data, Mapping) else enumerate(data) if isinstance(data, list) else ()
    named = {str(row.get("id", key)) if isinstance(row, Mapping) else str(key): row.get(field)
             for key, row in rows if isinstance(row, Mapping) and field in row}
    if len(named) < 2:
        raise LookupError(f"the table {path!r} holds fewer than two entries with a {field!r}")
    return named
