"""Short-deck hold'em through the real Discord client: two members play whole deals from their seat
panels with a computer player, antes and a button blind by default; every card dealt is one of the 36,
each deal's export is a short-deck PHH that replays to the chip, and /status, /stats and /replay know
the game; a sit-and-go plays with blinds; /verify lists the 36-card deck its seed shuffled; an all-in shows each hand's odds over the 36 cards. Settings a
short-deck table cannot deal are refused at create."""
from __future__ import annotations

from typing import Any

import pytest

from bot.games.base import ActionSpec
from bot.games.runout_equity import with_equity
from bot.games.short_deck_hands import SHORT_DECK, entry
from bot.service.table.live import LiveTable
from tests.support.export_checks import exported, replayed_stacks
from tests.support.harness import Harness, User
from tests.support.panel_play import Choice, passive, play_deal
from tests.support.deal_steps import live_table, next_deal

ALICE, BOB = User(5601, "Alice"), User(5602, "Bob")
SEEDS = ("36d" + "0" * 61, "36d" + "1" * 61, "36d" + "2" * 61)


def _chips(live: LiveTable) -> int:
    return sum(seat.stack for seat in live.row.seats)


def _bets_once(live: LiveTable, seat: int, specs: list[ActionSpec]) -> Choice:
    """Bet the pot the first time the flop is checked to the member, else check or call."""
    board = live.engine.view(None)["board"]
    if len(board) == 3 and "raise" in {spec.kind for spec in specs} and "check" in {spec.kind for spec in specs}:
        return Choice("raise", label="Pot")
    return passive(live, seat, specs)


async def test_members_and_a_robot_play_short_deck_deals(tmp_path: Any, rendered: list[tuple[str, dict[str, Any]]]) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    deals = iter(SEEDS)
    h.bot.service.seeds = lambda _label: next(deals)
    assert "need an ante" in h.ephemeral_text(await h.command(ALICE, "short-deck", "create", ante=0))
    assert "choose `forced:blinds`" in h.ephemeral_text(
        await h.command(ALICE, "short-deck", "create", mode="tournament", buy_in=1000))
    await h.command(ALICE, "short-deck", "create")
    await h.command(BOB, "short-deck", "join")
    await h.command(ALICE, "short-deck", "add-bot")
    await h.command(ALICE, "short-deck", "start")
    live = live_table(h)
    chips = _chips(live)
    for deal in range(1, 4):
        if deal > 1:
            live = await next_deal(h)
        engine = live.engine
        dealt = [card for seat in range(3) for card in engine.view(seat)["seats"][seat]["cards"]]
        assert len(set(dealt)) == 6 and set(dealt) <= set(SHORT_DECK)
        assert engine.log[0] == "Each player antes 10" and "posts the button blind of 10" in engine.log[1]
        played = await play_deal(h, [ALICE, BOB], _bets_once, open_panels=deal == 1)
        assert played.moves and live.last_deal is not None and _chips(live) == chips
        assert set(live.engine.board) <= set(SHORT_DECK)
        _, text = await exported(h, BOB, live.id, deal)
        assert "variant = 'NS'" in text and "antes = [10, 10, 10]" in text
        assert replayed_stacks(text) == [[seat.stack for seat in live.row.seats]], "the export replays to the chip"
    pictures = [view for name, view in rendered if name == "render_table"]
    assert pictures and all(view["game"] == "short-deck" and view["stakes"] == "Ante 10, button 10"
                            for view in pictures)
    assert "Ante 10, button blind 10" in h.ephemeral_text(await h.command(BOB, "short-deck", "status"))
    stats = h.recorder.replies_to(await h.command(ALICE, "stats", game="short-deck"))
    assert any(reply.files for reply in stats) and "Hands 3" in " ".join(reply.text for reply in stats)
    shown = h.ephemeral_text(await h.command(BOB, "replay", table=live.id, hand=2))
    assert "Short-deck hold'em table #1, hand #2 · step 0 of" in shown and "replay.png" in shown, shown
    await h.close()


async def test_a_table_with_blinds(tmp_path: Any) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    await h.command(ALICE, "short-deck", "create", forced="blinds", small_blind=5, big_blind=10)
    await h.command(BOB, "short-deck", "join")
    await h.command(ALICE, "short-deck", "start")
    live = live_table(h)
    assert live.engine.view(None)["stakes"] == "Blinds 5/10"
    assert any("posts the big blind of 10" in line for line in live.engine.log)
    await play_deal(h, [ALICE, BOB])
    assert live.last_deal is not None and _chips(live) == 2 * 1000
    proof = h.ephemeral_text(await h.command(BOB, "verify", table=live.id, hand=1))
    first = proof.split("Deck order (first 12): ")[1].split("Rebuild")[0].split()
    assert len(first) == 12 and not {card[0] for card in first} & set("2345"), "no card under a six is dealt"
    assert "over 6c…Ac, 6d…Ad, 6h…Ah, 6s…As" in proof and "matches" in proof
    await h.close()


async def test_a_sit_and_go_with_blinds(tmp_path: Any) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    await h.command(ALICE, "short-deck", "create", forced="blinds", mode="tournament", buy_in=500)
    await h.command(BOB, "short-deck", "join")
    await h.command(ALICE, "short-deck", "start")
    live = live_table(h)
    assert live.row.settings.mode.value == "tournament" and live.engine.view(None)["stakes"] == "Blinds 5/10"
    await play_deal(h, [ALICE, BOB])
    assert live.last_deal is not None and _chips(live) == 2 * 500
    await h.close()


async def test_an_all_in_shows_odds_counted_over_the_short_deck(tmp_path: Any,
                                                              rendered: list[tuple[str, dict[str, Any]]]) -> None:
    """Both all in before the flop: the showdown picture's figures for the turn are those of every river
    among the 28 cards of the 36 not in a hand or on the board, ranked by short deck's ranking."""
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    h.bot.service.seeds = lambda _label: SEEDS[0]
    await h.command(ALICE, "short-deck", "create")
    await h.command(BOB, "short-deck", "join")
    await h.command(ALICE, "short-deck", "start")
    live = live_table(h)
    first, second = (ALICE, BOB) if live.engine.to_act() == (live.deal_seat(ALICE.id),) else (BOB, ALICE)
    await h.move(first, "All-in")
    await h.move(second, "Call")
    final = [view for name, view in rendered if name == "render_table"][-1]
    assert final["finished"] and all("??" not in seat["cards"] for seat in final["seats"])
    streets = {street["street"]: street for street in with_equity(final)["equity"]}
    assert list(streets) == ["preflop", "flop", "turn"] and streets["turn"]["exact"]
    holes = {seat: final["seats"][seat]["cards"] for seat in (0, 1)}
    turn = final["board"][:4]
    unseen = [card for card in SHORT_DECK if card not in turn and card not in holes[0] + holes[1]]
    assert len(unseen) == 28
    wins = dict.fromkeys(holes, 0)
    for river in unseen:
        ranks = {seat: entry(hole + turn + [river]) for seat, hole in holes.items()}
        for seat, rank in ranks.items():
            wins[seat] += rank > max(other for s, other in ranks.items() if s != seat)
    assert [e["win"] for e in streets["turn"]["seats"]] == [pytest.approx(wins[s] / 28, abs=1e-4) for s in (0, 1)]
    await h.close()
