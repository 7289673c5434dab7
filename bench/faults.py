"""Runs Discord's faults against the bot through the loopback Discord and prints the fault table.

    python bench/faults.py [--out docs/reliability.md]

Each fault gets a fresh bot, database and loopback server (tests/support/loopback_discord.py: discord.py's
real HTTP client, Discord's rate-limit headers and error codes). Alice and Bob sit at hold'em with
1,000 chips each and a raise in the pot; the fault is injected and the table's next update (a
press, a gateway event) meets it. Measured per fault: what became of the table, the requests the
bot made to the table's channel afterwards and what Discord answered, whether the host was told,
and Alice's and Bob's chips (wallets + at the table) before and after. The burst and the 429 storm
also measure how fast every press was answered.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Awaitable, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.adapter.traffic.press_token import TOKEN_LIFETIME  # noqa: E402
from bot.adapter.table.text import table_text  # noqa: E402
from tests.support.discord_clock import CLOCK  # noqa: E402
from tests.support.harness import CHANNEL_ID, GUILD_ID, MEMBER_PERMISSIONS, OPEN, Place, User  # noqa: E402
from tests.support.loopback_discord import Fault, LoopbackDiscord, Served  # noqa: E402
from tests.support.loopback_harness import LoopbackHarness  # noqa: E402

ALICE, BOB = User(1, "Alice"), User(2, "Bob")
THREAD_ID = 940000000000000001
PLAYERS = (ALICE, BOB)


@dataclass
class Row:
    fault: str
    did: str
    chips_before: str = ""
    chips_after: str = ""


async def chips(h: LoopbackHarness) -> str:
    wallets = sum([await h.bot.storage.balance(GUILD_ID, u.id) for u in PLAYERS])
    table = sum(s.stack for live in h.bot.service.tables.values() for s in live.row.seats if not s.is_bot)
    return f"{wallets:,} in wallets + {table:,} at the table"


def outcome(h: LoopbackHarness, table_id: int) -> str:
    live = h.bot.service.tables.get(table_id)
    if live is None:
        return "table closed, deal called off"
    return f"table paused ({live.paused.why})" if live.paused else "table goes on"


def requests_since(h: LoopbackHarness, start: int, channel_id: int = CHANNEL_ID) -> str:
    """The requests about the table's channel (and the bot's probes) after ``start``, with answers."""
    names = {("PATCH", "messages.edit"): "edit", ("POST", "messages.send"): "post",
             ("GET", "channel.read"): "get channel", ("PATCH", "channel.read"): "unarchive",
             ("GET", "guild.read"): "get server"}
    seen = [f"{names[s.request.method, s.bucket]} {s.status or 'unanswered'}" for s in h.server.served[start:]
            if (s.request.method, s.bucket) in names
            and (f"/channels/{channel_id}" in s.request.path or s.bucket == "guild.read")]
    return f"{len(seen)} request{'s' * (len(seen) != 1)}" + (f" ({', '.join(seen)})" if seen else "")


def host_told(h: LoopbackHarness, start: int) -> str:
    dms = [s for s in h.server.served[start:] if s.bucket == "messages.send" and "is paused" in s.request.text
           or s.bucket == "messages.send" and "is closed" in s.request.text]
    return "; host told by DM" if dms else ""


async def press_call(h: LoopbackHarness, permissions: int = MEMBER_PERMISSIONS, channel_id: int = CHANNEL_ID) -> str:
    live = h.bot.service.in_channel(channel_id)
    user = next(u for u in PLAYERS if live.deal_seat(u.id) in live.engine.to_act())
    kinds = {s.kind for s in live.engine.legal_actions(live.deal_seat(user.id))}
    custom_id = f"cr:a:{live.id}:{live.row.hand_no}:{live.row.step}:{'check' if 'check' in kinds else 'call'}"
    token, payload = h._base(user, 3, {"custom_id": custom_id, "component_type": 2}, Place(GUILD_ID, channel_id))
    payload |= {"message": h.showing(custom_id, channel_id), "app_permissions": str(permissions)}
    await h._dispatch(payload)
    return token


async def standard(h: LoopbackHarness, name: str, inject: Callable[[LoopbackHarness], Awaitable[None] | None],
                   trigger: Callable[[LoopbackHarness], Awaitable[object]], channel_id: int = CHANNEL_ID) -> Row:
    """A raised hand in ``channel_id``; ``inject`` the fault, ``trigger`` the next update; measure."""
    await h.raised_hand(ALICE, BOB, Place(GUILD_ID, channel_id))
    live = h.bot.service.in_channel(channel_id)
    before = await chips(h)
    start = len(h.server.served)
    maybe = inject(h)
    if maybe is not None:
        await maybe
    await trigger(h)
    await h.settle(30)
    did = f"{outcome(h, live.id)}; {requests_since(h, start, channel_id)}{host_told(h, start)}"
    if live.id in h.bot.service.tables and live.paused is None:
        h.server.clear_faults()
        start = len(h.server.served)
        await h.update(live)
        did += f"; the next update: {requests_since(h, start, channel_id)}"
    return Row(name, did, before, await chips(h))


async def update(h: LoopbackHarness) -> None:
    """The table's next update not caused by a press (a timer's) meets the fault: no press is fresh
    any more (a press's token would carry the update past a channel's fault), so it takes the
    channel route."""
    CLOCK.advance(TOKEN_LIFETIME)
    for live in list(h.bot.service.tables.values()):
        await h.update(live)


async def burst(h: LoopbackHarness) -> Row:
    """20 presses in about a second, Discord's 5 edits / 5 s per channel."""
    await h.raised_hand(ALICE, BOB)
    live = h.bot.service.in_channel(CHANNEL_ID)
    before = await chips(h)
    dropped = h.bot.presenter.stale_dropped
    start, began = len(h.server.served), time.monotonic()
    pressed: dict[str, float] = {}
    for _ in range(20):
        if live.row.deal is None:
            asyncio.create_task(h.bot.service.tick())
            while live.row.deal is None or live.lock.locked():
                await asyncio.sleep(0.005)
        where = (live.row.hand_no, live.row.step)
        pressed[await press_call_now(h)] = time.monotonic()
        while (live.row.hand_no, live.row.step) == where or live.lock.locked():
            await asyncio.sleep(0.005)
        await asyncio.sleep(0.05)
    presses = time.monotonic() - began
    await h.settle(30)
    writes = table_writes(h, start)
    shown = max(s.at for s in writes if 200 <= s.status < 300) - began
    channel = sum(s.bucket == "messages.edit" for s in writes)
    slowest = max(answer_at(h, t) - at for t, at in pressed.items())
    final = "final state shown" if h.table_message()["content"] == table_text(live) else "final state NOT shown"
    return Row(f"burst: 20 presses in {presses:.1f} s (5 edits / 5 s per channel)",
               f"{len(writes)} table writes ({len(writes) - channel} through the presses' own interactions, "
               f"{channel} channel edits; {sum(s.status == 429 for s in writes)} answered 429, "
               f"{h.bot.presenter.stale_dropped - dropped} stale pictures dropped unsent), {final} "
               f"{shown:.1f} s after the first press; slowest press answered in {slowest * 1000:.0f} ms",
               before, await chips(h))


