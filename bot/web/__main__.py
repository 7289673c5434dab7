"""``python -m bot.web``: the servers' web pages, a process of its own over the bot's database (the
same ``CARDROOM_DATABASE_URL`` or ``CARDROOM_DB``; PostgreSQL lets it run beside every cluster)."""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
from typing import Sequence

from aiohttp import web

from bot.config import Config
from bot.storage import open_storage
from bot.web.app import make_app


def parser() -> argparse.ArgumentParser:
    config = Config.from_env()
    parse = argparse.ArgumentParser(prog="python -m bot.web", description="Cardroom's web pages and JSON API.")
    parse.add_argument("--db", default=config.database, help="SQLite file or postgresql:// URL (default: the bot's)")
    parse.add_argument("--host", default=os.getenv("CARDROOM_WEB_HOST", "127.0.0.1"),
                       help="the address to listen on (CARDROOM_WEB_HOST; default 127.0.0.1)")
    parse.add_argument("--port", type=int, default=int(os.getenv("CARDROOM_WEB_PORT", "8080")),
                       help="the port (CARDROOM_WEB_PORT; default 8080)")
    parse.add_argument("--rate", type=float, default=float(os.getenv("CARDROOM_WEB_RATE", "20")),
                       help="requests a second a client may make (CARDROOM_WEB_RATE; default 20, bursts of 3 times that)")
    return parse


async def serve(database: str, host: str, port: int, rate: float) -> None:
    storage = await open_storage(database)
    runner = web.AppRunner(make_app(storage, rate=rate, burst=3 * rate), access_log=None)
    try:
        await runner.setup()
        await web.TCPSite(runner, host, port).start()
        print(f"Serving the web pages on http://{host}:{port}/", flush=True)
        await asyncio.Event().wait()
    finally:
        await runner.cleanup()
        await storage.close()


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        asyncio.run(serve(args.db, args.host, args.port, args.rate))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
