"""Gin rummy images: the table, a player's private hand and the score sheet, from a ``GinView`` only.

The shape read here is ``bot.games.gin.GinView``. Every picture is drawn at twice the 400 x 300 box
Discord shows it in (800 wide), every string at 22 px or more, so it reads at 11 px or more until
clicked. A visible hand is drawn as its melds (fanned groups with a green bar) then its deadwood (red
bar and points), on cards with a large index so a fanned card still shows its rank and suit; a hidden
hand as a row of backs with the cards that player took from the discard pile, which the other player
saw. What does not fit (the hand's moves) is in the message text's log.
"""
from __future__ import annotations

from typing import Any, Collection, Mapping, Sequence

from PIL import Image, ImageDraw

from bot.games.base import HIDDEN
from bot.games.cards import pretty
from bot.games.words import counted
from images.cards import (
    Color,
    canvas_draw,
    card_size,
    draw_text,
    fit_text,
    font,
    paste_card,
    paste_row,
    wrap_text,
)
from images.palette import to_png
from images.theme import (
    SMALLEST_TEXT_PX,
    BACKGROUND,
    FELT,
    GOLD,
    MUTED,
    PLATE,
    PLATE_EDGE,
    STACK,
    TEXT,
    draw_dealer_button,
    draw_footer,
    draw_header,
    felt_table,
    player_name,
    private_viewer,
)

TABLE_SIZE = (800, 600)
HEADER_H = 42
HEADER_SIZE = 28
FOOTER_H = 28
TEXT_PX = SMALLEST_TEXT_PX
HAND_SIZE = (800, 300)
SCORE_WIDTH = 800
SCORE_TOP = HEADER_H + 52  # title bar and the players' names above the first row
SCORE_ROW_H = 42
SCORE_ROWS = 11    # at most: the sheet stays 800 x 600 or less, Discord's box at twice its size

MELD = (110, 214, 130)
DEADWOOD = (255, 110, 90)
MARK = (250, 198, 60)  # layoffs on the knocker's melds; the card just taken, in a private hand
RULE = (52, 58, 70)

ROW_CARD_W = 58
FAN = 0.6          # a card in a meld covers all but this share of the one before it (its index shows)
GROUP_GAP = 14
PLATE_BOX = (10, 178, 96)  # left, width, height of the name plate beside each hand
CARDS_LEFT = 196
ROW_LABEL_H = 34   # under a row of cards: its bar and "Deadwood N" or "Took ..."
PILE_CARD_W = 64
PILE_SHOWN = 5     # the last discards, fanned so each one's index shows (the whole pile is public)
PILE_FAN = 26
HAND_CARD_W = 84
HAND_PILE_W = 76

View = Mapping[str, Any]
Group = tuple[list[str], str]  # cards and what they are: "meld" or "deadwood" ("" for a hidden hand)


def render_table(view: View, footer: str | None = None) -> bytes:
    """PNG of the gin table: the viewer (or seat 0) at the bottom, the other player at the top, the
    stock and discard pile between them with whose turn it is and, once over, the result."""
    canvas = felt_table(TABLE_SIZE, HEADER_H, FOOTER_H).copy()
    draw = canvas_draw(canvas)
    bottom = view["viewer"] if view["viewer"] is not None else 0
    score = view["score"]
    match = " · best of 5" if score["match"] == "best-of-five" else ""
    draw_header(draw, TABLE_SIZE[0], f"Gin · to {score['target']} · knock {view['knock_limit']}{match}",
                _game_and_hand(view), height=HEADER_H, size=HEADER_SIZE)
    card_h = card_size(ROW_CARD_W)[1]
    for seat, row_top in ((1 - bottom, HEADER_H + 14),
                          (bottom, TABLE_SIZE[1] - FOOTER_H - 10 - ROW_LABEL_H - card_h)):
        _draw_player(canvas, draw, view, seat, row_top)
    _draw_middle(canvas, draw, view)
    draw_footer(draw, TABLE_SIZE, footer, height=FOOTER_H, text_size=TEXT_PX)
    return to_png(canvas)


