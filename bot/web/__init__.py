"""A server's web page: its leaderboard, players, tournaments, tables (ledgers, hand replays) and bridge
events, as HTML and as a read-only JSON API, served by a process of its own over the bot's database.

Off for a server until a manager turns it on (``cogs/web.py``). Only what a channel of the server could
see is shown: replays are the engine's public views, an event's board only once every table played it
(``bot.service.events.shared_deals``), and a link reaches only its own server's data.
"""
