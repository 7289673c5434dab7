"""Where a multi-table tournament's players sit, by the rules tournament directors play (the TDA's):
the random draw at the start, balancing tables that differ by more than one player, breaking a
table when the others can take its players, and dealing hand for hand on the bubble.

Pure functions of a seating (each table's seats, a player's id or None, and the chair of its last big
blind, which moves one occupied chair a hand: ``dead_button``): they say
which moves to make and never change what they are given, so the tournament service can apply
them at a deal boundary, in the transaction that records them.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Sequence

Seats = tuple[int | None, ...]


@dataclass(frozen=True)
class Table:
    """One tournament table: its seats in clockwise order and the seat that posted the last big blind
    (before the first hand, the one the first big blind moves on from)."""

    id: int
    seats: Seats
    big_blind: int

    @property
    def players(self) -> list[int]:
        return [p for p in self.seats if p is not None]


@dataclass(frozen=True)
class Move:
    """A player moved to another table's empty seat."""

    player: int
    from_table: int
    to_table: int
    to_seat: int


def tables_needed(players: int, seats_per_table: int) -> int:
    return max(1, math.ceil(players / seats_per_table))


def draw(players: Sequence[int], seats_per_table: int, rng: random.Random) -> list[Seats]:
    """The start: players at random across as few tables as hold them, the tables differing by
    one player at most, each player in a random seat of their table."""
    order = list(players)
    rng.shuffle(order)
    count = tables_needed(len(order), seats_per_table)
    tables: list[list[int | None]] = [[None] * seats_per_table for _ in range(count)]
    for n, player in enumerate(order):
        table = tables[n % count]
        empty = [i for i, seat in enumerate(table) if seat is None]
        table[rng.choice(empty)] = player
    return [tuple(table) for table in tables]


def _clockwise(seats: Seats, after: int) -> list[int]:
    """Occupied seat indexes clockwise, starting after seat ``after``."""
    n = len(seats)
    return [(after + k) % n for k in range(1, n + 1) if seats[(after + k) % n] is not None]


def deals_until_big_blind(seats: Seats, big_blind: int, seat: int) -> int:
    """How many deals from the next one until ``seat`` posts the big blind (0: the next deal), the
    big blind moving one occupied seat each deal from ``big_blind``, the last one's."""
    occupied = _clockwise(seats, big_blind)
    if seat not in occupied or len(occupied) < 2:
        return len(seats)
    return occupied.index(seat)


def next_big_blind(table: Table) -> int:
    """The seat that posts the big blind in the table's next deal."""
    return _clockwise(table.seats, table.big_blind)[0]


def worst_seat(table: Table) -> int:
    """The empty seat a moved player takes: the one where they would post the big blind soonest
    (the position a player moved out of their big blind gets, so nobody gains a free orbit)."""
    empty = [i for i, seat in enumerate(table.seats) if seat is None]
    def wait(seat: int) -> int:
        filled = tuple(-1 if i == seat else p for i, p in enumerate(table.seats))
        return deals_until_big_blind(filled, table.big_blind, seat)
    return min(empty, key=lambda seat: (wait(seat), seat))


def _with(table: Table, seat: int, player: int | None) -> Table:
    return Table(table.id, tuple(player if i == seat else p for i, p in enumerate(table.seats)), table.big_blind)


def balance(tables: Sequence[Table]) -> list[Move]:
    """Moves until no two tables differ by more than one player: each time, from the table with the
    most players (the lowest-numbered of equals), the player who would be big blind next, to the
    worst seat of the table with the fewest."""
    current = {t.id: t for t in tables}
    moves: list[Move] = []
    while True:
        fullest = max(current.values(), key=lambda t: (len(t.players), -t.id))
        emptiest = min(current.values(), key=lambda t: (len(t.players), t.id))
        if len(fullest.players) - len(emptiest.players) <= 1:
            return moves
        seat = next_big_blind(fullest)
        player = fullest.seats[seat]
        assert player is not None
        to_seat = worst_seat(emptiest)
        moves.append(Move(player, fullest.id, emptiest.id, to_seat))
        current[fullest.id] = _with(fullest, seat, None)
        current[emptiest.id] = _with(emptiest, to_seat, player)


def table_to_break(tables: Sequence[Table], seats_per_table: int) -> int | None:
    """The table to break when the others have room for its players: the one with the fewest
    players (the highest-numbered of equals: tables break in the reverse of their numbers)."""
    players = sum(len(t.players) for t in tables)
    if len(tables) <= tables_needed(players, seats_per_table):
        return None
    return min(tables, key=lambda t: (len(t.players), -t.id)).id


def break_table(tables: Sequence[Table], broken: int, rng: random.Random) -> list[Move]:
    """The broken table's players, by random draw, into the other tables' empty seats: each to a
    table with the fewest players, a random empty seat there."""
    current = {t.id: t for t in tables if t.id != broken}
    leaving = next(t for t in tables if t.id == broken).players
    rng.shuffle(leaving)
    moves = []
    for player in leaving:
        fewest = min(len(t.players) for t in current.values())
        table = rng.choice(sorted((t for t in current.values() if len(t.players) == fewest), key=lambda t: t.id))
        seat = rng.choice([i for i, p in enumerate(table.seats) if p is None])
        moves.append(Move(player, broken, table.id, seat))
        current[table.id] = _with(table, seat, player)
    return moves


def hand_for_hand(players_left: int, paid_places: int, tables: int) -> bool:
    """On the bubble (one knockout from the money) with more than one table: every table deals the
    next hand together, so nobody can stall into the money."""
    return tables > 1 and players_left == paid_places + 1
