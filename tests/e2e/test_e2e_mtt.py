"""A multi-table tournament through the real client, as a server runs one: a manager announces it,
six members register with the announcement's button (one changes their mind), computer players fill
it to 30, the start opens four tables in threads, members play their hands with the table buttons,
and it is played to one winner across a restart of the bot: balancing moves, tables breaking,
hand for hand on the bubble, the final table, prizes in wallets, finishes in /stats. Every chip of
the tournament is accounted for after every step, and so is every wallet chip."""
from __future__ import annotations

import hashlib
from typing import Any

from bot.adapter.tournament.presenter import EDIT_EVERY
from bot.service.tournament.multi_table import Tournament
from tests.support.discord_clock import CLOCK
from tests.support.harness import GUILD_ID, MEMBER_PERMISSIONS, Harness, Place, Recorder, User
from tests.support.mtt_rig import check_chips

MANAGE_SERVER = 1 << 5
MOD = User(6100, "Mod", MEMBER_PERMISSIONS | MANAGE_SERVER)
MEMBERS = [User(6101 + k, name) for k, name in enumerate(("Ann", "Bob", "Cat", "Dan", "Eve", "Fay"))]
PRIZES = "30,20,14,10,8,7,6,5"  # eight paid: the bubble (nine left) comes while two tables of eight play
WALLET = 1000


async def _started(path: str, recorder: Recorder | None = None) -> Harness:
    h = await Harness.start(path, recorder)
    series = len(recorder.requests) if recorder else 0  # the same deals every run, whichever table deals first
    h.bot.service.seeds = lambda label: hashlib.sha256(f"mtt:{series}:{label}".encode()).hexdigest()
    h.bot.service.clock = CLOCK.now  # the tournament's clock and its tables' turns, moved by the test
    h.bot.mtt_presenter.edit_every = 0  # the announcement edited at once: nothing waits
    return h


def _button(message: dict[str, Any], label: str) -> str | None:
    for row in message["components"]:
        for component in row["components"]:
            if str(component.get("label", "")).startswith(label):
                return str(component["custom_id"])
    return None


async def _seat_panel(h: Harness, member: User, channel_id: int, at: Place) -> dict[str, Any]:
    """The member's seat panel at the table in ``channel_id``, opened afresh with its message's My seat:
    members move between tables, and the clock runs past a panel's 15 minutes."""
    table = h.table_message(channel_id)
    seat = next(c["custom_id"] for r in table["components"] for c in r["components"]
                if str(c.get("custom_id", "")).startswith("cr:seat:"))
    return h.recorder.shown(await h.press(member, seat, table, at=at))


async def _members_act(h: Harness, mtt: Tournament) -> int:
    """Each member whose turn it is presses Call or Check on their seat panel (All-in once the
    blinds are high, so the field shrinks). Returns the presses made."""
    presses = 0
    for table in mtt.live_tables():
        engine = table.engine
        if table.row.deal is None or engine is None or engine.outcome is not None:
            continue
        for deal_seat in engine.to_act():
            seat = table.table_seat_of(deal_seat)
            member = next((m for m in MEMBERS if m.id == seat.user_id), None)
            if member is None:
                continue
            at = Place(GUILD_ID, table.row.channel_id)
            message = await _seat_panel(h, member, table.row.channel_id, at)
            wanted = ("All-in", "Call", "Check") if mtt.level().number >= 4 else ("Check", "Call")
            custom_id = next((c for c in (_button(message, w) for w in wanted) if c), None)
            if custom_id is None:
                continue
            await h.press(member, custom_id, message, at=at)
            presses += 1
    return presses


async def _play(h: Harness, mtt: Tournament, moves: int, step: float = 1, act: bool = True) -> None:
    """``moves`` of the clock by ``step`` seconds: the bot's timers run, members act (unless not
    ``act``: their turns run out), and the tournament's chips add up after each."""
    for _ in range(moves):
        CLOCK.advance(step)
        await h.bot.service.tick()
        await h.settle()
        if act:
            await _members_act(h, mtt)
        check_chips(mtt)


