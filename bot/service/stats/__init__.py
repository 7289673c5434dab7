"""Players' statistics per game, computed from the stored hands (``bot.service.stats.poker``,
``gin``, ``bridge``, ``invented``: pure functions of the stored records), and the card views
``images.stats_card`` draws them from.

Everything is per server: the storage reads take the guild, and an event's board counts towards the
duplicate scores only once the event has revealed it.
"""
from __future__ import annotations

import asyncio
from typing import Any, Mapping, Sequence

from bot.games.event_records import EventResult
from bot.games.words import counted
from bot.service.stats.bridge import BridgeStats, bridge_stats
from bot.service.stats.gin import GinStats, gin_stats
from bot.service.stats.invented import InventedStats, invented_stats
from bot.service.stats.poker import PokerStats, poker_stats
from bot.service.stats.rating_scale import shown_rating
from bot.storage.interface import Storage
from bot.storage.records import PlayedHand

POKER_GAMES = ("holdem", "omaha", "omaha-hilo", "stud", "draw", "razz", "stud-hilo", "mixed", "triple-draw", "single-draw", "badugi", "short-deck")
INVENTED_GAMES = ("saint", "squared", "sigma", "presidential")
GameStats = PokerStats | GinStats | BridgeStats | InventedStats


async def game_stats(storage: Storage, guild_id: int, user_id: int, game: str) -> GameStats | None:
    """The member's statistics in one game on this server; None if no deal of it is stored."""
    hands = await storage.played_hands(guild_id, user_id, game)
    if not hands:
        return None
    # Reading a few thousand stored hands takes a second or more: off the event loop.
    if game in POKER_GAMES:
        return await asyncio.to_thread(poker_stats, hands)
    if game == "gin":
        return await asyncio.to_thread(gin_stats, hands)
    if game == "bridge":
        secret, boards = await _event_boards(storage, guild_id, hands)
        return await asyncio.to_thread(
            bridge_stats, [h for h in hands if (h.table_id, h.hand_no) not in secret], boards)
    return await asyncio.to_thread(invented_stats, game, hands)


async def _event_boards(storage: Storage, guild_id: int, hands: Sequence[PlayedHand]
                        ) -> tuple[set[tuple[int, int]], dict[tuple[int, int], list[EventResult]]]:
    """Of the hands that were event boards: those the event has not revealed yet (left out of every
    figure: anyone may ask for a member's card, and the board is still played elsewhere), and for
    each revealed one, every table's result of it."""
    secret: set[tuple[int, int]] = set()
    boards: dict[tuple[int, int], list[EventResult]] = {}
    events: dict[str, Any] = {}
    for hand in hands:
        found = await storage.event_of_hand(hand.table_id, hand.hand_no)
        if found is None or found[0] != guild_id:
            continue
        _, event, key = found
        if event not in events:
            events[event] = (await storage.event_state(guild_id, event),
                             await storage.event_results(guild_id, event))
        state, rows = events[event]
        if state is None or not (state.closed or state.deals.get(key)):
            secret.add((hand.table_id, hand.hand_no))
            continue
        boards[(hand.table_id, hand.hand_no)] = [row for row in rows if row.deal_key == key]
    return secret, boards


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "–"


def _number(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def figures(stats: GameStats) -> list[tuple[str, str]]:
    """The card's labelled figures, in reading order."""
    if isinstance(stats, PokerStats):
        return [("Hands", str(stats.hands)), ("Net chips", f"{stats.net:+d}"),
                ("VPIP", _percent(stats.vpip, stats.hands)), ("PFR", _percent(stats.pfr, stats.hands)),
                ("3-bet", _percent(stats.three_bets, stats.three_bet_chances)),
                ("Aggression", _number(stats.aggression, 2)),
                ("Went to showdown", _percent(stats.showdowns, stats.saw_flop)),
                ("Won at showdown", _percent(stats.showdowns_won, stats.showdowns)),
                ("Biggest pot won", str(stats.biggest_pot))]
    if isinstance(stats, GinStats):
        return [("Deals", str(stats.deals)), ("Deals won", _percent(stats.deals_won, stats.deals)),
                ("Gin", _percent(stats.gins, stats.deals)), ("Undercuts made", _percent(stats.undercuts, stats.deals)),
                ("Knocks", str(stats.knocks)), ("Knocks undercut", _percent(stats.undercut, stats.knocks)),
                ("Deadwood when knocking", _number(stats.average_knock_deadwood)),
                ("Matches won", f"{stats.match_wins} of {stats.matches}")]
    if isinstance(stats, BridgeStats):
        shown = [("Boards", str(stats.boards)), ("Contracts declared", str(stats.declared)),
                 ("Declared", _percent(stats.declared, stats.boards)), ("Made", _percent(stats.made, stats.declared))]
        if stats.event_boards:
            shown += [("Event boards", str(stats.event_boards)),
                      ("Matchpoints", _percent(stats.matchpoints, stats.tops)),
                      ("IMPs per board", f"{stats.average_imps:+.2f}")]
        return shown
    return [("Deals", str(stats.deals)), ("Wins", str(stats.wins)),
            ("Win rate", _percent(stats.wins, stats.placed)), ("Average place", _number(stats.average_place, 2)),
            ("Best hand", stats.best_hand or "–"), ("Net chips", f"{stats.net:+d}")]


def card_view(player: str, title: str, stats: GameStats, rating: float | None) -> dict[str, Any]:
    """What ``images.stats_card.render_stats`` draws: the player, the game, the figures, and the
    running net chips after each hand for a poker game's graph."""
    shown = figures(stats)
    if rating is not None:
        shown.append(("Rating", shown_rating(rating)))
    return {"player": player, "game": title, "figures": shown,
            "chips": list(stats.chips) if isinstance(stats, PokerStats) else []}


def overview_view(player: str, rows: Sequence[tuple[str, int, int, int, int, float | None]],
                  titles: Mapping[str, str]) -> dict[str, Any]:
    """Every game the member played on this server, one line each (``Storage.stats`` rows)."""
    return {"player": player, "game": "Every game",
            "columns": ["Game", "Hands", "Net chips", "Matches won", "Rating"],
            "rows": [[titles.get(name, name), str(hands), f"{chips:+d}", f"{wins} of {matches}",
                      shown_rating(rating)]
                     for name, hands, chips, matches, wins, rating in rows]}


def summary(view: Mapping[str, Any]) -> str:
    """The card in one line of text, for readers without images."""
    if "rows" in view:
        return "; ".join(f"{row[0]}: {counted(int(row[1]), 'hand')}, {row[2]} chips, rating {row[4]}"
                         for row in view["rows"])
    return ", ".join(f"{label} {value}" for label, value in view["figures"][:6])
