"""The seven-card stud engine: bring-in, who acts first, deck exhaustion, privacy and random play."""
from __future__ import annotations

import random
from typing import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import HandHistory

import bot.games.draw as plumbing
from bot.ai.stud import choose, stud_equity
from bot.games.base import HIDDEN, Action, IllegalAction, NotYourTurn, Seat
from bot.games.cards import DECK
from bot.games.stud import StudEngine

SEED = "cd" * 32
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def rig(monkeypatch: pytest.MonkeyPatch, hands: Sequence[str], dealer: int = 0) -> list[str]:
    """Deal ``hands[seat]`` (up to 7 cards: down, down, up, up, up, up, down) when nobody folds.

    Cards go out one at a time from the seat left of the button, with a burn before each street
    after the third. Returns the deck.
    """
    n = len(hands)
    order = [(dealer + 1 + i) % n for i in range(n)]
    cards = [[h[i:i + 2] for i in range(0, len(h), 2)] for h in hands]
    wanted = [c for h in cards for c in h]
    rest = [c for c in DECK if c not in wanted]
    deck = [cards[s][k] for k in range(3) for s in order]
    for k in range(3, 7):
        deck.append(rest.pop())  # burn
        deck += [cards[s][k] for s in order if len(cards[s]) > k]
    deck += rest
    assert sorted(deck) == sorted(DECK)
    monkeypatch.setattr(plumbing, "shuffled_deck", lambda seed: list(deck))
    return deck


def engine(n: int, stack: int = 1000, dealer: int = 0, **settings: object) -> StudEngine:
    return StudEngine(settings, [Seat(name, stack) for name in NAMES[:n]], SEED, {"dealer": dealer})


def call_down(e: StudEngine) -> None:
    """Everyone brings in, calls or checks to the end."""
    while e.outcome is None:
        (seat,) = e.to_act()
        kinds = [spec.kind for spec in e.legal_actions(seat)]
        kind = next(k for k in ("bring_in", "check", "call") if k in kinds)
        e.apply(seat, Action(kind))


def all_cards(e: StudEngine) -> list[str]:
    return [c for s in range(len(e.seats)) for c in e.view(s)["seats"][s]["cards"]] + e.board


# -- bring-in and order ---------------------------------------------------------------------------


def test_lowest_upcard_brings_in_and_suit_breaks_ties(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["AsAdKs", "KdKh2d", "QsQd2c"])
    e = engine(3)
    assert e.view(None)["street"] == "third street"
    assert e.to_act() == (2,)  # 2c is lower than 2d: clubs are the lowest suit
    assert [(s.kind, s.label, s.min_amount) for s in e.legal_actions(2)] == [
        ("bring_in", "Bring in 2", 2), ("raise", "Complete to 5", 5)]
    assert e.legal_actions(1) == []
    with pytest.raises(NotYourTurn):
        e.apply(1, Action("bring_in"))
    with pytest.raises(IllegalAction, match="bring in or complete"):
        e.apply(2, Action("fold"))
    assert e.apply(2, Action("bring_in")) == ["Cat brings in for 2"]
    assert e.to_act() == (0,)
    kinds = [(s.kind, s.min_amount) for s in e.legal_actions(0)]
    assert kinds == [("fold", None), ("call", 2), ("raise", 5)]
    with pytest.raises(IllegalAction, match="Only the lowest upcard"):
        e.apply(0, Action("bring_in"))


def test_completing_instead_of_bringing_in() -> None:
    e = engine(3)
    (seat,) = e.to_act()
    lines = e.apply(seat, Action("raise", 5))
    assert lines == [f"{NAMES[seat]} completes to 5"]
    assert e.view(None)["seats"][seat]["bet"] == 5


