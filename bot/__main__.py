"""``python -m bot``: run the bot, play computer-only games, export a table's hand histories, or copy a
database into another (``migrate-db``)."""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import sys
from typing import TYPE_CHECKING, Any

from bot.config import Config
from bot.registry import game_names

if TYPE_CHECKING:
    from bot.shards import Shards


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Cardroom, card games on Discord.")
    sub = parser.add_subparsers(dest="command")
    run = sub.add_parser("run", help="connect to Discord (the default); needs DISCORD_TOKEN")
    run.add_argument("--shards", default=None, help="this process's gateway shards, e.g. 0-3 (a cluster)")
    run.add_argument("--shard-count", type=int, default=None, help="the shards of every cluster together")
    play = sub.add_parser("selfplay", help="computer players play complete games, no Discord needed")
    play.add_argument("game", choices=game_names())
    play.add_argument("--games", type=int, default=1)
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--db", default=None,
                      help="SQLite file or postgresql:// URL (default: a fresh temporary SQLite file)")
    play.add_argument("--channel", type=int, default=1, help="the table's channel (resumed if open)")
    play.add_argument("--images", default=None, help="write the rendered PNGs to this directory")
    play.add_argument("--json", action="store_true", help="print one JSON object")
    export = sub.add_parser("export", help="print a table's hands as one file (PHH for poker, PBN for bridge)")
    export.add_argument("table", type=int)
    export.add_argument("--db", default=None, help="SQLite file or postgresql:// URL (default: the bot's)")
    export.add_argument("--format", dest="fmt", choices=("standard", "pokerstars"), default="standard",
                        help="the game's own format, or PokerStars hand histories for trackers (poker games)")
    export.add_argument("--names", choices=("real", "seats"), default="real",
                        help="PokerStars: the players' names, or 'Seat N' for each table seat")
    export.add_argument("--hero", type=int, default=None,
                        help="PokerStars: the member (Discord id) whose hole cards are written, as /export does")
    move = sub.add_parser("migrate-db", help="copy every table, wallet, hand and result into another database")
    move.add_argument("--from", dest="source", required=True, help="SQLite file or postgresql:// URL to read")
    move.add_argument("--to", dest="target", required=True, help="an empty database (postgresql:// URL or file)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    config = Config.from_env()
    if args.command == "selfplay":
        return _selfplay(args)
    if args.command == "export":
        return asyncio.run(_export(args.table, args.db or config.database, args.fmt, args.names,
                                   args.hero))
    if args.command == "migrate-db":
        return asyncio.run(_migrate_db(args.source, args.target))
    return _run(config, getattr(args, "shards", None) or config.shards,
                getattr(args, "shard_count", None) or config.shard_count)


def _shards(ids: str | None, count: int | None, database: str) -> "Shards | None":
    """The cluster this process is, from --shards/--shard-count (or CARDROOM_SHARDS/_SHARD_COUNT);
    ``ValueError`` with the reason when they do not make one."""
    from bot.shards import Shards
    from bot.storage import is_postgres_url

    if ids is None and count is None:
        return None
    if ids is None or count is None:
        raise ValueError("--shards and --shard-count go together (CARDROOM_SHARDS, CARDROOM_SHARD_COUNT)")
    shards = Shards.parse(ids, count)
    if len(shards.ids) < count and not is_postgres_url(database):
        raise ValueError("clusters share a PostgreSQL database: set CARDROOM_DATABASE_URL=postgresql://...")
    return shards


def _run(config: Config, shard_ids: str | None = None, shard_count: int | None = None) -> int:
    try:
        shards = _shards(shard_ids, shard_count, config.database)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not config.token:
        print("error: DISCORD_TOKEN is not set (put it in .env or the environment).", file=sys.stderr)
        return 2
    from bot.adapter.client import CardroomBot, ClusterBot

    import aiohttp
    import discord

    options: dict[str, Any] = dict(starting_balance=config.starting_balance, daily_amount=config.daily_amount,
                                   sync_guild=config.guild_id, metrics_port=config.metrics_port,
                                   global_rate=config.global_rate)
    bot = CardroomBot(config.database, **options) if shards is None else ClusterBot(config.database, shards, **options)
    try:
        bot.run(config.token, log_handler=None)
    except discord.LoginFailure:
        print("error: Discord refused the token in DISCORD_TOKEN; copy it again from the Developer Portal.",
              file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError, asyncio.TimeoutError, discord.HTTPException,
            discord.GatewayNotFound) as error:
        print(f"error: cannot reach Discord ({_reason(error)}); check the network and try again.", file=sys.stderr)
        return 1
    if bot.guard_lost:
        print("error: the database lock on this process's shards was lost; restart it.", file=sys.stderr)
        return 1
    return 0


def _reason(error: BaseException) -> str:
    """The cause of a failed connection in a few words, on one line."""
    text = " ".join(str(error).split()) or type(error).__name__
    return text[:200]


def _selfplay(args: argparse.Namespace) -> int:
    from bot.registry import game
    from bot.selfplay import selfplay

    logging.getLogger().setLevel(logging.WARNING)
    players = args.players or game(args.game).min_players
    result = asyncio.run(selfplay(args.game, args.games, players, seed=args.seed, db=args.db, images=args.images,
                                    channel=args.channel))
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    return 0 if result["errors"] == 0 and result["chips_conserved"] else 1


async def _export(table: int, database: str, fmt: str = "standard", names: str = "real",
                  hero: int | None = None) -> int:
    """Print a table's finished hands as ``/export table:N`` attaches them (``format``, ``names``); a
    PokerStars file deals the ``hero``'s hole cards face up, as ``/export`` does the exporting member's
    (without one, nobody's)."""
    from bot.exports import formats, join_exports, pokerstars_file, pokerstars_refusal
    from bot.service.events.shared_deals import hand_may_show
    from bot.storage import open_storage

    storage = await open_storage(database)
    try:
        row = await storage.table(table)
        hands = await storage.hand_records(table)
        secret = [n for n, _ in hands if not await hand_may_show(storage, table, n, None)]
    finally:
        await storage.close()
    if row is not None and fmt != "standard" and fmt not in formats(row.game):
        print(pokerstars_refusal(row.game, f"python -m bot export {table}"), file=sys.stderr)
        return 2
    if row is None or not hands:
        print(f"No finished hands for table {table} in {database}.", file=sys.stderr)
        return 1
    for hand_no in secret:  # an event's board other tables still play: its deal stays out (bot.service.events.shared_deals)
        print(f"hand {hand_no}: an event board not every table has played yet; exported once revealed",
              file=sys.stderr)
    shown = [(hand_no, stored) for hand_no, stored in hands if hand_no not in secret]
    if shown and fmt == "pokerstars":
        print(pokerstars_file(row.game, table, shown, max_seats=len(row.seats), seat_names=names == "seats",
                              hero=hero)[1], end="")
    elif shown:
        print(join_exports(row.game, [(hand_no, stored.export) for hand_no, stored in shown]), end="")
    return 0


async def _migrate_db(source_name: str, target_name: str) -> int:
    """Copy one database into another and check the copy; one line per table, chips before and after."""
    from bot.storage import is_postgres_url, open_storage
    from bot.storage.copy import CopyRefused, copy_database

    if not is_postgres_url(source_name) and not os.path.exists(source_name):
        print(f"error: {source_name} does not exist.", file=sys.stderr)
        return 2
    source = await open_storage(source_name)
    target = await open_storage(target_name)
    try:
        report = await copy_database(source, target)
    except CopyRefused as refused:
        print(f"error: {refused}", file=sys.stderr)
        return 1
    finally:
        await source.close()
        await target.close()
    for table, count in report.rows.items():
        print(f"{table}: {count} rows")
    print(f"chips: {report.chips_before} before, {report.chips_after} after: they match")
    return 0


if __name__ == "__main__":
    sys.exit(main())
