"""The button at a cash table (``bot/service/table/presence.py``): it moves one player a hand, and a player
who sits down between the button and the small blind waits for the button to pass, so nobody posts a
blind twice in a row because someone joined."""
from __future__ import annotations

from pokerkit import BlindOrStraddlePosting

from bot.games.base import Seat
from bot.registry import game
from bot.service.table.live import LiveTable
from bot.service.tables import TableService
from bot.storage.records import StoredHand
from tests.support.service_rig import ALICE, CHANNEL, GUILD, Clock, open_service


def blinds_of(stored: StoredHand) -> tuple[int, int, list[int]]:
    """(small blind's table seat, big blind's, the seats dealt in) of a stored hold'em hand."""
    record = stored.record
    seats = [Seat(name=n, stack=s, is_bot=b) for n, s, b in zip(record["names"], record["stacks"], record["bots"])]
    engine = game(stored.game).engine(dict(record["settings"]), seats, stored.seed, dict(record["carry"]))
    posts = {op.player_index: op.amount for op in engine.state.operations if isinstance(op, BlindOrStraddlePosting)}
    small, big = (0, 1) if len(seats) > 2 else (1, 0)  # pokerkit's players; heads-up the other way round
    return record["seats"][engine._seat_of(small)], record["seats"][engine._seat_of(big)], record["seats"] \
        if posts else []


async def play_to(service: TableService, clock: Clock, live: LiveTable, hands: int) -> None:
    for _ in range(1000):
        if live.row.hand_no >= hands and live.row.deal is None:
            return
        clock.now += 200
        await service.tick()
    raise AssertionError(f"the table did not finish {hands} hands")


async def test_a_player_who_sits_down_behind_the_button_waits_and_no_blind_repeats(tmp_path) -> None:
    clock = Clock()
    service = await open_service(str(tmp_path / "cash.db"), clock)
    live = await service.create(GUILD, CHANNEL, "holdem", ALICE, "Ann", {}, None)
    for _ in range(3):
        await live.commands.add_bot(ALICE)
    await live.commands.sit_out(ALICE)
    await live.commands.start(ALICE)
    await play_to(service, clock, live, 3)
    assert live.row.carry.button_seat == 3, "the button is on the last seat"
    notes: list[str] = []
    keep = live.note
    live.note = lambda line: (notes.append(line), keep(line))[-1]  # type: ignore[method-assign]
    await live.commands.add_bot(ALICE)  # seat 4: between the button and the small blind (seat 1)
    await play_to(service, clock, live, 5)
    hands = {n: blinds_of(stored) for n, stored in await service.storage.hand_records(live.id)}
    assert hands[3][:2] == (1, 2)
    assert hands[4][:2] == (2, 3) and 4 not in hands[4][2], "the newcomer waits for the button to pass"
    assert hands[5][:2] == (3, 4), "and then posts the big blind"
    assert "Dijkstra (bot) is dealt in once the button has passed: nobody is dealt in between the button and the " \
           "small blind." in notes
