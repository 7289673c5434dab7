"""Game-forcing auctions reach game: after a call the system explains as forcing to game (two over
one, Jacoby 2NT, the strong 2♣ and its answers), the robots' side never stops below game while the
opponents only pass.

The rule the property test checks: when a call of one side is explained with "forcing to game" or
"game is certain", and the other side has made no call but pass since that side's opening bid, the
auction ends in that side's contract at game or higher (3NT, four of a major, five of a minor). A
bid or double of the opponents frees the side (to defend, double or stop), except after the strong
2♣; 2♣–2♦–2NT is not game forcing, and none of its calls is explained so."""
from __future__ import annotations

import random

import bot.ai.bridge as robot
from bot.ai.bridge_bidding import HandInfo
from bot.ai.bridge_explain import explain
from bot.games.base import Seat
from bot.games.bridge import BIDS, PASS, BridgeEngine, pbn_hand
from bot.games.cards import DECK
from tests.ai.test_bridge_ai import robot_call
from tests.ai.test_bridge_games import calls_of

SEATS = [Seat(name, is_bot=True) for name in ("North", "East", "South", "West")]
FORCING_TO_GAME = ("forcing to game", "game is certain")
Calls = list[tuple[int, str]]


def auction(game: BridgeEngine) -> Calls:
    """The robots bid ``game``'s board to the end of the auction."""
    rng = random.Random(0)
    while game.phase == "auction":
        seat = game.to_act()[0]
        game.apply(seat, robot.choose(game.view(seat), game.legal_actions(seat), rng))
    return [(int(c["seat"]), str(c["call"])) for c in game.view(None)["auction"]]


def game_or_higher(bid: str) -> bool:
    level, strain = int(bid[0]), bid[1:]
    return level >= {"NT": 3, "S": 4, "H": 4, "D": 5, "C": 5}[strain]


def forced_side(calls: Calls) -> int | None:
    """The side (0 North-South, 1 East-West) that made a call explained as forcing to game while
    the other side has only passed since its opening; None if there is no such side."""
    for index, (seat, _) in enumerate(calls):
        if any(words in explain(calls, index) for words in FORCING_TO_GAME):
            opening = next(i for i, (_, call) in enumerate(calls) if call in BIDS)
            silent = all(call == PASS for s, call in calls[opening:] if s % 2 != seat % 2)
            return seat % 2 if silent else None
    return None


def test_the_strong_two_clubs_of_rubber_board_one_reaches_game() -> None:
    """Seed "86"*32, board 1: 2♣–2♦–2♥ "forcing to game"; responder without an ace or a king jumps
    to 4♥ (the raise to 3♥ shows values) and the 23-HCP opener stops there."""
    game = BridgeEngine({}, SEATS, "86" * 32, {})
    calls = auction(game)
    assert [c for _, c in calls[:9:2]] == ["2C", "2D", "2H", "4H", "Pass"]
    assert HandInfo.of(game.hands[0]).hcp == 23
    assert "forcing to game" in explain(calls, 4)
    final = [(s, c) for s, c in calls if c in BIDS][-1]
    assert final[0] % 2 == 0 and game_or_higher(final[1]), calls


def test_opener_of_two_clubs_bids_on_over_partners_raise() -> None:
    """Raised below game after 2♣–2♦–suit, opener used to pass: now game or higher (here, with
    every key card and seven clubs opposite a raise that shows values, 4NT; with 25 HCP opposite
    the raise a slam the simulation finds)."""
    assert robot_call("Qc 6c Tc As 9c 9h Ac Kc Ad Ah 4h Jd 4c", "2C P 2D P 3C P 4C P") == "4NT"
    assert game_or_higher(robot_call("5s 6h Ac Js Kh Ah Kc As Jd Ad Ks Jh 9c", "2C P 2D P 2S P 3S P"))
    assert robot_call("9s 8s 7s Jh Th 8h 6h 4h 9d 8d 7c 6c 5c", "2C P 2D P 2NT P 3D P 3H P") == "P", \
        "2♣–2♦–2NT is not forcing to game: a transfer and pass stops in 3♥"


