"""Preflight: what a printed sheet must pass, measured on what the build draws.

Every build inspects the pages of its home-print files as they are drawn (``generator.draw.capture``), one
module per rule (``textsize``, ``margin``, ...), and reports each finding like a data error:
the file, the page, the item, what was measured and the limit (``findings``).
"""