def test_best_showing_hand_acts_first_from_fourth_street(monkeypatch: pytest.MonkeyPatch) -> None:
    # Upcards after fourth street: Ann A-K, Bob 9-9 (an open pair), Cat 2-3.
    rig(monkeypatch, ["7c7dAsKd", "4c4d9h9s", "5c5d2h3c"])
    e = engine(3)
    assert e.to_act() == (2,)
    e.apply(2, Action("bring_in"))
    e.apply(0, Action("call"))
    e.apply(1, Action("call"))
    view = e.view(None)
    assert view["street"] == "fourth street"
    assert e.to_act() == (1,)
    assert [s["cards"] for s in view["seats"]] == [
        [HIDDEN, HIDDEN, "As", "Kd"], [HIDDEN, HIDDEN, "9h", "9s"], [HIDDEN, HIDDEN, "2h", "3c"]]
    assert [s["up"] for s in view["seats"]] == [[False, False, True, True]] * 3
    # Fourth street is played with the small bet, fifth with the big bet.
    bet = next(s for s in e.legal_actions(1) if s.kind == "raise")
    assert (bet.label, bet.min_amount, bet.max_amount) == ("Bet 5", 5, 5)


def test_known_showdown_and_private_downcards(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, ["AsAdKs2h3h4h9c", "KdKh2d7s8s9sJd", "QsQd2c6d6hTcTd"])
    e = engine(3)
    mid = e.view(None)
    assert all(HIDDEN in s["cards"] for s in mid["seats"])
    assert e.view(0)["seats"][0]["cards"] == ["As", "Ad", "Ks"]
    assert e.view(0)["seats"][1]["cards"] == [HIDDEN, HIDDEN, "2d"]
    call_down(e)
    assert e.outcome is not None
    view = e.view(None)
    assert view["street"] == "showdown"
    assert view["board"] == [] and view["board_slots"] == 0
    winner = max(range(3), key=lambda s: view["seats"][s]["won"])
    assert winner == 2
    assert view["seats"][2]["hand_name"] == "Two pair, Queens and Tens"
    assert view["seats"][2]["cards"] == ["Qs", "Qd", "2c", "6d", "6h", "Tc", "Td"]
    # Antes 1 each, Cat's bring-in of 2 called by both, then checks: Cat takes the 9 chips.
    assert e.outcome.deltas == (-3, -3, 6)
    assert view["winners"] == ["Cat wins 9 with Two pair, Queens and Tens"]


# -- running out of cards -------------------------------------------------------------------------


def test_eight_players_to_seventh_street_share_a_community_card() -> None:
    e = engine(8)
    call_down(e)
    assert e.outcome is not None and sum(e.outcome.deltas) == 0
    view = e.view(None)
    assert len(view["board"]) == 1 and view["board_slots"] == 1
    assert "Not enough cards for everyone: one community card plays in every hand" in e.log
    assert any(line.startswith("Community card: ") for line in e.log)
    for seat in range(8):
        assert len(e.view(seat)["seats"][seat]["cards"]) == 6
    cards = all_cards(e)
    assert len(cards) == len(set(cards)) == 49


def test_seven_players_to_seventh_street_use_the_burn_cards() -> None:
    # 7 x 6 cards and 3 burns leave 7 cards: too few for a burn and 7 downcards, so the 3 burn
    # cards are shuffled back in and every player gets a real seventh card.
    e = engine(7)
    deck = list(plumbing.shuffled_deck(SEED))
    burns = [deck[21], deck[29], deck[37]]
    call_down(e)
    assert "The stub is short: the 3 burn cards are shuffled into it" in e.log
    assert e.board == []
    sevenths = [e.view(s)["seats"][s]["cards"][6] for s in range(7)]
    assert set(sevenths) <= set(deck[45:]) | set(burns)
    cards = all_cards(e)
    assert len(cards) == len(set(cards)) == 49
    assert sum(e.outcome.deltas) == 0  # type: ignore[union-attr]


