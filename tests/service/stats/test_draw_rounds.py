"""The statistics read a draw game's betting rounds from its draws, also when every player stands pat
and no card is dealt (``bot.service.stats.poker.hand_facts``)."""
from __future__ import annotations

from bot.games.base import Action, Seat
from bot.games.lowball import TripleDrawEngine
from bot.service.stats.poker import hand_facts


def test_a_draw_where_everyone_stands_pat_still_opens_the_next_betting_round() -> None:
    e = TripleDrawEngine({}, [Seat("Ann", 1000), Seat("Bob", 1000)], "11" * 32, {"dealer": 0})

    def act(kind: str, amount: int | None = None) -> None:
        (seat,) = e.to_act()
        e.apply(seat, Action(kind, amount))

    act("raise", 20)  # Ann (the button, small blind heads-up) raises; Bob calls
    act("call")
    for bet in (10, 20, 20):  # after each draw, both standing pat: Bob bets, Ann calls
        act("stand_pat")
        act("stand_pat")
        act("raise", bet)
        act("call")
    assert e.outcome is not None
    ann, bob = (hand_facts(e.phh(), seat, e.outcome.deltas) for seat in (0, 1))
    assert ann.pot == bob.pot == 140  # every round's bets, each counted from nothing
    assert ann.pfr and not bob.pfr and not bob.three_bet  # Bob's bets after the draws are no pre-draw raises
    assert ann.saw_flop and bob.saw_flop  # both saw the first draw
    assert bob.aggressive == 3 and ann.calls == 3
    assert {ann.collected, bob.collected} == {140, 0}