def table_writes(h: LoopbackHarness, start: int) -> list[Served]:
    """The requests since ``start`` that wrote the table message: a press answered with the new table
    (an UPDATE_MESSAGE callback), an edit through a press's token, a channel edit."""
    writes = []
    for s in h.server.served[start:]:
        parts = s.request.path.strip("/").split("/")
        if s.bucket == "messages.edit" or (parts[0] == "interactions" and (s.request.json or {}).get("type") == 7) \
                or (parts[0] == "webhooks" and s.request.method == "PATCH" and parts[-1] == "@original"):
            writes.append(s)
    return writes


async def press_call_now(h: LoopbackHarness) -> str:
    """Dispatch a press without waiting for the bot to finish with it."""
    live = h.bot.service.in_channel(CHANNEL_ID)
    user = next(u for u in PLAYERS if live.deal_seat(u.id) in live.engine.to_act())
    kinds = {s.kind for s in live.engine.legal_actions(live.deal_seat(user.id))}
    custom_id = f"cr:a:{live.id}:{live.row.hand_no}:{live.row.step}:{'check' if 'check' in kinds else 'call'}"
    token, payload = h._base(user, 3, {"custom_id": custom_id, "component_type": 2})
    payload["message"] = h.showing(custom_id)
    h.bot._connection.parse_interaction_create(payload)
    return token


def answer_at(h: LoopbackHarness, token: str) -> float:
    return next(s.at for s in h.server.served if s.request.path.endswith(f"/{token}/callback"))


