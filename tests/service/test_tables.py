"""The table service: lobby, chips in and out of wallets, turns, timers, restarts, results."""
from __future__ import annotations

from bot.service.table.press import Press
import logging
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.errors import StaleButton, UserError
from bot.games.base import Action, IllegalAction
from bot.storage.interface import HOUSE, InsufficientChips
from bot.storage import open_storage
from bot.service.table.live import LiveTable
from bot.service.table.memory import Paused
from bot.registry import GAMES
from bot.service.table.seats import BOT_NAMES
from bot.service.table.settlement import pause_after
from bot.service.tables import TableService
from tests.support.service_rig import (ALICE, BOB, CAROL, CHANNEL, GUILD, OPEN, Clock,
                                        holdem_table, open_service)


def _turn_user(live: LiveTable) -> int:
    return live.table_seat_of(live.engine.to_act()[0]).user_id


async def _act(service: TableService, live: LiveTable, action: Action) -> None:
    await service.tables[live.id].commands.act(Press(_turn_user(live), live.row.hand_no, live.row.step, action))


async def test_buy_in_comes_from_the_wallet_and_leaving_returns_it(database: str) -> None:
    service = await open_service(database)
    live = await holdem_table(service)
    assert await service.storage.balance(GUILD, ALICE) == 0
    assert [s.stack for s in live.row.seats] == [1000, 1000]
    message = await live.commands.leave(BOB)
    assert "1000 chips back" in message
    assert await service.storage.balance(GUILD, BOB) == 1000
    with pytest.raises(UserError, match="not seated"):
        await live.commands.leave(BOB)


async def test_lobby_refusals_have_clear_messages(database: str) -> None:
    service = await open_service(database)
    live = await holdem_table(service, (ALICE,))
    with pytest.raises(UserError, match=r"^This channel already has a table\. Finish or cancel it first, or use a thread\.$"):
        await service.create(GUILD, CHANNEL, "holdem", BOB, "b", {}, None)
    with pytest.raises(UserError, match="already seated"):
        await live.commands.join(ALICE, "a")
    with pytest.raises(UserError, match=r"^Texas hold'em needs at least 2 players with chips; invite someone or use add-bot\.$"):
        await live.commands.start(ALICE)
    with pytest.raises(UserError, match="You have 1000 chips"):
        await live.commands.join(BOB, "b", 2000)
    with pytest.raises(UserError, match="at least 100"):
        await live.commands.join(BOB, "b", 20)
    with pytest.raises(UserError, match=r"^Only the host or a member with Manage Channels can cancel this table\.$"):
        await live.commands.cancel(BOB, can_manage=False)
    assert await service.storage.balance(GUILD, BOB) == 1000, "refused joins take nothing"


async def test_computer_players_fill_a_table_up_to_its_seats(database: str) -> None:
    service = await open_service(database)
    live = await service.create(GUILD, CHANNEL, "holdem", ALICE, "Ann", {}, None, seat_host=False)
    names = [await live.commands.add_bot(ALICE) for _ in range(live.spec.max_players)]
    assert len(set(names)) == 10 and all(name.endswith(" (bot)") for name in names)
    assert len({s.user_id for s in live.row.seats}) == 10 and all(s.user_id < 0 for s in live.row.seats)
    with pytest.raises(UserError, match=r"^The table is full \(10 seats\)\.$"):
        await live.commands.add_bot(ALICE)
    assert max(spec.max_players for spec in GAMES.values()) <= len(BOT_NAMES), "a name for every seat"


