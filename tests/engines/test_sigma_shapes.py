"""Sigma Poker geometry: the deck, orientations, every placement case of docs/rules/sigma.md, scores
and expected scores (checked against a plain cell-by-cell painter)."""
from __future__ import annotations

from collections import Counter
from statistics import mean

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.base import IllegalAction
from bot.games.sigma_shapes import (
    CHOOSE,
    CODES,
    PATTERNS,
    SHAPES,
    THIRD,
    Layer,
    Placement,
    base_layer,
    best_placement,
    card_rows,
    check_placement,
    covered,
    designated_mask,
    frame_start,
    hand_value,
    hidden_card_scores,
    legal_placements,
    mask_rows,
    matching_cells,
    placement_values,
    score,
    visible,
)


def targets(layers: list[Layer], step: str) -> set[str]:
    return {p.target for p in legal_placements(layers, step)}


def refused(layers: list[Layer], target: str, step: str = CHOOSE) -> str:
    with pytest.raises(IllegalAction) as error:
        check_placement(layers, Placement.parse(target), step)
    return str(error.value)


def paint(layers: list[Layer]) -> dict[tuple[int, int], str]:
    """The strip cell by cell, painting each card's rows over the ones below: the slow reference."""
    cells: dict[tuple[int, int], str] = {}
    for layer in layers:
        for r, line in enumerate(card_rows(layer.code, layer.rotation)):
            for c, cell in enumerate(line):
                cells[(layer.row + r, layer.col + c)] = cell
    return cells


def slow_score(first: str, second: str, layers: list[Layer]) -> int:
    shape = paint([Layer(first, 0, 0, 0, True), Layer(second, 0, 1, 0, True)])
    cells = paint(layers)
    start = min(c for _, c in cells)
    assert {(r, c - start) for r, c in cells} == {(r, c) for r in range(3) for c in range(3)}
    return sum(cells[(r, c + start)] == shape[(r, c)] for r in range(3) for c in range(3))


# ---- the deck ---------------------------------------------------------------------------------
def test_the_deck_is_52_distinct_two_by_three_patterns() -> None:
    assert len(CODES) == len(set(CODES)) == 52
    assert CODES[0] == "S01" and CODES[-1] == "S52"
    assert len(set(PATTERNS)) == 52
    for pattern in PATTERNS:
        rows = pattern.split("/")
        assert len(rows) == 3 and all(len(row) == 2 and set(row) <= {"#", "."} for row in rows)
    counts = Counter(pattern.count("#") for pattern in PATTERNS)
    assert counts == {0: 1, 2: 15, 3: 20, 4: 15, 6: 1}


def test_turning_a_card() -> None:
    assert SHAPES["S20"] == "##/../.#"
    assert card_rows("S20", 0) == ("##", "..", ".#")
    assert card_rows("S20", 90) == ("..#", "#.#")
    assert card_rows("S20", 180) == ("#.", "..", "##")
    assert card_rows("S20", 270) == ("#.#", "#..")


def quarter_turn(rows: tuple[str, ...]) -> tuple[str, ...]:
    """Clockwise: the bottom row becomes the left column."""
    return tuple("".join(column) for column in zip(*rows[::-1]))


@given(st.sampled_from(CODES))
def test_each_rotation_is_a_further_quarter_turn_and_four_make_the_card_again(code: str) -> None:
    upright = card_rows(code, 0)
    assert card_rows(code, 90) == quarter_turn(upright)
    assert card_rows(code, 180) == quarter_turn(card_rows(code, 90))
    assert card_rows(code, 270) == quarter_turn(card_rows(code, 180))
    assert quarter_turn(card_rows(code, 270)) == upright


# ---- allowed placements (docs/rules/sigma.md, "Allowed") ---------------------------------------
BASE = [base_layer("S30")]


def test_allowed_1_option_one_goes_upright_half_over_the_base() -> None:
    option_one = {t for t in targets(BASE, CHOOSE) if t[0] == "1"}
    assert option_one == {"1:0:0,0", "1:180:0,0", "1:0:2,0", "1:180:2,0"}


def test_allowed_2_option_two_has_fourteen_places() -> None:
    upright = {f"2:{r}:{c},0" for r in (0, 180) for c in (0, 1, 2)}
    turned = {f"2:{r}:{c},{row}" for r in (90, 270) for c in (0, 1) for row in (0, 1)}
    assert {t for t in targets(BASE, CHOOSE) if t[0] == "2"} == upright | turned


