"""A multi-table tournament's places and prizes: one place per entrant, 1..N (N the entrants, however
many times each bought in), by order of elimination, and prizes from the whole pool once the field is
fixed.

While registration is open the field is not fixed (a newcomer may still come, a player knocked out
may re-enter), so a player knocked out then has no place and no prize yet: they wait in
``state.out`` (who, the chips they started the hand with, and which knock-out it was). A re-entry
takes them off that list: an earlier bust of a player who bought in again gives no place. When
registration closes (by the clock, or when one player is left), the field is fixed: those waiting take
the places below every player still in, the last knocked out highest; from then on a player knocked
out takes the place below those still in at once. Players knocked out in the same hand are ranked by
the chips they started it with (more finishes higher; equal stacks share a place and split the prizes
of the places they share, ``prizes.shared``).

Every place's prize comes from ``Tournament.prize_table`` (the pool paid in, shared over the paid
places), so the prizes add up to the pool and the winner gets exactly the first prize. Places are
worked out with no await between reading the players still in and giving every place, so tables
knocking players out at the same moment never give one place twice.
"""
from __future__ import annotations

from bot.service.tournament import prizes as mtt_prizes
from bot.service.tournament.multi_table import Tournament
from bot.service.tournament.sit_and_go import busted_places
from bot.storage.interface import Tx
from bot.storage.records import MttEntry

Out = list[tuple[int, int]]
"""Players knocked out in one hand: (who, the chips they started it with)."""


def field_fixed(mtt: Tournament) -> bool:
    return mtt.state.field_fixed


def reenter(mtt: Tournament, user_id: int) -> None:
    """A player waiting for a place bought in again: that bust gives no place."""
    mtt.state.out = [out for out in mtt.state.out if out[0] != user_id]


async def knocked_out(mtt: Tournament, tx: Tx, out: Out) -> list[MttEntry]:
    """Players knocked out together: placed now if the field is fixed, else they wait for their
    places (``fix_field``). Returns the entries placed."""
    if not out:
        return []
    if not field_fixed(mtt):
        number = mtt.state.knockouts = mtt.state.knockouts + 1
        mtt.state.out.extend((user, stack, number) for user, stack in out)
        return []
    return await pay(mtt, tx, _places(mtt, len(mtt.alive()), out))


async def fix_field(mtt: Tournament, tx: Tx) -> list[MttEntry]:
    """Registration is closed: the field is fixed, and those waiting take the places below every
    player still in, the last knocked out highest. Returns the entries placed (none if the field was
    already fixed)."""
    if field_fixed(mtt):
        return []
    mtt.state.field_fixed = True
    waits, mtt.state.out = mtt.state.out, []
    better, places = len(mtt.alive()), []
    for number in sorted({n for _, _, n in waits}, reverse=True):
        out = [(user, stack) for user, stack, n in waits if n == number]
        places += _places(mtt, better, out)
        better += len(out)
    return await pay(mtt, tx, places)


async def win(mtt: Tournament, tx: Tx, winner: MttEntry) -> list[MttEntry]:
    """The last player left: the field is fixed (if registration was still open), they take the first
    place and exactly the first prize. Returns the entries placed."""
    placed = await fix_field(mtt, tx)
    return placed + await pay(mtt, tx, [(winner.user_id, 1, mtt.prize_table()[0])])


def _places(mtt: Tournament, better: int, out: Out) -> list[tuple[int, int, int]]:
    """(who, place, prize) for players knocked out together, ``better`` players finishing above them."""
    places = busted_places(better + len(out), [stack for _, stack in out])
    table, given = mtt.prize_table(), []
    for shared_place in sorted(set(places)):
        sharing = [user for (user, _), p in zip(out, places) if p == shared_place]
        given += [(user, shared_place, prize)
                  for user, prize in zip(sharing, mtt_prizes.shared(table, shared_place, len(sharing)))]
    return given


async def pay(mtt: Tournament, tx: Tx, places: list[tuple[int, int, int]]) -> list[MttEntry]:
    """Every place given first (no await until all are), then the prizes paid from the pool to the
    wallets (the house's for a computer player)."""
    placed = []
    for user, place, prize in places:
        entry = mtt.entries[user]
        entry.place, entry.prize, entry.table_id = place, prize, None
        placed.append(entry)
    for entry in placed:
        if entry.prize:
            await mtt.into_pool(tx, entry, -entry.prize)
    return placed
