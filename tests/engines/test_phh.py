"""The pokerkit games ``bot/games/phh.py`` adds for the room's PHH codes, read where a player or a
reader of a stored hand meets them: fixed-limit five-card draw ("F1D") dealt, bet, drawn and split by
the engine, and every such hand replayed by ``RoomHandHistory`` to the stacks the table ended with."""
from __future__ import annotations

from typing import Sequence

import pytest
from pokerkit import Automation

from bot.games.base import Action, Seat
from bot.games.draw import DrawEngine
from bot.games.phh import FixedLimitFiveCardDraw, RoomHandHistory
from tests.engines.test_draw_engine import call_round, rig

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]
SEED = "ef" * 32


def fixed_draw(stacks: Sequence[int], **settings: object) -> DrawEngine:
    """Fixed-limit draw (blinds 5/10 unless ``settings`` say otherwise), Ann on the button."""
    seats = [Seat(name, stack) for name, stack in zip(NAMES, stacks)]
    return DrawEngine({"limit": "fixed-limit", **settings}, seats, SEED, {"dealer": 0})


def replayed_deltas(e: DrawEngine) -> tuple[int, ...]:
    """Each table seat's chips won or lost, as a PHH reader replaying the hand's file finds them."""
    history = RoomHandHistory.loads(e.phh())
    *_, final = iter(history)
    by_seat = dict(zip(history.seats, final.stacks))
    return tuple(by_seat[s + 1] - seat.stack for s, seat in enumerate(e.seats))


def raises_until_capped(e: DrawEngine) -> list[int]:
    """Raise by the fixed amount while the player to act may; the amounts raised to."""
    amounts = []
    while (spec := next((s for s in e.legal_actions(e.to_act()[0]) if s.kind == "raise"), None)) is not None:
        assert spec.min_amount == spec.max_amount and spec.min_amount is not None
        e.apply(e.to_act()[0], Action("raise", spec.min_amount))
        amounts.append(spec.min_amount)
    return amounts


@pytest.mark.parametrize("settings, before_the_draw", [
    ({}, [20, 30, 40]),                                  # the big blind is the bet: three raises
    ({"forced": "antes", "ante": 5}, [10, 20, 30, 40]),  # no blind: a bet and three raises
])
def test_fixed_limit_draw_allows_a_bet_and_three_raises_a_round(settings: dict[str, object],
                                                               before_the_draw: list[int]) -> None:
    e = fixed_draw([1000, 1000, 1000], **settings)
    assert raises_until_capped(e) == before_the_draw
    call_round(e)
    for _ in range(3):
        e.apply(e.to_act()[0], Action("stand_pat"))
    assert raises_until_capped(e) == [20, 40, 60, 80]  # the big bet, twice the big blind
    call_round(e)
    assert e.outcome is not None and replayed_deltas(e) == e.outcome.deltas


@pytest.mark.parametrize("blinds, raises", [((5, 10), 3), ({1: 10}, 3), (10, 3), ((), 4), ({0: 0}, 4), (0, 4)])
def test_the_fixed_limit_draw_game_caps_raises_in_pokerkit_too(blinds: object, raises: int) -> None:
    """The game as pokerkit users (and the PHH reader) build it, with blinds in each form pokerkit takes."""
    automations = tuple(a for a in Automation if a not in (Automation.HOLE_CARDS_SHOWING_OR_MUCKING,))
    state = FixedLimitFiveCardDraw(automations, True, 1, blinds, 10, 20)([1000] * 3, 3)  # type: ignore[arg-type]
    count = 0
    while state.can_complete_bet_or_raise_to():
        state.complete_bet_or_raise_to()
        count += 1
    assert count == raises


def test_fixed_limit_draw_burns_one_card_then_serves_the_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    # Dealt from Bob (left of the button): Cat draws three after the burn (9s, which would give her
    # trips) and gets 3c 4h Ts; Ann's aces stand pat and win the pot, and no card is shared.
    rig(monkeypatch, ["AhAdKcQs7h", "5h6h7c3d2d", "9h9cJd8s2s"], burn="9s", stub="3c4hTs")
    e = fixed_draw([100, 100, 100])
    e.apply(0, Action("call"))
    e.apply(1, Action("fold"))
    e.apply(2, Action("check"))
    e.apply(2, Action("discard", cards=("Jd", "8s", "2s")))
    e.apply(0, Action("stand_pat"))
    assert e.view(2)["seats"][2]["cards"] == ["9h", "9c", "3c", "4h", "Ts"]
    call_round(e)
    assert e.outcome is not None and e.outcome.deltas == (15, -5, -10)
    assert e.view(None)["winners"] == ["Ann wins 25 with Pair of Aces"]
    assert replayed_deltas(e) == e.outcome.deltas


def showdown_after_standing_pat(e: DrawEngine) -> None:
    """Everyone checks, stands pat and checks again."""
    call_round(e)
    for _ in e.seats:
        e.apply(e.to_act()[0], Action("stand_pat"))
    call_round(e)


def test_a_four_way_split_gives_the_odd_chip_left_of_the_button_and_replays(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Ann, Bob, Cat and Dan each hold an ace-high straight; Eve's seven high loses. The pot of five
    # antes splits 1 each, and the odd chip goes to Bob, the first of them left of the button.
    rig(monkeypatch, ["AsKhQdJcTs", "AhKdQcJsTh", "AdKcQsJhTd", "AcKsQhJdTc", "2c3d4h5s7c"], burn="9s", stub="")
    e = fixed_draw([100] * 5, forced="antes", ante=1)
    showdown_after_standing_pat(e)
    assert e.outcome is not None and e.outcome.deltas == (0, 1, 0, 0, -1)
    assert replayed_deltas(e) == e.outcome.deltas


def test_a_player_short_of_the_ante_wins_only_what_each_matched(monkeypatch: pytest.MonkeyPatch) -> None:
    # Ann has 3 chips against antes of 5: the main pot is 3 from each (9, Ann's aces win it); the
    # other 2 + 2 of the antes are a side pot that Bob's kings win from Cat.
    rig(monkeypatch, ["AhAdKcQs7h", "KhKdJc9s2h", "5h6h8c3d2d"], burn="9h", stub="")
    e = fixed_draw([3, 100, 100], forced="antes", ante=5)
    showdown_after_standing_pat(e)
    assert e.outcome is not None and e.outcome.deltas == (6, -1, -5)
    assert replayed_deltas(e) == e.outcome.deltas
