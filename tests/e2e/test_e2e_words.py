"""The table's words through the real Discord client: every game's finished deal says each result once
in the table message (the log and the line above it), whatever path wrote it; a board run twice names
each pot; a member's chips are never said to be gone (the wallet names the tables holding them, a leave
says where they go, a join after it keeps the seat); ratings read on a scale without debts."""
from __future__ import annotations

from bot.service.table.press import Press
import hashlib
import json
import random
import re
from types import SimpleNamespace

import pytest

from bot.adapter.table.private_hands import private_cards
from bot.adapter.table.text import table_text
from bot.games.base import Action
from bot.games.card_names import card_name
from bot.registry import game, game_names
from bot.service.table.live import LiveTable
from bot.service.stats.rating_scale import shown_rating
from cogs.economy import wallet_text
from images.choice_labels import presidential_label
from tests.support.harness import CHANNEL_ID, Harness, User
from tests.support.heads_up import open_heads_up
from tests.support.message_writes import hands_to

SEED = hashlib.sha256(b"words").hexdigest()
CODE = re.compile(r"\b[CS]\d\d\b")
"""A SIXCHEX or Sigma card's code."""
PLAYERS = [User(5101 + k, name) for k, name in enumerate(("Alice", "Bob", "Carol", "Dave"))]


