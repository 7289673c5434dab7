"""Every engine's moves judged in pokerkit's shape (``bot.games.moves``): what a computer player
chooses from the engine's offer can be made; an amount outside the offer, a choice not offered, a
seat whose turn it is not and a finished hand are refused, each with its reason."""
from __future__ import annotations

import random

import pytest

from bot.games.base import Action, IllegalAction, NotYourTurn, Seat
from bot.games.choices import action_from_choices
from bot.games.moves import can_move, verify_move
from bot.registry import GAMES

STEPS = 30  # enough to reach every street or round that offers amounts and choices, quick for bridge


def _engine(name: str, seed: int):  # type: ignore[no-untyped-def]
    spec = GAMES[name]
    stack = spec.default_buy_in or (1000 if spec.chips else 0)
    seats = [Seat(f"P{i}", stack, True) for i in range(spec.min_players)]
    return spec, spec.engine(dict(spec.default_settings), seats, f"{seed:064x}", {})


@pytest.mark.parametrize("name", sorted(GAMES))
def test_offered_moves_can_be_made_and_others_are_refused_with_the_reason(name: str) -> None:
    spec, engine = _engine(name, 7)
    rng = random.Random(7)
    refused: set[str] = set()
    for _ in range(STEPS):
        if engine.outcome is not None:
            break
        acting = engine.to_act()
        for seat in range(spec.min_players):
            if seat in acting:
                continue
            with pytest.raises(NotYourTurn):  # "It is not your turn.", or who acts instead (bridge's dummy)
                verify_move(engine, seat, Action("fold"))
            refused.add("turn")
        seat = acting[0]
        legal = engine.legal_actions(seat)
        for offer in legal:
            if offer.max_amount is not None and offer.min_amount is not None:
                too_much = Action(offer.kind, amount=offer.max_amount + 1)
                assert not can_move(engine, seat, too_much)
                refused.add("amount")
            if offer.choices and offer.max_choices <= 1:
                forged = action_from_choices(offer.kind, ["no-such-choice"])
                with pytest.raises(IllegalAction):  # "not on offer", or the game's own words (gin: "Choose exactly one card.")
                    verify_move(engine, seat, forged)
                refused.add("choice")
        action = spec.choose(engine.view(seat), legal, rng)
        assert verify_move(engine, seat, action).kind == action.kind, "the computer's choice is on offer"
        engine.apply(seat, action)
    if engine.outcome is not None:
        with pytest.raises(IllegalAction, match=r"^This hand is over\.$"):
            verify_move(engine, 0, Action("fold"))
    assert refused, "something was refused on the way"
