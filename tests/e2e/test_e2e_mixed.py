"""Mixed tables through the real Discord client, played by members from their seat panels and by a
computer player: a rotation across a change of game (the table message and picture name the game now
and next, each deal's export is its game's and replays to the chip), HORSE through its five games
(then /stats and /replay of its hands), 8-game through its eight, a sit-and-go whose level raises
every game's stakes, the seat limit of a rotation with stud, an unknown game refused at create, and
dealer's choice: an orbit (the button's pick as one press on their panel, the game kept for the
orbit, the choice passing to the next player, whose clock runs out and chooses the next game of the
list) and restarts during and after the choice."""
from __future__ import annotations

from typing import Any

from bot.games.base import ActionSpec
from bot.service.table.live import LiveTable
from tests.support.export_checks import exported, replayed_stacks
from tests.support.harness import Harness, Recorder, User
from tests.support.panel_play import Choice, passive, play_deal
from tests.support.deal_steps import live_table, next_deal

ALICE, BOB, CAROL = User(5101, "Alice"), User(5102, "Bob"), User(5103, "Carol")


def _careful(live: LiveTable, seat: int, specs: list[ActionSpec]) -> Choice:
    """Check or call, but fold to a bet of more than 100 chips (the robot's no-limit shoves)."""
    call = next((spec for spec in specs if spec.kind == "call"), None)
    if call is not None and (call.min_amount or 0) > 100:
        return Choice("fold")
    return passive(live, seat, specs)


def _chips(live: LiveTable) -> int:
    return sum(seat.stack for seat in live.row.seats)


async def test_a_rotation_across_a_change_of_game(tmp_path: Any, rendered: list[tuple[str, dict[str, Any]]]) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    token = await h.command(ALICE, "mixed", "create", rotation="holdem-fl, pinochle")
    assert "Unknown game pinochle" in h.ephemeral_text(token)
    await h.command(ALICE, "mixed", "create", rotation="holdem-fl,stud", hands_per_game=1)
    await h.command(BOB, "mixed", "join")
    await h.command(ALICE, "mixed", "add-bot")
    await h.command(ALICE, "mixed", "start")
    live = live_table(h)
    chips = _chips(live)
    games = []
    for deal in range(1, 4):
        if deal > 1:
            live = await next_deal(h)
        public = live.engine.view(None)
        games.append(public["game"])
        now, upcoming = ("Fixed-limit hold'em", "Seven-card stud") if deal != 2 else ("Seven-card stud", "Fixed-limit hold'em")
        assert f"Mixed games: {now}, hand 1 of 1; next: {upcoming}, after this hand" in h.table_message()["content"]
        played = await play_deal(h, [ALICE, BOB], passive, open_panels=deal == 1)
        assert played.moves and live.last_deal is not None and _chips(live) == chips
        pictures = [view for name, view in rendered if name == "render_table" and view["hand_no"] == deal]
        assert pictures and all(view["options"] == f"Mixed games, hand 1 of 1 · next: {upcoming}" for view in pictures)
        _, text = await exported(h, ALICE, live.id, deal)
        assert text.startswith(f"# Mixed games: {now}")
        assert replayed_stacks(text) == [[seat.stack for seat in live.row.seats]], "the export replays to the chip"
    assert games == ["holdem", "stud", "holdem"]
    status = h.ephemeral_text(await h.command(BOB, "mixed", "status"))
    assert "Mixed games, 1 hand a game, level 5/10: Fixed-limit hold'em: blinds 5/10, limits 10/20; " \
           "Seven-card stud: limits 10/20, ante 1, bring-in 3" in status
    await h.close()


