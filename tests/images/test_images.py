"""The poker renderer: PNGs decode at the right size, long or odd names stay inside their plate,
a card face and a card back are drawn differently, and only ``PokerView`` keys are ever read."""
from __future__ import annotations

import io
from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat

from bot.games.base import Seat
from bot.games.cards import DECK
from bot.games.poker_view import PokerSeatView, PokerView, PotView
from images import cards as sprites
from images.poker import (
    BOARD_CARD_W,
    BOARD_Y,
    CENTER,
    CENTRE_W,
    HAND_BOARD_W,
    HAND_SIZE,
    SEAT_CARD_W,
    SEAT_ROW_W,
    TABLE_SIZE,
    Seating,
    render_hand,
    render_table,
    seat_card_width,
)

SEAT_KEYS = set(PokerSeatView.__annotations__)
VIEW_KEYS = set(PokerView.__annotations__)
VIEW_REQUIRED = VIEW_KEYS - {"board_slots", "runout", "equity", "boards", "board_results", "options", "draws_left", "four_color"}  # NotRequired (not visible at runtime under postponed annotations)
SEAT_REQUIRED = SEAT_KEYS - {"drew", "up"}  # draw and stud only
POT_KEYS = set(PotView.__annotations__)


class StrictView(Mapping[str, Any]):
    """A read-only view that fails the test when the renderer asks for a key its TypedDict lacks."""

    def __init__(self, data: Mapping[str, Any], allowed: set[str], required: set[str] | None = None) -> None:
        required = allowed if required is None else required
        assert required <= set(data) <= allowed, f"test view keys {set(data)} do not match the TypedDict"
        self._data, self._allowed = dict(data), allowed

    def __getitem__(self, key: str) -> Any:
        assert key in self._allowed, f"the renderer read {key!r}, which the view does not define"
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)


def seat(name: str = "Alice", **changes: Any) -> StrictView:
    data: dict[str, Any] = {"name": name, "stack": 1000, "bet": 0, "cards": ["??", "??"], "folded": False,
                            "all_in": False, "is_dealer": False, "to_act": False, "last_action": "",
                            "hand_name": "", "won": 0}
    data.update(changes)
    return StrictView(data, SEAT_KEYS, SEAT_REQUIRED)


def table(seats: list[StrictView], **changes: Any) -> StrictView:
    data: dict[str, Any] = {
        "game": "holdem", "variant": "No-limit hold'em", "hand_no": 7, "street": "preflop", "board": [],
        "seats": seats, "pots": [StrictView({"amount": 30, "eligible": list(range(len(seats)))}, POT_KEYS)],
        "stakes": "Blinds 10/20", "viewer": None, "log": ["Alice posts 10", "Bob posts 20"], "winners": [],
        "finished": False,
    }
    data.update(changes)
    return StrictView(data, VIEW_KEYS, VIEW_REQUIRED)


def players(count: int, **changes: Any) -> list[StrictView]:
    return [seat(f"Player {n}", is_dealer=n == 0, **changes) for n in range(count)]


