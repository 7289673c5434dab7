"""Bridge robots: the natural bidding system, the deal sampler, double-dummy play, claims."""
from __future__ import annotations

import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bot.ai.bridge as robot
import bot.ai.bridge_bidding as bidding
import bot.ai.bridge_deals as deals
import bot.ai.bridge_solver as solver
from bot.games.base import HIDDEN, Action, Seat
from bot.games.bridge import BridgeEngine
from bot.games.cards import DECK
from tests.support.bridge_boards import SEATS, played, table
from tests.support.waiting import CEILING

N, E, S, W = range(4)


def robot_call(hand: str, auction: str = "") -> str:
    game = table({len(auction.split()) % 4: hand}, auction)
    seat = game.to_act()[0]
    action = robot.choose(game.view(seat), game.legal_actions(seat), random.Random(0))
    return action.target if action.kind == "bid" else {"pass": "P", "double": "X", "redouble": "XX"}[action.kind]


@pytest.mark.parametrize("hand, call", [
    ("As Kd Qh Js 4c 8c 9d 2s 5h 6h Tc 3d 7s", "P"),        # 10 HCP, flat
    ("As Kh Qd Jc Ks Qs Jh 9h 2d 5d 6c Tc 3c", "1NT"),      # 16 balanced
    ("As Ks Qs 8s 4s Kh 8h 2h 9d 5d Qc Tc 3c", "1S"),       # 14, five spades
    ("Ks 8s 4s Ah Kh 8h 2h 9h 5d 6d Qc 3c 7d", "1H"),       # 12, five hearts
    ("As Ks 4s Kh 8h Qd 9d 5d 2d Qc Tc 3c 7c", "1D"),       # 4-4 in the minors
    ("As Qs 4s Kh 8h 2h Kd 5d 2d Qc Tc 3c 7c", "1C"),       # 14, four clubs, three diamonds
    ("Ks Qs Ts 9s 6s 4s Jh 2h 9d 5d Tc 3c 7c", "2S"),       # 6 HCP, six spades: weak two
    ("Ks Js 9s 8s 5s 4s 7h 3h Ad 9d 4d 8c 5c", "2S"),       # king-jack sixth: sound enough
    ("Ks Ts 9s 8s 5s 4s 7h 3h Ad 9d 4d 8c 5c", "P"),        # king-ten sixth: not
    ("Kh Qh Th 9h 6h 4h 3h Js 9d 5d Tc 3c 7c", "3H"),       # seven hearts: preempt
    ("As Kh Qd Jc Ks Ah 8h 9h 6d 5d Kc Tc 3c", "2NT"),      # 20 balanced
])
def test_openings(hand: str, call: str) -> None:
    assert robot_call(hand) == call



