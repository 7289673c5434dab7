"""Every storage read and write of wallets, results, hands, tables, events and DM channels stays with
the server, member, event and table it was given, on both backends.

The world (tests/scope_world.py) has two servers alike in everything but their values: the same
members, games, hand numbers and event names. A query that lost its ``guild_id``, ``user_id`` or
event (or joined hands on the hand number alone) still answers for the member under test, so a
test with one server and one member passes; here each write must change exactly the rows it was
for, and each read must return this server's and this member's values, not the other's. An event's seed, results,
tables, reveals or closing found by event name or deal key alone would be another server's (or
another event's) secret board."""
from __future__ import annotations

import time

import pytest

from bot.games.event_records import EventPlayer, EventResult
from bot.storage.interface import InsufficientChips
from bot.storage.records import EventState, Standing, StoredHand, TableSettings
from tests.support.scope_world import (BALANCES, BOUGHT, CUP_CHANNEL, DEFAULTS, DM_CHANNELS, G1, G2, G3, NAMES, NETS, RESULTS, SEATS,
                               SETTINGS, TARGETS, U1, U2, U3, action, changes, channel, hand_record, opened_world,
                               seed, snapshot)


async def test_a_wallet_move_pays_or_charges_only_its_own_wallet(database: str) -> None:
    """Buy-ins and cash-outs: a move that lost its server or member would move someone else's chips."""
    async with opened_world(database) as (storage, _):
        for guild, user in TARGETS:
            before = await snapshot(storage)
            async with storage.transaction() as tx:
                assert await tx.move_wallet(guild, user, 7) == BALANCES[guild, user] + 7
            assert changes(before, await snapshot(storage)) == {("wallets", guild, user)}
            with pytest.raises(InsufficientChips, match=f"You have {BALANCES[guild, user] + 7} chips"):
                async with storage.transaction() as tx:
                    await tx.move_wallet(guild, user, -10_000)
        for guild, starting in ((G2, SETTINGS[G2][0]), (G3, DEFAULTS[0])):  # a first wallet: this server's start
            before = await snapshot(storage)
            async with storage.transaction() as tx:
                assert await tx.move_wallet(guild, U3, 0) == starting
            assert changes(before, await snapshot(storage)) == {("wallets", guild, U3)}


async def test_a_daily_top_up_pays_this_servers_amount_to_this_member_once(database: str) -> None:
    """The amount is the server's own, the claim marks only the claimant, and the wait they are told
    is counted from their own last claim."""
    async with opened_world(database) as (storage, _):
        claimed_at = {TARGETS[0]: 5000.0, TARGETS[1]: 6000.0}
        for guild, user in TARGETS:
            before = await snapshot(storage)
            async with storage.transaction() as tx:
                paid = await tx.claim_daily(guild, user, claimed_at[guild, user])
            assert paid == (BALANCES[guild, user] + SETTINGS[guild][1], 0.0)
            assert changes(before, await snapshot(storage)) == {("wallets", guild, user)}
        for guild, user in TARGETS:
            before = await snapshot(storage)
            async with storage.transaction() as tx:
                again = await tx.claim_daily(guild, user, claimed_at[guild, user] + 3600)
            assert again == (BALANCES[guild, user] + SETTINGS[guild][1], 86400 - 3600)
            assert changes(before, await snapshot(storage)) == set()


async def test_balances_and_settings_are_read_and_written_per_server(database: str) -> None:
    async with opened_world(database) as (storage, _):
        assert {key: await storage.balance(*key) for key in BALANCES} == BALANCES
        assert await storage.balance(G2, U3) == SETTINGS[G2][0] and await storage.balance(G3, U1) == DEFAULTS[0]
        assert {g: await storage.guild_settings(g) for g in (G1, G2, G3)} == {**SETTINGS, G3: DEFAULTS}
        before = await snapshot(storage)
        async with storage.transaction() as tx:
            await tx.set_guild_settings(G2, 900, 90)
        assert changes(before, await snapshot(storage)) == {("guild_settings", G2)}
        assert {g: await storage.guild_settings(g) for g in (G1, G2, G3)} == {G1: SETTINGS[G1], G2: (900, 90),
                                                                                G3: DEFAULTS}


async def test_a_result_is_added_to_its_own_server_game_and_member(database: str) -> None:
    async with opened_world(database) as (storage, _):
        for guild, user in TARGETS:
            before = await snapshot(storage)
            async with storage.transaction() as tx:
                await tx.add_result(guild, "holdem", user, 4, hands=1, match=True, win=True, rating=(31.0, 4.0))
            assert changes(before, await snapshot(storage)) == {("results", guild, "holdem", user)}
            hands, chips, matches, wins, _, _ = RESULTS[guild, "holdem", user]
            # the new rating is 31 - 3 * 4 = 19
            assert ("holdem", hands + 1, chips + 4, matches + 1, wins + 1, 19.0) in await storage.stats(guild, user)
        before = await snapshot(storage)
        async with storage.transaction() as tx:  # a game the member has not played on G2: a new row there
            await tx.add_result(G2, "bridge", U1, 0, hands=1, match=False, win=False, rating=None)
        assert changes(before, await snapshot(storage)) == {("results", G2, "bridge", U1)}


