"""Per-player hand rows on both backends: written with each finished deal, recovered by the migration
from hands stored before it, read back for statistics, and consistent on real deals of every poker
game (every chip put in is collected by someone)."""
from __future__ import annotations

from bot.service.table.press import Press
import json
import random
from typing import Any

import pytest

from bot.games.event_records import EventPlayer
from bot.service.table.live import LiveTable
from bot.service.stats import game_stats
from bot.service.stats.poker import PokerStats, hand_facts
from bot.service.tables import TableService
from bot.storage import open_storage
from tests.storage.test_storage import Quiet

GUILD, CHANNEL = 7, 70
HUMANS = (1, 2, 3)


async def _play(storage: Any, name: str, deals: int, seed: int = 5) -> LiveTable:
    seeds, rng = random.Random(seed), random.Random(seed)
    service = TableService(storage, Quiet(), clock=lambda: 1_000_000.0, between_deals=0, offload_bots=False,
                           seeds=lambda _label: "%064x" % seeds.getrandbits(256))
    await service.restore()
    live = await service.create(GUILD, CHANNEL, name, HUMANS[0], "p1", {}, None)
    for user in HUMANS[1:]:
        await live.commands.join(user, f"p{user}")
    await live.commands.start(HUMANS[0])
    for _ in range(5000):
        if live.row.hand_no >= deals and live.row.deal is None:
            break
        if live.row.deal is None:
            if live.row.deadline is None:  # one player has every chip: the table waits
                break
            live.row.deadline = 0.0
            await service.tick()
            continue
        seat = live.engine.to_act()[0]
        action = live.spec.choose(live.engine.view(seat), live.engine.legal_actions(seat), rng)
        await service.tables[live.id].commands.act(Press(live.table_seat_of(seat).user_id, live.row.hand_no, live.row.step, action))
    return live


async def _rows(storage: Any) -> list[tuple[Any, ...]]:
    return [tuple(r) for r in await storage._db.fetch(
        "SELECT guild_id, table_id, hand_no, seat, game, user_id, net FROM hand_players"
        " ORDER BY table_id, hand_no, seat")]


async def test_every_finished_deal_indexes_its_members_and_old_hands_are_recovered(new_database: Any) -> None:
    storage = await open_storage(await new_database())
    live = await _play(storage, "holdem", 4)
    rows = await _rows(storage)
    assert len(rows) == 3 * 4 and {r[5] for r in rows} == set(HUMANS)
    totals = {}
    for user in HUMANS:
        played = await storage.played_hands(GUILD, user, "holdem")
        assert [h.hand_no for h in played] == [1, 2, 3, 4]
        totals[user] = sum(h.net for h in played)
        (_, _, chips, *_), = await storage.stats(GUILD, user)
        assert totals[user] == chips, "the per-deal rows add up to the running total"
        assert await storage.played_hands(GUILD + 1, user, "holdem") == [], "another server sees nothing"
    assert sum(totals.values()) == 0

    old_database = await new_database()
    old = await open_storage(old_database, schema_version=6)  # hands stored before the index existed
    for table in ("tables", "hands"):
        for row in await storage._db.fetch(f"SELECT * FROM {table}"):
            await old._db.execute(f"INSERT INTO {table} VALUES ({','.join('?' * len(row))})", *row)
    await old._db.execute("UPDATE tables SET seats = ? WHERE id = ?",  # p3 left: seat 2 is someone else now
                          '[{"user_id": 1, "name": "p1", "is_bot": false}, {"user_id": 2, "name": "p2",'
                          ' "is_bot": false}, {"user_id": 99, "name": "Zed", "is_bot": false}]', live.id)
    for hand_no in (1, 2):  # records written before they named their users: only the table's seats tell
        (record,), = await old._db.fetch("SELECT record FROM hands WHERE hand_no = ?", hand_no)
        older = {k: v for k, v in json.loads(record).items() if k not in ("users", "bots")}
        await old._db.execute("UPDATE hands SET record = ? WHERE hand_no = ?", json.dumps(older), hand_no)
    await old.close()
    migrated = await open_storage(old_database)
    assert await _rows(migrated) == [r for r in rows if r[5] != 3 or r[2] > 2], \
        "recovered from the record's users, else where the seat is still theirs"
    finished = await migrated._db.fetch("SELECT p.finished_at, h.finished_at FROM hand_players p"
                                        " JOIN hands h ON h.table_id = p.table_id AND h.hand_no = p.hand_no")
    assert finished and all(a == b for a, b in finished)
    await migrated.close()
    await storage.close()


