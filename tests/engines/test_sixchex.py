"""The SIXCHEX deck definition has the properties the rules rely on."""
from collections import Counter
from itertools import combinations

from bot.games.sixchex import (
    BY_CODE, CARDS, CATEGORIES, CATEGORY_OF, DECK, HUES, RAINBOW_DARK, RAINBOW_LIGHT, SHAPES, SYMBOLS,
    Card, _parse, label, shuffled_sixchex, similarity_class,
)


def test_72_cards_with_stable_codes():
    assert DECK == tuple(f"C{i:02d}" for i in range(1, 73))
    assert [card.code for card in CARDS] == list(DECK)
    assert BY_CODE["C07"].number == "7"


def test_each_category_has_18_symbols_each_on_exactly_4_cards():
    assert len(CATEGORIES) == 6
    for category in CATEGORIES:
        assert len(SYMBOLS[category]) == 18 == len(set(SYMBOLS[category]))
        counts = Counter(getattr(card, category) for card in CARDS)
        assert set(counts) == set(SYMBOLS[category])
        assert set(counts.values()) == {4}


def test_symbol_names_are_unique_across_the_deck():
    assert len(CATEGORY_OF) == 6 * 18
    for card in CARDS:
        assert [CATEGORY_OF[s] for s in card.symbols] == list(CATEGORIES)


def test_no_two_cards_share_more_than_one_symbol():
    for a, b in combinations(CARDS, 2):
        assert len(set(a.symbols) & set(b.symbols)) <= 1, (a.code, b.code)


def test_similarity_pairs_colours_by_hue_and_figures_by_shape():
    families: dict[str, set[str]] = {}
    for symbol in CATEGORY_OF:
        families.setdefault(similarity_class(symbol), set()).add(symbol)
    colour = {f: s for f, s in families.items() if CATEGORY_OF[next(iter(s))] == "colour"}
    assert sorted(colour) == sorted([*HUES, "black-gray", "tan-pink"])
    assert colour["red"] == {"dark-red", "light-red"}
    assert colour["black-gray"] == {"black", "gray"} and colour["tan-pink"] == {"tan", "pink"}
    figure = {f: s for f, s in families.items() if CATEGORY_OF[next(iter(s))] == "figure"}
    assert sorted(figure) == sorted(SHAPES)
    assert figure["star"] == {"solid-star", "partial-star", "hollow-star"}
    for category in ("number", "letter", "picture", "mystery"):
        for symbol in SYMBOLS[category]:
            assert families[similarity_class(symbol)] == {symbol}
    assert len(RAINBOW_LIGHT) == len(RAINBOW_DARK) == 7
    assert RAINBOW_LIGHT | RAINBOW_DARK == set(SYMBOLS["colour"]) - {"black", "gray", "tan", "pink"}


def test_kingdoms():
    kingdom_v = [card for card in CARDS if card.is_kingdom_v]
    assert [card.code for card in kingdom_v] == [f"C{i}" for i in range(65, 73)]
    assert Counter(card.number for card in kingdom_v) == {"17+20": 4, "18+19": 4}
    assert all(sum(card.play_numbers) == 37 for card in kingdom_v)
    for i, kingdom in enumerate(("I", "II", "III", "IV")):
        cards = CARDS[16 * i:16 * (i + 1)]
        assert {card.kingdom for card in cards} == {kingdom}
        assert [card.play_numbers for card in cards] == [(n,) for n in range(1, 17)]
    assert {card.kingdom for card in kingdom_v} == {"V"}


def test_shuffle_is_a_seeded_permutation():
    seed = "ab" * 32
    deck = shuffled_sixchex(seed)
    assert deck == shuffled_sixchex(seed)
    assert sorted(deck) == list(DECK)
    assert deck != shuffled_sixchex("cd" * 32)


def test_label():
    assert label("partial-star") == "partial star"
    assert label("17+20") == "17+20"


def test_the_deck_table_is_read_by_its_header():
    """``CARDS`` is read when the module loads; the reader itself, on a table in another column order."""
    table = """
    code  mystery  letter  number  picture  figure        colour
    C01   key      L       1       oak      solid-hexagon light-red
    C65   sun      L       17+20   whale    solid-circle  dark-blue
    """
    assert _parse(table) == (
        Card("C01", "1", "light-red", "L", "oak", "solid-hexagon", "key"),
        Card("C65", "17+20", "dark-blue", "L", "whale", "solid-circle", "sun"),
    )
    assert _parse(table)[1].play_numbers == (17, 20)
