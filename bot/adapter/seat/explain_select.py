"""The "What does it mean?" select under a bridge table during the auction: a member picks a call and
reads, privately, what it shows in the bidding system the table's computer players play (the game's
``GameSpec.explain_call``, given the system the table's view names). It changes nothing at the table,
and tells only what the auction itself shows: no card of anyone's hand.
"""
from __future__ import annotations

import re
from typing import Any

import discord

from bot.adapter.seat.checks import TableComponent, present
from bot.ai.bridge_explain import said
from bot.errors import UserError
from bot.service.table.live import LiveTable

MAX_OPTIONS = 25


def _public(live: LiveTable) -> dict[str, Any]:
    """What everyone sees of the deal (nothing before one is dealt)."""
    view = live.public_view() if live.engine is not None else None
    return view or {}


def auction_calls(live: LiveTable) -> list[tuple[int, str]]:
    """The auction so far as (deal seat, call), from what everyone sees."""
    return [(int(c["seat"]), str(c["call"])) for c in _public(live).get("auction", [])]


class ExplainSelect(TableComponent, discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]],
                    template=r"cr:x:(?P<table>[0-9]+):(?P<hand>[0-9]+)"):
    """Pick a call of the auction: what it means, privately (the newest 25 calls are offered)."""

    def __init__(self, table: int, hand: int, live: LiveTable | None = None):
        select: discord.ui.Select[discord.ui.View] = discord.ui.Select(custom_id=f"cr:x:{table}:{hand}",
                                                      placeholder="What does a call mean? Pick one")
        if live is not None:
            calls = auction_calls(live)
            first = max(0, len(calls) - MAX_OPTIONS)
            for index in range(first, len(calls)):  # a computer player's name says "(bot)"
                seat, call = calls[index]
                label = f"{index + 1}. {said(live.table_seat_of(seat).name, call)}"
                select.add_option(label=label[:100], value=str(index))
        super().__init__(select)
        self.table, self.hand = table, hand

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> "ExplainSelect":
        return cls(int(match["table"]), int(match["hand"]))

    async def _press(self, interaction: discord.Interaction, found: LiveTable | None) -> None:
        live = present(found)
        explain = live.spec.explain_call
        if explain is None or live.row.hand_no != self.hand or live.engine is None:
            raise UserError("That auction is over: the table shows the one in play.")
        calls = auction_calls(live)
        data: dict[str, Any] = dict(interaction.data or {})
        values = [str(v) for v in data.get("values", [])]
        if len(values) != 1 or not values[0].isdigit() or not 0 <= int(values[0]) < len(calls):
            raise UserError("That call is not in this auction.")
        index = int(values[0])
        seat, call = calls[index]
        player = live.table_seat_of(seat)
        text = f"{said(player.name, call)}. {explain(calls, index, _public(live).get('system'))}"
        if not player.is_bot:
            text += (f" ({player.name} is a person, whose calls mean what they mean: this is how the robots' "
                     "system reads it, as a robot partner does.)")
        await interaction.response.send_message(text[:1900], ephemeral=True)


def has_auction(live: LiveTable) -> bool:
    """Whether the table shows an auction a member may ask about."""
    return live.spec.explain_call is not None and bool(auction_calls(live))
