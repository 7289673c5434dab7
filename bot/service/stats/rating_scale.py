"""A rating as players read it. The stored rating is openskill's ordinal (μ − 3σ): 0 for a newcomer and
often below zero after a few losses, which reads as a debt. Shown, it is 1,000 + 50 × the ordinal,
rounded, never below 0: a newcomer starts at 1,000, a strong regular stands near 2,000. Only the words
change; every ranking still sorts by the stored ordinal."""
from __future__ import annotations

START, SCALE = 1000, 50


def shown_rating(ordinal: float | None) -> str:
    """"1,250", or "unrated" for a member with no rated result yet."""
    if ordinal is None:
        return "unrated"
    return f"{max(0, round(START + SCALE * ordinal)):,}"
