"""A member's seat panel as ``seat_panels.compose`` draws it (its words, its components, the signature
that decides whether it is edited) and ``components.panel_view`` lays it out: never over a message's 25
slots, a one-pick move one press a choice when its buttons fit, else selects of 25 on the panel."""
from __future__ import annotations

from bot.service.table.press import Press
import dataclasses
from pathlib import Path
from typing import Any

import discord
import pytest

import bot.ai.bridge as robots
from bot.adapter.table.components import SLOTS, panel_view
from bot.adapter.seat.pick_buttons import PickButton, PickSelect, pick_items
from bot.adapter.table.private_hands import private_cards
from bot.adapter.seat.panels import compose
from bot.games.base import Action, ActionSpec
from bot.games.card_names import card_name
from bot.service.table.live import LiveTable
from bot.service.table.offers import offers
from bot.service.tables import TableService
from tests.support.panel_play import MOVES
from tests.support.service_rig import ALICE, BOB, CAROL, CHANNEL, GUILD, holdem_table, open_service

DAVE = 4


def _components(view: discord.ui.View) -> list[Any]:
    """The buttons and selects of a view (its children are the dynamic items that wrap them)."""
    return [getattr(item, "item", item) for item in view.children]


def _slots(view: discord.ui.View) -> int:
    """The slots a message's components take: a button one, a select a row of five."""
    return sum(5 if isinstance(item, discord.ui.Select) else 1 for item in _components(view))


def _ids(view: discord.ui.View) -> list[str]:
    return [str(item.custom_id) for item in _components(view)]


def _labels(view: discord.ui.View) -> list[str | None]:
    return [getattr(item, "label", None) for item in _components(view)]


def _moves(fields: dict[str, Any]) -> list[str]:
    return [custom_id for custom_id in _ids(fields["view"]) if custom_id.startswith(MOVES)]


async def _holdem(tmp_path: Path, players: tuple[int, ...]) -> tuple[TableService, LiveTable]:
    service = await open_service(str(tmp_path / "cardroom.db"))
    live = await holdem_table(service, players)
    await live.commands.start(players[0])
    return service, live


def _to_act(live: LiveTable) -> int:
    return live.table_seat_of(live.engine.to_act()[0]).user_id


async def _call(service: TableService, live: LiveTable) -> None:
    kinds = {spec.kind for spec in live.engine.legal_actions(live.engine.to_act()[0])}
    await service.tables[live.id].commands.act(Press(_to_act(live), live.row.hand_no, live.row.step, Action("call" if "call" in kinds else "check")))


async def test_a_member_to_act_sees_their_cards_their_turn_and_their_moves(tmp_path: Path) -> None:
    _, live = await _holdem(tmp_path, (ALICE, BOB, CAROL))
    user = _to_act(live)
    fields, (content, drawn) = compose(live, user)
    seat = live.deal_seat(user)
    assert seat is not None
    cards = private_cards(live.engine.view(seat), seat)
    assert len(cards) == 2 and all(card_name(card) in content for card in cards)
    assert "**Your turn**" in content and f"table #{live.id}" in content
    kinds = {custom_id.split(":")[5] for custom_id in _moves(fields)}
    assert {"fold", "call", "raise"} <= kinds, kinds
    assert content == fields["content"] and len(drawn) == len(fields["view"].children)


async def test_a_member_not_to_act_has_no_moves_and_only_their_own_cards(tmp_path: Path) -> None:
    _, live = await _holdem(tmp_path, (ALICE, BOB, CAROL))
    user = next(u for u in (ALICE, BOB, CAROL) if u != _to_act(live))
    fields, _ = compose(live, user)
    assert _moves(fields) == [] and "Your turn" not in fields["content"]
    for other in (ALICE, BOB, CAROL):
        seat = live.deal_seat(other)
        assert seat is not None
        shown = [card_name(card) in fields["content"] for card in private_cards(live.engine.view(seat), seat)]
        assert all(shown) if other == user else not any(shown), other


async def test_a_member_not_to_act_keeps_their_signature_while_others_move(tmp_path: Path) -> None:
    """Their panel is edited only when what it shows changes: a move of another member that leaves
    them waiting changes nothing on it."""
    service, live = await _holdem(tmp_path, (ALICE, BOB, CAROL, DAVE))
    for _ in range(2):
        mover = _to_act(live)
        waiting = {user: compose(live, user)[1] for user in (ALICE, BOB, CAROL, DAVE) if user != mover}
        await _call(service, live)
        still = {user: signature for user, signature in waiting.items() if user != _to_act(live)}
        assert still and {user: compose(live, user)[1] for user in still} == still


