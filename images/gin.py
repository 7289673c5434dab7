"""Gin rummy images: the table, a player's private hand and the score sheet, from a ``GinView`` only.

The shape read here is ``bot.games.gin.GinView``. A visible hand is drawn as its melds (fanned
groups with a green bar) then its deadwood (red bar and points); a hidden hand as a row of backs
with the cards that player took from the discard pile, which the other player saw.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Collection, Mapping, Sequence

from PIL import Image, ImageDraw

from bot.games.base import HIDDEN
from bot.games.cards import pretty
from bot.games.words import counted
from images.cards import (
    Color,
    canvas_draw,
    card_size,
    chips,
    draw_text,
    fit_text,
    font,
    paste_card,
    paste_row,
    wrap_text,
)
from images.palette import to_png
from images.theme import (
    BACKGROUND,
    FELT,
    FOOTER_H,
    GOLD,
    HEADER_H,
    MUTED,
    PLATE,
    PLATE_EDGE,
    RIM_EDGE,
    STACK,
    TEXT,
    draw_dealer_button,
    draw_footer,
    draw_header,
    player_name,
    private_viewer,
)

TABLE_SIZE = (900, 560)
HAND_SIZE = (720, 214)
SCORE_WIDTH = 560
SCORE_TOP = 74     # title bar and the players' names above the first row
SCORE_ROW_H = 24

MELD = (110, 214, 130)
DEADWOOD = (255, 110, 90)
MARK = (250, 198, 60)  # layoffs on the knocker's melds; the card just taken, in a private hand
RULE = (52, 58, 70)

ROW_CARD_W = 64
FAN = 0.6          # a card in a meld covers all but this share of the one before it (its index shows)
GROUP_GAP = 18
PLATE_BOX = (12, 170, 74)  # left, width, height of the name plate beside each hand
CARDS_LEFT = 200
PILE_CARD_W = 64
PILE_SHOWN = 5     # the last discards, fanned so each one's index shows (the whole pile is public)
PILE_FAN = 24

View = Mapping[str, Any]
Group = tuple[list[str], str]  # cards and what they are: "meld" or "deadwood" ("" for a hidden hand)


def render_table(view: View, footer: str | None = None) -> bytes:
    """PNG of the gin table: the viewer (or seat 0) at the bottom, the other player at the top, the
    stock and discard pile between them with whose turn it is and, once over, the result."""
    canvas = _background().copy()
    draw = canvas_draw(canvas)
    bottom = view["viewer"] if view["viewer"] is not None else 0
    score = view["score"]
    hand_no = max(1, len(score["lines"]) + (0 if view["phase"] == "over" else 1))  # lines include a scored hand
    match = " · best of five" if score["match"] == "best-of-five" else ""
    draw_header(draw, TABLE_SIZE[0], f"Gin rummy · to {score['target']} · knock {view['knock_limit']}{match}",
                f"Game {score['game_no']} · Hand {hand_no}")
    for seat, row_top in ((1 - bottom, HEADER_H + 14), (bottom, TABLE_SIZE[1] - FOOTER_H - 138)):
        _draw_player(canvas, draw, view, seat, row_top)
    _draw_middle(canvas, draw, view)
    draw_footer(draw, TABLE_SIZE, footer)
    return to_png(canvas)


@lru_cache(maxsize=1)
def _background() -> Image.Image:
    """The felt with its rim between the header and footer; drawn once (shared: copy it)."""
    image = Image.new("RGB", TABLE_SIZE, BACKGROUND)
    width, height = TABLE_SIZE
    ImageDraw.Draw(image).rounded_rectangle((4, HEADER_H + 4, width - 5, height - FOOTER_H - 5), 18, fill=FELT,
                                            outline=RIM_EDGE, width=6)
    return image


def _draw_player(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View, seat: int, top: int) -> None:
    """A name plate at the left and the hand to its right: melds and deadwood, or backs."""
    player = view["players"][seat]
    left, width, height = PLATE_BOX
    card_h = card_size(ROW_CARD_W)[1]
    plate_top = top + (card_h - height) // 2
    highlight = player["to_act"] and view["phase"] != "over"
    draw.rounded_rectangle((left, plate_top, left + width, plate_top + height), 8, fill=PLATE,
                           outline=GOLD if highlight else PLATE_EDGE, width=3 if highlight else 1)
    inner = width - 44 if player["is_dealer"] else width - 16
    name = fit_text(player_name(player["name"], seat), font(16, "bold"), inner)
    draw.text((left + 9, plate_top + 8), name, font=font(16, "bold"), fill=TEXT)
    if player["is_dealer"]:
        draw_dealer_button(draw, (left + width - 18, plate_top + 17), radius=10)
    draw.text((left + 9, plate_top + 30), fit_text(counted(player['points'], 'point'), font(14), width - 16),
              font=font(14), fill=STACK)
    if player["deadwood_points"] is not None:
        draw.text((left + 9, plate_top + 51), f"Deadwood {player['deadwood_points']}", font=font(13, "bold"),
                  fill=DEADWOOD if player["deadwood_points"] else MELD)

    showdown = view["showdown"]
    layoffs: set[str] = set()  # framed on the knocker's melds
    if showdown is not None and showdown["knocker"] == seat:
        groups: list[Group] = [(list(meld), "meld") for meld in showdown["table"]]
        groups.append((list(player["deadwood"]), "deadwood"))
        layoffs = {layoff["card"] for layoff in showdown["layoffs"]}
    else:
        groups = _groups(player)
    _draw_groups(canvas, draw, groups, CARDS_LEFT, top, ROW_CARD_W, TABLE_SIZE[0] - CARDS_LEFT - 14,
                 deadwood_points=player["deadwood_points"], marked=layoffs)
    if groups and groups[0][1] == "" and player["picked"]:
        taken = "Took " + " ".join(pretty(card) for card in player["picked"])
        draw_text(draw, (CARDS_LEFT, top + card_h + 6), fit_text(taken, font(13), 600), font(13), TEXT)


def _groups(player: Mapping[str, Any]) -> list[Group]:
    """Melds then deadwood when the hand is visible, else one group of backs."""
    if any(card == HIDDEN for card in player["cards"]) or not (player["melds"] or player["deadwood"]):
        return [(list(player["cards"]), "")] if player["cards"] else []
    groups: list[Group] = [(list(meld), "meld") for meld in player["melds"]]
    if player["deadwood"]:
        groups.append((list(player["deadwood"]), "deadwood"))
    return groups


def _draw_groups(canvas: Image.Image, draw: ImageDraw.ImageDraw, groups: Sequence[Group], left: int, top: int,
                 card_w: int, max_width: int, *, deadwood_points: int | None,
                 marked: Collection[str] = ()) -> None:
    """Fanned groups left to right with a coloured bar under each: green melds, red deadwood with
    its points; cards in ``marked`` get a gold frame. Groups shrink their fan to fit ``max_width``."""
    card_h = card_size(card_w)[1]
    fan = FAN
    while fan > 0.2 and _groups_width(groups, card_w, fan) > max_width:
        fan -= 0.05
    x = float(left)
    for cards, kind in groups:
        if not cards:
            continue
        step = card_w * (fan if kind else min(fan, 0.5))
        lefts = [round(x + n * step) for n in range(len(cards))]
        for at, code in zip(lefts, cards):
            paste_card(canvas, code, (at, top), card_w)
        for at, code in zip(lefts, cards):
            if code in marked:  # framed on top of the fan so the whole card stands out
                draw.rounded_rectangle((at - 2, top - 2, at + card_w + 1, top + card_h + 1), 7, outline=MARK,
                                       width=3)
        span = card_w + step * (len(cards) - 1)
        if kind:
            colour = MELD if kind == "meld" else DEADWOOD
            draw.rounded_rectangle((round(x), top + card_h + 4, round(x + span), top + card_h + 8), 2, fill=colour)
            if kind == "deadwood" and deadwood_points is not None:
                label = f"Deadwood {deadwood_points}"
                draw_text(draw, (x, top + card_h + 11), label, font(13, "bold"), DEADWOOD)
        x += span + GROUP_GAP


def _groups_width(groups: Sequence[Group], card_w: int, fan: float) -> float:
    cards = [len(cards) for cards, _ in groups if cards]
    return sum(card_w + card_w * fan * (n - 1) for n in cards) + GROUP_GAP * (len(cards) - 1)


def _draw_middle(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    """Stock and discard pile at the left; whose turn it is (or the result) and the score at the right."""
    card_w, card_h = card_size(PILE_CARD_W)
    top = TABLE_SIZE[1] // 2 - card_h // 2 - 6
    stock_x, pile_x = 36, 136
    if view["stock_count"]:
        for depth in range(min(3, view["stock_count"]) - 1, -1, -1):
            paste_card(canvas, HIDDEN, (stock_x + 3 * depth, top - 3 * depth), PILE_CARD_W)
    else:
        paste_card(canvas, "", (stock_x, top), PILE_CARD_W)
    pile = list(view["discard_pile"])[-PILE_SHOWN:] or [""]
    pile_middle = pile_x + (PILE_FAN * (len(pile) - 1) + card_w) / 2
    paste_row(canvas, pile, pile_middle, top, PILE_CARD_W, gap=PILE_FAN - card_w, max_width=TABLE_SIZE[0])
    label = font(13)
    draw_text(draw, (stock_x + card_w / 2, top + card_h + 8), f"Stock {view['stock_count']}", label, TEXT,
              anchor="mt")
    draw_text(draw, (pile_middle, top + card_h + 8), "Discard pile", label, TEXT, anchor="mt")

    text_left, width = 330, TABLE_SIZE[0] - 330 - 24
    lines: list[tuple[str, Any, Color]] = [(line, font(20, "bold"), GOLD)
                                           for line in wrap_text(_turn_text(view), font(20, "bold"), width, 2)]
    if view["showdown"] is not None:
        lines.append((_showdown_text(view), font(15), TEXT))
    lines.append((_score_text(view), font(15), TEXT))
    if view["misdeals"]:
        lines.append((f"Redealt {view['misdeals']} time{'s' if view['misdeals'] > 1 else ''} (misdeal)", font(13),
                      MUTED))
    y = TABLE_SIZE[1] // 2 - sum(face.size + 8 for _, face, _ in lines) / 2
    for text, face, colour in lines:
        draw_text(draw, (text_left, y), fit_text(text, face, width), face, colour)
        y += face.size + 8


def _score_text(view: View) -> str:
    """"Alice 45 – Bob 12 · hands 2–1", plus the games in a best-of-five."""
    score = view["score"]
    a, b = _name(view, 0), _name(view, 1)
    text = f"{a} {score['points'][0]} – {b} {score['points'][1]} · hands {score['hands_won'][0]}–{score['hands_won'][1]}"
    if score["match"] == "best-of-five":
        text += f" · games {score['games_won'][0]}–{score['games_won'][1]}"
    return text


def _name(view: View, seat: int) -> str:
    """A player's name short enough to sit inside a sentence."""
    return fit_text(player_name(view["players"][seat]["name"], seat), font(15), 200)


