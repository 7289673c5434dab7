"""The bridge renderers on views from real boards: PNGs decode at the documented size in every phase,
the public table image does not change when hidden cards change (so it cannot show them), hidden
hands are backs, dummy is face up after the opening lead and all four hands at the end; the auction
grid, contract and result texts read as a bridge player expects; the table says the auction only
during the bidding and the score and analysis only after the board; every string of the table, the
private hand and the hand record is 11 px or more as Discord shows it (issue 40)."""
from __future__ import annotations

import io
import random
import statistics
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageStat

from bot.games.base import Action, Seat
from bot.games.bridge import BridgeEngine, pbn_hand
from bot.games.bridge_scoring import ContractResult, RubberState, TableResult, results_table
from images.bridge import (
    SEAT_BOXES,
    TABLE_SIZE,
    auction_rows,
    contract_text,
    render_hand,
    render_table,
    result_lines,
    vulnerability,
)
from images.bridge_diagram import PANEL_H
from images.bridge_hand import HAND_SIZE
from images.bridge_hand_record import render_board_record
from tests.support.text_recorder import SMALL_PX, Picture, recording, render_picture

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
    """A box inside where the seat's hand is drawn."""
    left, _, right, top = SEAT_BOXES[seat]
    return left + 10, top + 10, right - 10, top + PANEL_H - 10


def face_up(image: Image.Image, seat: int) -> bool:
    """A hand seen is a diagram on a card-white panel, a hidden one dark blue backs on the felt: the
    red channel tells them apart."""
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


def drawn(render: Any, *args: Any) -> Picture:
    """The picture ``render(*args)`` encodes, with every string drawn in it."""
    with recording() as recorder:
        return render_picture(recorder, render, *args)


def texts(picture: Picture) -> set[str]:
    return {string.text for string in picture.strings}


LONG_AUCTION = ["1C", "pass", "1D", "pass", "1H", "pass", "1S", "pass", "1NT", "pass", "2C", "pass",
                "2D", "pass", "2H", "pass", "2S", "pass", "2NT", "pass"]


def call(engine: BridgeEngine, seat: int, text: str) -> None:
    engine.apply(seat, Action("pass") if text == "pass" else Action("bid", target=text))


def test_the_table_says_the_auction_while_bidding_then_contract_and_tricks_then_score() -> None:
    """Issue 40: the auction on the picture during the bidding only; the contract and tricks during
    the play; the score and the double-dummy analysis after the board."""
    engine = board()
    engine.apply(0, Action("bid", target="1NT"))
    bidding = texts(drawn(render_table, engine.view(None)))
    assert {"1NT", "?", "Dealer North"} <= bidding and not any(t.startswith("Tricks") for t in bidding)
    for seat in (1, 2, 3):
        engine.apply(seat, Action("pass"))
    play_cards(engine, 5)
    playing = texts(drawn(render_table, engine.view(None)))
    assert engine.last_winner is not None and sum(engine.won) == 1
    assert {"1NT by N", f"Tricks NS {engine.won[0]} · EW {engine.won[1]}",
            f"Last trick: {('North', 'East', 'South', 'West')[engine.last_winner]}"} <= playing
    assert "Pass" not in playing, "the auction is over: the log and the contract say it"
    assert not {"Total", "Above"} & playing and not any(t.startswith("Par") for t in playing)
    play_cards(engine, 47)
    engine.analyse()
    over = texts(drawn(render_table, engine.view(None)))
    assert {"Rubber", "Above", "Below", "Total", "The board is over"} <= over
    assert any(t.startswith("Par ") for t in over) and not any(t.startswith("Last trick") for t in over)


def test_a_long_auction_is_shortened_on_the_table_and_whole_in_the_private_hand() -> None:
    engine = board()
    for n, text in enumerate(LONG_AUCTION):
        call(engine, n % 4, text)
    table = texts(drawn(render_table, engine.view(None)))
    hand = texts(drawn(render_hand, engine.view(0)))
    assert "… 3 earlier rounds" in table and "1♣" not in table and "2NT" in table
    assert {"1♣", "1♦", "2NT", "?"} <= hand


def test_every_string_is_legible_in_discords_box() -> None:
    """At 800 wide Discord shows half size: every string of the table, the private hands and the hand
    record is 22 px or more (11 px as shown); the table's strings have a median of 14 px as shown."""
    engine = board({"scoring": "duplicate", "board": 5})
    tables, others = [drawn(render_table, engine.view(None), "Deck SHA-256 abc")], [drawn(render_hand, engine.view(2))]
    for n, text in enumerate(LONG_AUCTION[:9] + ["pass", "pass", "pass"]):
        call(engine, (engine.dealer + n) % 4, text)
    play_cards(engine, 7)
    tables.append(drawn(render_table, engine.view(None), "Deck SHA-256 abc"))
    others += [drawn(render_hand, engine.view(seat)) for seat in range(4)]
    play_cards(engine, 45)
    engine.analyse()
    tables.append(drawn(render_table, engine.view(None), "Deck SHA-256 abc"))
    others.append(drawn(render_hand, engine.view(0)))
    assert engine.result is not None
    traveller = results_table(5, [TableResult(f"#{n}", ContractResult(4, "H", 0, n % 4, 8 + n % 4)) for n in range(14)])
    record = {"board": 5, "deal": "N:" + " ".join(pbn_hand(hand) for hand in engine.dealt), "dealer": "N",
              "vulnerable": "NS", "analysis": dict(engine.analyse() or {}), "traveller": [dict(r) for r in traveller]}
    hand_record = drawn(render_board_record, record)
    assert (hand_record.width, hand_record.height) == (800, 600)
    more = [s.text for s in hand_record.strings if s.text.endswith(" more in the PBN file")]
    rows = [s.text for s in hand_record.strings if s.text.startswith("#")]
    assert len(more) == 1 and len(rows) + int(more[0].split()[1]) == 14, "the rows that do not fit are counted"
    for picture in [*tables, *others, hand_record]:
        assert min(picture.shown()) >= SMALL_PX, sorted((s.em, s.text) for s in picture.strings)[:3]
    assert statistics.median(size for picture in tables for size in picture.shown()) >= 14


def test_a_rubbers_part_scores_show_while_bidding_only() -> None:
    """Below the line, a part score changes what a side bids: the table says it during the auction."""
    entry = {"board": 1, "result": "2C by E making 2", "below": [0, 40], "above": [0, 0], "notes": [],
             "game_over": False}
    rubber = RubberState(boards=1, below=(0, 40), part=(0, 40), sheet=(entry,))  # type: ignore[arg-type]
    engine = board(carry={"rubber": rubber.to_json()})
    assert {"Part score", "NS 0 · EW 40"} <= texts(drawn(render_table, engine.view(None)))
    bid_1nt_by_north(engine)
    assert "Part score" not in texts(drawn(render_table, engine.view(None)))
