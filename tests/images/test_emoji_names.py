"""Names with emoji are drawn as Discord shows them: each emoji in colour, whole (a ZWJ family, a flag,
a skin tone), at the text's size and cut with the text, on every picture that draws a member's name."""
from __future__ import annotations

import io
from typing import Any, Callable

import pytest
from PIL import Image

from bot.registry import game, game_names
from bot.service.money.ledger import Ledger, LedgerLine, ledger_view
from bot.service.money.settle_up import settle_up
from images.cards import canvas_draw, draw_text, fit_text, font, printable
from images.emoji_text import EMOJI, emoji_sprite, fallback_face, pieces, text_width
from images.leaderboard import render_leaderboard
from images.ledger import render_ledger
from images.sheet import fit_middle
from images.stats_card import render_stats_card
from images.theme import player_name
from tests.support.image_samples import CARDS, FOOTER, load

INK = (240, 240, 236)
FELT = (22, 104, 62)


def _blue(p: tuple[int, ...]) -> bool:
    return p[2] > 120 and p[2] - max(p[0], p[1]) > 50


def _red(p: tuple[int, ...]) -> bool:
    return p[0] > 170 and p[0] - max(p[1], p[2]) > 100


def _yellow(p: tuple[int, ...]) -> bool:
    return p[0] > 200 and p[1] > 150 and p[2] < 110


