"""The Poker Squared renderer, on views from real matches: PNGs decode at the documented size in every
phase, the cards in hand are backs on the public table and faces for their owner, a placement stays
off the public image until both have placed, and long or odd names stay inside their plate."""
from __future__ import annotations

import io
import random
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat

from bot.games.base import Action, Seat
from bot.games.cards import DECK
from bot.games.squared import CELLS, SquaredEngine
from images.cards import card_size
from images.squared import (
    CENTRE,
    FOOTER_H,
    GRID_CARD_W,
    GRID_TOP,
    HAND_SIZE,
    HEIGHT,
    PANEL_LEFTS,
    PANEL_W,
    PLATE_CARD_W,
    PLATE_H,
    PLATE_TOP,
    WIDTH,
    render_hand,
    render_table,
)

SEED = "5e" * 32
Box = tuple[int, int, int, int]


def decode(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def random_action(engine: SquaredEngine, seat: int, rng: random.Random) -> Action:
    """Any legal move: a random card on a random free cell, or a random betting action and amount."""
    spec = rng.choice(engine.legal_actions(seat))
    if spec.kind == "place":
        free = [CELLS[i] for i, card in enumerate(engine.view(seat)["grids"][seat]) if card is None]
        return Action("place", cards=(rng.choice(spec.choices).split("@")[0],), target=rng.choice(free))
    if spec.min_amount is not None and spec.max_amount is not None:
        return Action(spec.kind, amount=rng.randint(spec.min_amount, spec.max_amount))
    return Action(spec.kind)


def new_match(names: tuple[str, str] = ("Ann", "Bob")) -> SquaredEngine:
    return SquaredEngine({}, [Seat(names[0], 0), Seat(names[1], 0)], SEED)


def play_until(engine: SquaredEngine, done: Callable[[dict[str, Any]], bool], rng_seed: int = 1) -> SquaredEngine:
    """Play checks and calls (so the match lasts) with random placements until ``done(public view)``."""
    rng = random.Random(rng_seed)
    while not done(dict(engine.view(None))):
        assert engine.outcome is None, "the match ended before the wanted position"
        seat = engine.to_act()[0]
        kinds = {spec.kind for spec in engine.legal_actions(seat)}
        if "place" in kinds:
            engine.apply(seat, random_action(engine, seat, rng))
        else:
            engine.apply(seat, Action("check" if "check" in kinds else "call"))
    return engine


def changed(a: Image.Image, b: Image.Image, box: Box) -> bool:
    return ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is not None


def outside(a: Image.Image, b: Image.Image, allowed: list[Box]) -> Box | None:
    """The bounding box of the pixels that differ outside the ``allowed`` boxes (None: no such pixel)."""
    diff = ImageChops.difference(a, b)
    for box in allowed:
        diff.paste((0, 0, 0), box)
    return diff.getbbox()


def blueness(image: Image.Image, box: Box) -> float:
    """How much bluer than red a region is on average: high for card backs, about 0 for faces."""
    red, _, blue = ImageStat.Stat(image.crop(box)).mean
    return blue - red


def plate_box(seat: int) -> Box:
    return PANEL_LEFTS[seat], PLATE_TOP, PANEL_LEFTS[seat] + PANEL_W + 1, PLATE_TOP + PLATE_H + 1


def hand_cards_box(seat: int) -> Box:
    """Where the plate shows the cards in hand (right of the name)."""
    right = PANEL_LEFTS[seat] + PANEL_W
    return right - 90, PLATE_TOP + 8, right - 8, PLATE_TOP + 4 + card_size(PLATE_CARD_W)[1]


def grid_box(seat: int) -> Box:
    return PANEL_LEFTS[seat], GRID_TOP, PANEL_LEFTS[seat] + PANEL_W, GRID_TOP + 3 * card_size(GRID_CARD_W)[1] + 20


MIDDLE: Box = (CENTRE[0], PLATE_TOP, CENTRE[1], HEIGHT - FOOTER_H)  # a grid scoring's lines included


# ---- sizes in every phase -----------------------------------------------------------------------
PHASES: dict[str, Callable[[dict[str, Any]], bool]] = {
    "first placement": lambda v: True,
    "one placed": lambda v: v["placed"] == [True, False],
    "betting": lambda v: v["phase"] == "bet",
    "after a showdown": lambda v: v["round"] == 3 and v["phase"] == "place",
    "after the first grid": lambda v: v["round"] == 10 and v["phase"] == "bet",
    "one round after the grid": lambda v: v["round"] == 11,
}


@pytest.mark.parametrize("phase", PHASES)
def test_tables_and_hands_decode_at_their_size_in_every_phase(phase: str) -> None:
    engine = play_until(new_match(), PHASES[phase])
    public = engine.view(None)
    table = decode(render_table(public, footer="Deck SHA-256 3f2a9c0e…c9"))
    assert table.size == (WIDTH, HEIGHT) == (800, 600)
    for seat in (0, 1):
        assert decode(render_hand(engine.view(seat))).size == HAND_SIZE


def test_the_finished_match_decodes_and_shows_the_last_grid_scoring() -> None:
    engine = SquaredEngine({"rounds": 9}, [Seat("Ann", 0), Seat("Bob", 0)], SEED)
    play_until(engine, lambda v: v["phase"] == "over")
    public = engine.view(None)
    assert public["last_grid"] is not None and public["last_grid"]["round"] == 9
    assert decode(render_table(public)).size == (WIDTH, HEIGHT)
    assert decode(render_hand(engine.view(1))).size == HAND_SIZE


def test_render_hand_refuses_the_public_view() -> None:
    with pytest.raises(ValueError):
        render_hand(new_match().view(None))


# ---- what is hidden stays hidden ------------------------------------------------------------------
def test_cards_in_hand_are_backs_in_public_and_faces_for_their_owner() -> None:
    engine = new_match()
    public = decode(render_table(engine.view(None)))
    own = decode(render_table(engine.view(0)))
    assert changed(public, own, hand_cards_box(0))
    assert not changed(public, own, hand_cards_box(1))
    assert blueness(public, hand_cards_box(0)) > 40 and blueness(public, hand_cards_box(1)) > 40
    assert blueness(own, hand_cards_box(0)) < 10, "the owner sees faces, not backs"


def test_a_placement_stays_off_the_public_table_until_both_have_placed() -> None:
    engine = new_match()
    before = decode(render_table(engine.view(None)))
    card = engine.view(0)["hands"][0][0]
    engine.apply(0, Action("place", cards=(card,), target="E"))
    after = decode(render_table(engine.view(None)))
    mine = decode(render_table(engine.view(0)))
    assert not changed(before, after, grid_box(0)), "the secret placement showed on the public grid"
    assert changed(before, mine, grid_box(0)), "the owner's own view shows where the card went"
    engine.apply(1, Action("place", cards=(engine.view(1)["hands"][1][0],), target="A"))
    revealed = decode(render_table(engine.view(None)))
    assert changed(before, revealed, grid_box(0)) and changed(before, revealed, grid_box(1))


def test_the_hand_image_shows_the_own_cards_not_the_opponents() -> None:
    """A hand image is drawn from its own view: the same position renders differently per seat."""
    engine = play_until(new_match(), PHASES["betting"])
    assert render_hand(engine.view(0)) != render_hand(engine.view(1))
    hidden = dict(engine.view(0))
    hidden["hands"] = [list(hidden["hands"][0]), ["As", "Ks", "Qs"]]  # what seat 0 cannot know
    assert render_hand(hidden) == render_hand(engine.view(0)), "the hand image drew the opponent's cards"


# ---- names -----------------------------------------------------------------------------------------
NAMES = ["W" * 300, "Владимир Ωμέγα " * 10, "李小龍 🐉", "Zoë 🎲\u200d\x07", "\U0001f600" * 40, "محمد علي"]


@pytest.mark.parametrize("name", NAMES)
def test_long_and_unicode_names_stay_in_their_plate_and_the_middle(name: str) -> None:
    engine = play_until(new_match(), PHASES["betting"])
    view = dict(engine.view(None))
    base = decode(render_table(view))
    odd = decode(render_table({**view, "names": [name, view["names"][1]]}))
    assert outside(base, odd, [plate_box(0), MIDDLE]) is None


@pytest.mark.parametrize("name", NAMES)
def test_long_and_unicode_names_stay_in_the_middle_with_a_grid_scoring(name: str) -> None:
    engine = play_until(new_match(), PHASES["after the first grid"])
    view = dict(engine.view(None))
    base = decode(render_table(view))
    odd = decode(render_table({**view, "names": [name, view["names"][1]]}))
    assert outside(base, odd, [plate_box(0), MIDDLE]) is None
    hand = decode(render_hand({**engine.view(1), "names": [name, "Bob"]}))
    assert hand.size == HAND_SIZE


def test_huge_stacks_fit_the_plate() -> None:
    view = dict(new_match().view(None))
    base = decode(render_table(view))
    huge = decode(render_table({**view, "stacks": [10**30, view["stacks"][1]], "bets": [10**20, 0]}))
    assert outside(base, huge, [plate_box(0), MIDDLE]) is None


# ---- random legal play -------------------------------------------------------------------------------
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_any_position_of_random_legal_play_renders(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    engine = SquaredEngine({}, [Seat("Ann", 0), Seat("Bob", 0)], f"{seed:064x}")
    for _ in range(steps):
        if engine.outcome is not None:
            break
        seat = rng.choice(engine.to_act())
        engine.apply(seat, random_action(engine, seat, rng))
    public = engine.view(None)
    assert decode(render_table(public)).size == (WIDTH, HEIGHT)
    for seat in (0, 1):
        assert decode(render_hand(engine.view(seat))).size == HAND_SIZE
    assert all(card in DECK or card is None for grid in public["grids"] for card in grid)
