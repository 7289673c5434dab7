"""Economy and information commands, permissions and closed DMs, through the real client."""
from __future__ import annotations

import pytest

from bot.games.cards import commitment, pretty
from bot.registry import game_names
from bot.storage.records import TableMode
from cogs.info import PAGE, RULES_DIR, rules_pages
from tests.support.export_checks import exported, replayed_stacks
from tests.support.harness import CHANNEL_ID, GUILD_ID, MANAGE_CHANNELS, MEMBER_PERMISSIONS, Harness, User

ALICE, BOB, MOD = User(2001, "Alice"), User(2002, "Bob"), User(2003, "Mod", MEMBER_PERMISSIONS | MANAGE_CHANNELS)
ADMIN = User(2004, "Admin", MEMBER_PERMISSIONS | (1 << 5))  # Manage Server


async def test_wallet_daily_and_economy_settings(database) -> None:
    h = await Harness.start(database)
    assert "**1,000** chips in your wallet." in h.ephemeral_text(await h.command(ALICE, "wallet"))
    assert "1200" in h.ephemeral_text(await h.command(ALICE, "daily"))
    assert "already collected" in h.ephemeral_text(await h.command(ALICE, "daily"))
    refused = h.ephemeral_text(await h.command(BOB, "economy", starting_balance=5, daily=1))
    assert "Manage Server" in refused
    assert "start with 500" in h.ephemeral_text(await h.command(ADMIN, "economy", starting_balance=500, daily=50))
    assert "**500**" in h.ephemeral_text(await h.command(BOB, "wallet"))
    await h.close()


async def test_help_rules_pages_and_verify(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "c.db"))
    assert "/holdem" in h.ephemeral_text(await h.command(ALICE, "help"))
    first = h.ephemeral_text(await h.command(ALICE, "rules", game="holdem"))
    assert "Texas hold'em" in first and "Page 1/" in first
    assert "pages" in h.ephemeral_text(await h.command(ALICE, "rules", game="holdem", page=50))
    # Play one hand (Bob folds), then check its seed against the commitment shown before the deal.
    await h.command(ALICE, "holdem", "create")
    await h.command(BOB, "holdem", "join")
    await h.command(ALICE, "holdem", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    shown = live.row.deal.commitment
    assert shown in h.table_message()["content"]
    folder = ALICE if live.engine.to_act() == (live.deal_seat(ALICE.id),) else BOB
    await h.move(folder, "Fold")
    record = await h.bot.storage.hand_record(live.id, 1)
    assert record is not None and commitment(record.seed) == shown
    assert record.seed in h.table_message()["content"], "the seed is revealed after the hand"
    text = h.ephemeral_text(await h.command(BOB, "verify", table=live.id, hand=1))
    assert "matches" in text and record.seed in text
    assert "No finished hand" in h.ephemeral_text(await h.command(BOB, "verify", table=live.id, hand=9))
    board = h.ephemeral_text(await h.command(BOB, "leaderboard"))
    assert "page 1 of 1" in board and "you: #" in board
    assert "Texas hold'em: 1 hand, " in h.ephemeral_text(await h.command(ALICE, "stats"))
    await h.close()


async def test_export_a_hand_or_a_table_and_refusals(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "c.db"))
    await h.command(ALICE, "holdem", "create", limit="pot-limit")
    await h.command(BOB, "holdem", "join")
    await h.command(ALICE, "holdem", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    for _ in range(2):  # two hands: whoever acts first folds
        hand_no = live.row.hand_no
        folder = ALICE if live.engine.to_act() == (live.deal_seat(ALICE.id),) else BOB
        await h.move(folder, "Fold")
        assert await h.bot.storage.hand_record(live.id, hand_no) is not None
        live.row.deadline = 0.0
        await h.bot.service.tick()  # the pause between hands is over: the next hand is dealt
    name, text = await exported(h, BOB, live.id, 1)
    assert name == f"cardroom-holdem-table{live.id}-hand1.phh"
    assert text.startswith("# variant 'PT' is pot-limit Texas hold'em") and len(replayed_stacks(text)) == 1
    name, text = await exported(h, BOB, live.id)  # the whole table: one PHHS file, a TOML table per hand
    assert name == f"cardroom-holdem-table{live.id}.phhs" and text.startswith("[1]\n")
    finished = [n for n, _ in await h.bot.storage.hand_exports(live.id)]
    assert len(finished) >= 2 and len(replayed_stacks(text)) == len(finished)
    assert "No finished hand" in h.ephemeral_text(await h.command(BOB, "export", table=live.id, hand=99))
    assert "no table #999" in h.ephemeral_text(await h.command(BOB, "export", table=999))
    await h.close()


async def test_cancel_needs_host_or_manage_channels_and_refunds(database) -> None:
    h = await Harness.start(database)
    await h.command(ALICE, "holdem", "create", buy_in=300)
    await h.command(BOB, "holdem", "join", buy_in=200)
    await h.command(ALICE, "holdem", "start")
    assert "Only the host" in h.ephemeral_text(await h.command(BOB, "holdem", "cancel"))
    assert "closed" in h.ephemeral_text(await h.command(MOD, "holdem", "cancel"))
    assert h.bot.service.in_channel(CHANNEL_ID) is None
    assert await h.bot.storage.balance(h.bot.service.storage and 910000000000000001, ALICE.id) == 1000
    assert "no Texas hold'em table" in h.ephemeral_text(await h.command(BOB, "holdem", "status"))
    await h.close()


async def test_closed_dms_fall_back_to_the_seat_panel(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "c.db"))
    h.recorder.closed_dms.add(BOB.id)
    await h.command(ALICE, "holdem", "create")
    await h.command(BOB, "holdem", "join")
    await h.command(ALICE, "holdem", "start")
    assert h.recorder.dm_requests(BOB.id) and not any(r.files for r in h.recorder.dm_requests(BOB.id)[1:])
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert any("DMs closed" in line for line in live.log)
    bob_cards = live.engine.view(live.deal_seat(BOB.id))["seats"][live.deal_seat(BOB.id)]["cards"]
    panel = await h.open_panel(BOB)  # ephemeral: open_panel checks that Bob alone sees it
    assert f"your cards: {' '.join(pretty(c) for c in bob_cards)}" in panel["content"]
    stranger = User(2999, "Stranger")
    panel = await h.open_panel(stranger)
    assert "You are not seated at this table" in panel["content"] and "your cards" not in panel["content"]
    assert not [c for r in panel["components"] for c in r["components"]], "nothing to press"
    await h.close()


