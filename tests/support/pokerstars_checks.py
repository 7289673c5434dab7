"""Our PokerStars files read by an independent reader, the PyPI ``poker`` package (pokerregion's
``PokerStarsHandHistory``), and every hand checked against the hand as we stored it (its PHH record):
the seats, names and stacks, the button, the hero's cards, each action with its amount, the board,
the cards shown, each player's winnings and so each one's chips at the end.

The reader parses the header, the seats, the hero's line, the board, the pot and the winners itself,
and the flop's lines into actions; its own street parser (``_Street``) is run over the lines of the
other streets and of the showdown too. What it cannot read is read here: the forced bets ("posts
...", which it skips), the hero's four Omaha cards (its hero pattern takes two), the line of a winner
nobody called who shows their cards (its street parser knows "doesn't show hand" but no "shows"
action, nor hi-lo's "No low hand qualified": the line is taken out of the flop's lines before it reads them), and a board run twice: it
reads no "FIRST"/"SECOND" street, showdown or board, so the runouts' boards and both showdowns are
read here, and its own board is the streets both runs share. Every number of every line is also
checked against the PHH by ``tests/support/pokerstars_numbers.py``'s own ledger.
"""
from __future__ import annotations

import re
from collections import defaultdict
from decimal import Decimal
from typing import Any

from poker.constants import Action as Kind
from poker.constants import Game, Limit
from poker.room.pokerstars import PokerStarsHandHistory, _Street

from bot.exports import HAND_IDS_PER_TABLE
from bot.games.phh import RoomHandHistory
from bot.games.pokerstars import safe_names
from bot.storage.records import StoredHand
from tests.support.pokerstars_numbers import check_numbers

_POST = re.compile(r"^(?P<name>.+?): posts (?:the ante|small blind|big blind|straddle) (?P<amount>\d+)", re.M)
_SHOWS = re.compile(r"^(?P<name>.+?): shows \[(?P<cards>[^\]]+)\](?: \((?P<hand>[^)]+)\))?$")
_MUCKS = re.compile(r"^(?P<name>.+?): mucks hand$")
_ROLE = re.compile(r"( \((?:button|small blind|big blind)\))+$")


class Reader(PokerStarsHandHistory):  # type: ignore[misc]
    """The package's reader, its hero line read for any number of cards (Omaha deals four), or none,
    and its table line as play-money tables write it ("6-max (Play Money) Seat #1 is the button": the
    package reads no play-money file as it is, ours or PokerStars' own)."""

    _four = re.compile(r"^Dealt to (?P<hero_name>.+?) \[(?P<cards>[^\]]+)\]$")
    _table_re = re.compile(r"^Table '(.*)' (\d+)-max (?:\(Play Money\) )?Seat #(?P<button>\d+) is the button")

    def _split_raw(self) -> None:
        """Its sections, less a winner's show after the collected line (read by ``check_hand``)."""
        super()._split_raw()
        kept: list[str] = []
        for line in self._splitted:
            if line == "No low hand qualified":  # a real PokerStars line of hi-lo games it does not know
                continue
            if not (_SHOWS.match(line) and kept and " collected " in kept[-1]):
                kept.append(line)
        self._splitted = kept
        self._sections = [index for index, line in enumerate(kept) if not line]

    def _parse_hero(self) -> None:
        match = self._four.match(self._splitted[self._sections[0] + 2])
        if match is None:  # a file for nobody in particular (``python -m bot export`` without --hero)
            self.hero = self.hero_cards = None
            return
        if match.group("cards").count(" ") == 1:
            super()._parse_hero()
        else:
            self.hero, _ = self._get_hero_from_players(match.group("hero_name"))
        self.hero_cards = match.group("cards").split()

    def _parse_preflop(self) -> None:
        """Its preflop lines start after the hero's line: without one, a line earlier."""
        super()._parse_preflop()
        if self.hero is None:
            self.preflop_actions = (self._splitted[self._sections[0] + 2], *self.preflop_actions)


def _spaced(cards: str) -> str:
    """ "AsKd" as PokerStars writes it: "As Kd"."""
    return " ".join(cards[k:k + 2] for k in range(0, len(cards), 2))


def split_hands(text: str) -> list[str]:
    """A file's hands: PokerStars separates them by blank lines."""
    assert text.endswith("\n") and "\n\n\n\n" not in text
    return [hand for hand in text.split("\n\n\n") if hand.strip()]


