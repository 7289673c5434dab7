"""What seasons, profiles and achievements read and write, for every backend: mixed into ``Queries``
(so a transaction's ``Writes`` has them too). Every read is scoped by the server that asks but
``due_seasons`` and ``next_season_end``, which the one clock asks of every server."""
from __future__ import annotations

import json
from typing import Any, Protocol, Sequence

from bot.storage.season_records import (Achievement, BustDeal, CashLine, DealtChips, EventBoard, MemberTotals, Placed,
                                        Season, SeasonLine, SeasonRule, SeasonSources, SitAndGoPlay)
from bot.storage.table_records import TableMode, TableSettings

SEASON_COLUMNS = "id, guild_id, channel_id, name, starts_at, ends_at, rule, ended_at, final"


def _season(row: Sequence[Any]) -> Season:
    id_, guild_id, channel_id, name, starts_at, ends_at, rule, ended_at, final = row
    return Season(int(id_), int(guild_id), int(channel_id), str(name), float(starts_at), float(ends_at),
                  SeasonRule.from_json(json.loads(rule)), None if ended_at is None else float(ended_at),
                  tuple(SeasonLine.from_json(line) for line in json.loads(final or "[]")))


def _within(at: float | None, since: float, until: float) -> bool:
    return at is not None and since <= at < until


class SeasonReads(Protocol):
    async def seasons(self, guild_id: int) -> list[Season]:
        """The server's seasons, the latest started first."""
        ...

    async def season_named(self, guild_id: int, name: str) -> Season | None: ...

    async def due_seasons(self, now: float) -> list[Season]:
        """Seasons of every server whose end has come and that have not ended yet."""
        ...

    async def next_season_end(self) -> float | None:
        """The earliest end of a season still running, on any server."""
        ...

    async def season_sources(self, guild_id: int, since: float, until: float) -> SeasonSources:
        """What the server's tournaments, sit-and-gos, cash tables and revealed event boards finished
        between ``since`` and ``until``."""
        ...

    async def event_boards(self, guild_id: int, since: float, until: float) -> list[EventBoard]:
        """The server's revealed event boards that tables finished between ``since`` and ``until``."""
        ...

    async def season_busts(self, guild_id: int, since: float, until: float) -> list[BustDeal]:
        """The deals that knocked a player out of the server's sit-and-gos and multi-table tournaments
        that finished between ``since`` and ``until``."""
        ...

    async def achievements(self, guild_id: int, user_id: int) -> list[Achievement]:
        """What the member earned on this server, in the order earned."""
        ...

    async def member_totals(self, guild_id: int, user_ids: list[int]) -> dict[int, MemberTotals]:
        """Of each member who finished a deal or holds an achievement on this server: deals finished,
        deals they won chips in, achievements held; in one query (the check after every deal)."""
        ...


class SeasonWrites(Protocol):
    async def insert_season(self, guild_id: int, channel_id: int, name: str, starts_at: float, ends_at: float,
                            rule: SeasonRule) -> int:
        """A new season; returns its id."""
        ...

    async def end_season(self, season_id: int, at: float, final: Sequence[SeasonLine]) -> bool:
        """Keep a season's final standings; False (nothing written) if it had already ended."""
        ...

    async def award(self, guild_id: int, achievement: Achievement) -> bool:
        """Record an achievement; False (nothing written) if the member already had it."""
        ...


