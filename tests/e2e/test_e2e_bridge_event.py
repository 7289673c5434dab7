"""A duplicate bridge event through the real Discord client: two tables in two channels of one
server play the same boards at different speeds. A board stays a secret of the table still playing
it (no seed, result or report in the other channel), both channels get its results table when the
last table finishes it, and a director's /bridge close-event reveals the rest."""
from __future__ import annotations

from tests.support.bridge_seats import open_event_table, pass_board
from tests.support.export_checks import exported, parsed_boards
from tests.support.harness import CHANNEL_ID, GUILD_ID, MANAGE_CHANNELS, MEMBER_PERMISSIONS, Harness, Place, User

FAST = [User(4001, "Nell"), User(4002, "Ezra"), User(4003, "Sami"), User(4004, "Wren")]
SLOW = [User(4011, "Ann"), User(4012, "Ben"), User(4013, "Cat"), User(4014, "Dan")]
STRANGER = User(4005, "Stan")
DIRECTOR = User(4006, "Dora", MEMBER_PERMISSIONS | MANAGE_CHANNELS)
OTHER = Place(GUILD_ID, 920000000000000777)


async def _next_deal(h: Harness) -> None:
    for live in list(h.bot.service.tables.values()):
        if live.row.deal is None:
            live.row.deadline = 0
    await h.bot.service.tick()
    await h.settle()


async def test_a_board_stays_secret_until_every_table_has_played_it(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "event.db"))
    token = await h.command(FAST[0], "bridge", "create", scoring="rubber", event="x")
    assert "only applies to duplicate" in h.ephemeral_text(token)
    token = await h.command(FAST[0], "bridge", "create", scoring="duplicate", event="no spaces!")
    assert "event name" in h.ephemeral_text(token)
    fast = await open_event_table(h, FAST, Place(GUILD_ID, CHANNEL_ID))
    slow = await open_event_table(h, SLOW, OTHER)
    assert fast.row.settings.event == "club-night" and fast.row.deal.event_key == slow.row.deal.event_key == "1"
    seed = fast.row.deal.seed
    assert slow.row.deal.seed == seed, "one board, one deal"

    # The fast table passes board 1 out while the slow one is still bidding it.
    await pass_board(h, fast, FAST)
    summary = fast.last_deal.outcome.summary
    done = h.table_message(CHANNEL_ID)["content"]
    assert "Board 1 done; its results come when every table of event club-night has played it." in done
    assert not h.table_message(CHANNEL_ID)["attachments"], "no picture of the played board"
    refused = await h.command(STRANGER, "bridge", "results", event="club-night", board=1)
    assert "once you have played it" in h.ephemeral_text(refused)
    shown = await h.command(FAST[2], "bridge", "results", event="CLUB-NIGHT", board=1)
    assert "Board 1" in h.ephemeral_text(shown) and '"flags": 64' in h.ephemeral_text(shown)
    hidden = await h.command(SLOW[1], "verify", table=fast.id, hand=1)
    assert "may still be playing it" in h.ephemeral_text(hidden) and seed not in h.ephemeral_text(hidden)
    assert seed in h.ephemeral_text(await h.command(FAST[1], "verify", table=fast.id, hand=1))
    assert seed in h.ephemeral_text(await h.command(DIRECTOR, "verify", table=fast.id, hand=1)), "a director sees it"
    for hand in (1, None):  # the board, or the whole table: its deal is secret while the event plays it
        hidden = await h.command(SLOW[1], "export", **({"table": fast.id} | ({"hand": hand} if hand else {})))
        assert "may still be playing it" in h.ephemeral_text(hidden) and not h.recorder.replies_to(hidden)[0].files
    for user in (FAST[1], SLOW[1]):  # not replayed while secret, not even by those who played it
        refused = await h.command(user, "replay", table=fast.id, hand=1)
        said = [(r.json or {}).get("data", r.json or {}).get("content") for r in h.recorder.replies_to(refused)]
        assert "That deal belongs to an event whose other tables may still be playing it: it can be replayed " \
               "once the event reveals it." in said
        assert not h.recorder.replies_to(refused)[-1].files
    assert not any(str(c.get("label")).startswith("Replay") for r in h.recorder.messages[fast.row.message_id]["components"]
                   for c in r["components"]), "no Replay button either"
    name, text = await exported(h, FAST[1], fast.id, 1)
    assert name.endswith(".pbn") and parsed_boards(text)[0].board_num == 1
    standings = await h.command(STRANGER, "bridge", "standings", event="club-night")
    assert "played by every table yet" in h.ephemeral_text(standings)
    await _next_deal(h)  # the fast table goes on to board 2
    assert fast.row.deal.event_key == "2" and slow.row.hand_no == 1
    channel_a = h.recorder.channel_text(CHANNEL_ID)
    for secret in (seed, summary, "Board 1  dealer", "Par "):
        assert secret not in channel_a, f"channel A shows {secret!r} while table B plays board 1"

    # The slow table finishes board 1: both channels get its results table, once.
    sent_a, sent_b = len(h.recorder.channel_requests(CHANNEL_ID)), len(h.recorder.channel_requests(OTHER.channel_id))
    await pass_board(h, slow, SLOW)
    for channel, since in ((CHANNEL_ID, sent_a), (OTHER.channel_id, sent_b)):
        reports = [m for m in h.recorder.messages_in(channel) if "Board 1  dealer" in m["content"]]
        assert len(reports) == 1, f"channel {channel} gets board 1's results once"
        text = reports[0]["content"]
        assert f"#{fast.id}" in text and f"#{slow.id}" in text and "every table has played it" in text
        assert "NS Nell (N) & Sami (S), EW Ezra (E) & Wren (W)" in text
    assert seed in h.recorder.messages[slow.row.message_id]["content"], "the last table shows its seed at once"
    shown = await h.command(STRANGER, "bridge", "results", event="club-night", board=1)
    assert "Board 1" in h.ephemeral_text(shown)
    replayed = await h.command(STRANGER, "replay", table=fast.id, hand=1)  # revealed: anyone here may replay it
    assert "step 0 of 4" in h.ephemeral_text(replayed) and h.recorder.replies_to(replayed)[-1].files
    standings = h.ephemeral_text(await h.command(STRANGER, "bridge", "standings", event="club-night"))
    assert "1 board played by every table" in standings and "Nell & Sami" in standings and "Ann & Cat" in standings
    late = await h.command(STRANGER, "bridge", "create", scoring="duplicate", event="club-night",
                           at=Place(GUILD_ID, 920000000000000888))
    assert "results are out" in h.ephemeral_text(late)

    # Board 2: the fast table finishes it, the slow one is dealt it; a director closes the event.
    await pass_board(h, fast, FAST)
    await _next_deal(h)
    assert slow.row.deal.event_key == "2"
    assert "Board 2  dealer" not in h.recorder.channel_text(CHANNEL_ID) + h.recorder.channel_text(OTHER.channel_id)
    refused = await h.command(FAST[0], "bridge", "close-event", event="club-night")
    assert "Manage Channels" in h.ephemeral_text(refused) and h.bot.service.in_channel(CHANNEL_ID) is fast
    closed = await h.command(DIRECTOR, "bridge", "close-event", event="club-night")
    assert "2 tables closed, 2 boards revealed" in h.ephemeral_text(closed), "board 3 was dealt at the fast table"
    assert h.bot.service.in_channel(CHANNEL_ID) is None and h.bot.service.in_channel(OTHER.channel_id) is None
    for live in (fast, slow):
        assert h.recorder.messages[live.row.message_id]["content"].endswith(
            "Event `club-night` was closed by a director; so is this table. A board in progress counts as not played.")
    for channel in (CHANNEL_ID, OTHER.channel_id):
        (report,) = [m["content"] for m in h.recorder.messages_in(channel) if "Board 2  dealer" in m["content"]]
        assert "is closed: board 2's results. Not played at #%d." % slow.id in report and f"#{fast.id}" in report
        (empty,) = [m["content"] for m in h.recorder.messages_in(channel) if "board 3's" in m["content"]]
        assert f"Not played at #{fast.id}, #{slow.id}." in empty
    assert "Board 2" in h.ephemeral_text(await h.command(STRANGER, "bridge", "results", event="club-night", board=2))
    assert "already closed" in h.ephemeral_text(await h.command(DIRECTOR, "bridge", "close-event", event="club-night"))
    for command, refusal in (("close-event", "No table ever joined event `quiz-night` on this server."),
                             ("standings", "No board of event `quiz-night` has been played by every table yet.")):
        replies = h.recorder.replies_to(await h.command(DIRECTOR, "bridge", command, event="Quiz-Night"))
        assert all(r.ephemeral for r in replies) and refusal in replies[-1].text
    await h.close()


