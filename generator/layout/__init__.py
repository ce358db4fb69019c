"""Layout files: a card, tile or label face described in YAML instead of Python.

A layout file names a size, a bleed and a safe zone, and a list of layers (rectangles,
text, text boxes, icons, images, groups...) whose values may be jinja2 expressions over
the item's data, evaluated in jinja2's sandbox. The format is documented in
``docs/layout-format.md``.

Modules, one job each:
  schema       the pydantic models of a layout file
  expressions  the sandboxed jinja2 environment: compiling and evaluating values
  values       turning rendered values into numbers, lengths, colours and flags
  files        reading a layout file and the files it ``extends``
  style        a game's palette, fonts, icons and tables (game.yaml)
  assets       icons, fonts and images a layout uses, read once and kept inside the kit
  context      what an expression can name for one item
  resolve      one item's layers -> concrete drawing operations (binding problems found here)
  ops          concrete drawing operations painted into a Scene (text fitting happens here)
  rows         where a deck's items come from: CSV, a YAML list, or rows made by game code
  kept         faces drawn before, kept with the files they read

The ``cards`` deck drawn from layout files is ``generator.components.layout_deck``.
"""