def decode(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def changed_box(a: bytes, b: bytes) -> tuple[int, int, int, int]:
    box = ImageChops.difference(decode(a), decode(b)).getbbox()
    assert box is not None, "the two renders are identical"
    return box


@pytest.mark.parametrize("count", [2, 6, 10])
def test_preflop_tables_decode_at_the_table_size(count: int) -> None:
    view = table(players(count, bet=20), street="preflop")
    image = decode(render_table(view, footer="Deck SHA-256 3f2a…c9"))
    assert image.size == TABLE_SIZE


@pytest.mark.parametrize("count", [2, 6, 10])
def test_showdown_tables_decode_with_shown_hands_and_winners(count: int) -> None:
    seats = [seat(f"P{n}", cards=[DECK[2 * n], DECK[2 * n + 1]], hand_name="High card", won=100 * (n == 0))
             for n in range(count)]
    view = table(seats, street="showdown", board=["As", "Kd", "7h", "Td", "2c"], finished=True,
                 winners=["P0 wins 100 with High card"])
    assert decode(render_table(view)).size == TABLE_SIZE


def test_long_names_are_cut_to_fit_their_plate() -> None:
    short = table([seat("Al"), seat("Bob")])
    long = table([seat("W" * 300), seat("Bob")])
    left, top, right, bottom = changed_box(render_table(short), render_table(long))
    assert right - left <= Seating.of(2).plate_w and bottom - top <= Seating.of(2).plate_h


@pytest.mark.parametrize("name", ["Владимир Ωμέγα", "محمد علي", "李小龍 🐉", "Zoë 🎲\u200d\x07", "\U0001f600" * 40])
def test_unicode_names_render_inside_their_plate(name: str) -> None:
    base = table([seat("Al"), seat("Bob")])
    odd = table([seat(name), seat("Bob")])
    left, top, right, bottom = changed_box(render_table(base), render_table(odd))
    assert right - left <= Seating.of(2).plate_w and bottom - top <= Seating.of(2).plate_h


def test_huge_stacks_and_bets_stay_inside_the_image_and_plate() -> None:
    small = table([seat("Al", stack=5), seat("Bob")])
    huge = table([seat("Al", stack=10**30, all_in=True), seat("Bob")])
    left, top, right, bottom = changed_box(render_table(small), render_table(huge))
    assert right - left <= Seating.of(2).plate_w and bottom - top <= Seating.of(2).plate_h
    assert decode(render_table(table([seat("Al", bet=10**18), seat("Bob", stack=-(10**15))]))).size == TABLE_SIZE


def test_a_card_face_is_drawn_where_the_back_was() -> None:
    hidden = render_table(table([seat("Al", cards=["??", "??"]), seat("Bob")]))
    shown = render_table(table([seat("Al", cards=["As", "Kd"]), seat("Bob")], viewer=0))
    left, top, right, bottom = changed_box(hidden, shown)
    card_w, card_h = sprites.card_size(SEAT_CARD_W)
    assert right - left <= 2 * card_w + 4 and bottom - top <= card_h
    region = (left, top, right, bottom)
    back_mean = ImageStat.Stat(decode(hidden).crop(region).convert("L")).mean[0]
    face_mean = ImageStat.Stat(decode(shown).crop(region).convert("L")).mean[0]
    assert face_mean > back_mean + 40, "a face is mostly white, a back mostly blue"


def test_board_cards_fill_the_empty_slots() -> None:
    empty = render_table(table(players(2)))
    dealt = render_table(table(players(2), board=["As", "Kd", "7h"]))
    left, top, right, bottom = changed_box(empty, dealt)
    card_w, card_h = sprites.card_size(58)
    assert right - left <= 3 * card_w + 2 * 8 and bottom - top <= card_h


def test_a_board_run_twice_is_drawn_as_two_rows_of_five() -> None:
    first, second = ["As", "Kd", "7h", "2c", "3d"], ["Qs", "Jd", "9h", "8c", "4d"]
    once = render_table(table(players(2), board=first, finished=True))
    twice = render_table(table(players(2), board=first, boards=[first, second], finished=True))
    left, top, right, bottom = changed_box(once, twice)
    card_w, card_h = sprites.card_size(44)
    assert bottom - top >= 2 * card_h, "two rows of cards, one above the other"
    assert right - left <= CENTRE_W < 2 * 5 * card_w, "one board above the other, labelled, not side by side"
    slots = render_table(table(players(2), board=first, boards=[first, []], finished=True))
    row_top = changed_box(slots, twice)[1]
    assert row_top >= top + card_h, "the second board's cards fill the lower row's slots"


def test_the_private_hand_shows_both_boards_of_a_board_run_twice_side_by_side() -> None:
    first, second = ["As", "Kd", "7h", "2c", "3d"], ["Qs", "Jd", "9h", "8c", "4d"]
    hand = table([seat(cards=["Ah", "Ac"]), seat("Bob")], viewer=0, board=first, finished=True)
    once, twice = render_hand(hand), render_hand(StrictView({**hand, "boards": [first, second]}, VIEW_KEYS, VIEW_REQUIRED))
    left, top, right, bottom = changed_box(once, twice)
    assert right - left > 5 * 44 + 4 * 6, "wider than one board: two side by side"
    assert top >= HAND_SIZE[1] - sprites.card_size(HAND_BOARD_W)[1] - 12, "at the bottom, where the board is"


def _board_area(image: Image.Image) -> Image.Image:
    card_w, card_h = sprites.card_size(BOARD_CARD_W)
    half = 5 * (card_w + 8) // 2
    return image.crop((CENTER[0] - half, BOARD_Y - card_h // 2, CENTER[0] + half, BOARD_Y + card_h // 2))


def test_no_board_slots_leaves_the_middle_of_the_felt_bare() -> None:
    """Stud and draw say ``board_slots=0``: no empty board slots are drawn, the pot and log still are."""
    empty = decode(render_table(table(players(3, cards=["??"] * 5), board_slots=0, log=[], pots=[])))
    assert _board_area(empty).getcolors(1 << 16) == [(_board_area(empty).width * _board_area(empty).height,
                                                      (22, 104, 62))], "only felt where the board would be"
    bare = decode(render_table(table(players(3, cards=["??"] * 5), board_slots=0, log=[])))
    slotted = decode(render_table(table(players(3, cards=["??"] * 5), board_slots=5, log=[])))
    assert ImageChops.difference(_board_area(bare), _board_area(slotted)).getbbox() is not None
    default = decode(render_table(table(players(3, cards=["??"] * 5), log=[])))
    assert ImageChops.difference(default, slotted).getbbox() is None, "five slots is the default"
    hand = table(players(3, cards=["??"] * 5), viewer=0, board_slots=0)
    assert decode(render_hand(hand)).size == HAND_SIZE


@pytest.mark.parametrize("count, seats", [(2, 10), (4, 10), (5, 8), (7, 8)])
def test_long_hands_stay_within_their_seat(count: int, seats: int) -> None:
    """Omaha's four cards at ten seats and stud's seven at eight: each seat's cards stay within a row
    hardly wider than its plate (so neighbours never overlap)."""
    card_w = seat_card_width(count)
    hole = ["As", "??", "Kd", "??", "7h", "Td", "2c"][:count]
    base = table([seat("Al", cards=["??"] * count), *players(seats - 1, cards=["??"] * count)])
    one = table([seat("Al", cards=hole), *players(seats - 1, cards=["??"] * count)])
    left, top, right, bottom = changed_box(render_table(base), render_table(one))
    assert right - left <= SEAT_ROW_W and bottom - top <= sprites.card_size(card_w)[1]
    full = table([seat(f"P{n}", cards=["??"] * count, bet=10) for n in range(seats)])
    assert decode(render_table(full)).size == TABLE_SIZE


def test_the_seat_to_act_gets_a_gold_edge() -> None:
    waiting = decode(render_table(table(players(2))))
    acting = decode(render_table(table([seat("Player 0", is_dealer=True, to_act=True), seat("Player 1")])))
    box = ImageChops.difference(waiting, acting).getbbox()
    assert box is not None
    colours = {colour for _, colour in acting.crop(box).getcolors(1 << 16)}
    assert (250, 198, 60) in colours


def test_the_same_view_gives_the_same_png_from_many_threads() -> None:
    views = [table(players(n, bet=n * 10), board=["As", "Kd", "7h"][: n % 4]) for n in range(2, 11)]
    expected = [render_table(view) for view in views]
    with ThreadPoolExecutor(max_workers=4) as pool:
        for _ in range(2):
            assert list(pool.map(render_table, views)) == expected


@pytest.mark.parametrize("hole", [["Qh", "Jh"], ["Qh", "Jh", "Tc", "9c"], ["2c", "3d", "4h", "5s", "6c", "7d", "8h"]])
def test_the_private_hand_shows_the_viewers_cards(hole: list[str]) -> None:
    view = table([seat("Al"), seat("Bob", cards=hole, hand_name="Straight, Queen high")], viewer=1,
                 board=["As", "Kd", "7h", "Td"], street="turn")
    png = render_hand(view)
    assert decode(png).size == HAND_SIZE
    hidden = table([seat("Al"), seat("Bob", cards=["??"] * len(hole), hand_name="Straight, Queen high")],
                   viewer=1, board=["As", "Kd", "7h", "Td"], street="turn")
    assert changed_box(render_hand(hidden), png)


def test_the_private_hand_refuses_the_public_view() -> None:
    with pytest.raises(ValueError, match="public view"):
        render_hand(table(players(2)))


def test_card_sprites_have_the_asked_size_and_refuse_bad_codes() -> None:
    assert sprites.card_image("As", 50).size == (50, 70)
    assert sprites.card_image("As", 50) is sprites.card_image("As", 50)
    assert sprites.card_image("As", 50).tobytes() != sprites.card_image("??", 50).tobytes()
    assert sprites.card_image("Ad", 50).tobytes() != sprites.card_image("Ad", 50, four_color=True).tobytes()
    with pytest.raises(ValueError, match="Not a card code"):
        sprites.card_image("1x", 50)


@pytest.mark.parametrize("amount, text", [(0, "0"), (9_999_999, "9,999,999"), (12_345_678, "12.3M"),
                                          (999_700_000, "1B"), (4_560_000_000, "4.56B"), (-25_000_000, "-25M"),
                                          (10**15, "1e+15"), (10**12 * 5, "5T")])
def test_chip_counts_are_short(amount: int, text: str) -> None:
    assert sprites.chips(amount).replace(".00e", "e") == text


def test_printable_drops_what_the_font_cannot_draw() -> None:
    face = sprites.font(16, "bold")
    assert sprites.printable("ሰላም Bob\x07 \u200d", face) == "Bob"  # no bundled font draws Ethiopic
    assert sprites.printable("Владимир\nΩμέγα\r", face) == "Владимир Ωμέγα"


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=80), st.integers(10, 300))
def test_fit_text_never_exceeds_the_width(text: str, width: int) -> None:
    face = sprites.font(15)
    fitted = sprites.fit_text(text, face, width)
    assert fitted == sprites.printable(text, face) or fitted.endswith("…")
    assert sprites.text_width(fitted, face) <= max(width, face.getlength("…"))  # emoji and scripts as drawn


cards_st = st.lists(st.sampled_from(list(DECK) + ["??"]), min_size=0, max_size=7)
seat_st = st.builds(
    lambda name, stack, bet, hole, flags, action, hand, won: seat(
        name, stack=stack, bet=bet, cards=hole, folded=flags[0], all_in=flags[1], is_dealer=flags[2],
        to_act=flags[3], last_action=action, hand_name=hand, won=won),
    st.text(max_size=40), st.integers(0, 10**20), st.integers(0, 10**15), cards_st,
    st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans()),
    st.text(max_size=40), st.text(max_size=60), st.integers(0, 10**15),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(seat_st, min_size=2, max_size=10), st.lists(st.sampled_from(DECK), max_size=5),
       st.sampled_from(["preflop", "flop", "turn", "river", "showdown", "third street"]),
       st.lists(st.text(max_size=120), max_size=6), st.booleans(), st.data())