@pytest.mark.parametrize("auction, hand, call", [
    ("1S P", "Ks 8s 4s Qh 8h 2h 9d 5d 2d Qc Tc 3c 7c", "2S"),     # 8 support points: raise
    ("1S P", "Ks 8s 4s Qh Ah 2h Jd 5d 2d Qc Tc 3c 7c", "3S"),     # 12: limit raise
    ("1S P", "8s 4s Qh 8h 2h Kd 9d 5d 2d Qc Tc 3c 7c", "1NT"),    # 7, no fit
    ("1S P", "As Js 2s Ah 4h Qd Td 9d 8d 5d 4d 9c 7c", "3S"),     # 11 HCP, 13 support points: no 2/1, not 1NT
    ("1S P", "Ks 7s 4s Qd Jd 9d 8d 5d 4d 3d Jc 9c 7c", "2S"),     # 7 HCP and a void: a raise, not 1NT
    ("1S P", "8s 4s Qh 8h 2h 3d 9d 5d 2d Qc Tc 3c 7c", "P"),      # 4 HCP
    ("1C P", "8s 4s Qh Kh 2h 9h Kd 5d 2d Qc Tc 3c 7c", "1H"),     # a major at the one level
    ("1NT P", "Ks 8s 4s Qh Ah 2h Kd 5d 2d 9c Tc 3c 7c", "3NT"),   # 12 flat
    ("1NT P", "8s 4s 3s Qh 8h 2h 9h 5h 2d 9c Tc 3c 7c", "2D"),    # weak, five hearts: a transfer
    ("1NT P", "As 8s 4s Qh Kh 2h 9h 5h Jh 6h Tc 3c 7c", "2D"),    # 10, six hearts: a transfer first
    ("1NT P 2D P 2H P", "As 8s 4s Qh Kh 2h 9h 5h Jh 6h Tc 3c 7c", "4H"),  # then game
    ("1NT P 2D P 2H P", "8s 4s 3s Qh 8h 2h 9h 5h 2d 9c Tc 3c 7c", "P"),   # or rest in two
    ("1NT P", "Ks 8s 4s Qh Ah 2h 5h Kd 2d 9c Tc 3c 7c", "2C"),    # 12, four hearts: Stayman
    ("1NT P 2C P 2H P", "Ks 8s 4s Qh Ah 2h 5h Kd 2d 9c Tc 3c 7c", "4H"),  # the fit found
    ("1H P", "Ks 8s 4s Qh Ah 2h 5h Kd 2d 9c Tc 3c 7c", "2NT"),    # Jacoby: 13+, four trumps
    ("1D 1H", "Ks Qs 8s 4s 8h 2h Kd 5d 2d 9c Tc 3c 7c", "X"),     # negative: four spades
    ("1D", "Ks Qs 8s 4s Ah Jh 2h 5h 9c Tc Ac 3c 7c", "X"),        # takeout: short diamonds
    ("2H", "Ks Qs 8s 4s 3s Ah 2h Ad 5d 9c Tc Kc 7c", "2S"),       # over a weak two: five spades
    ("2H P", "As 3s 2s Kh 6h 2h Ad Jd 7d 6d 5d Kc 3c", "4H"),    # 15 HCP, three trumps: game
    ("2H P", "As 3s 2s Kh 6h 2h Qd Jd 7d 6d 5d Kc 3c", "3H"),    # 13: a preemptive raise
    ("2D P", "Qs 8s 6s Ah Kh Jh Th 6h 2h Ac Tc 6c 3c", "2H"),    # 14 and a good suit: forcing
    ("2S P 6S P", "Ks Qs 9s 7s 6s 2s Th 2h Jd 9d 8d 4c 3c", "P"),  # partner placed the slam
    ("2S P 3D P", "Ks Qs 9s 7s 6s 2s Th 2h Jd 9d 8d 4c 3c", "4D"),  # a new suit: support
    ("1S P P X P 1NT P", "Ah Jh 9h 4h Ad Kd Jd Td 9d 4d Kc 9c 4c", "2NT"),  # 1NT answered the double: no Stayman, 16 invite
    ("3H P", "As Ks 7s 5s 3s 9h 8h 4h Ad Jd Td 4d 8c", "4H"),   # seven losers opposite a preempt's seven
    ("3H P", "Ks 7s 5s 3s 9h 8h 4h Ad Jd Td 4d 8c 2c", "P"),   # eight losers: no game
    ("1S 3C", "As Js 9s 6h 5h 3h 2h 8d 7d 2d Kc 5c 4c", "3S"),  # 8 support points raise over their preempt
    ("1S 3C", "As Js 9s 6h 5h 3h 2h 8d 7d 2d 8c 5c 4c", "P"),   # 5 do not
    ("P 1D P 1H 1S 2C 2S", "Ks 6s Ah Kh Jh 7h 3h 2h Kd 9d 5d Qc 8c", "4H"),  # they bid: game, not 3♥
    ("1H", "Ks Qs Js 9s 4s Qh 8h 2d 9d Kc Tc 3c 7c", "1S"),       # overcall at the one level
    ("1H", "Ks 9s 4s Qh 8h 2h 9d 5d 2d Kc Tc 3c 7c", "P"),        # nothing to say
    ("1NT", "Ks Qs Ts 7s 4s 3s Jh Th 9h 6h 6d Kc 8c", "2S"),      # six cards and 9 HCP over their 1NT
    ("1NT", "Ks Qs Ts 7s 4s Jh Th 9h 6h 6d 5d Kc 8c", "P"),       # five need 10
    ("1H", "As Kh Qh Ks 4s 8h 6d 9d 5d Kc Tc 3c 7c", "1NT"),      # 15 balanced, hearts stopped
    ("P P 1D 2D P 2H", "Qs Js 8s 4s 4h Ad Kd Qd 9d Ac Qc 9c 2c", "P"),  # 18 HCP: not in the majors Michaels showed
    ("1H 2D P P 2NT P", "Ts 6s Jh Th 5h 4h 3h 6d 5d Qc Jc Tc 4c", "3H"),  # five trumps opposite the reopening 2NT
    ("2C P 2D P 2NT P 3D P 3H P", "Ts Jh 8h 7h 4h 3h Ad Jd 6d Ac Tc 6c 4c", "6NT"),  # 10 HCP, five hearts, 22-24 opposite
])
def test_responses_and_overcalls(auction: str, hand: str, call: str) -> None:
    assert robot_call(hand, auction) == call


