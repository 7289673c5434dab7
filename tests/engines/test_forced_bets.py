"""Table options for the forced bets of hold'em and Omaha: a big-blind ante and an optional straddle,
posted by pokerkit as ``bot.games.forced_bets`` says, written in the PHH export, and replayed by
pokerkit's own reader to the same stacks."""
from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.base import Action, Seat
from bot.games.forced_bets import forced_bets
from bot.games.holdem import HoldemEngine
from bot.games.omaha import OmahaEngine, OmahaHiLoEngine
from tests.support.export_checks import replayed_stacks

BLINDS = {"small_blind": 5, "big_blind": 10}


def _engine(settings: dict[str, Any], stacks: list[int], dealer: int = 0, game: Any = HoldemEngine,
            seed: str = "ab" * 32) -> HoldemEngine:
    seats = [Seat(f"P{i}", stack) for i, stack in enumerate(stacks)]
    engine: HoldemEngine = game({**BLINDS, **settings}, seats, seed, {"dealer": dealer})
    return engine


def _put_in(engine: HoldemEngine) -> list[int]:
    """Chips each table seat has put in so far (antes, blinds and bets)."""
    return [seat.stack - engine.state.stacks[engine._player_of(s)] for s, seat in enumerate(engine.seats)]


def _play_out(engine: HoldemEngine, rng: random.Random) -> None:
    """Random legal moves to the end: folds, calls, checks and raises of any size."""
    while engine.outcome is None:
        (seat,) = engine.to_act()
        spec = rng.choice(engine.legal_actions(seat))
        amount = rng.randint(spec.min_amount, spec.max_amount) if spec.min_amount is not None else None
        engine.apply(seat, Action(spec.kind, amount=amount))


def test_the_big_blind_posts_the_whole_tables_ante_as_dead_money() -> None:
    engine = _engine({"ante": 10, "ante_kind": "big blind"}, [1000] * 6, dealer=0)
    # dealer seat 0: small blind seat 1, big blind seat 2, under the gun seat 3
    assert _put_in(engine) == [0, 5, 20, 0, 0, 0]
    assert "P2 posts the big-blind ante of 10" in engine.log and "P2 posts the big blind of 10" in engine.log
    assert engine.view(None)["pots"][0]["amount"] == 10, "the ante is in the pot, not in the blind's bet"
    assert engine.to_act() == (3,)
    engine.apply(3, Action("call"))
    assert engine.legal_actions(4)[1].label == "Call 10", "a call is the blind's size: the ante is not a bet"


def test_a_big_blind_who_cannot_cover_both_posts_the_blind_first() -> None:
    engine = _engine({"ante": 10, "ante_kind": "big blind"}, [1000, 1000, 14, 1000], dealer=0)
    assert _put_in(engine) == [0, 5, 14, 0], "the blind 10, then 4 of the ante"
    assert engine.view(None)["pots"][0]["amount"] == 4
    exact = _engine({"ante": 10, "ante_kind": "big blind"}, [1000, 1000, 10, 1000], dealer=0)
    assert _put_in(exact) == [0, 5, 10, 0] and not any("ante" in line for line in exact.log)


def test_heads_up_the_big_blind_is_the_player_off_the_button() -> None:
    engine = _engine({"ante": 10, "ante_kind": "big blind"}, [1000, 1000], dealer=0)
    assert _put_in(engine) == [5, 20], "the button posts the small blind; the other seat the blind and the ante"
    assert engine.to_act() == (0,), "heads-up the button acts first before the flop"


def test_every_player_antes_by_default() -> None:
    engine = _engine({"ante": 2}, [1000] * 4)
    assert _put_in(engine) == [2, 7, 12, 2] and "Each player antes 2" in engine.log


def test_a_straddle_under_the_gun_is_the_last_blind() -> None:
    settings = {"straddle": "under the gun", "straddlers": [3]}
    engine = _engine(settings, [1000] * 6, dealer=0)
    assert _put_in(engine) == [0, 5, 10, 20, 0, 0] and "P3 straddles for 20" in engine.log
    assert engine.to_act() == (4,), "the action starts on the straddler's left"
    for seat in (4, 5, 0, 1, 2):
        engine.apply(seat, Action("call"))
    assert engine.to_act() == (3,), "the straddler acts last before the flop"
    kinds = {spec.kind for spec in engine.legal_actions(3)}
    assert {"check", "raise"} <= kinds, "with the option to raise"
    engine.apply(3, Action("check"))
    assert engine.view(None)["street"] == "flop" and engine.to_act() == (1,)


def test_a_button_straddle_starts_the_action_with_the_small_blind() -> None:
    engine = _engine({"straddle": "button", "straddlers": [0]}, [1000] * 5, dealer=0)
    assert _put_in(engine) == [20, 5, 10, 0, 0] and "P0 straddles for 20" in engine.log
    assert engine.to_act() == (1,)
    for seat in (1, 2, 3, 4):
        engine.apply(seat, Action("call"))
    assert engine.to_act() == (0,), "the button straddle acts last"