def _game_and_hand(view: View) -> str:
    """"Game 1 · Hand 3": the score's lines include a hand once it is scored."""
    score = view["score"]
    hand_no = max(1, len(score["lines"]) + (0 if view["phase"] == "over" else 1))
    return f"Game {score['game_no']} · Hand {hand_no}"



def _draw_player(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View, seat: int, top: int) -> None:
    """A name plate (name, points, dealer) at the left and the hand to its right: melds and deadwood, or backs."""
    player = view["players"][seat]
    left, width, height = PLATE_BOX
    card_h = card_size(ROW_CARD_W)[1]
    plate_top = top + (card_h + ROW_LABEL_H - height) // 2
    highlight = player["to_act"] and view["phase"] != "over"
    draw.rounded_rectangle((left, plate_top, left + width, plate_top + height), 8, fill=PLATE,
                           outline=GOLD if highlight else PLATE_EDGE, width=4 if highlight else 1)
    name_face = font(24, "bold")
    draw.text((left + 10, plate_top + 12), fit_text(player_name(player["name"], seat), name_face, width - 18),
              font=name_face, fill=TEXT)
    inner = width - 60 if player["is_dealer"] else width - 18
    draw.text((left + 10, plate_top + 54), fit_text(counted(player["points"], "point"), font(24), inner),
              font=font(24), fill=STACK)
    if player["is_dealer"]:  # beside the points: a long name keeps the whole top line
        draw_dealer_button(draw, (left + width - 28, plate_top + 66), radius=20)

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
        face = font(TEXT_PX)
        draw_text(draw, (CARDS_LEFT, top + card_h + 6), fit_text(taken, face, TABLE_SIZE[0] - CARDS_LEFT - 14),
                  face, TEXT)


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
            paste_card(canvas, code, (at, top), card_w, large_index=True)
        for at, code in zip(lefts, cards):
            if code in marked:  # framed on top of the fan so the whole card stands out
                draw.rounded_rectangle((at - 2, top - 2, at + card_w + 1, top + card_h + 1), 7, outline=MARK,
                                       width=4)
        span = card_w + step * (len(cards) - 1)
        if kind:
            colour = MELD if kind == "meld" else DEADWOOD
            draw.rounded_rectangle((round(x), top + card_h + 4, round(x + span), top + card_h + 9), 2, fill=colour)
            if kind == "deadwood" and deadwood_points is not None:
                label = f"Deadwood {deadwood_points}"
                draw_text(draw, (x, top + card_h + 11), label, font(TEXT_PX, "bold"), DEADWOOD)
        x += span + GROUP_GAP


def _groups_width(groups: Sequence[Group], card_w: int, fan: float) -> float:
    cards = [len(cards) for cards, _ in groups if cards]
    return sum(card_w + card_w * fan * (n - 1) for n in cards) + GROUP_GAP * (len(cards) - 1)