async def storm(h: LoopbackHarness) -> Row:
    """Every edit of the table answered 429 (retry_after 0.4 s) for two seconds, by the channel route
    and through a press's token alike (a press's own answer, a callback, is not an edit)."""
    await h.raised_hand(ALICE, BOB)
    live = h.bot.service.in_channel(CHANNEL_ID)
    before = await chips(h)
    start = len(h.server.served)
    fault = h.server.inject(Fault(r"/(channels/\d+/messages/\d+|webhooks/\d+/[^/]+/messages/@original)$", 429,
                                  method="PATCH", retry_after=0.4))
    asyncio.get_running_loop().call_later(2.0, h.server.clear_faults)
    pressed: dict[str, float] = {}
    for _ in range(6):
        if live.row.deal is None:
            break
        where = (live.row.hand_no, live.row.step)
        pressed[await press_call_now(h)] = time.monotonic()
        while (live.row.hand_no, live.row.step) == where or live.lock.locked():
            await asyncio.sleep(0.005)
        await asyncio.sleep(0.2)
    await h.settle(30)
    slowest = max(answer_at(h, t) - at for t, at in pressed.items())
    final = "final state shown" if h.table_message()["content"] == table_text(live) else "final state NOT shown"
    return Row("429 storm: every table edit answered 429 for 2 s, 6 presses",
               f"{fault.hits} edit attempts answered 429"
               + (", each retry_after waited out by discord.py" if fault.hits else
                  " (each press was answered with the new table itself, an interaction callback, not an edit)")
               + f"; {landed(h, start)} landed; {final}; slowest press answered in {slowest * 1000:.0f} ms",
               before, await chips(h))


def landed(h: LoopbackHarness, start: int) -> str:
    count = sum(200 <= s.status < 300 for s in table_writes(h, start))
    return f"{count} table write{'s' * (count != 1)}"


def at_channel(code: int) -> Callable[[LoopbackHarness], None]:
    return lambda h: h.server.denied.__setitem__(CHANNEL_ID, code)


async def lost_send(h: LoopbackHarness) -> Row:
    row = await standard(h, "403 50013 Missing Permissions (Send Messages removed)", at_channel(50013), update)
    live = next(iter(h.bot.service.tables.values()))
    step = live.row.step
    h.bot.service.clock = (lambda clock: lambda: clock() + 3600)(h.bot.service.clock)
    timed_out = await h.bot.service.tick()
    refused = await press_call(h, 1 << 10)
    del h.server.denied[CHANNEL_ID]
    await press_call(h)
    row.did += (f"; an hour later {timed_out} turns timed out; a press without Send Messages got "
                f"{'a private refusal' if 'paused' in h.ephemeral_text(refused) else 'no refusal'}; "
                f"permission back: the next press {'resumed the table' if live.paused is None and live.row.step > step else 'did NOT resume it'}")
    row.chips_after = await chips(h)
    return row


async def hidden(h: LoopbackHarness) -> Row:
    await h.join_guild()
    row = await standard(h, "403 50001 Missing Access (channel hidden from the bot, server still there)",
                         at_channel(50001), update)
    live = next(iter(h.bot.service.tables.values()))
    del h.server.denied[CHANNEL_ID]
    await h.gateway("CHANNEL_UPDATE", h.channel(permission_overwrites=[]))
    row.did += f"; CHANNEL_UPDATE giving access back: {'resumed, shown again' if live.paused is None else 'still paused'}"
    return row


def removed(h: LoopbackHarness) -> None:
    h.server.left_guilds.add(GUILD_ID)


async def thread_table(h: LoopbackHarness, name: str, inject: Callable[[LoopbackHarness], object],
                       trigger: Callable[[LoopbackHarness], Awaitable[object]]) -> Row:
    await h.join_guild(threads=(THREAD_ID,))
    return await standard(h, name, inject, trigger, THREAD_ID)  # type: ignore[arg-type]


def archived_thread(locked: bool) -> Callable[[LoopbackHarness], Awaitable[None]]:
    async def trigger(h: LoopbackHarness) -> None:
        h.server.archived_threads.add(THREAD_ID)
        if locked:
            h.server.denied[THREAD_ID] = 50013
        payload = h.channel(THREAD_ID, parent_id=str(CHANNEL_ID))
        payload["thread_metadata"] |= {"archived": True, "locked": locked}
        await h.gateway("THREAD_UPDATE", payload)
    return trigger


async def gateway(h: LoopbackHarness, event: str, data: dict[str, object]) -> None:
    await h.gateway(event, data)


