"""A multi-table tournament's seating by the tournament directors' rules: the draw, balancing,
breaking tables and hand for hand, checked on random seatings."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.service.tournament.seating import (Move, Table, balance, break_table, deals_until_big_blind, draw, hand_for_hand,
                                     next_big_blind, table_to_break, worst_seat)


def _apply(tables: list[Table], moves: list[Move]) -> list[Table]:
    current = {t.id: list(t.seats) for t in tables}
    for move in moves:
        source = current[move.from_table]
        assert move.player in source, "a move takes a player who is at the table it leaves"
        source[source.index(move.player)] = None
        assert current[move.to_table][move.to_seat] is None, "a move goes to an empty seat"
        current[move.to_table][move.to_seat] = move.player
    return [Table(t.id, tuple(current[t.id]), t.big_blind) for t in tables if t.id in current]


@st.composite
def seatings(draw_: st.DrawFn) -> list[Table]:
    size = draw_(st.integers(2, 10))
    count = draw_(st.integers(2, 5))
    player = iter(range(1, 1000))
    tables = []
    for table_id in range(1, count + 1):
        seats = tuple(next(player) if draw_(st.booleans()) else None for _ in range(size))
        tables.append(Table(table_id, seats, draw_(st.integers(0, size - 1))))
    return tables


def test_the_draw_spreads_everyone_over_as_few_tables_as_hold_them() -> None:
    for players in range(2, 61):
        tables = draw(range(players), 9, random.Random(players))
        counts = [sum(p is not None for p in t) for t in tables]
        assert len(tables) == -(-players // 9) and max(counts) - min(counts) <= 1
        assert sorted(p for t in tables for p in t if p is not None) == list(range(players))


@settings(max_examples=300, deadline=None)
@given(seatings())
def test_balancing_moves_the_next_big_blind_to_the_worst_seat_until_tables_differ_by_one(tables: list[Table]) -> None:
    moves = balance(tables)
    after = _apply(tables, moves)
    counts = [len(t.players) for t in after]
    assert max(counts) - min(counts) <= 1
    assert sorted(p for t in after for p in t.players) == sorted(p for t in tables for p in t.players)
    current = {t.id: t for t in tables}
    for move in moves:
        source, target = current[move.from_table], current[move.to_table]
        assert len(source.players) == max(len(t.players) for t in current.values())
        assert len(target.players) == min(len(t.players) for t in current.values())
        assert source.seats[next_big_blind(source)] == move.player, "the player who would be big blind next"
        assert move.to_seat == worst_seat(target)
        current = {t.id: t for t in _apply(list(current.values()), [move])}


def test_a_moved_player_is_big_blind_at_once_where_that_seat_is_free() -> None:
    # The last big blind on seat 4: the next one is the first player after it, so a player put in
    # seat 5 posts it at once (the big blind moves one occupied seat a hand: ``dead_button``).
    target = Table(2, (1, None, 2, None, 3, None), big_blind=4)
    assert worst_seat(target) == 5 and deals_until_big_blind((1, None, 2, None, 3, 9), 4, 5) == 0
    assert deals_until_big_blind((1, None, 2, 9, 3, None), 4, 3) == 2
    source = Table(1, (10, 11, 12, 13, 14, 15), big_blind=1)  # next deal: big blind seat 2
    assert next_big_blind(source) == 2
    assert [m.player for m in balance([source, Table(2, (1, None, None, None, None, None), 0)])] == [12, 13]


@settings(max_examples=300, deadline=None)
@given(seatings(), st.integers(0, 10**6))
def test_a_table_breaks_when_the_others_have_room_and_its_players_fill_them_evenly(tables: list[Table], seed: int) -> None:
    size = len(tables[0].seats)
    players = sum(len(t.players) for t in tables)
    broken = table_to_break(tables, size)
    fits = players <= size * (len(tables) - 1)
    assert (broken is not None) == fits
    if broken is None:
        return
    assert len(next(t for t in tables if t.id == broken).players) == min(len(t.players) for t in tables)
    moves = break_table(tables, broken, random.Random(seed))
    assert all(m.from_table == broken for m in moves)
    after = [t for t in _apply(tables, moves) if t.id != broken]
    assert sorted(p for t in after for p in t.players) == sorted(p for t in tables for p in t.players)
    balanced = _apply(after, balance(after))
    counts = [len(t.players) for t in balanced]
    assert max(counts) - min(counts) <= 1


def test_hand_for_hand_on_the_bubble_only() -> None:
    assert hand_for_hand(players_left=10, paid_places=9, tables=2)
    assert not hand_for_hand(players_left=11, paid_places=9, tables=2)
    assert not hand_for_hand(players_left=9, paid_places=9, tables=2), "in the money"
    assert not hand_for_hand(players_left=4, paid_places=3, tables=1), "one table deals in its own time"
