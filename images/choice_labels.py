"""How a game's choices read in a private select: each option's words, from the presser's own view
(``GameSpec.choice_label``), and Sigma's picture of a chosen placement (``GameSpec.choice_preview``).
A choice string alone says little: "C43" (the card 11D), "2:90:0,1", "5h@1".

Pure text from a view, like the pictures beside it: the adapter shows what these return.
"""
from __future__ import annotations

from typing import Any

from bot.games import gin_melds
from bot.games.card_names import card_name
from bot.games.cards import pretty
from bot.games.sigma_shapes import Placement, card_size
from images.sigma import render_preview

SIGMA_HOW = {"1": "Face down", "2": "Face up", "3": "Third card, face down"}
SIGMA_TURNS = {0: "upright", 90: "quarter turn right", 180: "upside down", 270: "quarter turn left"}
SQUARED_CELLS = {"A": "top left", "B": "top middle", "C": "top right", "D": "middle left", "E": "centre",
                 "F": "middle right", "G": "bottom left", "H": "bottom middle", "I": "bottom right"}


def gin_label(view: dict[str, Any], kind: str, value: str) -> str:
    """A layoff shows the meld it extends ("5♥ → meld 2 (2♥ 3♥ 4♥)"), a discard or knock the
    deadwood points it leaves."""
    if kind == "layoff":
        card, _, index = value.partition("@")
        meld = view["showdown"]["table"][int(index)]
        return f"{pretty(card)} → meld {int(index) + 1} ({' '.join(pretty(c) for c in meld)})"
    if kind in ("discard", "knock"):
        hand = view["players"][view["viewer"]]["cards"]
        left = gin_melds.deadwood_after_discards(hand)[value]
        return f"{pretty(value)} · leaves {left} deadwood"
    return pretty(value)


def presidential_label(view: dict[str, Any], kind: str, value: str) -> str:
    """One of the presser's own SIXCHEX cards by its name and its six symbols, and the group of their
    rank it is in: "11D: 11 · dark yellow · D · horse · solid diamond · comet (in your 2× 11)"."""
    seat = view["seats"][view["viewer"]]
    card = next((c for c in seat["cards"] if c["code"] == value), None)
    if card is None or card["symbols"] is None:
        return card_name(value)
    text = f"{card_name(value)}: " + " · ".join(card["symbols"][k].replace("-", " ") for k in view["categories"])
    hand = seat["hand"]
    groups = [(symbol, codes) for symbol, codes in (hand["groups"] if hand else []) if value in codes]
    if groups:
        symbol, codes = groups[0]
        text += f" (in your {len(codes)}× {str(symbol).replace('-', ' ')})"
    return text


def sigma_label(view: dict[str, Any], kind: str, value: str) -> str:
    """A placement "2:90:0,1" reads "Face up · quarter turn right · columns 1–3, rows 2–3"."""
    try:
        placement = Placement.parse(value)
    except ValueError:
        return value
    width, height = card_size(placement.rotation)
    where = f"columns {placement.col + 1}–{placement.col + width}"
    if height < 3:
        where += f", rows {placement.row + 1}–{placement.row + height}"
    return f"{SIGMA_HOW.get(placement.option, placement.option)} · {SIGMA_TURNS.get(placement.rotation, '?')} · {where}"


def squared_label(view: dict[str, Any], kind: str, value: str) -> str:
    """A placement "Qh@E" reads "Q♥ on E (centre)"."""
    card, _, cell = value.partition("@")
    if not cell:
        return pretty(value)
    return f"{pretty(card)} on {cell} ({SQUARED_CELLS.get(cell, 'grid')})"


def sigma_preview(view: dict[str, Any], kind: str, value: str) -> bytes:
    """The presser's strip with the card laid at ``value`` (refused with the rule's reason if illegal)."""
    return render_preview(view, value)