async def test_results_ratings_and_standings_are_this_servers(database: str) -> None:
    async with opened_world(database) as (storage, _):
        for (guild, user) in BALANCES:
            assert await storage.stats(guild, user) == [
                (game, hands, chips, matches, wins, mu - 3 * sigma)
                for (g, game, u), (hands, chips, matches, wins, mu, sigma) in sorted(RESULTS.items())
                if (g, u) == (guild, user)]
        assert await storage.stats(G3, U1) == []
        assert await storage.ratings(G1, "holdem", [U1, U2, U3]) == {U1: (25.0, 5.0), U2: (26.0, 5.0)}
        assert await storage.ratings(G2, "holdem", [U1]) == {U1: (27.0, 5.0)}
        assert await storage.ratings(G1, "bridge", [U2]) == {U2: (20.0, 6.0)}
        async with storage.transaction() as tx:
            assert await tx.ratings(G2, "holdem", [U2]) == {U2: (28.0, 5.0)}
        # all time, from the results: G1 U1 best of 25 - 15 = 10 (hold'em) and 30 - 18 = 12 (bridge),
        # chips 2 + 0, deals 2 + 1; U2 best of 26 - 15 = 11 and 20 - 18 = 2, chips -2 + 0, deals 3
        assert await storage.standings(G1, None, None) == [Standing(U1, 2, 3, 12.0), Standing(U2, -2, 3, 11.0)]
        assert await storage.standings(G2, "holdem", None) == [Standing(U2, -20, 2, 13.0), Standing(U1, 20, 2, 12.0)]
        # since a time, from the hand index: G1 U1 5 - 3 = 2 in 2 deals, U2 -5 + 3 = -2 (hold'em only)
        assert await storage.standings(G1, "holdem", 0.0) == [Standing(U1, 2, 2, 10.0), Standing(U2, -2, 2, 11.0)]
        # G2 U1 50 - 30 = 20, U2 -50 + 30 = -20, each in 2 deals (and no bridge deal on G2)
        assert await storage.standings(G2, None, 0.0) == [Standing(U1, 20, 2, 12.0), Standing(U2, -20, 2, 13.0)]
        assert await storage.standings(G3, None, None) == [] and await storage.standings(G3, None, 0.0) == []


async def test_played_hands_and_names_are_this_servers_and_this_members(database: str) -> None:
    """What /stats and the leaderboard's names read: the same hand numbers exist at the other
    server's table, where the same member sits at another seat under another name."""
    async with opened_world(database) as (storage, world):
        for (guild, user) in BALANCES:
            table = world.tables[guild]
            played = await storage.played_hands(guild, user, "holdem")
            assert [(h.table_id, h.hand_no, h.game, h.seat, h.net) for h in played] == [
                (table, n, "holdem", SEATS[guild, user], NETS[guild, user, n]) for n in (1, 2)]
            assert [(h.record, h.export) for h in played] == [
                (hand_record(guild, n), f"export {guild} {n}") for n in (1, 2)]
            assert await storage.player_names(guild, [user, U3]) == {user: NAMES[guild, user]}
        bridge = await storage.played_hands(G1, U2, "bridge")
        assert [(h.table_id, h.hand_no, h.seat, h.net) for h in bridge] == [(world.cup, 1, 2, 0)]
        assert await storage.played_hands(G2, U2, "bridge") == [] and await storage.played_hands(G3, U1, "holdem") == []
        assert await storage.player_names(G3, [U1, U2]) == {}


async def test_a_finished_hand_is_written_and_read_at_its_own_table(database: str) -> None:
    """/verify, /export and replays read a hand by table and number: both tables have hands 1 and 2."""
    async with opened_world(database) as (storage, world):
        for guild, table in world.tables.items():
            for n in (1, 2):
                assert await storage.hand_record(table, n) == StoredHand(
                    "holdem", seed(guild, "hand", str(n)), "c", hand_record(guild, n), f"export {guild} {n}")
                assert await storage.hand_seat_holders(table, n) == {SEATS[guild, u]: u for u in (U1, U2)}
            assert await storage.hand_exports(table) == [(1, f"export {guild} 1"), (2, f"export {guild} 2")]
            assert await storage.hand_record(table, 3) is None and await storage.hand_seat_holders(table, 3) == {}
        for guild, user in TARGETS:
            table = world.tables[guild]
            before = await snapshot(storage)
            async with storage.transaction() as tx:
                await tx.insert_hand(table, 4, "holdem", "s", "c", hand_record(guild, 1), "x")
                await tx.insert_hand_players(guild, table, 4, "holdem", [(SEATS[guild, user], user, 9)])
            assert changes(before, await snapshot(storage)) == {
                ("hands", table, 4), ("hand_players", guild, table, 4, SEATS[guild, user], user)}
            assert await storage.hand_seat_holders(table, 4) == {SEATS[guild, user]: user}


