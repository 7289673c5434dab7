"""Cards with a large index (``images.cards.card_image(..., large_index=True)``): their rank and suit
are drawn larger than a standard card's, large enough on a 50 px card to read at 11 px in Discord's
400 x 300 box once an 800-wide picture is shown at half size; a card narrower than
``LARGE_INDEX_PIP_W`` shows its index only; standard cards, backs and slots are the sprites they were."""
from __future__ import annotations

from PIL import Image, ImageChops

from images.cards import LARGE_INDEX_PIP_W, card_image, paste_card
from images.palette import to_png
from tests.support.text_recorder import recording, render_picture


def strings(code: str, width: int, *, large_index: bool) -> list[tuple[str, float]]:
    """The strings a card face pastes into an 800 x 600 picture, with their em size there."""
    def render() -> bytes:
        canvas = Image.new("RGB", (800, 600))
        paste_card(canvas, code, (10, 10), width, large_index=large_index)
        return to_png(canvas)

    with recording() as recorder:
        picture = render_picture(recorder, render)
    return [(s.text, s.em) for s in picture.strings]


def test_the_index_is_larger_and_reads_at_11_px_from_50_px_wide() -> None:
    for code in ("Jh", "Ts", "Qd", "7c"):
        large, standard = strings(code, 50, large_index=True), strings(code, 50, large_index=False)
        assert [text for text, _ in large] == [text for text, _ in standard][:2], "rank and suit, no pip"
        assert all(big > small for (_, big), (_, small) in zip(large, standard))
        assert min(em for _, em in large) * 0.5 >= 11, (code, large)


def test_a_card_as_wide_as_the_threshold_has_its_pip() -> None:
    assert len(strings("Ks", LARGE_INDEX_PIP_W, large_index=True)) == 3
    assert len(strings("Ks", LARGE_INDEX_PIP_W - 1, large_index=True)) == 2


def test_backs_slots_and_standard_faces_are_unchanged() -> None:
    for code in ("??", ""):
        assert ImageChops.difference(card_image(code, 50, large_index=True), card_image(code, 50)).getbbox() is None
    assert card_image("As", 50, large_index=True) is not card_image("As", 50)
    assert card_image("As", 50) is card_image("As", 50, large_index=False)