def test_allowed_3_third_card_after_a_face_up_half() -> None:
    layers = BASE + [Placement.parse("2:0:2,0").layer("S01")]
    assert targets(layers, THIRD) == {
        "3:0:1,0", "3:180:1,0", "3:0:2,0", "3:180:2,0",
        "3:90:1,0", "3:270:1,0", "3:90:1,1", "3:270:1,1",
    }


def test_allowed_3_third_card_after_a_face_up_card_over_the_base() -> None:
    layers = BASE + [Placement.parse("2:180:1,0").layer("S01")]
    assert targets(layers, THIRD) == {"3:0:0,0", "3:180:0,0", "3:0:2,0", "3:180:2,0"}


def test_allowed_3_third_card_after_a_turned_face_up_card() -> None:
    layers = BASE + [Placement.parse("2:90:1,0").layer("S01")]  # columns 1-3, rows 0-1
    assert targets(layers, THIRD) == {"3:0:2,0", "3:180:2,0", "3:90:1,1", "3:270:1,1"}


@given(st.sampled_from(CODES), st.sampled_from(CODES))
def test_every_face_up_placement_can_be_finished_and_every_finish_covers_a_frame(
        base: str, card: str) -> None:
    for placement in legal_placements([base_layer(base)], CHOOSE):
        layers = [base_layer(base), placement.layer(card)]
        if placement.option == "1":
            assert frame_start(covered(layers)) is not None
            continue
        finishes = legal_placements(layers, THIRD)
        assert finishes
        for finish in finishes:
            assert frame_start(covered(layers + [finish.layer(card)])) is not None


# ---- refused placements (docs/rules/sigma.md, "Refused") ---------------------------------------
def test_refused_1_option_one_turned_sideways() -> None:
    for target in ("1:90:0,0", "1:270:1,1", "1:90:1,0"):
        assert refused(BASE, target) == (
            "A face-down card must complete the 3x3 frame: this placement leaves 1 cell empty.")


def test_refused_2_option_one_over_the_base() -> None:
    assert refused(BASE, "1:0:1,0") == (
        "A face-down card must complete the 3x3 frame: this placement leaves 3 cells empty.")


@pytest.mark.parametrize("target", ["1:0:3,0", "2:0:-1,0", "2:90:2,0", "2:0:0,1", "2:270:0,2", "2:90:0,-1"])
def test_refused_3_sticking_out_of_the_strip(target: str) -> None:
    assert refused(BASE, target) == "That card would lie outside every 3x3 frame with your base card."


def test_refused_4_third_card_on_the_far_side() -> None:
    layers = BASE + [Placement.parse("2:0:2,0").layer("S01")]
    for target in ("3:0:0,0", "3:90:0,0", "3:270:0,1"):
        assert refused(layers, target, THIRD) == (
            "Your cards must stay inside one 3x3 frame: this would spread them over four columns.")


def test_refused_5_third_card_leaving_a_hole() -> None:
    layers = BASE + [Placement.parse("2:90:1,0").layer("S01")]  # leaves column 3, row 2 open
    for target in ("3:0:1,0", "3:90:1,0", "3:270:1,0"):
        assert refused(layers, target, THIRD) == (
            "A face-down card must complete the 3x3 frame: this placement leaves 1 cell empty.")


def test_refused_6_no_sliding_under_every_card_lands_on_top() -> None:
    full = base_layer("S52")
    empty_over_column_1 = Placement.parse("1:0:0,0").layer("S01")
    assert mask_rows(visible([full, empty_over_column_1]), 0) == ["..#", "..#", "..#"]
    empty_over_base = Placement.parse("2:0:1,0").layer("S01")
    full_third = Placement.parse("3:0:2,0").layer("S52")
    assert mask_rows(visible([full, empty_over_base, full_third]), 1) == [".##", ".##", ".##"]


def test_refused_7_bad_turn_wrong_option_and_malformed_targets() -> None:
    assert refused(BASE, "1:45:0,0") == "A card can only be turned by 0, 90, 180 or 270 degrees."
    assert refused(BASE, "3:0:0,0") == (
        "Choose option 1 (face down) or option 2 (face up) for the card you were dealt.")
    layers = BASE + [Placement.parse("2:0:2,0").layer("S01")]
    assert refused(layers, "1:0:2,0", THIRD) == (
        "Your third card goes face down to finish your frame: use option 3.")
    for target in (None, "", "1:0:2", "1:x:2,0", "1:0:2,0,1"):
        with pytest.raises(IllegalAction) as error:
            Placement.parse(target)
        assert str(error.value) == "A placement reads option:rotation:column,row, for example 1:0:2,0."


