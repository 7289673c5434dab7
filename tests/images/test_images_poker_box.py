"""The poker pictures as Discord shows them (issue 40): the table is 800 x 600 and the hand 800 x 400,
every string at 11 px or more as shown, up to ten seats apart from each other; the seat to act is a
gold plate and the middle of the felt says who it is and what they face."""
from __future__ import annotations

from typing import Any

import pytest
from PIL import ImageStat

import images.poker as poker
import images.poker_layout as poker_layout
from bot.games.cards import DECK
from images.poker import HAND_SIZE, TABLE_SIZE, facing_text, render_hand, render_table
from tests.images.test_images import POT_KEYS, VIEW_KEYS, VIEW_REQUIRED, StrictView, decode, seat, table
from tests.support.text_recorder import SMALL_PX, Picture, recording, render_picture

Box = tuple[float, float, float, float]
_VIEW = (VIEW_KEYS, VIEW_REQUIRED)


def _drawn(view: Any) -> Picture:
    with recording() as recorder:
        return render_picture(recorder, render_table, view, "Deck SHA-256 3f2a9c0e5b7d41a8c2e6f09b…")


def _busy(count: int, cards: int = 2, **changes: Any) -> StrictView:
    """A table of ``count`` long-named players, each with a bet of its own, two pots and a board."""
    seats = [seat(f"Maximilian{n}" if n % 3 else f"P{n}", stack=12_345 - 1000 * n, bet=(n * 150) % 1300,
                  is_dealer=n == 0, to_act=n == 3, cards=["??"] * cards) for n in range(count)]
    pots = [StrictView({"amount": a, "eligible": [0]}, POT_KEYS) for a in (2400, 600)]
    return table(seats, board=["As", "Kd", "7h"], pots=pots, log=["Maximilian2 raises to 1,200"], **changes)


@pytest.mark.parametrize("count, cards", [(2, 2), (6, 4), (8, 7), (10, 2), (10, 4)])
def test_every_string_of_a_full_table_is_legible_in_the_box(count: int, cards: int) -> None:
    picture = _drawn(_busy(count, cards))
    assert (picture.width, picture.height) == TABLE_SIZE == (800, 600)
    assert min(picture.shown()) >= SMALL_PX, sorted((s.em, s.text) for s in picture.strings)[:3]


def test_shown_hands_a_showdown_and_the_private_hand_are_legible_in_the_box() -> None:
    seats = [seat(f"P{n}", cards=[DECK[4 * n + k] for k in range(4)], hand_name="Two Pair, Aces and Kings",
                  won=300 * (n == 0)) for n in range(10)]
    picture = _drawn(table(seats, street="showdown", board=["As", "Kd", "7h", "Td", "2c"], finished=True,
                           winners=["P0 wins 300 with Two Pair, Aces and Kings"]))
    assert min(picture.shown()) >= SMALL_PX, sorted((s.em, s.text) for s in picture.strings)[:3]
    hole = ["Qh", "Jh", "Tc", "9c", "2d", "5s", "Kc"]
    hand = table([seat("Al"), seat("Bob", cards=hole, bet=20, to_act=True)], viewer=1, board=["As", "Kd", "7h"])
    with recording() as recorder:
        mine = render_picture(recorder, render_hand, hand)
    assert (mine.width, mine.height) == HAND_SIZE and mine.width == 800 and mine.height <= 600
    assert min(mine.shown()) >= SMALL_PX, sorted((s.em, s.text) for s in mine.strings)[:3]
    text = {s.text for s in mine.strings}
    assert "Stack 1,000 · Bet 20 · Your turn: nothing to call" in text


def test_the_middle_says_who_is_to_act_and_what_they_face() -> None:
    """Issue 40: nothing on the picture said "to call"; now the middle of the felt does."""
    facing = table([seat("Al", bet=60), seat("Bob", bet=20, to_act=True)], street="flop")
    drawn = {s.text for s in _drawn(facing).strings}
    assert {"Bob to act", "40 to call", "Bob posts 20"} <= drawn, drawn
    assert facing_text(table([seat("Al", bet=60), seat("Bob", bet=20, stack=15)]), 1) == "15 to call", \
        "no more than the chips behind"
    assert facing_text(table([seat("Al", bet=20), seat("Bob", bet=20)]), 1) == "nothing to call"
    drawing = table([seat("Al"), seat("Bob", to_act=True)], street="draw")
    assert "Bob to draw" in {s.text for s in _drawn(drawing).strings}
    over = table([seat("Al", bet=60), seat("Bob", bet=20, to_act=True)], finished=True, winners=["Al wins 80"])
    assert not [s.text for s in _drawn(over).strings if "to call" in s.text or "to act" in s.text]