async def test_a_table_and_its_actions_are_written_and_read_as_its_own(database: str) -> None:
    """Both tables deal their hand 3 and have actions 1 and 2 of it: a table loads its own only."""
    async with opened_world(database) as (storage, world):
        for guild, table in world.tables.items():
            row = await storage.table(table)
            assert row is not None and row.deal is not None
            assert (row.guild_id, row.channel_id, row.hand_no, row.step, row.deadline) == (
                guild, channel(guild), 3, 2, 1002.0)
            assert row.deal.seed == seed(guild, "deal", "3")
            assert row.deal.actions == [action(table, 1), action(table, 2)]
        assert {t.id: (t.deal.actions if t.deal else None) for t in await storage.open_tables()} == {
            **{t: [action(t, 1), action(t, 2)] for t in world.tables.values()}, world.cup: None}
        for guild, user in TARGETS:
            table = world.tables[guild]
            before = await snapshot(storage)
            async with storage.transaction() as tx:
                new = await tx.insert_table(guild, 90 + guild, "gin", user, TableSettings())
            assert changes(before, await snapshot(storage)) == {("tables", guild, new)}
            row = await storage.table(table)
            assert row is not None
            row.message_id, row.host_id, row.step = 555, user, 3  # saved, then its action 3 appended
            writes = [({("tables", guild, table)}, lambda tx: tx.save_table(row)),
                      ({("actions", table, 3, 3)},
                       lambda tx: tx.append_action(row, action(table, 3), seats_changed=True)),
                      ({("actions", table, 3, step) for step in (1, 2, 3)}, lambda tx: tx.clear_actions(table))]
            for expected, write in writes:
                before = await snapshot(storage)
                async with storage.transaction() as tx:
                    await write(tx)
                assert changes(before, await snapshot(storage)) == expected
            loaded = await storage.table(table)
            assert loaded is not None and loaded.message_id == 555 and loaded.deal is not None
            assert loaded.deal.actions == []


async def test_a_members_dm_channel_is_their_own(database: str) -> None:
    """A DM channel is the member's in every server (schema migration 8): keyed by the member alone."""
    async with opened_world(database) as (storage, _):
        assert {u: await storage.dm_channel(u) for u in (U1, U2, U3)} == {**DM_CHANNELS, U3: None}
        for _, user in TARGETS:
            before = await snapshot(storage)
            async with storage.transaction() as tx:
                await tx.remember_dm_channel(user, 2000 + user)
            assert changes(before, await snapshot(storage)) == {("dm_channels", user)}
            assert await storage.dm_channel(user) == 2000 + user


async def test_an_events_seed_is_chosen_and_read_per_server_and_event(database: str) -> None:
    """The first table of each server to deal a board sets that server's seed: another server's table
    dealing a board of the same event name and key must not get the same cards."""
    async with opened_world(database) as (storage, _):
        for guild, _user in TARGETS:
            before = await snapshot(storage)
            async with storage.transaction() as tx:
                assert await tx.event_seed(guild, "club", "3", seed(guild, "club", "3")) == seed(guild, "club", "3")
                assert await tx.event_seed(guild, "club", "1", "a later table's") == seed(guild, "club", "1")
            assert changes(before, await snapshot(storage)) == {("event_deals", guild, "club", "3")}
        async with storage.transaction() as tx:
            assert await tx.event_seed(G1, "cup", "2", "cup 2") == "cup 2"
            assert await tx.event_seed(G1, "cup", "3", "cup 3") == "cup 3"  # not club's "3" on G1


