"""The ledger picture: a line per player and a line per transfer, however many, a long name cut to its
column, and no transfer at all when everyone is square."""
from __future__ import annotations

import io

from PIL import Image

from bot.service.ledger import Ledger, LedgerLine, ledger_view
from bot.service.settle_up import settle_up
from images.ledger import LINE_H, render_ledger


def _picture(lines: list[LedgerLine]) -> tuple[Image.Image, dict[str, object]]:
    ledger = Ledger("Ledger · table #4 · Texas hold'em", [4], lines,
                    settle_up({line.name: line.net for line in lines}))
    view = ledger_view(ledger)
    image = Image.open(io.BytesIO(render_ledger(view)))
    image.load()
    return image, view


def test_every_line_and_transfer_has_its_row() -> None:
    lines = [LedgerLine(f"Player {k}" if k else "A name far too long to fit in the name column of the ledger",
                        False, bought_in=1000, cashed_out=1000 + 100 * (k - 5) * (k != 10), at_table=0, hands=k,
                        biggest_pot=50 * k) for k in range(11)]
    lines[10].at_table = sum(-line.net for line in lines)
    small, _ = _picture(lines[:2] + [LedgerLine("Ada (bot)", True, 1000, at_table=1000 - lines[0].net - lines[1].net)])
    large, view = _picture(lines)
    transfers = view["transfers"]
    assert isinstance(transfers, list) and len(transfers) >= 5
    assert large.width == small.width == 780
    assert large.height - small.height == (len(lines) - 3 + len(transfers) - 2) * LINE_H


def test_a_square_table_has_no_transfer() -> None:
    image, view = _picture([LedgerLine("Ann", False, 1000, cashed_out=1000), LedgerLine("Bob", False, 500, at_table=500)])
    assert view["transfers"] == [] and view["method"] == "Everyone is square: nothing to settle."
    assert image.mode == "P" and image.size[1] > 4 * LINE_H
