"""Events: tables that play the same deals (duplicate bridge boards) and compare their results.

A shared deal's results and seed give its cards away to tables still to play it, so both are shown
only to those who have played the deal at a table of the event, and to directors (members with
Manage Channels).
"""
from __future__ import annotations

from typing import Any, Sequence

import discord


def may_see_deal(results: Sequence[dict[str, Any]], interaction: discord.Interaction) -> bool:
    """Whether the user behind ``interaction`` may see a deal with these recorded ``results``."""
    if any(player["user_id"] == interaction.user.id for result in results for player in result["players"]):
        return True
    permissions = interaction.permissions
    return bool(permissions and permissions.manage_channels)
