"""The table service: the lobby, deals, turns, timers, computer players and chips, written once.

Cogs (Discord) and selfplay both drive tables only through ``TableService``; what players see is
produced by a ``Presenter`` from engine views. Each part lives in a module of its own (see
``bot.service.base``); this class is their one public face.
"""
from __future__ import annotations

from typing import Any

from bot.service.dealing import Dealing
from bot.service.events import Events
from bot.service.live import Presenter
from bot.service.lobby import Lobby
from bot.service.replays import Replays
from bot.service.settlement import Settlement
from bot.service.timers import Timers
from bot.service.tournaments import Tournaments
from bot.storage.interface import Storage


class TableService(Lobby, Dealing, Timers, Settlement, Tournaments, Events):
    """Owns every open table: ``create``, ``join``, ``add_bot``, ``leave``, ``start``, ``cancel``,
    ``set_sitting_out``, ``act``, ``vanished``, ``pause``, ``resume``, ``restore``, ``tick``,
    ``run_timers``, and for events ``close_event`` and ``reveal_event_deals``; ``replays.load`` rebuilds a finished deal. All methods raise
    ``UserError`` (the rules' ``IllegalAction`` among them) for bad requests."""

    def __init__(self, storage: Storage, presenter: Presenter, **options: Any):
        super().__init__(storage, presenter, **options)
        self.replays = Replays(storage)
        """Finished deals rebuilt step by step (``/replay``)."""
