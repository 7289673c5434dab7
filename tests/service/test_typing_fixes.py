"""Behaviour behind type errors that were real bugs."""
from __future__ import annotations

from bot.service.table.press import Press
import random

from bot.selfplay import RenderingPresenter
from bot.service.tables import TableService
from bot.storage import open_storage

GUILD = 7
CHANNEL = 70


async def test_selfplay_presenter_takes_a_bridge_events_board_results(database: str) -> None:
    """A duplicate event's board is revealed with ``Presenter.announce``: selfplay's presenter lacked
    it, so every board of an event table played through selfplay failed with AttributeError."""
    storage = await open_storage(database)
    try:
        presenter = RenderingPresenter()
        seeds = random.Random(5)
        service = TableService(storage, presenter, clock=lambda: 1_000_000.0, between_deals=0,
                               offload_bots=False, seeds=lambda _label: "%064x" % seeds.getrandbits(256))
        users = [CHANNEL * 10 + k for k in range(4)]
        live = await service.create(GUILD, CHANNEL, "bridge", users[0], f"u{users[0]}",
                                    {"scoring": "duplicate", "event": "solo"})
        for user in users[1:]:
            await live.commands.join(user, f"u{user}")
        await live.commands.start(users[0])
        hand_no = live.row.hand_no
        while live.row.hand_no == hand_no and live.row.deal is not None:
            seat = live.engine.to_act()[0]
            user = live.table_seat_of(seat).user_id
            await service.tables[live.id].commands.act(Press(user, live.row.hand_no, live.row.step, live.engine.timeout_action(seat)))
        assert [(channel, text.startswith("Event `solo`, board 1"))
                for channel, text, _ in presenter.announced] == [(CHANNEL, True)]
    finally:
        await storage.close()