async def test_leaving_says_what_happens(database: str) -> None:
    service = await open_service(database)
    live = await holdem_table(service, (ALICE, BOB, CAROL))
    with pytest.raises(UserError, match=r"^You are not seated at this table: join it first \(`/holdem join`\)\.$"):
        await live.commands.leave(99)
    bob = live.row.seats[live.seat_index(BOB)]
    service.presenter.last = None
    assert await live.commands.leave(BOB) == f"You left the table with {bob.stack} chips back in your wallet."
    assert live.log[-1] == f"p{BOB} leaves the table with {bob.stack} chips back in their wallet.", "the table is told"
    assert service.presenter.last is live, "the table shows the seat gone"
    bridge = await service.create(GUILD, CHANNEL + 1, "bridge", ALICE, "Ann", {}, None)
    await bridge.commands.join(BOB, "Bob")
    assert await bridge.commands.leave(BOB) == "You left the table.", "no chips, nothing to say about them"
    await live.commands.join(BOB, "Bob")
    await live.commands.start(ALICE)
    waiting = next(s for s in live.row.seats if s.user_id != _turn_user(live))
    assert await live.commands.leave(waiting.user_id) == (
        "You will leave when this deal ends and the chips you have left go back to your wallet then; until then "
        "your turns are played for you. `/holdem join` before then keeps your seat.")
    assert f"{waiting.name} will leave after this deal." in live.log


async def test_only_players_or_the_host_add_computer_players(database: str) -> None:
    service = await open_service(database)
    live = await holdem_table(service)
    assert service.presenter.last is live, "the table shows who joined"
    with pytest.raises(UserError, match=r"^Only players at this table can do that\.$"):
        await live.commands.add_bot(CAROL)
    assert (await live.commands.add_bot(BOB)).endswith(" (bot)"), "a seated player who is not the host may"
    assert len(live.row.seats) == 3 and service.presenter.last is live
    with pytest.raises(UserError, match=r"^Only a seated player can start the game\.$"):
        await live.commands.start(CAROL)
    service.presenter.last = None
    await live.commands.start(BOB)
    assert live.row.status == "playing" and live.row.hand_no == 1, "so may they start it"
    assert service.presenter.last is live
    with pytest.raises(UserError, match=r"^The game has already started\.$"):
        await live.commands.start(ALICE)


async def test_the_host_passes_to_a_person_when_the_host_leaves(database: str) -> None:
    service = await open_service(database)
    live = await holdem_table(service, (ALICE, BOB, CAROL))
    await live.commands.add_bot(ALICE)
    await live.commands.leave(BOB)
    assert live.row.host_id == ALICE, "someone else leaving changes nothing"
    await live.commands.leave(ALICE)
    assert live.row.host_id == CAROL, "the first person left, not the computer player seated before"
    await live.commands.start(CAROL)


async def _finish_deal(service: TableService, live: LiveTable, clock: Clock) -> None:
    """Everyone checks or folds; then the pause passes and the next deal starts."""
    hand_no = live.row.hand_no
    while live.row.deal is not None and live.row.hand_no == hand_no:
        kinds = {spec.kind for spec in live.engine.legal_actions(live.engine.to_act()[0])}
        await _act(service, live, Action("check" if "check" in kinds else "fold"))
    clock.now += 3
    await service.tick()


