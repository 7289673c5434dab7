"""Who is dealt in, where the button is, and how an absent player's turns go.

- **The button** moves to the next player who was dealt in the deal before; one who sat down or came
  back in between waits for it to pass (nobody is dealt in between the button and the small blind).
  At a tournament table with blinds it follows the dead-button rule instead (``dead_button``: the
  big blind moves one chair a hand).
- **Away**: the seat is kept and dealt in, and its turns are checked or folded at once; a member
  goes away by the Away button or by letting the clock run out twice in a row, and comes back with
  I'm back. Blinds still come round, so after a whole orbit away (as many deals as players) the
  member sits out (kept seat, not dealt in) until they come back.
- **Waiting for the big blind**: a member who joins a table with blinds may choose not to be dealt in
  until the deal where they are the big blind (so nobody gets a free look at the button); if the
  table would have too few players without them, they are dealt in at once.
- **A press that would change nothing** (I'm back while neither away nor sitting out, Away while
  already away or sitting out, Sit out while sitting out) is refused privately with what is true and
  what to do: the table never reads "Alice is back" when Alice was never gone.
- **The presence buttons** a member gets on their seat's panel are those that apply to them now: Sit
  out while they are dealt in, Away (at a chip table) while they play their own turns, I'm back while
  they are away or sitting out.
"""
from __future__ import annotations

from typing import Any

from bot.errors import UserError
from bot.service.tournament import dead_button
from bot.service.table.live import LiveTable
from bot.storage.records import TableSeat

def has_blinds(table: LiveTable) -> bool:
    return table.spec.moves_button and table.row.settings.posts_blinds


BACK_TO_PLAY = "Press I'm back to be dealt in again."


def refuse_no_change(seat: TableSeat, going: str) -> None:
    """Refuse Sit out (``going`` "sitout"), Away ("away") or I'm back ("back") when the seat is already
    so: nothing is changed and nothing is posted to the table."""
    if going == "back" and not (seat.away or seat.sitting_out):
        raise UserError("You are not away. You are dealt in and play your own turns: press Away or Sit "
                        "out when you need a break.")
    if going != "back" and seat.sitting_out:
        raise UserError(f"You are {'already ' if going == 'sitout' else ''}sitting out: you are not dealt in. "
                        + BACK_TO_PLAY)
    if going == "away" and seat.away:
        raise UserError("You are already away: your turns are checked or folded at once. Press I'm back to "
                        "play them yourself again.")


def offers_to(table: LiveTable, seat: TableSeat, dealing: bool) -> list[str]:
    """The presence buttons that apply to a member now: during a deal (``dealing``) Sit out, and Away at a
    chip table, while they play their own turns; I'm back while they are away or sitting out (between
    deals too: nobody waits for a deal to come back, and going away waits for one)."""
    if seat.is_bot or seat.leaving:
        return []
    present = not seat.sitting_out
    shown = {"sitout": dealing and present,
             "away": dealing and table.spec.chips and present and not seat.away,
             "back": table.row.status == "playing" and (seat.away or seat.sitting_out)}
    return [what for what, applies in shown.items() if applies]


def button_of(dealt: list[int], previous: int) -> int:
    """The button moves to the next seat dealt in after the previous button."""
    return next((i for i in dealt if i > previous), dealt[0])


def sit_out_the_long_away(table: LiveTable, players: int) -> None:
    """Before a deal: a member away for a whole orbit sits out."""
    for seat in table.row.seats:
        if seat.away and seat.away_deals >= max(players, 2):
            seat.away, seat.away_deals, seat.sitting_out = False, 0, True
            table.note(f"{seat.name} was away for a whole orbit and now sits out.")


def place_the_button(table: LiveTable, candidates: list[int], carry: dict[str, Any]) -> list[int]:
    """The seats dealt in of ``candidates`` and, in ``carry``, where the button is (``dealer``, an
    index into them) and what the next deal needs to move it: at a tournament table with blinds, the
    dead button (``dead_button``); elsewhere it moves to the next player dealt in the deal before
    (``seat_the_deal``)."""
    if table.kind.deals_everyone_with_chips and has_blinds(table):
        dealt = dead_button.deal(table, candidates, carry)
    else:
        was = table.row.carry
        dealt, button = seat_the_deal(table, candidates, -1 if was.button_seat is None else was.button_seat,
                                      set(was.last_dealt))
        carry["button_seat"] = button
        carry["dealer"] = dealt.index(button)
        carry["last_dealt"] = [table.row.seats[i].user_id for i in dealt]
    count_the_deal(table, dealt)
    return dealt


def seat_the_deal(table: LiveTable, candidates: list[int], previous_button: int,
                  last_dealt: set[int]) -> tuple[list[int], int]:
    """The seats dealt in and the button's: the button moves to the next player not waiting for the big
    blind, the small blind is the next such player, and the next seat after it posts the big blind,
    dealt in even if it was waiting; the others waiting are not dealt in (heads-up, nobody waiting
    is). A player who was not dealt in last deal (``last_dealt``: its members) and sits between the
    last button and the next waits for the button to pass (nobody is dealt in between the button and
    the small blind, so no blind is posted twice in a row). Everyone is dealt in when the table would
    have too few players without them."""
    seats = table.row.seats
    stayed = [i for i in candidates if seats[i].user_id in last_dealt]
    if has_blinds(table) and len(stayed) >= max(2, table.spec.min_players):
        button = button_of(stayed, previous_button)
        behind = [i for i in candidates if i not in stayed and dead_button.between(previous_button, i, button)]
        for index in behind:
            if not seats[index].waits_for_big_blind:  # (one who waits for the big blind was told so)
                table.note(dead_button.waits_for_the_button(seats[index].name))
        candidates = [i for i in candidates if i not in behind]
    playing = [i for i in candidates if not seats[i].waits_for_big_blind]
    if has_blinds(table) and len(playing) < len(candidates) and len(playing) >= max(2, table.spec.min_players):
        button = button_of(playing, previous_button)
        blind = button_of(candidates, button_of(playing, button))
        return (playing if blind == button else sorted({*playing, blind})), button
    return list(candidates), button_of(candidates, previous_button)


def count_the_deal(table: LiveTable, dealt: list[int]) -> None:
    """Those dealt in stop waiting for the big blind; those away count the deal."""
    seats = table.row.seats
    for index in dealt:
        seats[index].waits_for_big_blind = False
        if seats[index].away:
            seats[index].away_deals += 1
