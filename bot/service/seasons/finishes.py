"""What a season counts, as finishes (``standings.Finish``), from what the service already stores
(``Storage.season_sources``): a multi-table tournament's and a sit-and-go's places; a cash session,
one poker cash table's hands in the season, placed by the chips each member won there (equal nets
share a place); a bridge event, its pairs placed by their matchpoint percentage over the revealed
boards at least two tables played (the session's percentage is the finish's too)."""
from __future__ import annotations

from typing import Iterable, Sequence

from bot.games.bridge_scoring import ContractResult, TableResult, results_table
from bot.service.seasons.standings import Finish, shared_places
from bot.service.stats import POKER_GAMES
from bot.storage.records import CashLine, EventBoard, SeasonSources


def finishes(sources: SeasonSources) -> list[Finish]:
    """Every finish of every format in ``sources`` (the season's rule picks the formats it counts)."""
    found = [Finish("tournament", p.session, p.user_id, p.place, p.entrants, p.at) for p in sources.tournaments]
    found += [Finish("sit-and-go", p.session, p.user_id, p.place, p.entrants, p.at) for p in sources.sit_and_gos]
    return found + cash_finishes(sources.cash) + bridge_finishes(sources.bridge)


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
        for (pair, percent), place in zip(ranked, shared_places([-p for _, p in ranked])):
            found += [Finish("bridge", f"event:{event}", user, place, len(ranked), ended, percent) for user in pair]
    return found


