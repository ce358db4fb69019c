"""How Stockholm 1520's cards look: zone cards, event cards and their backs.

Backgrounds run into the bleed; text and symbols stay inside the safe zone. Every card
shows its short printed id, which a player types to the bot.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from generator.components.cards import CardFrame, DeckSpec, register_design
from generator.draw import fonts
from generator.draw.colour import mix
from generator.draw.scene import Scene, Style
from generator.draw.textfit import TextOverflow
from generator.errors import BuildError
from generator.units import MM_PER_PT
from games.stockholm1520 import art
from games.stockholm1520.cards import EventCard, ZoneCard, load_event_cards, load_troops, load_zone_cards, load_zones

ID_SIZE_PT = 8.0


def fit(scene: Scene, deck: DeckSpec, card_id: str, field: str, box: tuple[float, float, float, float],
        text: str, **options: Any) -> None:
    """Fit text into a box or fail the build naming the card and the field."""
    try:
        scene.textbox(*box, text, **options)
    except TextOverflow as err:
        raise BuildError(f"{deck.game_title}, {deck.title}, card {card_id}: field '{field}': {err}") from None


def _ground(frame: CardFrame, title: str, band: str) -> Scene:
    """Parchment to the bleed edge, a coloured title band running off the top."""
    scene = frame.new_scene(title)
    w, h = frame.canvas
    art.parchment(scene, w, h)
    scene.rect(0, 0, w, frame.bleed + 17.0, Style(fill=band))
    scene.line(0, frame.bleed + 17.0, w, frame.bleed + 17.0, Style(stroke=art.GOLD, stroke_width=0.6))
    sx, sy, sw, sh = frame.safe_box
    # 2 mm inside the trim: clear of the 1.5 mm cutting error, and clear of the 3 mm safe zone
    art.frame(scene, sx - 1.0, sy - 1.0, sw + 2.0, sh + 2.0, colour=art.INK)
    return scene


def _id_plate(scene: Scene, frame: CardFrame, card_id: str, rule: str) -> None:
    """The printed id in a small cartouche at the foot, the rule section beside it."""
    sx, sy, sw, sh = frame.safe_box
    cx = sx + sw / 2
    y = sy + sh - 5.2
    spacing = 0.15
    text_w = fonts.text_width(card_id, "serif-bold", ID_SIZE_PT * MM_PER_PT) + spacing * (len(card_id) - 1)
    width = max(16.0, text_w + 5.0)
    scene.rect(cx - width / 2, y, width, 5.0, Style(fill=art.CREAM, stroke=art.INK, stroke_width=0.25), radius=1.0)
    scene.text(cx, y + 3.6, card_id, face="serif-bold", size_pt=ID_SIZE_PT, fill=art.INK, anchor="middle",
               letter_spacing=spacing)
    if rule:
        scene.text(sx + sw - 0.6, y + 3.6, f"§ {rule}", face="serif-italic", size_pt=6.5, fill=art.INK_FADED, anchor="end")


class ZoneDesign:
    """Zone cards (1.2.1): a troop colour, a zone and a road."""

    generated_source = "zones"  # made from zones.yaml x troops.yaml, not read from a list

    def load_cards(self, game: Any, deck: DeckSpec, file: str) -> Sequence[ZoneCard]:
        if deck.source != "zones":
            from generator.errors import DataError, Problem
            raise DataError([Problem(file, "the zone-card design makes its cards from zones.yaml: use 'source: zones'",
                                     field="source")])
        return load_zone_cards(Path(game.folder))

    def draw_front(self, card: ZoneCard, deck: DeckSpec, frame: CardFrame) -> Scene:
        game_dir = _game_dir(deck)
        troop = load_troops(game_dir)[card.troop]
        zone = load_zones(game_dir)[card.zone]
        scene = _ground(frame, f"{card.id} {card.title}", troop.colour)
        w, _ = frame.canvas
        sx, sy, sw, sh = frame.safe_box
        cx = w / 2
        scene.text(cx, frame.bleed + 8.5, troop.name.upper(), face="title-bold", size_pt=13, fill=art.CREAM,
                   anchor="middle", letter_spacing=0.4)
        scene.text(cx, frame.bleed + 13.8, f"{troop.colour_name} · moves {troop.movement}", face="serif-italic",
                   size_pt=8.5, fill=art.CREAM, anchor="middle")
        art.troop_emblem(scene, card.troop, cx, sy + 33.0, 25.0, troop.colour)
        scene.text(cx, sy + 56.5, f"ZONE {card.zone}", face="title-bold", size_pt=17, fill=art.INK, anchor="middle",
                   letter_spacing=0.3)
        scene.line(cx - 14, sy + 59.0, cx + 14, sy + 59.0, Style(stroke=art.GOLD, stroke_width=0.35))
        scene.text(cx, sy + 65.5, f"Road {card.road}", face="serif-semibold", size_pt=15, fill=art.INK, anchor="middle")
        fit(scene, deck, card.id, "zone name", (sx + 2, sy + 67.2, sw - 4, 4.6), zone.name,
            face="serif-italic", size_pt=8.5, fill=art.INK_FADED, align="center")
        _id_plate(scene, frame, card.id, deck.rule)
        return scene

    def draw_back(self, deck: DeckSpec, frame: CardFrame) -> Scene:
        return _back(deck, frame, "Zone", art.INK)


class EventDesign:
    """Event cards (1.2.2, 6.2): flag, emblem, rule text."""

    def load_cards(self, game: Any, deck: DeckSpec, file: str) -> Sequence[EventCard]:
        return load_event_cards(Path(game.folder), Path(game.folder) / deck.source)

    def draw_front(self, card: EventCard, deck: DeckSpec, frame: CardFrame) -> Scene:
        game_dir = _game_dir(deck)
        band = {"danish": art.DANISH_RED, "swedish": art.SWEDISH_BLUE, "both": "#5b3f6e"}[card.flag]
        scene = _ground(frame, f"{card.id} {card.title}", mix(band, art.INK, 0.25))
        w, _ = frame.canvas
        sx, sy, sw, sh = frame.safe_box
        cx = w / 2
        title = card.title.upper()
        fit(scene, deck, card.id, "title", (sx + 2, frame.bleed + 4.2, sw - 4, 7.0), title, face="title-bold",
            size_pt=12, fill=art.CREAM, align="center", max_lines=1)
        subtitle = {"danish": "Benefits the Danes", "swedish": "Benefits the Swedes", "both": "Both sides"}[card.flag]
        if card.troop:
            subtitle = f"{load_troops(game_dir)[card.troop].name} · both sides"
        scene.text(cx, frame.bleed + 14.0, subtitle, face="serif-italic", size_pt=8.5, fill=art.CREAM, anchor="middle")
        flags = ["danish", "swedish"] if card.flag == "both" else [card.flag]
        for i, nation in enumerate(flags):
            art.flag(scene, sx + 1.0 + i * 8.0, sy + 15.5, 6.5, nation)
        emblem_y = sy + 29.0
        if card.kind == "additional_movement":
            troop = load_troops(game_dir)[card.troop]
            art.troop_emblem(scene, card.troop, cx - 7, emblem_y, 17.0, troop.colour)
            art.boot(scene, cx + 12, emblem_y, 12.0, troop.colour)
        elif card.kind == "bridge":
            art.bridge(scene, cx, emblem_y, 30.0)
        elif card.kind == "christian":
            art.crown(scene, cx, emblem_y, 24.0)
        elif card.kind == "propaganda":
            art.scroll(scene, cx, emblem_y, 24.0)
        elif card.kind == "ship":
            art.ship(scene, cx, emblem_y, 28.0)
        fit(scene, deck, card.id, "text", (sx + 1.5, sy + 44.0, sw - 3.0, sh - 51.0), card.text,
            face="serif", size_pt=10.5, fill=art.INK, align="center", valign="middle", leading=1.15)
        _id_plate(scene, frame, card.id, card.rule)
        return scene

    def draw_back(self, deck: DeckSpec, frame: CardFrame) -> Scene:
        return _back(deck, frame, "Event", art.DANISH_RED)


def _back(deck: DeckSpec, frame: CardFrame, word: str, accent: str) -> Scene:
    """A dark sepia back with a gold frame, the three crowns and the deck's name."""
    scene = frame.new_scene(f"{deck.title} back")
    w, h = frame.canvas
    scene.rect(0, 0, w, h, Style(fill="#4a3421"))
    scene.rect(0, 0, w, h, Style(stroke=mix("#4a3421", "#000000", 0.3), stroke_width=4.0))
    sx, sy, sw, sh = frame.safe_box
    scene.rect(sx - 1.5, sy - 1.5, sw + 3, sh + 3, Style(fill=mix("#4a3421", accent, 0.25), stroke=art.GOLD, stroke_width=0.6),
               radius=1.2)
    scene.rect(sx - 0.3, sy - 0.3, sw + 0.6, sh + 0.6, Style(stroke=art.GOLD, stroke_width=0.2), radius=0.8)
    art.corner_ornaments(scene, sx - 1.5, sy - 1.5, sw + 3, sh + 3)
    cx = w / 2
    scene.circle(cx, h / 2 - 4, 17.0, Style(fill=mix("#4a3421", "#000000", 0.2), stroke=art.GOLD, stroke_width=0.5))
    for dx, dy in ((-6.5, -9.0), (6.5, -9.0), (0.0, 2.0)):
        art.crown(scene, cx + dx, h / 2 - 4 + dy, 10.0)
    scene.text(cx, sy + 9.0, "STOCKHOLM", face="title-bold", size_pt=12, fill=art.GOLD, anchor="middle", letter_spacing=0.6)
    scene.text(cx, sy + 15.0, "1520", face="title", size_pt=11, fill=art.GOLD, anchor="middle", letter_spacing=1.0)
    scene.text(cx, sy + sh - 8.0, word.upper(), face="title-bold", size_pt=13, fill=art.CREAM, anchor="middle",
               letter_spacing=0.6)
    return scene


def _game_dir(deck: DeckSpec) -> Path:
    return Path(deck.game_dir)


def register() -> None:
    register_design("stockholm1520.zone", ZoneDesign())
    register_design("stockholm1520.event", EventDesign())