@pytest.mark.parametrize("settings, stacks, why", [
    ({"straddle": "under the gun", "straddlers": []}, [1000] * 5, "nobody chose to straddle"),
    ({"straddle": "under the gun", "straddlers": [4]}, [1000] * 5, "the one who chose is not under the gun"),
    ({"straddle": "under the gun", "straddlers": [3]}, [1000, 1000, 1000, 20, 1000], "a straddle is never all in"),
    ({"straddle": "button", "straddlers": [0, 1]}, [1000, 1000], "no straddle heads-up"),
    ({"straddle": "under the gun", "straddlers": [3], "limit": "fixed-limit"}, [1000] * 5, "not in fixed-limit"),
    ({"straddle": "off", "straddlers": [3]}, [1000] * 5, "the table has no straddle"),
])
def test_no_straddle_is_posted_unless_its_conditions_hold(settings: dict[str, Any], stacks: list[int],
                                                          why: str) -> None:
    engine = _engine(settings, stacks, dealer=0)
    assert engine.forced.straddler is None and max(_put_in(engine)) == 10, why


@pytest.mark.parametrize("game", [HoldemEngine, OmahaEngine, OmahaHiLoEngine])
@pytest.mark.parametrize("seed", range(12))
def test_the_export_replays_to_the_same_stacks_with_both_options(game: Any, seed: int) -> None:
    rng = random.Random(seed)
    players = rng.randint(3, 7)
    stacks = [rng.choice([15, 40, 300, 1000]) for _ in range(players)]
    settings = {"ante": rng.choice([5, 10]), "ante_kind": "big blind", "straddle": rng.choice(["under the gun", "button"]),
                "straddlers": list(range(players)), "limit": "pot-limit" if game is not HoldemEngine else "no-limit"}
    engine = _engine(settings, stacks, dealer=rng.randrange(players), game=game, seed=f"{seed:064x}")
    _play_out(engine, rng)
    assert engine.outcome is not None and sum(engine.outcome.deltas) == 0
    text = engine.phh()
    assert "ante_trimming_status = false" in text
    assert replayed_stacks(text) == [[s + d for s, d in zip(stacks, engine.outcome.deltas)]]


def test_forced_bets_name_pokerkits_players() -> None:
    bets = forced_bets({**BLINDS, "ante": 10, "ante_kind": "big blind", "straddle": "under the gun",
                        "straddlers": [7]}, [500] * 6, [5, 6, 7, 8, 9, 4])
    assert bets.antes == (0, 10, 0, 0, 0, 0) and bets.blinds == (5, 10, 20, 0, 0, 0)
    assert bets.straddler == 2 and bets.straddle == 20 and not bets.ante_trimming


def test_statistics_count_a_straddle_as_a_blind_and_a_big_blind_ante_as_dead_money() -> None:
    from bot.service.stats.poker import hand_facts

    engine = _engine({"ante": 10, "ante_kind": "big blind", "straddle": "under the gun", "straddlers": [3]},
                     [1000] * 5, dealer=0)
    engine.apply(4, Action("call"))       # calls the straddle: voluntary
    engine.apply(0, Action("fold"))
    engine.apply(1, Action("fold"))
    engine.apply(2, Action("fold"))       # the big blind (and its ante) gives up
    engine.apply(3, Action("check"))      # the straddler checks the option: not voluntary
    while engine.outcome is None:
        (seat,) = engine.to_act()
        engine.apply(seat, Action("check"))
    deltas = engine.outcome.deltas
    caller, straddler, big_blind = (hand_facts(engine.phh(), s, deltas) for s in (4, 3, 2))
    assert caller.vpip and not straddler.vpip and not big_blind.vpip
    assert caller.saw_flop and straddler.saw_flop and not big_blind.saw_flop
    assert caller.pot == straddler.pot == 5 + 10 + 10 + 20 + 20, "the blinds, the dead ante, the straddle, its call"


def test_every_nth_hand_is_a_bomb_pot_that_starts_on_the_flop() -> None:
    settings = {"bomb_pot_every": 3, "bomb_pot": 25, "straddle": "under the gun", "straddlers": [0, 1, 2, 3]}
    normal = HoldemEngine({**BLINDS, **settings}, [Seat(f"P{i}", 1000) for i in range(4)], "ab" * 32,
                          {"dealer": 0, "hand_no": 2})
    assert not normal.forced.bomb_pot and max(_put_in(normal)) == 20, "hand 2: blinds and the straddle"
    engine = HoldemEngine({**BLINDS, **settings}, [Seat(f"P{i}", 1000) for i in range(3)] + [Seat("Short", 15)],
                          "ab" * 32, {"dealer": 0, "hand_no": 3})
    assert engine.forced.bomb_pot and engine.forced.straddler is None
    assert _put_in(engine) == [25, 25, 25, 15], "everyone antes the bomb pot (a short stack all in), no blind"
    assert engine.view(None)["street"] == "flop" and len(engine.board) == 3
    assert engine.to_act() == (1,), "the flop's betting starts left of the button"
    assert engine.log[0] == "Bomb pot: each player antes 25; the deal starts on the flop"
    assert engine.view(None)["stakes"] == "Blinds 5/10, UTG straddle, bomb pot 25"
    _play_out(engine, random.Random(3))
    assert replayed_stacks(engine.phh()) == [[s + d for s, d in zip([1000, 1000, 1000, 15], engine.outcome.deltas)]]
