"""Errors whose message is meant for the player (shown as an ephemeral reply): the one root of every
refusal, whichever layer refuses (the rules' ``IllegalAction``, a wallet's ``InsufficientChips``, the
service's refusals), so the adapter answers each the same way and never with "something went wrong".

A refusal the table gives for one reason has a type of its own whose default text is that reason's
one sentence, so the words are written once and a caller catches the reason by its type."""
from __future__ import annotations

from typing import ClassVar


class UserError(Exception):
    """A request the bot refuses; ``str(error)`` is the sentence the player sees."""


class Refusal(UserError):
    """A refusal with one sentence of its own (``TEXT``), raised without arguments."""

    TEXT: ClassVar[str] = ""

    def __init__(self) -> None:
        super().__init__(self.TEXT)


class StaleButton(Refusal):
    """A press on something drawn for an earlier hand or state."""

    TEXT = "That button is out of date: the table has moved on."


class EarlierHand(StaleButton):
    TEXT = "That button is from an earlier hand."


class OtherHand(StaleButton):
    """A hand number the table has not reached (a forged one)."""

    TEXT = "That button is not from this table's current hand."


class TableClosed(StaleButton):
    TEXT = "That table is closed."


class NotPlaying(Refusal):
    """The presser holds no seat in the deal being played."""

    TEXT = "You are not playing in this hand."


class TablePaused(UserError):
    """The table is paused because the bot can't show it; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"This table is paused: {reason}. It goes on once I may post in this channel again "
                         "(View Channel, Send Messages, Embed Links, Attach Files).")
