"""Who knocked out whom, read from a deal's PHH alone: the winner of the pot that took the player's last
chips, not the deal's biggest winner; each winner of a split pot (a tie, a hi-lo pot's two halves); a
main pot pokerkit joined with the side pot above; nobody when nobody lost their last chip. The deals
are played all in before the flop from fixed seeds; the cards are checked here so each case is read
by hand."""
from __future__ import annotations

from bot.games.base import Action, Seat
from bot.games.holdem import HoldemEngine
from bot.games.knockouts import knockouts
from bot.games.omaha import OmahaHiLoEngine
from bot.registry import game
from tests.support.all_in import all_in, holdem as all_in_holdem

NAMES = ("Ann", "Bob", "Cat", "Dan")


def holdem(stacks: tuple[int, ...], seed: int) -> HoldemEngine:
    return all_in_holdem(NAMES, stacks, seed)


def test_the_main_pot_s_winner_knocks_out_the_short_stack_not_the_biggest_winner() -> None:
    """Ann (50) and Bob (100) all in against Cat and Dan (1000 each). On 9c Qs Kd As 7d, Bob's Ah 3h (a
    pair of aces) takes the main pot (4 x 50) and the first side pot (3 x 50): Ann's last chip was in the
    main pot, so Bob knocked her out. Dan's Jd (ace-king-queen-jack high) beats Cat's 6s 3s for the
    side pot of 2 x 900 that held Cat's last chip: Dan knocked out Cat, though not Ann."""
    engine = holdem((50, 100, 1000, 1000), 6)
    seats = engine.view(None)["seats"]
    assert [seat["cards"] for seat in seats] == [["2s", "4h"], ["3h", "Ah"], ["6s", "3s"], ["6c", "Jd"]]
    assert engine.view(None)["board"] == ["9c", "Qs", "Kd", "As", "7d"]
    assert engine.outcome is not None and engine.outcome.deltas == (-50, 250, -1000, 800)
    assert knockouts(engine.phh()) == {0: (1,), 2: (3,)}


def test_a_split_pot_knocks_out_for_each_winner() -> None:
    """On 6c 2d 8d Tc 5h, Bob's Ah Td and Cat's As Th tie with tens and an ace: they split the main pot
    that held Ann's last chip (both knocked her out); Cat's pair beats Dan's king high for the side pot
    that held Dan's."""
    engine = holdem((50, 100, 1000, 1000), 159)
    assert [seat["cards"] for seat in engine.view(None)["seats"]] == [["Kh", "Js"], ["Ah", "Td"], ["Th", "As"], ["Kc", "4s"]]
    assert engine.view(None)["board"] == ["6c", "2d", "8d", "Tc", "5h"]
    assert knockouts(engine.phh()) == {0: (1, 2), 3: (2,)}


def test_a_hi_lo_pot_knocks_out_for_its_high_and_its_low_winner() -> None:
    spec = game("omaha-hilo")
    engine = OmahaHiLoEngine(dict(spec.default_settings), [Seat(n, s) for n, s in zip(NAMES, (100, 1000, 1000))],
                             f"{6:064x}", {"dealer": 0})
    all_in(engine)
    assert engine.outcome is not None and engine.outcome.deltas == (-100, 50, 50)
    assert "Bob wins 1050 (high)" in engine.outcome.summary and "Cat wins 1050 (low)" in engine.outcome.summary
    assert knockouts(engine.phh()) == {0: (1, 2)}


def test_a_main_pot_pokerkit_joined_to_the_side_pot_and_a_deal_that_knocks_out_nobody() -> None:
    """Ann is all in for 100; Bob and Cat go on to 300 and Cat folds on the flop: pokerkit pays Bob one
    pot of 700 (Ann's hand lost, her main pot joined to the side pot): Bob knocked her out. Folding to a
    raise knocks out nobody."""
    engine = HoldemEngine({}, [Seat("Ann", 100), Seat("Bob", 1000), Seat("Cat", 1000)], "ab" * 32, {"dealer": 0})
    plan = {0: [Action("raise", 100)], 1: [Action("raise", 300), Action("raise", 200)], 2: [Action("call"), Action("fold")]}
    while engine.outcome is None:
        (seat,) = engine.to_act()
        engine.apply(seat, plan[seat].pop(0) if plan[seat] else Action("check"))
    assert knockouts(engine.phh()) == {0: (1,)}
    quiet = HoldemEngine({}, [Seat("Ann", 100), Seat("Bob", 1000)], "ab" * 32, {"dealer": 0})
    for action in (Action("raise", 100), Action("fold")):
        (seat,) = quiet.to_act()
        quiet.apply(seat, action)
    assert quiet.outcome is not None and knockouts(quiet.phh()) == {}
