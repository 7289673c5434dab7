"""A season's standings from its finishes, pure (the web page imports it as the cogs do).

Each finish scores by the season's formula (``bot.storage.season_records.FORMULAS``):

- ``field``: 100 x ln(entrants + 1) / place, a bigger field worth more and a win worth most;
- ``fixed``: the rule's points for the place (nothing past the last one listed);
- ``funbridge``: 2 x (entrants + 1 - place) / log10(place + 2), Funbridge's, less 20% for each
  whole 30 days between the finish and the standings' time (0.8 to the power of those months);
- ``percentage``: a bridge session's matchpoint percentage; the season ranks by the average of the
  counted sessions rather than their sum;
- ``masterpoints``: a bridge event's masterpoint award by place and field size
  (``bot.service.seasons.masterpoints``).

Only the ``best`` k finishes count (all when None); ``participation`` points are added for every
finish, counted or not (not with ``percentage``, whose score is an average), and ``bounty`` points for
every player the member knocked out in a tournament or sit-and-go the season counts (``Knockout``).
Points are rounded to two decimals, and members with equal points share a place (1, 1, 3), listed by
user id.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

from bot.service.seasons.masterpoints import award
from bot.storage.records import SeasonLine, SeasonRule

MONTH = 30 * 86400
"""The span of Funbridge's monthly decay, in seconds."""
DECAY = 0.8


@dataclass(frozen=True)
class Finish:
    """One member's result in one session the season counts: its format, the session, their place
    among ``entrants`` (equal places shared by ``tied`` of them), when it ended, and a bridge session's
    percentage."""

    format: str
    session: str
    user_id: int
    place: int
    entrants: int
    at: float
    percent: float | None = None
    tied: int = 1


@dataclass(frozen=True)
class Knockout:
    """A player (``busted``, a member or a computer player) knocked out of a tournament or sit-and-go
    by ``user_id``, who won the pot that took their last chips (``bot.games.knockouts``)."""

    format: str
    session: str
    user_id: int
    busted: int


def points(rule: SeasonRule, finish: Finish, now: float) -> float:
    """What one finish scores by the rule's formula, at the time ``now`` (the decay's)."""
    place, entrants = finish.place, finish.entrants
    if rule.formula == "field":
        return 100 * math.log(entrants + 1) / place
    if rule.formula == "fixed":
        return rule.places[place - 1] if place <= len(rule.places) else 0.0
    if rule.formula == "funbridge":
        months = max(0, int((now - finish.at) // MONTH))
        return 2 * (entrants + 1 - place) / math.log10(place + 2) * DECAY ** months
    if rule.formula == "percentage":
        return finish.percent if finish.percent is not None else 0.0
    if rule.formula == "masterpoints":
        return award(place, finish.tied, entrants)
    raise ValueError(f"no formula {rule.formula!r}")


def standings(rule: SeasonRule, finishes: Iterable[Finish], now: float,
              knockouts: Iterable[Knockout] = ()) -> list[SeasonLine]:
    """Every member with a finish or a knockout the rule counts, best first (computer players never:
    ids <= 0)."""
    by_member: dict[int, list[float]] = {}
    for finish in finishes:
        if finish.user_id > 0 and finish.format in rule.formats:
            by_member.setdefault(finish.user_id, []).append(points(rule, finish, now))
    busted: dict[int, int] = {}
    for knockout in knockouts:
        if rule.bounty and knockout.user_id > 0 and knockout.format in rule.formats:
            busted[knockout.user_id] = busted.get(knockout.user_id, 0) + 1
            by_member.setdefault(knockout.user_id, [])
    scored = [(user, round(_score(rule, scores) + rule.bounty * busted.get(user, 0), 2), len(scores),
               _counted(rule, scores)) for user, scores in by_member.items()]
    scored.sort(key=lambda line: (-line[1], line[0]))
    return [SeasonLine(user, place, score, results, counted, busted.get(user, 0)) for (user, score, results, counted), place
            in zip(scored, shared_places([-line[1] for line in scored]))]


def shared_places(keys: Sequence[float]) -> list[int]:
    """Places for keys sorted best (lowest) first: equal keys share the better place (1, 1, 3)."""
    places: list[int] = []
    for k, key in enumerate(keys):
        places.append(places[-1] if k and keys[k - 1] == key else k + 1)
    return places


def _counted(rule: SeasonRule, scores: Sequence[float]) -> int:
    return len(scores) if rule.best is None else min(rule.best, len(scores))


def _score(rule: SeasonRule, scores: Sequence[float]) -> float:
    best = sorted(scores, reverse=True)[:_counted(rule, scores)]
    if rule.formula == "percentage" and best:
        return round(sum(best) / len(best), 2)
    return round(sum(best) + rule.participation * len(scores), 2)
