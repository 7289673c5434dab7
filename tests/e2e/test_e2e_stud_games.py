"""Razz and stud hi-lo through the real Discord client: two members play whole deals from their seat
panels with a computer player; razz's highest door card brings in, stud hi-lo's lowest; every deal's
showdown names low hands as players say them, each deal's export is the game's PHH and replays to
the chip, and /status, /stats and /replay know the game."""
from __future__ import annotations

from typing import Any

import pytest

from bot.games.low_hands import best_ace_to_five
from bot.service.table.live import LiveTable
from tests.support.export_checks import exported, replayed_stacks
from tests.support.harness import Harness, User
from tests.support.panel_play import play_deal
from tests.support.deal_steps import live_table, next_deal

ALICE, BOB = User(5701, "Alice"), User(5702, "Bob")
SEEDS = tuple(f"57{deal}" + "d" * 61 for deal in range(4))
LOW_ORDER = "A23456789TJQK"


def _bring_in_door(live: LiveTable) -> tuple[str, list[str]]:
    """The door card of the seat that brought in (the computer player may already have), and every
    door card."""
    engine = live.engine
    doors = [seat["cards"][2] for seat in engine.view(None)["seats"]]
    bringer = next(line.split(" brings in")[0] for line in engine.log if " brings in for " in line)
    return doors[[seat.name for seat in engine.seats].index(bringer)], doors


def _rank(card: str, order: str) -> tuple[int, int]:
    return order.index(card[0]), "cdhs".index(card[1])


@pytest.mark.parametrize("name, variant", [("razz", "FR"), ("stud-hilo", "F7S/8")])
async def test_members_and_a_robot_play_deals(tmp_path: Any, rendered: list[tuple[str, dict[str, Any]]],
                                             name: str, variant: str) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    deals = iter(SEEDS)
    h.bot.service.seeds = lambda _label: next(deals)
    assert "must be smaller than the small bet" in h.ephemeral_text(
        await h.command(ALICE, name, "create", bring_in=5))
    await h.command(ALICE, name, "create")
    await h.command(BOB, name, "join")
    await h.command(ALICE, name, "add-bot")
    await h.command(ALICE, name, "start")
    live = live_table(h)
    chips = sum(seat.stack for seat in live.row.seats)
    showdowns = []
    for deal in range(1, 4):
        if deal > 1:
            live = await next_deal(h)
        played = await play_deal(h, [ALICE, BOB], open_panels=deal == 1)
        door, doors = _bring_in_door(live)
        if name == "razz":  # the highest door card, aces low, brings in
            assert _rank(door, LOW_ORDER) == max(_rank(card, LOW_ORDER) for card in doors)
        else:  # the lowest, aces high
            assert _rank(door, "23456789TJQKA") == min(_rank(card, "23456789TJQKA") for card in doors)
        assert played.moves and live.last_deal is not None
        assert sum(seat.stack for seat in live.row.seats) == chips
        _, text = await exported(h, BOB, live.id, deal)
        assert f"variant = '{variant}'" in text
        assert replayed_stacks(text) == [[seat.stack for seat in live.row.seats]], "the export replays to the chip"
        showdowns += [line for line in live.engine.log if " shows " in line]
    assert showdowns, "the members call down: some deal reaches a showdown"
    named_lows = 0
    for line in showdowns:  # each shown hand's low is named as players say it: "8-6 low: 8-6-5-4-A"
        cards = line.split(" shows ")[1].split(" (")[0].split()
        codes = [("T" if c[:-1] == "10" else c[:-1]) + "cdhs"["♣♦♥♠".index(c[-1])] for c in cards]
        low = best_ace_to_five(codes, qualifier=None if name == "razz" else 8)
        if low is not None and len(set(low)) == 5:
            top = "-".join("A" if r == 1 else str(r) for r in low[:2])
            assert f"{top} low: " in line.split(" (", 1)[1], line
            named_lows += 1
    assert named_lows, showdowns
    pictures = [view for kind, view in rendered if kind == "render_table"]
    assert pictures and all(view["game"] == name for view in pictures)
    title = "Razz" if name == "razz" else "Seven-card stud hi-lo"
    assert f"**{title}** · table #1" in h.ephemeral_text(await h.command(BOB, name, "status"))
    stats = h.recorder.replies_to(await h.command(ALICE, "stats", game=name))
    assert any(reply.files for reply in stats) and "Hands 3" in " ".join(reply.text for reply in stats)
    shown = h.ephemeral_text(await h.command(BOB, "replay", table=live.id, hand=2))
    assert f"{title} table #1, hand #2 · step 0 of" in shown and "replay.png" in shown, shown
    await h.close()
