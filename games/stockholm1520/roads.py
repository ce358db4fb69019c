"""Stockholm 1520's roads on its map: entry zones lettered A-D, each with numbered roads from an
entry space to Kristina, and the lineup spaces behind each entry (rules 1.1, 2.0, 6.2).

These are the keys its map files add to the generic format (docs/map-format.md, "Stockholm
1520's overlay"): ``zones:`` (the zone file, one source of truth with the zone cards),
``roads:``, ``rules.roads_end_at``, ``rules.cover_roads``, ``rules.lineup`` and a feature's
``zone`` and ``roads``. ``roadfile.check`` reads and checks them and returns the ``RoadNetwork``
kept as the map's ``overlay``; ``road_network(hexmap)`` gives it back to the painter and the bot
(this module: what a map read holds, without pydantic or the map file's models).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.hexmap.model import Feature, HexMap


@dataclass(frozen=True)
class Zone:
    """An entry zone (from the zone file): letter, name and number of roads."""

    letter: str
    name: str
    roads: int


@dataclass(frozen=True)
class Road:
    """A numbered road of a zone, entry space first, goal hex last."""

    zone: str
    number: int
    path: list[str]
    lineup: list[str] = field(default_factory=list)

    @property
    def entry(self) -> str:
        return self.path[0]

    @property
    def name(self) -> str:
        return f"{self.zone}{self.number}"


@dataclass(frozen=True)
class RoadNetwork:
    """The zones and roads of one map."""

    zones: dict[str, Zone] = field(default_factory=dict)
    roads: list[Road] = field(default_factory=list)

    def road(self, zone: str, number: int) -> Road:
        for r in self.roads:
            if r.zone == zone and r.number == number:
                return r
        raise KeyError(f"no road {zone}{number}")


def road_network(hexmap: HexMap) -> RoadNetwork:
    """The zones and roads of a map read with this game's overlay (none for another map)."""
    return hexmap.overlay if isinstance(hexmap.overlay, RoadNetwork) else RoadNetwork()


def feature_zone(feature: Feature) -> str | None:
    """The zone a feature serves (a propagandist's spawn space), if it names one."""
    zone = feature.options.get("zone")
    return zone if isinstance(zone, str) else None


def feature_roads(feature: Feature) -> list[int]:
    """The road numbers of its zone a feature serves (empty: every road of the zone)."""
    return list(feature.options.get("roads") or [])
