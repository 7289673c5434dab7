"""The SIXCHEX deck: 72 cards, each showing six symbols, one from each category.

The deck is one data definition, the ``_TABLE`` below; everything else in this module is read from it.

Each category has 18 symbols and each symbol is on exactly 4 cards. No two cards share more than one
symbol, so the categories are independent: knowing one symbol of a card says nothing about its
others. The table was built from the affine plane over GF(9): card (u, v) with u in GF(9) and v
non-zero shows in category k the symbol for (u + a_k * v, whether v is a square), with six distinct
a_k; two cards agree on a line value for at most one a_k. Symbol names were then assigned at random.

Play numbers 1-16 are Kingdoms I-IV (C01-C64, Kingdom I numbers 1-16 first). Kingdom V is the 8
cards carrying two play numbers totalling 37 ("17+20" on C65-C68, "18+19" on C69-C72).

"Similar" symbols: a colour is similar to the other shade of its hue (dark red ~ light red; black ~
gray; tan ~ pink); a figure is similar to the other fills of its shape (solid, partial, hollow).
Numbers, letters, pictures and mystery symbols are only ever identical.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from bot.games.cards import DeckOrder

CATEGORIES: tuple[str, ...] = ("number", "colour", "letter", "picture", "figure", "mystery")
"""The six categories, in the order a card's ``symbols`` lists them."""

HUES: tuple[str, ...] = ("red", "orange", "yellow", "green", "blue", "indigo", "violet")
SHAPES: tuple[str, ...] = ("square", "circle", "star", "triangle", "diamond", "hexagon")
FILLS: tuple[str, ...] = ("solid", "partial", "hollow")

SYMBOLS: dict[str, tuple[str, ...]] = {
    "number": tuple(str(n) for n in range(1, 17)) + ("17+20", "18+19"),
    "colour": tuple(f"{shade}-{hue}" for hue in HUES for shade in ("dark", "light"))
    + ("black", "gray", "tan", "pink"),
    # In rank order for the letter tie breaker: a later letter beats an earlier one ("M" beats "E").
    "letter": tuple("ABCDEFGHJKLMNPRSTX"),
    "picture": ("frog", "pig", "pine", "owl", "turtle", "fox", "bee", "fish", "rose", "oak", "cat",
                "horse", "whale", "eagle", "snail", "tulip", "deer", "crab"),
    "figure": tuple(f"{fill}-{shape}" for shape in SHAPES for fill in FILLS),
    "mystery": ("sun", "moon", "comet", "anchor", "key", "crown", "bell", "hourglass", "infinity",
                "bolt", "snowflake", "flame", "drop", "eye", "spiral", "wave", "arrow", "hammer"),
}
"""The 18 symbols of each category. Every symbol name is unique across the whole deck."""

KINGDOM_V_NUMBERS: dict[str, tuple[int, int]] = {"17+20": (17, 20), "18+19": (18, 19)}

RAINBOW_DARK: frozenset[str] = frozenset(f"dark-{hue}" for hue in HUES)
RAINBOW_LIGHT: frozenset[str] = frozenset(f"light-{hue}" for hue in HUES)