def _decoded(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _changed(with_emoji: Image.Image, without: Image.Image) -> list[tuple[int, ...]]:
    """The pixels of ``with_emoji`` that differ from the same picture drawn with the emoji left out."""
    assert with_emoji.size == without.size
    return [a for a, b in zip(with_emoji.get_flattened_data(), without.get_flattened_data()) if a != b]


def _line(text: str, size: int = 28) -> Image.Image:
    image = Image.new("RGB", (420, 60), FELT)
    draw_text(canvas_draw(image), (10, 30), text, font(size, "bold"), INK, anchor="lm")
    return image


def test_an_emoji_with_its_joiners_modifiers_and_flag_halves_is_one_piece() -> None:
    assert [p for p, kind in pieces("👨‍👩‍👧 Fam") if kind == EMOJI] == ["👨‍👩‍👧"]
    assert [p for p, kind in pieces("🇫🇷 Léa") if kind == EMOJI] == ["🇫🇷"]
    assert [p for p, kind in pieces("Bob 🃏 👍🏽 ❤️ 1️⃣") if kind == EMOJI] == ["🃏", "👍🏽", "❤️", "1️⃣"]
    # what Discord shows as text stays text: a suit, a heart or a digit without the emoji selector
    assert not any(kind == EMOJI for _, kind in pieces("♠ ❤ 7 Zoë"))


def test_a_family_draws_as_one_emoji_not_three() -> None:
    face = font(28, "bold")
    one = emoji_sprite("👨", 28)[2]
    assert text_width("👨‍👩‍👧", face) == pytest.approx(one)


def test_emoji_are_kept_and_a_long_name_is_cut_between_emoji() -> None:
    face = font(28, "bold")
    assert printable("Bob 🃏", face) == "Bob 🃏"
    assert player_name("🙂", 2) == "🙂"
    assert player_name("ሰላም", 2) == "Seat 3"  # no bundled font draws Ethiopic: the seat's name instead
    cut = fit_text("Zoë 🙂🙂🙂🙂🙂🙂🙂🙂", face, 200)
    assert cut.endswith("…") and cut.startswith("Zoë 🙂")
    assert text_width(cut, face) <= 200 < text_width("Zoë 🙂🙂🙂🙂🙂🙂🙂🙂", face)
    family = fit_text("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", face, 120)
    assert family.endswith("…") and all(kind == EMOJI for _, kind in pieces(family[:-1]))
    assert not family[:-1].endswith("\u200d")  # never cut inside a family


@pytest.mark.parametrize("name, plain, looks", [
    ("Bob 🃏", "Bob", (_red, _blue)), ("🇫🇷 Léa", "Léa", (_red, _blue)), ("Zoë 🙂", "Zoë", (_yellow,))])
def test_an_emoji_is_drawn_in_colour_not_as_a_boxed_star(name: str, plain: str,
                                                         looks: tuple[Callable[[tuple[int, ...]], bool], ...]) -> None:
    changed = _changed(_line(name), _line(plain))
    for look in looks:
        assert sum(map(look, changed)) >= 5, look.__name__
    assert not any(_red(p) or _blue(p) or _yellow(p) for p in _line(plain).get_flattened_data())  # the text is not coloured


SWAPS = {"Alice": ("🇫🇷 Léa", "Léa"), "Bob (bot)": ("Bob 🃏", "Bob"), "Charlotte": ("👨‍👩‍👧 Fam", "Fam"),
         "Dmitri": ("Zoë 🙂🙂🙂🙂🙂🙂🙂🙂", "Zoë")}
"""The sample views' names, each with its emoji and without."""


def _renamed(value: Any, emoji: bool) -> Any:
    """The view with every sample name (a seat's, a player's, a list of names) swapped."""
    if isinstance(value, dict):
        return {key: _renamed(item, emoji) for key, item in value.items()}
    if isinstance(value, list):
        return [_renamed(item, emoji) for item in value]
    if isinstance(value, str) and value in SWAPS:
        return SWAPS[value][0 if emoji else 1]
    return value


@pytest.mark.parametrize("name", game_names())
def test_every_table_and_private_hand_draws_emoji_in_colour_after_the_palette(name: str) -> None:
    table, hand = load(name)
    spec = game(name)
    for render, view in ((lambda v: spec.render_table(v, FOOTER), table), (spec.render_hand, hand)):
        changed = _changed(_decoded(render(_renamed(view, True))), _decoded(render(_renamed(view, False))))
        assert sum(map(_blue, changed)) >= 5 and sum(map(_red, changed)) >= 5


def _sheet_changes(render: Callable[[dict[str, Any]], bytes], view: dict[str, Any]) -> list[tuple[int, ...]]:
    return _changed(_decoded(render(_renamed(view, True))), _decoded(render(_renamed(view, False))))


def test_the_leaderboard_and_the_statistics_card_draw_emoji_in_colour_after_the_palette() -> None:
    changed = _sheet_changes(render_leaderboard, CARDS["leaderboard"][1])  # Alice, Bob and Dmitri are on it
    assert sum(map(_blue, changed)) >= 5 and sum(map(_red, changed)) >= 5 and sum(map(_yellow, changed)) >= 5
    changed = _sheet_changes(render_stats_card, {**CARDS["stats-card"][1], "player": "Alice"})
    assert sum(map(_blue, changed)) >= 5 and sum(map(_red, changed)) >= 5


def test_the_ledger_draws_emoji_in_colour_after_the_palette() -> None:
    def view(emoji: bool) -> dict[str, Any]:
        lines = [LedgerLine(SWAPS[name][0 if emoji else 1], False, bought_in=1000, cashed_out=1000 + net, hands=9,
                            biggest_pot=300) for name, net in (("Alice", 250), ("Bob (bot)", -250))]
        return ledger_view(Ledger("Ledger · table #4", [4], lines, settle_up({line.name: line.net for line in lines})))

    changed = _changed(_decoded(render_ledger(view(True))), _decoded(render_ledger(view(False))))
    assert sum(map(_blue, changed)) >= 5 and sum(map(_red, changed)) >= 5


def test_a_mark_whose_letter_no_font_draws_is_left_out_with_it() -> None:
    face = font(28, "bold")
    assert printable("கொ", face) == "" and player_name("கொ", 0) == "Seat 1"  # not a lone vowel sign
    assert printable("Zoe\u0308 ሰላም", face) == "Zoe\u0308"  # a mark on a drawn letter stays


@pytest.mark.parametrize("name, font_file", [("王伟", "WenQuanYiMicroHei-CJK.ttf"), ("さくら", "WenQuanYiMicroHei-CJK.ttf"),
                                             ("민수", "WenQuanYiMicroHei-CJK.ttf"), ("राज", "NotoSansDevanagari-Regular.ttf"),
                                             ("สมชาย", "NotoSansThai-Regular.ttf")])
def test_scripts_dejavu_lacks_are_drawn_from_a_fallback_font(name: str, font_file: str) -> None:
    face = font(28, "bold")
    assert player_name(name, 0) == name
    assert {kind for _, kind in pieces(name)} == {font_file}
    assert text_width(f"Ann {name}", face) == pytest.approx(
        face.getlength("Ann ") + fallback_face(font_file, 28).getlength(name))
    ink = [p for p in _line(f"Ann {name}").crop((10 + round(face.getlength("Ann ")), 0, 420, 60)).get_flattened_data()
           if p == INK]
    assert len(ink) >= 20  # drawn in the text's colour, not left out
    assert fit_text(name * 10, face, 120).endswith("…")


def test_a_joiner_or_selector_beside_a_control_character_is_left_out() -> None:
    """Probing a control character for a glyph made raqm fail: such a name broke the picture."""
    face = font(28)
    assert fit_text("Bob 🏴\u200d\x1e\u200d\ufe0f王\u200d", face, 300) == "Bob 🏴 王"  # (\x1e is a space to Python)


def test_a_ledger_transfer_is_cut_in_its_middle_between_emoji_and_fits() -> None:
    face = font(28)
    transfer = "👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧 Family pays 🇫🇷🇫🇷🇫🇷🇫🇷🇫🇷🇫🇷 Léa 300"
    cut = fit_middle(transfer, face, 360)
    assert "…" in cut and cut.startswith("👨‍👩‍👧") and cut.endswith("Léa 300")
    assert text_width(cut, face) <= 360 and "".join(piece for piece, _ in pieces(cut)) == cut
    assert all(kind != EMOJI or piece in ("👨‍👩‍👧", "🇫🇷") for piece, kind in pieces(cut))  # no half flag or family
