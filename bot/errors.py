"""Errors whose message is meant for the player (shown as an ephemeral reply): the one root of every
refusal, whichever layer refuses (the rules' ``IllegalAction``, a wallet's ``InsufficientChips``, the
service's refusals), so the adapter answers each the same way and never with "something went wrong"."""
from __future__ import annotations


class UserError(Exception):
    """A request the bot refuses; ``str(error)`` is the sentence the player sees."""


class StaleButton(UserError):
    """A click on a button from an earlier hand or state."""
