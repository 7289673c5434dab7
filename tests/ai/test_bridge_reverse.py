"""Responder over opener's reverse (1♣–1♠–2♥): forced to bid once, a minimum stops as low as it
can, and opener passes a minimum reverse; more goes to game."""
from __future__ import annotations

from bot.ai.bridge_explain import explain
from tests.ai.test_bridge_ai import robot_call
from tests.ai.test_bridge_games import calls_of

REVERSE = "1C P 1S P 2H P"


def test_a_minimum_responder_signs_off_and_says_so() -> None:
    """6 HCP and five spades bid 2♠ (they bid 3NT, two down); four spades and three clubs 3♣,
    neither 2NT; 9 HCP bid game."""
    assert robot_call("Qs 9s 5s 3s 2s 7h 4h 3h Kd 9d 6d 5d Jc", REVERSE) == "2S"
    assert explain(calls_of(REVERSE + " 2S"), 6) == "Later call: 6–7 HCP, 5+ spades, a minimum: not forcing."
    assert robot_call("Qs 9s 5s 3s 7h 4h 3h Kd 9d 6d Jc 5c 2c", REVERSE) == "3C"
    assert robot_call("Qs 9s 5s 3s 7h 4h 3h Kd 9d 6d 5d Jc 2c", REVERSE) == "2NT"
    assert robot_call("Qs 9s 5s 3s 2s 7h 4h 3h Kd 9d 6d 5d Ac", REVERSE) == "3NT"


def test_opener_passes_the_sign_off_with_a_minimum_reverse() -> None:
    assert robot_call("8s Ah Kh 8h 5h Ad 4d 2d Ac Qc 7c 6c 2c", REVERSE + " 2S P") == "P"