def _street_actions(lines: Any) -> list[tuple[str, Kind, Decimal | None]]:
    """A street's lines read by the package's street parser (after a board line it needs)."""
    lines = [line for line in lines or () if not _SHOWS.match(line) and not _MUCKS.match(line)
             and line != "No low hand qualified"]
    street = _Street(["[2c 3c 4c]", *lines])
    return [(a.name, a.action, a.amount) for a in street.actions or ()]


def _section(text: str, title: str) -> list[str]:
    """The lines under ``*** title ***`` up to the next ``***`` line."""
    if f"*** {title} ***" not in text:
        return []
    body = text.split(f"*** {title} ***", 1)[1].split("\n", 1)[1]
    return body.split("\n*** ", 1)[0].splitlines()


def _record_streets(history: RoomHandHistory) -> list[list[tuple[int, str, int | None]]]:
    """The stored hand's actions by street: (player index, "f"/"cc"/"cbr", amount raised to)."""
    streets: list[list[tuple[int, str, int | None]]] = [[]]
    for action in history.actions:
        words = action.split()
        if words[:2] == ["d", "db"]:
            streets.append([])
        elif words[0].startswith("p") and words[1] in ("f", "cc", "cbr"):
            streets[-1].append((int(words[0][1:]) - 1, words[1], int(words[2]) if words[1] == "cbr" else None))
    return streets


