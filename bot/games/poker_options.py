"""A poker table's options in words, as ``/status`` says them: its stakes and forced bets
(``forced_bets.describe``, also the table picture's heading), then what else the host chose."""
from __future__ import annotations

from typing import Any, Mapping

from bot.games.forced_bets import describe as stakes


def describe(settings: Mapping[str, Any]) -> str:
    """"Blinds 5/10, BB ante 10, UTG straddle; rabbit hunt"."""
    extras = ["rabbit hunt"] if settings.get("rabbit_hunt") else []
    return stakes(settings) + ("; " + ", ".join(extras) if extras else "")
