"""Hours of play against the loopback Discord stay far below Discord's invalid-request limit: an IP
that makes 10,000 invalid requests (401, 403, 429 but shared-scope ones) in 10 minutes is restricted
for 10 minutes ("Invalid Request Limit" in Discord's Rate Limits documentation), every bot on it
together. A bot must not loop on a refusal: a member's closed DMs, a lost permission, a 429."""
from __future__ import annotations

from typing import Any

from tests.support.discord_clock import CLOCK
from tests.support.harness import CHANNEL_ID, GUILD_ID, Place, User
from tests.support.loopback_harness import LoopbackHarness
from tests.support.loopback_ratelimits import INVALID_LIMIT

PLAYERS = [(User(5501 + 2 * i, f"Ann{i}"), User(5502 + 2 * i, f"Ben{i}")) for i in range(3)]
PLACES = [Place(GUILD_ID, CHANNEL_ID + 100 * i) for i in range(3)]
HOURS = 2.0
SECONDS_A_ROUND = 60.0
"""Simulated seconds between one round of presses (one at every table) and the next."""


async def _open(h: LoopbackHarness, host: User, guest: User, at: Place) -> None:
    await h.command(host, "holdem", "create", at=at)
    await h.command(guest, "holdem", "join", at=at)
    await h.command(host, "holdem", "start", at=at)


async def _panel(h: LoopbackHarness, user: User, at: Place) -> dict[str, Any]:
    """The member presses My seat on the table message at ``at`` (delivered in time): their seat panel."""
    table = h.table_message(at.channel_id)
    seat = next(c for r in table["components"] for c in r["components"] if c["custom_id"].startswith("cr:seat:"))
    delivery, h.delivery = h.delivery, 0.0
    try:
        return h.recorder.shown(await h.press(user, seat["custom_id"], table, at=at))
    finally:
        h.delivery = delivery


async def _move(h: LoopbackHarness, players: tuple[User, User], at: Place, panels: dict[int, dict[str, Any]]) -> None:
    """The player to act at ``at`` checks or calls on their seat panel (opened again with My seat when
    it no longer shows the move: its token too old for the bot to edit it); between deals, the next
    deal starts."""
    live = h.bot.service.in_channel(at.channel_id)
    if live.row.deal is None:
        await h.bot.service.tick()
        await h.settle()
        return
    seat = live.engine.to_act()[0]
    user = next(u for u in players if live.deal_seat(u.id) == seat)
    kinds = {s.kind for s in live.engine.legal_actions(seat)}
    custom_id = f"cr:a:{live.id}:{live.row.hand_no}:{live.row.step}:{'check' if 'check' in kinds else 'call'}"
    panel = h.recorder.messages.get(int(panels[user.id]["id"])) if user.id in panels else None
    if panel is None or f"{custom_id}" not in str(panel["components"]):
        panel = panels[user.id] = await _panel(h, user, at)
    pressed = next(c["custom_id"] for r in panel["components"] for c in r["components"]
                   if c["custom_id"] == custom_id or c["custom_id"].startswith(f"{custom_id}:"))  # a call's amount
    await h.press(user, pressed, panel, at=at)


async def test_hours_of_play_stay_far_below_discords_invalid_request_limit(loopback) -> None:
    """Three tables for two simulated hours, a press at each every minute (one in 25 delivered past its
    3 seconds), one member's DMs closed: the invalid requests of any 10 minutes are counted. (A run:
    45 deals, 360 presses, 37 roll-overs, at most 4 invalid requests in any 10 minutes, one 403 for the
    closed DMs.)"""
    h = loopback
    h.server.closed_dms.add(PLAYERS[0][1].id)
    for players, at in zip(PLAYERS, PLACES):
        await _open(h, *players, at)
    start = CLOCK.now()
    panels: dict[int, dict[str, Any]] = {}
    for rounds in range(int(HOURS * 3600 / SECONDS_A_ROUND)):  # counted, so other clock moves can't cut it short
        for players, at in zip(PLAYERS, PLACES):
            with h.late(3.5 if rounds % 25 == 0 and at == PLACES[0] else 0.0):
                await _move(h, players, at, panels)
        CLOCK.advance(SECONDS_A_ROUND)
    hands = sum(h.bot.service.in_channel(at.channel_id).row.hand_no for at in PLACES)
    assert h.bot.presenter.messages.roll_overs >= 3, "each table's message posted afresh before the hour"
    assert CLOCK.now() - start >= HOURS * 3600 and hands >= 3 * 10, "hours of play, deal after deal"
    assert h.server.invalid.peak() <= INVALID_LIMIT // 1000, h.server.invalid.at
    assert h.server.count("POST", "messages.send", 403) <= 1, "a closed DM is tried once, not every hand"
