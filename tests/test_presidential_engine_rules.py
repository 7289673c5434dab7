"""Presidential Poker: a split pot's odd chip, and the draw's refusals word for word."""
from __future__ import annotations

import pytest

from bot.games.base import Action, IllegalAction
from tests.test_presidential_engine import engine


def test_equal_hands_split_the_pot_and_the_odd_chip_goes_left_of_the_dealer() -> None:
    e = engine()                                   # seat 0 deals: seat 1 is left of the dealer
    e.hands[0] = list(e.hands[1])                  # the two hands are made equal
    e.apply(1, Action("bet", amount=2))            # seat 1 opens
    e.apply(2, Action("fold"))
    e.apply(0, Action("call"))
    for seat in (1, 0):
        e.apply(seat, Action("discard"))           # both stand pat
    e.apply(1, Action("check"))
    e.apply(0, Action("check"))
    assert e.outcome is not None                   # 3 antes + 2 + 2 = 7 chips: 4 and 3
    assert e.outcome.deltas == (-3 + 3, -3 + 4, -1)


def test_the_draw_refusals_say_why() -> None:
    e = engine()
    e.apply(1, Action("bet", amount=2))
    e.apply(2, Action("call"))
    e.apply(0, Action("call"))
    for action, reason in [
        (Action("check"), "It is time to draw: discard the cards to replace, or stand pat."),
        (Action("discard", cards=(e.hands[1][0],) * 2), "You listed the same card twice."),
    ]:
        with pytest.raises(IllegalAction) as refused:
            e.apply(1, action)
        assert str(refused.value) == reason
    with pytest.raises(IllegalAction) as refused:
        e.apply(1, Action("discard", cards=("Z99",)))
    assert str(refused.value) == "You must discard cards you hold."


def test_the_draw_is_logged_and_shown_card_by_card() -> None:
    e = engine()
    e.apply(1, Action("bet", amount=2))
    e.apply(2, Action("call"))
    e.apply(0, Action("call"))
    assert e.apply(1, Action("discard"))[0] == "Bob stands pat"
    assert e.apply(2, Action("discard", cards=tuple(e.hands[2][:1])))[0] == "Cy draws 1 card"
    assert e.apply(0, Action("discard", cards=tuple(e.hands[0][:2])))[0] == "Ann draws 2 cards"
    assert [seat["drew"] for seat in e.view(None)["seats"]] == [2, 0, 1]


def test_heads_up_nobody_opening_ends_the_deal_with_the_antes_in_the_pot() -> None:
    e = engine(stacks=(50, 50))
    e.apply(1, Action("check"))
    e.apply(0, Action("check"))
    assert e.phase == "no-opener" and e.outcome is not None and e.outcome.deltas == (0, 0)
