"""The look every table image shares: colours, the header and footer bars, the dealer button."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from PIL import Image, ImageDraw

from images.cards import fit_text, font, printable
from images.emoji_text import text_width

BACKGROUND = (22, 26, 34)
HEADER_FILL = (12, 14, 19)
FELT = (22, 104, 62)
RIM_EDGE = (58, 36, 22)
PLATE = (16, 20, 26)
PLATE_EDGE = (70, 78, 92)
TEXT = (240, 240, 236)
STACK = (225, 225, 215)
MUTED = (150, 156, 166)
GOLD = (250, 198, 60)

SMALLEST_TEXT_PX = 22
"""The smallest font on a picture 800 wide: 11 px as Discord shows it, scaled into its 400 x 300 box."""
HEADER_H = 34
FOOTER_H = 22


@lru_cache(maxsize=16)
def felt_table(size: tuple[int, int], header_h: int, footer_h: int, *, inset: int = 2, radius: int = 16,
               rim: int = 5) -> Image.Image:
    """The felt with its rim between the header and footer bars, on the background: drawn once per
    layout (shared: copy it)."""
    width, height = size
    image = Image.new("RGB", size, BACKGROUND)
    ImageDraw.Draw(image).rounded_rectangle((inset, header_h + inset, width - inset - 1, height - footer_h - inset),
                                            radius, fill=FELT, outline=RIM_EDGE, width=rim)
    return image


def private_viewer(view: Mapping[str, Any]) -> int:
    """The seat a private image (a hand, a preview) is drawn for: the public view has none, and
    drawing a hand from it is refused."""
    viewer = view["viewer"]
    if viewer is None:
        raise ValueError("A private image needs a seat's view, not the public view.")
    return int(viewer)


def draw_header(draw: ImageDraw.ImageDraw, width: int, left: str, right: str, *, height: int = HEADER_H,
                size: int = 17) -> None:
    """A dark bar: what is played (or who) at the left, where it stands in gold at the right; the left
    side is cut short first."""
    draw.rectangle((0, 0, width, height - 1), fill=HEADER_FILL)
    face = font(size, "bold")
    right = fit_text(right, face, width / 2)
    left = fit_text(left, face, width - text_width(right, face) - 3 * size)
    draw.text((width - 12, height / 2), right, font=face, fill=GOLD, anchor="rm")
    draw.text((12, height / 2), left, font=face, fill=TEXT, anchor="lm")


def player_name(name: str, seat: int, *, is_bot: bool = False) -> str:
    """The name as the pictures draw it (emoji in colour, see ``images.emoji_text``), or "Seat N" when
    nothing of it is drawable; a computer player is marked "(bot)" once, whether or not the table
    already named it so."""
    shown = printable(name, font(16, "bold")) or f"Seat {seat + 1}"
    return shown + " (bot)" if is_bot and "(bot)" not in shown else shown


def draw_footer(draw: ImageDraw.ImageDraw, size: tuple[int, int], footer: str | None, *, height: int = FOOTER_H,
                text_size: int = 13) -> None:
    """A dark strip at the bottom with a small monospaced line (the deck commitment), if any; a picture
    drawn at 2x for Discord's 400 x 300 box asks for a taller strip and larger text."""
    draw.rectangle((0, size[1] - height, size[0], size[1]), fill=HEADER_FILL)
    if footer:
        face = font(text_size, "mono")
        draw.text((10, size[1] - height / 2), fit_text(footer, face, size[0] - 20), font=face, fill=MUTED,
                  anchor="lm")


def draw_dealer_button(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: int = 11) -> None:
    """The white "D" disc."""
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=(245, 245, 240), outline=(60, 60, 60),
                 width=2)
    draw.text((x, y), "D", font=font(radius + 2, "bold"), fill=(20, 20, 20), anchor="mm")