SCENARIOS: list[tuple[str, Callable[[LoopbackHarness], Awaitable[Row]]]] = [
    ("burst", burst),
    ("storm", storm),
    ("502", lambda h: standard(h, "502 once on an edit", lambda h: h.server.inject(
        Fault(r"/messages/\d+$", 502, method="PATCH", times=1)) and None, update)),
    ("503", lambda h: standard(h, "503 on an edit", lambda h: h.server.inject(
        Fault(r"/messages/\d+$", 503, method="PATCH", times=1)) and None, update)),
    ("hang", lambda h: standard(h, "an edit hangs 6 s (the bot gives a request 2 s)", lambda h: h.server.inject(
        Fault(r"/messages/\d+$", 0, method="PATCH", times=1, hang=6)) and None, update)),
    ("10008", lambda h: standard(h, "404 10008 Unknown Message (table message deleted)", lambda h: h.server.messages.pop(
        h.bot.service.in_channel(CHANNEL_ID).row.message_id) and None, update)),
    ("10003", lambda h: standard(h, "404 10003 Unknown Channel (channel deleted, seen on the next edit)",
                                 lambda h: h.server.deleted_channels.add(CHANNEL_ID), update)),
    ("CHANNEL_DELETE", lambda h: channel_delete(h)),
    ("THREAD_DELETE", lambda h: thread_table(h, "THREAD_DELETE event (table in a thread)", lambda h: None,
                                             lambda h: gateway(h, "THREAD_DELETE", {
                                                 "id": str(THREAD_ID), "guild_id": str(GUILD_ID),
                                                 "parent_id": str(CHANNEL_ID), "type": 11}))),
    ("GUILD_DELETE", lambda h: guild_delete(h, unavailable=False)),
    ("outage", lambda h: guild_delete(h, unavailable=True)),
    ("50001 removed", lambda h: standard(h, "403 50001 Missing Access (bot removed from the server, seen on an edit)",
                                         removed, update)),
    ("50001 hidden", hidden),
    ("50013", lost_send),
    ("archived", lambda h: thread_table(h, "thread archived (THREAD_UPDATE)", lambda h: None, archived_thread(False))),
    ("archived locked", lambda h: thread_table(h, "thread archived and locked (the bot may not unarchive)",
                                               lambda h: None, archived_thread(True))),
]


async def channel_delete(h: LoopbackHarness) -> Row:
    await h.join_guild()
    return await standard(h, "CHANNEL_DELETE event", lambda h: None,
                          lambda h: gateway(h, "CHANNEL_DELETE", h.channel()))


async def guild_delete(h: LoopbackHarness, unavailable: bool) -> Row:
    await h.join_guild()
    data: dict[str, object] = {"id": str(GUILD_ID)} | ({"unavailable": True} if unavailable else {})
    name = "GUILD_DELETE, unavailable (an outage)" if unavailable else "GUILD_DELETE (bot removed from the server)"
    return await standard(h, name, lambda h: None, lambda h: gateway(h, "GUILD_DELETE", data))


async def run(name: str, scenario: Callable[[LoopbackHarness], Awaitable[Row]], folder: str) -> Row:
    server = LoopbackDiscord()
    server.start()
    h = await LoopbackHarness.start(str(Path(folder) / f"{len(OPEN)}-{abs(hash(name))}.db"), server)
    if name == "hang":
        h.bot.presenter.request_timeout = 2.0
    try:
        return await scenario(h)
    finally:
        await h.close()
        server.stop()


def table(rows: list[Row]) -> str:
    lines = ["| fault | what the bot did (measured) | Alice's and Bob's chips before | after |", "|---|---|---|---|"]
    lines += [f"| {r.fault} | {r.did} | {r.chips_before} | {r.chips_after} |" for r in rows]
    return "\n".join(lines)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="also write the table into this Markdown file, between its fault-table markers")
    args = parser.parse_args()
    logging.basicConfig(level=logging.CRITICAL)
    with tempfile.TemporaryDirectory() as folder:
        rows = [await run(name, scenario, folder) for name, scenario in SCENARIOS]
    text = table(rows)
    print(text)
    if args.out:
        path = Path(args.out)
        doc = path.read_text(encoding="utf-8")
        begin, end = "<!-- fault table: bench/faults.py -->", "<!-- end of fault table -->"
        head, rest = doc.split(begin)
        path.write_text(f"{head}{begin}\n{text}\n{end}{rest.split(end)[1]}", encoding="utf-8")


if __name__ == "__main__":
    asyncio.run(main())
