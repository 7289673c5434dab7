"""Privacy over random tables: random seatings with gaps, random deals, random play, every game.

Seats are drawn as people playing, computer players, people sitting out, people with no chips left
(poker games), people who left the lobby (the seats behind them move up) and people who announce
they are leaving once the deal has begun (they stay dealt in and are played for). So engine seats
and table seats are numbered differently. Every payload the bot sends is read by the harness's
privacy check (``tests/support/privacy.py``) as it is sent; besides, each player's "My hand" reply is read
here: it must show some of that player's own hidden cards (when they hold any; a Saint
arrangement set aside is theirs yet not "the hand") and no other hidden card. At the end the last
finished deal is replayed by one of them and by someone who did not play (a step, and a random
button: maybe the animation), each frame and message checked against the stored deal.

Examples are bounded (a few per game, no deadline) to keep the suite's time small; raise
``PRIVACY_EXAMPLES`` to look harder locally.
"""
from __future__ import annotations

from bot.service.table.press import Press
import asyncio
import copy
import os
import random
import tempfile

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from bot.games.base import Action
from bot.registry import game, game_names
from tests.support.harness import CHANNEL_ID, Harness, User
from tests.support.privacy import text_cards, view_cards

EXAMPLES = int(os.environ.get("PRIVACY_EXAMPLES", "5"))
PLAYS, BOT, SITS_OUT, BUSTED, LEFT, LEAVING = "plays", "bot", "sits out", "busted", "left", "leaving"
DEALT_IN = (PLAYS, BOT, LEAVING)


@st.composite
def seatings(draw: st.DrawFn, name: str) -> list[str]:
    """Who sits where, in joining order; the first is the host, seated, often a gap itself. At
    least one person is dealt in (a deal of computers alone is over before anyone looks)."""
    spec = game(name)
    most = spec.max_seats(spec.default_settings)  # a mixed table: the fewest its games seat
    gaps = [SITS_OUT] + ([BUSTED] if spec.chips else [])
    seats = [draw(st.sampled_from(gaps + [PLAYS, LEAVING]))]
    seats += draw(st.lists(st.sampled_from(gaps + [PLAYS, BOT, LEFT, LEAVING]), max_size=most))
    del seats[most:]
    while sum(k in DEALT_IN for k in seats) < spec.min_players:  # fill up with computer players
        gaps_after_host = [i for i, k in enumerate(seats) if i and k not in DEALT_IN]
        if len(seats) < most:
            seats.append(BOT)
        elif gaps_after_host:
            seats[gaps_after_host[-1]] = BOT
        else:
            seats[0] = PLAYS
    assume(any(k in (PLAYS, LEAVING) for k in seats))
    return seats


async def _sit_out(h: Harness, user: User, table_id: int) -> None:
    """Press "Sit out" in the lobby (a button of the table, shown on this message as an earlier one)."""
    message = copy.deepcopy(h.table_message())
    custom_id = f"cr:u:{table_id}:sitout"
    message["components"] = [{"type": 1, "components": [
        {"type": 2, "custom_id": custom_id, "label": "Sit out", "style": 2}]}]
    await h.press(user, custom_id, message)


async def _seat_everyone(h: Harness, name: str, seats: list[str]) -> dict[int, User]:
    """Open the table and seat ``seats`` in turn; returns the people (by user id), also those who left."""
    people: dict[int, User] = {}
    for index, kind in enumerate(seats):
        if kind == BOT:
            await h.command(next(iter(people.values())), name, "add-bot")
            continue
        user = User(6100 + index, f"P{index}")
        token = await h.command(user, name, "create" if index == 0 else "join")
        live = h.bot.service.in_channel(CHANNEL_ID)
        assert live.seat_index(user.id) is not None, h.ephemeral_text(token)
        people[user.id] = user
        if kind == SITS_OUT:
            await _sit_out(h, user, live.id)
            assert live.row.seats[live.seat_index(user.id)].sitting_out
        elif kind == BUSTED:  # as if its stack was lost in an earlier deal
            live.row.seats[live.seat_index(user.id)].stack = 0
        elif kind == LEFT:  # the seats behind move up
            assert "You left" in h.ephemeral_text(await h.command(user, name, "leave"))
    return people


async def _check_my_hand(h: Harness, people: dict[int, User]) -> None:
    """Every seated person presses My hand: their own hidden cards, and no one else's."""
    live = h.bot.service.in_channel(CHANNEL_ID)
    if live is None or live.engine is None or live.row.deal is None:
        return
    public = view_cards(live.engine.view(None))
    my_hand = f"cr:u:{live.id}:hand"  # on a copy of the table message, which may no longer carry it
    message = copy.deepcopy(h.table_message())
    message["components"] = [{"type": 1, "components": [{"type": 2, "custom_id": my_hand, "label": "My hand", "style": 2}]}]
    for user_id, user in people.items():
        if live.seat_index(user_id) is None:
            continue
        reply = h.ephemeral_text(await h.press(user, my_hand, message))
        deal_seat = live.deal_seat(user_id)
        own = view_cards(live.engine.view(deal_seat)) if deal_seat is not None else set()
        assert text_cards(reply) <= own | public, f"{user.name} is shown cards not theirs: {reply}"
        assert text_cards(reply) & own - public or not own - public, f"{user.name} is shown no hidden card: {reply}"