def _turn_text(view: View) -> str:
    """What happens now, in a few words: the player to act and the move expected, or the result."""
    if view["phase"] == "over":
        return view["result"] or "The hand is over."
    seat = view["to_act"][0]
    name = _name(view, seat)
    top = view["discard_top"]
    if view["phase"] == "upcard":
        return f"{name}: take the {pretty(top)} or pass" if top else f"{name}: take the upcard or pass"
    if view["phase"] == "draw":
        return f"{name} to draw"
    if view["phase"] == "discard":
        taken = view["taken_from_discard"]
        return f"{name} to discard (not the {pretty(taken)})" if taken else f"{name} to discard"
    knocker = view["showdown"]["knocker"] if view["showdown"] else 1 - seat
    return f"{name} lays off on {_name(view, knocker)}'s melds"


def _showdown_text(view: View) -> str:
    showdown = view["showdown"]
    name = _name(view, showdown["knocker"])
    if showdown["kind"] == "knock":
        return f"{name} knocked" + (f", discarding the {pretty(showdown['discard'])}" if showdown["discard"] else "")
    return f"{name} went {showdown['kind'].replace('_', ' ')}"


def render_hand(view: View) -> bytes:
    """PNG of the viewer's own hand, melds grouped and deadwood marked, with the discard top."""
    viewer = private_viewer(view)
    player = view["players"][viewer]
    width, height = HAND_SIZE
    canvas = Image.new("RGB", HAND_SIZE, FELT)
    draw = canvas_draw(canvas)
    draw_header(draw, width, player_name(player["name"], viewer), _turn_text(view), height=30, size=14)

    card_w = 84
    pile_w = 60
    taken = view["taken_from_discard"]  # framed: the rules forbid discarding it straight back
    _draw_groups(canvas, draw, _groups(player), 14, 44, card_w, width - pile_w - 48,
                 deadwood_points=player["deadwood_points"], marked=(taken,) if taken else ())
    pile_x = width - pile_w - 14
    paste_card(canvas, view["discard_top"] or "", (pile_x, 44), pile_w)
    draw_text(draw, (pile_x + pile_w / 2, 44 + card_size(pile_w)[1] + 6), "Discard", font(12), TEXT, anchor="mt")
    draw_text(draw, (pile_x + pile_w / 2, 44 + card_size(pile_w)[1] + 22), f"Stock {view['stock_count']}",
              font(12), TEXT, anchor="mt")
    return to_png(canvas)


