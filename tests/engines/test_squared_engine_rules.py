"""Poker Squared rules read off known deals: who bets first, the showdown, the grid scoring, the match's
end, the reshuffles, timeouts and the refusals a player reads (rules: ``docs/rules/squared.md``).

The deals are rigged: ``rig`` puts chosen cards in the first deck and in the reshuffle, so each
expectation below is worked out by hand from the rules, never read back from the engine.
"""
from __future__ import annotations

import hashlib
from typing import Callable, Sequence

import pytest

from bot.games import squared
from bot.games.base import Action, IllegalAction, NotYourTurn, Seat
from bot.games.cards import DECK, shuffled
from bot.games.squared import CELLS, SquaredEngine
from tests.engines.test_squared_engine import new, passive, play, seed_of

ANN, BOB = 0, 1


def pairs(text: str) -> list[str]:
    """ "AsKd" -> ["As", "Kd"]."""
    return [text[i:i + 2] for i in range(0, len(text), 2)]


def arrange(fixed: dict[int, str], filler: Sequence[str]) -> list[str]:
    """``fixed`` cards at their indices, the ``filler`` in order around them."""
    rest = iter(filler)
    return [fixed[i] if i in fixed else next(rest) for i in range(len(fixed) + len(filler))]


def rig(monkeypatch: pytest.MonkeyPatch, deals: Sequence[tuple[str, str]]) -> None:
    """Round r deals Ann ``deals[r][0]`` and Bob ``deals[r][1]`` (up to 4 cards each, dealt one at a
    time, Ann first; the cards not given come in deck order). The 53rd card on comes from the reshuffle,
    which puts the chosen cards first: they must be discards by then, as the rules say."""
    fixed = {8 * r + 2 * i + seat: card
             for r, hands in enumerate(deals) for seat, text in enumerate(hands)
             for i, card in enumerate(pairs(text))}
    first = {k: c for k, c in fixed.items() if k < 52}
    later = {k - 52: c for k, c in fixed.items() if k >= 52}
    early = [c for c in later.values() if c not in first.values()]  # dealt and discarded before the reshuffle
    deck = arrange(first, early + [c for c in DECK if c not in first.values() and c not in early])

    def reshuffle(seed: str, cards: Sequence[str]) -> list[str]:
        assert set(later.values()) <= set(cards), "a rigged card is not among the discards"
        return arrange(later, [c for c in cards if c not in later.values()])

    monkeypatch.setattr(squared, "shuffled_deck", lambda seed: list(deck))
    monkeypatch.setattr(squared, "shuffled", reshuffle)


def until(done: Callable[[], bool], step: Callable[[], object], most: int = 3000) -> None:
    """``step()`` until ``done()``: a match that never ends fails the test instead of running for ever."""
    for _ in range(most):
        if done():
            return
        step()
    assert done(), "the match went on too long"


def place_in_order(e: SquaredEngine) -> None:
    """Both players place their first card on the round's cell (round 1 on A, round 9 on I)."""
    for seat in (ANN, BOB):
        e.apply(seat, Action("place", cards=(e.hands[seat][0],), target=CELLS[(e.round_no - 1) % 9]))


def bet_one_and_fold(e: SquaredEngine) -> int:
    """The first bettor bets 1, the other folds; returns who bet."""
    first = e.to_act()[0]
    e.apply(first, Action("bet", amount=1))
    e.apply(1 - first, Action("fold"))
    return first


# ---- who bets first --------------------------------------------------------------------------
@pytest.mark.parametrize("ann, bob, first, reason", [
    ("4c", "9d", ANN, "Ann placed the lower card (4♣ against 9♦)."),
    ("Ah", "Kc", BOB, "Bob placed the lower card (K♣ against A♥)."),
    ("Td", "2s", BOB, "Bob placed the lower card (2♠ against 10♦)."),
])
def test_the_lower_card_placed_bets_first(monkeypatch: pytest.MonkeyPatch, ann: str, bob: str, first: int,
                                         reason: str) -> None:
    rig(monkeypatch, [(ann, bob)])
    e = new(seed_of(1))
    place_in_order(e)
    view = e.view(None)
    assert (view["first_bettor"], view["first_reason"], view["to_act"]) == (first, reason, [first])
    assert e.log[-1] == reason


