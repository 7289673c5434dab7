"""What each page shows, as plain data (the JSON API's answer, and what the HTML pages draw): read
from one server's records only, through the service's own rules of what may be seen."""
from __future__ import annotations

import time
from typing import Any

from aiohttp import web

from bot.errors import UserError
from bot.registry import game, game_names
from bot.service.money.ledger import Ledger, ledger_csv, ledger_view, table_ledger
from bot.service.stats.leaderboard import PERIODS
from bot.service.stats.rating_scale import shown_rating
from bot.storage.interface import Storage

LEADERBOARD_SIZE = 100
TABLES_LISTED = 50


def missing(text: str) -> web.HTTPNotFound:
    return web.HTTPNotFound(text=text)


def title_of(name: str) -> str:
    return game(name).title if name in game_names() else name


def unnamed(user_id: int) -> str:
    """A member with no stored name, as the leaderboard shows them."""
    return f"Member …{user_id % 10000:04d}"


async def leaderboard(storage: Storage, guild_id: int, game_name: str | None, period: str) -> dict[str, Any]:
    if game_name is not None and game_name not in game_names():
        raise missing(f"No game is called {game_name}.")
    if period not in PERIODS:
        raise missing(f"The period is one of {', '.join(PERIODS)}.")
    span = PERIODS[period]
    standings = (await storage.standings(guild_id, game_name, None if span is None else time.time() - span))
    standings = standings[:LEADERBOARD_SIZE]
    names = await storage.player_names(guild_id, [s.user_id for s in standings])
    return {"game": game_name, "period": period, "games": game_names(), "periods": list(PERIODS),
            "lines": [{"rank": rank, "user_id": str(s.user_id), "name": names.get(s.user_id, unnamed(s.user_id)),
                       "rating": shown_rating(s.rating), "chips_won": s.chips_won, "deals": s.deals}
                      for rank, s in enumerate(standings, start=1)]}


async def player(storage: Storage, guild_id: int, user_id: int) -> dict[str, Any]:
    rows = await storage.stats(guild_id, user_id)
    if not rows:
        raise missing("Nobody by that id has played on this server.")
    name = (await storage.player_names(guild_id, [user_id])).get(user_id, unnamed(user_id))
    return {"user_id": str(user_id), "name": name,
            "games": [{"game": g, "title": title_of(g), "hands": hands, "chips_won": chips, "matches": matches,
                       "wins": wins, "rating": shown_rating(rating)}
                      for g, hands, chips, matches, wins, rating in rows]}


async def tables(storage: Storage, guild_id: int) -> dict[str, Any]:
    return {"tables": [{"table": t.table_id, "game": t.game, "title": title_of(t.game), "status": t.status,
                        "hands": t.hands, "last_hand_at": t.last_at}
                       for t in await storage.web_tables(guild_id, TABLES_LISTED)]}


async def table(storage: Storage, guild_id: int, table_id: int) -> dict[str, Any]:
    row = await storage.table(table_id)
    if row is None or row.guild_id != guild_id:
        raise missing(f"There is no table #{table_id} on this server.")
    hands = await storage.web_hand_numbers(guild_id, table_id)
    return {"table": table_id, "game": row.game, "title": title_of(row.game), "status": row.status,
            "ledger": game(row.game).chips,
            "hands": [{"hand": n, "finished_at": at} for n, at in hands]}


async def ledger(storage: Storage, guild_id: int, table_id: int) -> Ledger:
    try:
        return await table_ledger(storage, guild_id, table_id)
    except UserError as refusal:
        raise missing(str(refusal)) from None


def ledger_data(found: Ledger) -> dict[str, Any]:
    view = ledger_view(found)
    return {"title": found.title, "tables": found.tables, "columns": view["columns"],
            "lines": [{"name": ln.name, "computer": ln.computer, "bought_in": ln.bought_in, "rebuys": ln.rebuys,
                       "top_ups": ln.top_ups, "cashed_out": ln.cashed_out, "at_table": ln.at_table, "net": ln.net,
                       "hands": ln.hands, "biggest_pot": ln.biggest_pot} for ln in found.lines],
            "cells": [line["cells"] for line in view["lines"]],
            "transfers": view["transfers"], "method": view["method"]}


def ledger_file(found: Ledger) -> str:
    return ledger_csv(found)


async def tournaments(storage: Storage, guild_id: int) -> dict[str, Any]:
    return {"tournaments": [{"id": m.id, "name": m.name, "game": m.game, "title": title_of(m.game),
                             "status": m.status, "buy_in": m.settings.buy_in, "created_at": m.created_at}
                            for m in await storage.web_tournaments(guild_id)]}


async def tournament(storage: Storage, guild_id: int, mtt_id: int) -> dict[str, Any]:
    row = await storage.mtt(mtt_id)
    if row is None or row.guild_id != guild_id:
        raise missing(f"There is no tournament #{mtt_id} on this server.")
    entries = sorted(await storage.mtt_entries(mtt_id), key=lambda e: (e.place is None, e.place or 0, e.name))
    return {"id": row.id, "name": row.name, "game": row.game, "title": title_of(row.game), "status": row.status,
            "buy_in": row.settings.buy_in, "stack": row.settings.stack, "pool": row.pool,
            "entries": [{"place": e.place, "name": e.name, "computer": e.is_bot, "entries": e.entries,
                         "prize": e.prize} for e in entries]}