def test_the_seat_to_act_is_a_gold_plate_not_a_thin_edge(monkeypatch: pytest.MonkeyPatch) -> None:
    plates: list[Box] = []
    draw_plate = poker._draw_plate
    monkeypatch.setattr(poker, "_draw_plate", lambda draw, plate, *a, **k: plates.append(plate) or draw_plate(
        draw, plate, *a, **k))
    image = decode(render_table(table([seat("Al", to_act=True), seat("Bob")], street="flop")))
    waiting, acting = (image.crop(plate) for plate in plates)  # the bottom seat (Al's) is drawn last
    assert ImageStat.Stat(acting).median[:3] == [250, 198, 60], "the acting plate is filled gold"
    assert ImageStat.Stat(waiting).median[:3] != [250, 198, 60]


def test_ten_seats_bets_and_the_middle_stay_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten seats with a bet each: no two plates, no two bets and no bet and plate overlap, and no bet
    covers the pot's line or the lines saying who is to act."""
    plates: list[Box] = []
    bets: list[Box] = []
    draw_plate, draw_bet = poker._draw_plate, poker._draw_bet
    monkeypatch.setattr(poker, "_draw_plate", lambda draw, plate, *a, **k: plates.append(plate) or draw_plate(
        draw, plate, *a, **k))
    monkeypatch.setattr(poker, "_draw_bet", lambda *a, **k: bets.append(draw_bet(*a, **k)) or bets[-1])
    for count in (6, 8, 9, 10):
        plates.clear()
        bets.clear()
        drawn = {s.text for s in _drawn(_busy(count)).strings}
        boxes = plates + bets
        assert len(plates) == count and len(bets) == count - 1
        assert not [(a, b) for n, a in enumerate(boxes) for b in boxes[n + 1:] if poker_layout.overlap(a, b)]
        assert all(0 <= box[0] and box[2] <= TABLE_SIZE[0] for box in boxes)
        assert {"Main 2,400 · Side 600", "P3 to act"} <= drawn or {"2 pots 3,000", "P3 to act"} <= drawn, drawn
        assert any(text.endswith(" to call") for text in drawn)


def test_a_board_run_twice_names_every_pot_of_each_board_and_cuts_none() -> None:
    """The results under two boards: each board's line broken between its pots, none cut short."""
    first, second = ["As", "Kd", "7h", "2c", "3d"], ["Qs", "Jd", "9h", "8c", "4d"]
    results = ["1st board: main pot Carol 450 · side pot 1 Carol 700",
               "2nd board: main pot Carol 450 · side pot 1 Bob 700"]
    winners = ["First board, main pot: Carol wins 450 with Two Pair, Aces and Kings",
               "First board, side pot 1: Carol wins 700 with Two Pair, Aces and Kings",
               "Second board, main pot: Carol wins 450 with a Straight, Queen high",
               "Second board, side pot 1: Bob wins 700 with a Straight, Queen high"]
    view = StrictView({**table([seat("Ann"), seat("Bob"), seat("Carol")], board=first, finished=True,
                               street="showdown", winners=winners),
                       "boards": [first, second], "board_results": results}, *_VIEW)
    drawn = [s.text for s in _drawn(view).strings]
    lines = [text for text in drawn if "pot" in text]
    assert lines and not [text for text in lines if text.endswith("…")], lines
    for board, pots in (("1st board", ("main pot Carol 450", "side pot 1 Carol 700")),
                        ("2nd board", ("main pot Carol 450", "side pot 1 Bob 700"))):
        start = next(n for n, text in enumerate(lines) if text.startswith(board))
        assert all(any(pot in text for text in lines[start:start + 2]) for pot in pots), lines


def test_a_hand_shown_and_beaten_names_itself_on_its_plate() -> None:
    """At the end a beaten shown hand's name takes its stack's place (cut short); the winner keeps its
    stack, its hand said under the board."""
    seats = [seat("Ann", cards=["As", "Kd"], hand_name="Straight, Ace high", won=300),
             seat("Bob", cards=["Ah", "Kc"], hand_name="Two Pair, Aces and Kings", stack=700)]
    over = table(seats, street="showdown", board=["Qs", "Jd", "Th", "Ac", "Kc"], finished=True,
                 winners=["Ann wins 300 with Straight, Ace high"])
    drawn = [s.text for s in _drawn(over).strings]
    assert any(text.startswith("Two Pair") for text in drawn) and "700" not in drawn, drawn
    assert "1,000" in drawn and "Ann wins 300 with Straight, Ace high" in " ".join(drawn)


