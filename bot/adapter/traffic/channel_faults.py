"""What a failed Discord request says about a table's channel: gone, out of reach, or a passing fault.

Discord answers a request to a deleted channel with 404 (code 10003), to a deleted message with 404
(10008), to a channel the bot may no longer see with 403 "Missing Access" (50001), which is also
what every channel of a server the bot was removed from answers, and to one it may see but not post
in with 403 "Missing Permissions" (50013). 50001 is told apart by asking for the channel and the
server once. Nothing here retries: the caller decides once what the table does.
"""
from __future__ import annotations

import enum

import discord

UNKNOWN_CHANNEL = 10003
UNKNOWN_GUILD = 10004
UNKNOWN_MESSAGE = 10008
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
ARCHIVED_THREAD = 50083


class Verdict(enum.Enum):
    MESSAGE_GONE = "the table message was deleted"
    CHANNEL_GONE = "its channel or thread was deleted"
    SERVER_GONE = "I am no longer in its server"
    NO_ACCESS = "I lost permission to post in its channel"
    ARCHIVED = "its thread was archived"
    PASSING = "Discord failed this once"


def missing(permissions: discord.Permissions, thread: bool) -> list[str]:
    """The permissions a table needs in its channel that ``permissions`` lacks, by their names in
    Discord's settings."""
    send = ("send_messages_in_threads", "Send Messages in Threads") if thread else ("send_messages", "Send Messages")
    needed = [("view_channel", "View Channel"), send, ("embed_links", "Embed Links"), ("attach_files", "Attach Files")]
    return [label for flag, label in needed if not getattr(permissions, flag)]


async def diagnose(http: discord.http.HTTPClient, error: discord.HTTPException, channel_id: int,
                   guild_id: int) -> Verdict:
    """Why a request about a table's message failed (asking Discord about the channel and server
    at most once each)."""
    if error.code == UNKNOWN_MESSAGE:
        return Verdict.MESSAGE_GONE
    if error.code == UNKNOWN_CHANNEL or (error.status == 404 and error.code == 0):
        return Verdict.CHANNEL_GONE
    if error.code == ARCHIVED_THREAD:
        return Verdict.ARCHIVED
    if error.code == MISSING_PERMISSIONS:
        return Verdict.NO_ACCESS
    if error.code != MISSING_ACCESS:
        return Verdict.PASSING
    try:
        await http.get_channel(channel_id)
    except discord.NotFound:
        return Verdict.CHANNEL_GONE
    except discord.Forbidden:
        try:
            await http.get_guild(guild_id, with_counts=False)
        except (discord.Forbidden, discord.NotFound):
            return Verdict.SERVER_GONE
        except discord.HTTPException:
            return Verdict.NO_ACCESS
    except discord.HTTPException:
        return Verdict.PASSING
    return Verdict.NO_ACCESS
