"""The Presidential Poker hand evaluator: every rank, the order of ranks, every tie breaker, and the
fast search against a brute force over the symbol choices."""
from collections import Counter
from itertools import combinations, permutations, product
from math import prod

import pytest
from hypothesis import given, settings, strategies as st

from bot.games.presidential_eval import (
    _SYMBOL_NAMES, RANKS, _shared_table, _submasks, evaluate, rank_strength, tie_break,
)
from bot.games.sixchex import (
    BY_CODE, CARDS, CATEGORY_OF, DECK, KINGDOM_V_NUMBERS, RAINBOW_DARK, RAINBOW_LIGHT,
    similarity_class as family,
)

# ---- a reference written straight from the rank definitions --------------------------------------

PACKING = {(2, 0): 7, (1, 2): 6, (1, 1): 5, (1, 0): 4, (0, 3): 3, (0, 2): 2, (0, 1): 1, (0, 0): 0}


def classify(symbols: list[str]) -> int:
    """Rank strength of one choice of symbols (one per card), by the definitions of the ranks."""
    if all(s in KINGDOM_V_NUMBERS for s in symbols):
        return 16
    if set(symbols) in (RAINBOW_LIGHT, RAINBOW_DARK):
        return 15
    counts = Counter(symbols)
    best = -1
    for a in [s for s, n in counts.items() if n == 4]:
        for p, q, t in permutations([s for s in symbols if s != a]):
            similar = family(p) == family(a)
            if similar and p == q == t:
                best = max(best, 14)  # 4 + 3 similar
            elif similar and p == q:
                best = max(best, 13)  # 4 + 2 similar + any
            elif similar and q == t:
                best = max(best, 12)  # 4 + 1 similar + a pair
            elif similar and family(q) == family(t):
                best = max(best, 11)  # 4 + 1 similar + two similar
            elif p == q == t:
                best = max(best, 10)  # 4 + 3
            elif p == q and family(t) == family(p):
                best = max(best, 9)  # 4 + 2 + 1 similar to the pair
            elif family(p) == family(q) == family(t):
                best = max(best, 8)  # 4 + 3 similar
    if best >= 0:
        return best
    triples = sum(n >= 3 for n in counts.values())
    pairs = sum(n == 2 for n in counts.values())
    return PACKING[(2, 0) if triples >= 2 else (triples, pairs)]


def choices(codes: list[str], reduce: bool = True) -> list[tuple[str, ...]]:
    """The symbols each card may lend. Reduced: a symbol whose family is on no other card of the
    hand (and that cannot make a flush) can only ever stand alone, so one such symbol per card
    stands for all of them."""
    cards = [BY_CODE[c] for c in codes]
    if not reduce:
        return [card.symbols for card in cards]
    rainbow = {card.colour for card in cards} in (RAINBOW_LIGHT, RAINBOW_DARK)
    presidential = all(card.is_kingdom_v for card in cards)
    result = []
    for i, card in enumerate(cards):
        others = {family(s) for j, other in enumerate(cards) if j != i for s in other.symbols}
        live = [s for s in card.symbols if family(s) in others
                or (rainbow and s == card.colour) or (presidential and s == card.number)]
        alone = [s for s in card.symbols if s not in live]
        result.append(tuple(live + alone[:1]))
    return result


def brute_force(codes: list[str], reduce: bool = True) -> int:
    return max(classify(list(choice)) for choice in product(*choices(codes, reduce)))


def assert_shows_the_rank_and_nothing_more(value) -> None:
    """The highlighted symbols: a grouped card shows its group's symbol; a card outside every group
    shows its play number unless a group uses that number, and in any case a symbol neither identical
    nor similar to any other card's (so it suggests no bigger group)."""
    group_of = {code: symbol for symbol, codes in value.groups for code in codes}
    for i, code in enumerate(value.cards):
        if code in group_of:
            assert value.chosen[i] == group_of[code]
        else:
            if BY_CODE[code].number not in group_of.values():
                assert value.chosen[i] == BY_CODE[code].number
            assert all(family(other) != family(value.chosen[i])
                       for j, other in enumerate(value.chosen) if j != i), (code, value.chosen)
    assert classify(list(value.chosen)) == value.rank.strength


# ---- every rank with a constructed hand ----------------------------------------------------------

