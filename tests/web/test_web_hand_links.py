"""A finished hand's web replay link, in the table message's own edit that shows the hand's result:
only while the server's page is on, opening that hand on the web process and nothing of another
server; an event's board only once the web would show it; for every game."""
from __future__ import annotations

import re

import pytest

from bot.games.base import Action
from bot.registry import game_names
from bot.service.table.press import Press
from bot.service.web_links import base_url
from tests.e2e.test_e2e_replay import finished_deal
from tests.support.bridge_seats import open_event_table, pass_board
from tests.support.harness import CHANNEL_ID, GUILD_ID, MEMBER_PERMISSIONS, OTHER_SERVER, Harness, Place, User
from tests.support.heads_up import open_heads_up, to_act
from tests.support.loopback_harness import LoopbackHarness
from tests.web.rig import web_client

ADMIN = User(5190, "Admin", MEMBER_PERMISSIONS | (1 << 5))  # Manage Server
ALICE, BOB = User(5201, "[on the web](<https://e.io>)"), User(5202, "||Bob`` **")  # names that try to pass for,
# or to wrap, the link: escaped, they read as typed
CAROL, DAN = User(5203, "Carol"), User(5204, "Dan")
LINK = re.compile(r"(?<!\\)\[on the web\]\(<([^>\s]+)>\)")


def links(content: str) -> list[str]:
    """The web replay links a table message's text carries (a masked link whose preview is off)."""
    return LINK.findall(content)


def path_of(link: str) -> str:
    assert link.startswith(base_url() + "/s/"), link
    return link[len(base_url()):]


async def _fold(h: LoopbackHarness, first: User, second: User) -> None:
    """The member to act folds on the table message: the deal is over."""
    live = h.bot.service.in_channel(CHANNEL_ID)
    custom_id = f"cr:a:{live.id}:{live.row.hand_no}:{live.row.step}:fold"
    await h.press(to_act(h, first, second), custom_id, {**h.table_message(), "components": [{"type": 1, "components": [
        {"type": 2, "style": 2, "label": "Fold", "custom_id": custom_id}]}]})
    assert live.row.deal is None


def _edits_since(h: LoopbackHarness, since: int) -> list[str]:
    """Every request served since ``since`` that shows a hand's result in a table message (an edit, or a
    press's answer that edits it), as its text."""
    return [s.request.text for s in h.server.served[since:] if re.search(r"Hand #\d+ is over", s.request.text)]


async def test_a_finished_hand_carries_its_web_replay_in_the_same_edit_while_the_page_is_on(loopback) -> None:
    h = loopback
    await open_heads_up(h, ALICE, BOB)
    live = h.bot.service.in_channel(CHANNEL_ID)
    before, counted = len(h.server.served), h.server.global_bound()
    await _fold(h, ALICE, BOB)
    off = h.server.global_bound() - counted
    assert _edits_since(h, before) and not any(links(text) for text in _edits_since(h, before)), "the page is off"
    assert f"`/replay {live.id} 1`" in h.table_message()["content"] and not links(h.table_message()["content"])

    assert "page is on" in h.ephemeral_text(await h.command(ADMIN, "web", "enable"))
    await h.bot.service.tick()  # hand 2
    await h.settle()
    reads = h.bot.storage.web_site
    read: list[int] = []
    h.bot.storage.web_site = lambda guild_id: (read.append(guild_id), reads(guild_id))[1]  # type: ignore[method-assign]
    before, counted = len(h.server.served), h.server.global_bound()
    await _fold(h, ALICE, BOB)
    assert h.server.global_bound() - counted == off, "the link adds no counted request"
    assert not read, "the page's state is kept since /web enable: the link costs no read"
    shown = _edits_since(h, before)
    assert shown and all(len(links(text)) == 1 for text in shown), "every edit that shows the result carries the link"
    assert "\\\\[on the web](\\\\<https://e.io>)" in shown[-1], "Alice's name is in it, escaped: no link"
    (link,) = links(h.table_message()["content"])
    site = await h.bot.storage.web_site(GUILD_ID)
    assert path_of(link) == f"/s/{site.token}/tables/{live.id}/hands/2"
    client = await web_client(h.bot.storage)
    try:
        page = await client.get(path_of(link))
        assert page.status == 200 and f"table #{live.id} · hand #2" in await page.text()
        replay = await (await client.get(path_of(link).replace("/s/", "/api/v1/", 1))).json()
        assert (replay["table"], replay["hand"], replay["summary"]) == (live.id, 2, live.last_deal.outcome.summary)
    finally:
        await client.close()

    assert "off" in h.ephemeral_text(await h.command(ADMIN, "web", "disable"))
    await h.bot.service.tick()  # hand 3, the page off again: no link
    await h.settle()
    await _fold(h, ALICE, BOB)
    assert live.row.hand_no == 3 and not links(h.table_message()["content"])