@pytest.fixture
def fast_robots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fewer double-dummy samples per bridge robot card: the same kind of play, a fast test."""
    monkeypatch.setattr(robots, "SAMPLES", 2)


async def _bridge(tmp_path: Path) -> tuple[LiveTable, int]:
    """A rubber bridge table of Alice and three robots, dealt; Alice's deal seat."""
    service = await open_service(str(tmp_path / "cardroom.db"))
    live = await service.create(GUILD, CHANNEL, "bridge", ALICE, "Alice", {}, None)
    for _ in range(3):
        await live.commands.add_bot(ALICE)
    await live.commands.start(ALICE)
    seat = live.deal_seat(ALICE)
    assert seat is not None
    return live, seat


async def test_a_bridge_declarers_thirteen_cards_claim_and_undo_fit_the_panel(tmp_path: Path, fast_robots: None) -> None:
    live, seat = await _bridge(tmp_path)
    hand = tuple(private_cards(live.engine.view(seat), seat))
    assert len(hand) == 13
    play = ActionSpec("play", "Play", choices=hand, min_choices=1, max_choices=1)
    claim = ActionSpec("claim", "Claim", min_amount=0, max_amount=13)
    offer = offers(live, ALICE)
    buttons = tuple(dict.fromkeys(offer.buttons + ("undo", "sitout")))
    view = panel_view(live, dataclasses.replace(offer, deal_seat=seat, moves=(play, claim), buttons=buttons))
    assert _slots(view) <= SLOTS
    picked = [custom_id.rsplit(":", 1)[1] for custom_id in _ids(view) if custom_id.startswith("cr:k:")]
    assert sorted(picked) == sorted(hand), "a button a card"
    labels = _labels(view)
    assert "Claim…" in labels and "Undo" in labels and "Sit out" in labels


async def test_the_panel_never_takes_over_25_slots(tmp_path: Path, fast_robots: None) -> None:
    live, seat = await _bridge(tmp_path)
    offer = offers(live, ALICE)
    many = tuple(f"X{i:02d}" for i in range(60))
    for moves in [(ActionSpec("bid", "Bid", choices=many[:n], min_choices=1, max_choices=1),
                   ActionSpec("pass", "Pass"), ActionSpec("double", "Double"))
                  for n in (1, 5, 19, 20, 21, 25, 26, 35, 50, 51, 60)]:
        for buttons in ((), ("undo", "sitout", "allowundo", "refuseundo")):
            view = panel_view(live, dataclasses.replace(offer, deal_seat=seat, moves=moves, buttons=buttons))
            assert 0 < _slots(view) <= SLOTS, (len(moves[0].choices), buttons)
            assert "Pass" in _labels(view)


async def test_picks_are_buttons_when_they_fit_else_selects_of_25(tmp_path: Path, fast_robots: None) -> None:
    live, seat = await _bridge(tmp_path)
    spec = ActionSpec("bid", "Bid", choices=tuple(f"{n}{s}" for n in range(1, 8) for s in "CDHSN"),
                      min_choices=1, max_choices=1)  # 35 bids
    few = dataclasses.replace(spec, choices=spec.choices[:5])
    buttons = pick_items(live, seat, few, 5)
    assert buttons is not None and [type(item) for item in buttons] == [PickButton] * 5
    assert [item.value for item in buttons if isinstance(item, PickButton)] == list(few.choices)
    selects = pick_items(live, seat, spec, 10)
    assert selects is not None and [type(item) for item in selects] == [PickSelect] * 2
    options = [[option.value for option in item.item.options] for item in selects if isinstance(item, PickSelect)]
    assert options == [list(spec.choices[:25]), list(spec.choices[25:])], "every bid once, 25 a select"
    assert pick_items(live, seat, spec, 9) is None, "two selects need two rows"
    view = panel_view(live, dataclasses.replace(offers(live, ALICE), deal_seat=seat, buttons=tuple(f"b{i}" for i in range(16)),
                                                moves=(spec, ActionSpec("pass", "Pass"))))
    assert [custom_id.split(":")[:2] for custom_id in _moves({"view": view})] == [["cr", "a"], ["cr", "c"]], \
        "no room for its selects: the bid keeps its button and its private select"
