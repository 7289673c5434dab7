"""A multi-table tournament's settings, from what a manager gives ``/tournament create``: checked, with
the defaults filled in, as the ``TournamentSettings`` the tournament keeps (``MttRow.settings``). Levels last ``minutes``
of the tournament's clock, or with ``level_hands`` that many hands a table (then without breaks: a
break is a stretch of the clock)."""
from __future__ import annotations

from bot.errors import UserError
from bot.service.tournament import prizes as mtt_prizes
from bot.service.tournament.clock import PRESETS
from bot.storage.records import TournamentSettings


def parse_blinds(text: str) -> tuple[tuple[int, int], ...]:
    """"10/20, 20/40, 50/100": the levels' blinds, each big blind at least the small one and no
    level lower than the one before."""
    levels = []
    for part in text.replace(" ", "").split(","):
        small, _, big = part.partition("/")
        if not (small.isdigit() and big.isdigit()) or not 0 < int(small) <= int(big):
            raise UserError(f"{part!r} is not a level: write each as small/big blind, such as 10/20, 20/40, 50/100.")
        levels.append((int(small), int(big)))
    if levels != sorted(levels):
        raise UserError("The blinds can't go down from one level to the next.")
    return tuple(levels)


MIN_TURN_SECONDS = 10
"""The least time a player is given to act (the fewest `/tournament create` offers)."""
NOT_NEGATIVE = {"late_levels": "The levels of late registration", "break_every": "The levels between breaks",
                "break_minutes": "A break's minutes", "level_hands": "The hands of a level"}


def mtt_settings(*, stack: int, buy_in: int, seats: int, blinds: str, minutes: int, level_hands: int, break_every: int,
                 break_minutes: int, late_levels: int, reentry: bool, prizes: str | None, starts_at: float | None,
                 turn_seconds: int, manager_role: int | None) -> TournamentSettings:
    levels = PRESETS[blinds] if blinds in PRESETS else parse_blinds(blinds)
    try:
        shares = mtt_prizes.parse_shares(prizes) if prizes else None
    except ValueError as error:
        raise UserError(str(error)) from None
    settings = TournamentSettings(stack=stack, buy_in=buy_in, seats=seats, blinds=levels, minutes=minutes,
                                  level_hands=level_hands, break_every=0 if level_hands else break_every,
                                  break_minutes=break_minutes, late_levels=late_levels, reentry=reentry, prizes=shares,
                                  starts_at=starts_at, turn_seconds=turn_seconds, manager_role=manager_role)
    check_settings(settings)
    return settings


def check_settings(settings: TournamentSettings) -> None:
    """Refuse, in plain words, settings a tournament can't be played with. Judged here, where every
    tournament is built (``tournament.settings`` and ``MttDesk.create``), not only by the command's option
    ranges. A buy-in of 0 is a freeroll."""
    s = settings
    if s.buy_in < 0:
        raise UserError("A buy-in can't be negative (0 makes it a freeroll).")
    if s.minutes < 1:
        raise UserError("A level lasts at least 1 minute.")
    if s.turn_seconds < MIN_TURN_SECONDS:
        raise UserError(f"A player needs at least {MIN_TURN_SECONDS} seconds to act.")
    for key, what in NOT_NEGATIVE.items():
        if getattr(s, key) < 0:
            raise UserError(f"{what} can't be negative.")
    if not 2 <= s.seats <= 10:
        raise UserError("A table seats 2 to 10 players.")
    first_big_blind = s.blinds[0][1]
    if s.stack < 20 * first_big_blind:
        raise UserError(f"A starting stack of {s.stack} is under 20 big blinds of the first level ({first_big_blind}).")
