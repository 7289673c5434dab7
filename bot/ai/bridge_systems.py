"""The bidding systems a bridge table may choose for its robots (the table's ``system`` setting, named
in ``bot.games.bridge_options``): Standard American Yellow Card (``bridge_system``) or, for beginners,
the natural system under it (``bridge_bidding``) on its own, without a convention.

A system is three things read from one set of rules, so that they always agree: the robot's call,
what every call has shown (the explanation's ranges and the deals the card play samples), and a
call's own meaning where the system has a rule for it (a convention, with its words).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from bot.ai import bridge_bidding as natural
from bot.ai.bridge_bidding import Shown
from bot.ai.bridge_system import system as sayc
from bot.ai.bridge_system.position import Calls, Meaning
from bot.games.bridge_options import bidding_system


@dataclass(frozen=True)
class System:
    """A bidding system as the robots play it and the explanation reads it."""

    choose_call: Callable[[Mapping[str, Any]], str]
    describe: Callable[[Calls], list[Shown]]
    meaning_at: Callable[[Calls, int], Meaning | None]


def _no_convention(calls: Calls, index: int) -> None:
    """The natural system has no call with a meaning of its own: every call reads as its ranges."""
    return None


PLAYED: Mapping[str, System] = {
    "sayc": System(sayc.choose_call, sayc.describe, sayc.meaning_at),
    "beginners": System(natural.choose_call, natural.describe, _no_convention),
}


def system_of(settings: Mapping[str, Any]) -> System:
    """The system of a table's settings or of a view of its board (``system``; SAYC when absent)."""
    return PLAYED[bidding_system(settings)]
