"""Errors whose message is meant for the player (shown as an ephemeral reply)."""
from __future__ import annotations


class UserError(Exception):
    """A request the bot refuses; ``str(error)`` is the sentence the player sees."""


class StaleButton(UserError):
    """A click on a button from an earlier hand or state."""