def test_opener_rebids() -> None:
    minimum = "Ks Qs 8s 4s 2s Kh 8h 2h Qd 5d Ac 3c 7c"                  # 14 HCP, 5-3-2-3
    assert robot_call(minimum, "1S P 2S P") == "P"
    strong = "As Ks Qs 8s 4s Kh Ah 2h Qd 5d Ac 3c 7c"                   # 22 points
    assert robot_call(strong, "1S P 2S P") == "4S"
    assert robot_call("Ks Qs 8s 4s 2s Kh 8h 2h Qd 5d Ac 3c 7c", "1S P 1NT P") == "P"
    assert robot_call("As Kh Qd Jc Ks Qs Jh 9h 2d 5d 6c Tc 3c", "1NT P 2NT P") == "3NT"


def test_opener_with_six_five_shows_the_second_suit_first() -> None:
    """Six spades and five hearts: 2♥ over 2♣ (it rebid 2♠, and the heart fit with four was never
    found) and over 1NT; six-five with the minor bids 2♦ over 1NT; six-four rebids the six over
    2♣, and over 1NT (which denies four spades, not four hearts) shows four hearts."""
    six_five = "As Ks Qs Ts 4s 2s Jh 8h 5h 3h 2h 6d Jc"
    assert robot_call(six_five, "1S P 2C P") == "2H"
    assert robot_call(six_five, "1S P 1NT P") == "2H"
    assert robot_call("Ks Js 8s 5s 4s 2s 6h Ad Qd Jd 5d 3d 4c", "1S P 1NT P") == "2D"
    assert robot_call("As Ks Qs Ts 4s 2s Jh 8h 5h 3h 6d 2d Jc", "1S P 2C P") == "2S"
    assert robot_call("As Ks Qs Ts 4s 2s Jh 8h 5h 3h 6d 2d Jc", "1S P 1NT P") == "2H"
    assert robot_call("Qs Ts Kh 6h 5h 3h Kd 8d 6d 5d Ac 9c 3c", "1S P 1NT P 2H P") == "4H"


def test_every_robot_call_is_legal_and_auctions_end() -> None:
    for board in range(1, 41):
        game = BridgeEngine({"scoring": "duplicate", "board": board}, SEATS, f"{board:064x}", {})
        rng = random.Random(board)
        for _ in range(40):
            if game.phase != "auction":
                break
            seat = game.to_act()[0]
            game.apply(seat, robot.choose(game.view(seat), game.legal_actions(seat), rng))
        assert game.phase != "auction"


def test_bidding_sees_only_its_own_hand() -> None:
    """Two deals that differ only in the other three hands give the same call."""
    mine = "Ks Qs 8s 4s 2s Kh 8h 2h Qd 5d Ac 3c 7c"
    first = table({N: mine})
    rest = [c for c in DECK if c not in mine.split()]
    second = table({N: mine, E: " ".join(rest[26:]), S: " ".join(rest[:13])})
    assert first.dealt[E] != second.dealt[E]
    views = [game.view(N) for game in (first, second)]
    assert views[0] == views[1]
    assert bidding.choose_call(views[0]) == "1S"


# ---------------------------------------------------------------------------------------------
# What the calls promise, and the sampler


def test_describe_reads_the_auction() -> None:
    shown = bidding.describe([(N, "1NT"), (E, "Pass"), (S, "2NT"), (W, "Pass")])
    assert (shown[N].min_hcp, shown[N].max_hcp, shown[N].balanced) == (15, 17, True)
    assert (shown[S].min_hcp, shown[S].max_hcp) == (8, 9)
    assert shown[E].max_hcp == 37                        # a pass over an opening is not limited
    shown = bidding.describe([(N, "1H"), (E, "1S"), (S, "2H")])
    assert shown[N].lengths["H"] == 5 and shown[E].lengths["S"] == 5
    assert shown[S].lengths["H"] == 3 and shown[S].min_hcp == 6


