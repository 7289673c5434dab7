"""Table options of hold'em as members use them: a big-blind ante and an optional straddle chosen at
``create``, the Straddle button on the seated members' panels, the refusals, a restart mid-hand, /status, and the export."""
from __future__ import annotations

from tests.support.export_checks import exported, replayed_stacks
from tests.support.harness import CHANNEL_ID, Harness, Recorder, User
from tests.support.three_handed import three_playing

ALICE, BOB, CAROL, DAVE, EVE = (User(3101 + i, name) for i, name in enumerate(("Alice", "Bob", "Carol", "Dave", "Eve")))
PLAYERS = (ALICE, BOB, CAROL, DAVE)


async def _play_hand_out(h: Harness) -> None:
    """Every member to act calls, or checks, until the hand is over."""
    live = h.bot.service.in_channel(CHANNEL_ID)
    hand_no = live.row.hand_no
    while live.row.hand_no == hand_no and live.row.deal is not None:
        (deal_seat,) = live.engine.to_act()
        user = next(u for u in PLAYERS if u.id == live.table_seat_of(deal_seat).user_id)
        kinds = {spec.kind for spec in live.engine.legal_actions(deal_seat)}
        await h.move(user, "Call" if "call" in kinds else "Check")



async def test_a_big_blind_ante_and_a_straddle_under_the_gun(database: str) -> None:
    recorder = Recorder()  # what Discord holds, across the restart
    h = await Harness.start(database, recorder)
    token = await h.command(ALICE, "holdem", "create", limit="fixed-limit", straddle="under the gun")
    assert "no-limit and pot-limit" in h.ephemeral_text(token) and h.bot.service.in_channel(CHANNEL_ID) is None

    await h.command(ALICE, "holdem", "create", ante=10, ante_kind="big blind", straddle="under the gun")
    for user in (BOB, CAROL, DAVE):
        await h.command(user, "holdem", "join")
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert "Straddle" in await h.labels_of(ALICE), "a seated member's own button"
    token = await h.press(EVE, f"cr:u:{live.id}:straddle", message=_with_button(h, live.id, "straddle"))
    assert "not seated" in h.ephemeral_text(token), "a member who is not playing is told so"
    for user in (ALICE, DAVE):
        token = await h.move(user, "Straddle")
        reply = h.recorder.replies_to(token)[-1]
        assert reply.ephemeral and "You will straddle" in reply.text and "under the gun" in reply.text
    token = await h.move(BOB, "Straddle")
    token = await h.move(BOB, "Straddle")
    assert "won't straddle" in h.ephemeral_text(token), "a second press takes it back"
    await h.command(ALICE, "holdem", "start")

    # Deal 1: Alice has the button, Bob and Carol the blinds, Dave is under the gun and straddles.
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live.row.deal is not None and live.row.deal.settings["straddlers"] == [0, 3]
    shown = live.engine.view(None)["log"]  # the table picture's log
    assert "Carol posts the big-blind ante of 10" in shown and "Dave straddles for 20" in shown
    assert "Straddle" in await h.labels_of(BOB), "the toggle stays on the panels during the deal"
    token = await h.command(BOB, "holdem", "status")
    assert "Blinds 5/10, BB ante 10, UTG straddle." in h.ephemeral_text(token)
    assert live.engine.to_act() == (0,), "the action starts left of the straddle"
    await h.move(ALICE, "Call 20")
    stacks_before = [s.stack for s in live.row.seats]
    await h.close()

    h = await Harness.start(database, recorder)  # a restart mid-hand: the same forced bets, the same turn
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live.engine.forced.straddler is not None and live.engine.to_act() == (1,)
    assert [s.stack for s in live.row.seats] == stacks_before and live.row.seats[0].straddles
    await _play_hand_out(h)
    record = await h.bot.storage.hand_record(live.id, 1)
    assert record is not None
    name, text = await exported(h, ALICE, live.id, 1)
    assert "antes = [0, 10, 0, 0]" in text and "blinds_or_straddles = [5, 10, 20, 0]" in text
    stacks = [s.stack for s in (await h.bot.storage.table(live.id)).seats]
    assert replayed_stacks(text) == [stacks] and sum(stacks) == 4000
    replay = await h.bot.service.replays.load(live.row.guild_id, live.id, 1)
    assert "Dave straddles for 20" in replay.steps[0].public["log"], "the replay deals it as it was played"
    assert replay.steps[-1].public["stakes"] == "Blinds 5/10, BB ante 10, UTG straddle"

    # Deal 2: the button moves to Bob; Alice, under the gun now, chose to straddle too.
    live = h.bot.service.in_channel(CHANNEL_ID)
    await h.bot.service.tick()  # the next deal
    await h.settle()
    assert live.row.hand_no == 2 and live.engine.forced.straddler is not None
    assert "Alice straddles for 20" in live.engine.view(None)["log"]
    await h.close()


