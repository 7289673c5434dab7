"""2-7 triple draw, 2-7 single draw and badugi through the real Discord client: two members play whole
deals from their seat panels with a computer player, drawing as a player of the game would (the
cards through the private select, Stand pat by its button); each deal's export is the game's PHH and
replays to the chip, their own low hand is named on their panel's picture, and /stats and /replay
know the game."""
from __future__ import annotations

from typing import Any, Callable

import pytest

from bot.ai import badugi as badugi_ai
from bot.ai import lowball as lowball_ai
from bot.games.base import ActionSpec
from bot.service.table.live import LiveTable
from tests.support.export_checks import exported, replayed_stacks
from tests.support.harness import Harness, User
from tests.support.panel_play import Choice, passive, play_deal
from tests.support.deal_steps import live_table, next_deal

ALICE, BOB = User(5701, "Alice"), User(5702, "Bob")
Discards = Callable[[list[str], int], tuple[str, ...]]
GAMES: dict[str, tuple[str, str, Discards, int]] = {
    # game: (PHH code, stakes on the picture, how a member draws, cards in a hand)
    "triple-draw": ("F2L3D", "Limits 10/20", lambda cards, left: lowball_ai.choose_discards(cards, left, True), 5),
    "single-draw": ("N2L1D", "Blinds 5/10", lambda cards, left: lowball_ai.choose_discards(cards, left, False), 5),
    "badugi": ("FB", "Limits 10/20", badugi_ai.choose_discards, 4),
}


def _drawing(discards: Discards) -> Callable[[LiveTable, int, list[ActionSpec]], Choice]:
    """A member who draws as the game's players do, then checks or calls."""
    def choose(live: LiveTable, seat: int, specs: list[ActionSpec]) -> Choice:
        if "discard" not in {spec.kind for spec in specs}:
            return passive(live, seat, specs)
        view = live.engine.view(seat)
        thrown = discards(list(view["seats"][seat]["cards"]), int(view["draws_left"]))
        return Choice("discard", tuple(thrown)) if thrown else Choice("stand_pat")
    return choose


@pytest.mark.parametrize("game", list(GAMES))
async def test_members_and_a_robot_play_whole_deals(game: str, tmp_path: Any,
                                                    rendered: list[tuple[str, dict[str, Any]]]) -> None:
    code, stakes, discards, size = GAMES[game]
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    seeds = iter(f"{game[:2].encode().hex()}{deal:060x}" for deal in range(10))
    h.bot.service.seeds = lambda _label: next(seeds)
    assert "can't be smaller" in h.ephemeral_text(await h.command(ALICE, game, "create", small_blind=20, big_blind=10))
    await h.command(ALICE, game, "create")
    await h.command(BOB, game, "join")
    await h.command(ALICE, game, "add-bot")
    await h.command(ALICE, game, "start")
    live = live_table(h)
    chips = sum(seat.stack for seat in live.row.seats)
    drawn = 0
    for deal in range(1, 4):
        if deal > 1:
            live = await next_deal(h)
        assert all(len(live.engine.view(s)["seats"][s]["cards"]) == size for s in range(3))
        played = await play_deal(h, [ALICE, BOB], _drawing(discards), open_panels=deal == 1)
        drawn += sum(move.kind in ("discard", "stand_pat") for move in played.moves)
        assert live.last_deal is not None and sum(seat.stack for seat in live.row.seats) == chips
        _, text = await exported(h, BOB, live.id, deal)
        assert f"variant = '{code}'" in text
        assert replayed_stacks(text) == [[seat.stack for seat in live.row.seats]], "the export replays to the chip"
    assert drawn, "the members drew from their panels"
    pictures = [view for name, view in rendered if name == "render_table"]
    assert pictures and all(view["game"] == game and view["stakes"] == stakes for view in pictures)
    private = [view for name, view in rendered if name == "render_hand" and not view["finished"]]
    assert any(view["seats"][view["viewer"]]["hand_name"] for view in private), "a member's own hand is named"
    stats = h.recorder.replies_to(await h.command(ALICE, "stats", game=game))
    assert any(reply.files for reply in stats) and "Hands 3" in " ".join(reply.text for reply in stats)
    shown = h.ephemeral_text(await h.command(BOB, "replay", table=live.id, hand=2))
    assert "hand #2 · step 0 of" in shown and "replay.png" in shown, shown
    await h.close()