async def test_the_button_passes_to_the_next_seat_when_its_seat_leaves(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    live = await holdem_table(service, (ALICE, BOB, CAROL, 4))

    def dealer() -> list[str]:
        return [s["name"] for s in live.engine.view(None)["seats"] if s["is_dealer"]]

    await live.commands.start(ALICE)
    assert dealer() == ["p1"]
    await _finish_deal(service, live, clock)
    assert dealer() == ["p2"]
    await live.commands.leave(BOB)
    await _finish_deal(service, live, clock)
    assert [s.name for s in live.row.seats] == ["p1", "p3", "p4"]
    assert dealer() == ["p3"], "the seat after the one that left; nobody skipped, nobody twice"
    await live.commands.leave(ALICE)  # a seat before the button leaves
    await _finish_deal(service, live, clock)
    assert dealer() == ["p4"]


async def test_seats_are_taken_as_the_lobby_says(database: str) -> None:
    service = await open_service(database)
    live = await service.create(GUILD, CHANNEL, "holdem", ALICE, "Ann", {}, 500)
    assert live.row.seats[0].stack == 500 and await service.storage.balance(GUILD, ALICE) == 500
    assert live.log[:2] == ["Ann opened this Texas hold'em table.", "Ann sits down with 500 chips."]
    with pytest.raises(UserError, match=r"^You are already seated at this table\.$"):
        await live.commands.join(ALICE, "Ann")
    stud = await service.create(GUILD, CHANNEL + 1, "stud", BOB, "Bob", {}, None)
    with pytest.raises(UserError, match=r"^The buy-in must be at least 50 chips\.$"):
        await stud.commands.join(CAROL, "Cat", 40)   # stud's own minimum, not ten big blinds
    gin = await service.create(GUILD, CHANNEL + 2, "gin", BOB, "Bob", {}, None)
    await gin.commands.join(CAROL, "Cat")
    assert gin.log[-1] == "Cat sits down.", "no chips in gin"
    with pytest.raises(UserError, match=r"^The table is full \(2 seats\)\.$"):
        await gin.commands.join(ALICE, "Ann")
    saint = await service.create(GUILD, CHANNEL + 4, "saint", BOB, "Bob", {}, None)
    await saint.commands.join(CAROL, "Cat")
    await saint.commands.start(BOB)
    with pytest.raises(UserError, match=r"^This game is under way; join the next one\.$"):
        await saint.commands.join(ALICE, "Ann")
    tournament = await service.create(GUILD, CHANNEL + 3, "holdem", BOB, "Bob", {"mode": "tournament", "buy_in": 200, "min_buy_in": 200}, None)
    await tournament.commands.add_bot(BOB)
    await tournament.commands.start(BOB)
    with pytest.raises(UserError, match=r"^The tournament has started; join the next one\.$"):
        await tournament.commands.join(CAROL, "Cat")


async def test_a_host_who_cannot_buy_in_opens_no_table(database: str) -> None:
    service = await open_service(database)
    with pytest.raises(InsufficientChips, match="You have 1000 chips"):
        await service.create(GUILD, CHANNEL, "holdem", ALICE, "Ann", {}, 2000)
    assert service.in_channel(CHANNEL) is None
    assert [t.id for t in await service.storage.open_tables()] == [], "the table row is closed too"
    await service.create(GUILD, CHANNEL, "holdem", ALICE, "Ann", {}, None)


async def test_a_command_finds_only_its_own_game_s_table_of_its_own_server(database: str) -> None:
    service = await open_service(database)
    live = await holdem_table(service)
    assert service.require(CHANNEL, "holdem", GUILD) is live
    with pytest.raises(UserError, match=r"^There is no Gin rummy table in this channel\. Create one first\.$"):
        service.require(CHANNEL, "gin", GUILD)
    with pytest.raises(UserError, match=r"^There is no Texas hold'em table in this channel\. Create one first\.$"):
        service.require(CHANNEL, "holdem", GUILD + 1)
    with pytest.raises(UserError, match=r"^There is no game table in this channel\. Create one first\.$"):
        service.require(CHANNEL + 1)
    live.paused = Paused("the bot may not post here", None)
    with pytest.raises(UserError, match=r"^This table is paused: the bot may not post here\. It goes on once I may "
                                        r"post in this channel again \(View Channel, Send Messages, Embed Links, "
                                        r"Attach Files\)\.$"):
        await live.commands.start(ALICE)
    service.owns = lambda guild_id: guild_id != GUILD
    with pytest.raises(UserError, match=r"^This server's tables are run by another part of the bot, which is "
                                        r"starting or taking over just now: try again in a minute\.$"):
        service.require(CHANNEL, "holdem", GUILD)


async def test_wrong_turn_stale_step_and_unseated_are_refused(database: str) -> None:
    service = await open_service(database)
    live = await holdem_table(service, (ALICE, BOB, CAROL))
    await live.commands.start(ALICE)
    waiting = next(s.user_id for s in live.row.seats if s.user_id != _turn_user(live))
    with pytest.raises(IllegalAction, match="not your turn"):
        await service.tables[live.id].commands.act(Press(waiting, 1, 0, Action("call")))
    with pytest.raises(UserError, match="not playing"):
        await service.tables[live.id].commands.act(Press(99, 1, 0, Action("call")))
    with pytest.raises(StaleButton, match="earlier hand"):
        await service.tables[live.id].commands.act(Press(_turn_user(live), 0, 0, Action("call")))
    await _act(service, live, Action("call"))
    with pytest.raises(StaleButton, match="out of date"):
        await service.tables[live.id].commands.act(Press(_turn_user(live), 1, 0, Action("call")))
    with pytest.raises(IllegalAction):
        await _act(service, live, Action("raise", amount=10**9))
    assert live.row.step == 1


async def test_cancel_mid_hand_returns_every_stack(database: str) -> None:
    service = await open_service(database)
    live = await holdem_table(service, (ALICE, BOB, CAROL))
    total = await service.storage.total_chips()
    await live.commands.start(ALICE)
    await _act(service, live, Action("raise", amount=300))
    await live.commands.cancel(BOB, can_manage=True)
    assert service.in_channel(CHANNEL) is None
    assert await service.storage._db.fetch("SELECT COUNT(*) FROM actions WHERE table_id = ?", live.id) == [(0,)], \
        "the void deal's actions are not kept"
    stored = await service.storage.table(live.id)
    assert (stored.status, stored.deadline, stored.deal) == ("closed", None, None), "a restart leaves it closed"
    assert service.presenter.reasons == ["The table was cancelled; every stack is back in its wallet."]
    assert [await service.storage.balance(GUILD, u) for u in (ALICE, BOB, CAROL)] == [1000, 1000, 1000]
    assert await service.storage.total_chips() == total


async def test_a_vanished_channel_closes_its_table_once(database: str, caplog: pytest.LogCaptureFixture) -> None:
    service = await open_service(database)
    live = await holdem_table(service)
    await live.commands.start(ALICE)
    with caplog.at_level(logging.INFO, logger="bot.service.table.lobby"):
        assert await live.commands.vanished("channel deleted") is True
        assert await live.commands.vanished("channel deleted") is False, "closed already"
    assert caplog.messages == [f"table {live.id} closed: channel deleted"], "once, for the operator's log"
    assert service.in_channel(CHANNEL) is None
    assert [await service.storage.balance(GUILD, u) for u in (ALICE, BOB)] == [1000, 1000], "the deal is void"


async def test_timeouts_check_or_fold_then_the_player_is_away_then_sits_out(database: str) -> None:
    """Two timeouts in a row make a player away (dealt in, their turns folded at once); after an orbit
    away (two deals heads-up) they sit out and the table waits."""
    clock = Clock()
    service = await open_service(database, clock)
    live = await holdem_table(service)
    await live.commands.start(ALICE)
    first = _turn_user(live)
    clock.now += 61
    assert await service.tick() == 1
    assert live.last_deal is not None, "facing the big blind, a timeout folds"
    clock.now += 3
    await service.tick()  # the next hand is dealt
    assert live.row.hand_no == 2
    seat = live.row.seats[live.seat_index(first)]
    assert seat.timeouts == 1
    if _turn_user(live) != first:
        await _act(service, live, Action("call"))
    clock.now += 61
    await service.tick()
    assert seat.timeouts >= 2 and seat.away and not seat.sitting_out, "two timeouts in a row: away"
    async def others_play_it_out() -> None:
        while live.row.deal is not None:  # the away player's turns play themselves; the other checks or calls
            kinds = {spec.kind for spec in live.engine.legal_actions(live.engine.to_act()[0])}
            await _act(service, live, Action("call" if "call" in kinds else "check"))

    for hand in (3, 4):
        await others_play_it_out()
        clock.now += 3
        await service.tick()
        dealt = live.last_deal.players if live.row.deal is None else [live.row.seats[i].user_id for i in live.row.deal.seats]
        assert live.row.hand_no == hand and first in dealt, "away: still dealt in (folding at once ends it early)"
    await others_play_it_out()
    clock.now += 3
    await service.tick()
    assert seat.sitting_out and not seat.away and live.row.deal is None, "an orbit away: sits out"
    assert "away for a whole orbit" in " ".join(live.log)


async def test_sitting_out_and_back_deals_again_and_counts_timeouts_afresh(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    live = await holdem_table(service)
    with pytest.raises(UserError, match=r"^You are not seated at this table: join it first \(`/holdem join`\)\.$"):
        await live.commands.sit_out(CAROL)
    await live.commands.start(ALICE)
    first = _turn_user(live)
    seat = live.row.seats[live.seat_index(first)]
    clock.now += 61
    await service.tick()
    assert seat.timeouts == 1 and live.last_deal is not None, "one timeout, and the hand is over"
    await live.commands.sit_out(first)
    assert live.log[-1] == f"p{first} sits out." and service.presenter.last is live
    clock.now += 3
    await service.tick()
    assert (live.row.deal, live.row.deadline, live.row.hand_no) == (None, None, 1), "alone: the table waits"
    await live.commands.come_back(first)
    assert f"p{first} is back." in live.log and service.presenter.last is live
    await service.tick()
    assert live.row.hand_no == 2 and len(live.row.deal.seats) == 2, "back: the next deal starts at once"
    if _turn_user(live) != first:
        await _act(service, live, Action("call"))
    clock.now += 61
    await service.tick()
    assert seat.timeouts == 1 and not seat.sitting_out, "the timeout before sitting out is forgotten"


async def test_each_game_pauses_its_own_time_between_deals(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    service.between_deals = None  # as the bot runs: each game's own pause
    live = await holdem_table(service)
    await live.commands.start(ALICE)
    await _act(service, live, Action("fold"))
    assert live.row.deal is None and live.row.deadline == clock.now + 5, "poker: five seconds"
    gin = await service.create(GUILD, CHANNEL + 1, "gin", CAROL, "p3", {}, None)
    assert gin.spec.pause_after_deal == 10 and pause_after(gin) == 10
    service.between_deals = 0
    assert pause_after(gin) == 0, "tests and selfplay deal at once"


async def test_restart_replays_the_hand_and_keeps_the_deadline(database: str) -> None:
    path = database
    clock = Clock()
    service = await open_service(path, clock)
    live = await holdem_table(service, (ALICE, BOB, CAROL))
    await live.commands.start(ALICE)
    await _act(service, live, Action("call"))
    await _act(service, live, Action("raise", amount=40))
    view, deadline = live.engine.view(None), live.row.deadline

    again = await open_service(path, clock)
    restored = again.in_channel(CHANNEL)
    assert restored is not None and restored.row.deadline == deadline
    assert restored.engine.view(None)["seats"] == view["seats"]
    await _act(again, restored, Action("fold"))
    assert restored.row.step == 3


async def test_results_and_ratings_are_recorded(database: str) -> None:
    service = await open_service(database)
    live = await holdem_table(service)
    await live.commands.start(ALICE)
    await _act(service, live, Action("fold"))
    board = await service.storage.standings(GUILD, "holdem", None)
    assert {row.user_id for row in board} == {ALICE, BOB}
    winner = board[0]
    assert winner.chips_won > 0 and winner.rating is not None and winner.deals == 1
    week = await service.storage.standings(GUILD, "holdem", 0.0)
    assert [(r.user_id, r.chips_won, r.deals) for r in week] == [(r.user_id, r.chips_won, r.deals) for r in board]
    assert await service.storage.standings(GUILD, "holdem", 2e9) == [], "nothing finished after that time"
    assert await service.storage.player_names(GUILD, [ALICE, BOB, 12345]) == {ALICE: "p1", BOB: "p2"}
    stats = await service.storage.stats(GUILD, winner.user_id)
    assert stats[0][0] == "holdem" and stats[0][1] == 1


async def test_daily_top_up_once_a_day(database: str) -> None:
    storage = await open_storage(database, 1000, 200)
    OPEN.append(storage)
    async with storage.transaction() as tx:
        assert await tx.claim_daily(GUILD, ALICE, 1000.0) == (1200, 0.0)
    async with storage.transaction() as tx:
        balance, wait = await tx.claim_daily(GUILD, ALICE, 1000.0 + 3600)
    assert balance == 1200 and wait == pytest.approx(86400 - 3600)
    async with storage.transaction() as tx:  # a day after the first claim: the next one
        assert await tx.claim_daily(GUILD, ALICE, 1000.0 + 86400) == (1400, 0.0)
    async with storage.transaction() as tx:
        await tx.set_guild_settings(GUILD, 500, 50)
        await tx.claim_daily(GUILD, BOB, 0.0)
    assert await storage.balance(GUILD, BOB) == 550


async def test_a_failed_transaction_moves_no_chips(database: str) -> None:
    storage = await open_storage(database)
    OPEN.append(storage)
    with pytest.raises(RuntimeError):
        async with storage.transaction() as tx:
            await tx.move_wallet(GUILD, ALICE, -300)
            raise RuntimeError("crash between two writes")
    assert await storage.balance(GUILD, ALICE) == 1000


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), humans=st.integers(2, 4))
async def test_random_play_with_leaves_conserves_chips(new_database: Any, seed: int, humans: int) -> None:
    """Random legal actions, random leaves and sit-outs, timeouts: not one chip created or lost."""
    rng = random.Random(seed)
    clock = Clock()
    service = await open_service(await new_database(), clock)
    players = tuple(range(1, humans + 1))
    live = await holdem_table(service, players)
    await live.commands.add_bot(ALICE)
    async with service.storage.transaction() as tx:
        await tx.move_wallet(GUILD, HOUSE, 0)
    total = await service.storage.total_chips()
    await live.commands.start(ALICE)
    for _ in range(60):
        roll = rng.random()
        if live.row.deal is None or live.engine is None or live.engine.outcome is not None:
            clock.now += 5
            await service.tick()
        elif roll < 0.05:
            seated = [s.user_id for s in live.row.seats if s.user_id in players and not s.leaving]
            if seated:
                await live.commands.leave(rng.choice(seated))
        elif roll < 0.1:
            clock.now += 120
            await service.tick()
        else:
            user = _turn_user(live)
            specs = live.engine.legal_actions(live.engine.to_act()[0])
            spec = rng.choice(specs)
            amount = rng.randint(spec.min_amount, spec.max_amount) if spec.min_amount is not None else None
            await service.tables[live.id].commands.act(Press(user, live.row.hand_no, live.row.step, Action(spec.kind, amount=amount)))
        if service.in_channel(CHANNEL) is None or len(live.row.seats) < 2:
            break
    if service.in_channel(CHANNEL) is not None:
        await live.commands.cancel(live.row.host_id, can_manage=True)
    assert await service.storage.total_chips() == total
    await OPEN.pop().close()


async def test_a_tournament_raises_blinds_knocks_players_out_and_pays_by_place(database: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    settings = {"mode": "tournament", "buy_in": 200, "min_buy_in": 200, "level_hands": 2}
    live = await service.create(GUILD, CHANNEL, "holdem", ALICE, "Ann", settings, None)
    with pytest.raises(UserError, match="Everyone buys in for 200"):
        await live.commands.join(BOB, "Bob", 500)
    await live.commands.join(BOB, "Bob")
    for _ in range(3):
        await live.commands.add_bot(ALICE)
    async with service.storage.transaction() as tx:
        await tx.move_wallet(GUILD, HOUSE, 0)
    total = await service.storage.total_chips()
    await live.commands.start(ALICE)
    with pytest.raises(UserError, match="has started"):
        await live.commands.join(CAROL, "Cat")
    with pytest.raises(UserError, match=r"^You can't leave a running tournament: your hands are folded for you while you"):
        await live.commands.leave(BOB)
    service.between_deals, pause = None, live.spec.pause_after_deal  # as the bot runs: hold'em's own pause
    notes: list[str] = []
    keep = live.note
    live.note = lambda line: (notes.append(line), keep(line))[-1]  # type: ignore[method-assign]
    await live.commands.sit_out(ALICE)
    await live.commands.sit_out(BOB)  # the humans are folded for; the bots play it out
    for _ in range(400):
        if service.in_channel(CHANNEL) is None:
            break
        clock.now += 200
        await service.tick()
        if live.row.deal is None and live.row.status == "playing":
            assert live.row.deadline == clock.now + pause, "the next deal waits for the pause between deals"
    assert service.in_channel(CHANNEL) is None, "the tournament finished and closed the table"
    stored = await service.storage.table(live.id)
    assert (stored.status, stored.deadline, stored.seats) == ("closed", None, []), "a restart leaves it closed"
    assert "Tournament level 1: blinds 5/10." in notes and "Tournament level 4: blinds 25/50 ante 5." in notes
    out = [line for line in notes if " is out in place " in line]
    over = [line for line in notes if line.startswith("The tournament is over: ")]
    assert len(out) == 4 and len(over) == 1, "four players knocked out, one at a time or together, then the end"
    standings = [entry.rsplit(" (", 1) for entry in over[0].removeprefix("The tournament is over: ")
                 .removesuffix(".").split(", ")]
    places = {name.split(". ", 1)[1]: (int(name.split(". ", 1)[0]), int(prize.rstrip(")")))
              for name, prize in standings}
    assert len(places) == 5 and sorted(p for p, _ in places.values())[:2] == [1, 2]
    for line in out:
        name, place = line.removesuffix(".").split(" is out in place ")
        assert places[name][0] == int(place), "the place announced when knocked out is the final one"
    # Five entrants of 200: the 1,000-chip pool pays 65% and 35% (the rules page); the rest nothing.
    assert sorted(prize for _, prize in places.values()) == [0, 0, 0, 350, 650]
    assert all(prize == {1: 650, 2: 350}.get(place, 0) for place, prize in places.values())
    records = [await service.storage.hand_record(live.id, n) for n in range(1, live.row.hand_no + 1)]
    blinds = {r.record["settings"]["big_blind"] for r in records if r}
    assert {10, 20, 30} <= blinds, "the blinds went up every two hands"
    assert await service.storage.total_chips() == total
    standings = await service.storage.standings(GUILD, "holdem", None)
    assert {row.user_id for row in standings} == {ALICE, BOB}
    for user in (ALICE, BOB):
        assert (await service.storage.stats(GUILD, user))[0][3] == 1, "one finished tournament recorded"
    for user, name in ((ALICE, "Ann"), (BOB, "Bob")):  # their wallets held 800 after buying in
        assert await service.storage.balance(GUILD, user) == 800 + places[name][1]


@pytest.mark.parametrize("game_name, settings, stake", [
    ("stud", {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10, "buy_in": 100}, "small_bet"),
    ("draw", {"forced": "antes", "ante": 2, "small_blind": 5, "big_blind": 10, "buy_in": 100}, "ante"),
    ("omaha-hilo", {"buy_in": 100}, "big_blind"),
])
async def test_every_poker_game_runs_a_tournament_to_the_end(database: str, game_name: str,
                                                             settings: dict[str, Any], stake: str) -> None:
    clock = Clock()
    service = await open_service(database, clock)
    settings = {**settings, "mode": "tournament", "min_buy_in": 100, "level_hands": 1}
    live = await service.create(GUILD, CHANNEL, game_name, ALICE, "Ann", settings, None)
    for _ in range(2):
        await live.commands.add_bot(ALICE)
    async with service.storage.transaction() as tx:
        await tx.move_wallet(GUILD, HOUSE, 0)
    total = await service.storage.total_chips()
    await live.commands.start(ALICE)
    await live.commands.sit_out(ALICE)
    for _ in range(300):
        if service.in_channel(CHANNEL) is None:
            break
        clock.now += 200
        await service.tick()
    assert service.in_channel(CHANNEL) is None, "one player won every chip and the table closed"
    records = [await service.storage.hand_record(live.id, n) for n in range(1, live.row.hand_no + 1)]
    stakes = [r.record["settings"][stake] for r in records if r]
    assert stakes == sorted(stakes) and stakes[-1] > stakes[0], "the stakes rose level by level"
    assert await service.storage.total_chips() == total
    assert await service.storage.balance(GUILD, ALICE) in (900, 1200)