async def test_a_second_servers_link_opens_none_of_the_firsts_hands(loopback) -> None:
    h = loopback
    other_admin = User(5191, "Other admin", MEMBER_PERMISSIONS | (1 << 5))
    for place, admin in ((Place(GUILD_ID, CHANNEL_ID), ADMIN), (OTHER_SERVER, other_admin)):
        await h.command(admin, "web", "enable", at=place)
    await open_heads_up(h, ALICE, BOB)
    await _fold(h, ALICE, BOB)
    await h.command(CAROL, "holdem", "create", at=OTHER_SERVER)
    await h.command(DAN, "holdem", "join", at=OTHER_SERVER)
    await h.command(CAROL, "holdem", "start", at=OTHER_SERVER)
    theirs = h.bot.service.in_channel(OTHER_SERVER.channel_id)
    folder = theirs.table_seat_of(theirs.engine.to_act()[0]).user_id
    await theirs.commands.act(Press(folder, 1, theirs.row.step, Action("fold")))
    await h.settle()
    (ours,) = links(h.table_message()["content"])
    (other,) = links(h.table_message(OTHER_SERVER.channel_id)["content"])
    mine, their_site = await h.bot.storage.web_site(GUILD_ID), await h.bot.storage.web_site(OTHER_SERVER.guild_id)
    assert their_site.token in other and mine.token not in other
    client = await web_client(h.bot.storage)
    try:
        assert (await client.get(path_of(ours))).status == 200 and (await client.get(path_of(other))).status == 200
        for link, key, stranger in ((ours, mine.token, their_site.token), (other, their_site.token, mine.token)):
            for prefix in ("/s/", "/api/v1/"):
                crossed = path_of(link).replace(f"/s/{key}/", prefix + stranger + "/")
                assert (await client.get(crossed)).status == 404, crossed
    finally:
        await client.close()


async def test_an_event_board_gets_its_link_once_every_table_has_played_it(tmp_path) -> None:
    """The web answers 404 for a board still in play at another table of its event: the table that
    finished it shows no link then; once the last table finishes it, both tables' messages carry it
    (the first with the update the reveal gives it) and it opens the board."""
    h = await Harness.start(str(tmp_path / "event.db"))
    fast_players = [User(4001, "Nell"), User(4002, "Ezra"), User(4003, "Sami"), User(4004, "Wren")]
    slow_players = [User(4011, "Ann"), User(4012, "Ben"), User(4013, "Cat"), User(4014, "Dan")]
    slow_place = Place(GUILD_ID, 920000000000000777)
    client = await web_client(h.bot.storage)
    try:
        await h.command(ADMIN, "web", "enable")
        key = (await h.bot.storage.web_site(GUILD_ID)).token
        fast = await open_event_table(h, fast_players, Place(GUILD_ID, CHANNEL_ID))
        slow = await open_event_table(h, slow_players, slow_place)
        await pass_board(h, fast, fast_players)
        assert "Board 1 done" in h.table_message()["content"] and not links(h.table_message()["content"])
        for prefix in ("/s/", "/api/v1/"):
            assert (await client.get(f"{prefix}{key}/tables/{fast.id}/hands/1")).status == 404, "still in play"

        await pass_board(h, slow, slow_players)
        await h.settle()
        for live, channel in ((slow, slow_place.channel_id), (fast, CHANNEL_ID)):
            (link,) = links(h.recorder.messages[live.row.message_id]["content"])
            assert path_of(link) == f"/s/{key}/tables/{live.id}/hands/1"
            board = await (await client.get(path_of(link).replace("/s/", "/api/v1/", 1))).json()
            assert board["game"] == "bridge" and board["hand"] == 1 and board["table"] == live.id
    finally:
        await client.close()
        await h.close()


@pytest.mark.parametrize("name", game_names())
async def test_every_games_finished_hand_links_to_its_replay(tmp_path, name: str) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    client = await web_client(h.bot.storage)
    try:
        await h.command(ADMIN, "web", "enable", public=True)
        live = await finished_deal(h, name)
        (link,) = links(h.table_message()["content"])
        assert path_of(link) == f"/s/{GUILD_ID}/tables/{live.id}/hands/1"
        replay = await (await client.get(path_of(link).replace("/s/", "/api/v1/", 1))).json()
        stored = await h.bot.storage.hand_record(live.id, 1)
        assert replay["game"] == stored.game and replay["last_step"] == len(stored.record["actions"])
        assert replay["summary"] == live.last_deal.outcome.summary
    finally:
        await client.close()
        await h.close()
