"""Finished deals on the web: a hand's replay (the engine's public view at every step, as the channel
saw it; the pictures the bot draws for Discord) and a bridge event's hand record. What may be shown is
the service's rule: ``Replays.load`` refuses an event's board still in play and another server's table,
and ``event_hand_record`` gives only the boards every table has played."""
from __future__ import annotations

import time
from collections import OrderedDict
from typing import Any

from bot import render_pool
from bot.errors import UserError
from bot.registry import game
from bot.service.events.hand_records import event_hand_record
from bot.service.table.replays import Replay, Replays
from bot.storage.interface import Storage
from bot.web.data import missing, title_of

SEATS = "NESW"
PICTURES_KEPT = 256
RECORD_SECONDS = 30.0
"""How long an event's gathered hand record is reused: a board revealed meanwhile shows up to this much
later, never earlier (reveals only add boards)."""


class Deals:
    """The web process's replays (rebuilt ones kept by ``Replays``), pictures and hand records."""

    def __init__(self, storage: Storage):
        self.storage = storage
        self.replays = Replays(storage)
        self._pictures: OrderedDict[tuple[int, int, int], bytes] = OrderedDict()
        self._records: dict[tuple[int, str], tuple[float, dict[str, Any]]] = {}

    async def replay(self, guild_id: int, table_id: int, hand_no: int) -> Replay:
        try:
            return await self.replays.load(guild_id, table_id, hand_no)
        except UserError as refusal:  # no such hand here, or an event's board still in play
            raise missing(str(refusal)) from None

    async def replay_data(self, guild_id: int, table_id: int, hand_no: int) -> dict[str, Any]:
        """The whole replay: each step's log lines and the public view (the engine's, as drawn)."""
        found = await self.replay(guild_id, table_id, hand_no)
        return {"table": table_id, "hand": hand_no, "game": found.game, "title": title_of(found.game),
                "summary": found.summary, "last_step": found.last,
                "steps": [{"step": number, "lines": list(step.lines), "view": step.public}
                          for number, step in enumerate(found.steps)]}

    async def picture(self, guild_id: int, table_id: int, hand_no: int, step: int) -> bytes:
        """The step's public view as the bot draws the table (PNG), drawn once."""
        found = await self.replay(guild_id, table_id, hand_no)
        if not 0 <= step <= found.last:
            raise missing(f"Hand #{hand_no} has steps 0 to {found.last}.")
        key = (table_id, hand_no, step)
        if key not in self._pictures:
            footer = f"Replay · table #{table_id} · hand #{hand_no} · step {step}/{found.last}"
            self._pictures[key] = await render_pool.render(game(found.game).render_table, found.steps[step].public,
                                                           footer, affinity=table_id)
            while len(self._pictures) > PICTURES_KEPT:
                self._pictures.popitem(last=False)
        self._pictures.move_to_end(key)
        return self._pictures[key]

    async def event_record(self, guild_id: int, event: str) -> dict[str, Any]:
        """The event's hand record: each board every table has played (or all once it closed)."""
        kept = self._records.get((guild_id, event))
        if kept is not None and time.monotonic() - kept[0] < RECORD_SECONDS:
            return kept[1]
        try:
            records = await event_hand_record(self.storage, guild_id, event, director=False)
        except UserError as refusal:
            raise missing(str(refusal)) from None
        data = {"event": event, "boards": [
            {"board": r.board, "hands": hands_of(r.deal), "par_score": r.analysis["par_score"],
             "par_contracts": r.analysis["par_contracts"], "tricks": r.analysis["tricks"],
             "traveller": [dict(row) for row in r.traveller]} for r in records]}
        self._records[(guild_id, event)] = (time.monotonic(), data)
        return data


def hands_of(deal: str) -> dict[str, list[str]]:
    """A PBN deal ("N:AKQ2.J83.T9.7654 ...") as each seat's suits, spades to clubs ("-" for a void)."""
    first, _, hands = deal.partition(":")
    start = SEATS.index(first)
    return {SEATS[(start + i) % 4]: [suit or "-" for suit in hand.split(".")]
            for i, hand in enumerate(hands.split())}
