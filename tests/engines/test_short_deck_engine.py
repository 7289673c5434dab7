"""Short-deck hold'em: the 36-card deck, antes with a button blind (or blinds), short deck's ranking at
the showdown (a flush over a full house, A-6-7-8-9 a straight, a straight over three of a kind), run it
twice on the short deck, all-in odds counted from the 36 cards, and the PHH export pokerkit replays."""
from __future__ import annotations

import random
from typing import Sequence

import pytest
from pokerkit import HandHistory

import bot.games.short_deck as short_deck
from bot.games.base import Action, Seat
from bot.games.cards import pretty
from bot.games.runout_equity import with_equity
from bot.games.short_deck import ShortDeckEngine, describe_settings
from bot.games.short_deck_hands import SHORT_DECK, shuffled_short_deck

SEED = "5d" * 32
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")


def rig(monkeypatch: pytest.MonkeyPatch, holes: Sequence[str], board: str, second: str = "", dealer: int = 0) -> None:
    """The next engine deals ``holes[seat]`` from the button's left, then ``board`` (and ``second``, the
    second board of a hand run twice before the flop), each street after a burn."""
    n = len(holes)
    dealt = [holes[seat][2 * k:2 * k + 2] for k in range(2) for seat in [(dealer + 1 + i) % n for i in range(n)]]
    boards = [[b[i:i + 2] for i in range(0, 10, 2)] for b in (board, second) if b]
    rest = [c for c in SHORT_DECK if c not in dealt and all(c not in b for b in boards)]
    deck = list(dealt)
    for cards in boards:
        deck += [rest.pop(), *cards[:3], rest.pop(), cards[3], rest.pop(), cards[4]]
    deck += rest
    assert sorted(deck) == sorted(SHORT_DECK)
    monkeypatch.setattr(short_deck, "shuffled_short_deck", lambda seed: list(deck))


def engine(stacks: Sequence[int], dealer: int = 0, **settings: object) -> ShortDeckEngine:
    seats = [Seat(name, stack) for name, stack in zip(NAMES, stacks)]
    return ShortDeckEngine({"ante": 10, "big_blind": 20, **settings}, seats, SEED, {"dealer": dealer})


def test_the_deck_is_the_36_cards_from_six_to_ace_in_the_seeds_order() -> None:
    assert len(SHORT_DECK) == 36 and {card[0] for card in SHORT_DECK} == set("6789TJQKA")
    order = list(SHORT_DECK)
    random.Random(int(SEED, 16)).shuffle(order)
    assert shuffled_short_deck(SEED) == order, "anyone can rebuild it from the revealed seed"
    e = engine([1000] * 8)
    holes = [card for seat in range(8) for card in e.view(seat)["seats"][seat]["cards"]]
    assert len(set(holes)) == 16 and set(holes) <= set(SHORT_DECK)


def test_everyone_antes_the_button_posts_the_blind_and_acts_last() -> None:
    e = engine([1000, 1000, 1000], dealer=2)
    assert e.log[:2] == ["Each player antes 10", "Cat posts the button blind of 20"]
    assert e.to_act() == (0,), "the action starts left of the button"
    view = e.view(None)
    assert [seat["bet"] for seat in view["seats"]] == [0, 0, 20] and view["pots"][0]["amount"] == 30
    assert view["stakes"] == "Ante 10, button 20" and view["variant"] == "Short deck", "short, for the picture's heading"
    assert [spec.label for spec in e.legal_actions(0)][:2] == ["Fold", "Call 20"]
    e.apply(0, Action("call"))
    e.apply(1, Action("call"))
    e.apply(2, Action("check"))
    assert len(e.board) == 3 and e.to_act() == (0,), "after the flop too the button acts last"


def test_heads_up_the_button_posts_and_the_other_player_acts_first() -> None:
    for dealer in (0, 1):
        e = engine([500, 500], dealer=dealer)
        other = 1 - dealer
        assert f"{NAMES[dealer]} posts the button blind of 20" in e.log
        assert e.to_act() == (other,)
        e.apply(other, Action("fold"))
        assert e.outcome is not None and e.outcome.deltas[dealer] == 10, "the other player's ante"


def test_blinds_are_an_option() -> None:
    e = engine([1000, 1000, 1000], forced="blinds", small_blind=5, big_blind=10, ante=0)
    assert e.log[:2] == ["Bob posts the small blind of 5", "Cat posts the big blind of 10"]
    assert e.to_act() == (0,) and e.view(None)["stakes"] == "Blinds 5/10"
    assert describe_settings({"forced": "blinds", "small_blind": 5, "big_blind": 10}) == "Blinds 5/10"
    assert describe_settings({"ante": 10, "big_blind": 20, "run_it_twice": True}) == "Ante 10, button blind 20; run it twice"