def _draw_middle(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    """Stock and discard pile at the left; whose turn it is (or the result) and the score at the right."""
    card_w, card_h = card_size(PILE_CARD_W)
    top = TABLE_SIZE[1] // 2 - card_h // 2 - 16
    stock_x, pile_x = 26, 120
    if view["stock_count"]:
        for depth in range(min(3, view["stock_count"]) - 1, -1, -1):
            paste_card(canvas, HIDDEN, (stock_x + 3 * depth, top - 3 * depth), PILE_CARD_W)
    else:
        paste_card(canvas, "", (stock_x, top), PILE_CARD_W)
    pile = list(view["discard_pile"])[-PILE_SHOWN:] or [""]
    pile_middle = pile_x + (PILE_FAN * (len(pile) - 1) + card_w) / 2
    paste_row(canvas, pile, pile_middle, top, PILE_CARD_W, gap=PILE_FAN - card_w, max_width=TABLE_SIZE[0],
              large_index=True)
    label = font(TEXT_PX)
    draw_text(draw, (stock_x + card_w / 2, top + card_h + 8), f"Stock {view['stock_count']}", label, TEXT,
              anchor="mt")
    draw_text(draw, (pile_middle, top + card_h + 8), "Discards", label, TEXT, anchor="mt")

    text_left = pile_x + PILE_FAN * (PILE_SHOWN - 1) + card_w + 28
    width = TABLE_SIZE[0] - text_left - 20
    turn = font(26, "bold")
    over = view["phase"] == "over"
    lines: list[tuple[str, Any, Color]] = [(line, turn, GOLD)
                                           for line in wrap_text(_turn_text(view), turn, width, 3 if over else 2)]
    if view["showdown"] is not None and not over:  # once over, the result says how the hand ended
        lines.append((_showdown_text(view), font(24), TEXT))
    lines += [(line, font(24), TEXT) for line in _score_text(view)]
    if view["misdeals"]:
        lines.append((f"Redealt {counted(view['misdeals'], 'time')} (misdeal)", font(TEXT_PX), MUTED))
    y = TABLE_SIZE[1] // 2 - 8 - sum(face.size + 8 for _, face, _ in lines) / 2
    for text, face, colour in lines:
        draw_text(draw, (text_left, y), fit_text(text, face, width), face, colour)
        y += face.size + 8


def _score_text(view: View) -> list[str]:
    """["Alice 45 – Bob 12", "Hands won 2–1"], the games too in a best-of-five."""
    score = view["score"]
    a, b = _name(view, 0), _name(view, 1)
    wins = f"Hands won {score['hands_won'][0]}–{score['hands_won'][1]}"
    if score["match"] == "best-of-five":
        wins += f" · games {score['games_won'][0]}–{score['games_won'][1]}"
    return [f"{a} {score['points'][0]} – {b} {score['points'][1]}", wins]


def _name(view: View, seat: int) -> str:
    """A player's name short enough to sit inside a sentence."""
    return fit_text(player_name(view["players"][seat]["name"], seat), font(24), 190)


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
    """PNG of the viewer's own hand, melds grouped and deadwood marked, with the discard top, the stock
    and the score: what a player weighs before drawing, discarding or knocking."""
    viewer = private_viewer(view)
    player = view["players"][viewer]
    width, height = HAND_SIZE
    canvas = Image.new("RGB", HAND_SIZE, FELT)
    draw = canvas_draw(canvas)
    draw_header(draw, width, player_name(player["name"], viewer), _game_and_hand(view), height=HEADER_H, size=26)

    top = HEADER_H + 14
    taken = view["taken_from_discard"]  # framed: the rules forbid discarding it straight back
    pile_x = width - HAND_PILE_W - 14
    _draw_groups(canvas, draw, _groups(player), 14, top, HAND_CARD_W, pile_x - 14 - 24,
                 deadwood_points=player["deadwood_points"], marked=(taken,) if taken else ())
    paste_card(canvas, view["discard_top"] or "", (pile_x, top), HAND_PILE_W, large_index=True)
    below = top + card_size(HAND_PILE_W)[1] + 6
    for n, text in enumerate(("Discard", f"Stock {view['stock_count']}")):
        draw_text(draw, (pile_x + HAND_PILE_W / 2, below + 28 * n), text, font(TEXT_PX), TEXT, anchor="mt")
    turn = font(26, "bold")
    over = view["phase"] == "over"  # the result takes both lines; the score is in it
    lines = [(line, turn, GOLD) for line in wrap_text(_turn_text(view), turn, width - 28, 2 if over else 1)]
    if not over:
        lines.append((" · ".join(_score_text(view)), font(24), STACK))
    for n, (text, face, colour) in enumerate(lines):
        draw_text(draw, (14, height - 50 + 38 * n), fit_text(text, face, width - 28), face, colour, anchor="ls")
    return to_png(canvas)


def render_scores(view: View) -> bytes:
    """PNG of the score sheet: this game's hands line by line, the running totals, then each finished
    game's totals, newest first. Its height grows with the rows (``SCORE_TOP + SCORE_ROW_H * rows +
    SCORE_ROW_H / 2``) up to ``SCORE_ROWS`` rows, so the sheet reads in Discord's box: beyond, this
    game's earlier hands are summed in one row and a finished game's bonuses are left out."""
    score = view["score"]
    names = [_name(view, seat) for seat in (0, 1)]
    rows = _score_rows(score, names)
    canvas = Image.new("RGB", (SCORE_WIDTH, SCORE_TOP + SCORE_ROW_H * len(rows) + SCORE_ROW_H // 2), BACKGROUND)
    draw = canvas_draw(canvas)
    games = f" · games {score['games_won'][0]}–{score['games_won'][1]}" if score["match"] == "best-of-five" else ""
    draw_header(draw, SCORE_WIDTH, f"Score sheet · game {score['game_no']} to {score['target']}{games}", "",
                height=HEADER_H, size=HEADER_SIZE)
    label_x, centres = 16, (500, 680)
    for centre, name in zip(centres, names):
        draw.text((centre, HEADER_H + 12), fit_text(name, font(28, "bold"), 180), font=font(28, "bold"), fill=TEXT,
                  anchor="mt")
    y = SCORE_TOP + SCORE_ROW_H // 2
    for label, left, right, style in rows:
        if style == "rule":
            draw.line((label_x, y, SCORE_WIDTH - 16, y), fill=RULE, width=2)
        else:
            face = font(28, "bold") if style in ("total", "game") else font(28)
            colour = GOLD if style == "game" else TEXT if style == "total" else (220, 222, 226)
            room = centres[0] - 100 - label_x
            draw.text((label_x, y), fit_text(label, face, room), font=face, fill=colour, anchor="lm")
            for centre, value in zip(centres, (left, right)):
                draw.text((centre, y), value, font=face, fill=colour, anchor="mm")
        y += SCORE_ROW_H
    return to_png(canvas)


ScoreRow = tuple[str, str, str, str]  # label, player 0 cell, player 1 cell, style


def _score_rows(score: Mapping[str, Any], names: list[str]) -> list[ScoreRow]:
    """The sheet as rows, at most ``SCORE_ROWS``: this game's hands (earlier ones summed in one row
    when they do not all fit), the totals, then each finished game with its final totals, newest
    first, the newest with its bonuses when the sheet has room."""
    games: list[ScoreRow] = []
    for number, game in reversed(list(enumerate(score["games"], start=1))):
        shutout = " (shutout)" if game["shutout"] else ""
        games.append((f"Game {number} · {names[game['winner']]}{shutout}", str(game["totals"][0]),
                      str(game["totals"][1]), "game"))
    details: list[ScoreRow] = []
    if score["games"]:
        newest = score["games"][-1]
        bonus = ["", ""]
        bonus[newest["winner"]] = str(newest["game_bonus"])
        details = [("Hand points", str(newest["hand_points"][0]), str(newest["hand_points"][1]), "line"),
                   ("Game bonus", bonus[0], bonus[1], "line"),
                   ("Line bonus", str(newest["line_bonus"][0]), str(newest["line_bonus"][1]), "line")]
    lines = list(score["lines"])
    room = SCORE_ROWS - 3 - (len(games) + 1 if games else 0)
    if len(lines) + len(details) > room:
        details = []
    rows: list[ScoreRow] = []
    if len(lines) > room:
        earlier, lines = lines[:len(lines) - room + 1], lines[len(lines) - room + 1:]
        sums = [sum(line["points"] for line in earlier if line["winner"] == seat) for seat in (0, 1)]
        rows.append((f"Hands {earlier[0]['hand']}–{earlier[-1]['hand']}", f"+{sums[0]}", f"+{sums[1]}", "line"))
    for line in lines:
        cells = ["", ""]
        if line["winner"] is not None:
            cells[line["winner"]] = f"+{line['points']}"
        rows.append((f"Hand {line['hand']} · {line['kind'].replace('_', ' ')}", cells[0], cells[1], "line"))
    rows.append(("", "", "", "rule"))
    rows.append(("Points", str(score["points"][0]), str(score["points"][1]), "total"))
    rows.append(("Hands won", str(score["hands_won"][0]), str(score["hands_won"][1]), "line"))
    if games:
        rows += [("", "", "", "rule"), games[0], *details, *games[1:]]
    return rows
