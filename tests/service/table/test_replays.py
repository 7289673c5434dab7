"""Replays rebuilt from the hand record: the same states the table went through (computer players
shown as such), a hand whose seat holders are unknown replayed publicly, and a rebuilt replay kept."""
from __future__ import annotations

from bot.service.table.press import Press
import random
from typing import Any

from bot.games.base import Action
from bot.service.table.live import LiveTable
from bot.service.table.replays import KEPT, rebuild
from bot.service.tables import TableService
from tests.support.service_rig import ALICE, GUILD, open_service


async def _played_gin_hand(database: str) -> tuple[TableService, LiveTable, dict[str, Any]]:
    """Ann and a computer player play the first hand of gin (to 250, not the default 100) to its end:
    the service, table and record."""
    service = await open_service(database)
    live = await service.create(GUILD, 70, "gin", ALICE, "Ann", {"target": 250}, None)
    await live.commands.add_bot(ALICE)
    await live.commands.start(ALICE)
    rng = random.Random(3)
    while live.row.deal is not None and live.row.hand_no == 1:
        seat = live.engine.to_act()[0]
        choice = live.spec.choose(live.engine.view(seat), live.engine.legal_actions(seat), rng)
        await service.tables[live.id].commands.act(Press(ALICE, 1, live.row.step, Action.from_json(choice.to_json())))
    stored = await service.storage.hand_record(live.id, 1)
    assert stored is not None
    return service, live, stored


async def test_a_replay_ends_as_the_deal_did_and_old_records_replay_publicly(database: str) -> None:
    service, live, stored = await _played_gin_hand(database)
    steps = rebuild("gin", stored.seed, stored.record)
    assert len(steps) == len(stored.record["actions"]) + 1 and steps[0].lines == ("The deal starts.",)
    assert steps[-1].public == live.engine.view(None), "the last step is the deal as it ended"
    assert steps[-1].seats == tuple(live.engine.view(s) for s in range(2))
    assert [player["is_bot"] for player in steps[0].public["players"]] == [False, True]

    replay = await service.replays.load(GUILD, live.id, 1)
    assert replay.users == (ALICE, live.row.seats[1].user_id) and replay.seat_of(ALICE) == 0
    assert await service.replays.load(GUILD, live.id, 1) is replay, "kept: pressing Next rebuilds nothing"

    old = {k: v for k, v in stored.record.items() if k not in ("bots", "users", "settings")}
    async with service.storage.transaction() as tx:  # a record naming no members nor settings, no seat index
        await tx.insert_hand(live.id, 9, "gin", stored.seed, stored.commitment, old, stored.export)
    before = await service.replays.load(GUILD, live.id, 9)
    assert before.users == (None, None) and before.seat_of(ALICE) is None, "nobody's seat: the public replay"
    assert [s.lines for s in before.steps] == [s.lines for s in steps], "the same play"
    assert before.steps[-1].public["score"] == steps[-1].public["score"], "to the table's target, not the default"
    assert [p["is_bot"] for p in before.steps[0].public["players"]] == [False, False], "no record of who was a bot"


async def test_the_latest_replays_stay_kept_and_the_oldest_is_rebuilt(database: str) -> None:
    """Members stepping through recent replays rebuild nothing; one more replay than are kept lets the
    least recently loaded one go (it is rebuilt, the same, when asked for again)."""
    service, live, stored = await _played_gin_hand(database)
    hands = range(2, KEPT + 3)  # one replay more than are kept
    async with service.storage.transaction() as tx:
        for hand_no in hands:
            await tx.insert_hand(live.id, hand_no, "gin", stored.seed, stored.commitment, stored.record,
                                 stored.export)
    first = {hand_no: await service.replays.load(GUILD, live.id, hand_no) for hand_no in hands}
    for hand_no in reversed(hands[1:]):  # newest first: each is found, none is let go
        assert await service.replays.load(GUILD, live.id, hand_no) is first[hand_no], f"hand {hand_no} kept"
    oldest = await service.replays.load(GUILD, live.id, hands[0])
    assert oldest is not first[hands[0]] and oldest == first[hands[0]], "rebuilt, the same replay"