@pytest.mark.parametrize(("holes", "board", "winner", "names"), [
    (["AhKh", "QsQc"], "Qh9h6hQdTc", 1, ("Flush, Ace high", "Four of a kind, Queens")),
    (["AhKh", "QsQc"], "Qh9h6hJd6c", 0, ("Flush, Ace high", "Full house, Queens full of Sixes")),
    (["As7c", "KsKc"], "6d8h9sKdTc", 0, ("Straight, Ten high", "Three of a kind, Kings")),
    (["AsJc", "KsKc"], "6d7h8s9dKd", 0, ("Straight, Nine high", "Three of a kind, Kings")),
    (["AsJc", "TsKc"], "6d7h8s9dKd", 1, ("Straight, Nine high", "Straight, Ten high")),
])
def test_the_showdown_ranks_as_short_deck_does(monkeypatch: pytest.MonkeyPatch, holes: list[str], board: str,
                                               winner: int, names: tuple[str, str]) -> None:
    rig(monkeypatch, holes, board, dealer=1)
    e = engine([500, 500], dealer=1)
    e.apply(0, Action("raise", 490))
    e.apply(1, Action("call"))
    assert e.finished and e.board == [board[i:i + 2] for i in range(0, 10, 2)]
    assert [seat["hand_name"] for seat in e.view(None)["seats"]] == list(names)
    assert e.outcome is not None and e.outcome.deltas[winner] == 500
    assert e.view(None)["winners"] == [f"{NAMES[winner]} wins 1000 with {names[winner]}"]
    assert f"{NAMES[winner]} shows {' '.join(pretty(c) for c in (holes[winner][:2], holes[winner][2:]))} ({names[winner]})" in e.log


def test_all_in_shows_short_deck_odds_and_the_board_can_run_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["AhKh", "QsQc", "7c6d"], "Qh9h6hJd6c", "TsJsKdAd8c", dealer=2)
    e = engine([1000, 1000, 1000], dealer=2, run_it_twice=True)
    e.apply(0, Action("raise", 990))
    e.apply(1, Action("call"))
    e.apply(2, Action("fold"))
    assert e.choosing_runouts() and [spot["rule"] for spot in e.view(None)["runout"]] == ["short-deck"]
    e.apply(1, Action("twice"))
    e.apply(0, Action("twice"))
    view = e.view(None)
    assert view["boards"] == [["Qh", "9h", "6h", "Jd", "6c"], ["Ts", "Js", "Kd", "Ad", "8c"]]
    assert view["winners"] == ["First board: Ann wins 1015 with Flush, Ace high",
                               "Second board: Bob wins 1015 with Straight, Ace high"]
    assert e.outcome is not None and e.outcome.deltas == (15, 15, -30), "half the pot each, and Cat's ante and blind"
    turns = {street["street"]: street["seats"] for street in with_equity(view)["equity"]}
    # Qh 9h 6h Jd: Ann's flush beats Bob's queens full unless the last of the queens makes four (1 of
    # 28 cards); Ts Js Kd Ad: Bob's straight loses to a full house (4 cards) and ties a queen (2)
    assert [(s["win"], s["tie"]) for s in turns["turn"]] == [(round(27 / 28, 4), 0.0), (round(1 / 28, 4), 0.0)]
    assert [(s["win"], s["tie"]) for s in turns["turn 2"]] == [(round(4 / 28, 4), round(2 / 28, 4)),
                                                             (round(22 / 28, 4), round(2 / 28, 4))]


def test_a_table_seats_two_to_eight() -> None:
    engine([100] * 8)
    with pytest.raises(ValueError, match="2 to 8 seats"):
        engine([100] * 9)
    with pytest.raises(ValueError, match="an ante and a button blind"):
        engine([100, 100], ante=0)
    with pytest.raises(ValueError, match="forced must be one of"):
        engine([100, 100], forced="straddles")


def test_the_phh_export_is_short_deck_and_pokerkit_replays_it_to_the_same_stacks() -> None:
    rng = random.Random(7)
    for hand in range(20):
        e = ShortDeckEngine({"ante": 5, "big_blind": 10, **({"forced": "blinds", "small_blind": 5} if hand % 2 else {})},
                            [Seat(name, 300) for name in NAMES[:2 + hand % 5]], f"{hand:064x}", {"dealer": hand % 2})
        while not e.finished:
            seat = e.to_act()[0]
            spec = rng.choice(e.legal_actions(seat))
            e.apply(seat, Action(spec.kind, amount=rng.randint(spec.min_amount or 0, spec.max_amount or 0)
                                 if spec.kind == "raise" else None))
        text = e.phh()
        assert "variant = 'NS'" in text
        state = list(HandHistory.loads(text))[-1]
        assert list(state.stacks) == [e.state.stacks[p] for p in range(len(e.seats))]
        assert e.outcome is not None and sum(e.outcome.deltas) == 0