def test_any_poker_view_renders(seats: list[StrictView], board: list[str], street: str, log: list[str],
                                finished: bool, data: st.DataObject) -> None:
    viewer = data.draw(st.none() | st.integers(0, len(seats) - 1))
    view = table(seats, board=board, street=street, log=log, finished=finished, winners=log[:2], viewer=viewer,
                 pots=[StrictView({"amount": a, "eligible": [0]}, POT_KEYS)
                       for a in data.draw(st.lists(st.integers(0, 10**18), max_size=4))])
    assert decode(render_table(view, footer=data.draw(st.text(max_size=100)))).size == TABLE_SIZE
    if viewer is not None:
        assert decode(render_hand(view)).size == HAND_SIZE


def test_the_plate_says_how_many_cards_a_draw_player_replaced() -> None:
    """Five-card draw: the table shows how many each player drew, after the betting moved on."""
    from bot.games.base import Action, Seat
    from bot.games.draw import DrawEngine

    engine = DrawEngine({"limit": "no-limit", "small_blind": 5, "big_blind": 10}, [Seat("A", 500), Seat("B", 500)],
                        "ab" * 32, {"dealer": 0})
    while engine.view(None)["street"] != "draw":
        seat = engine.to_act()[0]
        kinds = {s.kind for s in engine.legal_actions(seat)}
        engine.apply(seat, Action("check" if "check" in kinds else "call"))
    before = render_table(engine.view(None))
    first = engine.to_act()[0]
    cards = engine.view(first)["seats"][first]["cards"][:3]
    engine.apply(first, Action("discard", cards=tuple(cards)))
    assert engine.view(None)["seats"][first]["drew"] == 3
    assert render_table(engine.view(None)) != before