async def test_tournament_create_and_bad_settings(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "c.db"))
    bad = h.ephemeral_text(await h.command(ALICE, "holdem", "create", small_blind=20, big_blind=10))
    assert "can't be smaller" in bad and h.bot.service.in_channel(CHANNEL_ID) is None
    await h.command(ALICE, "holdem", "create", mode="tournament", buy_in=300, level_hands=5)
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live.row.settings.mode is TableMode.SIT_AND_GO and live.row.seats[0].stack == 300
    assert "Everyone buys in for 300" in h.ephemeral_text(await h.command(BOB, "holdem", "join", buy_in=1000))
    await h.command(BOB, "holdem", "join")
    await h.command(ALICE, "holdem", "start")
    assert "Tournament level 1: blinds 5/10" in h.table_message()["content"]
    assert "can't leave a running tournament" in h.ephemeral_text(await h.command(BOB, "holdem", "leave"))
    await h.close()


async def test_stud_and_draw_offer_tournaments(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "c.db"))
    assert "at least 50" in h.ephemeral_text(await h.command(ALICE, "stud", "create", mode="tournament", buy_in=20))
    await h.command(ALICE, "stud", "create", mode="tournament", buy_in=150, level_hands=4)
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live.row.settings.mode is TableMode.SIT_AND_GO and live.row.settings.level_hands == 4
    await h.command(BOB, "stud", "join")
    await h.command(ALICE, "stud", "start")
    assert "Tournament level 1: ante 1, bring-in 2, bets 5/10" in h.table_message()["content"]
    await h.close()


async def test_the_leaderboard_and_stats_add_up_every_hand(database) -> None:
    """Two hands, each folded by the player to act: each player lost one small blind and won one,
    so the running totals are 0, not the last hand's result."""
    h = await Harness.start(database)
    await h.command(ALICE, "holdem", "create")
    await h.command(BOB, "holdem", "join")
    await h.command(ALICE, "holdem", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    users = {ALICE.id: ALICE, BOB.id: BOB}
    buy_ins = [s.stack for s in live.row.seats]
    for hand_no in (1, 2):
        if live.row.deal is None:  # the pause between deals is over
            live.row.deadline = 0
            await h.bot.service.tick()
            await h.settle()
        (seat,) = live.engine.to_act()
        await h.move(users[live.table_seat_of(seat).user_id], "Fold")
        assert live.row.deal is None and live.row.hand_no == hand_no
    assert [s.stack for s in live.row.seats] == buy_ins, "each lost and won a small blind"
    for user in users.values():
        board = h.ephemeral_text(await h.command(user, "leaderboard", game="holdem", period="week"))
        assert "you: #" in board and ", +0 chips" in board, board
        assert "Texas hold'em: 2 hands, +0 chips" in h.ephemeral_text(await h.command(user, "stats"))
    await h.close()


async def test_a_buy_in_over_the_wallet_is_refused_in_words_at_create_and_join(database, caplog) -> None:
    """Every refusal has one root (``UserError``): a wallet that cannot pay answers what to do, at
    ``create`` as at ``join``, and nothing is logged as the bot's own failure."""
    h = await Harness.start(database)
    text = h.ephemeral_text(await h.command(ALICE, "holdem", "create", buy_in=2000))
    assert "You have 1000 chips; that needs 2000. Try /daily or a smaller buy-in." in text, text
    assert h.bot.service.in_channel(CHANNEL_ID) is None, "no table without its host's buy-in"
    await h.command(ALICE, "holdem", "create", buy_in=300)
    text = h.ephemeral_text(await h.command(BOB, "holdem", "join", buy_in=2000))
    assert "You have 1000 chips; that needs 2000. Try /daily or a smaller buy-in." in text
    assert await h.bot.storage.balance(GUILD_ID, BOB.id) == 1000
    assert not [r for r in caplog.records if r.levelname == "ERROR"], "a refusal is not the bot failing"
    await h.close()


@pytest.mark.parametrize("name", game_names())
def test_every_rules_page_shows_whole_paragraphs(name: str) -> None:
    """/rules pages split between paragraphs: a paragraph longer than a page would be cut off."""
    paragraphs = (RULES_DIR / f"{name}.md").read_text(encoding="utf-8").split("\n\n")
    assert all(len(p) <= PAGE for p in paragraphs), [p[:60] for p in paragraphs if len(p) > PAGE]
    assert "\n\n".join(rules_pages(name)) == "\n\n".join(paragraphs)
