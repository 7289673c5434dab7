"""Seasons and leagues, profiles and achievements: what a server's seasons count and how they rank
(``standings``, pure), their finishes read from what the service already stores (``finishes``), their
ends driven by the one clock (``ends``), and the achievements members earn from their hands
(``achievements`` pure, ``awards`` stored and announced)."""