async def _finished_deal(h: Harness, name: str) -> None:
    """Seat the fewest members ``name`` is played by, start, and play the deal out with each seat's own
    computer-player move (through the service, as their presses would)."""
    spec = game(name)
    players = PLAYERS[:max(spec.min_players, 2)]
    for k, user in enumerate(players):
        await h.command(user, name, "create" if k == 0 else "join")
    await h.command(players[0], name, "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    rng = random.Random(7)
    while live.row.deal is not None:
        seat = live.engine.to_act()[0]
        move = spec.choose(live.engine.view(seat), live.engine.legal_actions(seat), rng)
        await h.bot.service.tables[live.id].commands.act(Press(live.table_seat_of(seat).user_id, live.row.hand_no, live.row.step, move))
        await h.settle()


@pytest.mark.parametrize("name", game_names())
async def test_each_result_is_said_once(tmp_path, name: str) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    h.bot.service.seeds = lambda _label: SEED
    await _finished_deal(h, name)
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None and live.last_deal is not None
    content = h.table_message()["content"]
    summary = live.last_deal.outcome.summary
    assert summary not in content.splitlines()[1], "the line above the log does not say it again"
    log = [line.removeprefix("> ") for line in content.splitlines() if line.startswith("> ")]
    pieces = summary.split("; ")
    # The lines that tell the result: the summary itself, one of its parts ("Bob wins 5 with 6 of 9"), or
    # a part with its reason ("Alice wins 6: everyone else folded.").
    results = [line for line in log
               if line == summary or line in pieces or any(line.startswith(piece + ":") for piece in pieces)]
    for piece in pieces:
        assert sum(piece in line for line in results) == 1, f"{piece!r} said once:\n{content}"
    assert "(0)" not in content, "a seat without chips (a match over, its stacks back in the wallets) shows no (0)"
    assert not CODE.search(h.recorder.channel_text()), "no card by its code (C41, S05) in any table message"
    await h.close()


SIDE_POTS_TWICE = hashlib.sha256(b"6").hexdigest()
"""A deck on which Alice (300 chips), Bob and Carol (1,000) all in and running it twice share out a main
pot of 900 and a side pot of 1,400: Carol takes both on the first board, Alice the main pot and Bob the
side pot on the second."""


async def test_a_board_run_twice_names_every_pot_it_pays(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    h.bot.service.seeds = lambda _label: SIDE_POTS_TWICE
    alice, bob, carol = PLAYERS[:3]
    await h.command(alice, "holdem", "create", run_it_twice=True, buy_in=300)
    await h.command(bob, "holdem", "join", buy_in=1000)
    await h.command(carol, "holdem", "join", buy_in=1000)
    await h.command(alice, "holdem", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert [seat.stack for seat in live.row.seats] == [300, 1000, 1000]
    while live.row.deal is not None:
        seat = live.engine.to_act()[0]
        kinds = {spec.kind: spec for spec in live.engine.legal_actions(seat)}
        move = (Action("twice") if "twice" in kinds else Action("raise", kinds["raise"].max_amount) if "raise" in kinds
                else Action("call" if "call" in kinds else "check"))
        await h.bot.service.tables[live.id].commands.act(Press(live.table_seat_of(seat).user_id, live.row.hand_no, live.row.step, move))
        await h.settle()
    results = ["First board, main pot: Carol wins 450 with Full house, Twos full of Eights",
               "First board, side pot 1: Carol wins 700 with Full house, Twos full of Eights",
               "Second board, main pot: Alice wins 450 with Pair of Kings",
               "Second board, side pot 1: Bob wins 700 with Pair of Sevens"]
    content = h.table_message()["content"]
    assert all(content.count(f"> {line}\n") + content.endswith(f"> {line}") == 1 for line in results), content
    view = live.engine.view(None)
    assert view["winners"] == results
    assert view["board_results"] == ["1st: main Carol 450 · side 1 Carol 700",
                                     "2nd: main Alice 450 · side 1 Bob 700"], "the picture's lines"
    await h.close()


async def test_the_wallet_leave_and_join_say_where_the_chips_are(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    alice, bob, carol = PLAYERS[:3]
    await h.command(alice, "holdem", "create")  # the default buy-in is the whole starting wallet
    await h.command(bob, "holdem", "join")
    await h.command(carol, "holdem", "join")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert h.ephemeral_text(await h.command(alice, "wallet")).count(
        "You have **0** chips in your wallet and 1,000 at table #1 (Texas hold'em). Chips at a table come back "
        "to your wallet when you leave it.") == 1
    await h.command(alice, "holdem", "start")
    acting = live.table_seat_of(live.engine.to_act()[0]).user_id
    leaver = next(user for user in (alice, bob, carol) if user.id != acting)  # not to act: the deal waits
    text = h.ephemeral_text(await h.command(leaver, "holdem", "leave"))
    assert "You will leave when this deal ends and the chips you have left go back to your wallet then" in text
    assert "`/holdem join` before then keeps your seat." in text
    assert live.seat_of_user(leaver.id).leaving and live.row.deal is not None
    text = h.ephemeral_text(await h.command(leaver, "holdem", "join"))
    assert "You stay at table #1: your leave is cancelled, and you keep your seat and chips." in text
    assert not live.seat_of_user(leaver.id).leaving and f"{leaver.name} stays at the table." in live.log
    await h.close()


async def _one_hand_folded(h: Harness, host: User, guest: User) -> LiveTable:
    """A heads-up hold'em table whose first hand the player to act folds."""
    await open_heads_up(h, host, guest)
    live = h.bot.service.in_channel(CHANNEL_ID)
    await h.bot.service.tables[live.id].commands.act(Press(live.table_seat_of(live.engine.to_act()[0]).user_id, live.row.hand_no, live.row.step, Action("fold")))
    await h.settle()
    return live


async def test_a_rating_reads_from_a_thousand_never_below_zero(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    alice, bob = PLAYERS[:2]
    live = await _one_hand_folded(h, alice, bob)
    (folded,) = [user for user in (alice, bob) if live.row.seats[live.seat_index(user.id)].stack < 1000]
    text = h.ephemeral_text(await h.command(folded, "stats"))
    rating = int(text.split("rating ")[1].split('"')[0].replace(",", ""))
    assert 0 <= rating < 1000, "one hand lost: below a newcomer's 1,000, and no minus sign"
    assert shown_rating(-25.0) == "0" and shown_rating(0.0) == "1,000" and shown_rating(None) == "unrated"
    await h.close()


@pytest.mark.parametrize("name", ["presidential", "sigma"])
async def test_private_hands_name_cards_as_players_say_them(tmp_path, name: str) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    alice, bob = PLAYERS[:2]
    await h.command(alice, name, "create")
    await h.command(bob, name, "join")
    await h.command(alice, name, "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    view = live.engine.view(0)
    held = private_cards(view, 0)
    (dm,) = hands_to(h.recorder, alice.id)
    text = json.loads(dm.text)["content"]
    assert text.endswith("): " + " ".join(card_name(code) for code in held)), text
    assert not any(code in text for code in held), "no internal code (C41, S05)"
    panel = await h.open_panel(alice)  # her seat panel says the same
    assert f"your cards: {' '.join(card_name(code) for code in held)}" in panel["content"], panel["content"]
    assert not any(code in panel["content"] for code in held)
    if name == "presidential":  # the draw select's options: the card's name, then its symbols
        label = presidential_label(view, "discard", held[0])
        assert label.startswith(card_name(held[0]) + ": ") and held[0] not in label
    await h.close()


def test_the_wallet_names_a_tournament_stack_as_such() -> None:
    cash = SimpleNamespace(id=12, spec=SimpleNamespace(title="Texas hold'em"))
    sit_and_go = SimpleNamespace(id=13, spec=SimpleNamespace(title="Omaha"))
    assert wallet_text(250, [(cash, 1000, False), (sit_and_go, 1500, True)]) == (  # type: ignore[list-item]
        "You have **250** chips in your wallet and 1,000 at table #12 (Texas hold'em) and a tournament stack of "
        "1,500 at table #13 (Omaha). Chips at a table come back to your wallet when you leave it.")
    assert wallet_text(0, [(sit_and_go, 1500, True)]) == (  # type: ignore[list-item]
        "You have **0** chips in your wallet and a tournament stack of 1,500 at table #13 (Omaha).")


async def test_a_long_log_gives_up_its_oldest_lines_not_the_result(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    alice, bob = PLAYERS[:2]
    live = await _one_hand_folded(h, alice, bob)
    result = live.log[-1]
    live.log[-1:-1] = ["A long line " + "x" * 290] * 8  # names and notes at their longest, before the result
    text = table_text(live)
    assert len(text) <= 1900 and text.endswith(f"> {result}"), "the result closes the message, whole"
    await h.close()