_TABLE = """
code  number  colour        letter  picture  figure            mystery
C01   1       light-red     L       oak      solid-hexagon     key
C02   2       light-orange  E       horse    partial-diamond   flame
C03   3       dark-indigo   B       oak      solid-circle      moon
C04   4       light-indigo  D       eagle    solid-star        hammer
C05   5       pink          A       fish     hollow-circle     snowflake
C06   6       light-yellow  S       bee      hollow-hexagon    drop
C07   7       black         L       snail    partial-square    arrow
C08   8       black         H       crab     solid-circle      spiral
C09   9       black         J       oak      solid-square      eye
C10   10      light-indigo  E       pine     solid-diamond     hourglass
C11   11      tan           P       frog     partial-hexagon   bell
C12   12      dark-violet   L       turtle   partial-circle    moon
C13   13      dark-green    N       horse    partial-hexagon   infinity
C14   14      light-indigo  G       owl      hollow-circle     flame
C15   15      light-red     M       turtle   hollow-square     spiral
C16   16      dark-yellow   X       eagle    partial-diamond   bolt
C17   1       light-yellow  F       pig      partial-square    eye
C18   2       dark-orange   G       frog     partial-star      hammer
C19   3       dark-violet   F       whale    hollow-hexagon    wave
C20   4       pink          N       frog     partial-diamond   anchor
C21   5       dark-orange   C       eagle    partial-triangle  bell
C22   6       light-green   H       turtle   partial-square    sun
C23   7       light-green   F       rose     hollow-triangle   moon
C24   8       light-red     S       fox      partial-square    wave
C25   9       dark-blue     F       fox      hollow-star       key
C26   10      light-violet  R       fish     solid-star        infinity
C27   11      pink          G       pine     partial-triangle  infinity
C28   12      light-yellow  J       rose     hollow-square     arrow
C29   13      dark-red      E       deer     partial-star      snowflake
C30   14      dark-yellow   N       fish     solid-triangle    bell
C31   15      black         T       pig      hollow-star       moon
C32   16      dark-orange   R       cat      partial-hexagon   snowflake
C33   1       gray          B       turtle   hollow-hexagon    crown
C34   2       tan           X       cat      hollow-diamond    hourglass
C35   3       light-red     J       bee      hollow-star       sun
C36   4       light-orange  C       owl      partial-star      infinity
C37   5       light-violet  P       tulip    partial-star      hourglass
C38   6       dark-blue     T       snail    hollow-triangle   crown
C39   7       light-blue    M       fox      solid-circle      crown
C40   8       dark-blue     B       bee      partial-circle    eye
C41   9       dark-indigo   K       crab     hollow-triangle   drop
C42   10      dark-green    C       deer     hollow-diamond    bolt
C43   11      dark-yellow   D       horse    solid-diamond     comet
C44   12      dark-indigo   T       bee      solid-hexagon     spiral
C45   13      tan           A       owl      solid-diamond     anchor
C46   14      tan           C       pine     partial-diamond   snowflake
C47   15      light-yellow  K       snail    partial-circle    key
C48   16      dark-green    P       pine     solid-triangle    hammer
C49   1       light-blue    T       rose     solid-square      sun
C50   2       dark-green    D       tulip    partial-triangle  anchor
C51   3       light-blue    H       pig      hollow-square     drop
C52   4       dark-red      P       fish     solid-diamond     bolt
C53   5       light-indigo  X       deer     solid-triangle    anchor
C54   6       dark-violet   M       crab     hollow-star       arrow
C55   7       gray          K       oak      hollow-square     wave
C56   8       dark-violet   K       pig      solid-hexagon     crown
C57   9       light-blue    S       whale    solid-hexagon     arrow
C58   10      dark-yellow   A       cat      partial-triangle  flame
C59   11      light-orange  R       eagle    hollow-circle     hourglass
C60   12      gray          H       whale    hollow-triangle   eye
C61   13      light-violet  G       cat      solid-triangle    comet
C62   14      dark-red      R       horse    hollow-diamond    hammer
C63   15      light-green   B       fox      solid-square      drop
C64   16      pink          E       tulip    solid-star        comet
C65   17+20   dark-blue     L       whale    solid-circle      sun
C66   17+20   dark-indigo   M       rose     hollow-hexagon    key
C67   17+20   gray          S       snail    solid-square      spiral
C68   17+20   light-green   J       crab     partial-circle    wave
C69   18+19   light-orange  A       tulip    partial-hexagon   bolt
C70   18+19   light-violet  D       owl      hollow-diamond    bell
C71   18+19   dark-red      X       frog     hollow-circle     comet
C72   18+19   dark-orange   N       deer     solid-star        flame
"""


@dataclass(frozen=True)
class Card:
    """One SIXCHEX card: its code ("C01".."C72") and its symbol in each category."""

    code: str
    number: str
    colour: str
    letter: str
    picture: str
    figure: str
    mystery: str

    @cached_property
    def symbols(self) -> tuple[str, ...]:
        """The six symbols in ``CATEGORIES`` order."""
        return tuple(getattr(self, category) for category in CATEGORIES)

    @property
    def is_kingdom_v(self) -> bool:
        return self.number in KINGDOM_V_NUMBERS

    @property
    def kingdom(self) -> str:
        """Roman numeral of the card's kingdom: I-IV by position in the deck, V for two-number cards."""
        if self.is_kingdom_v:
            return "V"
        return ("I", "II", "III", "IV")[(int(self.code[1:]) - 1) // 16]

    @property
    def play_numbers(self) -> tuple[int, ...]:
        """The play numbers printed on the card: one, or two (totalling 37) for Kingdom V."""
        if self.is_kingdom_v:
            return KINGDOM_V_NUMBERS[self.number]
        return (int(self.number),)


def _parse(table: str) -> tuple[Card, ...]:
    lines = [line.split() for line in table.strip().splitlines()]
    header, rows = lines[0], lines[1:]
    return tuple(Card(**dict(zip(header, row))) for row in rows)


CARDS: tuple[Card, ...] = _parse(_TABLE)
"""The 72 cards in their fixed starting order C01..C72."""

DECK: tuple[str, ...] = tuple(card.code for card in CARDS)
BY_CODE: dict[str, Card] = {card.code: card for card in CARDS}
DECK_ORDER = DeckOrder(DECK, "the codes C01…C72 that exports name the cards by")
CATEGORY_OF: dict[str, str] = {
    symbol: category for category, names in SYMBOLS.items() for symbol in names
}


def similarity_class(symbol: str) -> str:
    """The family a symbol belongs to: two symbols are similar when their families are equal.

    Colours group by hue ("red"), with black/gray and tan/pink as pairs; figures by shape ("star");
    every other symbol is a family of its own.
    """
    category = CATEGORY_OF[symbol]
    if category == "colour":
        if symbol in ("black", "gray"):
            return "black-gray"
        if symbol in ("tan", "pink"):
            return "tan-pink"
        return symbol.split("-", 1)[1]
    if category == "figure":
        return symbol.split("-", 1)[1]
    return symbol


def label(symbol: str) -> str:
    """Human text for a symbol: "dark-red" -> "dark red", "partial-star" -> "partial star"."""
    return symbol.replace("-", " ")


def shuffled_sixchex(seed: str) -> list[str]:
    """The 72 card codes in the order the seed decides (the same verifiable shuffle as ``cards``)."""
    return DECK_ORDER.shuffled(seed)
