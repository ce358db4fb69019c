"""Hex maps: geometry, map data, drawing and tiling."""