async def _play(h: Harness, people: dict[int, User], rng: random.Random, moves: int) -> None:
    """``moves`` random moves: a person's choice, a timeout, or the next deal when one is over."""
    service = h.bot.service
    for _ in range(moves):
        live = service.in_channel(CHANNEL_ID)
        if live is None or live.row.status != "playing":
            return
        if live.row.deal is None or rng.random() < 0.2:
            live.row.deadline = 0  # the next deal starts, or the player to act runs out of time
            await service.tick()
        else:
            seat = rng.choice(live.engine.to_act())
            user_id = live.table_seat_of(seat).user_id
            legal = live.engine.legal_actions(seat)
            action: Action = live.spec.choose(live.engine.view(seat), legal, rng)
            await service.tables[live.id].commands.act(Press(user_id, live.row.hand_no, live.row.step, action))
        await h.settle()
        if rng.random() < 0.3:
            await _check_my_hand(h, people)


async def _check_replays(h: Harness, people: dict[int, User], table_id: int, rng: random.Random) -> None:
    """The last finished deal, replayed by one who sat at the table and by someone who did not: the
    first step, then a random button (every frame and message goes through the privacy check)."""
    finished = [n for n in range(1, 30) if await h.bot.storage.hand_record(table_id, n) is not None]
    if not finished:
        return
    for user in [rng.choice(list(people.values())), User(6999, "Watcher")]:
        token = await h.command(user, "replay", table=table_id, hand=finished[-1])
        message = h.recorder.shown(token)
        buttons = [c for r in message.get("components", []) for c in r["components"] if not c.get("disabled")]
        assert buttons, h.ephemeral_text(token)
        await h.press(user, rng.choice(buttons)["custom_id"], message)


async def _first_deal_seats(h: Harness, table_id: int) -> list[int]:
    """The table seats dealt into deal #1: from the deal in progress, or from its stored record when
    a computer player's first move (a fold) has already ended it."""
    live = h.bot.service.in_channel(CHANNEL_ID)
    if live is not None and live.row.deal is not None and live.row.hand_no == 1:
        return live.dealt()
    record = await h.bot.service.storage.hand_record(table_id, 1)
    assert record is not None, "deal #1 was neither in progress nor recorded"
    return list(record.record["seats"])


async def _scenario(name: str, seats: list[str], seed: int, moves: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        h = await Harness.start(os.path.join(folder, "p.db"))
        try:
            h.bot.service.seeds = lambda _label: f"{seed:064x}"
            people = await _seat_everyone(h, name, seats)
            live = h.bot.service.in_channel(CHANNEL_ID)
            await h.command(next(iter(people.values())), name, "start")
            seated = [k for k in seats if k != LEFT]
            assert await _first_deal_seats(h, live.id) == [i for i, k in enumerate(seated) if k in DEALT_IN], \
                "the gaps are not dealt in"
            for user_id, kind in zip(people, [k for k in seats if k != BOT]):
                if kind == LEAVING:
                    await h.command(people[user_id], name, "leave")
            await _check_my_hand(h, people)
            await _play(h, people, random.Random(seed), moves)
            await _check_my_hand(h, people)
            await _check_replays(h, people, live.id, random.Random(seed))
            assert h.privacy.findings == [], "\n".join(h.privacy.findings)
        finally:
            await h.close()


@pytest.mark.parametrize("name", game_names())
@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), seed=st.integers(0, 2**256 - 1), moves=st.integers(0, 12))
def test_every_dm_and_private_reply_holds_only_its_recipients_cards(name: str, data: st.DataObject,
                                                                      seed: int, moves: int) -> None:
    seats = data.draw(seatings(name), label="seats")
    with asyncio.Runner(loop_factory=asyncio.new_event_loop) as runner:  # a loop of its own per example
        runner.run(_scenario(name, seats, seed, moves))


def test_a_replay_of_the_deal_the_table_still_shows_is_judged_against_the_stored_deal() -> None:
    """Both members leave, the computer players finish deal #3 and it is replayed while the table
    still shows its last step: the check must rebuild that deal, not take the picture for the live one."""
    with asyncio.Runner(loop_factory=asyncio.new_event_loop) as runner:
        runner.run(_scenario("holdem", [LEAVING, LEAVING, BOT, BOT], 233, 2))
