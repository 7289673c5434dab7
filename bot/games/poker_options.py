"""A poker table's options in words, as ``/status`` says them: its stakes and forced bets
(``forced_bets.describe``, also the table picture's heading), then what else the host chose."""
from __future__ import annotations

from typing import Any, Callable, Mapping

from bot.games.forced_bets import bomb_pot_size
from bot.games.forced_bets import describe as stakes
from bot.games.words import counted


def describe(settings: Mapping[str, Any], stakes_of: Callable[[Mapping[str, Any]], str] = stakes) -> str:
    """"Blinds 5/10, BB ante 10, UTG straddle; run it twice, rabbit hunt, time bank 30 s every 10 hands";
    ``stakes_of`` words the stakes of a game whose forced bets are not blinds (short deck's button blind)."""
    extras = options(settings)
    return stakes_of(settings) + ("; " + ", ".join(extras) if extras else "")


def options(settings: Mapping[str, Any], *, short: bool = False) -> list[str]:
    """The options beyond the stakes and forced bets, in words; ``short``: as the table picture's
    footer lists them ("bomb pot /5 hands", "time bank 30 s")."""
    extras = ["run it twice"] if settings.get("run_it_twice") else []
    if settings.get("rabbit_hunt"):
        extras.append("rabbit hunt")
    if settings.get("bomb_pot_every"):
        every = settings["bomb_pot_every"]
        extras.append(f"bomb pot /{counted(every, 'hand')}" if short else
                      f"bomb pot every {counted(every, 'hand')} ({bomb_pot_size(settings)} each)")
    if settings.get("bounty_72"):
        extras.append(f"7-2 bounty {settings['bounty_72']}")
    if settings.get("time_bank"):
        bank = f"time bank {settings['time_bank']} s"
        extras.append(bank if short else f"{bank} every {counted(settings.get('time_bank_hands', 10), 'hand')}")
    return extras
