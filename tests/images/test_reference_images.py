"""Every game's table image and private hand image, drawn from a stored view, match a stored reference
render (tests/reference_images/) within a small tolerance, so a layout change is a visible decision:
rewrite the references with ``python -m tests.support.image_samples``, look at them, and commit them with it.

The tolerance absorbs antialiasing differences between Pillow and FreeType builds, not a moved plate or
a missing card: at most 0.5% of the pixels may differ by more than 48 in a channel.
"""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bot.registry import game_names
from tests.support.image_samples import CARDS, DIRECTORY, load, load_card, render, render_card

MOVED = 48          # a channel difference larger than this is a changed pixel, not antialiasing
CHANGED_SHARE = 0.005


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def changed_share(actual: Image.Image, reference: Image.Image) -> float:
    """The share of pixels whose largest channel difference exceeds ``MOVED``."""
    difference = ImageChops.difference(actual, reference)
    largest = ImageChops.lighter(ImageChops.lighter(*difference.split()[:2]), difference.split()[2])
    histogram = largest.histogram()
    return sum(histogram[MOVED + 1:]) / (actual.width * actual.height)


@pytest.mark.parametrize("name", game_names())
def test_images_match_their_references(name: str, tmp_path: Path) -> None:
    table_view, hand_view = load(name)
    for kind, png in zip(("table", "hand"), render(name, table_view, hand_view)):
        reference = Image.open(DIRECTORY / f"{name}-{kind}.png").convert("RGB")
        actual = decode(png)
        assert actual.size == reference.size, f"{name} {kind}: the image size changed"
        share = changed_share(actual, reference)
        if share > CHANGED_SHARE:
            (tmp_path / f"{name}-{kind}.png").write_bytes(png)
        assert share <= CHANGED_SHARE, (f"{name} {kind}: {share:.1%} of the pixels differ from the reference; "
                                        f"the new render is in {tmp_path}")


@pytest.mark.parametrize("name", sorted(CARDS))
def test_cards_match_their_references(name: str, tmp_path: Path) -> None:
    reference = Image.open(DIRECTORY / f"{name}.png").convert("RGB")
    png = render_card(name, load_card(name))
    actual = decode(png)
    assert actual.size == reference.size, f"{name}: the image size changed"
    share = changed_share(actual, reference)
    if share > CHANGED_SHARE:
        (tmp_path / f"{name}.png").write_bytes(png)
    assert share <= CHANGED_SHARE, f"{name}: {share:.1%} of the pixels differ; the new render is in {tmp_path}"


def test_a_moved_card_is_caught() -> None:
    """The tolerance is not blind: one hole card turned face up changes more than it allows."""
    table_view, hand_view = load("holdem")
    seat = table_view["seats"][0]
    shown = {**table_view, "seats": [{**seat, "cards": ["As", "Kd"]}, *table_view["seats"][1:]]}
    reference = Image.open(DIRECTORY / "holdem-table.png").convert("RGB")
    share = changed_share(decode(render("holdem", shown, hand_view)[0]), reference)
    assert share > CHANGED_SHARE
