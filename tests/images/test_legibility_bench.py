"""The legibility bench's recorder (``tests/support/text_recorder.py``): over one stored state of every
game's table and private hand, and the statistics card, leaderboard and ledger, it finds strings in
every picture, the header's two strings at the size ``draw_header`` was asked for, sizes a person could
read or not (never absurd), and the picture's size as encoded; a string drawn large and scaled down,
or pasted from a sprite, counts at its size in the picture; a drop shadow is not a second string; and
Pillow is itself again afterwards. It does not assert the issue's goal, which the pictures do not meet
yet (``bench/legibility.py`` prints how far they are)."""
from __future__ import annotations

import io
import sys
from typing import Any, Callable

import pytest
from PIL import Image, ImageDraw

from bot.registry import game, game_names
from images import theme
from images.cards import canvas_draw, draw_text, font
from images.palette import to_png
from tests.support.image_samples import CARDS, FOOTER, load, load_card
from tests.support.text_recorder import SHOWN_BOX, Picture, Recorder, recording, render_picture


def _headers(monkeypatch: pytest.MonkeyPatch, recorder: Recorder, module: str) -> list[tuple[int, list[Any]]]:
    """Spy on ``module``'s ``draw_header``: for each call, the size it asked for and the strings the
    recorder saw drawn during it."""
    calls: list[tuple[int, list[Any]]] = []

    def spy(draw: ImageDraw.ImageDraw, width: int, left: str, right: str, **options: Any) -> None:
        image = draw._image  # type: ignore[attr-defined]
        before = len(recorder.held.get(image) or [])
        theme.draw_header(draw, width, left, right, **options)
        calls.append((options.get("size", 17), list((recorder.held.get(image) or [])[before:])))

    if not hasattr(sys.modules[module], "draw_header"):  # the statistics card, leaderboard and ledger
        module = "images.sheet"
    monkeypatch.setattr(sys.modules[module], "draw_header", spy)
    return calls


def _pictures() -> list[tuple[str, Callable[..., bytes], tuple[Any, ...]]]:
    renders: list[tuple[str, Callable[..., bytes], tuple[Any, ...]]] = []
    for name in game_names():
        table, hand = load(name)
        spec = game(name)
        renders += [(f"{name} table", spec.render_table, (table, FOOTER)), (f"{name} hand", spec.render_hand, (hand,))]
    renders += [(card, renderer, (load_card(card),)) for card, (renderer, _) in CARDS.items()]
    return renders


@pytest.mark.parametrize("kind, renderer, args", _pictures(), ids=[kind for kind, _, _ in _pictures()])
def test_every_picture_has_its_strings_and_its_header_at_the_size_asked(
        monkeypatch: pytest.MonkeyPatch, kind: str, renderer: Callable[..., bytes], args: tuple[Any, ...]) -> None:
    with recording() as recorder:
        headers = _headers(monkeypatch, recorder, renderer.__module__)
        png = renderer(*args)
        picture = recorder.picture()
    assert Image.open(io.BytesIO(png)).size == (picture.width, picture.height)
    assert picture.shown_scale == min(1.0, SHOWN_BOX[0] / picture.width, SHOWN_BOX[1] / picture.height)
    assert len(picture.strings) >= 5
    assert all(2 <= s.em <= 120 for s in picture.strings), sorted(s.em for s in picture.strings)
    assert len(headers) == 1
    size, drawn = headers[0]
    assert 1 <= len(drawn) <= 2 and all(s.em == size for s in drawn)
    assert all(s in picture.strings for s in drawn)


def test_card_faces_count_their_ranks_and_suits() -> None:
    table, _ = load("holdem")
    with recording() as recorder:
        picture = render_picture(recorder, game("holdem").render_table, table, FOOTER)
    on_cards = {s.text for s in picture.strings if s.on_card}
    board = {card[0].replace("T", "10") for card in table["board"]}
    assert board and board <= on_cards and on_cards & set("♠♥♦♣")


def test_a_string_drawn_large_and_scaled_down_counts_at_its_size_in_the_picture() -> None:
    def render() -> bytes:
        sprite = Image.new("RGBA", (200, 100))
        ImageDraw.Draw(sprite).text((4, 4), "Q", font=font(80, "bold"), fill=(0, 0, 0, 255))
        small = sprite.resize((50, 25))
        canvas = Image.new("RGB", (800, 600))
        canvas.paste(small, (10, 10), small)
        draw = canvas_draw(canvas)
        draw_text(draw, (100, 100), "Shadowed", font(16), (255, 255, 255))
        draw.text((100, 200), "Shadowed", font=font(16), fill=(255, 255, 255))
        return to_png(canvas)

    with recording() as recorder:
        picture = render_picture(recorder, render)
    assert picture == Picture(800, 600, picture.strings)
    assert [(s.text, s.em, s.on_card) for s in picture.strings] == [
        ("Q", 20.0, True), ("Shadowed", 16.0, False), ("Shadowed", 16.0, False)]
    assert picture.shown() == [8.0, 8.0, 10.0]


def test_pillow_is_itself_again_after_recording() -> None:
    before = (ImageDraw.ImageDraw.text, Image.Image.paste, Image.Image.resize, Image.blend)
    with recording():
        assert ImageDraw.ImageDraw.text is not before[0]
    assert (ImageDraw.ImageDraw.text, Image.Image.paste, Image.Image.resize, Image.blend) == before