@pytest.mark.parametrize("name", ["holdem", "omaha-hilo", "stud", "draw"])
async def test_real_poker_deals_balance_in_the_statistics(database: str, name: str) -> None:
    storage = await open_storage(database)
    await _play(storage, name, 6, seed=len(name))
    hands = {user: await storage.played_hands(GUILD, user, name) for user in HUMANS}
    deals: dict[int, list[Any]] = {}
    for played in hands.values():
        for hand in played:
            deals.setdefault(hand.hand_no, []).append(
                hand_facts(hand.export, hand.seat, hand.record["outcome"]["deltas"]))
    assert len(deals) >= 3 and sorted(deals) == list(range(1, len(deals) + 1))
    for facts in deals.values():
        assert all(f.collected >= 0 for f in facts)
        assert sum(f.collected for f in facts) == facts[0].pot > 0, "every chip put in is collected"
        assert all(f.pfr <= f.vpip and f.three_bet <= f.three_bet_chance for f in facts)
    stats = await game_stats(storage, GUILD, 1, name)
    assert isinstance(stats, PokerStats) and stats.hands == len(hands[1]) and stats.net == sum(h.net for h in hands[1])
    assert await game_stats(storage, GUILD, 1, "gin") is None
    await storage.close()


async def test_a_bridge_event_board_counts_once_the_event_reveals_it(database: str) -> None:
    """North at table 1 made 4S (+420); table 2 went one down (-50): once revealed, a top and 10 IMPs.
    Before that, the board is in no figure, since anyone may ask for North's card."""
    storage = await open_storage(database)
    pbn = '[Board "1"]\n[Declarer "N"]\n[Contract "4S"]\n[Result "{tricks}"]\n'
    record = {"seats": [0, 1, 2, 3], "names": ["N", "E", "S", "W"], "outcome": {"deltas": [0, 0, 0, 0]}}
    async with storage.transaction() as tx:
        for table, user, tricks in ((1, 11, 10), (2, 21, 9)):
            await tx.join_event(GUILD, "club", table)
            await tx.event_seed(GUILD, "club", "1", "ab" * 32)
            await tx.insert_hand(table, 1, "bridge", "ab" * 32, "c", record, pbn.format(tricks=tricks))
            await tx.insert_hand_players(GUILD, table, 1, "bridge", [(0, user, 0)])
            result = {"level": 4, "strain": "S", "doubled": 0, "declarer": 0, "tricks": tricks}
            await tx.insert_event_result(GUILD, "club", "1", table, 1, [EventPlayer(user, "N")] * 4, result)
    hidden = await game_stats(storage, GUILD, 11, "bridge")
    assert hidden is not None and (hidden.boards, hidden.declared, hidden.event_boards) == (0, 0, 0)
    async with storage.transaction() as tx:
        await tx.reveal_event_deals(GUILD, "club", ["1"], 5.0)
    shown = await game_stats(storage, GUILD, 11, "bridge")
    assert shown is not None and (shown.boards, shown.declared, shown.made) == (1, 1, 1)
    assert (shown.event_boards, shown.matchpoints, shown.tops, shown.imps) == (1, 2, 2, 10.0)
    other = await game_stats(storage, GUILD, 21, "bridge")
    assert other is not None and (other.made, other.matchpoints, other.imps) == (0, 0, -10.0)
    await storage.close()