# ---- scoring ----------------------------------------------------------------------------------
DESIGNATED = designated_mask("S21", "S47")  # "#./##/.." then ".#/##/#." on top in columns 1-2


def test_the_designated_shape_is_the_second_card_over_the_first() -> None:
    assert mask_rows(DESIGNATED) == ["#.#", "###", ".#."]


def test_scoring_a_known_frame() -> None:
    layers = [base_layer("S52"), Placement.parse("1:0:2,0").layer("S01")]  # "#..", "#..", "#.."
    assert score(DESIGNATED, layers) == 4
    assert matching_cells(DESIGNATED, layers) == [
        [True, True, False], [True, False, False], [False, False, True]]


def test_copying_the_designated_shape_scores_nine() -> None:
    layers = [base_layer("S21"), Placement.parse("1:0:2,0").layer("S47")]
    assert score(DESIGNATED, layers) == 9
    assert matching_cells(DESIGNATED, layers) == [[True] * 3] * 3


@pytest.mark.parametrize("read", [score, matching_cells])
def test_scoring_needs_a_covered_frame(read) -> None:
    with pytest.raises(ValueError) as error:
        read(DESIGNATED, [base_layer("S52")])
    assert str(error.value) == "the cards do not cover a 3x3 frame yet"


@st.composite
def finished_frames(draw: st.DrawFn) -> tuple[str, str, list[Layer]]:
    """A designated shape and a frame built by legal placements of random cards."""
    first, second, base, card, third = draw(st.permutations(CODES))[:5]
    layers = [base_layer(base)]
    placement = draw(st.sampled_from(legal_placements(layers, CHOOSE)))
    layers.append(placement.layer(card))
    if placement.option == "2":
        layers.append(draw(st.sampled_from(legal_placements(layers, THIRD))).layer(third))
    return first, second, layers


@settings(max_examples=300)
@given(finished_frames())
def test_scores_agree_with_painting_cell_by_cell(frame: tuple[str, str, list[Layer]]) -> None:
    first, second, layers = frame
    designated = designated_mask(first, second)
    expected = slow_score(first, second, layers)
    assert score(designated, layers) == expected
    assert sum(map(sum, matching_cells(designated, layers))) == expected


# ---- expected scores --------------------------------------------------------------------------
def slow_option_two(designated: int, layers: list[Layer], card: str, placement: Placement,
                    pool: list[str]) -> float:
    placed = layers + [placement.layer(card)]
    return mean(max(score(designated, placed + [p.layer(third)]) for p in legal_placements(placed, THIRD))
                for third in pool if third != card)


@settings(max_examples=25, deadline=None)
@given(st.permutations(CODES))
def test_expected_scores_agree_with_trying_every_third_card(deck: list[str]) -> None:
    first, second, base, card, *unseen = deck
    designated = designated_mask(first, second)
    layers = [base_layer(base)]
    pool = unseen[:12]
    values = placement_values(designated, layers, card, CHOOSE, pool)
    assert [p for _, p in values] == legal_placements(layers, CHOOSE)
    for value, placement in values:
        if placement.option == "1":
            assert value == score(designated, layers + [placement.layer(card)])
        else:
            assert value == pytest.approx(slow_option_two(designated, layers, card, placement, pool))
    assert best_placement(designated, layers, card, CHOOSE, pool) == max(values, key=lambda v: v[0])[1]


def test_hand_value_is_the_mean_best_value_of_each_card() -> None:
    designated = DESIGNATED
    layers = [base_layer("S30")]
    pool = ["S01", "S09", "S33", "S40", "S52"]
    expected = mean(
        max(v for v, _ in placement_values(designated, layers, card, CHOOSE, pool)) for card in pool)
    assert hand_value(designated, layers, pool) == pytest.approx(expected)
    # The perfect card for this shape sits in the pool: a base "S21" and "S47" make 9.
    assert max(v for v, _ in placement_values(designated, [base_layer("S21")], "S47", CHOOSE, pool)) == 9


def test_hidden_card_scores_try_each_unseen_card_in_the_hidden_spot() -> None:
    layers = [base_layer("S21")]
    spot = Layer("??", 0, 2, 0, False)
    assert hidden_card_scores(DESIGNATED, layers, spot, ["S47", "S01"]) == [
        9, score(DESIGNATED, layers + [Placement.parse("1:0:2,0").layer("S01")])]