def render_scores(view: View) -> bytes:
    """PNG of the score sheet: this game's hands line by line, the running totals, then each finished
    game's sums. Its height grows with the rows (``SCORE_TOP + SCORE_ROW_H * rows + SCORE_ROW_H``)."""
    score = view["score"]
    names = [_name(view, seat) for seat in (0, 1)]
    rows = _score_rows(score, names)
    canvas = Image.new("RGB", (SCORE_WIDTH, SCORE_TOP + SCORE_ROW_H * (len(rows) + 1)), BACKGROUND)
    draw = canvas_draw(canvas)
    games = f" · games {score['games_won'][0]}–{score['games_won'][1]}" if score["match"] == "best-of-five" else ""
    draw_header(draw, SCORE_WIDTH, f"Score sheet · game {score['game_no']} to {score['target']}{games}", "")
    label_x, centres = 14, (300, 420)
    for centre, name in zip(centres, names):
        draw.text((centre, 46), fit_text(name, font(14, "bold"), 110), font=font(14, "bold"), fill=TEXT, anchor="mt")
    y = SCORE_TOP + SCORE_ROW_H // 2
    for label, left, right, style in rows:
        if style == "rule":
            draw.line((label_x, y, SCORE_WIDTH - 14, y), fill=RULE, width=1)
        else:
            face = font(14, "bold") if style in ("total", "game") else font(14)
            colour = GOLD if style == "game" else TEXT if style == "total" else (220, 222, 226)
            room = SCORE_WIDTH - 2 * label_x if style == "game" else centres[0] - 60 - label_x
            draw.text((label_x, y), fit_text(label, face, room), font=face, fill=colour, anchor="lm")
            for centre, value in zip(centres, (left, right)):
                draw.text((centre, y), value, font=face, fill=colour, anchor="mm")
        y += SCORE_ROW_H
    return to_png(canvas)


