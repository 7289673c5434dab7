"""A duplicate bridge event through the real Discord client: the channel's table and a table in
another channel play the same board; the board's results table is posted once this table finishes
it, and ``/bridge results`` shows it again to the players only."""
from __future__ import annotations

from bot.games.base import Action
from tests.export_checks import exported, parsed_boards
from tests.harness import CHANNEL_ID, GUILD_ID, Harness, User

PLAYERS = [User(4001, "Nell"), User(4002, "Ezra"), User(4003, "Sami"), User(4004, "Wren")]
STRANGER = User(4005, "Stan")
OTHER_CHANNEL = 920000000000000777


async def _other_table_passes_board_one(h: Harness) -> int:
    """A second table of the event, in another channel, bid 1NT by North and played out."""
    service = h.bot.service
    live = await service.create(GUILD_ID, OTHER_CHANNEL, "bridge", 1, "Ann",
                                {"scoring": "duplicate", "event": "club-night"})
    for user, name in ((2, "Ben"), (3, "Cat"), (4, "Dan")):
        await service.join(live, user, name)
    await service.start(live, 1)
    first_call = True
    while live.row.hand_no == 1 and live.row.hand is not None:
        seat = live.engine.to_act()[0]
        action = Action("bid", target="1NT") if first_call else live.engine.timeout_action(seat)
        first_call = False
        await service.act(live.id, live.user_of_deal_seat(seat)["user_id"], 1, live.row.step, action)
    return live.id


async def test_an_event_board_is_compared_across_channels(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "event.db"))
    token = await h.command(PLAYERS[0], "bridge", "create", scoring="rubber", event="x")
    assert "only applies to duplicate" in h.ephemeral_text(token)
    token = await h.command(PLAYERS[0], "bridge", "create", scoring="duplicate", event="no spaces!")
    assert "event name" in h.ephemeral_text(token)
    await h.command(PLAYERS[0], "bridge", "create", scoring="duplicate", event="Club-Night")
    for user in PLAYERS[1:]:
        await h.command(user, "bridge", "join")
    await h.command(PLAYERS[0], "bridge", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live.row.settings["event"] == "club-night" and live.row.hand["event_key"] == "1"
    other_id = await _other_table_passes_board_one(h)
    other = h.bot.service.tables[other_id]
    assert h.bot.service.in_channel(OTHER_CHANNEL) is other

    posted_before = len(h.recorder.messages_in(CHANNEL_ID))
    for _ in range(4):  # board 1: North deals; all four pass
        user = PLAYERS[live.engine.to_act()[0]]
        await h.press_label(user, "Pass")
    reports = [m for m in h.recorder.messages_in(CHANNEL_ID)[posted_before - 1:] if "Board 1" in m["content"]]
    assert len(reports) == 1, "the board's results table is posted once"
    text = reports[0]["content"]
    assert f"#{other_id}" in text and f"#{live.id}" in text and "1NT" in text and "Pass" in text
    assert "NS Nell (N) & Sami (S), EW Ezra (E) & Wren (W)" in text

    refused = await h.command(STRANGER, "bridge", "results", event="club-night", board=1)
    assert "once you have played it" in h.ephemeral_text(refused)
    shown = await h.command(PLAYERS[2], "bridge", "results", event="CLUB-NIGHT", board=1)
    assert "Board 1" in h.ephemeral_text(shown) and '"flags": 64' in h.ephemeral_text(shown)
    hidden = await h.command(STRANGER, "verify", table=other_id, hand=1)
    assert "may still be playing it" in h.ephemeral_text(hidden) and "Seed" not in h.ephemeral_text(hidden)
    shown = await h.command(PLAYERS[1], "verify", table=other_id, hand=1)  # Ezra has played board 1
    assert "matches" in h.ephemeral_text(shown)
    hidden = await h.command(STRANGER, "export", table=other_id, hand=1)
    assert "may still be playing it" in h.ephemeral_text(hidden) and not h.recorder.replies_to(hidden)[0].files
    for hand in (1, None):  # the board, or the whole table: its deal is secret while the event plays it
        hidden = await h.command(STRANGER, "export", **({"table": other_id} | ({"hand": hand} if hand else {})))
        assert "may still be playing it" in h.ephemeral_text(hidden)
    name, text = await exported(h, PLAYERS[1], other_id, 1)
    assert name.endswith(".pbn") and parsed_boards(text)[0].board_num == 1
    standings = await h.command(STRANGER, "bridge", "standings", event="club-night")
    text = h.ephemeral_text(standings)
    assert "1 board played" in text and "Nell & Sami" in text and "Ann & Cat" in text
    missing = await h.command(PLAYERS[2], "bridge", "results", event="club-night", board=9)
    assert "has finished board 9" in h.ephemeral_text(missing)
    await h.close()


async def test_verify_shows_a_board_seed_only_to_those_who_played_that_board(tmp_path) -> None:
    """Ezra has played board 1 of the event, not board 2: the other table's board 2 seed stays hidden
    from him (it would give away the cards his table is still to play), its own players see it."""
    h = await Harness.start(str(tmp_path / "event.db"))
    await h.command(PLAYERS[0], "bridge", "create", scoring="duplicate", event="club-night")
    for user in PLAYERS[1:]:
        await h.command(user, "bridge", "join")
    await h.command(PLAYERS[0], "bridge", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    other_id = await _other_table_passes_board_one(h)
    other = h.bot.service.tables[other_id]
    for _ in range(4):  # board 1 here: all four pass
        await h.press_label(PLAYERS[live.engine.to_act()[0]], "Pass")
    for table in (live, other):
        table.row.deadline = 0
    await h.bot.service.tick()  # board 2 is dealt at both tables
    assert live.row.hand["event_key"] == other.row.hand["event_key"] == "2"
    while other.row.hand_no == 2 and other.row.hand is not None:  # the other table plays it out
        seat = other.engine.to_act()[0]
        await h.bot.service.act(other.id, other.user_of_deal_seat(seat)["user_id"], 2, other.row.step,
                                other.engine.timeout_action(seat))
    assert await h.bot.storage.hand_record(other_id, 2) is not None
    hidden = h.ephemeral_text(await h.command(PLAYERS[1], "verify", table=other_id, hand=2))
    assert "may still be playing it" in hidden and "Seed" not in hidden
    assert "matches" in h.ephemeral_text(await h.command(PLAYERS[1], "verify", table=other_id, hand=1))
    assert "matches" in h.ephemeral_text(await h.command(User(1, "Ann"), "verify", table=other_id, hand=2))
    await h.close()