async def test_the_privacy_check_knows_a_board_still_in_play_elsewhere(tmp_path) -> None:
    """Planted leaks in channel A while table B plays board 1: the seed, A's result, and a picture of
    A's played board are each caught; the same seed posted once B has finished is no leak."""
    h = await Harness.start(str(tmp_path / "audit.db"))
    fast = await open_event_table(h, FAST, Place(GUILD_ID, CHANNEL_ID))
    slow = await open_event_table(h, SLOW, OTHER)
    seed = fast.row.deal.seed
    await pass_board(h, fast, FAST)
    assert h.privacy.findings == [], "the bot itself keeps board 1 out of channel A"
    channel = h.bot.get_partial_messageable(CHANNEL_ID)
    await channel.send(f"Deck seed `{seed}`")
    await channel.send(f"Hand #1 is over: {fast.last_deal.outcome.summary}")
    played = fast.engine.view(None)
    await channel.send(file=await h.bot.presenter._render(fast.spec.render_table, played, ""))
    findings = list(h.privacy.findings)
    h.privacy.findings.clear()
    assert len(findings) == 3, findings
    assert seed in findings[0] and fast.last_deal.outcome.summary in findings[1] and "carries picture" in findings[2]
    await pass_board(h, slow, SLOW)
    await channel.send(f"Deck seed `{seed}`")
    assert h.privacy.findings == [], "board 1 is public once every table has played it"
    await h.close()


async def test_verify_shows_a_board_seed_only_to_those_who_played_that_board(tmp_path) -> None:
    """Ezra has played board 1 of the event, not board 2: the other table's board 2 seed stays hidden
    from him (it would give away the cards his table is still to play), its own players see it."""
    h = await Harness.start(str(tmp_path / "event.db"))
    fast = await open_event_table(h, FAST, Place(GUILD_ID, CHANNEL_ID))
    slow = await open_event_table(h, SLOW, OTHER)
    await pass_board(h, fast, FAST)
    await pass_board(h, slow, SLOW)
    await _next_deal(h)  # board 2 is dealt at both tables
    assert fast.row.deal.event_key == slow.row.deal.event_key == "2"
    await pass_board(h, slow, SLOW)  # the other table plays it out
    assert await h.bot.storage.hand_record(slow.id, 2) is not None
    hidden = h.ephemeral_text(await h.command(FAST[1], "verify", table=slow.id, hand=2))
    assert "may still be playing it" in hidden and "Seed" not in hidden
    assert "matches" in h.ephemeral_text(await h.command(FAST[1], "verify", table=slow.id, hand=1))
    assert "matches" in h.ephemeral_text(await h.command(SLOW[0], "verify", table=slow.id, hand=2))
    await h.close()
