"""A member's profile card (``bot.service.seasons.profile.profile_view``): four figures in plates
(hands, games, matches won, best rating), then their games (hands and rating), the bridge masterpoints
they hold and their stratum, their places in the server's seasons, and their achievements as badges. Laid out for Discord's 400 x 300 box
(``images.sheet``): 800 wide, at most 600 high; a list longer than its room ends on "and N more",
the message text carrying the rest."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from PIL import ImageDraw

from images.cards import fit_text, font
from images.palette import to_png
from images.sheet import HEADER_H, MARGIN, SMALL_PX, TEXT_PX, WIDTH, new_sheet
from images.theme import GOLD, MUTED, PLATE, PLATE_EDGE, TEXT

PLATE_H = 68
GAP = 8
LINE_H = 36
HEADING_H = 32
BADGE_H = 40
COLUMN_W = 170
ROWS = 3  # games and seasons shown at most (the message text lists the seasons too)


def render_profile_card(view: Mapping[str, Any]) -> bytes:
    """The card as a palette PNG."""
    badges = _badge_rows(view["achievements"])
    held = view.get("masterpoints")  # bridge masterpoints held: a row above the season places
    seasons = ([["Bridge masterpoints", f"stratum {held[1]}", held[0]]] if held else []) + list(view["seasons"])
    height = (HEADER_H + MARGIN + PLATE_H + GAP + 2 * HEADING_H + LINE_H * (_shown(view["games"]) + _shown(seasons))
              + HEADING_H + max(1, len(badges)) * (BADGE_H + GAP) + 2 * MARGIN)
    image, draw = new_sheet(height, view["player"], view["title"])
    y = _plates(draw, HEADER_H + MARGIN, view["figures"]) + GAP
    y = _list(draw, y, ("Games", "Hands", "Rating"), view["games"], "No game played yet")
    y = _list(draw, y, ("Seasons", "Place", "Points"), seasons, "No season result yet")
    _badges(draw, y, badges)
    return to_png(image)


def _shown(rows: Sequence[Any]) -> int:
    return max(1, min(len(rows), ROWS))


def _plates(draw: ImageDraw.ImageDraw, top: float, figures: Sequence[Sequence[str]]) -> float:
    width = (WIDTH - 2 * MARGIN - (len(figures) - 1) * GAP) / len(figures)
    label, value = font(SMALL_PX), font(TEXT_PX, "bold")
    for k, (name, figure) in enumerate(figures):
        x = MARGIN + k * (width + GAP)
        draw.rounded_rectangle((x, top, x + width, top + PLATE_H), 8, fill=PLATE, outline=PLATE_EDGE)
        draw.text((x + 12, top + 8), fit_text(name, label, width - 24), font=label, fill=MUTED)
        draw.text((x + 12, top + PLATE_H - 8), fit_text(figure, value, width - 24), font=value, fill=TEXT, anchor="ld")
    return top + PLATE_H


def _list(draw: ImageDraw.ImageDraw, top: float, headings: Sequence[str], rows: Sequence[Sequence[str]],
          empty: str) -> float:
    """Headings, then up to ``ROWS`` rows: the first cell at the left, the others flush right in
    columns ``COLUMN_W`` wide."""
    head = font(SMALL_PX)
    draw.text((MARGIN, top + HEADING_H - 4), headings[0], font=head, fill=MUTED, anchor="ld")
    for k, heading in enumerate(reversed(headings[1:] if rows else ())):
        draw.text((WIDTH - MARGIN - k * COLUMN_W, top + HEADING_H - 4), heading, font=head, fill=MUTED, anchor="rd")
    y = top + HEADING_H
    face, bold = font(TEXT_PX), font(TEXT_PX, "bold")
    if not rows:
        draw.text((MARGIN, y + LINE_H / 2), empty, font=face, fill=MUTED, anchor="lm")
        return y + LINE_H
    shown = rows[:ROWS] if len(rows) <= ROWS else rows[:ROWS - 1]
    for row in shown:
        for k, cell in enumerate(reversed(row[1:])):
            draw.text((WIDTH - MARGIN - k * COLUMN_W, y + LINE_H / 2), fit_text(cell, face, COLUMN_W - 24), font=face,
                      fill=TEXT, anchor="rm")
        room = WIDTH - 2 * MARGIN - (len(row) - 1) * COLUMN_W
        draw.text((MARGIN, y + LINE_H / 2), fit_text(row[0], bold, room), font=bold, fill=GOLD, anchor="lm")
        y += LINE_H
    if len(rows) > ROWS:
        draw.text((MARGIN, y + LINE_H / 2), f"and {len(rows) - len(shown)} more", font=font(SMALL_PX), fill=MUTED,
                  anchor="lm")
        y += LINE_H
    return y


def _badge_rows(titles: Sequence[str]) -> list[list[str]]:
    """The achievements' badges in rows that fit the width, two rows at most: past them, the last
    badge says how many more (the message text names them all)."""
    face = font(SMALL_PX, "bold")
    rows: list[list[str]] = [[]]
    used = 0.0
    for k, title in enumerate(titles):
        width = face.getlength(title) + 28 + GAP
        if rows[-1] and used + width > WIDTH - 2 * MARGIN:
            if len(rows) == 2:
                more = f"+{len(titles) - k + (used + face.getlength('+99') + 28 > WIDTH - 2 * MARGIN)} more"
                if used + face.getlength(more) + 28 > WIDTH - 2 * MARGIN:
                    rows[-1].pop()
                rows[-1].append(more)
                break
            rows.append([])
            used = 0.0
        rows[-1].append(title)
        used += width
    return rows if rows[0] else []


def _badges(draw: ImageDraw.ImageDraw, top: float, rows: Sequence[Sequence[str]]) -> None:
    draw.text((MARGIN, top + HEADING_H - 4), "Achievements", font=font(SMALL_PX), fill=MUTED, anchor="ld")
    y = top + HEADING_H
    face = font(SMALL_PX, "bold")
    if not rows:
        draw.text((MARGIN, y + BADGE_H / 2), "None yet", font=font(TEXT_PX), fill=MUTED, anchor="lm")
    for row in rows:
        x: float = MARGIN
        for title in row:
            width = face.getlength(title) + 28
            draw.rounded_rectangle((x, y, x + width, y + BADGE_H), BADGE_H // 2, fill=PLATE, outline=GOLD, width=2)
            draw.text((x + width / 2, y + BADGE_H / 2), title, font=face, fill=GOLD, anchor="mm")
            x += width + GAP
        y += BADGE_H + GAP
