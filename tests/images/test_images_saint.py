"""The Saint Poker renderer, on views from real games: PNGs decode at the documented size in every
phase for 2-5 players, the table image is the same for every viewer (it draws nothing private), a
choice not yet revealed shows only in its owner's hand image, cards taken in the pickup grey out, and
long or odd names stay inside their plate."""
from __future__ import annotations

import io
import random
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat

from bot.games.base import Action, Seat
from bot.games.saint import SaintEngine
from images.cards import card_size
from images.saint import (
    FOOTER_H,
    HAND_CARD_W,
    HAND_SIZE,
    HEADER_H,
    HEIGHT,
    PLATE_W,
    RIVER_CARD_W,
    RIVER_LEFT,
    RIVER_TOP,
    ROW_H,
    ROWS_TOP,
    WIDTH,
    render_hand,
    render_table,
    row_height,
)

SEED = "7a" * 32
Box = tuple[int, int, int, int]


def decode(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def new_game(players: int = 3, names: list[str] | None = None, seed: str = SEED) -> SaintEngine:
    names = names or ["Ann", "Bob", "Cy", "Dee", "Eve"][:players]
    return SaintEngine({}, [Seat(name, is_bot=n == 1) for n, name in enumerate(names)], seed)


def random_action(engine: SaintEngine, seat: int, rng: random.Random) -> Action:
    (spec,) = engine.legal_actions(seat)
    return Action(spec.kind, cards=tuple(rng.sample(spec.choices, spec.max_choices)))


def play_until(engine: SaintEngine, done: Callable[[dict[str, Any]], bool], rng_seed: int = 4) -> SaintEngine:
    rng = random.Random(rng_seed)
    while not done(engine.view(None)):
        assert engine.outcome is None, "the game ended before the wanted position"
        seat = engine.to_act()[0]
        engine.apply(seat, random_action(engine, seat, rng))
    return engine


def outside(a: Image.Image, b: Image.Image, allowed: list[Box]) -> Box | None:
    diff = ImageChops.difference(a, b)
    for box in allowed:
        diff.paste((0, 0, 0), box)
    return diff.getbbox()


def plate_box(seat: int, players: int) -> Box:
    row_h = row_height(players)
    return 12, ROWS_TOP + seat * row_h, 12 + PLATE_W + 1, ROWS_TOP + (seat + 1) * row_h


def river_card_box(slot: int) -> Box:
    x = RIVER_LEFT + slot * (RIVER_CARD_W + 8)
    return x, RIVER_TOP, x + RIVER_CARD_W, RIVER_TOP + card_size(RIVER_CARD_W)[1]


PHASES: dict[str, Callable[[dict[str, Any]], bool]] = {
    "first river": lambda v: True,
    "one has chosen": lambda v: sum(s["chosen"] for s in v["seats"]) == 1,
    "reveal": lambda v: v["phase"] == "reveal",
    "pickup": lambda v: v["phase"] == "pickup" and len(v["pickup_queue"]) == 3,
    "round 3": lambda v: v["round"] == 3,
    "over": lambda v: v["phase"] == "over",
}


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("phase", PHASES)
def test_tables_and_hands_decode_at_their_size(players: int, phase: str) -> None:
    engine = play_until(new_game(players), PHASES[phase])
    table = decode(render_table(engine.view(None), footer="Deck SHA-256 3f2a9c0e…c9"))
    assert table.size == (WIDTH, HEIGHT)
    for seat in range(players):
        assert decode(render_hand(engine.view(seat))).size == HAND_SIZE


def test_every_player_count_fits_discords_box_at_twice_its_size() -> None:
    """800 x 600 for 2 to 5 players: the rows end above the footer, fewer players' rows taller."""
    assert (WIDTH, HEIGHT) == (800, 600)
    assert all(ROWS_TOP + players * row_height(players) <= HEIGHT - FOOTER_H for players in range(2, 6))
    assert row_height(5) == ROW_H < row_height(4) <= row_height(2)


def test_render_hand_refuses_the_public_view() -> None:
    with pytest.raises(ValueError):
        render_hand(new_game().view(None))


@pytest.mark.parametrize("phase", ["one has chosen", "pickup"])
def test_the_table_is_the_same_image_for_every_viewer(phase: str) -> None:
    engine = play_until(new_game(3), PHASES[phase])
    public = render_table(engine.view(None))
    assert all(render_table(engine.view(seat)) == public for seat in range(3))


def test_a_choice_not_yet_revealed_shows_only_in_its_owners_hand_image() -> None:
    engine = new_game(3)
    before = [decode(render_hand(engine.view(seat))) for seat in range(3)]
    card = engine.view(0)["hand"][-1]
    engine.apply(0, Action("river", cards=(card,)))
    after = [decode(render_hand(engine.view(seat))) for seat in range(3)]
    top = HEADER_H + 12
    choice = (HAND_SIZE[0] - 14 - HAND_CARD_W, top, HAND_SIZE[0] - 14, top + card_size(HAND_CARD_W)[1])
    assert ImageChops.difference(before[0].crop(choice), after[0].crop(choice)).getbbox() is not None
    assert after[1].tobytes() == before[1].tobytes() and after[2].tobytes() == before[2].tobytes()
    assert card not in str(engine.view(None)), "the public view holds the secret choice"


def test_cards_taken_in_the_pickup_are_greyed_out() -> None:
    engine = play_until(new_game(3), lambda v: v["phase"] == "pickup")
    view = engine.view(None)
    card = view["river"][0]
    before = decode(render_table(view))
    engine.apply(view["to_act"][0], Action("pickup", cards=(card,)))
    after = decode(render_table(engine.view(None)))
    box = river_card_box(0)
    lighter = ImageStat.Stat(before.crop(box)).mean
    darker = ImageStat.Stat(after.crop(box)).mean
    assert sum(darker) < sum(lighter) - 100, "the picked card is drawn dimmed"
    assert ImageChops.difference(before.crop(river_card_box(1)), after.crop(river_card_box(1))).getbbox() is None


NAMES = ["W" * 300, "Владимир Ωμέγα " * 10, "李小龍 🐉", "Zoë 🎲\u200d\x07", "\U0001f600" * 40, "محمد علي"]


@pytest.mark.parametrize("name", NAMES)
def test_long_and_unicode_names_stay_in_their_plate_and_the_top(name: str) -> None:
    engine = play_until(new_game(3), PHASES["round 3"])
    engine.apply(1, random_action(engine, 1, random.Random(0)))  # seat 1 has chosen; seat 0 is awaited
    view = engine.view(None)
    seats = [dict(seat) for seat in view["seats"]]
    base = decode(render_table({**view, "seats": seats}))
    seats[0]["name"] = name
    odd = decode(render_table({**view, "seats": seats}))
    top_text = (0, HEADER_H, WIDTH, ROWS_TOP)  # river labels, "Waiting for <name>"
    assert outside(base, odd, [plate_box(0, 3), top_text]) is None
    assert decode(render_hand({**engine.view(0), "seats": seats})).size == HAND_SIZE


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), steps=st.integers(0, 150))
def test_any_position_of_random_legal_play_renders(seed: int, players: int, steps: int) -> None:
    rng = random.Random(seed)
    engine = new_game(players, seed=f"{seed:064x}")
    for _ in range(steps):
        if engine.outcome is not None:
            break
        seat = rng.choice(engine.to_act())
        engine.apply(seat, random_action(engine, seat, rng))
    assert decode(render_table(engine.view(None))).size == (WIDTH, HEIGHT)
    for seat in range(players):
        assert decode(render_hand(engine.view(seat))).size == HAND_SIZE