async def test_a_horse_table_through_every_game(tmp_path: Any) -> None:
    """HORSE, a hand of each game: two members from their panels and a computer player, to the chip."""
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    await h.command(ALICE, "mixed", "create", hands_per_game=1)
    await h.command(BOB, "mixed", "join")
    await h.command(ALICE, "mixed", "add-bot")
    await h.command(ALICE, "mixed", "start")
    live = live_table(h)
    chips = _chips(live)
    games = []
    for deal in range(1, 6):
        if deal > 1:
            live = await next_deal(h)
        games.append(live.engine.view(None)["game"])
        assert f"HORSE: {live.engine.title}, hand 1 of 1" in h.table_message()["content"]
        await play_deal(h, [ALICE, BOB], passive, open_panels=deal == 1)
        assert live.last_deal is not None and _chips(live) == chips
        _, text = await exported(h, BOB, live.id, deal)
        assert replayed_stacks(text) == [[seat.stack for seat in live.row.seats]]
    assert games == ["holdem", "omaha-hilo", "razz", "stud", "stud-hilo"]
    stats = h.recorder.replies_to(await h.command(ALICE, "stats", game="mixed"))
    assert any(reply.files for reply in stats) and "Hands 5" in " ".join(reply.text for reply in stats)
    shown = h.ephemeral_text(await h.command(BOB, "replay", table=live.id, hand=3))  # the razz deal, rebuilt
    assert "Mixed games table #1, hand #3 · step 0 of" in shown and "replay.png" in shown, shown
    await h.close()


async def test_an_8_game_table_through_every_game(tmp_path: Any) -> None:
    """8-game, a hand of each game: two members from their panels and a computer player, to the chip."""
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    await h.command(ALICE, "mixed", "create", rotation="8-game", hands_per_game=1)
    await h.command(BOB, "mixed", "join")
    await h.command(ALICE, "mixed", "add-bot")
    await h.command(ALICE, "mixed", "start")
    live = live_table(h)
    chips = _chips(live)
    games = []
    for deal in range(1, 9):
        if deal > 1:
            live = await next_deal(h)
        games.append(live.engine.view(None)["variant"])
        assert f"8-game: {live.engine.title}, hand 1 of 1" in h.table_message()["content"]
        played = await play_deal(h, [ALICE, BOB], _careful, open_panels=deal == 1)
        assert played.moves and live.last_deal is not None and _chips(live) == chips
        _, text = await exported(h, BOB, live.id, deal)
        assert replayed_stacks(text) == [[seat.stack for seat in live.row.seats]]
    assert games == ["2-7 triple draw", "Fixed-limit hold'em", "Fixed-limit Omaha hi-lo", "Razz", "Seven-card stud",
                     "Seven-card stud hi-lo", "No-limit hold'em", "Pot-limit Omaha"]
    await h.close()


async def test_a_mixed_sit_and_go_raises_every_games_stakes_with_its_level(tmp_path: Any) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    await h.command(ALICE, "mixed", "create", rotation="holdem-fl,razz", hands_per_game=1, mode="tournament",
                    level_hands=1)
    await h.command(BOB, "mixed", "join")
    await h.command(ALICE, "mixed", "add-bot")
    await h.command(ALICE, "mixed", "start")
    live = live_table(h)
    assert live.engine.view(None)["stakes"] == "Blinds 5/10" and "level 1: blinds 5/10" in h.table_message()["content"]
    await play_deal(h, [ALICE, BOB], _careful)
    live = await next_deal(h)  # level 2: razz at twice the stakes
    assert (live.engine.view(None)["variant"], live.engine.view(None)["stakes"]) == \
        ("Razz", "Limits 20/40, ante 2, bring-in 6")
    await play_deal(h, [ALICE, BOB], _careful, open_panels=False)
    assert sum(seat.stack for seat in live.row.seats) == 3 * 1000, "a tournament's chips stay its own"
    await h.close()


async def test_a_rotation_with_stud_seats_eight(tmp_path: Any) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    await h.command(ALICE, "mixed", "create", rotation="holdem-nl,stud")
    for _ in range(7):
        await h.command(ALICE, "mixed", "add-bot")
    assert len(live_table(h).row.seats) == 8
    token = await h.command(BOB, "mixed", "join")
    assert "The table is full (8 seats)" in h.ephemeral_text(token)
    await h.close()


