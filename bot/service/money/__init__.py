"""Chips and results beyond one deal: rebuys and top-ups, the ledger, settling up, ratings."""
