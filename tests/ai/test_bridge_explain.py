"""Robot bids explained: every call a computer player makes, asked about, is answered in words from
the system it bids (Standard American Yellow Card, or the beginners' natural system a table may
choose), and what the words say of its hand is true of the hand it holds."""
from __future__ import annotations

import random
import re

import pytest

import bot.ai.bridge as robot
from bot.ai.bridge_bidding import HandInfo
from bot.ai.bridge_explain import SUIT_NAMES, explain, role
from bot.ai.bridge_systems import system_of
from bot.games.base import Seat
from bot.games.bridge import BridgeEngine

SEATS = [Seat(name, is_bot=True) for name in ("North", "East", "South", "West")]


def _auctions(boards: int, system: str) -> list[tuple[BridgeEngine, list[tuple[int, str]]]]:
    """Robot auctions to their end on ``boards`` deals in ``system``, with each deal's engine (its hands)."""
    played = []
    for board in range(1, boards + 1):
        game = BridgeEngine({"scoring": "duplicate", "board": board, "system": system}, SEATS, f"{board:064x}", {})
        rng = random.Random(board)
        while game.phase == "auction":
            seat = game.to_act()[0]
            game.apply(seat, robot.choose(game.view(seat), game.legal_actions(seat), rng))
        calls = [(int(c["seat"]), str(c["call"])) for c in game.view(None)["auction"]]
        played.append((game, calls))
    return played


def _true_of(text: str, hand: list[str]) -> None:
    """Every range and length the explanation states holds for ``hand``."""
    info = HandInfo.of(hand)
    points = re.search(r"(\d+)–(\d+) HCP", text)
    if points:
        assert int(points[1]) <= info.hcp <= int(points[2]), (text, info.hcp)
    at_least = re.search(r"(\d+)\+ HCP", text)
    if at_least:
        assert info.hcp >= int(at_least[1]), (text, info.hcp)
    exactly = re.search(r"(?:: |, )(\d+) HCP", text)
    if exactly:
        assert info.hcp == int(exactly[1]), (text, info.hcp)
    at_most = re.search(r"at most (\d+) HCP", text)
    if at_most:
        assert info.hcp <= int(at_most[1]), (text, info.hcp)
    for count, name in re.findall(r"(\d+)\+ (spades|hearts|diamonds|clubs)", text):
        suit = next(s for s, n in SUIT_NAMES.items() if n == name)
        assert info.lengths[suit] >= int(count), (text, info.lengths)


@pytest.mark.parametrize("system", ["sayc", "beginners"])
def test_every_robot_call_is_explained_and_the_words_are_true_of_its_hand(system: str) -> None:
    """Over 400 robot auctions: openings, responses, rebids, overcalls and later calls alike; and
    what each seat's calls showed, points included, admits its hand."""
    seen: dict[str, set[str]] = {"opening": set(), "response": set()}
    for game, calls in _auctions(400, system):
        for index, (seat, call) in enumerate(calls):
            text = explain(calls, index, system)
            assert text.startswith(f"{role(calls, index)}: ") and text.endswith(".")
            placed = {"no opening": "opening"}.get(role(calls, index).lower(), role(calls, index).lower())
            if placed in seen:
                seen[placed].add(call)
                if call != "Pass":
                    assert "nothing new" not in text, text
            _true_of(text, game.hands[seat])
        shown = system_of({"system": system}).describe(calls)
        untrue = [(seat, shown[seat], hand) for seat, hand in enumerate(game.hands)
                  if not shown[seat].admits(HandInfo.of(hand))]
        assert not untrue, (calls, untrue)
    assert {"1C", "1D", "1H", "1S", "1NT", "Pass"} <= seen["opening"], seen["opening"]
    assert len(seen["response"]) >= 8, seen["response"]


@pytest.mark.parametrize("calls, expected", [
    ([(0, "1NT")], "Opening: 15–17 HCP, balanced."),
    ([(0, "2H")], "Opening: 5–11 HCP, 6+ hearts, a weak two."),
    ([(0, "2C")], "Opening: 22+ HCP, strong and artificial: forcing, says nothing of clubs."),
    ([(0, "1NT"), (1, "Pass"), (2, "2NT")], "Response: 8–9 HCP, invites 3NT."),
    ([(0, "1NT"), (1, "Pass"), (2, "2C")], "Response: 8+ HCP, Stayman: asks for a four-card major; promises one."),
    ([(0, "1NT"), (1, "Pass"), (2, "2D")], "Response: 5+ hearts, Jacoby transfer: asks opener to bid hearts."),
    ([(0, "1NT"), (1, "Pass"), (2, "2D"), (3, "Pass"), (0, "3H")],
     "Opener's rebid: 17 HCP, 4+ hearts, a super-accept: a maximum with four trumps."),
    ([(0, "2NT"), (1, "Pass"), (2, "3D"), (3, "Pass"), (0, "3H")],
     "Opener's rebid: 2+ hearts, completes the transfer."),
    ([(0, "1H"), (1, "Pass"), (2, "2H")], "Response: 5–10 HCP, 6+ points (HCP with length or shortness), 3+ hearts, "
                                          "a raise of partner's suit."),
    ([(0, "1H"), (1, "Pass"), (2, "3H")], "Response: 8–12 HCP, 10+ points (HCP with length or shortness), 3+ hearts, "
                                          "a limit raise: invites game."),
    ([(0, "1H"), (1, "Pass"), (2, "2NT")], "Response: 10+ HCP, 13+ points (HCP with length or shortness), 4+ hearts, "
                                           "Jacoby 2NT: a raise forcing to game."),
    ([(0, "1C"), (1, "1S")], "Overcall: 8–17 HCP, 5+ spades."),
    ([(0, "1D"), (1, "X")], "Double: 12+ HCP, takeout: short in their suit, support for the others, or a strong hand."),
    ([(0, "1D"), (1, "X"), (2, "Pass"), (3, "1H")], "Advance: an answer to the takeout double."),
    ([(0, "1D"), (1, "1H"), (2, "Pass"), (3, "2H")], "Advance: 6–10 HCP, 3+ hearts, a raise of partner's overcall."),
    ([(0, "1D"), (1, "1H"), (2, "X")], "Response: 6+ HCP, 4+ spades, negative: the unbid suits, not a penalty double."),
    ([(0, "1S"), (1, "Pass"), (2, "2NT"), (3, "Pass"), (0, "4S"), (1, "Pass"), (2, "4NT"), (3, "Pass"), (0, "5C")],
     "Later call: one or four key cards."),
    ([(0, "Pass")], "No opening: at most 11 HCP, no opening bid."),
])
def test_explanations_read_as_the_convention_card_does(calls: list[tuple[int, str]], expected: str) -> None:
    assert explain(calls, len(calls) - 1) == expected
