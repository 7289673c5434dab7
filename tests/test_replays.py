"""Replays rebuilt from the hand record: the same states the table went through (computer players
shown as such), a hand whose seat holders are unknown replayed publicly, and a rebuilt replay kept."""
from __future__ import annotations

import random

from bot.games.base import Action
from bot.service.replays import rebuild
from tests.test_tables import ALICE, GUILD, _close_storages, _service  # noqa: F401


async def test_a_replay_ends_as_the_deal_did_and_old_records_replay_publicly(database: str) -> None:
    service = await _service(database)
    live = await service.create(GUILD, 70, "gin", ALICE, "Ann", {}, None)
    await service.add_bot(live, ALICE)
    await service.start(live, ALICE)
    rng = random.Random(3)
    while live.row.hand is not None and live.row.hand_no == 1:
        seat = live.engine.to_act()[0]
        choice = live.spec.choose(live.engine.view(seat), live.engine.legal_actions(seat), rng)
        await service.act(live.id, ALICE, 1, live.row.step, Action.from_json(choice.to_json()))
    stored = await service.storage.hand_record(live.id, 1)
    assert stored is not None
    steps = rebuild("gin", stored["seed"], stored["record"])
    assert len(steps) == len(stored["record"]["actions"]) + 1 and steps[0].lines == ("The deal starts.",)
    assert steps[-1].public == live.engine.view(None), "the last step is the deal as it ended"
    assert steps[-1].seats == tuple(live.engine.view(s) for s in range(2))
    assert [player["is_bot"] for player in steps[0].public["players"]] == [False, True]

    replay = await service.replays.load(GUILD, live.id, 1)
    assert replay.users == (ALICE, live.row.seats[1]["user_id"]) and replay.seat_of(ALICE) == 0
    assert await service.replays.load(GUILD, live.id, 1) is replay, "kept: pressing Next rebuilds nothing"

    old = {k: v for k, v in stored["record"].items() if k not in ("bots", "users")}
    async with service.storage.transaction() as tx:  # a record naming no members, and no seat index for it
        await tx.insert_hand(live.id, 9, "gin", stored["seed"], stored["commitment"], old, stored["export"])
    before = await service.replays.load(GUILD, live.id, 9)
    assert before.users == (None, None) and before.seat_of(ALICE) is None, "nobody's seat: the public replay"
    assert [s.lines for s in before.steps] == [s.lines for s in steps], "the same play"
    assert [p["is_bot"] for p in before.steps[0].public["players"]] == [False, False], "no record of who was a bot"
