"""The Sigma Poker renderer, on views from real hands: PNGs decode at the documented size in every
phase and for 2-6 players, face-down cards are backs to everyone but their owner, a placement preview
looks exactly like the frame after that placement and refuses an illegal one, long or odd names
stay inside their plate, and every string is legible in Discord's 400 x 300 box."""
from __future__ import annotations

import io
import random
import statistics
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat

from bot.games.base import HIDDEN, Action, IllegalAction, Seat
from bot.games.sigma import SigmaEngine
from images.sigma import (
    HEIGHT,
    FOOTER_H,
    HAND_CELL,
    PANELS_TOP,
    HAND_SIZE,
    HAND_STRIP,
    WIDTH,
    panel_origin,
    panel_size,
    plate_height,
    render_hand,
    render_preview,
    render_table,
    side_below,
    side_origin,
    strip_cell,
    strip_origin,
)
from tests.support.text_recorder import SMALL_PX, Picture, recording, render_picture

SEED = "0" * 63 + "3"
"""Deals designated S14 + S29 and base cards S04, S20, S30 to seats 1, 2, 0 (see the engine tests)."""
Box = tuple[int, int, int, int]


def decode(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def new_hand(players: int = 3, names: list[str] | None = None, seed: str = SEED) -> SigmaEngine:
    names = names or ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"][:players]
    return SigmaEngine({}, [Seat(name, 40) for name in names], seed, {"dealer": 0})


def random_action(engine: SigmaEngine, seat: int, rng: random.Random) -> Action:
    spec = rng.choice(engine.legal_actions(seat))
    if spec.kind == "place":
        card = engine.view(seat)["seats"][seat]["in_hand"]["code"]
        return Action("place", cards=(card,), target=rng.choice(spec.choices))
    if spec.min_amount is not None and spec.max_amount is not None:
        return Action(spec.kind, amount=rng.randint(spec.min_amount, spec.max_amount))
    return Action(spec.kind)


def play_until(engine: SigmaEngine, done: Callable[[dict[str, Any]], bool], rng_seed: int = 2) -> SigmaEngine:
    """Checks and calls (nobody folds) until ``done(public view)``; even seats play option 2 and odd
    seats option 1, each at a random legal position."""
    rng = random.Random(rng_seed)
    while not done(dict(engine.view(None))):
        assert not engine.finished, "the hand ended before the wanted position"
        seat = engine.to_act()[0]
        specs = engine.legal_actions(seat)
        kinds = {spec.kind for spec in specs}
        if "place" in kinds:
            option = "2" if seat % 2 == 0 else "1"
            targets = [c for spec in specs for c in spec.choices if c[0] in (option, "3")]
            card = engine.view(seat)["seats"][seat]["in_hand"]["code"]
            engine.apply(seat, Action("place", cards=(card,), target=rng.choice(targets)))
        else:
            engine.apply(seat, Action("check" if "check" in kinds else "call"))
    return engine


def strip_box(index: int, players: int) -> Box:
    x, y = strip_origin(index, players)
    return x, y, x + 4 * strip_cell(players), y + 3 * strip_cell(players)


def plate_box(index: int, players: int) -> Box:
    left, top = panel_origin(index, players)
    return left, top, left + panel_size(players)[0] + 1, top + plate_height(players) + 1


def card_box(card: dict[str, Any], origin: tuple[int, int], cell: int) -> Box:
    """Where a card of the view lies in a strip drawn at ``origin`` with cells of ``cell`` px."""
    wide, tall = (2, 3) if card["rotation"] % 180 == 0 else (3, 2)
    x, y = origin[0] + card["col"] * cell, origin[1] + card["row"] * cell
    return x + 4, y + 4, x + wide * cell - 4, y + tall * cell - 4


def blueness(image: Image.Image, box: Box) -> float:
    red, _, blue = ImageStat.Stat(image.crop(box)).mean
    return blue - red


def outside(a: Image.Image, b: Image.Image, allowed: list[Box]) -> Box | None:
    diff = ImageChops.difference(a, b)
    for box in allowed:
        diff.paste((0, 0, 0), box)
    return diff.getbbox()


def cell_colours(image: Image.Image, origin: tuple[int, int], cell: int) -> list[tuple[int, ...]]:
    """The colour at the middle of each of the strip's 12 cells."""
    return [image.getpixel((origin[0] + c * cell + cell // 2, origin[1] + r * cell + cell // 2))
            for r in range(3) for c in range(4)]


PHASES: dict[str, Callable[[dict[str, Any]], bool]] = {
    "stage 1": lambda v: True,
    "choosing an option": lambda v: any(s["step"] == "choose" for s in v["seats"]),
    "placing the third card": lambda v: any(s["step"] == "third" for s in v["seats"]),
    "stage 2": lambda v: v["phase"] == "betting2",
    "showdown": lambda v: v["phase"] == "showdown",
}


# ---- sizes ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("phase", PHASES)
def test_tables_and_hands_decode_at_their_size(players: int, phase: str) -> None:
    engine = play_until(new_hand(players), PHASES[phase])
    table = decode(render_table(engine.view(None), footer="Deck SHA-256 3f2a9c0e…c9"))
    assert table.size == (WIDTH, HEIGHT)
    for seat in range(players):
        assert decode(render_hand(engine.view(seat))).size == HAND_SIZE


@pytest.mark.parametrize("players", range(2, 7))
def test_the_table_is_the_box_at_2x_and_every_panel_fits_in_it(players: int) -> None:
    """800 x 600 (Discord's 400 x 300 box at 2x) for any number of players; each panel lies between the
    top and the footer, apart from the others, its strip and the column beside it inside."""
    assert (WIDTH, HEIGHT) == (800, 600)
    width, height = panel_size(players)
    boxes = []
    for index in range(players):
        left, top = panel_origin(index, players)
        assert 0 < left and left + width < WIDTH and PANELS_TOP <= top and top + height <= 600 - FOOTER_H
        x, y = strip_origin(index, players)
        side_x, side_y = side_origin(index, players)
        right, bottom = x + 4 * strip_cell(players), y + 3 * strip_cell(players)
        assert bottom <= top + height and right <= left + width
        if side_below(players):  # the last action, the card in hand or the score under the strip
            assert side_x == x and bottom < side_y and side_y + 60 <= top + height
        else:  # ... or beside it
            assert side_y == y and right < side_x and side_x + 100 <= left + width
        boxes.append((left, top, left + width, top + height))
    for n, a in enumerate(boxes):
        for b in boxes[n + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], f"{a} overlaps {b}"
    assert strip_cell(players) >= 30, "a strip cell stays 15 px or more as shown"


def test_a_hand_won_by_folds_renders() -> None:
    engine = new_hand(3)
    while not engine.finished:
        seat = engine.to_act()[0]
        kinds = {spec.kind for spec in engine.legal_actions(seat)}
        engine.apply(seat, Action("bet", amount=2) if "bet" in kinds else Action("fold"))
    public = engine.view(None)
    assert public["phase"] == "folded"
    assert decode(render_table(public)).size == (WIDTH, HEIGHT)
    assert decode(render_hand(engine.view(0))).size == HAND_SIZE


def test_private_images_refuse_the_public_view() -> None:
    view = new_hand().view(None)
    with pytest.raises(ValueError):
        render_hand(view)
    with pytest.raises(ValueError):
        render_preview(view, "1:0:0,0")


# ---- face-down cards ---------------------------------------------------------------------------------
def test_face_down_cards_are_backs_except_for_their_owner_until_the_showdown() -> None:
    engine = play_until(new_hand(3), PHASES["stage 2"])
    public_view = engine.view(None)
    seat = 0
    hidden = next(c for c in public_view["seats"][seat]["cards"] if c["code"] == HIDDEN)
    public = decode(render_table(public_view))
    own = decode(render_table(engine.view(seat)))
    left, top, _, _ = strip_box(seat, 3)
    where = card_box(hidden, (left, top), strip_cell(3))
    assert blueness(public, where) > 40, "a face-down card is drawn as a back on the public table"
    assert ImageChops.difference(public.crop(where), own.crop(where)).getbbox() is not None
    other = strip_box(1, 3)
    assert ImageChops.difference(public.crop(other), own.crop(other)).getbbox() is None

    play_until(engine, PHASES["showdown"])
    shown = decode(render_table(engine.view(None)))
    assert blueness(shown, where) < 20, "at the showdown the card is turned face up"


def test_the_card_in_hand_is_a_back_on_the_public_table() -> None:
    engine = play_until(new_hand(3), PHASES["choosing an option"])
    placer = engine.to_act()[0]
    public = decode(render_table(engine.view(None)))
    own = decode(render_table(engine.view(placer)))
    left, top = side_origin(placer, 3)
    beside = (left, top, left + 40, top + 60)
    assert blueness(public, beside) > 40
    assert ImageChops.difference(public.crop(beside), own.crop(beside)).getbbox() is not None


# ---- the preview ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("pick", [0, 7, -1])
def test_a_preview_matches_the_frame_after_the_placement(pick: int) -> None:
    engine = play_until(new_hand(3), PHASES["choosing an option"])
    seat = engine.to_act()[0]
    view = engine.view(seat)
    targets = [c for spec in engine.legal_actions(seat) for c in spec.choices]
    target = targets[pick]
    preview = decode(render_preview(view, target))
    assert preview.size == HAND_SIZE
    engine.apply(seat, Action("place", cards=(view["seats"][seat]["in_hand"]["code"],), target=target))
    after = decode(render_hand(engine.view(seat)))
    assert cell_colours(preview, HAND_STRIP, HAND_CELL) == cell_colours(after, HAND_STRIP, HAND_CELL)
    before = decode(render_hand(view))
    assert cell_colours(preview, HAND_STRIP, HAND_CELL) != cell_colours(before, HAND_STRIP, HAND_CELL)


def test_a_third_card_preview_matches_too() -> None:
    engine = play_until(new_hand(3), PHASES["placing the third card"])
    seat = engine.to_act()[0]
    view = engine.view(seat)
    (spec,) = engine.legal_actions(seat)
    target = spec.choices[-1]
    preview = decode(render_preview(view, target))
    engine.apply(seat, Action("place", cards=(view["seats"][seat]["in_hand"]["code"],), target=target))
    after = decode(render_hand(engine.view(seat)))
    assert cell_colours(preview, HAND_STRIP, HAND_CELL) == cell_colours(after, HAND_STRIP, HAND_CELL)


@pytest.mark.parametrize("target, reason", [
    ("1:90:0,0", "must complete the 3x3 frame"),
    ("1:0:1,0", "must complete the 3x3 frame"),
    ("2:0:3,0", "outside every 3x3 frame"),
    ("3:0:0,0", "option 1"),
    ("sideways", "option:rotation:column,row"),
])
def test_an_illegal_preview_raises_the_rule(target: str, reason: str) -> None:
    engine = play_until(new_hand(3), PHASES["choosing an option"])
    view = engine.view(engine.to_act()[0])
    with pytest.raises(IllegalAction, match=reason):
        render_preview(view, target)


def test_a_preview_needs_a_card_in_hand() -> None:
    engine = new_hand(3)
    with pytest.raises(ValueError):
        render_preview(engine.view(0), "1:0:0,0")


# ---- names ---------------------------------------------------------------------------------------------
NAMES = ["W" * 300, "Владимир Ωμέγα " * 10, "李小龍 🐉", "Zoë 🎲\u200d\x07", "\U0001f600" * 40, "محمد علي"]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("phase", ["stage 2", "showdown"])
def test_long_and_unicode_names_stay_in_their_plate_and_the_top(name: str, phase: str) -> None:
    engine = play_until(new_hand(3), PHASES[phase])
    view = dict(engine.view(None))
    seats = [dict(seat) for seat in view["seats"]]
    base = decode(render_table({**view, "seats": seats}))
    seats[1]["name"] = name
    odd = decode(render_table({**view, "seats": seats}))
    top_text = (0, 0, WIDTH, PANELS_TOP)  # "<name> to act" beside the designated shape
    assert outside(base, odd, [plate_box(1, 3), top_text]) is None
    assert decode(render_hand({**engine.view(1), "seats": seats})).size == HAND_SIZE


def test_huge_stacks_fit_the_plate() -> None:
    engine = play_until(new_hand(3), PHASES["stage 2"])
    view = dict(engine.view(None))
    seats = [dict(seat) for seat in view["seats"]]
    base = decode(render_table({**view, "seats": seats}))
    seats[2].update(stack=10**30, bet=10**20)
    huge = decode(render_table({**view, "seats": seats}))
    assert outside(base, huge, [plate_box(2, 3)]) is None


# ---- random legal play --------------------------------------------------------------------------------
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), steps=st.integers(0, 40))
def test_any_position_of_random_legal_play_renders(seed: int, players: int, steps: int) -> None:
    rng = random.Random(seed)
    engine = new_hand(players, seed=f"{seed:064x}")
    for _ in range(steps):
        if engine.finished:
            break
        seat = engine.to_act()[0]
        engine.apply(seat, random_action(engine, seat, rng))
    assert decode(render_table(engine.view(None))).size == (WIDTH, HEIGHT)
    for seat in range(players):
        view = engine.view(seat)
        assert decode(render_hand(view)).size == HAND_SIZE
        if seat in engine.to_act() and view["seats"][seat]["step"]:
            target = rng.choice([c for spec in engine.legal_actions(seat) for c in spec.choices])
            assert decode(render_preview(view, target)).size == HAND_SIZE


# ---- legibility ------------------------------------------------------------------------------------------
def drawn(render: Callable[..., bytes], *args: Any) -> Picture:
    with recording() as recorder:
        return render_picture(recorder, render, *args)


def test_every_string_is_legible_in_the_box() -> None:
    """Every string of the table, the private hand and the preview is 11 px or more as Discord shows
    the picture (the 400 x 300 box), from the first bet to the showdown, for 3 and 6 players; their
    median is 14 px or more."""
    pictures = []
    for players in (3, 6):
        engine = new_hand(players)
        for phase in PHASES:
            play_until(engine, PHASES[phase])
            pictures += [drawn(render_table, engine.view(None), "Deck SHA-256 abc"), drawn(render_hand, engine.view(0))]
            seat = (engine.to_act() or (None,))[0]
            if seat is not None and engine.view(seat)["seats"][seat]["step"]:
                target = next(c for spec in engine.legal_actions(seat) for c in spec.choices)
                pictures.append(drawn(render_preview, engine.view(seat), target))
    assert any(picture.height == HAND_SIZE[1] and any(s.text.startswith("Option") for s in picture.strings)
               for picture in pictures), "a preview was measured"
    for picture in pictures:
        assert min(picture.shown()) >= SMALL_PX, sorted((s.em, s.text) for s in picture.strings)[:3]
    assert statistics.median(size for picture in pictures for size in picture.shown()) >= 14