def _split_run_twice(count: int) -> StrictView:
    """A board run twice, all in three ways (two ways heads-up) with tie odds, the main pot split on
    each board and the side pot won whole."""
    names = ["Ann", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi", "Ivan", "Judy"][:count]
    live = min(count, 3)
    first, second = ["As", "Kd", "7h", "2c", "3d"], ["Qs", "Jd", "9h", "8c", "4d"]
    seats = [seat(name, cards=["Ah", "Kc"] if n < live else [], folded=n >= live, stack=0 if n < live else 900,
                  all_in=n < live, hand_name="Two Pair, Aces and Kings" if n < live else "", won=300 * (n < live))
             for n, name in enumerate(names)]
    equity = [{"street": street, "exact": True,
               "seats": [{"seat": n, "win": 0.05, "tie": 0.9, "share": 0.33} for n in range(live)]}
              for street in ("preflop", "flop", "turn")]
    split = ", ".join(names[:live])
    results = [f"1st: main {split} 150 each · side 1 {names[live - 1]} 700",
               f"2nd: main {split} 150 each · side 1 {names[0]} 700"]
    winners = [f"{board} board, main pot: {name} wins 150 with Two Pair, Aces and Kings"
               for board in ("First", "Second") for name in names[:live]]
    pots = [StrictView({"amount": 900, "eligible": list(range(live))}, POT_KEYS)]
    return StrictView({**table(seats, board=first, finished=True, street="showdown", winners=winners, pots=pots),
                       "boards": [first, second], "board_results": results, "equity": equity}, *_VIEW)


@pytest.mark.parametrize("count", range(2, 11))
def test_a_split_board_run_twice_keeps_its_results_off_the_odds_tags(count: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 40: the results of a board run twice with a three-way split ran over the seats' odds tags
    (the bottom seat's tag sat above its cards, under the board); now every line and tag stands apart."""
    tags: list[Box] = []
    lines: list[tuple[Box, str]] = []
    draw_tag, draw_text = poker.draw_tag, poker.draw_text

    def text(draw: Any, xy: tuple[float, float], line: str, face: Any, fill: Any, **kw: Any) -> None:
        if fill == poker.GOLD and kw.get("anchor") == "mt":
            half = poker.text_width(line, face) / 2
            lines.append(((xy[0] - half, xy[1], xy[0] + half, xy[1] + face.size), line))
        draw_text(draw, xy, line, face, fill, **kw)
    monkeypatch.setattr(poker, "draw_tag", lambda *a, **k: tags.append(draw_tag(*a, **k)) or tags[-1])
    monkeypatch.setattr(poker, "draw_text", text)
    picture = _drawn(_split_run_twice(count))
    assert min(picture.shown()) >= SMALL_PX, sorted((s.em, s.text) for s in picture.strings)[:3]
    assert len(tags) == min(count, 3) and len(lines) >= 2, (tags, lines)
    assert [line for _, line in lines][0].startswith("1st") and any(line.startswith("2nd") for _, line in lines)
    boxes = tags + [box for box, _ in lines]
    assert not [(a, b) for n, a in enumerate(boxes) for b in boxes[n + 1:] if poker_layout.overlap(a, b)], lines
    assert all(0 <= box[0] and box[2] <= TABLE_SIZE[0] and box[3] <= TABLE_SIZE[1] - poker_layout.FOOTER_H
               for box in boxes), boxes


@pytest.mark.parametrize("count", [2, 6, 9])
def test_a_split_pots_winners_are_each_named_under_the_board_none_cut_short(count: int) -> None:
    """Hi-lo winners' lines are long: each winner is named with the amount and half won, whole where
    the felt has room between the seats, else without the hand (the seat's plate names it); never cut
    short (two winners' long lines were "Maxim… wins 6… …" at six seats)."""
    winners = ["Maximilian wins 620 (high) with Two Pair, Aces and Kings", "Bartholomew wins 620 (low) with 8-6 low: 8-6-4-3-A"]
    seats = [seat(["Maximilian", "Bartholomew", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida"][n],
                  cards=[DECK[4 * n + k] for k in range(4)], hand_name="Two Pair, Aces and Kings", won=620 * (n < 2))
             for n in range(count)]
    strings = [s.text for s in _drawn(table(seats, street="showdown", board=["As", "Kd", "7h", "3d", "2c"],
                                            finished=True, winners=winners)).strings]
    lines = strings[strings.index("Pot 30") + 1:-1]  # under the board, above the footer
    assert " ".join(lines) in (" ".join(winners), "Maximilian wins 620 (high) Bartholomew wins 620 (low)"), lines