@pytest.mark.parametrize("count", [5, 7])
def test_five_or_more_hole_cards_stand_clear_of_the_name_plate(count: int) -> None:
    """Draw's five cards and stud's seven are drawn whole above the plate: the cards' pixels reach
    down to a card's bottom edge, which lies above the plate."""
    base = table([seat("Al", cards=["??"] * count), *players(3, cards=["??"] * count)])
    bare = table([seat("Al", cards=[]), *players(3, cards=["??"] * count)])
    left, top, right, bottom = changed_box(render_table(bare), render_table(base))
    assert bottom - top >= sprites.card_size(seat_card_width(count))[1] - 2, "the whole card is visible"
    plate = decode(render_table(base)).crop((left, bottom + 1, right, bottom + 4))
    assert plate.convert("L").getextrema()[1] < 120, "a dark gap and the plate lie below the cards"


def test_stud_shows_its_stakes_and_no_dealer_button() -> None:
    from bot.games.stud import StudEngine

    engine = StudEngine({"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
                        [Seat("A", 100), Seat("B", 100), Seat("C", 100)], "ab" * 32, {})
    view = engine.view(None)
    assert view["stakes"] == "Limits 5/10, ante 1, bring-in 2"
    assert not any(seat["is_dealer"] for seat in view["seats"])
