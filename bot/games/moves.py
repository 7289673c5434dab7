"""A move judged against what an engine offers a seat now, in pokerkit's shape: ``verify_move``
raises the reason in the words the player reads, ``can_move`` answers yes or no, and the engine's
``apply`` does it (and returns what happened). Every engine gets them from its ``legal_actions``:
the kind, the amount's range and the choices on offer are what its specs say."""
from __future__ import annotations

from bot.games.base import Action, ActionSpec, Engine, IllegalAction
from bot.games.choices import choice_values

NOT_NOW = "You can't do that now."


def offered(engine: Engine, seat: int, kind: str) -> list[ActionSpec]:
    """The seat's moves of ``kind`` on offer now, or ``IllegalAction`` with the reason."""
    same_kind = [spec for spec in engine.legal_actions(seat) if spec.kind == kind]
    if same_kind:
        return same_kind
    if not engine.to_act():
        raise IllegalAction("This hand is over.")
    if seat not in engine.to_act():
        why_not = getattr(engine, "why_not", None)  # an engine's own words for a choice asked of others
        raise IllegalAction((why_not(seat, kind) if why_not else None) or "It is not your turn.")
    raise IllegalAction(NOT_NOW)


def verify_move(engine: Engine, seat: int, action: Action) -> ActionSpec:
    """The spec ``action`` is one of for ``seat`` now, or ``IllegalAction`` with the reason."""
    reason = NOT_NOW
    for spec in offered(engine, seat, action.kind):
        try:
            _fits(spec, action)
            return spec
        except IllegalAction as refusal:
            reason = str(refusal)
    raise IllegalAction(reason)


def can_move(engine: Engine, seat: int, action: Action) -> bool:
    try:
        verify_move(engine, seat, action)
    except IllegalAction:
        return False
    return True


def _fits(spec: ActionSpec, action: Action) -> None:
    if spec.min_amount is None or spec.max_amount is None:
        if action.amount is not None:
            raise IllegalAction("That move takes no amount.")
    elif action.amount is None and spec.min_amount != spec.max_amount:
        raise IllegalAction(f"Choose an amount from {spec.min_amount} to {spec.max_amount}.")
    elif action.amount is not None and not spec.min_amount <= action.amount <= spec.max_amount:
        raise IllegalAction(f"The amount must be from {spec.min_amount} to {spec.max_amount}.")
    if spec.choices:
        values = choice_values(action)
        if action.target in spec.choices:  # the choice is the target alone (Sigma's placement of a named piece)
            values = [action.target]
        count_ok = spec.min_choices <= len(values) <= max(1, spec.max_choices)
        if not count_ok or len(set(values)) != len(values) or not set(values) <= set(spec.choices):
            raise IllegalAction("That choice is not on offer now: the table has moved on.")
