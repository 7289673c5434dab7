"""Servers and DMs: every command that reads or writes a server's data is registered server-only and
answers one clear line when reached from a DM anyway; every look-up by id from a member is scoped to
the server that asked (a second server's member can neither read nor press another server's table)."""
from __future__ import annotations

from typing import Any, Iterator

from discord import app_commands

from bot.service.table.press import Press
from bot.adapter.client import SERVER_ONLY
from bot.service.table.live import LiveTable
from tests.support.harness import (
    CHANNEL_ID, DM, GUILD_ID, MANAGE_CHANNELS, MEMBER_PERMISSIONS, OTHER_CHANNEL_ID, OTHER_GUILD_ID, OTHER_SERVER,
    Harness, Place, User,
)

ALICE = User(2001, "Alice")
ANYWHERE = {"help", "rules"}
"""Commands that read no server's data and work in DMs too."""


def _paths(tree: app_commands.CommandTree) -> Iterator[tuple[str, str | None]]:
    """(command, subcommand) for every command a member can type."""
    for command in tree.get_commands():
        if isinstance(command, app_commands.Group):
            for sub in command.commands:
                yield command.name, sub.name
        else:
            yield command.name, None


async def test_every_server_command_is_registered_server_only(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "c.db"))
    seen: dict[str, Any] = {}
    for command in h.bot.tree.get_commands():
        payload = command.to_dict(h.bot.tree)
        seen[command.name] = (payload.get("contexts"), payload.get("dm_permission"))
    assert {name for name, (contexts, _) in seen.items() if contexts != [0]} == ANYWHERE, seen
    assert all(dm is False for name, (_, dm) in seen.items() if name not in ANYWHERE), seen
    assert {"wallet", "daily", "stats", "leaderboard", "economy", "verify", "holdem", "bridge"} <= set(seen)
    await h.close()


async def test_every_server_command_used_in_a_dm_answers_one_clear_line(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "c.db"))
    paths = [p for p in _paths(h.bot.tree) if p[0] not in ANYWHERE]
    assert len(paths) > 60  # every game's lobby commands, the economy and /verify
    for group, sub in paths:
        token = await h.command(ALICE, group, sub, at=DM)
        replies = h.recorder.replies_to(token)
        assert len(replies) == 1, (group, sub, [r.text for r in replies])
        data = replies[0].json["data"]  # type: ignore[index]
        assert data["content"] == SERVER_ONLY and data["flags"] & 64, (group, sub, data)
    assert h.bot.service.tables == {}
    assert not [r for r in h.recorder.requests if r.path.startswith("/channels/")], "nothing was posted"
    await h.close()


async def test_help_and_rules_still_answer_in_a_dm(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "c.db"))
    assert "/holdem" in h.ephemeral_text(await h.command(ALICE, "help", at=DM))
    assert "Page 1/" in h.ephemeral_text(await h.command(ALICE, "rules", at=DM, game="gin"))
    await h.close()


# -- look-ups by id are scoped to the server that asked -------------------------------------------

BOB = User(2002, "Bob")
EVE = User(2009, "Eve", MEMBER_PERMISSIONS | MANAGE_CHANNELS)
"""A member of another server, director (Manage Channels) there: she owns her server, not ours."""


async def _event_board(h: Harness, channel: int, first_user: int, finish: bool) -> LiveTable:
    """A table of the duplicate event ``club`` on our server, dealt board 1 (and all four pass, if
    ``finish``)."""
    service = h.bot.service
    live = await service.create(GUILD_ID, channel, "bridge", first_user, "N",
                                {"scoring": "duplicate", "event": "club"})
    for user in range(first_user + 1, first_user + 4):
        await live.commands.join(user, f"p{user}")
    await live.commands.start(first_user)
    await h.settle()  # the members' hands are sent before anyone calls, as between real presses
    while finish and live.row.hand_no == 1 and live.row.deal is not None:
        seat = live.engine.to_act()[0]
        await service.tables[live.id].commands.act(Press(live.table_seat_of(seat).user_id, 1, live.row.step, live.engine.timeout_action(seat)))
        await h.settle()
    return live