def mid_play(seed: int, cards_played: int) -> BridgeEngine:
    """A board played by timeouts (lowest legal cards) up to ``cards_played`` cards."""
    game = BridgeEngine({"scoring": "duplicate", "board": seed % 16 + 1}, SEATS, f"{seed:064x}", {})
    for call in ("1NT", "P", "P", "P"):
        game.apply(game.to_act()[0], Action("pass") if call == "P" else Action("bid", target=call))
    for _ in range(cards_played):
        seat = game.to_act()[0]
        game.apply(seat, game.timeout_action(seat))
    return game


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), cards_played=st.integers(0, 50),
       rng=st.randoms(use_true_random=False))
def test_sampled_deals_agree_with_what_the_robot_knows(seed: int, cards_played: int,
                                                        rng: random.Random) -> None:
    game = mid_play(seed, cards_played)
    viewer = game.to_act()[0]
    view = game.view(viewer)
    known = deals.read_table(view)
    sample = deals.sample_hidden(known, bidding.describe([]), rng)
    hidden = {s for s in range(4) if HIDDEN in view["seats"][s]["cards"]}
    assert set(sample) == hidden
    dealt = [card for cards in sample.values() for card in cards]
    assert sorted(dealt) == sorted(known.unseen)            # every unseen card, once
    for seat, cards in sample.items():
        assert len(cards) == len(game.hands[seat])           # the right count
        assert not {c[1] for c in cards} & known.voids[seat]  # no card in a suit shown out of
    for seat, cards in known.hands.items():
        assert sorted(cards) == sorted(game.hands[seat])     # seen hands are the real ones


# ---------------------------------------------------------------------------------------------
# Card play and claims (these call the double-dummy solver: keep them few)


def test_robot_wins_the_trick_with_its_ace() -> None:
    """4S by North: East leads the heart king, South (dummy) and West follow low; North, last
    to play, holds the ace and a small heart."""
    game = table({N: "As Ks Qs Js 9s Ah 3h 4d 5d 6d 2c 3c 4c",
                  E: "Kh Qh Jh Th 2s 7d 8d 9d Tc Jc Qc Kc Ac",
                  S: "8s 7s 6s 5s 9h 8h 7h 2d 3d 5c 6c 7c 8c"},
                 "4S P P P")                                 # North declares, East leads
    for card in ("Kh", "7h"):                                # East leads, South (dummy) follows
        game.apply(game.to_act()[0], Action("play", cards=(card,)))
    game.apply(W, Action("play", cards=(next(c for c in game.hands[W] if c[1] == "h"),)))
    assert game.to_act() == (N,)
    action = robot.choose(game.view(N), game.legal_actions(N), random.Random(1))
    assert action == Action("play", cards=("Ah",))


def test_cards_are_scored_by_the_contract_before_the_tricks() -> None:
    """3NT by North after East's lead. Declarer's side to play: a card taking nine tricks on each
    of four deals beats one taking ten on three and seven on the fourth (more tricks in all, but
    the contract goes down). A defender's card that beats 3NT every time (five tricks) beats one
    taking six on three deals and letting it make on the fourth."""
    game = played(table({N: "As Ks Qs Js 9s Ah 3h 4d 5d 6d 2c 3c 4c",
                         E: "Kh Qh Jh Th 2s 7d 8d 9d Tc Jc Qc Kc Ac",
                         S: "8s 7s 6s 5s 9h 8h 7h 2d 3d 5c 6c 7c 8c"}, "3NT P P P"), "Kh")
    view = game.view(N)
    values = robot.card_values(view, deals.read_table(view), {"8s": [9, 9, 9, 9], "8h": [10, 10, 10, 7]})
    assert values["8s"] > values["8h"] and values["8h"][1] > values["8s"][1]
    played(game, "9h")
    view = game.view(W)
    values = robot.card_values(view, deals.read_table(view), {"2h": [5, 5, 5, 5], "5h": [6, 6, 6, 4]})
    assert values["2h"] > values["5h"] and values["5h"][1] > values["2h"][1]


@pytest.mark.parametrize("cards_played, samples", [(0, robot.LATER * robot.SAMPLES), (1, robot.SAMPLES),
                                                   (4, robot.SAMPLES), (8, robot.LATER * robot.SAMPLES)])
def test_more_deals_are_solved_for_the_lead_and_from_the_third_trick(monkeypatch: pytest.MonkeyPatch,
                                                                     cards_played: int, samples: int) -> None:
    """Full hands cost the most to solve: the first two tricks after the opening lead sample
    ``SAMPLES`` deals, the lead (one decision a deal, the least known) and later cards more (the
    tricks the solver would count are not what this checks)."""
    asked: list[int] = []

    def count(work: object, table: deals.Table, shown: object, choices: tuple[str, ...], seed: int,
              wanted: int) -> dict[str, list[int]]:
        asked.append(wanted)
        return {card: [0] * wanted for card in choices}
    monkeypatch.setattr(robot, "in_solver", count)
    game = mid_play(3, cards_played)
    seat = game.to_act()[0]
    robot.choose(game.view(seat), game.legal_actions(seat), random.Random(0))
    assert asked == [samples]


