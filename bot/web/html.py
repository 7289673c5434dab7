"""The HTML pages' layout and the server's pages of people and tables, drawn on the server: every value
from the data goes through ``esc`` (member names, table names, event names are typed by members), and
no page carries a script. The deal pages are in ``bot.web.html_deals``."""
from __future__ import annotations

import datetime
from html import escape
from typing import Any, Iterable
from urllib.parse import quote, urlencode

from bot.service.stats.leaderboard import PERIOD_TITLES
from bot.web.data import title_of


def esc(value: Any) -> str:
    return escape(str(value), quote=True)


def path(key: str, *parts: Any, query: dict[str, Any] | None = None) -> str:
    """A link inside the server's pages, every part quoted."""
    link = "/s/" + "/".join(quote(str(part), safe="") for part in (key, *parts))
    if not parts:
        link += "/"
    return link + ("?" + urlencode(query) if query else "")


def when(at: float | None) -> str:
    if at is None:
        return "–"
    return datetime.datetime.fromtimestamp(at, datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


NAV = (("Leaderboard", ()), ("Seasons", ("seasons",)), ("Tables", ("tables",)), ("Tournaments", ("tournaments",)), ("Bridge events", ("events",)))


def page(title: str, body: str, key: str | None = None) -> str:
    """A whole page: readable on a phone (the viewport's width, one column), the site's style sheet."""
    nav = "" if key is None else "<nav>" + " ".join(
        f'<a href="{esc(path(key, *parts))}">{esc(label)}</a>' for label, parts in NAV) + "</nav>"
    return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{esc(title)}</title><link rel=\"stylesheet\" href=\"/static/style.css\"></head>"
            f"<body>{nav}<main><h1>{esc(title)}</h1>{body}</main></body></html>")


def table_html(headings: Iterable[str], rows: Iterable[Iterable[str]]) -> str:
    """A table whose cells are already HTML (each value escaped where it was put in)."""
    head = "".join(f"<th>{esc(h)}</th>" for h in headings)
    lines = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return f'<div class="wide"><table><thead><tr>{head}</tr></thead><tbody>{lines}</tbody></table></div>'


def link(href: str, text: Any) -> str:
    return f'<a href="{esc(href)}">{esc(text)}</a>'


def error_page(status: int, text: str) -> str:
    return page(f"{status}", f"<p>{esc(text)}</p>")


def leaderboard_page(data: dict[str, Any], key: str) -> str:
    choices = " · ".join(link(path(key, query={"period": p, **({"game": data["game"]} if data["game"] else {})}),
                              PERIOD_TITLES[p])
                         for p in data["periods"])
    games = " · ".join([link(path(key, query={"period": data["period"]}), "every game")]
                       + [link(path(key, query={"game": g, "period": data["period"]}), title_of(g)) for g in data["games"]])
    rows = [[esc(line["rank"]), link(path(key, "players", line["user_id"]), line["name"]), esc(line["rating"]),
             esc(f"{line['chips_won']:+d}"), esc(line["deals"])] for line in data["lines"]]
    shown = title_of(data["game"]) if data["game"] else "Every game"
    body = (f"<p>{esc(shown)} · {esc(PERIOD_TITLES[data['period']])}</p>"
            f"<p class=\"choices\">Period: {choices}</p><p class=\"choices\">Game: {games}</p>"
            + (table_html(("#", "Player", "Rating", "Chips won", "Deals"), rows) if rows
               else "<p>Nobody has played in this period yet.</p>"))
    return page("Leaderboard", body, key)


def player_page(data: dict[str, Any], key: str) -> str:
    rows = [[esc(g["title"]), esc(g["hands"]), esc(f"{g['chips_won']:+d}"), esc(f"{g['wins']} of {g['matches']}"),
             esc(g["rating"])] for g in data["games"]]
    places = [[link(path(key, "seasons", s["season"]), s["name"]), esc(s["place"]), esc(f"{s['points']:g}"),
               esc("final" if s["final"] else "so far")] for s in data["seasons"]]
    earned = "".join(f"<li>{esc(a['kind'].replace('-', ' ').replace('_', ' ').capitalize())} · {esc(when(a['earned_at']))}</li>"
                     for a in data["achievements"])
    points = f"{data.get('masterpoints', 0):g}"
    held = f"<p>Bridge masterpoints held: {esc(points)} · stratum {esc(data['stratum'])}</p>" if data.get("stratum") else ""
    body = (table_html(("Game", "Hands", "Net chips", "Matches won", "Rating"), rows) + held
            + ("<h2>Seasons</h2>" + table_html(("Season", "Place", "Points", ""), places) if places else "")
            + (f"<h2>Achievements</h2><ul>{earned}</ul>" if earned else ""))
    return page(data["name"], body, key)