def _choose_stud(live: LiveTable, seat: int, specs: list[ActionSpec]) -> Choice:
    """On the button, stud; then check or call down."""
    if any(spec.kind == "choose" for spec in specs):
        return Choice("choose", ("stud",))
    return passive(live, seat, specs)


async def test_a_dealers_choice_orbit(tmp_path: Any) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    await h.command(ALICE, "mixed", "create", choice="dealer", rotation="holdem-nl,stud,draw-fl")
    await h.command(BOB, "mixed", "join")
    await h.command(CAROL, "mixed", "join")
    await h.command(ALICE, "mixed", "start")
    live = live_table(h)
    assert live.engine.to_act() == (0,) and live.engine.view(None)["game"] == "mixed"
    assert "Dealer's choice: Alice is choosing the game for the next orbit" in h.table_message()["content"]
    assert (await h.labels_of(ALICE))[:3] == ["No-limit hold'em", "Seven-card stud", "Fixed-limit five-card draw"]
    assert not any(label.endswith("stud") for label in await h.labels_of(BOB)), "only the button chooses"
    played = await play_deal(h, [ALICE, BOB, CAROL], _choose_stud)
    assert played.moves[0].kind == "choose" and played.moves[0].presses == 1, "the pick is one press on her panel"
    assert "Alice chooses Seven-card stud for 3 hands (an orbit)" in live.engine.view(None)["log"]
    for hand in (2, 3):  # the orbit: stud, without a choice
        live = await next_deal(h)
        assert live.engine.view(None)["game"] == "stud"
        assert f"Seven-card stud, hand {hand} of 3" in h.table_message()["content"]
        await play_deal(h, [ALICE, BOB, CAROL], passive, open_panels=False)
    live = await next_deal(h)  # the orbit is over, the button is Alice's again: the choice passes to Bob, who lets his clock run out
    chooser = live.engine.to_act()
    assert [live.table_seat_of(seat).name for seat in chooser] == ["Bob"]
    assert "Dealer's choice: Bob is choosing the game for the next orbit" in h.table_message()["content"]
    live.row.deadline = 0.0
    await h.bot.service.tick()
    await h.settle()
    assert live.engine.view(None)["game"] == "draw", "the clock chose the game after stud in the list"
    assert "Fixed-limit five-card draw, hand 1 of 3" in h.table_message()["content"]
    await h.close()


async def test_a_dealers_choice_survives_restarts(tmp_path: Any) -> None:
    """Restarted while the button chooses, then after the choice: the stored deal replays to the same
    place (the choice is a move of the deal, the rotation's place in its carry)."""
    database, recorder = str(tmp_path / "cardroom.db"), Recorder()
    h = await Harness.start(database, recorder)
    await h.command(ALICE, "mixed", "create", choice="dealer", rotation="holdem-nl,stud")
    await h.command(BOB, "mixed", "join")
    await h.command(ALICE, "mixed", "start")
    await h.close()
    h = await Harness.start(database, recorder)
    live = live_table(h)
    assert live.engine.choosing and live.engine.to_act() == (0,)
    await h.pick(ALICE, "choose", "stud")
    assert live.engine.view(None)["game"] == "stud"
    await h.close()
    h = await Harness.start(database, recorder)
    live = live_table(h)
    assert live.engine.view(None)["game"] == "stud"
    assert live.engine.log == ["Alice chooses Seven-card stud for 2 hands (an orbit)"]
    await play_deal(h, [ALICE, BOB], passive)
    live = await next_deal(h)
    assert live.engine.view(None)["game"] == "stud" and "Seven-card stud, hand 2 of 2" in h.table_message()["content"]
    await h.close()