async def test_a_table_without_straddles_has_no_button_and_refuses_the_toggle(database: str) -> None:
    h = await Harness.start(database)
    await h.command(ALICE, "holdem", "create")
    await h.command(BOB, "holdem", "join")
    assert "Straddle" not in h.labels() and "Straddle" not in await h.labels_of(ALICE)
    live = h.bot.service.in_channel(CHANNEL_ID)
    token = await h.press(ALICE, f"cr:u:{live.id}:straddle", message=_with_button(h, live.id, "straddle"))
    assert "without straddles" in h.ephemeral_text(token)
    assert not any(seat.straddles for seat in live.row.seats)
    await h.close()


async def test_a_tournament_plays_big_blind_antes_unless_the_host_chooses_otherwise(database: str) -> None:
    h = await Harness.start(database)
    await h.command(ALICE, "holdem", "create", mode="tournament")
    assert h.bot.service.in_channel(CHANNEL_ID).row.settings.game["ante_kind"] == "big blind"
    await h.command(ALICE, "holdem", "cancel")
    await h.command(ALICE, "holdem", "create", mode="tournament", ante_kind="every player")
    assert h.bot.service.in_channel(CHANNEL_ID).row.settings.game["ante_kind"] == "every player"
    await h.close()


async def test_after_a_hand_the_winner_may_show_and_anyone_may_hunt_the_rabbit(database: str) -> None:
    h = await Harness.start(database)
    live = await three_playing(h, ALICE, BOB, CAROL, rabbit_hunt=True)
    token = await h.command(BOB, "holdem", "status")
    assert "Blinds 5/10; rabbit hunt." in h.ephemeral_text(token)
    assert live.public_view()["options"] == "rabbit hunt", "the table picture lists it in its footer"
    assert "Rabbit hunt" not in h.labels() and "Show my cards" not in await h.labels_of(ALICE)
    token = await h.press(ALICE, f"cr:u:{live.id}:rabbit", message=_with_button(h, live.id, "rabbit"))
    assert "no rabbit to hunt" in h.ephemeral_text(token), "not while the hand goes on"
    await h.move(ALICE, "All-in")     # Alice has the button and acts first three-handed
    await h.move(BOB, "Fold")
    await h.move(CAROL, "Fold")
    assert live.row.deal is None and "Rabbit hunt" in h.labels() and "Show my cards" in await h.labels_of(ALICE)

    assert "Show my cards" not in await h.labels_of(BOB), "only the winner's panel offers it"
    token = await h.press(BOB, f"cr:u:{live.id}:show", message=_with_button(h, live.id, "show"))
    assert "Only the player who won" in h.ephemeral_text(token)
    alice_cards = live.engine.view(0)["seats"][0]["cards"]
    await h.move(ALICE, "Show my cards")
    assert live.engine.view(None)["seats"][0]["cards"] == alice_cards, "the table picture shows them"
    assert "Alice shows" in h.table_message()["content"] and "Show my cards" not in await h.labels_of(ALICE)
    name, text = await exported(h, BOB, live.id, 1)
    assert "# p3 shows" in text and replayed_stacks(text) == [[s.stack for s in live.row.seats]]

    rabbit = live.engine.rabbit()
    await h.press_label(EVE, "Rabbit hunt")  # a member watching: the rabbit is for everyone
    content = h.table_message()["content"]
    assert "Rabbit hunt (it changes nothing)" in content and len(rabbit) == 5
    assert "Rabbit hunt" not in h.labels()
    token = await h.press(BOB, f"cr:u:{live.id}:rabbit", message=_with_button(h, live.id, "rabbit"))
    assert "hunted already" in h.ephemeral_text(token)
    assert [s.stack for s in live.row.seats] == [1015, 995, 990], "nothing changed a chip"
    await h.close()


