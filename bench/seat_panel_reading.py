"""What the benches' members read on Discord to play from their seat panels, as a member would: the
table message's My seat button and whether its turn line asks them to press it, and their panel's
moves, buttons and dealt hand (bench/capacity.py, bench/discord_limits_load.py).

A member opens their panel with My seat (the press is answered with it: that press's original response
is the panel) and presses their moves on it; a press on the panel is answered by editing it in place.
The bot edits a panel only through its member's newest press on it, whose token lasts 15 minutes: a
member whose newest press is older than ``PANEL_FRESH``, or whom the turn line asks to press My seat,
opens a fresh one.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterator

PANEL_FRESH = 14 * 60.0
"""Seconds (of the loopback's clock) after a member's newest press on their panel past which the bot can
no longer edit it (the press's token lasts 15 minutes; the bot keeps one back)."""
_ASKED = re.compile(r"^(.+): press \*\*My seat\*\* for your cards and moves\.$", re.MULTILINE)
_DEALT = re.compile(r"Hand #(\d+) · your cards:")


@dataclass
class Panel:
    """A member's open seat panel: its message, when they last pressed on it (their My seat press at
    first), on the loopback's clock, and the table message's text when they opened it."""

    message_id: int
    pressed: float
    seen: str = ""

    def usable(self, now: float, table: dict[str, Any] | None, name: str) -> bool:
        """Whether the bot can still edit it: its newest press is fresh, and the table message has not
        asked its member to press My seat since it was opened (an ask still shown from before is old)."""
        return now - self.pressed < PANEL_FRESH and not (
            asks_to_open(table, name) and str((table or {}).get("content", "")) != self.seen)


def components(message: dict[str, Any] | None) -> Iterator[dict[str, Any]]:
    for row in (message or {}).get("components", []):
        yield from row.get("components", [])


def seat_button(message: dict[str, Any] | None) -> str | None:
    """The custom_id of the table message's My seat button, if it carries one."""
    return next((str(c["custom_id"]) for c in components(message)
                 if str(c.get("custom_id", "")).startswith("cr:seat:")), None)


def asks_to_open(message: dict[str, Any] | None, name: str) -> bool:
    """Whether the table message's turn line asks ``name`` to press My seat (their panel can no longer
    be updated)."""
    asked = _ASKED.search(str((message or {}).get("content", "")))
    return asked is not None and name in re.split(r", | and ", asked[1])


def moves(message: dict[str, Any] | None, kinds: tuple[str, ...]) -> tuple[dict[str, str], str]:
    """The message's move buttons of ``kinds`` (kind -> custom_id) and the turn they were drawn at
    ("table:hand:step"; all of one turn)."""
    found: dict[str, str] = {}
    turn = ""
    for component in components(message):
        parts = str(component.get("custom_id", "")).split(":")
        if len(parts) >= 6 and parts[:2] == ["cr", "a"] and parts[5] in kinds:
            found[parts[5]] = str(component["custom_id"])
            turn = ":".join(parts[2:5])
    return found, turn


def offers(message: dict[str, Any] | None, what: str) -> bool:
    """Whether the message carries the table's own button ``what`` (rebuy, topup...)."""
    for component in components(message):
        parts = str(component.get("custom_id", "")).split(":")
        if parts[:2] == ["cr", "u"] and parts[-1] == what:
            return True
    return False


def dealt_hand(panel: dict[str, Any] | None) -> int | None:
    """The deal whose cards the panel shows its member, if any."""
    dealt = _DEALT.search(str((panel or {}).get("content", "")))
    return int(dealt[1]) if dealt is not None else None
