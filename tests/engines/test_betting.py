"""The shared betting module: limits, all-ins, side pots, odd chips, and random legal play."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.base import Action, IllegalAction, NotYourTurn, Seat
from bot.games.betting import BettingRound, Pot, PotDeal, SidePot, seats_after


def kinds(round_: BettingRound, seat: int) -> list[str]:
    return [spec.kind for spec in round_.legal_actions(seat)]


def spec(round_: BettingRound, seat: int, kind: str):
    return next(s for s in round_.legal_actions(seat) if s.kind == kind)


# ---- fixed-limit -----------------------------------------------------------------------------
def test_fixed_limit_sizes_and_cap() -> None:
    pot = Pot([100, 100, 100])
    r = BettingRound(pot, [0, 1, 2], structure="fixed-limit", bet_size=4)
    bet = spec(r, 0, "bet")
    assert (bet.min_amount, bet.max_amount, bet.label, bet.presets) == (4, 4, "Bet 4", ())
    r.apply(0, Action("bet", amount=4))
    for seat, to in ((1, 8), (2, 12), (0, 16)):
        raise_ = spec(r, seat, "raise")
        assert (raise_.min_amount, raise_.max_amount, raise_.label) == (to, to, f"Raise to {to}")
        assert r.apply(seat, Action("raise", amount=to)) == f"raises to {to}"
    assert kinds(r, 1) == ["fold", "call"]  # bet + 3 raises: capped
    with pytest.raises(IllegalAction, match="cannot raise"):
        r.apply(1, Action("raise", amount=20))
    r.apply(1, Action("call"))
    r.apply(2, Action("call"))
    assert r.done and pot.total == 48 and pot.stacks == [84, 84, 84]


def test_fixed_limit_refuses_other_sizes_and_allows_a_short_all_in() -> None:
    pot = Pot([100, 6])
    r = BettingRound(pot, [0, 1], structure="fixed-limit", bet_size=4)
    with pytest.raises(IllegalAction, match="only bet 4 chips"):
        r.apply(0, Action("bet", amount=5))
    r.apply(0, Action("bet", amount=4))
    raise_ = spec(r, 1, "raise")
    assert (raise_.min_amount, raise_.max_amount) == (6, 6)  # all-in for less than a full raise
    assert r.apply(1, Action("all-in")) == "raises to 6 (all-in)"
    assert kinds(r, 0) == ["fold", "call"]  # a short all-in does not reopen the raising
    r.apply(0, Action("call"))
    assert r.done and pot.contributions == [6, 6]


def test_raise_cap_none_means_no_cap() -> None:
    pot = Pot([1000, 1000])
    r = BettingRound(pot, [0, 1], structure="fixed-limit", bet_size=2, raise_cap=None)
    r.apply(0, Action("bet", amount=2))
    for _ in range(10):
        (seat,) = r.to_act()
        r.apply(seat, Action("raise", amount=r.current_bet + 2))
    assert r.raises == 11 and "raise" in kinds(r, r.to_act()[0])


# ---- pot-limit and no-limit ------------------------------------------------------------------
def test_pot_limit_maximum_is_the_pot_after_calling() -> None:
    pot = Pot([200, 200, 200])
    pot.ante(5)  # 15 in the middle
    r = BettingRound(pot, [0, 1, 2], structure="pot-limit", bet_size=5)
    bet = spec(r, 0, "bet")
    assert (bet.min_amount, bet.max_amount) == (5, 15)
    assert bet.presets == (("Min", 5), ("Half pot", 7), ("Pot", 15))
    r.apply(0, Action("bet", amount=15))
    raise_ = spec(r, 1, "raise")
    # call 15, then the pot is 15 + 15 + 15 = 45: raise to 15 + 45 = 60
    assert (raise_.min_amount, raise_.max_amount) == (30, 60)
    with pytest.raises(IllegalAction, match="between 30 and 60"):
        r.apply(1, Action("raise", amount=61))


def test_no_limit_min_raise_is_the_last_full_raise() -> None:
    pot = Pot([500, 500, 500])
    r = BettingRound(pot, [0, 1, 2], structure="no-limit", bet_size=2)
    assert spec(r, 0, "bet").min_amount == 2
    r.apply(0, Action("bet", amount=10))
    assert spec(r, 1, "raise").min_amount == 20
    r.apply(1, Action("raise", amount=30))  # a raise of 20
    raise_ = spec(r, 2, "raise")
    assert (raise_.min_amount, raise_.max_amount) == (50, 500)
    assert raise_.presets[-1] == ("All-in", 500)
    with pytest.raises(IllegalAction, match="between 50 and 500"):
        r.apply(2, Action("raise", amount=45))
    with pytest.raises(IllegalAction, match="no bet to raise|already a bet"):
        r.apply(2, Action("bet", amount=60))


def test_bets_are_capped_by_the_largest_opponent_stack() -> None:
    pot = Pot([100, 30])
    r = BettingRound(pot, [0, 1])
    bet = spec(r, 0, "bet")
    assert bet.max_amount == 30 and bet.presets[-1] == ("Max", 30)
    with pytest.raises(IllegalAction, match="cannot put all your chips"):
        r.apply(0, Action("all-in"))
    r.apply(0, Action("bet", amount=30))
    assert kinds(r, 1) == ["fold", "call"]
    assert spec(r, 1, "call").label == "Call 30 (all-in)"


def test_short_all_in_does_not_reopen_for_players_who_acted() -> None:
    pot = Pot([100, 15, 100, 100])
    r = BettingRound(pot, [0, 1, 2, 3], bet_size=2)
    r.apply(0, Action("bet", amount=10))
    assert r.apply(1, Action("all-in")) == "raises to 15 (all-in)"  # 5 more: short of a full 10
    raise_ = spec(r, 2, "raise")  # seat 2 had not acted: it may raise, by a full 10 over 15
    assert raise_.min_amount == 25
    r.apply(2, Action("call"))
    r.apply(3, Action("call"))
    assert kinds(r, 0) == ["fold", "call"]  # seat 0 only faces the short all-in
    with pytest.raises(IllegalAction):
        r.apply(0, Action("raise", amount=40))
    r.apply(0, Action("call"))
    assert r.done and pot.contributions == [15, 15, 15, 15]


def test_full_all_in_raise_reopens_the_betting() -> None:
    pot = Pot([100, 20, 100])
    r = BettingRound(pot, [0, 1, 2], bet_size=2)
    r.apply(0, Action("bet", amount=10))
    r.apply(1, Action("all-in"))  # to 20: a full raise of 10
    r.apply(2, Action("call"))
    assert "raise" in kinds(r, 0)


# ---- turns, checks, folds, open mode ---------------------------------------------------------
def test_wrong_turn_and_wrong_moves_are_refused() -> None:
    pot = Pot([50, 50])
    r = BettingRound(pot, [1, 0])
    assert r.to_act() == (1,) and r.legal_actions(0) == []
    with pytest.raises(NotYourTurn, match="not your turn"):
        r.apply(0, Action("check"))
    with pytest.raises(IllegalAction, match="check instead"):
        r.apply(1, Action("fold"))
    with pytest.raises(IllegalAction, match="nothing to call"):
        r.apply(1, Action("call"))
    with pytest.raises(IllegalAction, match="Say how much"):
        r.apply(1, Action("bet"))
    with pytest.raises(IllegalAction, match="cannot draw"):
        r.apply(1, Action("draw"))
    r.apply(1, Action("bet", amount=5))
    with pytest.raises(IllegalAction, match="costs 5 to call"):
        r.apply(0, Action("check"))
    r.apply(0, Action("call"))
    with pytest.raises(IllegalAction, match="round is over"):
        r.apply(1, Action("check"))


def test_everybody_checks_and_the_round_ends() -> None:
    pot = Pot([10, 10, 10])
    r = BettingRound(pot, [2, 0, 1])
    for seat in (2, 0, 1):
        assert r.to_act() == (seat,)
        r.apply(seat, Action("check"))
    assert r.done and pot.total == 0 and r.opener is None


def test_open_mode_reports_the_opener_or_nobody() -> None:
    pot = Pot([10, 10, 10])
    r = BettingRound(pot, [0, 1, 2], structure="fixed-limit", bet_size=2, open_mode=True)
    r.apply(0, Action("check"))
    assert spec(r, 1, "bet").label == "Open 2"
    assert r.apply(1, Action("bet", amount=2)) == "opens 2"
    assert r.opener == 1 and r.to_act() == (2,)
    r.apply(2, Action("call"))
    r.apply(0, Action("fold"))
    assert r.done and r.opener == 1

    quiet = BettingRound(Pot([10, 10]), [0, 1], open_mode=True)
    quiet.apply(0, Action("check"))
    quiet.apply(1, Action("check"))
    assert quiet.done and quiet.opener is None


def test_folds_to_one_player_end_the_round_and_pay_them() -> None:
    pot = Pot([30, 30, 30])
    pot.ante(1)
    r = BettingRound(pot, [0, 1, 2])
    r.apply(0, Action("bet", amount=5))
    r.apply(1, Action("fold"))
    r.apply(2, Action("fold"))
    assert r.done and r.contenders == [0]
    assert pot.award() == [8, 0, 0]
    assert pot.stacks == [32, 29, 29] and pot.total == 0


def test_seats_already_all_in_are_skipped_and_a_lone_bettor_is_not_asked() -> None:
    pot = Pot([50, 5, 50])
    pot.ante(5)
    r = BettingRound(pot, [0, 1, 2])
    assert r.to_act() == (0,)
    r.apply(0, Action("check"))
    assert r.to_act() == (2,)
    r.apply(2, Action("bet", amount=10))
    r.apply(0, Action("fold"))
    assert r.done  # seat 2 has nobody left to bet against


def test_the_turn_passes_left_over_a_seat_all_in_from_its_ante() -> None:
    pot = Pot([50, 5, 50, 50])
    pot.ante(5)
    r = BettingRound(pot, [0, 1, 2, 3])
    r.apply(0, Action("check"))
    assert r.to_act() == (2,)


def test_nobody_acts_when_only_one_seat_has_chips_left() -> None:
    pot = Pot([50, 5])
    pot.ante(5)
    r = BettingRound(pot, [0, 1])
    assert r.done and r.to_act() == () and r.legal_actions(0) == []


# ---- side pots and awards --------------------------------------------------------------------
def test_side_pots_with_four_stacks() -> None:
    pot = Pot([10, 20, 30, 40])
    r = BettingRound(pot, [0, 1, 2, 3])
    r.apply(0, Action("all-in"))
    r.apply(1, Action("all-in"))
    r.apply(2, Action("all-in"))
    assert spec(r, 3, "call").label == "Call 30"
    r.apply(3, Action("call"))
    assert r.done
    assert pot.pots() == [SidePot(40, (0, 1, 2, 3)), SidePot(30, (1, 2, 3)), SidePot(20, (2, 3))]
    assert pot.award({0: 4, 1: 3, 2: 2, 3: 1}) == [40, 30, 20, 0]
    assert pot.stacks == [40, 30, 20, 10]


def test_side_pots_with_a_fold_and_a_split() -> None:
    pot = Pot([25, 60, 60])
    pot.ante(5)
    r = BettingRound(pot, [0, 1, 2])
    r.apply(0, Action("all-in"))  # 20
    r.apply(1, Action("raise", amount=50))
    r.apply(2, Action("fold"))
    assert r.done
    # main: 25 + 25 + 5 = 55 for seats 0 and 1; side: 30 from seat 1 alone
    assert pot.pots() == [SidePot(55, (0, 1)), SidePot(30, (1,))]
    assert pot.award({0: 7, 1: 7}) == [28, 57, 0]  # 55 split, odd chip to seat 0


def test_odd_chips_go_left_of_the_dealer_first() -> None:
    def split(order: list[int] | None) -> list[int]:
        pot = Pot([10, 10, 10])
        pot.ante(5)
        return pot.award({0: 1, 1: 1, 2: 0}, order)

    assert split(None) == [8, 7, 0]
    assert seats_after(0, 3) == [1, 2, 0]
    assert split(seats_after(0, 3)) == [7, 8, 0]
    assert split(seats_after(1, 3)) == [8, 7, 0]


def test_three_way_split_of_a_pot_of_ten() -> None:
    pot = Pot([5, 5, 5, 5])
    pot.ante(2)
    pot.put(3, 2)
    pot.fold(3)
    assert pot.award({0: 9, 1: 9, 2: 9}, seats_after(1, 4)) == [3, 3, 4, 0]


def test_award_needs_every_live_strength() -> None:
    pot = Pot([5, 5, 5])
    pot.ante(1)

    def refused(strengths: dict[int, int] | None, message: str) -> None:
        with pytest.raises(ValueError) as caught:
            pot.award(strengths)
        assert str(caught.value) == message

    refused(None, "strengths are needed when several seats are live")
    refused({0: 1}, "no strength given for live seats [1, 2]")
    pot.fold(2)
    refused(None, "strengths are needed when several seats are live")  # two live seats are several
    pot.fold(0)
    pot.fold(1)
    refused({0: 1}, "nobody is left to award the pot to")


def test_a_negative_stack_is_refused() -> None:
    with pytest.raises(ValueError) as caught:
        Pot([5, -1])
    assert str(caught.value) == "stacks cannot be negative"


@pytest.mark.parametrize("options, message", [
    ({"structure": "spread-limit"}, "unknown betting structure 'spread-limit'"),
    ({"bet_size": 0}, "bet_size must be at least 1"),
])
def test_a_round_with_an_unknown_structure_or_no_bet_size_is_refused(options: dict[str, object],
                                                                     message: str) -> None:
    with pytest.raises(ValueError) as caught:
        BettingRound(Pot([10, 10]), [0, 1], **options)  # type: ignore[arg-type]
    assert str(caught.value) == message


@pytest.mark.parametrize("chips", [11, -1])
def test_a_seat_cannot_put_in_more_than_it_has_or_take_chips_out(chips: int) -> None:
    pot = Pot([10, 10])
    with pytest.raises(ValueError) as caught:
        pot.put(0, chips)
    assert str(caught.value) == f"seat 0 cannot put {chips} chips in with 10"
    assert (pot.stacks, pot.total) == ([10, 10], 0)


def test_no_chips_in_the_middle_make_no_pot() -> None:
    pot = Pot([10, 10])
    assert pot.pots() == []
    r = BettingRound(pot, [0, 1])
    r.apply(0, Action("check"))
    r.apply(1, Action("check"))
    assert pot.pots() == []


def test_a_one_chip_all_in_has_its_own_main_pot() -> None:
    pot = Pot([1, 10, 10])
    pot.ante(1)  # Ann is all in with her ante
    r = BettingRound(pot, [1, 2])
    r.apply(1, Action("bet", amount=4))
    r.apply(2, Action("call"))
    assert pot.pots() == [SidePot(3, (0, 1, 2)), SidePot(8, (1, 2))]
    assert pot.award({0: 2, 1: 1, 2: 0}) == [3, 8, 0]


def test_chips_of_folded_seats_alone_still_go_to_the_live_seats() -> None:
    pot = Pot([10, 10, 10])
    pot.put(2, 5)
    pot.fold(2)
    assert pot.pots() == [SidePot(5, (0, 1))]
    assert pot.award({0: 1, 1: 0}) == [5, 0, 0]


# ---- what a player reads: buttons, all-ins, refusals --------------------------------------------
def test_buttons_say_fold_call_check_and_bet() -> None:
    r = BettingRound(Pot([50, 50]), [0, 1], bet_size=2)
    assert [(s.kind, s.label) for s in r.legal_actions(0)] == [("check", "Check"), ("bet", "Bet")]
    r.apply(0, Action("bet", amount=5))
    assert [(s.kind, s.label) for s in r.legal_actions(1)] == [
        ("fold", "Fold"), ("call", "Call 5"), ("raise", "Raise")]


def test_pot_limit_reraise_counts_the_raisers_own_bet_once() -> None:
    pot = Pot([1000, 1000])
    pot.ante(5)
    r = BettingRound(pot, [0, 1], structure="pot-limit", bet_size=10)
    r.apply(0, Action("bet", amount=10))
    r.apply(1, Action("raise", amount=40))  # calling 10 makes the pot 30: at most 10 + 30
    # Ann has 10 in and calls 30 more: the pot is then 10 + 10 + 40 + 30 = 90, so at most 40 + 90.
    raise_ = spec(r, 0, "raise")
    assert (raise_.min_amount, raise_.max_amount) == (70, 130)
    assert raise_.presets == (("Min", 70), ("Half pot", 85), ("Pot", 130))


@pytest.mark.parametrize("ante, bet_size", [(0, 10), (1, 5)])
def test_pot_limit_always_allows_the_minimum_bet(ante: int, bet_size: int) -> None:
    """A pot smaller than the minimum bet (no antes, or small ones) still lets a player open for the
    minimum: pot-limit caps bets at the pot, but never below the smallest bet allowed."""
    pot = Pot([100, 100])
    pot.ante(ante)
    r = BettingRound(pot, [0, 1], structure="pot-limit", bet_size=bet_size)
    bet = spec(r, 0, "bet")
    assert (bet.min_amount, bet.max_amount) == (bet_size, bet_size)
    r.apply(0, Action("bet", amount=bet_size))
    assert pot.contributions[0] == ante + bet_size


@pytest.mark.parametrize("stacks, bet, line", [
    ([100, 1, 100], 5, "calls 1 (all-in)"),    # one chip left: all-in is a call of it
    ([100, 5, 100], 5, "calls 5 (all-in)"),    # exactly the call
])
def test_all_in_for_the_call_or_less_is_a_call(stacks: list[int], bet: int, line: str) -> None:
    pot = Pot(stacks)
    r = BettingRound(pot, [0, 1, 2])
    r.apply(0, Action("bet", amount=bet))
    assert r.apply(1, Action("all-in")) == line
    assert pot.stacks[1] == 0 and pot.contributions[1] == stacks[1] and r.to_act() == (2,)


def test_all_in_after_betting_raises_the_rest_of_the_stack() -> None:
    pot = Pot([40, 100])
    r = BettingRound(pot, [0, 1], bet_size=10)
    r.apply(0, Action("bet", amount=10))
    r.apply(1, Action("raise", amount=20))
    # Ann has 10 in and 30 behind: 10 calls, her whole stack raises to 40.
    assert r.apply(0, Action("all-in")) == "raises to 40 (all-in)"
    assert pot.contributions == [40, 20] and pot.stacks == [0, 80]


def test_all_in_refused_when_it_would_bet_more_than_anyone_can_call() -> None:
    r = BettingRound(Pot([100, 30]), [0, 1])
    with pytest.raises(IllegalAction, match=r"^You cannot put all your chips in now\.$"):
        r.apply(0, Action("all-in"))


def test_all_in_is_a_live_seat_with_nothing_behind() -> None:
    pot = Pot([10, 10, 10])
    pot.put(0, 10)
    pot.put(1, 10)
    pot.fold(1)  # folded with nothing behind: out, not all in
    pot.put(2, 5)
    assert [pot.is_all_in(s) for s in range(3)] == [True, False, False]


def refused(r: BettingRound, seat: int, action: Action, message: str,
            error: type[Exception] = IllegalAction) -> None:
    """``action`` is refused with exactly ``message``, and nothing moves."""
    before = (list(r.pot.stacks), list(r.pot.contributions), r.turn)
    with pytest.raises(error) as caught:
        r.apply(seat, action)
    assert str(caught.value) == message
    assert (list(r.pot.stacks), list(r.pot.contributions), r.turn) == before


def test_refusals_tell_the_player_what_to_do_instead() -> None:
    r = BettingRound(Pot([500, 500, 500]), [0, 1, 2], bet_size=2)
    refused(r, 1, Action("check"), "It is not your turn.", NotYourTurn)
    refused(r, 0, Action("fold"), "Nobody has bet: check instead of folding.")
    refused(r, 0, Action("call"), "There is nothing to call: check instead.")
    refused(r, 0, Action("raise", amount=10), "There is no bet to raise: bet instead.")
    refused(r, 0, Action("bet", amount=1), "You can bet between 2 and 500 chips.")
    assert r.apply(0, Action("check")) == "checks"
    assert r.apply(1, Action("bet", amount=10)) == "bets 10"
    refused(r, 2, Action("bet", amount=30), "There is already a bet: raise instead.")
    refused(r, 2, Action("raise", amount=15), "You can raise to between 20 and 500 chips.")
    assert r.apply(2, Action("fold")) == "folds"
    assert r.apply(0, Action("call")) == "calls 10"
    assert r.done and r.to_act() == ()
    refused(r, 0, Action("check"), "The betting round is over.")


class _Deal(PotDeal):
    title = "Test poker"

    def __init__(self, stacks: list[int], dealer: int) -> None:
        self.seats = [Seat(f"P{i}", stack) for i, stack in enumerate(stacks)]
        self.dealer = dealer


@pytest.mark.parametrize("stacks, dealer, message", [
    ([10], 0, "Test poker is played by 2 to 6 seats"),
    ([10] * 7, 0, "Test poker is played by 2 to 6 seats"),
    ([10, 0], 0, "every seat dealt in needs chips"),
    ([10, 10], 2, "the dealer must be one of the seats"),
    ([10, 10], -1, "the dealer must be one of the seats"),
])
def test_a_deal_refuses_impossible_seats(stacks: list[int], dealer: int, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}$"):
        _Deal(stacks, dealer)._check_seats()


# ---- property: random legal play -------------------------------------------------------------
def legal_random_action(r: BettingRound, seat: int, rng: random.Random) -> Action:
    chosen = rng.choice(r.legal_actions(seat))
    if chosen.min_amount is None:
        return Action(chosen.kind)
    assert chosen.max_amount is not None
    options = [chosen.min_amount, chosen.max_amount, *(a for _, a in chosen.presets)]
    amount = rng.choice(options + [rng.randint(chosen.min_amount, chosen.max_amount)])
    return Action(chosen.kind, amount=amount)


def illegal_candidates(r: BettingRound, seat: int) -> list[Action]:
    """Moves the seat was not offered: out-of-range amounts and kinds not in its list."""
    offered = {s.kind: s for s in r.legal_actions(seat)}
    bad = [Action(k) for k in ("fold", "check", "call") if k not in offered]
    for kind in ("bet", "raise"):
        s = offered.get(kind)
        if s is None:
            bad.append(Action(kind, amount=r.current_bet + 1))
        else:
            assert s.min_amount is not None and s.max_amount is not None
            bad += [Action(kind, amount=s.min_amount - 1), Action(kind, amount=s.max_amount + 1)]
    return bad


@settings(max_examples=300, deadline=None)
@given(
    stacks=st.lists(st.integers(0, 60), min_size=2, max_size=6),
    structure=st.sampled_from(["fixed-limit", "pot-limit", "no-limit"]),
    bet_size=st.integers(1, 6),
    ante=st.integers(0, 3),
    open_mode=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_random_legal_play_ends_and_conserves_chips(
    stacks: list[int], structure: str, bet_size: int, ante: int, open_mode: bool, seed: int
) -> None:
    rng = random.Random(seed)
    n = len(stacks)
    total = sum(stacks)
    pot = Pot(stacks)
    pot.ante(ante)
    for street in range(3):
        order = seats_after(street % n, n)
        r = BettingRound(pot, order, structure=structure, bet_size=bet_size,  # type: ignore[arg-type]
                         open_mode=open_mode and street == 0)
        for _ in range(200):
            if r.done:
                break
            (seat,) = r.to_act()
            assert not pot.folded[seat] and pot.stacks[seat] > 0
            for other in range(n):
                if other != seat:
                    assert r.legal_actions(other) == []
            for bad in illegal_candidates(r, seat):
                before = (list(pot.stacks), list(pot.contributions), r.turn)
                with pytest.raises(IllegalAction):
                    r.apply(seat, bad)
                assert before == (list(pot.stacks), list(pot.contributions), r.turn)
            r.apply(seat, legal_random_action(r, seat, rng))
            assert sum(pot.stacks) + pot.total == total
            assert all(s >= 0 for s in pot.stacks)
        assert r.done, "a betting round must end"
        live_bets = {r.bets[s] for s in r.contenders if pot.stacks[s] > 0}
        if len(r.contenders) > 1:
            assert len(live_bets) <= 1  # everyone still able to bet has matched
            assert all(r.bets[s] <= max(live_bets, default=r.current_bet) for s in r.contenders)
        if len(pot.live) == 1:
            break
    assert sum(p.amount for p in pot.pots()) == pot.total
    in_middle = pot.total
    strengths = {s: rng.randint(0, 2) for s in pot.live}
    won = pot.award(strengths, seats_after(0, n))
    assert sum(won) == in_middle
    assert sum(pot.stacks) == total and pot.total == 0