def check_hand(text: str, table_id: int, hand_no: int, stored: StoredHand, *, hero: int | None,
               names: list[str] | None = None) -> dict[str, int]:
    """Read one PokerStars hand and check it against the stored hand; the chips each name won."""
    history = RoomHandHistory.loads(stored.export)
    n = len(history.starting_stacks)
    deal_seat = [seat - 1 for seat in history.seats]
    table_seat = [stored.record["seats"][d] + 1 for d in deal_seat]
    name = safe_names([names[d] for d in deal_seat] if names else list(history.players))
    parsed = Reader(text)
    parsed.parse()

    assert int(parsed.ident) == table_id * HAND_IDS_PER_TABLE + hand_no
    variant = str(history.variant)
    assert (parsed.game, parsed.limit) == ({"T": Game.HOLDEM, "O": Game.OMAHA, "O/8": Game.OHILO}[variant[1:]],
                                           {"N": Limit.NL, "P": Limit.PL, "F": Limit.FL}[variant[0]])
    settings = stored.record["settings"]  # the table's stakes: a bomb pot's PHH posts no blind
    assert (parsed.sb, parsed.bb) == ((history.small_bet, history.big_bet) if history.small_bet
                                      else (settings["small_blind"], settings["big_blind"]))
    seated = {player.seat: player for player in parsed.players if player.stack}
    assert sorted(seated) == sorted(table_seat)
    for p in range(n):
        assert (seated[table_seat[p]].name, seated[table_seat[p]].stack) == (name[p], history.starting_stacks[p])
    assert parsed.button.seat == table_seat[n - 1], "pokerkit's last player has the button"
    check_numbers(text, stored.export, [names[d] for d in deal_seat] if names else None, hi_lo=variant.endswith("/8"),
                  blinds=(settings["small_blind"], settings["big_blind"]))
    dealt = {int(a.split()[2][1:]) - 1: a.split()[3] for a in history.actions if a.startswith("d dh")}
    users = stored.record.get("users", [])
    if hero is not None and hero in users:
        p = deal_seat.index(users.index(hero))
        assert parsed.hero.name == name[p] and "".join(parsed.hero_cards) == dealt[p]
    else:
        assert "Dealt to" not in text

    # Every action, street by street, with the amount each one brings the player's bet to.
    index = {name[p]: p for p in range(n)}
    put_in: dict[int, int] = defaultdict(int)
    for match in _POST.finditer(text.split("*** HOLE CARDS ***")[0]):
        put_in[index[match["name"]]] += int(match["amount"])
    pre = [(index[m["name"]], int(m["amount"])) for m in _POST.finditer(text) if "ante" not in m.group(0)]
    flop = parsed.flop.actions if parsed.flop and parsed.flop.actions else ()
    streets = [_street_actions(parsed.preflop_actions),
               [(a.name, a.action, a.amount) for a in flop],
               _street_actions(parsed.turn_actions), _street_actions(parsed.river_actions)]
    returned: dict[int, int] = defaultdict(int)
    won: dict[int, int] = defaultdict(int)
    for street, (read, stored_actions) in enumerate(zip(streets, _record_streets(history) + [[]] * 4)):
        bets = dict(pre) if street == 0 else {}
        moves = [(index[who], kind, amount) for who, kind, amount in read if kind not in (Kind.RETURN, Kind.WIN, Kind.MUCK)]
        assert len(moves) == len(stored_actions), (street, moves, stored_actions)
        for (p, kind, amount), (q, code, to) in zip(moves, stored_actions):
            assert p == q
            before, faced = bets.get(p, 0), max(bets.values(), default=0)
            if code == "f":
                assert kind == Kind.FOLD
            elif code == "cc":
                assert kind == (Kind.CALL if amount else Kind.CHECK)
                bets[p] = before + int(amount or 0)
                assert bets[p] == faced or f"{name[p]}: calls {amount} and is all-in" in text
            else:
                assert kind == (Kind.RAISE if faced else Kind.BET)
                bets[p] = faced + int(amount) if kind == Kind.RAISE else int(amount)
                assert bets[p] == to
        for p, bet in bets.items():
            put_in[p] += bet - (dict(pre).get(p, 0) if street == 0 else 0)
        for who, kind, amount in read:
            if kind == Kind.RETURN:
                returned[index[who]] += int(amount)
            elif kind == Kind.WIN:
                won[index[who]] += int(amount)
    *_, final = iter(history)
    twice = final.runout_count == 2 and final.street_return_index is not None
    showdowns = ["FIRST SHOW DOWN", "SECOND SHOW DOWN"] if twice else ["SHOW DOWN"]
    for title in showdowns:
        for who, kind, amount in _street_actions(_section(text, title)):
            assert kind == Kind.WIN
            won[index[who]] += int(amount)

    # The board, the cards shown, the pot, the winners, and each player's chips at the end.
    boards = ["".join(repr(card) for card in final.get_board_cards(run)) for run in range(final.board_count)]
    if twice:  # the reader reads the flop if both runs share it, no board (its board needs a "Board" line)
        shared = 2 * (10 - sum(len(cards) for cards in final.board_cards))
        read = "".join(f"{card.rank}{card.suit.value[1]}" for card in (parsed.flop.cards if parsed.flop else ()))
        assert read == (boards[0][:6] if shared >= 6 else "") and "Hand was run twice" in text
        assert f"FIRST Board [{_spaced(boards[0])}]" in text and f"SECOND Board [{_spaced(boards[1])}]" in text
    else:
        read = "".join(f"{card.rank}{card.suit.value[1]}" for card in parsed.board or ())
        assert read == "".join(a.split()[2] for a in history.actions if a.startswith("d db")) == boards[0]
    shown = {int(a.split()[0][1:]) - 1: "".join(a.split()[2:]) for a in history.actions if a.split()[1:2] == ["sm"]}
    showdown = _section(text, showdowns[0])
    cards_only = [[re.sub(r" \([^)]*\)$", "", line) for line in _section(text, title)[:len(shown)]] for title in showdowns]
    assert all(lines == cards_only[0] for lines in cards_only), "each board's showdown shows the same cards"
    for remark in (a for a in history.actions if a.endswith("after winning uncontested")):
        p, cards = int(remark.split()[1][1:]) - 1, remark.split()[3]
        assert f"{name[p]} collected" in text and re.search(
            rf"\n{re.escape(name[p])}: shows \[{_spaced(cards)}\] \([^)]+\)\n\*\*\* SUMMARY", text)
    shows = {index[m["name"]]: m["cards"].replace(" ", "") for m in map(_SHOWS.match, showdown) if m}
    mucks = {index[m["name"]]: "" for m in map(_MUCKS.match, showdown) if m}
    assert shows | mucks == shown and not set(shows) & set(mucks)
    assert parsed.total_pot == sum(won.values())
    assert {_ROLE.sub("", w) for w in parsed.winners} <= {name[p] for p in won}
    for p in range(n):
        net = won[p] + returned[p] - put_in[p]
        assert net == history.finishing_stacks[p] - history.starting_stacks[p], (name[p], text)
    return {name[p]: won[p] for p in range(n)}
