"""Sit-and-go tournaments for the poker games: the blind schedule, finishing places and payouts.

Pure functions, and the table service's step after each tournament hand (``Tournaments``). A
tournament table's settings have the mode ``TableMode.SIT_AND_GO``: everyone buys in for the same ``buy_in``
(that is their starting stack), nobody joins after the start, the blinds go up every
``level_hands`` hands, a player whose stack reaches zero is out with a finishing place, and when
one player has every chip the prize pool (all the buy-ins) is paid by place and the table closes. A running tournament can be cancelled only by a member with
Manage Channels (not the host alone, who could cash in a lead or undo a loss): every entrant, knocked
out or not, then gets the buy-in back, as a poker room does when it calls a tournament off.
"""
from __future__ import annotations

from typing import Any

from bot.storage.records import TableSettings


FACTORS: tuple[int, ...] = (1, 2, 3, 5, 10, 15, 20, 30, 40, 60, 80, 100, 150, 200)
"""Each level's stakes as a multiple of the first level's."""
STAKES = ("small_blind", "big_blind", "ante", "bring_in", "small_bet", "big_bet")
"""The settings a level scales (each game has some of them: blinds, or stud's ante, bring-in and bets)."""
ANTE_FROM_LEVEL = 3
"""Blind games without an ante get one from the fourth level on: the big blind's worth, posted by
the big blind (a big-blind ante, the default of hold'em and Omaha tournaments), or else a fifth of the
small blind from every player."""


CANCEL_RULE = ("Only a member with Manage Channels can cancel a running tournament; every entrant, "
               "knocked out or not, then gets the buy-in back.")
"""Who may cancel a running tournament and what it pays: said the same way wherever it is said."""


MTT_CANCEL_RULE = ("This table belongs to a multi-table tournament: a manager cancels the whole tournament "
                   "with `/tournament cancel`, and every entrant then gets their buy-ins back.")
"""The same for a table of a multi-table tournament, which is cancelled whole."""


def level(settings: TableSettings, hand_no: int) -> int:
    """The blind level (0-based) of a tournament's ``hand_no``-th hand (1-based)."""
    return min((hand_no - 1) // settings.level_hands, len(FACTORS) - 1)


def hand_settings(settings: TableSettings, hand_no: int) -> dict[str, Any]:
    """The engine settings for one hand of a sit-and-go: the game's, its stakes for that hand's level."""
    current = level(settings, hand_no)
    factor = FACTORS[current]
    game = settings.to_json()
    scaled = {key: int(game[key]) * factor for key in STAKES if key in game}
    if "small_blind" in game and not game.get("ante") and current >= ANTE_FROM_LEVEL:
        big_blind_ante = game.get("ante_kind") == "big blind"
        scaled["ante"] = scaled["big_blind"] if big_blind_ante else max(1, scaled["small_blind"] // 5)
    return {**game, **scaled}


def describe_level(settings: TableSettings, hand_no: int) -> str:
    """"level 4: blinds 25/50 ante 5" (or stud's "ante 5, bring-in 10, bets 25/50": a stud table's
    settings always hold its four stakes)."""
    current = hand_settings(settings, hand_no)
    if "small_blind" in current:
        kind = " big-blind ante" if current.get("ante_kind") == "big blind" else " ante"
        ante = f"{kind} {current['ante']}" if current.get("ante") else ""
        stakes = f"blinds {current['small_blind']}/{current['big_blind']}{ante}"
    else:
        stakes = (f"ante {current['ante']}, bring-in {current['bring_in']}, "
                  f"bets {current['small_bet']}/{current['big_bet']}")
    return f"level {level(settings, hand_no) + 1}: {stakes}"


def payout_shares(entrants: int) -> tuple[int, ...]:
    """Percent of the prize pool by finishing place: winner takes all up to 3 players."""
    if entrants <= 3:
        return (100,)
    if entrants <= 6:
        return (65, 35)
    return (50, 30, 20)


def payouts(pool: int, entrants: int) -> list[int]:
    """Chips paid for places 1, 2, ...; rounding leftovers go to the winner, so they sum to ``pool``."""
    paid = [pool * share // 100 for share in payout_shares(entrants)]
    paid[0] += pool - sum(paid)
    return paid


def busted_places(remaining: int, busted_start_stacks: list[int]) -> list[int]:
    """Places (1-based) for the players knocked out in one hand, given how many players were still in
    before it. Whoever started the hand with more chips finishes higher; equal stacks share a place."""
    better = remaining - len(busted_start_stacks)
    return [better + 1 + sum(1 for s in busted_start_stacks if s > stack) for stack in busted_start_stacks]


def cancel_refunds(stacks: list[int], buy_in: int) -> list[int]:
    """What each entrant gets when a running tournament is cancelled: the buy-in back, whatever the
    stack now. The chips at the table are exactly the buy-ins (nobody joins or leaves with chips
    after the start), so this moves no chip in or out of the game."""
    if sum(stacks) != buy_in * len(stacks):
        raise ValueError(f"the stacks {stacks} are not {len(stacks)} buy-ins of {buy_in}")
    return [buy_in] * len(stacks)