async def test_an_events_results_tables_reveals_and_closing_are_written_per_server_and_event(database: str) -> None:
    async with opened_world(database) as (storage, world):
        for guild, user in TARGETS:
            table = world.tables[guild]
            async with storage.transaction() as tx:
                joining = await tx.insert_table(guild, 90 + guild, "bridge", user, TableSettings(event="club"))
                opening = await tx.insert_table(guild, 95 + guild, "bridge", user, TableSettings(event="open"))
            writes = [
                ({("event_results", guild, "club", "2", table, 2)},
                 lambda tx: tx.insert_event_result(guild, "club", "2", table, 2, [EventPlayer(user, "N")],
                                                   {"tricks": 9})),
                ({("event_tables", guild, "club", joining)}, lambda tx: tx.join_event(guild, "club", joining)),
                ({("events", guild, "open"), ("event_tables", guild, "open", opening)},
                 lambda tx: tx.join_event(guild, "open", opening)),
                ({("event_deals", guild, "club", "1")}, lambda tx: tx.reveal_event_deals(guild, "club", ["1"], 50.0)),
                ({("events", guild, "club")}, lambda tx: tx.close_event(guild, "club", 60.0)),
            ]
            for expected, write in writes:
                before = await snapshot(storage)
                async with storage.transaction() as tx:
                    await write(tx)
                assert changes(before, await snapshot(storage)) == expected
            state = await storage.event_state(guild, "club")
            assert state is not None and state.closed and state.deals == {"1": True, "2": False}
            assert state.finished == {table: {"1", "2"}} and set(state.tables) == {table, joining}
        cup = await storage.event_state(G1, "cup")
        assert cup is not None and not cup.closed and cup.deals == {"1": False}, "G1's other event is untouched"


async def test_an_events_results_state_and_hands_are_read_per_server_and_event(database: str) -> None:
    async with opened_world(database) as (storage, world):
        for guild, table in world.tables.items():
            club = [EventResult("1", table, 1, (EventPlayer(U1, "N"),), {"tricks": guild})]
            assert await storage.event_results(guild, "club") == club
            assert await storage.event_results(guild, "club", "1") == club
            assert await storage.event_results(guild, "club", "2") == []
            async with storage.transaction() as tx:
                assert await tx.event_results(guild, "club", "1") == club
            assert await storage.event_state(guild, "club") == EventState(
                {table: (channel(guild), "playing", 3)}, {"1": False, "2": False}, {table: {"1"}}, False)
            assert await storage.event_of_hand(table, 1) == (guild, "club", "1")
            assert await storage.event_of_hand(table, 2) is None
        assert await storage.event_results(G1, "cup") == [
            EventResult("1", world.cup, 1, (EventPlayer(U2, "S"),), {"tricks": 1})]
        assert await storage.event_state(G1, "cup") == EventState(
            {world.cup: (CUP_CHANNEL, "lobby", 0)}, {"1": False}, {world.cup: {"1"}}, False)
        assert await storage.event_of_hand(world.cup, 1) == (G1, "cup", "1")
        assert await storage.event_state(G2, "cup") is None and await storage.event_state(G3, "club") is None
        assert await storage.event_results(G2, "cup") == []


async def test_a_tables_ledger_is_written_and_read_as_its_servers(database: str) -> None:
    """/ledger reads a table's ledger lines and hands by the table number a member gave, and a
    channel's tables of today: another server's table number, or channel, finds nothing."""
    async with opened_world(database) as (storage, world):
        for guild, user in TARGETS:
            table, other = world.tables[guild], world.tables[G2 if guild == G1 else G1]
            lines = await storage.ledger_entries(guild, [table, other])
            assert [(e.table_id, e.user_id, e.name, e.kind, e.chips) for e in lines] == [
                (table, u, NAMES[guild, u], "buy-in", BOUGHT[guild, u]) for u in (U1, U2)]
            assert await storage.ledger_entries(guild, [other]) == [] and await storage.ledger_entries(guild, []) == []
            assert await storage.ledger_tables(guild, channel(guild), 0.0) == [table]
            assert await storage.ledger_tables(guild, channel(G2 if guild == G1 else G1), 0.0) == []
            assert await storage.ledger_tables(guild, channel(guild), time.time() + 60) == []
            assert [h.record for h in await storage.table_hands(guild, table)] == [hand_record(guild, n) for n in (1, 2)]
            assert await storage.table_hands(guild, other) == []
            before = await snapshot(storage)
            async with storage.transaction() as tx:
                await tx.record_chips(guild, table, user, "Newname", "cash-out", 7, 3)
            assert changes(before, await snapshot(storage)) == {("ledger", guild, table, user)}
            assert (await storage.ledger_entries(guild, [table]))[-1].name == "Newname", "written last, read last"


async def test_a_wallet_that_cannot_pay_is_told_without_a_change(database: str) -> None:
    """What a deal's end asks of a wallet (an auto-rebuy): it moves this member's chips, or nothing."""
    async with opened_world(database) as (storage, _):
        for guild, user in TARGETS:
            before = await snapshot(storage)
            async with storage.transaction() as tx:
                assert await tx.try_move_wallet(guild, user, -(BALANCES[guild, user] + 1)) is None
                assert await tx.try_move_wallet(guild, user, -5) == BALANCES[guild, user] - 5
            assert changes(before, await snapshot(storage)) == {("wallets", guild, user)}