async def test_a_thirty_player_tournament_in_threads_to_one_winner_across_a_restart(tmp_path) -> None:
    path = str(tmp_path / "mtt.db")
    h = await _started(path)
    refused = h.ephemeral_text(await h.command(MEMBERS[0], "tournament", "create", name="Sunday"))
    assert "Only a member with Manage Server" in refused
    await h.command(MOD, "tournament", "create", name="Sunday", stack=1500, buy_in=100, seats=8, blinds="turbo",
                    minutes=1, prizes=PRIZES, late_levels=0, break_every=0, turn_seconds=30)  # the field fixed at the start
    (mtt,) = h.bot.service.mtts.in_guild(GUILD_ID)
    post = h.recorder.messages[mtt.row.message_id]
    assert "Sunday" in post["content"] and "Entrants (0)" in post["content"]

    for member in MEMBERS:
        token = await h.press(member, f"cr:t:{mtt.id}:register")
        assert "You are registered for Sunday (100 chips" in h.ephemeral_text(token)
    assert "already registered" in h.ephemeral_text(await h.press(MEMBERS[0], f"cr:t:{mtt.id}:register"))
    assert "back in your wallet" in h.ephemeral_text(await h.press(MEMBERS[5], f"cr:t:{mtt.id}:unregister"))
    await h.press(MEMBERS[5], f"cr:t:{mtt.id}:register")
    shown = h.recorder.messages[mtt.row.message_id]["content"]
    assert "Entrants (6): Ann, Bob, Cat, Dan, Eve, Fay" in shown, "each press showed the announcement anew"
    assert "Only a member with Manage Server" in h.ephemeral_text(
        await h.command(MEMBERS[1], "tournament", "start", name="Sunday"))
    await h.command(MOD, "tournament", "add-bots", name="Sunday", count=24)
    await h.command(MOD, "tournament", "start", name="Sunday")
    assert h.ephemeral_text(await h.command(MEMBERS[0], "tournament", "unregister", name="Sunday")).count("has started")

    tables = mtt.live_tables()
    assert len(tables) == 4 and sorted(len(t.row.seats) for t in tables) == [7, 7, 8, 8]
    assert {t.row.channel_id for t in tables} == set(h.recorder.threads), "each table in a thread of its own"
    wallets = await h.bot.storage.total_chips()
    presses, restarted, bubble = 0, False, False
    for _ in range(4000):
        CLOCK.advance(1)
        await h.bot.service.tick()
        await h.settle()
        bubble = bubble or (len(mtt.alive()) == len(PRIZES.split(",")) + 1 and len(mtt.live_tables()) > 1)
        presses += await _members_act(h, mtt)
        if mtt.row.status == "playing":
            check_chips(mtt)
        assert await h.bot.storage.total_chips() == wallets
        if not restarted and len(mtt.alive()) <= 18:
            restarted = True
            await h.close()
            h = await _started(path, h.recorder)
            mtt = h.bot.service.mtts.running[mtt.id]
            check_chips(mtt)
        if mtt.row.status == "finished":
            break
    assert mtt.row.status == "finished", f"{len(mtt.alive())} players left"
    assert restarted and presses > 20
    assert mtt.state.moves["balance"] > 0 and mtt.state.moves["break"] > 0
    channel = h.recorder.channel_text(mtt.row.channel_id)
    if bubble:  # seen between two ticks; knockouts at two tables within one tick pass it unseen here
        assert "on the bubble" in channel, "announced when one knockout from the money, with tables to share"
    if "on the bubble" in channel:
        assert "is on the bubble: 9 players left, 8 paid" in channel
    assert "The final table of **Sunday** is set" in channel  # (two knocked out in one hand can skip the bubble)
    assert "Sunday** is over. Won by " in channel
    final = [r for r in h.recorder.channel_requests(mtt.row.channel_id) if r.files]
    assert final and final[-1].files[0][0] == "final-table.png", "the final table's picture"
    assert set(h.recorder.threads) <= h.recorder.archived, "every table's thread archived"
    prizes = {e.user_id: e.prize for e in mtt.entries.values()}
    assert sum(prizes.values()) == 3000 and mtt.row.pool == 0
    for member in MEMBERS:
        balance = await h.bot.storage.balance(GUILD_ID, member.id)
        assert balance == WALLET - 100 + prizes[member.id], member.name
        stats = {row[0]: row for row in await h.bot.storage.stats(GUILD_ID, member.id)}
        _, hands, chips_won, matches, _, _ = stats["holdem"]
        assert matches == 1 and hands > 0, "the tournament counts as a match in /stats, its hands as hands"
        assert chips_won == 0, "tournament chips are no wallet's: they count for no chips won"
    standings = await h.bot.storage.standings(GUILD_ID, "holdem", 0.0)
    assert standings and all(line.chips_won == 0 for line in standings), "nor in the leaderboard's periods"