RANK_EXAMPLES = [
    ("7:7", "C65 C66 C67 C68 C69 C70 C71", "4× 17+20 + 3× 18+19"),
    ("7:1", "C01 C02 C06 C22 C39 C04 C26",
     "1× light red + 1× light orange + 1× light yellow + 1× light green + 1× light blue"
     " + 1× light indigo + 1× light violet"),
    ("7:0", "C04 C10 C14 C41 C44 C53 C66", "4× light indigo + 3× dark indigo"),
    ("6:1", "C05 C12 C14 C39 C47 C59 C71", "4× hollow circle + 2× partial circle"),
    ("5:2", "C04 C05 C26 C37 C54 C64 C72", "4× solid star + 1× hollow star + 2× 5"),
    ("5:1:1", "C10 C13 C22 C43 C45 C52 C62",
     "4× solid diamond + 1× hollow diamond + 1× dark green + 1× light green"),
    ("4:3", "C04 C17 C20 C23 C25 C36 C52", "4× 4 + 3× F"),
    ("4:2:1", "C03 C04 C07 C14 C23 C39 C55", "4× 7 + 2× light indigo + 1× dark indigo"),
    ("4:1:1:1", "C07 C11 C37 C48 C51 C52 C67",
     "4× P + 1× solid square + 1× partial square + 1× hollow square"),
    ("3:3:1", "C01 C07 C22 C35 C49 C57 C65", "3× L + 3× sun"),
    ("3:2:2", "C02 C32 C37 C43 C50 C59 C64", "3× tulip + 2× R + 2× horse"),
    ("3:2:1:1", "C08 C11 C12 C22 C33 C40 C47", "3× turtle + 2× 8"),
    ("3:1:1:1:1", "C32 C34 C35 C47 C59 C60 C62", "3× R"),
    ("2:2:2:1", "C32 C36 C60 C63 C64 C65 C68", "2× 16 + 2× light green + 2× whale"),
    ("2:2:1:1:1", "C05 C08 C27 C32 C35 C55 C69", "2× pink + 2× partial hexagon"),
    ("2:1:1:1:1:1", "C02 C04 C06 C07 C44 C45 C56", "2× bee"),
    ("0:7", "C20 C21 C33 C54 C61 C62 C65", ""),
]


def test_the_17_ranks_in_the_order_of_the_text():
    assert [r.code for r in RANKS] == [code for code, _, _ in RANK_EXAMPLES]
    assert [r.strength for r in RANKS] == list(range(16, -1, -1))
    assert RANKS[0].name == "Presidential Flush" and RANKS[-1].name == "High card"


@pytest.mark.parametrize("code, hand, groups", RANK_EXAMPLES, ids=[c for c, _, _ in RANK_EXAMPLES])
def test_each_rank_with_a_constructed_hand(code, hand, groups):
    value = evaluate(hand.split())
    assert value.rank.code == code
    assert value.describe() == f"{value.rank.name} ({code})" + (f": {groups}" if groups else "")
    assert_shows_the_rank_and_nothing_more(value)
    assert brute_force(hand.split()) == value.rank.strength


def test_ordering_between_ranks():
    values = [evaluate(hand.split()) for _, hand, _ in RANK_EXAMPLES]
    assert sorted(values, key=lambda v: v.key, reverse=True) == values
    assert all(a.key > b.key for a, b in zip(values, values[1:]))


def test_four_identical_and_three_unrelated_ranks_as_a_triple():
    # All four 8s; the 2, 3, 4 cards relate to nothing: the best pattern contained is 3 + 2 + 1 + 1.
    value = evaluate("C08 C24 C40 C56 C02 C03 C04".split())
    assert value.rank.code == "3:2:1:1" and value.describe().endswith("3× 8 + 2× B")
    assert value.chosen.count("8") == 3


def test_the_fourth_card_of_a_number_left_out_of_a_triple_shows_another_symbol():
    # All four 8s and three cards relating to nothing: a triple of 8s, and the fourth 8 must not
    # show its 8 (four 8s highlighted would read as four of a kind).
    hand = "C08 C24 C40 C56 C02 C04 C05".split()
    value = evaluate(hand)
    assert value.rank.code == "3:1:1:1:1" == RANKS[16 - brute_force(hand)].code
    assert value.chosen.count("8") == 3
    assert_shows_the_rank_and_nothing_more(value)


def test_six_similar_figures_are_no_six_of_a_kind_without_an_identical_pair():
    # Four solid circles, a hollow and a partial circle, and an unrelated card: no listed pattern
    # beyond the four identical symbols, which count as a triple.
    hand = "C03 C08 C39 C65 C05 C47 C02".split()
    figures = sorted(BY_CODE[c].figure for c in hand[:6])
    assert figures == ["hollow-circle", "partial-circle"] + ["solid-circle"] * 4
    assert evaluate(hand).rank.code == "3:1:1:1:1" == RANKS[16 - brute_force(hand)].code


def test_chosen_symbols_name_a_category_per_card():
    value = evaluate("C03 C04 C07 C14 C23 C39 C55".split())
    assert value.chosen_categories == tuple(CATEGORY_OF[s] for s in value.chosen)
    assert value.chosen_categories.count("number") == 4 and value.chosen_categories.count("colour") == 3


