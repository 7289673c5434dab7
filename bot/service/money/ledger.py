"""A session's ledger (``/ledger``): for every player of a table, or of the tables a channel played
today, the chips they bought in (buy-ins, rebuys, top-ups), cashed out and still hold at a table
that is open (a hand in progress counts as it began), their net, the hands they played and the
biggest pot they won; and the fewest transfers that square the nets (``settle_up``).

The chips come from the table's ledger lines (``LedgerEntry``, written with every move between a
wallet and a table); the hands from the stored hand records. Members are counted by who they are
(under the last name they sat under), computer players by their names; the house, whose wallet
pays computer players' buy-ins, is no player.
"""
from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field
from typing import Any

from bot.errors import UserError
from bot.games.words import counted
from bot.registry import game
from bot.service.money.settle_up import EXACT_UP_TO, Settlement, settle_up
from bot.service.stats.poker import hand_facts
from bot.storage.interface import Storage
from bot.storage.records import StoredHand, TableRow

TODAY = 86400.0
"""Seconds back that "today's tables" go: those with a chip bought in or cashed out in the last 24 hours."""
Player = tuple[bool, int | str]
"""Who a line is: (a computer player?, the member's id, or the computer player's name)."""


@dataclass
class LedgerLine:
    """One player's figures: chips bought in (first buy-ins, rebuys and top-ups together, and how
    many of each), cashed out, still at an open table, and the hands played and biggest pot won."""

    name: str
    computer: bool
    bought_in: int = 0
    rebuys: int = 0
    top_ups: int = 0
    cashed_out: int = 0
    at_table: int = 0
    hands: int = 0
    biggest_pot: int = 0

    @property
    def net(self) -> int:
        return self.cashed_out + self.at_table - self.bought_in


@dataclass
class Ledger:
    """The lines, best net first; the tables they come from; the settle-up between their players."""

    title: str
    tables: list[int]
    lines: list[LedgerLine]
    settlement: Settlement[str] = field(default_factory=lambda: Settlement([], True))


async def table_ledger(storage: Storage, guild_id: int, table_id: int) -> Ledger:
    """The ledger of one of this server's tables."""
    row = await storage.table(table_id)
    if row is None or row.guild_id != guild_id:  # another server's table is none of ours
        raise UserError(f"There is no table #{table_id} on this server.")
    if not game(row.game).chips:
        raise UserError(f"Table #{table_id} plays {game(row.game).title}, without chips: it has no ledger.")
    return await _ledger(storage, guild_id, [row], f"Ledger · table #{table_id} · {game(row.game).title}")


async def channel_ledger(storage: Storage, guild_id: int, channel_id: int, now: float) -> Ledger:
    """The ledger of the tables of this channel that moved chips in the last 24 hours, together."""
    rows = [row for table_id in await storage.ledger_tables(guild_id, channel_id, now - TODAY)
            if (row := await storage.table(table_id)) is not None]
    if not rows:
        raise UserError("No table in this channel has bought in or cashed out chips today. "
                        "Give `table:` for an older one.")
    tables = ", ".join(f"#{row.id}" for row in rows)
    return await _ledger(storage, guild_id, rows, f"Ledger · today in this channel · table{'s' * (len(rows) > 1)} {tables}")


async def _ledger(storage: Storage, guild_id: int, rows: list[TableRow], title: str) -> Ledger:
    lines: dict[Player, LedgerLine] = {}

    def line(computer: bool, user_id: int, name: str, *, named: bool = True) -> LedgerLine:
        found = lines.setdefault((computer, name if computer else user_id), LedgerLine(name, computer))
        if named:
            found.name = name  # the last name a member sat under (a hand's record may hold an older one)
        return found

    ids = [row.id for row in rows]
    for entry in await storage.ledger_entries(guild_id, ids):
        counted = line(entry.user_id < 0, entry.user_id, entry.name)
        if entry.kind == "cash-out":
            counted.cashed_out += entry.chips
        else:
            counted.bought_in += entry.chips
            counted.rebuys += entry.kind == "rebuy"
            counted.top_ups += entry.kind == "top-up"
    for row in rows:
        for seat in row.seats if row.status != "closed" else ():
            line(seat.is_bot, seat.user_id, seat.name).at_table += seat.stack
        for hand in await storage.table_hands(guild_id, row.id):
            for computer, user_id, name, pot in _played(hand):
                counted = line(computer, user_id, name, named=False)
                counted.hands += 1
                counted.biggest_pot = max(counted.biggest_pot, pot)
    ordered = sorted(lines.values(), key=lambda ln: (-ln.net, ln.name))
    return Ledger(title, ids, ordered, settle_up({_label(ln, ordered): ln.net for ln in ordered}))


