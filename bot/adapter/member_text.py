"""Text a member typed (display names, a form's value), made safe to keep and to show on Discord.

Names are cleaned once, where they come in (``member_name``): one line, no control characters, at
most ``NAME_LIMIT`` characters, so the engines, images, logs and reports all hold a short plain name.
Whatever the bot then builds from them is escaped where it goes out (``shown``, ``shown_report``):
markdown reads as typed and no mention syntax survives. Nothing pings anyway, since the client's
default ``allowed_mentions`` parses none; this keeps the text from looking like a ping or a heading.
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache

import discord

NAME_LIMIT = 32
"""Characters of a name kept: a seat plate, a log line or a results table has room for this many."""
_KEPT_FORMAT = "\u200d"  # the zero-width joiner of emoji sequences is part of a name, not a trick
_CODE_FENCE = "```"


@lru_cache(maxsize=4096)  # the same log lines and names are shown update after update
def plain(text: str, limit: int = NAME_LIMIT) -> str:
    """One line of at most ``limit`` characters: control and format characters (newlines, bidi
    overrides, zero-width spaces) become spaces, runs of spaces one, and backticks apostrophes (a
    name must not close the code block of a results table)."""
    kept = "".join(" " if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co") and c != _KEPT_FORMAT else c
                   for c in text)
    line = " ".join(kept.split()).replace("`", "'")
    return line if len(line) <= limit else line[:limit - 1].rstrip() + "…"


def member_name(user: discord.abc.User) -> str:
    """The name a member plays under: their display name on this server, made ``plain``."""
    return plain(user.display_name) or "Player"


@lru_cache(maxsize=4096)
def shown(text: str) -> str:
    """Text for a message, reading exactly as typed: markdown (and backslashes) escaped by
    discord.py, ``<`` escaped too (no ``<@&id>``, ``<#id>`` or ``<t:…>`` renders), and
    ``@everyone``/``@here`` broken by discord.py's ``escape_mentions``."""
    escaped = discord.utils.escape_markdown(text).replace("<", "\\<")
    return discord.utils.escape_mentions(escaped)


def shown_report(text: str) -> str:
    """A report the bot wrote around code blocks (an event's results table): the text outside the
    blocks is ``shown``; inside a block nothing renders, and names there have no backticks."""
    parts = text.split(_CODE_FENCE)
    return _CODE_FENCE.join(shown(part) if index % 2 == 0 else part for index, part in enumerate(parts))

