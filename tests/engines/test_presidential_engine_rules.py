"""Presidential Poker: a split pot's odd chip, a fold in the second interval, who may open, each
seat's last move, the refusals word for word, the table's settings, the raise cap, the draw's
choice and the reshuffle of an empty pack."""
from __future__ import annotations

import pytest

from bot.games.base import HIDDEN, Action, ActionSpec, IllegalAction, NotYourTurn
from bot.games.cards import shuffled
from bot.games.presidential import reshuffle_seed
from tests.engines.test_presidential_engine import SEED, engine, kinds


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


def test_a_bet_nobody_meets_in_the_second_interval_wins_without_showing() -> None:
    e = engine()
    e.apply(1, Action("bet", amount=2))            # Bob opens
    e.apply(2, Action("call"))
    e.apply(0, Action("fold"))
    for seat in (1, 2):
        e.apply(seat, Action("discard"))
    assert [spec.label for spec in e.legal_actions(1)] == ["Check", "Bet 4"]  # no second open
    assert e.apply(1, Action("bet", amount=4)) == ["Bob bets 4"]
    assert e.apply(2, Action("fold")) == ["Cy folds", "Bob wins 11: no one met the bet."]
    assert e.outcome is not None and e.outcome.deltas == (-1, -1 - 2 - 4 + 11, -1 - 2)
    assert all(c["code"] == HIDDEN for seat in e.view(None)["seats"] for c in seat["cards"])


def test_a_player_with_one_chip_after_the_ante_may_open() -> None:
    """Fewer than two players able to bet means no opening; one chip is enough to bet."""
    e = engine(stacks=(2, 50))                     # Ann deals and has 1 chip after her ante
    e.apply(1, Action("check"))
    assert [spec.label for spec in e.legal_actions(0)] == ["Check", "Open 1"]
    e.apply(0, Action("check"))
    assert e.phase == "no-opener" and e.outcome is not None
    assert e.outcome.carry == {"dealer": 1, "pot": [["Ann", 1], ["Bob", 1]]}


def test_each_seat_shows_its_last_move() -> None:
    e = engine()
    e.apply(1, Action("bet", amount=2))
    e.apply(2, Action("call"))
    e.apply(0, Action("fold"))
    e.apply(1, Action("discard", cards=tuple(e.hands[1][:2])))
    assert [seat["last_action"] for seat in e.view(2)["seats"]] == ["folds", "draws 2 cards", "calls 2"]


def test_moves_out_of_turn_and_after_the_deal_are_refused_word_for_word() -> None:
    e = engine()
    with pytest.raises(NotYourTurn) as refused:
        e.apply(0, Action("check"))
    assert str(refused.value) == "It is not your turn."
    e.apply(1, Action("bet", amount=2))
    e.apply(2, Action("fold"))
    e.apply(0, Action("fold"))
    with pytest.raises(IllegalAction) as refused:
        e.apply(1, Action("check"))
    assert str(refused.value) == "This hand is over."


@pytest.mark.parametrize("settings, antes", [({"ante": 2}, 2), ({"ante": 0}, 0), ({}, 1),
                                             ({"small_bet": 1, "big_bet": 1}, 1)])
def test_the_table_s_ante_and_bets_are_played_as_set(settings, antes) -> None:
    """An ante of 0 and equal small and big bets of 1 are allowed."""
    e = engine(settings=settings)
    assert e.pot.total == 3 * antes and e.pot.stacks == [50 - antes] * 3
    assert e.log == ([f"Each player antes {antes}."] if antes else [])
    seats = e.view(None)["seats"]
    assert [(s["last_action"], s["won"]) for s in seats] == [("", 0)] * 3  # nothing done, nothing won yet
    bet = settings.get("small_bet", 2)
    assert [spec.label for spec in e.legal_actions(1)] == ["Check", f"Open {bet}"]


def test_a_carried_pot_is_told_and_the_deal_number_kept() -> None:
    e = engine(carry={"dealer": 1, "pot": [["Ann", 2], ["Bob", 2], ["Cy", 2]], "hand_no": 4})
    assert e.log[0] == "6 chips stay in the pot from the last deal nobody opened."
    assert e.view(None)["hand_no"] == 4


def test_fixed_limit_allows_three_raises_after_the_open() -> None:
    e = engine()
    e.apply(1, Action("bet", amount=2))
    for seat, to in ((2, 4), (0, 6), (1, 8)):
        assert e.apply(seat, Action("raise", amount=to)) == [f"{e.seats[seat].name} raises to {to}"]
    assert [spec.kind for spec in e.legal_actions(2)] == ["fold", "call"]


def test_the_draw_offers_to_change_none_to_all_seven_cards() -> None:
    e = engine()
    e.apply(1, Action("bet", amount=2))
    e.apply(2, Action("call"))
    e.apply(0, Action("call"))
    assert e.legal_actions(1) == [ActionSpec("discard", "Discard and draw (none: stand pat)",
                                             choices=tuple(e.hands[1]), min_choices=0, max_choices=7)]


def test_the_empty_pack_is_rebuilt_from_the_discards_shuffled_by_the_deal_seed() -> None:
    e = engine((50,) * 6)
    for seat in e.order:
        e.apply(seat, Action("call") if "call" in kinds(e, seat) else Action("bet", amount=2))
    pool: list[str] = []
    *_, fifth, sixth = e.drawers
    for seat in e.drawers[:4]:                     # 28 of the 30 cards left are drawn
        pool += e.hands[seat]
        e.apply(seat, Action("discard", cards=tuple(e.hands[seat])))
    e.apply(fifth, Action("discard", cards=tuple(e.hands[fifth])))  # 2 cards, then the pack is empty
    assert "The pack is empty: the discards are shuffled into a new pack." in e.log
    new_pack = shuffled(reshuffle_seed(SEED, 1), sorted(pool))
    assert e.hands[fifth][2:] == new_pack[:5]
    e.apply(sixth, Action("discard", cards=tuple(e.hands[sixth])))
    assert e.hands[sixth] == new_pack[5:12]
