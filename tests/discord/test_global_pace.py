"""The bot's own pacing of the requests Discord counts against the token's 50 a second."""
from __future__ import annotations

import asyncio

import aiohttp
import pytest
from multidict import CIMultiDict
from yarl import URL

from bot.adapter.global_pace import GLOBAL_PER_SECOND, NEEDED, REPLACEABLE, GlobalPace, priority, share, traced


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
    pace = GlobalPace(20)
    loop = asyncio.get_running_loop()
    started = loop.time()
    for _ in range(20):
        await pace.take()
    assert pace.waited == 0 and loop.time() - started < 0.05, "a second's worth goes at once"
    await asyncio.gather(*(pace.take() for _ in range(5)))
    assert pace.waited == 5 and loop.time() - started >= GlobalPace.WINDOW * 0.99, "no more in any window"


async def _granted(pace: GlobalPace, *requests: tuple[str, int]) -> list[str]:
    """The names of ``requests`` (name, rank), asked at once, in the order the pace granted them."""
    order: list[str] = []

    async def take(name: str, rank: int) -> None:
        await pace.take(rank)
        order.append(name)

    await asyncio.gather(*(take(name, rank) for name, rank in requests))
    return order


async def test_a_replaceable_edit_waits_behind_what_is_needed() -> None:
    pace = GlobalPace(10)
    for _ in range(10):
        await pace.take()
    order = await _granted(pace, ("table edit", REPLACEABLE), ("hand by DM", NEEDED), ("first post", NEEDED))
    assert order == ["hand by DM", "first post", "table edit"]


async def test_a_replaceable_edit_that_has_waited_long_enough_takes_its_turn_in_order() -> None:
    pace = GlobalPace(10)
    pace.PROMOTE_AFTER = 0.0  # every wait is long enough
    for _ in range(10):
        await pace.take()
    order = await _granted(pace, ("table edit", REPLACEABLE), ("hand by DM", NEEDED))
    assert order == ["table edit", "hand by DM"]


async def test_a_cancelled_waiter_gives_its_place_to_the_next() -> None:
    pace = GlobalPace(10)
    for _ in range(10):
        await pace.take()
    gone = asyncio.ensure_future(pace.take())
    await asyncio.sleep(0)
    gone.cancel()
    await asyncio.wait_for(pace.take(), 2.0)  # granted in the cancelled one's stead, not stuck
    assert gone.cancelled()