async def test_a_table_whose_thread_is_deleted_plays_on_in_a_new_thread(tmp_path) -> None:
    h = await _started(str(tmp_path / "mtt.db"))
    await h.command(MOD, "tournament", "create", name="Monday", stack=3000, buy_in=100, seats=4, blinds="regular",
                    minutes=30, late_levels=1, break_every=0)
    (mtt,) = h.bot.service.mtts.in_guild(GUILD_ID)
    for member in MEMBERS[:2]:
        await h.press(member, f"cr:t:{mtt.id}:register")
    await h.command(MOD, "tournament", "add-bots", name="Monday", count=6)  # two tables of four: none breaks soon
    await h.command(MOD, "tournament", "start", name="Monday")
    table = next(t for t in mtt.live_tables() if any(s.user_id == MEMBERS[0].id for s in t.row.seats))
    gone = table.row.channel_id
    here = Place(GUILD_ID, gone)
    for user, command in ((MOD, "cancel"), (MEMBERS[0], "leave")):
        said = h.ephemeral_text(await h.command(user, "holdem", command, at=here))
        assert "a manager cancels the whole tournament with `/tournament cancel`" in said, said
    assert "The tournament has started" in h.ephemeral_text(await h.command(MEMBERS[4], "holdem", "join", at=here))
    h.recorder.deleted_channels.add(gone)
    await _play(h, mtt, 5)
    assert table.row.channel_id != gone and table.row.channel_id in h.recorder.threads
    assert h.bot.service.in_channel(table.row.channel_id) is table and h.bot.service.in_channel(gone) is None
    assert (await h.bot.storage.table(table.id)).channel_id == table.row.channel_id  # type: ignore[union-attr]
    first = h.recorder.channel_requests(table.row.channel_id)[0]
    assert first.method == "POST" and "plays on in this new thread" in first.text, "its message, posted anew there"
    assert h.table_message(table.row.channel_id)["components"], "with its buttons"
    hands = table.row.hand_no
    await _play(h, mtt, 10)
    assert table.row.hand_no > hands, "the table deals on in its new thread"
    refused = h.ephemeral_text(await h.press(MEMBERS[0], f"cr:t:{mtt.id}:pause"))
    assert "Only a member with Manage Server" in refused and not mtt.paused()
    assert "Monday is paused" in h.ephemeral_text(await h.press(MOD, f"cr:t:{mtt.id}:pause"))
    assert _button(h.recorder.messages[mtt.row.message_id], "Resume"), "the announcement offers Resume now"
    await _play(h, mtt, 40, step=5, act=False)  # the hands in play finish (turns run out), then nobody deals
    dealt = [t.row.hand_no for t in mtt.live_tables()]
    assert all(t.row.deal is None for t in mtt.live_tables())
    await _play(h, mtt, 1, step=30, act=False)
    assert [t.row.hand_no for t in mtt.live_tables()] == dealt
    assert "goes on" in h.ephemeral_text(await h.press(MOD, f"cr:t:{mtt.id}:resume"))
    await _play(h, mtt, 1, act=False)
    assert [t.row.hand_no for t in mtt.live_tables()] > dealt
    status = h.ephemeral_text(await h.command(MEMBERS[1], "tournament", "status", name="monday"))
    left = len(mtt.alive())
    assert "Level 1: blinds 10/20" in status and f"Players left {left} of 8 · average stack {8 * 3000 // left}" in status
    assert "Only a member with Manage Server" in h.ephemeral_text(
        await h.command(MEMBERS[1], "tournament", "cancel", name="Monday"))
    said = h.ephemeral_text(await h.command(MOD, "tournament", "cancel", name="Monday"))
    assert "every entrant's buy-in is back" in said and mtt.row.status == "cancelled"
    for member in MEMBERS[:2]:
        assert await h.bot.storage.balance(GUILD_ID, member.id) == WALLET, member.name
    assert set(h.recorder.threads) - {gone} <= h.recorder.archived, "every table's thread archived"
    assert "was cancelled by a manager" in h.recorder.channel_text(mtt.row.channel_id)
    assert "Cancelled by a manager: every buy-in went back" in h.ephemeral_text(
        await h.command(MOD, "tournament", "status", name="Monday"))
    await _play(h, mtt, 1)
    assert "no tournament named" in h.ephemeral_text(await h.command(MOD, "tournament", "status", name="Monday"))


async def test_changes_nobody_pressed_for_reach_the_announcement_as_one_edit_ten_seconds_on(tmp_path) -> None:
    """Registrations by command (no press on the announcement to edit it through) are coalesced: the
    channel edits the announcement once, ``EDIT_EVERY`` seconds after the first, with all of them."""
    h = await Harness.start(str(tmp_path / "coalesced.db"))
    await h.command(MOD, "tournament", "create", name="Monday", buy_in=100)
    (mtt,) = h.bot.service.mtts.in_guild(GUILD_ID)

    def edits() -> list[Any]:
        return [r for r in h.recorder.requests if r.method == "PATCH" and r.path.endswith(f"/messages/{mtt.row.message_id}")]
    for member in MEMBERS[:3]:
        await h.command(member, "tournament", "register", name="Monday")
    await h.command(MOD, "tournament", "add-bots", name="Monday", count=4)
    assert edits() == [], "nothing is edited before its time"
    CLOCK.advance(EDIT_EVERY - 1)
    await h.settle()
    assert edits() == []
    CLOCK.advance(1)
    await h.settle()
    (edit,) = edits()
    assert "Entrants (7): Ann, Bob, Cat" in str(edit.json), edit.json
    CLOCK.advance(10 * EDIT_EVERY)
    await h.settle()
    assert len(edits()) == 1, "no change since: no edit"
