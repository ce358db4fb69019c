"""Hex maps and counters drawn: the engraved period look, ornaments, positions on the board."""
