"""Achievements earned and announced: after a deal is stored, each member dealt in is checked for what
that deal and their totals earned (``achievements``), off the table's lock; what is new is stored, once
(``Tx.award`` writes nothing for an achievement the member has), and announced in one short line of
the table's log, which its message shows with its next update (no message of its own: the channel's
requests stay the table's), or posted in the channel when the deal ended the table (a tournament
won). A profile catches up a member's whole history the same way, silently."""
from __future__ import annotations

import asyncio
import logging
from typing import Iterable

from bot.service.seasons.achievements import ACHIEVEMENTS, from_deal, from_totals
from bot.service.seasons.finishes import sit_and_go_finishes
from bot.service.table.live import LiveTable
from bot.storage.interface import Storage
from bot.storage.records import Achievement, Deal

log = logging.getLogger(__name__)
ANNOUNCED = "**Achievement earned**"


def after_deal(table: LiveTable, deal: Deal) -> None:
    """The deal ``table`` just stored: its members' achievements checked in a task the table owns
    (none for a deal of computer players alone)."""
    if not all(deal.bots):
        table.spawn(_checked(table, table.row.hand_no))


async def _checked(table: LiveTable, hand_no: int) -> None:
    try:
        await deal_awards(table, hand_no)
    except Exception:  # an achievement never stops a table
        log.exception("table %s: achievements of hand %s", table.id, hand_no)


async def deal_awards(table: LiveTable, hand_no: int) -> None:
    storage, row = table.room.storage, table.row
    stored = await storage.hand_record(row.id, hand_no)
    if stored is None:
        return
    record = stored.record
    members = {seat: int(user) for seat, (user, bot) in enumerate(zip(record.get("users", []), record.get("bots", [])))
               if not bot and int(user) > 0}
    stacks = [stack + delta for stack, delta in zip(record["stacks"], record["outcome"]["deltas"])]
    winners = await table.kind.winners([int(user) for user in record["users"]], stacks)
    totals = await storage.hands_played(row.guild_id, list(members.values()))
    now = table.room.clock()
    for seat, user in members.items():
        earned = from_deal(stored.game, record, stored.export, seat) | from_totals(*totals.get(user, (0, 0)), user in winners)
        for kind in await award(storage, row.guild_id, user, earned, now, (row.id, hand_no)):
            line = f"{record['names'][seat]} earns an achievement: {ACHIEVEMENTS[kind]}."
            if row.status == "closed":  # a tournament's last deal: no table message any more
                await table.room.presenter.announce(row.guild_id, row.channel_id, ANNOUNCED, line)
            else:
                table.note(line)


async def award(storage: Storage, guild_id: int, user_id: int, earned: Iterable[str], now: float,
                hand: tuple[int, int] | None = None) -> list[str]:
    """Store what of ``earned`` the member does not have yet; the kinds newly stored, in the list's order."""
    have = {a.kind for a in await storage.achievements(guild_id, user_id)}
    new = [kind for kind in ACHIEVEMENTS if kind in set(earned) - have]
    if not new or user_id <= 0:
        return []
    stored: list[str] = []
    async with storage.transaction() as tx:
        for kind in new:
            if await tx.award(guild_id, Achievement(user_id, kind, now, *(hand or (None, None)))):
                stored.append(kind)
    return stored


async def catch_up(storage: Storage, guild_id: int, user_id: int, games: Iterable[str], now: float) -> None:
    """A member's whole history on the server checked (what they earned before achievements were
    counted, or while a check failed), stored silently."""
    earned: set[str] = set()
    for game in games:
        hands = await storage.played_hands(guild_id, user_id, game)
        found = await asyncio.to_thread(lambda: [from_deal(h.game, h.record, h.export, h.seat) for h in hands])
        earned.update(*found)
    sources = await storage.season_sources(guild_id, 0.0, now + 1)
    placed = sources.tournaments + [f for play in sources.sit_and_gos for f in sit_and_go_finishes(play)]
    won = sum(1 for p in placed if p.user_id == user_id and p.place == 1)
    earned |= from_totals(*(await storage.hands_played(guild_id, [user_id])).get(user_id, (0, 0)), won)
    await award(storage, guild_id, user_id, earned, now)


