"""The privacy check's part for replays: a finished deal shown again, step by step.

A replay's picture names its table, hand and step in its footer ("Replay · table #3 · hand #1 · step
4/17"), and its message's buttons carry them in their custom_ids. For each, the check fetches the
stored deal, rebuilds it and asks: a picture must be the public view at that very step (anyone in
the table's server may see it) or one seat's own view at that step (only the member who held that
seat may); a message may name only cards that were public at that step or before, or in the viewer's
own seat's view, and at the last step what the showdown showed. A deal of an event that is still
secret may not be replayed at all.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Iterable

from bot.service.events import shared_deals
from bot.service.table.replays import ReplayStep, rebuild

FOOTER = re.compile(r"Replay · table #(\d+) · hand #(\d+) · step (\d+)/(\d+)")
BUTTON = re.compile(r"cr:r:(\d+):(\d+):(\d+):(?!open)[a-z]+")


@dataclass(frozen=True)
class Stored:
    """A finished deal as the check rebuilt it from storage."""

    channel_id: int
    users: tuple[int | None, ...]
    steps: tuple[ReplayStep, ...]
    secret: bool  # an event's board not revealed when its last picture was drawn


class ReplayAudit:
    """Rebuilds the deals that replays show (from storage, on the first picture of each) and judges
    each picture and message against them."""

    def __init__(self, storage: Any, view_cards: Any):
        self.storage = storage
        self.view_cards = view_cards
        self.deals: dict[tuple[int, int], Stored] = {}

    async def learn(self, drawn: tuple[Any, ...]) -> list[tuple[int, int, int, Any]]:
        """(table, hand, step, view) of each frame of a replay picture (``render_table(view, footer)``
        or ``animate(views, render, footers)``); rebuilds the deals named. Empty if it is no replay."""
        if drawn and isinstance(drawn[0], list) and len(drawn) >= 3:
            views, footers = drawn[0], drawn[2]
        elif len(drawn) >= 2 and isinstance(drawn[1], str):
            views, footers = [drawn[0]], [drawn[1]]
        else:
            return []
        frames = []
        for view, footer in zip(views, footers):
            found = FOOTER.fullmatch(footer)
            if found is None:
                return []
            table, hand, step = int(found[1]), int(found[2]), int(found[3])
            await self._rebuilt(table, hand)
            frames.append((table, hand, step, view))
        return frames

    async def _rebuilt(self, table: int, hand: int) -> None:
        secret = not await shared_deals.hand_may_show(self.storage, table, hand, None)  # it may be revealed since
        known = self.deals.get((table, hand))
        if known is not None:
            self.deals[(table, hand)] = replace(known, secret=secret)
            return
        row = await self.storage.table(table)
        stored = await self.storage.hand_record(table, hand)
        if row is not None and stored is not None:
            record = stored.record
            self.deals[(table, hand)] = Stored(row.channel_id, tuple(record.get("users") or ()),
                                               rebuild(stored.game, stored.seed, record), secret)

    def audience_of(self, frames: list[tuple[int, int, int, Any]]) -> tuple[str, int | None] | None:
        """Who may see these frames: ("channel", the table's channel) if each is the public view at its
        step, ("user", id) if some are that member's own seat's view, None if any is neither (or the
        deal is a secret event board)."""
        users: set[int] = set()
        channel = None
        for table, hand, step, view in frames:
            deal = self.deals.get((table, hand))
            if deal is None or deal.secret or step >= len(deal.steps):
                return None
            channel = deal.channel_id
            if view == deal.steps[step].public:
                continue
            seats = [s for s, seat_view in enumerate(deal.steps[step].seats) if seat_view == view]
            holders = {deal.users[s] for s in seats if s < len(deal.users) and deal.users[s] is not None}
            if len(holders) != 1:
                return None
            users |= holders
        if len(users) > 1:
            return None
        return ("user", users.pop()) if users else ("channel", channel)

    def allowed(self, table: int, hand: int, step: int, user_id: int | None) -> frozenset[str] | None:
        """Cards a replay message at ``step`` may name for ``user_id``; None if the deal is unknown."""
        deal = self.deals.get((table, hand))
        if deal is None or deal.secret:
            return None
        seat = deal.users.index(user_id) if user_id in deal.users else None
        cards: set[str] = set()
        for earlier in deal.steps[:step + 1]:
            cards |= self.view_cards(earlier.public)
            if seat is not None:
                cards |= self.view_cards(earlier.seats[seat])
        return frozenset(cards)

    def dealt(self, table: int, hand: int) -> frozenset[str]:
        """Every card any seat of the deal held at any step: a text naming a card outside them (a bridge
        contract read as a SIXCHEX card's name, "3H") names none of this deal's."""
        deal = self.deals.get((table, hand))
        if deal is None:
            return frozenset()
        return frozenset(card for step in deal.steps for view in (step.public, *step.seats)
                         for card in self.view_cards(view))

    @staticmethod
    def steps_named(strings: Iterable[str]) -> set[tuple[int, int, int]]:
        """(table, hand, step) of every replay button in a payload."""
        return {(int(m[1]), int(m[2]), int(m[3])) for text in strings for m in BUTTON.finditer(text)}