def tables_page(data: dict[str, Any], key: str) -> str:
    rows = [[link(path(key, "tables", t["table"]), f"#{t['table']}"), esc(t["title"]), esc(t["status"]),
             esc(t["hands"]), esc(when(t["last_hand_at"]))] for t in data["tables"]]
    body = table_html(("Table", "Game", "Status", "Hands", "Last hand"), rows) if rows else "<p>No hand has finished yet.</p>"
    return page("Tables", body, key)


def table_page(data: dict[str, Any], key: str) -> str:
    ledger = (f"<p>{link(path(key, 'tables', data['table'], 'ledger'), 'The ledger')} · "
              f"{link(path(key, 'tables', data['table'], 'ledger.csv'), 'as CSV')}</p>") if data["ledger"] else ""
    rows = [[link(path(key, "tables", data["table"], "hands", h["hand"]), f"Hand #{h['hand']}"), esc(when(h["finished_at"]))]
            for h in data["hands"]]
    body = ledger + (table_html(("Replay", "Finished"), rows) if rows else "<p>No hand has finished yet.</p>")
    return page(f"Table #{data['table']} · {data['title']}", body, key)


def tournaments_page(data: dict[str, Any], key: str) -> str:
    rows = [[link(path(key, "tournaments", m["id"]), m["name"]), esc(m["title"]), esc(m["status"]), esc(m["buy_in"]),
             esc(when(m["created_at"]))] for m in data["tournaments"]]
    body = table_html(("Tournament", "Game", "Status", "Buy-in", "Created"), rows) if rows else "<p>No tournament yet.</p>"
    return page("Tournaments", body, key)


def tournament_page(data: dict[str, Any], key: str) -> str:
    rows = [[esc(e["place"] or "–"), esc(e["name"] + (" (computer)" if e["computer"] else "")), esc(e["entries"]),
             esc(e["prize"])] for e in data["entries"]]
    body = (f"<p>{esc(data['title'])} · {esc(data['status'])} · buy-in {esc(data['buy_in'])} · "
            f"stack {esc(data['stack'])}</p>" + table_html(("Place", "Player", "Buy-ins", "Prize"), rows))
    return page(data["name"], body, key)


def events_page(events: list[str], key: str) -> str:
    body = "<ul>" + "".join(f"<li>{link(path(key, 'events', name), name)}</li>" for name in events) + "</ul>" \
        if events else "<p>No bridge event yet.</p>"
    return page("Bridge events", body, key)


def seasons_page(data: dict[str, Any], key: str) -> str:
    rows = [[link(path(key, "seasons", s["id"]), s["name"]), esc(when(s["starts_at"])), esc(when(s["ends_at"])),
             esc("ended" if s["ended_at"] is not None else "running")] for s in data["seasons"]]
    body = table_html(("Season", "Starts", "Ends", ""), rows) if rows else "<p>No season yet.</p>"
    return page("Seasons", body, key)


def season_page(data: dict[str, Any], key: str) -> str:
    """A season's standings: knockouts where it gives bounties, strata and masterpoints held where it
    ranks bridge events."""
    bounty, strata = data["bounty"], any("stratum" in ln for ln in data["lines"])
    rows = [[esc(ln["place"]), link(path(key, "players", ln["user_id"]), ln["name"]), esc(f"{ln['points']:g}"),
             esc(f"{ln['counted']} of {ln['results']}")] + ([esc(ln["knockouts"])] if bounty else [])
            + ([esc(f"{ln['stratum']} {ln['stratum_place']}" if "stratum" in ln else ""),
                esc(f"{ln.get('masterpoints', 0):g}")] if strata else []) for ln in data["lines"]]
    state = "Final standings" if data["final"] else "Standings so far"
    counts = ", ".join(data["formats"])
    headings = (("Place", "Player", "Points", "Results counted") + (("Knockouts",) if bounty else ())
                + (("Stratum", "Masterpoints held") if strata else ()))
    body = (f"<p>{esc(state)} · {esc(when(data['starts_at']))} to {esc(when(data['ends_at']))} · counts {esc(counts)}"
            f" · points: {esc(data['formula'])}{esc(f' · {bounty:g} a knockout') if bounty else ''}</p>"
            + (table_html(headings, rows) if rows else "<p>No result yet.</p>"))
    return page(data["name"], body, key)
