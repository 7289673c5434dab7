"""Sit-and-go arithmetic (`bot/service/sit_and_go.py`), against the rules page (`docs/rules/holdem.md`,
"Tournaments"): the blind levels, the places of players knocked out together, the payouts, the refunds
of a cancelled tournament. The service's part (a tournament played to the end) is in `test_tables.py`."""
from __future__ import annotations

import pytest

from bot.service.tournament import sit_and_go
from bot.storage.records import TableSettings

# "the winner takes all with up to 3 entrants, 65%/35% with 4-6, 50%/30%/20% with 7-10"
SHARES_BY_ENTRANTS = {**{n: (100,) for n in (2, 3)}, **{n: (65, 35) for n in (4, 5, 6)},
                      **{n: (50, 30, 20) for n in (7, 8, 9, 10)}}


@pytest.mark.parametrize("entrants, shares", SHARES_BY_ENTRANTS.items())
def test_the_prize_pool_is_paid_by_place_as_the_rules_say(entrants: int, shares: tuple[int, ...]) -> None:
    pool = 100 * entrants * 10
    assert sit_and_go.payouts(pool, entrants) == [pool * share // 100 for share in shares]


def test_rounding_leftovers_go_to_the_winner() -> None:
    assert sit_and_go.payouts(1001, 5) == [651, 350]
    assert sit_and_go.payouts(999, 9) == [501, 299, 199]


def test_players_knocked_out_together_are_placed_by_the_stacks_they_started_with() -> None:
    assert sit_and_go.busted_places(5, [300, 100, 300]) == [3, 5, 3]
    assert sit_and_go.busted_places(2, [40]) == [2]


def test_a_cancelled_tournament_gives_every_entrant_the_buy_in_back() -> None:
    assert sit_and_go.cancel_refunds([0, 350, 250], 200) == [200, 200, 200], "knocked out or ahead: the buy-in"
    with pytest.raises(ValueError, match=r"the stacks \[0, 350\] are not 2 buy-ins of 200"):
        sit_and_go.cancel_refunds([0, 350], 200)


def test_the_stakes_rise_level_by_level() -> None:
    blinds = {"mode": "tournament", "small_blind": 5, "big_blind": 10, "level_hands": 3}
    assert sit_and_go.hand_settings(TableSettings.from_json(blinds), 7)["big_blind"] == 30
    stud = {"mode": "tournament", "ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10, "level_hands": 1}
    assert sit_and_go.describe_level(TableSettings.from_json(stud), 4) == "level 4: ante 5, bring-in 10, bets 25/50"


@pytest.mark.parametrize("hand_no, text", [
    (1, "level 1: blinds 5/10"),
    (3, "level 2: blinds 10/20"),
    (7, "level 4: blinds 25/50 ante 5"),   # from the fourth level, an ante of a fifth of the small blind
])
def test_the_table_names_the_level_and_its_blinds(hand_no: int, text: str) -> None:
    settings = {"mode": "tournament", "small_blind": 5, "big_blind": 10, "level_hands": 2}
    assert sit_and_go.describe_level(TableSettings.from_json(settings), hand_no) == text


def test_levels_last_ten_hands_unless_set_and_the_last_level_stays() -> None:
    assert [sit_and_go.level(TableSettings.from_json({"mode": "tournament"}), hand) for hand in (1, 10, 11, 21)] == [0, 0, 1, 2]
    settings = {"mode": "tournament", "small_blind": 5, "big_blind": 10, "level_hands": 1}
    # Fourteen levels, the last at 200 times the first: it stays once reached.
    assert sit_and_go.describe_level(TableSettings.from_json(settings), 14) == "level 14: blinds 1000/2000 ante 200"
    assert sit_and_go.describe_level(TableSettings.from_json(settings), 10_000) == "level 14: blinds 1000/2000 ante 200"


@pytest.mark.parametrize("first_level, text", [
    ({"small_blind": 1, "big_blind": 2}, "level 4: blinds 5/10 ante 1"),        # at least one chip of ante
    ({"small_blind": 5, "big_blind": 10, "ante": 2}, "level 4: blinds 25/50 ante 10"),  # its own ante scales
    ({"ante": 0, "bring_in": 2, "small_bet": 5, "big_bet": 10}, "level 4: ante 0, bring-in 10, bets 25/50"),
    ({"small_blind": 5, "big_blind": 10, "ante_kind": "big blind"}, "level 4: blinds 25/50 big-blind ante 50"),
    ({"small_blind": 5, "big_blind": 10, "ante": 10, "ante_kind": "big blind"}, "level 4: blinds 25/50 big-blind ante 50"),
    ({"small_blind": 5, "big_blind": 10, "ante_kind": "big blind"}, "level 3: blinds 15/30"),
])
def test_an_ante_is_added_from_the_fourth_level_only_to_blinds_without_one(first_level: dict, text: str) -> None:
    """A big-blind ante is the big blind's worth, posted by the big blind alone (the default of hold'em
    and Omaha tournaments); otherwise a fifth of the small blind from everyone."""
    hand = int(text.split()[1].rstrip(":"))
    assert sit_and_go.describe_level(TableSettings.from_json({"mode": "tournament", "level_hands": 1, **first_level}), hand) == text