@pytest.mark.parametrize("seed, coin", [(seed_of(1), ANN), (seed_of(2), BOB), ("ff" * 32, ANN),
                                        ("1" + "0" * 63, BOB), ("10" * 31 + "11", ANN)])
def test_equal_cards_in_round_one_the_seed_tosses_the_coin(monkeypatch: pytest.MonkeyPatch, seed: str,
                                                          coin: int) -> None:
    """The documented coin toss: an odd seed (read as hexadecimal) lets the first seat bet first."""
    rig(monkeypatch, [("7c", "7d")])
    e = new(seed)
    place_in_order(e)
    name = e.names[coin]
    assert e.first_bettor == coin
    assert e.first_reason == f"Equal cards in round 1: {name} bets first by a coin toss."


def test_a_new_round_forgets_who_bet_first_until_both_cards_show(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, [("4c", "9d")])
    e = new(seed_of(1))
    place_in_order(e)
    bet_one_and_fold(e)
    view = e.view(None)
    assert (view["round"], view["phase"], view["first_bettor"], view["first_reason"]) == (2, "place", None, "")


# ---- the showdown ----------------------------------------------------------------------------
@pytest.mark.parametrize("ann, bob, winner, won, text", [
    ("4cKhKs2d", "9dAh7sTc", ANN, [2, 0],
     "Showdown: Ann K♥ K♠ 2♦ (Pair of Kings); Bob A♥ 10♣ 7♠ (High card Ace): Ann wins 2."),
    ("4c3h5s6d", "9dTs8h7c", BOB, [0, 2],
     "Showdown: Ann 6♦ 5♠ 3♥ (High card Six); Bob 10♠ 8♥ 7♣ (High card Ten): Bob wins 2."),
    ("4cAhTs7d", "9dAsTc7h", None, [1, 1],
     "Showdown: Ann A♥ 10♠ 7♦ (High card Ace); Bob A♠ 10♣ 7♥ (High card Ace): a tie: the pot is split."),
])
def test_the_showdown_pays_the_better_three_card_hand(monkeypatch: pytest.MonkeyPatch, ann: str, bob: str,
                                                      winner: int | None, won: list[int], text: str) -> None:
    rig(monkeypatch, [(ann, bob)])
    e = new(seed_of(1))
    place_in_order(e)
    until(lambda: e.round_no > 1, lambda: e.apply(e.to_act()[0], Action("check")), most=2)
    shown = e.view(BOB)["last_showdown"]
    hands = [pairs(h[2:]) for h in (ann, bob)]
    assert shown is not None and (shown["winner"], shown["won"], shown["folded"]) == (winner, won, None)
    assert [sorted(h) for h in shown["hands"]] == [sorted(h) for h in hands]
    assert text in e.log
    # each takes what the pot paid, and round 2's ante (1) is in the middle again
    assert e.view(None)["stacks"] == [40 - 1 + won[0] - 1, 40 - 1 + won[1] - 1]


def test_a_fold_gives_the_pot_and_the_log_says_each_bet(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, [("4c", "9d")])
    e = new(seed_of(1))
    place_in_order(e)
    assert e.apply(ANN, Action("bet", amount=3)) == ["Ann bets 3."]
    assert e.apply(BOB, Action("raise", amount=6))[0] == "Bob raises to 6."
    assert e.apply(ANN, Action("fold"))[:2] == ["Ann folds.", "Bob wins 11."]
    assert e.view(None)["stacks"] == [40 - 4 - 1, 40 + 4 - 1]


