"""Stockholm 1520's overlay on the generic hex map (``generator.hexmap.overlay``): the keys its
map files add (zones, roads, lineups and the rules about them: ``roadfile``), how they are checked,
and where their art goes on the board (``road_art``): roads under the feature symbols, badges,
lineup spaces and name plates over them, zone names in the margin, three legend entries. Its
counters files name a troops file (``counter_types``)."""

from __future__ import annotations

from generator.hexmap.gameart import register_counter_overlay, register_map_overlay
from generator.hexmap.overlay import MapOverlay
from games.stockholm1520 import counter_types, road_art, roadfile

GAME = "stockholm1520"

OVERLAY = MapOverlay(
    keys=roadfile.MapKeys,
    rules=roadfile.RuleKeys,
    feature_keys=roadfile.FeatureKeys,
    check=roadfile.check,
    under_features=road_art.draw_roads,
    over_features=road_art.draw_road_labels,
    margin=road_art.draw_zone_names,
    legend=road_art.road_legend,
)


def register() -> None:
    """Read, check and draw this game's maps with its overlay, and read its counters files
    with their troops file."""
    register_map_overlay(GAME, OVERLAY)
    register_counter_overlay(GAME, counter_types.OVERLAY)
