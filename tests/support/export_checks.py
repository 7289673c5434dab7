"""``/export`` through the real client, for the end-to-end tests of each game: the file it attaches,
and what a standard reader makes of it."""
from __future__ import annotations

from typing import Any

from endplay.parsers import pbn as pbn_format

from bot.games.phh import RoomHandHistory
from tests.support.harness import HOME, Harness, Place, User


async def exported(h: Harness, user: User, table: int, hand: int | None = None, *,
                   at: Place = HOME) -> tuple[str, str]:
    """(file name, text) of the one file ``/export`` attached, privately, for ``user``."""
    options: dict[str, Any] = {"table": table} if hand is None else {"table": table, "hand": hand}
    token = await h.command(user, "export", at=at, **options)
    replies = h.recorder.replies_to(token)
    files = [file for reply in replies for file in reply.files]
    assert len(files) == 1, h.ephemeral_text(token)
    assert all(reply.ephemeral for reply in replies), "the file goes to whoever asked, not the channel"
    name, data = files[0]
    return name, data.decode("utf-8")


def replayed_stacks(text: str) -> list[list[int]]:
    """Each PHH hand of the text (one hand, or a table's ``[n]`` hands) replayed: its final stacks in
    table seat order, as the reader computes them, checked against the stacks the file states."""
    histories = list(RoomHandHistory.loads_all(text)) if text.lstrip().startswith("[") \
        else [RoomHandHistory.loads(text)]
    stacks = []
    for history in histories:
        *_, final = iter(history)
        assert list(final.stacks) == history.finishing_stacks
        by_seat = dict(zip(history.seats, final.stacks))
        stacks.append([by_seat[seat] for seat in sorted(by_seat)])
    return stacks


def parsed_boards(text: str) -> list[Any]:
    """The PBN games endplay reads from the text (it raises on a malformed file)."""
    return pbn_format.loads(text)
