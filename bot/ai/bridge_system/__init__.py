"""The bridge robots' bidding system, Standard American Yellow Card: a module for each part of the
auction (openings, notrump, strong and weak openings with the major raises, competition, slam), the
judgment by simulation where the rules run out, and ``system``, which picks the rules for a place
in the auction, bids and reads calls back. The convention card is in ``docs/rules/bridge.md``."""