@pytest.mark.parametrize("hand", [DECK[:6], ["C01"] * 7, [*DECK[:6], "As"]], ids=["six", "twice", "foreign"])
def test_bad_hands_are_refused(hand):
    with pytest.raises(ValueError) as error:
        evaluate(hand)
    assert str(error.value) == f"a hand is 7 different SIXCHEX cards, got {list(hand)}"


# ---- tie breakers, each with a worked example ----------------------------------------------------

def beats(a: str, b: str) -> bool:
    va, vb = evaluate(a.split()), evaluate(b.split())
    assert va.rank == vb.rank, (va.describe(), vb.describe())
    return va.key > vb.key and not vb.key > va.key


def test_a_straight_beats_higher_numbers_out_of_sequence():
    straight = "C02 C03 C04 C05 C06 C23 C24"  # 2-3-4-5-6-7-8, two pairs
    high = "C16 C15 C14 C13 C12 C11 C09"  # 16-15-14-13-12-11-9, two pairs
    assert tie_break(straight.split()).straight_top == 8
    assert tie_break(high.split()).straight_top is None
    assert beats(straight, high)


def test_between_straights_the_highest_play_number_wins():
    assert beats("C08 C55 C38 C05 C04 C35 C02", "C07 C06 C21 C20 C03 C34 C49")  # 8..2 over 7..1


def test_the_most_and_highest_multiple_wins():
    # 7-7-7-7:2-2-2 beats 6-6-6-6:2-2-2 (both four 7s/6s and three 2s).
    assert beats("C07 C23 C39 C55 C02 C18 C34", "C06 C22 C38 C54 C02 C18 C34")
    # 8-8-8-8:2-3-4 beats 4-4-4-4 with three Kingdom V cards (17-18-19 or better).
    eights, fours = "C08 C24 C40 C56 C02 C03 C04", "C04 C20 C36 C52 C65 C69 C70"
    assert tie_break(fours.split()).multiple == (4, 4)
    assert beats(eights, fours)


def test_then_the_highest_unequal_play_number():
    # 10-10-6-5-4-3-1 beats 10-10-6-5-2-2-1: the fifth number decides.
    a, b = "C10 C26 C06 C05 C04 C03 C49", "C42 C58 C22 C21 C02 C18 C01"
    assert tie_break(a.split()).numbers == (10, 10, 6, 5, 4, 3, 1)
    assert tie_break(b.split()).numbers == (10, 10, 6, 5, 2, 2, 1)
    assert beats(a, b)


def test_then_the_letters():
    a, b = "C44 C40 C15 C58 C11 C27 C31", "C44 C40 C31 C63 C10 C11 C43"
    assert tie_break(a.split()).numbers == tie_break(b.split()).numbers
    assert tie_break(a.split()).letters == tuple("TTPMGBA")
    assert tie_break(b.split()).letters == tuple("TTPEDBB")  # "M" beats "E"
    assert beats(a, b)


def test_then_the_most_pink_between_kingdom_v_hands():
    a, b = "C20 C69 C38 C61 C67 C28 C50", "C04 C72 C06 C45 C68 C44 C18"
    ta, tb = tie_break(a.split()), tie_break(b.split())
    assert (ta.numbers, ta.letters) == (tb.numbers, tb.letters)
    assert (ta.pink, tb.pink) == (1, 0)
    assert beats(a, b)


def test_pink_is_not_counted_without_kingdom_v_cards():
    assert BY_CODE["C05"].colour == "pink"
    assert tie_break("C05 C08 C27 C32 C35 C55 C60".split()).pink == 0


def test_equal_in_everything_is_a_split():
    va = evaluate("C48 C06 C55 C39 C22 C43 C25".split())
    vb = evaluate("C48 C06 C22 C23 C39 C43 C41".split())
    assert va.cards != vb.cards and va.key == vb.key
    assert va.tiebreak.describe() == "play numbers 16-11-9-7-7-6-6; letters S-P-M-K-H-F-D"


def test_kingdom_v_cards_read_either_play_number():
    # 14, 15, 16 and four Kingdom V cards read as 17, 18, 19, 20: a straight to 20.
    value = evaluate("C14 C15 C16 C65 C66 C69 C70".split())
    assert value.tiebreak.straight_top == 20
    assert value.tiebreak.numbers == (20, 19, 18, 17, 16, 15, 14)


def test_card_order_does_not_matter():
    hand = "C10 C13 C22 C43 C45 C52 C62".split()
    assert evaluate(hand).key == evaluate(hand[::-1]).key


# ---- the search against brute force ----------------------------------------------------------------