def test_a_player_out_of_time_facing_a_bet_folds(monkeypatch: pytest.MonkeyPatch) -> None:
    rig(monkeypatch, [("4c", "9d")])
    e = new(seed_of(1))
    place_in_order(e)
    assert e.timeout_action(ANN) == Action("check")
    e.apply(ANN, Action("bet", amount=2))
    assert e.timeout_action(BOB) == Action("fold")
    e.apply(BOB, e.timeout_action(BOB))
    assert e.view(None)["stacks"] == [40 + 1 - 1, 40 - 1 - 1]


# ---- the grids and the match's end -----------------------------------------------------------
# Cells A..I, filled in rounds 1..9. Bob's rows: a straight flush, three twos, jack-nine-seven;
# Ann's rows: a straight, eight high, the same jack-nine-seven (a tie). Ann wins every column and
# diagonal on the kickers (A-7-3 over A-7-2, K-9-5 over K-9-2, Q-J-8 over Q-J-2, A-J-5 over A-J-2)
# and CEG with a flush (Q-7-5 of diamonds): Ann 5 lines, Bob 2.
ANN_GRID = pairs("AcKcQd" "3c5d8h" "7d9cJs")
BOB_GRID = pairs("AsKsQs" "2c2d2h" "7c9dJh")


def first_bettors_by_the_rules(coin: int, low: int) -> list[int]:
    """Rounds 1-3 and 7-9 place equal ranks (each time the other player than last round bets first);
    in rounds 4-6 ``low`` places a two, the lower card."""
    order = [coin, 1 - coin, coin, low, low, low]
    for _ in range(3):
        order.append(1 - order[-1])
    return order


@pytest.mark.parametrize("seed, coin, better, summary", [
    (seed_of(1), ANN, ANN, "After 9 rounds Ann wins the match, 42 chips to 38."),
    (seed_of(2), BOB, ANN, "After 9 rounds the chips are equal: Ann wins the match on grid lines won, 5 to 2, "
                           "40 chips to 40."),
    (seed_of(1), ANN, BOB, "After 9 rounds the chips are equal: Bob wins the match on grid lines won, 5 to 2, "
                           "40 chips to 40."),
])
def test_nine_rounds_then_the_grids_pay_the_net_lines_and_the_match_ends(
        monkeypatch: pytest.MonkeyPatch, seed: str, coin: int, better: int, summary: str) -> None:
    """``better`` holds the grid that wins 5 lines to 2; the other one places the twos."""
    worse = 1 - better
    grids = (ANN_GRID, BOB_GRID) if better == ANN else (BOB_GRID, ANN_GRID)
    rig(monkeypatch, list(zip(*grids)))
    e = new(seed, rounds=9)
    bettors: list[int] = []

    def round_() -> None:
        place_in_order(e)
        bettors.append(bet_one_and_fold(e))

    until(lambda: e.outcome is not None, round_, most=9)
    assert bettors == first_bettors_by_the_rules(coin, low=worse)
    first = [bettors.count(seat) for seat in (ANN, BOB)]
    after_pots = [40 + first[seat] - first[1 - seat] for seat in (ANN, BOB)]  # 1 chip a round
    won = [5 if seat == better else 2 for seat in (ANN, BOB)]
    transfer = [3 if seat == better else -3 for seat in (ANN, BOB)]
    grid = e.view(ANN)["last_grid"]
    assert grid is not None and (grid["won"], grid["transfer"], grid["ante"]) == (won, transfer, 1)
    assert [line["winner"] for line in grid["lines"]] == [worse, worse, None] + [better] * 5
    assert e.view(None)["lines_won"] == won
    assert f"Grids: Ann wins {won[0]} lines, Bob {won[1]}: {e.names[better]} takes 3." in e.log
    assert e.stacks == [after_pots[seat] + transfer[seat] for seat in (ANN, BOB)]
    assert e.outcome is not None and e.outcome.summary == summary and e.log[-1] == summary
    assert e.outcome.deltas == (e.stacks[0] - 40, e.stacks[1] - 40)
    assert e.outcome.ranking == ((0, 1) if better == ANN else (1, 0))


