"""Computer players.

Every computer player is a pure function ``choose(view, legal, rng) -> Action`` that sees only the
view of its own seat (exactly what a human in that seat sees) and the legal actions: it cannot cheat
by construction. ``rng`` is a ``random.Random`` the caller seeds, so selfplay is reproducible.
"""
