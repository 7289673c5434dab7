"""Run it twice as members use it: the table option at ``create``, the two buttons on the panel of every
player still in once all are all in, the private answers, the refusals (a member who folded, one who chose
already, one not playing, a stale button), a restart mid-decision, the two boards on the table, the
replay, the PHH and PokerStars exports and /stats."""
from __future__ import annotations

import hashlib
from typing import Any

from bot.games.phh import RoomHandHistory
from bot.service.stats import PokerStats, figures, game_stats
from tests.support.export_checks import exported, replayed_stacks
from tests.support.harness import CHANNEL_ID, Harness, Recorder, User
from tests.support.pokerstars_checks import check_hand, split_hands
from tests.support.three_handed import three_playing

ALICE, BOB, CAROL, EVE = (User(3301 + i, name) for i, name in enumerate(("Alice", "Bob", "Carol", "Eve")))
SPLIT = hashlib.sha256(b"1").hexdigest()
"""A deck on which Alice, all in against Bob, wins the first board and they tie the second."""
CALLED = hashlib.sha256(b"hilo1").hexdigest()
"""An Omaha hi-lo deck on which the computer player calls two all-ins, then takes the first board's low
half and the whole second board."""



async def test_two_players_all_in_agree_to_run_it_twice_across_a_restart(database: str) -> None:
    recorder = Recorder()
    h = await Harness.start(database, recorder)
    h.bot.service.seeds = lambda _label: SPLIT
    live = await three_playing(h, ALICE, BOB, CAROL, run_it_twice=True)
    token = await h.command(BOB, "holdem", "status")
    assert "Blinds 5/10; run it twice." in h.ephemeral_text(token)
    await h.move(ALICE, "All-in")
    await h.move(BOB, "Call")
    assert "Run it twice" not in await h.labels_of(CAROL), "not while a player can still bet"
    await h.move(CAROL, "Fold")
    for user in (ALICE, BOB):
        assert {"Run it twice", "Run it once"} <= set(await h.labels_of(user))
    assert "Run it twice" not in await h.labels_of(CAROL), "Carol folded"
    asked = dict(await h.panel(BOB))
    assert sorted(live.engine.to_act()) == [0, 1]

    twice = _button(asked, "Run it twice")
    token = await h.press(CAROL, twice["custom_id"], _forged(await h.panel(CAROL), twice))
    assert "Only the players still in the hand" in h.ephemeral_text(token)
    token = await h.press(EVE, twice["custom_id"], _forged(h.table_message(), twice))
    assert "not playing in this hand" in h.ephemeral_text(token)
    token = await h.move(ALICE, "Run it twice")
    reply = h.recorder.replies_to(token)[-1]
    assert reply.ephemeral and "You chose to run it twice" in reply.text
    assert "Alice has chosen how to run it" in h.table_message()["content"]
    assert "runs twice" not in h.table_message()["content"], "the table is told she chose, not what"
    assert "Run it once" not in await h.labels_of(ALICE), "her choice is made"
    once = _button(await h.panel(BOB), "Run it once")  # the move as it is drawn now
    token = await h.press(ALICE, once["custom_id"], _forged(await h.panel(ALICE), once))
    assert "You have chosen already" in h.ephemeral_text(token)
    assert live.engine.to_act() == (1,)
    await h.close()

    h = await Harness.start(database, recorder)  # a restart while Bob is still to choose
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live.engine.to_act() == (1,) and live.engine.choosing_runouts()
    button = twice["custom_id"]
    await h.press(BOB, button, asked)  # the button drawn on his panel before Alice chose is still Bob's
    assert live.row.deal is None, "the hand is over"
    assert "Every player still in agreed: the board runs twice" in live.log
    content = h.table_message()["content"]
    assert "First board: Alice wins 1005 with Pair of Jacks" in content, "each board's winners"
    assert "Second board: Alice wins 502 with Straight" in content and "Second board: Bob wins 503" in content
    token = await h.press(BOB, button, asked)
    assert "earlier hand" in h.ephemeral_text(token), "a stale button is refused"
    stacks = [s.stack for s in live.row.seats]
    assert sum(stacks) == 3000

    replay = await h.bot.service.replays.load(live.row.guild_id, live.id, 1)
    last = replay.steps[-1].public
    assert len(last["boards"]) == 2 and all(len(board) == 5 for board in last["boards"])
    assert any(line.startswith("Second board:") for line in last["winners"])
    name, text = await exported(h, CAROL, live.id, 1)
    record = await h.bot.storage.hand_record(live.id, 1)
    assert record is not None and record.export == text
    assert "_runout_counts = [" in text and replayed_stacks(text) == [stacks]
    assert RoomHandHistory.loads(text).user_defined_fields["_runout_counts"].count(2) == 2

    token = await h.command(BOB, "export", table=live.id, hand=1, format="pokerstars")
    (file,) = [f for reply in h.recorder.replies_to(token) for f in reply.files]
    hand = file[1].decode("utf-8")
    assert "*** FIRST SHOW DOWN ***" in hand and "SECOND Board [" in hand and "Dealt to Bob [" in hand
    check_hand(split_hands(hand)[0], live.id, 1, record, hero=BOB.id)

    # /stats: one showdown (not one a board), won by both: Alice took a board and a half, Bob half a board
    for user in (ALICE, BOB):
        assert "Hands 1" in _stats_text(h, await h.command(user, "stats", game="holdem"))
        stats = await game_stats(h.bot.storage, live.row.guild_id, user.id, "holdem")  # the card's figures
        assert isinstance(stats, PokerStats) and (stats.saw_flop, stats.showdowns, stats.showdowns_won) == (1, 1, 1)
        shown = dict(figures(stats))
        assert shown["Went to showdown"] == "100.0%" and shown["Won at showdown"] == "100.0%"
    await h.close()