def mirror(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal Bob, card for card, Ann's cards with clubs made hearts and diamonds spades (reshuffles
    too): every placement is of equal rank, every line and every showdown a tie."""
    twin = {"c": "h", "d": "s"}

    def mirrored(cards: Sequence[str]) -> list[str]:
        ann = [c for c in cards if c[1] in twin]
        assert sorted(cards) == sorted(ann + [c[0] + twin[c[1]] for c in ann])
        return [card for c in ann for card in (c, c[0] + twin[c[1]])]

    monkeypatch.setattr(squared, "shuffled_deck", lambda seed: mirrored(DECK))
    monkeypatch.setattr(squared, "shuffled", lambda seed, cards: mirrored(cards))


def test_equal_chips_and_equal_lines_draw_the_match(monkeypatch: pytest.MonkeyPatch) -> None:
    mirror(monkeypatch)
    e = new(seed_of(1), rounds=9)
    play(e)
    assert e.last_showdown is not None and e.last_showdown["won"] == [1, 1]
    assert "Grids: Ann wins 0 lines, Bob 0: no chips change hands." in e.log
    summary = "After 9 rounds the match is a draw with 0 grid lines each, 40 chips each."
    assert e.outcome is not None and e.outcome.summary == summary and e.log[-1] == summary
    assert (e.outcome.deltas, e.outcome.ranking) == ((0, 0), (0, 0))


def test_both_players_short_of_the_ante_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    """One chip each: every round both are all in from the ante, every showdown splits; round 10's
    ante of 2 is more than either has."""
    mirror(monkeypatch)
    e = SquaredEngine({"rounds": 18}, [Seat("Ann", 1), Seat("Bob", 1)], seed_of(1))
    until(lambda: e.outcome is not None, lambda: place_in_order(e), most=9)
    assert e.outcome is not None and e.round_no == 9
    summary = "Ann and Bob cannot pay the ante of 2: the match is a draw with 0 grid lines each, 1 chip each."
    assert e.outcome.summary == summary and e.outcome.ranking == (0, 0)


@pytest.mark.parametrize("stacks, loser", [((10, 40), ANN), ((40, 10), BOB)])
def test_a_player_short_of_the_ante_loses(monkeypatch: pytest.MonkeyPatch, stacks: tuple[int, int],
                                          loser: int) -> None:
    """The short player folds to a bet of 1 every round: 9 antes lost, 1 chip left for round 10's ante
    of 2 (the grids tie)."""
    mirror(monkeypatch)
    e = SquaredEngine({"rounds": 18}, [Seat("Ann", stacks[0]), Seat("Bob", stacks[1])], seed_of(1))

    def round_() -> None:
        place_in_order(e)
        if e.to_act() == (loser,):
            e.apply(loser, Action("check"))
        e.apply(1 - loser, Action("bet", amount=1))
        e.apply(loser, Action("fold"))

    until(lambda: e.outcome is not None, round_, most=9)
    assert e.outcome is not None
    name, other = e.names[loser], e.names[1 - loser]
    assert e.outcome.summary == f"{name} cannot pay the ante of 2: {other} wins the match, 49 chips to 1."
    assert e.outcome.ranking == ((1, 0) if loser == ANN else (0, 1))


def test_grid_transfer_of_one_net_line_goes_to_its_winner() -> None:
    assert squared.grid_transfer([5, 4], 1, [40, 40]) == [1, -1]
    assert squared.grid_transfer([4, 5], 2, [40, 40]) == [-2, 2]


def test_an_eighteen_round_match_scores_two_grids() -> None:
    e = new(seed_of(6), rounds=18)
    grids: set[tuple[int, int]] = set()

    def record() -> None:
        if e.last_grid is not None:
            grids.add((e.last_grid["round"], e.last_grid["ante"]))

    play(e, on_round=record)
    record()
    assert grids == {(9, 1), (18, 2)} and e.round_no == 18
    assert e.outcome is not None and e.outcome.summary.startswith("After 18 rounds")


def test_a_seat_without_chips_starts_with_the_table_s_chips() -> None:
    e = SquaredEngine({"chips": 25}, [Seat("Ann"), Seat("Bob", 30)], seed_of(1))
    assert e.view(None)["stacks"] == [24, 29]


# ---- the deck --------------------------------------------------------------------------------
def test_the_second_reshuffle_uses_the_second_seed() -> None:
    """Rounds 1-6 use 48 cards; round 7 deals the last 4 and reshuffles the other 36 (52 less 4 in
    hand and 12 on the grids); rounds 7-11 use those 36; round 12 reshuffles again, with
    SHA-256("<seed>:2"), every card but the 4 on the grids (rounds 10 and 11)."""
    seed = seed_of(12)
    e = new(seed, rounds=18)
    until(lambda: e.round_no == 12, lambda: e.apply(e.to_act()[0], passive(e, e.to_act()[0])))
    assert "The deck ran out: 36 cards are reshuffled." in e.log
    assert e.log[-2:] == ["The deck ran out: 48 cards are reshuffled.", "Round 12 of 18: both ante 2."]
    on_grids = {c for grid in e.grids for c in grid if c is not None}
    fresh = shuffled(hashlib.sha256(f"{seed}:2".encode()).hexdigest(), [c for c in DECK if c not in on_grids])
    assert e.hands == [fresh[0:8:2], fresh[1:8:2]]


# ---- what a player is told -------------------------------------------------------------------
def test_the_placement_select_takes_one_card_and_cell() -> None:
    e = new(seed_of(1))
    (spec,) = e.legal_actions(ANN)
    assert (spec.kind, spec.label, spec.min_choices, spec.max_choices) == ("place", "Place a card", 1, 1)


@pytest.mark.parametrize("action, error, message", [
    (Action("check"), IllegalAction, "Place a card on your grid first."),
    (Action("place", cards=(), target="A"), IllegalAction, "Choose exactly one card to place."),
    (Action("place", cards=("2c",), target="A"), IllegalAction, "You must place a card you hold."),
    (Action("place", cards=("As",), target="Z"), IllegalAction, "Choose a cell from A to I."),
    (Action("place", cards=("As",)), IllegalAction, "Choose a cell from A to I."),
])
def test_a_wrong_placement_is_refused_with_the_reason(monkeypatch: pytest.MonkeyPatch, action: Action,
                                                      error: type[Exception], message: str) -> None:
    rig(monkeypatch, [("AsKsQsJs", "AhKhQhJh")])
    e = new(seed_of(1))
    with pytest.raises(error) as refused:
        e.apply(ANN, action)
    assert str(refused.value) == message


def test_placing_twice_leaving_the_match_and_playing_on_are_refused() -> None:
    e = new(seed_of(1), rounds=9)
    e.apply(ANN, Action("place", cards=(e.hands[ANN][0],), target="A"))
    with pytest.raises(NotYourTurn) as refused:
        e.apply(ANN, Action("place", cards=(e.hands[ANN][0],), target="B"))
    assert str(refused.value) == "You have already placed your card this round."
    with pytest.raises(NotYourTurn) as refused:
        e.apply(2, Action("place", cards=(e.hands[BOB][0],), target="B"))
    assert str(refused.value) == "You are not playing in this match."
    play(e)
    with pytest.raises(IllegalAction) as refused:
        e.apply(ANN, Action("check"))
    assert str(refused.value) == "This hand is over."


@pytest.mark.parametrize("seats, settings, message", [
    ([Seat("Ann", 40)], {}, "Poker Squared is played by exactly two players"),
    ([Seat("Ann", 40), Seat("Bob", 40)], {"rounds": 10}, "a match has 9, 18 or 27 rounds"),
])
def test_a_match_that_cannot_be_played_is_refused(seats: list[Seat], settings: dict[str, int],
                                                  message: str) -> None:
    with pytest.raises(ValueError) as refused:
        SquaredEngine(settings, seats, seed_of(1))
    assert str(refused.value) == message
