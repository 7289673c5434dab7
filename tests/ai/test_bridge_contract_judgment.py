"""Games and slams by simulation: where the rules would stop in game or below, the robot deals the
hands it cannot see the way the auction describes them, solves each deal double dummy and bids
the higher contract that gains. The decisions below hold on four deals as on twelve (a busy
machine solves fewer within the time budget; the limits go to the solver process with each
decision)."""
from __future__ import annotations

import pytest

from bot.ai.bridge_system import contract_judgment, judgment
from bot.ai.bridge_system.position import Meaning, Option, Position
from bot.ai.bridge_system.system import describe
from bot.games.bridge import PASS
from tests.ai.test_bridge_ai import robot_call
from tests.ai.test_bridge_games import calls_of


@pytest.fixture(params=[judgment.SAMPLES, judgment.BATCH], ids=["twelve deals", "four deals"])
def samples(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(judgment, "SAMPLES", request.param)
    return int(request.param)


def without_judgment(monkeypatch: pytest.MonkeyPatch, hand: str, auction: str) -> str:
    """The call the rules alone make."""
    with monkeypatch.context() as patched:
        patched.setattr(contract_judgment, "considered", lambda position, placed, holds: [])
        return robot_call(hand, auction)


def test_a_slam_the_rules_stop_short_of(samples: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """1♠–2♦–2♠: responder's 19 HCP with six solid diamonds and the ace of spades; the rules bid
    4♠, the deals make twelve tricks."""
    responder = "As Js 2s Ah 5h Ad Kd Qd Td 9d 8d Tc 5c"
    assert without_judgment(monkeypatch, responder, "1S P 2D P 2S P") == "4S"
    assert robot_call(responder, "1S P 2D P 2S P") == "6S"


def test_a_game_the_rules_pass_below(samples: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """1NT–2NT with 15 HCP, aces and tens: the rules pass, 3NT makes."""
    notrump = "As Js 3s Qh 8h 2h Kd Td 7d 6d Ac Jc 3c"
    assert without_judgment(monkeypatch, notrump, "1NT P 2NT P") == "P"
    assert robot_call(notrump, "1NT P 2NT P") == "3NT"


def test_competing_over_their_part_score(samples: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """1♥ 2♣ 2♥ 3♣ P P: responder's three hearts make eight trumps, which the law of total tricks
    competes with at the two level only; the rules pass, the deals say 3♥ gains over defending
    3♣ (counted doubled where it goes two down) with six diamonds and two clubs."""
    responder = "Qs 7s Qh 9h 2h Kd Jd 6d 5d 3d 2d 9c 6c"
    assert without_judgment(monkeypatch, responder, "1H 2C 2H 3C P P") == "P"
    assert robot_call(responder, "1H 2C 2H 3C P P") == "3H"


def test_the_best_slam_whose_reading_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    """1NT facing 16 HCP with seven solid diamonds: 6NT would gain most, but over 1NT it reads
    18+ HCP; 6♦ (to play, any hand) gains too and is bid rather than the rules' 3NT."""
    responder = "Ts 2s Ah Kh Ad Qd Jd Td 6d 5d 2d 9c 2c"
    assert without_judgment(monkeypatch, responder, "1NT P") == "3NT"
    assert robot_call(responder, "1NT P") == "6D"


def test_shortness_counts_towards_a_slam_in_partner_s_suit(samples: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """1♠–2♣–2♥: 16 HCP with four hearts and a singleton diamond count 18 in hearts (17 as
    points), which with the opener's 12 reach the 30 a slam is simulated at; 6♥ rather than the
    rules' 4♠ (7♥ made)."""
    responder = "As 8s 7s Ah Kh Qh 7h 2d Kc 9c 5c 4c 2c"
    assert without_judgment(monkeypatch, responder, "1S P 2C P 2H P") == "4S"
    assert robot_call(responder, "1S P 2C P 2H P") == "6H"


def test_a_slam_in_the_suit_agreed_goes_through_blackwood(samples: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """1♥–3♠ (a splinter): opener's 18 HCP with the king of spades wasted count 15 working
    points, and the rules bid 4♥; the simulation, dealing responder short in spades, finds a slam,
    which the robot reaches by asking for key cards. Responder's one (the ♥K) leaves two aces
    missing, and opener stops in 5♥."""
    opener = "Ks 7s 4s Ah Qh Th 9h 3h Kd 8d Ac Qc 4c"
    assert without_judgment(monkeypatch, opener, "1H P 3S P") == "4H"
    assert robot_call(opener, "1H P 3S P") == "4NT"
    assert robot_call("5s Kh Jh 8h 4h Kd Qd 7d 3d Kc Qc 6c 2c", "1H P 3S P 4NT P") == "5C"
    assert robot_call(opener, "1H P 3S P 4NT P 5C P") == "5H"


def test_a_poor_hand_stays_where_the_rules_stop() -> None:
    """1♠–2♠ with a flat 12 HCP: game fails on most deals (and the hand is below the points
    where a game is simulated at all)."""
    assert robot_call("Ks Qs 9s 6s 2s Qh 7h 6h Jd 4d 3d Kc 2c", "1S P 2S P") == "P"


def position(auction: str) -> Position:
    calls = calls_of(auction)
    return Position(calls, len(calls) % 4, describe(calls))


@pytest.mark.parametrize("auction, placed", [
    ("1S P 2NT P 3S P 4D P", "4NT"),        # an ask for key cards is not a place to stop
    ("1S P 2NT P 3S P", "4D"),              # nor a control bid
    ("1NT P 2H P 2S P 4NT P 5D P", "PASS"),  # the asker has placed the contract: five
    ("1S", "PASS"),                         # partner has not bid
])
def test_nothing_is_judged_instead_of_an_ask_a_try_or_the_askers_decision(auction: str, placed: str) -> None:
    assert contract_judgment.considered(position(auction), PASS if placed == "PASS" else placed, lambda call, hand: True) == []


def test_a_judged_call_is_only_made_where_its_reading_is_true_of_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """The simulation's call is read as the rules read it (what the explanation says): 3NT over
    1NT shows 10+ HCP, so a judgment to bid it with 2 HCP is not made and the robot passes."""
    weak = "9s 8s 3s Qh 7h 5h 2h 8d 5d 4d 9c 6c 3c"

    def always(position: Position, placed: str, holds: contract_judgment.Reading) -> list[Option]:
        return [Option("3NT", Meaning(note="forced"), when=lambda hand: holds("3NT", hand))]
    monkeypatch.setattr(contract_judgment, "considered", always)
    assert robot_call(weak, "1NT P") == "P"
    assert robot_call("As Ts 3s Kh 8h 6h Qd 5d 4d Jc Tc 9c 3c", "1NT P") == "3NT"


@pytest.mark.parametrize("auction, hand, minor", [
    ("1C P 1H P 3C P", "Js 7s 6s Ah Kh Jh Th 4d 3d Qc Tc 9c 7c", "5C"),  # nothing in diamonds
    ("1S P 2D P 3D P", "7s 2s Ah Qh 9h Ad Kd 4d 3d 2d 7c 5c 4c", "5D"),  # three small clubs
])
def test_five_of_a_minor_rather_than_3nt(monkeypatch: pytest.MonkeyPatch, auction: str, hand: str, minor: str) -> None:
    """A fit in partner's minor and a suit the hand does not hold: the rules bid 3NT, the twelve
    deals solved make eleven tricks in the minor more often than nine in notrump (four deals are
    too few for the gain to count)."""
    assert without_judgment(monkeypatch, hand, auction) == "3NT"
    assert robot_call(hand, auction) == minor


def test_3nt_with_a_four_card_major_where_no_fit_is_known(monkeypatch: pytest.MonkeyPatch) -> None:
    """2♥ P P X P 3♦ P: the doubler's 23 HCP with four of each major and the heart king; partner's
    forced answer shows no major, the rules pass, 3NT makes on most of the twelve deals solved
    (four are too few for the gain to count)."""
    doubler = "As Js 9s 4s Kh 7h 3h 2h Ad Kd Ac Kc Jc"
    assert without_judgment(monkeypatch, doubler, "2H P P X P 3D P") == "P"
    assert robot_call(doubler, "2H P P X P 3D P") == "3NT"
