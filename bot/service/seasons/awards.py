"""Achievements earned and announced: after a deal is stored, each member dealt in is checked for what
that deal (as the settlement stored it, in memory) and their totals earned (``achievements``), off the
table's lock, with one read for all of them; what is new is stored, once
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
from bot.storage.records import Achievement, MemberTotals, StoredHand

log = logging.getLogger(__name__)
ANNOUNCED = "**Achievement earned**"


def after_deal(table: LiveTable, hand: StoredHand) -> None:
    """The deal ``table`` just stored (``hand``: as stored, its record and export in memory, not read
    back): its members' achievements checked in a task the table owns (none for a deal of computer
    players alone)."""
    if not all(hand.record["bots"]):
        table.spawn(_checked(table, table.row.hand_no, hand))


async def _checked(table: LiveTable, hand_no: int, hand: StoredHand) -> None:
    try:
        await deal_awards(table, hand_no, hand)
    except Exception:  # an achievement never stops a table
        log.exception("table %s: achievements of hand %s", table.id, hand_no)


async def deal_awards(table: LiveTable, hand_no: int, hand: StoredHand) -> None:
    """What the deal and their totals earned each member dealt in: one read for them all (their totals
    and what they hold, ``Storage.member_totals``), and a write only for what is new."""
    storage, row, record = table.room.storage, table.row, hand.record
    members = {seat: int(user) for seat, (user, bot) in enumerate(zip(record["users"], record["bots"]))
               if not bot and int(user) > 0}
    stacks = [stack + delta for stack, delta in zip(record["stacks"], record["outcome"]["deltas"])]
    winners = await table.kind.winners([int(user) for user in record["users"]], stacks)
    totals = await storage.member_totals(row.guild_id, list(members.values()))
    now = table.room.clock()
    for seat, user in members.items():
        mine = totals.get(user, MemberTotals())
        earned = from_deal(hand.game, record, hand.export, seat) | from_totals(mine.hands, mine.wins, user in winners)
        for kind in await award(storage, row.guild_id, user, earned - mine.held, now, (row.id, hand_no)):
            line = f"{record['names'][seat]} earns an achievement: {ACHIEVEMENTS[kind]}."
            if row.status == "closed":  # a tournament's last deal: no table message any more
                await table.room.presenter.announce(row.guild_id, row.channel_id, ANNOUNCED, line)
            else:
                table.note(line)


async def award(storage: Storage, guild_id: int, user_id: int, new: Iterable[str], now: float,
                hand: tuple[int, int] | None = None) -> list[str]:
    """Store ``new``, what the member earned and did not hold as read; the kinds stored (``Tx.award``
    writes nothing for one stored meanwhile), in the order a profile lists them."""
    kinds = [kind for kind in ACHIEVEMENTS if kind in set(new)]
    if not kinds or user_id <= 0:
        return []
    stored: list[str] = []
    async with storage.transaction() as tx:
        for kind in kinds:
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
    mine = (await storage.member_totals(guild_id, [user_id])).get(user_id, MemberTotals())
    earned |= from_totals(mine.hands, mine.wins, won)
    await award(storage, guild_id, user_id, earned - mine.held, now)


