"""Tournaments: sit-and-gos at one table, and multi-table tournaments with their clock, seating, places and prizes."""
