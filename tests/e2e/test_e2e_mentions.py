"""Members whose names are mentions or markdown sit at tables: nothing they typed pings, formats or
breaks a line. Every message carries ``allowed_mentions`` parsing nothing (the conftest's audit,
``tests/support/mentions.py``), the text shows names escaped, and images and logs get one short line."""
from __future__ import annotations

import re
from typing import Any, Iterator

from bot.adapter.member_text import NAME_LIMIT, plain, shown_report
from tests.support import mentions
from tests.support.harness import CHANNEL_ID, Harness, Request, User

HOSTILE = [User(3001, "@everyone"), User(3002, "<@&123>"), User(3003, "**bold**\nnewline"),
           User(3004, "@here " + "x" * 60)]
RAW_MENTION = re.compile(r"@(?:everyone|here)\b|(?<!\\)<@[!&]?[0-9]+>|(?<!\\)<#[0-9]+>")
"""Mention syntax Discord would render (and, where allowed, ping): unescaped."""


def _texts(requests: list[Request]) -> Iterator[str]:
    """The content of every message the bot sent."""
    for request in requests:
        message = mentions.message_of(request)
        if message is not None and message.get("content"):
            yield str(message["content"])


def _reply(h: Harness, token: str) -> str:
    """The content of the bot's (last) reply to an interaction, as Discord shows it."""
    return "".join(_texts(h.recorder.replies_to(token)[-1:]))


def _names(view: Any) -> Iterator[str]:
    """Every player name in a view handed to a renderer."""
    if isinstance(view, dict):
        for key, value in view.items():
            if key == "name" and isinstance(value, str):
                yield value
            elif key == "names" and isinstance(value, list):
                yield from (v for v in value if isinstance(v, str))
            else:
                yield from _names(value)
    elif isinstance(view, list):
        for value in view:
            yield from _names(value)


async def test_hostile_names_at_a_poker_table_ping_nobody_and_read_as_typed(
        tmp_path, rendered: list[tuple[str, dict[str, Any]]]) -> None:
    h = await Harness.start(str(tmp_path / "c.db"))
    await h.command(HOSTILE[0], "holdem", "create")
    for user in HOSTILE[1:]:
        await h.command(user, "holdem", "join")
    await h.command(HOSTILE[0], "holdem", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    lobby_and_deal = h.table_message()["content"]
    first = live.table_seat_of(live.engine.to_act()[0]).user_id
    await h.move(next(u for u in HOSTILE if u.id == first), "Fold")
    status = _reply(h, await h.command(HOSTILE[2], "holdem", "status"))
    stats = _reply(h, await h.command(HOSTILE[1], "stats", member=HOSTILE[2], game="holdem"))
    board = _reply(h, await h.command(HOSTILE[0], "leaderboard", game="holdem", period="week"))
    assert stats.startswith("\\*\\*bold\\*\\* newline has not played") and "Leaderboard" in board

    texts = list(_texts(h.recorder.requests))
    assert texts and not [t for t in texts if RAW_MENTION.search(t)], [t for t in texts if RAW_MENTION.search(t)]
    for text in (lobby_and_deal, h.table_message()["content"]):
        assert "\\*\\*bold\\*\\* newline" in text and "**bold**" not in text
        assert "\\<@&123>" in text and "@\u200beveryone" in text
    assert "\\*\\*bold\\*\\* newline" in status
    assert mentions.AUDITED["ok"] and not mentions.FINDINGS

    names = {name for _, view in rendered for name in _names(view)}
    assert "**bold** newline" in names and "<@&123>" in names, names
    assert all("\n" not in name and len(name) <= NAME_LIMIT for name in names), names
    assert any(name.startswith("@here xxx") and name.endswith("…") for name in names), names
    await h.close()


async def test_hostile_names_in_an_event_report_are_escaped(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "c.db"))
    await h.command(HOSTILE[0], "bridge", "create", scoring="duplicate", event="club")
    for user in HOSTILE[1:]:
        await h.command(user, "bridge", "join")
    await h.command(HOSTILE[0], "bridge", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    for _ in range(4):  # all four pass board 1: the board is over and its results table posted
        seat = live.table_seat_of(live.engine.to_act()[0]).user_id
        await h.move(next(u for u in HOSTILE if u.id == seat), "Pass")
    reports = [t for t in _texts(h.recorder.requests) if "Board 1" in t]
    reports.append(_reply(h, await h.command(HOSTILE[1], "bridge", "results", event="club", board=1)))
    assert len(reports) == 2
    for report in reports:
        assert "\\*\\*bold\\*\\* newline" in report and not RAW_MENTION.search(report), report
    assert not mentions.FINDINGS
    await h.close()


async def test_the_audit_catches_a_message_that_may_parse_mentions(tmp_path) -> None:
    """Without the client's default, discord.py sends no allowed_mentions: the audit sees it on the
    wire and would fail the test."""
    h = await Harness.start(str(tmp_path / "c.db"))
    h.bot._connection.allowed_mentions = None
    await h.command(HOSTILE[0], "wallet")
    caught, mentions.FINDINGS[:] = list(mentions.FINDINGS), []
    mentions.AUDITED["missing"] -= len(caught)  # planted here: the run's summary counts the bot's own
    assert len(caught) == 1 and "allowed_mentions=None" in caught[0]
    await h.close()


def test_a_plain_name_is_one_short_line_that_cannot_close_a_code_block() -> None:
    assert plain("\u202eevil\u200b\tname ```x```") == "evil name '''x'''"  # bidi override, zero-width space
    assert plain("👨\u200d👩\u200d👧 family") == "👨\u200d👩\u200d👧 family"  # an emoji's joiners stay
    assert plain("y" * 40) == "y" * (NAME_LIMIT - 1) + "…"
    assert shown_report("```\n**a** <@1>\n```\n#1: **a** <@1>") == "```\n**a** <@1>\n```\n\\#1: \\*\\*a\\*\\* \\<@1>"