def _played(hand: StoredHand) -> list[tuple[bool, int, str, int]]:
    """Who played a stored hand (a computer player?, user id, name) and the pot each won in it (0: none)."""
    record = hand.record
    users, names, bots = record.get("users"), record["names"], record.get("bots")
    if users is None or bots is None:  # a hand stored before its players were kept: nobody to count
        return []
    deltas = record["outcome"]["deltas"]
    return [(bool(bots[k]), int(users[k]), str(names[k]), _pot_won(hand, k, deltas)) for k in range(len(names))]


def _pot_won(hand: StoredHand, seat: int, deltas: list[int]) -> int:
    """The chips in the biggest pot ``seat`` collected from in a hand (as /stats counts it: every
    chip put in and not returned), 0 if they collected none."""
    if game(hand.game).export_format == "phh":
        facts = hand_facts(hand.export, seat, deltas)
        return facts.pot if facts.collected > 0 else 0
    view: dict[str, Any] = json.loads(hand.export)  # the game's finished public view: its pots, who won what
    won = view["seats"][seat].get("won", 0) if "pots" in view else 0
    return sum(int(pot["amount"]) for pot in view["pots"]) if won else 0


def _label(line: LedgerLine, lines: list[LedgerLine]) -> str:
    """A line's name as the settle-up names it: a computer player marked, a name two players share
    told apart."""
    name = f"{line.name} (bot)" if line.computer and "(bot)" not in line.name else line.name
    same = [other for other in lines if other.name == line.name]
    return name if len(same) == 1 else f"{name} ({same.index(line) + 1})"


COLUMNS = ("Player", "Bought in", "Cashed out", "At table", "Net", "Hands", "Biggest pot")


def ledger_view(ledger: Ledger) -> dict[str, Any]:
    """What ``images.ledger.render_ledger`` draws: plain strings, every line and every transfer."""
    return {
        "title": ledger.title,
        "columns": list(COLUMNS),
        "lines": [{"cells": [_label(ln, ledger.lines), str(ln.bought_in), str(ln.cashed_out), str(ln.at_table),
                             f"{ln.net:+d}" if ln.net else "0", str(ln.hands), str(ln.biggest_pot)], "up": ln.net > 0}
                  for ln in ledger.lines],
        "transfers": [f"{t.payer} pays {t.payee} {t.chips}" for t in ledger.settlement.transfers],
        "method": method(ledger),
    }


def method(ledger: Ledger) -> str:
    """How the settle-up was found, in words."""
    count = len(ledger.settlement.transfers)
    if not count:
        return "Everyone is square: nothing to settle."
    fewest = ("the fewest possible" if ledger.settlement.exact
              else f"found by the greedy method (over {EXACT_UP_TO} players with a net: maybe not the fewest)")
    return f"After {'this' if count == 1 else 'these'} {counted(count, 'transfer')} every net is square: {fewest}."


CSV_COLUMNS = ("tables", "player", "computer", "bought_in", "rebuys", "top_ups", "cashed_out", "at_table", "net",
               "hands", "biggest_pot")


def ledger_csv(ledger: Ledger) -> str:
    """The lines as CSV, one row a player under a header row (``CSV_COLUMNS``). A name that starts
    like a formula is written with a leading apostrophe, so a spreadsheet shows it as text."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    tables = " ".join(str(t) for t in ledger.tables)
    for ln in ledger.lines:
        name = _label(ln, ledger.lines)
        writer.writerow([tables, "'" + name if name[0] in "=+-@\t\r" else name, "yes" if ln.computer else "no",
                         ln.bought_in, ln.rebuys, ln.top_ups, ln.cashed_out, ln.at_table, ln.net, ln.hands,
                         ln.biggest_pot])
    return out.getvalue()