def test_a_fold_leaves_eight_players_short_without_reusing_mucked_cards() -> None:
    # One player folds on third street: 7 players then need 8 cards on seventh street and only
    # 4 are left with 3 burn cards; the folded hand is dead, so a community card is dealt.
    e = engine(8)
    folded = False
    while e.outcome is None:
        (seat,) = e.to_act()
        kinds = [spec.kind for spec in e.legal_actions(seat)]
        if "call" in kinds and not folded:
            e.apply(seat, Action("fold"))
            folded = True
            continue
        e.apply(seat, Action(next(k for k in ("bring_in", "check", "call") if k in kinds)))
    assert len(e.board) == 1
    assert sum(e.outcome.deltas) == 0


def test_phh_replays_to_the_same_stacks() -> None:
    e = engine(4)
    call_down(e)
    text = e.phh()
    assert "variant = 'F7S'" in text and "pb" in text
    history = HandHistory.loads(text)
    *_, final = iter(history)
    assert list(final.stacks) == list(e.state.stacks)


# -- random play ----------------------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**64), dealer=st.integers(0, 7),
       stacks=st.lists(st.integers(3, 120), min_size=8, max_size=8))
def test_random_play_ends_with_chips_and_cards_conserved(players: int, seed: int, dealer: int,
                                                           stacks: list[int]) -> None:
    rng = random.Random(seed)
    seats = [Seat(NAMES[i], stacks[i]) for i in range(players)]
    e = StudEngine({}, seats, f"{seed:064x}", {"dealer": dealer % players})
    for _ in range(400):
        if e.outcome is not None:
            break
        (seat,) = e.to_act()
        other = (seat + 1) % players
        with pytest.raises(NotYourTurn):
            e.apply(other, Action("check"))
        public = e.view(None)
        for info in public["seats"]:
            if not info["hand_name"]:
                assert [c == HIDDEN for c in info["cards"]] == [not up for up in info["up"]]
        spec = rng.choice(e.legal_actions(seat))
        amount = rng.randint(spec.min_amount, spec.max_amount) if spec.min_amount is not None else None
        e.apply(seat, Action(spec.kind, amount))
        cards = all_cards(e)
        assert len(cards) == len(set(cards))
    assert e.outcome is not None
    assert sum(e.outcome.deltas) == 0
    assert sum(s["stack"] for s in e.view(None)["seats"]) == sum(stacks[:players])
    with pytest.raises(IllegalAction):
        e.apply(0, Action("check"))


# -- the computer player --------------------------------------------------------------------------


def _view(mine: list[str], other: list[str]) -> dict[str, object]:
    """A seat-0 view on fifth street against one opponent showing ``other`` as upcards."""
    seat = {"stack": 100, "bet": 0, "folded": False, "up": []}
    return {"viewer": 0, "board": [], "pots": [{"amount": 20, "eligible": [0, 1]}],
            "seats": [{**seat, "cards": mine}, {**seat, "cards": [HIDDEN, HIDDEN, *other]}]}


def test_computer_player_reads_the_upcards() -> None:
    mine = ["Ah", "Kh", "Qh", "9h", "2c"]  # four hearts
    against_rags = stud_equity(_view(mine, ["3c", "7d", "8s"]), 400, random.Random(1))
    against_hearts = stud_equity(_view(mine, ["3h", "7h", "8h"]), 400, random.Random(1))
    against_trips = stud_equity(_view(mine, ["8c", "8d", "8s"]), 400, random.Random(1))
    assert against_rags > against_hearts + 0.05, "its flush cards are on the other side"
    assert against_rags > against_trips + 0.2, "open trips are hard to beat"


def test_computer_player_brings_in_and_plays_a_hand() -> None:
    e = engine(5)
    rng = random.Random(3)
    (seat,) = e.to_act()
    assert choose(e.view(seat), e.legal_actions(seat), rng).kind in ("bring_in", "raise")
    while e.outcome is None:
        (seat,) = e.to_act()
        e.apply(seat, choose(e.view(seat), e.legal_actions(seat), rng))
    assert sum(e.outcome.deltas) == 0
