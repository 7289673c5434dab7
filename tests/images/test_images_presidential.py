"""The Presidential Poker renderer on views from real deals: PNGs decode at the documented size in
every phase for 2-6 players, hidden cards are drawn as backs and shown ones as tiles of their chosen
symbol, every SIXCHEX face is its own picture, the three fills of a figure differ as they should, the
symbols a ranked hand uses are on gold, and every string is legible in Discord's 400 x 300 box."""
from __future__ import annotations

import io
import random
import statistics
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageStat

from bot.games.base import HIDDEN, Action, Seat
from bot.games.presidential import PresidentialEngine, card_view
from bot.games.sixchex import CATEGORIES, DECK
from images.cards import CARD_RATIO
from images.palette import palette
from images.presidential import (
    WIDTH,
    HEIGHT,
    BACKS_RIGHT,
    CHOSEN_EDGE,
    CHOSEN_FILL,
    FOOTER_H,
    HAND_CARD_H,
    HAND_CARD_W,
    HAND_SIZE,
    PLATE_W,
    PLATE_X,
    REGIONS,
    ROWS_TOP,
    SIDE_X,
    TILE_W,
    card_sprite,
    cards_box,
    grouped_codes,
    hand_card_origin,
    render_hand,
    render_table,
    row_height,
    row_top,
    tile_sprite,
)
from images.theme import FELT
from tests.support.text_recorder import SMALL_PX, Picture, recording, render_picture

SEED = "5eed" * 16
NAMES = ["Alice", "Bob", "Carol", "Dmitri", "Eve", "Françoise"]


def decode(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def new_deal(players: int = 3, seed: str = SEED, names: list[str] | None = None,
             limit: str = "fixed-limit") -> PresidentialEngine:
    names = names or NAMES[:players]
    return PresidentialEngine({"limit": limit}, [Seat(name, 60) for name in names], seed, {"dealer": 0})


def play(engine: PresidentialEngine, rng: random.Random, stop_phase: str | None = None) -> None:
    """Random legal play (mostly calls, so deals reach the showdown) until ``stop_phase`` or the end."""
    while engine.outcome is None and engine.phase != stop_phase:
        seat = engine.to_act()[0]
        specs = {spec.kind: spec for spec in engine.legal_actions(seat)}
        if "discard" in specs:
            hand = list(specs["discard"].choices)
            engine.apply(seat, Action("discard", cards=tuple(rng.sample(hand, rng.randint(0, 7)))))
            continue
        kind = rng.choice([k for k in specs if k != "fold"] + (["fold"] if "fold" in specs and rng.random() < 0.1
                                                                 else []))
        spec = specs[kind]
        amount = None if spec.min_amount is None else rng.randint(spec.min_amount, spec.max_amount or spec.min_amount)
        engine.apply(seat, Action(kind, amount=amount))


def composite(sprite: Image.Image, background: tuple[int, int, int]) -> Image.Image:
    flat = Image.new("RGB", sprite.size, background)
    flat.paste(sprite, (0, 0), sprite)
    return flat


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32), stop=st.sampled_from([None, "draw", "betting2"]))
def test_every_phase_renders_at_its_size(players: int, seed: int, stop: str | None) -> None:
    engine = new_deal(players, f"{seed:064x}", limit=random.Random(seed).choice(["fixed-limit", "no-limit"]))
    play(engine, random.Random(seed), stop)
    assert decode(render_table(engine.view(None), "Deck SHA-256 0123abcd…")).size == (WIDTH, HEIGHT)
    for seat in range(players):
        assert decode(render_hand(engine.view(seat))).size == HAND_SIZE


def as_sent(image: Image.Image) -> Image.Image:
    """``image`` in the colours of the shared PNG palette, as every render is sent."""
    return image.quantize(palette=palette(), dither=Image.Dither.NONE).convert("RGB")


def test_hidden_cards_are_backs_and_shown_cards_tiles() -> None:
    """On the public table a hidden hand is a fan of backs; the same seat seen by its owner shows seven
    tiles, the first exactly its first card's chosen symbol."""
    engine = new_deal(3)
    left, top, right, bottom = cards_box(0, 3)
    backs = decode(render_table(engine.view(None))).crop((left, top, BACKS_RIGHT, bottom))
    red, _, blue = ImageStat.Stat(backs).mean
    assert blue - red > 50, "the hidden cards are drawn as blue backs"
    own = engine.view(0)
    first = own["seats"][0]["cards"][0]
    assert first["chosen"] is not None
    tile = tile_sprite(first, TILE_W, bottom - top, grouped=first["code"] in grouped_codes(own["seats"][0]["hand"]))
    mine = decode(render_table(own)).crop((left, top, left + TILE_W, bottom))
    assert mine.tobytes() == as_sent(composite(tile, FELT)).tobytes()
    assert mine.tobytes() != backs.crop((0, 0, TILE_W, bottom - top)).tobytes()


@pytest.mark.parametrize("players", range(2, 7))
def test_the_table_is_the_box_at_2x_and_every_row_fits_in_it(players: int) -> None:
    """800 x 600 (Discord's 400 x 300 box at 2x) for any number of players: the rows lie between the
    pot and the footer, one after the other, each holding its tiles and the column at its right."""
    assert (WIDTH, HEIGHT) == (800, 600)
    tops = [row_top(index, players) for index in range(players)]
    assert tops[0] >= ROWS_TOP and tops[-1] + row_height(players) <= 600 - FOOTER_H
    assert all(b - a == row_height(players) for a, b in zip(tops, tops[1:]))
    for index, top in enumerate(tops):
        left, tile_top, right, tile_bottom = cards_box(index, players)
        assert PLATE_X + PLATE_W < left and right < SIDE_X <= 800 - 140
        assert top < tile_top and tile_bottom < top + row_height(players) and tile_bottom - tile_top >= 56


