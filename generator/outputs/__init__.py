"""Every file a build writes, by writer: a registry of writers, one module each.

The layering, bottom up: ``generator.pieces.faces`` (faces and pieces) and
``generator.pieces.job`` (``OutputJob``, ``BuildOptions``); ``generator.pieces.offers``
(what a component offers to be written, and ``Writer``); the component kinds
(``generator.components``, which make offers, never choose formats); the writers (this
package's modules named in ``registry.WRITERS``); the build, which plans
``registry.planned(offers, options)`` and renders the jobs.

The writers: ``pdf`` (pages: home-printing sheets, a piece with bleed, a board full size,
a reference sheet), ``tiled_pdf`` (a board tiled on the paper), ``svg`` and ``png`` (one
drawing), ``tgc`` (The Game Crafter uploads), ``tts`` (a Tabletop Simulator save) and
``proof`` (each game's proof sheet, always written).

To add a writer (a new format, or a new file of an existing one):

1. write ``generator/outputs/<name>.py`` with a function ``write(offer, options)`` that
   yields ``OutputJob`` values (make them with ``offer.make`` for a component's offer,
   so the file carries the component's ids, key and input files), and
   ``WRITER = Writer("<format>", <Offer class it needs>, "<what it writes>", write)``;
2. add ``"<name>"`` to ``registry.WRITERS`` where its files should be planned.

Every command's ``--format`` then accepts the format (``registry.formats``, parsed by
``registry.parse_formats``); a writer that needs a new kind of offer adds the offer class
to ``offers`` and the components that have one offer it.
"""
