"""Poker tracker statistics (hold'em, Omaha, Omaha hi-lo, stud, draw), read from stored PHH exports.

A stored hand's PHH text (``hands.export``) holds everything a tracker needs: the forced bets, each
player's actions in order and the dealing between them, who showed down. Streets are told apart by
the dealing: the first cards dealt open the first betting round (preflop, third street, the betting
before the draw); cards dealt after a betting action open the next. The definitions (docs/stats.md):

- VPIP: put chips in voluntarily in the first betting round (a call or a raise; blinds, antes and the
  bring-in are forced and do not count, nor does a big blind's check).
- PFR: raised in the first betting round (in stud, completing the bring-in counts).
- 3-bet: re-raised when facing exactly one raise in the first betting round, of the hands where that
  chance came.
- WTSD: of the hands where the player was still in when the next cards were dealt (saw the flop; in
  stud and draw: went past the first betting round), the share that reached the showdown.
- W$SD: of the showdowns, the share where the player collected chips from a pot.
- AF: (bets + raises) / calls over every betting round.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from typing import Any, Sequence

from bot.storage.records import PlayedHand

BETTING = frozenset({"f", "cc", "cbr", "pb"})


@dataclass(frozen=True)
class HandFacts:
    """What one hand counts towards one player's statistics."""

    vpip: bool = False
    pfr: bool = False
    three_bet_chance: bool = False
    three_bet: bool = False
    saw_flop: bool = False
    showdown: bool = False
    collected: int = 0       # chips taken from pots (the player's own bets included)
    pot: int = 0             # every chip put in and not returned uncalled
    aggressive: int = 0      # bets and raises
    calls: int = 0


class _Betting:
    """Chips as the PHH actions move them: stacks, this round's bets, and each player's total."""

    def __init__(self, data: dict[str, Any]):
        stacks = list(data["starting_stacks"])
        n = len(stacks)
        self.stacks: list[int] = stacks
        self.put_in = [0] * n
        self.bets = [0] * n
        antes = data.get("antes", 0)
        antes = antes if isinstance(antes, list) else [antes] * n
        blinds = data.get("blinds_or_straddles", [0] * n)
        if n == 2:  # heads-up, pokerkit posts each player's forced bets in the other's place
            antes, blinds = antes[::-1], blinds[::-1]
        for p, ante in enumerate(antes):
            self._pay(p, ante)
        for p, blind in enumerate(blinds):
            self.bets[p] = self._pay(p, abs(blind))
        self.bring_in = int(data.get("bring_in", 0))

    def _pay(self, player: int, amount: int) -> int:
        paid = min(amount, self.stacks[player])
        self.stacks[player] -= paid
        self.put_in[player] += paid
        return paid

    def new_round(self) -> None:
        self.bets = [0] * len(self.bets)

    def to_call(self, player: int) -> int:
        return max(self.bets) - self.bets[player]

    def call(self, player: int) -> int:
        paid = self._pay(player, self.to_call(player))
        self.bets[player] += paid
        return paid

    def raise_to(self, player: int, amount: int) -> None:
        self.bets[player] += self._pay(player, amount - self.bets[player])

    def post_bring_in(self, player: int) -> None:
        self.bets[player] += self._pay(player, self.bring_in)

    def contributions(self) -> list[int]:
        """What each player finally put in: a bet nobody called in full comes back to its bettor."""
        put_in = list(self.put_in)
        top = max(range(len(put_in)), key=put_in.__getitem__)
        second = max((c for p, c in enumerate(put_in) if p != top), default=0)
        put_in[top] = min(put_in[top], second)
        return put_in