hands = st.lists(st.sampled_from(DECK), min_size=7, max_size=7, unique=True)
FAMILY_SYMBOLS = sorted(CATEGORY_OF)


@st.composite
def rich_hands(draw: st.DrawFn) -> list[str]:
    """Hands crowded with related symbols: the ranks above three pairs are common here."""
    anchor = draw(st.sampled_from(FAMILY_SYMBOLS))
    extra = set(draw(st.lists(st.sampled_from(FAMILY_SYMBOLS), min_size=1, max_size=3)))
    pool = [c.code for c in CARDS
            if any(family(s) == family(anchor) or s in extra for s in c.symbols)]
    base = [c.code for c in CARDS if anchor in c.symbols] if draw(st.booleans()) else []
    rest = [c for c in pool if c not in base]
    if len(rest) < 7 - len(base):
        rest = [c for c in DECK if c not in base]
    return base + draw(st.lists(st.sampled_from(rest), min_size=7 - len(base),
                                max_size=7 - len(base), unique=True))


@settings(max_examples=200, deadline=None)
@given(hands)
def test_matches_brute_force_on_random_hands(hand):
    value = evaluate(hand)
    assert value.rank.strength == brute_force(hand) == rank_strength(hand)
    assert_shows_the_rank_and_nothing_more(value)


@settings(max_examples=200, deadline=None)
@given(rich_hands())
def test_matches_brute_force_on_crowded_hands(hand):
    value = evaluate(hand)
    assert value.rank.strength == brute_force(hand)
    assert_shows_the_rank_and_nothing_more(value)


def test_the_reduced_brute_force_equals_the_full_one():
    hand = "C03 C04 C07 C14 C23 C39 C55".split()  # 4:2:1, many shared symbols
    assert prod(len(c) for c in choices(hand, reduce=False)) == 6 ** 7
    assert brute_force(hand, reduce=False) == brute_force(hand) == 9


# ---- what the showdown says, and the tables the search reads ---------------------------------------

def test_the_tie_break_text_names_a_straight_and_the_pink_cards():
    # 2-3-4-5-6-7-8 (rule 1) and, with Kingdom V cards, one pink card (rule 5).
    straight = tie_break("C02 C03 C04 C05 C06 C23 C24".split())
    assert straight.describe() == "straight to 8; letters S-S-F-E-D-B-A"
    pink = tie_break("C20 C69 C38 C61 C67 C28 C50".split())
    assert pink.describe() == "play numbers 20-19-13-12-6-4-2; letters T-S-N-J-G-D-A; 1 pink"


def test_the_symbol_two_cards_share_is_read_from_the_deck():
    """``_SHARED`` is built when the module loads; the builder itself against the deck table."""
    table = _shared_table()
    for a, b in permutations(range(len(CARDS)), 2):
        common = set(CARDS[a].symbols) & set(CARDS[b].symbols)
        assert ({_SYMBOL_NAMES[table[a][b]]} if table[a][b] >= 0 else set()) == common


@pytest.mark.parametrize("size", [2, 3])
def test_the_groups_of_a_set_of_cards_are_its_two_and_three_card_parts(size):
    """``_PARTS`` is built when the module loads: every part of ``size`` cards of each 7-card mask."""
    for mask in range(1 << 7):
        cards = [j for j in range(7) if mask >> j & 1]
        want = sorted(sum(1 << j for j in part) for part in combinations(cards, size))
        assert sorted(_submasks(mask, size)) == want


SIMILAR_FAMILY_SYMBOLS = [s for s in FAMILY_SYMBOLS if CATEGORY_OF[s] in ("colour", "figure")]


def holders(symbol: str) -> list[str]:
    return [c.code for c in CARDS if symbol in c.symbols]


@pytest.mark.parametrize("pair", SIMILAR_FAMILY_SYMBOLS)
def test_four_of_a_kind_and_a_pair_with_each_colour_and_figure(pair):
    """4:2:1 "4 identical + 2 identical + 1 similar to the pair", the pair being each colour and each
    figure in turn (two cards carrying it, one carrying another of its family), beside the first
    quadruple of the deck that leaves the hand no better rank."""
    a, b = holders(pair)[:2]
    (c, similar), = [(code, s) for s in FAMILY_SYMBOLS if s != pair and family(s) == family(pair)
                     for code in holders(s) if code not in (a, b)][:1]
    hand = next(holders(q) + [a, b, c] for q in FAMILY_SYMBOLS
                if not {a, b, c} & set(holders(q)) and brute_force(holders(q) + [a, b, c]) == 9)
    value = evaluate(hand)
    assert value.rank.code == "4:2:1"
    assert [(symbol, len(cards)) for symbol, cards in value.groups[1:]] == [(pair, 2), (similar, 1)]