async def test_the_clock_runs_it_once_for_a_player_who_does_not_answer(database: str) -> None:
    h = await Harness.start(database)
    h.bot.service.seeds = lambda _label: SPLIT
    token = await h.command(ALICE, "holdem", "create", mode="tournament", run_it_twice=True)
    assert "Run it twice is for cash games" in h.ephemeral_text(token) and h.bot.service.in_channel(CHANNEL_ID) is None
    live = await three_playing(h, ALICE, BOB, CAROL, run_it_twice=True)
    await h.move(ALICE, "All-in")
    await h.move(BOB, "Call")
    await h.move(CAROL, "Fold")
    await h.move(ALICE, "Run it twice")
    live.row.deadline = 0.0  # Bob lets his clock run out
    await h.bot.service.tick()
    await h.settle()
    assert "Bob ran out of time." in live.log and "The board runs once" in live.log
    assert live.row.deal is None and [s.stack for s in live.row.seats] == [2010, 0, 990], "one board: Alice's"
    name, text = await exported(h, ALICE, live.id, 1)
    assert "_runout_counts = [1, 0, 2]" in text, "by PHH player: Bob (once, by the clock), Carol, Alice"
    await h.close()


async def test_omaha_hi_lo_runs_it_twice_with_a_computer_player_who_agrees(database: str) -> None:
    h = await Harness.start(database)
    h.bot.service.seeds = lambda _label: CALLED
    await h.command(ALICE, "omaha-hilo", "create", limit="no-limit", run_it_twice=True)
    await h.command(BOB, "omaha-hilo", "join")
    await h.command(ALICE, "omaha-hilo", "add-bot")
    await h.command(ALICE, "omaha-hilo", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    await h.move(ALICE, "All-in")
    await h.move(BOB, "Call")  # the computer player has acted by now: it called, all in
    assert live.table_seat_of(2).is_bot and live.engine.view(None)["seats"][2]["all_in"], "the computer called"
    assert live.engine.choosing_runouts() and live.engine.to_act() == (0, 1), "and agreed to run it twice at once"
    await h.move(BOB, "Run it twice")
    await h.move(ALICE, "Run it twice")
    assert "Every player still in agreed: the board runs twice" in live.log and live.row.deal is None
    assert live.engine.view(None)["winners"] == [
        "First board: Alice wins 750 (high) with Flush, Jack high",
        "First board: Ada (bot) wins 750 (low) with 6-5 low: 6-5-4-2-A",
        "Second board: Ada (bot) wins 1500 (high, no low qualifies) with Two pair, Aces and Queens"]
    assert sum(s.stack for s in live.row.seats) == 3000
    name, text = await exported(h, ALICE, live.id, 1)
    assert "_runout_counts = [2, 2, 2]" in text and replayed_stacks(text) == [[s.stack for s in live.row.seats]]
    await h.close()


def _button(message: dict[str, Any], label: str) -> dict[str, Any]:
    return next(c for r in message["components"] for c in r["components"] if c.get("label") == label)


def _forged(message: dict[str, Any], button: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``message`` showing ``button`` (a move it does not offer), as a forged press would."""
    return message | {"components": [{"type": 1, "components": [button]}]}


def _stats_text(h: Harness, token: str) -> str:
    replies = [r for r in h.recorder.replies_to(token) if r.files]
    assert len(replies) == 1 and replies[0].ephemeral, h.ephemeral_text(token)
    return replies[0].text
