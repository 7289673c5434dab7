"""A judged move applied unjudged (``apply_judged``: a press the table judged, a stored move replayed)
makes the same deal as ``apply``, and a move that does not fit (a corrupt record) still fails loudly."""
from __future__ import annotations

import pytest

from bot.games.base import Action, Seat
from bot.games.gin import GinEngine
from bot.games.holdem import HoldemEngine

SEED = "ab" * 32


def holdem() -> HoldemEngine:
    return HoldemEngine({}, [Seat("Ann", 500), Seat("Bob", 500), Seat("Cy", 500)], SEED, {"dealer": 0})


def test_judged_moves_make_the_deal_apply_makes() -> None:
    judging, judged = holdem(), holdem()
    for kind, amount in (("raise", 30), ("call", None), ("fold", None), ("check", None), ("check", None)):
        seat = judging.to_act()[0]
        move = judging.verify(seat, Action(kind, amount))
        assert judging.apply(seat, move) == judged.apply_judged(seat, move)
    assert judging.view(None) == judged.view(None) and judging.log == judged.log


@pytest.mark.parametrize("calls, kind", [(0, "check"), (2, "fold")])
def test_a_move_that_does_not_fit_what_is_to_call_fails(calls: int, kind: str) -> None:
    """A check facing the big blind; a fold by the big blind with nothing to call (pokerkit would call
    for the one and only warn of the other)."""
    engine = holdem()
    for _ in range(calls):
        engine.apply(engine.to_act()[0], Action("call"))
    with pytest.raises(ValueError, match=f"a {kind} with"):
        engine.apply_judged(engine.to_act()[0], Action(kind))


def test_a_move_out_of_turn_fails() -> None:
    engine = holdem()
    other = next(seat for seat in range(3) if seat not in engine.to_act())
    with pytest.raises(ValueError, match="out of turn"):
        engine.apply_judged(other, Action("call"))
    gin = GinEngine({}, [Seat("Ann", 0), Seat("Bob", 0)], SEED, {})
    waiting = next(seat for seat in range(2) if seat not in gin.to_act())
    with pytest.raises(ValueError, match="out of turn"):
        gin.apply_judged(waiting, Action("pass"))


def test_the_moves_of_one_kind_a_move_is_judged_by_are_those_legal_actions_offers() -> None:
    """Hold'em works out only the kind asked (``_offered``): the same specs, deal after deal."""
    for limit in ("no-limit", "fixed-limit"):
        engine = HoldemEngine({"limit": limit}, [Seat("Ann", 500), Seat("Bob", 80), Seat("Cy", 500)], SEED,
                              {"dealer": 0})
        while engine.outcome is None:
            seat = engine.to_act()[0]
            offered = engine.legal_actions(seat)
            for kind in ("fold", "check", "call", "raise", "twice"):
                assert engine._offered(seat, kind) == [spec for spec in offered if spec.kind == kind]
            engine.apply(seat, Action(offered[-1].kind, offered[-1].min_amount))  # the biggest raise there is


def test_gin_judges_a_discard_by_the_discards_legal_actions_offers() -> None:
    """Gin works out each discard's deadwood only for a knock or gin (``_offered``): the same specs."""
    engine = GinEngine({}, [Seat("Ann", 0), Seat("Bob", 0)], SEED, {})
    while engine.outcome is None:
        seat = engine.to_act()[0]
        offered = engine.legal_actions(seat)
        for kind in ("discard", "knock", "gin", "draw_stock", "pass"):
            assert engine._offered(seat, kind) == [spec for spec in offered if spec.kind == kind]
        engine.apply(seat, engine.timeout_action(seat))