class SeasonQueries:
    _db: Any  # ``bot.storage.queries.Db``

    async def seasons(self, guild_id: int) -> list[Season]:
        return [_season(r) for r in await self._db.fetch(
            f"SELECT {SEASON_COLUMNS} FROM seasons WHERE guild_id = ? ORDER BY starts_at DESC, id DESC", guild_id)]

    async def season_named(self, guild_id: int, name: str) -> Season | None:
        rows = await self._db.fetch(f"SELECT {SEASON_COLUMNS} FROM seasons WHERE guild_id = ? AND name = ?",
                                    guild_id, name)
        return _season(rows[0]) if rows else None

    async def due_seasons(self, now: float) -> list[Season]:
        return [_season(r) for r in await self._db.fetch(
            f"SELECT {SEASON_COLUMNS} FROM seasons WHERE ended_at IS NULL AND ends_at <= ? ORDER BY ends_at, id", now)]

    async def next_season_end(self) -> float | None:
        rows = await self._db.fetch("SELECT MIN(ends_at) FROM seasons WHERE ended_at IS NULL")
        return None if not rows or rows[0][0] is None else float(rows[0][0])

    async def season_sources(self, guild_id: int, since: float, until: float) -> SeasonSources:
        sources = SeasonSources()
        for mtt_id, state, user_id, place, entrants in await self._db.fetch(
                "SELECT m.id, m.state, e.user_id, e.place, (SELECT COUNT(*) FROM mtt_entries x WHERE x.mtt_id = m.id)"
                " FROM mtts m JOIN mtt_entries e ON e.mtt_id = m.id WHERE m.guild_id = ? AND m.status = 'finished'"
                " AND e.place IS NOT NULL ORDER BY m.id, e.place", guild_id):
            at = json.loads(state).get("finished_at")
            if _within(at, since, until):
                sources.tournaments.append(Placed(f"mtt:{mtt_id}", int(user_id), int(place), int(entrants), float(at)))
        for table_id, at in await self._sit_and_gos(guild_id, since, until):
            records = [json.loads(record) for (record,) in await self._db.fetch(
                "SELECT record FROM hands WHERE table_id = ? ORDER BY hand_no", table_id)]
            deals = tuple(DealtChips(tuple(int(u) for u in r.get("users", ())), tuple(r.get("stacks", ())),
                                     tuple(r.get("outcome", {}).get("deltas", ()))) for r in records)
            sources.sit_and_gos.append(SitAndGoPlay(f"table:{table_id}", deals, at))
        for table_id, game, settings, user_id, net, at in await self._db.fetch(
                "SELECT p.table_id, t.game, t.settings, p.user_id, SUM(p.net), MAX(p.finished_at) FROM hand_players p"
                " JOIN tables t ON t.id = p.table_id WHERE p.guild_id = ? AND p.finished_at >= ? AND p.finished_at < ?"
                " GROUP BY p.table_id, t.game, t.settings, p.user_id ORDER BY p.table_id, p.user_id", guild_id, since, until):
            kept = TableSettings.from_json(json.loads(settings))
            if kept.mode is TableMode.CASH and kept.event is None:
                sources.cash.append(CashLine(int(table_id), str(game), int(user_id), int(net), float(at)))
        sources.bridge = await self.event_boards(guild_id, since, until)
        return sources

    async def event_boards(self, guild_id: int, since: float, until: float) -> list[EventBoard]:
        boards: list[EventBoard] = []
        for event, key, table_id, hand_no, players, result, at in await self._db.fetch(
                "SELECT r.event, r.deal_key, r.table_id, r.hand_no, r.players, r.result, h.finished_at FROM event_results r"
                " JOIN hands h ON h.table_id = r.table_id AND h.hand_no = r.hand_no"
                " JOIN event_deals d ON d.guild_id = r.guild_id AND d.event = r.event AND d.deal_key = r.deal_key"
                " JOIN events v ON v.guild_id = r.guild_id AND v.event = r.event"
                " WHERE r.guild_id = ? AND (d.revealed_at IS NOT NULL OR v.closed_at IS NOT NULL)"
                " AND h.finished_at >= ? AND h.finished_at < ? ORDER BY h.finished_at, r.table_id", guild_id, since, until):
            seated = tuple((int(p["user_id"]), str(p["name"])) for p in json.loads(players))
            boards.append(EventBoard(str(event), str(key), int(table_id), int(hand_no), seated,
                                      json.loads(result), float(at)))
        return boards

    async def season_busts(self, guild_id: int, since: float, until: float) -> list[BustDeal]:
        sessions = [("sit-and-go", f"table:{table_id}", [table_id])
                    for table_id, _ in await self._sit_and_gos(guild_id, since, until)]
        for mtt_id, state in await self._db.fetch(
                "SELECT id, state FROM mtts WHERE guild_id = ? AND status = 'finished' ORDER BY id", guild_id):
            if _within(json.loads(state).get("finished_at"), since, until):
                tables = await self._db.fetch("SELECT table_id FROM mtt_tables WHERE mtt_id = ? ORDER BY table_id", mtt_id)
                sessions.append(("tournament", f"mtt:{mtt_id}", [int(table_id) for (table_id,) in tables]))
        busts: list[BustDeal] = []
        for kind, session, tables in sessions:
            for table_id in tables:
                for record, export in await self._db.fetch(
                        "SELECT record, export FROM hands WHERE table_id = ? ORDER BY hand_no", table_id):
                    dealt = json.loads(record)
                    after = zip(dealt.get("stacks", ()), dealt.get("outcome", {}).get("deltas", ()))
                    if any(stack > 0 >= stack + delta for stack, delta in after):
                        busts.append(BustDeal(kind, session, tuple(int(u) for u in dealt.get("users", ())), str(export)))
        return busts

    async def _sit_and_gos(self, guild_id: int, since: float, until: float) -> list[tuple[int, float]]:
        """The server's closed sit-and-go tables whose last deal ended between the times, and when."""
        found: list[tuple[int, float]] = []
        for table_id, settings, at in await self._db.fetch(
                "SELECT t.id, t.settings, MAX(h.finished_at) FROM tables t JOIN hands h ON h.table_id = t.id"
                " WHERE t.guild_id = ? AND t.status = 'closed' GROUP BY t.id, t.settings ORDER BY t.id", guild_id):
            if TableSettings.from_json(json.loads(settings)).mode is TableMode.SIT_AND_GO and _within(at, since, until):
                found.append((int(table_id), float(at)))
        return found

    async def achievements(self, guild_id: int, user_id: int) -> list[Achievement]:
        rows = await self._db.fetch(
            "SELECT user_id, kind, earned_at, table_id, hand_no FROM achievements WHERE guild_id = ? AND user_id = ?"
            " ORDER BY earned_at, kind", guild_id, user_id)
        return [Achievement(int(u), str(k), float(at), None if t is None else int(t), None if n is None else int(n))
                for u, k, at, t, n in rows]

    async def member_totals(self, guild_id: int, user_ids: list[int]) -> dict[int, MemberTotals]:
        if not user_ids:
            return {}
        members = ",".join("?" * len(user_ids))
        rows = await self._db.fetch(
            "SELECT user_id, COUNT(*), SUM(CASE WHEN net > 0 THEN 1 ELSE 0 END), NULL FROM hand_players"
            f" WHERE guild_id = ? AND user_id IN ({members}) GROUP BY user_id"
            f" UNION ALL SELECT user_id, NULL, NULL, kind FROM achievements WHERE guild_id = ? AND user_id IN ({members})",
            guild_id, *user_ids, guild_id, *user_ids)
        totals: dict[int, tuple[int, int]] = {}
        held: dict[int, set[str]] = {}
        for user, hands, wins, kind in rows:
            if kind is None:
                totals[int(user)] = (int(hands), int(wins))
            else:
                held.setdefault(int(user), set()).add(str(kind))
        return {user: MemberTotals(*totals.get(user, (0, 0)), frozenset(held.get(user, ())))
                for user in totals.keys() | held.keys()}

    async def insert_season(self, guild_id: int, channel_id: int, name: str, starts_at: float, ends_at: float,
                            rule: SeasonRule) -> int:
        rows = await self._db.fetch(
            "INSERT INTO seasons (guild_id, channel_id, name, starts_at, ends_at, rule) VALUES (?, ?, ?, ?, ?, ?)"
            " RETURNING id", guild_id, channel_id, name, starts_at, ends_at, json.dumps(rule.to_json()))
        return int(rows[0][0])

    async def end_season(self, season_id: int, at: float, final: Sequence[SeasonLine]) -> bool:
        rows = await self._db.fetch(
            "UPDATE seasons SET ended_at = ?, final = ? WHERE id = ? AND ended_at IS NULL RETURNING id",
            at, json.dumps([line.to_json() for line in final]), season_id)
        return bool(rows)

    async def award(self, guild_id: int, achievement: Achievement) -> bool:
        rows = await self._db.fetch(
            "INSERT INTO achievements (guild_id, user_id, kind, earned_at, table_id, hand_no) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT DO NOTHING RETURNING kind", guild_id, achievement.user_id, achievement.kind,
            achievement.earned_at, achievement.table_id, achievement.hand_no)
        return bool(rows)
