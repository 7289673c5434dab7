"""The engine surface shared by every game: an action goes into the action log as plain JSON and comes
back the same, which is how a table is rebuilt after a restart (the log is replayed)."""
from __future__ import annotations

import json

import pytest

from bot.games.base import Action


@pytest.mark.parametrize("action, text", [
    (Action("fold"), {"kind": "fold"}),
    (Action("raise", amount=40), {"kind": "raise", "amount": 40}),
    (Action("check", amount=0), {"kind": "check", "amount": 0}),
    (Action("discard", cards=("As", "Td")), {"kind": "discard", "cards": ["As", "Td"]}),
    (Action("bid", target="3NT"), {"kind": "bid", "target": "3NT"}),
    (Action("place", cards=("Qh",), target="E"), {"kind": "place", "cards": ["Qh"], "target": "E"}),
])
def test_an_action_is_logged_with_only_the_fields_it_has_and_replays_the_same(
        action: Action, text: dict[str, object]) -> None:
    logged = json.loads(json.dumps(action.to_json()))
    assert logged == text
    assert Action.from_json(logged) == action


def test_a_logged_action_written_by_hand_is_read_with_its_types() -> None:
    """A log line with an amount as text and no optional fields still replays as the same move."""
    assert Action.from_json({"kind": "raise", "amount": "60", "target": 3}) == Action(
        "raise", amount=60, target="3")
    assert Action.from_json({"kind": "stand", "amount": None, "target": None}) == Action("stand")