async def test_another_servers_director_gets_no_seed_and_no_event_results(tmp_path) -> None:
    """The seed of an event board another table is still playing is every hidden hand at that
    table: a director of her own server must not read it by table id, nor the event's results."""
    h = await Harness.start(str(tmp_path / "c.db"))
    playing = await _event_board(h, CHANNEL_ID + 101, 11, finish=False)
    done = await _event_board(h, CHANNEL_ID + 100, 1, finish=True)
    seed = (await h.bot.storage.hand_record(done.id, 1)).seed
    assert playing.row.deal.seed == seed, "both tables play the same board"

    text = h.ephemeral_text(await h.command(EVE, "verify", at=OTHER_SERVER, table=done.id, hand=1))
    assert f"no table #{done.id} on this server" in text and seed not in text
    token = await h.command(EVE, "export", at=OTHER_SERVER, table=done.id, hand=1)
    assert f"no table #{done.id} on this server" in h.ephemeral_text(token)
    assert not any(r.files for r in h.recorder.replies_to(token))
    for asked in (await h.command(EVE, "bridge", "results", at=OTHER_SERVER, event="club", board=1),
                  await h.command(EVE, "bridge", "standings", at=OTHER_SERVER, event="club")):
        assert "No table of event `club`" in h.ephemeral_text(asked) or \
            "No board of event `club`" in h.ephemeral_text(asked)
    # On its own server the same director may, and a stranger may not: the permission is this server's.
    director = User(EVE.id, "Eve", EVE.permissions)
    assert seed in h.ephemeral_text(await h.command(director, "verify", table=done.id, hand=1))
    assert seed not in h.ephemeral_text(await h.command(BOB, "verify", table=done.id, hand=1))
    await h.close()


async def test_wallets_results_and_stats_stay_on_their_server(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "c.db"))
    await h.command(ALICE, "holdem", "create")
    await h.command(BOB, "holdem", "join")
    await h.command(ALICE, "daily")
    await h.command(ALICE, "holdem", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    folder = ALICE if live.engine.to_act() == (live.deal_seat(ALICE.id),) else BOB
    await h.press_label(folder, "Fold")
    assert "Texas hold'em: 1 hand, " in h.ephemeral_text(await h.command(ALICE, "stats"))

    assert "has not played on this server yet" in h.ephemeral_text(await h.command(ALICE, "stats", at=OTHER_SERVER))
    assert "you have no deals" in h.ephemeral_text(await h.command(ALICE, "leaderboard", at=OTHER_SERVER))
    # the other server's wallet, and none of this server's tables in its answer
    assert "You have **1,000** chips in your wallet.\"" in h.ephemeral_text(await h.command(ALICE, "wallet", at=OTHER_SERVER))
    assert "no Texas hold'em table" in h.ephemeral_text(
        await h.command(ALICE, "holdem", "status", at=Place(OTHER_GUILD_ID, CHANNEL_ID)))
    await h.close()


async def test_a_forged_button_naming_another_servers_table_is_refused(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "c.db"))
    await h.command(ALICE, "holdem", "create")
    table = h.bot.service.in_channel(CHANNEL_ID)
    lobby = h.table_message()
    for what in ("join", "start"):  # Eve copies our lobby's buttons into a message of her server
        forged = dict(lobby, id=str(990000000000000001), channel_id=str(OTHER_CHANNEL_ID))
        token = await h.press(EVE, f"cr:u:{table.id}:{what}", forged, at=OTHER_SERVER)
        assert "That table is closed" in h.ephemeral_text(token)
    assert [s.name for s in table.row.seats] == ["Alice"] and table.row.status == "lobby"

    await h.command(BOB, "holdem", "join")
    await h.command(ALICE, "holdem", "start")
    # Eve copies the table message (My seat) and both members' seat panels (the moves of the member to
    # act, and each one's own buttons) into messages of her server.
    step = table.row.step
    copied = [h.table_message(), await h.panel(ALICE), await h.panel(BOB)]
    buttons = [(c["custom_id"], forged) for n, message in enumerate(copied)
               for forged in [dict(message, id=str(990000000000000002 + n), channel_id=str(OTHER_CHANNEL_ID))]
               for row in message["components"] for c in row["components"]]
    assert {f"cr:seat:{table.id}", f"cr:u:{table.id}:sitout"} <= {b for b, _ in buttons}
    assert any(b.startswith("cr:a:") for b, _ in buttons), "the moves of the member to act"
    for user in (ALICE, BOB, EVE):
        for custom_id, forged in buttons:
            for where in (OTHER_SERVER, DM):
                token = await h.press(user, custom_id, forged, at=where)
                text = h.ephemeral_text(token)
                assert "That table is closed" in text and '"flags": 64' in text, (custom_id, where, text)
    assert table.row.step == step and table.row.hand_no == 1, "no forged press moved the table"
    await h.close()
