"""What the room's sheets share (the statistics card, the leaderboard, the ledger), laid out for the
400 x 300 box Discord shows a picture in: drawn at 2x, 800 wide and at most 600 high, so every string
shows at half its size. Body text is 28 px (14 px as shown), headings and labels 22 px (11 px, the
floor). Figures are set flush right in columns as wide as their widest cell; the name column takes
what is left and cuts a long name short. A list longer than the rows that fit ends on an "and N
more" row instead of shrinking its text: the message text or the CSV file carries the rest.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from PIL import Image, ImageDraw, ImageFont

from images.cards import canvas_draw, fit_text, font, printable
from images.emoji_text import text_width
from images.emoji_text import pieces
from images.theme import BACKGROUND, MUTED, draw_header

WIDTH = 800
MAX_H = 600
MARGIN = 16
HEADER_H = 48
HEADER_PX = 28
TEXT_PX = 28
SMALL_PX = 22
ROW_H = 40
COLUMN_GAP = 24
HEADING_LINE = 26
NAME_ROOM = 300
"""The narrowest the name column is left (about 17 letters in bold) before headings go on two lines."""
SEPARATOR = " · "


def new_sheet(height: float, title: str, right: str) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """An 800-wide picture ``height`` high (at most 600) under a header: ``title`` at the left (as
    ``header_title`` fits it), ``right`` in gold."""
    image = Image.new("RGB", (WIDTH, min(round(height), MAX_H)), BACKGROUND)
    draw = canvas_draw(image, cached_text=False)  # names with emoji drawn in colour (images.emoji_text)
    shown, size = header_title(title, right)
    draw_header(draw, WIDTH, shown, right, height=HEADER_H, size=size)
    return image, draw


def heading_lines(heading: str, room: float) -> list[str]:
    """A column's heading on one line, or on two (split at its middle space) when it is wider than
    ``room``, the column's widest figure: "Matches won" over "2 of 3" takes two short lines."""
    words = heading.split(" ")
    if len(words) < 2 or font(SMALL_PX).getlength(heading) <= room:
        return [heading]
    cut = min(range(1, len(words)), key=lambda k: abs(len(" ".join(words[:k])) - len(" ".join(words[k:]))))
    return [" ".join(words[:cut]), " ".join(words[cut:])]


def header_title(title: str, right: str) -> tuple[str, int]:
    """The header's title and text size beside ``right``: at 28 px, else 24, its leading " · " parts
    dropped while it does not fit (its last two kept: "Leaderboard · Omaha · all time" shows as
    "Omaha · all time"); what still does not fit is cut short by ``draw_header``."""
    parts = title.split(SEPARATOR)
    for size in (HEADER_PX, HEADER_PX - 4):
        face = font(size, "bold")
        room = WIDTH - text_width(fit_text(right, face, WIDTH / 2), face) - 3 * size
        shown = parts[:]
        while len(shown) > 2 and text_width(SEPARATOR.join(shown), face) > room:
            shown.pop(0)
        if text_width(SEPARATOR.join(shown), face) <= room:
            return SEPARATOR.join(shown), size
    return SEPARATOR.join(parts[-2:]), HEADER_PX - 4


@dataclass(frozen=True)
class Columns:
    """Figure columns laid out: each heading on its lines, each column's right edge, and where the
    column left of them must end."""

    headings: list[list[str]]
    edges: list[float]
    left_end: float

    @property
    def height(self) -> int:
        """The headings' row: one line, or two when a heading is set on two."""
        return HEADING_LINE * max(map(len, self.headings), default=1) + 10


def figure_columns(headings: Sequence[str], rows: Sequence[Sequence[str]], bold: Sequence[int] = (),
                   name_from: float = MARGIN) -> Columns:
    """Figure columns (``rows`` hold the figures only; those of the ``bold`` columns are set in bold)
    laid out leftwards from the right margin, each as wide as its widest figure or its heading; a
    heading wider than its figures goes on two lines only when one line would leave the name column
    (from ``name_from``) narrower than ``NAME_ROOM``."""
    one_line = _laid(headings, rows, bold, split=False)
    return one_line if one_line.left_end - name_from >= NAME_ROOM else _laid(headings, rows, bold, split=True)


def _laid(headings: Sequence[str], rows: Sequence[Sequence[str]], bold: Sequence[int], *, split: bool) -> Columns:
    head = font(SMALL_PX)
    lines: list[list[str]] = []
    edges: list[float] = []
    right: float = WIDTH - MARGIN
    for k in reversed(range(len(headings))):
        body = font(TEXT_PX, "bold" if k in bold else "regular")
        widest = max((body.getlength(row[k]) for row in rows), default=0)
        lines.insert(0, heading_lines(headings[k], widest) if split else [headings[k]])
        edges.insert(0, right)
        right -= max([widest, *map(head.getlength, lines[0])]) + COLUMN_GAP
    return Columns(lines, edges, right)


def draw_headings(draw: ImageDraw.ImageDraw, top: float, first: tuple[float, str], columns: Columns) -> None:
    """The muted headings over the columns, set on the row's last line: ``first`` (x, heading) at the
    left, then each figure column's flush right."""
    head = font(SMALL_PX)
    bottom = top + columns.height - 5
    draw.text((first[0], bottom), first[1], font=head, fill=MUTED, anchor="ld")
    for lines, right in zip(columns.headings, columns.edges):
        for n, line in enumerate(reversed(lines)):
            draw.text((right, bottom - n * HEADING_LINE), line, font=head, fill=MUTED, anchor="rd")


def rows_that_fit(count: int, rows: int) -> tuple[int, int]:
    """(items drawn, items left out) of a list of ``count`` items with room for ``rows`` rows: when
    they do not all fit, the last row is kept for "and N more"."""
    if count <= rows:
        return count, 0
    drawn = max(rows - 1, 0)
    return drawn, count - drawn


def rows_below(top: float, bottom_room: float = 0) -> int:
    """How many ``ROW_H`` rows fit between ``top`` and the bottom of the tallest picture, keeping
    ``bottom_room`` and a margin free under them."""
    return max(int((MAX_H - MARGIN - bottom_room - top) // ROW_H), 0)


def fit_middle(text: str, face: ImageFont.FreeTypeFont, max_width: float) -> str:
    """``text`` made printable and, if it is wider than ``max_width`` px, cut in its middle with an
    ellipsis: a transfer keeps who pays, whom and how much ("Alexandra Wi…ton pays Bob 300")."""
    text = printable(text, face)
    parts = [piece for piece, _ in pieces(text)]  # never cut inside an emoji or a syllable
    low, high = 0, len(parts)
    if text_width(text, face) <= max_width:
        return text

    def kept(count: int) -> str:
        head, tail = parts[:(count + 1) // 2], parts[len(parts) - count // 2:]
        return "".join(head).rstrip() + "…" + "".join(tail).lstrip()

    while low < high:
        middle = (low + high + 1) // 2
        if text_width(kept(middle), face) <= max_width:
            low = middle
        else:
            high = middle - 1
    return kept(low)


def draw_more(draw: ImageDraw.ImageDraw, left: float, top: float, more: int, where: str) -> None:
    """The "and N more (where)" row of a cut list."""
    draw.text((left, top + ROW_H / 2), f"and {more} more ({where})", font=font(SMALL_PX + 2), fill=MUTED,
              anchor="lm")
