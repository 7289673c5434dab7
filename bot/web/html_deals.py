"""The HTML pages of deals and sessions: a hand's replayer (a step a page, plain links to move, the
bot's own picture of the public view), a table's ledger and a bridge event's hand record."""
from __future__ import annotations

from typing import Any

from bot.service.table.replays import Replay
from bot.web.html import esc, link, page, path, table_html

SUITS = ("♠", "♥", "♦", "♣")
STRAINS = ("NT", "S", "H", "D", "C")
RED = {1, 2}


def replay_page(found: Replay, title: str, step: int, key: str) -> str:
    """Step ``step`` of the hand: the picture, the lines of the move that led there, links to move on."""
    here = ("tables", found.table_id, "hands", found.hand_no)

    def to(target: int, label: str) -> str:
        if target == step or not 0 <= target <= found.last:
            return f'<span class="off">{esc(label)}</span>'
        return f'<a href="{esc(path(key, *here, query={"step": target}))}" rel="nofollow">{esc(label)}</a>'

    moves = (to(0, "⏮ First") + to(step - 1, "◀ Back") + to(step + 1, "Next ▶") + to(found.last, "Last ⏭"))
    lines = "".join(f"<li>{esc(line)}</li>" for line in found.steps[step].lines)
    outcome = f'<p class="outcome">Outcome: {esc(found.summary)}</p>' if step == found.last else ""
    picture = esc(path(key, *here, f"{step}.png"))
    body = (f'<p class="step">Step {step} of {found.last}</p><nav class="moves">{moves}</nav>'
            f'<img src="{picture}" alt="The table at step {step}" width="800">'
            f'<ul class="lines">{lines}</ul>{outcome}'
            f'<p>{link(path(key, "tables", found.table_id), f"Table #{found.table_id}")}</p>')
    return page(f"{title} · table #{found.table_id} · hand #{found.hand_no}", body, key)


def ledger_page(data: dict[str, Any], key: str) -> str:
    table = data["tables"][0]
    rows = [[esc(cell) for cell in cells] for cells in data["cells"]]
    transfers = "".join(f"<li>{esc(t)}</li>" for t in data["transfers"])
    body = (table_html(data["columns"], rows) + f"<p>{esc(data['method'])}</p><ul>{transfers}</ul>"
            f"<p>{link(path(key, 'tables', table, 'ledger.csv'), 'Download as CSV')}</p>")
    return page(data["title"], body, key)


def _suit(index: int, cards: str) -> str:
    colour = ' class="red"' if index in RED else ""
    return f"<span{colour}>{SUITS[index]}</span> {esc(cards)}"


def _hand(suits: list[str]) -> str:
    return "<br>".join(_suit(i, cards) for i, cards in enumerate(suits))


def event_page(data: dict[str, Any], key: str) -> str:
    boards = []
    for board in data["boards"]:
        hands = board["hands"]
        diagram = (f'<div class="deal"><div class="n">N<br>{_hand(hands["N"])}</div>'
                   f'<div class="w">W<br>{_hand(hands["W"])}</div><div class="e">E<br>{_hand(hands["E"])}</div>'
                   f'<div class="s">S<br>{_hand(hands["S"])}</div></div>')
        tricks = table_html(("", *STRAINS), [[esc(seat), *(esc(board["tricks"].get(s if s != "NT" else "NT", ["–"] * 4)[i])
                                                          for s in STRAINS)] for i, seat in enumerate("NESW")])
        traveller = table_html(("Table", "Result", "NS", "EW", "MP NS", "MP EW", "IMPs NS"), [
            [esc(r["table"]), esc(r["result"]), esc(r["ns_score"]), esc(r["ew_score"]), esc(r["ns_mp"]),
             esc(r["ew_mp"]), esc(f"{r['ns_imps']:+.1f}")] for r in board["traveller"]])
        par = ", ".join(board["par_contracts"]) or "Pass"
        boards.append(f'<section><h2>Board {esc(board["board"])}</h2>{diagram}'
                      f'<p>Par: {esc(par)} (NS {esc(board["par_score"])})</p>{tricks}{traveller}</section>')
    return page(f"Event {data['event']}", "".join(boards), key)