def test_the_private_hand_lays_four_cards_above_three() -> None:
    corners = [hand_card_origin(n) for n in range(7)]
    assert len({y for _, y in corners[:4]}) == 1 and len({y for _, y in corners[4:]}) == 1
    assert corners[4][1] >= corners[0][1] + HAND_CARD_H and corners[4][0] == corners[0][0]
    assert corners[3][0] + HAND_CARD_W < HAND_SIZE[0] - 130, "the chips are written beside the first row"
    assert corners[6][1] + HAND_CARD_H <= HAND_SIZE[1] - 80, "the note is written under the cards"


def test_a_tile_is_its_chosen_symbol_large() -> None:
    card = card_view("C65", True)  # Kingdom V: 17+20
    tiles = {category: tile_sprite({**card, "chosen": category}, TILE_W, 58) for category in CATEGORIES}
    assert len({tile.tobytes() for tile in tiles.values()}) == len(CATEGORIES)
    assert all(tile.size == (TILE_W, 58) for tile in tiles.values())
    named = tile_sprite(card, TILE_W, 58)  # no chosen symbol: the card's name
    assert named.tobytes() not in {tile.tobytes() for tile in tiles.values()}
    assert tile_sprite(card_view("C01", False), TILE_W, 58).size == (TILE_W, round(TILE_W * CARD_RATIO))


def drawn(render: Any, *args: Any) -> Picture:
    with recording() as recorder:
        return render_picture(recorder, render, *args)


def test_every_string_is_legible_in_the_box() -> None:
    """Every string of the table and the private hand (card faces and tiles included) is 11 px or more
    as Discord shows the picture, from the deal to the showdown; their median is 14 px or more."""
    engine = new_deal(4)
    pictures = [drawn(render_table, engine.view(None), "Deck SHA-256 abc"), drawn(render_hand, engine.view(1))]
    play(engine, random.Random(4), "draw")
    pictures += [drawn(render_table, engine.view(None), "Deck SHA-256 abc"), drawn(render_hand, engine.view(1))]
    play(engine, random.Random(4))
    pictures += [drawn(render_table, engine.view(None), "Deck SHA-256 abc"), drawn(render_hand, engine.view(1))]
    assert engine.view(None)["phase"] == "showdown"
    for picture in pictures:
        assert min(picture.shown()) >= SMALL_PX, sorted((s.em, s.text) for s in picture.strings)[:3]
    assert statistics.median(size for picture in pictures for size in picture.shown()) >= 14


def test_every_card_face_is_distinct() -> None:
    faces = {card_sprite(card_view(code, True), 60).tobytes() for code in DECK}
    assert len(faces) == len(DECK)
    assert card_sprite(card_view("C65", True), 60).size == (60, round(60 * CARD_RATIO))


def _ink(sprite: Image.Image, category: str) -> int:
    """Dark pixels in a category's band of a sprite."""
    top, bottom = REGIONS[category]
    band = composite(sprite, (255, 255, 255)).crop((0, round(top * sprite.height), sprite.width,
                                                     round(bottom * sprite.height)))
    return sum(1 for pixel in band.get_flattened_data() if sum(pixel) < 200)


def test_figure_fills_solid_partial_hollow() -> None:
    base = card_view("C01", True)
    ink = {}
    for fill in ("solid", "partial", "hollow"):
        card = {**base, "code": f"X-{fill}", "symbols": {**base["symbols"], "figure": f"{fill}-circle"}}
        ink[fill] = _ink(card_sprite(card, 120), "figure")
    assert ink["solid"] > ink["partial"] > ink["hollow"] > 0
    assert ink["partial"] == pytest.approx((ink["solid"] + ink["hollow"]) / 2, rel=0.25)


@pytest.mark.parametrize("category", CATEGORIES)
def test_the_chosen_symbol_is_on_gold(category: str) -> None:
    def gold(sprite: Image.Image) -> int:
        top, bottom = REGIONS[category]
        band = sprite.crop((0, round(top * sprite.height), sprite.width, round(bottom * sprite.height)))
        return sum(1 for p in band.get_flattened_data()
                   if p[3] and any(all(abs(a - b) < 20 for a, b in zip(p, gold)) for gold in (CHOSEN_FILL, CHOSEN_EDGE)))

    plain = card_sprite(card_view("C20", True), 100)
    chosen = card_sprite(card_view("C20", True, category), 100)
    outlined = card_sprite(card_view("C20", True, category), 100, grouped=False)
    assert gold(chosen) > 60 and gold(plain) < 10 and gold(outlined) < 10


def test_showdown_and_private_hand_show_ranked_cards() -> None:
    engine = new_deal(3)
    play(engine, random.Random(4))
    view = engine.view(None)
    assert view["phase"] == "showdown"
    shown = [s for s in view["seats"] if s["hand"] is not None]
    assert shown and all(c["code"] != HIDDEN and c["chosen"] for s in shown for c in s["cards"])
    table = decode(render_table(view))
    assert table.size == (WIDTH, HEIGHT)
    private = engine.view(1)
    assert decode(render_hand(private)).size == HAND_SIZE
    with pytest.raises(ValueError):
        render_hand(engine.view(None))


def test_no_opener_and_long_names() -> None:
    names = ["A" * 60, "Ω" * 40, "🂡 emoji name"]
    engine = new_deal(3, names=names)
    for seat in (1, 2, 0):
        engine.apply(seat, Action("check"))
    view = engine.view(None)
    assert view["phase"] == "no-opener" and view["finished"]
    assert decode(render_table(view, "x" * 300)).size == (WIDTH, HEIGHT)
    assert decode(render_hand(engine.view(2))).size == HAND_SIZE
