"""The bot's own pacing of the requests Discord counts against the token's 50 a second."""
from __future__ import annotations

import asyncio

import aiohttp
import pytest
from multidict import CIMultiDict
from yarl import URL

from bot.adapter.traffic.global_pace import GLOBAL_PER_SECOND, NEEDED, REPLACEABLE, GlobalPace, priority, share, traced
from tests.support.discord_clock import ManualClock
from tests.support.waiting import until


def test_a_process_alone_takes_the_whole_limit_and_a_cluster_its_shards_part() -> None:
    assert share(None, None) == GLOBAL_PER_SECOND == 50
    assert share((0, 1), 8) == 12.5
    assert share((0, 1, 2, 3), 4) == 50
    with pytest.raises(ValueError):
        GlobalPace(0)


def test_only_a_message_edit_is_replaceable() -> None:
    assert priority("PATCH", "/channels/1/messages/2") == REPLACEABLE
    assert priority("POST", "/channels/1/messages") == NEEDED  # a DM, a table's first post
    assert priority("DELETE", "/channels/1/messages/2") == NEEDED
    assert priority("POST", "/users/@me/channels") == NEEDED


async def test_a_request_with_the_bot_token_takes_a_slot_as_it_is_sent_by_its_rank() -> None:
    """discord.py's HTTP trace: a table edit waits as replaceable (read from the URL: discord.py's route
    template has no ids), a post as needed, and an interaction answer (no token) takes no slot."""
    ranks: list[int] = []

    class Recording(GlobalPace):
        async def take(self, rank: int = NEEDED) -> None:
            ranks.append(rank)

    trace = traced(Recording(50))
    api = "https://discord.com/api/v10"
    for method, path, headers in (("PATCH", "/channels/1/messages/2", {"Authorization": "Bot x"}),
                                  ("POST", "/channels/1/messages", {"Authorization": "Bot x"}),
                                  ("POST", "/interactions/3/tok/callback", {})):
        params = aiohttp.TraceRequestStartParams(method, URL(api + path), CIMultiDict(headers))
        for handler in trace.on_request_start:
            await handler(None, None, params)  # type: ignore[arg-type]
    assert ranks == [REPLACEABLE, NEEDED]


async def test_a_windows_worth_goes_at_once_and_the_rest_when_the_first_grants_age_out() -> None:
    """Counted on a clock the test moves (a slow machine neither spreads nor delays the grants)."""
    clock = ManualClock()
    pace = GlobalPace(20, clock)
    for _ in range(20):
        await pace.take()
    assert pace.waited == 0, "a second's worth goes at once"
    rest = [asyncio.ensure_future(pace.take()) for _ in range(5)]
    await until(lambda: pace.waited == 5)
    clock.advance(GlobalPace.WINDOW - 0.01)
    await asyncio.sleep(0)
    assert not any(r.done() for r in rest), "no more in any window"
    clock.advance(0.01)
    await until(lambda: all(r.done() for r in rest))
    assert pace.waited == 5 and clock.time() == GlobalPace.WINDOW


async def test_the_pace_counts_on_the_event_loops_clock_by_default() -> None:
    """With no clock given, a window is the running loop's: the sixth of five a window goes a window
    after the first (a slow machine makes it later, never sooner)."""
    pace = GlobalPace(5)
    loop = asyncio.get_running_loop()
    started = loop.time()
    for _ in range(6):
        await pace.take()
    assert pace.waited == 1 and loop.time() - started >= GlobalPace.WINDOW


async def _granted(pace: GlobalPace, clock: ManualClock, *requests: tuple[str, int]) -> list[str]:
    """The names of ``requests`` (name, rank), asked at once of a full window, in the order the pace
    granted them once the window passed on ``clock``."""
    order: list[str] = []

    async def take(name: str, rank: int) -> None:
        await pace.take(rank)
        order.append(name)

    waited = pace.waited
    asked = asyncio.gather(*(take(name, rank) for name, rank in requests))
    await until(lambda: pace.waited == waited + len(requests))
    clock.advance(GlobalPace.WINDOW)
    await asked
    return order


async def _full(per_window: int) -> tuple[GlobalPace, ManualClock]:
    """A pace of ``per_window`` a window on a clock the test moves, its window taken."""
    clock = ManualClock()
    pace = GlobalPace(per_window, clock)
    for _ in range(per_window):
        await pace.take()
    return pace, clock


async def test_a_replaceable_edit_waits_behind_what_is_needed() -> None:
    pace, clock = await _full(10)
    order = await _granted(pace, clock, ("table edit", REPLACEABLE), ("hand by DM", NEEDED), ("first post", NEEDED))
    assert order == ["hand by DM", "first post", "table edit"]


async def test_a_replaceable_edit_that_has_waited_long_enough_takes_its_turn_in_order() -> None:
    pace, clock = await _full(10)
    pace.PROMOTE_AFTER = GlobalPace.WINDOW  # the window's wait is long enough
    order = await _granted(pace, clock, ("table edit", REPLACEABLE), ("hand by DM", NEEDED))
    assert order == ["table edit", "hand by DM"]


async def test_a_cancelled_waiter_gives_its_place_to_the_next() -> None:
    pace, clock = await _full(10)
    gone = asyncio.ensure_future(pace.take())
    await asyncio.sleep(0)
    gone.cancel()
    after = asyncio.ensure_future(pace.take())
    await until(lambda: pace.waited == 2)
    clock.advance(GlobalPace.WINDOW)
    await until(after.done)  # granted in the cancelled one's stead, not stuck
    assert gone.cancelled() and after.result() is None
