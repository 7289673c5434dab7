"""Places and prizes while registration is open (`bot/service/tournament/places.py`), against
`docs/tournaments.md`: a player knocked out then waits with no place and no prize; a re-entry takes
them off the list; when the field is fixed those waiting take the places below every player still in,
the last knocked out highest, those of one hand by the chips they started it with (equal stacks share
a place); the winner gets exactly the first prize, and the prizes add up to the pool."""
from __future__ import annotations

import asyncio

import pytest

from bot.adapter.tournament.text import announcement
from bot.errors import UserError
from bot.service.tournament import places as mtt_places, register as mtt_register
from bot.service.tournament.multi_table import Tournament
from bot.service.tables import TableService
from tests.service.tournament.test_multi_table import settings
from tests.support.mtt_rig import RecordingMttPresenter
from tests.support.service_rig import BOB, GUILD, Clock, open_service


async def _playing(tmp_path, players: int, **changes: object) -> tuple[TableService, Tournament]:
    service = await open_service(str(tmp_path / "mtt.db"), Clock(), mtt_presenter=RecordingMttPresenter())
    mtt = await service.mtts.create(GUILD, 80, 1, "Late", "holdem",
                                    settings(late_levels=3, reentry=True, prizes="50,30,20", **changes))
    await mtt_register.add_bots(mtt, players)
    await mtt_register.start(mtt)
    return service, mtt


async def _knock_out(service: TableService, mtt: Tournament, out: list[tuple[int, int]]) -> None:
    """Players knocked out together (who, the chips they started the hand with), as a table does."""
    for user, _ in out:
        mtt.entries[user].table_id = None
        for table in mtt.live_tables():
            table.row.seats = [s for s in table.row.seats if s.user_id != user]
    async with service.storage.transaction() as tx:
        await tx.save_mtt(mtt.row, await mtt_places.knocked_out(mtt, tx, out))


async def test_players_out_while_registration_is_open_wait_and_take_their_places_when_it_closes(tmp_path) -> None:
    service, mtt = await _playing(tmp_path, 8)
    await _knock_out(service, mtt, [(-1, 1500)])
    await _knock_out(service, mtt, [(-2, 900), (-3, 2000), (-4, 900)])
    await _knock_out(service, mtt, [(-5, 1200)])
    assert mtt.waiting() == [-1, -2, -3, -4, -5] and mtt.registration_open()
    assert all(e.place is None and e.prize == 0 for e in mtt.entries.values()), "no place, no prize yet"
    assert mtt.row.pool == 800
    said = announcement(mtt, 0.0)  # what the announcement and /tournament status say
    assert ("Out, place decided when registration closes (5): Ada (bot), Babbage (bot), Curie (bot), Dijkstra (bot), "
            "Euler (bot).") in said
    assert "Players left 3 of 8" in said and "of 800 so far (fixed when registration closes)." in said
    assert f"a big-blind ante from level {mtt.schedule.ante_from_level} ·" in said and mtt.level().ante == 0
    await mtt_register.register(mtt, -5, "Euler (bot)", is_bot=True)  # re-entered: that bust gives no place
    assert mtt.waiting() == [-1, -2, -3, -4] and mtt.entries[-5].entries == 2 and mtt.row.pool == 900
    async with service.storage.transaction() as tx:
        placed = await mtt_places.fix_field(mtt, tx)
        await tx.save_mtt(mtt.row, placed)
    assert not mtt.registration_open() and not mtt.waiting()
    assert {e.user_id: e.place for e in placed} == {-3: 5, -2: 6, -4: 6, -1: 8}, \
        "below the 4 still in: the last knocked out highest, by chips in one hand, equal stacks sharing"
    with pytest.raises(UserError, match="closed"):
        await mtt_register.register(mtt, -1, "Ada (bot)", is_bot=True)
    assert mtt.prize_table() == [450, 270, 180] and mtt.row.pool == 900, "nobody placed in the money"
    winner, *others = mtt.alive()
    await _knock_out(service, mtt, [(others[0].user_id, 100)])
    await _knock_out(service, mtt, [(others[1].user_id, 100), (others[2].user_id, 300)])
    async with service.storage.transaction() as tx:
        await mtt_places.win(mtt, tx, winner)
    places = {e.user_id: (e.place, e.prize) for e in mtt.entries.values()}
    assert places[others[0].user_id] == (4, 0) and places[others[2].user_id] == (2, 270)
    assert places[others[1].user_id] == (3, 180) and places[winner.user_id] == (1, 450), "exactly the first prize"
    assert sorted(place for place, _ in places.values()) == [1, 2, 3, 4, 5, 6, 6, 8] and mtt.row.pool == 0


async def test_the_last_player_left_wins_even_with_registration_open(tmp_path) -> None:
    service, mtt = await _playing(tmp_path, 3)
    await _knock_out(service, mtt, [(-1, 1500)])
    await _knock_out(service, mtt, [(-2, 1500)])
    assert mtt.registration_open() and len(mtt.alive()) == 1
    async with service.storage.transaction() as tx:
        placed = await mtt_places.win(mtt, tx, mtt.alive()[0])
    assert {e.user_id: (e.place, e.prize) for e in placed} == {-2: (2, 90), -1: (3, 60), -3: (1, 150)}
    assert mtt.row.pool == 0 and not mtt.registration_open()


async def test_a_registration_the_field_closes_on_while_its_wallet_pays_takes_nothing(tmp_path) -> None:
    service, mtt = await _playing(tmp_path, 4)
    registering = asyncio.create_task(mtt_register.register(mtt, BOB, "Bob"))
    await asyncio.sleep(0)  # it waits on its wallet's trip to the database
    async with service.storage.transaction() as tx:  # one player left: the field is fixed meanwhile
        await tx.save_mtt(mtt.row, await mtt_places.fix_field(mtt, tx))
    with pytest.raises(UserError, match="Registration for Late is closed"):
        await registering
    assert BOB not in mtt.entries and mtt.row.pool == 400 and mtt.entries_paid() == 4
    assert await service.storage.balance(GUILD, BOB) == 1000
    stored = await service.storage.mtt(mtt.id)
    assert stored is not None and stored.pool == 400
