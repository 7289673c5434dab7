"""A tournament's end as players read it, through the real client: six players on two tables of four
seats, played to one winner. The final-table post names every player at the final table; the last
hand's table message shows its showdown before the channel hears the result; the result post's
picture is that last hand at its end; the announcement says who won and the prizes, with no players
left, no chip leaders and no buttons. The tables' messages name the tournament, its level and when
the next level comes."""
from __future__ import annotations

import asyncio
import re
from typing import Any

from tests.e2e.test_e2e_mtt import MEMBERS, MOD, _members_act, _started
from tests.support.discord_clock import CLOCK
from tests.support.harness import GUILD_ID
from tests.support.mtt_rig import check_chips


async def test_a_tournament_ends_with_its_winner_prizes_and_last_hand_said_once_in_order(tmp_path) -> None:
    h = await _started(str(tmp_path / "end.db"))
    await h.command(MOD, "tournament", "create", name="Friday", stack=1000, buy_in=100, seats=4, blinds="turbo",
                    minutes=2, prizes="65,35", late_levels=0, break_every=0, turn_seconds=30)
    (mtt,) = h.bot.service.mtts.in_guild(GUILD_ID)
    for member in MEMBERS[:2]:
        await h.press(member, f"cr:t:{mtt.id}:register")
    await h.command(MOD, "tournament", "add-bots", name="Friday", count=4)
    await h.command(MOD, "tournament", "start", name="Friday")
    first = mtt.live_tables()[0]
    await h.settle()
    text = h.table_message(first.row.channel_id)["content"]
    assert "Friday" in text and "Level 1: blinds 25/50" in text, text
    assert re.search(r"next level <t:\d+:R>", text), text
    drawn: list[dict[str, Any]] = []
    picture = h.bot.presenter.picture

    async def recorded(fn: Any, *args: Any, filename: str = "table.png") -> Any:
        if filename == "final-table.png":
            drawn.append(args[0])
        return await picture(fn, *args, filename=filename)

    h.bot.presenter.picture = recorded  # type: ignore[method-assign]
    update = h.bot.presenter.update

    async def slow(live: Any) -> None:  # a table's edit that waits its turn (the channel's rate limit)
        for _ in range(20):
            await asyncio.sleep(0)
        await update(live)

    h.bot.presenter.update = slow  # type: ignore[method-assign]
    last = first
    finalists: list[str] = []  # who was left when the final table was set: two may go out in one hand
    for _ in range(3000):
        CLOCK.advance(1)
        await h.bot.service.tick()
        await h.settle()
        if not finalists and any("final table of" in r.text for r in h.recorder.channel_requests(mtt.row.channel_id)):
            finalists = [e.name for e in mtt.alive()]
        await _members_act(h, mtt)
        if mtt.row.status == "playing":
            check_chips(mtt)
            last = mtt.live_tables()[0]
        if mtt.row.status == "finished":
            break
    assert mtt.row.status == "finished", f"{len(mtt.alive())} players left"
    await h.settle()
    final_post = next(r for r in h.recorder.channel_requests(mtt.row.channel_id) if "final table of" in r.text)
    named = [e.name for e in mtt.entries.values() if (e.place or 0) <= len(finalists)]
    assert 2 <= len(finalists) <= 4 and sorted(named) == sorted(finalists), (finalists, named)
    assert all(name in final_post.text for name in finalists), (final_post.text, finalists)

    winner = next(e for e in mtt.entries.values() if e.place == 1)
    second = next(e for e in mtt.entries.values() if e.place == 2)
    announcement = h.recorder.messages[mtt.row.message_id]
    assert f"Won by {winner.name} · 6 players · prizes: 1st {winner.name} 390, 2nd {second.name} 210." \
        in announcement["content"], announcement["content"]
    assert "Players left" not in announcement["content"] and "chip leaders" not in announcement["content"]
    assert not announcement["components"], "no Register, Unregister, Pause or Resume once it is over"

    requests = h.recorder.requests
    result = next(i for i, r in enumerate(requests) if " is over. Won by " in r.text)
    assert requests[result].files and requests[result].files[0][0] == "final-table.png"
    ended = f"Hand #{last.row.hand_no} is over"
    shown_end = next(i for i, r in enumerate(requests) if ended in r.text and "table.png" in [f[0] for f in r.files])
    assert shown_end < result, "the last hand's end is shown at its table before the result is posted"
    assert drawn == [last.public_view()], "the result's picture is the last hand at its end"
    assert drawn[0]["winners"] and drawn[0]["board"], "with its board and who won"