def answer(game: BridgeEngine, seat: int) -> Action:
    return robot.choose(game.view(seat), game.legal_actions(seat), random.Random(0))


def test_robot_answers_claims_by_double_dummy() -> None:
    """North holds the top cards: 7NT by North makes all thirteen tricks; East, declaring 1C,
    cannot take all thirteen."""
    north = "As Ks Qs Js Ah Kh Qh Ad Kd Qd Ac Kc Qc"
    game = table({N: north}, "7NT P P P")
    game.apply(E, game.timeout_action(E))
    game.apply(N, Action("claim", amount=13))
    assert answer(game, E) == Action("accept_claim")
    game = table({N: north}, "P 1C P P P")                   # East declares, South leads
    game.apply(S, game.timeout_action(S))
    game.apply(E, Action("claim", amount=13))                # North's club ace takes a trick
    assert answer(game, N) == Action("reject_claim")
    game.apply(N, Action("reject_claim"))
    game.apply(E, Action("claim", amount=0))
    assert answer(game, S) == Action("accept_claim")


def test_solving_runs_in_a_process_of_lower_priority() -> None:
    """The bot's own process (its GIL, its event loop) stays free while robots solve deals."""
    worker = solver.in_solver(os.getpid)
    assert worker != os.getpid()
    own = os.getpriority(os.PRIO_PROCESS, 0)
    assert os.getpriority(os.PRIO_PROCESS, worker) == min(19, own + solver.SOLVER_NICE)


