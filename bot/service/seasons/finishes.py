"""What a season counts, as finishes (``standings.Finish``), from what the service already stores
(``Storage.season_sources``): a multi-table tournament's places, a sit-and-go's (replayed from its
deals, as its table gave them); a cash session,
one poker cash table's hands in the season, placed by the chips each member won there (equal nets
share a place); a bridge event, its pairs placed by their matchpoint percentage over the revealed
boards at least two tables played (the session's percentage is the finish's too, and how many pairs
share its place)."""
from __future__ import annotations

from typing import Iterable, Sequence

from bot.games.bridge_scoring import ContractResult, TableResult, results_table
from bot.service.seasons.standings import Finish, shared_places
from bot.service.stats import POKER_GAMES
from bot.service.tournament.sit_and_go import busted_places
from bot.storage.records import CashLine, EventBoard, SeasonSources, SitAndGoPlay


def finishes(sources: SeasonSources) -> list[Finish]:
    """Every finish of every format in ``sources`` (the season's rule picks the formats it counts)."""
    found = [Finish("tournament", p.session, p.user_id, p.place, p.entrants, p.at) for p in sources.tournaments]
    found += [finish for play in sources.sit_and_gos for finish in sit_and_go_finishes(play)]
    return found + cash_finishes(sources.cash) + bridge_finishes(sources.bridge)


def sit_and_go_finishes(play: SitAndGoPlay) -> list[Finish]:
    """A sit-and-go's places as its table gave them (``sit_and_go.busted_places``: players knocked out
    in one deal placed by the chips they began it with), replayed from its deals; the entrants are
    those dealt the first deal. None for one that did not finish (cancelled with players left)."""
    if not play.deals:
        return []
    remaining = len(play.deals[0].users)
    places: dict[int, int] = {}
    left: list[int] = []
    for deal in play.deals:
        after = [stack + delta for stack, delta in zip(deal.stacks, deal.deltas)]
        busted = [k for k, chips in enumerate(after) if chips <= 0 < deal.stacks[k]]
        for k, place in zip(busted, busted_places(remaining, [deal.stacks[k] for k in busted])):
            places[deal.users[k]] = place
        remaining -= len(busted)
        left = [deal.users[k] for k, chips in enumerate(after) if chips > 0]
    if len(left) != 1:
        return []
    places[left[0]] = 1
    entrants = len(play.deals[0].users)
    return [Finish("sit-and-go", play.session, user, place, entrants, play.at) for user, place in places.items()]


def cash_finishes(lines: Iterable[CashLine]) -> list[Finish]:
    sessions: dict[int, list[CashLine]] = {}
    for line in lines:
        if line.game in POKER_GAMES:
            sessions.setdefault(line.table_id, []).append(line)
    found: list[Finish] = []
    for table_id, played in sessions.items():
        played.sort(key=lambda line: (-line.net, line.user_id))
        ended = max(line.at for line in played)
        for line, place in zip(played, shared_places([-line.net for line in played])):
            found.append(Finish("cash", f"table:{table_id}", line.user_id, place, len(played), ended))
    return found


def bridge_percentages(boards: Sequence[EventBoard]) -> dict[tuple[int, ...], float]:
    """Each pair's (its members' user ids, sorted) matchpoint percentage over the boards at least two
    tables played."""
    by_board: dict[str, list[EventBoard]] = {}
    for board in boards:
        by_board.setdefault(board.deal_key, []).append(board)
    won: dict[tuple[int, ...], list[int]] = {}  # pair -> [matchpoints, tops]
    for key, played in by_board.items():
        if len(played) < 2:
            continue
        scored = results_table(int(key), [TableResult("", ContractResult(**b.result)) for b in played])
        top = 2 * (len(played) - 1)
        for board, score in zip(played, scored):
            for side, mp in ((0, score["ns_mp"]), (1, score["ew_mp"])):
                pair = tuple(sorted((board.players[side][0], board.players[side + 2][0])))
                totals = won.setdefault(pair, [0, 0])
                totals[0] += mp
                totals[1] += top
    return {pair: round(100 * mp / tops, 2) for pair, (mp, tops) in won.items() if tops}


def bridge_finishes(boards: Iterable[EventBoard]) -> list[Finish]:
    events: dict[str, list[EventBoard]] = {}
    for board in boards:
        events.setdefault(board.event, []).append(board)
    found: list[Finish] = []
    for event, played in events.items():
        percents = bridge_percentages(played)
        ranked = sorted(percents.items(), key=lambda item: (-item[1], item[0]))
        ended = max(board.at for board in played)
        places = shared_places([-p for _, p in ranked])
        for (pair, percent), place in zip(ranked, places):
            found += [Finish("bridge", f"event:{event}", user, place, len(ranked), ended, percent, places.count(place))
                      for user in pair]
    return found