def hand_facts(export: str, seat: int, deltas: Sequence[int]) -> HandFacts:
    """The facts of one stored PHH hand for the player at engine ``seat``; ``deltas``: every seat's
    chips won or lost (the stored outcome), which with the chips put in tells who collected."""
    data = tomllib.loads(export)
    player = [s - 1 for s in data["seats"]].index(seat)
    money = _Betting(data)
    folded = [False] * len(money.stacks)
    street, betting_since_deal = -1, True
    dealt_this_street: set[str] = set()  # players dealt a card on this street ("p1"...)
    raises = 0  # raises in this betting round: the blinds or bring-in are level one
    facts: dict[str, Any] = {"aggressive": 0, "calls": 0}
    for text in data["actions"]:
        if text.startswith("#"):
            continue  # a remark: what happened after the hand (a winner showing), no move of the hand
        actor, verb, *rest = text.split()
        # A draw ("sd") opens the street its cards are dealt on, before them: when every player stands
        # pat no card is dealt, and the betting after the draw is still a new round.
        if actor == "d" or (verb == "sd" and betting_since_deal):
            # A deal opens a street after betting, and also without any (everyone all in): each board
            # card deal ("db") is a street's, and a second card to a player (stud) is the next street's.
            if betting_since_deal or verb == "db" or (verb == "dh" and rest[0] in dealt_this_street):
                street, betting_since_deal, raises = street + 1, False, 0
                dealt_this_street = set()
                if street > 0:
                    money.new_round()
                if street == 1:
                    facts["saw_flop"] = not folded[player]
            if verb == "dh":
                dealt_this_street.add(rest[0])
            if actor == "d":
                continue
        p = int(actor[1:]) - 1
        betting_since_deal = betting_since_deal or verb in BETTING
        if verb == "sm":
            facts["showdown"] = facts.get("showdown", False) or p == player
        elif verb == "f":
            folded[p] = True
        elif verb == "pb":
            money.post_bring_in(p)
        elif verb == "cc":
            paid = money.call(p)
            if p == player and paid:
                facts["calls"] += 1
                facts["vpip"] = facts.get("vpip", False) or street == 0
        elif verb == "cbr":
            if p == player:
                facts["aggressive"] += 1
                if street == 0:
                    facts.update(vpip=True, pfr=True)
                    if raises == 1:
                        facts["three_bet"] = True
            money.raise_to(p, int(rest[0]))
        if p == player and street == 0 and raises == 1 and verb in BETTING:
            facts["three_bet_chance"] = True
        if verb == "cbr":
            raises += 1
    paid_in = money.contributions()
    collected = deltas[seat] + paid_in[player]
    return HandFacts(collected=collected, pot=sum(paid_in), **facts)


@dataclass
class PokerStats:
    """A player's totals over poker hands, and the percentages trackers show."""

    hands: int = 0
    vpip: int = 0
    pfr: int = 0
    three_bet_chances: int = 0
    three_bets: int = 0
    saw_flop: int = 0
    showdowns: int = 0
    showdowns_won: int = 0
    aggressive: int = 0
    calls: int = 0
    biggest_pot: int = 0
    net: int = 0
    chips: list[int] = field(default_factory=list)  # the running net after each hand

    def add(self, facts: HandFacts, net: int) -> None:
        self.hands += 1
        self.vpip += facts.vpip
        self.pfr += facts.pfr
        self.three_bet_chances += facts.three_bet_chance
        self.three_bets += facts.three_bet
        self.saw_flop += facts.saw_flop
        self.showdowns += facts.showdown and facts.saw_flop
        self.showdowns_won += facts.showdown and facts.saw_flop and facts.collected > 0
        self.aggressive += facts.aggressive
        self.calls += facts.calls
        if facts.collected > 0:
            self.biggest_pot = max(self.biggest_pot, facts.pot)
        self.net += net
        self.chips.append(self.net)

    @property
    def aggression(self) -> float | None:
        """(bets + raises) / calls; None with no call yet."""
        return self.aggressive / self.calls if self.calls else None


def poker_stats(hands: Sequence[PlayedHand]) -> PokerStats:
    """Totals over ``hands`` (oldest first, so the chip graph runs in time order)."""
    stats = PokerStats()
    for hand in hands:
        stats.add(hand_facts(hand.export, hand.seat, hand.record["outcome"]["deltas"]), hand.net)
    return stats
