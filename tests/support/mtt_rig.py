"""Multi-table tournaments without Discord: a presenter that opens numbered threads and remembers
what it was asked to post, and the checks every test of a tournament makes after each step."""
from __future__ import annotations

import itertools

from bot.service.live import LiveTable
from bot.service.mtt import Tournament


class RecordingMttPresenter:
    def __init__(self) -> None:
        self.threads = itertools.count(500)
        self.opened: list[tuple[int, str]] = []
        self.archived: list[int] = []
        self.posts: list[str] = []
        self.shown = 0

    async def open_thread(self, guild_id: int, channel_id: int, name: str) -> int | None:
        thread = next(self.threads)
        self.opened.append((thread, name))
        return thread

    async def archive_thread(self, guild_id: int, thread_id: int) -> None:
        self.archived.append(thread_id)

    async def show_mtt(self, mtt: Tournament) -> None:
        self.shown += 1

    async def announce_mtt(self, mtt: Tournament, text: str, table: LiveTable | None = None) -> None:
        self.posts.append(text)


def check_chips(mtt: Tournament) -> None:
    """Tournament chips at its tables and on their way between them are every buy-in's stack."""
    expected = mtt.entries_paid() * int(mtt.settings["stack"]) if mtt.row.status == "playing" else None
    if expected is not None:
        assert mtt.chips_in_play() == expected, (mtt.chips_in_play(), expected)
