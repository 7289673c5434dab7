"""A bridge table's options as members choose and read them: its scoring, and the bidding system its
robots play (setting ``system``), checked once for the engine and said in words for ``/bridge status``
and the table's message. The systems themselves are the robots' (``bot.ai.bridge_systems``)."""
from __future__ import annotations

from typing import Any, Mapping

DEFAULT_SYSTEM = "sayc"
SYSTEMS: Mapping[str, str] = {"sayc": "SAYC (Standard American Yellow Card)",
                               "beginners": "the beginners' natural system"}
"""The systems a table may choose, by setting value, in words."""


def bidding_system(settings: Mapping[str, Any]) -> str:
    """The table's system: its ``system`` setting, SAYC for a table opened before there was a choice."""
    name = str(settings.get("system") or DEFAULT_SYSTEM)
    if name not in SYSTEMS:
        raise ValueError(f"The bidding system must be one of {', '.join(SYSTEMS)}.")
    return name


def system_headline(name: str) -> str | None:
    """The line above a table whose robots bid another system than SAYC, every table's before there
    was a choice, for its members to know what the robots' calls mean."""
    return None if name == DEFAULT_SYSTEM else f"The robots bid {SYSTEMS[name]}: see /rules bridge."


def describe_settings(settings: Mapping[str, Any]) -> str:
    """"Duplicate scoring, event club-night; the robots bid the beginners' natural system"."""
    words = "Duplicate scoring" if settings.get("scoring") == "duplicate" else "Rubber scoring"
    if settings.get("event"):
        words += f", event {settings['event']}"
    return f"{words}; the robots bid {SYSTEMS[bidding_system(settings)]}"
