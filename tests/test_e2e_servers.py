"""Servers and DMs: every command that reads or writes a server's data is registered server-only and
answers one clear line when reached from a DM anyway; every look-up by id from a member is scoped to
the server that asked (a second server's member can neither read nor press another server's table)."""
from __future__ import annotations

from typing import Any, Iterator

from discord import app_commands

from bot.client import SERVER_ONLY
from tests.harness import DM, Harness, User

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
