"""The table service: the lobby, deals, turns, timers, computer players and chips, written once.

Cogs (Discord) and selfplay both drive tables only through ``TableService``; what players see is
produced by a ``Presenter`` from engine views. Each part lives in a module of its own (see
``bot.service.base``); this class is their one public face.
"""
from __future__ import annotations

from bot.service.dealing import Dealing
from bot.service.events import Events
from bot.service.lobby import Lobby
from bot.service.settlement import Settlement
from bot.service.timers import Timers
from bot.service.tournaments import Tournaments


class TableService(Lobby, Dealing, Timers, Settlement, Tournaments, Events):
    """Owns every open table: ``create``, ``join``, ``add_bot``, ``leave``, ``start``, ``cancel``,
    ``set_sitting_out``, ``act``, ``vanished``, ``pause``, ``resume``, ``restore``, ``tick``,
    ``run_timers``, and for events ``close_event`` and ``reveal_event_deals``. All methods raise
    ``UserError`` / ``IllegalAction`` for bad requests."""
