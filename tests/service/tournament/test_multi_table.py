"""A multi-table tournament played to the end by computer players through the table service
(`bot/service/tournament/multi_table.py` and its modules): the draw over four tables, balancing moves, tables breaking,
hand for hand on the bubble, the final table, the prizes, and a restart in the middle; every chip of
the tournament accounted for after every step, and every wallet chip (`total_chips`)."""
from __future__ import annotations

from bot.service.tournament import register
from bot.service.tournament.settings import mtt_settings
from bot.storage.interface import HOUSE, HOUSE_BANKROLL
from tests.support.mtt_rig import RecordingMttPresenter, check_chips
from tests.support.service_rig import GUILD, Clock, open_service

PRIZES = "30,20,14,10,8,7,6,5"
"""Eight paid places: the bubble (nine players left) comes while two tables of eight still play."""


def settings(**changes: object) -> dict[str, object]:
    base: dict[str, object] = dict(stack=1500, buy_in=100, seats=8, blinds="turbo", minutes=2, level_hands=0, break_every=0,
                                   break_minutes=5, late_levels=2, reentry=False, prizes=PRIZES, starts_at=None,
                                   turn_seconds=30, manager_role=None)
    return mtt_settings(**{**base, **changes})  # type: ignore[arg-type]


async def test_thirty_computer_players_play_a_tournament_to_the_end_across_a_restart(tmp_path) -> None:
    path = str(tmp_path / "mtt.db")
    clock, shown = Clock(), RecordingMttPresenter()
    service = await open_service(path, clock, mtt_presenter=shown)
    mtt = await service.mtts.create(GUILD, 80, 1, "Sunday", "holdem", settings(late_levels=0))  # the field fixed at the start
    await register.add_bots(mtt, 30)
    wallets = await service.storage.total_chips()  # the house's bankroll, the pool included
    assert mtt.row.pool == 3000 and await service.storage.balance(GUILD, HOUSE) == HOUSE_BANKROLL - 3000
    await register.start(mtt)
    assert sorted(len(t.row.seats) for t in mtt.live_tables()) == [7, 7, 8, 8], "30 players, 4 tables"
    assert len(shown.opened) == 4 and {t.row.channel_id for t in mtt.live_tables()} == {n for n, _ in shown.opened}

    seen_hand_for_hand = restarted = restarted_hand_for_hand = False
    for step in range(20_000):
        clock.now += 1
        await service.tick()
        check_chips(mtt)
        assert await service.storage.total_chips() == wallets
        seen_hand_for_hand |= mtt.state.hfh
        restart = (not restarted and len(mtt.alive()) <= 20) or (seen_hand_for_hand and not restarted_hand_for_hand)
        if restart:
            restarted_hand_for_hand, restarted = seen_hand_for_hand, True
            waiting = list(mtt.state.hfh_done)
            await service.storage.close()
            service = await open_service(path, clock, mtt_presenter=shown)
            mtt = service.mtts.running[mtt.id]
            check_chips(mtt)
            assert mtt.state.hfh_done == waiting, "a hand-for-hand round resumes where it stood"
        if mtt.row.status == "finished":
            break
    assert mtt.row.status == "finished", f"not over after {step} seconds: {len(mtt.alive())} players left"
    assert restarted and seen_hand_for_hand and restarted_hand_for_hand
    assert mtt.state.moves["balance"] > 0 and mtt.state.moves["break"] > 0, mtt.state.moves
    places = sorted(e.place for e in mtt.entries.values() if e.place is not None)
    assert len(places) == 30 and places[0] == 1 and places[-1] <= 30
    prizes = {e.place: e.prize for e in mtt.entries.values()}
    assert sum(prizes.values()) == 3000 and mtt.row.pool == 0
    assert prizes[1] >= 900 and all(prize == 0 for place, prize in prizes.items() if place > 8)
    assert len(shown.archived) == 4, "three tables broke, and the final table's thread closed at the end"
    assert {"start", "bubble", "burst", "final_table", "finished"} <= set(shown.posts)
    assert await service.storage.total_chips() == wallets, "the prizes went to the house, which paid the buy-ins"
    assert await service.storage.balance(GUILD, HOUSE) == HOUSE_BANKROLL
