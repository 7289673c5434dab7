"""The bridge renderer on views from real boards: PNGs decode at the documented size in every phase,
the public table image does not change when hidden cards change (so it cannot show them), hidden
hands are backs, dummy is face up after the opening lead and all four hands at the end; the auction
grid, contract and result texts read as a bridge player expects."""
from __future__ import annotations

import io
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageStat

from bot.games.base import Action, Seat
from bot.games.bridge import BridgeEngine, pbn_hand
from bot.games.bridge_scoring import RubberState
from images.bridge import (
    HAND_SIZE,
    SEAT_BOXES,
    TABLE_SIZE,
    auction_rows,
    contract_text,
    render_hand,
    render_table,
    result_lines,
    vulnerability,
)

SEED = "3c" * 32
NAMES = ["Nadia", "Émile 🎲 with a very long name indeed", "Sam", "Wu"]


def decode(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def board(settings: dict[str, Any] | None = None, carry: dict[str, Any] | None = None) -> BridgeEngine:
    return BridgeEngine(settings or {}, [Seat(n, is_bot=i == 1) for i, n in enumerate(NAMES)], SEED, carry or {})


def bid_1nt_by_north(engine: BridgeEngine) -> None:
    """North (the dealer on board 1) opens 1NT and everyone passes: East leads, South is dummy."""
    engine.apply(0, Action("bid", target="1NT"))
    for seat in (1, 2, 3):
        engine.apply(seat, Action("pass"))


def play_cards(engine: BridgeEngine, count: int) -> None:
    """Play ``count`` cards, each the first legal one."""
    for _ in range(count):
        seat = engine.to_act()[0]
        spec = next(s for s in engine.legal_actions(seat) if s.kind == "play")
        engine.apply(seat, Action("play", cards=(spec.choices[0],)))


def hand_region(seat: int) -> tuple[int, int, int, int]:
    """A box inside where the seat's cards are drawn."""
    _, _, centre_x, top, _ = SEAT_BOXES[seat]
    return centre_x - 40, top + 10, centre_x + 40, top + 50


def face_up(image: Image.Image, seat: int) -> bool:
    """Card faces are near-white, backs dark blue: the red channel tells them apart."""
    return ImageStat.Stat(image.crop(hand_region(seat))).mean[0] > 150


def test_every_phase_renders_at_its_size() -> None:
    engine = board()
    views = [engine.view(None)]
    bid_1nt_by_north(engine)
    views.append(engine.view(None))
    play_cards(engine, 6)
    views.append(engine.view(None))
    engine.apply(0, Action("claim", amount=engine.won[0] + 11))
    views.append(engine.view(None))
    engine.apply(1, Action("accept_claim"))
    engine.apply(3, Action("accept_claim"))
    views.append(engine.view(None))
    assert views[-1]["finished"]
    for view in views:
        assert decode(render_table(view, "Deck SHA-256 abc")).size == TABLE_SIZE
    for seat in range(4):
        width, height = decode(render_hand(engine.view(seat))).size
        assert width == HAND_SIZE[0] and height <= HAND_SIZE[1]
    with pytest.raises(ValueError):
        render_hand(engine.view(None))


def test_passed_out_and_duplicate_boards_render() -> None:
    engine = board({"scoring": "duplicate", "board": 7})
    for seat in (2, 3, 0, 1):  # board 7: South deals
        engine.apply(seat, Action("pass"))
    view = engine.view(None)
    assert view["rubber"] is None and result_lines(view) == ["Passed out: 0"]
    assert decode(render_table(view)).size == TABLE_SIZE


def test_public_image_does_not_depend_on_hidden_cards() -> None:
    """Swapping cards between hands the public can't see leaves the table image unchanged, while
    the swap shows in the view of a seat holding one of them."""
    hands = [list(h) for h in board().dealt]
    swapped = [list(h) for h in hands]
    west_card, north_card = swapped[3][5], swapped[0][5]
    swapped[3][5], swapped[0][5] = north_card, west_card
    deals = ["N:" + " ".join(pbn_hand(h) for h in cards) for cards in (hands, swapped)]
    engines = [board({"deal": deal}) for deal in deals]
    assert render_table(engines[0].view(None)) == render_table(engines[1].view(None))
    for engine in engines:
        bid_1nt_by_north(engine)
        play_cards(engine, 1)  # East leads from a hand the swap left alone: the same card
    publics = [engine.view(None) for engine in engines]
    assert publics[0]["seats"][2]["cards"] != ["??"] * 13, "dummy is face up after the lead"
    assert render_table(publics[0]) == render_table(publics[1])
    assert render_hand(engines[0].view(3)) != render_hand(engines[1].view(3))


def test_backs_before_the_lead_dummy_after_it_and_every_hand_at_the_end() -> None:
    engine = board()
    bid_1nt_by_north(engine)
    before_lead = decode(render_table(engine.view(None)))
    assert not any(face_up(before_lead, seat) for seat in range(4))
    own = decode(render_table(engine.view(1)))
    assert face_up(own, 1) and not face_up(own, 0)
    play_cards(engine, 1)
    after_lead = decode(render_table(engine.view(None)))
    assert [face_up(after_lead, seat) for seat in range(4)] == [False, False, True, False]
    play_cards(engine, 51)
    assert engine.outcome is not None
    done = decode(render_table(engine.view(None)))
    assert all(face_up(done, seat) for seat in range(4)), "the original hands are shown at the end"


def test_auction_grid_starts_under_the_dealer_and_marks_the_call_due() -> None:
    engine = board({"scoring": "duplicate", "board": 2})  # East deals
    engine.apply(1, Action("pass"))
    engine.apply(2, Action("bid", target="1H"))
    engine.apply(3, Action("double"))
    engine.apply(0, Action("pass"))
    assert auction_rows(engine.view(None)) == [["", "Pass", "1H", "X"], ["Pass", "?", "", ""]]
    assert vulnerability(engine.view(None)["vulnerable"]) == "NS"


def test_texts() -> None:
    assert contract_text("4HX") == "4♥X" and contract_text("3NT") == "3NT" and contract_text("Pass") == "Pass"
    assert [vulnerability(v) for v in ([False, False], [True, False], [False, True], [True, True])] == \
        ["None", "NS", "EW", "Both"]
    view = {"result": "4H by S making 5: +450; NS win a game"}
    assert result_lines(view) == ["4♥ by S making 5: +450", "NS win a game"]


def test_a_long_rubber_sheet_fits() -> None:
    """A rubber carried over many boards: the sheet is cut to the panel, the image keeps its size."""
    entry = {"board": 1, "result": "2C by E making 2", "below": [0, 40], "above": [0, 0], "notes": [],
             "game_over": False}
    sheet = [dict(entry, board=n) for n in range(1, 40)]
    rubber = RubberState(boards=39, below=(0, 40), part=(0, 40), sheet=tuple(sheet))  # type: ignore[arg-type]
    engine = board(carry={"rubber": rubber.to_json()})
    view = engine.view(None)
    assert view["board"] == 40 and len(view["rubber"]["sheet"]) == 39
    assert decode(render_table(view)).size == TABLE_SIZE


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 70))
def test_any_position_renders(seed: int, steps: int) -> None:
    """Random legal calls and cards: the table and every hand image render at their sizes."""
    rng = random.Random(seed)
    engine = BridgeEngine({}, [Seat(n) for n in NAMES], f"{seed:064x}", {})
    for _ in range(steps):
        if engine.outcome is not None:
            break
        seat = engine.to_act()[0]
        spec = rng.choice([s for s in engine.legal_actions(seat) if s.kind not in ("claim", "double", "redouble")])
        if spec.kind == "bid" and rng.random() < 0.7:
            spec = next(s for s in engine.legal_actions(seat) if s.kind == "pass")
        choice = rng.choice(spec.choices) if spec.choices else None
        engine.apply(seat, Action(spec.kind, cards=(choice,) if spec.kind == "play" else (),
                                  target=choice if spec.kind == "bid" else None))
    assert decode(render_table(engine.view(None))).size == TABLE_SIZE
    for seat in range(4):
        width, height = decode(render_hand(engine.view(seat))).size
        assert width == HAND_SIZE[0] and height <= HAND_SIZE[1]


def test_the_private_hand_is_as_tall_as_what_it_shows() -> None:
    """No empty felt under the hand: the auction-time image ends below the cards and the auction, and
    grows to hold dummy once it is face up."""
    engine = board()
    bid_1nt_by_north(engine)
    in_auction = decode(render_hand(engine.view(1)))
    play_cards(engine, 1)
    with_dummy = decode(render_hand(engine.view(1)))
    assert in_auction.height <= HAND_SIZE[1] * 0.6
    assert in_auction.height < with_dummy.height <= HAND_SIZE[1]
    bottom_rows = in_auction.crop((0, in_auction.height - 20, 600, in_auction.height))
    assert ImageStat.Stat(bottom_rows).mean[1] > 80, "the image ends on the felt just below the cards"