ScoreRow = tuple[str, str, str, str]  # label, player 0 cell, player 1 cell, style


def _score_rows(score: Mapping[str, Any], names: list[str]) -> list[ScoreRow]:
    """The sheet as rows: one per hand of this game, the totals, then each finished game's sums."""
    rows: list[ScoreRow] = []
    for line in score["lines"]:
        cells = ["", ""]
        if line["winner"] is not None:
            cells[line["winner"]] = f"+{line['points']}"
        rows.append((f"Hand {line['hand']} · {line['kind'].replace('_', ' ')}", cells[0], cells[1], "line"))
    rows.append(("", "", "", "rule"))
    rows.append(("Points", str(score["points"][0]), str(score["points"][1]), "total"))
    rows.append(("Hands won", str(score["hands_won"][0]), str(score["hands_won"][1]), "line"))
    for number, game in enumerate(score["games"], start=1):
        rows.append(("", "", "", "rule"))
        winner = names[game["winner"]]
        shutout = " (shutout)" if game["shutout"] else ""
        rows.append((f"Game {number}: {winner} by {chips(game['margin'])}{shutout}", "", "", "game"))
        rows.append(("Hand points", str(game["hand_points"][0]), str(game["hand_points"][1]), "line"))
        bonus = ["", ""]
        bonus[game["winner"]] = str(game["game_bonus"])
        rows.append(("Game bonus", bonus[0], bonus[1], "line"))
        rows.append(("Line bonus", str(game["line_bonus"][0]), str(game["line_bonus"][1]), "line"))
        rows.append(("Total", str(game["totals"][0]), str(game["totals"][1]), "total"))
    return rows
