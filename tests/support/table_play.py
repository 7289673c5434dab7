"""Playing a service table hand after hand without Discord (``service_rig``'s service and clock): who is
to act, a move for them, a hand played out, the next deal dealt. What the tests of options that last
across hands and of seats out of the deal share."""
from __future__ import annotations

from typing import Any

from pokerkit import BlindOrStraddlePosting

from bot.service.table.press import Press
from bot.games.base import Action
from bot.service.table.live import LiveTable
from bot.service.tables import TableService
from tests.support.service_rig import CHANNEL, GUILD, Clock


async def poker_table(service: TableService, settings: dict[str, Any], players: tuple[int, ...],
                      game: str = "holdem", channel: int = CHANNEL) -> LiveTable:
    """A table in the lobby with ``settings``, hosted by the first player, the others seated."""
    live = await service.create(GUILD, channel, game, players[0], f"p{players[0]}", settings, None)
    for user in players[1:]:
        await live.commands.join(user, f"p{user}")
    return live


def turn(live: LiveTable) -> int:
    """The member to act."""
    return live.table_seat_of(live.engine.to_act()[0]).user_id


async def act(service: TableService, live: LiveTable, kind: str, amount: int | None = None) -> None:
    await service.tables[live.id].commands.act(Press(turn(live), live.row.hand_no, live.row.step, Action(kind, amount=amount)))


async def passive(service: TableService, live: LiveTable, facing_a_bet: str = "call") -> None:
    """``facing_a_bet`` (fold or call) when there is a bet to face, else check (or a run-it-twice
    answer: once)."""
    kinds = {spec.kind for spec in live.engine.legal_actions(live.engine.to_act()[0])}
    choice = facing_a_bet if facing_a_bet in kinds else "check" if "check" in kinds else sorted(kinds)[0]
    await act(service, live, choice)


async def finish_hand(service: TableService, live: LiveTable, facing_a_bet: str = "call") -> None:
    while live.row.deal is not None:
        await passive(service, live, facing_a_bet)


async def next_deal(service: TableService, live: LiveTable, clock: Clock) -> None:
    """The pause between hands passes and the next deal is dealt (the table's one deadline)."""
    assert live.row.deal is None
    hand = live.row.hand_no
    clock.now = max(clock.now, live.row.deadline or clock.now) + 0.1
    await service.tick()
    assert live.row.hand_no == hand + 1 and live.row.deal is not None


def deal_seats(live: LiveTable) -> list[int]:
    """The table seat of each deal seat this deal."""
    assert live.row.deal is not None
    return list(live.row.deal.seats)


def big_blind_seat(live: LiveTable) -> int:
    """The table seat that posted this deal's big blind, as the engine dealt it (the largest blind)."""
    posted = [op for op in live.engine.state.operations if isinstance(op, BlindOrStraddlePosting)]
    player = max(posted, key=lambda op: op.amount).player_index
    return deal_seats(live)[live.engine._seat_of(player)]