def test_after_two_clubs_the_raise_shows_values_and_the_jump_to_game_none() -> None:
    """2♣–2♦–2♥: three hearts and a king raise to 3♥, which opener needs to look for a slam;
    three hearts with a queen only jump to 4♥. 2♣–2♦–3♣ likewise: 4♣ with values, 5♣ without."""
    assert robot_call("Ks 9s 8s 4s Qh 3h 2h Qd Td 9d Qc 9c 4c", "2C P 2D P 2H P") == "3H"
    assert explain(calls_of("2C P 2D P 2H P 3H"), 6) == "Later call: 3+ HCP, 3+ hearts, agrees hearts: forcing."
    assert robot_call("9s 8s 4s 3s Qh 3h 2h Td 9d 7d 9c 4c 2c", "2C P 2D P 2H P") == "4H"
    assert explain(calls_of("2C P 2D P 2H P 4H"), 6) == \
        "Later call: at most 4 HCP, 3+ hearts, a weak raise: no ace or king."
    assert robot_call("9s 8s 4s 3s Qh 3h 2h Td 9d 7d Jc 4c 2c", "2C P 2D P 3C P") == "5C"
    assert robot_call("Ks 8s 4s 3s 5h 3h 2h Td 9d 7d Jc 4c 2c", "2C P 2D P 3C P") == "4C"


def test_a_six_card_major_is_shown_over_the_strong_two_clubs_rebid_whatever_the_strength() -> None:
    """2♣–2♦–3♦: seven hearts and a jack bid 3♥ (they passed with 3NT: game in hearts made, 3NT
    did not); five hearts need 5 HCP."""
    seven = "6s 2s Jh Th 9h 8h 7h 5h 4h 4d 9c 8c 6c"
    assert robot_call(seven, "2C P 2D P 3D P") == "3H"
    assert explain(calls_of("2C P 2D P 3D P 3H"), 6) == "Later call: 5+ hearts, forcing."
    assert robot_call("6s 2s Jh Th 9h 8h 7h 5d 4d 9c 8c 6c 5c", "2C P 2D P 3D P") == "3NT"


def test_the_strong_two_clubs_stays_forcing_over_their_overcall() -> None:
    """2♣ P 2♦ 2♥: 26 HCP doubles them for penalty or bids game (they passed before, leaving
    their 2♥); 2♣ 2♥ P P: the opener bids again over partner's waiting pass; after opener's penalty
    double of their overcall, partner may pass it."""
    opener = "As Js 5s 4s Ah 5h Ad Kd Jd 6d 4d Ac Qc"
    assert robot_call(opener, "2C P 2D 2H") in ("X", "3NT")
    assert robot_call(opener, "2C 2H P P") != "P"
    assert robot_call("Qs Ts 8s 3s 2s Kh 6h 9d 5d 7c 5c 4c 2c", "2C 2H P P X P") == "P"


def dealt(seed: int) -> list[list[str]]:
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    return [cards[13 * s:13 * s + 13] for s in range(4)]


def likely_forcing(hands: list[list[str]]) -> bool:
    """North (the dealer) strong enough for 2♣, or a major and South with 12+ HCP: deals where a
    game-forcing auction is likely, so that the test sees many."""
    north, south = HandInfo.of(hands[0]), HandInfo.of(hands[2])
    return north.hcp >= 22 or (north.hcp >= 11 and max(north.lengths["S"], north.lengths["H"]) >= 5
                                and south.hcp >= 12)


def test_no_game_forcing_auction_stops_below_game() -> None:
    forced = 0
    seeds = (seed for seed in range(100_000) if likely_forcing(dealt(seed)))
    for seed in [next(seeds) for _ in range(60)]:
        deal = "N:" + " ".join(pbn_hand(cards) for cards in dealt(seed))
        calls = auction(BridgeEngine({"scoring": "duplicate", "board": 1, "deal": deal}, SEATS, "00" * 32, {}))
        side = forced_side(calls)
        if side is None:
            continue
        forced += 1
        final = [(s, c) for s, c in calls if c in BIDS][-1]
        assert final[0] % 2 == side and game_or_higher(final[1]), (seed, calls)
    assert forced >= 20, forced


def test_a_second_suit_before_notrump() -> None:
    """1♥–2♦–2♥: six diamonds, five clubs and a singleton heart bid 3♣ (3NT before; six clubs
    made); with three hearts, a fit, no second suit."""
    two_suiter = "2s 7h Ad Kd Qd 9d 7d 6d Kc Tc 9c 7c 6c"
    assert robot_call(two_suiter, "1H P 2D P 2H P") == "3C"
    assert explain(calls_of("1H P 2D P 2H P 3C"), 6) == "Later call: 4+ clubs."
    assert robot_call("8h 7h 6h Ad Kd Qd 9d 7d Kc Tc 9c 7c 6c", "1H P 2D P 2H P") != "3C"
