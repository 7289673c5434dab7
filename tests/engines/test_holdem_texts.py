"""What hold'em players read: each seat's last move, a refusal's exact words, and the hand's PHH record."""
from __future__ import annotations

import pytest

from bot.games.base import Action, IllegalAction, NotYourTurn, Seat
from bot.games.holdem import HoldemEngine
from bot.games.phh import RoomHandHistory

SEED = "ab" * 32


# -- the table ------------------------------------------------------------------------------------


def table(names: list[str], ante: int = 0) -> HoldemEngine:
    return HoldemEngine({"ante": ante}, [Seat(name, 100) for name in names], SEED, {"dealer": 0})


def test_only_the_blinds_have_a_last_move_when_the_hand_starts() -> None:
    seats = table(["Ann", "Bob", "Cat"]).view(None)["seats"]
    assert [s["last_action"] for s in seats] == ["", "posts the small blind of 5", "posts the big blind of 10"]


@pytest.mark.parametrize("finished, seat, refusal, message", [
    (False, 1, NotYourTurn, "It is not your turn."),
    (True, 2, IllegalAction, "This hand is over."),
])
def test_a_move_out_of_turn_or_after_the_hand_is_refused_in_words(
        finished: bool, seat: int, refusal: type[Exception], message: str) -> None:
    e = table(["Ann", "Bob", "Cat"])
    if finished:
        e.apply(0, Action("fold"))
        e.apply(1, Action("fold"))
    with pytest.raises(refusal) as caught:
        e.apply(seat, Action("check"))
    assert str(caught.value) == message


# -- the PHH record ------------------------------------------------------------------------------


def test_a_hand_in_play_has_no_finishing_stacks_and_a_finished_one_has_its_own() -> None:
    e = table(["Ann", "Bob", "Cat"], ante=1)
    playing = RoomHandHistory.loads(e.phh())
    assert playing.finishing_stacks is None
    assert (playing.seat_count, playing.ante_trimming_status) == (3, True)
    e.apply(0, Action("fold"))
    e.apply(1, Action("fold"))  # Cat's big blind wins the blinds and the antes
    done = RoomHandHistory.loads(e.phh())
    # pokerkit's players run from the small blind (Bob) round to the button (Ann)
    assert done.finishing_stacks == [94, 107, 99]
    assert (done.seat_count, done.ante_trimming_status) == (3, True)


def test_a_name_with_three_quotes_still_makes_a_readable_record() -> None:
    e = table(["Ann'''s", "Bob", "Cat"])
    assert RoomHandHistory.loads(e.phh()).players == ["Bob", "Cat", "Ann''s"]