def test_four_robots_play_a_full_board(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(robot, "SAMPLES", 4)                 # the same code, fewer solves
    game = BridgeEngine({"scoring": "rubber"}, SEATS, "ab" * 32, {})
    rng = random.Random(7)
    while game.outcome is None:
        seat = game.to_act()[0]
        game.apply(seat, robot.choose(game.view(seat), game.legal_actions(seat), rng))
    view = game.view(None)
    assert game.result is not None and not game.result.passed_out
    assert (len(view["play"]) == 52 or game.claimed) and sum(view["tricks"]) == 13
    assert view["result"].startswith(game.result.text())
    assert view["rubber"]["sheet"][0]["result"] == game.result.text()


# ---------------------------------------------------------------------------------------------
# Robot declarer's claims: only from what declarer sees


TOPS = "As Ks Qs Js Ah Kh Qh Ad Kd Qd Ac Kc Qc"
"""Every card a master once a club trick is gone (13 cards: the rest of each suit is lower)."""
LOWS = "7s 6s 5s 8h 7h 6h 8d 7d 6d 8c 7c 6c 5c"
EAST = "Ts 9s 8s Jh Th 9h Jd Td 9d Jc Tc 9c 2c"


def test_robot_declarer_claims_all_and_robot_defenders_accept() -> None:
    """7NT by North: after North wins the first club, every card North holds is a master."""
    game = played(table({N: TOPS, E: EAST, S: LOWS}, "7NT P P P"), "2c 5c 3c Qc")
    assert answer(game, N) == Action("claim", amount=13)
    game.apply(N, answer(game, N))
    for defender in (E, W):
        game.apply(defender, answer(game, defender))
    assert game.outcome is not None and game.won == [13, 0]
    assert game.result is not None and game.result.tricks == 13


def test_robot_declarer_claims_with_dummy_on_lead() -> None:
    """Dummy (South) won the first trick and holds the masters; declarer claims for it."""
    game = played(table({S: TOPS, E: EAST, N: LOWS}, "7NT P P P"), "2c Qc 3c 5c")
    assert game.to_act() == (N,) and game.leader == S
    assert robot.safe_claim(game.view(N)) == 13


def test_no_claim_while_a_defender_may_hold_the_ace() -> None:
    """North's club king is not a master while the ace is out, wherever it is; once the ace has
    fallen, North claims the rest; never while the defenders are on lead."""
    north = "As Ks Qs Js Ah Kh Qh Ad Kd Qd Kc Qc Jc"
    east_ace = {N: north, E: "Ts 9s 8s 2s Jh Th 9h Jd Td 9d Ac Tc 9c", S: LOWS}
    west_ace = {**east_ace, E: "Ts 9s 8s 2s Jh Th 9h Jd Td 9d 4c Tc 9c"}
    games = [played(table(hands, "7NT P P P"), "2s 5s 3s Js") for hands in (east_ace, west_ace)]
    assert games[0].dealt[W] != games[1].dealt[W]
    views = [game.view(N) for game in games]
    assert views[0] == views[1] and robot.safe_claim(views[0]) is None
    game = played(games[0], "Kc Ac 5c 2c")                   # East wins and is on lead
    assert robot.safe_claim(game.view(N)) is None
    played(game, "8s 6s 4s Qs")
    assert robot.safe_claim(game.view(N)) == 12              # one trick lost, eleven to come


@pytest.mark.parametrize("contract, hands, claim", [
    ("7NT", {N: TOPS, E: EAST, S: LOWS}, 13),
    ("4S", {N: TOPS, E: EAST, S: LOWS}, None),               # East's spades could ruff
    ("4S", {N: TOPS, S: "Ts 9s 8s 7s 6s 5s 4s 3s 2s 8h 7h 6h 5h",
            E: "Jh Th 9h Jd Td 9d 8d 7d Jc Tc 9c 8c 2c"}, 13),  # dummy holds the other trumps
])
def test_claims_in_trump_contracts_only_when_the_defenders_hold_no_trumps(
        contract: str, hands: dict[int, str], claim: int | None) -> None:
    game = table(hands, f"{contract} P P P")
    dummy_club = "5c" if "5c" in game.hands[S] else "5h"     # void dummy discards
    played(game, f"2c {dummy_club} 3c Qc")
    assert game.to_act() == (N,) and robot.safe_claim(game.view(N)) == claim


def test_no_claim_mid_trick_when_partner_must_overtake_or_after_a_rejection() -> None:
    """The opening lead is the defenders': no claim mid-trick. A bare ace in dummy would have to
    overtake North's king. A person defending is asked once: after they reject (or time out) the
    robot plays the board out instead of claiming again at every trick."""
    game = table({N: TOPS, E: EAST, S: LOWS}, "7NT P P P")
    played(game, "2c")
    assert game.to_act() == (N,) and robot.safe_claim(game.view(N)) is None
    game = table({N: "Ks Ah Kh Qh Jh Ad Kd Qd Jd Ac Kc Qc Jc",
                  S: "As 2h 3h 4h 5h 2d 3d 4d 5d 2c 3c 4c 5c",
                  E: "Qs Js Ts 9s 8s 6h 7h 8h 9h Th 6d 7d 8d"}, "7NT P P P")
    played(game, "6h 2h 2s Jh")
    assert game.leader == N and robot.safe_claim(game.view(N)) is None
    people = [Seat("North", is_bot=True), Seat("East"), Seat("South", is_bot=True),
              Seat("West", is_bot=True)]
    game = played(table({N: TOPS, E: EAST, S: LOWS}, "7NT P P P", seats=people), "2c 5c 3c Qc")
    claim = robot.safe_claim(game.view(N))
    assert claim == 13, "a person defending is asked too"
    game.apply(N, Action("claim", amount=claim))
    game.apply(E, game.timeout_action(E))                    # East lets the timer run out: rejected
    assert game.phase == "play" and game.view(N)["claims_rejected"] == 1
    assert robot.safe_claim(game.view(N)) is None


def test_the_solver_process_ends_when_the_bot_is_killed(tmp_path) -> None:
    """SIGKILL gives the bot no chance to shut its solver down: the solver notices and exits."""
    import os
    import signal
    import subprocess
    import sys
    import time

    script = ("import os, sys, time\n"
              "from bot.ai import bridge_solver\n"
              "bridge_solver.in_solver(os.getpid)\n"
              "print(*bridge_solver._solver_pool._processes, flush=True)\n"
              "time.sleep(60)\n")
    bot = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                           cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    assert bot.stdout is not None
    solver = int(bot.stdout.readline())
    os.kill(solver, 0)  # alive while the bot is
    bot.send_signal(signal.SIGKILL)
    bot.wait()
    deadline = time.monotonic() + CEILING  # a niced solver on a busy machine notices late, never not
    while _running(solver) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _running(solver), f"solver process {solver} outlived the killed bot"


def _running(pid: int) -> bool:
    """Alive and not a zombie waiting for a parent to collect it."""
    import os

    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
