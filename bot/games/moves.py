"""A move judged against what an engine offers a seat now, in pokerkit's shape: the engine's
``verify`` (``bot.games.base.EngineBase.verify`` and the engine's own words) raises the reason the
player reads, ``can_move`` answers yes or no, and the engine's ``apply`` does it (verifying first).
These are the service's and the adapter's ways in: they ask the engine, never judge by themselves."""
from __future__ import annotations

from bot.games.base import NOT_NOW, Action, ActionSpec, Engine, IllegalAction, fitting_spec

__all__ = ["NOT_NOW", "can_move", "offered", "verify_move"]


def offered(engine: Engine, seat: int, kind: str) -> list[ActionSpec]:
    """The seat's moves of ``kind`` on offer now, or ``IllegalAction`` with the engine's reason."""
    same_kind = [spec for spec in engine.legal_actions(seat) if spec.kind == kind]
    if same_kind:
        return same_kind
    engine.verify(seat, Action(kind))  # a kind not on offer: the engine says why
    raise IllegalAction(NOT_NOW)


def verify_move(engine: Engine, seat: int, action: Action) -> ActionSpec:
    """The spec ``action`` is one of for ``seat`` now, or ``IllegalAction`` with the reason."""
    action = engine.verify(seat, action)
    return fitting_spec(offered(engine, seat, action.kind), action)


def can_move(engine: Engine, seat: int, action: Action) -> bool:
    try:
        engine.verify(seat, action)
    except IllegalAction:
        return False
    return True