def _with_button(h: Harness, table: int, what: str) -> dict:
    """The table message as an older copy of it showed a button it no longer has."""
    return h.table_message() | {"components": [{"type": 1, "components": [
        {"type": 2, "style": 2, "custom_id": f"cr:u:{table}:{what}", "label": what}]}]}


async def test_a_time_bank_counts_down_on_screen_and_away_is_one_button(database: str) -> None:
    h = await Harness.start(database)
    await h.command(ALICE, "holdem", "create", time_bank=30)
    await h.command(BOB, "holdem", "join")
    await h.command(ALICE, "holdem", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    token = await h.command(BOB, "holdem", "status")
    assert "time bank 30 s every 10 hands" in h.ephemeral_text(token)
    clock = h.bot.service.clock
    h.bot.service.clock = lambda: clock() + 61  # the turn's clock runs out
    await h.bot.service.tick()
    await h.settle()
    deadline = int(live.row.deadline)
    assert f"(time bank, ends <t:{deadline}:R>)" in h.table_message()["content"], "Discord counts it down"
    h.bot.service.clock = clock

    (deal_seat,) = live.engine.to_act()
    to_act = next(u for u in (ALICE, BOB) if u.id == live.table_seat_of(deal_seat).user_id)
    await h.move(to_act, "Away")
    assert live.row.seats[live.seat_index(to_act.id)].away and "is away" in h.table_message()["content"]
    assert live.row.deal is None or live.engine.to_act() != (deal_seat,), "their turn was played at once"
    await h.move(to_act, "I'm back")
    assert not live.row.seats[live.seat_index(to_act.id)].away
    await h.close()


async def test_a_bomb_pot_every_second_hand(database: str) -> None:
    recorder = Recorder()
    h = await Harness.start(database, recorder)
    token = await h.command(ALICE, "holdem", "create", mode="tournament", bomb_pot_every=2)
    assert "Bomb pots are for cash games" in h.ephemeral_text(token)
    live = await three_playing(h, ALICE, BOB, CAROL, bomb_pot_every=2)
    token = await h.command(BOB, "holdem", "status")
    assert "bomb pot every 2 hands (20 each)" in h.ephemeral_text(token)
    assert live.engine.view(None)["street"] == "preflop"
    await _play_hand_out(h)
    await h.bot.service.tick()  # the next deal: a bomb pot
    await h.settle()
    assert live.row.hand_no == 2 and live.engine.view(None)["street"] == "flop"
    assert [s.stack for s in live.row.seats] == [live.engine.view(None)["seats"][i]["stack"] + 20 for i in range(3)]
    board = live.engine.board
    await h.close()
    h = await Harness.start(database, recorder)  # a restart in the middle of the bomb pot
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live.engine.forced.bomb_pot and live.engine.board == board and live.engine.view(None)["street"] == "flop"
    await _play_hand_out(h)
    name, text = await exported(h, ALICE, live.id, 2)
    assert "antes = [20, 20, 20]" in text and "blinds_or_straddles = [0, 0, 0]" in text
    await h.close()


async def test_the_seven_deuce_bounty_is_a_holdem_cash_game_option(database: str) -> None:
    h = await Harness.start(database)
    token = await h.command(ALICE, "omaha", "create", bounty_72=10)
    assert "Omaha hands hold four cards" in h.ephemeral_text(token)
    token = await h.command(ALICE, "holdem", "create", mode="tournament", bounty_72=10)
    assert "for cash games" in h.ephemeral_text(token) and h.bot.service.in_channel(CHANNEL_ID) is None
    await h.command(ALICE, "holdem", "create", bounty_72=10)
    token = await h.command(ALICE, "holdem", "status")
    assert "7-2 bounty 10" in h.ephemeral_text(token)
    await h.close()
