"""The ledger picture: a line per player and a line per transfer while they fit, a long name cut to its
column, the "At table" column only while someone holds chips at a table, no transfer at all when
everyone is square, and a long session cut to what fits in the 400 x 300 box at 2x with "and N more"
rows (the CSV file has every line, the message every transfer) instead of smaller text."""
from __future__ import annotations

import io

from PIL import Image

from bot.service.money.ledger import Ledger, LedgerLine, ledger_view
from bot.service.money.settle_up import settle_up
from images.ledger import render_ledger
from images.sheet import MAX_H, ROW_H, WIDTH
from tests.support.text_recorder import SMALL_PX, Picture, recording, render_picture


def _view(lines: list[LedgerLine]) -> dict[str, object]:
    ledger = Ledger("Ledger · table #4 · Texas hold'em", [4], lines,
                    settle_up({line.name: line.net for line in lines}))
    return ledger_view(ledger)


def _picture(lines: list[LedgerLine]) -> tuple[Picture, dict[str, object]]:
    view = _view(lines)
    with recording() as recorder:
        return render_picture(recorder, render_ledger, view), view


def _session(players: int) -> list[LedgerLine]:
    """``players`` players with nets -500, -400, ... (every one a transfer), the last still at the table."""
    lines = [LedgerLine(f"Player {k}" if k else "A name far too long to fit in the name column of the ledger",
                        False, bought_in=1000, cashed_out=1000 + 100 * (k - 5) * (k != players - 1), hands=k,
                        biggest_pot=50 * k) for k in range(players)]
    lines[-1].at_table = sum(-line.net for line in lines)
    return lines


def test_every_line_and_transfer_has_its_row_while_they_fit() -> None:
    small, _ = _picture(_session(3))
    larger, view = _picture(_session(4))
    transfers = view["transfers"]
    assert isinstance(transfers, list) and len(transfers) == 3
    assert larger.width == small.width == WIDTH and larger.height <= MAX_H
    assert larger.height - small.height == 2 * ROW_H, "one line and one transfer more"
    texts = [s.text for s in larger.strings]
    drawn = [text for text in texts if " pays " in text]
    assert len(drawn) == len(transfers) and drawn[0].startswith("A name") and drawn[0].endswith("pays Player 3 500"), \
        "a long name is cut in the transfer's middle: who pays whom how much stays"
    assert not any(text.startswith("and ") for text in texts)
    assert any(text.startswith("A name far") and text.endswith("…") for text in texts), "cut to its column"


def test_a_long_session_says_how_many_more_instead_of_shrinking() -> None:
    picture, view = _picture(_session(14))
    texts = [s.text for s in picture.strings]
    assert (picture.width, picture.height) == (WIDTH, MAX_H), "as tall as the box allows, no taller"
    more = [text for text in texts if text.startswith("and ")]
    assert len(more) == 2 and more[0].endswith("more (in the CSV file)") and more[1].endswith("more (in the message)")
    lines, transfers = view["lines"], view["transfers"]
    assert isinstance(lines, list) and isinstance(transfers, list)
    drawn_lines = sum(line["cells"][0] in texts for line in lines[1:])
    assert f"and {len(lines) - 1 - drawn_lines} more (in the CSV file)" in texts, "the cut lines are counted"
    drawn = sum(" pays " in text for text in texts)
    assert f"and {len(transfers) - drawn} more (in the message)" in texts
    assert min(picture.shown()) >= SMALL_PX


def test_hands_and_pots_are_left_to_the_csv_and_at_table_shows_only_while_chips_are_there() -> None:
    seated, _ = _picture(_session(3))
    gone = _session(3)
    gone[-1].cashed_out, gone[-1].at_table = gone[-1].cashed_out + gone[-1].at_table, 0
    cashed, _ = _picture(gone)
    headings = {s.text for s in seated.strings}
    assert "At table" in headings or {"At", "table"} <= headings
    assert not {"At", "table", "At table"} & {s.text for s in cashed.strings}
    assert not {"Hands", "Biggest pot", "Biggest", "pot"} & headings


def test_a_square_table_has_no_transfer() -> None:
    picture, view = _picture([LedgerLine("Ann", False, 1000, cashed_out=1000), LedgerLine("Bob", False, 500, at_table=500)])
    assert view["transfers"] == [] and view["method"] == "Everyone is square: nothing to settle."
    assert "Everyone is square: nothing to settle." in [s.text for s in picture.strings]
    image = Image.open(io.BytesIO(render_ledger(view)))
    assert image.mode == "P" and image.size == (picture.width, picture.height)
