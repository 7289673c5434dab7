"""The dead-button rule on its own (``bot/service/tournament/dead_button.py``): random tables whose players are
knocked out, moved away and seated between hands, every hand checked against the rule."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.service.tournament.dead_button import Hand, Positions, before_first, between, next_hand


def check(hand: Hand, last: Positions | None, live: list[int], stayed: set[int]) -> None:
    """One hand against the rule; ``stayed``: the chairs whose players were dealt in last hand too."""
    button, small, big = hand.positions.button, hand.positions.small_blind, hand.positions.big_blind
    dealt = set(hand.dealt)
    assert big in dealt and dealt | set(hand.waiting) == set(live) and not dealt & set(hand.waiting)
    if len(dealt) == 2:
        assert button == small and small in dealt and hand.dealer == button, "heads-up the button posts the small blind"
    else:
        assert len({button, small, big}) == 3
        assert not any(between(small, c, big) or between(button, c, small) for c in dealt), \
            "nobody is dealt in between the button and the small blind or between the blinds"
        first = small if small in dealt else big
        assert hand.dealer in dealt and hand.dealer != first and not any(between(hand.dealer, c, first) for c in dealt), \
            "pokerkit's button is the last player dealt in before the first blind"
        assert button not in dealt or hand.dealer == button
    if last is None:
        return
    assert not any(between(last.big_blind, c, big) for c in live), "the big blind moves one occupied chair"
    assert big != last.big_blind, "nobody posts the big blind twice in a row"
    heads_up_now = len(dealt) == 2
    if small in stayed and small == last.small_blind and not heads_up_now:
        raise AssertionError("the same player posts the small blind twice in a row")


@settings(max_examples=400, deadline=None)
@given(st.integers(2, 10), st.data())
def test_every_hand_moves_the_big_blind_one_chair_and_repeats_no_blind(chairs: int, data: st.DataObject) -> None:
    live = sorted(data.draw(st.sets(st.integers(0, chairs - 1), min_size=2, max_size=chairs)))
    hand = next_hand(before_first(live), live)
    check(hand, None, live, set())
    assert hand.positions.button == live[0] and hand.dealt == tuple(live), "the first button is the first player's"
    for _ in range(data.draw(st.integers(1, 25))):
        dealt_before = set(hand.dealt)
        gone = data.draw(st.sets(st.sampled_from(live), max_size=len(live) - 2)) if len(live) > 2 else set()
        empty = [c for c in range(chairs) if c not in live]
        arrived = data.draw(st.sets(st.sampled_from(empty), max_size=len(empty))) if empty else set()
        live = sorted((set(live) - gone) | arrived)
        last, hand = hand.positions, next_hand(hand.positions, live)
        check(hand, last, live, dealt_before - gone)


def test_a_knocked_out_big_blind_leaves_a_dead_small_blind() -> None:
    # Last hand: button 1, small blind 3, big blind 5 at chairs 1, 3, 5, 7; the player at 5 is out.
    hand = next_hand(Positions(1, 3, 5), [1, 3, 7])
    assert hand.positions == Positions(3, 5, 7) and hand.dead_small_blind and not hand.dead_button
    assert hand.dealt == (1, 3, 7) and hand.dealer == 3


def test_a_knocked_out_small_blind_leaves_a_dead_button() -> None:
    hand = next_hand(Positions(1, 3, 5), [1, 5, 7])
    assert hand.positions == Positions(3, 5, 7) and hand.dead_button and not hand.dead_small_blind
    assert hand.dealer == 1, "the player right of the empty button acts last after the flop"


def test_a_player_seated_between_the_button_and_the_small_blind_waits_for_the_button_to_pass() -> None:
    hand = next_hand(Positions(1, 3, 5), [1, 3, 4, 5, 7])
    assert hand.positions == Positions(3, 5, 7) and hand.waiting == (4,)
    later = next_hand(hand.positions, [1, 3, 4, 5, 7])
    assert later.positions == Positions(5, 7, 1) and 4 in later.dealt


def test_going_heads_up_the_big_blind_moves_on_and_the_other_player_has_the_button() -> None:
    hand = next_hand(Positions(1, 3, 5), [1, 3])  # the big blind is out: two are left
    assert hand.positions == Positions(3, 3, 1), "the button's player posts the big blind, not twice"
    again = next_hand(hand.positions, [1, 3])
    assert again.positions == Positions(1, 1, 3)
    out = next_hand(again.positions, [1, 2, 3])  # a third player arrives between them
    assert out.positions.big_blind == 1 and out.positions.small_blind == 3 and out.positions.button == 2
